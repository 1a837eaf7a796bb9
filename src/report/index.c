/* The report's index pages: index.html (one self-contained file: styles and
 * thumbnails inline, no network) and index.md (GitHub-flavoured Markdown),
 * plus the JSON summary. Nothing in them depends on the run (no dates, no
 * timings, no job count), so every run over the same inputs writes the
 * same bytes. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "flamechart/report.h"
#include "report/internal.h"
#include "model/classify.h"
#include "write/markdown.h"
#include "render/output.h"
#include "style/style.h"
#include "util/util.h"
#include "model/profile.h"

/* --- index.html ------------------------------------------------------------- */

/* The files made from slug: each mode drawn in each format (f NULL: a
 * group's lanes). */
static void html_links(struct fc_output *o, const struct fc_report *r, const char *slug, bool group,
		       const struct fc_report_file *f)
{
	int m, x;

	for (m = 0; m < 2; m++) {
		if (group ? m == 1 || !(r->modes & (1u << m)) : !fc_report_draws(r, f, m))
			continue;
		for (x = FC_OUT_SVG; x <= FC_OUT_PDF; x++) {
			const char *ext = fc_report_ext(x);
			char *name;
			if (!(r->formats & (1u << x)))
				continue;
			name = fc_report_image_name(slug, group ? "lanes" : fc_report_mode_names[m],
						    ext);
			if (!name)
				continue;
			fc_output_printf(o, "<a href=\"");
			fc_report_url_path(o, name);
			fc_output_printf(o, "\">%s&nbsp;%s</a> ",
					 group ? "lanes" : fc_report_mode_names[m], ext);
			free(name);
		}
	}
}

/* The name cell: the thumbnail, and beside it (below it on a narrow
 * screen) the name, the file it came from and the images, all linking to
 * the profile's page. */
static void html_name(struct fc_output *o, const struct fc_report *r,
		      const struct fc_report_file *f, bool in_group)
{
	char *label = fc_report_label(f, in_group);
	char *page = f->ok ? fc_report_page_name(f->slug) : NULL;

	fc_output_printf(o, "<td data-v=\"");
	fc_report_html_text(o, label ? label : f->rel);
	fc_output_printf(o, "\"><div class=\"who\">");
	if (page) {
		char *thumb = fc_report_thumb_name(f->slug);
		if (thumb) {
			fc_output_printf(o, "<a href=\"");
			fc_report_url_path(o, page);
			fc_output_printf(o,
					 "\" tabindex=\"-1\"><img class=\"thumb\" alt=\"\" src=\"");
			if (!fc_report_data_uri(o, r->outdir, thumb))
				fc_report_url_path(o, thumb);
			fc_output_printf(o, "\"></a>");
		}
		free(thumb);
	}
	fc_output_printf(o, "<div><b>");
	if (page) {
		fc_output_printf(o, "<a href=\"");
		fc_report_url_path(o, page);
		fc_output_printf(o, "\">");
	}
	fc_report_html_text(o, label ? label : f->rel);
	fc_output_printf(o, "%s</b><div class=\"small files\">", page ? "</a>" : "");
	/* the file's name once, under the name people read */
	if (!label || strcmp(label, f->rel) != 0) {
		fc_output_printf(o, "<code>");
		fc_report_html_text(o, f->rel);
		fc_output_printf(o, "</code><br>");
	}
	if (f->ok)
		html_links(o, r, f->slug, false, f);
	fc_output_printf(o, "</div>");
	if (!f->ok) {
		fc_output_printf(o, "<span class=\"error\">failed: ");
		fc_report_html_text(o, f->error);
		fc_output_printf(o, "</span>");
	}
	fc_output_printf(o, "</div></div></td>");
	free(label);
	free(page);
}

/* A number cell: its text, its value for sorting, its label when the
 * table is read as a list on a narrow screen. */
static void html_num(struct fc_output *o, const char *label, double v, const char *text)
{
	fc_output_printf(o, "<td class=\"num\" data-label=\"%s\" data-v=\"%.17g\">%s</td>", label,
			 v, text);
}

/* The words of a table of each kind (enum fc_report_kind): a heap
 * profile's samples are its allocating stacks, and a profile without time
 * order has no duration. */
static const struct table_words {
	const char *heading; /* NULL: none but in a process ("CPU") */
	const char *duration, *total, *count, *per_tier, *top;
} table_words[] = {
	{ NULL, "Duration", "CPU", "Samples", "Time", "Top self time, waits left out" },
	{ "Counts: no time order, drawn as graphs", NULL, "Samples", "Stacks", "Samples",
	  "Most samples (self), waits left out" },
	{ "Memory: allocations sampled", NULL, "Allocated", "Stacks", "Bytes",
	  "Most bytes allocated (self)" },
};

static void html_row(struct fc_output *o, const struct fc_report *r, const struct fc_report_file *f,
		     bool in_group)
{
	const struct table_words *w = &table_words[fc_report_kind_of(f)];
	char a[48], b[48];
	double cpu = 0;
	int t;

	fc_output_printf(o, "<tr%s>", f->ok ? "" : " class=\"failed\"");
	html_name(o, r, f, in_group);
	if (!f->ok) {
		fc_output_printf(o,
				 "%s<td data-v=\"-1\"></td><td data-v=\"-1\"></td><td></td>"
				 "<td></td></tr>\n",
				 w->duration ? "<td data-v=\"-1\"></td>" : "");
		return;
	}
	for (t = 0; t < FC_TIER_COUNT; t++)
		if (t != FC_TIER_IDLE)
			cpu += f->tier_ms[t];
	if (w->duration && f->timeless) {
		/* weighed in µs, but with no time order: no wall time */
		html_num(o, w->duration, -1, "no time order");
	} else if (w->duration) {
		fc_report_weight(a, sizeof(a), f, f->duration_ms);
		html_num(o, w->duration, f->duration_ms, a);
	}
	fc_report_weight(a, sizeof(a), f, cpu);
	html_num(o, w->total, cpu, a);
	fc_report_thousands(b, sizeof(b), (double)f->samples, 0);
	html_num(o, w->count, (double)f->samples, b);
	fc_output_printf(o, "<td class=\"blk\" data-label=\"%s per tier\">", w->per_tier);
	fc_report_html_tiers(o, r, f);
	fc_output_printf(o, "</td><td class=\"blk\" data-label=\"%s\">", w->top);
	fc_report_html_top(o, f);
	fc_output_printf(o, "</td></tr>\n");
}

static void html_table_head(struct fc_output *o, enum fc_report_kind kind)
{
	const struct table_words *w = &table_words[kind];

	fc_output_printf(o, "<table class=\"profiles\"><thead><tr><th>Profile</th>");
	if (w->duration)
		fc_output_printf(o, "<th class=\"num\">%s</th>", w->duration);
	fc_output_printf(o,
			 "<th class=\"num\">%s</th><th class=\"num\">%s</th><th>%s per tier</th>"
			 "<th>%s</th></tr></thead><tbody>\n",
			 w->total, w->count, w->per_tier, w->top);
}

static size_t count_failed(const struct fc_report *r)
{
	size_t i, n = 0;

	for (i = 0; i < r->n_files; i++)
		n += !r->files[i].ok;
	return n;
}

/* Row k of a section's table of a kind (time, counts, allocations): the
 * section's k-th member, or the k-th file when the section is the files
 * outside every group; NULL when it belongs to another table or to a
 * group. */
static const struct fc_report_file *table_row(const struct fc_report *r, const size_t *members,
					      size_t k, enum fc_report_kind kind)
{
	const struct fc_report_file *f = &r->files[members ? members[k] : k];

	return fc_report_kind_of(f) == kind && (members || f->group < 0) ? f : NULL;
}

/* The profiles of one section, time first, then counts, then
 * allocations, each in a table of its own (milliseconds, samples and
 * bytes do not sort together). */
static void html_tables(struct fc_output *o, const struct fc_report *r, const size_t *members,
			size_t n, bool in_group)
{
	int pass;
	size_t k;

	for (pass = FC_REPORT_TIME; pass <= FC_REPORT_BYTES; pass++) {
		size_t rows = 0;
		for (k = 0; k < n; k++)
			rows += table_row(r, members, k, pass) != NULL;
		if (!rows)
			continue;
		if (table_words[pass].heading)
			fc_output_printf(o, "<h3>%s</h3>\n", table_words[pass].heading);
		else if (in_group)
			fc_output_printf(o, "<h3>CPU</h3>\n");
		html_table_head(o, pass);
		for (k = 0; k < n; k++) {
			const struct fc_report_file *f = table_row(r, members, k, pass);
			if (f)
				html_row(o, r, f, in_group);
		}
		fc_output_printf(o, "</tbody></table>\n");
	}
}

static bool write_html(const struct fc_report *r, struct fc_error *err)
{
	const char *title = r->title ? r->title : "flamechart report";
	char *path = fc_asprintf("%s/index.html", r->outdir);
	struct fc_output o;
	size_t i, lone = 0;

	if (!path || !fc_output_open(&o, path, err)) {
		if (!path)
			fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		free(path);
		return false;
	}
	free(path);
	fc_report_html_head(&o, title);
	fc_output_printf(&o, "<h1>");
	fc_report_html_text(&o, title);
	fc_output_printf(&o,
			 "</h1>\n<p>%zu profiles, %zu failed. A profile's name opens its page: "
			 "chart and graph to search and zoom. A column's heading sorts the "
			 "table.</p>\n",
			 r->n_files, count_failed(r));
	fc_report_html_history(&o, r);
	for (i = 0; i < r->n_groups; i++) {
		const struct fc_report_group *g = &r->groups[i];
		char count[64];
		fc_output_printf(&o, "<section><h2>");
		fc_report_html_text(&o, g->title);
		fc_report_group_count(count, sizeof(count), r, g);
		fc_output_printf(&o, " — %s</h2>\n", count);
		html_tables(&o, r, g->members, g->n_members, true);
		/* the lanes are as tall as the threads are many: below the
		 * tables, opened on demand */
		if (g->ok) {
			char *img = fc_report_image_name(g->slug, "lanes", fc_report_main_ext(r));
			if (img) {
				fc_output_printf(&o,
						 "<details class=\"lanes\"><summary>The threads "
						 "on one time axis</summary><a href=\"");
				fc_report_url_path(&o, img);
				fc_output_printf(&o, "\"><img alt=\"the threads of ");
				fc_report_html_text(&o, g->title);
				fc_output_printf(&o, " on one time axis\" src=\"");
				if (!fc_report_data_uri(&o, r->outdir, img))
					fc_report_url_path(&o, img);
				fc_output_printf(&o, "\"></a><span class=\"small files\">");
				html_links(&o, r, g->slug, true, NULL);
				fc_output_printf(&o, "</span></details>\n");
			}
			free(img);
		} else if (g->error) {
			fc_output_printf(&o, "<p class=\"error\">lanes failed: ");
			fc_report_html_text(&o, g->error);
			fc_output_printf(&o, "</p>\n");
		}
		fc_output_printf(&o, "</section>\n");
	}
	for (i = 0; i < r->n_files; i++)
		lone += r->files[i].group < 0;
	if (lone) {
		fc_output_printf(&o, "<section>");
		if (r->n_groups)
			fc_output_printf(&o, "<h2>Other profiles</h2>\n");
		else if (r->history) /* a heading of its own below the History */
			fc_output_printf(&o, "<h2>Profiles</h2>\n");
		html_tables(&o, r, NULL, r->n_files, false);
		fc_output_printf(&o, "</section>\n");
	}
	fc_output_printf(&o,
			 "<p class=\"small\">Top self time leaves out the frames where a thread "
			 "waits or whose time no code owns: (idle), (program), (root), "
			 "atomicsWaitLoop, Atomics.wait, epoll and kevent waits. Tiers: app (your "
			 "code), deps (node_modules), core (Node.js built-ins), native (V8 "
			 "builtins and bindings), v8 ((program) and other engine work), gc, "
			 "idle. Made with flamechart.</p>\n");
	fc_report_html_end(&o);
	return fc_output_commit(&o, err);
}

/* --- index.md --------------------------------------------------------------- */

/* Written with the Markdown writer (write/markdown.h): names from the
 * inputs stay text, links are percent-encoded. */
static void md_row(struct fc_md *md, const struct fc_report *r, const struct fc_report_file *f,
		   bool in_group)
{
	char *label = fc_report_label(f, in_group);
	char w[48], smp[32];
	double total = 0;
	size_t i;
	int t, m, x;

	fc_md_cell(md);
	fc_md_text(md, label ? label : f->rel);
	if (label && strcmp(label, f->rel) != 0) {
		fc_md_raw(md, "<br>");
		fc_md_code(md, f->rel);
	}
	free(label);
	if (!f->ok) {
		fc_md_cell(md);
		fc_md_raw(md, "**failed**");
		fc_md_cell(md);
		fc_md_cell(md);
		fc_md_cell(md);
		fc_md_text(md, f->error);
		fc_md_cell(md);
		fc_md_row_end(md);
		return;
	}
	for (t = 0; t < FC_TIER_COUNT; t++)
		total += f->tier_ms[t];
	fc_md_cell(md);
	if (f->timeless) {
		/* no wall time: the weights in all, idle left out */
		fc_report_weight(w, sizeof(w), f, total - f->tier_ms[FC_TIER_IDLE]);
		fc_md_raw(md, w);
		if (!f->bytes && !f->counts)
			fc_md_raw(md, " (no time order)");
	} else {
		fc_report_weight(w, sizeof(w), f, f->duration_ms);
		fc_md_raw(md, w);
	}
	fc_report_thousands(smp, sizeof(smp), (double)f->samples, 0);
	fc_md_cell(md);
	fc_md_raw(md, smp);
	fc_md_cell(md);
	for (t = 0; t < FC_TIER_COUNT && total > 0; t++) {
		if (f->tier_ms[t] > 0)
			fc_md_printf(md, "%s %.1f%%<br>", fc_tier_name((enum fc_tier)t),
				     100.0 * f->tier_ms[t] / total);
	}
	fc_md_cell(md);
	for (i = 0; i < f->n_top; i++) {
		fc_report_weight(w, sizeof(w), f, f->top[i].self_ms);
		fc_md_printf(md, "%s ", w);
		fc_md_code(md, f->top[i].name[0] ? f->top[i].name : "(anonymous)");
		fc_md_raw(md, "<br>");
	}
	fc_md_cell(md);
	{
		char *page = fc_report_page_name(f->slug);
		if (page) {
			fc_md_link(md, "page", page);
			fc_md_raw(md, " ");
		}
		free(page);
	}
	for (m = 0; m < 2; m++) {
		if (!fc_report_draws(r, f, m))
			continue;
		for (x = FC_OUT_SVG; x <= FC_OUT_PDF; x++) {
			const char *ext = fc_report_ext(x);
			char *name, text[16];
			if (!(r->formats & (1u << x)))
				continue;
			name = fc_report_image_name(f->slug, fc_report_mode_names[m], ext);
			if (!name)
				continue;
			snprintf(text, sizeof(text), "%s %s", fc_report_mode_names[m], ext);
			fc_md_link(md, text, name);
			fc_md_raw(md, " ");
			free(name);
		}
	}
	fc_md_row_end(md);
}

static void md_table_head(struct fc_md *md, enum fc_report_kind kind)
{
	static const char *const heads[][6] = {
		{ "Profile", "Duration", "Samples", "Per tier", "Top self time (waits left out)",
		  "Files" },
		{ "Profile", "Samples", "Stacks", "Per tier", "Most samples (self, waits left out)",
		  "Files" },
		{ "Profile", "Allocated", "Stacks", "Per tier", "Most bytes allocated (self)",
		  "Files" },
	};
	fc_md_table_head(md, heads[kind], "lrrlll");
}

/* The profiles of one section: time first, then allocations, each in a
 * table of its own, as in index.html. */
static void md_tables(struct fc_md *md, const struct fc_report *r, const size_t *members, size_t n,
		      bool in_group)
{
	int pass;
	size_t k;

	for (pass = FC_REPORT_TIME; pass <= FC_REPORT_BYTES; pass++) {
		size_t rows = 0;
		for (k = 0; k < n; k++)
			rows += table_row(r, members, k, pass) != NULL;
		if (!rows)
			continue;
		if (table_words[pass].heading) {
			fc_md_blank_line(md);
			fc_md_printf(md, "%s\n\n", table_words[pass].heading);
		}
		md_table_head(md, pass);
		for (k = 0; k < n; k++) {
			const struct fc_report_file *f = table_row(r, members, k, pass);
			if (f)
				md_row(md, r, f, in_group);
		}
	}
}

static bool write_md(const struct fc_report *r, struct fc_error *err)
{
	char *path = fc_asprintf("%s/index.md", r->outdir);
	struct fc_output o;
	struct fc_md md;
	size_t i, lone = 0;

	if (!path || !fc_output_open(&o, path, err)) {
		if (!path)
			fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		free(path);
		return false;
	}
	free(path);
	fc_md_init(&md);
	fc_md_raw(&md, "# ");
	fc_md_text(&md, r->title ? r->title : "flamechart report");
	fc_md_printf(&md, "\n\n%zu profiles, %zu failed.\n", r->n_files, count_failed(r));
	fc_report_md_history(&md, r);
	for (i = 0; i < r->n_groups; i++) {
		const struct fc_report_group *g = &r->groups[i];
		char count[64];
		fc_md_blank_line(&md);
		fc_md_raw(&md, "## ");
		fc_md_text(&md, g->title);
		fc_report_group_count(count, sizeof(count), r, g);
		fc_md_printf(&md, " (%s)\n\n", count);
		if (g->ok) {
			char *img = fc_report_image_name(g->slug, "lanes", fc_report_main_ext(r));
			char *alt = fc_asprintf("threads of %s on one time axis", g->title);
			if (img && alt) {
				fc_md_image(&md, alt, img);
				fc_md_raw(&md, "\n");
			}
			free(alt);
			free(img);
		} else if (g->error) {
			fc_md_raw(&md, "Lanes failed: ");
			fc_md_text(&md, g->error);
			fc_md_raw(&md, "\n");
		}
		md_tables(&md, r, g->members, g->n_members, true);
	}
	for (i = 0; i < r->n_files; i++)
		lone += r->files[i].group < 0;
	if (lone) {
		if (r->n_groups || r->history) {
			fc_md_blank_line(&md);
			fc_md_raw(&md, r->n_groups ? "## Other profiles\n" : "## Profiles\n");
		}
		md_tables(&md, r, NULL, r->n_files, false);
	}
	if (md.buf.failed) {
		fc_md_finish(&md);
		fc_output_abort(&o);
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	fc_output_write(&o, md.buf.data, md.buf.len);
	fc_md_finish(&md);
	return fc_output_commit(&o, err);
}

bool fc_report_write_index(const struct fc_report *r, struct fc_error *err)
{
	return fc_report_write_pages(r, err) && write_html(r, err) && write_md(r, err);
}
