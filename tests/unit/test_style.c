/* The schemes over every built-in theme:
 * - tier colours stay apart for readers with colour-vision deficiency:
 *   Machado, Oliveira & Fernandes (2009) simulation of protanopia,
 *   deuteranopia and tritanopia (severity 1), then CIEDE2000 between every
 *   two tiers (the ΔE is checked against Sharma, Wu & Dalal's published
 *   test pairs first);
 * - every bar colour a scheme can produce gets a label with a contrast
 *   ratio of at least 4.5:1 (WCAG AA), dimmed or not;
 * - colours are pure functions of the frame: order and interning do not
 *   change them; package, heat, mono and dimming follow their rules. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model/classify.h"
#include "flamechart/import.h"
#include "layout/layout.h"
#include "style/legend.h"
#include "style/style.h"
#include "model/profile.h"

/* --- colour science, restated for the test --------------------------------------- */

struct lab {
	double l, a, b;
};

static double linear(double v)
{
	v /= 255;
	return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
}

/* Machado et al. 2009, Table 1, severity 1.0; applied to linear sRGB. */
static const double machado[4][3][3] = {
	{ { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } }, /* normal vision */
	{ { 0.152286, 1.052583, -0.204868 },
	  { 0.114503, 0.786281, 0.099216 },
	  { -0.003882, -0.048116, 1.051998 } }, /* protanopia */
	{ { 0.367322, 0.860646, -0.227968 },
	  { 0.280085, 0.672501, 0.047413 },
	  { -0.011820, 0.042940, 0.968881 } }, /* deuteranopia */
	{ { 1.255528, -0.076749, -0.178779 },
	  { -0.078411, 0.930809, 0.147602 },
	  { 0.004733, 0.691367, 0.303900 } }, /* tritanopia */
};
static const char *const vision[4] = { "normal", "protanopia", "deuteranopia", "tritanopia" };

static double labf(double t)
{
	return t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116;
}

/* Linear sRGB -> CIELAB, D65 white. */
static struct lab to_lab(const double rgb[3])
{
	double x = 0.4124564 * rgb[0] + 0.3575761 * rgb[1] + 0.1804375 * rgb[2];
	double y = 0.2126729 * rgb[0] + 0.7151522 * rgb[1] + 0.0721750 * rgb[2];
	double z = 0.0193339 * rgb[0] + 0.1191920 * rgb[1] + 0.9503041 * rgb[2];
	double fx = labf(x / 0.95047), fy = labf(y), fz = labf(z / 1.08883);
	return (struct lab){ 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz) };
}

static struct lab simulate(struct fc_rgb c, int v)
{
	double in[3] = { linear(c.r), linear(c.g), linear(c.b) }, out[3];
	int i;

	for (i = 0; i < 3; i++) {
		double s = machado[v][i][0] * in[0] + machado[v][i][1] * in[1] +
			   machado[v][i][2] * in[2];
		out[i] = s < 0 ? 0 : s > 1 ? 1 : s;
	}
	return to_lab(out);
}

static double deg(double r)
{
	return r * 180 / M_PI;
}

static double rad(double d)
{
	return d * M_PI / 180;
}

/* CIEDE2000 (Sharma, Wu & Dalal 2005), kL = kC = kH = 1. */
static double ciede2000(struct lab x, struct lab y)
{
	double c1 = hypot(x.a, x.b), c2 = hypot(y.a, y.b), cm = (c1 + c2) / 2;
	double g = 0.5 * (1 - sqrt(pow(cm, 7) / (pow(cm, 7) + pow(25, 7))));
	double a1 = (1 + g) * x.a, a2 = (1 + g) * y.a;
	double cp1 = hypot(a1, x.b), cp2 = hypot(a2, y.b);
	double h1 = cp1 == 0 ? 0 : fmod(deg(atan2(x.b, a1)) + 360, 360);
	double h2 = cp2 == 0 ? 0 : fmod(deg(atan2(y.b, a2)) + 360, 360);
	double dl = y.l - x.l, dc = cp2 - cp1, dh = 0, hm, t, sl, sc, sh, rt, lm, cpm;

	if (cp1 * cp2 != 0) {
		dh = h2 - h1;
		if (dh > 180)
			dh -= 360;
		else if (dh < -180)
			dh += 360;
	}
	dh = 2 * sqrt(cp1 * cp2) * sin(rad(dh / 2));
	lm = (x.l + y.l) / 2;
	cpm = (cp1 + cp2) / 2;
	if (cp1 * cp2 == 0)
		hm = h1 + h2;
	else if (fabs(h1 - h2) <= 180)
		hm = (h1 + h2) / 2;
	else
		hm = h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2;
	t = 1 - 0.17 * cos(rad(hm - 30)) + 0.24 * cos(rad(2 * hm)) + 0.32 * cos(rad(3 * hm + 6)) -
	    0.20 * cos(rad(4 * hm - 63));
	sl = 1 + 0.015 * pow(lm - 50, 2) / sqrt(20 + pow(lm - 50, 2));
	sc = 1 + 0.045 * cpm;
	sh = 1 + 0.015 * cpm * t;
	rt = -2 * sqrt(pow(cpm, 7) / (pow(cpm, 7) + pow(25, 7))) *
	     sin(rad(60 * exp(-pow((hm - 275) / 25, 2))));
	return sqrt(pow(dl / sl, 2) + pow(dc / sc, 2) + pow(dh / sh, 2) +
		    rt * (dc / sc) * (dh / sh));
}

/* Sharma, Wu & Dalal (2005), Table 1: pairs 1, 7, 17-20, 25, 34. */
static void test_ciede2000(void **state)
{
	static const struct {
		struct lab x, y;
		double de;
	} pairs[] = {
		{ { 50, 2.6772, -79.7751 }, { 50, 0, -82.7485 }, 2.0425 },
		{ { 50, 0, 0 }, { 50, -1, 2 }, 2.3669 },
		{ { 50, 2.5, 0 }, { 73, 25, -18 }, 27.1492 },
		{ { 50, 2.5, 0 }, { 61, -5, 29 }, 22.8977 },
		{ { 50, 2.5, 0 }, { 56, -27, -3 }, 31.9030 },
		{ { 50, 2.5, 0 }, { 58, 24, 15 }, 19.4535 },
		{ { 60.2574, -34.0099, 36.2677 }, { 60.4626, -34.1751, 39.4387 }, 1.2644 },
		{ { 2.0776, 0.0795, -1.1350 }, { 0.9033, -0.0636, -0.5514 }, 0.9082 },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
		double de = ciede2000(pairs[i].x, pairs[i].y);
		if (fabs(de - pairs[i].de) > 1e-4)
			fail_msg("pair %zu: %.4f, published %.4f", i, de, pairs[i].de);
	}
}

/* Machado's matrices keep greys grey (each row sums to 1). */
static void test_machado_greys(void **state)
{
	struct fc_rgb grey = { 128, 128, 128 };
	struct lab n = simulate(grey, 0);
	int v;

	(void)state;
	for (v = 1; v < 4; v++)
		assert_true(ciede2000(n, simulate(grey, v)) < 0.5);
}

/* The smallest ΔE00 allowed between two tiers, under every simulation.
 * About 10 tells large areas apart at a glance; Okabe-Ito, the published
 * palette the built-in themes use, reaches 10.9 (tritanopia, app and
 * V8 -- see docs/themes.md). */
#define MIN_TIER_DELTA 10.0

static void test_tiers_cvd(void **state)
{
	size_t k;

	(void)state;
	for (k = 0; fc_theme_builtin_name(k); k++) {
		struct fc_error err;
		struct fc_theme *t = fc_theme_open(fc_theme_builtin_name(k), &err);
		int v, i, j;

		assert_non_null(t);
		for (v = 0; v < 4; v++) {
			for (i = 0; i < FC_TIER_COUNT; i++) {
				for (j = i + 1; j < FC_TIER_COUNT; j++) {
					double de = ciede2000(simulate(t->tier[i], v),
							      simulate(t->tier[j], v));
					if (de < MIN_TIER_DELTA)
						fail_msg("%s theme, %s: tiers %s and %s are %.1f "
							 "apart (ΔE00), less than %.0f",
							 t->name, vision[v], fc_tier_name(i),
							 fc_tier_name(j), de, MIN_TIER_DELTA);
				}
			}
			/* and every tier stands out from the background (both
			 * ends of a gradient) */
			for (i = 0; i < FC_TIER_COUNT; i++)
				if (ciede2000(simulate(t->tier[i], v), simulate(t->background, v)) <
					    5 ||
				    ciede2000(simulate(t->tier[i], v),
					      simulate(t->background_end, v)) < 5)
					fail_msg("%s theme, %s: tier %s is lost on the background",
						 t->name, vision[v], fc_tier_name(i));
		}
		fc_theme_destroy(t);
	}
}

/* --- label contrast over every palette entry --------------------------------------- */

struct contrast {
	const struct fc_theme *t;
	struct fc_style st;
	size_t checked;
	double worst;
};

/* images shade each function 0, 5, 10 or 15 % darker (fc_style.shade):
 * every step of every colour, and each dimmed */
static void label_ok(struct contrast *c, struct fc_rgb base, const char *what)
{
	for (int step = 0; step < 4; step++) {
		double k = 1 - 0.05 * step;
		struct fc_rgb fill = { (uint8_t)lround(base.r * k), (uint8_t)lround(base.g * k),
				       (uint8_t)lround(base.b * k) };
		struct fc_rgb dims[2] = { fill, fc_style_dim(c->t, fill) };
		int i;

		for (i = 0; i < 2; i++) {
			double r = fc_contrast_ratio(fc_style_label(&c->st, dims[i]), dims[i]);
			if (r < 4.5)
				fail_msg("%s theme: %s%s (%d, %d, %d): label contrast %.2f < 4.5",
					 c->t->name, what, i ? ", dimmed" : "", dims[i].r,
					 dims[i].g, dims[i].b, r);
			if (r < c->worst)
				c->worst = r;
			c->checked++;
		}
	}
}

/* Every value a generator space can give, crossed: all the colours the url
 * or package scheme can produce in this theme. */
static void generator_ok(struct contrast *c, const struct fc_hsl_space *h,
			 const struct fc_hsl_space *s, const struct fc_hsl_space *l,
			 const char *what)
{
	int i, j, k, nh = fc_hsl_space_count(h), ns = fc_hsl_space_count(s),
		     nl = fc_hsl_space_count(l);

	for (i = 0; i < (nh > 0 ? nh : 1); i++)
		for (j = 0; j < (ns > 0 ? ns : 1); j++)
			for (k = 0; k < (nl > 0 ? nl : 1); k++)
				label_ok(c,
					 fc_hsl_to_rgb(fc_hsl_space_value(h, i),
						       fc_hsl_space_value(s, j),
						       fc_hsl_space_value(l, k)),
					 what);
}

static void test_label_contrast(void **state)
{
	size_t k;

	(void)state;
	for (k = 0; fc_theme_builtin_name(k); k++) {
		struct fc_error err;
		struct fc_theme *t = fc_theme_open(fc_theme_builtin_name(k), &err);
		struct contrast c = { .t = t, .st = { .theme = t }, .worst = 99 };
		struct fc_hsl_space mono = { (int)t->mono_darkest, (int)t->mono_lightest, 0 };
		int i;

		assert_non_null(t);
		for (i = 0; i < FC_TIER_COUNT; i++)
			label_ok(&c, t->tier[i], "tier colour");
		label_ok(&c, t->coalesced, "merged grey");
		label_ok(&c, t->program, "(program)");
		label_ok(&c, t->gc, "(garbage collector)");
		label_ok(&c, t->idle, "(idle)");
		label_ok(&c, t->url_empty, "no URL");
		label_ok(&c, t->url_system, "scriptId 0");
		generator_ok(&c, &t->hue, &t->saturation, &t->lightness, "url colour");
		generator_ok(&c, &t->package_hue, &t->package_saturation, &t->package_lightness,
			     "package colour");
		for (i = 0; i <= 1000; i++)
			label_ok(&c, fc_style_heat(t, i / 1000.0), "heat colour");
		/* every grey between the mono bounds, a superset of the 4 used */
		for (i = 0; i < fc_hsl_space_count(&mono) + 1; i++)
			label_ok(&c, fc_hsl_to_rgb(0, 0, mono.min + i), "mono grey");
		/* url generator: 300 hues × 5 × 3 in light, so thousands checked */
		assert_true(c.checked > 2000);
		print_message("%s: %zu colours, worst label contrast %.2f\n", t->name, c.checked,
			      c.worst);
		fc_theme_destroy(t);
	}
}

/* The theme's own label colours are kept where they reach 4.5:1: DevTools'
 * #333 on its pastel url colours. */
static void test_label_keeps_theme(void **state)
{
	struct fc_style st = { 0 };
	const struct fc_theme *t = fc_theme_default();
	struct fc_rgb pastel = fc_hsl_to_rgb(240, 80, 80), black = { 0, 0, 0 };
	struct fc_rgb label;

	(void)state;
	label = fc_style_label(&st, pastel);
	assert_memory_equal(&label, &t->label_dark, sizeof(label));
	/* Okabe-Ito's vermillion: #333 gives 3.3 and white 3.9, so black */
	label = fc_style_label(&st, t->tier[FC_TIER_GC]);
	assert_memory_equal(&label, &black, sizeof(label));
}

/* --- schemes on a profile ------------------------------------------------------------ */

#define CF(name, sid, url)                                                                     \
	"\"callFrame\":{\"functionName\":\"" name "\",\"scriptId\":\"" sid "\",\"url\":\"" url \
	"\",\"lineNumber\":1,\"columnNumber\":0}"

/* Frames of four tiers and two packages; a.js self 60 %, lodash 20 %,
 * chalk 10 %, node:fs 10 %. The second profile has the same frames,
 * interned in another order. */
/* clang-format off */
static const char profile_a[] =
	"{\"nodes\":["
	"{\"id\":1," CF("(root)", "0", "") ",\"children\":[2,3,4,5]},"
	"{\"id\":2," CF("a", "1", "file:///app/a.js") "},"
	"{\"id\":3," CF("map", "2", "file:///app/node_modules/lodash/map.js") "},"
	"{\"id\":4," CF("red", "3", "file:///app/node_modules/chalk/index.js") "},"
	"{\"id\":5," CF("readFile", "4", "node:fs") "}],"
	"\"startTime\":0,\"endTime\":100,\"samples\":[2,2,2,2,2,2,3,3,4,5],"
	"\"timeDeltas\":[0,10,10,10,10,10,10,10,10,10]}";
static const char profile_b[] =
	"{\"nodes\":["
	"{\"id\":1," CF("(root)", "0", "") ",\"children\":[5,4,6,3,2]},"
	"{\"id\":5," CF("readFile", "4", "node:fs") "},"
	"{\"id\":4," CF("red", "3", "file:///app/node_modules/chalk/index.js") "},"
	"{\"id\":6," CF("filter", "2", "file:///app/node_modules/lodash/filter.js") "},"
	"{\"id\":3," CF("map", "2", "file:///app/node_modules/lodash/map.js") "},"
	"{\"id\":2," CF("a", "1", "file:///app/a.js") "}],"
	"\"startTime\":0,\"endTime\":100,\"samples\":[5,4,3,3,2,2,2,2,2,2],"
	"\"timeDeltas\":[0,10,10,10,10,10,10,10,10,10]}";
/* clang-format on */

static struct fc_profile_set load(const char *json, size_t len)
{
	struct fc_import_options io = FC_IMPORT_OPTIONS_INIT;
	struct fc_profile_set set;
	struct fc_error err;

	fc_profile_set_init(&set);
	if (!fc_import_memory("t.cpuprofile", json, len, &io, &set, &err))
		fail_msg("import: %s", err.text);
	return set;
}

static uint32_t frame_named(const struct fc_profile *p, const char *name)
{
	uint32_t i;

	for (i = 0; i < p->n_frames; i++)
		if (strcmp(fc_profile_str(p, p->frames[i].name), name) == 0)
			return i;
	fail_msg("no frame %s", name);
	return FC_NONE;
}

static struct fc_rgb fill(struct fc_style *st, const struct fc_profile *p, const char *name)
{
	struct fc_box b = { .frame = frame_named(p, name), .node = FC_NONE, .count = 1 };
	return fc_style_fill(st, p, &b, 0);
}

static bool same(struct fc_rgb x, struct fc_rgb y)
{
	return x.r == y.r && x.g == y.g && x.b == y.b;
}

/* The same frame gets the same colour in both profiles, for every scheme
 * and theme, though its index, its neighbours and (for heat) the order of
 * the samples differ. */
static void test_pure(void **state)
{
	static const char *const names[] = { "a", "map", "red", "readFile" };
	struct fc_profile_set sa = load(profile_a, sizeof(profile_a) - 1);
	struct fc_profile_set sb = load(profile_b, sizeof(profile_b) - 1);
	struct fc_layout_options lo = { 0 };
	struct fc_layout la, lb;
	struct fc_error err;
	size_t k, n;
	int scheme;

	(void)state;
	assert_true(fc_layout_build(&la, &sa, &lo, &err));
	assert_true(fc_layout_build(&lb, &sb, &lo, &err));
	assert_int_not_equal(frame_named(sa.items[0], "a"), frame_named(sb.items[0], "a"));
	for (k = 0; fc_theme_builtin_name(k); k++) {
		struct fc_theme *t = fc_theme_open(fc_theme_builtin_name(k), &err);
		for (scheme = FC_SCHEME_URL; scheme <= FC_SCHEME_MONO; scheme++) {
			struct fc_style x = { .theme = t, .scheme = scheme };
			struct fc_style y = { .theme = t, .scheme = scheme };
			assert_true(fc_style_prepare(&x, &la, &err));
			assert_true(fc_style_prepare(&y, &lb, &err));
			for (n = 0; n < 4; n++)
				if (!same(fill(&x, sa.items[0], names[n]),
					  fill(&y, sb.items[0], names[n])))
					fail_msg("%s, scheme %d: %s differs", t->name, scheme,
						 names[n]);
			fc_style_finish(&x);
			fc_style_finish(&y);
		}
		fc_theme_destroy(t);
	}
	fc_layout_finish(&la);
	fc_layout_finish(&lb);
	fc_profile_set_finish(&sa);
	fc_profile_set_finish(&sb);
}

static void test_package(void **state)
{
	struct fc_profile_set sb = load(profile_b, sizeof(profile_b) - 1);
	const struct fc_profile *p = sb.items[0];
	const struct fc_theme *t = fc_theme_default();
	struct fc_style st = { .scheme = FC_SCHEME_PACKAGE };
	int h, s, l;

	(void)state;
	/* one colour per package, whatever the file */
	assert_true(same(fill(&st, p, "map"), fill(&st, p, "filter")));
	assert_false(same(fill(&st, p, "map"), fill(&st, p, "red")));
	/* DevTools' generator over the package name, in the theme's spaces */
	fc_devtools_hsl("lodash", &t->package_hue, &t->package_saturation, &t->package_lightness,
			&h, &s, &l);
	assert_true(same(fill(&st, p, "map"), fc_hsl_to_rgb(h, s, l)));
	/* app and core: their tier colours */
	assert_true(same(fill(&st, p, "a"), t->tier[FC_TIER_APP]));
	assert_true(same(fill(&st, p, "readFile"), t->tier[FC_TIER_CORE]));
	fc_profile_set_finish(&sb);
}

/* Heat by the frame's self share of the profile: a.js 60 % and lodash 20 %
 * are at the hot end (the light theme's ramp is full at 20 %), chalk 10 %
 * part way, the root's own time is not a frame. */
static void test_heat(void **state)
{
	struct fc_profile_set sa = load(profile_a, sizeof(profile_a) - 1);
	const struct fc_profile *p = sa.items[0];
	const struct fc_theme *t = fc_theme_default();
	struct fc_style st = { .scheme = FC_SCHEME_HEAT };
	struct fc_layout_options lo = { 0 };
	struct fc_hsl hot = t->heat_hot, cold = t->heat_cold;
	struct fc_layout l;
	struct fc_error err;
	double k = sqrt(0.1 / t->heat_full_share);

	(void)state;
	assert_true(t->heat_full_share == 0.2);
	assert_true(fc_layout_build(&l, &sa, &lo, &err));
	assert_true(fc_style_prepare(&st, &l, &err));
	assert_true(same(fill(&st, p, "a"), fc_hsl_to_rgb(hot.h, hot.s, hot.l)));
	assert_true(same(fill(&st, p, "map"), fc_hsl_to_rgb(hot.h, hot.s, hot.l)));
	/* 10 %: sqrt(0.1 / 0.2) of the way from cold to hot */
	assert_true(same(fill(&st, p, "red"),
			 fc_hsl_to_rgb(cold.h + (hot.h - cold.h) * k, cold.s + (hot.s - cold.s) * k,
				       cold.l + (hot.l - cold.l) * k)));
	assert_true(same(fc_style_heat(t, 0), fc_hsl_to_rgb(cold.h, cold.s, cold.l)));
	fc_style_finish(&st);
	assert_null(st.heat);
	fc_layout_finish(&l);
	fc_profile_set_finish(&sa);
}

/* A worker that waits: atomicsWaitLoop holds 70 % of the samples as self
 * time, (idle) 10 %, work 20 %. Heat paints the waits in the idle grey of
 * every theme, not at the hot end, and the legend says so; work, at 20 %,
 * is at the hot end as before. */
/* clang-format off */
static const char profile_wait[] =
	"{\"nodes\":["
	"{\"id\":1," CF("(root)", "0", "") ",\"children\":[2,3,4]},"
	"{\"id\":2," CF("atomicsWaitLoop", "1", "node:internal/worker") "},"
	"{\"id\":3," CF("(idle)", "0", "") "},"
	"{\"id\":4," CF("work", "2", "file:///app/w.js") "}],"
	"\"startTime\":0,\"endTime\":100,\"samples\":[2,2,2,2,2,2,2,3,4,4],"
	"\"timeDeltas\":[0,10,10,10,10,10,10,10,10,10]}";
/* clang-format on */

static void test_heat_waits(void **state)
{
	struct fc_profile_set set = load(profile_wait, sizeof(profile_wait) - 1);
	const struct fc_profile *p = set.items[0];
	struct fc_layout_options lo = { 0 };
	struct fc_layout l;
	struct fc_error err;
	size_t k, i;

	(void)state;
	assert_true(fc_layout_build(&l, &set, &lo, &err));
	for (k = 0; fc_theme_builtin_name(k); k++) {
		struct fc_theme *t = fc_theme_open(fc_theme_builtin_name(k), &err);
		struct fc_style st = { .theme = t, .scheme = FC_SCHEME_HEAT };
		struct fc_hsl hot = t->heat_hot;
		struct fc_legend lg;
		bool said = false;

		assert_true(fc_style_prepare(&st, &l, &err));
		assert_true(same(fill(&st, p, "atomicsWaitLoop"), t->tier[FC_TIER_IDLE]));
		assert_true(same(fill(&st, p, "(idle)"), t->tier[FC_TIER_IDLE]));
		assert_false(same(fill(&st, p, "atomicsWaitLoop"), fc_style_heat(t, 0.7)));
		/* 20 % self: the hot end of every built-in theme's ramp */
		assert_true(t->heat_full_share <= 0.2);
		assert_true(same(fill(&st, p, "work"), fc_hsl_to_rgb(hot.h, hot.s, hot.l)));
		assert_true(fc_legend_build(&lg, &st, &l, 0, &err));
		for (i = 0; i < lg.n; i++)
			if (strstr(lg.entries[i].label, "wait loops") &&
			    same(lg.entries[i].color, t->tier[FC_TIER_IDLE]))
				said = true;
		assert_true(said);
		fc_legend_finish(&lg);
		fc_style_finish(&st);
		fc_theme_destroy(t);
	}
	fc_layout_finish(&l);
	fc_profile_set_finish(&set);
}

/* Heat shares are of the CPU time, as the header's: a recording that is
 * 60 % (idle) and 20 % gaps (samples on the root) has work and more at 10 %
 * of the samples each, but at half of the CPU time each, so both are at the
 * hot end, as they would be in the same work recorded without the idling. */
/* clang-format off */
static const char profile_idling[] =
	"{\"nodes\":["
	"{\"id\":1," CF("(root)", "0", "") ",\"children\":[2,3,4]},"
	"{\"id\":2," CF("(idle)", "0", "") "},"
	"{\"id\":3," CF("work", "1", "file:///app/w.js") "},"
	"{\"id\":4," CF("more", "1", "file:///app/w.js") "}],"
	"\"startTime\":0,\"endTime\":100,\"samples\":[2,2,1,2,2,3,2,1,2,4],"
	"\"timeDeltas\":[0,10,10,10,10,10,10,10,10,10]}";
/* clang-format on */

static void test_heat_cpu(void **state)
{
	struct fc_profile_set set = load(profile_idling, sizeof(profile_idling) - 1);
	const struct fc_profile *p;
	const struct fc_theme *t = fc_theme_default();
	struct fc_hsl hot = t->heat_hot;
	struct fc_layout_options lo = { 0 };
	struct fc_layout l;
	struct fc_legend lg;
	struct fc_error err;
	enum fc_mode modes[] = { FC_MODE_CHART, FC_MODE_GRAPH };
	size_t m;

	(void)state;
	for (m = 0; m < sizeof(modes) / sizeof(modes[0]); m++) {
		struct fc_style st = { .scheme = FC_SCHEME_HEAT };
		lo.mode = modes[m];
		assert_true(fc_layout_build(&l, &set, &lo, &err));
		assert_true(fc_style_prepare(&st, &l, &err));
		/* a graph's lane draws a merged profile of its own */
		p = l.lanes[0].profile;
		assert_true(same(fill(&st, p, "work"), fc_hsl_to_rgb(hot.h, hot.s, hot.l)));
		assert_true(same(fill(&st, p, "more"), fc_hsl_to_rgb(hot.h, hot.s, hot.l)));
		assert_true(fc_legend_build(&lg, &st, &l, 0, &err));
		assert_non_null(strstr(lg.title, "share of the CPU time"));
		fc_legend_finish(&lg);
		fc_style_finish(&st);
		fc_layout_finish(&l);
	}
	fc_profile_set_finish(&set);
}

static void test_mono(void **state)
{
	struct fc_profile_set sb = load(profile_b, sizeof(profile_b) - 1);
	const struct fc_profile *p = sb.items[0];
	static const char *const names[] = { "a", "map", "filter", "red", "readFile" };
	size_t k, n;

	(void)state;
	for (k = 0; fc_theme_builtin_name(k); k++) {
		struct fc_error err;
		struct fc_theme *t = fc_theme_open(fc_theme_builtin_name(k), &err);
		struct fc_style st = { .theme = t, .scheme = FC_SCHEME_MONO };
		struct fc_rgb lo = fc_hsl_to_rgb(0, 0, t->mono_darkest);
		struct fc_rgb hi = fc_hsl_to_rgb(0, 0, t->mono_lightest);
		for (n = 0; n < 5; n++) {
			struct fc_rgb c = fill(&st, p, names[n]);
			assert_true(c.r == c.g && c.g == c.b);
			assert_true(c.r >= lo.r && c.r <= hi.r);
		}
		fc_theme_destroy(t);
	}
	fc_profile_set_finish(&sb);
}

/* --dim deps: DevTools' grey, by hand for lodash's colour in the tier
 * scheme: sky blue (86, 180, 233) -> 0.299·86 + 0.587·180 + 0.114·233 =
 * 157.9 -> halfway to white: 206.5 -> 206 (lround of 206.47). */
static void test_dim(void **state)
{
	struct fc_profile_set sb = load(profile_b, sizeof(profile_b) - 1);
	const struct fc_profile *p = sb.items[0];
	struct fc_style st = { .scheme = FC_SCHEME_TIER, .dim_tiers = 1u << FC_TIER_DEPS };
	struct fc_style plain = { .scheme = FC_SCHEME_TIER };
	struct fc_layout_options lo = { 0 };
	struct fc_layout l;
	struct fc_legend lg;
	struct fc_error err;
	struct fc_rgb c = fill(&st, p, "map");
	size_t i;
	bool found = false;

	(void)state;
	assert_int_equal(c.r, 206);
	assert_int_equal(c.g, 206);
	assert_int_equal(c.b, 206);
	assert_true(same(fill(&st, p, "a"), fill(&plain, p, "a"))); /* app untouched */
	/* the legend shows the grey and says so */
	assert_true(fc_layout_build(&l, &sb, &lo, &err));
	assert_true(fc_legend_build(&lg, &st, &l, 0, &err));
	for (i = 0; i < lg.n; i++) {
		if (strcmp(lg.entries[i].label, "dependencies (greyed out)") == 0) {
			assert_true(same(lg.entries[i].color, c));
			found = true;
		}
	}
	assert_true(found);
	fc_legend_finish(&lg);
	fc_layout_finish(&l);
	fc_profile_set_finish(&sb);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ciede2000),
		cmocka_unit_test(test_machado_greys),
		cmocka_unit_test(test_tiers_cvd),
		cmocka_unit_test(test_label_contrast),
		cmocka_unit_test(test_label_keeps_theme),
		cmocka_unit_test(test_pure),
		cmocka_unit_test(test_package),
		cmocka_unit_test(test_heat),
		cmocka_unit_test(test_heat_waits),
		cmocka_unit_test(test_heat_cpu),
		cmocka_unit_test(test_mono),
		cmocka_unit_test(test_dim),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
