/* libflamechart's one-call pipeline: a profile set (import.h) rendered as
 * an image, the layout JSON or folded stacks, into a file that appears only
 * when complete. State (themes) lives in a context the caller creates and
 * destroys; the library keeps no other process-wide cache for it.
 *
 *	struct fc_context *ctx = fc_context_create();
 *	struct fc_render_request req = FC_RENDER_REQUEST_INIT;
 *	req.format = FC_OUT_PNG;
 *	req.output = "a.png";
 *	ok = fc_render(ctx, &set, &req, &err);
 *	fc_context_destroy(ctx);
 *
 * examples/embed.c is a whole program. */
#ifndef FC_FLAMECHART_H
#define FC_FLAMECHART_H

#include <stdbool.h>
#include <stdint.h>

#include "flamechart/common.h"
#include "flamechart/error.h"
#include "flamechart/import.h"
#include "flamechart/profile.h"
#include "flamechart/version.h"

#ifdef __cplusplus
extern "C" {
#endif

enum fc_out_format {
	FC_OUT_AUTO, /* fc_render: SVG */
	FC_OUT_SVG,
	FC_OUT_PNG,
	FC_OUT_PDF,
	FC_OUT_JSON,
	FC_OUT_FOLDED,
	FC_OUT_MD,         /* Markdown summary: fc_summary_markdown_write (fc_render refuses it) */
	FC_OUT_SPEEDSCOPE, /* speedscope's JSON (docs/speedscope.md) */
	FC_OUT_PPROF,      /* gzipped profile.proto of the merged graph */
	FC_OUT_COUNT
};

/* A time-ordered flame chart, or the merged flame graph. */
enum fc_mode { FC_MODE_CHART, FC_MODE_GRAPH };

/* A stretch of time cut out of a chart's axis: at x (µs, on the axis as
 * drawn) the clock jumps forward by cut µs. */
struct fc_axis_break {
	double at, cut;
};

/* A theme (colours, fonts, sizes), as fc_context_theme gives it. */
struct fc_theme;

/* The built-in theme names in order: the i-th, NULL after the last. */
FC_API const char *fc_theme_builtin_name(size_t i);

/* Themes loaded by name or path, kept until the context is destroyed; safe
 * to use from several threads at once. NULL when out of memory. */
struct fc_context;
FC_API struct fc_context *fc_context_create(void);
FC_API void fc_context_destroy(struct fc_context *ctx);

/* The theme named (a built-in name or a theme file's path; NULL = "light"),
 * loaded once per context and owned by it. NULL with err (FC_ERR_USAGE when
 * it cannot be read or parsed). */
FC_API const struct fc_theme *fc_context_theme(struct fc_context *ctx, const char *name,
					       struct fc_error *err);

/* What to draw and where. Start from FC_RENDER_REQUEST_INIT or
 * fc_render_request_init: version says which layout of the struct the
 * caller was compiled with (fc_render refuses one it does not know), and
 * zero means the default in every other field. Fields are only ever added
 * at the end (docs/api.md, "ABI"). */
#define FC_RENDER_REQUEST_VERSION 1
#define FC_RENDER_REQUEST_INIT                       \
	{                                            \
		.version = FC_RENDER_REQUEST_VERSION \
	}
struct fc_render_request {
	unsigned version;          /* FC_RENDER_REQUEST_VERSION */
	enum fc_out_format format; /* FC_OUT_AUTO = SVG */
	enum fc_mode mode;         /* folded stacks are always the graph */
	const char *output;        /* the file written; "-" = stdout */

	/* layout (struct fc_layout_options) */
	bool keep_idle, gc_root, sort_weight, weight_samples, inverted, per_thread;
	double minwidth; /* px, or percent when minwidth_pct */
	bool minwidth_pct;
	uint32_t clocks; /* unrelated recordings, each on its own clock (0/1 = one) */

	/* colour */
	const char *color_by; /* a scheme name (fc_scheme_name); NULL = url for
			       * the chart, tier for the graph */
	const char *theme;    /* fc_context_theme's name; NULL = light */
	unsigned dim_tiers;   /* bit per enum fc_tier */

	/* images (struct fc_paint_options) */
	int width_px;         /* 0 = 1200 */
	double scale;         /* PNG device pixels per px, 0 = 1 */
	const char *title;    /* NULL = the first input's file name */
	const char *subtitle; /* NULL = none */
	bool no_legend;
	uint32_t max_rows; /* rows per lane, 0 = all */
	bool interactive;  /* SVG: inline zoom and search (static when embedded) */
	bool svg_cairo;    /* SVG: cairo's glyph outlines instead of the native writer */
	/* > 0: the image at most this tall, folded to fit (layout/fold.h:
	 * call chains as one bar, narrow stacks cut, then the deepest rows) */
	uint32_t height_px;
	/* a cropped chart: the ruler's 0 on the profiles' clock */
	bool has_x_zero;
	double x_zero;
	/* idle cut out of a chart's axis (struct fc_layout_options) */
	const struct fc_axis_break *breaks;
	size_t n_breaks;
	/* The height budget when height_px is 0: the image at most max_aspect
	 * × its width tall (0 = FC_RENDER_ASPECT), folded to fit; full_height
	 * (or max_rows) draws every row instead. */
	double max_aspect;
	bool full_height;
};

#define FC_RENDER_ASPECT 1.5 /* the default height budget: 1.5 × the width */

/* Clears req and sets its version. */
FC_API void fc_render_request_init(struct fc_render_request *req);

/* Lays out set, colours it and writes req->output in req->format. false
 * with err (NULL allowed; cleared on entry): FC_ERR_USAGE for a request it
 * cannot honour (a NULL argument, an unknown version, no output, a format or mode outside its
 * enum or FC_OUT_MD, an unknown scheme or theme), FC_ERR_FORMAT for a chart
 * of folded stacks, which have no time, else what failed (the file is then
 * not written). Safe from several threads on one context. */
FC_API bool fc_render(struct fc_context *ctx, const struct fc_profile_set *set,
		      const struct fc_render_request *req, struct fc_error *err);

/* The name of a colour scheme (enum fc_scheme), NULL after the last; and
 * the inverse (-1 when unknown). */
FC_API const char *fc_scheme_name(int scheme);
FC_API int fc_scheme_parse(const char *name);

/* Outputs are written to a temporary file beside the target and renamed
 * over it when complete. The hook, when set, is called with live = true
 * just before such a file is created and with live = false once it is gone
 * (renamed or removed), from whichever thread writes it. The library
 * installs no signal handler: a program that removes unfinished outputs on
 * a signal keeps its list through this hook. NULL = none. Set it before
 * other calls; it stays set for the process. */
typedef void fc_temp_file_hook(const char *path, bool live, void *data);
FC_API void fc_set_temp_file_hook(fc_temp_file_hook *hook, void *data);

/* The version of the library, "MAJOR.MINOR.PATCH" (meson.build's). */
FC_API const char *fc_version(void);

#ifdef __cplusplus
}
#endif

#endif
