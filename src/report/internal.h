/* What the files of src/report/ share: a report's files, groups and
 * manifests, and the HTML writers of the index and the profile pages. */
#ifndef FC_REPORT_INTERNAL_H
#define FC_REPORT_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include <sys/types.h>

#include "flamechart/report.h"

#define FC_REPORT_TOP 5
#define FC_REPORT_FUNCTIONS 200 /* functions a summary lists per profile */
/* the summary's "version": 2 added each profile's cpu, functions and
 * functions_other (what trend reads) */
#define FC_REPORT_SUMMARY_VERSION 2
#define FC_REPORT_DIR ".flamechart-report"    /* shard manifests, inside OUTDIR */
#define FC_REPORT_MAX_SHARDS 10000            /* --shard I/N: N at most this */
#define FC_REPORT_MAX_INLINE ((off_t)4 << 20) /* bytes of a thumbnail index.html inlines */
#define FC_REPORT_MAX_SLUG 240                /* bytes; leaves room for ".chart.png" etc. */

struct fc_report_top {
	char *name, *url;
	int line; /* 1-based, 0 = unknown */
	double self_ms;
};

/* A function as trend keys it (fc_trend_profile_functions), its weights in
 * the profile's unit (µs or bytes). */
struct fc_report_function {
	char *name, *file;
	double self, total;
};

/* One input file, and what rendering it produced (or why it failed). */
struct fc_report_file {
	char *path;  /* DIR/rel (not kept in manifests) */
	char *rel;   /* relative to DIR, '/' separated */
	char *slug;  /* collision-free base name of its outputs */
	int64_t pid; /* from CPU.<date>.<time>.<pid>.<tid>.<seq>.cpuprofile, else -1 */
	int64_t tid;
	int group; /* index into groups, -1 when alone */

	bool done, ok;
	bool output_failed; /* the error was writing an output (exit 3) */
	char *error;
	char *title;
	/* a heap profile: the *_ms fields below hold bytes, its top the
	 * functions that allocated most (docs/report.md) */
	bool bytes;
	/* weighed in counts (folded stacks, a speedscope or pprof count): the
	 * *_ms fields hold samples */
	bool counts;
	/* no time order (folded stacks, pprof, counts, bytes): drawn as its
	 * graph only, whatever the modes asked (fc_report_draws) */
	bool timeless;
	double duration_ms, sampled_ms;
	uint64_t samples;
	size_t threads;
	double tier_ms[FC_TIER_COUNT];
	char **package_names;
	double *package_ms;
	size_t n_packages;
	struct fc_report_top top[FC_REPORT_TOP];
	size_t n_top;
	/* what trend reads (docs/report.md, "The summary"): the self weight of
	 * every function but the waits (cpu), and the functions, heaviest
	 * first, at most FC_REPORT_FUNCTIONS; the rest summed in other_* */
	double cpu;
	struct fc_report_function *functions;
	size_t n_functions;
	size_t other_count;
	double other_self;
};

/* The profiles of one process (several files): one lane image. */
struct fc_report_group {
	char *slug;
	char *title;
	size_t *members; /* indices into files, in file order */
	size_t n_members;
	bool done, ok;
	bool output_failed;
	char *error;
};

struct fc_report {
	const struct fc_report_options *o;
	const char *dir;
	const char *outdir;
	struct fc_report_file *files; /* sorted by rel */
	size_t n_files;
	struct fc_report_group *groups;
	size_t n_groups;
	unsigned modes;   /* bit per enum fc_mode */
	unsigned formats; /* bit per enum fc_out_format: SVG, PNG and/or PDF */
	int width_px;
	const char *title; /* of the index pages; NULL = "flamechart report" */
	/* files of DIR that are not profiles by content (fc_report_filter) */
	char **skipped; /* "rel: why", sorted */
	size_t n_skipped;
	/* --history: the trend, this run the newest (fewer than 2 runs: the
	 * first run of a history); NULL without */
	const struct fc_trend *history;
	size_t history_top, history_earlier;
};

/* Finds the candidate files under r->dir: sorted, with stable slugs and
 * process groups. */
bool fc_report_scan(struct fc_report *r, struct fc_error *err);
void fc_report_finish(struct fc_report *r);
/* Frees what a file owns and zeroes it. */
void fc_report_file_free(struct fc_report_file *f);

/* Drops from r->files (sorted, before grouping) what --include/--exclude
 * leave out, and moves the files whose content is no profile to r->skipped;
 * a file named *.cpuprofile[.gz] is never skipped (when broken it fails).
 * false only when out of memory. */
bool fc_report_filter(struct fc_report *r, struct fc_error *err);

/* Units of work and of sharding: groups first, then lone files. */
size_t fc_report_units(const struct fc_report *r);
bool fc_report_unit_in_shard(size_t unit, int shard, int count);

/* Output names, relative to OUTDIR (caller frees). */
char *fc_report_image_name(const char *slug, const char *mode, const char *ext);
char *fc_report_thumb_name(const char *slug);

/* Shard manifests in OUTDIR/.flamechart-report/. save writes the units of
 * one shard; load reads every manifest back into an empty report (the
 * input directory is not needed) and checks that all shards are there. */
bool fc_report_save_manifest(const struct fc_report *r, int shard, int count, struct fc_error *err);
bool fc_report_load_manifests(struct fc_report *r, struct fc_error *err);
/* "shard-S-of-N.json", strictly as fc_report_save_manifest names them. */
bool fc_report_shard_name(const char *name, int *shard, int *count);
/* True for the names report writes in OUTDIR (skipped when DIR is OUTDIR). */
bool fc_report_is_output_name(const char *name);
/* A slug as fc_report_scan makes them: a plain file name (docs/robustness.md). */
bool fc_report_slug_ok(const char *slug);

/* --history (src/report/history.c): reads the earlier runs in
 * r->o->history and this run's summary into t (caller-owned: init here,
 * fc_trend_finish by the caller either way), writes OUTDIR/history.* and
 * sets r->history. false with err naming the file. */
struct fc_trend;
struct fc_md;
struct fc_output;
bool fc_report_history(struct fc_report *r, const char *summary, struct fc_trend *t,
		       struct fc_error *err);
/* The History section of index.html and index.md (nothing without). */
void fc_report_html_history(struct fc_output *o, const struct fc_report *r);
void fc_report_md_history(struct fc_md *md, const struct fc_report *r);

/* index.html, index.md, and the summary JSON when path is not NULL. */
bool fc_report_write_index(const struct fc_report *r, struct fc_error *err);
/* Puts f's cpu, functions and functions_other into the object o (the
 * summary's and the manifests' shape, docs/report.md). false when out of
 * memory. */
struct json_t;
bool fc_report_put_functions(struct json_t *o, const struct fc_report_file *f);
bool fc_report_write_summary(const struct fc_report *r, const char *path, struct fc_error *err);

struct fc_output;

extern const char *const fc_report_mode_names[2]; /* "chart", "graph" */
const char *fc_report_ext(int format);            /* "svg", "png", "pdf" */
/* The image a link or thumbnail should use: PNG when rendered, else SVG. */
const char *fc_report_main_ext(const struct fc_report *r);

/* Text as HTML (& < > " escaped); a file name as a URL path
 * (percent-encoded); v with thousands separators. */
void fc_report_html_text(struct fc_output *o, const char *s);
void fc_report_url_path(struct fc_output *o, const char *s);
void fc_report_thousands(char *buf, size_t size, double v, int decimals);
/* A profile's weight as people read it: "1,234.5 ms", "12.3 MB" for a
 * heap profile, "1,234 samples" for one weighed in counts. */
void fc_report_weight(char *buf, size_t size, const struct fc_report_file *f, double value);

/* The table a profile is listed in, by the unit of its numbers: time,
 * counts or bytes (they do not sort together). */
enum fc_report_kind { FC_REPORT_TIME, FC_REPORT_COUNTS, FC_REPORT_BYTES };
enum fc_report_kind fc_report_kind_of(const struct fc_report_file *f);

/* Whether mode m (enum fc_mode) of f is drawn: the modes asked, but a
 * profile without time order has its graph only, asked or not. */
bool fc_report_draws(const struct fc_report *r, const struct fc_report_file *f, int m);

/* A profile's share of each tier, as a bar in the theme's colours and as
 * lines of text; its top functions by self weight as a list. */
void fc_report_html_tiers(struct fc_output *o, const struct fc_report *r,
			  const struct fc_report_file *f);
void fc_report_html_top(struct fc_output *o, const struct fc_report_file *f);

/* OUTDIR/rel opened for reading only when it is a regular file inside
 * OUTDIR of at most max bytes (no symbolic link on the way, no FIFO). */
FILE *fc_report_open_inside(const char *outdir, const char *rel, off_t max);
/* Inlines OUTDIR/rel as a data: URI (PNG or SVG by extension); false when
 * it cannot be read. */
bool fc_report_data_uri(struct fc_output *o, const char *outdir, const char *rel);

/* <!DOCTYPE html> to the end of <head> and <body>: the charset, a
 * Content-Security-Policy that lets the page load nothing from outside
 * (inline styles and scripts, images inlined or beside it, frames beside
 * it), the viewport, the title and the styles all pages share. */
void fc_report_html_head(struct fc_output *o, const char *title);
/* The script that sorts a table.sortable by the column whose heading is
 * clicked (each cell's data-v, numbers as numbers), and </body></html>. */
void fc_report_html_end(struct fc_output *o);

/* What a profile is called where it is listed: "main thread", "worker
 * thread 3" in its process's section (in_group), "pid 4242 · main thread"
 * alone, else its title. Caller frees; NULL when out of memory. */
char *fc_report_label(const struct fc_report_file *f, bool in_group);

/* "11 threads", or "2 CPU, 2 heap profiles" when the process has heap
 * profiles too. */
void fc_report_group_count(char *buf, size_t size, const struct fc_report *r,
			   const struct fc_report_group *g);

/* A page per rendered profile (SLUG.html): chart and graph as interactive
 * SVGs with a switch, its process's lanes, its Markdown summary, links to
 * every file made from it. */
bool fc_report_write_pages(const struct fc_report *r, struct fc_error *err);
/* "SLUG.html", "SLUG.summary.md" (caller frees). */
char *fc_report_page_name(const char *slug);
char *fc_report_summary_md_name(const char *slug);

#endif
