/* -f md: the Markdown summary of the imported profiles, cut to fit one
 * GitHub comment, written through fc_output (stdout by default). */
#include <string.h>

#include "cli/cli.h"
#include "flamechart/markdown.h"
#include "flamechart/output.h"
#include "flamechart/summary.h"

bool fc_cli_write_markdown(const struct fc_cli *cli, const struct fc_profile_set *set,
			   const char *path, struct fc_error *err)
{
	struct fc_summary_options so = {
		.top = cli->top,
		.image_url = cli->image_url,
		.title = cli->title,
	};
	struct fc_md_doc doc;
	struct fc_md text;
	struct fc_output out;
	bool ok;

	fc_md_doc_init(&doc);
	fc_md_init(&text);
	ok = fc_summary_markdown(set, &so, &doc) &&
	     fc_md_doc_render(&doc, FC_MD_GITHUB_LIMIT, &text);
	fc_md_doc_finish(&doc);
	if (!ok) {
		fc_md_finish(&text);
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	ok = fc_output_open(&out, path, err);
	if (ok) {
		fc_output_write(&out, text.data, text.len);
		ok = fc_output_commit(&out, err);
	}
	fc_md_finish(&text);
	return ok;
}
