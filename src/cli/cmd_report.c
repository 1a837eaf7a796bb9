/* flamechart report DIR -o OUTDIR: every profile in DIR rendered in the
 * asked modes and formats, a lane image per process, index.html, index.md
 * and an optional JSON summary; parallel, shardable, and identical whatever
 * the number of jobs. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli/report.h"
#include "flamechart/import.h"
#include "flamechart/stats.h"
#include "util/util.h"

#define THUMB_WIDTH 480
#define THUMB_ROWS 16 /* a thumbnail shows the top of the stacks */
#define LANE_ROWS 12  /* a process's lane image shows each thread's top rows */
#define IMAGE_FORMATS ((1u << FC_OUT_SVG) | (1u << FC_OUT_PNG) | (1u << FC_OUT_PDF))

struct progress {
	pthread_mutex_t lock;
	bool tty, quiet;
	size_t done, total;
	struct timespec start;
};

struct work {
	struct report *r;
	struct progress *pr;
	size_t *units; /* the units of this shard */
	size_t n_units, next;
	pthread_mutex_t lock;
};

static double elapsed(const struct progress *pr)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - pr->start.tv_sec) + (now.tv_nsec - pr->start.tv_nsec) / 1e9;
}

/* One line per file when stderr is not a terminal; a bar that redraws
 * itself when it is; nothing with -q but failures. */
static void progress_file(struct progress *pr, const struct report_file *f)
{
	pthread_mutex_lock(&pr->lock);
	pr->done++;
	if (!f->ok) {
		if (pr->tty && !pr->quiet)
			fputs("\r\033[K", stderr);
		fprintf(stderr, "flamechart: %s\n", f->error);
	}
	if (pr->quiet) {
		pthread_mutex_unlock(&pr->lock);
		return;
	}
	if (pr->tty) {
		int width = 30;
		int filled = pr->total ? (int)((size_t)width * pr->done / pr->total) : width;
		fprintf(stderr, "\r\033[K[%.*s%*s] %zu/%zu %.1fs %s", filled,
			"==============================", width - filled, "", pr->done, pr->total,
			elapsed(pr), fc_basename(f->rel));
	} else if (f->ok) {
		fprintf(stderr, "flamechart: [%zu/%zu] %s\n", pr->done, pr->total, f->rel);
	}
	fflush(stderr);
	pthread_mutex_unlock(&pr->lock);
}

static char *out_path(const struct report *r, const char *name)
{
	return fc_asprintf("%s/%s", r->outdir, name);
}

static char *error_text(const struct fc_error *err)
{
	char buf[1536];

	fc_error_format(err, buf, sizeof(buf));
	return fc_strdup(buf);
}

/* Sums the stats of every profile of a file (a trace may hold several
 * threads): tiers and packages add up, the top functions merge by name. */
static bool collect_stats(struct report_file *f, const struct fc_profile_set *set)
{
	size_t i, k, j;

	f->threads = set->count;
	for (i = 0; i < set->count; i++) {
		const struct fc_profile *p = set->items[i];
		struct fc_stats s;
		int t;

		if (!fc_stats_compute(p, &s))
			return false;
		if (s.duration_us / 1000.0 > f->duration_ms)
			f->duration_ms = s.duration_us / 1000.0;
		f->sampled_ms += s.sampled_us / 1000.0;
		f->samples += s.n_samples;
		for (t = 0; t < FC_TIER_COUNT; t++)
			f->tier_ms[t] += s.tier_us[t] / 1000.0;
		for (k = 0; k < s.n_packages; k++) {
			const char *name = fc_profile_str(p, s.packages[k].frame);
			for (j = 0; j < f->n_packages; j++)
				if (strcmp(f->package_names[j], name) == 0)
					break;
			if (j == f->n_packages) {
				char **nn = realloc(f->package_names, (j + 1) * sizeof(*nn));
				double *nm;
				if (!nn)
					goto fail;
				f->package_names = nn;
				nm = realloc(f->package_ms, (j + 1) * sizeof(*nm));
				if (!nm)
					goto fail;
				f->package_ms = nm;
				if (!(nn[j] = fc_strdup(name)))
					goto fail;
				nm[j] = 0;
				f->n_packages++;
			}
			f->package_ms[j] += s.packages[k].self_us / 1000.0;
		}
		for (k = 0; k < s.n_functions_with_self; k++) {
			const struct fc_frame *fr = &p->frames[s.functions[k].frame];
			const char *name = fc_profile_str(p, fr->name),
				   *url = fc_profile_str(p, fr->url);
			int line = fc_pos_shown(fr->line);
			double ms = s.functions[k].self_us / 1000.0;
			size_t pos;

			for (j = 0; j < f->n_top; j++)
				if (strcmp(f->top[j].name, name) == 0 &&
				    strcmp(f->top[j].url, url) == 0 && f->top[j].line == line)
					break;
			if (j < f->n_top) {
				f->top[j].self_ms += ms;
			} else if (f->n_top < REPORT_TOP || ms > f->top[f->n_top - 1].self_ms) {
				if (f->n_top == REPORT_TOP) {
					free(f->top[REPORT_TOP - 1].name);
					free(f->top[REPORT_TOP - 1].url);
					f->n_top--;
				}
				j = f->n_top++;
				f->top[j].name = fc_strdup(name);
				f->top[j].url = fc_strdup(url);
				f->top[j].line = line;
				f->top[j].self_ms = ms;
				if (!f->top[j].name || !f->top[j].url)
					goto fail;
			} else {
				continue;
			}
			/* keep the list ordered: heaviest first, then by name */
			for (pos = j;
			     pos > 0 && (f->top[pos].self_ms > f->top[pos - 1].self_ms ||
					 (f->top[pos].self_ms == f->top[pos - 1].self_ms &&
					  strcmp(f->top[pos].name, f->top[pos - 1].name) < 0));
			     pos--) {
				struct report_top tmp = f->top[pos];
				f->top[pos] = f->top[pos - 1];
				f->top[pos - 1] = tmp;
			}
		}
		fc_stats_finish(&s);
		continue;
	fail:
		fc_stats_finish(&s);
		return false;
	}
	return true;
}

static const char *const mode_names[] = { "chart", "graph" };

static const char *ext_of(int x)
{
	return x == FC_OUT_SVG ? "svg" : x == FC_OUT_PNG ? "png" : "pdf";
}

/* Renders one file in every mode and format asked for, and its thumbnail. */
static void do_file(struct report *r, struct report_file *f)
{
	const struct fc_cli *cli = r->cli;
	struct fc_profile_set set;
	struct fc_error err;
	const char *paths[1] = { f->path };
	/* the images index.html links: SVGs with zoom and search, within the
	 * height budget as any render (a deep recursion folds instead of making
	 * an image three times taller than wide and mostly empty) */
	const struct fc_render_tweaks linked = { .interactive = true };
	int m, x;

	fc_profile_set_init(&set);
	fc_error_init(&err);
	f->done = true;
	if (!fc_cli_import(cli, paths, 1, &set, &err))
		goto failed;
	f->title = fc_strdup(set.count && set.items[0]->name ? set.items[0]->name
							     : fc_basename(f->rel));
	if (!f->title || !collect_stats(f, &set)) {
		fc_error_set(&err, FC_ERR_NOMEM, "out of memory");
		goto failed;
	}
	for (m = 0; m < 2; m++) {
		if (!(r->modes & (1u << m)))
			continue;
		for (x = FC_OUT_SVG; x <= FC_OUT_PDF; x++) {
			char *name, *path;
			bool ok;
			if (!(r->formats & (1u << x)))
				continue;
			name = report_image_name(f->slug, mode_names[m], ext_of(x));
			path = name ? out_path(r, name) : NULL;
			ok = path && fc_cli_render_set(cli, &set, (enum fc_out_format)x, m, &linked,
						       path, &err);
			if (!name || !path)
				fc_error_set(&err, FC_ERR_NOMEM, "out of memory");
			free(name);
			free(path);
			if (!ok)
				goto failed;
		}
	}
	{
		char *name = report_thumb_name(f->slug), *path = name ? out_path(r, name) : NULL;
		struct fc_render_tweaks tw = { .width_px = THUMB_WIDTH,
					       .thumb = true,
					       .max_rows = THUMB_ROWS };
		bool ok = path && fc_cli_render_set(cli, &set, FC_OUT_PNG,
						    (r->modes & FC_MODE_BIT_CHART) ? 0 : 1, &tw,
						    path, &err);
		free(name);
		free(path);
		if (!ok)
			goto failed;
	}
	f->ok = true;
	fc_profile_set_finish(&set);
	return;
failed:
	fc_profile_set_finish(&set);
	if (!err.file[0])
		fc_error_set_file(&err, f->path);
	f->ok = false;
	f->output_failed = err.code == FC_ERR_OUTPUT;
	f->error = error_text(&err);
}

/* The lane image of a process: its threads on one time axis. */
static void do_group(struct report *r, struct report_group *g)
{
	struct fc_profile_set set;
	struct fc_error err;
	const char **paths = calloc(g->n_members + 1, sizeof(*paths));
	struct fc_render_tweaks tw = { .title = g->title,
				       .max_rows = LANE_ROWS,
				       .interactive = true };
	size_t k, n = 0;
	int x;

	fc_profile_set_init(&set);
	fc_error_init(&err);
	g->done = true;
	if (!paths) {
		fc_error_set(&err, FC_ERR_NOMEM, "out of memory");
		goto failed;
	}
	for (k = 0; k < g->n_members; k++)
		if (r->files[g->members[k]].ok)
			paths[n++] = r->files[g->members[k]].path;
	if (n == 0) {
		fc_error_set(&err, FC_ERR_IO, "no thread of this process could be read");
		goto failed;
	}
	if (!fc_cli_import(r->cli, paths, n, &set, &err))
		goto failed;
	for (x = FC_OUT_SVG; x <= FC_OUT_PDF; x++) {
		char *name, *path;
		bool ok;
		if (!(r->formats & (1u << x)))
			continue;
		name = report_image_name(g->slug, "lanes", ext_of(x));
		path = name ? out_path(r, name) : NULL;
		ok = path &&
		     fc_cli_render_set(r->cli, &set, (enum fc_out_format)x, 0, &tw, path, &err);
		free(name);
		free(path);
		if (!ok)
			goto failed;
	}
	g->ok = true;
	fc_profile_set_finish(&set);
	free(paths);
	return;
failed:
	fc_profile_set_finish(&set);
	free(paths);
	g->ok = false;
	g->output_failed = err.code == FC_ERR_OUTPUT;
	g->error = error_text(&err);
}

static void do_unit(struct work *w, size_t unit)
{
	struct report *r = w->r;
	size_t i, k, lone = 0;

	if (unit < r->n_groups) {
		struct report_group *g = &r->groups[unit];
		for (k = 0; k < g->n_members; k++) {
			do_file(r, &r->files[g->members[k]]);
			progress_file(w->pr, &r->files[g->members[k]]);
		}
		do_group(r, g);
		if (!g->ok) {
			pthread_mutex_lock(&w->pr->lock);
			fprintf(stderr, "%sflamechart: %s: lanes: %s\n",
				w->pr->tty && !w->pr->quiet ? "\r\033[K" : "", g->title, g->error);
			pthread_mutex_unlock(&w->pr->lock);
		}
		return;
	}
	for (i = 0; i < r->n_files; i++) {
		if (r->files[i].group >= 0)
			continue;
		if (lone++ == unit - r->n_groups) {
			do_file(r, &r->files[i]);
			progress_file(w->pr, &r->files[i]);
			return;
		}
	}
}

static void *worker(void *arg)
{
	struct work *w = arg;

	for (;;) {
		size_t u;
		pthread_mutex_lock(&w->lock);
		u = w->next < w->n_units ? w->units[w->next++] : SIZE_MAX;
		pthread_mutex_unlock(&w->lock);
		if (u == SIZE_MAX)
			return NULL;
		do_unit(w, u);
	}
}

static int default_jobs(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > 64 ? 64 : (int)n;
}

static bool make_dir(const char *path, struct fc_error *err)
{
	if (mkdir(path, 0777) == 0 || errno == EEXIST)
		return true;
	fc_error_set(err, FC_ERR_OUTPUT, "cannot create the directory: %s", strerror(errno));
	fc_error_set_file(err, path);
	return false;
}

/* Takes the lock file OUTDIR/.flamechart-report/NAME, shared or exclusive,
 * without waiting. The descriptor stays open until the process ends; -1
 * with err set (busy: what another run holding it is doing). */
static int lock_file(const char *outdir, const char *name, bool shared, const char *busy,
		     struct fc_error *err)
{
	char *dir = fc_asprintf("%s/%s", outdir, REPORT_DIR);
	char *path = dir ? fc_asprintf("%s/%s", dir, name) : NULL;
	int fd = -1;

	if (!path) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		goto out;
	}
	if (!make_dir(dir, err))
		goto out;
	fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0666);
	if (fd < 0) {
		fc_error_set(err, FC_ERR_OUTPUT, "cannot create the lock file: %s",
			     strerror(errno));
		fc_error_set_file(err, path);
		goto out;
	}
	if (flock(fd, (shared ? LOCK_SH : LOCK_EX) | LOCK_NB) != 0) {
		fc_error_set(err, FC_ERR_OUTPUT, "%s; wait for it to finish", busy);
		fc_error_set_file(err, outdir);
		close(fd);
		fd = -1;
	}
out:
	free(dir);
	free(path);
	return fd;
}

/* Two runs into one OUTDIR at once would mix their indexes: a run that
 * writes the index (unsharded, --merge) holds OUTDIR/.flamechart-report/lock
 * exclusively, shards hold it shared (different shards write disjoint
 * files, so they may run side by side) and hold their own
 * shard-S-of-N.lock exclusively (two runs of one shard would write the same
 * files and manifest). -1 with err set when another run holds what is
 * needed. */
static int lock_outdir(const char *outdir, int shard, int count, struct fc_error *err)
{
	char name[64];
	int fd = lock_file(outdir, "lock", count > 1,
			   "another flamechart report is writing to this folder", err);
	char busy[128];

	if (fd < 0 || count <= 1)
		return fd;
	snprintf(name, sizeof(name), "shard-%d-of-%d.lock", shard, count);
	snprintf(busy, sizeof(busy),
		 "another flamechart report is writing shard %d of %d to this folder", shard,
		 count);
	if (lock_file(outdir, name, false, busy, err) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

/* Renders the units of this shard with n threads. */
static bool run_units(struct report *r, int shard, int count, struct fc_error *err)
{
	struct progress pr = { .tty = isatty(STDERR_FILENO), .quiet = r->cli->quiet };
	struct work w = { .r = r, .pr = &pr };
	size_t n = report_units(r), u, k;
	int jobs = r->cli->jobs ? r->cli->jobs : default_jobs(), t;
	pthread_t *threads;
	char *thumbs;

	thumbs = out_path(r, "thumbs");
	if (!thumbs) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	if (!make_dir(thumbs, err)) {
		free(thumbs);
		return false;
	}
	free(thumbs);
	w.units = calloc(n + 1, sizeof(*w.units));
	threads = calloc((size_t)jobs, sizeof(*threads));
	if (!w.units || !threads) {
		free(w.units);
		free(threads);
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	for (u = 0; u < n; u++) {
		if (!report_unit_in_shard(u, shard, count))
			continue;
		w.units[w.n_units++] = u;
		if (u < r->n_groups)
			pr.total += r->groups[u].n_members;
		else
			pr.total++;
	}
	pthread_mutex_init(&pr.lock, NULL);
	pthread_mutex_init(&w.lock, NULL);
	clock_gettime(CLOCK_MONOTONIC, &pr.start);
	if ((size_t)jobs > w.n_units)
		jobs = w.n_units ? (int)w.n_units : 1;
	for (t = 1; t < jobs; t++)
		if (pthread_create(&threads[t], NULL, worker, &w) != 0)
			break;
	worker(&w);
	for (k = 1; k < (size_t)t; k++)
		pthread_join(threads[k], NULL);
	if (pr.tty && !pr.quiet)
		fputs("\r\033[K", stderr);
	if (!pr.quiet)
		fprintf(stderr, "flamechart: rendered %zu files in %.1f s\n", pr.done,
			elapsed(&pr));
	pthread_mutex_destroy(&pr.lock);
	pthread_mutex_destroy(&w.lock);
	free(w.units);
	free(threads);
	return true;
}

/* True when a file or lane image failed to be written (a full disk): the
 * run ends with exit 3, an output error, not as an input error. */
static bool output_failed(const struct report *r)
{
	size_t i;

	for (i = 0; i < r->n_files; i++)
		if (r->files[i].output_failed)
			return true;
	for (i = 0; i < r->n_groups; i++)
		if (r->groups[i].output_failed)
			return true;
	return false;
}

static int finish_index(struct report *r, const struct fc_cli *cli, size_t skipped)
{
	struct fc_error err;
	size_t i, failed = 0;

	fc_error_init(&err);
	if (!report_write_index(r, &err) ||
	    (cli->summary && !report_write_summary(r, cli->summary, &err))) {
		fc_log_error(&err);
		return (int)fc_error_exit_code(err.code);
	}
	for (i = 0; i < r->n_files; i++)
		failed += !r->files[i].ok;
	if (!cli->quiet)
		fprintf(stderr,
			"flamechart: wrote %s/index.html and index.md: %zu profiles, %zu "
			"failed, %zu skipped (not profiles)\n",
			r->outdir, r->n_files, failed, skipped);
	if (failed == 0)
		return FC_EXIT_OK;
	return failed < r->n_files ? FC_EXIT_PARTIAL : FC_EXIT_INPUT;
}

/* cli: the options every image is rendered with (no --title: each image
 * has its profile's name); title: the index pages' title, or NULL. */
static int report_main(const struct fc_cli *cli, const char *title)
{
	struct report r = { .cli = cli, .title = title };
	size_t skipped = 0, k;
	struct fc_error err;
	int shard = cli->shard_count ? cli->shard_index : 1;
	int count = cli->shard_count ? cli->shard_count : 1;
	bool wrote_all;
	int rc;

	fc_error_init(&err);
	if (!cli->output) {
		fc_log("report needs an output directory: -o OUTDIR");
		return FC_EXIT_USAGE;
	}
	r.outdir = cli->output;
	/* a bad --theme is the user's mistake, said once, not per file */
	if (!fc_cli_theme(cli, &err)) {
		fc_log_error(&err);
		return (int)fc_error_exit_code(err.code);
	}
	if (cli->merge) {
		if (cli->n_inputs) {
			fc_log("report --merge reads OUTDIR only; leave out DIR");
			return FC_EXIT_USAGE;
		}
		if (lock_outdir(r.outdir, 1, 1, &err) < 0) {
			fc_log_error(&err);
			return FC_EXIT_OUTPUT;
		}
		if (!report_load_manifests(&r, &err)) {
			fc_log_error(&err);
			report_finish(&r);
			return FC_EXIT_INPUT;
		}
		rc = finish_index(&r, cli, 0);
		report_finish(&r);
		return rc;
	}
	if (cli->n_inputs != 1) {
		fc_log("report takes one directory (see --help)");
		return FC_EXIT_USAGE;
	}
	r.dir = cli->inputs[0];
	r.modes = cli->modes ? cli->modes : FC_MODE_BIT_CHART | FC_MODE_BIT_GRAPH;
	r.formats = cli->formats & IMAGE_FORMATS;
	if (cli->formats & ~IMAGE_FORMATS) {
		fc_log("report writes svg, png and pdf images (-f svg,png,pdf)");
		return FC_EXIT_USAGE;
	}
	if (!r.formats)
		r.formats = (1u << FC_OUT_SVG) | (1u << FC_OUT_PNG);
	if (!(r.modes & FC_MODE_BIT_GRAPH) && !fc_cli_check_graph_only(cli, &err)) {
		fc_log_error(&err);
		return FC_EXIT_USAGE;
	}
	if (!make_dir(r.outdir, &err) || lock_outdir(r.outdir, shard, count, &err) < 0 ||
	    !report_scan(&r, &err)) {
		fc_log_error(&err);
		report_finish(&r);
		return (int)fc_error_exit_code(err.code);
	}
	/* --summary onto one of the profiles would replace it */
	for (k = 0; k < r.n_files; k++)
		if (fc_cli_output_is_input(cli->summary, r.files[k].path, &err)) {
			fc_log_error(&err);
			report_finish(&r);
			return FC_EXIT_USAGE;
		}
	/* what is not a profile is said once, not failed (-q: not said) */
	skipped = r.n_skipped;
	for (k = 0; k < r.n_skipped && !cli->quiet; k++)
		fc_log("skipped %s", r.skipped[k]);
	if (r.n_files == 0) {
		fc_log("%s: no files to render%s", r.dir,
		       cli->recursive ? ""
				      : " (use -r to search "
					"subdirectories)");
		report_finish(&r);
		return FC_EXIT_INPUT;
	}
	if (!run_units(&r, shard, count, &err) || !report_save_manifest(&r, shard, count, &err)) {
		fc_log_error(&err);
		report_finish(&r);
		return (int)fc_error_exit_code(err.code);
	}
	if (count > 1) {
		size_t i, failed = 0, mine = 0, u = 0;
		for (i = 0; i < r.n_files; i++) {
			if (!r.files[i].done)
				continue;
			mine++;
			failed += !r.files[i].ok;
		}
		(void)u;
		if (!cli->quiet)
			fprintf(stderr,
				"flamechart: shard %d/%d done; once all %d shards are in %s, "
				"run: flamechart report --merge -o %s\n",
				shard, count, count, r.outdir, r.outdir);
		rc = output_failed(&r) ? FC_EXIT_OUTPUT
		     : failed == 0     ? FC_EXIT_OK
		     : failed < mine   ? FC_EXIT_PARTIAL
				       : FC_EXIT_INPUT;
		report_finish(&r);
		return rc;
	}
	/* unsharded: the index comes from the manifest just written, exactly as
	 * --merge would build it */
	wrote_all = !output_failed(&r);
	report_finish(&r);
	memset(&r, 0, sizeof(r));
	r.cli = cli;
	r.outdir = cli->output;
	r.title = title;
	if (!report_load_manifests(&r, &err)) {
		fc_log_error(&err);
		report_finish(&r);
		return FC_EXIT_INPUT;
	}
	rc = finish_index(&r, cli, skipped);
	report_finish(&r);
	return wrote_all || rc == FC_EXIT_OUTPUT ? rc : FC_EXIT_OUTPUT;
}

int fc_cmd_report(const struct fc_cli *cli)
{
	struct fc_cli each = *cli;
	char *outdir = NULL;
	int rc;

	/* -o out/ names out/index.html, not out//index.html */
	if (cli->output) {
		size_t n = strlen(cli->output);
		while (n > 1 && cli->output[n - 1] == '/')
			n--;
		outdir = fc_strndup(cli->output, n);
		if (!outdir) {
			fc_log("out of memory");
			return FC_EXIT_INTERNAL;
		}
		each.output = outdir;
	}
	each.title = NULL;
	rc = report_main(&each, cli->title);
	free(outdir);
	return rc;
}
