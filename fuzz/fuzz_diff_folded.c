/* Fuzz target: differential folded stacks ("stack base head", docs/diff.md)
 * through the whole comparison. The importer's checks run as for the folded
 * target; a file that becomes a BASE/HEAD pair is then compared, and the
 * JSON, folded and Markdown outputs are written to /dev/null. The Markdown
 * must stay within its budget. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff/diff.h"
#include "flamechart/import.h"
#include "harness.h"
#include "model/profile.h"

/* The size of the Markdown written with budget, through a temporary file;
 * -1 when it could not be written. */
static long md_size(const struct fc_diff *d, size_t budget)
{
	char path[4200];
	struct fc_output out;
	struct fc_error err;
	long size = -1;
	FILE *f;
	int fd;

	snprintf(path, sizeof(path), "%s/fuzz-diff-md-XXXXXX", fuzz_temp_dir());
	fd = mkstemp(path);
	if (fd < 0)
		return -1;
	fclose(fdopen(fd, "w"));
	fc_error_init(&err);
	if (fc_output_open(&out, path, &err)) {
		if (fc_diff_write_md(d, 3, "https://example.com/x.png", budget, &out, &err))
			fuzz_check(fc_output_commit(&out, &err), "md commit");
		else
			fc_output_abort(&out);
	}
	f = fopen(path, "rb");
	if (f) {
		fseek(f, 0, SEEK_END);
		size = ftell(f);
		fclose(f);
	}
	remove(path);
	return size;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fc_import_options o = { .version = FC_IMPORT_OPTIONS_VERSION,
				       .format = FC_FORMAT_FOLDED,
				       .max_bytes = FUZZ_MAX_BYTES };
	struct fc_profile_set set;
	struct fc_diff_input in[2];
	struct fc_diff_options opts = { .alpha = 0.05, .min_change = 0.01 };
	struct fc_diff d;
	struct fc_error err;
	struct fc_output out;
	long n;
	int s;

	fuzz_import(data, size, FC_FORMAT_FOLDED);
	fc_profile_set_init(&set);
	fc_error_init(&err);
	if (!fc_import_memory("fuzz.folded", data, size, &o, &set, &err) || set.count != 2 ||
	    set.items[0]->diff_side != 1 || set.items[1]->diff_side != 2) {
		fc_profile_set_finish(&set);
		return 0;
	}
	for (s = 0; s < 2; s++) {
		fuzz_check(
			fc_diff_side_from_profile(&in[s], s ? "head" : "base", set.items[s], &err),
			"side");
		set.items[s] = NULL;
	}
	set.count = 0;
	fc_profile_set_finish(&set);
	fuzz_check(fc_diff_compute(&d, &in[0], &in[1], &opts, &err), "compute");
	fuzz_check(fc_output_open(&out, "/dev/null", &err), "open /dev/null");
	fuzz_check(fc_diff_write_json(&d, &out, &err), "json");
	fuzz_check(fc_diff_write_folded(&d, &out, &err), "folded");
	fuzz_check(fc_output_commit(&out, &err), "commit");
	n = md_size(&d, 2000);
	fuzz_check(n > 0 && n <= 2000, "markdown over its budget");
	fc_diff_finish(&d);
	return 0;
}
