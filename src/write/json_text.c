#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "write/json_text.h"

void fc_jbuf_free(struct fc_jbuf *b)
{
	free(b->s);
	memset(b, 0, sizeof(*b));
}

static char *room(struct fc_jbuf *b, size_t n)
{
	if (b->len + n > b->cap) {
		size_t cap = b->cap ? b->cap : 256;
		char *q;
		while (cap < b->len + n)
			cap *= 2;
		q = realloc(b->s, cap);
		if (!q) {
			b->nomem = true;
			return NULL;
		}
		b->s = q;
		b->cap = cap;
	}
	return b->s + b->len;
}

void fc_jbuf_add(struct fc_jbuf *b, const char *s, size_t n)
{
	char *d = room(b, n);
	if (d) {
		memcpy(d, s, n);
		b->len += n;
	}
}

void fc_jbuf_string(struct fc_jbuf *b, const char *s)
{
	static const char hex[] = "0123456789ABCDEF";
	const unsigned char *p = (const unsigned char *)s;

	FC_JBUF_LIT(b, "\"");
	for (;;) {
		const unsigned char *q = p;
		char esc[6] = { '\\', 'u', '0', '0', 0, 0 };
		size_t n = 2;
		while (*q >= 0x20 && *q != '"' && *q != '\\')
			q++;
		fc_jbuf_add(b, (const char *)p, (size_t)(q - p));
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
		fc_jbuf_add(b, esc, n);
		p = q + 1;
	}
	FC_JBUF_LIT(b, "\"");
}

void fc_jbuf_int(struct fc_jbuf *b, long long v)
{
	char t[24], *e = t + sizeof(t), *q = e;
	unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;

	do {
		*--q = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	if (v < 0)
		*--q = '-';
	fc_jbuf_add(b, q, (size_t)(e - q));
}

static void add_real(struct fc_jbuf *b, double v)
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
	fc_jbuf_add(b, t, (size_t)n);
}

void fc_jbuf_number(struct fc_jbuf *b, double v)
{
	if (v == floor(v) && fabs(v) < 9007199254740992.0)
		fc_jbuf_int(b, (long long)v);
	else
		add_real(b, v);
}
