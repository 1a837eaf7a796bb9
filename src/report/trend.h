/* The history of a series of runs (docs/trend.md): each run is a profile,
 * a directory of profiles (several measurements of one run) or a report
 * summary JSON; per run the CPU time and every function's self time
 * (functions keyed as diff keys them, waits left out), the steps where a
 * series changed level and held, and the writers: Markdown with
 * sparklines, JSON of every series, a trend image. */
#ifndef FC_TREND_H
#define FC_TREND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "flamechart/error.h"
#include "flamechart/import.h"
#include "util/map.h"
#include "render/output.h"
#include "util/strpool.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FC_TREND_TOP 8 /* functions shown by default (--top) */

/* A run's manifest: PATH/run.json for a directory, PATH.run.json beside a
 * file; one JSON object of strings and numbers ("commit", "date", "label"
 * and anything --order-by manifest:FIELD names). */
struct fc_trend_field {
	char *key, *value; /* owned, clean text; a number as %lld or %.17g */
	bool number;
};

struct fc_trend_run {
	char *path;          /* as given, owned */
	char *label;         /* as people read it (docs/trend.md), owned */
	char *commit, *date; /* fields' values (string ones), NULL when none */
	struct fc_trend_field *fields;
	size_t n_fields;
	time_t mtime;    /* of path */
	size_t first, n; /* its measurements, in fc_trend's order */
};

/* A level change: the runs [at, ...) against the runs before, back to the
 * previous step. */
struct fc_trend_step {
	size_t at;            /* index of the first run at the new level */
	double before, after; /* mean per measurement of each side (µs or bytes) */
	double p_value;       /* Welch's test of the two sides' measurements */
	bool newest;          /* the series' last step: held since */
};

struct fc_trend_series {
	const char *name, *file;     /* function name and key path (strings'); "" for the total */
	uint32_t name_id, file_id;   /* their ids in fc_trend.strings */
	double *values;              /* per measurement (fc_trend.n_measurements) */
	double *means;               /* per run */
	double sum;                  /* of the means: what ranks the functions */
	struct fc_trend_step *steps; /* oldest first */
	size_t n_steps;
	size_t last_entry; /* while reading: its last entry + 1, 0 = none */
};

struct fc_trend_options {
	double alpha;                           /* significance level, 0.05 */
	size_t min_segment;                     /* runs on each side of a step, at least 2 (3) */
	double min_change;                      /* a step's size against its level before (0.10) */
	double min_share;                       /* ... and against the mean total CPU (0.01) */
	const struct fc_import_options *import; /* borrowed */
};

/* One measurement of a run as it is read. */
struct fc_trend_entry {
	uint32_t series;  /* index into the functions while reading */
	uint32_t measure; /* measurement, in reading order */
	double value;
};

struct fc_trend {
	struct fc_trend_options o;
	struct fc_trend_run *runs;
	size_t n_runs, cap_runs;
	size_t n_measurements;
	bool bytes, unit_known; /* heap profiles: every amount is bytes */
	struct fc_trend_series total;
	struct fc_trend_series *functions; /* heaviest first once computed */
	size_t n_functions, cap_functions;
	struct fc_strpool strings;
	/* while reading: the measurements' totals and (function, measurement,
	 * self) entries, and the functions by name and key path */
	double *read_total;
	size_t cap_total;
	struct fc_trend_entry *entries;
	size_t n_entries, cap_entries;
	struct fc_map index;
	bool computed;
};

/* Caller-owned: fc_trend_init / fc_trend_finish. false on allocation
 * failure. */
bool fc_trend_init(struct fc_trend *t, const struct fc_trend_options *o);
void fc_trend_finish(struct fc_trend *t);

/* Reads one run (src/report/trend_read.c): a directory (each profile file
 * one measurement; a sub-directory one measurement of several threads,
 * summed), a profile, or a report summary JSON (its profiles summed), and
 * its manifest. note hears what a directory holds that is not read (may
 * be NULL). false with err naming the file. */
bool fc_trend_add_run(struct fc_trend *t, const char *path,
		      void (*note)(void *ctx, const char *text), void *ctx, struct fc_error *err);

/* Reads a report summary as a run named run (a report's output folder,
 * say): its manifest, when not NULL and there, is the file manifest; label
 * names the run when the manifest does not (NULL: as fc_trend_add_run
 * names it). false with err naming the file. */
bool fc_trend_add_summary(struct fc_trend *t, const char *run, const char *summary,
			  const char *manifest, const char *label,
			  void (*note)(void *ctx, const char *text), void *ctx,
			  struct fc_error *err);

/* Each function of p with self weight, keyed as trend keys them (name as
 * diff names it, script path with the app's directory stripped), the
 * waits left out: fn hears name, file, self and total (the profile's unit:
 * µs or bytes, fc_trend_grain), in fc_stats order, and stops the walk by returning false.
 * The report's summary lists them so that a trend over summaries reads
 * what a trend over the profiles does. false when fn did or out of memory. */
struct fc_profile;
/* weights are kept to the nanosecond (1e-3 µs, or 1e-3 bytes): the grain at
 * which a summary's 15 significant digits hold them exactly */
double fc_trend_grain(double v);
bool fc_trend_profile_functions(const struct fc_profile *p,
				bool (*fn)(void *ctx, const char *name, const char *file,
					   double self, double total),
				void *ctx);

/* The entries of dir as paths (dir/name), sorted by name, without dot
 * files and manifests (run.json, *.run.json); NULL with err naming dir.
 * fc_trend_free_list frees them. */
char **fc_trend_list_dir(const char *dir, size_t *n, struct fc_error *err);
void fc_trend_free_list(char **v, size_t n);

/* Reads a manifest from memory (name for messages). false with err
 * (FC_ERR_SYNTAX, FC_ERR_TYPE) naming line and column or key. */
bool fc_trend_manifest_parse(struct fc_trend_run *r, const char *name, const char *data, size_t len,
			     struct fc_error *err);

/* Orders the runs (before fc_trend_compute): "args" keeps them, "mtime"
 * by file time, "manifest:FIELD" by a manifest field (numbers as numbers,
 * else text); stable. false with err (FC_ERR_USAGE or FC_ERR_INVALID: a
 * run without the field). */
bool fc_trend_order(struct fc_trend *t, const char *by, struct fc_error *err);

/* The series from what was read: means, the functions ranked, the steps.
 * At least 2 runs. false with err. */
bool fc_trend_compute(struct fc_trend *t, struct fc_error *err);

/* The steps of one series of n runs by binary segmentation (docs/trend.md):
 * pure, for tests. values are per measurement, runs' first/n say whose;
 * level is the mean total per measurement (for min_share). Steps in
 * *out (caller frees), oldest first. false on allocation failure. */
bool fc_trend_steps(const struct fc_trend_options *o, const struct fc_trend_run *runs, size_t n,
		    const double *values, double level, struct fc_trend_step **out, size_t *n_out);

/* Writers (src/report/trend_write.c): Markdown (top functions, a
 * sparkline each), JSON (every series). false with err. */
bool fc_trend_write_md(const struct fc_trend *t, size_t top, struct fc_output *out,
		       struct fc_error *err);
/* The same Markdown appended to md (write/markdown.h). */
struct fc_md;
void fc_trend_md(const struct fc_trend *t, size_t top, struct fc_md *md);
bool fc_trend_write_json(const struct fc_trend *t, struct fc_output *out, struct fc_error *err);

/* A series' row of the table and a step, as text (the Markdown's and the
 * report's History): the series' title ("CPU time", "parseRows
 * (work.js)"), its sparkline, first and last run, the change since the
 * first and since the previous run; a step's change and levels. */
struct fc_trend_row {
	char title[512], spark[3 * 60 + 1], first[32], last[32], since_first[32],
		since_previous[32];
};
struct fc_trend_step_text {
	char title[512], pct[32], before[32], after[32];
};
void fc_trend_row_text(const struct fc_trend *t, const struct fc_trend_series *s,
		       struct fc_trend_row *out);
void fc_trend_step_text(const struct fc_trend *t, const struct fc_trend_series *s,
			const struct fc_trend_step *st, struct fc_trend_step_text *out);

/* The sparkline of values (▁▂▃▄▅▆▇█), at most width characters (runs
 * averaged in buckets beyond); out holds 3 * width + 1 bytes. */
void fc_trend_sparkline(const double *values, size_t n, size_t width, char *out);

/* The trend image (src/report/trend_image.c): total CPU above, the top
 * functions' self time below, on one run axis; format by path's extension
 * (svg, png, pdf). false with err. */
struct fc_theme;
bool fc_trend_write_image(const struct fc_trend *t, size_t top, int width_px,
			  const struct fc_theme *theme, const char *title, const char *path,
			  struct fc_error *err);

#ifdef __cplusplus
}
#endif

#endif
