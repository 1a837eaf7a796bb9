/* info for a trace read with --tasks (devtools-rules §13.7): the time by
 * DevTools category, as the Performance panel's Summary gives it, and the
 * long tasks with what started them and the heaviest work inside; for the
 * Timings lane, its user timings (§13.9). */
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "cli/cli.h"
#include "model/tasks.h"
#include "util/util.h"
#include "model/profile.h"

/* The Summary's rows: always these, the others when they hold time. */
static bool category_shown(const struct fc_tasks_summary *s, int c)
{
	return c == FC_CAT_LOADING || c == FC_CAT_SCRIPTING || c == FC_CAT_RENDERING ||
	       c == FC_CAT_PAINTING || c == FC_CAT_SYSTEM || c == FC_CAT_IDLE ||
	       s->category_us[c] > 0;
}

static const char *frame_name(const struct fc_profile *p, uint32_t frame)
{
	const char *name;

	if (frame == FC_NONE)
		return "(nothing inside)";
	name = fc_profile_str(p, p->frames[frame].name);
	return name[0] ? name : "(anonymous)";
}

bool fc_cli_info_tasks(FILE *out, const struct fc_profile *p)
{
	struct fc_tasks_summary s;
	double range;
	size_t i, k;
	int c;

	if (!fc_tasks_lane(p))
		return true;
	if (!fc_tasks_summarize(p, &s))
		return false;
	range = (double)(s.end_us - s.start_us);
	fputs("  time by category (DevTools' Summary)\n", out);
	for (c = 0; c < FC_CAT_COUNT; c++)
		if (category_shown(&s, c))
			fprintf(out, "    %-11s %12.3f ms %6.1f%%\n",
				fc_task_category_name((enum fc_task_category)c),
				s.category_us[c] / 1000.0,
				range > 0 ? 100.0 * s.category_us[c] / range : 0.0);
	if (p->async_events)
		fprintf(out,
			"  async events  %llu in the trace: %llu begin/end pairs, %llu unpaired\n",
			(unsigned long long)p->async_events, (unsigned long long)p->async_pairs,
			(unsigned long long)p->async_unmatched);
	fprintf(out, "  long tasks    %zu over 50 ms\n", s.n_long_tasks);
	for (i = 0; i < s.n_long_tasks; i++) {
		const struct fc_long_task *lt = &s.long_tasks[i];
		fprintf(out, "    at %.3f ms for %.3f ms, from %s:",
			(double)(lt->start_us - p->start_us) / 1000.0,
			(double)(lt->end_us - lt->start_us) / 1000.0, frame_name(p, lt->cause));
		for (k = 0; k < lt->n_top; k++)
			fprintf(out, "%s %s %.3f ms", k ? "," : "", frame_name(p, lt->top[k]),
				lt->top_us[k] / 1000.0);
		fputc('\n', out);
	}
	fc_tasks_summary_finish(&s);
	return true;
}

static bool put(json_t *o, const char *k, json_t *v)
{
	return v && json_object_set_new(o, k, v) == 0;
}

json_t *fc_cli_info_tasks_json(const struct fc_profile *p)
{
	struct fc_tasks_summary s;
	json_t *o = NULL, *cats = NULL, *longs = NULL;
	bool ok;
	size_t i, k;
	int c;

	if (!fc_tasks_summarize(p, &s))
		return NULL;
	o = json_object();
	cats = json_object();
	longs = json_array();
	ok = o && cats && longs &&
	     put(o, "range_ms", json_real((double)(s.end_us - s.start_us) / 1000.0));
	for (c = 0; ok && c < FC_CAT_COUNT; c++)
		if (category_shown(&s, c))
			ok = put(cats, fc_task_category_name((enum fc_task_category)c),
				 json_real(s.category_us[c] / 1000.0));
	for (i = 0; ok && i < s.n_long_tasks; i++) {
		const struct fc_long_task *lt = &s.long_tasks[i];
		json_t *t = json_object(), *inside = json_array();
		ok = t && inside &&
		     put(t, "start_ms", json_real((double)(lt->start_us - p->start_us) / 1000.0)) &&
		     put(t, "duration_ms",
			 json_real((double)(lt->end_us - lt->start_us) / 1000.0)) &&
		     put(t, "started_by",
			 lt->cause == FC_NONE ? json_null()
					      : json_string(frame_name(p, lt->cause)));
		for (k = 0; ok && k < lt->n_top; k++) {
			json_t *w = json_object();
			ok = w && put(w, "name", json_string(frame_name(p, lt->top[k]))) &&
			     put(w, "self_ms", json_real(lt->top_us[k] / 1000.0)) &&
			     json_array_append_new(inside, w) == 0;
			if (!ok)
				json_decref(w);
		}
		ok = ok && put(t, "heaviest_inside", inside) &&
		     json_array_append_new(longs, t) == 0;
		if (!ok) {
			json_decref(t);
			json_decref(inside);
		}
	}
	if (ok && p->async_events) {
		json_t *a = json_object();
		ok = a && put(a, "events", json_integer((json_int_t)p->async_events)) &&
		     put(a, "pairs", json_integer((json_int_t)p->async_pairs)) &&
		     put(a, "unpaired", json_integer((json_int_t)p->async_unmatched)) &&
		     put(o, "async_events", a);
		if (!ok)
			json_decref(a);
	}
	ok = ok && put(o, "categories_ms", cats);
	cats = NULL;
	ok = ok && put(o, "long_tasks", longs);
	longs = NULL;
	fc_tasks_summary_finish(&s);
	json_decref(cats);
	json_decref(longs);
	if (!ok) {
		json_decref(o);
		return NULL;
	}
	return o;
}

static const char *const timing_kinds[] = {
	[FC_TIMING_MEASURE] = "measure",
	[FC_TIMING_CONSOLE] = "console",
	[FC_TIMING_STAMP] = "stamp",
	[FC_TIMING_MARK] = "mark",
};

static const char *timing_title(const struct fc_profile *p, uint32_t i)
{
	return fc_profile_str(p, p->frames[p->node_frame[i + 1]].name);
}

void fc_cli_info_timings(FILE *out, const struct fc_profile *p)
{
	size_t n[4] = { 0 };
	uint32_t i;

	for (i = 0; i < p->n_timings; i++)
		n[p->timings[i].kind & 3]++;
	fprintf(out,
		"  user timings  %zu measures, %zu console timings, %zu marks, %zu time stamps "
		"(DevTools' Timings track)\n",
		n[FC_TIMING_MEASURE], n[FC_TIMING_CONSOLE], n[FC_TIMING_MARK], n[FC_TIMING_STAMP]);
	for (i = 0; i < p->n_timings; i++) {
		const struct fc_timing *t = &p->timings[i];
		fprintf(out, "    at %10.3f ms", (double)(t->start_us - p->start_us) / 1000.0);
		if (t->kind == FC_TIMING_MEASURE || t->kind == FC_TIMING_CONSOLE)
			fprintf(out, " for %10.3f ms", (double)t->dur_us / 1000.0);
		else
			fprintf(out, "     %10s   ", "");
		fprintf(out, "  %s\n", timing_title(p, i));
	}
}

json_t *fc_cli_info_timings_json(const struct fc_profile *p)
{
	json_t *a = json_array();
	uint32_t i;

	for (i = 0; a && i < p->n_timings; i++) {
		const struct fc_timing *t = &p->timings[i];
		json_t *o = json_object();
		if (!o || !put(o, "name", json_string(timing_title(p, i))) ||
		    !put(o, "kind", json_string(timing_kinds[t->kind])) ||
		    !put(o, "start_ms", json_real((double)(t->start_us - p->start_us) / 1000.0)) ||
		    !put(o, "duration_ms", json_real((double)t->dur_us / 1000.0)) ||
		    !put(o, "row", json_integer(t->row)) || json_array_append_new(a, o) != 0) {
			json_decref(o);
			json_decref(a);
			return NULL;
		}
	}
	return a;
}
