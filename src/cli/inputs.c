/* Reading the command line's inputs into one profile set. */
#include "cli/cli.h"
#include "flamechart/import.h"

bool fc_cli_import(const struct fc_cli *cli, const char *const *paths, size_t n,
		   struct fc_profile_set *set, struct fc_error *err)
{
	struct fc_import_options opts = {
		.format = cli->input_format,
		.strict = cli->strict,
		.max_bytes = cli->max_input_bytes,
	};
	size_t i;

	for (i = 0; i < n; i++)
		if (!fc_import_file(paths[i], &opts, set, err))
			return false;
	return true;
}
