/* The one child-lookup table: (parent node, frame) -> child node, over
 * fc_map. The nodes' parent and frame arrays are the caller's (a call
 * tree's, a merged graph's, diff's aligned tree's); the map holds only
 * their indices and hashes. Every tree that is built child by child finds
 * its children here. */
#ifndef FC_CHILDREN_H
#define FC_CHILDREN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/map.h"
#include "util/util.h"

struct fc_children_key {
	const uint32_t *parent, *frame; /* the caller's node arrays */
	uint32_t p, f;                  /* the edge looked for */
};

static inline bool fc_children_eq(const void *ctx, uint32_t k)
{
	const struct fc_children_key *q = ctx;
	return q->parent[k] == q->p && q->frame[k] == q->f;
}

/* The hash an edge is stored under (for fc_map_add). */
static inline uint32_t fc_children_hash(uint32_t p, uint32_t f)
{
	return (uint32_t)fc_hash_u64(((uint64_t)p << 32) | f);
}

/* The child of node p with frame f, or FC_NONE; then *hash and *slot are
 * where fc_map_put(m, *slot, *hash, new_node) records it (call
 * fc_map_reserve(m, count + 1) before the lookup). */
static inline uint32_t fc_children_find(const struct fc_map *m, const uint32_t *parent,
					const uint32_t *frame, uint32_t p, uint32_t f,
					uint32_t *hash, size_t *slot)
{
	struct fc_children_key q = { parent, frame, p, f };

	*hash = fc_children_hash(p, f);
	return fc_map_find(m, *hash, fc_children_eq, &q, slot);
}

/* The child of node p with frame f among the *n nodes whose parents and
 * frames are *parent and *frame (both *cap long), appended when absent,
 * the two arrays grown together; FC_NONE when memory or the 32-bit index
 * space ran out. */
uint32_t fc_children_add(struct fc_map *m, uint32_t **parent, uint32_t **frame, size_t *n,
			 size_t *cap, uint32_t p, uint32_t f);

#endif
