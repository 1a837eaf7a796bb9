/* flamechart trend RUN...: the history of a series of runs (docs/trend.md).
 * Reads the runs in order, writes the Markdown, JSON and image asked for,
 * then says whether a --fail-on rule crosses the newest step of a series. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "diff/diff.h"
#include "flamechart/import.h"
#include "style/style.h"
#include "report/trend.h"
#include "util/util.h"
#include "model/profile.h"

enum out_kind { OUT_MD, OUT_JSON, OUT_SVG, OUT_PNG, OUT_PDF, OUT_NONE };
static const char *const kind_names[] = { "md", "json", "svg", "png", "pdf" };

struct trend_cli {
	const char **inputs;
	size_t n_inputs;
	const char *outputs[8];
	enum out_kind kinds[8];
	size_t n_outputs;
	enum out_kind format;
	size_t top;
	int width_px;
	const char *title, *order_by, *theme_name;
	struct fc_theme *theme; /* --theme, NULL = light */
	bool quiet;
	struct fc_trend_options o;
	struct fc_diff_rule rules[16];
	size_t n_rules;
};

void fc_cmd_trend_help(FILE *out)
{
	fputs("Usage: flamechart trend [OPTIONS] RUN RUN...\n"
	      "\n"
	      "The history of a series of runs, oldest first. A RUN is a profile, a directory\n"
	      "of profiles (each file one measurement of the run, a sub-directory one\n"
	      "measurement of several threads) or a report summary JSON (report --summary).\n"
	      "A run's manifest, RUN/run.json or RUN.run.json, names it (\"commit\", \"date\",\n"
	      "\"label\"). Per run: the CPU time and each function's self time (waits left\n"
	      "out), and the steps: where a series changed level and held (docs/trend.md).\n"
	      "\n"
	      "Options:\n"
	      "  -o, --output PATH     write PATH (format from its extension: md, json, svg,\n"
	      "                        png, pdf); repeatable; default: Markdown to stdout\n"
	      "  -f, --format FMT      md or json to stdout (or the format of -o PATH)\n"
	      "  --top N               functions shown (default 8)\n"
	      "  --order-by KEY        args (default), mtime or manifest:FIELD\n"
	      "  --alpha A             significance level of a step (default 0.05)\n"
	      "  --min-runs N          runs on each side of a step (default 3)\n"
	      "  --min-change X%       smallest step, of the level before it (default 10%)\n"
	      "  --fail-on RULE        exit 6 when the newest step of a series crosses RULE,\n"
	      "                        as in diff: total>+5%, self>+20ms, self>+10%\n"
	      "  -w, --width PX        image width (default 880)\n"
	      "  --title TEXT          image title\n"
	      "  --theme NAME|PATH     image theme: light, dark, devtools, classic or a file\n"
	      "  -q, --quiet           say nothing of skipped files\n"
	      "  -h, --help            show this help\n"
	      "\n"
	      "Exit codes: 0 success, 1 usage, 2 input (a run that cannot be read, fewer\n"
	      "than 2 runs), 3 output, 5 internal error, 6 a --fail-on rule was crossed.\n",
	      out);
}

static enum out_kind kind_of(const char *name)
{
	size_t i;

	for (i = 0; i < FC_ARRAY_LEN(kind_names); i++)
		if (strcmp(name, kind_names[i]) == 0)
			return (enum out_kind)i;
	return strcmp(name, "markdown") == 0 ? OUT_MD : OUT_NONE;
}

static bool usage(struct fc_error *err, const char *what, const char *arg)
{
	fc_error_set(err, FC_ERR_USAGE, "%s '%s'", what, arg);
	return false;
}

static bool number(const char *s, double *out, const char *suffix)
{
	char *end;

	errno = 0;
	*out = strtod(s, &end);
	return !errno && end != s && *out == *out && strcmp(end, suffix) == 0;
}

static bool parse(struct trend_cli *c, int argc, char **argv, struct fc_error *err)
{
	int i;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i], *v = NULL;
		double d;
		if (a[0] == '-' && a[1] && strcmp(a, "-q") && strcmp(a, "--quiet")) {
			if (i + 1 >= argc)
				return usage(err, "option needs an argument:", a);
			v = argv[++i];
		}
		if (!strcmp(a, "-o") || !strcmp(a, "--output")) {
			if (c->n_outputs == FC_ARRAY_LEN(c->outputs))
				return usage(err, "too many outputs:", v);
			c->outputs[c->n_outputs] = v;
			c->kinds[c->n_outputs++] =
				strrchr(fc_basename(v), '.')
					? kind_of(strrchr(fc_basename(v), '.') + 1)
					: OUT_NONE;
		} else if (!strcmp(a, "-f") || !strcmp(a, "--format")) {
			c->format = kind_of(v);
			if (c->format != OUT_MD && c->format != OUT_JSON)
				return usage(err, "--format: md or json, not", v);
		} else if (!strcmp(a, "--top")) {
			if (!number(v, &d, "") || d < 1 || d > 1000)
				return usage(err, "--top: a number from 1 to 1000, not", v);
			c->top = (size_t)d;
		} else if (!strcmp(a, "--order-by")) {
			if (strcmp(v, "args") && strcmp(v, "mtime") &&
			    !(strncmp(v, "manifest:", 9) == 0 && v[9]))
				return usage(err, "--order-by: args, mtime or manifest:FIELD, not",
					     v);
			c->order_by = v;
		} else if (!strcmp(a, "--alpha")) {
			if (!number(v, &d, "") || !(d > 0 && d < 1))
				return usage(err, "--alpha: between 0 and 1, not", v);
			c->o.alpha = d;
		} else if (!strcmp(a, "--min-runs")) {
			if (!number(v, &d, "") || d < 2 || d > 1000)
				return usage(err, "--min-runs: a number from 2 to 1000, not", v);
			c->o.min_segment = (size_t)d;
		} else if (!strcmp(a, "--min-change")) {
			if (!number(v, &d, "%") || d < 0)
				return usage(err, "--min-change: a percentage (10%), not", v);
			c->o.min_change = d / 100;
		} else if (!strcmp(a, "--fail-on")) {
			if (c->n_rules == FC_ARRAY_LEN(c->rules))
				return usage(err, "too many --fail-on rules:", v);
			if (!fc_diff_rule_parse(v, &c->rules[c->n_rules], err))
				return false;
			if (c->rules[c->n_rules].subject == FC_RULE_PACKAGE ||
			    c->rules[c->n_rules].subject == FC_RULE_TIER) {
				fc_diff_rule_finish(&c->rules[c->n_rules]);
				return usage(err, "--fail-on: trend follows total and self, not",
					     v);
			}
			c->n_rules++;
		} else if (!strcmp(a, "-w") || !strcmp(a, "--width")) {
			if (!number(v, &d, "") || d < 320 || d > 8000)
				return usage(err, "--width: from 320 to 8000 px, not", v);
			c->width_px = (int)d;
		} else if (!strcmp(a, "--title")) {
			c->title = v;
		} else if (!strcmp(a, "--theme")) {
			c->theme_name = v;
		} else if (!strcmp(a, "-q") || !strcmp(a, "--quiet")) {
			c->quiet = true;
		} else if (a[0] == '-' && a[1]) {
			return usage(err, "trend: unknown option", a);
		} else {
			c->inputs[c->n_inputs++] = a;
		}
	}
	for (i = 0; i < (int)c->n_outputs; i++)
		if (c->kinds[i] == OUT_NONE)
			c->kinds[i] = c->format;
	if (!c->n_outputs) {
		c->outputs[0] = "-";
		c->kinds[0] = c->format;
		c->n_outputs = 1;
	}
	return true;
}

static void not_read(void *ctx, const char *text)
{
	const struct trend_cli *c = ctx;
	if (!c->quiet)
		fc_log("%s", text);
}

/* A series' newest step as diff's item, for diff's rules. */
static void step_item(const struct fc_trend *t, const struct fc_trend_series *s,
		      struct fc_diff_item *x)
{
	const struct fc_trend_step *st = s->n_steps ? &s->steps[s->n_steps - 1] : NULL;

	memset(x, 0, sizeof(*x));
	x->name = s->name;
	x->file = s->file;
	x->package = "";
	x->line = x->column = x->thread = -1;
	x->bytes = t->bytes;
	x->in_base = x->in_head = true;
	x->p_value = 1;
	if (!st)
		return;
	x->side[FC_DIFF_BASE].self_us = x->side[FC_DIFF_BASE].total_us = st->before;
	x->side[FC_DIFF_HEAD].self_us = x->side[FC_DIFF_HEAD].total_us = st->after;
	x->p_value = st->p_value;
	x->significant = true;
}

/* Applies the rules to each series' newest step; *failed when one is
 * crossed (its reason logged). */
static bool evaluate(struct trend_cli *c, const struct fc_trend *t, bool *failed,
		     struct fc_error *err)
{
	struct fc_diff d;
	struct fc_diff_rule *rules;
	size_t i;
	bool ok;

	*failed = false;
	if (!c->n_rules)
		return true;
	memset(&d, 0, sizeof(d));
	d.bytes = t->bytes;
	d.functions = calloc(t->n_functions + 1, sizeof(*d.functions));
	rules = malloc(c->n_rules * sizeof(*rules));
	if (!d.functions || !rules) {
		free(d.functions);
		free(rules);
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	step_item(t, &t->total, &d.total);
	d.n_functions = t->n_functions;
	for (i = 0; i < t->n_functions; i++)
		step_item(t, &t->functions[i], &d.functions[i]);
	memcpy(rules, c->rules, c->n_rules * sizeof(*rules));
	d.n_rules = c->n_rules;
	c->n_rules = 0; /* moved into d */
	ok = fc_diff_evaluate(&d, rules, d.n_rules, err);
	for (i = 0; i < d.n_rules; i++) {
		if (d.rules[i].crossed)
			fc_log("regression: --fail-on '%s': %s (the newest step)", d.rules[i].text,
			       d.rules[i].why);
		fc_diff_rule_finish(&d.rules[i]);
	}
	*failed = d.failed;
	free(d.rules);
	free(d.functions);
	return ok;
}

static bool write_one(const struct trend_cli *c, const struct fc_trend *t, enum out_kind k,
		      const char *path, struct fc_error *err)
{
	struct fc_output out;
	bool ok;

	if (k == OUT_SVG || k == OUT_PNG || k == OUT_PDF)
		return fc_trend_write_image(t, c->top, c->width_px, c->theme, c->title, path, err);
	if (!fc_output_open(&out, path, err))
		return false;
	ok = k == OUT_JSON ? fc_trend_write_json(t, &out, err)
			   : fc_trend_write_md(t, c->top, &out, err);
	if (ok || out.failed)
		return fc_output_commit(&out, err);
	fc_output_abort(&out);
	return false;
}

int fc_cmd_trend(int argc, char **argv)
{
	struct trend_cli c;
	struct fc_import_options io = FC_IMPORT_OPTIONS_INIT;
	struct fc_trend t;
	struct fc_error err;
	int rc = FC_EXIT_OK;
	size_t i, n;
	bool failed = false, have_trend = false;

	fc_error_init(&err);
	for (i = 1; i < (size_t)argc; i++)
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			fc_cmd_trend_help(stdout);
			return fflush(stdout) == 0 ? FC_EXIT_OK : FC_EXIT_OUTPUT;
		}
	memset(&c, 0, sizeof(c));
	c.format = OUT_MD;
	c.top = FC_TREND_TOP;
	c.width_px = 880;
	c.o.alpha = 0.05;
	c.o.min_segment = 3;
	c.o.min_change = 0.10;
	c.o.min_share = 0.01;
	c.o.import = &io;
	c.inputs = calloc((size_t)argc + 1, sizeof(*c.inputs));
	if (!c.inputs) {
		fc_log("out of memory");
		return FC_EXIT_INTERNAL;
	}
	if (!parse(&c, argc, argv, &err)) {
		fc_log_error(&err);
		fputs("Try 'flamechart trend --help' for more information.\n", stderr);
		rc = FC_EXIT_USAGE;
		goto done;
	}
	for (i = 0, n = 0; i < c.n_inputs; i++) {
		size_t len = strlen(c.inputs[i]);
		n += !(len > 9 && strcmp(c.inputs[i] + len - 9, ".run.json") == 0);
	}
	if (n < 2) {
		fc_log("trend needs at least 2 runs, oldest first (%zu given)", n);
		fputs("Try 'flamechart trend --help' for more information.\n", stderr);
		rc = FC_EXIT_INPUT;
		goto done;
	}
	if (c.theme_name && !(c.theme = fc_theme_open(c.theme_name, &err))) {
		fc_log_error(&err);
		rc = FC_EXIT_USAGE;
		goto done;
	}
	if (!fc_trend_init(&t, &c.o)) {
		fc_log("out of memory");
		rc = FC_EXIT_INTERNAL;
		goto done;
	}
	have_trend = true;
	for (i = 0; i < c.n_inputs; i++) {
		size_t len = strlen(c.inputs[i]);
		/* RUN.run.json beside RUN: a shell's *.json names it too */
		if (len > 9 && strcmp(c.inputs[i] + len - 9, ".run.json") == 0) {
			if (!c.quiet)
				fc_log("skipped %s: a run's manifest", c.inputs[i]);
			continue;
		}
		if (!fc_trend_add_run(&t, c.inputs[i], not_read, &c, &err))
			goto fail;
	}
	if (!fc_trend_order(&t, c.order_by, &err) || !fc_trend_compute(&t, &err))
		goto fail;
	for (i = 0; i < c.n_outputs; i++) {
		if (c.kinds[i] == OUT_NONE) {
			fc_log("%s: no such format (md, json, svg, png, pdf)", c.outputs[i]);
			rc = FC_EXIT_USAGE;
			continue;
		}
		if (!write_one(&c, &t, c.kinds[i], c.outputs[i], &err) && err.code != FC_ERR_PIPE) {
			fc_log_error(&err);
			rc = fc_error_exit_code(err.code);
		}
		fc_error_init(&err);
	}
	if (!evaluate(&c, &t, &failed, &err))
		goto fail;
	if (rc == FC_EXIT_OK && failed)
		rc = FC_EXIT_REGRESSION;
	goto done;
fail:
	fc_log_error(&err);
	rc = err.code == FC_ERR_USAGE ? FC_EXIT_INPUT : fc_error_exit_code(err.code);
done:
	for (i = 0; i < c.n_rules; i++)
		fc_diff_rule_finish(&c.rules[i]);
	if (have_trend)
		fc_trend_finish(&t);
	fc_theme_destroy(c.theme);
	free(c.inputs);
	return rc;
}
