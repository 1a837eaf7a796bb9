#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* SIMD string scans: x86-64 has SSE2 always; AVX2 is compiled in too (as a
 * function of its own) and used where the CPU has it. -Dscanner=scalar
 * leaves both out. */
#if defined(__SSE2__) && !defined(FC_SCANNER_SCALAR)
#define SCAN_SSE2 1
#include <emmintrin.h>
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define SCAN_AVX2 1
#include <immintrin.h>
#endif
#endif

#include "import/jstream.h"
#include "util/util.h"
#include "model/profile.h"

/* Longest number literal we accept; anything longer cannot be a valid id,
 * time or count. */
#define MAX_NUMBER_LEN 400
/* A malformed literal cut by a chunk's end is completed up to this many
 * bytes before it is reported (at its start, without quoting it). */
#define MAX_LITERAL_LEN 41
#define BAD_NUMBER "a malformed number"
#define BAD_LITERAL "a malformed literal (true, false or null expected)"

/* Deepest nesting of containers, skipped ones included. A legacy profile's
 * head tree nests one level per call-tree level; real trees are a few
 * hundred deep, hostile ones 100 000. Costs a bit per level, and a jframe
 * per level the importer follows. */
#define MAX_DEPTH 4000000

/* What may come next. */
enum state {
	S_VALUE,          /* a value: the top level, after ':' or after ',' in an array */
	S_VALUE_OR_CLOSE, /* after '[' */
	S_KEY_OR_CLOSE,   /* after '{' */
	S_KEY,            /* after ',' in an object */
	S_COLON,          /* after a key */
	S_NEXT,           /* after a member or element: ',' or the closing bracket */
	S_END,            /* the top-level value is complete */
};

static const unsigned char bom[3] = { 0xef, 0xbb, 0xbf };

/* --- positions and errors ------------------------------------------------- */

static uint64_t abs_of(const struct jstream *js, const unsigned char *p)
{
	return js->buf_abs + (uint64_t)(p - js->buf);
}

void jstream_pos(struct jstream *js, long *line, long *col)
{
	uint64_t at = js->tok ? abs_of(js, js->tok) : js->total;

	*line = js->line;
	*col = at >= js->line_start ? (long)(at - js->line_start) + 1 : 1;
}

void jstream_path(const struct jstream *js, char *buf, size_t size)
{
	size_t i, n = 0;
	int w;

	if (size)
		buf[0] = '\0';
	for (i = 1; i < js->depth && n < size; i++) {
		const struct jframe *f = &js->stack[i];
		if (f->is_map) {
			if (f->key < 0)
				break;
			w = snprintf(buf + n, size - n, "%s%s", n ? "." : "",
				     js->hd->key_names[f->key]);
		} else {
			w = snprintf(buf + n, size - n, "[%lld]", (long long)f->index);
		}
		if (w < 0)
			break;
		n += (size_t)w;
	}
}

bool jstream_fail(struct jstream *js, enum fc_error_code code, const char *fmt, ...)
{
	va_list ap;
	char path[256];

	if (js->failed)
		return false;
	js->failed = true;
	va_start(ap, fmt);
	fc_error_vset(js->err, code, fmt, ap);
	va_end(ap);
	jstream_path(js, path, sizeof(path));
	fc_error_set_path(js->err, path);
	jstream_pos(js, &js->err->line, &js->err->column);
	return false;
}

bool jstream_nomem(struct jstream *js)
{
	return jstream_fail(js, FC_ERR_NOMEM, "out of memory");
}

int jstream_type_error(struct jstream *js, const char *want, bool is_map)
{
	jstream_fail(js, FC_ERR_TYPE, "expected %s, found %s", want,
		     is_map ? "an object" : "an array");
	return J_SKIP;
}

void jstream_stop(struct jstream *js)
{
	js->stopped = true;
}

const char *jstream_type_name(const struct jvalue *v)
{
	switch (v->type) {
	case J_NULL:
		return "null";
	case J_BOOL:
		return "a boolean";
	case J_INT:
		return "an integer";
	case J_DOUBLE:
		return "a number";
	case J_STRING:
		return "a string";
	}
	return "a value";
}

/* A syntax error at byte at (which becomes the reported position). */
static const unsigned char *syntax(struct jstream *js, const unsigned char *at, const char *fmt,
				   ...) __attribute__((format(printf, 3, 4)));

static const unsigned char *syntax(struct jstream *js, const unsigned char *at, const char *fmt,
				   ...)
{
	char text[200];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	js->tok = at;
	jstream_fail(js, FC_ERR_SYNTAX, "not valid JSON: %s", text);
	return NULL;
}

/* What kind of byte c is, for a message. Messages never quote the input
 * (docs/robustness.md: a secret in a file read by mistake must not reach a
 * report's index): JSON's own punctuation is named, anything else only by
 * its kind. */
static void describe(unsigned char c, char *buf, size_t size)
{
	if (c && strchr("{}[]:,\"", c))
		snprintf(buf, size, "'%c'", c);
	else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'z')
		snprintf(buf, size, "a letter");
	else if (c >= '0' && c <= '9')
		snprintf(buf, size, "a digit");
	else if (c == '\t')
		snprintf(buf, size, "a tab");
	else if (c == '\n' || c == '\r')
		snprintf(buf, size, "a line break");
	else if (c < 0x20 || c == 0x7f)
		snprintf(buf, size, "a control character");
	else if (c < 0x7f)
		snprintf(buf, size, "a punctuation character");
	else
		snprintf(buf, size, "a byte that is not ASCII");
}

static bool top_is_map(const struct jstream *js)
{
	size_t n = js->nest - 1;
	return (js->kinds[n / 64] >> (n % 64)) & 1;
}

/* A byte that no token may start with here. */
static const unsigned char *unexpected(struct jstream *js, const unsigned char *at)
{
	static const char *const expected[] = {
		[S_VALUE] = "a value",
		[S_VALUE_OR_CLOSE] = "a value or ']'",
		[S_KEY_OR_CLOSE] = "a string key or '}'",
		[S_KEY] = "a string key",
		[S_COLON] = "':' after the key",
	};
	char found[32];

	describe(*at, found, sizeof(found));
	if (js->state == S_END)
		return syntax(js, at, "found %s after the top-level value", found);
	if (js->state == S_NEXT)
		return syntax(js, at, "expected %s, found %s",
			      top_is_map(js) ? "',' or '}' after an object member"
					     : "',' or ']' after an array element",
			      found);
	return syntax(js, at, "expected %s, found %s", expected[js->state], found);
}

/* --- the importer's view: followed containers, keys, values -------------- */

static struct jframe *top(struct jstream *js)
{
	return &js->stack[js->depth - 1];
}

/* A member or element is complete: arrays move to the next index, maps
 * forget the key so that a message between members names the map. */
static void after_element(struct jstream *js)
{
	struct jframe *f = top(js);
	if (f->is_map)
		f->key = J_NOKEY;
	else
		f->index++;
}

/* A handler said stop: with an error, after jstream_stop, or (a handler
 * bug) with neither, which still must not pass for success. */
static bool halted(struct jstream *js)
{
	if (!js->failed && !js->stopped)
		jstream_fail(js, FC_ERR_INVALID, "the import stopped without a reason");
	return false;
}

static bool on_value(struct jstream *js, const struct jvalue *v)
{
	struct jframe *f;
	bool ok;

	if (js->skip)
		return true;
	f = top(js);
	if (f->is_map && f->key == J_NOKEY)
		return true;
	ok = js->hd->value(js->user, js, f->ctx, f->key, f->index, v);
	if (!ok || js->failed || js->stopped)
		return halted(js);
	after_element(js);
	return true;
}

static bool on_key(struct jstream *js, const char *s, size_t len)
{
	struct jframe *f;
	int id;

	if (js->skip)
		return true;
	f = top(js);
	id = js->hd->key(js->user, f->ctx, s, len);
	if (js->failed || js->stopped)
		return halted(js);
	f->key = id;
	if (id >= 0 && id < 64) {
		if (f->seen & (UINT64_C(1) << id))
			return jstream_fail(
				js, FC_ERR_INVALID,
				"duplicate key \"%s\": which value is meant is ambiguous",
				js->hd->key_names[id]);
		f->seen |= UINT64_C(1) << id;
	}
	return true;
}

static bool open_container(struct jstream *js, bool is_map)
{
	struct jframe *f;
	size_t w = js->nest / 64;
	int child;

	/* the grammar's stack: every container, skipped or not */
	if (js->nest >= MAX_DEPTH)
		return jstream_fail(js, FC_ERR_LIMIT, "JSON nested deeper than %d levels",
				    MAX_DEPTH);
	if (w >= js->kinds_cap) {
		size_t cap = js->kinds_cap;
		if (!FC_GROW(js->kinds, cap, w + 1))
			return jstream_fail(js, FC_ERR_NOMEM, "out of memory");
		js->kinds_cap = cap;
	}
	if (is_map)
		js->kinds[w] |= UINT64_C(1) << (js->nest % 64);
	else
		js->kinds[w] &= ~(UINT64_C(1) << (js->nest % 64));
	js->nest++;

	if (js->skip) {
		js->skip++;
		return true;
	}
	f = top(js);
	if (f->is_map && f->key == J_NOKEY) {
		js->skip = 1;
		return true;
	}
	child = js->hd->open(js->user, js, f->ctx, f->key, f->index, is_map);
	if (js->failed || js->stopped)
		return halted(js);
	if (child == J_SKIP) {
		js->skip = 1;
		return true;
	}
	if (!FC_GROW(js->stack, js->cap, js->depth + 1))
		return jstream_fail(js, FC_ERR_NOMEM, "out of memory");
	f = &js->stack[js->depth++];
	f->ctx = child;
	f->key = J_NOKEY;
	f->is_map = is_map;
	f->index = 0;
	f->seen = 0;
	return true;
}

static bool close_container(struct jstream *js)
{
	int ctx;

	js->nest--;
	if (js->skip) {
		if (--js->skip == 0)
			after_element(js);
		return true;
	}
	ctx = top(js)->ctx;
	top(js)->key = J_NOKEY; /* messages now point at the container itself */
	if (!js->hd->close(js->user, js, ctx) || js->failed || js->stopped)
		return halted(js);
	js->depth--;
	after_element(js);
	return true;
}

/* --- tokens ---------------------------------------------------------------- */

/* Bytes that end the plain run of a string: '"', '\\' and control bytes. */
static bool str_special(unsigned char c)
{
	return c == '"' || c == '\\' || c < 0x20;
}

/* The first byte at or after p that ends a string's plain run; end if none.
 * Three versions, the same answer: one byte, 16 and 32 bytes at a time. */
static const unsigned char *str_scan_scalar(const unsigned char *p, const unsigned char *end)
{
	while (p < end && !str_special(*p))
		p++;
	return p;
}

#ifdef SCAN_SSE2
static const unsigned char *str_scan_sse2(const unsigned char *p, const unsigned char *end)
{
	const __m128i quote = _mm_set1_epi8('"'), bslash = _mm_set1_epi8('\\');
	const __m128i ctl = _mm_set1_epi8(0x1f);

	while (end - p >= 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
		__m128i m = _mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, bslash));
		int bits;
		/* unsigned v <= 0x1f */
		m = _mm_or_si128(m, _mm_cmpeq_epi8(_mm_min_epu8(v, ctl), v));
		bits = _mm_movemask_epi8(m);
		if (bits)
			return p + __builtin_ctz((unsigned)bits);
		p += 16;
	}
	return str_scan_scalar(p, end);
}
#endif

#ifdef SCAN_AVX2
__attribute__((target("avx2"))) static const unsigned char *str_scan_avx2(const unsigned char *p,
									  const unsigned char *end)
{
	const __m256i quote = _mm256_set1_epi8('"'), bslash = _mm256_set1_epi8('\\');
	const __m256i ctl = _mm256_set1_epi8(0x1f);

	while (end - p >= 32) {
		__m256i v = _mm256_loadu_si256((const __m256i *)(const void *)p);
		__m256i m =
			_mm256_or_si256(_mm256_cmpeq_epi8(v, quote), _mm256_cmpeq_epi8(v, bslash));
		unsigned bits;
		m = _mm256_or_si256(m, _mm256_cmpeq_epi8(_mm256_min_epu8(v, ctl), v));
		bits = (unsigned)_mm256_movemask_epi8(m);
		if (bits)
			return p + __builtin_ctz(bits);
		p += 32;
	}
	return str_scan_sse2(p, end);
}
#endif

enum jscan jstream_best_scan(void)
{
#ifdef SCAN_AVX2
	if (__builtin_cpu_supports("avx2"))
		return JSCAN_AVX2;
#endif
#ifdef SCAN_SSE2
	return JSCAN_SSE2;
#else
	return JSCAN_SCALAR;
#endif
}

/* The scan js chose; inlined, so that choosing costs a predictable branch. */
static inline __attribute__((always_inline)) const unsigned char *
str_scan(const struct jstream *js, const unsigned char *p, const unsigned char *end)
{
	switch (js->scan) {
#ifdef SCAN_AVX2
	case JSCAN_AVX2:
		return str_scan_avx2(p, end);
#endif
#ifdef SCAN_SSE2
	case JSCAN_SSE2:
		return str_scan_sse2(p, end);
#endif
	default:
		return str_scan_scalar(p, end);
	}
}

static bool text_add(struct jstream *js, size_t *n, const void *s, size_t len)
{
	if (!FC_GROW(js->text, js->text_cap, *n + len + 1))
		return jstream_fail(js, FC_ERR_NOMEM, "out of memory");
	memcpy(js->text + *n, s, len);
	*n += len;
	return true;
}

static size_t utf8_put(uint32_t cp, char *out)
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xc0 | (cp >> 6));
		out[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xe0 | (cp >> 12));
		out[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		out[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	out[0] = (char)(0xf0 | (cp >> 18));
	out[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
	out[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
	out[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

/* How many of the (up to four) bytes at p are hex digits, and their value. */
static int hex_run(const unsigned char *p, const unsigned char *end, long *value)
{
	int n = 0;

	*value = 0;
	for (; n < 4 && p + n < end; n++) {
		int d = fc_hexval(p[n]);
		if (d < 0)
			break;
		*value = *value * 16 + d;
	}
	return n;
}

enum str_result { STR_OK, STR_MORE, STR_ERROR };

/* A string with escapes, from s (after the opening quote): decoded into
 * js->text when keep, else only checked. *next is the byte after the
 * closing quote. STR_MORE when the string goes on past end. An unpaired
 * surrogate escape becomes U+FFFD. */
static enum str_result str_slow(struct jstream *js, const unsigned char *s,
				const unsigned char *end, bool keep, size_t *len,
				const unsigned char **next)
{
	const unsigned char *p = s;
	size_t n = 0;

	for (;;) {
		const unsigned char *q = str_scan(js, p, end);
		char u[8];
		size_t ul = 1;
		long cp;

		if (keep && !text_add(js, &n, p, (size_t)(q - p)))
			return STR_ERROR;
		if (q == end)
			return STR_MORE;
		if (*q == '"') {
			*len = n;
			*next = q + 1;
			return STR_OK;
		}
		if (*q != '\\') {
			char found[32];
			describe(*q, found, sizeof(found));
			syntax(js, q, "%s in a string (it must be escaped)", found);
			return STR_ERROR;
		}
		if (end - q < 2)
			return STR_MORE;
		p = q + 2;
		switch (q[1]) {
		case '"':
		case '\\':
		case '/':
			u[0] = (char)q[1];
			break;
		case 'b':
			u[0] = '\b';
			break;
		case 'f':
			u[0] = '\f';
			break;
		case 'n':
			u[0] = '\n';
			break;
		case 'r':
			u[0] = '\r';
			break;
		case 't':
			u[0] = '\t';
			break;
		case 'u': {
			long lo;
			int h = hex_run(q + 2, end, &cp);
			if (h < 4 && q + 2 + h == end)
				return STR_MORE;
			if (h < 4) {
				syntax(js, q, "invalid \\u escape in a string");
				return STR_ERROR;
			}
			p = q + 6;
			if (cp >= 0xd800 && cp <= 0xdbff) {
				/* a high surrogate pairs with a following \uDC00-\uDFFF;
				 * unpaired, it stands for U+FFFD */
				if (p + 2 > end && (p == end || p[0] == '\\'))
					return STR_MORE;
				if (p[0] == '\\' && p[1] == 'u') {
					h = hex_run(p + 2, end, &lo);
					if (h < 4 && p + 2 + h == end)
						return STR_MORE;
					if (h == 4 && lo >= 0xdc00 && lo <= 0xdfff) {
						cp = 0x10000 + ((cp - 0xd800) << 10) +
						     (lo - 0xdc00);
						p += 6;
					} else {
						cp = 0xfffd;
					}
				} else {
					cp = 0xfffd;
				}
			} else if (cp >= 0xdc00 && cp <= 0xdfff) {
				cp = 0xfffd;
			}
			ul = utf8_put((uint32_t)cp, u);
			break;
		}
		default: {
			char found[32];
			describe(q[1], found, sizeof(found));
			syntax(js, q, "invalid escape: backslash followed by %s in a string",
			       found);
			return STR_ERROR;
		}
		}
		if (keep && !text_add(js, &n, u, ul))
			return STR_ERROR;
	}
}

static bool is_digit(unsigned char c)
{
	return (unsigned)(c - '0') < 10;
}

/* Bytes that continue a malformed number or literal, for the message. */
static bool is_wordish(unsigned char c)
{
	return is_digit(c) || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c == '.' || c == '+' ||
	       c == '-';
}

/* A malformed number or literal starting at p, reported there, unless the
 * next chunk may continue it (then p, to wait for it). The word itself is
 * not quoted (describe). */
static const unsigned char *bad_word(struct jstream *js, const unsigned char *p,
				     const unsigned char *end, bool final, const char *what)
{
	const unsigned char *q = p;

	while (q < end && is_wordish(*q))
		q++;
	if (q == end && !final)
		return p;
	return syntax(js, p, "%s", what);
}

/* A malformed number at p, found at q: a number literal longer than
 * MAX_NUMBER_LEN is reported as that whatever follows, since a token cut
 * between chunks is completed only that far (token_rest); shorter, as
 * bad_word says. */
static const unsigned char *bad_number(struct jstream *js, const unsigned char *p,
				       const unsigned char *q, const unsigned char *end, bool final)
{
	if (q - p > MAX_NUMBER_LEN)
		return syntax(js, p, "a number literal longer than %d characters", MAX_NUMBER_LEN);
	return bad_word(js, p, end, final, BAD_NUMBER);
}

/* A number at p. Integers are accumulated here (no strtod on the hot path);
 * a fraction, an exponent or an integer beyond int64 goes through strtod.
 * Returns the byte after it, p when the next chunk may continue it, NULL on
 * error. Inlined in both of its callers: it is the hot path of integer
 * arrays. */
static inline __attribute__((always_inline)) const unsigned char *
lex_number(struct jstream *js, const unsigned char *p, const unsigned char *end, bool final,
	   struct jvalue *v)
{
	const unsigned char *q = p;
	bool neg = false, frac = false, overflow = false;
	uint64_t acc = 0;
	char buf[MAX_NUMBER_LEN + 1];

	if (*q == '-') {
		neg = true;
		q++;
	}
	if (q < end && *q == '0') {
		q++;
	} else if (q < end && is_digit(*q)) {
		/* 19 digits always fit in 64 bits; only later ones are checked */
		const unsigned char *safe = end - q > 19 ? q + 19 : end;
		do
			acc = acc * 10 + (unsigned)(*q++ - '0');
		while (q < safe && is_digit(*q));
		for (; q < end && is_digit(*q); q++) {
			unsigned d = (unsigned)(*q - '0');
			if (acc > (UINT64_MAX - d) / 10)
				overflow = true;
			else
				acc = acc * 10 + d;
		}
	} else {
		return bad_word(js, p, end, final, BAD_NUMBER);
	}
	if (q < end && *q == '.') {
		frac = true;
		if (++q >= end || !is_digit(*q))
			return bad_number(js, p, q, end, final);
		while (q < end && is_digit(*q))
			q++;
	}
	if (q < end && (*q | 0x20) == 'e') {
		frac = true;
		q++;
		if (q < end && (*q == '+' || *q == '-'))
			q++;
		if (q >= end || !is_digit(*q))
			return bad_number(js, p, q, end, final);
		while (q < end && is_digit(*q))
			q++;
	}
	if (q == end && !final)
		return p;
	if (q < end && is_wordish(*q))
		return bad_number(js, p, q, end, final);
	if (q - p > MAX_NUMBER_LEN)
		return syntax(js, p, "a number literal longer than %d characters", MAX_NUMBER_LEN);

	v->type = J_INT;
	v->int_overflow = false;
	if (!frac && !overflow && acc <= (neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX)) {
		v->i = neg ? (int64_t)(0 - acc) : (int64_t)acc;
		v->d = (double)v->i;
		return q;
	}
	v->int_overflow = overflow || !frac;
	v->type = J_DOUBLE;
	/* a value no handler sees (a skipped container's, an unknown key's)
	 * is checked but not converted: strtod is most of the cost of the
	 * fractions a reader does not keep */
	if (js->skip || (top(js)->is_map && top(js)->key == J_NOKEY)) {
		v->d = 0;
		return q;
	}
	memcpy(buf, p, (size_t)(q - p));
	buf[q - p] = '\0';
	v->d = strtod(buf, NULL);
	return q;
}

/* true, false or null at p. */
static const unsigned char *lex_literal(struct jstream *js, const unsigned char *p,
					const unsigned char *end, bool final, struct jvalue *v)
{
	const char *word = *p == 't' ? "true" : *p == 'f' ? "false" : "null";
	size_t n = strlen(word), have = (size_t)(end - p);

	if (have < n) {
		if (!final && memcmp(p, word, have) == 0)
			return p;
		return bad_word(js, p, end, final, BAD_LITERAL);
	}
	if (memcmp(p, word, n) != 0 || (have > n && is_wordish(p[n])))
		return bad_word(js, p, end, final, BAD_LITERAL);
	if (have == n && !final)
		return p;
	v->type = *p == 'n' ? J_NULL : J_BOOL;
	v->b = *p == 't';
	v->int_overflow = false;
	return p + n;
}

/* After a scalar in an array: the elements that follow as ",digits" with no
 * space (samples, timeDeltas, children), read here without going round the
 * token switch; what any other byte starts is left to it. Returns where
 * reading goes on, or NULL on error or stop. */
static const unsigned char *number_run(struct jstream *js, const unsigned char *p,
				       const unsigned char *end, bool final)
{
	while (end - p >= 2 && p[0] == ',' && is_digit(p[1])) {
		struct jvalue v = { .type = J_NULL };
		const unsigned char *q;

		js->state = S_VALUE; /* the comma */
		js->tok = p + 1;
		q = lex_number(js, p + 1, end, final, &v);
		if (q == NULL || q == p + 1)
			return q;
		if (!on_value(js, &v))
			return NULL;
		js->state = S_NEXT;
		p = q;
	}
	return p;
}

/* Reads the tokens of p[0..end). Returns end, or the start of a token that
 * the next chunk may continue (when !final; when final, only a string that
 * is not closed stops there); NULL on error or stop. */
static const unsigned char *lex(struct jstream *js, const unsigned char *p,
				const unsigned char *end, bool final)
{
	for (;;) {
		const unsigned char *q;
		unsigned char c = 0;

		/* whitespace; lines are counted here */
		while (p < end) {
			c = *p;
			if (c > ' ')
				break;
			if (c == '\n') {
				js->line++;
				js->line_start = abs_of(js, p) + 1;
			} else if (c != ' ' && c != '\t' && c != '\r') {
				break;
			}
			p++;
		}
		if (p == end)
			return end;
		js->tok = p;
		js->any_token = true;
		switch (c) {
		case '"': {
			bool key = js->state == S_KEY || js->state == S_KEY_OR_CLOSE;
			size_t len;
			const char *s = (const char *)p + 1;

			if (!key && js->state != S_VALUE && js->state != S_VALUE_OR_CLOSE)
				return unexpected(js, p);
			q = str_scan(js, p + 1, end);
			if (q < end && *q == '"') {
				len = (size_t)(q - (p + 1));
				q++;
			} else {
				enum str_result r;
				if (q == end)
					return p;
				r = str_slow(js, p + 1, end, !js->skip, &len, &q);
				if (r == STR_ERROR)
					return NULL;
				if (r == STR_MORE)
					return p;
				s = js->text;
			}
			if (key) {
				if (!on_key(js, s, len))
					return NULL;
				js->state = S_COLON;
			} else {
				struct jvalue v = { .type = J_STRING, .s = s, .len = len };
				if (!on_value(js, &v))
					return NULL;
				js->state = js->nest ? S_NEXT : S_END;
			}
			p = q;
			break;
		}
		case '{':
		case '[':
			if (js->state != S_VALUE && js->state != S_VALUE_OR_CLOSE)
				return unexpected(js, p);
			if (!open_container(js, c == '{'))
				return NULL;
			js->state = c == '{' ? S_KEY_OR_CLOSE : S_VALUE_OR_CLOSE;
			p++;
			break;
		case '}':
		case ']':
			if (!(js->state == (c == '}' ? S_KEY_OR_CLOSE : S_VALUE_OR_CLOSE) ||
			      (js->state == S_NEXT && top_is_map(js) == (c == '}'))))
				return unexpected(js, p);
			if (!close_container(js))
				return NULL;
			js->state = js->nest ? S_NEXT : S_END;
			p++;
			break;
		case ',':
			if (js->state != S_NEXT)
				return unexpected(js, p);
			js->state = top_is_map(js) ? S_KEY : S_VALUE;
			p++;
			break;
		case ':':
			if (js->state != S_COLON)
				return unexpected(js, p);
			js->state = S_VALUE;
			p++;
			break;
		case '-':
		case '0':
		case '1':
		case '2':
		case '3':
		case '4':
		case '5':
		case '6':
		case '7':
		case '8':
		case '9':
		case 't':
		case 'f':
		case 'n': {
			struct jvalue v = { .type = J_NULL };

			if (js->state != S_VALUE && js->state != S_VALUE_OR_CLOSE)
				return unexpected(js, p);
			q = c == 't' || c == 'f' || c == 'n' ? lex_literal(js, p, end, final, &v)
							     : lex_number(js, p, end, final, &v);
			if (q == NULL || q == p)
				return q;
			if (!on_value(js, &v))
				return NULL;
			js->state = js->nest ? S_NEXT : S_END;
			p = q;
			if (end - p >= 2 && p[0] == ',' && is_digit(p[1]) && js->state == S_NEXT &&
			    !top_is_map(js) && !(p = number_run(js, p, end, final)))
				return NULL;
			break;
		}
		default:
			return unexpected(js, p);
		}
	}
}

/* --- chunks ---------------------------------------------------------------- */

static bool carry_add(struct jstream *js, const unsigned char *data, size_t len)
{
	if (!FC_GROW(js->carry, js->carry_cap, js->carry_len + len))
		return jstream_fail(js, FC_ERR_NOMEM, "out of memory");
	memcpy(js->carry + js->carry_len, data, len);
	js->carry_len += len;
	return true;
}

/* How many bytes of data continue the token in the carry; *done when the
 * token ends within them (or has grown past any valid length). Strings
 * track whether the carry ends inside an escape; \u digits never hold '"'
 * or '\\', so skipping the byte after a backslash is enough. */
static size_t token_rest(struct jstream *js, const unsigned char *data, size_t len, bool *done)
{
	unsigned char first = js->carry[0];
	size_t i = 0, cap;

	*done = false;
	if (first == '"') {
		bool esc = js->carry_escape;
		for (; i < len; i++) {
			/* a control byte ends it too: reading it reports the error
			 * now, not when (if ever) a quote comes */
			if (data[i] < 0x20) {
				*done = true;
				return i + 1;
			}
			if (esc) {
				esc = false;
			} else if (data[i] == '\\') {
				esc = true;
			} else if (data[i] == '"') {
				*done = true;
				js->carry_escape = false;
				return i + 1;
			}
		}
		js->carry_escape = esc;
		return len;
	}
	cap = first == '-' || is_digit(first) ? MAX_NUMBER_LEN + 1 : MAX_LITERAL_LEN;
	while (i < len && js->carry_len + i < cap && is_wordish(data[i]))
		i++;
	*done = i < len || js->carry_len + i >= cap;
	return i;
}

/* Reads the completed token in the carry. */
static bool lex_carry(struct jstream *js, bool *closed)
{
	const unsigned char *end = js->carry + js->carry_len, *stop;

	js->buf = js->carry;
	js->buf_abs = js->carry_abs;
	stop = lex(js, js->carry, end, true);
	js->tok = NULL;
	if (!stop)
		return false;
	*closed = stop == end;
	if (*closed)
		js->carry_len = 0;
	return true;
}

/* Keeps [p, end) -- the start of a token -- for the next chunk. */
static bool carry_keep(struct jstream *js, const unsigned char *p, const unsigned char *end)
{
	size_t i;

	js->carry_len = 0;
	js->carry_abs = abs_of(js, p);
	js->carry_escape = false;
	if (!carry_add(js, p, (size_t)(end - p)))
		return false;
	if (p[0] == '"')
		for (i = 1; i < js->carry_len; i++)
			js->carry_escape = js->carry_escape ? false : js->carry[i] == '\\';
	return true;
}

static bool parse_chunk(struct jstream *js, const unsigned char *data, size_t len)
{
	const unsigned char *stop;
	size_t off = 0;

	if (js->carry_len) {
		bool done, closed;
		off = token_rest(js, data, len, &done);
		if (!carry_add(js, data, off))
			return false;
		if (done) {
			if (!lex_carry(js, &closed))
				return false;
			/* token_rest found the token's end (or a byte that makes
			 * it an error), so nothing is left over */
			if (!closed)
				return jstream_fail(js, FC_ERR_SYNTAX,
						    "not valid JSON: a string "
						    "that does not end");
		}
	}
	js->buf = data;
	js->buf_abs = js->total;
	js->total += len;
	if (js->carry_len) /* the whole chunk went into the token */
		return true;
	stop = lex(js, data + off, data + len, false);
	if (stop && stop < data + len && !carry_keep(js, stop, data + len))
		stop = NULL;
	js->tok = NULL;
	return stop != NULL;
}

bool jstream_feed(struct jstream *js, const unsigned char *data, size_t len)
{
	if (js->failed || js->stopped)
		return false;
	/* A UTF-8 byte order mark is skipped, also when it comes in pieces
	 * (a pipe may deliver one byte at a time). */
	while (!js->bom_checked && len) {
		if (data[0] == bom[js->bom_pos]) {
			data++;
			len--;
			if (++js->bom_pos == 3) {
				js->bom_checked = true;
				js->total = 3;
				js->line_start = 3;
			}
			continue;
		}
		/* not a byte order mark after all: read what was held back */
		js->bom_checked = true;
		if (js->bom_pos && !parse_chunk(js, bom, (size_t)js->bom_pos))
			return false;
	}
	return len == 0 || parse_chunk(js, data, len);
}

bool jstream_end(struct jstream *js)
{
	char path[256];
	bool closed = true;

	if (js->failed || js->stopped)
		return false;
	if (!js->bom_checked && js->bom_pos) {
		/* the input was the start of a byte order mark and nothing more */
		js->bom_checked = true;
		if (!parse_chunk(js, bom, (size_t)js->bom_pos))
			return false;
	}
	if (js->carry_len && !lex_carry(js, &closed))
		return false;
	if (!js->any_token) {
		js->failed = true;
		fc_error_set(js->err, FC_ERR_SYNTAX, "%s",
			     js->total == (js->bom_pos == 3 ? 3u : 0u)
				     ? "the file is empty"
				     : "the file contains only whitespace");
		return false;
	}
	if (!closed || js->nest > 0) {
		jstream_path(js, path, sizeof(path));
		js->failed = true;
		fc_error_set(js->err, FC_ERR_SYNTAX, "truncated JSON: the file ends inside %s",
			     path[0] ? "this value" : "the top-level value");
		fc_error_set_path(js->err, path);
		js->err->line = js->line;
		js->err->column =
			js->total > js->line_start ? (long)(js->total - js->line_start) : 1;
		return false;
	}
	return true;
}

bool jstream_init(struct jstream *js, const struct jhandlers *hd, void *user, const char *file,
		  struct fc_error *err)
{
	memset(js, 0, sizeof(*js));
	js->hd = hd;
	js->user = user;
	js->file = file;
	js->err = err;
	js->line = 1;
	js->state = S_VALUE;
	js->scan = jstream_best_scan();
	js->stack = malloc(16 * sizeof(*js->stack));
	if (!js->stack) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	js->cap = 16;
	js->depth = 1;
	js->stack[0] = (struct jframe){ .ctx = J_TOP, .key = J_NOKEY, .is_map = false };
	return true;
}

void jstream_finish(struct jstream *js)
{
	free(js->stack);
	free(js->kinds);
	free(js->carry);
	free(js->text);
	js->stack = NULL;
	js->kinds = NULL;
	js->carry = NULL;
	js->text = NULL;
}
