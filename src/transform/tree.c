/* The new call tree of a scope transform: a hash table merges siblings that
 * have the same frame, an iterative depth-first walk numbers the result in
 * pre-order (as hide.c does for --hide). No recursion. */
#include <stdlib.h>
#include <string.h>

#include "transform/tree.h"
#include "util/util.h"

bool fc_tree_init(struct fc_tree *t, uint32_t expect, uint32_t root_frame, int64_t root_id)
{
	size_t cap = 16;

	memset(t, 0, sizeof(*t));
	if (expect < 16)
		expect = 16;
	while (cap < 2 * (size_t)expect)
		cap *= 2;
	t->cap = expect;
	t->mask = cap - 1;
	t->limit = UINT32_MAX - 2;
	t->parent = malloc(expect * sizeof(*t->parent));
	t->frame = malloc(expect * sizeof(*t->frame));
	t->id = malloc(expect * sizeof(*t->id));
	t->table = malloc(cap * sizeof(*t->table));
	if (!t->parent || !t->frame || !t->id || !t->table) {
		fc_tree_finish(t);
		return false;
	}
	memset(t->table, 0xff, cap * sizeof(*t->table)); /* FC_NONE: empty */
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
	free(t->table);
	memset(t, 0, sizeof(*t));
}

static size_t slot(const struct fc_tree *t, uint32_t parent, uint32_t frame)
{
	return (size_t)fc_hash_u64((uint64_t)parent << 32 | frame) & t->mask;
}

static bool grow(struct fc_tree *t)
{
	size_t ncap = (size_t)t->cap * 2, tcap = (t->mask + 1) * 2, i, h;
	uint32_t *parent, *frame, *table;
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
	table = malloc(tcap * sizeof(*table));
	if (!parent || !frame || !id || !table) {
		free(table);
		return false;
	}
	memset(table, 0xff, tcap * sizeof(*table));
	free(t->table);
	t->table = table;
	t->mask = tcap - 1;
	t->cap = (uint32_t)ncap;
	for (i = 1; i < t->n; i++) {
		for (h = slot(t, t->parent[i], t->frame[i]); t->table[h] != FC_NONE;
		     h = (h + 1) & t->mask)
			;
		t->table[h] = (uint32_t)i;
	}
	return true;
}

uint32_t fc_tree_child(struct fc_tree *t, uint32_t parent, uint32_t frame, int64_t id)
{
	size_t h = slot(t, parent, frame);
	uint32_t k;

	while ((k = t->table[h]) != FC_NONE) {
		if (t->parent[k] == parent && t->frame[k] == frame)
			return k;
		h = (h + 1) & t->mask;
	}
	if (t->n >= t->limit) {
		t->over = true;
		return FC_NONE;
	}
	if (t->n >= t->cap) {
		if (!grow(t))
			return FC_NONE;
		for (h = slot(t, parent, frame); t->table[h] != FC_NONE; h = (h + 1) & t->mask)
			;
	}
	k = t->n++;
	t->table[h] = k;
	t->parent[k] = parent;
	t->frame[k] = frame;
	t->id[k] = id;
	return k;
}

bool fc_tree_install(struct fc_tree *t, struct fc_profile *p, const uint32_t *map,
		     struct fc_error *err)
{
	uint32_t n = t->n, k, sp = 0, count = 0, i;
	uint32_t *first = malloc(n * sizeof(*first)), *next = malloc(n * sizeof(*next));
	uint32_t *last = malloc(n * sizeof(*last)), *stack = malloc(n * sizeof(*stack));
	uint32_t *order = malloc(n * sizeof(*order));
	uint32_t *np = malloc(n * sizeof(*np)), *nf = malloc(n * sizeof(*nf));
	uint32_t *nd = malloc(n * sizeof(*nd));
	int64_t *nid = malloc(n * sizeof(*nid));

	if (!first || !next || !last || !stack || !order || !np || !nf || !nd || !nid)
		goto nomem;
	for (k = 0; k < n; k++)
		first[k] = last[k] = next[k] = FC_NONE;
	for (k = 1; k < n; k++) {
		uint32_t q = t->parent[k];
		if (last[q] == FC_NONE)
			first[q] = k;
		else
			next[last[q]] = k;
		last[q] = k;
	}
	stack[sp++] = 0;
	while (sp) {
		uint32_t s = stack[--sp], c, from = sp, a, b;
		uint32_t o = count++;

		order[s] = o;
		np[o] = s ? order[t->parent[s]] : FC_NONE;
		nd[o] = s ? nd[np[o]] + 1 : 0;
		nf[o] = t->frame[s];
		nid[o] = t->id[s];
		for (c = first[s]; c != FC_NONE; c = next[c])
			stack[sp++] = c;
		/* reversed, so that the first child is popped first */
		for (a = from, b = sp; a + 1 < b; a++, b--) {
			uint32_t x = stack[a];
			stack[a] = stack[b - 1];
			stack[b - 1] = x;
		}
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
	free(first);
	free(next);
	free(last);
	free(stack);
	free(order);
	return true;
nomem:
	free(first);
	free(next);
	free(last);
	free(stack);
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
