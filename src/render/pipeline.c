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
#include "layout/layout.h"
#include "render/paint.h"
#include "render/render.h"
#include "render/line_notes.h"
#include "style/style.h"
#include "util/util.h"
#include "model/profile.h"

static const char *const scheme_names[] = { "url", "tier", "package", "heat", "mono", NULL };

const char *fc_scheme_name(int scheme)
{
	return scheme >= 0 && (size_t)scheme < FC_ARRAY_LEN(scheme_names) ? scheme_names[scheme]
									  : NULL;
}

int fc_scheme_parse(const char *name)
{
	int i;

	for (i = 0; name && scheme_names[i]; i++)
		if (strcmp(name, scheme_names[i]) == 0)
			return i;
	return -1;
}

const char *fc_version(void)
{
	return FLAMECHART_VERSION_STRING;
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
	struct fc_error scratch;
	struct loaded_theme *it;
	struct fc_theme *t;

	err = fc_error_begin(err, &scratch);
	if (!ctx) {
		fc_error_set(err, FC_ERR_USAGE, "no context");
		return NULL;
	}
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

void fc_render_request_init(struct fc_render_request *req)
{
	if (req)
		*req = (struct fc_render_request)FC_RENDER_REQUEST_INIT;
}

/* What fc_render cannot honour, said before anything is done: a NULL
 * argument, or a value outside its enum. */
static bool check_request(const struct fc_context *ctx, const struct fc_profile_set *set,
			  const struct fc_render_request *req, struct fc_error *err)
{
	if (!ctx || !set || !req) {
		fc_error_set(err, FC_ERR_USAGE, "fc_render: no %s",
			     !ctx   ? "context"
			     : !set ? "profile set"
				    : "request");
		return false;
	}
	if (req->version != FC_RENDER_REQUEST_VERSION) {
		fc_error_set(err, FC_ERR_USAGE,
			     "fc_render: request version %u is not one this library knows (%d)",
			     req->version, FC_RENDER_REQUEST_VERSION);
		return false;
	}
	if (set->count > 0 && !set->items) {
		fc_error_set(err, FC_ERR_USAGE, "fc_render: a profile set without profiles");
		return false;
	}
	if (req->format == FC_OUT_MD) {
		fc_error_set(err, FC_ERR_USAGE,
			     "fc_render does not write Markdown (fc_summary_markdown_write does)");
		return false;
	}
	if ((unsigned)req->format >= FC_OUT_COUNT) {
		fc_error_set(err, FC_ERR_USAGE, "fc_render: unknown output format %d",
			     (int)req->format);
		return false;
	}
	if ((unsigned)req->mode > FC_MODE_GRAPH) {
		fc_error_set(err, FC_ERR_USAGE, "fc_render: unknown mode %d", (int)req->mode);
		return false;
	}
	if (req->dim_tiers >> FC_TIER_COUNT) {
		fc_error_set(err, FC_ERR_USAGE, "fc_render: dim_tiers has bits beyond the %d tiers",
			     FC_TIER_COUNT);
		return false;
	}
	if (req->width_px < 0 || !(req->scale >= 0) || !(req->minwidth >= 0) ||
	    (req->n_breaks > 0 && !req->breaks)) {
		fc_error_set(err, FC_ERR_USAGE,
			     "fc_render: a negative width, scale or minwidth, or breaks without "
			     "their array");
		return false;
	}
	return true;
}

static bool render(struct fc_context *ctx, const struct fc_profile_set *set,
		   const struct fc_render_request *req, struct fc_error *err)
{
	enum fc_out_format fmt = req->format == FC_OUT_AUTO ? FC_OUT_SVG : req->format;
	struct fc_paint_options popts;
	struct fc_layout_options lopts = {
		/* folded stacks are the merged graph */
		.mode = fmt == FC_OUT_FOLDED || fmt == FC_OUT_PPROF ? FC_MODE_GRAPH : req->mode,
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
	struct fc_line_notes notes = { 0 };
	struct fc_layout layout;
	struct fc_output out;
	int scheme;
	size_t i;
	bool ok;

	memset(&popts, 0, sizeof(popts));
	popts.width_px = req->width_px > 0 ? req->width_px : FC_PAINT_DEFAULT_WIDTH;
	popts.scale = req->scale > 0 ? req->scale : 1;
	popts.title = req->title;
	popts.subtitle = req->subtitle;
	popts.no_legend = req->no_legend;
	popts.max_rows = req->max_rows;
	/* the height budget (docs/rendering.md, "The height budget"): --height, else a share of the
	 * width unless every row (or a number of rows) was asked for */
	if (req->height_px > 0)
		popts.max_height_px = (int)req->height_px;
	else if (!req->full_height && !req->max_rows)
		popts.max_height_px =
			(int)(popts.width_px *
			      (req->max_aspect > 0 ? req->max_aspect : FC_RENDER_ASPECT));
	popts.interactive = req->interactive;
	popts.svg_cairo = req->svg_cairo;
	if (fmt == FC_OUT_SVG && !req->svg_cairo) {
		/* the native SVG's tooltips name a frame's hottest lines */
		popts.title_note = fc_line_notes_title;
		popts.note_ctx = &notes;
	}
	lopts.has_x_zero = req->has_x_zero;
	lopts.x_zero = req->x_zero;
	lopts.breaks = req->breaks;
	lopts.n_breaks = req->n_breaks;

	if (!req->output) {
		fc_error_set(err, FC_ERR_USAGE, "no output file");
		return false;
	}
	if (fmt == FC_OUT_SPEEDSCOPE) {
		/* the profiles themselves, no layout */
		if (!fc_output_open(&out, req->output, err))
			return false;
		if (!fc_write_speedscope(set, req->mode == FC_MODE_CHART, &out, err)) {
			if (out.failed && out.errno_value == EPIPE)
				err->code = FC_ERR_PIPE;
			fc_output_abort(&out);
			return false;
		}
		return fc_output_commit(&out, err);
	}
	if (fmt == FC_OUT_PPROF) {
		/* the merged graph, written from the profiles */
		ok = fc_output_open(&out, req->output, err);
		if (ok && !fc_write_pprof(set, &lopts, &out, err)) {
			if (out.failed && out.errno_value == EPIPE)
				err->code = FC_ERR_PIPE;
			fc_output_abort(&out);
			ok = false;
		} else if (ok) {
			ok = fc_output_commit(&out, err);
		}
		return ok;
	}
	if (lopts.mode == FC_MODE_CHART) {
		/* folded stacks have weights, not times (input-rules §D1) */
		for (i = 0; i < set->count; i++) {
			if (set->items[i]->has_time)
				continue;
			if (set->items[i]->format == FC_FORMAT_PPROF)
				fc_error_set(err, FC_ERR_USAGE,
					     "a pprof profile sums its samples by stack and keeps "
					     "no time order, so it cannot be drawn as a "
					     "time-ordered chart; use -m graph");
			else if (fc_unit_is_bytes(set->items[i]->weight_unit))
				/* samples have an order, but no time */
				fc_error_set(
					err, FC_ERR_USAGE,
					"a heap profile weighs allocations in bytes and has no "
					"time, so it cannot be drawn as a time-ordered chart; "
					"use -m graph");
			else if (set->items[i]->format == FC_FORMAT_FOLDED)
				fc_error_set(
					err, FC_ERR_FORMAT,
					"folded stacks carry no time, only counts, so they "
					"cannot be drawn as a time-ordered chart; use -m graph");
			else
				fc_error_set(
					err, FC_ERR_FORMAT,
					"the profile weighs its stacks in counts, not time, so "
					"it cannot be drawn as a time-ordered chart; use -m graph");
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
	/* images are culled to the plot's pixels (docs/rendering.md); JSON and folded
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
	/* images: neighbouring boxes of one colour told apart (DevTools'
	 * own colours in the devtools theme) */
	style.shade = (fmt == FC_OUT_SVG || fmt == FC_OUT_PNG || fmt == FC_OUT_PDF) &&
		      !(style.theme->name && strcmp(style.theme->name, "devtools") == 0);

	if (!fc_layout_build(&layout, set, &lopts, err))
		return false;
	ok = fc_style_prepare(&style, &layout, err);
	if (ok && fmt == FC_OUT_JSON) {
		/* the layout JSON also says what an image of it at this width
		 * would fold: that image's layout and painter, made for it */
		struct fc_layout_options io = lopts;
		struct fc_painter *painter = NULL;
		struct fc_style istyle = { .theme = style.theme,
					   .scheme = style.scheme,
					   .dim_tiers = style.dim_tiers };
		struct fc_layout image;
		bool built;

		io.plot_width_px = fc_paint_plot_width(&popts);
		io.bars_on_demand = false;
		ok = built = fc_layout_build(&image, set, &io, err);
		ok = ok && fc_style_prepare(&istyle, &image, err) &&
		     (painter = fc_painter_create(&image, &istyle, &popts, err)) != NULL;
		if (ok && (ok = fc_output_open(&out, req->output, err))) {
			if (!fc_write_layout_json_image(&layout, &style, &image, painter, &out,
							err)) {
				if (out.failed && out.errno_value == EPIPE)
					err->code = FC_ERR_PIPE;
				fc_output_abort(&out);
				ok = false;
			} else {
				ok = fc_output_commit(&out, err);
			}
		}
		fc_painter_destroy(painter);
		fc_style_finish(&istyle);
		if (built)
			fc_layout_finish(&image);
		fc_style_finish(&style);
		fc_layout_finish(&layout);
		return ok;
	}
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
	fc_line_notes_finish(&notes);
	fc_style_finish(&style);
	fc_layout_finish(&layout);
	return ok;
}

bool fc_render(struct fc_context *ctx, const struct fc_profile_set *set,
	       const struct fc_render_request *req, struct fc_error *err)
{
	struct fc_error scratch;

	err = fc_error_begin(err, &scratch);
	return check_request(ctx, set, req, err) && render(ctx, set, req, err);
}
