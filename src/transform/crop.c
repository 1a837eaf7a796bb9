/* Cropping the chart to a window of time (include/flamechart/crop.h). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "transform/crop.h"
#include "layout/layout.h"
#include "model/annotations.h"
#include "model/profile.h"

bool fc_crop_extent(const struct fc_profile_set *set, double *from_us, double *to_us)
{
	for (size_t i = 0; i < set->count; i++) {
		double lo, hi;
		fc_chart_extent(set->items[i], &lo, &hi);
		if (i == 0 || lo < *from_us)
			*from_us = lo;
		if (i == 0 || hi > *to_us)
			*to_us = hi;
	}
	return set->count > 0;
}

static bool idle_sample(const struct fc_profile *p, uint32_t i)
{
	return p->frames[p->node_frame[p->sample_node[i]]].tier == FC_TIER_IDLE;
}

/* One profile's busy span. Real profiles have stray busy samples in long
 * idle stretches (a timer at exit, a worker's last message), so the cut
 * may drop islands of work beyond an idle run as long as they hold at most
 * FC_CROP_STRAY of the busy time; it always cuts inside idle runs. */
static bool busy_span(const struct fc_profile *p, double *from_us, double *to_us, double *dropped)
{
	double busy = 0, limit, acc;
	uint32_t i, n = p->n_samples, first = n, last = 0;

	for (i = 0; i < n; i++) {
		if (idle_sample(p, i))
			continue;
		busy += fc_profile_sample_duration(p, i);
		if (first == n)
			first = i;
		last = i;
	}
	if (first == n)
		return false;
	limit = FC_CROP_STRAY * busy;
	*from_us = (double)p->sample_time_us[first];
	*to_us = (double)p->sample_time_us[last] + fc_profile_sample_duration(p, last);
	*dropped = 0;
	/* forwards: the latest end of an idle run with little work before it */
	for (i = first, acc = 0; i < n; i++) {
		if (!idle_sample(p, i)) {
			acc += fc_profile_sample_duration(p, i);
			if (acc > limit)
				break;
		} else if (i + 1 < n && !idle_sample(p, i + 1)) {
			*from_us = (double)p->sample_time_us[i + 1];
			*dropped = acc;
		}
	}
	/* backwards: the earliest start of an idle run with little work after */
	double back = 0;
	for (i = last + 1, acc = 0; i-- > 0;) {
		if (!idle_sample(p, i)) {
			acc += fc_profile_sample_duration(p, i);
			if (acc > limit)
				break;
		} else if (i > 0 && !idle_sample(p, i - 1)) {
			*to_us = (double)p->sample_time_us[i];
			back = acc;
		}
	}
	*dropped += back;
	return *to_us > *from_us;
}

bool fc_crop_busy_span(const struct fc_profile_set *set, double *from_us, double *to_us,
		       double *dropped_us)
{
	bool any = false;

	*dropped_us = 0;
	for (size_t k = 0; k < set->count; k++) {
		const struct fc_profile *p = set->items[k];
		double lo, hi, dropped;

		if (!p->has_time || !busy_span(p, &lo, &hi, &dropped))
			continue;
		if (!any || lo < *from_us)
			*from_us = lo;
		if (!any || hi > *to_us)
			*to_us = hi;
		*dropped_us += dropped;
		any = true;
	}
	return any;
}

void fc_crop_apply(struct fc_profile_set *set, double from_us, double to_us)
{
	for (size_t k = 0; k < set->count; k++) {
		struct fc_profile *p = set->items[k];
		uint32_t first = 0, last;
		double end;

		if (!p->has_time)
			continue;
		end = fc_profile_samples_end(p);
		while (first < p->n_samples && (double)p->sample_time_us[first] < from_us)
			first++;
		last = first;
		while (last < p->n_samples && (double)p->sample_time_us[last] < to_us)
			last++;
		/* the last kept sample lasts until the next one, as before */
		end = last < p->n_samples ? (double)p->sample_time_us[last] : end;
		if (end > to_us)
			end = to_us;
		memmove(p->sample_node, p->sample_node + first,
			(size_t)(last - first) * sizeof(*p->sample_node));
		memmove(p->sample_time_us, p->sample_time_us + first,
			(size_t)(last - first) * sizeof(*p->sample_time_us));
		p->n_samples = last - first;
		p->last_end_us = (int64_t)ceil(end);
		p->start_us = (int64_t)floor(from_us);
		p->end_us = (int64_t)ceil(to_us);
	}
}

struct span {
	double lo, hi;
};

static int by_lo(const void *a, const void *b)
{
	const struct span *x = a, *y = b;
	return x->lo < y->lo ? -1 : x->lo > y->lo;
}

static int by_length_desc(const void *a, const void *b)
{
	const struct span *x = a, *y = b;
	double lx = x->hi - x->lo, ly = y->hi - y->lo;
	return lx > ly ? -1 : lx < ly;
}

/* The busy intervals of every profile in [from, to), sorted by start. */
static struct span *busy_intervals(const struct fc_profile_set *set, double from, double to,
				   size_t *n_out)
{
	size_t n = 0, cap = 0;
	struct span *v = NULL;

	for (size_t k = 0; k < set->count; k++) {
		const struct fc_profile *p = set->items[k];
		if (!p->has_time)
			continue;
		for (uint32_t i = 0; i < p->n_samples; i++) {
			double t = (double)p->sample_time_us[i];
			if (idle_sample(p, i) || t < from || t >= to)
				continue;
			if (n == cap) {
				size_t c = cap ? 2 * cap : 1024;
				struct span *w = realloc(v, c * sizeof(*v));
				if (!w) {
					free(v);
					return NULL;
				}
				v = w;
				cap = c;
			}
			v[n].lo = t;
			v[n].hi = t + fc_profile_sample_duration(p, i);
			n++;
		}
	}
	if (v)
		qsort(v, n, sizeof(*v), by_lo);
	*n_out = n;
	return v;
}

static double shift_of(const struct span *gaps, size_t n, double t)
{
	double s = 0;
	for (size_t g = 0; g < n && gaps[g].hi <= t; g++)
		s += gaps[g].hi - gaps[g].lo;
	return s;
}

struct gap_list {
	const struct span *gaps;
	size_t n;
};

/* A time on the axis with the gaps cut out: one inside a gap goes to
 * where the gap was. */
static double collapse(void *ctx, double t)
{
	const struct gap_list *g = ctx;

	for (size_t i = 0; i < g->n; i++)
		if (t >= g->gaps[i].lo && t < g->gaps[i].hi)
			t = g->gaps[i].lo;
	return t - shift_of(g->gaps, g->n, t);
}

size_t fc_crop_collapse_idle(struct fc_profile_set *set, double from_us, double to_us,
			     double min_us, struct fc_axis_break *breaks, double *cut_us)
{
	struct span gaps[FC_CROP_MAX_BREAKS + 1];
	size_t n = 0, n_gaps = 0, i;
	struct span *busy = busy_intervals(set, from_us, to_us, &n);
	double end;

	*cut_us = 0;
	if (!busy || n == 0) {
		free(busy);
		return 0;
	}
	/* the gaps between the merged busy intervals: keep the longest */
	end = busy[0].hi;
	for (i = 1; i <= n; i++) {
		if (i < n && busy[i].lo <= end) {
			if (busy[i].hi > end)
				end = busy[i].hi;
			continue;
		}
		if (i < n && busy[i].lo - end >= min_us) {
			gaps[n_gaps].lo = end;
			gaps[n_gaps].hi = busy[i].lo;
			if (n_gaps < FC_CROP_MAX_BREAKS)
				n_gaps++;
			else
				qsort(gaps, n_gaps + 1, sizeof(*gaps), by_length_desc);
		}
		if (i < n)
			end = busy[i].hi;
	}
	free(busy);
	if (!n_gaps)
		return 0;
	qsort(gaps, n_gaps, sizeof(*gaps), by_lo);
	for (size_t k = 0; k < set->count; k++) {
		struct fc_profile *p = set->items[k];
		uint32_t out = 0;
		double shift;

		if (!p->has_time)
			continue;
		fc_annotations_map_times(p->annotations, collapse,
					 &(struct gap_list){ gaps, n_gaps });
		for (i = 0; i < p->n_samples; i++) {
			double t = (double)p->sample_time_us[i];
			bool inside = false;
			for (size_t g = 0; g < n_gaps; g++)
				inside = inside || (t >= gaps[g].lo && t < gaps[g].hi);
			if (inside)
				continue;
			p->sample_node[out] = p->sample_node[i];
			p->sample_time_us[out] = (int64_t)llround(t - shift_of(gaps, n_gaps, t));
			out++;
		}
		p->n_samples = out;
		shift = shift_of(gaps, n_gaps, (double)p->last_end_us);
		p->last_end_us -= (int64_t)llround(shift);
		p->end_us -= (int64_t)llround(shift_of(gaps, n_gaps, (double)p->end_us));
	}
	for (i = 0; i < n_gaps; i++) {
		breaks[i].cut = gaps[i].hi - gaps[i].lo;
		breaks[i].at = gaps[i].lo - *cut_us;
		*cut_us += breaks[i].cut;
	}
	return n_gaps;
}
