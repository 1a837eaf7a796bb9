/* The hot lines of a profile as a Markdown section (-f md, docs/lines.md):
 * file:line, function, self time and share of the CPU time, and the line's
 * text when it is at hand. */
#include <stdio.h>
#include <string.h>

#include "flamechart/lines.h"
#include "flamechart/stats.h"
#include "flamechart/summary.h"

/* bytes of a line's text in a cell */
#define TEXT_MAX 80

static void ms(struct fc_md *md, double us)
{
	char buf[48];
	double v = us / 1000.0;

	fc_summary_number(v, v >= 100 || v == 0 ? 1 : v >= 10 ? 2 : 3, buf, sizeof(buf));
	fc_md_raw(md, buf);
}

bool fc_summary_markdown_lines(const struct fc_profile *p, size_t top, double cpu_us,
			       const char *title, struct fc_md_doc *doc)
{
	static const char *const titles[] = { "#",       "file:line", "function",
					      "self ms", "% of CPU",  "source" };
	struct fc_hot_lines h;
	struct fc_md *md;
	char where[200], text[3 * TEXT_MAX + 4];
	size_t i;

	if (!p->has_time)
		return true; /* folded stacks carry no lines */
	if (!fc_lines_compute(p, FC_NONE, top, &h))
		return false;
	md = fc_md_doc_add(doc, title, true);
	fc_md_blank_line(md);
	if (!h.n_all) {
		fc_md_raw(md, "*No line data: the profile records no source lines "
			      "(positionTicks).*\n");
		fc_lines_finish(&h);
		return true;
	}
	fc_md_printf(md, "**Top %zu lines by self time** (lines hold %.1f%% of the self time)\n",
		     h.n, h.self_us > 0 ? 100.0 * h.lines_us / h.self_us : 0.0);
	fc_md_table_head(md, titles, "rllrrl");
	for (i = 0; i < h.n; i++) {
		const struct fc_hot_line *l = &h.items[i];
		const char *name = fc_profile_str(p, p->frames[l->frame].name);

		fc_md_cell(md);
		fc_md_printf(md, "%zu", i + 1);
		fc_md_cell(md);
		fc_summary_location(fc_profile_str(p, l->url), l->line - 1, where, sizeof(where),
				    40);
		fc_md_code(md, where);
		fc_md_cell(md);
		fc_md_code(md, name[0] ? name : "(anonymous)");
		fc_md_cell(md);
		ms(md, l->self_us);
		fc_md_cell(md);
		fc_md_printf(md, "%.1f%%", cpu_us > 0 ? 100.0 * l->self_us / cpu_us : 0.0);
		fc_md_cell(md);
		text[0] = '\0';
		if (l->text) {
			const char *t = fc_profile_str(p, l->text);
			fc_lines_cut_text(t, strlen(t), text, sizeof(text), TEXT_MAX);
		} else {
			fc_lines_source_text(fc_profile_str(p, l->url), l->line, text, sizeof(text),
					     TEXT_MAX);
		}
		if (text[0])
			fc_md_code(md, text);
		fc_md_row_end(md);
	}
	fc_lines_finish(&h);
	return true;
}
