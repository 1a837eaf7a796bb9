/* One function's callers and callees (model/drill.h). Each node's
 * self time is the weight of the samples that end there; the path from the
 * node to the root is walked once, and a caller or callee met several
 * times on one path (recursion) is counted once for it. */
#include <stdlib.h>
#include <string.h>

#include "model/drill.h"
#include "model/stats.h"
#include "util/util.h"
#include "model/profile.h"

static int edge_cmp(const void *a, const void *b, void *ctx)
{
	const struct fc_drill_edge *x = a, *y = b;
	(void)ctx;

	if (x->us != y->us)
		return x->us > y->us ? -1 : 1;
	return x->frame < y->frame ? -1 : x->frame > y->frame;
}

/* The frames with time in acc, heaviest first, as a new array. */
static struct fc_drill_edge *edges(const double *acc, uint32_t n_frames, size_t *n)
{
	struct fc_drill_edge *e = malloc(((size_t)n_frames + 1) * sizeof(*e));
	uint32_t f;

	*n = 0;
	if (!e)
		return NULL;
	for (f = 0; f < n_frames; f++)
		if (acc[f] > 0)
			e[(*n)++] = (struct fc_drill_edge){ f, acc[f] };
	if (!fc_sort(e, *n, sizeof(*e), edge_cmp, NULL)) {
		free(e);
		return NULL;
	}
	return e;
}

bool fc_drill_pick(const struct fc_profile *p, const uint8_t *match, uint32_t *frames, size_t max,
		   size_t *n, size_t *n_all)
{
	struct fc_stats s;
	size_t i;

	*n = *n_all = 0;
	if (!fc_stats_compute_top(p, SIZE_MAX, &s))
		return false;
	for (i = 0; i < s.n_by_total; i++) {
		if (!match[s.by_total[i].frame])
			continue;
		if (*n < max)
			frames[(*n)++] = s.by_total[i].frame;
		(*n_all)++;
	}
	fc_stats_finish(&s);
	return true;
}

bool fc_drill_compute(const struct fc_profile *p, uint32_t frame, struct fc_drill *out)
{
	uint32_t nf = p->n_frames, i, n;
	double *self = calloc((size_t)p->n_nodes + 1, sizeof(*self));
	double *up = calloc((size_t)nf + 1, sizeof(*up)),
	       *down = calloc((size_t)nf + 1, sizeof(*down));
	/* per frame: the last path it was counted on (node + 1) */
	uint32_t *seen_up = calloc((size_t)nf + 1, sizeof(*seen_up));
	uint32_t *seen_down = calloc((size_t)nf + 1, sizeof(*seen_down));
	bool ok = false;

	memset(out, 0, sizeof(*out));
	out->frame = frame;
	if (!self || !up || !down || !seen_up || !seen_down)
		goto out;
	for (i = 0; i < p->n_samples; i++)
		self[p->sample_node[i]] += fc_profile_sample_duration(p, i);
	for (n = 1; n < p->n_nodes; n++) {
		uint32_t at, below = FC_NONE;
		bool on = false;

		if (self[n] <= 0)
			continue;
		for (at = n; at > 0; below = at, at = p->node_parent[at]) {
			uint32_t par = p->node_parent[at];
			if (p->node_frame[at] != frame)
				continue;
			on = true;
			if (par > 0 && seen_up[p->node_frame[par]] != n + 1) {
				seen_up[p->node_frame[par]] = n + 1;
				up[p->node_frame[par]] += self[n];
			}
			if (below != FC_NONE && seen_down[p->node_frame[below]] != n + 1) {
				seen_down[p->node_frame[below]] = n + 1;
				down[p->node_frame[below]] += self[n];
			}
		}
		if (!on)
			continue;
		out->total_us += self[n];
		if (p->node_frame[n] == frame)
			out->self_us += self[n];
	}
	out->callers = edges(up, nf, &out->n_callers);
	out->callees = edges(down, nf, &out->n_callees);
	ok = out->callers && out->callees;
out:
	if (!ok)
		fc_drill_finish(out);
	free(self);
	free(up);
	free(down);
	free(seen_up);
	free(seen_down);
	return ok;
}

void fc_drill_finish(struct fc_drill *d)
{
	free(d->callers);
	free(d->callees);
	memset(d, 0, sizeof(*d));
}
