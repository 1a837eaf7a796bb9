/* The hot lines of a profile as a Markdown section (-f md, docs/lines.md):
 * file:line, function, self time and share of the CPU time, and the line's
 * text when it is at hand. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/drill.h"
#include "model/lines.h"
#include "write/markdown.h"
#include "transform/scope.h"
#include "model/stacks.h"
#include "model/stats.h"
#include "write/summary.h"
#include "util/util.h"
#include "model/profile.h"

/* bytes of a line's text in a cell */
#define TEXT_MAX 80

static void ms(struct fc_md *md, double us)
{
	char buf[48];
	double v = us / 1000.0;

	fc_format_grouped(v, v >= 100 || v == 0 ? 1 : v >= 10 ? 2 : 3, buf, sizeof(buf));
	fc_md_raw(md, buf);
}

bool fc_summary_markdown_lines(const struct fc_profile *p, uint32_t frame, size_t top,
			       double cpu_us, const char *title, struct fc_md_doc *doc)
{
	static const char *const titles[] = { "#",       "file:line", "function",
					      "self ms", "% of CPU",  "source" };
	struct fc_hot_lines h;
	struct fc_md *md;
	char where[200], text[3 * TEXT_MAX + 4], **texts;
	bool any = false;
	size_t i;

	if (!p->has_time)
		return true; /* folded stacks carry no lines */
	if (!fc_lines_compute(p, frame, top, &h))
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
	/* the texts first: no source column when none is at hand */
	texts = calloc(h.n + 1, sizeof(*texts));
	if (!texts) {
		fc_lines_finish(&h);
		return false;
	}
	for (i = 0; i < h.n; i++) {
		const struct fc_hot_line *l = &h.items[i];
		text[0] = '\0';
		if (l->text) {
			const char *t = fc_profile_str(p, l->text);
			fc_lines_cut_text(t, strlen(t), text, sizeof(text), TEXT_MAX);
		} else {
			fc_lines_source_text(fc_profile_str(p, l->url), l->line, text, sizeof(text),
					     TEXT_MAX);
		}
		if (text[0] && !(texts[i] = fc_strdup(text))) {
			md->buf.failed = true;
			break;
		}
		any = any || text[0];
	}
	fc_md_table_head(md, titles, any ? "rllrrl" : "rllrr");
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
		if (any) {
			fc_md_cell(md);
			if (texts[i])
				fc_md_code(md, texts[i]);
		}
		fc_md_row_end(md);
	}
	for (i = 0; i < h.n; i++)
		free(texts[i]);
	free(texts);
	fc_lines_finish(&h);
	return true;
}

void fc_summary_stack_row(const struct fc_profile *p, const struct fc_stack_row *r, char *out,
			  size_t size)
{
	unsigned indent = 2 * (r->level < 30 ? r->level : 30);
	const struct fc_frame *f;
	const char *name;
	char where[200];

	if (r->node == FC_NONE) {
		snprintf(out, size, "%12s %12s  %*s… %u frames", "", "", (int)indent, "",
			 r->elided);
		return;
	}
	f = fc_profile_node_frame(p, r->node);
	name = fc_profile_str(p, f->name);
	fc_summary_location(fc_profile_str(p, f->url), f->line, where, sizeof(where), 50);
	snprintf(out, size, "%12.3f %12.3f  %*s%s%s%s", r->total_us / 1000.0, r->self_us / 1000.0,
		 (int)indent, "", name[0] ? name : "(anonymous)", where[0] ? "  " : "", where);
}

bool fc_summary_markdown_stacks(const struct fc_profile *p, size_t count, const char *title,
				struct fc_md_doc *doc)
{
	struct fc_stacks st;
	struct fc_md *md;
	char line[1024], summary[96];
	size_t i, fence = 3, run = 0;
	const char *c;

	if (!p->has_time)
		return true;
	if (!fc_stacks_heaviest(p, count, &st))
		return false;
	if (!st.n) {
		fc_stacks_finish(&st);
		return true;
	}
	/* a fence longer than any run of backticks in the names */
	for (i = 0; i < st.n; i++) {
		if (st.rows[i].node == FC_NONE)
			continue;
		for (c = fc_profile_str(p, fc_profile_node_frame(p, st.rows[i].node)->name); *c;
		     c++) {
			run = *c == '`' ? run + 1 : 0;
			if (run >= fence)
				fence = run + 1;
		}
	}
	md = fc_md_doc_add(doc, title, true);
	snprintf(summary, sizeof(summary), "The %zu heaviest stacks (total and self ms per frame)",
		 st.n_stacks);
	fc_md_details_begin(md, summary);
	for (i = 0; i < fence; i++)
		fc_md_raw(md, "`");
	fc_md_raw(md, "text\n");
	fc_md_printf(md, "%12s %12s  %s\n", "total ms", "self ms", "frame");
	for (i = 0; i < st.n; i++) {
		fc_summary_stack_row(p, &st.rows[i], line, sizeof(line));
		fc_md_raw(md, line);
		fc_md_raw(md, "\n");
	}
	for (i = 0; i < fence; i++)
		fc_md_raw(md, "`");
	fc_md_raw(md, "\n");
	fc_md_details_end(md);
	fc_stacks_finish(&st);
	return true;
}

static void edge_table(struct fc_md *md, const struct fc_profile *p, const char *what,
		       const char *heading, const struct fc_drill_edge *e, size_t n, size_t top,
		       double total_us)
{
	const char *titles[] = { what, "file:line", "ms", "share of its total" };
	char where[200];
	size_t i;

	fc_md_blank_line(md);
	if (!n) {
		fc_md_printf(md, "*No %ss.*\n", what);
		return;
	}
	fc_md_printf(md, "**%s** (%zu)\n", heading, n);
	fc_md_table_head(md, titles, "llrr");
	for (i = 0; i < n && i < top; i++) {
		const struct fc_frame *f = &p->frames[e[i].frame];
		const char *name = fc_profile_str(p, f->name);
		fc_md_cell(md);
		fc_md_code(md, name[0] ? name : "(anonymous)");
		fc_md_cell(md);
		fc_summary_location(fc_profile_str(p, f->url), f->line, where, sizeof(where), 40);
		fc_md_code(md, where);
		fc_md_cell(md);
		ms(md, e[i].us);
		fc_md_cell(md);
		fc_md_printf(md, "%.1f%%", total_us > 0 ? 100.0 * e[i].us / total_us : 0.0);
		fc_md_row_end(md);
	}
	if (n > top)
		fc_md_printf(md, "\n…and %zu more.\n", n - top);
}

bool fc_summary_markdown_functions(const struct fc_profile *p, const struct fc_summary_options *o,
				   double cpu_us, struct fc_md_doc *doc)
{
	size_t top = o->top ? o->top : FC_SUMMARY_TOP, n, n_all, i;
	uint32_t frames[FC_DRILL_MAX];
	uint8_t *match;
	struct fc_md *md;
	char where[200], title[600];
	bool ok;

	if (!o->function || !p->has_time)
		return true;
	match = fc_scope_match_frames(p, o->function, (enum fc_match_on)o->match_on);
	ok = match && fc_drill_pick(p, match, frames, FC_DRILL_MAX, &n, &n_all);
	free(match);
	if (!ok)
		return false;
	if (!n_all) {
		md = fc_md_doc_add(doc, "", false);
		fc_md_blank_line(md);
		fc_md_raw(md, "*No function matches `--function`.*\n");
	}
	for (i = 0; i < n && ok; i++) {
		const struct fc_frame *f = &p->frames[frames[i]];
		const char *name = fc_profile_str(p, f->name);
		struct fc_drill d;
		char a[48], b[48];

		if (!fc_drill_compute(p, frames[i], &d))
			return false;
		snprintf(title, sizeof(title), "Function %s", name);
		md = fc_md_doc_add(doc, title, true);
		fc_md_blank_line(md);
		fc_md_raw(md, "#### Function ");
		fc_md_code(md, name[0] ? name : "(anonymous)");
		fc_summary_location(fc_profile_str(p, f->url), f->line, where, sizeof(where), 60);
		if (where[0]) {
			fc_md_raw(md, " at ");
			fc_md_code(md, where);
		}
		fc_format_grouped(d.total_us / 1000.0, 1, a, sizeof(a));
		fc_format_grouped(d.self_us / 1000.0, 1, b, sizeof(b));
		fc_md_printf(md,
			     "\n\n**%s ms** total (%.1f%% of CPU) · **%s ms** self (%.1f%% of its "
			     "total)\n",
			     a, cpu_us > 0 ? 100.0 * d.total_us / cpu_us : 0.0, b,
			     d.total_us > 0 ? 100.0 * d.self_us / d.total_us : 0.0);
		edge_table(md, p, "caller", "Callers", d.callers, d.n_callers, top, d.total_us);
		edge_table(md, p, "callee", "Callees", d.callees, d.n_callees, top, d.total_us);
		fc_drill_finish(&d);
		snprintf(title, sizeof(title), "Hot lines of %s", name);
		ok = fc_summary_markdown_lines(p, frames[i], top, cpu_us, title, doc);
	}
	if (ok && n_all > n) {
		md = fc_md_doc_add(doc, "", false);
		fc_md_printf(md,
			     "\n*%zu more functions match; the %zu with the most total time are "
			     "shown.*\n",
			     n_all - n, n);
	}
	return ok;
}
