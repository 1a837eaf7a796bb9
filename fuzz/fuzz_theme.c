/* Fuzz target: the theme loader (docs/themes.md). A theme is small JSON
 * from a user's file, but every value in it reaches the painter: a colour,
 * a font family string for pango, sizes that set the image's geometry.
 * The oracles, beyond the sanitizers:
 *   - a failure is a clean error: a code, an exit code, clean text;
 *   - a theme that loads keeps every value within the bounds the loader
 *     documents, and its strings are clean text;
 *   - loading is deterministic (the same bytes twice give the same theme);
 *   - the theme then paints a small profile in every scheme, on a
 *     recording surface, without a cairo error. */
#include <cairo.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "flamechart/import.h"
#include "layout/layout.h"
#include "render/paint.h"
#include "style/style.h"
#include "harness.h"
#include "model/profile.h"

/* Two frames of app code, one of a dependency, GC and (program): enough for
 * every scheme to pick different colours and for the legend to have rows. */
static const char PROFILE[] =
	"{\"nodes\":["
	"{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\",\"scriptId\":\"0\",\"url\":\"\","
	"\"lineNumber\":-1,\"columnNumber\":-1},\"children\":[2,5,6]},"
	"{\"id\":2,\"callFrame\":{\"functionName\":\"main\",\"scriptId\":\"1\","
	"\"url\":\"file:///app/main.js\",\"lineNumber\":1,\"columnNumber\":0},\"children\":[3,4]},"
	"{\"id\":3,\"callFrame\":{\"functionName\":\"parse\",\"scriptId\":\"2\","
	"\"url\":\"file:///app/node_modules/acorn/dist/acorn.js\",\"lineNumber\":10,"
	"\"columnNumber\":4}},"
	"{\"id\":4,\"callFrame\":{\"functionName\":\"readFileSync\",\"scriptId\":\"3\","
	"\"url\":\"node:fs\",\"lineNumber\":5,\"columnNumber\":2}},"
	"{\"id\":5,\"callFrame\":{\"functionName\":\"(garbage collector)\",\"scriptId\":\"0\","
	"\"url\":\"\",\"lineNumber\":-1,\"columnNumber\":-1}},"
	"{\"id\":6,\"callFrame\":{\"functionName\":\"(program)\",\"scriptId\":\"0\",\"url\":\"\","
	"\"lineNumber\":-1,\"columnNumber\":-1}}],"
	"\"startTime\":0,\"endTime\":1000,"
	"\"samples\":[2,3,3,4,5,2,6,6,3,2],"
	"\"timeDeltas\":[0,100,100,100,100,100,100,100,100,100]}";

static struct fc_profile_set *profiles(void)
{
	static struct fc_profile_set set;
	static bool done;
	struct fc_import_options opts = { .version = FC_IMPORT_OPTIONS_VERSION,
					  .format = FC_FORMAT_CPUPROFILE };
	struct fc_error err;

	if (!done) {
		fc_profile_set_init(&set);
		fc_error_init(&err);
		fuzz_check(fc_import_memory("theme.cpuprofile", PROFILE, sizeof(PROFILE) - 1, &opts,
					    &set, &err),
			   "the fixed profile does not load");
		done = true;
	}
	return &set;
}

static bool within(double v, double lo, double hi)
{
	return isfinite(v) && v >= lo && v <= hi;
}

static bool space_ok(const struct fc_hsl_space *sp, int lo, int hi)
{
	int i, n;

	if (sp->min < lo || sp->max > hi || sp->min > hi || sp->max < lo || sp->count < 0)
		return false;
	n = fc_hsl_space_count(sp);
	if (n < 0 || n > 100000 || (n == 0 && sp->min != sp->max))
		return false;
	for (i = 0; i < n; i += 1 + n / 64) {
		int v = fc_hsl_space_value(sp, i);
		if (v < lo || v > hi)
			return false;
	}
	return true;
}

static bool hsl_ok(struct fc_hsl c)
{
	return within(c.h, -1e6, 1e6) && within(c.s, 0, 100) && within(c.l, 0, 100);
}

static void check_theme(const struct fc_theme *t)
{
	fuzz_check(t->name && t->name[0] && fuzz_text_clean(t->name, strlen(t->name)),
		   "theme name missing or not clean text");
	fuzz_check(t->font_family && t->font_family[0] &&
			   fuzz_text_clean(t->font_family, strlen(t->font_family)),
		   "font family missing or not clean text");
	fuzz_check(within(t->grid_alpha, 0, 1), "grid_alpha out of range");
	fuzz_check(within(t->font_size_px, 6, 48), "font size out of range");
	fuzz_check(within(t->bar_height_px, 8, 64), "bar height out of range");
	fuzz_check(within(t->text_pad_px, 0, 20), "text padding out of range");
	fuzz_check(within(t->heat_full_share, 0.001, 1), "heat full share out of range");
	fuzz_check(within(t->mono_darkest, 0, 100) && within(t->mono_lightest, 0, 100),
		   "mono range out of range");
	fuzz_check(hsl_ok(t->heat_cold) && hsl_ok(t->heat_hot), "heat colour out of range");
	fuzz_check(space_ok(&t->hue, 0, 360) && space_ok(&t->saturation, 0, 100) &&
			   space_ok(&t->lightness, 0, 100),
		   "url colour space out of range");
	fuzz_check(space_ok(&t->package_hue, 0, 360) && space_ok(&t->package_saturation, 0, 100) &&
			   space_ok(&t->package_lightness, 0, 100),
		   "package colour space out of range");
}

static bool rgb_eq(struct fc_rgb a, struct fc_rgb b)
{
	return a.r == b.r && a.g == b.g && a.b == b.b;
}

static void check_same(const struct fc_theme *a, const struct fc_theme *b)
{
	size_t i;
	bool same = strcmp(a->name, b->name) == 0 && strcmp(a->font_family, b->font_family) == 0 &&
		    rgb_eq(a->background, b->background) && rgb_eq(a->text, b->text) &&
		    rgb_eq(a->label_dark, b->label_dark) &&
		    rgb_eq(a->label_light, b->label_light) && a->font_size_px == b->font_size_px &&
		    a->bar_height_px == b->bar_height_px && a->hue.min == b->hue.min &&
		    a->hue.max == b->hue.max && a->hue.count == b->hue.count &&
		    a->heat_hot.h == b->heat_hot.h;

	for (i = 0; i < FC_TIER_COUNT; i++)
		same = same && rgb_eq(a->tier[i], b->tier[i]);
	fuzz_check(same, "the same theme loaded twice differs");
}

static void paint(const struct fc_theme *t)
{
	static const enum fc_scheme schemes[] = { FC_SCHEME_URL, FC_SCHEME_TIER, FC_SCHEME_PACKAGE,
						  FC_SCHEME_HEAT, FC_SCHEME_MONO };
	struct fc_paint_options po = { .width_px = 400 };
	struct fc_layout_options lo = { .mode = FC_MODE_CHART, .minwidth = 1 };
	struct fc_layout l;
	struct fc_error err;
	size_t i;

	lo.plot_width_px = fc_paint_plot_width(&po);
	fc_error_init(&err);
	fuzz_check(fc_layout_build(&l, profiles(), &lo, &err), "layout of the fixed profile");
	for (i = 0; i < sizeof(schemes) / sizeof(schemes[0]); i++) {
		struct fc_style st = { .theme = t,
				       .scheme = schemes[i],
				       .dim_tiers = 1u << FC_TIER_GC };
		cairo_surface_t *s =
			cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, NULL);
		cairo_t *cr = cairo_create(s);
		bool ok;

		fc_error_init(&err);
		ok = fc_style_prepare(&st, &l, &err) && fc_paint(cr, &l, &st, &po, &err);
		if (!ok)
			fuzz_check(err.code == FC_ERR_NOMEM, "painting with a loaded theme failed");
		fuzz_check(cairo_status(cr) == CAIRO_STATUS_SUCCESS || !ok,
			   "cairo error after painting");
		cairo_destroy(cr);
		cairo_surface_destroy(s);
		fc_style_finish(&st);
	}
	fc_layout_finish(&l);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fc_error err;
	struct fc_theme *t, *again;

	fc_error_init(&err);
	t = fc_theme_parse((const char *)data, size, "fuzz.json", &err);
	if (!t) {
		fuzz_check_error(&err);
		return 0;
	}
	check_theme(t);
	fc_error_init(&err);
	again = fc_theme_parse((const char *)data, size, "fuzz.json", &err);
	fuzz_check(again != NULL, "the same theme failed to load a second time");
	check_same(t, again);
	fc_theme_destroy(again);
	paint(t);
	fc_theme_destroy(t);
	return 0;
}
