/* The heaviest stacks (model/stacks.h). Node numbers are in pre-order,
 * so the marked nodes in index order are the tree's rows in pre-order, and
 * every walk is a loop over the arrays. */
#include <stdlib.h>
#include <string.h>

#include "model/stacks.h"
#include "util/util.h"
#include "model/profile.h"

/* a chain this long or longer is shortened to its first and last two */
#define CHAIN_MIN 5

struct heavy {
	uint32_t node;
	double self_us;
};

static int heavy_cmp(const void *a, const void *b, void *ctx)
{
	const struct heavy *x = a, *y = b;
	(void)ctx;

	if (x->self_us != y->self_us)
		return x->self_us > y->self_us ? -1 : 1;
	return x->node < y->node ? -1 : x->node > y->node;
}

bool fc_stacks_heaviest(const struct fc_profile *p, size_t count, struct fc_stacks *out)
{
	uint32_t n = p->n_nodes, i, k;
	double *self = calloc((size_t)n + 1, sizeof(*self));
	double *total = calloc((size_t)n + 1, sizeof(*total));
	struct heavy *h = malloc(((size_t)n + 1) * sizeof(*h));
	/* per node: marked (in the tree), children in the tree, the one child
	 * when there is one, place in its chain from the top, chain nodes
	 * below it, indentation */
	unsigned char *mark = calloc((size_t)n + 1, 1), *leaf = calloc((size_t)n + 1, 1);
	uint32_t *kids = calloc((size_t)n + 1, sizeof(*kids));
	uint32_t *child = calloc((size_t)n + 1, sizeof(*child));
	uint32_t *idx = calloc((size_t)n + 1, sizeof(*idx));
	uint32_t *rem = calloc((size_t)n + 1, sizeof(*rem));
	uint32_t *level = calloc((size_t)n + 1, sizeof(*level));
	size_t m = 0, rows = 0;
	bool ok = false;

	memset(out, 0, sizeof(*out));
	if (!self || !total || !h || !mark || !leaf || !kids || !child || !idx || !rem || !level)
		goto out;
	for (i = 0; i < p->n_samples; i++)
		self[p->sample_node[i]] += fc_profile_sample_duration(p, i);
	for (i = 0; i < n; i++)
		total[i] = self[i];
	for (i = n; i-- > 1;)
		total[p->node_parent[i]] += total[i];
	for (i = 1; i < n; i++)
		if (self[i] > 0 && fc_profile_node_frame(p, i)->tier != FC_TIER_IDLE)
			h[m++] = (struct heavy){ i, self[i] };
	if (!fc_sort_top(h, m, sizeof(*h), count, heavy_cmp, NULL))
		goto out;
	out->n_stacks = m < count ? m : count;
	for (k = 0; k < out->n_stacks; k++) {
		leaf[h[k].node] = 1;
		for (i = h[k].node; i > 0 && !mark[i]; i = p->node_parent[i])
			mark[i] = 1;
	}
	for (i = 1; i < n; i++) {
		uint32_t up = p->node_parent[i];
		if (mark[i] && up > 0) {
			kids[up]++;
			child[up] = i;
		}
	}
	/* chains: nodes with one child in the tree that end no stack */
#define CHAIN(x) (mark[x] && kids[x] == 1 && !leaf[x])
	for (i = n; i-- > 1;)
		if (CHAIN(i))
			rem[i] = 1 + (CHAIN(child[i]) ? rem[child[i]] : 0);
	for (i = 1; i < n; i++) {
		uint32_t up = p->node_parent[i];
		bool elided;
		if (!mark[i])
			continue;
		idx[i] = CHAIN(i) && up > 0 && CHAIN(up) ? idx[up] + 1 : 0;
		/* kept: the chain's first node and its last two */
		elided = CHAIN(i) && idx[i] >= 1 && rem[i] >= 3 && idx[i] + rem[i] >= CHAIN_MIN;
		level[i] = (up > 0 ? level[up] + 1 : 0) - (elided && idx[i] > 1);
		rows += !elided || idx[i] == 1;
	}
	out->rows = calloc(rows + 1, sizeof(*out->rows));
	if (!out->rows)
		goto out;
	for (i = 1; i < n; i++) {
		struct fc_stack_row *r;
		bool elided;
		if (!mark[i])
			continue;
		elided = CHAIN(i) && idx[i] >= 1 && rem[i] >= 3 && idx[i] + rem[i] >= CHAIN_MIN;
		if (elided && idx[i] > 1)
			continue;
		r = &out->rows[out->n++];
		r->level = level[i];
		if (elided) {
			r->node = FC_NONE;
			r->elided = rem[i] - 2; /* down to the last two of the chain */
			continue;
		}
		r->node = i;
		r->leaf = leaf[i];
		r->total_us = total[i];
		r->self_us = self[i];
	}
#undef CHAIN
	ok = true;
out:
	if (!ok)
		fc_stacks_finish(out);
	free(self);
	free(total);
	free(h);
	free(mark);
	free(leaf);
	free(kids);
	free(child);
	free(idx);
	free(rem);
	free(level);
	return ok;
}

void fc_stacks_finish(struct fc_stacks *s)
{
	free(s->rows);
	memset(s, 0, sizeof(*s));
}
