/* The diff's JSON summary (docs/diff.md): both sides, every matched
 * function, tier and package, and the --fail-on rules. Written with jansson
 * (docs/ARCHITECTURE.md: small structured outputs), the function, tier and package
 * lists an entry at a time: they grow with the input, and a tree of them
 * all would cost far more than the text. A value that cannot be made fails
 * the write: no field is ever left out. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "diff/internal.h"
#include "model/classify.h"
#include "util/util.h"
#include "model/profile.h"

static json_t *num(double v)
{
	/* µs with a tenth of a µs at most: stable text */
	return json_real(isfinite(v) ? round(v * 10) / 10 : 0);
}

/* A string from the input or the command line (a file name need not be
 * UTF-8): as it is when it is clean text, else cleaned (U+FFFD). */
static json_t *str(const char *s)
{
	json_t *v = json_string(s);
	char *clean;

	if (v)
		return v;
	clean = fc_strdup_clean(s);
	v = clean ? json_string(clean) : NULL;
	free(clean);
	return v;
}

/* A test's statistic: t or z, null when it is infinite (no spread on
 * either side and different means: p is 0). */
static json_t *statistic(double stat)
{
	return isfinite(stat) ? json_real(stat) : json_null();
}

/* o[k] = v (taken), and *ok false when either could not be made or v not
 * set. */
static void set(json_t *o, const char *k, json_t *v, bool *ok)
{
	if (!o)
		json_decref(v);
	if (!v || !o || json_object_set_new(o, k, v) != 0)
		*ok = false;
}

static void append(json_t *a, json_t *v, bool *ok)
{
	if (!a)
		json_decref(v);
	if (!v || !a || json_array_append_new(a, v) != 0)
		*ok = false;
}

static json_t *item_json(const struct fc_diff_item *x, bool function)
{
	json_t *o = json_object();
	bool ok = true;
	char buf[FC_DIFF_TEXT_MAX + 1];

	set(o, "name", str(fc_diff_text(x->name, buf)), &ok);
	if (function) {
		set(o, "file", str(fc_diff_text(x->file, buf)), &ok);
		set(o, "tier", json_string(fc_tier_name((enum fc_tier)x->tier)), &ok);
		set(o, "package", str(fc_diff_text(x->package, buf)), &ok);
		if (x->thread >= 0) /* functions per thread slot */
			set(o, "thread", json_integer(x->thread + 1), &ok);
	}
	set(o, "base_self_us", num(x->side[0].self_us), &ok);
	set(o, "head_self_us", num(x->side[1].self_us), &ok);
	set(o, "delta_self_us", num(fc_diff_delta_self(x)), &ok);
	if (function) {
		set(o, "base_total_us", num(x->side[0].total_us), &ok);
		set(o, "head_total_us", num(x->side[1].total_us), &ok);
		set(o, "delta_total_us", num(fc_diff_delta_total(x)), &ok);
	}
	set(o, "p_value", json_real(x->p_value), &ok);
	set(o, "statistic", statistic(x->stat), &ok);
	set(o, "significant", json_boolean(x->significant), &ok);
	if (!ok) {
		json_decref(o);
		return NULL;
	}
	return o;
}

#define DUMP_FLAGS (JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10))

/* Writes v as it stands two levels down in the document (an element of a
 * member's array), and decrefs it. */
static bool write_nested(struct fc_output *out, json_t *v, bool *nomem)
{
	char *text = v ? json_dumps(v, DUMP_FLAGS) : NULL, *p, *nl;
	bool ok = true;

	json_decref(v);
	if (!text) {
		*nomem = true;
		return false;
	}
	for (p = text; ok && (nl = strchr(p, '\n')) != NULL; p = nl + 1)
		ok = fc_output_write(out, p, (size_t)(nl - p) + 1) &&
		     fc_output_write(out, "    ", 4);
	ok = ok && fc_output_write(out, p, strlen(p));
	free(text);
	return ok;
}

/* The array of items (sorted as fc_diff_order sorts), an entry at a time. */
static bool write_items(const struct fc_diff *d, struct fc_output *out,
			const struct fc_diff_item *v, size_t n, bool function, bool *nomem)
{
	size_t *order = fc_diff_order(d, v, n), i;
	bool ok = true, first = true;

	if (!order) {
		*nomem = true;
		return false;
	}
	for (i = 0; ok && i < n; i++) {
		if (v[order[i]].thread_root)
			continue;
		ok = fc_output_write(out, first ? "[\n    " : ",\n    ", 6) &&
		     write_nested(out, item_json(&v[order[i]], function), nomem);
		first = false;
	}
	free(order);
	return ok && fc_output_write(out, first ? "[]" : "\n  ]", first ? 2 : 4);
}

static json_t *side_json(const struct fc_diff *d, int s)
{
	const struct fc_diff_input *in = &d->side[s];
	json_t *o = json_object(), *runs = json_array();
	size_t r, t;
	bool ok = true;

	set(o, "input", str(in->path), &ok);
	for (r = 0; r < in->n_runs; r++) {
		json_t *run = json_object(), *threads = json_array();
		set(run, "run", str(in->runs[r].label), &ok);
		for (t = 0; t < in->runs[r].n; t++)
			append(threads, str(in->runs[r].threads[t]), &ok);
		set(run, "threads", threads, &ok);
		set(run, "total_us", num(in->run_total_us[r] * in->scale), &ok);
		append(runs, run, &ok);
	}
	set(o, "runs", runs, &ok);
	set(o, "total_us", num(in->total_us), &ok);
	set(o, "samples", json_integer((json_int_t)in->samples), &ok);
	set(o, "app_prefix", in->app_prefix ? str(in->app_prefix) : json_null(), &ok);
	set(o, "scale", json_real(in->scale), &ok);
	if (!ok) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* Which thread matched which: the i-th thread of every run of each side;
 * with several threads, each slot's CPU time per run and its change. */
static json_t *threads_json(const struct fc_diff *d)
{
	json_t *a = json_array();
	size_t n = d->n_threads, i;
	int s;
	bool ok = true;

	for (s = 0; s < 2; s++)
		if (d->side[s].n_runs && d->side[s].runs[0].n > n)
			n = d->side[s].runs[0].n;
	for (i = 0; i < n; i++) {
		json_t *o = json_object();
		set(o, "index", json_integer((json_int_t)i), &ok);
		for (s = 0; s < 2; s++) {
			const struct fc_diff_input *in = &d->side[s];
			set(o, s ? "head" : "base",
			    in->n_runs && i < in->runs[0].n ? str(in->runs[0].threads[i])
							    : json_null(),
			    &ok);
		}
		if (i < d->n_threads) {
			const struct fc_diff_item *x = &d->threads[i];
			set(o, "base_us", num(x->side[0].self_us), &ok);
			set(o, "head_us", num(x->side[1].self_us), &ok);
			set(o, "delta_us", num(fc_diff_delta_self(x)), &ok);
			set(o, "p_value", json_real(x->p_value), &ok);
			set(o, "statistic", statistic(x->stat), &ok);
			set(o, "significant", json_boolean(x->significant), &ok);
		}
		append(a, o, &ok);
	}
	if (!ok) {
		json_decref(a);
		return NULL;
	}
	return a;
}

/* The members that grow with the input stand in the document as these
 * strings until it is written: each is replaced by its array, streamed. */
static const char *const lists[] = { "\001functions", "\001tiers", "\001packages" };
static const char *const list_marks[] = { "\"\\u0001functions\"", "\"\\u0001tiers\"",
					  "\"\\u0001packages\"" };

bool fc_diff_write_json(const struct fc_diff *d, struct fc_output *out, struct fc_error *err)
{
	json_t *root = json_object(), *rules = json_array(), *total = json_object(),
	       *sc = json_array();
	char *text, *p;
	size_t i;
	bool ok = true, nomem = false;

	set(root, "mode", json_string("diff"), &ok);
	set(root, "match",
	    json_string(d->options.match == FC_DIFF_MATCH_EXACT  ? "exact"
			: d->options.match == FC_DIFF_MATCH_NAME ? "name"
								 : "function"),
	    &ok);
	set(root, "normalize", json_string(d->options.normalize_total ? "total" : "none"), &ok);
	set(root, "test", json_string(d->test), &ok);
	set(root, "alpha", json_real(d->options.alpha), &ok);
	set(root, "min_change_us", num(d->threshold_us), &ok);
	for (i = 0; i < d->options.n_scope; i++)
		append(sc, str(d->options.scope[i]), &ok);
	set(root, "scope", sc, &ok);
	set(root, "base", side_json(d, FC_DIFF_BASE), &ok);
	set(root, "head", side_json(d, FC_DIFF_HEAD), &ok);
	set(root, "threads", threads_json(d), &ok);
	set(total, "base_us", num(d->total.side[0].self_us), &ok);
	set(total, "head_us", num(d->total.side[1].self_us), &ok);
	set(total, "delta_us", num(fc_diff_delta_self(&d->total)), &ok);
	set(total, "p_value", json_real(d->total.p_value), &ok);
	set(total, "significant", json_boolean(d->total.significant), &ok);
	set(root, "total", total, &ok);
	set(root, "functions", json_string(lists[0]), &ok);
	set(root, "tiers", json_string(lists[1]), &ok);
	set(root, "packages", json_string(lists[2]), &ok);
	for (i = 0; i < d->n_rules; i++) {
		json_t *r = json_object();
		set(r, "rule", str(d->rules[i].text), &ok);
		set(r, "crossed", json_boolean(d->rules[i].crossed), &ok);
		set(r, "why", d->rules[i].why ? str(d->rules[i].why) : json_null(), &ok);
		append(rules, r, &ok);
	}
	set(root, "fail_on", rules, &ok);
	set(root, "failed", json_boolean(d->failed), &ok);
	text = ok ? json_dumps(root, DUMP_FLAGS) : NULL;
	json_decref(root);
	if (!text) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	/* the text around the lists, and each list streamed in its place */
	p = text;
	for (i = 0; ok && i < 3; i++) {
		char *at = strstr(p, list_marks[i]);
		const struct fc_diff_item *v = i == 0   ? d->functions
					       : i == 1 ? d->tiers
							: d->packages;
		size_t n = i == 0 ? d->n_functions : i == 1 ? d->n_tiers : d->n_packages;
		ok = at && fc_output_write(out, p, (size_t)(at - p)) &&
		     write_items(d, out, v, n, i == 0, &nomem);
		if (at)
			p = at + strlen(list_marks[i]);
	}
	ok = ok && fc_output_write(out, p, strlen(p)) && fc_output_write(out, "\n", 1);
	free(text);
	if (!ok)
		fc_error_set(err, nomem ? FC_ERR_NOMEM : FC_ERR_OUTPUT,
			     nomem ? "out of memory" : "write error");
	return ok;
}
