/* The url scheme against DevTools: every bar of the chart of every seed
 * example has the colour that tests/oracle/devtools-url-colors.js computes
 * for its frame -- in node, from devtools-rules §5 alone -- with the light
 * theme (the JS Profiler's spaces and fixed colours, §5.2) and with the
 * devtools theme (the Performance panel's rules, §5.3). The table is
 * style_url_colors.h; its header says how to regenerate it. */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "flamechart/import.h"
#include "layout/layout.h"
#include "style/style.h"
#include "style_url_colors.h"
#include "model/profile.h"

#define N_ROWS (sizeof(url_colors) / sizeof(url_colors[0]))

static const struct url_color_row *row_for(const char *file, const struct fc_profile *p,
					   const struct fc_frame *f)
{
	size_t i;

	for (i = 0; i < N_ROWS; i++) {
		const struct url_color_row *r = &url_colors[i];
		if (strcmp(r->file, file) == 0 &&
		    strcmp(r->name, fc_profile_str(p, f->name)) == 0 &&
		    strcmp(r->url, fc_profile_str(p, f->url)) == 0 && r->line == f->line)
			return r;
	}
	return NULL;
}

static void expect_rgb(struct fc_rgb got, const unsigned char want[3], const char *what,
		       const char *file, const char *name)
{
	if (got.r != want[0] || got.g != want[1] || got.b != want[2])
		fail_msg("%s: %s: %s colour (%d, %d, %d), DevTools (%d, %d, %d)", file, name, what,
			 got.r, got.g, got.b, want[0], want[1], want[2]);
}

static void test_seed_examples(void **state)
{
	const char *data = getenv("FC_TEST_DATA");
	char dir[1024], path[2048];
	struct fc_theme *devtools;
	struct fc_error err;
	bool used[N_ROWS] = { false };
	size_t files = 0, boxes = 0, i;
	struct dirent *de;
	DIR *d;

	(void)state;
	assert_non_null(data);
	devtools = fc_theme_open("devtools", &err);
	assert_non_null(devtools);
	snprintf(dir, sizeof(dir), "%s/corpus/seed-examples", data);
	d = opendir(dir);
	assert_non_null(d);
	while ((de = readdir(d)) != NULL) {
		struct fc_import_options io = FC_IMPORT_OPTIONS_INIT;
		struct fc_layout_options lo = { 0 };
		struct fc_profile_set set;
		struct fc_layout l;
		size_t li, bi;

		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		fc_profile_set_init(&set);
		if (!fc_import_file(path, &io, &set, &err)) {
			/* the traces without samples: nothing to colour */
			assert_string_equal(err.text,
					    "trace has no CPU profile samples (record with "
					    "the disabled-by-default-v8.cpu_profiler "
					    "category)");
			fc_profile_set_finish(&set);
			continue;
		}
		files++;
		assert_true(fc_layout_build(&l, &set, &lo, &err));
		/* the bars through the colours fc_style_prepare makes once per
		 * key, the frames below computed one by one */
		struct fc_style light = { .scheme = FC_SCHEME_URL };
		struct fc_style perf = { .theme = devtools, .scheme = FC_SCHEME_URL };
		assert_true(fc_style_prepare(&light, &l, &err));
		assert_true(fc_style_prepare(&perf, &l, &err));
		assert_true(light.n_keyed > 0 && perf.n_keyed > 0);
		for (li = 0; li < l.n_lanes; li++) {
			const struct fc_lane *lane = &l.lanes[li];
			for (bi = 0; bi < lane->n_boxes; bi++) {
				const struct fc_box *b = &lane->boxes[bi];
				const struct fc_frame *f = &lane->profile->frames[b->frame];
				const struct url_color_row *r =
					row_for(de->d_name, lane->profile, f);
				const char *name = fc_profile_str(lane->profile, f->name);

				if (!r)
					fail_msg("%s: no DevTools colour for frame %s", de->d_name,
						 name);
				used[r - url_colors] = true;
				expect_rgb(fc_style_fill(&light, lane->profile, b, lane->total),
					   r->profiler, "JS Profiler", de->d_name, name);
				expect_rgb(fc_style_fill(&perf, lane->profile, b, lane->total),
					   r->performance, "Performance panel", de->d_name, name);
				boxes++;
			}
		}
		/* and every frame, drawn or not (some have no samples of their own) */
		for (li = 0; li < set.count; li++) {
			const struct fc_profile *p = set.items[li];
			uint32_t fi;
			for (fi = 0; fi < p->n_frames; fi++) {
				struct fc_box b = { .frame = fi, .node = FC_NONE, .count = 1 };
				struct fc_style one_light = { .scheme = FC_SCHEME_URL };
				struct fc_style one_perf = { .theme = devtools,
							     .scheme = FC_SCHEME_URL };
				const struct url_color_row *r =
					row_for(de->d_name, p, &p->frames[fi]);
				const char *name = fc_profile_str(p, p->frames[fi].name);

				if (p->frames[fi].meta == FC_META_ROOT)
					continue; /* never drawn */
				if (!r)
					fail_msg("%s: no DevTools colour for frame %s", de->d_name,
						 name);
				used[r - url_colors] = true;
				expect_rgb(fc_style_fill(&one_light, p, &b, 0), r->profiler,
					   "JS Profiler", de->d_name, name);
				expect_rgb(fc_style_fill(&one_perf, p, &b, 0), r->performance,
					   "Performance panel", de->d_name, name);
			}
		}
		fc_style_finish(&light);
		fc_style_finish(&perf);
		fc_layout_finish(&l);
		fc_profile_set_finish(&set);
	}
	closedir(d);
	fc_theme_destroy(devtools);
	/* every frame of the table was met and checked */
	for (i = 0; i < N_ROWS; i++)
		if (!used[i])
			fail_msg("%s: frame %s (%s) not drawn", url_colors[i].file,
				 url_colors[i].name, url_colors[i].url);
	assert_true(files >= 10);
	assert_true(boxes >= N_ROWS);
}

/* The default theme is the light one: the same colours without a theme. */
static void test_default_is_light(void **state)
{
	const struct fc_theme *t = fc_theme_default();
	(void)state;
	assert_string_equal(t->name, "light");
	/* devtools-rules §5.2: hue 30..330, saturation 50..80 in 5, lightness 80..90 in 3 */
	assert_int_equal(t->hue.min, 30);
	assert_int_equal(t->hue.max, 330);
	assert_int_equal(t->hue.count, 0);
	assert_int_equal(t->saturation.count, 5);
	assert_int_equal(t->lightness.count, 3);
	assert_false(t->url_performance_keys);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_seed_examples),
		cmocka_unit_test(test_default_is_light),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
