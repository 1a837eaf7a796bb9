/* Option parsing from one table; --help is printed from the same table. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli/cli.h"
#include "flamechart/classify.h"
#include "flamechart/import.h"
#include "util/util.h"

#define CMD_RENDER (1u << FC_CMD_RENDER)
#define CMD_INFO (1u << FC_CMD_INFO)
#define CMD_REPORT (1u << FC_CMD_REPORT)
#define CMD_ALL (CMD_RENDER | CMD_INFO | CMD_REPORT)

struct option_def {
	const char *name; /* long name without "--" */
	char short_name;
	const char *metavar; /* NULL = no argument */
	unsigned commands;
	bool (*set)(struct fc_cli *cli, const char *arg, struct fc_error *err);
	const char *help;
};

static bool usage(struct fc_error *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static bool usage(struct fc_error *err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fc_error_vset(err, FC_ERR_USAGE, fmt, ap);
	va_end(ap);
	return false;
}

static bool parse_long(const char *arg, long lo, long hi, long *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(arg, &end, 10);
	if (errno || end == arg || *end || v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

static bool set_output(struct fc_cli *c, const char *a, struct fc_error *e)
{
	(void)e;
	c->output = a;
	return true;
}

static const char *const out_names[FC_OUT_COUNT] = {
	"auto", "svg", "png", "pdf", "json", "folded", "md",
};

static bool set_format(struct fc_cli *c, const char *a, struct fc_error *e)
{
	const char *p = a;

	c->formats = 0;
	while (*p) {
		size_t n = strcspn(p, ","), i;
		for (i = 1; i < FC_OUT_COUNT; i++)
			if (strlen(out_names[i]) == n && strncmp(out_names[i], p, n) == 0)
				break;
		if (i == FC_OUT_COUNT)
			return usage(e, "unknown format '%s' (svg, png, pdf, json, folded, md)", a);
		c->formats |= 1u << i;
		p += n + (p[n] == ',');
	}
	if (!c->formats)
		return usage(e, "empty format '%s'", a);
	return true;
}

static bool set_mode(struct fc_cli *c, const char *a, struct fc_error *e)
{
	const char *p = a;

	c->modes = 0;
	while (*p) {
		size_t n = strcspn(p, ",");
		if (n == 5 && strncmp(p, "chart", 5) == 0)
			c->modes |= FC_MODE_BIT_CHART;
		else if (n == 5 && strncmp(p, "graph", 5) == 0)
			c->modes |= FC_MODE_BIT_GRAPH;
		else
			return usage(e, "unknown mode '%s' (chart, graph)", a);
		p += n + (p[n] == ',');
	}
	if (!c->modes)
		return usage(e, "empty mode '%s'", a);
	return true;
}

static bool set_width(struct fc_cli *c, const char *a, struct fc_error *e)
{
	long v;
	if (!parse_long(a, 200, 20000, &v))
		return usage(e,
			     "--width must be a whole number of pixels from 200 to 20000, "
			     "not '%s'",
			     a);
	c->width_px = (int)v;
	c->width_given = true;
	return true;
}

static bool set_scale(struct fc_cli *c, const char *a, struct fc_error *e)
{
	char *end;
	double v = strtod(a, &end);
	if (end == a || *end || !(v >= 0.25 && v <= 8))
		return usage(e, "--scale must be a number from 0.25 to 8, not '%s'", a);
	c->scale = v;
	c->scale_given = true;
	return true;
}

static bool set_title(struct fc_cli *c, const char *a, struct fc_error *e)
{
	(void)e;
	c->title = a;
	return true;
}

static bool set_subtitle(struct fc_cli *c, const char *a, struct fc_error *e)
{
	(void)e;
	c->subtitle = a;
	return true;
}

static bool set_color_by(struct fc_cli *c, const char *a, struct fc_error *e)
{
	static const char *const schemes[] = { "url", "tier", "package", "heat", "mono" };
	size_t i;
	for (i = 0; i < FC_ARRAY_LEN(schemes); i++) {
		if (strcmp(a, schemes[i]) == 0) {
			c->color_by = a;
			return true;
		}
	}
	return usage(e, "unknown colour scheme '%s' (url, tier, package, heat, mono)", a);
}

static bool set_theme(struct fc_cli *c, const char *a, struct fc_error *e)
{
	(void)e;
	c->theme = a;
	return true;
}

static bool parse_tiers(const char *a, unsigned *out, struct fc_error *e)
{
	const char *p = a;

	*out = 0;
	while (*p) {
		size_t n = strcspn(p, ",");
		int t = fc_tier_parse(p, n);
		if (t < 0)
			return usage(e,
				     "unknown tier in '%s' (app, deps, core, native, v8, gc, "
				     "idle)",
				     a);
		*out |= 1u << t;
		p += n + (p[n] == ',');
	}
	return true;
}

static bool set_hide(struct fc_cli *c, const char *a, struct fc_error *e)
{
	return parse_tiers(a, &c->hide_tiers, e);
}

static bool set_dim(struct fc_cli *c, const char *a, struct fc_error *e)
{
	return parse_tiers(a, &c->dim_tiers, e);
}

static bool set_minwidth(struct fc_cli *c, const char *a, struct fc_error *e)
{
	char *end;
	double v = strtod(a, &end);
	bool pct = *end == '%';

	if (end == a || (pct ? end[1] != '\0' : *end != '\0') || !(v >= 0) ||
	    v > (pct ? 100 : 10000))
		return usage(e,
			     "--minwidth must be pixels (e.g. 1) or a percentage (e.g. "
			     "0.5%%), not '%s'",
			     a);
	c->minwidth = v;
	c->minwidth_pct = pct;
	return true;
}

static bool set_inverted(struct fc_cli *c, const char *a, struct fc_error *e)
{
	(void)a;
	(void)e;
	c->inverted = true;
	return true;
}

static bool set_sort(struct fc_cli *c, const char *a, struct fc_error *e)
{
	if (strcmp(a, "alpha") == 0)
		c->sort_weight = false;
	else if (strcmp(a, "weight") == 0)
		c->sort_weight = true;
	else
		return usage(e, "--sort must be alpha or weight, not '%s'", a);
	return true;
}

static bool set_weight(struct fc_cli *c, const char *a, struct fc_error *e)
{
	if (strcmp(a, "time") != 0 && strcmp(a, "samples") != 0)
		return usage(e, "--weight must be time or samples, not '%s'", a);
	c->weight_samples = a[0] == 's';
	c->weight_time = a[0] == 't';
	return true;
}

static bool set_idle(struct fc_cli *c, const char *a, struct fc_error *e)
{
	(void)a;
	(void)e;
	c->keep_idle = true;
	return true;
}

static bool set_gc(struct fc_cli *c, const char *a, struct fc_error *e)
{
	if (strcmp(a, "root") == 0)
		c->gc_root = true;
	else if (strcmp(a, "stack") == 0)
		c->gc_root = false;
	else
		return usage(e, "--gc must be root or stack, not '%s'", a);
	return true;
}

static bool set_thread(struct fc_cli *c, const char *a, struct fc_error *e)
{
	(void)e;
	c->thread = a;
	return true;
}

static bool set_pid(struct fc_cli *c, const char *a, struct fc_error *e)
{
	long v;
	if (!parse_long(a, 0, 0x7fffffffL, &v))
		return usage(e, "--pid must be a process id, not '%s'", a);
	c->pid = v;
	return true;
}

static bool set_per_thread(struct fc_cli *c, const char *a, struct fc_error *e)
{
	(void)a;
	(void)e;
	c->per_thread = true;
	return true;
}

static bool set_input_format(struct fc_cli *c, const char *a, struct fc_error *e)
{
	int f = fc_format_parse(a);
	if (f < 0)
		return usage(e,
			     "unknown input format '%s' (auto, cpuprofile, trace, "
			     "self-profiling, folded)",
			     a);
	c->input_format = (enum fc_format)f;
	return true;
}

static bool set_no_legend(struct fc_cli *c, const char *a, struct fc_error *e)
{
	(void)a;
	(void)e;
	c->no_legend = true;
	return true;
}

static bool set_strict(struct fc_cli *c, const char *a, struct fc_error *e)
{
	(void)a;
	(void)e;
	c->strict = true;
	return true;
}

static bool set_quiet(struct fc_cli *c, const char *a, struct fc_error *e)
{
	(void)a;
	(void)e;
	c->quiet = true;
	return true;
}

static bool set_max_input(struct fc_cli *c, const char *a, struct fc_error *e)
{
	char *end;
	double v = strtod(a, &end);
	double mult = 1;

	switch (toupper((unsigned char)*end)) {
	case 'K':
		mult = 1024.0;
		end++;
		break;
	case 'M':
		mult = 1024.0 * 1024;
		end++;
		break;
	case 'G':
		mult = 1024.0 * 1024 * 1024;
		end++;
		break;
	default:
		break;
	}
	if (*end == 'i' || *end == 'I')
		end++;
	if (*end == 'B' || *end == 'b')
		end++;
	if (end == a || *end || !(v > 0) || v * mult > 1e15)
		return usage(e, "--max-input-size must be a size such as 500M or 2G, not '%s'", a);
	c->max_input_bytes = (uint64_t)(v * mult);
	return true;
}

static bool set_recursive(struct fc_cli *c, const char *a, struct fc_error *e)
{
	(void)a;
	(void)e;
	c->recursive = true;
	return true;
}

static bool set_jobs(struct fc_cli *c, const char *a, struct fc_error *e)
{
	long v;
	if (!parse_long(a, 1, 256, &v))
		return usage(e, "-j must be a number of jobs from 1 to 256, not '%s'", a);
	c->jobs = (int)v;
	return true;
}

static bool set_summary(struct fc_cli *c, const char *a, struct fc_error *e)
{
	(void)e;
	c->summary = a;
	return true;
}

static bool set_shard(struct fc_cli *c, const char *a, struct fc_error *e)
{
	int i, n, used = 0;
	if (sscanf(a, "%d/%d%n", &i, &n, &used) != 2 || a[used] || n < 1 || i < 1 || i > n ||
	    n > 10000)
		return usage(e, "--shard must be I/N with 1 <= I <= N, not '%s'", a);
	c->shard_index = i;
	c->shard_count = n;
	return true;
}

static bool set_merge(struct fc_cli *c, const char *a, struct fc_error *e)
{
	(void)a;
	(void)e;
	c->merge = true;
	return true;
}

static bool set_top(struct fc_cli *c, const char *a, struct fc_error *e)
{
	long v;
	if (!parse_long(a, 1, 100000, &v))
		return usage(e, "--top must be a number of rows from 1 to 100000, not '%s'", a);
	c->top = (size_t)v;
	return true;
}

static bool set_image_url(struct fc_cli *c, const char *a, struct fc_error *e)
{
	const char *colon = strchr(a, ':'), *slash = strpbrk(a, "/?#");
	if (colon && (!slash || colon < slash) && strncasecmp(a, "http:", 5) != 0 &&
	    strncasecmp(a, "https:", 6) != 0)
		return usage(e, "--image-url must be an http(s) URL or a relative path, not '%s'",
			     a);
	c->image_url = a;
	return true;
}

static bool set_preset(struct fc_cli *c, const char *a, struct fc_error *e)
{
	if (strcmp(a, "github") != 0 && strcmp(a, "docs") != 0)
		return usage(e, "--preset must be github or docs, not '%s'", a);
	c->preset = a;
	return true;
}

static bool set_max_depth(struct fc_cli *c, const char *a, struct fc_error *e)
{
	long v;
	if (!parse_long(a, 1, 100000, &v))
		return usage(e, "--max-depth must be a number of rows from 1 to 100000, not '%s'",
			     a);
	c->max_depth = (uint32_t)v;
	return true;
}

static bool set_height(struct fc_cli *c, const char *a, struct fc_error *e)
{
	long v;
	if (!parse_long(a, 100, 100000, &v))
		return usage(e, "--height must be pixels from 100 to 100000, not '%s'", a);
	c->height_px = (int)v;
	return true;
}

static bool set_trim_idle(struct fc_cli *c, const char *a, struct fc_error *e)
{
	(void)a;
	(void)e;
	c->trim_idle = true;
	return true;
}

static bool parse_ms(const char *a, const char *name, double *out, struct fc_error *e)
{
	char *end;
	double v = strtod(a, &end);
	if (end == a || *end || !(v >= 0) || v > 1e12)
		return usage(e, "%s must be milliseconds from the profile's start, not '%s'", name,
			     a);
	*out = v;
	return true;
}

static bool set_from(struct fc_cli *c, const char *a, struct fc_error *e)
{
	c->has_from = true;
	return parse_ms(a, "--from", &c->from_ms, e);
}

static bool set_to(struct fc_cli *c, const char *a, struct fc_error *e)
{
	c->has_to = true;
	return parse_ms(a, "--to", &c->to_ms, e);
}

static bool set_json(struct fc_cli *c, const char *a, struct fc_error *e)
{
	(void)a;
	(void)e;
	c->json = true;
	return true;
}

static bool set_same_clock(struct fc_cli *c, const char *a, struct fc_error *e)
{
	(void)a;
	(void)e;
	c->same_clock = true;
	return true;
}

static bool set_count_unit(struct fc_cli *c, const char *a, struct fc_error *e)
{
	if (strcmp(a, "samples") == 0)
		c->count_unit = FC_COUNT_SAMPLES;
	else if (strcmp(a, "us") == 0 || strcmp(a, "µs") == 0)
		c->count_unit = FC_COUNT_US;
	else if (strcmp(a, "ms") == 0)
		c->count_unit = FC_COUNT_MS;
	else
		return usage(e, "--count-unit must be samples, us or ms, not '%s'", a);
	return true;
}

static bool add_glob(const char **globs, size_t *n, const char *opt, const char *a,
		     struct fc_error *e)
{
	if (*n == FC_CLI_MAX_GLOBS)
		return usage(e, "at most %d %s patterns", FC_CLI_MAX_GLOBS, opt);
	globs[(*n)++] = a;
	return true;
}

static bool set_include(struct fc_cli *c, const char *a, struct fc_error *e)
{
	return add_glob(c->include_globs, &c->n_include_globs, "--include", a, e);
}

static bool set_exclude(struct fc_cli *c, const char *a, struct fc_error *e)
{
	return add_glob(c->exclude_globs, &c->n_exclude_globs, "--exclude", a, e);
}

static const struct option_def options[] = {
	{ "output", 'o', "PATH", CMD_RENDER | CMD_REPORT, set_output,
	  "output file ('-' = stdout); for report, the output directory" },
	{ "format", 'f', "FMT", CMD_RENDER | CMD_REPORT, set_format,
	  "svg, png, pdf, json (layout), folded or md; report takes a list of svg, png, pdf" },
	{ "mode", 'm', "MODE", CMD_RENDER | CMD_REPORT, set_mode,
	  "chart (time-ordered, as DevTools) or graph (merged, alphabetical)" },
	{ "width", 'w', "PX", CMD_RENDER | CMD_REPORT, set_width, "image width (default 1200)" },
	{ "scale", 0, "N", CMD_RENDER | CMD_REPORT, set_scale, "HiDPI factor for PNG (default 1)" },
	{ "title", 0, "TEXT", CMD_RENDER | CMD_REPORT, set_title,
	  "header title (default: the file name); for report, the index page's title" },
	{ "subtitle", 0, "TEXT", CMD_RENDER, set_subtitle, "second header line" },
	{ "color-by", 0, "SCHEME", CMD_RENDER | CMD_REPORT, set_color_by,
	  "url, tier, package, heat or mono (default: url for chart, tier for graph)" },
	{ "theme", 0, "NAME|PATH", CMD_RENDER | CMD_REPORT, set_theme,
	  "light, dark, devtools, classic, or a theme JSON file (default light)" },
	{ "hide", 0, "TIERS", CMD_RENDER | CMD_REPORT, set_hide,
	  "remove frames of these tiers; their time goes to the nearest shown caller" },
	{ "dim", 0, "TIERS", CMD_RENDER | CMD_REPORT, set_dim,
	  "grey out frames of these tiers (e.g. --dim deps)" },
	{ "minwidth", 0, "PX[%]", CMD_RENDER | CMD_REPORT, set_minwidth,
	  "coalesce frames narrower than this into one grey box (default 1 px)" },
	{ "inverted", 0, NULL, CMD_RENDER | CMD_REPORT, set_inverted,
	  "graph: icicle, root at the top" },
	{ "sort", 0, "alpha|weight", CMD_RENDER | CMD_REPORT, set_sort,
	  "graph: sibling order, alphabetical (default) or heaviest first" },
	{ "weight", 0, "time|samples", CMD_RENDER | CMD_REPORT, set_weight,
	  "graph: what width measures (default time; -f folded writes sample counts unless "
	  "--weight time)" },
	{ "idle", 0, NULL, CMD_RENDER | CMD_REPORT, set_idle,
	  "graph: keep (idle), which is left out by default" },
	{ "gc", 0, "root|stack", CMD_RENDER | CMD_REPORT, set_gc,
	  "GC samples on top of the previous stack (default, as DevTools) or at the root" },
	{ "thread", 0, "NAME|TID", CMD_ALL, set_thread,
	  "only threads whose name contains NAME or matches it as a regex (case ignored), or "
	  "the thread with this tid" },
	{ "pid", 0, "PID", CMD_ALL, set_pid, "only threads of this process" },
	{ "per-thread", 0, NULL, CMD_RENDER, set_per_thread,
	  "graph: one graph per thread instead of one merged graph" },
	{ "input-format", 0, "FMT", CMD_ALL, set_input_format,
	  "cpuprofile, trace, self-profiling or folded (default: detected)" },
	{ "no-legend", 0, NULL, CMD_RENDER | CMD_REPORT, set_no_legend, "omit the legend" },
	{ "strict", 0, NULL, CMD_ALL, set_strict,
	  "treat repaired damage in an input as an error (exit 2)" },
	{ "quiet", 'q', NULL, CMD_ALL, set_quiet, "no warnings or progress on stderr" },
	{ "max-input-size", 0, "SIZE", CMD_ALL, set_max_input,
	  "refuse inputs larger than this (default 2G)" },
	{ "recursive", 'r', NULL, CMD_REPORT, set_recursive, "report: search DIR recursively" },
	{ "jobs", 'j', "N", CMD_REPORT, set_jobs, "report: parallel jobs (default: cores)" },
	{ "summary", 0, "FILE", CMD_REPORT, set_summary,
	  "report: write a JSON summary of every profile" },
	{ "shard", 0, "I/N", CMD_REPORT, set_shard, "report: render the I-th of N slices" },
	{ "merge", 0, NULL, CMD_REPORT, set_merge,
	  "report: build the index from the shards in OUTDIR" },
	{ "top", 0, "N", CMD_RENDER | CMD_INFO, set_top,
	  "rows per table of -f md and info (default 10 for md, 15 for info)" },
	{ "image-url", 0, "URL", CMD_RENDER, set_image_url,
	  "-f md: show this image (an absolute URL for PR comments)" },
	{ "json", 0, NULL, CMD_INFO, set_json, "info: the numbers as JSON (docs/info-json.md)" },
	{ "preset", 0, "github|docs", CMD_RENDER | CMD_REPORT, set_preset,
	  "sizes for a GitHub comment (880 px, PNG at 2x) or a doc page (1000 px, 2x)" },
	{ "max-depth", 0, "N", CMD_RENDER | CMD_REPORT, set_max_depth,
	  "draw at most N rows per lane (the header counts the rest)" },
	{ "height", 0, "PX", CMD_RENDER | CMD_REPORT, set_height,
	  "cap the image height: the deepest rows go first" },
	{ "trim-idle", 0, NULL, CMD_RENDER, set_trim_idle,
	  "chart: crop the idle time before the first and after the last busy sample" },
	{ "from", 0, "MS", CMD_RENDER, set_from,
	  "chart: start at this time (ms from the profile's start)" },
	{ "to", 0, "MS", CMD_RENDER, set_to, "chart: end at this time (ms from the start)" },
	{ "same-clock", 0, NULL, CMD_RENDER, set_same_clock,
	  "chart: one time axis for every input, even profiles of different processes or runs "
	  "(by default each starts at 0)" },
	{ "count-unit", 0, "samples|us|ms", CMD_ALL, set_count_unit,
	  "what the counts of folded stacks are (default samples, FlameGraph's convention)" },
	{ "include", 0, "GLOB", CMD_REPORT, set_include,
	  "report: only files matching GLOB (the name, or the path under DIR when GLOB has "
	  "a '/'); repeatable" },
	{ "exclude", 0, "GLOB", CMD_REPORT, set_exclude,
	  "report: leave out files matching GLOB; repeatable" },
};

void fc_cli_help(FILE *out)
{
	size_t i;

	fputs("Usage:\n"
	      "  flamechart [render] [OPTIONS] INPUT...      render a flame chart or graph\n"
	      "  flamechart info [OPTIONS] INPUT...          summary of each profile\n"
	      "  flamechart report [OPTIONS] DIR -o OUTDIR   render every profile in DIR\n"
	      "  flamechart diff [OPTIONS] BASE HEAD         compare two runs (diff --help)\n"
	      "  flamechart --help | --version\n"
	      "\n"
	      "INPUT is a .cpuprofile, a Chrome trace (JSON), a JS Self-Profiling trace or\n"
	      "folded stacks, optionally gzip-compressed; '-' reads stdin.\n"
	      "\n"
	      "Options:\n",
	      out);
	for (i = 0; i < FC_ARRAY_LEN(options); i++) {
		const struct option_def *o = &options[i];
		char left[64];

		if (o->short_name)
			snprintf(left, sizeof(left), "-%c, --%s%s%s", o->short_name, o->name,
				 o->metavar ? " " : "", o->metavar ? o->metavar : "");
		else
			snprintf(left, sizeof(left), "    --%s%s%s", o->name, o->metavar ? " " : "",
				 o->metavar ? o->metavar : "");
		fprintf(out, "  %-28s %s\n", left, o->help);
	}
	fputs("  -h, --help                   show this help\n"
	      "  -V, --version                show the version\n"
	      "\n"
	      "Tiers: app, deps, core, native, v8, gc, idle.\n"
	      "Chart mode draws (program), (idle) and GC as DevTools does: GC samples sit on\n"
	      "top of the previous sample's stack. Graph mode merges identical stacks, keeps\n"
	      "that GC placement (--gc root puts GC at the root) and leaves (idle) out unless\n"
	      "--idle is given.\n"
	      "\n"
	      "Exit codes:\n"
	      "  0  success (also when a reader such as 'head' closes the pipe early)\n"
	      "  1  usage error (bad option or argument)\n"
	      "  2  input error (unreadable or invalid profile, or a warning under --strict)\n"
	      "  3  output error (cannot write the output, disk full)\n"
	      "  4  partial: report rendered some profiles and failed others\n"
	      "  5  internal error (out of memory)\n"
	      "  6  regression: a diff --fail-on rule was crossed (outputs still written)\n",
	      out);
}

static const struct option_def *find_long(const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < FC_ARRAY_LEN(options); i++)
		if (strlen(options[i].name) == len && strncmp(options[i].name, name, len) == 0)
			return &options[i];
	return NULL;
}

static const struct option_def *find_short(char c)
{
	size_t i;

	for (i = 0; i < FC_ARRAY_LEN(options); i++)
		if (options[i].short_name == c)
			return &options[i];
	return NULL;
}

static const char *const command_names[] = { "render", "info", "report" };

bool fc_cli_parse(struct fc_cli *cli, int argc, char **argv, struct fc_error *err)
{
	const char **inputs;
	size_t n_inputs = 0;
	int i = 1;
	bool only_inputs = false;

	memset(cli, 0, sizeof(*cli));
	cli->command = FC_CMD_RENDER;
	cli->width_px = 1200;
	cli->scale = 1.0;
	cli->minwidth = 1.0;
	cli->pid = -1;
	cli->input_format = FC_FORMAT_AUTO;

	inputs = calloc((size_t)argc + 1, sizeof(*inputs));
	if (!inputs) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	cli->inputs = inputs;

	if (argc > 1) {
		if (strcmp(argv[1], "render") == 0) {
			i = 2;
		} else if (strcmp(argv[1], "info") == 0) {
			cli->command = FC_CMD_INFO;
			i = 2;
		} else if (strcmp(argv[1], "report") == 0) {
			cli->command = FC_CMD_REPORT;
			i = 2;
		}
	}
	for (; i < argc; i++) {
		const char *a = argv[i];
		const struct option_def *o;
		const char *val = NULL;

		if (only_inputs || a[0] != '-' || strcmp(a, "-") == 0) {
			inputs[n_inputs++] = a;
			continue;
		}
		if (strcmp(a, "--") == 0) {
			only_inputs = true;
			continue;
		}
		if (a[1] == '-') {
			const char *eq = strchr(a + 2, '=');
			size_t len = eq ? (size_t)(eq - a - 2) : strlen(a + 2);
			o = find_long(a + 2, len);
			if (!o)
				return usage(err, "unknown option '%s' (see --help)", a);
			if (eq) {
				if (!o->metavar)
					return usage(err, "option '%s' takes no argument", a);
				val = eq + 1;
			}
		} else {
			o = find_short(a[1]);
			if (!o)
				return usage(err, "unknown option '%s' (see --help)", a);
			if (a[2]) {
				if (!o->metavar)
					return usage(err, "unknown option '%s' (see --help)", a);
				val = a + 2;
			}
		}
		if (o->metavar && !val) {
			if (i + 1 >= argc)
				return usage(err, "option '--%s' needs an argument", o->name);
			val = argv[++i];
		}
		if (!(o->commands & (1u << cli->command))) {
			fc_error_set(err, FC_ERR_USAGE, "option '--%s' does not apply to '%s'",
				     o->name, command_names[cli->command]);
			return false;
		}
		if (!o->set(cli, val, err))
			return false;
	}
	cli->n_inputs = n_inputs;
	/* a preset gives what --width and --scale did not */
	if (cli->preset) {
		bool github = strcmp(cli->preset, "github") == 0;
		if (!cli->width_given)
			cli->width_px = github ? 880 : 1000;
		if (!cli->scale_given)
			cli->scale = 2;
	}
	if (cli->has_from && cli->has_to && !(cli->to_ms > cli->from_ms))
		return usage(err, "--to (%g) must be later than --from (%g)", cli->to_ms,
			     cli->from_ms);
	return true;
}

void fc_cli_finish(struct fc_cli *cli)
{
	free((void *)cli->inputs);
	cli->inputs = NULL;
}
