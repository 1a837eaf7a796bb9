/* info --json: info's numbers as one JSON document (docs/info-json.md).
 * The fields it shares with report --summary have the same names and
 * units there: file, title, duration_ms, sampled_ms, samples, tiers_ms,
 * packages_ms and top[] (name, url, line, self_ms). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cli/cli.h"
#include "model/tasks.h"
#include "model/classify.h"
#include "flamechart/import.h"
#include "model/stats.h"
#include "util/util.h"
#include "model/profile.h"

static bool put(json_t *o, const char *k, json_t *v)
{
	return v && json_object_set_new(o, k, v) == 0;
}

/* null for "unknown" (-1) */
static json_t *id_or_null(int64_t v)
{
	return v < 0 ? json_null() : json_integer((json_int_t)v);
}

/* A weight: ms for time, whole bytes for a heap profile, whose keys end in
 * _bytes instead of _ms (docs/info-json.md). */
static json_t *weight(const struct fc_profile *p, double w)
{
	if (fc_unit_is_bytes(p->weight_unit))
		return json_integer((json_int_t)llround(w));
	return json_real(w / 1000.0);
}

static const char *wkey(const struct fc_profile *p, const char *ms_key, const char *bytes_key)
{
	return fc_unit_is_bytes(p->weight_unit) ? bytes_key : ms_key;
}

static json_t *functions(const struct fc_profile *p, const struct fc_stats_entry *list, size_t n)
{
	json_t *a = json_array();

	for (size_t i = 0; a && i < n; i++) {
		const struct fc_frame *f = &p->frames[list[i].frame];
		json_t *e = json_object();
		if (!e || !put(e, "name", json_string(fc_profile_str(p, f->name))) ||
		    !put(e, "url", json_string(fc_profile_str(p, f->url))) ||
		    !put(e, "line", json_integer(fc_pos_shown(f->line))) ||
		    !put(e, wkey(p, "self_ms", "self_bytes"), weight(p, list[i].self_us)) ||
		    !put(e, wkey(p, "total_ms", "total_bytes"), weight(p, list[i].total_us)) ||
		    !put(e, "samples", json_integer((json_int_t)list[i].samples)) ||
		    !put(e, "tier", json_string(fc_tier_name((enum fc_tier)f->tier))) ||
		    !put(e, "package", json_string(fc_profile_str(p, f->package))) ||
		    json_array_append_new(a, e) != 0) {
			json_decref(e);
			json_decref(a);
			return NULL;
		}
	}
	return a;
}

json_t *fc_cli_info_json(const struct fc_profile *p, const struct fc_stats *s, size_t top,
			 const struct fc_cli *cli)
{
	json_t *o = json_object(), *tiers = json_object(), *pkgs = json_object(), *thread;
	double idle = s->tier_us[FC_TIER_IDLE];
	bool ok = o && tiers && pkgs;

	ok = ok && put(o, "file", json_string(p->source ? p->source : "-")) &&
	     put(o, "title", json_string(p->name)) &&
	     put(o, "format", json_string(fc_format_name(p->format)));
	if (ok && (p->process_name || p->thread_name || p->pid >= 0 || p->tid >= 0)) {
		thread = json_object();
		ok = thread && put(thread, "pid", id_or_null(p->pid)) &&
		     put(thread, "tid", id_or_null(p->tid)) &&
		     put(thread, "name",
			 p->thread_name ? json_string(p->thread_name) : json_null()) &&
		     put(thread, "process",
			 p->process_name ? json_string(p->process_name) : json_null()) &&
		     put(o, "thread", thread);
	} else {
		ok = ok && put(o, "thread", json_null());
	}
	ok = ok && put(o, "unit", json_string(p->has_time ? "ms" : p->weight_unit));
	if (fc_unit_is_bytes(p->weight_unit))
		ok = ok && put(o, "allocated_bytes", weight(p, s->sampled_us)) &&
		     put(o, "stacks", json_integer(s->n_samples));
	else
		ok = ok && put(o, "duration_ms", json_real(s->duration_us / 1000.0)) &&
		     put(o, "sampled_ms", json_real(s->sampled_us / 1000.0)) &&
		     put(o, "cpu_ms", json_real((s->sampled_us - idle) / 1000.0)) &&
		     put(o, "idle_ms", json_real(idle / 1000.0)) &&
		     put(o, "samples", json_integer(s->n_samples)) &&
		     put(o, "interval_ms", json_real(s->interval_us / 1000.0));
	ok = ok && put(o, "nodes", json_integer(s->n_nodes)) &&
	     put(o, "functions", json_integer(s->n_functions)) &&
	     put(o, "max_depth", json_integer(s->max_depth)) &&
	     put(o, "repairs", json_integer((json_int_t)p->n_repairs));
	for (int t = 0; ok && t < FC_TIER_COUNT; t++)
		ok = put(tiers, fc_tier_name((enum fc_tier)t), weight(p, s->tier_us[t]));
	for (size_t i = 0; ok && i < s->n_packages; i++)
		ok = put(pkgs, fc_profile_str(p, s->packages[i].frame),
			 weight(p, s->packages[i].self_us));
	ok = ok && put(o, wkey(p, "tiers_ms", "tiers_bytes"), tiers);
	tiers = NULL;
	ok = ok && put(o, wkey(p, "packages_ms", "packages_bytes"), pkgs);
	pkgs = NULL;
	ok = ok &&
	     put(o, "top",
		 functions(p, s->functions,
			   top < s->n_functions_with_self ? top : s->n_functions_with_self)) &&
	     put(o, "top_total",
		 functions(p, s->by_total, top < s->n_by_total ? top : s->n_by_total)) &&
	     put(o, "line_data", json_boolean(p->node_lines != NULL)) &&
	     put(o, "hot_lines", fc_cli_info_lines_json(p, FC_NONE, top)) &&
	     (!cli->function || put(o, "functions", fc_cli_info_functions_json(p, cli, top))) &&
	     (!fc_tasks_lane(p) || put(o, "tasks", fc_cli_info_tasks_json(p))) &&
	     (!p->timings || put(o, "user_timings", fc_cli_info_timings_json(p)));
	json_decref(tiers);
	json_decref(pkgs);
	if (!ok) {
		json_decref(o);
		return NULL;
	}
	return o;
}
