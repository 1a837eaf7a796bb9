/* flamechart report: a directory of profiles -> images, index.html,
 * index.md and a JSON summary. Internal to the CLI. */
#ifndef FC_CLI_REPORT_H
#define FC_CLI_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "cli/cli.h"
#include "flamechart/profile.h"

#define REPORT_TOP 5
#define REPORT_DIR ".flamechart-report"    /* shard manifests, inside OUTDIR */
#define REPORT_MAX_SHARDS 10000            /* --shard I/N: N at most this */
#define REPORT_MAX_INLINE ((off_t)4 << 20) /* bytes of a thumbnail index.html inlines */
#define REPORT_MAX_SLUG 240                /* bytes; leaves room for ".chart.png" etc. */

struct report_top {
	char *name, *url;
	int line; /* 1-based, 0 = unknown */
	double self_ms;
};

/* One input file, and what rendering it produced (or why it failed). */
struct report_file {
	char *path;  /* DIR/rel (not kept in manifests) */
	char *rel;   /* relative to DIR, '/' separated */
	char *slug;  /* collision-free base name of its outputs */
	int64_t pid; /* from CPU.<date>.<time>.<pid>.<tid>.<seq>.cpuprofile, else -1 */
	int64_t tid;
	int group; /* index into groups, -1 when alone */

	bool done, ok;
	char *error;
	char *title;
	double duration_ms, sampled_ms;
	uint64_t samples;
	size_t threads;
	double tier_ms[FC_TIER_COUNT];
	char **package_names;
	double *package_ms;
	size_t n_packages;
	struct report_top top[REPORT_TOP];
	size_t n_top;
};

/* The profiles of one process (several files): one lane image. */
struct report_group {
	char *slug;
	char *title;
	size_t *members; /* indices into files, in file order */
	size_t n_members;
	bool done, ok;
	char *error;
};

struct report {
	const struct fc_cli *cli;
	const char *dir;
	const char *outdir;
	struct report_file *files; /* sorted by rel */
	size_t n_files;
	struct report_group *groups;
	size_t n_groups;
	unsigned modes;   /* enum fc_mode_bits */
	unsigned formats; /* bit per enum fc_out_format: SVG, PNG and/or PDF */
	int width_px;
	const char *title; /* of the index pages; NULL = "flamechart report" */
	/* files of DIR that are not profiles by content (report_filter) */
	char **skipped; /* "rel: why", sorted */
	size_t n_skipped;
};

/* Finds the candidate files under r->dir: sorted, with stable slugs and
 * process groups. */
bool report_scan(struct report *r, struct fc_error *err);
void report_finish(struct report *r);

/* Drops from r->files (sorted, before grouping) what --include/--exclude
 * leave out, and moves the files whose content is no profile to r->skipped;
 * a file named *.cpuprofile[.gz] is never skipped (when broken it fails).
 * false only when out of memory. */
bool report_filter(struct report *r, struct fc_error *err);

/* Units of work and of sharding: groups first, then lone files. */
size_t report_units(const struct report *r);
bool report_unit_in_shard(size_t unit, int shard, int count);

/* Output names, relative to OUTDIR (caller frees). */
char *report_image_name(const char *slug, const char *mode, const char *ext);
char *report_thumb_name(const char *slug);

/* Shard manifests in OUTDIR/.flamechart-report/. save writes the units of
 * one shard; load reads every manifest back into an empty report (the
 * input directory is not needed) and checks that all shards are there. */
bool report_save_manifest(const struct report *r, int shard, int count, struct fc_error *err);
bool report_load_manifests(struct report *r, struct fc_error *err);
/* "shard-S-of-N.json", strictly as report_save_manifest names them. */
bool report_shard_name(const char *name, int *shard, int *count);
/* True for the names report writes in OUTDIR (skipped when DIR is OUTDIR). */
bool report_is_output_name(const char *name);
/* A slug as report_scan makes them: a plain file name (docs/robustness.md). */
bool report_slug_ok(const char *slug);

/* index.html, index.md, and the summary JSON when path is not NULL. */
bool report_write_index(const struct report *r, struct fc_error *err);
bool report_write_summary(const struct report *r, const char *path, struct fc_error *err);

#endif
