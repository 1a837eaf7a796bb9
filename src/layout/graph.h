/* The merged flame graph, in two steps so that several lanes can share one
 * axis: fc_graph_merge sums the samples of one or more profiles into a merged
 * call tree (graph_merge.c), fc_graph_place lays the tree out as boxes,
 * coalescing what is narrower than a threshold (graph.c). */
#ifndef FC_LAYOUT_GRAPH_H
#define FC_LAYOUT_GRAPH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "layout/layout.h"
#include "util/map.h"
#include "model/profile.h"

/* The merged call tree, as parallel arrays indexed by merged node: node 0
 * is the root, and parent < index for every other node, so one backward
 * loop sums totals and one forward loop sees parents first. A node's parent
 * and frame are the merged profile's node_parent and node_frame. */
struct fc_graph {
	/* Frames of every merged profile, matched by their strings; its nodes
	 * are the merged tree (node_id is NULL: there is no input file). Owned
	 * until fc_graph_place hands it to a lane. */
	struct fc_profile *merged;
	char *title;
	size_t n_nodes, nodes_cap;
	double *self;        /* weight of the samples whose stack ends here */
	double *total;       /* self + the children's totals */
	uint32_t *size;      /* merged nodes with weight in this subtree, itself included */
	struct fc_map table; /* while merging: (parent, frame) -> node */
	/* While merging: a node's only child, kept here rather than in the
	 * table (FC_NONE for none yet; see graph_merge.c) */
	uint32_t *only;
	size_t only_cap;
	/* from fc_graph_place: children in sibling order (kids[start[m] ..
	 * start[m + 1]) are m's), the coalescing threshold and the GC rule,
	 * kept for a lane that places its boxes on demand */
	uint32_t *kids, *start;
	double min_weight;
	bool gc_root;
	double idle_left_out; /* weight of the (idle) subtree, not in the tree */
	double root_left_out; /* weight of samples on the root itself (no frame) */
	uint64_t samples;
	uint32_t healed;
	uint32_t n_profiles;
};

/* Merges the samples of profiles[0..n) by frame identity with the chart's
 * sample semantics (devtools-rules §1-3): each sample weighs its duration (or 1
 * with weight_samples), (program) is healed as the chart heals it, GC sits
 * on the previous sample's stack unless gc_root, (idle) is left out unless
 * keep_idle. NULL with err on allocation failure. */
struct fc_graph *fc_graph_merge(const struct fc_profile *const *profiles, size_t n,
				const struct fc_layout_options *o, struct fc_error *err);
void fc_graph_destroy(struct fc_graph *g);

/* The total weight of the graph: the sum of the root's children. */
static inline double fc_graph_total(const struct fc_graph *g)
{
	return g->n_nodes ? g->total[0] : 0;
}

/* rank[f] = the place of frame f of p in label order, a malloc'd array of
 * p->n_frames (NULL on allocation failure): by label (what the bar shows),
 * then url, line and column, then the raw name, then first seen -- a total
 * order over distinct frames, bytewise like FlameGraph's sort, so that the
 * same profile always gives the same picture. Each distinct label, url and
 * name is compared as a string once, in a sort of its own; the frames are
 * then sorted by those ranks. */
uint32_t *fc_graph_frame_ranks(const struct fc_profile *p);

/* Lays g out into lane: depth-first boxes, siblings in label order (or
 * heaviest first with o->sort_weight), children packed from the parent's
 * left edge. Children narrower than min_weight (in weight units; 0 = exact)
 * are coalesced per parent into one "…" box after their wide siblings,
 * their descendants dropped. The merged profile and the title move into the
 * lane (lane->merged), whatever the outcome. An exact layout with
 * o->bars_on_demand holds no boxes: g itself moves into the lane
 * (lane->graph), which fc_graph_each walks again. false with err on
 * allocation failure. */
bool fc_graph_place(struct fc_lane *lane, struct fc_graph *g, const struct fc_layout_options *o,
		    double min_weight, struct fc_error *err);

/* The boxes of a lane that kept its graph, in the order fc_graph_place
 * gives them. */
bool fc_graph_each(const struct fc_lane *lane, fc_lane_visit visit, void *ctx);

#endif
