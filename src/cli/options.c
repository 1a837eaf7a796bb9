/* Option parsing from one table; --help is printed from the same table. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <strings.h>

#include "cli/cli.h"
#include "model/classify.h"
#include "flamechart/flamechart.h"
#include "flamechart/import.h"
#include "style/style.h"
#include "util/util.h"
#include "model/profile.h"

#define CMD_RENDER (1u << FC_CMD_RENDER)
#define CMD_INFO (1u << FC_CMD_INFO)
#define CMD_REPORT (1u << FC_CMD_REPORT)
#define CMD_ALL (CMD_RENDER | CMD_INFO | CMD_REPORT)
/* diff parses its own options (cmd_diff.c) and takes those marked CMD_DIFF
 * from this table (fc_cli_parse_option) */
#define CMD_DIFF (1u << FC_CMD_DIFF)

/* The lists of names an option takes, from the tables the library keeps
 * (fc_scheme_name, fc_theme_builtin_name, fc_tier_name, the output
 * formats): "{}" in an option's help is replaced by one of them. */
enum names { NAMES_NONE, NAMES_SCHEMES, NAMES_THEMES, NAMES_TIERS, NAMES_FORMATS };

struct option_def {
	const char *name; /* long name without "--" */
	char short_name;
	const char *metavar; /* NULL = no argument */
	unsigned commands;
	bool (*set)(struct fc_cli *cli, const char *arg, struct fc_error *err);
	const char *help;
	enum names names; /* the list "{}" in help stands for */
};

static const char *const out_names[FC_OUT_COUNT] = {
	"auto", "svg", "png", "pdf", "json", "folded", "md", "speedscope", "pprof",
};

/* "a, b, c" (sep ", ") into buf */
static const char *join_names(enum names which, char *buf, size_t size)
{
	size_t n = 0;
	int i;

	buf[0] = '\0';
	for (i = 0;; i++) {
		const char *name = NULL;
		switch (which) {
		case NAMES_SCHEMES:
			name = fc_scheme_name(i);
			break;
		case NAMES_THEMES:
			name = fc_theme_builtin_name((size_t)i);
			break;
		case NAMES_TIERS:
			name = i < FC_TIER_COUNT ? fc_tier_name((enum fc_tier)i) : NULL;
			break;
		case NAMES_FORMATS:
			name = i + 1 < FC_OUT_COUNT ? out_names[i + 1] : NULL;
			break;
		case NAMES_NONE:
		default:
			break;
		}
		if (!name)
			break;
		n += (size_t)snprintf(buf + n, n < size ? size - n : 0, "%s%s", i ? ", " : "",
				      name);
	}
	return buf;
}

/* help with "{}" replaced by its list */
static const char *help_text(const struct option_def *o, char *buf, size_t size)
{
	const char *at = strstr(o->help, "{}");
	char list[256];

	if (!at)
		return o->help;
	snprintf(buf, size, "%.*s%s%s", (int)(at - o->help), o->help,
		 join_names(o->names, list, sizeof(list)), at + 2);
	return buf;
}

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

static bool set_format(struct fc_cli *c, const char *a, struct fc_error *e)
{
	const char *p = a;

	c->formats = 0;
	while (*p) {
		size_t n = strcspn(p, ","), i;
		for (i = 1; i < FC_OUT_COUNT; i++)
			if (strlen(out_names[i]) == n && strncmp(out_names[i], p, n) == 0)
				break;
		if (i == FC_OUT_COUNT) {
			char list[128];
			return usage(e, "unknown format '%s' (%s)", a,
				     join_names(NAMES_FORMATS, list, sizeof(list)));
		}
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
	char list[128];

	if (fc_scheme_parse(a) >= 0) {
		c->color_by = a;
		return true;
	}
	return usage(e, "unknown colour scheme '%s' (%s)", a,
		     join_names(NAMES_SCHEMES, list, sizeof(list)));
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
		if (t < 0) {
			char list[128];
			return usage(e, "unknown tier in '%s' (%s)", a,
				     join_names(NAMES_TIERS, list, sizeof(list)));
		}
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
			     "self-profiling, folded, heapprofile, speedscope, hermes, pprof)",
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

static bool set_no_annotations(struct fc_cli *c, const char *a, struct fc_error *e)
{
	(void)a;
	(void)e;
	c->no_annotations = true;
	return true;
}

static bool set_interactive(struct fc_cli *c, const char *a, struct fc_error *e)
{
	(void)a;
	(void)e;
	c->interactive = true;
	return true;
}

static bool set_svg_backend(struct fc_cli *c, const char *a, struct fc_error *e)
{
	if (strcmp(a, "native") == 0)
		c->svg_cairo = false;
	else if (strcmp(a, "cairo") == 0)
		c->svg_cairo = true;
	else
		return usage(e, "unknown SVG back end '%s' (native, cairo)", a);
	return true;
}

static bool set_strict(struct fc_cli *c, const char *a, struct fc_error *e)
{
	(void)a;
	(void)e;
	c->strict = true;
	return true;
}

static bool set_tasks(struct fc_cli *c, const char *a, struct fc_error *e)
{
	(void)a;
	(void)e;
	c->tasks = true;
	return true;
}

static bool set_screenshots(struct fc_cli *c, const char *a, struct fc_error *e)
{
	(void)a;
	(void)e;
	c->screenshots = true;
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

static bool set_threads(struct fc_cli *c, const char *a, struct fc_error *e)
{
	long v;
	if (!parse_long(a, 1, 256, &v))
		return usage(e, "--threads must be a number from 1 to 256, not '%s'", a);
	c->threads = (unsigned)v;
	return true;
}

static bool set_summary(struct fc_cli *c, const char *a, struct fc_error *e)
{
	(void)e;
	c->summary = a;
	return true;
}

static bool set_history(struct fc_cli *c, const char *a, struct fc_error *e)
{
	(void)e;
	c->history = a;
	return true;
}

static bool set_order_by(struct fc_cli *c, const char *a, struct fc_error *e)
{
	if (strcmp(a, "args") && strcmp(a, "mtime") && !(strncmp(a, "manifest:", 9) == 0 && a[9]))
		return usage(e, "--order-by must be args, mtime or manifest:FIELD, not '%s'", a);
	c->order_by = a;
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

static bool set_full_height(struct fc_cli *c, const char *a, struct fc_error *e)
{
	(void)a;
	(void)e;
	c->full_height = true;
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

static bool set_function(struct fc_cli *c, const char *a, struct fc_error *e)
{
	return fc_scope_add_pattern(&c->function, "--function", a, e);
}

static bool set_compact(struct fc_cli *c, const char *a, struct fc_error *e)
{
	(void)a;
	(void)e;
	c->compact = true;
	return true;
}

static bool set_budget(struct fc_cli *c, const char *a, struct fc_error *e)
{
	long v;
	if (!parse_long(a, 512, 1048576, &v))
		return usage(e, "--budget must be a number of bytes from 512 to 1048576, not '%s'",
			     a);
	c->budget = (size_t)v;
	return true;
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

static bool set_sample_type(struct fc_cli *c, const char *a, struct fc_error *e)
{
	(void)e;
	c->sample_type = a;
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
	return add_glob(c->include_globs, &c->n_include_globs, "--include-files", a, e);
}

static bool set_exclude(struct fc_cli *c, const char *a, struct fc_error *e)
{
	return add_glob(c->exclude_globs, &c->n_exclude_globs, "--exclude-files", a, e);
}

/* --- scope (docs/scope.md) --- */

static bool set_focus(struct fc_cli *c, const char *a, struct fc_error *e)
{
	return fc_scope_add_pattern(&c->scope.focus, "--focus", a, e);
}

static bool set_scope_exclude(struct fc_cli *c, const char *a, struct fc_error *e)
{
	return fc_scope_add_pattern(&c->scope.exclude, "--exclude", a, e);
}

static bool set_prune(struct fc_cli *c, const char *a, struct fc_error *e)
{
	return fc_scope_add_pattern(&c->scope.prune, "--prune", a, e);
}

static bool set_sandwich(struct fc_cli *c, const char *a, struct fc_error *e)
{
	return fc_scope_add_pattern(&c->scope.sandwich, "--sandwich", a, e);
}

static bool set_collapse(struct fc_cli *c, const char *a, struct fc_error *e)
{
	if (!a)
		c->scope.recursion = FC_RECURSION_DIRECT;
	else if (strcmp(a, "all") == 0)
		c->scope.recursion = FC_RECURSION_ALL;
	else if (strcmp(a, "direct") == 0)
		c->scope.recursion = FC_RECURSION_DIRECT;
	else
		return usage(e, "--collapse-recursion takes =all or =direct, not '%s'", a);
	return true;
}

static bool set_merge_by(struct fc_cli *c, const char *a, struct fc_error *e)
{
	if (strcmp(a, "location") == 0)
		c->scope.merge_by = FC_MERGE_LOCATION;
	else if (strcmp(a, "function") == 0)
		c->scope.merge_by = FC_MERGE_FUNCTION;
	else if (strcmp(a, "name") == 0)
		c->scope.merge_by = FC_MERGE_NAME;
	else
		return usage(e, "--merge-by must be location, function or name, not '%s'", a);
	return true;
}

static bool set_match_on(struct fc_cli *c, const char *a, struct fc_error *e)
{
	if (strcmp(a, "name") == 0)
		c->scope.match_on = FC_MATCH_NAME;
	else if (strcmp(a, "name+file") == 0)
		c->scope.match_on = FC_MATCH_NAME_FILE;
	else
		return usage(e, "--match-on must be name or name+file, not '%s'", a);
	return true;
}

static bool set_reverse(struct fc_cli *c, const char *a, struct fc_error *e)
{
	(void)a;
	(void)e;
	c->scope.reverse = true;
	return true;
}

/* --sourcemaps and the places maps are looked for (docs/sourcemaps.md);
 * naming a place turns mapping on. */
static bool set_sourcemaps(struct fc_cli *c, const char *a, struct fc_error *e)
{
	(void)a;
	(void)e;
	c->sourcemaps_on = true;
	return true;
}

static bool add_string(const char *const **list, size_t *n, const char *a)
{
	const char **v = realloc((void *)*list, (*n + 1) * sizeof(*v));

	if (!v)
		return false;
	v[(*n)++] = a;
	*list = v;
	return true;
}

static bool set_sourcemap_dir(struct fc_cli *c, const char *a, struct fc_error *e)
{
	if (!a[0])
		return usage(e, "--sourcemap-dir needs a folder");
	c->sourcemaps_on = true;
	if (!add_string(&c->sourcemaps.dirs, &c->sourcemaps.n_dirs, a))
		return usage(e, "out of memory");
	return true;
}

static bool set_sourcemap_root(struct fc_cli *c, const char *a, struct fc_error *e)
{
	const char *eq = strchr(a, '=');

	if (!eq || eq == a || !eq[1])
		return usage(e, "--sourcemap-root wants PREFIX=DIR, not '%s'", a);
	c->sourcemaps_on = true;
	if (!add_string(&c->sourcemaps.roots, &c->sourcemaps.n_roots, a))
		return usage(e, "out of memory");
	return true;
}

const struct fc_sourcemap_options *fc_cli_sourcemaps(const struct fc_cli *cli)
{
	return cli->sourcemaps_on ? &cli->sourcemaps : NULL;
}

static const struct option_def options[] = {
	{ "output", 'o', "PATH", CMD_RENDER | CMD_REPORT, set_output,
	  "output file ('-' = stdout); for report, the output directory" },
	{ "format", 'f', "FMT", CMD_RENDER | CMD_REPORT, set_format,
	  "{} (json: the layout); report takes a list of svg, png, pdf", NAMES_FORMATS },
	{ "mode", 'm', "MODE", CMD_RENDER | CMD_REPORT, set_mode,
	  "chart (time-ordered, as DevTools) or graph (merged, alphabetical); report draws a "
	  "profile without time order (folded, counts, bytes) as a graph" },
	{ "width", 'w', "PX", CMD_RENDER | CMD_REPORT | CMD_DIFF, set_width,
	  "image width (default 1200)" },
	{ "scale", 0, "N", CMD_RENDER | CMD_REPORT | CMD_DIFF, set_scale,
	  "HiDPI factor for PNG (default 1)" },
	{ "title", 0, "TEXT", CMD_RENDER | CMD_REPORT | CMD_DIFF, set_title,
	  "header title (default: the file name); for report, the index page's title" },
	{ "subtitle", 0, "TEXT", CMD_RENDER, set_subtitle, "second header line" },
	{ "color-by", 0, "SCHEME", CMD_RENDER | CMD_REPORT, set_color_by,
	  "{} (default: url for chart, tier for graph)", NAMES_SCHEMES },
	{ "theme", 0, "NAME|PATH", CMD_RENDER | CMD_REPORT | CMD_DIFF, set_theme,
	  "{}, or a theme JSON file (default light)", NAMES_THEMES },
	{ "hide", 0, "TIERS", CMD_RENDER | CMD_REPORT | CMD_DIFF, set_hide,
	  "remove frames of these tiers ({}); their time goes to the nearest shown caller",
	  NAMES_TIERS },
	{ "dim", 0, "TIERS", CMD_RENDER | CMD_REPORT, set_dim,
	  "grey out frames of these tiers (e.g. --dim deps)" },
	{ "minwidth", 0, "PX[%]", CMD_RENDER | CMD_REPORT, set_minwidth,
	  "coalesce frames narrower than this into one grey box (default 1 px)" },
	{ "inverted", 0, NULL, CMD_RENDER | CMD_REPORT, set_inverted,
	  "graph: icicle, root at the top" },
	{ "sort", 0, "alpha|weight", CMD_RENDER | CMD_REPORT | CMD_DIFF, set_sort,
	  "graph: sibling order, alphabetical (default) or heaviest first" },
	{ "weight", 0, "time|samples", CMD_RENDER | CMD_REPORT, set_weight,
	  "graph: what width measures (default time; -f folded writes sample counts unless "
	  "--weight time)" },
	{ "idle", 0, NULL, CMD_RENDER | CMD_REPORT | CMD_DIFF, set_idle,
	  "graph: keep (idle), which is left out by default" },
	{ "gc", 0, "root|stack", CMD_RENDER | CMD_REPORT | CMD_DIFF, set_gc,
	  "GC samples on top of the previous stack (default, as DevTools) or at the root" },
	{ "thread", 0, "NAME|TID", CMD_ALL, set_thread,
	  "only threads whose name contains NAME or matches it as a regex (case ignored), or "
	  "the thread with this tid" },
	{ "pid", 0, "PID", CMD_ALL, set_pid, "only threads of this process" },
	{ "per-thread", 0, NULL, CMD_RENDER, set_per_thread,
	  "graph: one graph per thread instead of one merged graph" },
	{ "input-format", 0, "FMT", CMD_ALL | CMD_DIFF, set_input_format,
	  "cpuprofile, trace, self-profiling, folded, heapprofile, speedscope, hermes or pprof "
	  "(default: detected)" },
	{ "no-legend", 0, NULL, CMD_RENDER | CMD_REPORT, set_no_legend, "omit the legend" },
	{ "no-annotations", 0, NULL, CMD_RENDER | CMD_REPORT, set_no_annotations,
	  "traces: leave out the labels and time ranges saved in the trace by DevTools" },
	{ "interactive", 0, NULL, CMD_RENDER, set_interactive,
	  "SVG: click to zoom, Ctrl+F to search (an inline script)" },
	{ "svg-backend", 0, "NAME", CMD_RENDER | CMD_REPORT, set_svg_backend,
	  "SVG writer: native (text, tooltips; default) or cairo (glyphs as paths)" },
	{ "tasks", 0, NULL, CMD_ALL, set_tasks,
	  "traces: draw tasks, trace events, JS and user timings, as the Performance panel" },
	{ "screenshots", 0, NULL, CMD_RENDER, set_screenshots,
	  "traces: a filmstrip of the page's screenshots above the chart" },
	{ "strict", 0, NULL, CMD_ALL | CMD_DIFF, set_strict,
	  "treat repaired damage in an input as an error (exit 2)" },
	{ "quiet", 'q', NULL, CMD_ALL | CMD_DIFF, set_quiet, "no warnings or progress on stderr" },
	{ "max-input-size", 0, "SIZE", CMD_ALL | CMD_DIFF, set_max_input,
	  "refuse inputs larger than this (default 2G)" },
	{ "sourcemaps", 0, NULL, CMD_ALL | CMD_DIFF, set_sourcemaps,
	  "map bundled frames to their original sources through source maps" },
	{ "sourcemap-dir", 0, "DIR", CMD_ALL | CMD_DIFF, set_sourcemap_dir,
	  "also look for <script>.map in DIR (repeatable; implies --sourcemaps)" },
	{ "sourcemap-root", 0, "PREFIX=DIR", CMD_ALL | CMD_DIFF, set_sourcemap_root,
	  "read URLs under PREFIX from DIR, never outside it (repeatable)" },
	{ "recursive", 'r', NULL, CMD_REPORT, set_recursive, "report: search DIR recursively" },
	{ "jobs", 'j', "N", CMD_REPORT, set_jobs, "report: parallel jobs (default: cores)" },
	{ "threads", 0, "N", CMD_ALL, set_threads,
	  "threads an import may use: a second one reads and inflates gzip ahead of the parse "
	  "(default: the CPUs available; 1 = none); report divides them among its jobs" },
	{ "summary", 0, "FILE", CMD_REPORT, set_summary,
	  "report: write a JSON summary of every profile" },
	{ "history", 0, "DIR", CMD_REPORT, set_history,
	  "report: add the trend of the earlier runs in DIR (their summaries or report "
	  "folders) and this one to the index" },
	{ "order-by", 0, "KEY", CMD_REPORT, set_order_by,
	  "report --history: the runs' order, args (by name; default), mtime or manifest:FIELD" },
	{ "shard", 0, "I/N", CMD_REPORT, set_shard, "report: render the I-th of N slices" },
	{ "merge", 0, NULL, CMD_REPORT, set_merge,
	  "report: build the index from the shards in OUTDIR" },
	{ "top", 0, "N", CMD_RENDER | CMD_INFO | CMD_REPORT | CMD_DIFF, set_top,
	  "rows per table of -f md and info (default 10 for md, 15 for info); report "
	  "--history: functions shown (default 8)" },
	{ "image-url", 0, "URL", CMD_RENDER | CMD_DIFF, set_image_url,
	  "-f md: show this image (an absolute URL for PR comments)" },
	{ "json", 0, NULL, CMD_INFO, set_json, "info: the numbers as JSON (docs/info-json.md)" },
	{ "compact", 0, NULL, CMD_INFO, set_compact,
	  "info: tab-separated records for tools, about 4 KB (docs/lines.md)" },
	{ "budget", 0, "BYTES", CMD_INFO, set_budget,
	  "info --compact: the size to stay within (default 4096)" },
	{ "function", 0, "RE", CMD_RENDER | CMD_INFO, set_function,
	  "info, -f md: callers, callees and hot lines of functions matching RE" },
	{ "preset", 0, "github|docs", CMD_RENDER | CMD_REPORT | CMD_DIFF, set_preset,
	  "sizes for a GitHub comment (880 px, PNG at 2x) or a doc page (1000 px, 2x)" },
	{ "max-depth", 0, "N", CMD_RENDER | CMD_REPORT, set_max_depth,
	  "draw at most N rows per lane (the header counts the rest); no height budget" },
	{ "height", 0, "PX", CMD_RENDER | CMD_REPORT, set_height,
	  "the image at most PX tall, folded to fit (default 1.5 x the width, 1.25 x with "
	  "--preset)" },
	{ "full-height", 0, NULL, CMD_RENDER | CMD_REPORT, set_full_height,
	  "draw every row: no height budget, nothing folded" },
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
	{ "sample-type", 0, "NAME", CMD_ALL | CMD_DIFF, set_sample_type,
	  "pprof: the sample type to read, e.g. cpu, samples, alloc_space, inuse_space "
	  "(default: the profile's default, else its last)" },
	{ "include-files", 0, "GLOB", CMD_REPORT, set_include,
	  "report: only files matching GLOB (the name, or the path under DIR when GLOB has "
	  "a '/'); repeatable" },
	{ "exclude-files", 0, "GLOB", CMD_REPORT, set_exclude,
	  "report: leave out files matching GLOB; repeatable" },
	/* their former names, still read by report (where --exclude has no
	 * other meaning) but shown nowhere: --exclude RE is the scope's */
	{ "include", 0, "GLOB", CMD_REPORT, set_include, NULL },
	{ "exclude", 0, "GLOB", CMD_REPORT, set_exclude, NULL },
	/* scope (docs/scope.md); a metavar in [] is optional, given with = */
	{ "focus", 0, "RE", CMD_ALL | CMD_DIFF, set_focus,
	  "only stacks through a function matching RE, re-rooted at it (repeatable)" },
	{ "exclude", 0, "RE", CMD_RENDER | CMD_INFO | CMD_DIFF, set_scope_exclude,
	  "drop stacks through a function matching RE (repeatable)" },
	{ "prune", 0, "RE", CMD_ALL | CMD_DIFF, set_prune,
	  "cut functions matching RE and what they call; time stays in the caller" },
	{ "collapse-recursion", 0, "[=all]", CMD_ALL | CMD_DIFF, set_collapse,
	  "fold direct recursion into one frame; =all also indirect recursion" },
	{ "merge-by", 0, "location|function|name", CMD_ALL | CMD_DIFF, set_merge_by,
	  "what makes two frames one (default location; function ignores lines)" },
	{ "reverse", 0, NULL, CMD_ALL | CMD_DIFF, set_reverse,
	  "reverse stacks: functions where time is spent at the base (bottom-up)" },
	{ "sandwich", 0, "RE", CMD_ALL, set_sandwich,
	  "graph: callers of the matching function above it, its callees below" },
	{ "match-on", 0, "name|name+file", CMD_ALL | CMD_DIFF, set_match_on,
	  "what the patterns above are matched against (default name)" },
};

static const char *const command_names[] = { "render", "info", "report", "diff" };

static const char *const command_usage[] = {
	"  flamechart [render] [OPTIONS] INPUT...      render a flame chart or graph\n",
	"  flamechart info [OPTIONS] INPUT...          summary of each profile\n",
	"  flamechart report [OPTIONS] DIR -o OUTDIR   render every profile in DIR\n",
};

static void print_option(FILE *out, const struct option_def *o)
{
	/* an optional argument ("[=all]") is written against the name */
	const char *sep = o->metavar && o->metavar[0] != '[' ? " " : "";
	char left[64], help[512];

	if (o->short_name)
		snprintf(left, sizeof(left), "-%c, --%s%s%s", o->short_name, o->name, sep,
			 o->metavar ? o->metavar : "");
	else
		snprintf(left, sizeof(left), "    --%s%s%s", o->name, sep,
			 o->metavar ? o->metavar : "");
	fprintf(out, "  %-28s %s\n", left, help_text(o, help, sizeof(help)));
}

/* command < 0: every command and option */
static void help(FILE *out, int command)
{
	char tiers[128];
	size_t i;

	fputs("Usage:\n", out);
	for (i = 0; i < FC_ARRAY_LEN(command_usage); i++)
		if (command < 0 || (size_t)command == i)
			fputs(command_usage[i], out);
	if (command < 0)
		fputs("  flamechart diff [OPTIONS] BASE HEAD         compare two runs (diff "
		      "--help)\n"
		      "  flamechart trend [OPTIONS] RUN RUN...       the history of a series of "
		      "runs (trend --help)\n",
		      out);
	fputs("  flamechart help [COMMAND] | --help | --version\n"
	      "\n"
	      "INPUT is a .cpuprofile, a Chrome trace (JSON), a JS Self-Profiling trace or\n"
	      "folded stacks, optionally gzip-compressed; '-' reads stdin.\n"
	      "\n"
	      "Options:\n",
	      out);
	for (i = 0; i < FC_ARRAY_LEN(options); i++)
		if (options[i].help && (command < 0 || (options[i].commands & (1u << command))))
			print_option(out, &options[i]);
	fprintf(out,
		"  -h, --help                   show this help\n"
		"  -V, --version                show the version\n"
		"\n"
		"Short options without an argument may be bundled (-qr).\n"
		"Tiers: %s.\n",
		join_names(NAMES_TIERS, tiers, sizeof(tiers)));
	if (command < 0 || command == FC_CMD_RENDER)
		fputs("Chart mode draws (program), (idle) and GC as DevTools does: GC samples sit "
		      "on\n"
		      "top of the previous sample's stack. Graph mode merges identical stacks, "
		      "keeps\n"
		      "that GC placement (--gc root puts GC at the root) and leaves (idle) out "
		      "unless\n"
		      "--idle is given. The output's extension, when it has one, must agree with "
		      "-f.\n",
		      out);
	fputs("\n"
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

void fc_cli_help(FILE *out)
{
	help(out, -1);
}

int fc_cli_command_parse(const char *name)
{
	size_t k;

	for (k = 0; k < FC_ARRAY_LEN(command_names); k++)
		if (strcmp(name, command_names[k]) == 0)
			return (int)k;
	return -1;
}

void fc_cli_help_command(FILE *out, enum fc_command command)
{
	help(out, (int)command);
}

/* roff text: backslashes and hyphens escaped, a leading dot or quote
 * guarded */
static void roff(FILE *out, const char *s)
{
	if (*s == '.' || *s == '\'')
		fputs("\\&", out);
	for (; *s; s++) {
		if (*s == '\\')
			fputs("\\e", out);
		else if (*s == '-')
			fputs("\\-", out);
		else
			fputc(*s, out);
	}
}

void fc_cli_man(FILE *out)
{
	static const char *const exits[][2] = {
		{ "0", "success" },
		{ "1", "usage error (bad option or argument)" },
		{ "2", "input error (unreadable or invalid profile, or a warning under --strict)" },
		{ "3", "output error (cannot write the output, disk full, broken pipe)" },
		{ "4", "partial: report rendered some profiles and failed others" },
		{ "5", "internal error (out of memory)" },
		{ "6", "regression: a diff or trend --fail-on rule was crossed (outputs still "
		       "written)" },
	};
	char help[512];
	size_t i;

	fprintf(out, ".TH FLAMECHART 1 \"\" \"flamechart %s\" \"User Commands\"\n", fc_version());
	fputs(".SH NAME\nflamechart \\- flame charts and flame graphs of JavaScript CPU profiles\n"
	      ".SH SYNOPSIS\n"
	      ".B flamechart\n[\\fBrender\\fR] [\\fIOPTIONS\\fR] \\fIINPUT\\fR...\n.br\n"
	      ".B flamechart info\n[\\fIOPTIONS\\fR] \\fIINPUT\\fR...\n.br\n"
	      ".B flamechart report\n[\\fIOPTIONS\\fR] \\fIDIR\\fR \\fB\\-o\\fR "
	      "\\fIOUTDIR\\fR\n.br\n"
	      ".B flamechart trend\n[\\fIOPTIONS\\fR] \\fIRUN\\fR \\fIRUN\\fR...\n.br\n"
	      ".B flamechart help\n[\\fICOMMAND\\fR]\n"
	      ".SH DESCRIPTION\n"
	      "\\fBrender\\fR (the default) draws a flame chart or graph; \\fBinfo\\fR prints a "
	      "summary of each profile; \\fBreport\\fR renders every profile in a directory; "
	      "\\fBtrend\\fR draws "
	      "the history of a series of runs and finds where it changed "
	      "(\\fBflamechart trend \\-\\-help\\fR).\n"
	      ".PP\nINPUT is a .cpuprofile, a Chrome trace (JSON), a JS Self\\-Profiling trace or "
	      "folded stacks, optionally gzip\\-compressed; \\(aq\\-\\(aq reads stdin.\n"
	      ".SH OPTIONS\n",
	      out);
	for (i = 0; i < FC_ARRAY_LEN(options); i++) {
		const struct option_def *o = &options[i];

		if (!o->help)
			continue;
		fputs(".TP\n", out);
		if (o->short_name)
			fprintf(out, "\\fB\\-%c\\fR, ", o->short_name);
		fputs("\\fB\\-\\-", out);
		roff(out, o->name);
		fputs("\\fR", out);
		if (o->metavar) {
			fputs(" \\fI", out);
			roff(out, o->metavar);
			fputs("\\fR", out);
		}
		fputc('\n', out);
		roff(out, help_text(o, help, sizeof(help)));
		fputc('\n', out);
	}
	fputs(".TP\n\\fB\\-h\\fR, \\fB\\-\\-help\\fR\nshow this help\n"
	      ".TP\n\\fB\\-V\\fR, \\fB\\-\\-version\\fR\nshow the version\n"
	      ".SH EXIT STATUS\n",
	      out);
	for (i = 0; i < FC_ARRAY_LEN(exits); i++) {
		fprintf(out, ".TP\n%s\n", exits[i][0]);
		roff(out, exits[i][1]);
		fputc('\n', out);
	}
	fputs(".SH SEE ALSO\nThe README and docs/ of the flamechart sources.\n", out);
}

/* The option of that name, preferring one that applies to the command (two
 * commands may give one name different meanings). */
static const struct option_def *find_long(const char *name, size_t len, enum fc_command cmd)
{
	const struct option_def *any = NULL;
	size_t i;

	for (i = 0; i < FC_ARRAY_LEN(options); i++) {
		if (strlen(options[i].name) != len || strncmp(options[i].name, name, len) != 0)
			continue;
		if (options[i].commands & (1u << cmd))
			return &options[i];
		if (!any)
			any = &options[i];
	}
	return any;
}

static const struct option_def *find_short(char c)
{
	size_t i;

	for (i = 0; i < FC_ARRAY_LEN(options); i++)
		if (options[i].short_name == c)
			return &options[i];
	return NULL;
}

/* Levenshtein distance (strings of options and commands: short) */
static size_t distance(const char *a, size_t na, const char *b)
{
	size_t nb = strlen(b), row[64], i, j;

	if (na >= FC_ARRAY_LEN(row) || nb >= FC_ARRAY_LEN(row))
		return SIZE_MAX;
	for (j = 0; j <= nb; j++)
		row[j] = j;
	for (i = 1; i <= na; i++) {
		size_t diag = row[0];
		row[0] = i;
		for (j = 1; j <= nb; j++) {
			size_t up = row[j], best = diag + (a[i - 1] != b[j - 1]);
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			diag = up;
			row[j] = best;
		}
	}
	return row[nb];
}

/* The name nearest word among names (n of them), if close enough to be
 * what was meant: at most 2 edits, and fewer than half the word's length. */
static const char *nearest(const char *word, size_t len, const char *const *names, size_t n)
{
	const char *best = NULL;
	size_t i, d, best_d = SIZE_MAX;

	for (i = 0; i < n; i++) {
		d = distance(word, len, names[i]);
		if (d < best_d) {
			best_d = d;
			best = names[i];
		}
	}
	return best_d <= 2 && best_d * 2 < len ? best : NULL;
}

static bool unknown_long(const char *a, size_t len, struct fc_error *err)
{
	const char *names[FC_ARRAY_LEN(options) + 2], *near;
	size_t i;

	for (i = 0; i < FC_ARRAY_LEN(options); i++)
		names[i] = options[i].name;
	names[i++] = "help";
	names[i++] = "version";
	near = nearest(a + 2, len, names, i);
	if (near)
		return usage(err, "unknown option '%s'; did you mean '--%s'?", a, near);
	return usage(err, "unknown option '%s'", a);
}

/* Sets option o (value val, NULL for a flag) if it applies to the command. */
static bool apply(struct fc_cli *cli, const struct option_def *o, const char *val,
		  struct fc_error *err)
{
	if (!(o->commands & (1u << cli->command)))
		return usage(err, "option '--%s' does not apply to '%s'", o->name,
			     command_names[cli->command]);
	return o->set(cli, val, err);
}

/* The option at argv[*i] (an option word, not "--" or "-h"), and its
 * argument; *i moves to the last word used. 1 when set, -1 on a usage
 * error; with only_known, 0 (err untouched) when the table has no such
 * option (an option of the table for other commands is a usage error). */
static int parse_option(struct fc_cli *cli, int argc, char **argv, int *i, bool only_known,
			struct fc_error *err)
{
	const char *a = argv[*i];
	const struct option_def *o;
	const char *val = NULL;

	if (a[1] == '-') {
		const char *eq = strchr(a + 2, '=');
		size_t len = eq ? (size_t)(eq - a - 2) : strlen(a + 2);
		o = find_long(a + 2, len, cli->command);
		if (only_known && !o)
			return 0;
		if (!o) {
			unknown_long(a, len, err);
			return -1;
		}
		if (eq) {
			if (!o->metavar) {
				usage(err, "option '--%s' takes no argument", o->name);
				return -1;
			}
			val = eq + 1;
		}
	} else {
		/* bundled flags (-qr); an option with an argument ends the
		 * bundle and takes the rest (-j2) or the next word */
		const char *p = a + 1;
		if (only_known)
			for (; *p; p++) {
				o = find_short(*p);
				if (!o)
					return 0;
				if (o->metavar)
					break;
			}
		p = a + 1;
		for (;;) {
			o = find_short(*p);
			if (!o) {
				usage(err, "unknown option '-%c'%s", *p,
				      p > a + 1 ? " in a bundle of short options" : "");
				return -1;
			}
			if (o->metavar) {
				if (p[1])
					val = p + 1;
				break;
			}
			if (!p[1])
				break;
			if (!apply(cli, o, NULL, err))
				return -1;
			p++;
		}
	}
	if (o->metavar && !val && o->metavar[0] != '[') {
		if (*i + 1 >= argc) {
			usage(err, "option '--%s' needs an argument", o->name);
			return -1;
		}
		val = argv[++*i];
	}
	return apply(cli, o, val, err) ? 1 : -1;
}

int fc_cli_parse_option(struct fc_cli *cli, int argc, char **argv, int *i, struct fc_error *err)
{
	return parse_option(cli, argc, argv, i, true, err);
}

void fc_cli_defaults(struct fc_cli *cli, enum fc_command command)
{
	memset(cli, 0, sizeof(*cli));
	cli->sourcemaps.version = FC_SOURCEMAP_OPTIONS_VERSION;
	cli->command = command;
	cli->width_px = 1200;
	cli->scale = 1.0;
	cli->minwidth = 1.0;
	cli->pid = -1;
	cli->input_format = FC_FORMAT_AUTO;
}

void fc_cli_help_options(FILE *out, enum fc_command command)
{
	size_t i;

	for (i = 0; i < FC_ARRAY_LEN(options); i++)
		if (options[i].help && (options[i].commands & (1u << command)))
			print_option(out, &options[i]);
}

bool fc_cli_parse(struct fc_cli *cli, int argc, char **argv, struct fc_error *err)
{
	const char **inputs;
	size_t n_inputs = 0;
	int i = 1;
	bool only_inputs = false;

	fc_cli_defaults(cli, FC_CMD_RENDER);

	inputs = calloc((size_t)argc + 1, sizeof(*inputs));
	if (!inputs) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	cli->inputs = inputs;

	if (argc > 1) {
		size_t k;
		for (k = 0; k < FC_ARRAY_LEN(command_names); k++) {
			if (strcmp(argv[1], command_names[k]) == 0) {
				cli->command = (enum fc_command)k;
				i = 2;
			}
		}
		/* a word that names no file but nearly a command is a typo */
		if (i == 1 && argv[1][0] != '-' && !strchr(argv[1], '/') && !strchr(argv[1], '.') &&
		    access(argv[1], F_OK) != 0) {
			static const char *const all[] = { "render", "info",  "report",
							   "diff",   "trend", "help" };
			const char *near =
				nearest(argv[1], strlen(argv[1]), all, FC_ARRAY_LEN(all));
			if (near)
				return usage(err, "unknown command '%s'; did you mean '%s'?",
					     argv[1], near);
		}
	}
	for (; i < argc; i++) {
		const char *a = argv[i];

		if (only_inputs || a[0] != '-' || strcmp(a, "-") == 0) {
			inputs[n_inputs++] = a;
			continue;
		}
		if (strcmp(a, "--") == 0) {
			only_inputs = true;
			continue;
		}
		if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			cli->help = true; /* the command's help; nothing else counts */
			return true;
		}
		if (parse_option(cli, argc, argv, &i, false, err) != 1)
			return false;
	}
	cli->n_inputs = n_inputs;
	cli->scope.strict = cli->strict;
	fc_cli_apply_preset(cli);
	if (cli->has_from && cli->has_to && !(cli->to_ms > cli->from_ms))
		return usage(err, "--to (%g) must be later than --from (%g)", cli->to_ms,
			     cli->from_ms);
	return true;
}

void fc_cli_apply_preset(struct fc_cli *cli)
{
	/* a preset gives what --width and --scale did not */
	if (cli->preset) {
		bool github = strcmp(cli->preset, "github") == 0;
		if (!cli->width_given)
			cli->width_px = github ? 880 : 1000;
		if (!cli->scale_given)
			cli->scale = 2;
	}
}

void fc_cli_finish(struct fc_cli *cli)
{
	free((void *)cli->inputs);
	cli->inputs = NULL;
	fc_scope_finish(&cli->scope);
	fc_scope_free_patterns(cli->function);
	cli->function = NULL;
	free((void *)cli->sourcemaps.dirs);
	free((void *)cli->sourcemaps.roots);
	memset(&cli->sourcemaps, 0, sizeof(cli->sourcemaps));
}
