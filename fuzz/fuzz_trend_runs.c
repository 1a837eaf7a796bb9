/* Fuzz target: a trend's run read from a file (docs/trend.md): a profile in
 * any format or a report summary JSON, found by content. The input is
 * written to a temporary file that is given twice, as two runs, and the
 * trend is computed and written as Markdown and JSON to /dev/null. The
 * oracles, beyond the sanitizers:
 *   - a failure is a clean error that names the file;
 *   - the two runs of the same file have the same values (reading is
 *     deterministic), every value is finite and not negative;
 *   - two equal runs have no step. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "report/trend.h"
#include "harness.h"
#include "model/profile.h"

static char path[4096];

static void remove_temp(void)
{
	if (path[0])
		unlink(path);
}

static bool value_ok(double v)
{
	return isfinite(v) && v >= 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fc_import_options io = FC_IMPORT_OPTIONS_INIT;
	struct fc_trend_options o = { .alpha = 0.05, .min_segment = 1, .min_change = 0.1 };
	struct fc_trend t;
	struct fc_error err;
	struct fc_output out;
	FILE *f;
	size_t i;
	bool ok;

	if (!path[0]) {
		int fd;
		snprintf(path, sizeof(path), "%s/fuzz-trend-XXXXXX", fuzz_temp_dir());
		fd = mkstemp(path);
		fuzz_check(fd >= 0, "mkstemp");
		close(fd);
		atexit(remove_temp);
	}
	f = fopen(path, "wb");
	fuzz_check(f != NULL, "cannot write the temporary file");
	fuzz_check(fwrite(data, 1, size, f) == size && fclose(f) == 0, "write");

	io.max_bytes = FUZZ_MAX_BYTES;
	o.import = &io;
	fuzz_check(fc_trend_init(&t, &o), "init");
	fc_error_init(&err);
	ok = fc_trend_add_run(&t, path, NULL, NULL, &err) &&
	     fc_trend_add_run(&t, path, NULL, NULL, &err) && fc_trend_compute(&t, &err);
	if (!ok) {
		fuzz_check_error(&err);
		fuzz_check(err.code == FC_ERR_NOMEM || strcmp(err.file, path) == 0 ||
				   strstr(err.text, path) != NULL,
			   "the error does not name the file");
		fc_trend_finish(&t);
		return 0;
	}
	fuzz_check(t.n_runs == 2 && t.runs[0].n == t.runs[1].n, "two runs of one file differ");
	fuzz_check(value_ok(t.total.means[0]) && t.total.means[0] == t.total.means[1],
		   "the total differs or is not a value");
	fuzz_check(t.total.n_steps == 0, "a step between two equal runs");
	for (i = 0; i < t.n_functions; i++) {
		const struct fc_trend_series *s = &t.functions[i];
		fuzz_check(value_ok(s->means[0]) && s->means[0] == s->means[1],
			   "a function differs or is not a value");
		fuzz_check(s->n_steps == 0, "a step between two equal runs");
	}
	fuzz_check(fc_output_open(&out, "/dev/null", &err), "open /dev/null");
	fuzz_check(fc_trend_write_md(&t, 8, &out, &err) && fc_trend_write_json(&t, &out, &err),
		   "writing the trend failed");
	fuzz_check(fc_output_commit(&out, &err), "commit /dev/null");
	fc_trend_finish(&t);
	return 0;
}
