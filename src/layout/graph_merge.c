/* The merged call tree of a flame graph: every sample's weight summed along
 * its stack, identical stacks merged by frame identity (DESIGN §4). The
 * sample rules are the chart's (devtools.md §1-3), so that a merged frame's
 * total is exactly the sum of the chart bars on the same stack. One pass
 * over the samples, one over the nodes of each profile; no recursion. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "layout/graph.h"
#include "layout/internal.h"
#include "util/util.h"

/* mnode[] of a node that is left out with its subtree: (idle). FC_NONE
 * marks nodes without weight, which are never merged. */
#define LEFT_OUT (UINT32_MAX - 1)

static uint64_t slot_hash(uint32_t parent, uint32_t frame)
{
	return fc_hash_u64(((uint64_t)parent << 32) | frame);
}

static bool table_grow(struct fc_graph *g)
{
	size_t ncap = g->table_cap ? g->table_cap * 2 : 1024, i, j;
	uint32_t *t;

	if (ncap > SIZE_MAX / sizeof(*t))
		return false;
	t = calloc(ncap, sizeof(*t));
	if (!t)
		return false;
	for (i = 0; i < g->table_cap; i++) {
		uint32_t k = g->table[i];
		if (!k)
			continue;
		j = slot_hash(g->nodes[k - 1].parent, g->nodes[k - 1].frame) & (ncap - 1);
		while (t[j])
			j = (j + 1) & (ncap - 1);
		t[j] = k;
	}
	free(g->table);
	g->table = t;
	g->table_cap = ncap;
	return true;
}

static uint32_t add_node(struct fc_graph *g, uint32_t parent, uint32_t frame)
{
	struct fc_graph_node *n;

	if (g->n_nodes >= UINT32_MAX - 2 || !FC_GROW(g->nodes, g->nodes_cap, g->n_nodes + 1))
		return FC_NONE;
	n = &g->nodes[g->n_nodes];
	memset(n, 0, sizeof(*n));
	n->parent = parent;
	n->frame = frame;
	n->depth = parent == FC_NONE ? 0 : g->nodes[parent].depth + 1;
	return (uint32_t)g->n_nodes++;
}

/* The child of parent with the given merged frame, created when new. */
static uint32_t child_of(struct fc_graph *g, uint32_t parent, uint32_t frame)
{
	size_t j;
	uint32_t k;

	if ((g->n_nodes + 1) * 2 > g->table_cap && !table_grow(g))
		return FC_NONE;
	j = slot_hash(parent, frame) & (g->table_cap - 1);
	while ((k = g->table[j]) != 0) {
		if (g->nodes[k - 1].parent == parent && g->nodes[k - 1].frame == frame)
			return k - 1;
		j = (j + 1) & (g->table_cap - 1);
	}
	k = add_node(g, parent, frame);
	if (k != FC_NONE)
		g->table[j] = k + 1;
	return k;
}

/* The merged frame of source frame f of p: interned by its strings, so equal
 * frames of different profiles become one (the model's identity rule). Tier,
 * tags and package come from the first profile that has the frame. */
static uint32_t merged_frame(struct fc_graph *g, const struct fc_profile *p, uint32_t *fmap,
			     uint32_t f)
{
	struct fc_profile *m = g->merged;
	const struct fc_frame *src = &p->frames[f];
	const struct fc_strpool *s = &p->strings;
	uint32_t k, before = m->n_frames;

	if (fmap[f] != FC_NONE)
		return fmap[f];
	k = fc_profile_intern_frame(m, fc_strpool_get(s, src->name), fc_strpool_len(s, src->name),
				    fc_strpool_get(s, src->url), fc_strpool_len(s, src->url),
				    fc_strpool_get(s, src->script_id),
				    fc_strpool_len(s, src->script_id), src->line, src->column);
	if (k == FC_NONE)
		return FC_NONE;
	if (k >= before) {
		uint32_t pkg = fc_strpool_intern(&m->strings, fc_strpool_get(s, src->package),
						 fc_strpool_len(s, src->package));
		if (pkg == FC_NONE)
			return FC_NONE;
		m->frames[k].tier = src->tier;
		m->frames[k].tags = src->tags;
		m->frames[k].package = pkg;
	}
	fmap[f] = k;
	return k;
}

/* Per-node weights of one profile, before merging. */
struct weights {
	uint32_t *eff;   /* effective node of each sample (healed) */
	double *self;    /* per node: samples whose stack ends there */
	double *gc_on;   /* per node: GC samples stacked on that node's stack */
	double *sub;     /* per node: weight in its subtree (self + gc_on included) */
	uint32_t *fmap;  /* source frame -> merged frame, FC_NONE until used */
	uint32_t *mnode; /* source node -> merged node, FC_NONE or LEFT_OUT */
};

static void weights_free(struct weights *w)
{
	free(w->eff);
	free(w->self);
	free(w->gc_on);
	free(w->sub);
	free(w->fmap);
	free(w->mnode);
}

/* The weight of sample i: its duration as the chart measures it (up to the
 * next sample, the last one up to fc_profile_samples_end), or 1. A negative
 * or NaN duration (an input whose recorded end precedes its last sample)
 * weighs 0, so that no box is ever wider than its parent. */
static double sample_weight(const struct fc_profile *p, uint32_t i, bool samples)
{
	double d;

	if (samples)
		return 1;
	d = fc_profile_sample_duration(p, i);
	return d > 0 ? d : 0;
}

/* Distributes the samples of p over its nodes with the chart's rules. */
static void distribute(struct fc_graph *g, const struct fc_profile *p, struct weights *w,
		       const struct fc_layout_options *o)
{
	uint32_t gc = o->gc_root ? FC_NONE : p->gc_node, gc_parent = 0, i;

	g->healed += fc_chart_heal_program(p, w->eff);
	for (i = 0; i < p->n_samples; i++) {
		uint32_t id = w->eff[i];
		double x = sample_weight(p, i, o->weight_samples);

		if (id == gc) {
			/* DevTools: GC sits on the previous sample's stack, which
			 * stays open through a run of GC samples; a first-sample GC
			 * sits on the root (devtools.md §2, heuristic 2). */
			if (i == 0)
				gc_parent = 0;
			else if (w->eff[i - 1] != gc)
				gc_parent = w->eff[i - 1];
			w->gc_on[gc_parent] += x;
		} else {
			w->self[id] += x;
		}
	}
	/* subtree weights, children before parents (parent[i] < i) */
	for (i = p->n_nodes; i-- > 0;) {
		w->sub[i] += w->self[i] + w->gc_on[i];
		if (i)
			w->sub[p->node_parent[i]] += w->sub[i];
	}
}

/* Merges the weighted nodes of p into g, in pre-order so that a node's
 * parent is merged before it. */
static bool merge_nodes(struct fc_graph *g, const struct fc_profile *p, struct weights *w,
			const struct fc_layout_options *o)
{
	uint32_t gc_frame = FC_NONE, i;

	/* samples on the root have no frame: gaps in the chart, not in the graph */
	g->root_left_out += w->self[0];
	w->mnode[0] = 0;
	for (i = 0; i < p->n_nodes; i++) {
		uint32_t m = FC_NONE, target;

		if (i > 0) {
			uint32_t pm = w->mnode[p->node_parent[i]];
			if (pm == LEFT_OUT || (i == p->idle_node && !o->keep_idle)) {
				m = LEFT_OUT;
				g->idle_left_out += w->self[i];
			} else if (pm != FC_NONE && w->sub[i] > 0) {
				uint32_t f = merged_frame(g, p, w->fmap, p->node_frame[i]);
				if (f == FC_NONE || (m = child_of(g, pm, f)) == FC_NONE)
					return false;
				g->nodes[m].self += w->self[i];
			}
			w->mnode[i] = m;
		}
		if (!(w->gc_on[i] > 0))
			continue;
		/* GC on a left-out (idle) stack is still GC work (V8 collects in
		 * idle time): it goes to the root rather than out of sight. */
		target = w->mnode[i] == LEFT_OUT ? 0 : w->mnode[i];
		if (gc_frame == FC_NONE)
			gc_frame = merged_frame(g, p, w->fmap, p->node_frame[p->gc_node]);
		if (gc_frame == FC_NONE || (m = child_of(g, target, gc_frame)) == FC_NONE)
			return false;
		g->nodes[m].self += w->gc_on[i];
	}
	return true;
}

static bool add_profile(struct fc_graph *g, const struct fc_profile *p,
			const struct fc_layout_options *o)
{
	size_t ns = p->n_samples ? p->n_samples : 1, nn = p->n_nodes ? p->n_nodes : 1;
	size_t nf = p->n_frames ? p->n_frames : 1;
	struct weights w = { 0 };
	bool ok = false;

	g->samples += p->n_samples;
	g->n_profiles++;
	if (p->n_nodes == 0)
		return true;
	w.eff = malloc(ns * sizeof(*w.eff));
	w.self = calloc(nn, sizeof(*w.self));
	w.gc_on = calloc(nn, sizeof(*w.gc_on));
	w.sub = calloc(nn, sizeof(*w.sub));
	w.fmap = malloc(nf * sizeof(*w.fmap));
	w.mnode = malloc(nn * sizeof(*w.mnode));
	if (!w.eff || !w.self || !w.gc_on || !w.sub || !w.fmap || !w.mnode)
		goto out;
	memset(w.fmap, 0xff, nf * sizeof(*w.fmap)); /* FC_NONE */
	distribute(g, p, &w, o);
	ok = merge_nodes(g, p, &w, o);
out:
	weights_free(&w);
	return ok;
}

/* Totals, sizes and the merged profile's node arrays. */
static bool finish_tree(struct fc_graph *g)
{
	struct fc_profile *m = g->merged;
	size_t i, n = g->n_nodes;

	for (i = 0; i < n; i++)
		g->nodes[i].total = g->nodes[i].self;
	for (i = n; i-- > 1;)
		g->nodes[g->nodes[i].parent].total += g->nodes[i].total;
	/* sizes count what the exact layout draws: nodes with weight */
	for (i = 0; i < n; i++)
		g->nodes[i].size = g->nodes[i].total > 0;
	for (i = n; i-- > 1;)
		g->nodes[g->nodes[i].parent].size += g->nodes[i].size;
	m->node_parent = malloc(n * sizeof(*m->node_parent));
	m->node_frame = malloc(n * sizeof(*m->node_frame));
	m->node_depth = malloc(n * sizeof(*m->node_depth));
	m->node_id = malloc(n * sizeof(*m->node_id));
	if (!m->node_parent || !m->node_frame || !m->node_depth || !m->node_id)
		return false;
	for (i = 0; i < n; i++) {
		const struct fc_graph_node *x = &g->nodes[i];
		m->node_parent[i] = x->parent;
		m->node_frame[i] = x->frame;
		m->node_depth[i] = x->depth;
		m->node_id[i] = (int64_t)i;
		if (x->depth > m->max_depth)
			m->max_depth = x->depth;
		if (x->depth == 1) {
			const struct fc_frame *f = &m->frames[x->frame];
			if (f->meta == FC_META_PROGRAM)
				m->program_node = (uint32_t)i;
			else if (f->meta == FC_META_IDLE)
				m->idle_node = (uint32_t)i;
			else if (f->meta == FC_META_GC)
				m->gc_node = (uint32_t)i;
		}
	}
	m->n_nodes = (uint32_t)n;
	return true;
}

/* Name, title and identity of the merged profile: the profile's own for one
 * profile, "first + N more" for several. */
static bool describe(struct fc_graph *g, const struct fc_profile *const *ps, size_t n)
{
	struct fc_profile *m = g->merged;
	size_t i;

	for (i = 0; i < n; i++) {
		if (!ps[i]->has_time) {
			m->has_time = false;
			m->weight_unit = ps[i]->weight_unit;
		}
	}
	if (n == 1) {
		const struct fc_profile *p = ps[0];
		g->title = fc_lane_title(p);
		m->name = fc_strdup(p->name ? p->name : "profile");
		if ((p->source && !(m->source = fc_strdup(p->source))) ||
		    (p->thread_name && !(m->thread_name = fc_strdup(p->thread_name))) ||
		    (p->process_name && !(m->process_name = fc_strdup(p->process_name))))
			return false;
		m->pid = p->pid;
		m->tid = p->tid;
		m->format = p->format;
	} else {
		const char *first = n && ps[0]->name ? ps[0]->name : "profile";
		g->title =
			n ? fc_asprintf("%s + %zu more", first, n - 1) : fc_strdup("no profiles");
		m->name = fc_strdup(g->title ? g->title : "");
	}
	return g->title && m->name;
}

struct fc_graph *fc_graph_merge(const struct fc_profile *const *profiles, size_t n,
				const struct fc_layout_options *o, struct fc_error *err)
{
	struct fc_graph *g = calloc(1, sizeof(*g));
	size_t i;

	if (!g || !(g->merged = fc_profile_create()))
		goto nomem;
	if (!describe(g, profiles, n))
		goto nomem;
	/* the root; its frame is never drawn */
	{
		uint32_t f = fc_profile_intern_frame(g->merged, "(root)", 6, "", 0, "0", 1, -1, -1);
		if (f == FC_NONE || add_node(g, FC_NONE, f) == FC_NONE)
			goto nomem;
	}
	for (i = 0; i < n; i++)
		if (!add_profile(g, profiles[i], o))
			goto nomem;
	if (!finish_tree(g))
		goto nomem;
	/* the table only served the merge */
	free(g->table);
	g->table = NULL;
	g->table_cap = 0;
	return g;
nomem:
	fc_graph_destroy(g);
	fc_error_set(err, FC_ERR_NOMEM, "out of memory");
	return NULL;
}

void fc_graph_destroy(struct fc_graph *g)
{
	if (!g)
		return;
	fc_profile_destroy(g->merged);
	free(g->title);
	free(g->nodes);
	free(g->table);
	free(g);
}
