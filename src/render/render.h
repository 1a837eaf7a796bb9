/* Writers: the layout JSON, folded stacks, and images painted with cairo
 * (docs/rendering.md). Each writes to an fc_output. */
#ifndef FC_RENDER_H
#define FC_RENDER_H

#include <stdbool.h>

#include "flamechart/error.h"
#include "layout/layout.h"
#include "render/output.h"
#include "style/style.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The exact layout as JSON (schema in docs/layout-json.md). */
bool fc_write_layout_json(const struct fc_layout *l, const struct fc_style *st,
			  struct fc_output *out, struct fc_error *err);
/* The same, with what an image of it folds within its height budget:
 * image is the layout culled for that image (its lanes are l's) and
 * painter the painter made of it. */
struct fc_painter;
bool fc_write_layout_json_image(const struct fc_layout *l, const struct fc_style *st,
				const struct fc_layout *image, const struct fc_painter *painter,
				struct fc_output *out, struct fc_error *err);

/* Images painted with cairo (src/render/paint.c) and written through out:
 * SVG and PDF are vector (1 px = 1 CSS px = 1 pt), PNG is 8-bit RGB at
 * o->scale device pixels per px. On failure err says why and the caller
 * aborts out (nothing half-written is left). */
struct fc_paint_options;
bool fc_write_svg(const struct fc_layout *l, const struct fc_style *st,
		  const struct fc_paint_options *o, struct fc_output *out, struct fc_error *err);
bool fc_write_png(const struct fc_layout *l, const struct fc_style *st,
		  const struct fc_paint_options *o, struct fc_output *out, struct fc_error *err);
bool fc_write_pdf(const struct fc_layout *l, const struct fc_style *st,
		  const struct fc_paint_options *o, struct fc_output *out, struct fc_error *err);
/* Folded stacks of a graph layout built exactly (plot_width_px 0): one line
 * "frame;frame;frame COUNT" per stack with self weight, root first, COUNT in
 * the layout's unit rounded so that every frame's total stays within 1 of
 * the exact one. Per-thread lanes start each stack with the lane title.
 * Frame names and line order: docs/graph.md. false with err (FC_ERR_USAGE
 * for a chart layout, FC_ERR_NOMEM). */
bool fc_write_folded(const struct fc_layout *l, struct fc_output *out, struct fc_error *err);

/* The profiles of set in speedscope's file format: each one `evented` in
 * µs when chart is true and it has time, else `sampled` (one sample per
 * sample, weighing its duration, bytes or count). false with err
 * (FC_ERR_NOMEM, or FC_ERR_IO when out could not be written). */
struct fc_profile_set;
bool fc_write_speedscope(const struct fc_profile_set *set, bool chart, struct fc_output *out,
			 struct fc_error *err);
/* pprof (src/write/write_pprof.c): the profiles' merged graph, built with
 * the graph options of lo (keep_idle, gc_root), as a gzipped profile.proto
 * message. Profiles with time get samples/count and cpu/nanoseconds per
 * stack, others their weight in its unit. */
bool fc_write_pprof(const struct fc_profile_set *set, const struct fc_layout_options *lo,
		    struct fc_output *out, struct fc_error *err);

#ifdef __cplusplus
}
#endif

#endif
