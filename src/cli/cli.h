/* The command line: options parsed from a table into struct fc_cli, then one
 * function per subcommand. */
#ifndef FC_CLI_H
#define FC_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "transform/crop.h"
#include "flamechart/error.h"
#include "flamechart/flamechart.h"
#include "model/profile.h"
#include "transform/scope.h"
#include "import/sourcemap.h"

/* Process exit codes (documented in --help and the README): the program's,
 * not the library's, which reports an enum fc_error_code. */
enum fc_exit {
	FC_EXIT_OK = 0,
	FC_EXIT_USAGE = 1,
	FC_EXIT_INPUT = 2,
	FC_EXIT_OUTPUT = 3,
	FC_EXIT_PARTIAL = 4,
	FC_EXIT_INTERNAL = 5,
	FC_EXIT_REGRESSION = 6, /* diff: a --fail-on rule was crossed */
};

/* The exit code for an error the library reported. */
enum fc_exit fc_error_exit_code(enum fc_error_code code);

/* Removes the library's temporary output files on SIGINT, SIGTERM and
 * SIGHUP, then dies of the signal (signals.c); called once at start. */
void fc_cli_cleanup_on_signals(void);

enum fc_command { FC_CMD_RENDER, FC_CMD_INFO, FC_CMD_REPORT, FC_CMD_DIFF };

enum fc_mode_bits { FC_MODE_BIT_CHART = 1, FC_MODE_BIT_GRAPH = 2 };

/* enum fc_out_format: flamechart/flamechart.h */

struct fc_cli {
	enum fc_command command;
	bool help;              /* --help after the command: its help, nothing else */
	struct fc_context *ctx; /* themes, for the whole run (fc_cli_main) */
	const char *const *inputs;
	size_t n_inputs;

	/* render */
	const char *output; /* NULL = default name, "-" = stdout */
	unsigned formats;   /* bit per enum fc_out_format; 0 = auto */
	unsigned modes;     /* enum fc_mode_bits; 0 = chart */
	int width_px;       /* default 1200 */
	double scale;       /* PNG HiDPI factor, default 1 */
	const char *title, *subtitle;
	const char *color_by;           /* NULL = per-mode default */
	const char *theme;              /* NULL = "light" */
	unsigned hide_tiers, dim_tiers; /* bit per enum fc_tier */
	double minwidth;                /* px, or percent when minwidth_pct */
	bool minwidth_pct;
	bool inverted;
	bool sort_weight;    /* --sort weight */
	bool weight_samples; /* --weight samples */
	bool keep_idle;      /* --idle */
	bool gc_root;        /* --gc root */
	const char *thread;  /* --thread NAME|TID */
	int64_t pid;         /* --pid, -1 = all */
	bool per_thread;
	bool same_clock;  /* --same-clock: unrelated profiles on one time axis */
	bool weight_time; /* --weight time given (folded export: µs, not samples) */
	int count_unit;   /* --count-unit: enum fc_count_unit of folded inputs */
	enum fc_format input_format;
	const char *sample_type; /* --sample-type: pprof's sample type */
	bool no_legend;
	bool no_annotations; /* --no-annotations: a trace's annotations not drawn */
	bool interactive;    /* --interactive: SVG with zoom and search */
	bool svg_cairo;      /* --svg-backend cairo */
	bool strict;
	bool tasks;       /* --tasks: a trace's events with its JS */
	bool screenshots; /* --screenshots: a trace's filmstrip above the chart */
	bool quiet;
	uint64_t max_input_bytes;
	/* --focus, --exclude, --prune, --collapse-recursion, --merge-by,
	 * --reverse, --sandwich, --match-on (fc_scope_finish in fc_cli_finish) */
	struct fc_scope scope;
	/* --sourcemaps, --sourcemap-dir, --sourcemap-root (sourcemap.h) */
	bool sourcemaps_on;
	struct fc_sourcemap_options sourcemaps; /* arrays owned by fc_cli_finish */

	/* Markdown and info as data */
	size_t top;            /* --top N: rows per table, 0 = default */
	const char *image_url; /* --image-url: image shown in -f md */
	bool json;             /* info --json */
	bool compact;          /* info --compact */
	size_t budget;         /* --budget BYTES for --compact, 0 = 4096 */
	/* --function RE (repeatable, any matches): the functions info and -f md
	 * answer for (docs/lines.md); freed by fc_cli_finish */
	struct fc_scope_re *function;

	/* images that read where they are shown */
	const char *preset; /* --preset github|docs (width, scale) */
	bool width_given, scale_given;
	uint32_t max_depth;    /* --max-depth: rows drawn per lane, 0 = all */
	int height_px;         /* --height: image height cap, 0 = none */
	bool full_height;      /* --full-height: every row, no height budget */
	bool trim_idle;        /* --trim-idle: crop the chart to the busy span */
	double from_ms, to_ms; /* --from/--to: the window, ms from the start */
	bool has_from, has_to;

	/* report */
	bool recursive;
	int jobs; /* 0 = number of cores */
	/* --threads: threads an import may use; 0 = the CPUs available (docs/threads.md) */
	unsigned threads;
	const char *summary;
	const char *history;          /* report --history DIR */
	const char *order_by;         /* report --order-by KEY: the history's order */
	int shard_index, shard_count; /* 1-based; 0/0 = no sharding */
	bool merge;
	/* report: --include / --exclude GLOB, each repeatable */
#define FC_CLI_MAX_GLOBS 16
	const char *include_globs[FC_CLI_MAX_GLOBS], *exclude_globs[FC_CLI_MAX_GLOBS];
	size_t n_include_globs, n_exclude_globs;
};

/* Entry point of the flamechart program; returns the exit code. */
int fc_cli_main(int argc, char **argv);

/* Parses argv into cli (defaults first). false on a usage error (err set). */
bool fc_cli_parse(struct fc_cli *cli, int argc, char **argv, struct fc_error *err);
void fc_cli_finish(struct fc_cli *cli);
/* --preset: the width and scale it gives, where --width and --scale did not
 * (fc_cli_parse calls it; diff, which parses its own options, too). */
void fc_cli_apply_preset(struct fc_cli *cli);
/* The defaults fc_cli_parse starts from, for command. */
void fc_cli_defaults(struct fc_cli *cli, enum fc_command command);
/* One option of the table at argv[*i] for cli->command (diff: the options
 * it shares with render, marked CMD_DIFF): 1 when set (*i at the last word
 * used), 0 when the table has no such option (err untouched), -1 on a
 * usage error (err set; an option for other commands is one). */
int fc_cli_parse_option(struct fc_cli *cli, int argc, char **argv, int *i, struct fc_error *err);
/* The help lines of the table's options for command. */
void fc_cli_help_options(FILE *out, enum fc_command command);
void fc_cli_help(FILE *out);
/* The help of one command: its usage and the options it takes. */
void fc_cli_help_command(FILE *out, enum fc_command command);
/* The index of the command named (render, info, report), -1 when none. */
int fc_cli_command_parse(const char *name);
/* flamechart(1) in roff, from the same table as fc_cli_help. */
void fc_cli_man(FILE *out);

/* Subcommands; each returns an exit code. */
int fc_cmd_info(const struct fc_cli *cli);
int fc_cmd_render(const struct fc_cli *cli);
int fc_cmd_report(const struct fc_cli *cli);
/* flamechart diff (cmd_diff.c): argv[0] is "diff"; parses its own options. */
int fc_cmd_diff(int argc, char **argv);
void fc_cmd_diff_help(FILE *out);
/* flamechart trend (cmd_trend.c): argv[0] is "trend"; parses its own options. */
int fc_cmd_trend(int argc, char **argv);
void fc_cmd_trend_help(FILE *out);
/* A differential folded file (two profiles, BASE and HEAD, in set: taken)
 * rendered as a diff to path in format (enum fc_out_format). */
int fc_cmd_diff_folded(const struct fc_cli *cli, struct fc_profile_set *set, int format,
		       const char *path);

/* Renders set to path in one format and mode, with the other options from
 * cli (title, theme, colours...) and the tweaks a report asks for (may be
 * NULL). false with err. Used by render and report; safe to call from
 * several threads at once. */
struct fc_render_tweaks {
	int width_px;      /* > 0: instead of cli->width_px */
	bool thumb;        /* a small image: no legend, no subtitle, scale 1 */
	const char *title; /* instead of cli->title */
	unsigned max_rows; /* rows per lane, 0 = all */
	bool interactive;  /* SVG: with zoom and search (report's linked SVGs) */
	/* a cropped chart: the ruler's 0 on the profiles' clock, and a line
	 * for the header saying what is shown */
	bool has_x_zero;
	double x_zero;
	const char *note;
	/* --trim-idle: long idle stretches cut out of the axis */
	struct fc_axis_break breaks[FC_CROP_MAX_BREAKS];
	size_t n_breaks;
	size_t clocks; /* unrelated recordings on their own clocks (0/1 = one) */
};
bool fc_cli_render_set(const struct fc_cli *cli, const struct fc_profile_set *set,
		       enum fc_out_format format, int mode, const struct fc_render_tweaks *tw,
		       const char *path, struct fc_error *err);

/* --trim-idle, --from, --to: crops set's charts and fills tw (x_zero,
 * note in note_buf). false with err (FC_ERR_USAGE) for an empty window. */
bool fc_cli_crop(const struct fc_cli *cli, struct fc_profile_set *set, struct fc_render_tweaks *tw,
		 char *note_buf, size_t size, struct fc_error *err);

/* -f md: the Markdown summary of set (summary.h) to path, under GitHub's
 * comment limit. false with err. */
bool fc_cli_write_markdown(const struct fc_cli *cli, const struct fc_profile_set *set,
			   const char *path, struct fc_error *err);

/* info --json: one profile's object (docs/info-json.md) with the top
 * functions of s (at most top); NULL on allocation failure. */
struct fc_stats;
typedef struct json_t json_t;
json_t *fc_cli_info_json(const struct fc_profile *p, const struct fc_stats *s, size_t top,
			 const struct fc_cli *cli);

/* info's hot lines (info_lines.c, docs/lines.md) of every frame (frame
 * FC_NONE) or one: the text section, percentages of whole_us; and the JSON
 * array (NULL on allocation failure). */
bool fc_cli_info_hot_lines(FILE *out, const struct fc_profile *p, uint32_t frame, size_t top,
			   double whole_us);
json_t *fc_cli_info_lines_json(const struct fc_profile *p, uint32_t frame, size_t top);

/* info --function: the matching functions' answers (docs/lines.md) as
 * text, and as a JSON array (NULL on allocation failure). */
bool fc_cli_info_functions(FILE *out, const struct fc_profile *p, const struct fc_cli *cli,
			   size_t top, double whole_us);
json_t *fc_cli_info_functions_json(const struct fc_profile *p, const struct fc_cli *cli,
				   size_t top);

/* info --compact (info_compact.c): summary, hot functions, hot lines and
 * heaviest stacks as tab-separated records within about budget bytes. */
bool fc_cli_info_compact(FILE *out, const struct fc_profile *p, const struct fc_stats *s,
			 size_t top, size_t budget);

/* info for a trace read with --tasks (info_tasks.c): time by DevTools
 * category and the long tasks, as text (nothing for other profiles) and as
 * a JSON object (NULL on allocation failure). */
bool fc_cli_info_tasks(FILE *out, const struct fc_profile *p);
json_t *fc_cli_info_tasks_json(const struct fc_profile *p);
/* The Timings lane's user timings (devtools-rules §13.9): each entry's
 * title, start and duration, as text and as a JSON array (NULL on
 * allocation failure). */
void fc_cli_info_timings(FILE *out, const struct fc_profile *p);
json_t *fc_cli_info_timings_json(const struct fc_profile *p);

/* info's heaviest stacks (model/stacks.h): count of them as text. */
bool fc_cli_info_stacks(FILE *out, const struct fc_profile *p, size_t count);
/* Options that shape only the merged graph (--inverted, --sort weight,
 * --weight samples, --idle, --per-thread) are a usage error when no graph is
 * drawn: the chart is ordered by time and would ignore them without a word.
 * false with err (FC_ERR_USAGE). */
bool fc_cli_check_graph_only(const struct fc_cli *cli, struct fc_error *err);

/* The theme --theme names (the default when none), loaded once per run
 * into cli->ctx; safe from several threads. NULL with err (code
 * FC_ERR_USAGE) when it cannot be loaded. */
struct fc_theme;
const struct fc_theme *fc_cli_theme(const struct fc_cli *cli, struct fc_error *err);

/* The threads each import may use: --threads, else the CPUs available to the
 * process; divided among report's jobs when it runs several files at once. */
unsigned fc_cli_import_threads(const struct fc_cli *cli);

/* The import options the command line asks for (format, --strict, --tasks,
 * --screenshots, --max-input-size, --count-unit, source maps, sample type,
 * threads). */
struct fc_import_options fc_cli_import_options(const struct fc_cli *cli);

/* Imports every input named in paths into set, applying --thread/--pid,
 * then --hide, then the scope transforms (docs/scope.md); false with err
 * on the first failure. */
bool fc_cli_import(const struct fc_cli *cli, const char *const *paths, size_t n,
		   struct fc_profile_set *set, struct fc_error *err);

/* Whether output (not "-") is the file input names (same device and
 * inode, however either is spelled): writing it would replace an input
 * with what was made of it. Then err (FC_ERR_USAGE) says so. */
bool fc_cli_output_is_input(const char *output, const char *input, struct fc_error *err);

/* The source-map options to import with: NULL unless --sourcemaps (or a
 * --sourcemap-dir or --sourcemap-root) was given. */
const struct fc_sourcemap_options *fc_cli_sourcemaps(const struct fc_cli *cli);

/* Messages on stderr: "flamechart: FILE: PATH (line L, column C): text". */
void fc_log_error(const struct fc_error *err);
void fc_log_warning(const char *file, const struct fc_warning *w);
void fc_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Prints each profile's warnings (unless quiet) to stderr. */
void fc_log_profile_warnings(const struct fc_cli *cli, const struct fc_profile_set *set);

#endif
