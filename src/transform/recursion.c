/* --collapse-recursion[=all]: recursion folded into one frame. DIRECT: a
 * node whose frame is its (new) parent's merges into that parent, so a
 * chain f > f > f is one f. ALL: a node whose frame already is on its new
 * stack is removed and its callees move to its caller, so no frame is
 * twice on a stack (f > g > f > h becomes f > g > h). One pass over the
 * nodes in pre-order; ALL keeps the current stack as an explicit stack and
 * a count per frame of how often it is on it. */
#include <stdlib.h>
#include <string.h>

#include "transform/scope_internal.h"
#include "transform/tree.h"
#include "util/util.h"
#include "model/profile.h"

bool fc_scope_recursion_x(struct fc_profile *p, enum fc_recursion how, struct fc_scope_stats *st,
			  struct fc_error *err)
{
	struct fc_tree t;
	uint32_t *map = NULL, *levels = NULL, *on = NULL, *path = NULL, sp = 0, i;
	uint8_t *counted = NULL;
	bool ok = false;

	if (st)
		memset(st, 0, sizeof(*st));
	if (how == FC_RECURSION_KEEP || p->n_nodes == 0)
		return true;
	map = malloc(p->n_nodes * sizeof(*map));
	levels = malloc(p->n_nodes * sizeof(*levels));
	if (how == FC_RECURSION_ALL) {
		on = calloc(p->n_frames ? p->n_frames : 1, sizeof(*on));
		path = malloc(p->n_nodes * sizeof(*path));
		counted = malloc(p->n_nodes);
	}
	if (!map || !levels || (how == FC_RECURSION_ALL && (!on || !path || !counted)) ||
	    !fc_tree_init(&t, p->n_nodes, p->node_frame[0], p->node_id[0])) {
		free(map);
		free(levels);
		free(on);
		free(path);
		free(counted);
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	map[0] = 0;
	levels[0] = 0;
	for (i = 1; i < p->n_nodes; i++) {
		uint32_t up = p->node_parent[i], f = p->node_frame[i], under = map[up];
		bool fold;

		if (how == FC_RECURSION_DIRECT) {
			fold = under != 0 && t.frame[under] == f;
		} else {
			/* the old stack of i is path[0..sp): leave the nodes that
			 * are not its ancestors (pre-order: the last ones pushed) */
			while (sp && p->node_depth[path[sp - 1]] >= p->node_depth[i]) {
				sp--;
				if (counted[sp])
					on[p->node_frame[path[sp]]]--;
			}
			fold = on[f] > 0;
			path[sp] = i;
			counted[sp] = !fold;
			if (!fold)
				on[f]++;
			sp++;
		}
		levels[i] = levels[up] + fold;
		if (fold) {
			map[i] = under;
			if (st) {
				st->folded++;
				if (levels[i] > st->levels)
					st->levels = levels[i];
			}
			continue;
		}
		map[i] = fc_tree_child(&t, under, f, p->node_id[i]);
		if (map[i] == FC_NONE) {
			fc_error_set(err, FC_ERR_NOMEM, "out of memory");
			goto out;
		}
	}
	ok = fc_tree_install(&t, p, map, err);
out:
	fc_tree_finish(&t);
	free(map);
	free(levels);
	free(on);
	free(path);
	free(counted);
	return ok;
}

bool fc_scope_collapse_recursion(struct fc_profile *p, enum fc_recursion how, struct fc_error *err)
{
	return fc_scope_recursion_x(p, how, NULL, err);
}
