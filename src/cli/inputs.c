/* Reading the command line's inputs into one profile set, then keeping the
 * threads that --thread and --pid ask for, removing the tiers --hide
 * names, and the scope transforms (--focus, --reverse, ...). */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "transform/hide.h"
#include "flamechart/import.h"
#include "transform/scope.h"
#include "transform/select.h"
#include "util/util.h"
#include "model/annotations.h"
#include "model/profile.h"
#include "model/screenshots.h"

bool fc_cli_output_is_input(const char *output, const char *input, struct fc_error *err)
{
	struct stat o, i;

	if (!output || !input || strcmp(output, "-") == 0 || strcmp(input, "-") == 0 ||
	    stat(output, &o) != 0 || stat(input, &i) != 0 || o.st_dev != i.st_dev ||
	    o.st_ino != i.st_ino)
		return false;
	fc_error_set(err, FC_ERR_USAGE,
		     "the output is the input %s: refused (it would be replaced)", input);
	fc_error_set_file(err, output);
	return true;
}

/* --screenshots: says on stderr when an input has none to draw. */
static void screenshots_note(const struct fc_cli *cli, const char *path,
			     const struct fc_profile_set *set, size_t first)
{
	const struct fc_screenshots *s = NULL;
	size_t i;

	for (i = first; i < set->count && !s; i++)
		s = set->items[i]->screenshots;
	if (cli->quiet || (s && s->n))
		return;
	if (s)
		fc_log("%s: none of the trace's %zu screenshots could be read: drawn without a "
		       "filmstrip",
		       path, s->seen);
	else if (first < set->count && set->items[first]->format == FC_FORMAT_TRACE)
		fc_log("%s: the trace has no screenshots (record it with the "
		       "disabled-by-default-devtools.screenshot category): drawn without a "
		       "filmstrip",
		       path);
	else
		fc_log("%s: not a Chrome trace: --screenshots has nothing to draw", path);
}

/* The screenshots stay with the first profile drawn, whichever threads
 * --thread and --pid keep. */
static struct fc_screenshots *take_screenshots(struct fc_profile_set *set)
{
	struct fc_screenshots *s = NULL;
	size_t i;

	for (i = 0; i < set->count && !s; i++) {
		s = set->items[i]->screenshots;
		set->items[i]->screenshots = NULL;
	}
	return s;
}

unsigned fc_cli_import_threads(const struct fc_cli *cli)
{
	return cli->threads ? cli->threads : fc_cpus_available();
}

struct fc_import_options fc_cli_import_options(const struct fc_cli *cli)
{
	return (struct fc_import_options){
		.version = FC_IMPORT_OPTIONS_VERSION,
		.threads = fc_cli_import_threads(cli),
		.format = cli->input_format,
		.strict = cli->strict,
		.tasks = cli->tasks,
		.screenshots = cli->screenshots,
		.max_bytes = cli->max_input_bytes,
		.count_unit = (enum fc_count_unit)cli->count_unit,
		.sourcemaps = fc_cli_sourcemaps(cli),
		.sample_type = cli->sample_type,
	};
}

bool fc_cli_import(const struct fc_cli *cli, const char *const *paths, size_t n,
		   struct fc_profile_set *set, struct fc_error *err)
{
	struct fc_import_options opts = fc_cli_import_options(cli);
	struct fc_select sel = { .thread = cli->thread, .pid = cli->pid };
	struct fc_screenshots *shots;
	size_t i, first;

	for (i = 0; i < n; i++) {
		first = set->count;
		/* what the tests check instead of counting threads (docs/threads.md) */
		if (getenv("FLAMECHART_DEBUG_THREADS"))
			fprintf(stderr, "flamechart: debug: %s: import threads %u\n", paths[i],
				opts.threads);
		if (!fc_import_file(paths[i], &opts, set, err))
			return false;
		if (cli->screenshots)
			screenshots_note(cli, paths[i], set, first);
	}
	shots = take_screenshots(set);
	for (i = 0; i < set->count && cli->no_annotations; i++) {
		fc_annotations_destroy(set->items[i]->annotations);
		set->items[i]->annotations = NULL;
	}
	if (!fc_select_apply(set, &sel, err)) {
		fc_screenshots_destroy(shots);
		if (err->code == FC_OK)
			err->code = FC_ERR_USAGE;
		return false;
	}
	if (set->count)
		set->items[0]->screenshots = shots;
	else
		fc_screenshots_destroy(shots);
	/* after selection: only the threads drawn are rebuilt */
	if (!fc_hide_apply(set, cli->hide_tiers, err))
		return false;
	/* then the scope transforms, in their documented order */
	return fc_scope_apply(set, &cli->scope, err);
}
