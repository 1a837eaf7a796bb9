/* The render pipeline after import: checks, layout, style, and one writer,
 * into an output file that appears only when complete. Shared by `render`
 * and `report` (which calls it from several threads). */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "flamechart/layout.h"
#include "flamechart/paint.h"
#include "flamechart/render.h"
#include "flamechart/style.h"
#include "util/util.h"

static enum fc_scheme pick_scheme(const struct fc_cli *cli, enum fc_mode mode)
{
	if (!cli->color_by)
		return mode == FC_MODE_GRAPH ? FC_SCHEME_TIER : FC_SCHEME_URL;
	if (strcmp(cli->color_by, "tier") == 0)
		return FC_SCHEME_TIER;
	if (strcmp(cli->color_by, "package") == 0)
		return FC_SCHEME_PACKAGE;
	if (strcmp(cli->color_by, "heat") == 0)
		return FC_SCHEME_HEAT;
	if (strcmp(cli->color_by, "mono") == 0)
		return FC_SCHEME_MONO;
	return FC_SCHEME_URL;
}

bool fc_cli_check_graph_only(const struct fc_cli *cli, struct fc_error *err)
{
	const char *opt = cli->inverted         ? "--inverted"
			  : cli->sort_weight    ? "--sort weight"
			  : cli->weight_samples ? "--weight samples"
			  : cli->keep_idle      ? "--idle"
			  : cli->per_thread     ? "--per-thread"
						: NULL;

	if (!opt)
		return true;
	fc_error_set(err, FC_ERR_USAGE,
		     "%s applies to the merged graph only (-m graph); the chart is "
		     "ordered by time and has no such option",
		     opt);
	return false;
}

/* Themes loaded by --theme, kept for the life of the process: report
 * renders from several threads, and each of them may hold a theme while
 * another asks for one. A list, in case a caller changes cli->theme. */
struct loaded_theme {
	struct loaded_theme *next;
	char *name;
	struct fc_theme *theme;
};

static pthread_mutex_t themes_lock = PTHREAD_MUTEX_INITIALIZER;
static struct loaded_theme *themes;

const struct fc_theme *fc_cli_theme(const struct fc_cli *cli, struct fc_error *err)
{
	struct loaded_theme *it;
	struct fc_theme *t;

	if (!cli->theme)
		return fc_theme_default();
	pthread_mutex_lock(&themes_lock);
	for (it = themes; it; it = it->next) {
		if (strcmp(it->name, cli->theme) == 0) {
			pthread_mutex_unlock(&themes_lock);
			return it->theme;
		}
	}
	t = fc_theme_open(cli->theme, err);
	it = t ? calloc(1, sizeof(*it)) : NULL;
	if (it && (it->name = fc_strdup(cli->theme)) != NULL) {
		it->theme = t;
		it->next = themes;
		themes = it;
	} else if (t) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		free(it);
		fc_theme_destroy(t);
		t = NULL;
	} else {
		/* a theme that cannot be read or parsed is a bad --theme argument */
		err->code = FC_ERR_USAGE;
	}
	pthread_mutex_unlock(&themes_lock);
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

bool fc_cli_render_set(const struct fc_cli *cli, const struct fc_profile_set *set,
		       enum fc_out_format fmt, int mode, const struct fc_render_tweaks *tw,
		       const char *path, struct fc_error *err)
{
	static const struct fc_render_tweaks none = { 0 };
	struct fc_paint_options popts;
	struct fc_layout_options lopts = {
		.mode = (enum fc_mode)mode,
		.keep_idle = cli->keep_idle,
		.gc_root = cli->gc_root,
		.sort_weight = cli->sort_weight,
		.weight_samples = cli->weight_samples,
		.inverted = cli->inverted,
		.per_thread = cli->per_thread,
		.minwidth = cli->minwidth,
		.minwidth_pct = cli->minwidth_pct,
	};
	struct fc_style style = { 0 };
	struct fc_layout layout;
	struct fc_output out;
	char *subtitle = NULL;
	size_t i;
	bool ok;

	if (!tw)
		tw = &none;
	/* folded stacks count samples, as FlameGraph's do, unless --weight time */
	if (fmt == FC_OUT_FOLDED)
		lopts.weight_samples = !cli->weight_time;
	memset(&popts, 0, sizeof(popts));
	popts.width_px = tw->width_px > 0 ? tw->width_px : cli->width_px;
	popts.scale = tw->thumb ? 1 : cli->scale;
	popts.title = tw->title ? tw->title : cli->title;
	popts.subtitle = tw->thumb ? NULL : cli->subtitle;
	popts.no_legend = cli->no_legend || tw->thumb;
	popts.max_rows = tw->max_rows ? tw->max_rows : cli->max_depth;
	if (tw->note && !tw->thumb) {
		/* what a cropped chart shows goes under the subtitle */
		subtitle = popts.subtitle ? fc_asprintf("%s · %s", popts.subtitle, tw->note)
					  : fc_strdup(tw->note);
		if (!subtitle) {
			fc_error_set(err, FC_ERR_NOMEM, "out of memory");
			return false;
		}
		popts.subtitle = subtitle;
	}
	lopts.has_x_zero = tw->has_x_zero;
	lopts.x_zero = tw->x_zero;
	lopts.clocks = (uint32_t)tw->clocks;

	if (lopts.mode == FC_MODE_CHART) {
		/* folded stacks have weights, not times (formats.md §D1) */
		for (i = 0; i < set->count; i++) {
			if (set->items[i]->has_time)
				continue;
			fc_error_set(err, FC_ERR_FORMAT,
				     "folded stacks carry no time, only counts, so they cannot be "
				     "drawn as a time-ordered chart; use -m graph");
			fc_error_set_file(err, set->items[i]->source ? set->items[i]->source
								     : "<stdin>");
			free(subtitle);
			return false;
		}
	}
	/* images are culled to the plot's pixels (DESIGN §6); JSON and folded
	 * stacks are exact */
	if (fmt == FC_OUT_SVG || fmt == FC_OUT_PNG || fmt == FC_OUT_PDF)
		lopts.plot_width_px = fc_paint_plot_width(&popts);
	/* the layout JSON's bars outnumber the nodes: walked as written */
	lopts.bars_on_demand = fmt == FC_OUT_JSON;

	style.theme = fc_cli_theme(cli, err);
	if (!style.theme) {
		free(subtitle);
		return false;
	}
	style.scheme = pick_scheme(cli, lopts.mode);
	style.dim_tiers = cli->dim_tiers;

	if (!fc_layout_build(&layout, set, &lopts, err)) {
		free(subtitle);
		return false;
	}
	ok = fc_style_prepare(&style, &layout, err);
	if (ok && cli->height_px > 0 &&
	    (fmt == FC_OUT_SVG || fmt == FC_OUT_PNG || fmt == FC_OUT_PDF))
		ok = fit_height(&layout, &style, &popts, cli->height_px, err);
	ok = ok && fc_output_open(&out, path, err);
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
	free(subtitle);
	return ok;
}
