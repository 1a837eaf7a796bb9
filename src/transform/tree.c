/* The new call tree of a scope transform or of --hide: a hash map merges
 * siblings that have the same frame, fc_preorder numbers the result. No
 * recursion. */
#include <stdlib.h>
#include <string.h>

#include "transform/tree.h"
#include "util/util.h"
#include "util/children.h"
#include "model/profile.h"

bool fc_tree_init(struct fc_tree *t, uint32_t expect, uint32_t root_frame, int64_t root_id)
{
	memset(t, 0, sizeof(*t));
	if (expect < 16)
		expect = 16;
	t->cap = expect;
	t->limit = UINT32_MAX - 2;
	t->parent = malloc(expect * sizeof(*t->parent));
	t->frame = malloc(expect * sizeof(*t->frame));
	t->id = malloc(expect * sizeof(*t->id));
	if (!t->parent || !t->frame || !t->id || !fc_map_reserve(&t->table, expect)) {
		fc_tree_finish(t);
		return false;
	}
	t->n = 1;
	t->parent[0] = FC_NONE;
	t->frame[0] = root_frame;
	t->id[0] = root_id;
	return true;
}

void fc_tree_finish(struct fc_tree *t)
{
	free(t->parent);
	free(t->frame);
	free(t->id);
	fc_map_finish(&t->table);
	memset(t, 0, sizeof(*t));
}

static bool grow(struct fc_tree *t)
{
	size_t ncap = (size_t)t->cap * 2;
	uint32_t *parent, *frame;
	int64_t *id;

	if (ncap > UINT32_MAX - 2)
		ncap = UINT32_MAX - 2;
	if (ncap <= t->cap)
		return false;
	parent = realloc(t->parent, ncap * sizeof(*parent));
	if (parent)
		t->parent = parent;
	frame = realloc(t->frame, ncap * sizeof(*frame));
	if (frame)
		t->frame = frame;
	id = realloc(t->id, ncap * sizeof(*id));
	if (id)
		t->id = id;
	if (!parent || !frame || !id)
		return false;
	t->cap = (uint32_t)ncap;
	return true;
}

uint32_t fc_tree_child(struct fc_tree *t, uint32_t parent, uint32_t frame, int64_t id)
{
	uint32_t h, k;
	size_t slot;

	if (!fc_map_reserve(&t->table, (size_t)t->n + 1))
		return FC_NONE;
	k = fc_children_find(&t->table, t->parent, t->frame, parent, frame, &h, &slot);
	if (k != FC_NONE)
		return k;
	if (t->n >= t->limit) {
		t->over = true;
		return FC_NONE;
	}
	if (t->n >= t->cap && !grow(t))
		return FC_NONE;
	k = t->n++;
	fc_map_put(&t->table, slot, h, k);
	t->parent[k] = parent;
	t->frame[k] = frame;
	t->id[k] = id;
	return k;
}

bool fc_tree_install(struct fc_tree *t, struct fc_profile *p, const uint32_t *map,
		     struct fc_error *err)
{
	uint32_t n = t->n, k, count, i;
	uint32_t *order = malloc(n * sizeof(*order));
	uint32_t *np = malloc(n * sizeof(*np)), *nf = malloc(n * sizeof(*nf));
	uint32_t *nd = malloc(n * sizeof(*nd));
	int64_t *nid = malloc(n * sizeof(*nid));

	if (!order || !np || !nf || !nd || !nid || !fc_preorder(n, t->parent, 0, order, &count))
		goto nomem;
	/* made child by child from the root: every node is reached */
	for (k = 0; k < n; k++) {
		uint32_t o = order[k];
		np[o] = k ? order[t->parent[k]] : FC_NONE;
		nf[o] = t->frame[k];
		nid[o] = t->id[k];
	}
	for (k = 0; k < n; k++) /* a parent's number is below its child's */
		nd[k] = k ? nd[np[k]] + 1 : 0;
	if (p->node_lines) {
		/* a node's lines go where its samples go */
		uint32_t *to = malloc((p->n_nodes ? p->n_nodes : 1) * sizeof(*to));
		bool moved = to != NULL;
		for (i = 0; moved && i < p->n_nodes; i++)
			to[i] = map[i] == FC_NONE ? 0 : order[map[i]];
		moved = moved && fc_profile_remap_lines(p, to, n);
		free(to);
		if (!moved)
			goto nomem;
	}
	/* nothing can fail from here on: the profile changes all at once */
	for (i = 0; i < p->n_samples; i++) {
		uint32_t m = map[p->sample_node[i]];
		p->sample_node[i] = m == FC_NONE ? 0 : order[m];
	}
	free(p->node_parent);
	free(p->node_frame);
	free(p->node_depth);
	free(p->node_id);
	p->node_parent = np;
	p->node_frame = nf;
	p->node_depth = nd;
	p->node_id = nid;
	p->n_nodes = n;
	p->max_depth = 0;
	for (i = 1; i < n; i++)
		if (nd[i] > p->max_depth)
			p->max_depth = nd[i];
	fc_profile_find_meta_nodes(p);
	free(order);
	return true;
nomem:
	free(order);
	free(np);
	free(nf);
	free(nd);
	free(nid);
	fc_error_set(err, FC_ERR_NOMEM, "out of memory");
	return false;
}

double *fc_tree_node_self(const struct fc_profile *p)
{
	double *self = calloc(p->n_nodes ? p->n_nodes : 1, sizeof(*self));
	uint32_t i;

	if (!self)
		return NULL;
	for (i = 0; i < p->n_samples; i++)
		self[p->sample_node[i]] += fc_profile_sample_duration(p, i);
	return self;
}
