/* Legend entries per scheme on a profile whose shares are known by hand:
 * five samples of 10 µs each (the last lasts the average interval, 10 µs):
 * a.js, a.js, b.js, (idle), nothing (the root). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "flamechart/import.h"
#include "style/legend.h"
#include "transform/scope.h"
#include "model/profile.h"

static const char profile_json[] =
	"{\"nodes\":["
	"{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\",\"scriptId\":\"0\",\"url\":\"\","
	"\"lineNumber\":-1,\"columnNumber\":-1},\"children\":[2,3,4]},"
	"{\"id\":2,\"callFrame\":{\"functionName\":\"a\",\"scriptId\":\"1\","
	"\"url\":\"file:///a.js\",\"lineNumber\":0,\"columnNumber\":0}},"
	"{\"id\":3,\"callFrame\":{\"functionName\":\"b\",\"scriptId\":\"2\","
	"\"url\":\"file:///b.js\",\"lineNumber\":0,\"columnNumber\":0}},"
	"{\"id\":4,\"callFrame\":{\"functionName\":\"(idle)\",\"scriptId\":\"0\",\"url\":\"\","
	"\"lineNumber\":-1,\"columnNumber\":-1}}],"
	"\"startTime\":0,\"endTime\":50,\"samples\":[2,2,3,4,1],\"timeDeltas\":[0,10,10,10,10]}";

struct fixture {
	struct fc_profile_set set;
	struct fc_layout layout;
	struct fc_style style;
	struct fc_legend lg;
};

static int setup(void **state)
{
	static struct fixture f;
	struct fc_import_options io = FC_IMPORT_OPTIONS_INIT;
	struct fc_layout_options lo = { 0 };
	struct fc_error err;

	memset(&f, 0, sizeof(f));
	fc_profile_set_init(&f.set);
	if (!fc_import_memory("t.cpuprofile", profile_json, sizeof(profile_json) - 1, &io, &f.set,
			      &err))
		return -1;
	if (!fc_layout_build(&f.layout, &f.set, &lo, &err))
		return -1;
	f.style.theme = fc_theme_default();
	*state = &f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;
	fc_legend_finish(&f->lg);
	fc_layout_finish(&f->layout);
	fc_profile_set_finish(&f->set);
	return 0;
}

static void expect(const struct fc_legend *lg, size_t i, const char *label, double share,
		   bool swatch)
{
	assert_true(i < lg->n);
	assert_string_equal(lg->entries[i].label, label);
	assert_true(fabs(lg->entries[i].share - share) < 1e-9);
	assert_int_equal(lg->entries[i].swatch, swatch);
}

static uint32_t frame_of(const struct fc_profile *p, const char *name)
{
	uint32_t i;
	for (i = 0; i < p->n_frames; i++)
		if (strcmp(fc_profile_str(p, p->frames[i].name), name) == 0)
			return i;
	return FC_NONE;
}

static void test_url(void **state)
{
	struct fixture *f = *state;
	const struct fc_profile *p = f->set.items[0];
	struct fc_box a = { .frame = frame_of(p, "a"), .count = 1 };
	struct fc_rgb c;
	struct fc_error err;

	f->style.scheme = FC_SCHEME_URL;
	assert_true(fc_legend_build(&f->lg, &f->style, &f->layout, 0, &err));
	assert_int_equal(f->lg.n, 4);
	expect(&f->lg, 0, "file:///a.js", 0.4, true);
	expect(&f->lg, 1, "(idle)", 0.2, true); /* ties by label: "(" < "f" */
	expect(&f->lg, 2, "file:///b.js", 0.2, true);
	expect(&f->lg, 3, "nothing on the stack (gaps)", 0.2, false);
	/* the swatch is exactly the painted colour */
	c = fc_style_fill(&f->style, p, &a, 0);
	assert_memory_equal(&f->lg.entries[0].color, &c, sizeof(c));
	fc_legend_finish(&f->lg);

	/* top 1: the rest is one "others" entry */
	assert_true(fc_legend_build(&f->lg, &f->style, &f->layout, 1, &err));
	assert_int_equal(f->lg.n, 3);
	expect(&f->lg, 0, "file:///a.js", 0.4, true);
	expect(&f->lg, 1, "2 others", 0.4, false);
	fc_legend_finish(&f->lg);
}

static void test_tier_and_package(void **state)
{
	struct fixture *f = *state;
	struct fc_error err;

	f->style.scheme = FC_SCHEME_TIER;
	assert_true(fc_legend_build(&f->lg, &f->style, &f->layout, 0, &err));
	assert_int_equal(f->lg.n, 3);
	expect(&f->lg, 0, "app", 0.6, true);
	expect(&f->lg, 1, "idle", 0.2, true);
	assert_memory_equal(&f->lg.entries[0].color, &fc_theme_default()->tier[FC_TIER_APP],
			    sizeof(struct fc_rgb));
	fc_legend_finish(&f->lg);

	f->style.scheme = FC_SCHEME_PACKAGE;
	assert_true(fc_legend_build(&f->lg, &f->style, &f->layout, 0, &err));
	assert_int_equal(f->lg.n, 3);
	expect(&f->lg, 0, "app", 0.6, true);
	expect(&f->lg, 1, "idle", 0.2, true);
	fc_legend_finish(&f->lg);
}

/* A colour on screen is explained even when its frames have no self time. */
static void test_drawn_without_self(void **state)
{
	struct fixture *f = *state;
	struct fc_profile *p = f->set.items[0];
	struct fc_lane *lane = &f->layout.lanes[0];
	struct fc_box extra = { .x0 = 0, .x1 = 1, .depth = 1, .count = 1 };
	struct fc_box boxes[16], *saved;
	struct fc_error err;
	uint32_t i, frame = FC_NONE;

	for (i = 0; i < p->n_frames; i++)
		if (strcmp(fc_profile_str(p, p->frames[i].name), "(root)") == 0)
			frame = i;
	assert_int_not_equal(frame, FC_NONE);
	extra.frame = frame; /* a drawn box whose frame has no self time */
	assert_true(lane->n_boxes < 16);
	memcpy(boxes, lane->boxes, lane->n_boxes * sizeof(*boxes));
	boxes[lane->n_boxes] = extra;
	saved = lane->boxes;
	lane->boxes = boxes;
	lane->n_boxes++;
	f->style.scheme = FC_SCHEME_URL;
	assert_true(fc_legend_build(&f->lg, &f->style, &f->layout, 0, &err));
	lane->n_boxes--;
	lane->boxes = saved;
	assert_int_equal(f->lg.n, 5);
	expect(&f->lg, 3, "(root)", 0, true); /* after every entry with self time */
	fc_legend_finish(&f->lg);
}

static void test_explanations(void **state)
{
	struct fixture *f = *state;
	struct fc_error err;

	f->style.scheme = FC_SCHEME_HEAT;
	assert_true(fc_legend_build(&f->lg, &f->style, &f->layout, 0, &err));
	/* swatches at no self time, 1 %, 5 % and the theme's full share, then
	 * the grey of (idle), which the chart draws and heat does not rank */
	assert_int_equal(f->lg.n, 5);
	assert_true(f->lg.entries[0].share < 0);
	/* from pale to red: the last swatch is redder than the first */
	assert_true(f->lg.entries[3].color.g < f->lg.entries[0].color.g);
	assert_non_null(strstr(f->lg.entries[4].label, "wait loops"));
	assert_memory_equal(&f->lg.entries[4].color, &fc_theme_default()->tier[FC_TIER_IDLE],
			    sizeof(struct fc_rgb));
	fc_legend_finish(&f->lg);

	f->style.scheme = FC_SCHEME_MONO;
	assert_true(fc_legend_build(&f->lg, &f->style, &f->layout, 0, &err));
	assert_int_equal(f->lg.n, 1);
	fc_legend_finish(&f->lg);

	/* merged boxes get their own grey entry */
	f->style.scheme = FC_SCHEME_TIER;
	f->layout.lanes[0].coalesced_frames = 2;
	assert_true(fc_legend_build(&f->lg, &f->style, &f->layout, 0, &err));
	f->layout.lanes[0].coalesced_frames = 0;
	assert_non_null(strstr(f->lg.entries[f->lg.n - 1].label, "merged"));
	assert_memory_equal(&f->lg.entries[f->lg.n - 1].color, &fc_theme_default()->coalesced,
			    sizeof(struct fc_rgb));
	fc_legend_finish(&f->lg);
}

/* A graph weighed in samples leaves (idle) out unless kept: 4 samples. */
static void test_graph_weights(void **state)
{
	struct fixture *f = *state;
	struct fc_layout g = f->layout;
	struct fc_lane lane = f->layout.lanes[0];
	struct fc_error err;

	/* the chart's boxes draw (idle); a graph without --idle would not */
	lane.n_boxes = 0;
	g.lanes = &lane;
	g.mode = FC_MODE_GRAPH;
	g.options.weight_samples = true;
	f->style.scheme = FC_SCHEME_URL;
	assert_true(fc_legend_build(&f->lg, &f->style, &g, 0, &err));
	assert_int_equal(f->lg.n, 3);
	expect(&f->lg, 0, "file:///a.js", 0.5, true);
	expect(&f->lg, 1, "file:///b.js", 0.25, true);
	expect(&f->lg, 2, "nothing on the stack (not drawn)", 0.25, false);
	fc_legend_finish(&f->lg);
}

/* A sandwich's shares are its own. f (app) holds 1 sample of self time and
 * calls lib (a dependency, 4 samples); main (core, 5 samples of its own)
 * calls f, and g (app) holds 10 samples outside f. Sandwiched on f, the
 * function's 5 samples are the whole: app 1/5, dependencies 4/5, and core,
 * drawn only among the callers, 0. Whole-profile shares would give app
 * 11/20 (or, counting both halves, 1/40 and a "nothing on the stack"
 * entry for the 30 samples outside f). */
static const char sandwich_json[] =
	"{\"nodes\":["
	"{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\",\"scriptId\":\"0\",\"url\":\"\","
	"\"lineNumber\":-1,\"columnNumber\":-1},\"children\":[2,5]},"
	"{\"id\":2,\"callFrame\":{\"functionName\":\"main\",\"scriptId\":\"1\","
	"\"url\":\"node:internal/main/run_main_module\",\"lineNumber\":0,\"columnNumber\":0},"
	"\"children\":[3]},"
	"{\"id\":3,\"callFrame\":{\"functionName\":\"f\",\"scriptId\":\"2\","
	"\"url\":\"file:///app/f.js\",\"lineNumber\":0,\"columnNumber\":0},\"children\":[4]},"
	"{\"id\":4,\"callFrame\":{\"functionName\":\"lib\",\"scriptId\":\"3\","
	"\"url\":\"file:///app/node_modules/x/index.js\",\"lineNumber\":0,\"columnNumber\":0}},"
	"{\"id\":5,\"callFrame\":{\"functionName\":\"g\",\"scriptId\":\"4\","
	"\"url\":\"file:///app/g.js\",\"lineNumber\":0,\"columnNumber\":0}}],"
	"\"startTime\":0,\"endTime\":200,"
	"\"samples\":[2,2,2,2,2,3,4,4,4,4,5,5,5,5,5,5,5,5,5,5],"
	"\"timeDeltas\":[0,10,10,10,10,10,10,10,10,10,10,10,10,10,10,10,10,10,10,10]}";

static void test_sandwich(void **state)
{
	struct fixture *f = *state;
	struct fc_import_options io = FC_IMPORT_OPTIONS_INIT;
	struct fc_layout_options lo = { 0 };
	struct fc_profile_set set;
	struct fc_scope scope;
	struct fc_layout l;
	struct fc_legend lg;
	struct fc_error err;
	size_t i;
	int m;

	fc_profile_set_init(&set);
	fc_scope_init(&scope);
	assert_true(fc_import_memory("s.cpuprofile", sandwich_json, sizeof(sandwich_json) - 1, &io,
				     &set, &err));
	assert_true(fc_scope_add_pattern(&scope.sandwich, "--sandwich", "^f$", &err));
	assert_true(fc_scope_apply(&set, &scope, &err));
	assert_int_equal(set.count, 2);
	/* a graph draws the halves in one lane, a chart in two: the same shares */
	for (m = 0; m < 2; m++) {
		lo.mode = m ? FC_MODE_CHART : FC_MODE_GRAPH;
		assert_true(fc_layout_build(&l, &set, &lo, &err));
		assert_int_equal(l.n_lanes, m ? 2 : 1);
		f->style.scheme = FC_SCHEME_TIER;
		assert_true(fc_legend_build(&lg, &f->style, &l, 0, &err));
		assert_int_equal(lg.n, 3);
		expect(&lg, 0, "app", 0.2, true);
		expect(&lg, 1, "dependencies", 0.8, true);
		expect(&lg, 2, "runtime core", 0, true);
		fc_legend_finish(&lg);
		/* the url scheme: the same shares by file, main's file drawn at 0 */
		f->style.scheme = FC_SCHEME_URL;
		assert_true(fc_legend_build(&lg, &f->style, &l, 0, &err));
		assert_int_equal(lg.n, 3);
		expect(&lg, 0, "file:///app/node_modules/x/index.js", 0.8, true);
		expect(&lg, 1, "file:///app/f.js", 0.2, true);
		expect(&lg, 2, "node:internal/main/run_main_module", 0, true);
		for (i = 0; i < lg.n; i++)
			assert_null(strstr(lg.entries[i].label, "nothing on the stack"));
		fc_legend_finish(&lg);
		fc_layout_finish(&l);
	}
	fc_scope_finish(&scope);
	fc_profile_set_finish(&set);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_url),           cmocka_unit_test(test_tier_and_package),
		cmocka_unit_test(test_explanations),  cmocka_unit_test(test_drawn_without_self),
		cmocka_unit_test(test_graph_weights), cmocka_unit_test(test_sandwich),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
