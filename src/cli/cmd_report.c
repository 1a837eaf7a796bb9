/* flamechart report DIR -o OUTDIR: the options read into a report run of
 * the library (flamechart/report.h), whose images are drawn with them; the
 * progress, the files skipped and the outcome said on stderr, and the exit
 * code. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "flamechart/report.h"
#include "util/util.h"
#include "model/profile.h"

#define IMAGE_FORMATS ((1u << FC_OUT_SVG) | (1u << FC_OUT_PNG) | (1u << FC_OUT_PDF))

struct report_cli {
	const struct fc_cli *cli; /* every image's options (no --title) */
	bool tty;
	struct timespec start;
	size_t rendered;
};

static double elapsed(const struct report_cli *c)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - c->start.tv_sec) + (now.tv_nsec - c->start.tv_nsec) / 1e9;
}

static bool import(void *ctx, const char *const *paths, size_t n, struct fc_profile_set *set,
		   struct fc_error *err)
{
	const struct report_cli *c = ctx;

	return fc_cli_import(c->cli, paths, n, set, err);
}

static bool render(void *ctx, const struct fc_profile_set *set, const struct fc_report_image *img,
		   const char *path, struct fc_error *err)
{
	const struct report_cli *c = ctx;
	const struct fc_render_tweaks tw = { .width_px = img->width_px,
					     .thumb = img->thumb,
					     .title = img->title,
					     .max_rows = img->max_rows,
					     .interactive = img->interactive };

	if (img->format == FC_OUT_MD)
		return fc_cli_write_markdown(c->cli, set, path, err);
	return fc_cli_render_set(c->cli, set, img->format, img->mode, &tw, path, err);
}

/* One line per file when stderr is not a terminal; a bar that redraws
 * itself when it is; nothing with -q but failures. */
static void progress(void *ctx, const char *rel, const char *error, size_t done, size_t total)
{
	struct report_cli *c = ctx;
	bool quiet = c->cli->quiet;

	c->rendered = done;
	if (error) {
		if (c->tty && !quiet)
			fputs("\r\033[K", stderr);
		fprintf(stderr, "flamechart: %s\n", error);
	}
	if (quiet)
		return;
	if (c->tty) {
		int width = 30;
		int filled = total ? (int)((size_t)width * done / total) : width;
		fprintf(stderr, "\r\033[K[%.*s%*s] %zu/%zu %.1fs %s", filled,
			"==============================", width - filled, "", done, total,
			elapsed(c), fc_basename(rel));
	} else if (!error) {
		fprintf(stderr, "flamechart: [%zu/%zu] %s\n", done, total, rel);
	}
	fflush(stderr);
}

static void note(void *ctx, const char *text, bool failure)
{
	const struct report_cli *c = ctx;

	if (failure || !c->cli->quiet)
		fprintf(stderr, "%sflamechart: %s\n",
			c->tty && !c->cli->quiet && c->rendered ? "\r\033[K" : "", text);
}

/* The exit code of a run that went through: files that failed make it
 * partial, or an input error when all did; an image not written, an output
 * error. */
static int exit_code(const struct fc_report_outcome *out)
{
	if (out->output_failed)
		return FC_EXIT_OUTPUT;
	if (out->failed == 0)
		return FC_EXIT_OK;
	return out->failed < out->profiles ? FC_EXIT_PARTIAL : FC_EXIT_INPUT;
}

/* cli: the options every image is rendered with; title: the index pages'
 * title, or NULL. */
/* The threads each file's import gets: J files at once share the budget, so
 * that J x threads stays within the CPUs (or --threads). */
static unsigned threads_per_file(const struct fc_cli *cli)
{
	unsigned budget = fc_cli_import_threads(cli);
	unsigned jobs = cli->jobs > 0 ? (unsigned)cli->jobs : fc_cpus_available();

	return budget / jobs > 1 ? budget / jobs : 1;
}

static int report_main(const struct fc_cli *cli, const char *title)
{
	struct fc_cli per_file = *cli;
	struct report_cli c = { .cli = &per_file, .tty = isatty(STDERR_FILENO) };
	struct fc_report_options o = FC_REPORT_OPTIONS_INIT;
	struct fc_report_outcome out;
	struct fc_error err;
	size_t k;
	bool ok;
	int rc;

	fc_error_init(&err);
	per_file.threads = threads_per_file(cli);
	if (!cli->output) {
		fc_log("report needs an output directory: -o OUTDIR");
		return FC_EXIT_USAGE;
	}
	/* a bad --theme is the user's mistake, said once, not per file */
	if (!(o.theme = fc_cli_theme(cli, &err))) {
		fc_log_error(&err);
		return (int)fc_error_exit_code(err.code);
	}
	if (cli->merge && cli->n_inputs) {
		fc_log("report --merge reads OUTDIR only; leave out DIR");
		return FC_EXIT_USAGE;
	}
	if (!cli->merge && cli->n_inputs != 1) {
		fc_log("report takes one directory (see --help)");
		return FC_EXIT_USAGE;
	}
	if ((cli->order_by || cli->top) && !cli->history) {
		fc_log("report: --order-by and --top order and cut the runs of --history DIR");
		return FC_EXIT_USAGE;
	}
	if (cli->formats & ~IMAGE_FORMATS) {
		fc_log("report writes svg, png and pdf images (-f svg,png,pdf)");
		return FC_EXIT_USAGE;
	}
	if (!cli->merge && cli->modes && !(cli->modes & FC_MODE_BIT_GRAPH) &&
	    !fc_cli_check_graph_only(cli, &err)) {
		fc_log_error(&err);
		return FC_EXIT_USAGE;
	}
	o.dir = cli->merge ? NULL : cli->inputs[0];
	o.outdir = cli->output;
	o.title = title;
	o.summary = cli->summary;
	o.history = cli->history;
	o.history_order_by = cli->order_by;
	o.history_top = cli->top;
	o.modes = cli->modes; /* the bits are enum fc_mode's */
	o.formats = cli->formats;
	o.jobs = cli->jobs;
	o.shard = cli->shard_index;
	o.shard_count = cli->shard_count;
	o.merge = cli->merge;
	o.recursive = cli->recursive;
	for (k = 0; k < cli->n_include_globs && k < FC_REPORT_MAX_GLOBS; k++)
		o.include_globs[o.n_include_globs++] = cli->include_globs[k];
	for (k = 0; k < cli->n_exclude_globs && k < FC_REPORT_MAX_GLOBS; k++)
		o.exclude_globs[o.n_exclude_globs++] = cli->exclude_globs[k];
	o.input_format = cli->input_format;
	o.max_input_bytes = cli->max_input_bytes;
	o.hooks = (struct fc_report_hooks){
		.ctx = &c, .import = import, .render = render, .progress = progress, .note = note
	};
	clock_gettime(CLOCK_MONOTONIC, &c.start);
	ok = fc_report_run(&o, &out, &err);
	if (c.tty && !cli->quiet && c.rendered)
		fputs("\r\033[K", stderr);
	/* what is not a profile is said once, not failed (-q: not said) */
	for (k = 0; k < out.n_skipped && !cli->quiet; k++)
		fc_log("skipped %s", out.skipped[k]);
	if (!cli->quiet && !cli->merge && c.rendered)
		fprintf(stderr, "flamechart: rendered %zu files in %.1f s\n", c.rendered,
			elapsed(&c));
	if (!ok) {
		fc_log_error(&err);
		rc = (int)fc_error_exit_code(err.code);
		/* an image not written is the first thing to say */
		rc = out.output_failed ? FC_EXIT_OUTPUT : rc;
	} else if (out.sharded) {
		if (!cli->quiet)
			fprintf(stderr,
				"flamechart: shard %d/%d done; once all %d shards are in %s, "
				"run: flamechart report --merge -o %s\n",
				cli->shard_index, cli->shard_count, cli->shard_count, o.outdir,
				o.outdir);
		rc = exit_code(&out);
	} else {
		if (!cli->quiet)
			fprintf(stderr,
				"flamechart: wrote %s/index.html and index.md: %zu profiles, %zu "
				"failed, %zu skipped (not profiles)\n",
				o.outdir, out.profiles, out.failed, out.n_skipped);
		rc = exit_code(&out);
	}
	fc_report_outcome_finish(&out);
	return rc;
}

int fc_cmd_report(const struct fc_cli *cli)
{
	struct fc_cli each = *cli;
	char *outdir = NULL;
	int rc;

	/* -o out/ names out/index.html, not out//index.html */
	if (cli->output) {
		size_t n = strlen(cli->output);
		while (n > 1 && cli->output[n - 1] == '/')
			n--;
		outdir = fc_strndup(cli->output, n);
		if (!outdir) {
			fc_log("out of memory");
			return FC_EXIT_INTERNAL;
		}
		each.output = outdir;
	}
	each.title = NULL;
	rc = report_main(&each, cli->title);
	free(outdir);
	return rc;
}
