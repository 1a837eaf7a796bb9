/* The merged call tree of a flame graph: every sample's weight summed along
 * its stack, identical stacks merged by frame identity (docs/graph.md). The
 * sample rules are the chart's (devtools-rules §1-3), so that a merged frame's
 * total is exactly the sum of the chart bars on the same stack. One pass
 * over the samples, one over the nodes of each profile; no recursion. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "layout/graph.h"
#include "layout/internal.h"
#include "util/util.h"
#include "util/children.h"
#include "model/profile.h"

/* mnode[] of a source node: WEIGHTED while its subtree has weight and it
 * is not merged yet; LEFT_OUT when it is left out with its subtree ((idle));
 * FC_NONE when it has no weight and is never merged. */
#define LEFT_OUT (UINT32_MAX - 1)
#define WEIGHTED (UINT32_MAX - 2)

/* g->only[] of a node with several children: they are in the table. A node's
 * first child is kept beside it and moves into the table with the second,
 * so that a chain of single children -- most of a call tree -- is merged
 * without a probe of the table, which outgrows the cache: one probe of it
 * for each node was the merge's main cost (a cache miss on the slot). */
#define SEVERAL (UINT32_MAX - 1)

/* Room for need merged nodes' arrays. A profile reserves what it can add at
 * most, so one profile's graph is sized once, without the slack of
 * doubling. The table grows as children move into it: it holds only the
 * children of nodes with several (a dense one, at most 7/8 full). */
static bool reserve_nodes(struct fc_graph *g, size_t need)
{
	struct fc_profile *m = g->merged;
	if (need >= UINT32_MAX - 2)
		return false;
	if (need > g->nodes_cap) {
		size_t cap = g->nodes_cap + g->nodes_cap / 2;
		void *a, *b, *c;
		if (cap < need)
			cap = need;
		a = realloc(m->node_parent, cap * sizeof(*m->node_parent));
		if (a)
			m->node_parent = a;
		b = realloc(m->node_frame, cap * sizeof(*m->node_frame));
		if (b)
			m->node_frame = b;
		c = realloc(g->self, cap * sizeof(*g->self));
		if (c)
			g->self = c;
		if (!a || !b || !c)
			return false;
		g->nodes_cap = cap;
	}
	return true;
}

static uint32_t add_node(struct fc_graph *g, uint32_t parent, uint32_t frame)
{
	uint32_t k = (uint32_t)g->n_nodes++;

	g->merged->node_parent[k] = parent;
	g->merged->node_frame[k] = frame;
	g->self[k] = 0;
	return k;
}

/* g->only[] up to the nodes' capacity, FC_NONE where it is new. Grown by
 * lookups only: distinct paths (diff's pictures) never need it. */
static bool reserve_only(struct fc_graph *g)
{
	uint32_t *only;

	if (g->only_cap >= g->nodes_cap)
		return true;
	only = realloc(g->only, g->nodes_cap * sizeof(*only));
	if (!only)
		return false;
	memset(only + g->only_cap, 0xff, (g->nodes_cap - g->only_cap) * sizeof(*only));
	g->only = only;
	g->only_cap = g->nodes_cap;
	return true;
}

/* Records node k, a child of parent, in the table. */
static void table_put(struct fc_graph *g, uint32_t parent, uint32_t k)
{
	const struct fc_profile *m = g->merged;
	uint32_t h;
	size_t slot;

	fc_children_find(&g->table, m->node_parent, m->node_frame, parent, m->node_frame[k], &h,
			 &slot);
	fc_map_put(&g->table, slot, h, k);
}

/* The child of parent with the given merged frame, created when new. */
static uint32_t child_of(struct fc_graph *g, uint32_t parent, uint32_t frame)
{
	uint32_t h, k, one;
	size_t slot;

	/* one new node, and at most two more children in the table */
	if (!reserve_nodes(g, g->n_nodes + 1) || !reserve_only(g) ||
	    !fc_map_reserve(&g->table, g->table.count + 2))
		return FC_NONE;
	one = g->only[parent];
	if (one == FC_NONE) {
		k = add_node(g, parent, frame);
		g->only[parent] = k;
		return k;
	}
	if (one != SEVERAL) {
		if (g->merged->node_frame[one] == frame)
			return one;
		table_put(g, parent, one);
		g->only[parent] = SEVERAL;
	}
	k = fc_children_find(&g->table, g->merged->node_parent, g->merged->node_frame, parent,
			     frame, &h, &slot);
	if (k != FC_NONE)
		return k;
	k = add_node(g, parent, frame);
	fc_map_put(&g->table, slot, h, k);
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

	if (!fmap)
		return f;
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

/* GC weight stacked on a node's stack. */
struct gc_on {
	uint32_t node;
	double weight;
};

/* Per-node weights of one profile, before merging: 12 bytes a node. */
struct weights {
	double *self;     /* per node: samples whose stack ends there */
	uint32_t *mnode;  /* per node: WEIGHTED or FC_NONE, then the merged node */
	struct gc_on *gc; /* GC samples, by the node their stack sits on, in node order */
	size_t n_gc, gc_cap;
	uint32_t *fmap; /* source frame -> merged frame, FC_NONE until used;
			 * NULL when the merged frames are a copy of p's */
};

static void weights_free(struct weights *w)
{
	free(w->self);
	free(w->mnode);
	free(w->gc);
	free(w->fmap);
}

/* The weight of sample i: its duration as the chart measures it (up to the
 * next sample, the last one up to fc_profile_samples_end), or 1. A negative
 * or NaN duration (an input whose recorded end precedes its last sample)
 * weighs 0, so that no box is ever wider than its parent. */
static double sample_weight(const struct fc_profile *p, uint32_t i, bool samples)
{
	double d;

	/* a sample of folded stacks (no time) is a line: its weight is the
	 * number of samples the line stands for */
	if (samples && p->has_time)
		return 1;
	d = fc_profile_sample_duration(p, i);
	return d > 0 ? d : 0;
}

static int gc_cmp(const void *a, const void *b, void *ctx)
{
	uint32_t x = ((const struct gc_on *)a)->node, y = ((const struct gc_on *)b)->node;
	(void)ctx;
	return x < y ? -1 : x > y;
}

/* Adds GC weight x on node's stack. Runs on one node are summed as they
 * come; the list is sorted by node later, stably, so that every node's sum
 * is taken in sample order. */
static bool gc_add(struct weights *w, uint32_t node, double x)
{
	if (w->n_gc && w->gc[w->n_gc - 1].node == node) {
		w->gc[w->n_gc - 1].weight += x;
		return true;
	}
	if (!FC_GROW(w->gc, w->gc_cap, w->n_gc + 1))
		return false;
	w->gc[w->n_gc].node = node;
	w->gc[w->n_gc].weight = x;
	w->n_gc++;
	return true;
}

/* Distributes the samples of p over its nodes with the chart's rules, and
 * marks the nodes whose subtree has weight. Returns how many merged nodes
 * p can add at most; SIZE_MAX on allocation failure. */
static size_t distribute(struct fc_graph *g, const struct fc_profile *p, struct weights *w,
			 const struct fc_layout_options *o)
{
	uint32_t gc = o->gc_root ? FC_NONE : p->gc_node, gc_parent = 0, i;
	uint32_t *eff = malloc((p->n_samples ? p->n_samples : 1) * sizeof(*eff));
	size_t j, k, most = 0;

	if (!eff)
		return SIZE_MAX;
	g->healed += fc_chart_heal_program(p, eff);
	for (i = 0; i < p->n_samples; i++) {
		uint32_t id = eff[i];
		double x = sample_weight(p, i, o->weight_samples);

		if (id == gc) {
			/* DevTools: GC sits on the previous sample's stack, which
			 * stays open through a run of GC samples; a first-sample GC
			 * sits on the root (devtools-rules §2, heuristic 2). */
			if (i == 0)
				gc_parent = 0;
			else if (eff[i - 1] != gc)
				gc_parent = eff[i - 1];
			if (!gc_add(w, gc_parent, x)) {
				free(eff);
				return SIZE_MAX;
			}
		} else {
			w->self[id] += x;
		}
	}
	free(eff);
	if (!fc_sort(w->gc, w->n_gc, sizeof(*w->gc), gc_cmp, NULL))
		return SIZE_MAX;
	/* one entry per node, summed in sample order; those with weight */
	for (j = 0, k = 0; j < w->n_gc; j++) {
		if (k && w->gc[k - 1].node == w->gc[j].node)
			w->gc[k - 1].weight += w->gc[j].weight;
		else
			w->gc[k++] = w->gc[j];
	}
	for (j = 0, w->n_gc = k, k = 0; j < w->n_gc; j++)
		if (w->gc[j].weight > 0)
			w->gc[k++] = w->gc[j];
	w->n_gc = k;
	/* weights are never negative, so a subtree has weight exactly when a
	 * node in it has; children before parents (parent[i] < i) */
	for (i = 0; i < p->n_nodes; i++)
		w->mnode[i] = w->self[i] > 0 ? WEIGHTED : FC_NONE;
	for (j = 0; j < w->n_gc; j++)
		w->mnode[w->gc[j].node] = WEIGHTED;
	for (i = p->n_nodes; i-- > 1;) {
		if (w->mnode[i] == WEIGHTED) {
			w->mnode[p->node_parent[i]] = WEIGHTED;
			most++;
		}
	}
	return most + w->n_gc;
}

/* Merges the weighted nodes of p into g, in pre-order so that a node's
 * parent is merged before it. */
static bool merge_nodes(struct fc_graph *g, const struct fc_profile *p, struct weights *w,
			const struct fc_layout_options *o)
{
	uint32_t gc_frame = FC_NONE, i;
	size_t next_gc = 0;

	/* samples on the root have no frame: gaps in the chart, not in the graph */
	g->root_left_out += w->self[0];
	w->mnode[0] = 0;
	for (i = 0; i < p->n_nodes; i++) {
		uint32_t m = FC_NONE, target;
		double gc_weight;

		if (i > 0) {
			uint32_t pm = w->mnode[p->node_parent[i]];
			if (pm == LEFT_OUT || (i == p->idle_node && !o->keep_idle)) {
				m = LEFT_OUT;
				g->idle_left_out += w->self[i];
			} else if (pm != FC_NONE && w->mnode[i] == WEIGHTED) {
				uint32_t f = merged_frame(g, p, w->fmap, p->node_frame[i]);
				if (f == FC_NONE)
					return false;
				/* one profile of distinct paths: every node is new */
				m = o->distinct_paths && g->n_profiles == 1 ? add_node(g, pm, f)
									    : child_of(g, pm, f);
				if (m == FC_NONE)
					return false;
				g->self[m] += w->self[i];
			}
			w->mnode[i] = m;
		}
		if (next_gc == w->n_gc || w->gc[next_gc].node != i)
			continue;
		gc_weight = w->gc[next_gc++].weight;
		/* GC on a left-out (idle) stack is still GC work (V8 collects in
		 * idle time): it goes to the root rather than out of sight. */
		target = w->mnode[i] == LEFT_OUT ? 0 : w->mnode[i];
		if (gc_frame == FC_NONE)
			gc_frame = merged_frame(g, p, w->fmap, p->node_frame[p->gc_node]);
		if (gc_frame == FC_NONE || (m = child_of(g, target, gc_frame)) == FC_NONE)
			return false;
		g->self[m] += gc_weight;
	}
	return true;
}

/* same_frames: the merged profile's frames are a copy of p's, so that a
 * source frame is its own merged frame. */
static bool add_profile(struct fc_graph *g, const struct fc_profile *p,
			const struct fc_layout_options *o, bool same_frames)
{
	size_t nn = p->n_nodes ? p->n_nodes : 1, nf = p->n_frames ? p->n_frames : 1, most;
	struct weights w = { 0 };
	bool ok = false;

	g->samples += p->n_samples;
	g->n_profiles++;
	if (p->n_nodes == 0)
		return true;
	w.self = calloc(nn, sizeof(*w.self));
	w.mnode = malloc(nn * sizeof(*w.mnode));
	w.fmap = same_frames ? NULL : malloc(nf * sizeof(*w.fmap));
	if (!w.self || !w.mnode || (!same_frames && !w.fmap))
		goto out;
	if (w.fmap)
		memset(w.fmap, 0xff, nf * sizeof(*w.fmap)); /* FC_NONE */
	most = distribute(g, p, &w, o);
	if (most == SIZE_MAX || !reserve_nodes(g, g->n_nodes + most))
		goto out;
	ok = merge_nodes(g, p, &w, o);
out:
	weights_free(&w);
	return ok;
}

/* Totals, sizes, depths and the merged profile's remaining fields. */
static bool finish_tree(struct fc_graph *g)
{
	struct fc_profile *m = g->merged;
	size_t i, n = g->n_nodes;

	g->total = malloc(n * sizeof(*g->total));
	g->size = malloc(n * sizeof(*g->size));
	m->node_depth = malloc(n * sizeof(*m->node_depth));
	if (!g->total || !g->size || !m->node_depth)
		return false;
	for (i = 0; i < n; i++)
		g->total[i] = g->self[i];
	for (i = n; i-- > 1;)
		g->total[m->node_parent[i]] += g->total[i];
	/* sizes count what the exact layout draws: nodes with weight */
	for (i = 0; i < n; i++)
		g->size[i] = g->total[i] > 0;
	for (i = n; i-- > 1;)
		g->size[m->node_parent[i]] += g->size[i];
	m->node_depth[0] = 0;
	for (i = 1; i < n; i++) {
		uint32_t d = m->node_depth[m->node_parent[i]] + 1;
		const struct fc_frame *f = &m->frames[m->node_frame[i]];
		m->node_depth[i] = d;
		if (d > m->max_depth)
			m->max_depth = d;
		if (d != 1)
			continue;
		if (f->meta == FC_META_PROGRAM)
			m->program_node = (uint32_t)i;
		else if (f->meta == FC_META_IDLE)
			m->idle_node = (uint32_t)i;
		else if (f->meta == FC_META_GC)
			m->gc_node = (uint32_t)i;
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
			m->bytes_per_event = ps[i]->bytes_per_event;
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

/* The frame of p's root node when it is exactly the merged root's, "(root)"
 * with script "0", no url and no position; else FC_NONE. p's frames are
 * unique, so it is the frame interning would find in a copy of them,
 * found without the frame index that interning builds over all of them
 * (which only a second profile needs). */
static uint32_t root_frame(const struct fc_profile *p)
{
	uint32_t k = p->node_frame[0];
	const struct fc_frame *f = &p->frames[k];

	if (strcmp(fc_profile_str(p, f->name), "(root)") || fc_strpool_len(&p->strings, f->url) ||
	    strcmp(fc_profile_str(p, f->script_id), "0") || f->line != -1 || f->column != -1)
		return FC_NONE;
	return k;
}

struct fc_graph *fc_graph_merge(const struct fc_profile *const *profiles, size_t n,
				const struct fc_layout_options *o, struct fc_error *err)
{
	struct fc_graph *g = calloc(1, sizeof(*g));
	size_t i;
	bool same;

	if (!g || !(g->merged = fc_profile_create()))
		goto nomem;
	g->table.dense = true;
	if (!describe(g, profiles, n))
		goto nomem;
	/* the first profile's frames are unique already: copied as they are
	 * rather than interned one by one */
	same = n > 0 && profiles[0]->n_nodes > 0 && fc_profile_copy_frames(g->merged, profiles[0]);
	/* the root; its frame is never drawn */
	{
		uint32_t f = same ? root_frame(profiles[0]) : FC_NONE;
		if (f == FC_NONE)
			f = fc_profile_intern_frame(g->merged, "(root)", 6, "", 0, "0", 1, -1, -1);
		if (f == FC_NONE || !reserve_nodes(g, 1))
			goto nomem;
		add_node(g, FC_NONE, f);
	}
	for (i = 0; i < n; i++)
		if (!add_profile(g, profiles[i], o, i == 0 && same))
			goto nomem;
	/* the table and the frame index only served the merge */
	fc_profile_drop_frame_index(g->merged);
	fc_map_finish(&g->table);
	free(g->only);
	g->only = NULL;
	g->only_cap = 0;
	if (!finish_tree(g))
		goto nomem;
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
	free(g->self);
	free(g->total);
	free(g->size);
	fc_map_finish(&g->table);
	free(g->only);
	free(g->kids);
	free(g->start);
	free(g);
}
