/* The hash map's storage: growth and copies (util/map.h). */
#include <stdlib.h>
#include <string.h>

#include "util/map.h"

void fc_map_init(struct fc_map *m)
{
	memset(m, 0, sizeof(*m));
}

void fc_map_finish(struct fc_map *m)
{
	free(m->slots);
	memset(m, 0, sizeof(*m));
}

bool fc_map_reserve(struct fc_map *m, size_t n)
{
	size_t cap = m->slots ? m->mask + 1 : 0, ncap = cap ? cap : 16, i, j;
	struct fc_map_slot *t;

	if (n > UINT32_MAX)
		return false;
	/* at most half full, or 7/8 when dense */
	if (m->dense ? n * 8 <= cap * 7 : n * 2 <= cap)
		return true;
	while (m->dense ? ncap * 7 < n * 8 : ncap < n * 2)
		ncap *= 2;
	t = calloc(ncap, sizeof(*t));
	if (!t)
		return false;
	/* every entry moves to the first empty slot from its home: stored
	 * hashes suffice, the entries are never read */
	for (i = 0; i < cap; i++) {
		if (!m->slots[i].ref)
			continue;
		for (j = m->slots[i].hash & (ncap - 1); t[j].ref; j = (j + 1) & (ncap - 1))
			;
		t[j] = m->slots[i];
	}
	free(m->slots);
	m->slots = t;
	m->mask = ncap - 1;
	return true;
}

bool fc_map_copy(struct fc_map *dst, const struct fc_map *src)
{
	struct fc_map_slot *t = NULL;

	if (src->slots) {
		t = malloc((src->mask + 1) * sizeof(*t));
		if (!t)
			return false;
		memcpy(t, src->slots, (src->mask + 1) * sizeof(*t));
	}
	free(dst->slots);
	*dst = *src;
	dst->slots = t;
	return true;
}

bool fc_map_add(struct fc_map *m, uint32_t hash, uint32_t value)
{
	size_t j;

	if (value == UINT32_MAX || !fc_map_reserve(m, m->count + 1))
		return false;
	for (j = hash & m->mask; m->slots[j].ref; j = (j + 1) & m->mask)
		;
	fc_map_put(m, j, hash, value);
	return true;
}
