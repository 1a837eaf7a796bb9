/* flamechart diff BASE HEAD: two runs in, a differential flame graph, a
 * table and a verdict out (docs/diff.md). Its options are its own table;
 * the outputs are all written before the exit code says whether a
 * --fail-on rule was crossed. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "flamechart/diff.h"
#include "flamechart/import.h"
#include "flamechart/style.h"
#include "util/util.h"

enum out_kind { OUT_SVG, OUT_PNG, OUT_PDF, OUT_JSON, OUT_MD, OUT_FOLDED, OUT_NONE };
static const char *const kind_names[] = { "svg", "png", "pdf", "json", "md", "folded" };

struct diff_cli {
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
	const char *theme;
	size_t top;
	const char *image_url;
	enum fc_format input_format;
	bool quiet;
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
	      "name and relative script path (docs/diff.md); several runs per side give the\n"
	      "noise estimate (Welch's t-test), one run the sample counts.\n"
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
	      "                           package:NAME>+2%, tier:gc>+25% (repeatable)\n"
	      "  --base-widths            draw BASE's graph instead of HEAD's\n"
	      "  --sort alpha|weight      sibling order in the picture (default alpha)\n"
	      "  --top N                  rows per Markdown table (default 10)\n"
	      "  --image-url URL          image linked from the Markdown\n"
	      "  -w, --width PX           image width (default 1200)\n"
	      "  --theme NAME|PATH        light, dark, devtools, classic or a JSON file\n"
	      "  --title TEXT             image title\n"
	      "  --idle, --gc root        as for render\n"
	      "  --input-format FMT       override format detection\n"
	      "  -q, --quiet              no warnings\n"
	      "  -h, --help               show this help\n"
	      "\n"
	      "Exit codes: 0 success, 1 usage, 2 input, 3 output, 5 internal error,\n"
	      "6 regression: a --fail-on rule was crossed (the outputs are still written).\n",
	      out);
}

static bool parse(struct diff_cli *c, int argc, char **argv, struct fc_error *err)
{
	int i;

	memset(c, 0, sizeof(*c));
	c->format = OUT_NONE;
	c->o.alpha = 0.05;
	c->o.min_change = 0.01;
	c->o.strip = c->strip;
	c->top = 10;
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
		} else if (strcmp(a, "--sort") == 0) {
			NEEDS_ARG();
			if (strcmp(v, "alpha") && strcmp(v, "weight"))
				return usage(err, "--sort: '%s' is not alpha or weight", v);
			c->image.sort_weight = strcmp(v, "weight") == 0;
		} else if (strcmp(a, "--top") == 0) {
			NEEDS_ARG();
			if (!parse_double(v, &d, NULL, NULL) || d < 1 || d > 1000 || d != (long)d)
				return usage(err, "--top: '%s' is not a count from 1 to 1000", v);
			c->top = (size_t)d;
		} else if (strcmp(a, "--image-url") == 0) {
			NEEDS_ARG();
			c->image_url = v;
		} else if (strcmp(a, "-w") == 0 || strcmp(a, "--width") == 0) {
			NEEDS_ARG();
			if (!parse_double(v, &d, NULL, NULL) || d < 200 || d > 20000 || d != (int)d)
				return usage(err, "--width: '%s' is not a width from 200 to 20000",
					     v);
			c->image.width_px = (int)d;
		} else if (strcmp(a, "--theme") == 0) {
			NEEDS_ARG();
			c->theme = v;
		} else if (strcmp(a, "--title") == 0) {
			NEEDS_ARG();
			c->image.title = v;
		} else if (strcmp(a, "--idle") == 0) {
			c->o.keep_idle = true;
		} else if (strcmp(a, "--gc") == 0) {
			NEEDS_ARG();
			if (strcmp(v, "root") && strcmp(v, "stack"))
				return usage(err, "--gc: '%s' is not root or stack", v);
			c->o.gc_root = strcmp(v, "root") == 0;
		} else if (strcmp(a, "--input-format") == 0) {
			int f;
			NEEDS_ARG();
			f = fc_format_parse(v);
			if (f < 0)
				return usage(err, "--input-format: unknown format '%s'", v);
			c->input_format = (enum fc_format)f;
		} else if (strcmp(a, "-q") == 0 || strcmp(a, "--quiet") == 0) {
			c->quiet = true;
		} else if (a[0] == '-' && a[1]) {
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
		ok = fc_diff_write_md(d, c->top, c->image_url, 0, &out, err);
	if (!ok) {
		fc_output_abort(&out);
		return false;
	}
	return fc_output_commit(&out, err);
}

int fc_cmd_diff(int argc, char **argv)
{
	struct diff_cli c;
	struct fc_error err;
	struct fc_diff_input in[2];
	struct fc_import_options io = { 0 };
	struct fc_diff d;
	struct fc_theme *theme = NULL;
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
		return fc_error_exit_code(err.code);
	}
	io.format = c.input_format;
	if (c.theme) {
		theme = fc_theme_open(c.theme, &err);
		if (!theme)
			goto fail;
		c.image.theme = theme;
	}
	for (s = 0; s < 2; s++) {
		if (!fc_diff_load_side(&in[s], c.inputs[s], &io, &err))
			goto fail;
		if (!c.quiet) {
			struct fc_cli quiet = { .quiet = false };
			fc_log_profile_warnings(&quiet, &in[s].set);
		}
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
		if (!ok) {
			fc_log_error(&err);
			rc = fc_error_exit_code(err.code);
			fc_error_init(&err);
		}
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
	return rc;
}
