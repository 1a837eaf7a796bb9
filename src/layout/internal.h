/* Shared between the layout files. */
#ifndef FC_LAYOUT_INTERNAL_H
#define FC_LAYOUT_INTERNAL_H

#include "layout/layout.h"

/* Appends a box to a lane (growing it); false on allocation failure. */
bool fc_lane_push(struct fc_lane *lane, const struct fc_box *box);

/* The lane title: "process / thread" when known, else the profile name. */
char *fc_lane_title(const struct fc_profile *p);

/* Chart lane of one profile: exact when ppu == 0, else culled with
 * minwidth_px at ppu pixels per µs. */
bool fc_chart_lane(struct fc_lane *lane, const struct fc_profile *p,
		   const struct fc_layout_options *o, double ppu, double minwidth_px,
		   struct fc_error *err);

/* The bars of a lane built with bars_on_demand, in open order. */
bool fc_chart_bars_each(const struct fc_lane *lane, fc_lane_visit visit, void *ctx);
void fc_chart_bars_destroy(struct fc_chart_bars *b);

/* The graph's two steps are in layout/graph.h. */

#endif
