/* The one hash map every table uses (strings, frames, node ids, merged
 * trees): an index of 32-bit values over entries the caller owns.
 *
 * The map stores, per slot, a value (usually an entry's index) and the
 * entry's 32-bit hash; the caller computes hashes and decides equality, so
 * the entries stay in the caller's own arrays and a key is never copied.
 * Open addressing with linear probing, a power-of-two capacity at most half
 * full: a miss ends at the first empty slot, and comparing the stored hash
 * first means a probe only reads an entry whose hash matches. Growth
 * rehashes from the stored hashes, without the entries. Nothing is ever
 * removed (a table is dropped as a whole).
 *
 * Lookups are inline with the equality function as an argument: at a call
 * site that names the function, the compiler inlines both and the probe
 * loop costs what a hand-written one does.
 *
 * Usage, inserting when absent:
 *
 *	if (!fc_map_reserve(&m, m.count + 1))
 *		return FC_NONE;
 *	v = fc_map_find(&m, h, eq, &key, &slot);
 *	if (v == FC_NONE)
 *		fc_map_put(&m, slot, h, v = new_entry(...));
 */
#ifndef FC_MAP_H
#define FC_MAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "flamechart/common.h"

#ifdef __cplusplus
extern "C" {
#endif

struct fc_map_slot {
	uint32_t ref;  /* value + 1; 0 = empty */
	uint32_t hash; /* the entry's hash, as the caller computed it */
};

/* Zero-initialised is empty (fc_map_init does that too). */
struct fc_map {
	struct fc_map_slot *slots; /* mask + 1 of them, NULL while empty */
	size_t mask;               /* capacity - 1 (capacity a power of two) */
	size_t count;              /* values stored */
	/* Set by the owner of a table that dominates peak memory (a merged
	 * graph's): the map may then fill to 7/8 instead of 1/2. The stored
	 * hashes keep the longer probes cheap (8 slots per cache line, an entry
	 * read only on a hash match). */
	bool dense;
};

/* Equality of the key a lookup carries (ctx) with the entry value names. */
typedef bool fc_map_eq_fn(const void *ctx, uint32_t value);

void fc_map_init(struct fc_map *m);
/* Frees the slots; the map is empty again, dense unset (a second call is
 * harmless). */
void fc_map_finish(struct fc_map *m);

/* Makes room for n values without growing (capacity >= 2n, or 8n/7 when
 * dense; at least 16):
 * slots from an earlier fc_map_find stay valid only when this did not grow.
 * false on allocation failure or overflow (the map is unchanged). */
bool fc_map_reserve(struct fc_map *m, size_t n);

/* Makes dst a copy of src, replacing what dst held; false on allocation
 * failure (dst unchanged). */
bool fc_map_copy(struct fc_map *dst, const struct fc_map *src);

/* Adds value under hash without looking for an equal entry (the caller
 * knows there is none, or equal entries may coexist); grows as needed.
 * value must be below UINT32_MAX. false on allocation failure. */
bool fc_map_add(struct fc_map *m, uint32_t hash, uint32_t value);

/* The value of the entry with this hash that eq(ctx, value) accepts, or
 * FC_NONE; then *slot (when not NULL) is the empty slot where it would go
 * (only usable when the map has room: see fc_map_reserve), else the slot
 * found. Probes in
 * insertion order among equal hashes, so with duplicates the first added is
 * found. */
static inline uint32_t fc_map_find(const struct fc_map *m, uint32_t hash, fc_map_eq_fn *eq,
				   const void *ctx, size_t *slot)
{
	uint32_t v = FC_NONE;
	size_t j = 0;

	if (m->slots) {
		for (j = hash & m->mask; m->slots[j].ref; j = (j + 1) & m->mask) {
			if (m->slots[j].hash == hash && eq(ctx, m->slots[j].ref - 1)) {
				v = m->slots[j].ref - 1;
				break;
			}
		}
	}
	if (slot)
		*slot = j; /* always set: no "maybe uninitialized" at call sites */
	return v;
}

/* Stores value in the empty slot fc_map_find returned (after fc_map_reserve
 * made room for it). */
static inline void fc_map_put(struct fc_map *m, size_t slot, uint32_t hash, uint32_t value)
{
	m->slots[slot].ref = value + 1;
	m->slots[slot].hash = hash;
	m->count++;
}

/* The slot a lookup of hash starts at (NULL while the map is empty): for
 * prefetching it, or the entry it names, ahead of the lookup. */
static inline const struct fc_map_slot *fc_map_home(const struct fc_map *m, uint32_t hash)
{
	return m->slots ? &m->slots[hash & m->mask] : NULL;
}

#ifdef __cplusplus
}
#endif

#endif
