/* Which files of a report's directory are rendered: --include-files/--exclude-files
 * globs, then the content. A folder of profiles often holds a README, a
 * package.json or a script; those are skipped and listed, not failed. */
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "flamechart/report.h"
#include "report/internal.h"
#include "flamechart/import.h"
#include "util/util.h"
#include "model/profile.h"

/* A GLOB with a '/' is matched against the path under DIR, otherwise
 * against the file name (as rsync and .gitignore do). */
static bool glob_hit(const char *glob, const char *rel)
{
	if (strchr(glob, '/'))
		return fnmatch(glob, rel, FNM_PATHNAME) == 0;
	return fnmatch(glob, fc_basename(rel), 0) == 0;
}

static bool wanted(const struct fc_report_options *o, const char *rel)
{
	size_t i;
	bool in = o->n_include_globs == 0;

	for (i = 0; i < o->n_include_globs && !in; i++)
		in = glob_hit(o->include_globs[i], rel);
	for (i = 0; i < o->n_exclude_globs && in; i++)
		in = !glob_hit(o->exclude_globs[i], rel);
	return in;
}

static void drop(struct fc_report_file *f)
{
	free(f->path);
	free(f->rel);
}

bool fc_report_filter(struct fc_report *r, struct fc_error *err)
{
	size_t i, kept = 0;

	for (i = 0; i < r->n_files; i++) {
		struct fc_report_file *f = &r->files[i];
		struct fc_error why;
		enum fc_format format;

		if (!wanted(r->o, f->rel)) {
			drop(f);
			continue;
		}
		/* --input-format says what every file is; unreadable files fail
		 * later with their own message */
		if (r->o->input_format == FC_FORMAT_AUTO && !fc_named_as_profile(f->rel) &&
		    !fc_import_detect_file(f->path, r->o->max_input_bytes, &format, &why) &&
		    why.code == FC_ERR_FORMAT) {
			char *line = fc_asprintf("%s: %s", f->rel, why.text);
			char **grown =
				line ? realloc(r->skipped, (r->n_skipped + 1) * sizeof(*grown))
				     : NULL;
			if (!grown) {
				free(line);
				for (; i < r->n_files; i++)
					drop(&r->files[i]);
				r->n_files = kept;
				fc_error_set(err, FC_ERR_NOMEM, "out of memory");
				return false;
			}
			r->skipped = grown;
			r->skipped[r->n_skipped++] = line;
			drop(f);
			continue;
		}
		r->files[kept++] = *f;
	}
	r->n_files = kept;
	return true;
}
