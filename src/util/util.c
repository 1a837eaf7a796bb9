#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/profile.h"
#include "util.h"

bool fc_grow(void **ptr, size_t *cap, size_t need, size_t elem)
{
	size_t ncap;
	void *p;

	if (need <= *cap)
		return true;
	ncap = *cap ? *cap : 4; /* small: a trace can hold many tiny profiles */
	while (ncap < need) {
		if (ncap > SIZE_MAX / 2)
			return false;
		ncap *= 2;
	}
	if (ncap > SIZE_MAX / elem)
		return false;
	p = realloc(*ptr, ncap * elem);
	if (!p)
		return false;
	*ptr = p;
	*cap = ncap;
	return true;
}

uint64_t fc_hash_u64(uint64_t x)
{
	/* splitmix64 finaliser */
	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9ULL;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebULL;
	x ^= x >> 31;
	return x;
}

/* Two independent lanes of multiply and shift over 16 bytes a round, so
 * that the multiplications overlap; the splitmix finaliser mixes the end. */
uint64_t fc_hash_bytes(const void *data, size_t len)
{
	const unsigned char *p = data;
	uint64_t a = 0x9e3779b97f4a7c15ULL ^ len, b = 0xc2b2ae3d27d4eb4fULL, w0, w1;

	while (len >= 16) {
		memcpy(&w0, p, 8);
		memcpy(&w1, p + 8, 8);
		a = (a ^ w0) * 0xff51afd7ed558ccdULL;
		b = (b ^ w1) * 0xc4ceb9fe1a85ec53ULL;
		a ^= a >> 29;
		b ^= b >> 31;
		p += 16;
		len -= 16;
	}
	if (len >= 8) {
		memcpy(&w0, p, 8);
		a = (a ^ w0) * 0xff51afd7ed558ccdULL;
		a ^= a >> 29;
		p += 8;
		len -= 8;
	}
	w1 = 0;
	memcpy(&w1, p, len);
	b = (b ^ w1) * 0xc4ceb9fe1a85ec53ULL;
	return fc_hash_u64(a ^ (b >> 1) ^ (b << 63));
}

int fc_hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

size_t fc_utf8_seqlen(unsigned char c)
{
	if (c < 0x80)
		return 1;
	if (c >= 0xf0)
		return 4;
	if (c >= 0xe0)
		return 3;
	return 2;
}

size_t fc_utf8_prefix(const char *s, size_t len, size_t max)
{
	if (len <= max)
		return len;
	while (max > 0 && ((unsigned char)s[max] & 0xc0) == 0x80)
		max--; /* s[max] continues the code point before it */
	return max;
}

size_t fc_utf8_complete(const char *s, size_t len)
{
	size_t i = len;

	while (i > 0 && ((unsigned char)s[i - 1] & 0xc0) == 0x80)
		i--;
	if (i > 0 && (unsigned char)s[i - 1] >= 0xc0 &&
	    fc_utf8_seqlen((unsigned char)s[i - 1]) > len - (i - 1))
		return i - 1;
	return len;
}

size_t fc_utf8_valid_seq(const unsigned char *s, size_t avail)
{
	unsigned char c = s[0];
	size_t n, i;
	uint32_t cp;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf) {
		n = 2;
		cp = c & 0x1f;
	} else if (c >= 0xe0 && c <= 0xef) {
		n = 3;
		cp = c & 0x0f;
	} else if (c >= 0xf0 && c <= 0xf4) {
		n = 4;
		cp = c & 0x07;
	} else {
		return 0;
	}
	if (avail < n)
		return 0;
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff)))
		return 0;
	if (cp >= 0xd800 && cp <= 0xdfff)
		return 0;
	return n;
}

/* True when none of the 8 bytes is a control character or non-ASCII:
 * every byte in 0x20..0x7e. */
static bool plain8(const unsigned char *s)
{
	uint64_t w;

	const uint64_t ones = 0x0101010101010101ULL, high = 0x8080808080808080ULL;

	memcpy(&w, s, 8);
	/* With every high bit clear (ASCII), no addition carries into the next
	 * byte: b + 1 reaches 0x80 only for 0x7f (DEL), and b + 0x60 reaches
	 * 0x80 exactly when b >= 0x20. */
	return ((w | (w + ones)) & high) == 0 && ((w + ones * 0x60) & high) == high;
}

bool fc_utf8_clean(const char *str, size_t len)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0, n;

	while (i + 8 <= len && plain8(s + i))
		i += 8;
	while (i < len) {
		if (s[i] >= 0x20 && s[i] < 0x7f) {
			i++;
			continue;
		}
		if (s[i] < 0x20 || s[i] == 0x7f) {
			if (s[i] != '\t')
				return false;
			i++;
			continue;
		}
		n = fc_utf8_valid_seq(s + i, len - i);
		if (!n)
			return false;
		i += n;
	}
	return true;
}

size_t fc_utf8_sanitize(const char *str, size_t len, char *out)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0, o = 0, n;

	while (i < len) {
		if (s[i] >= 0x20 && s[i] < 0x7f) {
			out[o++] = (char)s[i++];
			continue;
		}
		n = (s[i] < 0x20 || s[i] == 0x7f) ? (s[i] == '\t' ? 1 : 0)
						  : fc_utf8_valid_seq(s + i, len - i);
		if (n) {
			memcpy(out + o, s + i, n);
			o += n;
			i += n;
		} else {
			memcpy(out + o, "\xef\xbf\xbd", 3); /* U+FFFD */
			o += 3;
			i++;
		}
	}
	out[o] = '\0';
	return o;
}

char *fc_strdup_clean(const char *s)
{
	size_t n = strlen(s);
	char *d;

	if (fc_utf8_clean(s, n))
		return fc_strdup(s);
	if (n > (SIZE_MAX - 1) / 3)
		return NULL;
	d = malloc(3 * n + 1);
	if (d)
		fc_utf8_sanitize(s, n, d);
	return d;
}

char *fc_strndup(const char *s, size_t n)
{
	char *d = malloc(n + 1);
	if (!d)
		return NULL;
	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

char *fc_strdup(const char *s)
{
	return fc_strndup(s, strlen(s));
}

char *fc_asprintf(const char *fmt, ...)
{
	va_list ap, ap2;
	int n;
	char *s;

	va_start(ap, fmt);
	va_copy(ap2, ap);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0) {
		va_end(ap2);
		return NULL;
	}
	s = malloc((size_t)n + 1);
	if (s)
		vsnprintf(s, (size_t)n + 1, fmt, ap2);
	va_end(ap2);
	return s;
}

const char *fc_basename(const char *path)
{
	const char *slash = strrchr(path, '/');
	const char *bslash = strrchr(path, '\\');

	if (bslash && (!slash || bslash > slash))
		slash = bslash;
	return slash ? slash + 1 : path;
}

bool fc_path_inside(const char *dir_real, const char *path)
{
	char *target = realpath(path, NULL);
	size_t n = strlen(dir_real);
	bool inside = target && strncmp(target, dir_real, n) == 0 &&
		      (target[n] == '/' || (n == 1 && dir_real[0] == '/'));

	free(target);
	return inside;
}

bool fc_named_as_profile(const char *name)
{
	size_t n = strlen(name);

	return (n > 11 && strcmp(name + n - 11, ".cpuprofile") == 0) ||
	       (n > 14 && strcmp(name + n - 14, ".cpuprofile.gz") == 0) ||
	       (n > 12 && strcmp(name + n - 12, ".heapprofile") == 0) ||
	       (n > 15 && strcmp(name + n - 15, ".heapprofile.gz") == 0);
}

/* One run of 1 to 19 ASCII digits at *p (no sign, no overflow), then
 * *p past it. */
static bool digits(const char **p, uint64_t *value)
{
	const char *s = *p;
	uint64_t v = 0;

	while (*s >= '0' && *s <= '9' && s - *p < 19)
		v = v * 10 + (uint64_t)(*s++ - '0');
	if (s == *p || (*s >= '0' && *s <= '9'))
		return false;
	*value = v;
	*p = s;
	return true;
}

bool fc_node_file_name(const char *path, struct fc_node_file *out)
{
	const char *p = path ? fc_basename(path) : "";
	bool heap = strncmp(p, "Heap.", 5) == 0;
	const char *ext = heap ? ".heapprofile" : ".cpuprofile";
	size_t i, n = strlen(ext);
	uint64_t v[5];

	if (!heap && strncmp(p, "CPU.", 4) != 0)
		return false;
	p += heap ? 5 : 4;
	for (i = 0; i < 5; i++) {
		if (!digits(&p, &v[i]) || (i < 4 && *p++ != '.'))
			return false;
	}
	if (strncmp(p, ext, n) != 0 || (p[n] != '\0' && strcmp(p + n, ".gz") != 0))
		return false;
	out->date = v[0];
	out->time = v[1];
	out->pid = v[2];
	out->tid = v[3];
	out->seq = v[4];
	out->gzip = p[n] != '\0';
	out->heap = heap;
	return true;
}

bool fc_sort(void *base, size_t n, size_t size, int (*cmp)(const void *a, const void *b, void *ctx),
	     void *ctx)
{
	unsigned char *a = base, *tmp, *src, *dst, *swap;
	size_t width, i;

	if (n < 2)
		return true;
	if (n > SIZE_MAX / size)
		return false;
	tmp = malloc(n * size);
	if (!tmp)
		return false;
	src = a;
	dst = tmp;
	for (width = 1; width < n; width *= 2) {
		for (i = 0; i < n; i += 2 * width) {
			size_t lo = i, mid = i + width < n ? i + width : n;
			size_t hi = i + 2 * width < n ? i + 2 * width : n;
			size_t l = lo, r = mid, o = lo;
			while (l < mid && r < hi) {
				if (cmp(src + r * size, src + l * size, ctx) < 0)
					memcpy(dst + o++ * size, src + r++ * size, size);
				else
					memcpy(dst + o++ * size, src + l++ * size, size);
			}
			if (l < mid)
				memcpy(dst + o * size, src + l * size, (mid - l) * size);
			o += mid - l;
			if (r < hi)
				memcpy(dst + o * size, src + r * size, (hi - r) * size);
		}
		swap = src;
		src = dst;
		dst = swap;
		if (width > SIZE_MAX / 4)
			break;
	}
	if (src != a)
		memcpy(a, src, n * size);
	free(tmp);
	return true;
}

bool fc_sort_top(void *base, size_t n, size_t size, size_t k,
		 int (*cmp)(const void *a, const void *b, void *ctx), void *ctx)
{
	unsigned char *a = base, *x;
	size_t i, kept = 0;

	if (k >= n || k > 256)
		return fc_sort(base, n, size, cmp, ctx);
	if (k == 0)
		return true;
	x = malloc(size);
	if (!x)
		return false;
	for (i = 0; i < n; i++) {
		size_t at = kept;

		/* not before the k-th: fc_sort would put it after (stable) */
		if (kept == k && cmp(a + i * size, a + (k - 1) * size, ctx) >= 0)
			continue;
		memcpy(x, a + i * size, size);
		if (kept == k) {
			at = k - 1; /* the k-th leaves the top for x's place */
			memcpy(a + i * size, a + at * size, size);
		} else {
			kept++; /* at == i here: every element so far was kept */
		}
		for (; at > 0 && cmp(x, a + (at - 1) * size, ctx) < 0; at--)
			memcpy(a + at * size, a + (at - 1) * size, size);
		memcpy(a + at * size, x, size);
	}
	free(x);
	return true;
}

char *fc_json_error_unquoted(char *text)
{
	char *near = strstr(text, " near '");

	if (near)
		*near = '\0';
	return text;
}

bool fc_preorder(uint32_t n, const uint32_t *parent, uint32_t root, uint32_t *order,
		 uint32_t *reached)
{
	uint32_t *first = malloc(((size_t)n + 1) * sizeof(*first));
	uint32_t *next = malloc(((size_t)n + 1) * sizeof(*next));
	uint32_t *stack = malloc(((size_t)n + 1) * sizeof(*stack));
	uint32_t i, sp = 0, count = 0;

	if (!first || !next || !stack) {
		free(first);
		free(next);
		free(stack);
		return false;
	}
	for (i = 0; i < n; i++)
		first[i] = order[i] = FC_NONE;
	/* children lists in decreasing index order: pushed in list order, the
	 * lowest index is popped first */
	for (i = 0; i < n; i++) {
		if (i == root || parent[i] >= n)
			continue;
		next[i] = first[parent[i]];
		first[parent[i]] = i;
	}
	/* each node is pushed once, when its parent is popped: n entries */
	if (root < n)
		stack[sp++] = root;
	while (sp) {
		uint32_t s = stack[--sp], c;

		order[s] = count++;
		for (c = first[s]; c != FC_NONE; c = next[c])
			stack[sp++] = c;
	}
	*reached = count;
	free(first);
	free(next);
	free(stack);
	return true;
}

bool fc_unit_is_bytes(const char *unit)
{
	return unit && strcmp(unit, FC_UNIT_BYTES) == 0;
}

double fc_unit_divisor(const char *unit)
{
	return unit && strncmp(unit, "1/1000", 6) == 0 ? 1000 : 1;
}

size_t fc_format_bytes(double bytes, bool sign, char *out, size_t size)
{
	static const char *const units[] = { "B", "kB", "MB", "GB", "TB", "PB" };
	const char *pre = bytes < 0 ? "-" : sign && bytes > 0 ? "+" : "";
	double v = fabs(bytes);
	size_t u = 0;
	int n;

	/* round first, so that 999.96 kB is written 1.00 MB */
	while (u + 1 < FC_ARRAY_LEN(units) && v >= 999.5) {
		v /= 1000;
		u++;
	}
	if (u == 0)
		n = snprintf(out, size, "%s%.0f B", pre, v);
	else
		n = snprintf(out, size, "%s%.*f %s", pre,
			     v >= 99.95   ? 0
			     : v >= 9.995 ? 1
					  : 2,
			     v, units[u]);
	return n > 0 ? (size_t)n : 0;
}

size_t fc_format_grouped(double v, int decimals, char *out, size_t size)
{
	char num[64], *dot;
	size_t int_len, i, o = 0, start;
	int n = snprintf(num, sizeof(num), "%.*f", decimals, v);

	if (n < 0 || (size_t)n >= sizeof(num) || !size) {
		if (size)
			out[0] = '\0';
		return 0;
	}
	if (strcmp(num, "-0") == 0 || (num[0] == '-' && strspn(num + 1, "0.") == strlen(num + 1)))
		memmove(num, num + 1, strlen(num)); /* no "-0.00" */
	dot = strchr(num, '.');
	start = num[0] == '-';
	int_len = (dot ? (size_t)(dot - num) : strlen(num)) - start;
	for (i = 0; num[i] && o + 1 < size; i++) {
		out[o++] = num[i];
		/* a comma after each full group of three integer digits */
		if (i >= start && i + 1 < start + int_len && (start + int_len - i - 1) % 3 == 0 &&
		    o + 1 < size)
			out[o++] = ',';
	}
	out[o] = '\0';
	return o;
}
