/* Reading the command line's inputs into one profile set, then keeping the
 * threads that --thread and --pid ask for, removing the tiers --hide
 * names, and the scope transforms (--focus, --reverse, ...). */
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

bool fc_cli_import(const struct fc_cli *cli, const char *const *paths, size_t n,
		   struct fc_profile_set *set, struct fc_error *err)
{
	struct fc_import_options opts = {
		.version = FC_IMPORT_OPTIONS_VERSION,
		.format = cli->input_format,
		.strict = cli->strict,
		.tasks = cli->tasks,
		.max_bytes = cli->max_input_bytes,
		.count_unit = (enum fc_count_unit)cli->count_unit,
		.sourcemaps = fc_cli_sourcemaps(cli),
		.sample_type = cli->sample_type,
	};
	struct fc_select sel = { .thread = cli->thread, .pid = cli->pid };
	size_t i;

	for (i = 0; i < n; i++)
		if (!fc_import_file(paths[i], &opts, set, err))
			return false;
	for (i = 0; i < set->count && cli->no_annotations; i++) {
		fc_annotations_destroy(set->items[i]->annotations);
		set->items[i]->annotations = NULL;
	}
	if (!fc_select_apply(set, &sel, err)) {
		if (err->code == FC_OK)
			err->code = FC_ERR_USAGE;
		return false;
	}
	/* after selection: only the threads drawn are rebuilt */
	if (!fc_hide_apply(set, cli->hide_tiers, err))
		return false;
	/* then the scope transforms, in their documented order */
	return fc_scope_apply(set, &cli->scope, err);
}
