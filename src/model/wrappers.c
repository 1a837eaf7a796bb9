/* The frames that wrap the whole program (wrappers.h). */
#include <stdlib.h>
#include <string.h>

#include "model/wrappers.h"
#include "model/profile.h"

/* (program), (idle) and GC: time that runs no JavaScript */
static bool engine_frame(const struct fc_profile *p, uint32_t node)
{
	enum fc_tier t = fc_profile_node_frame(p, node)->tier;
	return t == FC_TIER_V8 || t == FC_TIER_GC || t == FC_TIER_IDLE;
}

bool fc_profile_wrappers(const struct fc_profile *p, unsigned char *wrapper, size_t *n)
{
	double *total, *self, js = 0;
	uint32_t *heaviest, i, node;
	size_t count = 0;

	memset(wrapper, 0, p->n_frames);
	if (n)
		*n = 0;
	if (p->n_nodes == 0)
		return true;
	total = calloc(p->n_nodes, sizeof(*total));
	self = calloc(p->n_nodes, sizeof(*self));
	heaviest = malloc(p->n_nodes * sizeof(*heaviest));
	if (!total || !self || !heaviest) {
		free(total);
		free(self);
		free(heaviest);
		return false;
	}
	for (i = 0; i < p->n_samples; i++)
		self[p->sample_node[i]] += fc_profile_sample_duration(p, i);
	for (i = 0; i < p->n_nodes; i++) {
		total[i] = self[i];
		heaviest[i] = FC_NONE;
	}
	/* pre-order (parent[i] < i): children are summed before their parent */
	for (i = p->n_nodes; i-- > 1;)
		total[p->node_parent[i]] += total[i];
	/* each node's heaviest child that runs JavaScript */
	for (i = 1; i < p->n_nodes; i++) {
		uint32_t up = p->node_parent[i];
		if (engine_frame(p, i))
			continue;
		if (heaviest[up] == FC_NONE || total[i] > total[heaviest[up]])
			heaviest[up] = i;
		if (up == 0)
			js += total[i];
	}
	/* down from the root while one child carries nearly all of it */
	for (node = heaviest[0]; node != FC_NONE && js > 0; node = heaviest[node]) {
		uint32_t f = p->node_frame[node];
		if (total[node] < FC_WRAPPER_SHARE * js || self[node] >= FC_WRAPPER_SELF * js)
			break;
		count += !wrapper[f];
		wrapper[f] = 1;
	}
	free(total);
	free(self);
	free(heaviest);
	if (n)
		*n = count;
	return true;
}
