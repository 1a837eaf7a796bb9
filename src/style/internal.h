/* Shared inside src/style: the embedded theme sources and the per-frame
 * self time that both the legend and the heat scheme read. */
#ifndef FC_STYLE_INTERNAL_H
#define FC_STYLE_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "layout/layout.h"
#include "style/style.h"

/* themes/<name>.json as compiled in by themes/embed.py (themes_embedded.c). */
struct fc_theme_source {
	const char *name; /* the file name without ".json" */
	const char *json; /* NUL-terminated */
	size_t len;       /* without the NUL */
};
extern const struct fc_theme_source fc_theme_sources[];
extern const size_t fc_theme_n_sources;

/* "#rrggbb" or "#rgb" -> out; false when s is neither. */
bool fc_style_parse_color(const char *s, struct fc_rgb *out);

/* Self weight of every frame of lane's profile as the layout counts it,
 * added to self[0..n_frames); *total gets every sample's weight and *gaps
 * the weight of samples with nothing on the stack (drawn as gaps). Chart:
 * (program) samples healed as drawn, time; graph: the lane's exact
 * frame_self (time or samples, idle left out unless kept). false on
 * allocation failure. */
bool fc_style_frame_self(const struct fc_layout *l, const struct fc_lane *lane, double *self,
			 double *total, double *gaps);

/* The heat scheme paints these frames in the idle tier's grey, not by
 * their self time: idle, and the waits of fc_classify_is_wait
 * (input-rules §E4). */
bool fc_style_heat_waits(const struct fc_profile *p, const struct fc_frame *f);
/* A trace event's colour and legend name by its DevTools category (the
 * frame's package; devtools-rules §13.2). */
struct fc_rgb fc_style_event_color(const struct fc_profile *p, const struct fc_frame *f);
const char *fc_style_event_category(const struct fc_profile *p, const struct fc_frame *f);

#endif
