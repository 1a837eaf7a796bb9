/* An output file written safely: bytes go to a temporary file in the same
 * folder, renamed over the target only when everything was written (docs/robustness.md). "-" writes
 * to stdout; a target that exists and is not a regular file (a device, a FIFO) is written in place.
 */
#ifndef FC_OUTPUT_H
#define FC_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "flamechart/error.h"

#ifdef __cplusplus
extern "C" {
#endif

struct fc_output {
	char *path;     /* target ("-" = stdout) */
	char *tmp_path; /* NULL for stdout and devices */
	FILE *fp;
	bool direct; /* an existing device or FIFO (/dev/null, /dev/full): written
		      * in place, never replaced by a rename */
	bool failed; /* a write failed; commit will report it */
	int errno_value;
};

/* Opens the temporary file (or stdout). false with err (code FC_ERR_OUTPUT). */
bool fc_output_open(struct fc_output *o, const char *path, struct fc_error *err);

/* Appends bytes; errors are remembered and reported by commit. */
bool fc_output_write(struct fc_output *o, const void *data, size_t len);
bool fc_output_printf(struct fc_output *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Flushes, closes and renames into place. On failure the temporary file is
 * removed and err says why. The struct is finished either way. */
bool fc_output_commit(struct fc_output *o, struct fc_error *err);

/* Removes the temporary file; nothing is left behind. */
void fc_output_abort(struct fc_output *o);

#ifdef __cplusplus
}
#endif

#endif
