/* The time-ordered chart: DevTools' forEachFrame (devtools-rules §1-3, paths
 * A/B1), each rule a small function. */
#include <stdlib.h>
#include <string.h>

#include "layout/layout.h"
#include "layout/internal.h"
#include "util/util.h"
#include "model/profile.h"

/* DevTools fixMissingSamples (devtools-rules §2, heuristic 1); the rule
 * belongs to the profile model, which trace lanes use too. */
uint32_t fc_chart_heal_program(const struct fc_profile *p, uint32_t *out)
{
	return fc_profile_heal_program(p, out);
}

void fc_chart_extent(const struct fc_profile *p, double *x_min, double *x_max)
{
	double lo = (double)p->start_us, hi = (double)p->end_us;

	if (p->n_samples) {
		double first = (double)p->sample_time_us[0];
		double end = fc_profile_samples_end(p);
		if (first < lo)
			lo = first;
		if (end > hi)
			hi = end;
	}
	if (hi < lo)
		hi = lo;
	*x_min = lo;
	*x_max = hi;
}

/* The open frames: slot 0 is a sentinel below row 0. */
struct walk_stack {
	double *start, *children;
	uint64_t *seq;
	uint32_t top;
};

static bool close_top(const struct fc_profile *p, struct walk_stack *s, uint32_t node, uint32_t row,
		      uint32_t flags, double t, uint32_t end, const struct fc_chart_visit *v)
{
	struct fc_box b;
	double start = s->start[s->top], dur = t - start;

	s->children[s->top - 1] += dur;
	b.x0 = start;
	b.x1 = t;
	b.self = dur - s->children[s->top];
	b.depth = row;
	b.node = node;
	b.frame = p->node_frame[node];
	b.flags = flags;
	b.count = 1;
	s->top--;
	return v->close(v->ctx, &b, s->seq[s->top + 1], s->top ? s->seq[s->top] : UINT64_MAX, end);
}

static bool open_frame(const struct fc_profile *p, struct walk_stack *s, uint32_t node,
		       uint32_t row, uint32_t flags, double t, uint64_t *seq,
		       const struct fc_chart_visit *v)
{
	s->top++;
	s->start[s->top] = t;
	s->children[s->top] = 0;
	s->seq[s->top] = (*seq)++;
	if (v->open) {
		struct fc_box b = { .x0 = t,
				    .x1 = t,
				    .depth = row,
				    .node = node,
				    .frame = p->node_frame[node],
				    .flags = flags,
				    .count = 1 };
		return v->open(v->ctx, &b, s->seq[s->top]);
	}
	return true;
}

bool fc_chart_walk(const struct fc_profile *p, const uint32_t *nodes, bool gc_root,
		   const struct fc_chart_visit *v)
{
	const uint32_t *parent = p->node_parent, *depth = p->node_depth;
	uint32_t n = p->n_samples, i, prev = 0, node = 0, gc_parent = FC_NONE;
	uint32_t gc = gc_root ? FC_NONE : p->gc_node;
	size_t cap = (size_t)p->max_depth + 3, n_open = 0;
	struct walk_stack s;
	uint32_t *to_open;
	uint64_t seq = 0;
	bool ok = false;
	double t;

	if (!nodes)
		nodes = p->sample_node;
	s.start = malloc(cap * sizeof(double));
	s.children = malloc(cap * sizeof(double));
	s.seq = malloc(cap * sizeof(uint64_t));
	to_open = malloc(cap * sizeof(uint32_t));
	if (!s.start || !s.children || !s.seq || !to_open)
		goto out;
	s.top = 0;
	s.children[0] = 0;

	for (i = 0; i < n; i++) {
		uint32_t id = nodes[i], prev_node;

		if (id == prev)
			continue; /* same node: the run extends */
		t = (double)p->sample_time_us[i];
		node = id;
		prev_node = prev;
		if (node == gc) {
			/* GC has no stack: stack it on the previous sample's */
			gc_parent = prev_node;
			if (!open_frame(p, &s, gc, depth[gc_parent], FC_BOX_GC_STACKED, t, &seq, v))
				goto out;
			prev = id;
			continue;
		}
		if (prev_node == gc && gc_parent != FC_NONE) {
			if (!close_top(p, &s, gc, depth[gc_parent], FC_BOX_GC_STACKED, t, i, v))
				goto out;
			prev_node = gc_parent;
			gc_parent = FC_NONE;
		}
		/* lowest common ancestor by node identity */
		n_open = 0;
		while (depth[node] > depth[prev_node]) {
			to_open[n_open++] = node;
			node = parent[node];
		}
		while (prev_node != node) {
			if (!close_top(p, &s, prev_node, depth[prev_node] - 1, 0, t, i, v))
				goto out;
			if (depth[node] == depth[prev_node]) {
				to_open[n_open++] = node;
				node = parent[node];
			}
			prev_node = parent[prev_node];
		}
		while (n_open) {
			uint32_t o = to_open[--n_open];
			if (!open_frame(p, &s, o, depth[o] - 1, 0, t, &seq, v))
				goto out;
		}
		prev = id;
	}

	/* frames still open end with the last sample (devtools-rules §1.5) */
	t = fc_profile_samples_end(p);
	if (prev == gc && gc_parent != FC_NONE) {
		if (!close_top(p, &s, gc, depth[gc_parent], FC_BOX_GC_STACKED, t, n, v))
			goto out;
		prev = gc_parent;
	}
	for (node = prev; node != FC_NONE && parent[node] != FC_NONE; node = parent[node])
		if (!close_top(p, &s, node, depth[node] - 1, 0, t, n, v))
			goto out;
	ok = true;
out:
	free(s.start);
	free(s.children);
	free(s.seq);
	free(to_open);
	return ok;
}
