/* flamechart [render]: inputs -> one image, layout JSON or folded stacks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "flamechart/import.h"
#include "flamechart/layout.h"
#include "flamechart/paint.h"
#include "flamechart/render.h"
#include "flamechart/select.h"
#include "flamechart/style.h"
#include "util/util.h"

static const char *const ext_names[FC_OUT_COUNT] = {
	"", "svg", "png", "pdf", "json", "txt",
};

static enum fc_out_format format_from_path(const char *path)
{
	const char *dot = strrchr(fc_basename(path), '.');

	if (!dot)
		return FC_OUT_AUTO;
	dot++;
	if (strcasecmp(dot, "svg") == 0)
		return FC_OUT_SVG;
	if (strcasecmp(dot, "png") == 0)
		return FC_OUT_PNG;
	if (strcasecmp(dot, "pdf") == 0)
		return FC_OUT_PDF;
	if (strcasecmp(dot, "json") == 0)
		return FC_OUT_JSON;
	if (strcasecmp(dot, "folded") == 0)
		return FC_OUT_FOLDED;
	return FC_OUT_AUTO;
}

static enum fc_out_format pick_format(const struct fc_cli *cli)
{
	int i;

	for (i = 1; i < FC_OUT_COUNT; i++)
		if (cli->formats & (1u << i))
			return (enum fc_out_format)i;
	if (cli->output && strcmp(cli->output, "-") != 0) {
		enum fc_out_format f = format_from_path(cli->output);
		if (f != FC_OUT_AUTO)
			return f;
	}
	return FC_OUT_SVG;
}

/* Images default to "<input name>.<ext>" in the current directory; text
 * formats to stdout. */
static char *default_output(const struct fc_cli *cli, enum fc_out_format fmt)
{
	const char *in = cli->inputs[0], *base, *dot;
	char *path;

	if (fmt == FC_OUT_JSON || fmt == FC_OUT_FOLDED || strcmp(in, "-") == 0)
		return fmt == FC_OUT_JSON || fmt == FC_OUT_FOLDED
			       ? fc_strdup("-")
			       : fc_asprintf("flamechart.%s", ext_names[fmt]);
	base = fc_basename(in);
	dot = strrchr(base, '.');
	if (dot && dot != base && strcmp(dot, ".gz") == 0) {
		const char *d2 = dot;
		while (d2 > base && d2[-1] != '.')
			d2--;
		if (d2 > base + 1)
			dot = d2 - 1;
	}
	path = fc_asprintf("%.*s.%s", dot && dot != base ? (int)(dot - base) : (int)strlen(base),
			   base, ext_names[fmt]);
	if (path && strcmp(path, in) == 0) {
		free(path);
		path = fc_asprintf("%s.%s", base, ext_names[fmt]);
	}
	return path;
}

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

static bool write_image(enum fc_out_format fmt, const struct fc_layout *l,
			const struct fc_style *st, const struct fc_paint_options *po,
			struct fc_output *out, struct fc_error *err)
{
	if (fmt == FC_OUT_PNG)
		return fc_write_png(l, st, po, out, err);
	if (fmt == FC_OUT_PDF)
		return fc_write_pdf(l, st, po, out, err);
	return fc_write_svg(l, st, po, out, err);
}

int fc_cmd_render(const struct fc_cli *cli)
{
	struct fc_import_options iopts = {
		.format = cli->input_format,
		.strict = cli->strict,
		.max_bytes = cli->max_input_bytes,
	};
	struct fc_profile_set set;
	struct fc_layout layout;
	struct fc_layout_options lopts = { 0 };
	struct fc_style style = { 0 };
	struct fc_paint_options popts = {
		.width_px = cli->width_px,
		.scale = cli->scale,
		.title = cli->title,
		.subtitle = cli->subtitle,
		.no_legend = cli->no_legend,
	};
	bool image;
	struct fc_output out;
	struct fc_error err;
	enum fc_out_format fmt = pick_format(cli);
	char *out_path = NULL;
	int rc = FC_EXIT_OK;
	size_t i;

	fc_profile_set_init(&set);
	fc_error_init(&err);
	for (i = 0; i < cli->n_inputs; i++) {
		if (!fc_import_file(cli->inputs[i], &iopts, &set, &err)) {
			fc_log_error(&err);
			fc_profile_set_finish(&set);
			return (int)fc_error_exit_code(err.code);
		}
	}
	fc_log_profile_warnings(cli, &set);
	{
		struct fc_select sel = { .thread = cli->thread, .pid = cli->pid };
		if (!fc_select_apply(&set, &sel, &err)) {
			fc_log_error(&err);
			fc_profile_set_finish(&set);
			return FC_EXIT_USAGE;
		}
	}

	lopts.mode = (cli->modes & FC_MODE_BIT_GRAPH) ? FC_MODE_GRAPH : FC_MODE_CHART;
	if (fmt == FC_OUT_FOLDED)
		lopts.mode = FC_MODE_GRAPH; /* folded stacks are the merged graph */
	lopts.keep_idle = cli->keep_idle;
	lopts.gc_root = cli->gc_root;
	lopts.sort_weight = cli->sort_weight;
	lopts.weight_samples = cli->weight_samples;
	lopts.inverted = cli->inverted;
	lopts.per_thread = cli->per_thread;
	lopts.minwidth = cli->minwidth;
	lopts.minwidth_pct = cli->minwidth_pct;
	lopts.plot_width_px = 0; /* JSON and folded are exact */
	image = fmt == FC_OUT_SVG || fmt == FC_OUT_PNG || fmt == FC_OUT_PDF;
	if (image) /* images: culled to the plot's pixels (DESIGN §6) */
		lopts.plot_width_px = fc_paint_plot_width(&popts);

	if (lopts.mode == FC_MODE_CHART) {
		/* folded stacks have weights, not times (formats.md §D1) */
		for (i = 0; i < set.count; i++) {
			if (set.items[i]->has_time)
				continue;
			fc_log("%s: folded stacks carry no time, only counts, so they cannot be "
			       "drawn as a time-ordered chart; use -m graph",
			       set.items[i]->source ? set.items[i]->source : "<stdin>");
			fc_profile_set_finish(&set);
			return FC_EXIT_INPUT;
		}
	}

	style.theme = fc_theme_default();
	style.scheme = pick_scheme(cli, lopts.mode);
	style.dim_tiers = cli->dim_tiers;

	if (!fc_layout_build(&layout, &set, &lopts, &err)) {
		fc_log_error(&err);
		fc_profile_set_finish(&set);
		return (int)fc_error_exit_code(err.code);
	}

	out_path = cli->output ? fc_strdup(cli->output) : default_output(cli, fmt);
	if (!out_path) {
		rc = FC_EXIT_INTERNAL;
		goto done;
	}
	if (!fc_output_open(&out, out_path, &err)) {
		fc_log_error(&err);
		rc = (int)fc_error_exit_code(err.code);
		goto done;
	}
	switch (fmt) {
	case FC_OUT_SVG:
	case FC_OUT_PNG:
	case FC_OUT_PDF:
		if (!write_image(fmt, &layout, &style, &popts, &out, &err)) {
			fc_output_abort(&out);
			fc_log_error(&err);
			rc = (int)fc_error_exit_code(err.code);
			goto done;
		}
		break;
	case FC_OUT_JSON:
		if (!fc_write_layout_json(&layout, &style, &out, &err)) {
			fc_output_abort(&out);
			fc_log_error(&err);
			rc = (int)fc_error_exit_code(err.code);
			goto done;
		}
		break;
	case FC_OUT_FOLDED:
		if (!fc_write_folded(&layout, &out, &err)) {
			fc_output_abort(&out);
			fc_log_error(&err);
			rc = (int)fc_error_exit_code(err.code);
			goto done;
		}
		break;
	default:
		fc_output_abort(&out);
		fc_log("output format %s is not available yet", ext_names[fmt]);
		rc = FC_EXIT_USAGE;
		goto done;
	}
	if (!fc_output_commit(&out, &err)) {
		fc_log_error(&err);
		rc = (int)fc_error_exit_code(err.code);
	}
done:
	free(out_path);
	fc_layout_finish(&layout);
	fc_profile_set_finish(&set);
	return rc;
}
