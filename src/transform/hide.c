/* --hide: the call tree without the frames of some tiers. One pass over the
 * nodes in pre-order (a parent comes before its children, so its new node
 * is known) makes the new tree with transform/tree.c, which merges siblings
 * that become the same frame and numbers the result in pre-order. No
 * recursion; memory is a few arrays of the node count. */
#include <stdlib.h>

#include "transform/hide.h"
#include "transform/tree.h"
#include "util/util.h"
#include "model/profile.h"

bool fc_hide_tiers(struct fc_profile *p, unsigned tiers, struct fc_error *err)
{
	struct fc_tree t;
	uint32_t *map, i;

	tiers &= (1u << FC_TIER_COUNT) - 1;
	if (p->timings)
		return true; /* a trace's Timings lane: user timings, no call tree */
	if (!tiers || p->n_nodes == 0) {
		p->hidden_tiers |= tiers;
		return true;
	}
	/* the root stays, whatever its tier */
	map = malloc(p->n_nodes * sizeof(*map));
	if (!map || !fc_tree_init(&t, p->n_nodes, p->node_frame[0], p->node_id[0])) {
		free(map);
		goto nomem;
	}
	map[0] = 0;
	for (i = 1; i < p->n_nodes; i++) {
		uint32_t parent = map[p->node_parent[i]], f = p->node_frame[i];
		if (tiers & (1u << p->frames[f].tier))
			map[i] = parent; /* its time goes to the nearest kept ancestor */
		else if ((map[i] = fc_tree_child(&t, parent, f, p->node_id[i])) == FC_NONE)
			break;
	}
	if (i < p->n_nodes || !fc_tree_install(&t, p, map, err)) {
		free(map);
		fc_tree_finish(&t);
		goto nomem;
	}
	free(map);
	fc_tree_finish(&t);
	p->hidden_tiers |= tiers;
	return true;
nomem:
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
