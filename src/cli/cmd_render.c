/* flamechart [render]: inputs -> one image, layout JSON or folded stacks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "transform/clock.h"
#include "flamechart/import.h"
#include "layout/layout.h"
#include "render/paint.h"
#include "render/render.h"
#include "transform/select.h"
#include "style/style.h"
#include "util/util.h"
#include "model/profile.h"
#include "model/screenshots.h"

static const char *const ext_names[FC_OUT_COUNT] = {
	"", "svg", "png", "pdf", "json", "txt", "md", "speedscope.json", "pb.gz",
};

static enum fc_out_format format_from_path(const char *path)
{
	const char *dot = strrchr(fc_basename(path), '.');

	if (!dot)
		return FC_OUT_AUTO;
	if (strlen(path) > 16 && strcasecmp(path + strlen(path) - 16, ".speedscope.json") == 0)
		return FC_OUT_SPEEDSCOPE;
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
	if (strcasecmp(dot, "md") == 0)
		return FC_OUT_MD;
	if (strcasecmp(dot, "pprof") == 0 ||
	    (strcasecmp(dot, "gz") == 0 && dot - fc_basename(path) > 4 &&
	     strncasecmp(dot - 4, ".pb.", 4) == 0))
		return FC_OUT_PPROF;
	return FC_OUT_AUTO;
}

/* render writes one file: one format and one mode, and an output name
 * whose extension, when it has one, agrees with -f. false with err
 * (FC_ERR_USAGE) otherwise. */
static bool check_output(const struct fc_cli *cli, struct fc_error *err)
{
	const char *dot;
	enum fc_out_format by_name;
	int i, n = 0, given = FC_OUT_AUTO;

	for (i = 1; i < FC_OUT_COUNT; i++) {
		if (cli->formats & (1u << i)) {
			n++;
			given = i;
		}
	}
	if (n > 1 || cli->modes == (FC_MODE_BIT_CHART | FC_MODE_BIT_GRAPH)) {
		fc_error_set(err, FC_ERR_USAGE,
			     "render writes one file, in one format and one mode: give one -f and "
			     "one -m (flamechart report writes several)");
		return false;
	}
	if (!cli->output || strcmp(cli->output, "-") == 0)
		return true;
	for (i = 0; i < (int)cli->n_inputs; i++)
		if (fc_cli_output_is_input(cli->output, cli->inputs[i], err))
			return false;
	dot = strrchr(fc_basename(cli->output), '.');
	if (!dot || dot == fc_basename(cli->output))
		return true;
	by_name = format_from_path(cli->output);
	if (by_name == FC_OUT_AUTO && given == FC_OUT_AUTO) {
		fc_error_set(err, FC_ERR_USAGE,
			     "'%s': flamechart writes no %s files; name the output .svg, .png, "
			     ".pdf, .json, .folded, .md or .pb.gz, or give -f",
			     cli->output, dot + 1);
		return false;
	}
	if (by_name != FC_OUT_AUTO && given != FC_OUT_AUTO &&
	    by_name != (enum fc_out_format)given) {
		fc_error_set(err, FC_ERR_USAGE,
			     "-f %s but the output '%s' is named as %s: make them agree",
			     given == FC_OUT_FOLDED  ? "folded"
			     : given == FC_OUT_PPROF ? "pprof"
						     : ext_names[given],
			     cli->output,
			     by_name == FC_OUT_FOLDED  ? "folded"
			     : by_name == FC_OUT_PPROF ? "pprof"
						       : ext_names[by_name]);
		return false;
	}
	return true;
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

	bool text = fmt == FC_OUT_JSON || fmt == FC_OUT_FOLDED || fmt == FC_OUT_MD ||
		    fmt == FC_OUT_SPEEDSCOPE;

	if (text || strcmp(in, "-") == 0)
		return text ? fc_strdup("-") : fc_asprintf("flamechart.%s", ext_names[fmt]);
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

/* --screenshots with screenshots to draw, where the filmstrip is not drawn
 * (paint_film.c): said on stderr. */
static void screenshots_not_drawn(const struct fc_cli *cli, const struct fc_profile_set *set,
				  enum fc_out_format fmt, enum fc_mode mode,
				  const struct fc_render_tweaks *tw)
{
	const char *why = NULL;
	bool any = false;
	size_t i;

	for (i = 0; i < set->count; i++)
		any = any || (set->items[i]->screenshots && set->items[i]->screenshots->n);
	if (!cli->screenshots || cli->quiet || !any)
		return;
	if (mode == FC_MODE_GRAPH)
		why = "a graph has no time axis";
	else if (fmt != FC_OUT_AUTO && fmt != FC_OUT_SVG && fmt != FC_OUT_PNG && fmt != FC_OUT_PDF)
		why = "only images (SVG, PNG, PDF) draw it";
	else if (tw->n_breaks)
		why = "--trim-idle cuts the time axis";
	else if (tw->clocks > 1)
		why = "the inputs are on clocks of their own";
	if (why)
		fc_log("--screenshots: no filmstrip: %s", why);
}

int fc_cmd_render(const struct fc_cli *cli)
{
	struct fc_profile_set set;
	struct fc_error err;
	enum fc_out_format fmt = pick_format(cli);
	/* --sandwich is a graph unless -m says otherwise */
	int mode = (cli->modes & FC_MODE_BIT_GRAPH) || (!cli->modes && cli->scope.sandwich)
			   ? FC_MODE_GRAPH
			   : FC_MODE_CHART;
	struct fc_render_tweaks tw = { 0 };
	char *out_path = NULL, note[200];
	int rc = FC_EXIT_OK;

	fc_profile_set_init(&set);
	fc_error_init(&err);
	if (!check_output(cli, &err)) {
		fc_log_error(&err);
		return FC_EXIT_USAGE;
	}
	/* folded stacks are the merged graph whatever -m says; speedscope's
	 * file holds the profiles, not a layout */
	if (mode == FC_MODE_CHART && fmt != FC_OUT_FOLDED && fmt != FC_OUT_SPEEDSCOPE &&
	    fmt != FC_OUT_PPROF && !fc_cli_check_graph_only(cli, &err)) {
		fc_log_error(&err);
		return FC_EXIT_USAGE;
	}
	if (!fc_cli_theme(cli, &err)) {
		fc_log_error(&err);
		return (int)fc_error_exit_code(err.code);
	}
	if (!fc_cli_import(cli, cli->inputs, cli->n_inputs, &set, &err)) {
		fc_log_error(&err);
		fc_log_profile_warnings(cli, &set);
		fc_profile_set_finish(&set);
		return err.code == FC_ERR_USAGE ? FC_EXIT_USAGE : (int)fc_error_exit_code(err.code);
	}
	fc_log_profile_warnings(cli, &set);
	if (fmt == FC_OUT_FOLDED || fmt == FC_OUT_PPROF)
		mode = FC_MODE_GRAPH; /* folded stacks and pprof are the merged graph */
	/* profiles of different runs each start at 0 unless --same-clock */
	if (mode == FC_MODE_CHART && !cli->same_clock)
		tw.clocks = fc_clock_separate(&set);
	if (mode == FC_MODE_CHART && fmt != FC_OUT_MD &&
	    !fc_cli_crop(cli, &set, &tw, note, sizeof(note), &err)) {
		fc_log_error(&err);
		fc_profile_set_finish(&set);
		return FC_EXIT_USAGE;
	}
	screenshots_not_drawn(cli, &set, fmt, mode, &tw);
	out_path = cli->output ? fc_strdup(cli->output) : default_output(cli, fmt);
	if (!out_path) {
		fc_log("out of memory");
		rc = FC_EXIT_INTERNAL;
	} else if (set.count == 2 && set.items[0]->diff_side == 1 && set.items[1]->diff_side == 2) {
		/* a differential folded file: drawn as a diff (docs/diff.md) */
		rc = fc_cmd_diff_folded(cli, &set, fmt, out_path);
	} else if (fmt == FC_OUT_MD
			   ? !fc_cli_write_markdown(cli, &set, out_path, &err)
			   : !fc_cli_render_set(cli, &set, fmt, mode, &tw, out_path, &err)) {
		/* a reader that stopped early (| head) had what it wanted: exit 0,
		 * no message, as cat and git do */
		if (err.code != FC_ERR_PIPE) {
			fc_log_error(&err);
			rc = (int)fc_error_exit_code(err.code);
		}
	}
	free(out_path);
	fc_profile_set_finish(&set);
	return rc;
}
