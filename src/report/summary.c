/* A report's JSON summary (--summary FILE, docs/report.md): the totals and
 * each profile's numbers, from the manifests alone. The bytes depend only
 * on the inputs. */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "model/classify.h"
#include "render/output.h"
#include "flamechart/report.h"
#include "report/internal.h"
#include "util/util.h"
#include "model/profile.h"

static bool put(json_t *o, const char *k, json_t *v)
{
	return v && json_object_set_new(o, k, v) == 0;
}

bool fc_report_put_functions(json_t *o, const struct fc_report_file *f)
{
	json_t *list = json_array(), *other = json_object();
	bool ok = list && other && put(other, "count", json_integer((json_int_t)f->other_count)) &&
		  put(other, "self", json_real(f->other_self));
	size_t k;

	for (k = 0; ok && k < f->n_functions; k++) {
		const struct fc_report_function *fn = &f->functions[k];
		json_t *e = json_object();
		ok = e && put(e, "name", json_string(fn->name)) &&
		     put(e, "file", json_string(fn->file)) && put(e, "self", json_real(fn->self)) &&
		     put(e, "total", json_real(fn->total));
		if (!ok)
			json_decref(e);
		else
			ok = json_array_append_new(list, e) == 0; /* takes e either way */
	}
	if (!ok || !put(o, "cpu", json_real(f->cpu))) {
		json_decref(list);
		json_decref(other);
		return false;
	}
	/* put takes its value either way */
	ok = put(o, "functions", list);
	return put(o, "functions_other", other) && ok;
}

bool fc_report_write_summary(const struct fc_report *r, const char *path, struct fc_error *err)
{
	json_t *root = json_object(), *profiles = json_array(), *tiers = json_object(),
	       *pkgs = json_object();
	double tier_total[FC_TIER_COUNT] = { 0 };
	struct fc_output o;
	size_t i, k, ok_count = 0;
	bool ok = root && profiles && tiers && pkgs;
	char *text;
	int t;

	for (i = 0; ok && i < r->n_files; i++) {
		const struct fc_report_file *f = &r->files[i];
		json_t *p = json_object(), *pt = json_object(), *pp = json_object(),
		       *top = json_array();
		ok = p && pt && pp && top && put(p, "file", json_string(f->rel)) &&
		     put(p, "status", json_string(f->ok ? "ok" : "failed"));
		if (ok && !f->ok) {
			ok = put(p, "error", json_string(f->error ? f->error : ""));
			json_decref(pt);
			json_decref(pp);
			json_decref(top);
			pt = pp = top = NULL;
		} else if (ok) {
			ok_count++;
			/* a heap profile: its *_ms hold bytes, a count's
			 * samples, and stay out of the totals, which are times */
			if (f->bytes || f->counts)
				ok = put(p, "unit",
					 json_string(f->bytes ? FC_UNIT_BYTES : "samples"));
			ok = ok && put(p, "title", json_string(f->title)) &&
			     put(p, "duration_ms", json_real(f->duration_ms)) &&
			     put(p, "sampled_ms", json_real(f->sampled_ms)) &&
			     put(p, "samples", json_integer((json_int_t)f->samples)) &&
			     put(p, "threads", json_integer((json_int_t)f->threads));
			for (t = 0; ok && t < FC_TIER_COUNT; t++) {
				ok = put(pt, fc_tier_name((enum fc_tier)t),
					 json_real(f->tier_ms[t]));
				tier_total[t] += f->bytes || f->counts ? 0 : f->tier_ms[t];
			}
			for (k = 0; ok && k < f->n_packages; k++) {
				json_t *prev = json_object_get(pkgs, f->package_names[k]);
				ok = put(pp, f->package_names[k], json_real(f->package_ms[k])) &&
				     (f->bytes || f->counts ||
				      put(pkgs, f->package_names[k],
					  json_real(f->package_ms[k] + json_number_value(prev))));
			}
			for (k = 0; ok && k < f->n_top; k++) {
				json_t *e = json_object();
				ok = e && put(e, "name", json_string(f->top[k].name)) &&
				     put(e, "url", json_string(f->top[k].url)) &&
				     put(e, "line", json_integer(f->top[k].line)) &&
				     put(e, "self_ms", json_real(f->top[k].self_ms)) &&
				     json_array_append_new(top, e) == 0;
			}
			ok = ok && put(p, "tiers_ms", pt) && put(p, "packages_ms", pp) &&
			     put(p, "top", top) && fc_report_put_functions(p, f);
			pt = pp = top = NULL;
		}
		json_decref(pt);
		json_decref(pp);
		json_decref(top);
		ok = ok && json_array_append_new(profiles, p) == 0;
	}
	for (t = 0; ok && t < FC_TIER_COUNT; t++)
		ok = put(tiers, fc_tier_name((enum fc_tier)t), json_real(tier_total[t]));
	{
		json_t *totals = json_object();
		ok = ok && totals &&
		     put(totals, "profiles", json_integer((json_int_t)r->n_files)) &&
		     put(totals, "ok", json_integer((json_int_t)ok_count)) &&
		     put(totals, "failed", json_integer((json_int_t)(r->n_files - ok_count))) &&
		     put(totals, "tiers_ms", tiers) && put(totals, "packages_ms", pkgs);
		tiers = pkgs = NULL;
		ok = ok && put(root, "version", json_integer(FC_REPORT_SUMMARY_VERSION)) &&
		     put(root, "totals", totals) && put(root, "profiles", profiles);
		profiles = NULL;
	}
	json_decref(tiers);
	json_decref(pkgs);
	json_decref(profiles);
	if (!ok) {
		json_decref(root);
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15));
	json_decref(root);
	if (!text) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	if (!fc_output_open(&o, path, err)) {
		free(text);
		return false;
	}
	fc_output_write(&o, text, strlen(text));
	fc_output_write(&o, "\n", 1);
	free(text);
	return fc_output_commit(&o, err);
}
