/* Input bytes: a file, a FIFO or stdin, read in chunks with a size bound and
 * a look-ahead buffer for format detection. */
#ifndef FC_IMPORT_SOURCE_H
#define FC_IMPORT_SOURCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "flamechart/error.h"

#define FC_SOURCE_CHUNK (256 * 1024)

struct fc_source {
	int fd;
	bool close_fd;
	const char *name;   /* for messages */
	uint64_t max_bytes; /* 0 = unbounded */
	uint64_t consumed;  /* bytes handed out so far */
	unsigned char *buf; /* look-ahead, FC_SOURCE_CHUNK bytes or more */
	size_t buf_len, buf_pos, buf_cap;
	bool eof;
	void *gz;           /* decompression state when the input is gzip */
};

/* Opens path ("-" = stdin). Directories, unreadable files and regular files
 * over max_bytes are errors (code FC_ERR_IO or FC_ERR_LIMIT). */
bool fc_source_open(struct fc_source *s, const char *path, uint64_t max_bytes,
		    struct fc_error *err);

/* Wraps a memory buffer (not copied; must outlive the source). */
void fc_source_memory(struct fc_source *s, const char *name, const void *data, size_t len);

/* Makes at least want bytes visible without consuming them (fewer at end of
 * input). data and len point into the look-ahead buffer. */
bool fc_source_peek(struct fc_source *s, size_t want, const unsigned char **data, size_t *len,
		    struct fc_error *err);

/* Returns the next chunk (*len == 0 at end of input). The data stays valid
 * until the next call. */
bool fc_source_next(struct fc_source *s, const unsigned char **data, size_t *len,
		    struct fc_error *err);

void fc_source_close(struct fc_source *s);

/* Reads the whole input into a malloc'd buffer (bounded by max_bytes).
 * The caller frees *data. */
bool fc_source_slurp(struct fc_source *s, unsigned char **data, size_t *len,
		     struct fc_error *err);

#endif
