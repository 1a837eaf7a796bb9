/* --reverse and --sandwich: stacks turned round, so that the functions
 * where time is spent are at the root (FlameGraph's --reverse, speedscope's
 * sandwich). A reversed stack is made once per sampled node by walking up
 * its callers, at most FC_SCOPE_REVERSE_MAX_DEPTH of them: the work is
 * bounded by the nodes times that cap, and the reversed tree by a multiple
 * of the input (FC_ERR_LIMIT past it). */
#include <stdlib.h>
#include <string.h>

#include "transform/scope_internal.h"
#include "transform/tree.h"
#include "util/util.h"
#include "model/profile.h"

/* Most nodes a reversed tree may have: a small multiple of the input. */
static size_t node_limit(const struct fc_profile *p)
{
	size_t lim = (size_t)p->n_nodes * 32;
	return lim < ((size_t)1 << 22) ? (size_t)1 << 22 : lim;
}

/* Makes the reversed stack of node i (i, its caller, ...) under from;
 * returns its last node, FC_NONE on failure. *cut when callers were left
 * out at the cap. */
static uint32_t reversed(struct fc_tree *t, const struct fc_profile *p, uint32_t from, uint32_t i,
			 bool *cut)
{
	uint32_t cur = from, d = 0, k;

	for (k = i; k != 0 && d < FC_SCOPE_REVERSE_MAX_DEPTH; k = p->node_parent[k], d++) {
		cur = fc_tree_child(t, cur, p->node_frame[k], p->node_id[k]);
		if (cur == FC_NONE)
			return FC_NONE;
	}
	*cut = k != 0;
	return cur;
}

static bool failed(struct fc_tree *t, const struct fc_profile *p, struct fc_error *err)
{
	if (t->over)
		fc_error_set(err, FC_ERR_LIMIT,
			     "the reversed call tree would have more than %zu nodes (32 per node "
			     "of the input)",
			     node_limit(p));
	else
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
	return false;
}

/* The chart's rules that look at the root's children -- (program) healing,
 * GC on the previous stack (devtools-rules §2) -- do not apply to reversed
 * stacks, whose root children are callees: GC stays a frame of its own. */
static void no_stack_rules(struct fc_profile *p)
{
	p->program_node = FC_NONE;
	p->gc_node = FC_NONE;
}

bool fc_scope_reverse_x(struct fc_profile *p, struct fc_scope_stats *st, struct fc_error *err)
{
	struct fc_tree t;
	uint32_t *map = NULL, i;
	uint8_t *sampled = NULL;
	bool ok = false, cut;

	if (st)
		memset(st, 0, sizeof(*st));
	if (p->n_nodes == 0)
		return true;
	map = malloc(p->n_nodes * sizeof(*map));
	sampled = calloc(p->n_nodes, 1);
	if (!map || !sampled || !fc_tree_init(&t, p->n_nodes, p->node_frame[0], p->node_id[0])) {
		free(map);
		free(sampled);
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	t.limit = node_limit(p);
	for (i = 0; i < p->n_samples; i++)
		sampled[p->sample_node[i]] = 1;
	map[0] = FC_NONE;
	for (i = 1; i < p->n_nodes; i++) {
		map[i] = FC_NONE;
		if (!sampled[i])
			continue;
		map[i] = reversed(&t, p, 0, i, &cut);
		if (map[i] == FC_NONE) {
			failed(&t, p, err);
			goto out;
		}
		if (st && cut)
			st->cut++;
	}
	ok = fc_tree_install(&t, p, map, err);
	if (ok)
		no_stack_rules(p);
out:
	fc_tree_finish(&t);
	free(map);
	free(sampled);
	return ok;
}

bool fc_scope_reverse(struct fc_profile *p, struct fc_error *err)
{
	return fc_scope_reverse_x(p, NULL, err);
}

static char *dup_or_null(const char *s, bool *ok)
{
	char *d;

	if (!s)
		return NULL;
	d = fc_strdup(s);
	if (!d)
		*ok = false;
	return d;
}

/* A copy of p: its frames, tree, samples and identity (not its warnings). */
static struct fc_profile *clone(const struct fc_profile *p)
{
	struct fc_profile *c = fc_profile_create();
	size_t nn = p->n_nodes ? p->n_nodes : 1, ns = p->n_samples ? p->n_samples : 1, i;
	bool ok = c != NULL;

	if (!c)
		return NULL;
	c->name = dup_or_null(p->name, &ok);
	c->source = dup_or_null(p->source, &ok);
	c->thread_name = dup_or_null(p->thread_name, &ok);
	c->process_name = dup_or_null(p->process_name, &ok);
	c->note = dup_or_null(p->note, &ok);
	c->pid = p->pid;
	c->tid = p->tid;
	c->format = p->format;
	c->start_us = p->start_us;
	c->end_us = p->end_us;
	c->has_time = p->has_time;
	c->weight_unit = p->weight_unit;
	c->bytes_per_event = p->bytes_per_event;
	c->last_end_us = p->last_end_us;
	c->hidden_tiers = p->hidden_tiers;
	c->n_repairs = p->n_repairs;
	c->node_parent = malloc(nn * sizeof(*c->node_parent));
	c->node_frame = malloc(nn * sizeof(*c->node_frame));
	c->node_depth = malloc(nn * sizeof(*c->node_depth));
	c->node_id = malloc(nn * sizeof(*c->node_id));
	c->sample_node = malloc(ns * sizeof(*c->sample_node));
	c->sample_time_us = malloc(ns * sizeof(*c->sample_time_us));
	c->transforms = calloc(p->n_transforms + 1, sizeof(*c->transforms));
	ok = ok && c->node_parent && c->node_frame && c->node_depth && c->node_id &&
	     c->sample_node && c->sample_time_us && c->transforms && fc_profile_copy_frames(c, p);
	for (i = 0; ok && i < p->n_transforms; i++) {
		c->transforms[i] = fc_strdup(p->transforms[i]);
		ok = c->transforms[i] != NULL;
		c->n_transforms += ok;
	}
	if (!ok) {
		fc_profile_destroy(c);
		return NULL;
	}
	memcpy(c->node_parent, p->node_parent, p->n_nodes * sizeof(*c->node_parent));
	memcpy(c->node_frame, p->node_frame, p->n_nodes * sizeof(*c->node_frame));
	memcpy(c->node_depth, p->node_depth, p->n_nodes * sizeof(*c->node_depth));
	memcpy(c->node_id, p->node_id, p->n_nodes * sizeof(*c->node_id));
	memcpy(c->sample_node, p->sample_node, p->n_samples * sizeof(*c->sample_node));
	memcpy(c->sample_time_us, p->sample_time_us, p->n_samples * sizeof(*c->sample_time_us));
	c->n_nodes = p->n_nodes;
	c->n_samples = p->n_samples;
	c->max_depth = p->max_depth;
	c->program_node = p->program_node;
	c->idle_node = p->idle_node;
	c->gc_node = p->gc_node;
	return c;
}

/* The callers half: each sample whose stack holds a match moves to the
 * reversed stack of its outermost match (the function at the root, its
 * callers above); the others to the root. */
static bool callers_of(struct fc_profile *c, const uint8_t *match, struct fc_error *err)
{
	struct fc_tree t;
	uint32_t *map = NULL, *top = NULL, *leaf = NULL, i;
	bool ok = false, cut;

	if (c->n_nodes == 0)
		return true;
	map = malloc(c->n_nodes * sizeof(*map));
	top = malloc(c->n_nodes * sizeof(*top));
	leaf = malloc(c->n_nodes * sizeof(*leaf));
	if (!map || !top || !leaf ||
	    !fc_tree_init(&t, c->n_nodes, c->node_frame[0], c->node_id[0])) {
		free(map);
		free(top);
		free(leaf);
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	t.limit = node_limit(c);
	top[0] = FC_NONE;
	map[0] = FC_NONE;
	for (i = 1; i < c->n_nodes; i++) {
		uint32_t up = top[c->node_parent[i]];
		top[i] = up != FC_NONE ? up : match[c->node_frame[i]] ? i : FC_NONE;
		map[i] = FC_NONE;
		if (top[i] == FC_NONE)
			continue;
		if (top[i] == i) {
			leaf[i] = reversed(&t, c, 0, i, &cut);
			if (leaf[i] == FC_NONE) {
				failed(&t, c, err);
				goto out;
			}
		}
		map[i] = leaf[top[i]];
	}
	ok = fc_tree_install(&t, c, map, err);
	if (ok)
		no_stack_rules(c);
out:
	fc_tree_finish(&t);
	free(map);
	free(top);
	free(leaf);
	return ok;
}

bool fc_scope_sandwich(const struct fc_profile *p, const uint8_t *match,
		       struct fc_profile **callers, struct fc_profile **callees,
		       struct fc_error *err)
{
	struct fc_profile *a = clone(p), *b = clone(p);

	*callers = *callees = NULL;
	if (!a || !b) {
		fc_profile_destroy(a);
		fc_profile_destroy(b);
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	if (!callers_of(a, match, err) || !fc_scope_focus(b, match, err)) {
		fc_profile_destroy(a);
		fc_profile_destroy(b);
		return false;
	}
	a->sandwich_part = FC_SANDWICH_CALLERS;
	b->sandwich_part = FC_SANDWICH_CALLEES;
	*callers = a;
	*callees = b;
	return true;
}
