/* The painter's geometry, checked on pixels: DevTools' bar rectangle
 * (floor x, w - 0.5, h - 1), row order for chart, graph and icicle, the
 * grid, and the image size. Coordinates are worked out from the profile. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "flamechart/import.h"
#include "render/paint_internal.h"
#include "model/profile.h"

/* A [0, 300) with C [100, 300) on top, then B [300, 400): four samples 100 µs
 * apart, the last lasting the average interval. */
static const char profile_json[] =
	"{\"nodes\":["
	"{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\",\"scriptId\":\"0\",\"url\":\"\","
	"\"lineNumber\":-1,\"columnNumber\":-1},\"children\":[2,4]},"
	"{\"id\":2,\"callFrame\":{\"functionName\":\"A\",\"scriptId\":\"1\","
	"\"url\":\"file:///a.js\",\"lineNumber\":0,\"columnNumber\":0},\"children\":[3]},"
	"{\"id\":3,\"callFrame\":{\"functionName\":\"C\",\"scriptId\":\"3\","
	"\"url\":\"file:///c.js\",\"lineNumber\":0,\"columnNumber\":0}},"
	"{\"id\":4,\"callFrame\":{\"functionName\":\"B\",\"scriptId\":\"2\","
	"\"url\":\"file:///b.js\",\"lineNumber\":0,\"columnNumber\":0}}],"
	"\"startTime\":0,\"endTime\":400,\"samples\":[2,3,3,4],\"timeDeltas\":[0,100,100,100]}";

struct fixture {
	struct fc_profile_set set;
	struct fc_style style;
	struct fc_paint_options po;
};

static int setup(void **state)
{
	static struct fixture f;
	struct fc_import_options io = FC_IMPORT_OPTIONS_INIT;
	struct fc_error err;

	memset(&f, 0, sizeof(f));
	fc_profile_set_init(&f.set);
	if (!fc_import_memory("t.cpuprofile", profile_json, sizeof(profile_json) - 1, &io, &f.set,
			      &err))
		return -1;
	f.style.theme = fc_theme_default();
	f.style.scheme = FC_SCHEME_URL;
	f.po.width_px = 1200;
	f.po.no_legend = true;
	*state = &f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;
	fc_profile_set_finish(&f->set);
	return 0;
}

struct image {
	cairo_surface_t *s;
	struct fc_painter *p;
	int w, h;
};

static void paint(struct image *im, const struct fc_layout *l, struct fixture *f)
{
	struct fc_error err;
	cairo_t *cr;

	im->p = fc_painter_create(l, &f->style, &f->po, &err);
	assert_non_null(im->p);
	fc_painter_size(im->p, &im->w, &im->h);
	im->s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, im->w, im->h);
	cr = cairo_create(im->s);
	assert_true(fc_painter_paint(im->p, cr, &err));
	cairo_destroy(cr);
	cairo_surface_flush(im->s);
}

static void release(struct image *im)
{
	fc_painter_destroy(im->p);
	cairo_surface_destroy(im->s);
}

static struct fc_rgb px(const struct image *im, double x, double y)
{
	const unsigned char *row = cairo_image_surface_get_data(im->s) +
				   (size_t)y * (size_t)cairo_image_surface_get_stride(im->s);
	uint32_t v = ((const uint32_t *)(const void *)row)[(int)x];
	return (struct fc_rgb){ (uint8_t)(v >> 16), (uint8_t)(v >> 8), (uint8_t)v };
}

static bool same(struct fc_rgb a, struct fc_rgb b)
{
	return a.r == b.r && a.g == b.g && a.b == b.b;
}

static struct fc_rgb fill_of(struct fixture *f, const char *name)
{
	const struct fc_profile *p = f->set.items[0];
	struct fc_box b = { .count = 1 };
	uint32_t i;

	for (i = 0; i < p->n_frames; i++)
		if (strcmp(fc_profile_str(p, p->frames[i].name), name) == 0)
			b.frame = i;
	return fc_style_fill(&f->style, p, &b, 0);
}

static void test_plot_width(void **state)
{
	struct fixture *f = *state;
	assert_true(fc_paint_plot_width(&f->po) == 1200 - 2 * FC_PAINT_MARGIN_X);
}

/* 1180 px over 400 µs = 2.95 px/µs: A covers columns 0..884, C 295..884,
 * B 885..1179. Ticks every 50 µs = 147.5 px: 0, 147, 295, 442, 590, 737,
 * 885 (the grid is drawn over the bars, as DevTools does). */
static void test_chart(void **state)
{
	struct fixture *f = *state;
	struct fc_layout_options lo = { .plot_width_px = fc_paint_plot_width(&f->po),
					.minwidth = 1 };
	const struct fc_rgb bg = fc_theme_default()->background;
	struct fc_layout l;
	struct fc_error err;
	struct image im;
	double x0 = FC_PAINT_MARGIN_X, y0, h = fc_theme_default()->bar_height_px;
	struct fc_rgb a = fill_of(f, "A"), b = fill_of(f, "B"), c = fill_of(f, "C"), e;

	assert_true(fc_layout_build(&l, &f->set, &lo, &err));
	paint(&im, &l, f);
	assert_int_equal(im.w, 1200);
	y0 = im.p->lane_y[0];
	/* row 0 on top: A, then B from column 885 */
	assert_true(same(px(&im, x0 + 600, y0 + 3), a));
	assert_true(same(px(&im, x0 + 883, y0 + 3), a));
	assert_true(same(px(&im, x0 + 886, y0 + 3), b)); /* 885 is a grid line */
	assert_true(same(px(&im, x0 + 1000, y0 + 3), b));
	/* A's rectangle ends at 885 - 0.5: column 884 is half A, half background */
	e = px(&im, x0 + 884, y0 + 3);
	assert_false(same(e, a));
	assert_false(same(e, bg));
	assert_in_range(e.r, (a.r + bg.r) / 2 - 2, (a.r + bg.r) / 2 + 2);
	/* height h - 1: the last pixel row of a level is the background */
	assert_true(same(px(&im, x0 + 600, y0 + h - 2), a));
	assert_true(same(px(&im, x0 + 600, y0 + h - 1), bg));
	/* row 1: C from column 295, nothing before it */
	assert_true(same(px(&im, x0 + 600, y0 + h + 3), c));
	assert_true(same(px(&im, x0 + 100, y0 + h + 3), bg));
	assert_true(same(px(&im, x0 + 296, y0 + h + 3), c));
	/* the grid: a faint line on the tick at 590, none next to it */
	e = px(&im, x0 + 590, y0 + h - 1);
	assert_false(same(e, bg));
	assert_true(e.b > e.r); /* blue-ish: DevTools' rgb(11 87 208 / 10%) */
	assert_true(same(px(&im, x0 + 592, y0 + h - 1), bg));
	/* nothing past the plot */
	assert_true(same(px(&im, x0 + 1181, y0 + 3), bg));
	release(&im);
	fc_layout_finish(&l);
}

/* A graph drawn by hand: A [0, 100) at depth 0, C [0, 50) on it. */
static void graph_case(struct fixture *f, bool inverted)
{
	const struct fc_profile *p = f->set.items[0];
	const struct fc_rgb bg = fc_theme_default()->background;
	struct fc_box boxes[2] = { { .x0 = 0, .x1 = 100, .depth = 0, .count = 1 },
				   { .x0 = 0, .x1 = 50, .depth = 1, .count = 1 } };
	struct fc_lane lane = { .profile = p,
				.boxes = boxes,
				.n_boxes = 2,
				.rows = 2,
				.x_min = 0,
				.x_max = 100,
				.total = 100 };
	struct fc_layout l = { .mode = FC_MODE_GRAPH,
			       .lanes = &lane,
			       .n_lanes = 1,
			       .x_min = 0,
			       .x_max = 100,
			       .has_time = true,
			       .unit = "µs" };
	double x0 = FC_PAINT_MARGIN_X, h = fc_theme_default()->bar_height_px, top, bottom;
	struct fc_rgb a = fill_of(f, "A"), c = fill_of(f, "C");
	struct image im;
	uint32_t i;

	l.options.mode = FC_MODE_GRAPH;
	l.options.inverted = inverted;
	for (i = 0; i < p->n_frames; i++) {
		if (strcmp(fc_profile_str(p, p->frames[i].name), "A") == 0)
			boxes[0].frame = i;
		if (strcmp(fc_profile_str(p, p->frames[i].name), "C") == 0)
			boxes[1].frame = i;
	}
	paint(&im, &l, f);
	top = im.p->lane_y[0] + 3;
	bottom = im.p->lane_y[0] + h + 3;
	/* flame graph: root's children at the bottom; icicle: at the top */
	assert_true(same(px(&im, x0 + 900, inverted ? top : bottom), a));
	assert_true(same(px(&im, x0 + 900, inverted ? bottom : top), bg));
	assert_true(same(px(&im, x0 + 300, inverted ? bottom : top), c));
	release(&im);
}

static void test_graph(void **state)
{
	graph_case(*state, false);
}

static void test_icicle(void **state)
{
	graph_case(*state, true);
}

/* The legend adds height; the height is the same for every call. */
static void test_size(void **state)
{
	struct fixture *f = *state;
	struct fc_layout_options lo = { .plot_width_px = fc_paint_plot_width(&f->po),
					.minwidth = 1 };
	struct fc_layout l;
	struct fc_error err;
	struct fc_painter *p;
	int w, h1, h2;

	assert_true(fc_layout_build(&l, &f->set, &lo, &err));
	p = fc_painter_create(&l, &f->style, &f->po, &err);
	fc_painter_size(p, &w, &h1);
	fc_painter_destroy(p);
	f->po.no_legend = false;
	p = fc_painter_create(&l, &f->style, &f->po, &err);
	fc_painter_size(p, &w, &h2);
	fc_painter_destroy(p);
	f->po.no_legend = true;
	assert_true(h2 > h1 + fc_paint_line_h(fc_theme_default()));
	/* two rows of bars below the ruler */
	assert_true(h1 >= FC_PAINT_MARGIN_TOP + fc_paint_ruler_h(fc_theme_default()) +
				  2 * fc_theme_default()->bar_height_px);
	fc_layout_finish(&l);
}

/* A PNG painted in bands of 16 rows holds exactly the pixels of the image
 * painted in one pass: no seams at band edges, nothing painted twice. */
static void test_png_bands(void **state)
{
	struct fixture *f = *state;
	struct fc_layout_options lo = { .plot_width_px = fc_paint_plot_width(&f->po),
					.minwidth = 1 };
	char path[] = "/tmp/fc-test-bands-XXXXXX";
	struct fc_layout l;
	struct fc_error err;
	struct fc_output out;
	struct image im;
	cairo_surface_t *png;
	int fd, x, y, bands;

	fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	f->po.no_legend = false;
	f->po.scale = 2;
	assert_true(fc_layout_build(&l, &f->set, &lo, &err));
	paint(&im, &l, f);
	assert_true(fc_output_open(&out, path, &err));
	assert_true(fc_write_png_bands(&l, &f->style, &f->po, 1, &out, &err));
	assert_true(fc_output_commit(&out, &err));

	png = cairo_image_surface_create_from_png(path);
	assert_int_equal(cairo_surface_status(png), CAIRO_STATUS_SUCCESS);
	/* the one-pass image is in user units; the PNG is at scale 2 */
	assert_int_equal(cairo_image_surface_get_width(png), 2 * im.w);
	assert_int_equal(cairo_image_surface_get_height(png), 2 * im.h);
	bands = (2 * im.h + 15) / 16;
	assert_true(bands >= 8);
	{
		cairo_surface_t *big =
			cairo_image_surface_create(CAIRO_FORMAT_RGB24, 2 * im.w, 2 * im.h);
		cairo_t *cr = cairo_create(big);
		const unsigned char *a, *b;
		int sa, sb;

		cairo_scale(cr, 2, 2);
		assert_true(fc_painter_paint(im.p, cr, &err));
		cairo_destroy(cr);
		cairo_surface_flush(big);
		a = cairo_image_surface_get_data(big);
		b = cairo_image_surface_get_data(png);
		sa = cairo_image_surface_get_stride(big);
		sb = cairo_image_surface_get_stride(png);
		for (y = 0; y < 2 * im.h; y++)
			for (x = 0; x < 2 * im.w; x++) {
				uint32_t pa, pb;
				memcpy(&pa, a + (size_t)y * sa + 4 * (size_t)x, 4);
				memcpy(&pb, b + (size_t)y * sb + 4 * (size_t)x, 4);
				if ((pa & 0xffffff) != (pb & 0xffffff))
					fail_msg("pixel %d,%d: %06x painted in bands, %06x in one "
						 "pass",
						 x, y, pb & 0xffffff, pa & 0xffffff);
			}
		cairo_surface_destroy(big);
	}
	cairo_surface_destroy(png);
	release(&im);
	unlink(path);
	f->po.no_legend = true;
	f->po.scale = 0;
	fc_layout_finish(&l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plot_width), cmocka_unit_test(test_chart),
		cmocka_unit_test(test_graph),      cmocka_unit_test(test_icicle),
		cmocka_unit_test(test_size),       cmocka_unit_test(test_png_bands),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
