/* The report stage: a directory of profiles -> images in the asked modes
 * and formats, a lane image per process, a page per profile, index.html,
 * index.md and a JSON summary; parallel, shardable, and identical whatever
 * the number of jobs (docs/report.md). It reads and draws through the
 * caller's hooks (struct fc_report_hooks), so every image has the caller's
 * options, and it prints nothing itself. */
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

#ifdef __cplusplus
extern "C" {
#endif

struct fc_theme;

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
#define FC_REPORT_OPTIONS_VERSION 2 /* 2 added history, history_order_by, history_top */
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
	/* version 2: the trend of earlier runs with this one as the newest, in
	 * the index (docs/report.md, "History"); needs the summary, written to
	 * OUTDIR/summary.json when summary is NULL */
	const char *history;          /* a folder of earlier summaries or report folders */
	const char *history_order_by; /* "args" (by name; NULL), "mtime" or "manifest:FIELD" */
	size_t history_top;           /* functions shown; 0 = 8 */
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
FC_API bool fc_report_run(const struct fc_report_options *o, struct fc_report_outcome *out,
			  struct fc_error *err);
FC_API void fc_report_outcome_finish(struct fc_report_outcome *out);

#ifdef __cplusplus
}
#endif

#endif
