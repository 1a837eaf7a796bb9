/* Style: themes, colour schemes and legends (DESIGN §5). Colour is a pure
 * function of (frame, scheme, theme): never random, never order-dependent. */
#ifndef FC_STYLE_H
#define FC_STYLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "flamechart/error.h"
#include "flamechart/layout.h"
#include "flamechart/profile.h"

struct fc_rgb {
	uint8_t r, g, b;
};

/* A DevTools Color.Generator space: a fixed value when count < 0 ... */
struct fc_hsl_space {
	int min, max;
	int count; /* 0 = max - min steps (DevTools' "count undefined") */
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
	struct fc_rgb coalesced;      /* the grey "…" boxes */
	struct fc_rgb tier[FC_TIER_COUNT];
	char *font_family;
	double font_size_px;
	double bar_height_px;
	double text_pad_px;           /* label inset from the bar's left edge */
	/* url scheme: DevTools' generator spaces and fixed colours */
	struct fc_hsl_space hue, saturation, lightness;
	bool url_performance_keys;    /* key = url only, '' and scriptId 0 fixed (devtools.md §5.3) */
	struct fc_rgb url_empty;      /* performance keys: url '' */
	struct fc_rgb url_system;     /* performance keys: scriptId 0 */
	struct fc_rgb program, gc, idle;
	/* heat scheme: FlameGraph's warm palette (0x heat) */
	double heat_min_lightness, heat_max_lightness;
};

struct fc_style {
	const struct fc_theme *theme;
	enum fc_scheme scheme;
	unsigned dim_tiers; /* bit per enum fc_tier: greyed out (devtools.md §7.2) */
};

/* DevTools StringUtilities.hashCode over the UTF-16 code units of a UTF-8
 * string, in IEEE doubles (devtools.md §5.1). */
uint32_t fc_devtools_hash(const char *utf8);

/* DevTools Color.Generator: the HSL for an id in the given spaces. */
void fc_devtools_hsl(const char *id, const struct fc_hsl_space *h, const struct fc_hsl_space *s,
		     const struct fc_hsl_space *l, int *hue, int *sat, int *light);

/* CSS hsl() -> sRGB with 8-bit rounding. */
struct fc_rgb fc_hsl_to_rgb(double h_deg, double s_pct, double l_pct);

/* The built-in light theme (never NULL, static). */
const struct fc_theme *fc_theme_default(void);

/* Fill colour of a box; total is the lane's total (for heat). */
struct fc_rgb fc_style_fill(const struct fc_style *st, const struct fc_profile *p,
			    const struct fc_box *box, double total);

/* Label colour for a fill: the theme's dark or light label, whichever has
 * the higher contrast. */
struct fc_rgb fc_style_label(const struct fc_style *st, struct fc_rgb fill);

/* WCAG contrast ratio of two colours (1..21). */
double fc_contrast_ratio(struct fc_rgb a, struct fc_rgb b);

void fc_rgb_hex(struct fc_rgb c, char out[8]);

#endif
