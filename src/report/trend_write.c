/* The trend as text (docs/trend.md): Markdown with a sparkline per series
 * and the steps in words, and the JSON of every series. */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff/internal.h"
#include "write/markdown.h"
#include "report/trend.h"
#include "util/util.h"
#include "model/profile.h"

void fc_trend_sparkline(const double *values, size_t n, size_t width, char *out)
{
	static const char *const bars[] = { "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█" };
	size_t cols = n < width ? n : width, i, j, len = 0;
	double lo = INFINITY, hi = -INFINITY, v[512];

	if (cols > FC_ARRAY_LEN(v))
		cols = FC_ARRAY_LEN(v);
	/* runs averaged into cols buckets, each bucket's runs in order */
	for (i = 0; i < cols; i++) {
		size_t a = i * n / cols, b = (i + 1) * n / cols;
		double s = 0;
		for (j = a; j < b; j++)
			s += values[j];
		v[i] = b > a ? s / (double)(b - a) : 0;
		lo = v[i] < lo ? v[i] : lo;
		hi = v[i] > hi ? v[i] : hi;
	}
	for (i = 0; i < cols; i++) {
		/* flat: all at the lowest bar */
		int k = hi > lo ? (int)((v[i] - lo) / (hi - lo) * 7 + 0.5) : 0;
		memcpy(out + len, bars[k], 3);
		len += 3;
	}
	out[len] = '\0';
}

/* The series' name for people: "CPU time", or "parseRows (work.js)". */
static void series_title(const struct fc_trend *t, const struct fc_trend_series *s, char *out,
			 size_t size)
{
	if (s == &t->total)
		snprintf(out, size, "%s", t->bytes ? "Bytes allocated" : "CPU time");
	else if (s->file[0])
		snprintf(out, size, "%s (%s)", s->name, fc_basename(s->file));
	else
		snprintf(out, size, "%s", s->name);
}

void fc_trend_step_text(const struct fc_trend *t, const struct fc_trend_series *s,
			const struct fc_trend_step *st, struct fc_trend_step_text *out)
{
	series_title(t, s, out->title, sizeof(out->title));
	fc_diff_format_pct(st->after - st->before, st->before, out->pct, sizeof(out->pct));
	fc_diff_format_amount(t->bytes, st->before, out->before, sizeof(out->before));
	fc_diff_format_amount(t->bytes, st->after, out->after, sizeof(out->after));
}

void fc_trend_row_text(const struct fc_trend *t, const struct fc_trend_series *s,
		       struct fc_trend_row *out)
{
	size_t n = t->n_runs;

	series_title(t, s, out->title, sizeof(out->title));
	fc_trend_sparkline(s->means, n, 60, out->spark);
	fc_diff_format_amount(t->bytes, s->means[0], out->first, sizeof(out->first));
	fc_diff_format_amount(t->bytes, s->means[n - 1], out->last, sizeof(out->last));
	fc_diff_format_pct(s->means[n - 1] - s->means[0], s->means[0], out->since_first,
			   sizeof(out->since_first));
	fc_diff_format_pct(s->means[n - 1] - s->means[n - 2], s->means[n - 2], out->since_previous,
			   sizeof(out->since_previous));
}

/* "parseRows (work.js): +38.2% at run 2026-11-08 (2d9c96c), held since" */
static void step_line(struct fc_md *md, const struct fc_trend *t, const struct fc_trend_series *s,
		      const struct fc_trend_step *st)
{
	struct fc_trend_step_text x;

	fc_trend_step_text(t, s, st, &x);
	fc_md_raw(md, "- ");
	fc_md_code(md, x.title);
	fc_md_printf(md, ": %s at run ", x.pct);
	fc_md_text(md, t->runs[st->at].label);
	if (st->newest) {
		fc_md_raw(md, ", held since");
	} else {
		const struct fc_trend_step *next = st + 1;
		fc_md_raw(md, ", until run ");
		fc_md_text(md, t->runs[next->at].label);
	}
	fc_md_printf(md, " (%s → %s per run, p = %.2g)\n", x.before, x.after, st->p_value);
}

static void table_row(struct fc_md *md, const struct fc_trend *t, const struct fc_trend_series *s)
{
	struct fc_trend_row x;

	fc_trend_row_text(t, s, &x);
	fc_md_cell(md);
	if (s == &t->total)
		fc_md_printf(md, "**%s**", x.title);
	else
		fc_md_code(md, x.title);
	fc_md_cell(md);
	fc_md_raw(md, x.spark);
	fc_md_cell(md);
	fc_md_raw(md, x.first);
	fc_md_cell(md);
	fc_md_raw(md, x.last);
	fc_md_cell(md);
	fc_md_raw(md, x.since_first);
	fc_md_cell(md);
	fc_md_raw(md, x.since_previous);
	fc_md_row_end(md);
}

void fc_trend_md(const struct fc_trend *t, size_t top, struct fc_md *m)
{
	static const char *const titles[] = { "Series",      "Runs, oldest to newest",
					      "First run",   "Last run",
					      "Since first", "Since previous" };
	size_t i, j, steps = 0, shown = top < t->n_functions ? top : t->n_functions;

	fc_md_printf(m, "### Trend over %zu runs: ", t->n_runs);
	fc_md_text(m, t->runs[0].label);
	fc_md_raw(m, " → ");
	fc_md_text(m, t->runs[t->n_runs - 1].label);
	fc_md_raw(m, "\n\n");
	/* the steps first: they are the answer */
	for (j = 0; j < t->total.n_steps; j++, steps++)
		step_line(m, t, &t->total, &t->total.steps[j]);
	for (i = 0; i < shown; i++)
		for (j = 0; j < t->functions[i].n_steps; j++, steps++)
			step_line(m, t, &t->functions[i], &t->functions[i].steps[j]);
	if (!steps)
		fc_md_printf(m,
			     "No step: no series of the %zu shown changed level and held "
			     "(docs/trend.md).\n",
			     shown + 1);
	fc_md_blank_line(m);
	fc_md_table_head(m, titles, "llrrrr");
	table_row(m, t, &t->total);
	for (i = 0; i < shown; i++)
		table_row(m, t, &t->functions[i]);
	fc_md_blank_line(m);
	fc_md_printf(m,
		     "_%s per run (the mean of a run's measurements); functions by %s; the "
		     "%zu with the most over the series._\n",
		     t->bytes ? "Bytes allocated" : "CPU time",
		     t->bytes ? "bytes allocated" : "self time, waits left out", shown);
}

bool fc_trend_write_md(const struct fc_trend *t, size_t top, struct fc_output *out,
		       struct fc_error *err)
{
	struct fc_md md;

	fc_md_init(&md);
	fc_trend_md(t, top, &md);
	if (md.buf.failed) {
		fc_md_finish(&md);
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	/* a failed write is remembered by out and reported by its commit */
	fc_output_write(out, md.buf.data, md.buf.len);
	fc_md_finish(&md);
	return true;
}

/* --- JSON ------------------------------------------------------------------- */

static bool put(json_t *o, const char *k, json_t *v)
{
	return v && json_object_set_new(o, k, v) == 0;
}

/* jansson's _new calls take the value whatever happens: each value made
 * here is handed to its parent once, or released when the parent failed. */
static bool adopt(json_t *parent, const char *key, json_t *v, bool ok)
{
	if (!ok) {
		json_decref(v);
		return false;
	}
	return key ? put(parent, key, v) : json_array_append_new(parent, v) == 0;
}

static json_t *series_json(const struct fc_trend *t, const struct fc_trend_series *s)
{
	json_t *o = json_object(), *v = json_array(), *steps = json_array();
	bool ok = o && v && steps;
	size_t i;

	if (ok && s != &t->total)
		ok = put(o, "name", json_string(s->name)) && put(o, "file", json_string(s->file));
	for (i = 0; ok && i < t->n_runs; i++)
		ok = json_array_append_new(v, json_real(s->means[i])) == 0;
	for (i = 0; ok && i < s->n_steps; i++) {
		const struct fc_trend_step *st = &s->steps[i];
		json_t *e = json_object();
		bool ok_e = e && put(e, "run", json_integer((json_int_t)st->at)) &&
			    put(e, "label", json_string(t->runs[st->at].label)) &&
			    put(e, "before", json_real(st->before)) &&
			    put(e, "after", json_real(st->after)) &&
			    put(e, "p_value", json_real(st->p_value)) &&
			    put(e, "held", json_boolean(st->newest));
		ok = adopt(steps, NULL, e, ok_e);
	}
	ok = adopt(o, "values", v, ok);
	ok = adopt(o, "steps", steps, ok);
	if (!ok) {
		json_decref(o);
		return NULL;
	}
	return o;
}

bool fc_trend_write_json(const struct fc_trend *t, struct fc_output *out, struct fc_error *err)
{
	json_t *root = json_object(), *runs = json_array(), *fns = json_array();
	bool ok = root && runs && fns;
	size_t i, j;
	char *text;

	for (i = 0; ok && i < t->n_runs; i++) {
		const struct fc_trend_run *r = &t->runs[i];
		json_t *o = json_object(), *m = json_object();
		bool ok_o = o && m && put(o, "label", json_string(r->label)) &&
			    put(o, "path", json_string(r->path)) &&
			    put(o, "measurements", json_integer((json_int_t)r->n));
		for (j = 0; ok_o && j < r->n_fields; j++)
			ok_o = put(m, r->fields[j].key,
				   r->fields[j].number ? json_real(strtod(r->fields[j].value, NULL))
						       : json_string(r->fields[j].value));
		ok_o = adopt(o, "manifest", m, ok_o);
		ok = adopt(runs, NULL, o, ok_o);
	}
	for (i = 0; ok && i < t->n_functions; i++)
		ok = json_array_append_new(fns, series_json(t, &t->functions[i])) == 0;
	ok = ok && put(root, "version", json_integer(1)) &&
	     put(root, "unit", json_string(t->bytes ? "bytes" : "us"));
	ok = adopt(root, "runs", runs, ok);
	ok = ok && put(root, "total", series_json(t, &t->total));
	ok = adopt(root, "functions", fns, ok);
	text = ok ? json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(12))
		  : NULL;
	json_decref(root);
	if (!text) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	fc_output_write(out, text, strlen(text));
	fc_output_write(out, "\n", 1);
	free(text);
	return true;
}
