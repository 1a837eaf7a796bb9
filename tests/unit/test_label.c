/* Bar labels: DevTools' trimMiddle and trimTextMiddle (devtools-rules §6.4),
 * and the text of chart and graph boxes. Widths come from a fixed-pitch
 * measure so that every expected string can be worked out by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "flamechart/import.h"
#include "render/paint.h"
#include "model/profile.h"

/* Every code point is 6 px wide, "…" included. */
static double fixed_pitch(void *ctx, const char *s)
{
	double w = 0;
	(void)ctx;
	for (; *s; s++)
		if (((unsigned char)*s & 0xc0) != 0x80)
			w += 6;
	return w;
}

/* Counts measure calls, to show the search is not a linear scan. */
static double counting(void *ctx, const char *s)
{
	(*(int *)ctx)++;
	return fixed_pitch(NULL, s);
}

static void test_trim_middle(void **state)
{
	char out[256];
	(void)state;

	/* the DevTools example: 9 characters of "parse-result" */
	fc_label_trim_middle("parse-result", 9, out, sizeof(out));
	assert_string_equal(out, "pars…sult");
	/* leftHalf = n >> 1, rightHalf = n - leftHalf - 1 */
	fc_label_trim_middle("abcdefghij", 6, out, sizeof(out));
	assert_string_equal(out, "abc…ij");
	fc_label_trim_middle("short", 5, out, sizeof(out));
	assert_string_equal(out, "short");
	fc_label_trim_middle("short", 1, out, sizeof(out));
	assert_string_equal(out, "…");
	fc_label_trim_middle("short", 0, out, sizeof(out));
	assert_string_equal(out, "…");
	/* code points, not bytes: 8 two-byte letters, keep 2 + 2 */
	fc_label_trim_middle("äöüßéèêë", 5, out, sizeof(out));
	assert_string_equal(out, "äö…êë");
	/* a small buffer never ends in half a code point */
	fc_label_trim_middle("ääää", 10, out, 4);
	assert_string_equal(out, "ä");
}

static void test_fit(void **state)
{
	const char *az = "abcdefghijklmnopqrstuvwxyz"; /* 26 × 6 = 156 px */
	char out[1024], big[1024];
	int calls = 0;
	(void)state;

	/* fits as it is */
	assert_int_equal(fc_label_fit("abc", 18, fixed_pitch, NULL, out, sizeof(out)), 3);
	assert_string_equal(out, "abc");
	/* 61 px holds 10 code points: trimMiddle(s, 10) = 5 + "…" + 4 */
	fc_label_fit(az, 61, counting, &calls, out, sizeof(out));
	assert_string_equal(out, "abcde…wxyz");
	assert_true(calls <= 4); /* secant search, not 16 tries */
	/* exactly 60 px: the same 10 code points */
	fc_label_fit(az, 60, fixed_pitch, NULL, out, sizeof(out));
	assert_string_equal(out, "abcde…wxyz");
	/* 10 px or less: no text at all (DevTools) */
	assert_int_equal(fc_label_fit("ab", 10, fixed_pitch, NULL, out, sizeof(out)), 0);
	assert_string_equal(out, "");
	/* only "…" would fit: nothing */
	assert_int_equal(fc_label_fit("abcdef", 11, fixed_pitch, NULL, out, sizeof(out)), 0);
	/* two code points fit in 12 px: "a…" */
	fc_label_fit("abcdef", 12, fixed_pitch, NULL, out, sizeof(out));
	assert_string_equal(out, "a…");
	/* longer than 200 characters: cut to 200 first, whatever the room */
	memset(big, 'x', 300);
	big[300] = '\0';
	fc_label_fit(big, 1e9, fixed_pitch, NULL, out, sizeof(out));
	assert_int_equal(strlen(out), 199 + 3); /* 199 'x' + the 3-byte "…" */
}

/* Legend URLs keep their end. Fixed pitch: n px / 6 code points fit, "…"
 * included, so 300 px keep "…" and the last 49 code points of the URL
 * ("ple/app/node_modules/…"), which start at "/app/" from the first "/". */
static void test_fit_front(void **state)
{
	const char *url = "https://cdn.example/app/node_modules/typescript/lib/typescript.js";
	char out[1024], big[1024];
	(void)state;

	assert_int_equal(strlen(url), 65);
	fc_label_fit_front(url, 300, fixed_pitch, NULL, out, sizeof(out));
	assert_string_equal(out, "…/app/node_modules/typescript/lib/typescript.js");
	/* fits as it is: unchanged */
	fc_label_fit_front(url, 65 * 6, fixed_pitch, NULL, out, sizeof(out));
	assert_string_equal(out, url);
	/* no "/": cut at a code point, 61 px hold "…" and 9 */
	fc_label_fit_front("abcdefghijklmnopqrstuvwxyz", 61, fixed_pitch, NULL, out, sizeof(out));
	assert_string_equal(out, "…rstuvwxyz");
	/* a "/" that would keep 3 of the 9 code points that fit: not taken */
	fc_label_fit_front("abcdefghijklmnopq/rs", 61, fixed_pitch, NULL, out, sizeof(out));
	assert_string_equal(out, "…lmnopq/rs");
	/* two-byte code points: never half of one; "ö/üüüü.js" from "/" */
	fc_label_fit_front("ääää/öööö/üüüü.js", 61, fixed_pitch, NULL, out, sizeof(out));
	assert_string_equal(out, "…/üüüü.js");
	fc_label_fit_front("ääääääääääää", 37, fixed_pitch, NULL, out, sizeof(out));
	assert_string_equal(out, "…äääää");
	/* 10 px or less, or room for "…" alone: nothing */
	assert_int_equal(fc_label_fit_front(url, 10, fixed_pitch, NULL, out, sizeof(out)), 0);
	assert_int_equal(fc_label_fit_front(url, 11, fixed_pitch, NULL, out, sizeof(out)), 0);
	assert_string_equal(out, "");
	fc_label_fit_front(url, 12, fixed_pitch, NULL, out, sizeof(out));
	assert_string_equal(out, "…s");
	/* a small buffer: cut at a code point, terminated */
	fc_label_fit_front("ääääääääääää", 37, fixed_pitch, NULL, out, 6);
	assert_string_equal(out, "…ä");
	/* 300 code points with all the room in the world: the last 200 */
	memset(big, 'x', 300);
	big[300] = '\0';
	fc_label_fit_front(big, 1e9, fixed_pitch, NULL, out, sizeof(out));
	assert_int_equal(strlen(out), 3 + 200);
}

/* A folded spine's label, 6 px a code point ("…" and "·" included). */
static void test_spine(void **state)
{
	char out[1024];
	int w;
	(void)state;

	/* the whole, 30 code points */
	fc_label_spine("run_main", "require", 14, 180, fixed_pitch, NULL, out, sizeof(out));
	assert_string_equal(out, "run_main … require · 14 frames");
	/* 25 fit: the first end and the count (22) */
	fc_label_spine("run_main", "require", 14, 150, fixed_pitch, NULL, out, sizeof(out));
	assert_string_equal(out, "run_main … · 14 frames");
	/* 20: 6 left for the name, "run…in" says nothing; the name alone */
	fc_label_spine("run_main", "require", 14, 120, fixed_pitch, NULL, out, sizeof(out));
	assert_string_equal(out, "run_main");
	/* 5: "ru…in" says nothing either: no label */
	assert_int_equal(
		fc_label_spine("run_main", "require", 14, 30, fixed_pitch, NULL, out, sizeof(out)),
		0);
	assert_string_equal(out, "");
	/* "(anonymous)" first: the last frame's name, cut in its middle to
	 * the 12 code points left beside "… " and " · 3 frames" */
	fc_label_spine("(anonymous)", "runMicrotasksAsync", 3, 150, fixed_pitch, NULL, out,
		       sizeof(out));
	assert_string_equal(out, "… runMic…Async · 3 frames");
	fc_label_spine("(anonymous)", "runMicrotasksAsync", 3, 60, fixed_pitch, NULL, out,
		       sizeof(out));
	assert_string_equal(out, "runMi…sync");
	/* both anonymous: the last, which is "(anonymous)" too */
	fc_label_spine("(anonymous)", "(anonymous)", 2, 150, fixed_pitch, NULL, out, sizeof(out));
	assert_string_equal(out, "… (anonymous) · 2 frames");
	/* at no width two ellipses in a row, nor an ellipsis alone */
	for (w = 0; w <= 300; w++) {
		fc_label_spine("(anonymous)", "runMicrotasksAsync", 3, w, fixed_pitch, NULL, out,
			       sizeof(out));
		assert_null(strstr(out, "… …"));
		assert_null(strstr(out, "……"));
		assert_true(fixed_pitch(NULL, out) <= w);
		if (out[0])
			assert_true(strcmp(out, "…") != 0);
	}
}

static const char profile_json[] =
	"{\"nodes\":["
	"{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\",\"scriptId\":\"0\",\"url\":\"\","
	"\"lineNumber\":-1,\"columnNumber\":-1},\"children\":[2,3,4]},"
	"{\"id\":2,\"callFrame\":{\"functionName\":\"foo\",\"scriptId\":\"1\","
	"\"url\":\"file:///src/app.js\",\"lineNumber\":11,\"columnNumber\":4}},"
	"{\"id\":3,\"callFrame\":{\"functionName\":\"\",\"scriptId\":\"2\","
	"\"url\":\"https://cdn.example/a/b.js?v=1#x\",\"lineNumber\":0,\"columnNumber\":0}},"
	"{\"id\":4,\"callFrame\":{\"functionName\":\"read\",\"scriptId\":\"0\",\"url\":\"\","
	"\"lineNumber\":-1,\"columnNumber\":-1}}],"
	"\"startTime\":0,\"endTime\":30,\"samples\":[2,3,4],\"timeDeltas\":[0,10,10]}";

static uint32_t frame_named(const struct fc_profile *p, const char *name)
{
	uint32_t i;
	for (i = 0; i < p->n_frames; i++)
		if (strcmp(fc_profile_str(p, p->frames[i].name), name) == 0)
			return i;
	fail_msg("no frame %s", name);
	return 0;
}

static void test_box_label(void **state)
{
	struct fc_import_options io = FC_IMPORT_OPTIONS_INIT;
	struct fc_profile_set set;
	struct fc_error err;
	struct fc_layout l = { 0 };
	struct fc_lane lane = { 0 };
	struct fc_box b = { .count = 1 };
	char out[256];
	(void)state;

	fc_profile_set_init(&set);
	assert_true(fc_import_memory("t.cpuprofile", profile_json, sizeof(profile_json) - 1, &io,
				     &set, &err));
	lane.profile = set.items[0];

	l.mode = FC_MODE_CHART;
	b.frame = frame_named(lane.profile, "foo");
	fc_label_box(&l, &lane, &b, out, sizeof(out));
	assert_string_equal(out, "foo");
	b.frame = frame_named(lane.profile, "");
	fc_label_box(&l, &lane, &b, out, sizeof(out));
	assert_string_equal(out, "(anonymous)");

	l.mode = FC_MODE_GRAPH;
	b.frame = frame_named(lane.profile, "foo");
	fc_label_box(&l, &lane, &b, out, sizeof(out));
	assert_string_equal(out, "foo  app.js:12"); /* 0-based 11 is line 12 */
	b.frame = frame_named(lane.profile, "");
	fc_label_box(&l, &lane, &b, out, sizeof(out));
	assert_string_equal(out, "(anonymous)  b.js:1");
	b.frame = frame_named(lane.profile, "read");
	fc_label_box(&l, &lane, &b, out, sizeof(out));
	assert_string_equal(out, "read"); /* no URL, nothing after the name */

	b.frame = FC_NONE;
	b.flags = FC_BOX_COALESCED;
	b.count = 7;
	fc_label_box(&l, &lane, &b, out, sizeof(out));
	assert_string_equal(out, "7 frames");
	fc_profile_set_finish(&set);
}

/* a label cut to fewer than 4 letters or digits on each side of its "…"
 * says nothing */
static void test_says_enough(void **state)
{
	(void)state;
	assert_true(fc_label_says_enough("f", "f"));   /* whole: a short name is fine */
	assert_true(fc_label_says_enough("ab", "ab")); /* whole */
	assert_false(fc_label_says_enough("", ""));
	assert_false(fc_label_says_enough("(anonymous)", "(a\xe2\x80\xa6)"));
	assert_false(fc_label_says_enough("(anonymous)", "(\xe2\x80\xa6)"));
	assert_false(fc_label_says_enough("Module._compile", "M\xe2\x80\xa6s"));
	assert_false(fc_label_says_enough("Module._compile", "Mo\xe2\x80\xa6"));
	/* four letters, but two of each end */
	assert_false(fc_label_says_enough("Module._load", "Mo\u2026ad"));
	assert_false(fc_label_says_enough("findSourceFile", "fi\u2026le"));
	assert_false(fc_label_says_enough("(anonymous)", "(an\xe2\x80\xa6s)"));
	assert_true(fc_label_says_enough("Module._compile", "Modu\xe2\x80\xa6"));
	assert_true(fc_label_says_enough("Module._compile", "Modu\xe2\x80\xa6pile"));
	assert_true(fc_label_says_enough("(anonymous)", "(anon\xe2\x80\xa6s)"));
	/* the tail says it */
	assert_true(fc_label_says_enough("pp$5.parseExprOps", "pp$5\xe2\x80\xa6prOps"));
	assert_false(fc_label_says_enough("pp$5.parseExprOps", "pp$5\xe2\x80\xa6Ops"));
	/* non-ASCII letters count, one per code point */
	assert_true(
		fc_label_says_enough("\xc3\xa9t\xc3\xa9s long", "\xc3\xa9t\xc3\xa9s\xe2\x80\xa6"));
	assert_false(
		fc_label_says_enough("\xc3\xa9t\xc3\xa9 long", "\xc3\xa9t\xc3\xa9\xe2\x80\xa6"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_trim_middle), cmocka_unit_test(test_fit),
		cmocka_unit_test(test_fit_front),   cmocka_unit_test(test_box_label),
		cmocka_unit_test(test_says_enough), cmocka_unit_test(test_spine),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
