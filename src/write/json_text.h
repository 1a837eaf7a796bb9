/* JSON text without a JSON tree: a growable buffer and the pieces of a
 * value, formatted exactly as jansson formats them (JSON_COMPACT), so that
 * a writer can stream millions of values and still match what jansson
 * writes elsewhere. Appending is inline and checks for room once per
 * piece: a layout's bars are a few hundred million bytes of such pieces. */
#ifndef FC_WRITE_JSON_TEXT_H
#define FC_WRITE_JSON_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

struct fc_jbuf {
	char *s;
	size_t len, cap;
	bool nomem; /* an append failed: the text is incomplete */
};

void fc_jbuf_free(struct fc_jbuf *b);
/* Makes room for n more bytes; false (and nomem set) when memory ran out. */
bool fc_jbuf_grow(struct fc_jbuf *b, size_t n);

/* Where n more bytes may be written (then add them to len), or NULL. */
static inline char *fc_jbuf_room(struct fc_jbuf *b, size_t n)
{
	if (b->cap - b->len < n && !fc_jbuf_grow(b, n))
		return NULL;
	return b->s + b->len;
}

static inline void fc_jbuf_add(struct fc_jbuf *b, const char *s, size_t n)
{
	char *d = fc_jbuf_room(b, n);
	if (d) {
		memcpy(d, s, n);
		b->len += n;
	}
}
#define FC_JBUF_LIT(b, lit) fc_jbuf_add((b), (lit), sizeof(lit) - 1)

/* A string of valid UTF-8, quoted: \" \\ \b \f \n \r \t, \u00XX for
 * other control bytes, everything else as is. */
void fc_jbuf_string(struct fc_jbuf *b, const char *s);
/* An integer, %lld. */
void fc_jbuf_int(struct fc_jbuf *b, long long v);
/* A finite number: integral values below 2^53 as integers, others as
 * jansson's reals (%.17g, ".0" added to what looks like an integer, no '+'
 * or leading zeros in the exponent). */
void fc_jbuf_number(struct fc_jbuf *b, double v);

#endif
