#include <stdint.h>
#include <stdlib.h>

#include "util/children.h"

uint32_t fc_children_add(struct fc_map *m, uint32_t **parent, uint32_t **frame, size_t *n,
			 size_t *cap, uint32_t p, uint32_t f)
{
	uint32_t h, k;
	size_t slot, c = *cap;

	if (!fc_map_reserve(m, *n + 1))
		return FC_NONE;
	k = fc_children_find(m, *parent, *frame, p, f, &h, &slot);
	if (k != FC_NONE)
		return k;
	if (*n >= UINT32_MAX - 2 || !FC_GROW(*parent, c, *n + 1))
		return FC_NONE;
	if (c != *cap) {
		/* the frames grow with the parents: one capacity for both */
		uint32_t *q = realloc(*frame, c * sizeof(*q));
		if (!q)
			return FC_NONE;
		*frame = q;
		*cap = c;
	}
	k = (uint32_t)(*n)++;
	(*parent)[k] = p;
	(*frame)[k] = f;
	fc_map_put(m, slot, h, k);
	return k;
}
