/* Base64 (RFC 4648, the standard alphabet), both ways: the screenshots of a
 * Chrome trace are base64 JPEGs, and the SVG writer embeds them again. */
#ifndef FC_UTIL_BASE64_H
#define FC_UTIL_BASE64_H

#include <stdbool.h>
#include <stddef.h>

#include "util/buf.h"

/* The value of a base64 digit of the standard alphabet (0..63), -1 for a
 * byte that is not one. Inline: source maps' VLQ decoding reads every digit
 * through it. */
static inline int fc_base64_value(unsigned char c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	return c == '+' ? 62 : c == '/' ? 63 : -1;
}

/* Decodes len bytes of s into out (appended; out->failed when memory ran
 * out). Padding is optional, whitespace and "\n" are not allowed. false when
 * s is not base64: *bad_at is then the offset of the first byte that is
 * not (len for a length that cannot be base64). */
bool fc_base64_decode(const char *s, size_t len, struct fc_buf *out, size_t *bad_at);

/* Appends the base64 of n bytes to out, with padding. */
void fc_base64_encode(const unsigned char *in, size_t n, struct fc_buf *out);

#endif
