#include <stdlib.h>
#include <string.h>

#include "model/stats.h"
#include "util/util.h"
#include "model/profile.h"

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

static int by_total_desc(const void *a, const void *b, void *ctx)
{
	const struct fc_stats_entry *x = a, *y = b;

	if (x->total_us != y->total_us)
		return x->total_us > y->total_us ? -1 : 1;
	return by_self_desc(a, b, ctx);
}

/* Total time per frame: each node's time with its subtree's, then for every
 * node whose ancestors hold no node of the same frame (the outermost call of
 * a recursion) added to its frame. One pre-order walk with an explicit path. */
static bool frame_totals(const struct fc_profile *p, double *total)
{
	double *node_total = calloc(p->n_nodes + 1, sizeof(*node_total));
	uint32_t *path = calloc(p->n_nodes + 1, sizeof(*path));
	uint32_t *open = calloc(p->n_frames + 1, sizeof(*open));
	size_t depth = 0;
	uint32_t i;

	if (!node_total || !path || !open) {
		free(node_total);
		free(path);
		free(open);
		return false;
	}
	for (i = 0; i < p->n_samples; i++)
		node_total[p->sample_node[i]] += fc_profile_sample_duration(p, i);
	for (i = p->n_nodes; i-- > 1;)
		if (p->node_parent[i] != FC_NONE)
			node_total[p->node_parent[i]] += node_total[i];
	if (p->n_nodes > 0)
		total[p->node_frame[0]] += node_total[0];
	for (i = 1; i < p->n_nodes; i++) {
		uint32_t f = p->node_frame[i];
		while (depth > 0 && path[depth - 1] != p->node_parent[i])
			open[p->node_frame[path[--depth]]]--;
		if (open[f] == 0)
			total[f] += node_total[i];
		open[f]++;
		path[depth++] = i;
	}
	free(node_total);
	free(path);
	free(open);
	return true;
}

/* The entries of all with time (self: samples; total: total time, frame
 * skip left out), heaviest first, cut to top: a new array (NULL on
 * allocation failure), its length in *n. */
static struct fc_stats_entry *top_entries(const struct fc_stats_entry *all, size_t n_all,
					  bool by_total, uint32_t skip, size_t top,
					  const struct fc_profile *p, size_t *n)
{
	struct fc_stats_entry *out = calloc(n_all + 1, sizeof(*out));
	size_t i, k = 0;

	if (!out)
		return NULL;
	for (i = 0; i < n_all; i++)
		if ((by_total ? all[i].total_us > 0 : all[i].samples > 0) && all[i].frame != skip)
			out[k++] = all[i];
	if (!fc_sort_top(out, k, sizeof(*out), top, by_total ? by_total_desc : by_self_desc,
			 (void *)p)) {
		free(out);
		return NULL;
	}
	*n = k < top ? k : top;
	return out;
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
	return fc_stats_compute_top(p, FC_STATS_TOP, s);
}

bool fc_stats_compute_top(const struct fc_profile *p, size_t top, struct fc_stats *s)
{
	double *self = NULL, *pkg_self = NULL, *total = NULL;
	struct fc_stats_entry *all = NULL;
	uint64_t *count = NULL;
	unsigned char *used = NULL;
	uint32_t i, f, root;
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

	/* every frame's numbers, then the heaviest by self and by total time */
	total = calloc(p->n_frames + 1, sizeof(*total));
	all = calloc(p->n_frames + 1, sizeof(*all));
	if (!total || !all || !frame_totals(p, total))
		goto fail;
	for (f = 0; f < p->n_frames; f++) {
		all[f].frame = f;
		all[f].self_us = self[f];
		all[f].samples = count[f];
		all[f].total_us = total[f];
	}
	/* the root is no function: it heads no list by total, and when its
	 * self time is idle (the gaps of a trace's lane, --tasks) none by self */
	root = p->n_nodes > 0 ? p->node_frame[0] : FC_NONE;
	s->functions = top_entries(
		all, p->n_frames, false,
		root != FC_NONE && p->frames[root].tier == FC_TIER_IDLE ? root : FC_NONE, top, p,
		&s->n_functions_with_self);
	s->by_total = top_entries(all, p->n_frames, true, root, top, p, &s->n_by_total);
	if (!s->functions || !s->by_total)
		goto fail;

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
	free(total);
	free(all);
	return true;
fail:
	free(total);
	free(all);
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
	free(s->by_total);
	memset(s, 0, sizeof(*s));
}
