/* The report stage: a directory of profiles -> images in the asked modes
 * and formats, a lane image per process, a page per profile, index.html,
 * index.md and a JSON summary; parallel, shardable, and identical whatever
 * the number of jobs (docs/report.md). The library's own: not installed. It
 * reads and draws through the caller's hooks (struct fc_report_hooks), so
 * every image has the caller's options, and it prints nothing itself. */
#ifndef FC_REPORT_H
#define FC_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "flamechart/common.h"
#include "flamechart/flamechart.h"
#include "flamechart/error.h"
#include "flamechart/import.h"
#include "flamechart/profile.h"

struct fc_theme;

#define FC_REPORT_TOP 5
#define FC_REPORT_DIR ".flamechart-report"    /* shard manifests, inside OUTDIR */
#define FC_REPORT_MAX_SHARDS 10000            /* --shard I/N: N at most this */
#define FC_REPORT_MAX_INLINE ((off_t)4 << 20) /* bytes of a thumbnail index.html inlines */
#define FC_REPORT_MAX_SLUG 240                /* bytes; leaves room for ".chart.png" etc. */

#define FC_REPORT_MAX_GLOBS 32

/* One image the report asks the caller to draw (hooks.render); format
 * FC_OUT_MD asks for the profile's Markdown summary (flamechart/summary.h). */
struct fc_report_image {
	enum fc_out_format format;
	int mode;          /* 0 chart, 1 graph */
	int width_px;      /* > 0: instead of the caller's width */
	bool thumb;        /* a small image: no legend, no subtitle, scale 1 */
	const char *title; /* instead of each profile's name, or NULL */
	unsigned max_rows; /* rows per lane, 0 = all */
	bool interactive;  /* SVG: with zoom and search */
};

/* What the report needs from its caller. import reads paths into set (with
 * the caller's source maps, threads, hide...); render draws set as img into
 * path; both may be called from several threads at once and return false
 * with err set. progress hears of each file rendered (ok or not, done of
 * total); note of each other thing worth saying: a failure (a process's
 * lane image) or not (a link out of DIR left out). Both may be NULL; they
 * are called under the report's lock, never at once. */
struct fc_report_hooks {
	void *ctx;
	bool (*import)(void *ctx, const char *const *paths, size_t n, struct fc_profile_set *set,
		       struct fc_error *err);
	bool (*render)(void *ctx, const struct fc_profile_set *set,
		       const struct fc_report_image *img, const char *path, struct fc_error *err);
	void (*progress)(void *ctx, const char *rel, const char *error, size_t done, size_t total);
	void (*note)(void *ctx, const char *text, bool failure);
};

/* Start from FC_REPORT_OPTIONS_INIT: version is the struct's layout,
 * refused when unknown. */
#define FC_REPORT_OPTIONS_VERSION 1
#define FC_REPORT_OPTIONS_INIT                       \
	{                                            \
		.version = FC_REPORT_OPTIONS_VERSION \
	}
struct fc_report_options {
	unsigned version;       /* FC_REPORT_OPTIONS_VERSION */
	const char *dir;        /* the profiles; NULL with merge */
	const char *outdir;     /* where everything is written (created) */
	const char *title;      /* of the index pages; NULL = "flamechart report" */
	const char *summary;    /* the JSON summary's path, or NULL */
	unsigned modes;         /* bit per enum fc_mode; 0 = chart and graph */
	unsigned formats;       /* bit per enum fc_out_format: SVG, PNG, PDF; 0 = SVG and PNG */
	int jobs;               /* threads; 0 = one per core */
	int shard, shard_count; /* 1-based; 0/0 = not sharded */
	bool merge;             /* build the index from OUTDIR's shard manifests alone */
	bool recursive;         /* subdirectories of dir too */
	const char *include_globs[FC_REPORT_MAX_GLOBS], *exclude_globs[FC_REPORT_MAX_GLOBS];
	size_t n_include_globs, n_exclude_globs;
	enum fc_format input_format; /* FC_FORMAT_AUTO: files by content */
	uint64_t max_input_bytes;
	const struct fc_theme *theme; /* the tier colours of the index; NULL = default */
	struct fc_report_hooks hooks;
};

/* What a run did, for the caller to say and to pick an exit code by. */
struct fc_report_outcome {
	size_t profiles, failed; /* of this shard, or of all (unsharded, merge) */
	char **skipped;          /* "rel: why" for the files that are no profile */
	size_t n_skipped;
	bool output_failed; /* an image could not be written (a full disk) */
	bool sharded;       /* a shard of several: no index written */
};

/* Runs a report as o says: renders the files of dir (of this shard), saves
 * the shard's manifest and, when not sharded, writes the index and summary
 * from it; with o->merge only the latter, from every shard's manifest.
 * false with err (no profile found, a lock held, a write failing, --summary
 * onto an input); out is filled either way and freed with
 * fc_report_outcome_finish. */
bool fc_report_run(const struct fc_report_options *o, struct fc_report_outcome *out,
		   struct fc_error *err);
void fc_report_outcome_finish(struct fc_report_outcome *out);

struct fc_report_top {
	char *name, *url;
	int line; /* 1-based, 0 = unknown */
	double self_ms;
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
	double duration_ms, sampled_ms;
	uint64_t samples;
	size_t threads;
	double tier_ms[FC_TIER_COUNT];
	char **package_names;
	double *package_ms;
	size_t n_packages;
	struct fc_report_top top[FC_REPORT_TOP];
	size_t n_top;
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
};

/* Finds the candidate files under r->dir: sorted, with stable slugs and
 * process groups. */
bool fc_report_scan(struct fc_report *r, struct fc_error *err);
void fc_report_finish(struct fc_report *r);

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

/* index.html, index.md, and the summary JSON when path is not NULL. */
bool fc_report_write_index(const struct fc_report *r, struct fc_error *err);
bool fc_report_write_summary(const struct fc_report *r, const char *path, struct fc_error *err);

#endif
