#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/jstream.h"
#include "util/util.h"

/* Longest number literal we accept; anything longer cannot be a valid id,
 * time or count. */
#define MAX_NUMBER_LEN 400

/* Deepest nesting of containers the importers follow (skipped subtrees do
 * not count). A legacy profile's head tree nests one level per call-tree
 * level; real trees are a few hundred deep, hostile ones 100 000. */
#define MAX_DEPTH 4000000

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

static void scan_to(struct jstream *js, size_t off);

/* A complete token ends here; sep is the separator that may follow it. */
static void note_token(struct jstream *js, int sep)
{
	js->good_end = js->chunk_abs + yajl_get_bytes_consumed(js->h);
	js->good_sep = sep;
	js->bad_found = false;
}

/* Finds where a syntax error lies: the first byte after the last complete
 * token that is neither whitespace nor the separator that token allows --
 * the start of the token YAJL rejected. YAJL's own error offset moves when
 * that token spans two chunks, so it is not used. Scans the current chunk
 * from good_end; what it has passed is remembered for the next chunk. */
static void find_bad(struct jstream *js)
{
	size_t i;

	if (js->bad_found || !js->chunk)
		return;
	i = js->good_end > js->chunk_abs ? (size_t)(js->good_end - js->chunk_abs) : 0;
	for (; i < js->chunk_len; i++) {
		unsigned char c = js->chunk[i];
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
			continue;
		if (js->good_sep && c == js->good_sep) {
			js->good_sep = 0;
			continue;
		}
		scan_to(js, i);
		js->bad_found = true;
		js->bad_line = js->line;
		js->bad_col = (long)(js->chunk_abs + i - js->line_start) + 1;
		return;
	}
	js->good_end = js->chunk_abs + js->chunk_len;
}

static int on_value(struct jstream *js, const struct jvalue *v)
{
	struct jframe *f;
	bool ok;

	/* nothing may follow the top-level value */
	note_token(js, js->depth > 1 || js->skip ? ',' : 0);
	if (js->skip)
		return 1;
	js->seen_value = true;
	f = top(js);
	if (f->is_map && f->key == J_NOKEY)
		return 1;
	ok = js->hd->value(js->user, js, f->ctx, f->key, f->index, v);
	after_element(js);
	return ok && !js->failed;
}

static int cb_null(void *ctx)
{
	struct jvalue v = { .type = J_NULL };
	return on_value(ctx, &v);
}

static int cb_boolean(void *ctx, int b)
{
	struct jvalue v = { .type = J_BOOL, .b = b != 0 };
	return on_value(ctx, &v);
}

/* Integers are parsed by hand (no strtod on the hot path); anything with a
 * fraction or exponent, or too large for int64, goes through strtod. */
static int cb_number(void *ctx, const char *s, size_t len)
{
	struct jstream *js = ctx;
	struct jvalue v = { .type = J_INT };
	size_t i = 0;
	bool neg = false;
	uint64_t acc = 0;
	char buf[MAX_NUMBER_LEN + 1];

	if (js->skip) {
		note_token(js, ',');
		return 1;
	}
	if (len && s[0] == '-') {
		neg = true;
		i = 1;
	}
	for (; i < len; i++) {
		unsigned d = (unsigned char)s[i] - '0';
		if (d > 9)
			break;
		if (acc > (UINT64_MAX - d) / 10) {
			v.int_overflow = true;
			break;
		}
		acc = acc * 10 + d;
	}
	if (i == len && !v.int_overflow &&
	    acc <= (neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX)) {
		v.i = neg ? (int64_t)(0 - acc) : (int64_t)acc;
		v.d = (double)v.i;
		return on_value(js, &v);
	}
	if (i == len || (i < len && (s[i] >= '0' && s[i] <= '9')))
		v.int_overflow = true;
	if (len > MAX_NUMBER_LEN) {
		jstream_fail(js, FC_ERR_INVALID, "number literal of %zu characters", len);
		return 0;
	}
	memcpy(buf, s, len);
	buf[len] = '\0';
	v.type = J_DOUBLE;
	v.d = strtod(buf, NULL);
	return on_value(js, &v);
}

static int cb_string(void *ctx, const unsigned char *s, size_t len)
{
	struct jvalue v = { .type = J_STRING, .s = (const char *)s, .len = len };
	return on_value(ctx, &v);
}

static int open_container(struct jstream *js, bool is_map)
{
	struct jframe *f;
	int child;

	note_token(js, 0);
	if (js->skip) {
		js->skip++;
		return 1;
	}
	js->seen_value = true;
	f = top(js);
	if (f->is_map && f->key == J_NOKEY) {
		js->skip = 1;
		return 1;
	}
	child = js->hd->open(js->user, js, f->ctx, f->key, f->index, is_map);
	if (js->failed)
		return 0;
	if (child == J_SKIP) {
		js->skip = 1;
		return 1;
	}
	if (js->depth >= MAX_DEPTH) {
		jstream_fail(js, FC_ERR_LIMIT, "JSON nested deeper than %d levels", MAX_DEPTH);
		return 0;
	}
	if (!FC_GROW(js->stack, js->cap, js->depth + 1)) {
		jstream_fail(js, FC_ERR_NOMEM, "out of memory");
		return 0;
	}
	f = &js->stack[js->depth++];
	f->ctx = child;
	f->key = J_NOKEY;
	f->is_map = is_map;
	f->index = 0;
	f->seen = 0;
	return 1;
}

static int close_container(struct jstream *js)
{
	int ctx;

	note_token(js, ',');
	if (js->skip) {
		if (--js->skip == 0)
			after_element(js);
		return 1;
	}
	ctx = top(js)->ctx;
	top(js)->key = J_NOKEY; /* messages now point at the container itself */
	if (!js->hd->close(js->user, js, ctx) || js->failed)
		return 0;
	js->depth--;
	if (js->depth == 1)
		js->good_sep = 0; /* the top-level value is complete */
	after_element(js);
	return 1;
}

static int cb_start_map(void *ctx)
{
	return open_container(ctx, true);
}

static int cb_start_array(void *ctx)
{
	return open_container(ctx, false);
}

static int cb_end(void *ctx)
{
	return close_container(ctx);
}

static int cb_map_key(void *ctx, const unsigned char *s, size_t len)
{
	struct jstream *js = ctx;
	struct jframe *f;
	int id;

	note_token(js, ':');
	if (js->skip)
		return 1;
	f = top(js);
	id = js->hd->key(js->user, f->ctx, (const char *)s, len);
	f->key = id;
	if (id >= 0 && id < 64) {
		if (f->seen & (UINT64_C(1) << id)) {
			jstream_fail(js, FC_ERR_INVALID,
				     "duplicate key \"%s\": which value is meant is ambiguous",
				     js->hd->key_names[id]);
			return 0;
		}
		f->seen |= UINT64_C(1) << id;
	}
	return 1;
}

static const yajl_callbacks callbacks = {
	.yajl_null = cb_null,
	.yajl_boolean = cb_boolean,
	.yajl_number = cb_number,
	.yajl_string = cb_string,
	.yajl_start_map = cb_start_map,
	.yajl_map_key = cb_map_key,
	.yajl_end_map = cb_end,
	.yajl_start_array = cb_start_array,
	.yajl_end_array = cb_end,
};

bool jstream_init(struct jstream *js, const struct jhandlers *hd, void *user, const char *file,
		  struct fc_error *err)
{
	memset(js, 0, sizeof(*js));
	js->hd = hd;
	js->user = user;
	js->file = file;
	js->err = err;
	js->line = 1;
	js->all_space = true;
	js->h = yajl_alloc(&callbacks, NULL, js);
	js->stack = malloc(16 * sizeof(*js->stack));
	if (!js->h || !js->stack) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		jstream_finish(js);
		return false;
	}
	/* Strings are sanitised when interned; invalid UTF-8 is not an error. */
	yajl_config(js->h, yajl_dont_validate_strings, 1);
	js->cap = 16;
	js->depth = 1;
	js->stack[0] = (struct jframe){ .ctx = J_TOP, .key = J_NOKEY, .is_map = false };
	return true;
}

void jstream_finish(struct jstream *js)
{
	if (js->h)
		yajl_free(js->h);
	free(js->stack);
	js->h = NULL;
	js->stack = NULL;
}

static void scan_to(struct jstream *js, size_t off)
{
	const unsigned char *p, *end;

	if (off > js->chunk_len)
		off = js->chunk_len;
	if (off <= js->scan)
		return;
	p = js->chunk + js->scan;
	end = js->chunk + off;
	while ((p = memchr(p, '\n', (size_t)(end - p))) != NULL) {
		p++;
		js->line++;
		js->line_start = js->chunk_abs + (uint64_t)(p - js->chunk);
	}
	js->scan = off;
}

void jstream_pos(struct jstream *js, long *line, long *col)
{
	size_t off = js->h ? yajl_get_bytes_consumed(js->h) : js->scan;

	if (js->chunk)
		scan_to(js, off);
	*line = js->line;
	*col = (long)(js->chunk_abs + js->scan - js->line_start);
	if (*col < 1)
		*col = 1;
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

static bool parse_error(struct jstream *js)
{
	unsigned char *msg;
	char text[200];
	size_t n;

	if (js->failed)
		return false;
	msg = yajl_get_error(js->h, 0, NULL, 0);
	snprintf(text, sizeof(text), "%s", msg ? (const char *)msg : "parse error");
	if (msg)
		yajl_free_error(js->h, msg);
	n = strlen(text);
	while (n && (text[n - 1] == '\n' || text[n - 1] == ' ' || text[n - 1] == '.'))
		text[--n] = '\0';
	find_bad(js);
	jstream_fail(js, FC_ERR_SYNTAX, "not valid JSON: %s", text);
	if (js->bad_found) {
		js->err->line = js->bad_line;
		js->err->column = js->bad_col;
	}
	return false;
}

static bool parse_chunk(struct jstream *js, const unsigned char *data, size_t len);

static const unsigned char bom[3] = { 0xef, 0xbb, 0xbf };

bool jstream_feed(struct jstream *js, const unsigned char *data, size_t len)
{
	/* A UTF-8 byte order mark is skipped, also when it comes in pieces
	 * (a pipe may deliver one byte at a time). */
	while (!js->bom_checked && len) {
		if (data[0] == bom[js->bom_pos]) {
			data++;
			len--;
			if (++js->bom_pos == 3) {
				js->bom_checked = true;
				js->chunk_abs = 3;
				js->line_start = 3;
			}
			continue;
		}
		/* not a byte order mark after all: parse what was held back */
		js->bom_checked = true;
		if (js->bom_pos && !parse_chunk(js, bom, js->bom_pos))
			return false;
	}
	return len == 0 || parse_chunk(js, data, len);
}

static bool parse_chunk(struct jstream *js, const unsigned char *data, size_t len)
{
	yajl_status st;

	if (js->all_space) {
		size_t i;
		for (i = 0; i < len; i++) {
			unsigned char c = data[i];
			if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
				js->all_space = false;
				break;
			}
		}
	}
	js->chunk = data;
	js->chunk_len = len;
	js->scan = 0;
	st = yajl_parse(js->h, data, len);
	if (st != yajl_status_ok)
		return parse_error(js);
	find_bad(js);
	scan_to(js, len);
	js->chunk_abs += len;
	js->total += len;
	js->chunk = NULL;
	js->chunk_len = 0;
	js->scan = 0;
	return true;
}

bool jstream_end(struct jstream *js)
{
	yajl_status st;
	char path[256];

	if (!js->bom_checked && js->bom_pos) {
		/* the input was the start of a byte order mark and nothing more */
		js->bom_checked = true;
		if (!parse_chunk(js, bom, js->bom_pos))
			return false;
	}
	if (js->all_space) {
		js->failed = true;
		fc_error_set(js->err, FC_ERR_SYNTAX, "%s",
			     js->total == 0 ? "the file is empty"
					    : "the file contains only whitespace");
		return false;
	}
	if (js->depth > 1 || js->skip) {
		jstream_path(js, path, sizeof(path));
		js->failed = true;
		fc_error_set(js->err, FC_ERR_SYNTAX, "truncated JSON: the file ends inside %s",
			     path[0] ? "this value" : "the top-level value");
		fc_error_set_path(js->err, path);
		js->err->line = js->line;
		js->err->column = (long)(js->chunk_abs - js->line_start);
		return false;
	}
	st = yajl_complete_parse(js->h);
	if (st != yajl_status_ok)
		return parse_error(js);
	return true;
}
