/* The one growable byte buffer: the JSON text writers, the folded-stacks
 * writer, the SVG collected from cairo and the Markdown builder append
 * into it. An append that runs out of memory sets failed and is dropped,
 * so that a writer checks once, at the end. Appending is inline and checks
 * for room once per piece (a layout's JSON is hundreds of megabytes of
 * small pieces). data is not NUL-terminated unless fc_buf_cstr made it so. */
#ifndef FC_UTIL_BUF_H
#define FC_UTIL_BUF_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

struct fc_buf {
	char *data;
	size_t len, cap;
	bool failed; /* an append ran out of memory: the bytes are incomplete */
};

/* Frees the bytes; the buffer is empty again. */
void fc_buf_free(struct fc_buf *b);
/* Makes room for n more bytes; false (and failed set) when memory ran out. */
bool fc_buf_grow(struct fc_buf *b, size_t n);

/* Where n more bytes may be written (then add them to len), or NULL. An
 * empty buffer has no bytes yet: even n == 0 allocates, so that the pointer
 * returned is never an offset from NULL. */
static inline char *fc_buf_room(struct fc_buf *b, size_t n)
{
	if ((b->cap - b->len < n || !b->data) && !fc_buf_grow(b, n))
		return NULL;
	return b->data + b->len;
}

static inline void fc_buf_add(struct fc_buf *b, const void *s, size_t n)
{
	char *d = fc_buf_room(b, n);
	if (d) {
		memcpy(d, s, n);
		b->len += n;
	}
}
#define FC_BUF_LIT(b, lit) fc_buf_add((b), (lit), sizeof(lit) - 1)

/* data as a C string (a NUL after the bytes, not counted in len), or NULL
 * when memory ran out. */
const char *fc_buf_cstr(struct fc_buf *b);

#endif
