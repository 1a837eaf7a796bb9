/* A profile as GitHub-flavoured Markdown (include/flamechart/summary.h).
 * Percentages of functions and packages are of the CPU time, which leaves
 * idle out (what a reader wants to speed up); tiers are shares of all the
 * sampled time, idle included, so that they add up to 100%. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/classify.h"
#include "write/markdown.h"
#include "render/output.h"
#include "model/stacks.h"
#include "model/stats.h"
#include "write/summary.h"
#include "model/wrappers.h"
#include "model/tasks.h"
#include "util/util.h"
#include "model/profile.h"

/* rows in the <details> list of the other functions, at most */
#define DETAILS_MAX 150
/* a table stops growing past this many bytes (a large --top), so that the
 * tables together still fit one GitHub comment */
#define TABLE_BYTES 18000

void fc_summary_location(const char *url, int line0, char *out, size_t size, size_t max)
{
	const char *s = url, *scheme = strstr(url, "://");
	char line[24] = "";
	size_t len;

	if (!url[0]) {
		if (size)
			out[0] = '\0';
		return;
	}
	if (scheme) {
		s = scheme + 3;
		if (strncmp(url, "file:", 5) != 0) {
			const char *slash = strchr(s, '/');
			s = slash ? slash + 1 : s; /* the host says little in a table */
		}
	}
	if (line0 >= 0)
		snprintf(line, sizeof(line), ":%d", line0 + 1);
	len = strlen(s);
	if (len > max) {
		/* keep whole path components from the right */
		const char *cut = s + len - max, *slash = strchr(cut, '/');
		if (slash && slash[1])
			cut = slash + 1;
		snprintf(out, size, "…/%s%s", cut, line);
	} else {
		snprintf(out, size, "%s%s", s, line);
	}
}

/* milliseconds with three significant digits or more: 1,234.5 12.34 0.123 */
/* A weight: ms, or bytes (B, kB, MB) for a heap profile. */
static void ms_cell(struct fc_md *md, const struct fc_profile *p, double us)
{
	double ms = us / 1000.0;
	char buf[48];

	if (fc_unit_is_bytes(p->weight_unit)) {
		fc_format_bytes(us, false, buf, sizeof(buf));
		fc_md_raw(md, buf);
		return;
	}
	fc_format_grouped(ms, ms >= 100 || ms == 0 ? 1 : ms >= 10 ? 2 : 3, buf, sizeof(buf));
	fc_md_raw(md, buf);
}

static void pct_cell(struct fc_md *md, double part, double whole)
{
	fc_md_printf(md, "%.1f%%", whole > 0 ? 100.0 * part / whole : 0.0);
}

/* function, file:line, "tier · package" */
static void function_cells(struct fc_md *md, const struct fc_profile *p, uint32_t frame)
{
	const struct fc_frame *f = &p->frames[frame];
	const char *name = fc_profile_str(p, f->name);
	char where[200];

	fc_md_cell(md);
	fc_md_code(md, name[0] ? name : "(anonymous)");
	fc_md_cell(md);
	fc_summary_location(fc_profile_str(p, f->url), f->line, where, sizeof(where), 40);
	fc_md_code(md, where);
	fc_md_cell(md);
	fc_md_text(md, fc_tier_name((enum fc_tier)f->tier));
	if (f->package) {
		fc_md_raw(md, " · ");
		fc_md_text(md, fc_profile_str(p, f->package));
	}
}

/* A heading's text (--title, or the file's name) is cut at this many bytes
 * (at a character, then "…"): the heading is never left out, and a title
 * longer than the budget made the whole comment a cut heading. */
#define HEADING_MAX ((size_t)1000)

static void heading_text(struct fc_md *md, const char *s)
{
	size_t len = strlen(s), keep = fc_utf8_prefix(s, len, HEADING_MAX);
	char *cut;

	if (keep == len) {
		fc_md_text(md, s);
		return;
	}
	cut = fc_strndup(s, keep);
	if (!cut) {
		md->buf.failed = true;
		return;
	}
	fc_md_text(md, cut);
	fc_md_raw(md, "\xe2\x80\xa6");
	free(cut);
}

static void summary_line(struct fc_md *md, const struct fc_profile *p, const struct fc_stats *s,
			 const struct fc_summary_options *o, bool heading)
{
	double idle = s->tier_us[FC_TIER_IDLE], cpu = s->sampled_us - idle;
	char a[48], b[48], c[48];

	if (heading) {
		fc_md_raw(md, "### ");
		heading_text(md, o->title ? o->title : p->name);
		fc_md_raw(md, "\n\n");
	}
	fc_format_grouped((double)s->n_samples, 0, c, sizeof(c));
	if (fc_unit_is_bytes(p->weight_unit)) {
		fc_format_bytes(s->sampled_us, false, a, sizeof(a));
		fc_md_printf(md, "**%s** allocated · %s stacks\n", a, c);
	} else if (!p->has_time && strcmp(p->weight_unit, "µs") == 0) {
		/* time without an order (pprof, folded durations): ms as always */
		fc_format_grouped(s->sampled_us / 1000.0, s->sampled_us >= 100000 ? 1 : 3, a,
				  sizeof(a));
		fc_md_printf(md, "**%s ms** in all · %s stacks\n", a, c);
	} else if (!p->has_time) {
		fc_format_grouped(s->sampled_us, 0, a, sizeof(a));
		fc_md_printf(md, "**%s %s** in all · %s stacks\n", a, p->weight_unit, c);
	} else {
		int dec = s->duration_us >= 100000 ? 1 : 3;
		fc_format_grouped(s->duration_us / 1000.0, dec, a, sizeof(a));
		fc_format_grouped(cpu / 1000.0, dec, b, sizeof(b));
		fc_md_printf(md, "**%s ms** wall · **%s ms CPU** (", a, b);
		fc_format_grouped(idle / 1000.0, dec, a, sizeof(a));
		fc_md_printf(md, "excluding %s ms idle) · %s samples", a, c);
		if (s->interval_us > 0) {
			fc_format_grouped(s->interval_us / 1000.0, 2, a, sizeof(a));
			fc_md_printf(md, ", one every %s ms", a);
		}
		fc_md_raw(md, "\n");
	}
	if (o->image_url) {
		fc_md_blank_line(md);
		if (!fc_md_image(md, "flame chart", o->image_url))
			fc_md_raw(md, "*(image URL refused: only http, https or relative)*");
		fc_md_raw(md, "\n");
	}
}

static const char *const fn_titles_self[] = {
	"#", "function", "file:line", "tier · package", "self ms", "% of CPU", "total ms",
};
static const char *const fn_titles_total[] = {
	"#", "function", "file:line", "tier · package", "total ms", "% of CPU", "self ms",
};
/* a heap profile's tables: bytes allocated, not time */
static const char *const fn_bytes_self[] = {
	"#", "function", "file:line", "tier · package", "self", "% of bytes", "total",
};
static const char *const fn_bytes_total[] = {
	"#", "function", "file:line", "tier · package", "total", "% of bytes", "self",
};

/* Rows of functions (skipping idle, and the frames marked in skip when it
 * is not NULL) from list[from..], at most max rows; returns how many were
 * written. */
static size_t function_rows(struct fc_md *md, const struct fc_profile *p,
			    const struct fc_stats_entry *list, size_t n, size_t from, size_t max,
			    bool by_total, double cpu, const unsigned char *skip)
{
	size_t i, rank = 0, written = 0, start = md->buf.len;

	for (i = 0; i < n && written < max; i++) {
		const struct fc_stats_entry *e = &list[i];
		if (p->frames[e->frame].tier == FC_TIER_IDLE || (skip && skip[e->frame]))
			continue;
		if (rank++ < from)
			continue;
		fc_md_cell(md);
		fc_md_printf(md, "%zu", rank);
		function_cells(md, p, e->frame);
		fc_md_cell(md);
		ms_cell(md, p, by_total ? e->total_us : e->self_us);
		fc_md_cell(md);
		pct_cell(md, by_total ? e->total_us : e->self_us, cpu);
		fc_md_cell(md);
		ms_cell(md, p, by_total ? e->self_us : e->total_us);
		fc_md_row_end(md);
		written++;
		if (md->buf.len - start > TABLE_BYTES && written < max && i + 1 < n) {
			fc_md_printf(md, "\n*The table stops at %zu rows to fit a comment.*\n",
				     written);
			break;
		}
	}
	return written;
}

static size_t count_busy(const struct fc_profile *p, const struct fc_stats_entry *list, size_t n,
			 const unsigned char *skip)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		k += p->frames[list[i].frame].tier != FC_TIER_IDLE &&
		     !(skip && skip[list[i].frame]);
	return k;
}

/* The note under the table by total time: which frames were left out for
 * wrapping the whole program (model/wrappers.h), heaviest first. */
static void wrappers_note(struct fc_md *md, const struct fc_profile *p,
			  const struct fc_stats_entry *by_total, size_t n,
			  const unsigned char *wrapper, size_t n_wrappers)
{
	size_t i, named = 0;

	fc_md_blank_line(md);
	fc_md_printf(md,
		     "*Left out: %zu frame%s that wrap%s the whole program (on the stack "
		     "for %.0f%% or more of its JavaScript time):",
		     n_wrappers, n_wrappers == 1 ? "" : "s", n_wrappers == 1 ? "s" : "",
		     FC_WRAPPER_SHARE * 100);
	for (i = 0; i < n && named < n_wrappers; i++) {
		if (!wrapper[by_total[i].frame])
			continue;
		const struct fc_frame *f = &p->frames[by_total[i].frame];
		const char *name = fc_profile_str(p, f->name);
		if (named == 8) {
			fc_md_printf(md, " and %zu more", n_wrappers - named);
			break;
		}
		fc_md_raw(md, named ? ", " : " ");
		if (name[0]) {
			fc_md_code(md, name);
		} else {
			/* an anonymous function is known by where it is */
			char where[200];
			fc_summary_location(fc_profile_str(p, f->url), f->line, where,
					    sizeof(where), 40);
			fc_md_raw(md, "(anonymous) in ");
			fc_md_code(md, where);
		}
		named++;
	}
	fc_md_raw(md, ".*\n");
}

static void suffixed(char *buf, size_t size, const char *what, const struct fc_profile *p,
		     bool many)
{
	if (many)
		snprintf(buf, size, "%s (%s)", what, p->name);
	else
		snprintf(buf, size, "%s", what);
}

/* A trace read with --tasks (devtools-rules §13.7): the time by DevTools
 * category as the Performance panel's Summary gives it, and the long tasks. */
static bool tasks_sections(const struct fc_profile *p, struct fc_md_doc *doc, bool many)
{
	static const char *const cat_titles[] = { "category", "ms", "% of the range" };
	static const char *const long_titles[] = { "at ms", "ms", "started by", "heaviest inside" };
	struct fc_tasks_summary ts;
	struct fc_md *md;
	char title[256];
	double range;
	size_t i, k;

	if (!fc_tasks_summarize(p, &ts))
		return false;
	range = (double)(ts.end_us - ts.start_us);
	suffixed(title, sizeof(title), "Time by category", p, many);
	md = fc_md_doc_add(doc, title, true);
	fc_md_blank_line(md);
	fc_md_raw(md, "**Time by category** (DevTools' Summary)\n");
	fc_md_table_head(md, cat_titles, "lrr");
	for (int c = 0; c < FC_CAT_COUNT; c++) {
		if (ts.category_us[c] <= 0 && c != FC_CAT_SCRIPTING && c != FC_CAT_RENDERING &&
		    c != FC_CAT_PAINTING && c != FC_CAT_LOADING && c != FC_CAT_SYSTEM &&
		    c != FC_CAT_IDLE)
			continue;
		fc_md_cell(md);
		fc_md_text(md, fc_task_category_name((enum fc_task_category)c));
		fc_md_cell(md);
		ms_cell(md, p, ts.category_us[c]);
		fc_md_cell(md);
		pct_cell(md, ts.category_us[c], range);
		fc_md_row_end(md);
	}
	suffixed(title, sizeof(title), "Long tasks", p, many);
	md = fc_md_doc_add(doc, title, true);
	fc_md_blank_line(md);
	fc_md_printf(md, "**Long tasks** (over 50 ms): %zu\n", ts.n_long_tasks);
	if (ts.n_long_tasks)
		fc_md_table_head(md, long_titles, "rrll");
	for (i = 0; i < ts.n_long_tasks; i++) {
		const struct fc_long_task *lt = &ts.long_tasks[i];
		fc_md_cell(md);
		ms_cell(md, p, (double)(lt->start_us - p->start_us));
		fc_md_cell(md);
		ms_cell(md, p, (double)(lt->end_us - lt->start_us));
		fc_md_cell(md);
		fc_md_text(md, lt->cause == FC_NONE ? "-"
						    : fc_profile_str(p, p->frames[lt->cause].name));
		fc_md_cell(md);
		for (k = 0; k < lt->n_top; k++) {
			const char *name = fc_profile_str(p, p->frames[lt->top[k]].name);
			if (k)
				fc_md_raw(md, ", ");
			fc_md_text(md, name[0] ? name : "(anonymous)");
			fc_md_raw(md, " ");
			ms_cell(md, p, lt->top_us[k]);
			fc_md_raw(md, " ms");
		}
		fc_md_row_end(md);
	}
	fc_tasks_summary_finish(&ts);
	return true;
}

/* The Timings lane of a trace read with --tasks (devtools-rules §13.9):
 * its user timings in DevTools' order, with start and duration. */
static bool timings_section(const struct fc_profile *p, const struct fc_summary_options *o,
			    struct fc_md_doc *doc)
{
	static const char *const titles[] = { "user timing", "kind", "at ms", "ms" };
	static const char *const kinds[] = { "measure", "console", "time stamp", "mark" };
	struct fc_md *md = fc_md_doc_add(doc, p->name, false);
	uint32_t i;

	fc_md_raw(md, "### ");
	heading_text(md, o->title ? o->title : p->name);
	fc_md_raw(md, " — Timings\n\n");
	fc_md_printf(md, "**User timings**: %u (DevTools' Timings track)\n", p->n_timings);
	fc_md_table_head(md, titles, "llrr");
	for (i = 0; i < p->n_timings; i++) {
		const struct fc_timing *t = &p->timings[i];
		fc_md_cell(md);
		fc_md_text(md, fc_profile_str(p, p->frames[p->node_frame[i + 1]].name));
		fc_md_cell(md);
		fc_md_text(md, kinds[t->kind & 3]);
		fc_md_cell(md);
		ms_cell(md, p, (double)(t->start_us - p->start_us));
		fc_md_cell(md);
		if (t->kind == FC_TIMING_MEASURE || t->kind == FC_TIMING_CONSOLE)
			ms_cell(md, p, (double)t->dur_us);
		fc_md_row_end(md);
	}
	return true;
}

static bool one_profile(const struct fc_profile *p, const struct fc_summary_options *o, bool many,
			struct fc_md_doc *doc)
{
	static const char *const tier_titles[] = { "tier", "ms", "% of samples" };
	static const char *const pkg_titles[] = { "package", "self ms", "% of CPU" };
	static const char *const tier_bytes[] = { "tier", "bytes", "% of bytes" };
	static const char *const pkg_bytes[] = { "package", "self", "% of bytes" };
	bool bytes = fc_unit_is_bytes(p->weight_unit);
	const char *what = bytes ? "bytes allocated" : "time";
	size_t top = o->top ? o->top : FC_SUMMARY_TOP, busy, i, n_wrappers = 0;
	unsigned char *wrapper;
	struct fc_stats s;
	struct fc_md *md;
	char title[600], head[64];
	double cpu;

	if (p->timings)
		return timings_section(p, o, doc);
	if (!fc_stats_compute_top(p, SIZE_MAX, &s))
		return false;
	wrapper = malloc((size_t)p->n_frames + 1);
	if (!wrapper || !fc_profile_wrappers(p, wrapper, &n_wrappers)) {
		free(wrapper);
		fc_stats_finish(&s);
		return false;
	}
	cpu = s.sampled_us - s.tier_us[FC_TIER_IDLE];
	md = fc_md_doc_add(doc, p->name, false);
	summary_line(md, p, &s, o, true);

	busy = count_busy(p, s.functions, s.n_functions_with_self, NULL);
	snprintf(head, sizeof(head), "Top functions by self %s", what);
	suffixed(title, sizeof(title), head, p, many);
	md = fc_md_doc_add(doc, title, true);
	fc_md_blank_line(md);
	fc_md_printf(md, "**Top %zu functions by self %s**\n", busy < top ? busy : top, what);
	fc_md_table_head(md, bytes ? fn_bytes_self : fn_titles_self, "rlllrrr");
	function_rows(md, p, s.functions, s.n_functions_with_self, 0, top, false, cpu, NULL);

	snprintf(head, sizeof(head), "Top functions by total %s", what);
	suffixed(title, sizeof(title), head, p, many);
	md = fc_md_doc_add(doc, title, true);
	/* the program's own functions first: its wrappers are named below */
	i = count_busy(p, s.by_total, s.n_by_total, wrapper);
	fc_md_blank_line(md);
	fc_md_printf(md, "**Top %zu functions by total %s** (%s)\n", i < top ? i : top, what,
		     bytes ? "their callees' included" : "time on the stack");
	fc_md_table_head(md, bytes ? fn_bytes_total : fn_titles_total, "rlllrrr");
	function_rows(md, p, s.by_total, s.n_by_total, 0, top, true, cpu, wrapper);
	if (n_wrappers)
		wrappers_note(md, p, s.by_total, s.n_by_total, wrapper, n_wrappers);
	free(wrapper);

	suffixed(title, sizeof(title), bytes ? "Bytes by tier" : "Time by tier", p, many);
	md = fc_md_doc_add(doc, title, true);
	fc_md_blank_line(md);
	fc_md_raw(md, bytes ? "**Bytes allocated by tier**\n" : "**Time by tier**\n");
	fc_md_table_head(md, bytes ? tier_bytes : tier_titles, "lrr");
	for (int t = 0; t < FC_TIER_COUNT; t++) {
		if (s.tier_us[t] <= 0)
			continue;
		fc_md_cell(md);
		fc_md_text(md, fc_tier_name((enum fc_tier)t));
		fc_md_cell(md);
		ms_cell(md, p, s.tier_us[t]);
		fc_md_cell(md);
		pct_cell(md, s.tier_us[t], s.sampled_us);
		fc_md_row_end(md);
	}

	if (fc_tasks_lane(p) && !tasks_sections(p, doc, many)) {
		fc_stats_finish(&s);
		return false;
	}

	if (s.n_packages) {
		double rest = 0;
		suffixed(title, sizeof(title), bytes ? "Bytes by package" : "Time by package", p,
			 many);
		md = fc_md_doc_add(doc, title, true);
		fc_md_blank_line(md);
		fc_md_raw(md,
			  bytes ? "**Bytes allocated by package** (self bytes in `node_modules`)\n"
				: "**Time by package** (self time in `node_modules`)\n");
		fc_md_table_head(md, bytes ? pkg_bytes : pkg_titles, "lrr");
		for (i = 0; i < s.n_packages; i++) {
			if (i >= top) {
				rest += s.packages[i].self_us;
				continue;
			}
			fc_md_cell(md);
			fc_md_code(md, fc_profile_str(p, s.packages[i].frame));
			fc_md_cell(md);
			ms_cell(md, p, s.packages[i].self_us);
			fc_md_cell(md);
			pct_cell(md, s.packages[i].self_us, cpu);
			fc_md_row_end(md);
		}
		if (s.n_packages > top) {
			fc_md_cell(md);
			fc_md_printf(md, "%zu more", s.n_packages - top);
			fc_md_cell(md);
			ms_cell(md, p, rest);
			fc_md_cell(md);
			pct_cell(md, rest, cpu);
			fc_md_row_end(md);
		}
	}

	suffixed(title, sizeof(title), "Hot lines", p, many);
	if (!fc_summary_markdown_lines(p, FC_NONE, top, cpu, title, doc) ||
	    !fc_summary_markdown_functions(p, o, cpu, doc)) {
		fc_stats_finish(&s);
		return false;
	}
	suffixed(title, sizeof(title), "Heaviest stacks", p, many);
	if (!fc_summary_markdown_stacks(p, FC_STACKS_DEFAULT, title, doc)) {
		fc_stats_finish(&s);
		return false;
	}

	if (busy > top) {
		char summary[128];
		size_t rest = busy - top, shown = rest < DETAILS_MAX ? rest : DETAILS_MAX;
		suffixed(title, sizeof(title), "The other functions", p, many);
		md = fc_md_doc_add(doc, title, true);
		snprintf(summary, sizeof(summary), "%zu more functions with self %s", rest,
			 bytes ? "bytes" : "time");
		fc_md_details_begin(md, summary);
		fc_md_table_head(md, bytes ? fn_bytes_self : fn_titles_self, "rlllrrr");
		function_rows(md, p, s.functions, s.n_functions_with_self, top, shown, false, cpu,
			      NULL);
		if (shown < rest)
			fc_md_printf(md, "\n…and %zu more.\n", rest - shown);
		fc_md_details_end(md);
	}
	fc_stats_finish(&s);
	return true;
}

bool fc_summary_markdown(const struct fc_profile_set *set, const struct fc_summary_options *o,
			 struct fc_md_doc *doc)
{
	for (size_t i = 0; i < set->count; i++) {
		if (i > 0)
			fc_md_raw(fc_md_doc_add(doc, "", false), "\n---\n\n");
		if (!one_profile(set->items[i], o, set->count > 1, doc))
			return false;
	}
	return true;
}

bool fc_summary_markdown_write(const struct fc_profile_set *set, const struct fc_summary_options *o,
			       const char *path, struct fc_error *err)
{
	static const struct fc_summary_options defaults = FC_SUMMARY_OPTIONS_INIT;
	struct fc_error scratch;
	struct fc_md_doc doc;
	struct fc_md text;
	struct fc_output out;
	bool ok;

	err = fc_error_begin(err, &scratch);
	if (!set || (set->count > 0 && !set->items)) {
		fc_error_set(err, FC_ERR_USAGE, "fc_summary_markdown_write: no profile set");
		return false;
	}
	o = o ? o : &defaults;
	if (o->version != FC_SUMMARY_OPTIONS_VERSION) {
		fc_error_set(err, FC_ERR_USAGE,
			     "fc_summary_markdown_write: options version %u is not one this "
			     "library knows (%d)",
			     o->version, FC_SUMMARY_OPTIONS_VERSION);
		return false;
	}
	path = path ? path : "-";
	fc_md_doc_init(&doc);
	fc_md_init(&text);
	ok = fc_summary_markdown(set, o, &doc) && fc_md_doc_render(&doc, FC_MD_GITHUB_LIMIT, &text);
	fc_md_doc_finish(&doc);
	if (!ok) {
		fc_md_finish(&text);
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	ok = fc_output_open(&out, path, err);
	if (ok) {
		/* a failed write is sticky: commit reports it and removes the
		 * temporary */
		fc_output_write(&out, text.buf.data, text.buf.len);
		ok = fc_output_commit(&out, err);
	}
	fc_md_finish(&text);
	return ok;
}
