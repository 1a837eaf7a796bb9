#include <stdlib.h>
#include <string.h>

#include "flamechart/stats.h"
#include "util/util.h"

static int by_self_desc(const void *a, const void *b, void *ctx)
{
	const struct fc_stats_entry *x = a, *y = b;
	const struct fc_profile *p = ctx;
	int c;

	if (x->self_us != y->self_us)
		return x->self_us > y->self_us ? -1 : 1;
	c = strcmp(fc_profile_str(p, p->frames[x->frame].name),
		   fc_profile_str(p, p->frames[y->frame].name));
	if (c)
		return c;
	return x->frame < y->frame ? -1 : x->frame > y->frame;
}

static int pkg_by_self_desc(const void *a, const void *b, void *ctx)
{
	const struct fc_stats_entry *x = a, *y = b;
	const struct fc_profile *p = ctx;

	if (x->self_us != y->self_us)
		return x->self_us > y->self_us ? -1 : 1;
	return strcmp(fc_profile_str(p, x->frame), fc_profile_str(p, y->frame));
}

bool fc_stats_compute(const struct fc_profile *p, struct fc_stats *s)
{
	double *self = NULL, *pkg_self = NULL;
	uint64_t *count = NULL;
	unsigned char *used = NULL;
	uint32_t i, f;
	size_t n;

	memset(s, 0, sizeof(*s));
	self = calloc(p->n_frames + 1, sizeof(*self));
	count = calloc(p->n_frames + 1, sizeof(*count));
	used = calloc(p->n_frames + 1, 1);
	pkg_self = calloc(p->strings.count + 1, sizeof(*pkg_self));
	if (!self || !count || !used || !pkg_self)
		goto fail;

	s->n_samples = p->n_samples;
	s->n_nodes = p->n_nodes;
	s->max_depth = p->max_depth;
	s->interval_us = fc_profile_median_interval(p);
	for (i = 0; i < p->n_samples; i++) {
		double d = fc_profile_sample_duration(p, i);
		f = p->node_frame[p->sample_node[i]];
		self[f] += d;
		count[f]++;
		s->sampled_us += d;
	}
	if (p->end_us > p->start_us)
		s->duration_us = (double)(p->end_us - p->start_us);
	else
		s->duration_us = s->sampled_us;
	for (i = 1; i < p->n_nodes; i++)
		used[p->node_frame[i]] = 1;
	for (f = 0; f < p->n_frames; f++) {
		const struct fc_frame *fr = &p->frames[f];
		if (used[f])
			s->n_functions++;
		s->tier_us[fr->tier] += self[f];
		if (fr->package && fr->tier == FC_TIER_DEPS)
			pkg_self[fr->package] += self[f];
	}

	/* keep the top FC_STATS_TOP in a sorted array: most frames are
	 * rejected by one comparison with the current last entry */
	s->functions = calloc(FC_STATS_TOP + 1, sizeof(*s->functions));
	if (!s->functions)
		goto fail;
	for (f = 0, n = 0; f < p->n_frames; f++) {
		struct fc_stats_entry e = { .frame = f, .self_us = self[f], .samples = count[f] };
		size_t k;

		if (!count[f])
			continue;
		if (n == FC_STATS_TOP && by_self_desc(&e, &s->functions[n - 1], (void *)p) >= 0)
			continue;
		k = n < FC_STATS_TOP ? n++ : n - 1;
		while (k > 0 && by_self_desc(&e, &s->functions[k - 1], (void *)p) < 0) {
			s->functions[k] = s->functions[k - 1];
			k--;
		}
		s->functions[k] = e;
	}
	s->n_functions_with_self = n;

	for (i = 0, n = 0; i < p->strings.count; i++)
		n += pkg_self[i] > 0;
	s->packages = calloc(n + 1, sizeof(*s->packages));
	if (!s->packages)
		goto fail;
	for (i = 0, n = 0; i < p->strings.count; i++) {
		if (pkg_self[i] <= 0)
			continue;
		s->packages[n].frame = i;
		s->packages[n].self_us = pkg_self[i];
		n++;
	}
	s->n_packages = n;
	if (!fc_sort(s->packages, n, sizeof(*s->packages), pkg_by_self_desc, (void *)p))
		goto fail;

	free(self);
	free(count);
	free(used);
	free(pkg_self);
	return true;
fail:
	free(self);
	free(count);
	free(used);
	free(pkg_self);
	fc_stats_finish(s);
	return false;
}

void fc_stats_finish(struct fc_stats *s)
{
	free(s->functions);
	free(s->packages);
	memset(s, 0, sizeof(*s));
}
