/* Interned strings: equal strings get one id. Id 0 is always "". Strings are
 * stored NUL-terminated and valid UTF-8 (fc_strpool_intern sanitises). */
#ifndef FC_STRPOOL_H
#define FC_STRPOOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "flamechart/common.h"
#include "util/map.h"

#ifdef __cplusplus
extern "C" {
#endif

struct fc_strpool {
	char *data; /* all strings, each NUL-terminated */
	size_t len, cap;
	uint32_t *offset; /* id -> offset into data */
	uint32_t *length; /* id -> length in bytes */
	size_t count, count_cap, length_cap;
	struct fc_map index; /* hash of the bytes -> id */
};

bool fc_strpool_init(struct fc_strpool *p);
void fc_strpool_finish(struct fc_strpool *p);

/* Makes dst a copy of src (same ids), replacing what dst held. false on
 * allocation failure, dst unchanged. */
bool fc_strpool_copy(struct fc_strpool *dst, const struct fc_strpool *src);

/* Makes room for count more strings of bytes bytes in all (their NULs
 * included), so that interning them grows nothing: no copy as the pool
 * fills when its size is known ahead. false on allocation failure or
 * overflow (the pool is unchanged but for what it reserved). */
bool fc_strpool_reserve(struct fc_strpool *p, size_t count, size_t bytes);

/* Returns the id of s[0..len), adding it if new. Invalid UTF-8 and control
 * characters are replaced (U+FFFD) before interning. FC_NONE on allocation
 * failure or when the pool would exceed 4 GiB. */
uint32_t fc_strpool_intern(struct fc_strpool *p, const char *s, size_t len);

/* Id of an existing string, FC_NONE if absent (no sanitising). */
uint32_t fc_strpool_find(const struct fc_strpool *p, const char *s, size_t len);

static inline const char *fc_strpool_get(const struct fc_strpool *p, uint32_t id)
{
	return p->data + p->offset[id];
}

static inline uint32_t fc_strpool_len(const struct fc_strpool *p, uint32_t id)
{
	return p->length[id];
}

#ifdef __cplusplus
}
#endif

#endif
