/* flamechart diff BASE HEAD: two runs in, a differential flame graph, a
 * table and a verdict out (docs/diff.md). Its options are its own table;
 * the outputs are all written before the exit code says whether a
 * --fail-on rule was crossed. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h> /* defines __GLIBC__ where it applies */
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "diff/diff.h"
#include "model/classify.h"
#include "flamechart/import.h"
#include "transform/scope.h"
#include "style/style.h"
#include "util/util.h"
#include "model/profile.h"

enum out_kind { OUT_SVG, OUT_PNG, OUT_PDF, OUT_JSON, OUT_MD, OUT_FOLDED, OUT_NONE };
static const char *const kind_names[] = { "svg", "png", "pdf", "json", "md", "folded" };

struct diff_cli {
	/* the options diff shares with render (CMD_DIFF in options.c's
	 * table): scope transforms, --hide, width, theme, title, ... */
	struct fc_cli cli;
	const char *inputs[2];
	size_t n_inputs;
	const char *outputs[8];
	enum out_kind kinds[8];
	size_t n_outputs;
	enum out_kind format; /* -f, OUT_NONE when not given */
	struct fc_diff_options o;
	const char *strip[16];
	struct fc_diff_rule rules[16];
	size_t n_rules;
	struct fc_diff_image_options image;
	/* what both sides go through, as the outputs state it */
	char **scope;
	size_t n_scope;
	/* set when a file read is one of the outputs */
	struct fc_error clash;
};

static enum out_kind kind_of(const char *name)
{
	size_t i;

	for (i = 0; i < FC_ARRAY_LEN(kind_names); i++)
		if (strcmp(name, kind_names[i]) == 0)
			return (enum out_kind)i;
	if (strcmp(name, "markdown") == 0)
		return OUT_MD;
	return OUT_NONE;
}

static enum out_kind kind_of_path(const char *path)
{
	const char *dot = strrchr(fc_basename(path), '.');
	return dot ? kind_of(dot + 1) : OUT_NONE;
}

static bool usage(struct fc_error *err, const char *fmt, const char *arg)
	__attribute__((format(printf, 2, 0)));

static bool usage(struct fc_error *err, const char *fmt, const char *arg)
{
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
	fc_error_set(err, FC_ERR_USAGE, fmt, arg);
#pragma GCC diagnostic pop
	return false;
}

static bool parse_double(const char *s, double *out, const char *suffix_ok, char **suffix)
{
	char *end;

	errno = 0;
	*out = strtod(s, &end);
	if (errno || end == s || *out != *out)
		return false;
	if (suffix)
		*suffix = end;
	return suffix_ok ? true : *end == '\0';
}

void fc_cmd_diff_help(FILE *out)
{
	fputs("Usage: flamechart diff [OPTIONS] BASE HEAD\n"
	      "\n"
	      "Compares two runs of a program. BASE and HEAD are each a profile file or a\n"
	      "directory of runs: files in it are runs, a sub-directory is one run of several\n"
	      "threads (node --cpu-prof's CPU.*.cpuprofile files). Functions are matched by\n"
	      "name and relative script path, anonymous ones by their place in the script\n"
	      "(docs/diff.md); several runs per side give the noise estimate (Welch's\n"
	      "t-test), one run the sample counts. The Markdown's first line and the\n"
	      "image's header name the top significant change.\n"
	      "\n"
	      "Options:\n"
	      "  -o, --output PATH        write PATH (format from its extension: svg, png, pdf,\n"
	      "                           json, md, folded); repeatable; default diff.svg\n"
	      "  -f, --format FMT         svg, png, pdf, json, md, folded; json, md and\n"
	      "                           folded go to stdout when no -o is given\n"
	      "  --match MODE             function (name + relative path, default), exact\n"
	      "                           (name, url, line, column) or name\n"
	      "  --strip-prefix PATH      strip PATH from script paths (repeatable)\n"
	      "  --normalize MODE         none (default) or total: scale BASE to HEAD's total\n"
	      "  --min-change X           smallest change that counts: X% of HEAD's total\n"
	      "                           (default 1%) or Xms per run\n"
	      "  --alpha A                significance level (default 0.05)\n"
	      "  --fail-on RULE           exit 6 when a significant change crosses RULE:\n"
	      "                           total>+5%, self>+20ms, self>+10%,\n"
	      "                           package:NAME>+2%, tier:gc>+25% (repeatable);\n"
	      "                           heap profiles in bytes: self>+10MB (B, kB, MB, GB)\n"
	      "  --base-widths            draw BASE's graph instead of HEAD's\n"
	      "\n"
	      "Options shared with render. --hide, the scope options (--focus, --exclude,\n"
	      "--prune, --collapse-recursion, --merge-by, --reverse, --match-on) and the\n"
	      "source maps apply to every profile of both sides, as for a render, before\n"
	      "functions are matched (docs/diff.md, docs/scope.md):\n",
	      out);
	fc_cli_help_options(out, FC_CMD_DIFF);
	fputs("  -h, --help                   show this help\n"
	      "\n"
	      "Exit codes: 0 success, 1 usage, 2 input, 3 output, 5 internal error,\n"
	      "6 regression: a --fail-on rule was crossed (the outputs are still written).\n",
	      out);
}

/* The program's choice, not the library's: the runs' graphs, freed as
 * they are summed, go back to the system in steps (fc_diff_options.release)
 * so that the sums take their place instead of adding to them. */
static void release_heap(void *ctx)
{
	(void)ctx;
#ifdef __GLIBC__
	malloc_trim(0);
#endif
}

static bool parse(struct diff_cli *c, int argc, char **argv, struct fc_error *err)
{
	int i;

	memset(c, 0, sizeof(*c));
	fc_cli_defaults(&c->cli, FC_CMD_DIFF);
	c->format = OUT_NONE;
	c->o.alpha = 0.05;
	c->o.min_change = 0.01;
	c->o.strip = c->strip;
	c->o.release = release_heap;
	for (i = 1; i < argc; i++) {
		const char *a = argv[i], *v = NULL;
		char *suffix;
		double d;

#define NEEDS_ARG()                                                            \
	do {                                                                   \
		if (i + 1 >= argc)                                             \
			return usage(err, "option '%s' needs an argument", a); \
		v = argv[++i];                                                 \
	} while (0)

		if (strcmp(a, "-o") == 0 || strcmp(a, "--output") == 0) {
			NEEDS_ARG();
			if (c->n_outputs == FC_ARRAY_LEN(c->outputs))
				return usage(err, "too many outputs (%s)", v);
			c->outputs[c->n_outputs] = v;
			c->kinds[c->n_outputs++] = kind_of_path(v);
		} else if (strcmp(a, "-f") == 0 || strcmp(a, "--format") == 0) {
			NEEDS_ARG();
			c->format = kind_of(v);
			if (c->format == OUT_NONE)
				return usage(err, "unknown format '%s'", v);
		} else if (strcmp(a, "--match") == 0) {
			NEEDS_ARG();
			if (strcmp(v, "function") == 0)
				c->o.match = FC_DIFF_MATCH_FUNCTION;
			else if (strcmp(v, "exact") == 0)
				c->o.match = FC_DIFF_MATCH_EXACT;
			else if (strcmp(v, "name") == 0)
				c->o.match = FC_DIFF_MATCH_NAME;
			else
				return usage(err, "--match: '%s' is not function, exact or name",
					     v);
		} else if (strcmp(a, "--strip-prefix") == 0) {
			NEEDS_ARG();
			if (c->o.n_strip == FC_ARRAY_LEN(c->strip))
				return usage(err, "too many --strip-prefix (%s)", v);
			c->strip[c->o.n_strip++] = strncmp(v, "file://", 7) == 0 ? v + 7 : v;
		} else if (strcmp(a, "--normalize") == 0) {
			NEEDS_ARG();
			if (strcmp(v, "none") && strcmp(v, "total"))
				return usage(err, "--normalize: '%s' is not none or total", v);
			c->o.normalize_total = strcmp(v, "total") == 0;
		} else if (strcmp(a, "--min-change") == 0) {
			NEEDS_ARG();
			if (!parse_double(v, &d, "", &suffix) || d < 0)
				return usage(err, "--min-change: '%s' is not a size", v);
			if (strcmp(suffix, "%") == 0) {
				c->o.min_change = d / 100;
				c->o.min_change_us = 0;
			} else if (strcmp(suffix, "ms") == 0) {
				c->o.min_change_us = d * 1000;
			} else {
				return usage(err, "--min-change: '%s' needs a unit, %% or ms", v);
			}
		} else if (strcmp(a, "--alpha") == 0) {
			NEEDS_ARG();
			if (!parse_double(v, &d, NULL, NULL) || !(d > 0 && d < 1))
				return usage(err, "--alpha: '%s' is not between 0 and 1", v);
			c->o.alpha = d;
		} else if (strcmp(a, "--fail-on") == 0) {
			NEEDS_ARG();
			if (c->n_rules == FC_ARRAY_LEN(c->rules))
				return usage(err, "too many --fail-on rules (%s)", v);
			if (!fc_diff_rule_parse(v, &c->rules[c->n_rules], err))
				return false;
			c->n_rules++;
		} else if (strcmp(a, "--base-widths") == 0) {
			c->image.base_widths = true;
		} else if (a[0] == '-' && a[1]) {
			int r = fc_cli_parse_option(&c->cli, argc, argv, &i, err);
			if (r < 0)
				return false;
			if (r == 0)
				return usage(err, "diff: unknown option '%s'", a);
		} else {
			if (c->n_inputs == 2)
				return usage(
					err,
					"diff takes two inputs, BASE and HEAD ('%s' is a third)",
					a);
			c->inputs[c->n_inputs++] = a;
		}
#undef NEEDS_ARG
	}
	if (c->n_inputs != 2)
		return usage(err, "diff needs two inputs, BASE and HEAD%s", "");
	c->cli.scope.strict = c->cli.strict;
	c->o.keep_idle = c->cli.keep_idle;
	c->o.gc_root = c->cli.gc_root;
	/* --preset: a render's sizes (the height budget comes with the fold
	 * step, for diff as for a render) */
	fc_cli_apply_preset(&c->cli);
	c->image.width_px = c->cli.width_px;
	c->image.scale = c->cli.scale;
	c->image.title = c->cli.title;
	c->image.sort_weight = c->cli.sort_weight;
	for (i = 0; i < (int)c->n_outputs; i++) {
		if (c->kinds[i] == OUT_NONE)
			c->kinds[i] = c->format != OUT_NONE ? c->format : OUT_SVG;
	}
	if (!c->n_outputs) {
		enum out_kind k = c->format != OUT_NONE ? c->format : OUT_SVG;
		c->kinds[0] = k;
		c->outputs[0] = k == OUT_SVG   ? "diff.svg"
				: k == OUT_PNG ? "diff.png"
				: k == OUT_PDF ? "diff.pdf"
					       : "-";
		c->n_outputs = 1;
	}
	return true;
}

/* Ends a text output. A writer stops at the first failed write without
 * saying which file failed; the output remembers, and its commit reports it
 * under the output's own name (EPIPE as FC_ERR_PIPE: a reader that stopped
 * early). Any other failure (out of memory) keeps the writer's error. */
static bool finish_text(struct fc_output *out, bool ok, struct fc_error *err)
{
	if (ok || out->failed)
		return fc_output_commit(out, err);
	fc_output_abort(out);
	return false;
}

static bool write_text(const struct fc_diff *d, const struct diff_cli *c, enum out_kind k,
		       const char *path, struct fc_error *err)
{
	struct fc_output out;
	bool ok;

	if (!fc_output_open(&out, path, err))
		return false;
	if (k == OUT_JSON)
		ok = fc_diff_write_json(d, &out, err);
	else if (k == OUT_FOLDED)
		ok = fc_diff_write_folded(d, &out, err);
	else
		ok = fc_diff_write_md(d, c->cli.top ? c->cli.top : 10, c->cli.image_url, 0, &out,
				      err);
	return finish_text(&out, ok, err);
}

int fc_cmd_diff_folded(const struct fc_cli *cli, struct fc_profile_set *set, int format,
		       const char *path)
{
	struct fc_diff_input in[2];
	struct fc_diff_options o = { .alpha = 0.05, .min_change = 0.01, .release = release_heap };
	struct fc_diff_image_options io = { 0 };
	struct fc_output out;
	struct fc_diff d;
	struct fc_error err;
	const char *name = cli->inputs[0];
	bool ok;
	int s;

	fc_error_init(&err);
	memset(in, 0, sizeof(in));
	o.keep_idle = cli->keep_idle;
	o.gc_root = cli->gc_root;
	io.width_px = cli->width_px;
	io.scale = cli->scale;
	io.title = cli->title;
	io.sort_weight = cli->sort_weight;
	/* a preset's budget, as for a render (render_set.c) */
	io.max_aspect = cli->preset ? 1.25 : 0;
	io.theme = fc_cli_theme(cli, &err);
	for (s = 0; s < 2; s++) {
		char *label = fc_asprintf("%s (%s)", name, s ? "HEAD" : "BASE");
		ok = label && fc_diff_side_from_profile(&in[s], label, set->items[s], &err);
		set->items[s] = NULL;
		free(label);
		if (!ok) {
			if (err.code == FC_OK)
				fc_error_set(&err, FC_ERR_NOMEM, "out of memory");
			goto fail_inputs;
		}
	}
	set->count = 0;
	/* the paths for the folded stacks and the picture, their tests for
	 * the picture only */
	o.no_paths = format == FC_OUT_JSON;
	o.no_path_tests = format == FC_OUT_JSON || format == FC_OUT_FOLDED;
	ok = fc_diff_compute(&d, &in[0], &in[1], &o, &err);
	if (ok && (format == FC_OUT_JSON || format == FC_OUT_FOLDED)) {
		ok = fc_output_open(&out, path, &err);
		if (ok) {
			ok = format == FC_OUT_JSON ? fc_diff_write_json(&d, &out, &err)
						   : fc_diff_write_folded(&d, &out, &err);
			ok = finish_text(&out, ok, &err);
		}
	} else if (ok) {
		io.format = format == FC_OUT_PNG   ? FC_DIFF_PNG
			    : format == FC_OUT_PDF ? FC_DIFF_PDF
						   : FC_DIFF_SVG;
		ok = fc_diff_write_image(&d, &io, path, &err);
	}
	fc_diff_finish(&d);
	if (!ok && err.code != FC_ERR_PIPE) {
		fc_log_error(&err);
		return fc_error_exit_code(err.code);
	}
	return FC_EXIT_OK;
fail_inputs:
	for (s = 0; s < 2; s++) {
		struct fc_diff tmp;
		memset(&tmp, 0, sizeof(tmp));
		tmp.side[s] = in[s];
		fc_diff_finish(&tmp);
	}
	fc_log_error(&err);
	return fc_error_exit_code(err.code);
}

/* The phrases that say what both sides go through: the hidden tiers,
 * then the scope transforms in the order they run. */
static bool scope_phrases(struct diff_cli *c)
{
	size_t n = 0, i, len = 0;
	char **v = fc_scope_phrases(&c->cli.scope, &n), tiers[128];

	if (!v)
		return false;
	c->scope = v;
	c->n_scope = n;
	if (c->cli.hide_tiers) {
		char **w = realloc(v, (n + 2) * sizeof(*w));
		if (!w)
			return false;
		c->scope = w;
		tiers[0] = '\0';
		for (i = 0; i < FC_TIER_COUNT; i++)
			if (c->cli.hide_tiers & (1u << i))
				len += (size_t)snprintf(
					tiers + len, len < sizeof(tiers) ? sizeof(tiers) - len : 0,
					"%s%s", len ? ", " : "", fc_tier_name((enum fc_tier)i));
		{
			char *h = fc_asprintf("hidden: %s", tiers);
			if (!h)
				return false;
			memmove(w + 1, w, n * sizeof(*w));
			w[0] = h;
			c->n_scope = n + 1;
		}
	}
	c->o.scope = (const char *const *)c->scope;
	c->o.n_scope = c->n_scope;
	return true;
}

/* A run read: its warnings, and whether one of its files is an output. */
static void loaded(void *ctx, const struct fc_profile_set *run)
{
	struct diff_cli *c = ctx;
	size_t i, j;

	fc_log_profile_warnings(&c->cli, run);
	for (i = 0; i < run->count && c->clash.code == FC_OK; i++)
		for (j = 0; j < c->n_outputs && c->clash.code == FC_OK; j++)
			fc_cli_output_is_input(c->outputs[j], run->items[i]->source, &c->clash);
}

/* What BASE or HEAD holds and diff does not read (-q: not said). */
static void not_read(void *ctx, const char *text)
{
	const struct diff_cli *c = ctx;

	if (!c->cli.quiet)
		fc_log("%s", text);
}

/* A side as the user named it, for the picture's header: relative to the
 * current directory when it is under it, without a trailing '/'. NULL on
 * allocation failure. */
static char *side_name(const char *path)
{
	char cwd[4096];
	size_t n, len;
	char *name;

	if (path[0] == '/' && getcwd(cwd, sizeof(cwd)) && (n = strlen(cwd)) > 1 &&
	    strncmp(path, cwd, n) == 0 && path[n] == '/' && path[n + 1])
		path += n + 1;
	name = fc_strdup(path);
	len = name ? strlen(name) : 0;
	while (len > 1 && name[len - 1] == '/')
		name[--len] = '\0';
	return name;
}

int fc_cmd_diff(int argc, char **argv)
{
	struct diff_cli c;
	struct fc_error err;
	struct fc_diff_input in[2];
	struct fc_import_options io = FC_IMPORT_OPTIONS_INIT;
	struct fc_diff_load load = { 0 };
	struct fc_diff d;
	struct fc_theme *theme = NULL;
	char *names[2] = { NULL, NULL };
	int rc = FC_EXIT_OK, s;
	size_t i, n;
	bool computed = false;

	fc_error_init(&err);
	memset(in, 0, sizeof(in));
	for (i = 1; i < (size_t)argc; i++)
		if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
			fc_cmd_diff_help(stdout);
			return fflush(stdout) == 0 ? FC_EXIT_OK : FC_EXIT_OUTPUT;
		}
	if (!parse(&c, argc, argv, &err)) {
		fc_log_error(&err);
		if (err.code == FC_ERR_USAGE)
			fputs("Try 'flamechart diff --help' for more information.\n", stderr);
		for (i = 0; i < c.n_rules; i++)
			fc_diff_rule_finish(&c.rules[i]);
		fc_cli_finish(&c.cli);
		return fc_error_exit_code(err.code);
	}
	io.format = c.cli.input_format;
	io.strict = c.cli.strict;
	io.max_bytes = c.cli.max_input_bytes;
	io.sourcemaps = fc_cli_sourcemaps(&c.cli);
	io.sample_type = c.cli.sample_type;
	if (c.cli.theme) {
		theme = fc_theme_open(c.cli.theme, &err);
		if (!theme)
			goto fail;
		c.image.theme = theme;
	}
	for (s = 0; s < 2; s++) {
		names[s] = side_name(c.inputs[s]);
		if (!names[s]) {
			fc_error_set(&err, FC_ERR_NOMEM, "out of memory");
			goto fail;
		}
		c.image.names[s] = names[s];
	}
	if (!scope_phrases(&c)) {
		fc_error_set(&err, FC_ERR_NOMEM, "out of memory");
		goto fail;
	}
	load.import = &io;
	load.hide_tiers = c.cli.hide_tiers;
	load.scope = &c.cli.scope;
	load.keep_idle = c.o.keep_idle;
	load.gc_root = c.o.gc_root;
	load.loaded = loaded;
	load.note = not_read;
	load.ctx = &c;
#ifdef __GLIBC__
	/* Unlike a render, diff frees most of what it allocates while it runs
	 * (each profile once merged, each graph once summed, the table once
	 * the tree is built), and what comes next is as large: arrays up to
	 * 32 MiB stay in the heap to be reused, instead of being returned
	 * (main.c) and faulted in again page by page, which cost diff some
	 * 40 % of its CPU time (bench/RESULTS.md). The graphs summed are
	 * handed back in steps of 4 MiB all the same (release_heap), so
	 * that they do not add to the sums' peak. */
	mallopt(M_MMAP_THRESHOLD, 32 * 1024 * 1024);
#endif
	/* each run is read, cut down (--hide, scope) and merged, then freed */
	fc_error_init(&c.clash);
	for (s = 0; s < 2; s++) {
		load.before = s ? &in[0] : NULL; /* for the memory bound */
		if (!fc_diff_load_side(&in[s], c.inputs[s], &load, &err))
			goto fail;
		if (c.clash.code != FC_OK) {
			err = c.clash;
			goto fail;
		}
	}
	/* the call paths only for the folded stacks and the pictures, their
	 * tests for the pictures only */
	c.o.no_paths = c.o.no_path_tests = true;
	for (i = 0; i < c.n_outputs; i++) {
		if (c.kinds[i] <= OUT_PDF || c.kinds[i] == OUT_FOLDED)
			c.o.no_paths = false;
		if (c.kinds[i] <= OUT_PDF)
			c.o.no_path_tests = false;
	}
	computed = true; /* d owns the inputs now, whatever the outcome */
	if (!fc_diff_compute(&d, &in[0], &in[1], &c.o, &err))
		goto fail;
	{
		struct fc_diff_rule *rules = malloc((c.n_rules + 1) * sizeof(*rules));
		if (!rules) {
			fc_error_set(&err, FC_ERR_NOMEM, "out of memory");
			goto fail;
		}
		memcpy(rules, c.rules, c.n_rules * sizeof(*rules));
		n = c.n_rules;
		c.n_rules = 0; /* moved into d */
		if (!fc_diff_evaluate(&d, rules, n, &err))
			goto fail;
	}
	for (i = 0; i < c.n_outputs; i++) {
		enum out_kind k = c.kinds[i];
		bool ok;
		if (k <= OUT_PDF) {
			c.image.format = k == OUT_PNG   ? FC_DIFF_PNG
					 : k == OUT_PDF ? FC_DIFF_PDF
							: FC_DIFF_SVG;
			ok = fc_diff_write_image(&d, &c.image, c.outputs[i], &err);
		} else {
			ok = write_text(&d, &c, k, c.outputs[i], &err);
		}
		/* a reader that stopped early (| head) is no error: no message,
		 * and the exit code is the comparison's, as for a render */
		if (!ok && err.code != FC_ERR_PIPE) {
			fc_log_error(&err);
			rc = fc_error_exit_code(err.code);
		}
		if (!ok)
			fc_error_init(&err);
	}
	if (rc == FC_EXIT_OK && d.failed) {
		for (i = 0; i < d.n_rules; i++)
			if (d.rules[i].crossed)
				fc_log("regression: --fail-on '%s': %s", d.rules[i].text,
				       d.rules[i].why);
		rc = FC_EXIT_REGRESSION;
	}
	goto done;
fail:
	fc_log_error(&err);
	rc = fc_error_exit_code(err.code);
done:
	for (i = 0; i < c.n_rules; i++)
		fc_diff_rule_finish(&c.rules[i]);
	if (computed)
		fc_diff_finish(&d);
	for (s = 0; s < 2 && !computed; s++) {
		struct fc_diff tmp;
		memset(&tmp, 0, sizeof(tmp));
		tmp.side[s] = in[s];
		fc_diff_finish(&tmp);
	}
	fc_theme_destroy(theme);
	free(names[0]);
	free(names[1]);
	for (i = 0; i < c.n_scope; i++)
		free(c.scope[i]);
	free(c.scope);
	fc_cli_finish(&c.cli);
	return rc;
}
