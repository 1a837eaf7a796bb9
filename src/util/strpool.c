#include <stdlib.h>
#include <string.h>

#include "flamechart/strpool.h"
#include "util.h"

bool fc_strpool_init(struct fc_strpool *p)
{
	memset(p, 0, sizeof(*p));
	return fc_strpool_intern(p, "", 0) == 0;
}

void fc_strpool_finish(struct fc_strpool *p)
{
	free(p->data);
	free(p->offset);
	free(p->length);
	free(p->table);
	free(p->table_hash);
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
	c.table = dup_array(src->table, src->table_cap, sizeof(*c.table));
	c.table_hash = dup_array(src->table_hash, src->table_cap, sizeof(*c.table_hash));
	if (!c.data || !c.offset || !c.length || !c.table || !c.table_hash) {
		fc_strpool_finish(&c);
		return false;
	}
	c.len = c.cap = src->len;
	c.count = c.count_cap = c.length_cap = src->count;
	c.table_cap = src->table_cap;
	fc_strpool_finish(dst);
	*dst = c;
	return true;
}

static bool rehash(struct fc_strpool *p)
{
	size_t ncap = p->table_cap ? p->table_cap * 2 : 16;
	uint32_t *t = calloc(ncap, sizeof(*t));
	uint32_t *th = calloc(ncap, sizeof(*th));
	size_t i, j;

	if (!t || !th) {
		free(t);
		free(th);
		return false;
	}
	for (i = 0; i < p->table_cap; i++) {
		if (!p->table[i])
			continue;
		j = p->table_hash[i] & (ncap - 1);
		while (t[j])
			j = (j + 1) & (ncap - 1);
		t[j] = p->table[i];
		th[j] = p->table_hash[i];
	}
	free(p->table);
	free(p->table_hash);
	p->table = t;
	p->table_hash = th;
	p->table_cap = ncap;
	return true;
}

static uint32_t lookup(const struct fc_strpool *p, const char *s, size_t len, uint32_t h,
		       size_t *slot)
{
	size_t j;

	if (!p->table_cap) {
		*slot = 0;
		return FC_NONE;
	}
	j = h & (p->table_cap - 1);
	while (p->table[j]) {
		uint32_t id = p->table[j] - 1;
		if (p->table_hash[j] == h && p->length[id] == len &&
		    memcmp(p->data + p->offset[id], s, len) == 0)
			return id;
		j = (j + 1) & (p->table_cap - 1);
	}
	*slot = j;
	return FC_NONE;
}

uint32_t fc_strpool_find(const struct fc_strpool *p, const char *s, size_t len)
{
	size_t slot;
	return lookup(p, s, len, (uint32_t)fc_hash_bytes(s, len), &slot);
}

static uint32_t add(struct fc_strpool *p, const char *s, size_t len, uint32_t h)
{
	size_t slot;
	uint32_t id = lookup(p, s, len, h, &slot);

	if (id != FC_NONE)
		return id;
	if ((p->count + 1) * 2 > p->table_cap) {
		if (!rehash(p))
			return FC_NONE;
		lookup(p, s, len, h, &slot);
	}
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
	p->table[slot] = id + 1;
	p->table_hash[slot] = h;
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
