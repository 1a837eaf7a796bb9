/* Style: themes, colour schemes and legends (docs/themes.md). Colour is a pure
 * function of (frame, scheme, theme): never random, never order-dependent.
 * Themes are JSON (docs/themes.md); the built-in ones are compiled into the
 * library from themes/<name>.json and read by the same loader as a user's file. */
#ifndef FC_STYLE_H
#define FC_STYLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "flamechart/common.h"
#include "flamechart/error.h"
#include "flamechart/flamechart.h"
#include "layout/layout.h"
#include "model/profile.h"

#ifdef __cplusplus
extern "C" {
#endif

struct fc_rgb {
	uint8_t r, g, b;
};

/* A DevTools Color.Generator space (devtools-rules §5.1): values from min to
 * max in count steps; min == max is a fixed value. */
struct fc_hsl_space {
	int min, max;
	int count; /* 0 = max - min steps (DevTools' "count undefined") */
};

/* A CSS hsl() colour: hue in degrees, saturation and lightness in percent. */
struct fc_hsl {
	double h, s, l;
};

enum fc_scheme { FC_SCHEME_URL, FC_SCHEME_TIER, FC_SCHEME_PACKAGE, FC_SCHEME_HEAT, FC_SCHEME_MONO };

struct fc_theme {
	char *name;
	struct fc_rgb background;
	struct fc_rgb background_end; /* vertical gradient end (== background: flat) */
	struct fc_rgb text;           /* header and legend text */
	struct fc_rgb text_muted;     /* secondary header text */
	struct fc_rgb label_dark;     /* bar label on light bars */
	struct fc_rgb label_light;    /* bar label on dark bars */
	struct fc_rgb ruler_text;
	struct fc_rgb grid;
	double grid_alpha;
	struct fc_rgb coalesced; /* the grey "…" boxes */
	struct fc_rgb tier[FC_TIER_COUNT];
	char *font_family; /* a pango family list ("Verdana, DejaVu Sans") */
	double font_size_px;
	double bar_height_px;
	double text_pad_px; /* label inset from the bar's left edge */
	/* url scheme: DevTools' generator spaces and fixed colours */
	struct fc_hsl_space hue, saturation, lightness;
	bool url_performance_keys; /* key = url only, '' and scriptId 0 fixed (devtools-rules §5.3)
				    */
	struct fc_rgb url_empty;   /* performance keys: url '' */
	struct fc_rgb url_system;  /* performance keys: scriptId 0 */
	struct fc_rgb program, gc, idle; /* idle: both rules; program, gc: JS Profiler rules */
	/* package scheme: the generator's spaces for npm packages */
	struct fc_hsl_space package_hue, package_saturation, package_lightness;
	/* heat scheme: a frame with no self time is heat_cold, one with
	 * heat_full_share of the time or more is heat_hot (FlameGraph's warm
	 * palette, 0x's heat by self share) */
	struct fc_hsl heat_cold, heat_hot;
	double heat_full_share; /* 0 < share <= 1 */
	/* mono scheme: greys from mono_darkest to mono_lightest (percent) */
	double mono_darkest, mono_lightest;
};

/* How one image is coloured. Caller-owned: set theme, scheme and
 * dim_tiers, then fc_style_prepare for the layout (heat needs it), and
 * fc_style_finish when done. */
struct fc_style {
	const struct fc_theme *theme; /* NULL = fc_theme_default() */
	enum fc_scheme scheme;
	unsigned dim_tiers; /* bit per enum fc_tier: greyed out (devtools-rules §7.2) */
	/* url, tier and package schemes: each function's colour a stable step
	 * darker (0-15 %, by a hash of its name; tier: of its package when it
	 * has one), so that neighbouring boxes of one colour can be told
	 * apart. Images set it (not the devtools theme, which draws DevTools'
	 * colours); the layout JSON and legends give the scheme's colour. */
	bool shade;
	/* When set, every frame's fill comes from here instead of the scheme
	 * (a diff colours frames by their change, docs/diff.md). */
	struct fc_rgb (*fill_hook)(void *ctx, const struct fc_profile *p, const struct fc_box *box);
	void *hook_ctx;
	/* private, from fc_style_prepare: each drawn profile's self share per
	 * frame (heat) */
	struct fc_style_heat *heat;
	size_t n_heat;
	/* and each drawn profile's colour per frame (url and package) */
	struct fc_style_keyed *keyed;
	size_t n_keyed;
};

/* --- themes (src/style/theme.c) ------------------------------------------------ */

/* The built-in theme names: fc_theme_builtin_name (flamechart.h). */

/* Parses a theme from JSON text (file names it in messages). A theme may
 * name a built-in theme in "extends" (default "light") and gives only what
 * differs; unknown keys and bad values are errors naming the key's JSON path,
 * line and column. Returns a new theme (fc_theme_destroy) or NULL with err. */
struct fc_theme *fc_theme_parse(const char *json, size_t len, const char *file,
				struct fc_error *err);

/* Reads and parses a theme file (at most 1 MiB). NULL with err. */
struct fc_theme *fc_theme_load(const char *path, struct fc_error *err);

/* A built-in theme by name, or else a theme file by path: what --theme
 * takes. Returns a new theme (fc_theme_destroy) or NULL with err. */
struct fc_theme *fc_theme_open(const char *name_or_path, struct fc_error *err);

/* The JSON text of a built-in theme, NULL when there is none by that name. */
const char *fc_theme_builtin_json(const char *name, size_t *len);

void fc_theme_destroy(struct fc_theme *t);

/* The built-in light theme, parsed once (thread-safe). Never NULL: if that
 * first parse runs out of memory, a plain black-on-white theme. Static. */
const struct fc_theme *fc_theme_default(void);

/* --- DevTools' colour generator (src/style/devtools_color.c) ------------------- */

/* DevTools StringUtilities.hashCode over the UTF-16 code units of a UTF-8
 * string, in IEEE doubles (devtools-rules §5.1). */
uint32_t fc_devtools_hash(const char *utf8);

/* DevTools Color.Generator: the HSL for an id in the given spaces. */
void fc_devtools_hsl(const char *id, const struct fc_hsl_space *h, const struct fc_hsl_space *s,
		     const struct fc_hsl_space *l, int *hue, int *sat, int *light);

/* The value Color.Generator's indexToValueInSpace gives for index i
 * (0 <= i < count); with fc_hsl_space_count, every value a space can give. */
int fc_hsl_space_value(const struct fc_hsl_space *sp, int64_t i);
int fc_hsl_space_count(const struct fc_hsl_space *sp);

/* CSS hsl() -> sRGB with 8-bit rounding. */
struct fc_rgb fc_hsl_to_rgb(double h_deg, double s_pct, double l_pct);

/* --- schemes (src/style/style.c) ------------------------------------------------ */

/* Computes what a scheme needs beyond the frame: for heat, the self share
 * of every frame of every profile l draws (exact, from the samples), of the
 * profile's CPU time (its frames' self time but (idle)'s; the gaps are in
 * no frame). Other schemes need nothing. false with err on allocation
 * failure. */
bool fc_style_prepare(struct fc_style *st, const struct fc_layout *l, struct fc_error *err);
void fc_style_finish(struct fc_style *st);

/* Fill colour of a box of profile p. total is the lane's total: heat uses
 * box->self / total when fc_style_prepare was not called for p. */
struct fc_rgb fc_style_fill(const struct fc_style *st, const struct fc_profile *p,
			    const struct fc_box *box, double total);

/* The heat colour for a self share (0..1) in theme t. */
struct fc_rgb fc_style_heat(const struct fc_theme *t, double share);

/* DevTools' dimming (devtools-rules §7.2): NTSC grey at alpha 0.5 over the
 * theme's background. */
struct fc_rgb fc_style_dim(const struct fc_theme *t, struct fc_rgb c);

/* Label colour for a fill: the theme's dark or light label, whichever has
 * the higher contrast; when neither reaches 4.5:1 (WCAG AA), black or white,
 * one of which always does. */
struct fc_rgb fc_style_label(const struct fc_style *st, struct fc_rgb fill);

/* WCAG contrast ratio of two colours (1..21). */
double fc_contrast_ratio(struct fc_rgb a, struct fc_rgb b);

void fc_rgb_hex(struct fc_rgb c, char out[8]);

#ifdef __cplusplus
}
#endif

#endif
