/* A call tree made anew by the scope transforms: nodes are made child by
 * child (siblings with the same frame are one node), then numbered in
 * pre-order and moved into the profile with its samples. Private to
 * src/transform/. */
#ifndef FC_TRANSFORM_TREE_H
#define FC_TRANSFORM_TREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "flamechart/error.h"
#include "util/map.h"
#include "model/profile.h"

struct fc_tree {
	uint32_t n, cap; /* nodes made; node 0 is the root */
	uint32_t *parent, *frame;
	int64_t *id;
	struct fc_map table; /* (parent, frame) -> node */
	size_t limit;        /* most nodes allowed (FC_ERR_LIMIT past it) */
	bool over;           /* the limit was reached */
};

/* A tree holding the root (frame, id); room for about expect nodes. false
 * on allocation failure. */
bool fc_tree_init(struct fc_tree *t, uint32_t expect, uint32_t root_frame, int64_t root_id);
void fc_tree_finish(struct fc_tree *t);

/* The child of parent with this frame, made (with id) if there is none;
 * FC_NONE on allocation failure or past t->limit (then t->over). */
uint32_t fc_tree_child(struct fc_tree *t, uint32_t parent, uint32_t frame, int64_t id);

/* Replaces p's call tree with t, numbered in pre-order (children in the
 * order they were made); sample i moves to node map[old node] (FC_NONE:
 * the root). false with err on allocation failure; p is then unchanged. */
bool fc_tree_install(struct fc_tree *t, struct fc_profile *p, const uint32_t *map,
		     struct fc_error *err);

/* Duration of each sample of p (fc_profile_sample_duration) summed per
 * node; NULL on allocation failure. Caller frees. */
double *fc_tree_node_self(const struct fc_profile *p);

#endif
