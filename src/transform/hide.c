/* --hide: the call tree without the frames of some tiers. One pass over the
 * nodes in pre-order (a parent comes before its children, so its new node
 * is known), a hash table that merges siblings which become the same frame,
 * then an iterative depth-first walk that renumbers the result in
 * pre-order. No recursion; memory is a few arrays of the node count. */
#include <stdlib.h>
#include <string.h>

#include "flamechart/hide.h"
#include "util/util.h"

struct rebuilt {
	uint32_t n;       /* nodes made */
	uint32_t *map;    /* old node -> made node */
	uint32_t *parent; /* made node -> its parent (made numbering) */
	uint32_t *frame;
	int64_t *id;
	uint32_t *table; /* (parent, frame) -> made node, open addressing */
	size_t mask;
	/* pre-order renumbering */
	uint32_t *first, *next, *last, *stack, *order;
	/* the new arrays, moved into the profile at the end */
	uint32_t *new_parent, *new_frame, *new_depth;
	int64_t *new_id;
};

static void rebuilt_free(struct rebuilt *r)
{
	free(r->map);
	free(r->parent);
	free(r->frame);
	free(r->id);
	free(r->table);
	free(r->first);
	free(r->next);
	free(r->last);
	free(r->stack);
	free(r->order);
	free(r->new_parent);
	free(r->new_frame);
	free(r->new_depth);
	free(r->new_id);
}

static bool rebuilt_alloc(struct rebuilt *r, uint32_t n)
{
	size_t cap = 16;

	while (cap < 2 * (size_t)n)
		cap *= 2;
	r->mask = cap - 1;
	r->table = malloc(cap * sizeof(*r->table));
	r->map = malloc(n * sizeof(*r->map));
	r->parent = malloc(n * sizeof(*r->parent));
	r->frame = malloc(n * sizeof(*r->frame));
	r->id = malloc(n * sizeof(*r->id));
	r->first = malloc(n * sizeof(*r->first));
	r->next = malloc(n * sizeof(*r->next));
	r->last = malloc(n * sizeof(*r->last));
	r->stack = malloc(n * sizeof(*r->stack));
	r->order = malloc(n * sizeof(*r->order));
	if (!r->table || !r->map || !r->parent || !r->frame || !r->id || !r->first || !r->next ||
	    !r->last || !r->stack || !r->order)
		return false;
	memset(r->table, 0xff, cap * sizeof(*r->table)); /* FC_NONE: empty */
	return true;
}

/* The made child of parent with this frame, made now if there is none. */
static uint32_t child(struct rebuilt *r, uint32_t parent, uint32_t frame, int64_t id)
{
	size_t h = (size_t)fc_hash_u64((uint64_t)parent << 32 | frame) & r->mask;
	uint32_t k;

	while ((k = r->table[h]) != FC_NONE) {
		if (r->parent[k] == parent && r->frame[k] == frame)
			return k;
		h = (h + 1) & r->mask;
	}
	k = r->n++;
	r->table[h] = k;
	r->parent[k] = parent;
	r->frame[k] = frame;
	r->id[k] = id;
	return k;
}

/* Pre-order numbers of the made nodes: children in the order they were
 * made, i.e. in the order of their first node in the old pre-order. */
static bool renumber(struct rebuilt *r)
{
	uint32_t k, sp = 0, count = 0;

	for (k = 0; k < r->n; k++)
		r->first[k] = r->last[k] = r->next[k] = FC_NONE;
	for (k = 1; k < r->n; k++) {
		uint32_t p = r->parent[k];
		if (r->last[p] == FC_NONE)
			r->first[p] = k;
		else
			r->next[r->last[p]] = k;
		r->last[p] = k;
	}
	r->new_parent = malloc(r->n * sizeof(*r->new_parent));
	r->new_frame = malloc(r->n * sizeof(*r->new_frame));
	r->new_depth = malloc(r->n * sizeof(*r->new_depth));
	r->new_id = malloc(r->n * sizeof(*r->new_id));
	if (!r->new_parent || !r->new_frame || !r->new_depth || !r->new_id)
		return false;
	r->stack[sp++] = 0;
	while (sp) {
		uint32_t s = r->stack[--sp], c, from = sp, i, j;
		uint32_t o = count++;

		r->order[s] = o;
		r->new_parent[o] = s ? r->order[r->parent[s]] : FC_NONE;
		r->new_depth[o] = s ? r->new_depth[r->new_parent[o]] + 1 : 0;
		r->new_frame[o] = r->frame[s];
		r->new_id[o] = r->id[s];
		for (c = r->first[s]; c != FC_NONE; c = r->next[c])
			r->stack[sp++] = c;
		/* reversed, so that the first child is popped first */
		for (i = from, j = sp; i + 1 < j; i++, j--) {
			uint32_t x = r->stack[i];
			r->stack[i] = r->stack[j - 1];
			r->stack[j - 1] = x;
		}
	}
	return count == r->n;
}

bool fc_hide_tiers(struct fc_profile *p, unsigned tiers, struct fc_error *err)
{
	struct rebuilt r = { 0 };
	uint32_t i;

	tiers &= (1u << FC_TIER_COUNT) - 1;
	if (!tiers || p->n_nodes == 0) {
		p->hidden_tiers |= tiers;
		return true;
	}
	if (!rebuilt_alloc(&r, p->n_nodes))
		goto nomem;
	/* the root stays, whatever its tier */
	r.n = 1;
	r.map[0] = 0;
	r.parent[0] = FC_NONE;
	r.frame[0] = p->node_frame[0];
	r.id[0] = p->node_id[0];
	for (i = 1; i < p->n_nodes; i++) {
		uint32_t parent = r.map[p->node_parent[i]], f = p->node_frame[i];
		if (tiers & (1u << p->frames[f].tier))
			r.map[i] = parent; /* its time goes to the nearest kept ancestor */
		else
			r.map[i] = child(&r, parent, f, p->node_id[i]);
	}
	if (!renumber(&r))
		goto nomem;

	/* nothing can fail from here on: the profile changes all at once */
	for (i = 0; i < p->n_samples; i++)
		p->sample_node[i] = r.order[r.map[p->sample_node[i]]];
	free(p->node_parent);
	free(p->node_frame);
	free(p->node_depth);
	free(p->node_id);
	p->node_parent = r.new_parent;
	p->node_frame = r.new_frame;
	p->node_depth = r.new_depth;
	p->node_id = r.new_id;
	r.new_parent = r.new_frame = r.new_depth = NULL;
	r.new_id = NULL;
	p->n_nodes = r.n;
	p->max_depth = 0;
	for (i = 1; i < p->n_nodes; i++)
		if (p->node_depth[i] > p->max_depth)
			p->max_depth = p->node_depth[i];
	fc_profile_find_meta_nodes(p);
	p->hidden_tiers |= tiers;
	rebuilt_free(&r);
	return true;
nomem:
	rebuilt_free(&r);
	fc_error_set(err, FC_ERR_NOMEM, "out of memory");
	return false;
}

bool fc_hide_apply(struct fc_profile_set *set, unsigned tiers, struct fc_error *err)
{
	size_t i;

	for (i = 0; i < set->count; i++) {
		if (!fc_hide_tiers(set->items[i], tiers, err)) {
			fc_error_set_file(err, set->items[i]->source ? set->items[i]->source : "");
			return false;
		}
	}
	return true;
}
