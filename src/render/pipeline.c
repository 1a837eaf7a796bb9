/* The render pipeline after import: checks, layout, style, and one writer,
 * into an output file that appears only when complete (fc_render), with
 * the themes it needs kept in a context. Used by the CLI's render and
 * report (which calls it from several threads). */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flamechart/flamechart.h"
#include "flamechart/layout.h"
#include "flamechart/paint.h"
#include "flamechart/render.h"
#include "flamechart/style.h"
#include "util/util.h"

#ifndef FC_VERSION
#error "FC_VERSION comes from meson.build"
#endif

const char *const fc_scheme_names[] = { "url", "tier", "package", "heat", "mono", NULL };

int fc_scheme_parse(const char *name)
{
	int i;

	for (i = 0; fc_scheme_names[i]; i++)
		if (strcmp(name, fc_scheme_names[i]) == 0)
			return i;
	return -1;
}

const char *fc_version(void)
{
	return FC_VERSION;
}

/* Themes loaded by name: a context may be used from several threads, and
 * each of them may hold a theme while another asks for one. */
struct loaded_theme {
	struct loaded_theme *next;
	char *name;
	struct fc_theme *theme;
};

struct fc_context {
	pthread_mutex_t lock;
	struct loaded_theme *themes;
};

struct fc_context *fc_context_create(void)
{
	struct fc_context *ctx = calloc(1, sizeof(*ctx));

	if (ctx && pthread_mutex_init(&ctx->lock, NULL) != 0) {
		free(ctx);
		return NULL;
	}
	return ctx;
}

void fc_context_destroy(struct fc_context *ctx)
{
	struct loaded_theme *it, *next;

	if (!ctx)
		return;
	for (it = ctx->themes; it; it = next) {
		next = it->next;
		fc_theme_destroy(it->theme);
		free(it->name);
		free(it);
	}
	pthread_mutex_destroy(&ctx->lock);
	free(ctx);
}

const struct fc_theme *fc_context_theme(struct fc_context *ctx, const char *name,
					struct fc_error *err)
{
	struct loaded_theme *it;
	struct fc_theme *t;

	if (!name)
		name = "light";
	pthread_mutex_lock(&ctx->lock);
	for (it = ctx->themes; it; it = it->next) {
		if (strcmp(it->name, name) == 0) {
			pthread_mutex_unlock(&ctx->lock);
			return it->theme;
		}
	}
	t = fc_theme_open(name, err);
	it = t ? calloc(1, sizeof(*it)) : NULL;
	if (it && (it->name = fc_strdup(name)) != NULL) {
		it->theme = t;
		it->next = ctx->themes;
		ctx->themes = it;
	} else if (t) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		free(it);
		fc_theme_destroy(t);
		t = NULL;
	} else {
		/* a theme that cannot be read or parsed is a bad request */
		err->code = FC_ERR_USAGE;
	}
	pthread_mutex_unlock(&ctx->lock);
	return t;
}

static bool write_out(enum fc_out_format fmt, const struct fc_layout *l, const struct fc_style *st,
		      const struct fc_paint_options *po, struct fc_output *out,
		      struct fc_error *err)
{
	switch (fmt) {
	case FC_OUT_PNG:
		return fc_write_png(l, st, po, out, err);
	case FC_OUT_PDF:
		return fc_write_pdf(l, st, po, out, err);
	case FC_OUT_JSON:
		return fc_write_layout_json(l, st, out, err);
	case FC_OUT_FOLDED:
		return fc_write_folded(l, out, err);
	case FC_OUT_SVG:
	default:
		return fc_write_svg(l, st, po, out, err);
	}
}

/* --height: the most rows per lane (at most what --max-depth allows) that
 * keep the image within height_px; the deepest rows go first and the
 * header counts them. At least one row is kept. */
static bool fit_height(const struct fc_layout *l, const struct fc_style *st,
		       struct fc_paint_options *po, int height_px, struct fc_error *err)
{
	uint32_t lo = 1, hi = 0, rows = 0;
	int w, h;

	for (size_t i = 0; i < l->n_lanes; i++)
		if (l->lanes[i].rows > hi)
			hi = l->lanes[i].rows;
	if (po->max_rows && po->max_rows < hi)
		hi = po->max_rows;
	/* binary search on the rows: the height grows with them */
	while (lo <= hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		struct fc_paint_options o = *po;
		struct fc_painter *p;

		o.max_rows = mid;
		p = fc_painter_create(l, st, &o, err);
		if (!p)
			return false;
		fc_painter_size(p, &w, &h);
		fc_painter_destroy(p);
		if (h <= height_px) {
			rows = mid;
			lo = mid + 1;
		} else {
			hi = mid - 1;
		}
	}
	po->max_rows = rows ? rows : 1;
	return true;
}

bool fc_render(struct fc_context *ctx, const struct fc_profile_set *set,
	       const struct fc_render_request *req, struct fc_error *err)
{
	enum fc_out_format fmt = req->format == FC_OUT_AUTO ? FC_OUT_SVG : req->format;
	struct fc_paint_options popts;
	struct fc_layout_options lopts = {
		/* folded stacks are the merged graph */
		.mode = fmt == FC_OUT_FOLDED ? FC_MODE_GRAPH : req->mode,
		.keep_idle = req->keep_idle,
		.gc_root = req->gc_root,
		.sort_weight = req->sort_weight,
		.weight_samples = req->weight_samples,
		.inverted = req->inverted,
		.per_thread = req->per_thread,
		.minwidth = req->minwidth,
		.minwidth_pct = req->minwidth_pct,
		.clocks = req->clocks,
	};
	struct fc_style style = { 0 };
	struct fc_layout layout;
	struct fc_output out;
	int scheme;
	size_t i;
	bool ok;

	fc_error_init(err);
	memset(&popts, 0, sizeof(popts));
	popts.width_px = req->width_px > 0 ? req->width_px : FC_PAINT_DEFAULT_WIDTH;
	popts.scale = req->scale > 0 ? req->scale : 1;
	popts.title = req->title;
	popts.subtitle = req->subtitle;
	popts.no_legend = req->no_legend;
	popts.max_rows = req->max_rows;
	popts.interactive = req->interactive;
	popts.svg_cairo = req->svg_cairo;
	lopts.has_x_zero = req->has_x_zero;
	lopts.x_zero = req->x_zero;
	lopts.breaks = req->breaks;
	lopts.n_breaks = req->n_breaks;

	if (!req->output) {
		fc_error_set(err, FC_ERR_USAGE, "no output file");
		return false;
	}
	if (lopts.mode == FC_MODE_CHART) {
		/* folded stacks have weights, not times (formats.md §D1) */
		for (i = 0; i < set->count; i++) {
			if (set->items[i]->has_time)
				continue;
			if (fc_unit_is_bytes(set->items[i]->weight_unit))
				/* samples have an order, but no time */
				fc_error_set(
					err, FC_ERR_USAGE,
					"a heap profile weighs allocations in bytes and has no "
					"time, so it cannot be drawn as a time-ordered chart; "
					"use -m graph");
			else
				fc_error_set(
					err, FC_ERR_FORMAT,
					"folded stacks carry no time, only counts, so they "
					"cannot be drawn as a time-ordered chart; use -m graph");
			fc_error_set_file(err, set->items[i]->source ? set->items[i]->source
								     : "<stdin>");
			return false;
		}
	}
	if (!req->color_by)
		scheme = lopts.mode == FC_MODE_GRAPH ? FC_SCHEME_TIER : FC_SCHEME_URL;
	else if ((scheme = fc_scheme_parse(req->color_by)) < 0) {
		fc_error_set(err, FC_ERR_USAGE, "unknown colour scheme '%s'", req->color_by);
		return false;
	}
	/* images are culled to the plot's pixels (DESIGN §6); JSON and folded
	 * stacks are exact */
	if (fmt == FC_OUT_SVG || fmt == FC_OUT_PNG || fmt == FC_OUT_PDF)
		lopts.plot_width_px = fc_paint_plot_width(&popts);
	/* the layout JSON's bars outnumber the nodes: walked as written */
	lopts.bars_on_demand = fmt == FC_OUT_JSON;

	style.theme = fc_context_theme(ctx, req->theme, err);
	if (!style.theme)
		return false;
	/* classic is FlameGraph's look: its warm palette picked by a hash (of
	 * the script URL, DevTools' hash over the theme's warm hues) in both
	 * modes, never the tier colours on its yellow */
	if (!req->color_by && style.theme->name && strcmp(style.theme->name, "classic") == 0)
		scheme = FC_SCHEME_URL;
	style.scheme = (enum fc_scheme)scheme;
	style.dim_tiers = req->dim_tiers;

	if (!fc_layout_build(&layout, set, &lopts, err))
		return false;
	ok = fc_style_prepare(&style, &layout, err);
	if (ok && req->height_px > 0)
		ok = fit_height(&layout, &style, &popts, (int)req->height_px, err);
	ok = ok && fc_output_open(&out, req->output, err);
	if (ok && !write_out(fmt, &layout, &style, &popts, &out, err)) {
		/* the writer stopped at a failed write: a closed pipe is said so */
		if (out.failed && out.errno_value == EPIPE)
			err->code = FC_ERR_PIPE;
		fc_output_abort(&out);
		ok = false;
	} else if (ok) {
		ok = fc_output_commit(&out, err);
	}
	fc_style_finish(&style);
	fc_layout_finish(&layout);
	return ok;
}
