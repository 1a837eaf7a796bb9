/* The legend: what the colours of an image mean, with each colour's share of
 * the self time (docs/themes.md, docs/rendering.md). Built from the profiles' samples, so shares
 * are exact whatever the layout coalesced. */
#ifndef FC_LEGEND_H
#define FC_LEGEND_H

#include <stdbool.h>
#include <stddef.h>

#include "flamechart/error.h"
#include "layout/layout.h"
#include "style/style.h"

#ifdef __cplusplus
extern "C" {
#endif

/* url and package schemes: this many entries by self time, then "other". */
#define FC_LEGEND_DEFAULT_TOP 8

struct fc_legend_entry {
	struct fc_rgb color;
	bool swatch;  /* false: no colour of its own ("other") */
	char *label;  /* owned; URLs and package names in full (paint trims) */
	double share; /* of the self time, 0..1; negative: an explanation, no share */
};

struct fc_legend {
	char *title; /* owned: what the colour stands for */
	struct fc_legend_entry *entries;
	size_t n;
};

/* Builds the legend of l drawn with st. url: the top URLs by self time and
 * "other"; tier: every tier present; package: the top packages (app, core
 * and the other tiers by tier) and "other"; heat and mono: a short
 * explanation. Coalesced boxes add a grey "merged" entry. top = 0 means
 * FC_LEGEND_DEFAULT_TOP. Chart: (program) samples healed as drawn; graph:
 * weights as the layout counts them (samples or time, idle left out unless
 * kept). false with err on allocation failure; out is then empty. */
bool fc_legend_build(struct fc_legend *out, const struct fc_style *st, const struct fc_layout *l,
		     size_t top, struct fc_error *err);
void fc_legend_finish(struct fc_legend *lg);

/* A deep copy of src into out; false on allocation failure (out empty). */
bool fc_legend_copy(struct fc_legend *out, const struct fc_legend *src);

#ifdef __cplusplus
}
#endif

#endif
