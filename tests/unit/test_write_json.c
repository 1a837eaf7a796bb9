/* The layout JSON writer: its bytes equal the same layout written through
 * jansson object by object (the oracle below, built from the boxes a lane
 * holds), for charts whose bars are walked on demand and for graphs, in
 * every colour scheme, on corpus profiles and on a profile of awkward
 * strings and fractional times. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "model/classify.h"
#include "flamechart/import.h"
#include "layout/layout.h"
#include "render/output.h"
#include "render/render.h"
#include "style/style.h"
#include "write/json_text.h"
#include "model/profile.h"

/* --- the oracle: jansson, one object per bar --------------------------------- */

static json_t *number(double v)
{
	if (v == floor(v) && fabs(v) < 9007199254740992.0)
		return json_integer((json_int_t)v);
	return json_real(v);
}

static void set(json_t *o, const char *k, json_t *v)
{
	assert_non_null(v);
	assert_int_equal(json_object_set_new(o, k, v), 0);
}

static json_t *oracle_bar(const struct fc_layout *l, const struct fc_lane *lane,
			  const struct fc_style *st, const struct fc_box *b)
{
	const struct fc_profile *p = lane->profile;
	json_t *o = json_object();
	char hex[8];

	fc_rgb_hex(fc_style_fill(st, p, b, lane->total), hex);
	set(o, "depth", json_integer(b->depth));
	if (b->frame == FC_NONE) {
		set(o, "name", json_string("…"));
		set(o, "coalesced", json_integer(b->count));
	} else {
		const struct fc_frame *f = &p->frames[b->frame];
		set(o, "name", json_string(fc_profile_str(p, f->name)));
		set(o, "url", json_string(fc_profile_str(p, f->url)));
		set(o, "line", json_integer(f->line));
		set(o, "column", json_integer(f->column));
		set(o, "tier", json_string(fc_tier_name(f->tier)));
	}
	if (l->mode == FC_MODE_CHART) {
		set(o, "start_us", number(b->x0));
		set(o, "end_us", number(b->x1));
		set(o, "self_us", number(b->self));
	} else {
		set(o, "x0", number(b->x0));
		set(o, "x1", number(b->x1));
		set(o, "self", number(b->self));
		set(o, "total", number(b->x1 - b->x0));
	}
	set(o, "color", json_string(hex));
	return o;
}

/* Just the bars of lane i, as the oracle writes them: "[{...},{...}]". */
static char *oracle_frames(const struct fc_layout *l, size_t i, const struct fc_style *st)
{
	const struct fc_lane *lane = &l->lanes[i];
	size_t len = 1, cap = 1024, k;
	char *out = malloc(cap);

	out[0] = '[';
	for (k = 0; k < lane->n_boxes; k++) {
		json_t *o = oracle_bar(l, lane, st, &lane->boxes[k]);
		char *s = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER);
		size_t n = strlen(s);
		while (len + n + 3 > cap)
			out = realloc(out, cap *= 2);
		if (k)
			out[len++] = ',';
		memcpy(out + len, s, n);
		len += n;
		free(s);
		json_decref(o);
	}
	out[len++] = ']';
	out[len] = '\0';
	return out;
}

/* --- the writer under test ------------------------------------------------- */

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	long n;
	char *s;

	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	s = malloc((size_t)n + 1);
	assert_int_equal(fread(s, 1, (size_t)n, f), (size_t)n);
	s[n] = '\0';
	fclose(f);
	return s;
}

static char *written(const struct fc_layout *l, const struct fc_style *st)
{
	char path[] = "/tmp/fc-json-XXXXXX";
	struct fc_output out;
	struct fc_error err;
	int fd = mkstemp(path);
	char *s;

	assert_true(fd >= 0);
	close(fd);
	assert_true(fc_output_open(&out, path, &err));
	assert_true(fc_write_layout_json(l, st, &out, &err));
	assert_true(fc_output_commit(&out, &err));
	s = slurp(path);
	unlink(path);
	return s;
}

/* The written file's frames arrays, lane by lane, equal the oracle's; the
 * rest (headers) must parse and name as many lanes. */
static size_t compare(const struct fc_layout *held, const struct fc_style *st,
		      const struct fc_layout *streamed, const struct fc_style *st2,
		      const char *what)
{
	char *text = written(streamed, st2), *at = text;
	size_t i, bars = 0;
	json_error_t je;
	json_t *doc = json_loads(text, 0, &je);

	if (!doc) {
		print_error("%s: the output is not JSON: %s\n", what, je.text);
		fail();
	}
	assert_int_equal(json_array_size(json_object_get(doc, "profiles")), held->n_lanes);
	json_decref(doc);
	for (i = 0; i < held->n_lanes; i++) {
		char *want = oracle_frames(held, i, st);
		at = strstr(at, "\"frames\":[");
		assert_non_null(at);
		at += strlen("\"frames\":");
		if (strncmp(at, want, strlen(want)) != 0) {
			size_t k = 0;
			while (at[k] == want[k])
				k++;
			print_error("%s, lane %zu: differs at byte %zu: \"%.60s\" vs \"%.60s\"\n",
				    what, i, k, at + k, want + k);
			fail();
		}
		at += strlen(want);
		bars += held->lanes[i].n_boxes;
		free(want);
	}
	free(text);
	return bars;
}

/* Both modes; every scheme when all_schemes, else only scheme number
 * first + mode (the large corpus files take turns, which keeps the test
 * to a few seconds of CPU: a scheme changes colours, not the streaming). */
static size_t check_set(const struct fc_profile_set *ps, const char *what, bool all_schemes,
			size_t first)
{
	static const enum fc_scheme schemes[] = { FC_SCHEME_URL, FC_SCHEME_TIER, FC_SCHEME_PACKAGE,
						  FC_SCHEME_HEAT, FC_SCHEME_MONO };
	const size_t n_schemes = sizeof(schemes) / sizeof(schemes[0]);
	size_t m, k, bars = 0;

	for (m = 0; m < 2; m++) {
		for (k = 0; k < n_schemes; k++) {
			if (!all_schemes && k != (first + m) % n_schemes)
				continue;
			struct fc_layout_options o = { .mode = m ? FC_MODE_GRAPH : FC_MODE_CHART };
			struct fc_style st = { .scheme = schemes[k],
					       .dim_tiers = 1u << FC_TIER_V8 };
			struct fc_style st2 = st;
			struct fc_layout held, streamed;
			struct fc_error err;
			char label[600];

			assert_true(fc_layout_build(&held, ps, &o, &err));
			o.bars_on_demand = true;
			assert_true(fc_layout_build(&streamed, ps, &o, &err));
			/* each layout with its own style: heat keys on the lane's profile */
			assert_true(fc_style_prepare(&st, &held, &err));
			assert_true(fc_style_prepare(&st2, &streamed, &err));
			snprintf(label, sizeof(label), "%s (%s, scheme %d)", what,
				 m ? "graph" : "chart", (int)schemes[k]);
			bars += compare(&held, &st, &streamed, &st2, label);
			fc_style_finish(&st);
			fc_style_finish(&st2);
			fc_layout_finish(&held);
			fc_layout_finish(&streamed);
		}
	}
	return bars;
}

static void test_corpus(void **state)
{
	/* the small files under every scheme, the large ones under two each */
	static const char *const files[] = {
		"corpus/minimal/coloring-test.profile.json",
		"corpus/seed-examples/minimal-cpu-profile-timing-data.cpuprofile",
		"corpus/chrome-versions/Chrome-65-sucrase.cpuprofile",
		"corpus/chrome-versions/Chrome-116-Trace-20230603T221323.json",
		"corpus/real/ng-serve/CPU.20250519.000248.22170.1.002.cpuprofile",
	};
	const char *dir = getenv("FC_TEST_DATA");
	size_t f, bars = 0;
	(void)state;

	for (f = 0; f < sizeof(files) / sizeof(files[0]); f++) {
		struct fc_import_options io = FC_IMPORT_OPTIONS_INIT;
		struct fc_profile_set ps;
		struct fc_error err;
		char path[512];

		snprintf(path, sizeof(path), "%s/%s", dir ? dir : "tests/data", files[f]);
		fc_profile_set_init(&ps);
		assert_true(fc_import_file(path, &io, &ps, &err));
		bars += check_set(&ps, files[f], f < 2, 2 * f);
		fc_profile_set_finish(&ps);
	}
	assert_true(bars > 20000);
}

/* Names with quotes, backslashes, a tab, non-ASCII and a control byte (made
 * U+FFFD by the model), and times that give fractional ends (three samples
 * over 10 µs: the last lasts the average, 10/3 µs) and large ones. */
static void test_awkward(void **state)
{
	const char *json =
		"{\"nodes\":["
		"{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\",\"scriptId\":\"0\","
		"\"url\":\"\"},\"children\":[2,3]},"
		"{\"id\":2,\"callFrame\":{\"functionName\":\"say \\\"hi\\\" \\\\ to\\tyou\","
		"\"scriptId\":\"1\",\"url\":\"file:///a b/caf\\u00e9.js?q=\\\"1\\\"\","
		"\"lineNumber\":3,\"columnNumber\":4},\"children\":[4]},"
		"{\"id\":3,\"callFrame\":{\"functionName\":\"ctl\\u0001\\u001f\\u2028x\","
		"\"scriptId\":\"2\",\"url\":\"node:internal/x\",\"lineNumber\":-1,"
		"\"columnNumber\":-1}},"
		"{\"id\":4,\"callFrame\":{\"functionName\":\"\\ud83d\\ude00/\","
		"\"scriptId\":\"1\",\"url\":\"file:///node_modules/p/i.js\",\"lineNumber\":0,"
		"\"columnNumber\":0}}],"
		"\"startTime\":4503599627370000,\"endTime\":4503599627370010,"
		"\"samples\":[4,3,2],\"timeDeltas\":[1,3,6]}";
	struct fc_import_options io = FC_IMPORT_OPTIONS_INIT;
	struct fc_profile_set ps;
	struct fc_error err;
	(void)state;

	fc_profile_set_init(&ps);
	assert_true(fc_import_memory("awkward.cpuprofile", json, strlen(json), &io, &ps, &err));
	assert_true(check_set(&ps, "awkward", true, 0) > 0);
	fc_profile_set_finish(&ps);
}

/* --- the text helpers against jansson ------------------------------------- */

static uint64_t rng = 0x2545f4914f6cdd1dULL;

static uint64_t next64(void)
{
	/* xorshift64* */
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 0x2545f4914f6cdd1dULL;
}

static void expect_text(struct fc_buf *b, json_t *v, const char *what)
{
	char *want = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);

	assert_non_null(want);
	assert_false(b->failed);
	if (b->len != strlen(want) || memcmp(b->data, want, b->len) != 0) {
		print_error("%s: wrote %.*s, jansson %s\n", what, (int)b->len, b->data, want);
		fail();
	}
	free(want);
	json_decref(v);
	b->len = 0;
}

static void check_number(struct fc_buf *b, double v)
{
	char what[64];

	snprintf(what, sizeof(what), "%a", v);
	fc_jbuf_number(b, v);
	/* the writer's rule: integers below 2^53, reals otherwise */
	if (v == floor(v) && fabs(v) < 9007199254740992.0)
		expect_text(b, json_integer((json_int_t)v), what);
	else
		expect_text(b, json_real(v), what);
}

static void test_numbers(void **state)
{
	static const double special[] = {
		0.0,
		-0.0,
		1,
		-1,
		0.5,
		1e-7,
		-2.5e-5,
		1.5e-300,
		5e-324,
		1e15,
		1e16,
		1e17,
		1e21,
		9007199254740991.0,
		9007199254740992.0,
		-9007199254740992.0,
		1e300,
		-1e300,
		1.7976931348623157e308,
		161.33333333333334,
		4503599627370013.5,
		123456.789,
	};
	struct fc_buf b = { 0 };
	size_t i;
	(void)state;

	for (i = 0; i < sizeof(special) / sizeof(special[0]); i++)
		check_number(&b, special[i]);
	for (i = 0; i < 200000; i++) {
		uint64_t bits = next64();
		double v;
		if (i % 3 == 0) {
			v = (double)(int64_t)(bits >> (bits & 63)); /* integers of every size */
		} else if (i % 3 == 1) {
			v = (double)(bits >> 11) / 1024.0; /* µs with a fraction */
		} else {
			memcpy(&v, &bits, sizeof(v)); /* any bit pattern */
			if (!isfinite(v))
				continue;
		}
		check_number(&b, v);
	}
	for (i = 0; i < 1000; i++) {
		long long x = (long long)next64();
		char what[32];
		snprintf(what, sizeof(what), "%lld", x);
		fc_jbuf_int(&b, x);
		expect_text(&b, json_integer(x), what);
	}
	fc_jbuf_int(&b, INT64_MIN);
	expect_text(&b, json_integer(INT64_MIN), "INT64_MIN");
	fc_buf_free(&b);
}

static size_t put_utf8(uint32_t cp, char *o)
{
	if (cp < 0x80) {
		o[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		o[0] = (char)(0xc0 | cp >> 6);
		o[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		o[0] = (char)(0xe0 | cp >> 12);
		o[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		o[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	o[0] = (char)(0xf0 | cp >> 18);
	o[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
	o[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
	o[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

static void test_strings(void **state)
{
	static const uint32_t picks[] = { 0x01, 0x08,   0x09,   0x0a,   0x0c,   0x0d, 0x1b,
					  0x1f, '"',    '\\',   '/',    'a',    ' ',  0x7f,
					  0xe9, 0x2028, 0x20ac, 0xfffd, 0x1f600 };
	struct fc_buf b = { 0 };
	char s[200];
	size_t i, k;
	(void)state;

	for (i = 0; i < 20000; i++) {
		size_t n = 0, len = next64() % 40; /* past the 8-byte blocks */
		for (k = 0; k < len; k++) {
			uint64_t r = next64();
			uint32_t cp = r % 4 ? picks[(r >> 8) % (sizeof(picks) / sizeof(picks[0]))]
					    : 1 + (uint32_t)((r >> 8) % 0xd7ff);
			n += put_utf8(cp, s + n);
		}
		s[n] = '\0';
		fc_jbuf_string(&b, s);
		expect_text(&b, json_string(s), s);
	}
	fc_buf_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_corpus),
		cmocka_unit_test(test_awkward),
		cmocka_unit_test(test_numbers),
		cmocka_unit_test(test_strings),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
