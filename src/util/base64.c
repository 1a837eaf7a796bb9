#include "util/base64.h"

#include <stdint.h>

static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

bool fc_base64_decode(const char *s, size_t len, struct fc_buf *out, size_t *bad_at)
{
	size_t i, end = len, pad = 0;
	uint32_t acc = 0;
	unsigned bits = 0;
	char *d;

	while (end > 0 && s[end - 1] == '=' && pad < 2) {
		end--;
		pad++;
	}
	/* 4 characters make 3 bytes; a lone last character makes none */
	if (end % 4 == 1 || (pad && (end + pad) % 4 != 0)) {
		*bad_at = len;
		return false;
	}
	d = fc_buf_room(out, end / 4 * 3 + 2);
	if (!d)
		return true; /* out->failed says why */
	for (i = 0; i < end; i++) {
		int v = fc_base64_value((unsigned char)s[i]);
		if (v < 0) {
			*bad_at = i;
			return false;
		}
		acc = acc << 6 | (uint32_t)v;
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			*d++ = (char)(acc >> bits & 0xff);
			out->len++;
		}
	}
	return true;
}

void fc_base64_encode(const unsigned char *in, size_t n, struct fc_buf *out)
{
	char *d = fc_buf_room(out, (n + 2) / 3 * 4);
	size_t i;

	if (!d)
		return;
	for (i = 0; i + 2 < n; i += 3) {
		uint32_t v = (uint32_t)in[i] << 16 | (uint32_t)in[i + 1] << 8 | in[i + 2];
		*d++ = alphabet[v >> 18];
		*d++ = alphabet[v >> 12 & 63];
		*d++ = alphabet[v >> 6 & 63];
		*d++ = alphabet[v & 63];
	}
	if (i < n) {
		uint32_t v = (uint32_t)in[i] << 16 | (i + 1 < n ? (uint32_t)in[i + 1] << 8 : 0);
		*d++ = alphabet[v >> 18];
		*d++ = alphabet[v >> 12 & 63];
		*d++ = i + 1 < n ? alphabet[v >> 6 & 63] : '=';
		*d++ = '=';
	}
	out->len += (n + 2) / 3 * 4;
}
