/* Format detection by content, never by file name (input-rules §A11):
 *   '['                      -> Chrome trace, array form
 *   '{' with a key ...       -> nodes/head: .cpuprofile; traceEvents: trace;
 *                               frames/resources/stacks: JS Self-Profiling,
 *                               also one level down under "trace";
 *                               $schema naming speedscope: speedscope;
 *                               traceEvents with samples or stackFrames:
 *                               Hermes (decided within the first window)
 *   text "stack count" lines -> folded stacks
 *   a Profile protocol buffer -> pprof (input-rules §I)
 * gzip is already undone by the source layer. Top-level keys may come in any
 * order and after large values, so the object is scanned (jstream) until a
 * deciding key shows up: first inside a growing look-ahead window, then (for
 * a regular file) by reading on and rewinding. */
#include <stdio.h>
#include <string.h>

#include "import/importers.h"
#include "import/jstream.h"
#include "util/util.h"
#include "model/profile.h"

/* First look-ahead, and the largest one kept in memory when the input can
 * be read twice (beyond it a regular file is scanned and rewound; a pipe
 * keeps growing the window, bounded by --max-input-size). */
#define WINDOW_FIRST (((size_t)64 << 10) / FC_FUZZ_SCALE)
#define WINDOW_KEEP (((size_t)8 << 20) / FC_FUZZ_SCALE)
#if FC_FUZZ_SCALE == 1
#define WINDOW_KEEP_TEXT "8 MiB"
#else
#define WINDOW_KEEP_TEXT "8 MiB / FC_FUZZ_SCALE"
#endif
/* Keys listed in the "not a profile" message. */
#define KEYS_SHOWN 8

enum hint {
	HINT_SAMPLES = 1 << 0, /* samples: .cpuprofile or self-profiling */
	HINT_TIMES = 1 << 1,   /* timeDeltas/startTime/endTime: .cpuprofile */
	HINT_SCHEMA = 1 << 2,  /* $schema, not naming speedscope's format */
	/* traceEvents: a trace, or Hermes when samples or stackFrames join it */
	HINT_TRACE_EVENTS = 1 << 3,
	HINT_STACK_FRAMES = 1 << 4,
};

struct scan {
	struct jstream *js;
	enum fc_format found;
	unsigned hints;
	char keys[KEYS_SHOWN][40];
	size_t n_keys, more_keys;
};

enum { C_OBJECT = 1, C_TRACE };
enum { K_TRACE, K_SCHEMA };
static const char *const key_names[] = { "trace", "$schema" };

static bool key_is(const char *s, size_t len, const char *k)
{
	return strlen(k) == len && memcmp(s, k, len) == 0;
}

static int on_key(void *user, int ctx, const char *s, size_t len)
{
	struct scan *sc = user;

	if (ctx == C_OBJECT) {
		if (sc->n_keys < KEYS_SHOWN)
			snprintf(sc->keys[sc->n_keys++], sizeof(sc->keys[0]), "%.*s",
				 len > 30 ? 30 : (int)len, s);
		else
			sc->more_keys++;
		if (key_is(s, len, "nodes") || key_is(s, len, "head"))
			sc->found = FC_FORMAT_CPUPROFILE;
		else if (key_is(s, len, "traceEvents"))
			sc->hints |= HINT_TRACE_EVENTS;
		else if (key_is(s, len, "stackFrames"))
			sc->hints |= HINT_STACK_FRAMES;
		else if (key_is(s, len, "frames") || key_is(s, len, "resources") ||
			 key_is(s, len, "stacks"))
			sc->found = FC_FORMAT_SELF_PROFILING;
		else if (key_is(s, len, "samples"))
			sc->hints |= HINT_SAMPLES;
		else if (key_is(s, len, "timeDeltas") || key_is(s, len, "startTime") ||
			 key_is(s, len, "endTime") || key_is(s, len, "timestamps"))
			sc->hints |= HINT_TIMES;
		else if (key_is(s, len, "$schema"))
			return K_SCHEMA;
		else if (key_is(s, len, "trace"))
			return K_TRACE;
		if ((sc->hints & HINT_TRACE_EVENTS) &&
		    (sc->hints & (HINT_SAMPLES | HINT_STACK_FRAMES)))
			sc->found = FC_FORMAT_HERMES;
	} else if (ctx == C_TRACE) {
		/* {"trace": {frames, resources, stacks, samples}, ...} (input-rules §B4) */
		if (key_is(s, len, "frames") || key_is(s, len, "resources") ||
		    key_is(s, len, "stacks") || key_is(s, len, "samples"))
			sc->found = FC_FORMAT_SELF_PROFILING;
	}
	if (sc->found != FC_FORMAT_AUTO)
		jstream_stop(sc->js); /* decided */
	return J_NOKEY;
}

static int on_open(void *user, struct jstream *js, int ctx, int key, int64_t index, bool is_map)
{
	(void)user;
	(void)js;
	(void)index;
	if (ctx == J_TOP && is_map)
		return C_OBJECT;
	if (ctx == C_OBJECT && key == K_TRACE && is_map)
		return C_TRACE;
	return J_SKIP;
}

static bool on_value(void *user, struct jstream *js, int ctx, int key, int64_t index,
		     const struct jvalue *v)
{
	struct scan *sc = user;
	(void)index;

	if (ctx == C_OBJECT && key == K_SCHEMA) {
		if (v->type == J_STRING && fc_speedscope_schema(v->s, v->len)) {
			sc->found = FC_FORMAT_SPEEDSCOPE;
			jstream_stop(js);
			return false;
		}
		sc->hints |= HINT_SCHEMA;
	}
	return true;
}

static bool on_close(void *user, struct jstream *js, int ctx)
{
	(void)user;
	(void)js;
	(void)ctx;
	return true;
}

static const struct jhandlers scan_handlers = {
	.key = on_key,
	.key_names = key_names,
	.open = on_open,
	.value = on_value,
	.close = on_close,
};

/* What an undecided object most likely is; sets err when it is nothing. */
static bool undecided(const struct scan *sc, bool complete, enum fc_format *format,
		      struct fc_error *err)
{
	char list[KEYS_SHOWN * 44 + 32];
	size_t i, n = 0;

	/* Broken JSON, or a profile missing its deciding key: the .cpuprofile
	 * importer names the syntax error or the missing "nodes" with a line
	 * and column. */
	if (sc->hints & HINT_TRACE_EVENTS) {
		*format = FC_FORMAT_TRACE;
		return true;
	}
	if (!complete || (sc->hints & (HINT_SAMPLES | HINT_TIMES))) {
		*format = FC_FORMAT_CPUPROFILE;
		return true;
	}
	if (sc->hints & HINT_SCHEMA) {
		fc_error_set(err, FC_ERR_FORMAT,
			     "JSON object with a \"$schema\" key that does not name speedscope's "
			     "file format: not a profile");
		return false;
	}
	if (sc->n_keys == 0) {
		fc_error_set(err, FC_ERR_FORMAT, "an empty JSON object: not a profile");
		return false;
	}
	list[0] = '\0';
	for (i = 0; i < sc->n_keys; i++)
		n += (size_t)snprintf(list + n, sizeof(list) - n, "%s%s", i ? ", " : "",
				      sc->keys[i]);
	if (sc->more_keys)
		snprintf(list + n, sizeof(list) - n, " and %zu more", sc->more_keys);
	fc_error_set(err, FC_ERR_FORMAT,
		     "JSON object with keys %s: not a profile (expected \"nodes\", "
		     "\"traceEvents\" or \"frames\"/\"stacks\"/\"samples\")",
		     list);
	return false;
}

/* Feeds the object to the key scanner until a key decides. bom: bytes of a
 * byte order mark before it. */
static bool scan_object(struct fc_source *src, size_t bom, enum fc_format *format,
			struct fc_error *err)
{
	struct scan sc = { 0 };
	struct jstream js;
	struct fc_error ignored;
	const unsigned char *data;
	size_t len, scanned = bom, want = WINDOW_FIRST;
	bool streaming = false, complete = false, ok = false;

	/* syntax errors are left to the importer, which names them */
	if (!jstream_init(&js, &scan_handlers, &sc, src->name, &ignored)) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	sc.js = &js;
	for (;;) {
		bool at_end;

		if (!streaming) {
			if (!fc_source_peek(src, want, &data, &len, err))
				goto out;
			at_end = len < want;
		} else {
			if (!fc_source_next(src, &data, &len, err))
				goto out;
			at_end = len == 0;
		}
		if (len > scanned && !jstream_feed(&js, data + scanned, len - scanned))
			break; /* decided (stopped) or broken JSON */
		if (sc.found != FC_FORMAT_AUTO)
			break;
		/* a trace's events fill far more than a window; Hermes's few come
		 * before its samples and stackFrames */
		if (sc.hints & HINT_TRACE_EVENTS) {
			sc.found = FC_FORMAT_TRACE;
			break;
		}
		if (at_end) {
			complete = jstream_end(&js);
			break;
		}
		if (streaming) {
			scanned = 0;
		} else if (want < WINDOW_KEEP || !fc_source_can_rewind(src)) {
			scanned = len;
			want *= 2;
		} else {
			/* the first next() hands out the window again from byte 0 */
			streaming = true;
			scanned = len;
		}
	}
	if (sc.found != FC_FORMAT_AUTO) {
		*format = sc.found;
		ok = true;
	} else {
		ok = undecided(&sc, complete, format, err);
	}
	if (ok && streaming && !fc_source_rewind(src, err))
		ok = false;
out:
	jstream_finish(&js);
	return ok;
}

/* Signatures of things people feed a profile viewer by mistake. */
static const struct {
	const char *magic;
	size_t len;
	const char *what;
} magics[] = {
	{ "\x28\xb5\x2f\xfd", 4, "zstd-compressed data (only gzip is read; run unzstd first)" },
	{ "BZh", 3, "bzip2-compressed data (only gzip is read; run bunzip2 first)" },
	{ "\xfd"
	  "7zXZ",
	  5, "xz-compressed data (only gzip is read; run unxz first)" },
	{ "PK\x03\x04", 4, "a zip archive (unzip it first)" },
	{ "\x7f"
	  "ELF",
	  4, "an executable (ELF), not a profile" },
	{ "\x89PNG", 4, "a PNG image, not a profile" },
	{ "%PDF", 4, "a PDF document, not a profile" },
	{ "<svg", 4, "an SVG image, not a profile" },
	{ "<?xml", 5, "an XML document, not a profile" },
};

/* --- pprof (input-rules §I) ---------------------------------------------------- */

/* A protocol buffer varint at d[*pos..n); false when cut or longer than 10. */
static bool varint(const unsigned char *d, size_t n, size_t *pos, uint64_t *v)
{
	unsigned shift;

	*v = 0;
	for (shift = 0; shift < 70 && *pos < n; shift += 7) {
		unsigned char c = d[(*pos)++];
		*v |= (uint64_t)(c & 0x7f) << shift;
		if (!(c & 0x80))
			return true;
	}
	return false;
}

/* profile.proto's Profile fields: 1-6, 11 and 13 are length-delimited (13,
 * the comments, packed), the others varints. */
static bool pprof_field(uint64_t tag)
{
	uint64_t field = tag >> 3, wire = tag & 7;

	if (field == 0 || field > 15)
		return false;
	if (field <= 6 || field == 11)
		return wire == 2;
	return wire == 0 || (field == 13 && wire == 2);
}

/* A sample type: a ValueType message of varints 1 and 2. */
static bool value_type(const unsigned char *d, size_t n)
{
	size_t p = 0;
	uint64_t tag, v;

	while (p < n)
		if (!varint(d, n, &p, &tag) || (tag != 0x08 && tag != 0x10) ||
		    !varint(d, n, &p, &v))
			return false;
	return n > 0;
}

/* A pprof profile: a Profile message whose fields all have profile.proto's
 * numbers and wire types as far as the window reaches, ending on a field's
 * end when the window holds the whole input, and among them a sample type
 * (Go writes time_nanos or period_type first, other writers sample_type).
 * Text and JSON fail at once: their bytes make tags of unknown fields or
 * wrong wire types long before a sample type could appear. */
static bool pprof(const unsigned char *d, size_t n, bool whole)
{
	size_t pos = 0;
	uint64_t tag, v, len;
	bool sample_type = false;

	while (pos < n) {
		if (!varint(d, n, &pos, &tag))
			return !whole && sample_type;
		if (!pprof_field(tag))
			return false;
		if ((tag & 7) == 0) {
			if (!varint(d, n, &pos, &v))
				return !whole && sample_type;
			continue;
		}
		if (!varint(d, n, &pos, &len))
			return !whole && sample_type;
		if (len > n - pos)
			return !whole && sample_type; /* goes on past the window */
		if (tag >> 3 == 1) {
			if (!value_type(d + pos, (size_t)len))
				return false;
			sample_type = true;
		}
		pos += (size_t)len;
	}
	return sample_type;
}

static bool binary(const unsigned char *d, size_t n)
{
	size_t i, controls = 0;

	for (i = 0; i < n; i++) {
		unsigned char c = d[i];
		if (c == 0)
			return true;
		if (c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != '\v' &&
		    c != 0x1b)
			controls++;
	}
	return controls * 100 > n;
}

/* Text: folded when the first line that is not blank or a comment is
 * "stack count". Only whole lines of the window are judged. */
static bool text(const unsigned char *d, size_t n, bool whole, bool *partial,
		 enum fc_format *format, struct fc_error *err)
{
	size_t pos = 0;
	long line = 0;

	while (pos < n) {
		const unsigned char *nl = memchr(d + pos, '\n', n - pos);
		size_t end = nl ? (size_t)(nl - d) : n, a = pos;
		struct fc_folded_line fl;

		line++;
		if (!nl && !whole) {
			*partial = true; /* the line goes on past the window */
			return false;
		}
		while (a < end && (d[a] == ' ' || d[a] == '\t' || d[a] == '\r'))
			a++;
		if (a < end && d[a] != '#') {
			if (fc_folded_parse_line((const char *)d + pos, end - pos, &fl)) {
				*format = FC_FORMAT_FOLDED;
				return true;
			}
			/* the line itself is not quoted: it may be a secret (a
			 * .env file), and messages reach report indexes */
			fc_error_set(err, FC_ERR_FORMAT,
				     "text, but line %ld is not `stack count` (folded stacks) "
				     "and the file is not JSON: not a profile",
				     line);
			return false;
		}
		pos = end + 1;
	}
	fc_error_set(err, FC_ERR_FORMAT, "text with no `stack count` line: not a profile");
	return false;
}

static bool is_space(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* More leading whitespace than the largest window: it is not kept in
 * memory. A regular file is read on to the first other byte and rewound;
 * a pipe cannot be read twice, so it is refused. */
static bool skip_whitespace(struct fc_source *src, size_t bom, enum fc_format *format,
			    struct fc_error *err)
{
	const unsigned char *d;
	size_t n, i, skip = bom;
	int first = -1;

	if (!fc_source_can_rewind(src)) {
		fc_error_set(err, FC_ERR_FORMAT,
			     "more than " WINDOW_KEEP_TEXT
			     " of whitespace before the first value, in a pipe "
			     "(read the file itself, which can be read twice)");
		return false;
	}
	while (first < 0) {
		if (!fc_source_next(src, &d, &n, err))
			return false;
		if (n == 0)
			break;
		for (i = 0; i < n && first < 0; i++)
			if (i >= skip && !is_space(d[i]))
				first = d[i];
		skip = 0; /* only the first piece starts with the byte order mark */
	}
	if (!fc_source_rewind(src, err))
		return false;
	if (first < 0) {
		fc_error_set(err, FC_ERR_FORMAT, "the file contains only whitespace");
		return false;
	}
	if (first == '[') {
		*format = FC_FORMAT_TRACE;
		return true;
	}
	if (first == '{')
		return scan_object(src, bom, format, err);
	fc_error_set(err, FC_ERR_FORMAT,
		     "more than " WINDOW_KEEP_TEXT
		     " of whitespace, then something that is not JSON: not a profile");
	return false;
}

bool fc_import_detect(struct fc_source *src, enum fc_format *format, struct fc_error *err)
{
	const unsigned char *d;
	size_t n, i = 0, bom = 0, want = WINDOW_FIRST, k;
	bool whole;

	if (!fc_source_peek(src, want, &d, &n, err))
		return false;
	if (n == 0) {
		fc_error_set(err, FC_ERR_FORMAT, "the file is empty");
		return false;
	}
	for (k = 0; k < FC_ARRAY_LEN(magics); k++) {
		if (n >= magics[k].len && memcmp(d, magics[k].magic, magics[k].len) == 0) {
			fc_error_set(err, FC_ERR_FORMAT, "%s", magics[k].what);
			return false;
		}
	}
	if (pprof(d, n, n < want)) {
		*format = FC_FORMAT_PPROF;
		return true;
	}
	if (n >= 3 && d[0] == 0xef && d[1] == 0xbb && d[2] == 0xbf)
		i = bom = 3; /* UTF-8 byte order mark */
	for (;;) {
		while (i < n && (d[i] == ' ' || d[i] == '\t' || d[i] == '\n' || d[i] == '\r'))
			i++;
		if (i < n || n < want)
			break;
		if (want >= WINDOW_KEEP)
			return skip_whitespace(src, bom, format, err);
		/* all whitespace so far: look further */
		want *= 2;
		if (!fc_source_peek(src, want, &d, &n, err))
			return false;
	}
	if (i == n) {
		fc_error_set(err, FC_ERR_FORMAT, "the file contains only whitespace");
		return false;
	}
	if (d[i] == '[') {
		*format = FC_FORMAT_TRACE;
		return true;
	}
	if (d[i] == '{')
		return scan_object(src, bom, format, err);
	if (binary(d, n < WINDOW_FIRST ? n : WINDOW_FIRST)) {
		char hex[16] = "";
		for (k = 0; k < 4 && k < n; k++)
			snprintf(hex + strlen(hex), sizeof(hex) - strlen(hex), "%s%02x",
				 k ? " " : "", d[k]);
		fc_error_set(err, FC_ERR_FORMAT,
			     "binary data, not a profile (it starts with bytes %s)", hex);
		return false;
	}
	/* the first line that decides may be longer than the first window: the
	 * window grows up to WINDOW_KEEP to see its end */
	for (;;) {
		bool partial = false;
		whole = n < want;
		if (text(d + bom, n - bom, whole, &partial, format, err))
			return true;
		if (!partial)
			return false;
		if (want >= WINDOW_KEEP) {
			fc_error_set(err, FC_ERR_FORMAT,
				     "text whose first line is longer than " WINDOW_KEEP_TEXT
				     ": not a profile");
			return false;
		}
		want *= 2;
		if (!fc_source_peek(src, want, &d, &n, err))
			return false;
	}
}
