/* Fuzz target: report --merge over one shard manifest from a stranger
 * (docs/robustness.md, "report --merge"). The input is written as
 * OUTDIR/.flamechart-report/shard-1-of-1.json and loaded; a failure must be
 * a clean error, a success must hold only what the schema allows: slugs that
 * are plain file names, unique; numbers in range; files in rel order, once;
 * group members that exist. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report/internal.h"
#include "harness.h"
#include "model/profile.h"

static char dir[4200], mdir[4300], path[4400];

static void remove_temp(void)
{
	unlink(path);
	rmdir(mdir);
	rmdir(dir);
}

static void setup(void)
{
	if (dir[0])
		return;
	snprintf(dir, sizeof(dir), "%s/fuzz-manifest-XXXXXX", fuzz_temp_dir());
	fuzz_check(mkdtemp(dir) != NULL, "mkdtemp");
	snprintf(mdir, sizeof(mdir), "%s/%s", dir, FC_REPORT_DIR);
	fuzz_check(mkdir(mdir, 0700) == 0, "mkdir");
	snprintf(path, sizeof(path), "%s/shard-1-of-1.json", mdir);
	atexit(remove_temp);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fc_report r;
	struct fc_error err;
	FILE *f;
	size_t i, k;

	setup();
	f = fopen(path, "wb");
	fuzz_check(f && fwrite(data, 1, size, f) == size && fclose(f) == 0, "write");
	memset(&r, 0, sizeof(r));
	r.outdir = dir;
	fc_error_init(&err);
	if (!fc_report_load_manifests(&r, &err)) {
		fuzz_check_error(&err);
		fc_report_finish(&r);
		return 0;
	}
	for (i = 0; i < r.n_files; i++) {
		const struct fc_report_file *x = &r.files[i];
		fuzz_check(fc_report_slug_ok(x->slug), "a slug that is not a plain name");
		fuzz_check(fuzz_text_clean(x->rel, strlen(x->rel)), "rel is not clean text");
		fuzz_check(!i || strcmp(r.files[i - 1].rel, x->rel) <= 0, "files out of order");
		fuzz_check(!i || strcmp(r.files[i - 1].rel, x->rel) != 0 ||
				   strcmp(r.files[i - 1].slug, x->slug) != 0,
			   "a file listed twice");
		fuzz_check(x->group < (int)r.n_groups, "group out of range");
		if (!x->ok)
			continue;
		fuzz_check(x->title != NULL, "no title");
		fuzz_check(isfinite(x->duration_ms) && x->duration_ms >= 0 &&
				   x->duration_ms <= 1e12 && x->samples <= (UINT64_C(1) << 53),
			   "a number out of range");
		for (k = 0; k < x->n_top; k++)
			fuzz_check(x->top[k].name && x->top[k].url && x->top[k].line >= 0,
				   "a top entry without name or url");
	}
	for (i = 0; i < r.n_groups; i++) {
		fuzz_check(fc_report_slug_ok(r.groups[i].slug), "a group slug that is not plain");
		fuzz_check(r.groups[i].n_members > 0, "an empty group");
		for (k = 0; k < r.groups[i].n_members; k++)
			fuzz_check(r.groups[i].members[k] < r.n_files &&
					   r.files[r.groups[i].members[k]].group == (int)i,
				   "a group member that does not point back");
	}
	fc_report_finish(&r);
	return 0;
}
