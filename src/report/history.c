/* report --history DIR (docs/report.md, "History"): the earlier runs'
 * summaries in DIR and this run's, oldest first, as one trend; its image,
 * Markdown and JSON beside the index, and the History section of
 * index.html and index.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "flamechart/report.h"
#include "render/output.h"
#include "report/internal.h"
#include "report/trend.h"
#include "util/util.h"
#include "write/markdown.h"

#define HISTORY_WIDTH 880 /* px of the image, as trend draws it */
#define SUMMARY_NAME "summary.json"
#define MANIFEST_NAME "run.json"
#define MANIFEST_MAX (64 * 1024) /* bytes, as trend reads them */
#define THIS_RUN "this run"      /* this run's label when no manifest names it */

static const char *const history_files[] = { "history.png", "history.svg", "history.md",
					     "history.json" };

static bool ends_with(const char *s, const char *end)
{
	size_t n = strlen(s), m = strlen(end);

	return n >= m && strcmp(s + n - m, end) == 0;
}

static void say(const struct fc_report *r, const char *text)
{
	if (r->o->hooks.note)
		r->o->hooks.note(r->o->hooks.ctx, text, false);
}

static void note_hook(void *ctx, const char *text)
{
	say(ctx, text);
}

/* A report folder's summary: FOLDER/summary.json, else its one *.json (the
 * name --summary gave it); NULL with err naming the folder. */
static char *folder_summary(const char *folder, struct fc_error *err)
{
	char *path = fc_asprintf("%s/%s", folder, SUMMARY_NAME), *found = NULL, **v;
	struct stat st;
	size_t n, i, count = 0;

	if (!path || stat(path, &st) == 0)
		goto done;
	free(path);
	path = NULL;
	if (!(v = fc_trend_list_dir(folder, &n, err)))
		return NULL;
	for (i = 0; i < n; i++)
		if (ends_with(v[i], ".json") && !fc_report_is_output_name(fc_basename(v[i])) &&
		    count++ == 0)
			found = v[i];
	if (count == 1)
		path = fc_strdup(found);
	fc_trend_free_list(v, n);
	if (count != 1) {
		fc_error_set(err, FC_ERR_INVALID,
			     count ? "a report folder with several JSON files and no " SUMMARY_NAME
				   : "a report folder without its summary (" SUMMARY_NAME
				     ", report --summary)");
		fc_error_set_file(err, folder);
		return NULL;
	}
done:
	if (!path)
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
	return path;
}

/* The earlier runs: each summary JSON in DIR (its manifest beside it,
 * NAME.run.json) and each report folder (its summary, FOLDER/run.json). */
static bool add_earlier(struct fc_report *r, struct fc_trend *t, struct fc_error *err)
{
	size_t n, i;
	char **v = fc_trend_list_dir(r->o->history, &n, err);
	struct stat out, st;
	bool ok = v != NULL, have_out = stat(r->outdir, &out) == 0;
	/* DIR is OUTDIR: what this report writes there is no earlier run */
	bool in_out = have_out && stat(r->o->history, &st) == 0 && st.st_dev == out.st_dev &&
		      st.st_ino == out.st_ino;

	for (i = 0; ok && i < n; i++) {
		const char *path = v[i];
		char *summary = NULL, *manifest = NULL;
		if ((in_out && fc_report_is_output_name(fc_basename(path))) ||
		    (stat(path, &st) == 0 && have_out && st.st_dev == out.st_dev &&
		     st.st_ino == out.st_ino)) {
			/* this run, added last */
		} else if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
			summary = folder_summary(path, err);
			manifest = summary ? fc_asprintf("%s/%s", path, MANIFEST_NAME) : NULL;
			ok = manifest && fc_trend_add_summary(t, path, summary, manifest, NULL,
							      note_hook, r, err);
			if (summary && !manifest)
				fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		} else if (ends_with(path, ".json")) {
			ok = fc_trend_add_run(t, path, note_hook, r, err);
		} else {
			char *text = fc_asprintf("history: skipped %s: neither a report summary "
						 "(*.json) nor a report folder",
						 path);
			if (text)
				say(r, text);
			free(text);
		}
		free(summary);
		free(manifest);
	}
	if (v)
		fc_trend_free_list(v, n);
	return ok;
}

/* The image, Markdown and JSON of the trend, in OUTDIR. */
static bool write_outputs(const struct fc_report *r, const struct fc_trend *t, struct fc_error *err)
{
	size_t i;
	bool ok = true;

	for (i = 0; ok && i < FC_ARRAY_LEN(history_files); i++) {
		char *path = fc_asprintf("%s/%s", r->outdir, history_files[i]);
		struct fc_output out;
		if (!path) {
			fc_error_set(err, FC_ERR_NOMEM, "out of memory");
			return false;
		}
		if (ends_with(path, ".png") || ends_with(path, ".svg")) {
			ok = fc_trend_write_image(t, r->history_top, HISTORY_WIDTH, r->o->theme,
						  NULL, path, err);
		} else if (fc_output_open(&out, path, err)) {
			ok = ends_with(path, ".md")
				     ? fc_trend_write_md(t, r->history_top, &out, err)
				     : fc_trend_write_json(t, &out, err);
			if (ok || out.failed)
				ok = fc_output_commit(&out, err);
			else
				fc_output_abort(&out);
		} else {
			ok = false;
		}
		free(path);
	}
	return ok;
}

/* Copies DIR/run.json, when there is one, to OUTDIR/run.json (at most
 * MANIFEST_MAX bytes: the trend reads no more). */
static bool keep_manifest(const struct fc_report *r, struct fc_error *err)
{
	char *from = r->dir ? fc_asprintf("%s/%s", r->dir, MANIFEST_NAME) : NULL;
	char *to = fc_asprintf("%s/%s", r->outdir, MANIFEST_NAME), *buf = malloc(MANIFEST_MAX + 1);
	struct stat a, b;
	struct fc_output out;
	size_t len;
	FILE *f;
	bool ok = true;

	if (!to || !buf || (r->dir && !from)) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		ok = false;
	} else if (from && stat(from, &a) == 0 && S_ISREG(a.st_mode) &&
		   !(stat(to, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino) &&
		   (f = fopen(from, "rb"))) {
		len = fread(buf, 1, MANIFEST_MAX + 1, f);
		fclose(f);
		if (len > MANIFEST_MAX) {
			fc_error_set(err, FC_ERR_LIMIT, "a manifest of more than %d kB",
				     MANIFEST_MAX / 1024);
			fc_error_set_file(err, from);
			ok = false;
		} else if ((ok = fc_output_open(&out, to, err))) {
			fc_output_write(&out, buf, len);
			ok = fc_output_commit(&out, err);
		}
	}
	free(buf);
	free(from);
	free(to);
	return ok;
}

bool fc_report_history(struct fc_report *r, const char *summary, struct fc_trend *t,
		       struct fc_error *err)
{
	const struct fc_trend_options o = {
		.alpha = 0.05, .min_segment = 3, .min_change = 0.10, .min_share = 0.01
	};
	char *manifest;
	bool ok;

	if (!fc_trend_init(t, &o)) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	r->history_top = r->o->history_top ? r->o->history_top : FC_TREND_TOP;
	if (!add_earlier(r, t, err) || !fc_trend_order(t, r->o->history_order_by, err))
		return false;
	r->history_earlier = t->n_runs;
	/* this run's manifest: DIR/run.json, kept in OUTDIR so that OUTDIR is
	 * a named run of a later history; else OUTDIR/run.json (--merge) */
	if (!keep_manifest(r, err))
		return false;
	manifest = fc_asprintf("%s/%s", r->outdir, MANIFEST_NAME);
	if (!manifest) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	ok = fc_trend_add_summary(t, r->outdir, summary, manifest, THIS_RUN, note_hook, r, err);
	free(manifest);
	if (!ok)
		return false;
	/* the first run of a history has none yet: the section says so */
	if (t->n_runs < 2) {
		r->history = t;
		return true;
	}
	if (!fc_trend_compute(t, err) || !write_outputs(r, t, err))
		return false;
	r->history = t;
	return true;
}

/* --- the History section ---------------------------------------------------- */

/* The series shown with their steps, in the order of the Markdown. */
static size_t shown(const struct fc_report *r)
{
	const struct fc_trend *t = r->history;

	return r->history_top < t->n_functions ? r->history_top : t->n_functions;
}

static const struct fc_trend_series *series_at(const struct fc_trend *t, size_t i)
{
	return i == 0 ? &t->total : &t->functions[i - 1];
}

static size_t count_steps(const struct fc_report *r)
{
	size_t i, n = 0;

	for (i = 0; i <= shown(r); i++)
		n += series_at(r->history, i)->n_steps;
	return n;
}

/* The image's text for those who do not see it: what it shows, and the
 * steps. */
static void html_alt(struct fc_output *o, const struct fc_report *r)
{
	const struct fc_trend *t = r->history;
	size_t i, j;
	bool any = false;

	fc_output_printf(o, "%s per run over %zu runs, ", t->bytes ? "Bytes allocated" : "CPU time",
			 t->n_runs);
	fc_report_html_text(o, t->runs[0].label);
	fc_output_printf(o, " to ");
	fc_report_html_text(o, t->runs[t->n_runs - 1].label);
	fc_output_printf(o, ", and the self time of the %zu heaviest functions. ", shown(r));
	for (i = 0; i <= shown(r); i++) {
		const struct fc_trend_series *s = series_at(t, i);
		for (j = 0; j < s->n_steps; j++) {
			struct fc_trend_step_text x;
			fc_trend_step_text(t, s, &s->steps[j], &x);
			fc_output_printf(o, "%s", any ? "; " : "Steps: ");
			fc_report_html_text(o, x.title);
			fc_output_printf(o, " %s at run ", x.pct);
			fc_report_html_text(o, t->runs[s->steps[j].at].label);
			any = true;
		}
	}
	fc_output_printf(o, "%s", any ? "." : "No step.");
}

static void html_steps(struct fc_output *o, const struct fc_report *r)
{
	const struct fc_trend *t = r->history;
	size_t i, j;

	if (!count_steps(r)) {
		fc_output_printf(
			o,
			"<p><strong>No step</strong>: none of the %zu series shown changed "
			"level and held.</p>\n",
			shown(r) + 1);
		return;
	}
	fc_output_printf(o, "<ul class=\"steps\">\n");
	for (i = 0; i <= shown(r); i++) {
		const struct fc_trend_series *s = series_at(t, i);
		for (j = 0; j < s->n_steps; j++) {
			const struct fc_trend_step *st = &s->steps[j];
			struct fc_trend_step_text x;
			fc_trend_step_text(t, s, st, &x);
			fc_output_printf(o, "<li><code>");
			fc_report_html_text(o, x.title);
			fc_output_printf(o, "</code>: <strong>%s</strong> at run <strong>", x.pct);
			fc_report_html_text(o, t->runs[st->at].label);
			fc_output_printf(o, "</strong>, ");
			if (st->newest) {
				fc_output_printf(o, "held since");
			} else {
				fc_output_printf(o, "until run ");
				fc_report_html_text(o, t->runs[(st + 1)->at].label);
			}
			fc_output_printf(o,
					 " <span class=\"small\">(%s → %s per run, p = "
					 "%.2g)</span></li>\n",
					 x.before, x.after, st->p_value);
		}
	}
	fc_output_printf(o, "</ul>\n");
}

static void html_table(struct fc_output *o, const struct fc_report *r)
{
	static const char *const heads[] = { "Series",      "Runs, oldest to newest",
					     "First run",   "Last run",
					     "Since first", "Since previous" };
	const struct fc_trend *t = r->history;
	size_t i, k;

	fc_output_printf(o, "<table class=\"trend\"><thead><tr>");
	for (k = 0; k < FC_ARRAY_LEN(heads); k++)
		fc_output_printf(o, "<th%s>%s</th>", k >= 2 ? " class=\"num\"" : "", heads[k]);
	fc_output_printf(o, "</tr></thead><tbody>\n");
	for (i = 0; i <= shown(r); i++) {
		struct fc_trend_row x;
		fc_trend_row_text(t, series_at(t, i), &x);
		fc_output_printf(o, "<tr><td class=\"series\">%s", i ? "<code>" : "<strong>");
		fc_report_html_text(o, x.title);
		fc_output_printf(o,
				 "%s</td><td class=\"spark\" data-label=\"Runs\" "
				 "title=\"oldest to newest\">%s</td>",
				 i ? "</code>" : "</strong>", x.spark);
		fc_output_printf(o,
				 "<td class=\"num\" data-label=\"First run\">%s</td>"
				 "<td class=\"num\" data-label=\"Last run\">%s</td>"
				 "<td class=\"num\" data-label=\"Since first\">%s</td>"
				 "<td class=\"num\" data-label=\"Since previous\">%s</td></tr>\n",
				 x.first, x.last, x.since_first, x.since_previous);
	}
	fc_output_printf(o, "</tbody></table>\n");
}

void fc_report_html_history(struct fc_output *o, const struct fc_report *r)
{
	const struct fc_trend *t = r->history;
	size_t i;

	if (!t)
		return;
	fc_output_printf(o, "<section id=\"history\"><h2>History</h2>\n");
	if (t->n_runs < 2) {
		fc_output_printf(o, "<p>No earlier run in ");
		fc_report_html_text(o, r->o->history);
		fc_output_printf(o, " yet: the history starts with this run (keep this folder, "
				    "or its summary.json, there).</p></section>\n");
		return;
	}
	fc_output_printf(o, "<p>%zu runs, oldest to newest: ", t->n_runs);
	fc_report_html_text(o, t->runs[0].label);
	fc_output_printf(o, " → ");
	fc_report_html_text(o, t->runs[t->n_runs - 1].label);
	fc_output_printf(o,
			 "%s. CPU time per run, and each function's self time, waits left "
			 "out.</p>\n",
			 strcmp(t->runs[t->n_runs - 1].label, THIS_RUN) ? " (this run)" : "");
	html_steps(o, r);
	fc_output_printf(o, "<a href=\"history.svg\"><img class=\"trend\" alt=\"");
	html_alt(o, r);
	fc_output_printf(o, "\" src=\"");
	if (!fc_report_data_uri(o, r->outdir, "history.png"))
		fc_output_printf(o, "history.png");
	fc_output_printf(o, "\"></a>\n");
	html_table(o, r);
	fc_output_printf(o, "<p class=\"small files\">");
	for (i = 0; i < FC_ARRAY_LEN(history_files); i++)
		fc_output_printf(o, "<a href=\"%s\">%s</a> ", history_files[i], history_files[i]);
	fc_output_printf(o,
			 "· the runs: %zu from the history folder, ordered by %s, and this "
			 "one</p></section>\n",
			 r->history_earlier,
			 r->o->history_order_by && strcmp(r->o->history_order_by, "args") != 0
				 ? r->o->history_order_by
				 : "name");
}

void fc_report_md_history(struct fc_md *md, const struct fc_report *r)
{
	const struct fc_trend *t = r->history;
	size_t i;

	if (!t)
		return;
	fc_md_blank_line(md);
	fc_md_raw(md, "## History\n\n");
	if (t->n_runs < 2) {
		fc_md_raw(md, "No earlier run in ");
		fc_md_code(md, r->o->history);
		fc_md_raw(md, " yet: the history starts with this run.\n");
		return;
	}
	fc_trend_md(t, r->history_top, md);
	fc_md_blank_line(md);
	fc_md_image(md, "CPU time and the heaviest functions' self time per run", "history.png");
	fc_md_raw(md, "\n\n");
	for (i = 0; i < FC_ARRAY_LEN(history_files); i++) {
		fc_md_link(md, history_files[i], history_files[i]);
		fc_md_raw(md, " ");
	}
	fc_md_raw(md, "\n");
}
