/* --focus, --exclude, --prune: the transforms that follow a pattern. Each
 * is one pass over the nodes in pre-order (a parent before its children,
 * so what a node inherits from its stack is known when it is reached). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "transform/scope_internal.h"
#include "transform/tree.h"
#include "util/util.h"
#include "model/profile.h"

uint8_t *fc_scope_match_frames(const struct fc_profile *p, const struct fc_scope_re *re,
			       enum fc_match_on on)
{
	uint8_t *m = calloc(p->n_frames ? p->n_frames : 1, 1);
	char *buf = NULL;
	size_t cap = 0;
	uint32_t f;

	if (!m)
		return NULL;
	for (f = 0; f < p->n_frames; f++) {
		const struct fc_frame *fr = &p->frames[f];
		const char *s = fc_profile_str(p, fr->name);
		const struct fc_scope_re *r;

		if (fr->meta == FC_META_ROOT)
			continue; /* the root is no function */
		if (on == FC_MATCH_NAME_FILE) {
			const char *url = fc_profile_str(p, fr->url);
			size_t need = strlen(s) + strlen(url) + 2;
			if (need > cap) {
				char *nb = realloc(buf, need);
				if (!nb) {
					free(buf);
					free(m);
					return NULL;
				}
				buf = nb;
				cap = need;
			}
			snprintf(buf, cap, "%s %s", s, url);
			s = buf;
		}
		for (r = re; r && !m[f]; r = r->next)
			m[f] = regexec(&r->re, s, 0, NULL, 0) == 0;
	}
	free(buf);
	return m;
}

double fc_scope_weight(const struct fc_profile *p)
{
	double w = 0;
	uint32_t i;

	for (i = 0; i < p->n_samples; i++)
		if (p->sample_node[i] != 0)
			w += fc_profile_sample_duration(p, i);
	return w;
}

static uint32_t count_matched(const struct fc_profile *p, const uint8_t *match)
{
	uint32_t f, n = 0;

	for (f = 0; f < p->n_frames; f++)
		n += match[f];
	return n;
}

/* The shared frame of the three: a map from old to new nodes, made by
 * rule() node by node. */
enum rule { EXCLUDE, FOCUS, PRUNE };

static bool run(struct fc_profile *p, const uint8_t *match, enum rule rule,
		struct fc_scope_stats *st, struct fc_error *err)
{
	struct fc_tree t;
	uint32_t *map = NULL, *top = NULL, i;
	uint8_t *in = NULL; /* EXCLUDE: dropped; FOCUS: inside a match; PRUNE: cut */
	double *self = NULL, *by_caller = NULL;
	bool ok = false;

	if (st) {
		memset(st, 0, sizeof(*st));
		st->before = fc_scope_weight(p);
		st->matched = count_matched(p, match);
	}
	if (p->n_nodes == 0) {
		if (st)
			st->after = st->before;
		return true;
	}
	map = malloc(p->n_nodes * sizeof(*map));
	in = calloc(p->n_nodes, 1);
	top = rule == FOCUS ? malloc(p->n_nodes * sizeof(*top)) : NULL;
	if (!map || !in || (rule == FOCUS && !top) ||
	    !fc_tree_init(&t, p->n_nodes, p->node_frame[0], p->node_id[0])) {
		free(map);
		free(in);
		free(top);
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	map[0] = 0;
	if (top)
		top[0] = FC_NONE;
	for (i = 1; i < p->n_nodes; i++) {
		uint32_t up = p->node_parent[i], f = p->node_frame[i];
		bool hit = match[f] != 0;
		uint32_t k = FC_NONE, under = map[up];
		bool make = false;

		in[i] = in[up] || hit;
		switch (rule) {
		case EXCLUDE: /* the whole stack goes with a match anywhere in it */
			make = !in[i];
			break;
		case FOCUS: /* re-rooted at the outermost match */
			top[i] = in[up] ? top[up] : hit ? i : FC_NONE;
			make = in[i];
			if (!in[up])
				under = 0;
			break;
		case PRUNE: /* a cut frame's time stays in the nearest caller */
			make = !in[i];
			k = map[up];
			break;
		}
		if (make) {
			k = fc_tree_child(&t, under, f, p->node_id[i]);
			if (k == FC_NONE)
				goto nomem;
		}
		map[i] = k;
	}
	if (st && rule == FOCUS) {
		/* the callers of the outermost matches, by the weight they lead to */
		self = fc_tree_node_self(p);
		by_caller = calloc(p->n_frames + 1, sizeof(*by_caller));
		if (!self || !by_caller)
			goto nomem;
		for (i = 1; i < p->n_nodes; i++) {
			uint32_t up;
			if (top[i] == FC_NONE)
				continue;
			up = p->node_parent[top[i]];
			by_caller[up == 0 ? p->n_frames : p->node_frame[up]] += self[i];
		}
		for (i = 0; i <= p->n_frames; i++) {
			uint32_t k, j;
			if (by_caller[i] <= 0)
				continue;
			st->n_callers++;
			for (k = 0; k < 3 && st->caller_w[k] >= by_caller[i]; k++)
				;
			if (k == 3)
				continue;
			for (j = 2; j > k; j--) {
				st->caller[j] = st->caller[j - 1];
				st->caller_w[j] = st->caller_w[j - 1];
			}
			st->caller[k] = i == p->n_frames ? FC_NONE : i;
			st->caller_w[k] = by_caller[i];
		}
	}
	if (!fc_tree_install(&t, p, map, err))
		goto fail;
	if (st)
		st->after = fc_scope_weight(p);
	ok = true;
	goto out;
nomem:
	fc_error_set(err, FC_ERR_NOMEM, "out of memory");
fail:
	ok = false;
out:
	fc_tree_finish(&t);
	free(map);
	free(in);
	free(top);
	free(self);
	free(by_caller);
	return ok;
}

bool fc_scope_exclude_x(struct fc_profile *p, const uint8_t *match, struct fc_scope_stats *st,
			struct fc_error *err)
{
	return run(p, match, EXCLUDE, st, err);
}

bool fc_scope_focus_x(struct fc_profile *p, const uint8_t *match, struct fc_scope_stats *st,
		      struct fc_error *err)
{
	return run(p, match, FOCUS, st, err);
}

bool fc_scope_prune_x(struct fc_profile *p, const uint8_t *match, struct fc_scope_stats *st,
		      struct fc_error *err)
{
	return run(p, match, PRUNE, st, err);
}

bool fc_scope_exclude(struct fc_profile *p, const uint8_t *match, struct fc_error *err)
{
	return run(p, match, EXCLUDE, NULL, err);
}

bool fc_scope_focus(struct fc_profile *p, const uint8_t *match, struct fc_error *err)
{
	return run(p, match, FOCUS, NULL, err);
}

bool fc_scope_prune(struct fc_profile *p, const uint8_t *match, struct fc_error *err)
{
	return run(p, match, PRUNE, NULL, err);
}
