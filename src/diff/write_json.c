/* The diff's JSON summary (docs/diff.md): both sides, every matched
 * function, tier and package, and the --fail-on rules. Written with jansson
 * (docs/ARCHITECTURE.md: small structured outputs). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "diff/internal.h"
#include "flamechart/classify.h"
#include "util/util.h"

static json_t *num(double v)
{
	/* µs with a tenth of a µs at most: stable text */
	return json_real(isfinite(v) ? round(v * 10) / 10 : 0);
}

static json_t *item_json(const struct fc_diff_item *x, bool function)
{
	json_t *o = json_object();

	if (!o)
		return NULL;
	json_object_set_new(o, "name", json_string(x->name));
	if (function) {
		json_object_set_new(o, "file", json_string(x->file));
		json_object_set_new(o, "tier", json_string(fc_tier_name((enum fc_tier)x->tier)));
		json_object_set_new(o, "package", json_string(x->package));
		if (x->thread >= 0) /* functions per thread slot */
			json_object_set_new(o, "thread", json_integer(x->thread + 1));
	}
	json_object_set_new(o, "base_self_us", num(x->side[0].self_us));
	json_object_set_new(o, "head_self_us", num(x->side[1].self_us));
	json_object_set_new(o, "delta_self_us", num(x->delta_self_us));
	if (function) {
		json_object_set_new(o, "base_total_us", num(x->side[0].total_us));
		json_object_set_new(o, "head_total_us", num(x->side[1].total_us));
		json_object_set_new(o, "delta_total_us", num(x->delta_total_us));
	}
	json_object_set_new(o, "p_value", json_real(x->p_value));
	json_object_set_new(o, "statistic", json_real(isfinite(x->stat) ? x->stat : 0));
	json_object_set_new(o, "significant", json_boolean(x->significant));
	return o;
}

static json_t *items_json(const struct fc_diff *d, const struct fc_diff_item *v, size_t n,
			  bool function)
{
	json_t *a = json_array();
	size_t *order = fc_diff_order(d, v, n), i;

	if (!a || !order) {
		free(order);
		json_decref(a);
		return NULL;
	}
	for (i = 0; i < n; i++)
		if (!v[order[i]].thread_root)
			json_array_append_new(a, item_json(&v[order[i]], function));
	free(order);
	return a;
}

static json_t *side_json(const struct fc_diff *d, int s)
{
	const struct fc_diff_input *in = &d->side[s];
	json_t *o = json_object(), *runs = json_array();
	size_t r, t;

	if (!o || !runs) {
		json_decref(o);
		json_decref(runs);
		return NULL;
	}
	json_object_set_new(o, "input", json_string(in->path));
	for (r = 0; r < in->n_runs; r++) {
		json_t *run = json_object(), *threads = json_array();
		json_object_set_new(run, "run", json_string(in->runs[r].label));
		for (t = 0; t < in->runs[r].n; t++)
			json_array_append_new(threads, json_string(in->runs[r].threads[t]));
		json_object_set_new(run, "threads", threads);
		json_object_set_new(run, "total_us", num(in->run_total_us[r] * in->scale));
		json_array_append_new(runs, run);
	}
	json_object_set_new(o, "runs", runs);
	json_object_set_new(o, "total_us", num(in->total_us));
	json_object_set_new(o, "samples", json_integer((json_int_t)in->samples));
	json_object_set_new(o, "app_prefix",
			    in->app_prefix ? json_string(in->app_prefix) : json_null());
	json_object_set_new(o, "scale", json_real(in->scale));
	return o;
}

/* Which thread matched which: the i-th thread of every run of each side;
 * with several threads, each slot's CPU time per run and its change. */
static json_t *threads_json(const struct fc_diff *d)
{
	json_t *a = json_array();
	size_t n = d->n_threads, i;
	int s;

	for (s = 0; s < 2; s++)
		if (d->side[s].n_runs && d->side[s].runs[0].n > n)
			n = d->side[s].runs[0].n;
	for (i = 0; i < n; i++) {
		json_t *o = json_object();
		json_object_set_new(o, "index", json_integer((json_int_t)i));
		for (s = 0; s < 2; s++) {
			const struct fc_diff_input *in = &d->side[s];
			json_object_set_new(o, s ? "head" : "base",
					    in->n_runs && i < in->runs[0].n
						    ? json_string(in->runs[0].threads[i])
						    : json_null());
		}
		if (i < d->n_threads) {
			const struct fc_diff_item *x = &d->threads[i];
			json_object_set_new(o, "base_us", num(x->side[0].self_us));
			json_object_set_new(o, "head_us", num(x->side[1].self_us));
			json_object_set_new(o, "delta_us", num(x->delta_self_us));
			json_object_set_new(o, "p_value", json_real(x->p_value));
			json_object_set_new(o, "statistic",
					    json_real(isfinite(x->stat) ? x->stat : 0));
			json_object_set_new(o, "significant", json_boolean(x->significant));
		}
		json_array_append_new(a, o);
	}
	return a;
}

bool fc_diff_write_json(const struct fc_diff *d, struct fc_output *out, struct fc_error *err)
{
	json_t *root = json_object(), *rules = json_array(), *total = json_object();
	char *text;
	size_t i;
	bool ok;

	if (!root || !rules || !total)
		goto nomem;
	json_object_set_new(root, "mode", json_string("diff"));
	json_object_set_new(root, "match",
			    json_string(d->options.match == FC_DIFF_MATCH_EXACT  ? "exact"
					: d->options.match == FC_DIFF_MATCH_NAME ? "name"
										 : "function"));
	json_object_set_new(root, "normalize",
			    json_string(d->options.normalize_total ? "total" : "none"));
	json_object_set_new(root, "test", json_string(d->test));
	json_object_set_new(root, "alpha", json_real(d->options.alpha));
	json_object_set_new(root, "min_change_us", num(d->threshold_us));
	{
		json_t *sc = json_array();
		for (i = 0; i < d->options.n_scope; i++)
			json_array_append_new(sc, json_string(d->options.scope[i]));
		json_object_set_new(root, "scope", sc);
	}
	json_object_set_new(root, "base", side_json(d, FC_DIFF_BASE));
	json_object_set_new(root, "head", side_json(d, FC_DIFF_HEAD));
	json_object_set_new(root, "threads", threads_json(d));
	json_object_set_new(total, "base_us", num(d->total.side[0].self_us));
	json_object_set_new(total, "head_us", num(d->total.side[1].self_us));
	json_object_set_new(total, "delta_us", num(d->total.delta_self_us));
	json_object_set_new(total, "p_value", json_real(d->total.p_value));
	json_object_set_new(total, "significant", json_boolean(d->total.significant));
	json_object_set_new(root, "total", total);
	total = NULL;
	json_object_set_new(root, "functions", items_json(d, d->functions, d->n_functions, true));
	json_object_set_new(root, "tiers", items_json(d, d->tiers, d->n_tiers, false));
	json_object_set_new(root, "packages", items_json(d, d->packages, d->n_packages, false));
	for (i = 0; i < d->n_rules; i++) {
		json_t *r = json_object();
		json_object_set_new(r, "rule", json_string(d->rules[i].text));
		json_object_set_new(r, "crossed", json_boolean(d->rules[i].crossed));
		json_object_set_new(r, "why",
				    d->rules[i].why ? json_string(d->rules[i].why) : json_null());
		json_array_append_new(rules, r);
	}
	json_object_set_new(root, "fail_on", rules);
	rules = NULL;
	json_object_set_new(root, "failed", json_boolean(d->failed));
	text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10));
	json_decref(root);
	if (!text)
		goto nomem_text;
	ok = fc_output_write(out, text, strlen(text)) && fc_output_write(out, "\n", 1);
	free(text);
	if (!ok)
		fc_error_set(err, FC_ERR_OUTPUT, "write error");
	return ok;
nomem:
	json_decref(root);
	json_decref(rules);
	json_decref(total);
nomem_text:
	fc_error_set(err, FC_ERR_NOMEM, "out of memory");
	return false;
}
