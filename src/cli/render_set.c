/* The CLI's options and a report's tweaks as one fc_render request (the
 * pipeline itself is the library's: src/render/pipeline.c). */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "flamechart/flamechart.h"
#include "util/util.h"
#include "model/profile.h"

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

const struct fc_theme *fc_cli_theme(const struct fc_cli *cli, struct fc_error *err)
{
	return fc_context_theme(cli->ctx, cli->theme, err);
}

bool fc_cli_render_set(const struct fc_cli *cli, const struct fc_profile_set *set,
		       enum fc_out_format fmt, int mode, const struct fc_render_tweaks *tw,
		       const char *path, struct fc_error *err)
{
	static const struct fc_render_tweaks none = { 0 };
	struct fc_render_request req = {
		.version = FC_RENDER_REQUEST_VERSION,
		.format = fmt,
		.mode = (enum fc_mode)mode,
		.output = path,
		.keep_idle = cli->keep_idle,
		.gc_root = cli->gc_root,
		.sort_weight = cli->sort_weight,
		.weight_samples = cli->weight_samples,
		.inverted = cli->inverted,
		/* --sandwich: the callers and the callees are two lanes */
		.per_thread = cli->per_thread || cli->scope.sandwich,
		.minwidth = cli->minwidth,
		.minwidth_pct = cli->minwidth_pct,
		.color_by = cli->color_by,
		.theme = cli->theme,
		.dim_tiers = cli->dim_tiers,
	};
	char *subtitle = NULL;
	bool ok;

	if (!tw)
		tw = &none;
	req.width_px = tw->width_px > 0 ? tw->width_px : cli->width_px;
	req.scale = tw->thumb ? 1 : cli->scale;
	req.title = tw->title ? tw->title : cli->title;
	req.subtitle = tw->thumb ? NULL : cli->subtitle;
	req.no_legend = cli->no_legend || tw->thumb;
	req.clocks = (uint32_t)tw->clocks;
	req.interactive = (cli->interactive || tw->interactive) && !tw->thumb;
	req.svg_cairo = cli->svg_cairo;
	/* folded stacks count samples, as FlameGraph's do, unless --weight time;
	 * a heap profile's lines carry bytes (its "samples" are its nodes) */
	if (fmt == FC_OUT_FOLDED)
		req.weight_samples = !cli->weight_time &&
				     !(set->count && fc_unit_is_bytes(set->items[0]->weight_unit));
	req.max_rows = tw->max_rows ? tw->max_rows : cli->max_depth;
	req.has_x_zero = tw->has_x_zero;
	req.x_zero = tw->x_zero;
	req.breaks = tw->breaks;
	req.n_breaks = tw->n_breaks;
	/* images, and the layout JSON that says what an image folds */
	if (fmt == FC_OUT_SVG || fmt == FC_OUT_PNG || fmt == FC_OUT_PDF || fmt == FC_OUT_JSON)
		req.height_px = cli->height_px > 0 ? (uint32_t)cli->height_px : 0;
	/* the height budget: 1.25 × the width for a preset's page or comment */
	req.max_aspect = cli->preset ? 1.25 : 0;
	req.full_height = cli->full_height;
	if (tw->note && !tw->thumb) {
		/* what a cropped chart shows goes under the subtitle */
		subtitle = req.subtitle ? fc_asprintf("%s · %s", req.subtitle, tw->note)
					: fc_strdup(tw->note);
		if (!subtitle) {
			fc_error_set(err, FC_ERR_NOMEM, "out of memory");
			return false;
		}
		req.subtitle = subtitle;
	}
	ok = fc_render(cli->ctx, set, &req, err);
	free(subtitle);
	return ok;
}
