/* Fuzz target: the JSON reader's string scans (src/import/jstream.c). The
 * input is read with every scan this build and CPU have -- one byte, 16 and
 * 32 bytes at a time -- in two chunks cut where the first byte says, and
 * every scan must hand out the same keys, containers and values in the same
 * order, or fail with the same error at the same line and column. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "import/jstream.h"
#include "model/profile.h"

#define KEY_ANY 64 /* >= 64: no duplicate tracking */
#define MAX_FOLLOWED 48

static const char *key_names[KEY_ANY + 1];

/* What the handlers saw, as text. */
struct trace {
	char *s;
	size_t len, cap;
	int depth;
};

static void put(struct trace *t, const void *s, size_t n)
{
	if (t->len + n > t->cap) {
		size_t cap = t->cap ? t->cap : 4096;
		while (cap < t->len + n)
			cap *= 2;
		t->s = realloc(t->s, cap);
		fuzz_check(t->s != NULL, "out of memory");
		t->cap = cap;
	}
	memcpy(t->s + t->len, s, n);
	t->len += n;
}

static void putf(struct trace *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void putf(struct trace *t, const char *fmt, ...)
{
	char line[96];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	put(t, line, (size_t)n < sizeof(line) ? (size_t)n : sizeof(line) - 1);
}

static int on_key(void *user, int ctx, const char *s, size_t len)
{
	struct trace *t = user;
	putf(t, "key %d %zu:", ctx, len);
	put(t, s, len);
	return KEY_ANY;
}

static int on_open(void *user, struct jstream *js, int ctx, int key, int64_t index, bool is_map)
{
	struct trace *t = user;
	(void)js;
	putf(t, "open %d %d %lld", ctx, key, (long long)index);
	put(t, is_map ? "{" : "[", 1);
	/* deep containers are skipped, as importers skip what they ignore */
	if (t->depth >= MAX_FOLLOWED)
		return J_SKIP;
	return ++t->depth;
}

static bool on_value(void *user, struct jstream *js, int ctx, int key, int64_t index,
		     const struct jvalue *v)
{
	struct trace *t = user;
	(void)js;
	putf(t, "value %d %d %lld ", ctx, key, (long long)index);
	switch (v->type) {
	case J_NULL:
		put(t, "null", 4);
		break;
	case J_BOOL:
		put(t, v->b ? "true" : "false", v->b ? 4 : 5);
		break;
	case J_INT:
		putf(t, "int %lld", (long long)v->i);
		break;
	case J_DOUBLE:
		putf(t, "double %a %d", v->d, v->int_overflow);
		break;
	case J_STRING:
		putf(t, "string %zu:", v->len);
		put(t, v->s, v->len);
		break;
	}
	return true;
}

static bool on_close(void *user, struct jstream *js, int ctx)
{
	struct trace *t = user;
	(void)js;
	putf(t, "close %d", ctx);
	t->depth--;
	return true;
}

static const struct jhandlers handlers = {
	.key = on_key,
	.key_names = key_names,
	.open = on_open,
	.value = on_value,
	.close = on_close,
};

/* Reads data with scan, cut at `cut`; the trace ends with the outcome. */
static void read_with(enum jscan scan, const uint8_t *data, size_t size, size_t cut,
		      struct trace *t)
{
	struct fc_error err;
	struct jstream js;
	char msg[1400];
	bool ok;

	fc_error_init(&err);
	fuzz_check(jstream_init(&js, &handlers, t, "in.json", &err), "jstream_init");
	js.scan = scan;
	/* each chunk its own allocation, so that a read past it is caught */
	uint8_t *a = malloc(cut ? cut : 1), *b = malloc(size - cut ? size - cut : 1);
	fuzz_check(a && b, "out of memory");
	memcpy(a, data, cut);
	memcpy(b, data + cut, size - cut);
	ok = jstream_feed(&js, a, cut) && jstream_feed(&js, b, size - cut) && jstream_end(&js);
	jstream_finish(&js);
	free(a);
	free(b);
	if (ok) {
		put(t, "\nok", 3);
		return;
	}
	fuzz_check_error(&err);
	fc_error_format(&err, msg, sizeof(msg));
	putf(t, "\nerror %d %ld %ld ", (int)err.code, err.line, err.column);
	put(t, msg, strlen(msg));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct trace first = { 0 }, other;
	size_t cut, i;
	enum jscan best = jstream_best_scan(), s;

	if (size < 1)
		return 0;
	for (i = 0; i <= KEY_ANY; i++)
		key_names[i] = "k";
	/* the first byte: where the second chunk starts */
	cut = data[0] % size;
	data++;
	size--;
	read_with(JSCAN_SCALAR, data, size, cut, &first);
	for (s = JSCAN_SCALAR + 1; s <= best; s++) {
		memset(&other, 0, sizeof(other));
		read_with(s, data, size, cut, &other);
		fuzz_check(other.len == first.len && memcmp(other.s, first.s, first.len) == 0,
			   "the string scans disagree");
		free(other.s);
	}
	free(first.s);
	return 0;
}
