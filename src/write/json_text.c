#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "write/json_text.h"
#include "model/profile.h"

/* Bytes a JSON string writes as they are: not a control byte, quote or
 * backslash. */
static bool plain(unsigned char c)
{
	return c >= 0x20 && c != '"' && c != '\\';
}

/* Eight bytes at once: true when all are plain. The borrow tests are exact
 * for "some byte is below 0x20" and, after an XOR, "some byte is zero". */
static bool plain8(uint64_t w)
{
	const uint64_t ones = 0x0101010101010101u, high = 0x8080808080808080u;
	uint64_t q = w ^ (ones * '"'), s = w ^ (ones * '\\');
	uint64_t control = (w - ones * 0x20) & ~w & high;
	uint64_t quote = (q - ones) & ~q & high, backslash = (s - ones) & ~s & high;

	return !(control | quote | backslash);
}

static void add_escaped(struct fc_buf *b, const unsigned char *p)
{
	static const char hex[] = "0123456789ABCDEF";

	for (;;) {
		const unsigned char *q = p;
		char esc[6] = { '\\', 'u', '0', '0', 0, 0 };
		size_t n = 2;
		while (*q && plain(*q))
			q++;
		fc_buf_add(b, (const char *)p, (size_t)(q - p));
		if (!*q)
			break;
		switch (*q) {
		case '"':
		case '\\':
			esc[1] = (char)*q;
			break;
		case '\b':
			esc[1] = 'b';
			break;
		case '\f':
			esc[1] = 'f';
			break;
		case '\n':
			esc[1] = 'n';
			break;
		case '\r':
			esc[1] = 'r';
			break;
		case '\t':
			esc[1] = 't';
			break;
		default:
			esc[4] = hex[*q >> 4];
			esc[5] = hex[*q & 15];
			n = 6;
		}
		fc_buf_add(b, esc, n);
		p = q + 1;
	}
}

bool fc_json_plain(const char *s, size_t n)
{
	size_t i = 0;
	uint64_t w;

	for (; i + 8 <= n; i += 8) {
		memcpy(&w, s + i, 8);
		if (!plain8(w))
			break;
	}
	while (i < n && plain((unsigned char)s[i]))
		i++;
	return i == n;
}

void fc_jbuf_string(struct fc_buf *b, const char *s)
{
	size_t n = strlen(s);
	char *d = fc_buf_room(b, n + 2);

	if (!d)
		return;
	/* most strings need no escape: one copy */
	if (fc_json_plain(s, n)) {
		d[0] = '"';
		memcpy(d + 1, s, n);
		d[n + 1] = '"';
		b->len += n + 2;
		return;
	}
	FC_BUF_LIT(b, "\"");
	add_escaped(b, (const unsigned char *)s);
	FC_BUF_LIT(b, "\"");
}

/* "00" "01" .. "99": two digits per division. */
static const char digit_pairs[] = "00010203040506070809"
				  "10111213141516171819"
				  "20212223242526272829"
				  "30313233343536373839"
				  "40414243444546474849"
				  "50515253545556575859"
				  "60616263646566676869"
				  "70717273747576777879"
				  "80818283848586878889"
				  "90919293949596979899";

void fc_jbuf_int(struct fc_buf *b, long long v)
{
	unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
	char t[24], *e = t + sizeof(t), *q = e;

	/* right to left, two digits at a time, then one copy */
	while (u >= 100) {
		q -= 2;
		memcpy(q, digit_pairs + 2 * (u % 100), 2);
		u /= 100;
	}
	if (u >= 10) {
		q -= 2;
		memcpy(q, digit_pairs + 2 * u, 2);
	} else {
		*--q = (char)('0' + u);
	}
	if (v < 0)
		*--q = '-';
	fc_buf_add(b, q, (size_t)(e - q));
}

static void add_real(struct fc_buf *b, double v)
{
	char t[40], *x;
	int n = snprintf(t, sizeof(t) - 2, "%.17g", v);

	if (n < 0 || (size_t)n >= sizeof(t) - 2)
		return;
	if (!strchr(t, '.') && !strchr(t, 'e')) {
		memcpy(t + n, ".0", 3);
		n += 2;
	}
	x = strchr(t, 'e');
	if (x) {
		char *from = x + 1, *to = x + 1;
		if (*from == '-')
			from = ++to;
		else if (*from == '+')
			from++;
		while (*from == '0' && from[1])
			from++;
		memmove(to, from, strlen(from) + 1);
		n = (int)strlen(t);
	}
	fc_buf_add(b, t, (size_t)n);
}

void fc_jbuf_number(struct fc_buf *b, double v)
{
	/* integral below 2^53 (NaN fails the first test): the truncation is
	 * exact, with no call to floor */
	if (fabs(v) < 9007199254740992.0 && (double)(long long)v == v)
		fc_jbuf_int(b, (long long)v);
	else
		add_real(b, v);
}
