/* Hostile inputs at the library level (docs/robustness.md): the row cap of
 * images checked against the exact layout, the bound on the exact layout,
 * the header note, and text that must reach pango, the terminal and JSON
 * clean. The big inputs of tests/cli/hostile.sh run through the binary;
 * these check the rules one by one with numbers worked out here. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "flamechart/import.h"
#include "render/paint_internal.h"
#include "util/util.h"
#include "model/profile.h"

/* --- a chain DEPTH deep, built as JSON ----------------------------------------- */

struct buf {
	char *s;
	size_t len, cap;
};

static void put(struct buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void put(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	for (;;) {
		va_start(ap, fmt);
		n = vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
		va_end(ap);
		assert_true(n >= 0);
		if ((size_t)n < b->cap - b->len)
			break;
		b->cap = b->cap * 2 + (size_t)n + 64;
		b->s = realloc(b->s, b->cap);
		assert_non_null(b->s);
	}
	b->len += (size_t)n;
}

/* Node ids: 1 = (root), k + 1 = f<k> at depth k, 1 <= k <= depth; the last
 * node is a (garbage collector) under the root. samples[i] names a depth
 * (0 = the GC node), 1000 µs apart. */
static struct fc_profile_set import_chain(uint32_t depth, const uint32_t *samples, size_t n)
{
	struct buf b = { 0 };
	struct fc_import_options io = FC_IMPORT_OPTIONS_INIT;
	struct fc_profile_set set;
	struct fc_error err;
	uint32_t k;
	size_t i;

	put(&b,
	    "{\"nodes\":[{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\"},"
	    "\"children\":[2,%u]}",
	    depth + 2);
	for (k = 1; k <= depth; k++) {
		put(&b,
		    ",{\"id\":%u,\"callFrame\":{\"functionName\":\"f%u\",\"scriptId\":\"1\","
		    "\"url\":\"file:///deep.js\"}",
		    k + 1, k);
		if (k < depth)
			put(&b, ",\"children\":[%u]", k + 2);
		put(&b, "}");
	}
	put(&b,
	    ",{\"id\":%u,\"callFrame\":{\"functionName\":\"(garbage collector)\"}}],"
	    "\"startTime\":0,\"samples\":[",
	    depth + 2);
	for (i = 0; i < n; i++)
		put(&b, "%s%u", i ? "," : "", samples[i] ? samples[i] + 1 : depth + 2);
	put(&b, "],\"timeDeltas\":[");
	for (i = 0; i < n; i++)
		put(&b, "%s%d", i ? "," : "", i ? 1000 : 0);
	put(&b, "]}");
	fc_profile_set_init(&set);
	assert_true(fc_import_memory("chain.cpuprofile", b.s, b.len, &io, &set, &err));
	free(b.s);
	return set;
}

static int by_row_then_x(const void *pa, const void *pb, void *ctx)
{
	const struct fc_box *a = pa, *b = pb;
	(void)ctx;
	if (a->depth != b->depth)
		return a->depth < b->depth ? -1 : 1;
	return a->x0 < b->x0 ? -1 : a->x0 > b->x0;
}

/* The samples of the row-cap tests: jumps between the top and the bottom
 * of a 2000-deep chain, stops at depths around the cap (511, 512, 513), a
 * GC sample on a stack deeper than the cap and one on a shallow stack. */
static const uint32_t jumps[] = { 2000, 1, 2000, 513, 512, 511, 600, 0, 3, 0, 2000, 1500, 1 };

/* Culled for a plot so wide that no bar is narrow, the rows kept must be
 * exactly the exact layout's rows below 512: the clamped walk may not move
 * a bar. */
static void test_row_cap_keeps_rows(void **state)
{
	struct fc_profile_set set = import_chain(2000, jumps, FC_ARRAY_LEN(jumps));
	struct fc_layout_options exact_o = { .mode = FC_MODE_CHART };
	struct fc_layout_options culled_o = { .mode = FC_MODE_CHART,
					      .plot_width_px = 1e9,
					      .minwidth = 1 };
	struct fc_layout exact, culled;
	struct fc_error err;
	struct fc_box *want;
	size_t i, n = 0;
	(void)state;

	assert_true(fc_layout_build(&exact, &set, &exact_o, &err));
	assert_true(fc_layout_build(&culled, &set, &culled_o, &err));
	assert_int_equal(exact.lanes[0].rows, 2000);
	assert_int_equal(exact.lanes[0].rows_cut, 0);
	assert_int_equal(culled.lanes[0].rows, FC_LAYOUT_MAX_ROWS);
	assert_int_equal(culled.lanes[0].rows_cut, 2000 - FC_LAYOUT_MAX_ROWS);

	want = malloc(exact.lanes[0].n_boxes * sizeof(*want));
	assert_non_null(want);
	for (i = 0; i < exact.lanes[0].n_boxes; i++)
		if (exact.lanes[0].boxes[i].depth < FC_LAYOUT_MAX_ROWS)
			want[n++] = exact.lanes[0].boxes[i];
	assert_int_equal(culled.lanes[0].n_boxes, n);
	assert_true(fc_sort(want, n, sizeof(*want), by_row_then_x, NULL));
	assert_true(fc_sort(culled.lanes[0].boxes, n, sizeof(*want), by_row_then_x, NULL));
	for (i = 0; i < n; i++) {
		const struct fc_box *a = &want[i], *b = &culled.lanes[0].boxes[i];
		assert_int_equal(a->depth, b->depth);
		assert_true(a->x0 == b->x0 && a->x1 == b->x1);
		assert_int_equal(a->node, b->node);
		assert_int_equal(a->flags, b->flags);
	}
	/* the GC sample on the shallow stack (f1..f3) is drawn on row 3 */
	for (i = 0; i < n; i++)
		if (want[i].flags & FC_BOX_GC_STACKED)
			break;
	assert_true(i < n);
	assert_int_equal(want[i].depth, 3);
	assert_true(want[i].x0 == 9000 && want[i].x1 == 10000);
	free(want);
	fc_layout_finish(&exact);
	fc_layout_finish(&culled);
	fc_profile_set_finish(&set);
}

/* The header says how many rows are not drawn, for a culled layout (cut by
 * the layout) and for an exact one (cut by the painter); the image is 512
 * rows tall either way. */
static void test_row_cap_header(void **state)
{
	struct fc_profile_set set = import_chain(2000, jumps, FC_ARRAY_LEN(jumps));
	struct fc_layout_options o[2] = {
		{ .mode = FC_MODE_CHART, .plot_width_px = 1180, .minwidth = 1 },
		{ .mode = FC_MODE_CHART },
	};
	struct fc_style style = { .theme = fc_theme_default(), .scheme = FC_SCHEME_URL };
	struct fc_paint_options po = { .width_px = 1200, .no_legend = true };
	struct fc_error err;
	int k, w, h, h0 = 0;
	(void)state;

	for (k = 0; k < 2; k++) {
		struct fc_layout l;
		struct fc_painter *p;
		assert_true(fc_layout_build(&l, &set, &o[k], &err));
		p = fc_painter_create(&l, &style, &po, &err);
		assert_non_null(p);
		assert_non_null(p->notes);
		assert_non_null(strstr(p->notes,
				       "1,488 deeper rows not drawn (at most 512 rows per chart)"));
		assert_int_equal(p->lane_rows[0], FC_LAYOUT_MAX_ROWS);
		fc_painter_size(p, &w, &h);
		/* 512 rows of the theme's bar height, plus header and margins */
		assert_true(h > 512 * style.theme->bar_height_px &&
			    h < 512 * style.theme->bar_height_px + 200);
		if (k == 0)
			h0 = h;
		else
			assert_int_equal(h, h0);
		fc_painter_destroy(p);
		fc_layout_finish(&l);
	}
	fc_profile_set_finish(&set);
}

/* Samples jumping between the top and the bottom of a 3000-deep chain give
 * 1500 bars per jump: the exact layout stops at 32 per sample and 8 per node (at least
 * 2^20) with FC_ERR_LIMIT; images are not affected. */
static void test_exact_layout_bound(void **state)
{
	uint32_t samples[1000];
	struct fc_profile_set set;
	struct fc_layout_options exact_o = { .mode = FC_MODE_CHART };
	struct fc_layout_options culled_o = { .mode = FC_MODE_CHART,
					      .plot_width_px = 1180,
					      .minwidth = 1 };
	struct fc_layout l;
	struct fc_error err;
	size_t i;
	(void)state;

	for (i = 0; i < FC_ARRAY_LEN(samples); i++)
		samples[i] = i % 2 ? 3000 : 1;
	set = import_chain(3000, samples, FC_ARRAY_LEN(samples));
	fc_error_init(&err);
	assert_false(fc_layout_build(&l, &set, &exact_o, &err));
	assert_int_equal(err.code, FC_ERR_LIMIT);
	assert_non_null(strstr(
		err.text,
		"more than 1048576 bars (32 per sample, 8 per node; the call tree is 3000 deep)"));
	assert_true(fc_layout_build(&l, &set, &culled_o, &err));
	assert_true(l.lanes[0].rows <= FC_LAYOUT_MAX_ROWS);
	fc_layout_finish(&l);
	fc_profile_set_finish(&set);

	/* below the floor of 2^20 bars nothing is refused: 200 jumps of 3000 */
	set = import_chain(3000, samples, 400);
	assert_true(fc_layout_build(&l, &set, &exact_o, &err));
	assert_true(l.lanes[0].n_boxes > 32 * 400);
	fc_layout_finish(&l);
	fc_profile_set_finish(&set);
}

/* --- clean text ---------------------------------------------------------------- */

static bool no_controls(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || (unsigned char)*s == 0x7f)
			return false;
	return true;
}

static void test_error_text_clean(void **state)
{
	struct fc_error e;
	char big[600];
	size_t n;
	(void)state;

	fc_error_init(&e);
	fc_error_set(&e, FC_ERR_FORMAT, "line \"%s\"", "\x1b[31mred\x07 \xff\xfe ok \xc3\xa9");
	assert_string_equal(
		e.text,
		"line \"\xef\xbf\xbd[31mred\xef\xbf\xbd \xef\xbf\xbd\xef\xbf\xbd ok \xc3\xa9\"");
	fc_error_set_file(&e, "dir/\x1b]0;x\x07.json");
	assert_string_equal(e.file, "dir/\xef\xbf\xbd]0;x\xef\xbf\xbd.json");

	/* a message cut by the 512-byte buffer inside "é" loses the half */
	memset(big, 'a', sizeof(big));
	big[511] = '\xc3';
	big[512] = '\xa9';
	big[599] = '\0';
	fc_error_set(&e, FC_ERR_FORMAT, "%s", big + 1); /* 'é' at 510..511 of the text */
	n = strlen(e.text);
	assert_int_equal(n, 510);
	assert_true(fc_utf8_clean(e.text, n));
	/* clean text is left alone, tab included */
	fc_error_set(&e, FC_ERR_FORMAT, "tab\there \xe2\x80\xa6");
	assert_string_equal(e.text, "tab\there \xe2\x80\xa6");
}

static void test_strdup_clean(void **state)
{
	char *s;
	(void)state;

	s = fc_strdup_clean("a\x01"
			    "b\xc3");
	assert_string_equal(s, "a\xef\xbf\xbd"
			       "b\xef\xbf\xbd");
	free(s);
	s = fc_strdup_clean("plain é");
	assert_string_equal(s, "plain é");
	free(s);
}

/* Thread names and notes from a trace, and the profile name from a file
 * name, come out clean. */
static void test_trace_names_clean(void **state)
{
	static const char trace[] =
		"[{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"tid\":2,"
		"\"args\":{\"name\":\"main\\u001b[2J\xff\"}},"
		"{\"ph\":\"P\",\"name\":\"Profile\",\"pid\":1,\"tid\":2,\"ts\":0,\"id\":\"0x1\","
		"\"args\":{\"data\":{\"startTime\":0}}},"
		"{\"ph\":\"P\",\"name\":\"ProfileChunk\",\"pid\":1,\"tid\":3,\"ts\":10,\"id\":"
		"\"0x1\","
		"\"args\":{\"data\":{\"cpuProfile\":{\"nodes\":[{\"id\":1,\"callFrame\":"
		"{\"functionName\":\"(root)\"}},{\"id\":2,\"parent\":1,\"callFrame\":"
		"{\"functionName\":\"f\"}}],\"samples\":[2,2]},\"timeDeltas\":[1,1]}}}]";
	struct fc_import_options io = FC_IMPORT_OPTIONS_INIT;
	struct fc_profile_set set;
	struct fc_error err;
	(void)state;

	fc_profile_set_init(&set);
	assert_true(
		fc_import_memory("bad\x1b name.json", trace, sizeof(trace) - 1, &io, &set, &err));
	assert_int_equal(set.count, 1);
	assert_string_equal(set.items[0]->thread_name, "main\xef\xbf\xbd[2J\xef\xbf\xbd");
	assert_true(no_controls(set.items[0]->name));
	fc_profile_set_finish(&set);
}

/* The painter: a title with control characters and invalid UTF-8 is
 * cleaned, and pango gets nothing it would warn about. */
static int pango_warnings;

static void count_warning(const gchar *domain, GLogLevelFlags level, const gchar *message,
			  gpointer data)
{
	(void)domain;
	(void)level;
	(void)message;
	(void)data;
	pango_warnings++;
}

static void test_painter_text_guard(void **state)
{
	uint32_t samples[] = { 1, 2, 1 };
	struct fc_profile_set set = import_chain(3, samples, 3);
	struct fc_layout_options lo = { .mode = FC_MODE_CHART,
					.plot_width_px = 380,
					.minwidth = 1 };
	struct fc_style style = { .theme = fc_theme_default(), .scheme = FC_SCHEME_URL };
	struct fc_paint_options po = { .width_px = 400,
				       .title = "t\x1b[1m\xff\xfe",
				       .subtitle = "s\xc3" };
	struct fc_layout l;
	struct fc_painter *p;
	struct fc_error err;
	cairo_surface_t *s;
	cairo_t *cr;
	guint id;
	int w, h;
	(void)state;

	assert_true(fc_layout_build(&l, &set, &lo, &err));
	id = g_log_set_handler("Pango", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_CRITICAL, count_warning,
			       NULL);
	p = fc_painter_create(&l, &style, &po, &err);
	assert_non_null(p);
	assert_string_equal(p->title, "t\xef\xbf\xbd[1m\xef\xbf\xbd\xef\xbf\xbd");
	assert_string_equal(p->subtitle, "s\xef\xbf\xbd");
	/* straight to the text helpers, as a later caller might */
	assert_true(fc_text_width(p->text, "\xff\xfe\x01") > 0);
	fc_painter_size(p, &w, &h);
	s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
	cr = cairo_create(s);
	assert_true(fc_painter_paint(p, cr, &err));
	cairo_destroy(cr);
	cairo_surface_destroy(s);
	g_log_remove_handler("Pango", id);
	assert_int_equal(pango_warnings, 0);
	fc_painter_destroy(p);
	fc_layout_finish(&l);
	fc_profile_set_finish(&set);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_row_cap_keeps_rows), cmocka_unit_test(test_row_cap_header),
		cmocka_unit_test(test_exact_layout_bound), cmocka_unit_test(test_error_text_clean),
		cmocka_unit_test(test_strdup_clean),       cmocka_unit_test(test_trace_names_clean),
		cmocka_unit_test(test_painter_text_guard),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
