#include <stdlib.h>
#include <string.h>

#include "util/strpool.h"
#include "util.h"

bool fc_strpool_init(struct fc_strpool *p)
{
	memset(p, 0, sizeof(*p));
	if (fc_strpool_intern(p, "", 0) == 0)
		return true;
	fc_strpool_finish(p); /* what was allocated before the failure */
	return false;
}

void fc_strpool_finish(struct fc_strpool *p)
{
	free(p->data);
	free(p->offset);
	free(p->length);
	fc_map_finish(&p->index);
	memset(p, 0, sizeof(*p));
}

/* A copy of n elements of size bytes, NULL when n is 0 or on failure. */
static void *dup_array(const void *src, size_t n, size_t size)
{
	void *d = n ? malloc(n * size) : NULL;

	if (d)
		memcpy(d, src, n * size);
	return d;
}

bool fc_strpool_copy(struct fc_strpool *dst, const struct fc_strpool *src)
{
	struct fc_strpool c = { 0 };

	c.data = dup_array(src->data, src->len, 1);
	c.offset = dup_array(src->offset, src->count, sizeof(*c.offset));
	c.length = dup_array(src->length, src->count, sizeof(*c.length));
	if (!c.data || !c.offset || !c.length || !fc_map_copy(&c.index, &src->index)) {
		fc_strpool_finish(&c);
		return false;
	}
	c.len = c.cap = src->len;
	c.count = c.count_cap = c.length_cap = src->count;
	fc_strpool_finish(dst);
	*dst = c;
	return true;
}

bool fc_strpool_reserve(struct fc_strpool *p, size_t count, size_t bytes)
{
	if (count > UINT32_MAX - p->count || bytes > UINT32_MAX - p->len)
		return false;
	return fc_map_reserve(&p->index, p->count + count) &&
	       FC_GROW(p->data, p->cap, p->len + bytes) &&
	       FC_GROW(p->offset, p->count_cap, p->count + count) &&
	       FC_GROW(p->length, p->length_cap, p->count + count);
}

struct key {
	const struct fc_strpool *p;
	const char *s;
	size_t len;
};

static inline bool key_eq(const void *ctx, uint32_t id)
{
	const struct key *k = ctx;
	return k->p->length[id] == k->len &&
	       memcmp(k->p->data + k->p->offset[id], k->s, k->len) == 0;
}

uint32_t fc_strpool_find(const struct fc_strpool *p, const char *s, size_t len)
{
	struct key k = { p, s, len };
	return fc_map_find(&p->index, (uint32_t)fc_hash_bytes(s, len), key_eq, &k, NULL);
}

static uint32_t add(struct fc_strpool *p, const char *s, size_t len, uint32_t h)
{
	struct key k = { p, s, len };
	size_t slot;
	uint32_t id;

	if (!fc_map_reserve(&p->index, p->count + 1))
		return FC_NONE;
	id = fc_map_find(&p->index, h, key_eq, &k, &slot);
	if (id != FC_NONE)
		return id;
	if (p->len + len + 1 > UINT32_MAX || p->count >= UINT32_MAX - 1)
		return FC_NONE;
	if (!FC_GROW(p->data, p->cap, p->len + len + 1))
		return FC_NONE;
	if (!FC_GROW(p->offset, p->count_cap, p->count + 1))
		return FC_NONE;
	if (!FC_GROW(p->length, p->length_cap, p->count + 1))
		return FC_NONE;
	memcpy(p->data + p->len, s, len);
	p->data[p->len + len] = '\0';
	id = (uint32_t)p->count++;
	p->offset[id] = (uint32_t)p->len;
	p->length[id] = (uint32_t)len;
	p->len += len + 1;
	fc_map_put(&p->index, slot, h, id);
	return id;
}

uint32_t fc_strpool_intern(struct fc_strpool *p, const char *s, size_t len)
{
	uint32_t id;
	char *clean;

	if (fc_utf8_clean(s, len))
		return add(p, s, len, (uint32_t)fc_hash_bytes(s, len));
	if (len > SIZE_MAX / 3 - 1)
		return FC_NONE;
	clean = malloc(len * 3 + 1);
	if (!clean)
		return FC_NONE;
	len = fc_utf8_sanitize(s, len, clean);
	id = add(p, clean, len, (uint32_t)fc_hash_bytes(clean, len));
	free(clean);
	return id;
}
