/* -f md: the Markdown summary of the imported profiles with the command
 * line's options (fc_summary_markdown_write; stdout by default). */
#include "cli/cli.h"
#include "flamechart/summary.h"
#include "model/profile.h"

bool fc_cli_write_markdown(const struct fc_cli *cli, const struct fc_profile_set *set,
			   const char *path, struct fc_error *err)
{
	struct fc_summary_options so = {
		.version = FC_SUMMARY_OPTIONS_VERSION,
		.top = cli->top,
		.image_url = cli->image_url,
		.title = cli->title,
		.function = cli->function,
		.match_on = (int)cli->scope.match_on,
	};

	return fc_summary_markdown_write(set, &so, path, err);
}
