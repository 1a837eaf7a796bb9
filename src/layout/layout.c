/* fc_layout_build: one lane per profile (chart) or a merged graph. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout/graph.h"
#include "layout/internal.h"
#include "util/util.h"
#include "model/profile.h"

bool fc_lane_push(struct fc_lane *lane, const struct fc_box *box)
{
	if (!FC_GROW(lane->boxes, lane->cap, lane->n_boxes + 1))
		return false;
	lane->boxes[lane->n_boxes++] = *box;
	return true;
}

/* node --cpu-prof names its files CPU.<date>.<time>.<pid>.<thread>.<seq>
 * .cpuprofile (fc_node_file_name; gzipped too), thread 0 being the main
 * thread and the others workers: the pid and the thread say more in a
 * lane's title than the file name. */
static char *cpu_prof_title(const char *name)
{
	struct fc_node_file f;

	if (!fc_node_file_name(name, &f))
		return NULL;
	if (f.tid == 0)
		return fc_asprintf("pid %llu \xc2\xb7 main thread", (unsigned long long)f.pid);
	return fc_asprintf("pid %llu \xc2\xb7 worker thread %llu", (unsigned long long)f.pid,
			   (unsigned long long)f.tid);
}

char *fc_lane_title(const struct fc_profile *p)
{
	char *t;

	if (!p->thread_name && !p->process_name && (t = cpu_prof_title(p->name)))
		return t;
	if (p->process_name && p->thread_name)
		return fc_asprintf("%s / %s", p->process_name, p->thread_name);
	if (p->thread_name)
		return fc_strdup(p->thread_name);
	return fc_strdup(p->name ? p->name : "profile");
}

void fc_layout_finish(struct fc_layout *l)
{
	size_t i;

	for (i = 0; i < l->n_lanes; i++) {
		free(l->lanes[i].boxes);
		free(l->lanes[i].title);
		free(l->lanes[i].sources);
		free(l->lanes[i].frame_self);
		fc_chart_bars_destroy(l->lanes[i].bars);
		fc_graph_destroy(l->lanes[i].graph);
		fc_profile_destroy(l->lanes[i].merged);
	}
	free(l->lanes);
	memset(l, 0, sizeof(*l));
}

bool fc_lane_each(const struct fc_lane *lane, fc_lane_visit visit, void *ctx)
{
	size_t i;

	if (lane->bars)
		return fc_chart_bars_each(lane, visit, ctx);
	if (lane->graph)
		return fc_graph_each(lane, visit, ctx);
	for (i = 0; i < lane->n_boxes; i++)
		if (!visit(ctx, &lane->boxes[i]))
			return false;
	return true;
}

static bool build_chart(struct fc_layout *out, const struct fc_profile_set *set,
			const struct fc_layout_options *o, struct fc_error *err)
{
	double ppu = 0, minwidth = o->minwidth;
	size_t i;

	for (i = 0; i < set->count; i++) {
		double lo, hi;
		fc_chart_extent(set->items[i], &lo, &hi);
		if (i == 0 || lo < out->x_min)
			out->x_min = lo;
		if (i == 0 || hi > out->x_max)
			out->x_max = hi;
	}
	out->x_zero = o->has_x_zero ? o->x_zero : out->x_min;
	if (o->plot_width_px > 0) {
		double span = out->x_max - out->x_min;
		ppu = o->plot_width_px / (span > 0 ? span : 1);
		if (o->minwidth_pct)
			minwidth = o->plot_width_px * o->minwidth / 100.0;
	}
	for (i = 0; i < set->count; i++) {
		struct fc_lane *lane = &out->lanes[i];
		/* counted first, so that fc_layout_finish frees what a failing
		 * lane has collected */
		out->n_lanes = i + 1;
		if (!fc_chart_lane(lane, set->items[i], o, ppu, minwidth, err))
			return false;
		lane->title = fc_lane_title(set->items[i]);
		lane->sources = malloc(sizeof(*lane->sources));
		if (lane->sources) {
			lane->sources[0] = set->items[i];
			lane->n_sources = 1;
		}
		if (!lane->title || !lane->sources) {
			fc_error_set(err, FC_ERR_NOMEM, "out of memory");
			return false;
		}
	}
	return true;
}

/* Graph lanes share one axis from 0 to the heaviest lane's total, so that
 * per-thread graphs compare like the chart's lanes; hence two passes: merge
 * every lane, then place each with the minimum width in its weight units. */
static bool build_graph(struct fc_layout *out, const struct fc_profile_set *set,
			const struct fc_layout_options *o, struct fc_error *err)
{
	size_t i, n = o->per_thread ? set->count : (set->count ? 1 : 0);
	struct fc_graph **graphs = calloc(n ? n : 1, sizeof(*graphs));
	double ppu = 0;
	bool ok = false;

	if (!graphs) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	out->x_min = 0;
	out->x_max = 0;
	for (i = 0; i < n; i++) {
		const struct fc_profile *const *ps =
			(const struct fc_profile *const *)set->items + (o->per_thread ? i : 0);
		graphs[i] = fc_graph_merge(ps, o->per_thread ? 1 : set->count, o, err);
		if (!graphs[i])
			goto out;
		if (fc_graph_total(graphs[i]) > out->x_max)
			out->x_max = fc_graph_total(graphs[i]);
	}
	if (o->plot_width_px > 0 && out->x_max > 0)
		ppu = o->plot_width_px / out->x_max;
	for (i = 0; i < n; i++) {
		double min_weight = 0;
		if (o->plot_width_px > 0 && o->minwidth_pct)
			min_weight = fc_graph_total(graphs[i]) * o->minwidth / 100.0;
		else if (ppu > 0)
			min_weight = o->minwidth / ppu;
		ok = fc_graph_place(&out->lanes[i], graphs[i], o, min_weight, err);
		out->n_lanes = i + 1; /* the lane owns its merged profile either way */
		if (out->lanes[i].graph)
			graphs[i] = NULL; /* and this graph, placed on demand */
		if (!ok)
			goto out;
		{
			struct fc_lane *lane = &out->lanes[i];
			size_t k, m = o->per_thread ? 1 : set->count;
			lane->sources = malloc((m ? m : 1) * sizeof(*lane->sources));
			if (!lane->sources) {
				fc_error_set(err, FC_ERR_NOMEM, "out of memory");
				ok = false;
				goto out;
			}
			for (k = 0; k < m; k++)
				lane->sources[k] = set->items[(o->per_thread ? i : 0) + k];
			lane->n_sources = m;
		}
	}
	ok = true;
out:
	for (i = 0; i < n; i++)
		fc_graph_destroy(graphs[i]);
	free(graphs);
	return ok;
}

bool fc_layout_build(struct fc_layout *out, const struct fc_profile_set *set,
		     const struct fc_layout_options *opts, struct fc_error *err)
{
	bool ok;
	size_t i;

	memset(out, 0, sizeof(*out));
	out->mode = opts->mode;
	out->options = *opts;
	out->has_time = true;
	for (i = 0; i < set->count; i++)
		if (!set->items[i]->has_time)
			out->has_time = false;
	if (opts->mode == FC_MODE_GRAPH && opts->weight_samples)
		out->unit = "samples";
	else if (!out->has_time && set->count)
		out->unit = set->items[0]->weight_unit;
	else
		out->unit = "µs";
	out->lanes = calloc(set->count ? set->count : 1, sizeof(*out->lanes));
	if (!out->lanes) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	if (opts->mode == FC_MODE_CHART)
		ok = build_chart(out, set, opts, err);
	else
		ok = build_graph(out, set, opts, err);
	if (!ok)
		fc_layout_finish(out);
	return ok;
}
