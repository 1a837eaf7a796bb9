/* Cropping the chart to a window of time (include/flamechart/crop.h). */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "flamechart/crop.h"
#include "flamechart/layout.h"

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
