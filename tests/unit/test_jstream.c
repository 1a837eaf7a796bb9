/* The streaming JSON reader: RFC 8259 conformance, error positions and
 * messages, chunk boundaries at every byte, and agreement with jansson (a
 * strict tree parser) on many generated and damaged documents. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "import/jstream.h"
#include "model/profile.h"

/* --- a handler that rebuilds the document with jansson --------------------- */

#define KEY_ANY 64 /* >= 64: no duplicate tracking */
static const char *key_names[KEY_ANY + 1];

struct rec {
	json_t *stack[64];
	char keys[64][256];
	size_t depth;
	json_t *root;
	bool bad; /* a string jansson would not take (not UTF-8) */
	char key[256];
};

static bool add(struct rec *r, json_t *v)
{
	if (!v) {
		r->bad = true;
		return true;
	}
	if (r->depth == 0) {
		r->root = v;
		return true;
	}
	if (json_is_array(r->stack[r->depth - 1]))
		return json_array_append_new(r->stack[r->depth - 1], v) == 0;
	return json_object_set_new(r->stack[r->depth - 1], r->keys[r->depth - 1], v) == 0;
}

static int on_key(void *user, int ctx, const char *s, size_t len)
{
	struct rec *r = user;
	(void)ctx;
	/* keys with NUL bytes are cut there, as jansson's object API does */
	snprintf(r->keys[r->depth - 1], sizeof(r->keys[0]), "%.*s", (int)len, s);
	return KEY_ANY;
}

static int on_open(void *user, struct jstream *js, int ctx, int key, int64_t index, bool is_map)
{
	struct rec *r = user;
	json_t *c;
	(void)js;
	(void)ctx;
	(void)key;
	(void)index;
	if (r->depth >= 63)
		return J_SKIP;
	c = is_map ? json_object() : json_array();
	json_incref(c);
	add(r, c);
	r->stack[r->depth++] = c;
	return (int)r->depth;
}

static bool on_value(void *user, struct jstream *js, int ctx, int key, int64_t index,
		     const struct jvalue *v)
{
	struct rec *r = user;
	(void)js;
	(void)ctx;
	(void)key;
	(void)index;
	switch (v->type) {
	case J_NULL:
		return add(r, json_null());
	case J_BOOL:
		return add(r, json_boolean(v->b));
	case J_INT:
		assert_true(v->d == (double)v->i);
		return add(r, json_integer(v->i));
	case J_DOUBLE:
		return add(r, json_real(v->d));
	case J_STRING:
		return add(r, json_stringn(v->s, v->len));
	}
	return false;
}

static bool on_close(void *user, struct jstream *js, int ctx)
{
	struct rec *r = user;
	(void)js;
	(void)ctx;
	json_decref(r->stack[--r->depth]);
	return true;
}

static const struct jhandlers handlers = {
	.key = on_key,
	.key_names = key_names,
	.open = on_open,
	.value = on_value,
	.close = on_close,
};

/* The string scan under test: every one this build and CPU have, in turn
 * (main), so that each passes every test here. */
static enum jscan scan_under_test;

/* What reading a document gave: its tree, or an error. */
struct outcome {
	json_t *tree;
	bool ok;
	bool not_utf8; /* a string that is not UTF-8: read, but jansson would refuse it */
	struct fc_error err;
};

/* Reads doc in pieces: cut[] are the offsets where a new chunk starts. */
static struct outcome read_cut(const char *doc, size_t len, const size_t *cut, size_t n_cut)
{
	struct outcome o = { 0 };
	struct jstream js;
	struct rec r;
	size_t i, at = 0;
	bool ok;

	memset(&r, 0, sizeof(r));
	fc_error_init(&o.err);
	assert_true(jstream_init(&js, &handlers, &r, "t.json", &o.err));
	js.scan = scan_under_test;
	ok = true;
	for (i = 0; i <= n_cut && ok; i++) {
		size_t next = i < n_cut ? cut[i] : len;
		/* a chunk is its own allocation, so reads past it are caught */
		unsigned char *chunk = malloc(next - at + 1);
		memcpy(chunk, doc + at, next - at);
		ok = jstream_feed(&js, chunk, next - at);
		free(chunk);
		at = next;
	}
	ok = ok && jstream_end(&js);
	jstream_finish(&js);
	while (r.depth)
		json_decref(r.stack[--r.depth]);
	o.not_utf8 = r.bad;
	o.ok = ok;
	o.tree = ok ? r.root : NULL;
	if (!ok)
		json_decref(r.root);
	return o;
}

static struct outcome read_whole(const char *doc, size_t len)
{
	return read_cut(doc, len, NULL, 0);
}

static void outcome_free(struct outcome *o)
{
	json_decref(o->tree);
	o->tree = NULL;
}

/* Two outcomes are the same: equal trees, or the same error at the same
 * place. */
static bool same(const struct outcome *a, const struct outcome *b)
{
	if (a->ok != b->ok)
		return false;
	if (a->ok && (a->not_utf8 || b->not_utf8))
		return a->not_utf8 == b->not_utf8; /* no tree to compare */
	if (a->ok)
		return json_equal(a->tree, b->tree);
	return a->err.code == b->err.code && a->err.line == b->err.line &&
	       a->err.column == b->err.column && strcmp(a->err.text, b->err.text) == 0 &&
	       strcmp(a->err.path, b->err.path) == 0;
}

static void show(const char *what, const char *doc, size_t len, const struct outcome *o)
{
	char *s = o->ok ? json_dumps(o->tree, JSON_ENCODE_ANY | JSON_COMPACT) : NULL;
	print_error("%s: [%.*s] -> %s (line %ld, column %ld, %s)\n", what, (int)len, doc,
		    o->ok ? s : o->err.text, o->err.line, o->err.column, o->err.path);
	free(s);
}

/* Every split into two chunks, and one byte at a time, reads as one chunk does. */
static void check_splits(const char *doc, size_t len)
{
	struct outcome whole = read_whole(doc, len), o;
	size_t k, *cuts = malloc((len + 1) * sizeof(*cuts));

	for (k = 1; k < len; k++) {
		o = read_cut(doc, len, &k, 1);
		if (!same(&whole, &o)) {
			show("whole", doc, len, &whole);
			show("split", doc, len, &o);
			print_error("split at %zu differs\n", k);
			fail();
		}
		outcome_free(&o);
	}
	for (k = 0; k + 1 < len; k++)
		cuts[k] = k + 1;
	o = read_cut(doc, len, cuts, len ? len - 1 : 0);
	if (!same(&whole, &o)) {
		show("whole", doc, len, &whole);
		show("bytewise", doc, len, &o);
		fail();
	}
	outcome_free(&o);
	outcome_free(&whole);
	free(cuts);
}

/* --- conformance ---------------------------------------------------------- */

static const struct {
	const char *doc;
	const char *expect; /* the same value as jansson reads it */
} valid[] = {
	{ "0", "0" },
	{ "-0", "0" },
	{ " \t\r\n 12 \n", "12" },
	{ "-9223372036854775808", "-9223372036854775808" },
	{ "9223372036854775807", "9223372036854775807" },
	{ "1.5", "1.5" },
	{ "-1.25e+2", "-125.0" },
	{ "1E3", "1000.0" },
	{ "0.0", "0.0" },
	{ "1e-2", "0.01" },
	{ "true", "true" },
	{ "false", "false" },
	{ "null", "null" },
	{ "\"\"", "\"\"" },
	{ "\"a\\\"b\\\\c\\/d\\b\\f\\n\\r\\t\"", "\"a\\\"b\\\\c/d\\b\\f\\n\\r\\t\"" },
	{ "\"\\u0041\\u00e9\\u20AC\\ud83d\\ude00\"", "\"A\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\"" },
	/* unpaired surrogates: U+FFFD (jansson refuses them) */
	{ "\"\\ud800x\"", "\"\xef\xbf\xbdx\"" },
	{ "\"\\udc00\"", "\"\xef\xbf\xbd\"" },
	{ "\"\\ud800\\u0041\"", "\"\xef\xbf\xbd"
				"A\"" },
	{ "\"\\ud800\\ud800\\udc00\"", "\"\xef\xbf\xbd\xf0\x90\x80\x80\"" },
	{ "\"caf\xc3\xa9 \xe2\x9c\x93\"", "\"caf\xc3\xa9 \xe2\x9c\x93\"" },
	{ "[]", "[]" },
	{ "{}", "{}" },
	{ "[1,[2,[3,{}]],{\"a\":[]}]", "[1,[2,[3,{}]],{\"a\":[]}]" },
	{ "{ \"a\" : 1 , \"b\" : [ true , null ] }", "{\"a\":1,\"b\":[true,null]}" },
	{ "{\"\\u0061b\":\"x\"}", "{\"ab\":\"x\"}" },
	{ "[\"a\\u0000b\"]", "[\"a\\u0000b\"]" },
};

static void test_valid(void **state)
{
	size_t i;
	(void)state;

	for (i = 0; i < sizeof(valid) / sizeof(valid[0]); i++) {
		size_t len = strlen(valid[i].doc);
		struct outcome o = read_whole(valid[i].doc, len);
		json_error_t je;
		json_t *want = json_loads(valid[i].expect, JSON_DECODE_ANY | JSON_ALLOW_NUL, &je);

		assert_non_null(want);
		if (!o.ok || !json_equal(o.tree, want)) {
			show("valid", valid[i].doc, len, &o);
			fail();
		}
		json_decref(want);
		outcome_free(&o);
		check_splits(valid[i].doc, len);
	}
}

static const struct {
	const char *doc;
	long line, column;
	const char *text;
	enum fc_error_code code;
} invalid[] = {
	{ "[1,]", 1, 4, "not valid JSON: expected a value, found ']'", FC_ERR_SYNTAX },
	{ "[01]", 1, 2, "not valid JSON: a malformed number", FC_ERR_SYNTAX },
	{ "[1.]", 1, 2, "not valid JSON: a malformed number", FC_ERR_SYNTAX },
	{ "[.5]", 1, 2, "not valid JSON: expected a value or ']', found a punctuation character",
	  FC_ERR_SYNTAX },
	{ "[-]", 1, 2, "not valid JSON: a malformed number", FC_ERR_SYNTAX },
	{ "[+1]", 1, 2, "not valid JSON: expected a value or ']', found a punctuation character",
	  FC_ERR_SYNTAX },
	{ "[1e]", 1, 2, "not valid JSON: a malformed number", FC_ERR_SYNTAX },
	{ "[1e+]", 1, 2, "not valid JSON: a malformed number", FC_ERR_SYNTAX },
	{ "[0x10]", 1, 2, "not valid JSON: a malformed number", FC_ERR_SYNTAX },
	{ "[1 2]", 1, 4,
	  "not valid JSON: expected ',' or ']' after an array element, found a digit",
	  FC_ERR_SYNTAX },
	{ "[tru]", 1, 2, "not valid JSON: a malformed literal (true, false or null expected)",
	  FC_ERR_SYNTAX },
	{ "[truex]", 1, 2, "not valid JSON: a malformed literal (true, false or null expected)",
	  FC_ERR_SYNTAX },
	{ "[nan]", 1, 2, "not valid JSON: a malformed literal (true, false or null expected)",
	  FC_ERR_SYNTAX },
	{ "[nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn]", 1, 2,
	  "not valid JSON: a malformed literal (true, false or null expected)", FC_ERR_SYNTAX },
	{ "[NaN]", 1, 2, "not valid JSON: expected a value or ']', found a letter", FC_ERR_SYNTAX },
	{ "{\"a\" 1}", 1, 6, "not valid JSON: expected ':' after the key, found a digit",
	  FC_ERR_SYNTAX },
	{ "{1:1}", 1, 2, "not valid JSON: expected a string key or '}', found a digit",
	  FC_ERR_SYNTAX },
	{ "{\"a\":1,}", 1, 8, "not valid JSON: expected a string key, found '}'", FC_ERR_SYNTAX },
	{ "{\"a\":1]", 1, 7,
	  "not valid JSON: expected ',' or '}' after an object member, found ']'", FC_ERR_SYNTAX },
	{ "[\"a\tb\"]", 1, 4, "not valid JSON: a tab in a string (it must be escaped)",
	  FC_ERR_SYNTAX },
	{ "[\"ab\x01", 1, 5, "not valid JSON: a control character in a string (it must be escaped)",
	  FC_ERR_SYNTAX },
	{ "[\"a\\xb\"]", 1, 4,
	  "not valid JSON: invalid escape: backslash followed by a letter in a string",
	  FC_ERR_SYNTAX },
	{ "[\"\\u12\"]", 1, 3, "not valid JSON: invalid \\u escape in a string", FC_ERR_SYNTAX },
	{ "[\"\\u12g4\"]", 1, 3, "not valid JSON: invalid \\u escape in a string", FC_ERR_SYNTAX },
	{ "{\"a\":1}}", 1, 8, "not valid JSON: found '}' after the top-level value",
	  FC_ERR_SYNTAX },
	{ "1 2", 1, 3, "not valid JSON: found a digit after the top-level value", FC_ERR_SYNTAX },
	{ "[1,\n 2,\n  x]", 3, 3, "not valid JSON: expected a value, found a letter",
	  FC_ERR_SYNTAX },
	{ "\n\n   \x01", 3, 4, "not valid JSON: expected a value, found a control character",
	  FC_ERR_SYNTAX },
	{ "[\xff]", 1, 2, "not valid JSON: expected a value or ']', found a byte that is not ASCII",
	  FC_ERR_SYNTAX },
	{ "]", 1, 1, "not valid JSON: expected a value, found ']'", FC_ERR_SYNTAX },
	{ "[", 1, 1, "truncated JSON: the file ends inside this value", FC_ERR_SYNTAX },
	{ "[\"abc", 1, 5, "truncated JSON: the file ends inside this value", FC_ERR_SYNTAX },
	{ "\"abc\\", 1, 5, "truncated JSON: the file ends inside the top-level value",
	  FC_ERR_SYNTAX },
	{ "{\"a\":", 1, 5, "truncated JSON", FC_ERR_SYNTAX },
	{ "", 0, 0, "the file is empty", FC_ERR_SYNTAX },
	{ " \n ", 0, 0, "the file contains only whitespace", FC_ERR_SYNTAX },
};

static void test_invalid(void **state)
{
	size_t i;
	(void)state;

	for (i = 0; i < sizeof(invalid) / sizeof(invalid[0]); i++) {
		size_t len = strlen(invalid[i].doc);
		struct outcome o = read_whole(invalid[i].doc, len);

		if (o.ok || o.err.code != invalid[i].code ||
		    strstr(o.err.text, invalid[i].text) != o.err.text ||
		    (invalid[i].line &&
		     (o.err.line != invalid[i].line || o.err.column != invalid[i].column))) {
			show("invalid", invalid[i].doc, len, &o);
			fail();
		}
		outcome_free(&o);
		check_splits(invalid[i].doc, len);
	}
}

/* Numbers: 400 characters at most; integers beyond int64 become doubles
 * marked as out of range. */
static void test_long_numbers(void **state)
{
	char doc[420];
	struct outcome o;
	(void)state;

	o = read_whole("[99999999999999999999,-9223372036854775809]", 43);
	assert_true(o.ok);
	assert_true(json_is_real(json_array_get(o.tree, 0)));
	assert_true(json_real_value(json_array_get(o.tree, 1)) == -9223372036854775808.0);
	outcome_free(&o);

	/* "1.000...0": 400 characters */
	memcpy(doc, "[1.", 3);
	memset(doc + 3, '0', 398);
	doc[401] = ']';
	o = read_whole(doc, 402);
	assert_true(o.ok);
	assert_true(json_real_value(json_array_get(o.tree, 0)) == 1.0);
	outcome_free(&o);
	check_splits(doc, 402);
	doc[401] = '0';
	doc[402] = ']';
	o = read_whole(doc, 403);
	assert_false(o.ok);
	assert_string_equal(o.err.text,
			    "not valid JSON: a number literal longer than 400 characters");
	assert_int_equal(o.err.column, 2);
	outcome_free(&o);
	check_splits(doc, 403);

	/* too long before it goes wrong: read whole, the bad byte comes after
	 * 400 characters; in pieces, the token is completed only that far. Both
	 * say it is too long (fuzz target heapprofile) */
	memset(doc + 1, '3', 410);
	memcpy(doc + 411, "+3]", 3);
	check_splits(doc, 414);
	memset(doc + 1, '3', 405);
	memcpy(doc + 406, ".x]", 3);
	check_splits(doc, 409);
	memcpy(doc + 406, "e+]", 3);
	check_splits(doc, 409);
	o = read_whole(doc, 409);
	assert_false(o.ok);
	assert_string_equal(o.err.text,
			    "not valid JSON: a number literal longer than 400 characters");
	outcome_free(&o);
}

/* Errors name the path of the followed containers. */
static void test_error_path(void **state)
{
	const char *doc = "{\"a\":[1,{\"b\":[true,\n  fals]}]}";
	struct outcome o = read_whole(doc, strlen(doc));
	(void)state;

	assert_false(o.ok);
	assert_string_equal(o.err.path, "k[1].k[1]"); /* every key is "k" here */
	assert_int_equal(o.err.line, 2);
	assert_int_equal(o.err.column, 3);
	assert_string_equal(o.err.text,
			    "not valid JSON: a malformed literal (true, false or null expected)");
}

/* A byte order mark is skipped, in one piece or several. */
static void test_bom(void **state)
{
	const char *doc = "\xef\xbb\xbf{\"a\":[1]}";
	struct outcome o = read_whole(doc, strlen(doc));
	(void)state;

	assert_true(o.ok);
	outcome_free(&o);
	check_splits(doc, strlen(doc));
	o = read_whole("\xef\xbb\xbf", 3);
	assert_false(o.ok);
	assert_string_equal(o.err.text, "the file is empty");
}

/* Deep nesting is read without recursion, and bounded. */
static void test_deep(void **state)
{
	size_t n = 100000, i;
	char *doc = malloc(2 * n + 1);
	struct outcome o;
	(void)state;

	for (i = 0; i < n; i++) {
		doc[i] = '[';
		doc[2 * n - 1 - i] = ']';
	}
	o = read_whole(doc, 2 * n);
	assert_true(o.ok);
	outcome_free(&o);
	doc[2 * n - 1] = '}';
	o = read_whole(doc, 2 * n);
	assert_false(o.ok);
	assert_int_equal(o.err.column, (long)(2 * n));
	free(doc);
}

/* --- agreement with jansson -------------------------------------------------- */

static uint64_t rng = 0x853c49e6748fea9bULL;

static uint32_t next_u32(void)
{
	/* splitmix64 */
	uint64_t z = (rng += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return (uint32_t)((z ^ (z >> 31)) >> 32);
}

struct buf {
	char *s;
	size_t len, cap;
};

static void put(struct buf *b, const char *s)
{
	size_t n = strlen(s);
	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2;
		b->s = realloc(b->s, b->cap);
	}
	memcpy(b->s + b->len, s, n + 1);
	b->len += n;
}

static void ws(struct buf *b)
{
	static const char *const w[] = { "", "", "", " ", "\n", "\t", "\r\n  " };
	put(b, w[next_u32() % 7]);
}

static void gen_string(struct buf *b)
{
	static const char *const parts[] = {
		"a",
		"bc",
		"node_modules/x.js",
		"\\\"",
		"\\\\",
		"\\/",
		"\\n",
		"\\t",
		"\\u0041",
		"\\u00e9",
		"\\u20ac",
		"\\ud83d\\ude00",
		"\\u0000",
		"\xc3\xa9",
		"(root)",
		"\\b\\f\\r",
		"http://x/y?z=1",
		" ",
	};
	int i, n = (int)(next_u32() % 5);
	put(b, "\"");
	for (i = 0; i < n; i++)
		put(b, parts[next_u32() % (sizeof(parts) / sizeof(parts[0]))]);
	put(b, "\"");
}

static void gen_value(struct buf *b, int depth)
{
	static const char *const scalars[] = {
		"0",    "-1",    "17",   "123456789", "-9007199254740993",
		"1.5",  "-0.25", "1e5",  "2E-3",      "6.02e+23",
		"true", "false", "null", "0.5e1",
	};
	char num[32];
	uint32_t k = next_u32() % 10;
	int i, n;

	ws(b);
	if (depth < 6 && k < 2) {
		put(b, "[");
		n = (int)(next_u32() % 5);
		for (i = 0; i < n; i++) {
			if (i)
				put(b, ",");
			gen_value(b, depth + 1);
		}
		ws(b);
		put(b, "]");
	} else if (depth < 6 && k < 4) {
		put(b, "{");
		n = (int)(next_u32() % 5);
		for (i = 0; i < n; i++) {
			if (i)
				put(b, ",");
			ws(b);
			snprintf(num, sizeof(num), "\"k%d\"", i);
			put(b, num);
			ws(b);
			put(b, ":");
			gen_value(b, depth + 1);
		}
		ws(b);
		put(b, "}");
	} else if (k < 6) {
		gen_string(b);
	} else if (k < 7) {
		snprintf(num, sizeof(num), "%lld", (long long)next_u32() - (1LL << 31));
		put(b, num);
	} else {
		put(b, scalars[next_u32() % (sizeof(scalars) / sizeof(scalars[0]))]);
	}
	ws(b);
}

/* A few random edits with bytes that matter to JSON. */
static void damage(struct buf *b)
{
	static const char alphabet[] = "{}[],:\"\\-+.eE0123456789tfnulrsaxu \n\x01\x7f";
	int i, n = (int)(next_u32() % 3);

	for (i = 0; i < n && b->len; i++) {
		size_t at = next_u32() % b->len;
		char c = alphabet[next_u32() % (sizeof(alphabet) - 1)];
		switch (next_u32() % 3) {
		case 0: /* delete */
			memmove(b->s + at, b->s + at + 1, b->len - at);
			b->len--;
			break;
		case 1: /* insert */
			put(b, " ");
			memmove(b->s + at + 1, b->s + at, b->len - at - 1);
			b->s[at] = c;
			break;
		default:
			b->s[at] = c;
		}
	}
}

/* jansson refuses what the reader accepts on purpose: unpaired surrogates
 * (U+FFFD here), integers beyond int64 and reals beyond double (numbers
 * here; the importers then say what is out of range), and NUL in keys
 * (which jansson's objects cannot hold). */
static bool jansson_stricter(const json_error_t *je)
{
	return strstr(je->text, "Unicode") || strstr(je->text, "too big") ||
	       strstr(je->text, "overflow") || strstr(je->text, "NUL byte in object key");
}

static void test_agrees_with_jansson(void **state)
{
	int i, accepted = 0, rejected = 0;
	(void)state;

	for (i = 0; i < 20000; i++) {
		struct buf b = { 0 };
		struct outcome o;
		json_error_t je;
		json_t *j;
		size_t cuts[3];

		gen_value(&b, 0);
		if (i % 2)
			damage(&b);
		o = read_whole(b.s, b.len);
		j = json_loadb(b.s, b.len, JSON_DECODE_ANY | JSON_ALLOW_NUL, &je);
		if (!j && (jansson_stricter(&je) || o.not_utf8)) {
			/* skip */
		} else if (o.ok != (j != NULL) || (j && !json_equal(o.tree, j))) {
			show("jstream", b.s, b.len, &o);
			print_error("jansson: %s\n", j ? "accepts" : je.text);
			fail();
		}
		if (o.ok)
			accepted++;
		else
			rejected++;
		json_decref(j);
		/* three random cuts read the same */
		if (b.len > 3) {
			struct outcome c;
			cuts[0] = 1 + next_u32() % (b.len - 1);
			cuts[1] = cuts[0] + next_u32() % (b.len - cuts[0]);
			cuts[2] = cuts[1] + next_u32() % (b.len - cuts[1]);
			c = read_cut(b.s, b.len, cuts, 3);
			if (!same(&o, &c)) {
				show("whole", b.s, b.len, &o);
				show("cut", b.s, b.len, &c);
				fail();
			}
			outcome_free(&c);
		}
		outcome_free(&o);
		free(b.s);
	}
	/* both kinds were exercised */
	assert_true(accepted > 5000);
	assert_true(rejected > 2000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_valid),
		cmocka_unit_test(test_invalid),
		cmocka_unit_test(test_long_numbers),
		cmocka_unit_test(test_error_path),
		cmocka_unit_test(test_bom),
		cmocka_unit_test(test_deep),
		cmocka_unit_test(test_agrees_with_jansson),
	};
	static const char *const scan_names[] = { "scalar", "sse2", "avx2" };
	enum jscan best = jstream_best_scan();
	int failed = 0;
	size_t i;

	for (i = 0; i <= KEY_ANY; i++)
		key_names[i] = "k";
	for (i = 0; i <= (size_t)best; i++) {
		scan_under_test = (enum jscan)i;
		print_message("string scan: %s\n", scan_names[i]);
		failed += cmocka_run_group_tests(tests, NULL, NULL);
	}
	return failed;
}
