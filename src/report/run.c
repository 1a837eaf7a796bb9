/* A report's run: every profile of DIR rendered in the asked modes and
 * formats through the caller's hooks, a lane image per process, the shard's
 * manifest, then index.html, index.md and the optional JSON summary from the
 * manifests; parallel, shardable, and identical whatever the number of
 * jobs. */
#include <errno.h>
#include <stddef.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "flamechart/report.h"
#include "report/internal.h"
#include "model/classify.h"
#include "flamechart/import.h"
#include "model/profile.h"
#include "model/stats.h"
#include "report/trend.h"
#include "util/util.h"

#define THUMB_WIDTH 480
#define THUMB_ROWS 16 /* a thumbnail shows the top of the stacks */
#define LANE_ROWS 12  /* a process's lane image shows each thread's top rows */
#define IMAGE_FORMATS ((1u << FC_OUT_SVG) | (1u << FC_OUT_PNG) | (1u << FC_OUT_PDF))

struct progress {
	pthread_mutex_t lock;
	size_t done, total;
};

struct work {
	struct fc_report *r;
	struct progress *pr;
	size_t *units; /* the units of this shard */
	size_t n_units, next;
	pthread_mutex_t lock;
};

/* Tells the caller of each file rendered, in the order they finish. */
static void progress_file(const struct fc_report *r, struct progress *pr,
			  const struct fc_report_file *f)
{
	pthread_mutex_lock(&pr->lock);
	pr->done++;
	if (r->o->hooks.progress)
		r->o->hooks.progress(r->o->hooks.ctx, f->rel, f->ok ? NULL : f->error, pr->done,
				     pr->total);
	pthread_mutex_unlock(&pr->lock);
}

static char *out_path(const struct fc_report *r, const char *name)
{
	return fc_asprintf("%s/%s", r->outdir, name);
}

static char *error_text(const struct fc_error *err)
{
	char buf[1536];

	fc_error_format(err, buf, sizeof(buf));
	return fc_strdup(buf);
}

/* The factor from a profile's weights to the numbers a report keeps of
 * them: µs stay µs, bytes bytes, counts become samples ("1/1000 samples"
 * are folded stacks' decimal counts). */
static double unit_scale(const struct fc_profile *p)
{
	return 1 / fc_unit_divisor(p->weight_unit);
}

/* What a file's profiles are weighed in, and whether they have a time
 * order to chart (the render stage refuses a chart of any profile
 * without: docs/report.md, "Profiles without time"). */
static void classify_units(struct fc_report_file *f, const struct fc_profile_set *set)
{
	const struct fc_profile *p = set->count ? set->items[0] : NULL;
	size_t i;

	f->bytes = p && fc_unit_is_bytes(p->weight_unit);
	f->counts = p && !f->bytes && strcmp(p->weight_unit, "\xc2\xb5s") != 0;
	f->timeless = false;
	for (i = 0; i < set->count; i++)
		f->timeless |= !set->items[i]->has_time;
}

/* Sums the stats of every profile of a file (a trace may hold several
 * threads): tiers and packages add up, the top functions merge by name.
 * Times in ms; a heap profile's weights stay bytes (f->bytes), counts are
 * in samples (f->counts). */
static bool collect_stats(struct fc_report_file *f, const struct fc_profile_set *set)
{
	size_t i, k, j;

	f->threads = set->count;
	classify_units(f, set);
	for (i = 0; i < set->count; i++) {
		const struct fc_profile *p = set->items[i];
		struct fc_stats s;
		double scale = 1e-3; /* µs to ms */
		int t;

		/* the top functions without the waits may reach past
		 * FC_REPORT_TOP: a few more are asked for */
		if (!fc_stats_compute_top(p, FC_REPORT_TOP + 16, &s))
			return false;
		if (f->bytes || f->counts)
			scale = unit_scale(p);
		if (f->timeless)
			s.duration_us = 0; /* no time */
		if (s.duration_us * scale > f->duration_ms)
			f->duration_ms = s.duration_us * scale;
		f->sampled_ms += s.sampled_us * scale;
		f->samples += s.n_samples;
		for (t = 0; t < FC_TIER_COUNT; t++)
			f->tier_ms[t] += s.tier_us[t] * scale;
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
			f->package_ms[j] += s.packages[k].self_us * scale;
		}
		for (k = 0; k < s.n_functions_with_self; k++) {
			const struct fc_frame *fr = &p->frames[s.functions[k].frame];
			const char *name = fc_profile_str(p, fr->name),
				   *url = fc_profile_str(p, fr->url);
			int line = fc_pos_shown(fr->line);
			double ms = s.functions[k].self_us * scale;
			size_t pos;

			/* a thread waiting is no function taking the time
			 * (input-rules §E4) */
			if (fc_classify_is_wait(name))
				continue;

			for (j = 0; j < f->n_top; j++)
				if (strcmp(f->top[j].name, name) == 0 &&
				    strcmp(f->top[j].url, url) == 0 && f->top[j].line == line)
					break;
			if (j < f->n_top) {
				f->top[j].self_ms += ms;
			} else if (f->n_top < FC_REPORT_TOP || ms > f->top[f->n_top - 1].self_ms) {
				if (f->n_top == FC_REPORT_TOP) {
					free(f->top[FC_REPORT_TOP - 1].name);
					free(f->top[FC_REPORT_TOP - 1].url);
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
				struct fc_report_top tmp = f->top[pos];
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

/* The functions of a file's profiles as trend keys them, before they are
 * merged by key and cut (collect_functions). */
struct fn_list {
	struct fc_report_function *v;
	size_t n, cap;
	double cpu;
	double scale; /* the profile's weights to the report's (unit_scale) */
};

static bool fn_add(void *ctx, const char *name, const char *file, double self, double total)
{
	struct fn_list *l = ctx;
	struct fc_report_function *e;

	if (!FC_GROW(l->v, l->cap, l->n + 1))
		return false;
	e = &l->v[l->n];
	e->name = fc_strdup(name);
	e->file = fc_strdup(file);
	e->self = l->scale == 1 ? self : fc_trend_grain(self * l->scale);
	e->total = l->scale == 1 ? total : fc_trend_grain(total * l->scale);
	if (!e->name || !e->file) {
		free(e->name);
		free(e->file);
		return false;
	}
	l->n++;
	l->cpu += e->self;
	return true;
}

static int fn_by_key(const void *a, const void *b, void *ctx)
{
	const struct fc_report_function *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	(void)ctx;
	return c ? c : strcmp(x->file, y->file);
}

/* heaviest first; ties by key, so the list does not depend on the order
 * the profiles were read in */
static int fn_by_self(const void *a, const void *b, void *ctx)
{
	const struct fc_report_function *x = a, *y = b;

	if (x->self != y->self)
		return x->self > y->self ? -1 : 1;
	return fn_by_key(a, b, ctx);
}

/* What trend reads of a file (docs/report.md, "The summary"): every
 * function with self weight in its profiles, merged by key (a trace's
 * threads add up), the heaviest FC_REPORT_FUNCTIONS kept and the rest
 * summed. */
static bool collect_functions(struct fc_report_file *f, const struct fc_profile_set *set)
{
	struct fn_list l = { 0 };
	size_t i, k;
	bool ok = true;

	for (i = 0; ok && i < set->count; i++) {
		l.scale = f->counts ? unit_scale(set->items[i]) : 1;
		ok = fc_trend_profile_functions(set->items[i], fn_add, &l);
	}
	ok = ok && fc_sort(l.v, l.n, sizeof(*l.v), fn_by_key, NULL);
	for (i = k = 0; ok && i < l.n; i++) {
		if (k > 0 && fn_by_key(&l.v[k - 1], &l.v[i], NULL) == 0) {
			l.v[k - 1].self = fc_trend_grain(l.v[k - 1].self + l.v[i].self);
			l.v[k - 1].total = fc_trend_grain(l.v[k - 1].total + l.v[i].total);
			free(l.v[i].name);
			free(l.v[i].file);
		} else {
			l.v[k++] = l.v[i];
		}
	}
	if (ok)
		l.n = k;
	ok = ok && fc_sort(l.v, l.n, sizeof(*l.v), fn_by_self, NULL);
	for (i = FC_REPORT_FUNCTIONS; ok && i < l.n; i++) {
		f->other_count++;
		f->other_self = fc_trend_grain(f->other_self + l.v[i].self);
	}
	for (i = ok ? FC_REPORT_FUNCTIONS : 0; i < l.n; i++) {
		free(l.v[i].name);
		free(l.v[i].file);
	}
	if (!ok) {
		free(l.v);
		return false;
	}
	f->cpu = fc_trend_grain(l.cpu);
	f->functions = l.v;
	f->n_functions = l.n < FC_REPORT_FUNCTIONS ? l.n : FC_REPORT_FUNCTIONS;
	return true;
}

static const char *const mode_names[] = { "chart", "graph" };

static const char *ext_of(int x)
{
	return x == FC_OUT_SVG ? "svg" : x == FC_OUT_PNG ? "png" : "pdf";
}

/* Renders one file in every mode and format asked for, and its thumbnail. */
static void do_file(struct fc_report *r, struct fc_report_file *f)
{
	const struct fc_report_hooks *h = &r->o->hooks;
	struct fc_profile_set set;
	struct fc_error err;
	const char *paths[1] = { f->path };
	/* the images index.html links: SVGs with zoom and search, within the
	 * height budget as any render (a deep recursion folds instead of making
	 * an image three times taller than wide and mostly empty) */
	struct fc_report_image linked = { .interactive = true };
	int m, x;

	fc_profile_set_init(&set);
	fc_error_init(&err);
	f->done = true;
	if (!h->import(h->ctx, paths, 1, &set, &err))
		goto failed;
	f->title = fc_strdup(set.count && set.items[0]->name ? set.items[0]->name
							     : fc_basename(f->rel));
	if (!f->title || !collect_stats(f, &set) || !collect_functions(f, &set)) {
		fc_error_set(&err, FC_ERR_NOMEM, "out of memory");
		goto failed;
	}
	/* folded stacks, counts and allocations have no time order to
	 * chart: such a profile is drawn as its graph, asked or not */
	for (m = 0; m < 2; m++) {
		if (!fc_report_draws(r, f, m))
			continue;
		for (x = FC_OUT_SVG; x <= FC_OUT_PDF; x++) {
			char *name, *path;
			bool ok;
			if (!(r->formats & (1u << x)))
				continue;
			name = fc_report_image_name(f->slug, mode_names[m], ext_of(x));
			path = name ? out_path(r, name) : NULL;
			linked.format = (enum fc_out_format)x;
			linked.mode = m;
			ok = path && h->render(h->ctx, &set, &linked, path, &err);
			if (!name || !path)
				fc_error_set(&err, FC_ERR_NOMEM, "out of memory");
			free(name);
			free(path);
			if (!ok)
				goto failed;
		}
	}
	{
		char *name = fc_report_thumb_name(f->slug), *path = name ? out_path(r, name) : NULL;
		struct fc_report_image tw = { .format = FC_OUT_PNG,
					      .mode = fc_report_draws(r, f, FC_MODE_CHART)
							      ? FC_MODE_CHART
							      : FC_MODE_GRAPH,
					      .width_px = THUMB_WIDTH,
					      .thumb = true,
					      .max_rows = THUMB_ROWS };
		bool ok = path && h->render(h->ctx, &set, &tw, path, &err);
		free(name);
		free(path);
		if (!ok)
			goto failed;
	}
	{
		/* the Markdown summary its page shows */
		char *name = fc_report_summary_md_name(f->slug),
		     *path = name ? out_path(r, name) : NULL;
		struct fc_report_image md = { .format = FC_OUT_MD };
		bool ok = path && h->render(h->ctx, &set, &md, path, &err);
		if (!path)
			fc_error_set(&err, FC_ERR_NOMEM, "out of memory");
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
static void do_group(struct fc_report *r, struct fc_report_group *g)
{
	struct fc_profile_set set;
	struct fc_error err;
	const char **paths = calloc(g->n_members + 1, sizeof(*paths));
	const struct fc_report_hooks *h = &r->o->hooks;
	struct fc_report_image tw = { .title = g->title,
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
	/* the threads on a time axis: the CPU profiles, not the heap ones
	 * (nor any other without time order) */
	for (k = 0; k < g->n_members; k++)
		if (r->files[g->members[k]].ok && !r->files[g->members[k]].timeless)
			paths[n++] = r->files[g->members[k]].path;
	for (k = 0; k < g->n_members && n == 0; k++)
		if (r->files[g->members[k]].ok) {
			/* no time order in any: no lanes to draw, nothing failed */
			free(paths);
			g->done = true;
			return;
		}
	if (n == 0) {
		fc_error_set(&err, FC_ERR_IO, "no thread of this process could be read");
		goto failed;
	}
	if (!h->import(h->ctx, paths, n, &set, &err))
		goto failed;
	for (x = FC_OUT_SVG; x <= FC_OUT_PDF; x++) {
		char *name, *path;
		bool ok;
		if (!(r->formats & (1u << x)))
			continue;
		name = fc_report_image_name(g->slug, "lanes", ext_of(x));
		path = name ? out_path(r, name) : NULL;
		tw.format = (enum fc_out_format)x;
		ok = path && h->render(h->ctx, &set, &tw, path, &err);
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
	struct fc_report *r = w->r;
	size_t i, k, lone = 0;

	if (unit < r->n_groups) {
		struct fc_report_group *g = &r->groups[unit];
		for (k = 0; k < g->n_members; k++) {
			do_file(r, &r->files[g->members[k]]);
			progress_file(r, w->pr, &r->files[g->members[k]]);
		}
		do_group(r, g);
		if (!g->ok && g->error) {
			char *text = fc_asprintf("%s: lanes: %s", g->title, g->error);
			pthread_mutex_lock(&w->pr->lock);
			if (text && r->o->hooks.note)
				r->o->hooks.note(r->o->hooks.ctx, text, true);
			pthread_mutex_unlock(&w->pr->lock);
			free(text);
		}
		return;
	}
	for (i = 0; i < r->n_files; i++) {
		if (r->files[i].group >= 0)
			continue;
		if (lone++ == unit - r->n_groups) {
			do_file(r, &r->files[i]);
			progress_file(r, w->pr, &r->files[i]);
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
	unsigned n = fc_cpus_available(); /* as taskset narrows them */
	return n > 64 ? 64 : (int)n;
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
 * without waiting; the descriptor, or -1 with err set (busy: what another
 * run holding it is doing). */
static int lock_file(const char *outdir, const char *name, bool shared, const char *busy,
		     struct fc_error *err)
{
	char *dir = fc_asprintf("%s/%s", outdir, FC_REPORT_DIR);
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
 * files and manifest). fds[0] and fds[1] (-1 when not taken) are held until
 * the run ends; false with err set when another run holds what is needed. */
static bool lock_outdir(const char *outdir, int shard, int count, int fds[2], struct fc_error *err)
{
	char name[64], busy[128];

	fds[1] = -1;
	fds[0] = lock_file(outdir, "lock", count > 1,
			   "another flamechart report is writing to this folder", err);
	if (fds[0] < 0 || count <= 1)
		return fds[0] >= 0;
	snprintf(name, sizeof(name), "shard-%d-of-%d.lock", shard, count);
	snprintf(busy, sizeof(busy),
		 "another flamechart report is writing shard %d of %d to this folder", shard,
		 count);
	fds[1] = lock_file(outdir, name, false, busy, err);
	return fds[1] >= 0;
}

static void unlock_outdir(const int fds[2])
{
	if (fds[1] >= 0)
		close(fds[1]);
	if (fds[0] >= 0)
		close(fds[0]);
}

/* Renders the units of this shard with o->jobs threads. */
static bool run_units(struct fc_report *r, int shard, int count, struct fc_error *err)
{
	struct progress pr = { 0 };
	struct work w = { .r = r, .pr = &pr };
	size_t n = fc_report_units(r), u, k;
	int jobs = r->o->jobs > 0 ? r->o->jobs : default_jobs(), t;
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
		if (!fc_report_unit_in_shard(u, shard, count))
			continue;
		w.units[w.n_units++] = u;
		if (u < r->n_groups)
			pr.total += r->groups[u].n_members;
		else
			pr.total++;
	}
	pthread_mutex_init(&pr.lock, NULL);
	pthread_mutex_init(&w.lock, NULL);
	if ((size_t)jobs > w.n_units)
		jobs = w.n_units ? (int)w.n_units : 1;
	for (t = 1; t < jobs; t++)
		if (pthread_create(&threads[t], NULL, worker, &w) != 0)
			break;
	worker(&w);
	for (k = 1; k < (size_t)t; k++)
		pthread_join(threads[k], NULL);
	pthread_mutex_destroy(&pr.lock);
	pthread_mutex_destroy(&w.lock);
	free(w.units);
	free(threads);
	return true;
}

/* True when a file or lane image failed to be written (a full disk). */
static bool output_failed(const struct fc_report *r)
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

/* Says once, when a chart was asked, that the profiles without time
 * order were drawn as graphs instead (their rows say it too). */
static void note_timeless(const struct fc_report *r)
{
	size_t i, n = 0;
	char *text;

	for (i = 0; i < r->n_files; i++)
		n += r->files[i].done && r->files[i].ok && r->files[i].timeless;
	if (!n || !(r->modes & (1u << FC_MODE_CHART)) || !r->o->hooks.note)
		return;
	text = fc_asprintf("%zu profile%s without time order (folded stacks, pprof, counts, bytes) "
			   "drawn as %s merged graph%s, not as a chart",
			   n, n == 1 ? "" : "s", n == 1 ? "its" : "their", n == 1 ? "" : "s");
	if (text)
		r->o->hooks.note(r->o->hooks.ctx, text, false);
	free(text);
}

static void count_outcome(const struct fc_report *r, bool done_only, struct fc_report_outcome *out)
{
	size_t i;

	out->profiles = out->failed = 0;
	for (i = 0; i < r->n_files; i++) {
		if (done_only && !r->files[i].done)
			continue;
		out->profiles++;
		out->failed += !r->files[i].ok;
	}
}

/* The output would replace the input (stat's device and inode). */
static bool same_file(const char *a, const char *b)
{
	struct stat x, y;

	return a && b && strcmp(a, "-") != 0 && stat(a, &x) == 0 && stat(b, &y) == 0 &&
	       x.st_dev == y.st_dev && x.st_ino == y.st_ino;
}

/* The index from the manifests in OUTDIR, exactly as --merge builds it;
 * with --history the summary first (also OUTDIR/summary.json, so that
 * OUTDIR is a run of a later history) and the trend. */
static bool write_index(const struct fc_report_options *o, struct fc_report_outcome *out,
			struct fc_error *err)
{
	struct fc_report r = { .o = o, .dir = o->dir, .outdir = o->outdir, .title = o->title };
	struct fc_trend t;
	char *kept = o->history ? out_path(&r, "summary.json") : NULL;
	bool ok = fc_report_load_manifests(&r, err), have_trend = false;

	if (o->history && !kept) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		ok = false;
	}
	ok = ok && (!o->summary || fc_report_write_summary(&r, o->summary, err));
	ok = ok && (!kept || same_file(o->summary, kept) || fc_report_write_summary(&r, kept, err));
	if (ok && o->history) {
		have_trend = true;
		ok = fc_report_history(&r, kept, &t, err);
	}
	ok = ok && fc_report_write_index(&r, err);
	if (ok)
		count_outcome(&r, false, out);
	if (have_trend)
		fc_trend_finish(&t);
	free(kept);
	fc_report_finish(&r);
	return ok;
}

/* Finds, filters and renders the files of this shard, and saves its
 * manifest; the skipped files go to out. */
static bool render_shard(struct fc_report *r, int shard, int count, struct fc_report_outcome *out,
			 struct fc_error *err)
{
	const struct fc_report_options *o = r->o;
	size_t k;

	if (!make_dir(r->outdir, err) || !fc_report_scan(r, err))
		return false;
	/* --summary onto one of the profiles would replace it */
	for (k = 0; k < r->n_files; k++)
		if (same_file(o->summary, r->files[k].path)) {
			fc_error_set(err, FC_ERR_USAGE,
				     "the output is the input %s: refused (it would be replaced)",
				     r->files[k].path);
			fc_error_set_file(err, o->summary);
			return false;
		}
	out->skipped = r->skipped;
	out->n_skipped = r->n_skipped;
	r->skipped = NULL;
	r->n_skipped = 0;
	if (r->n_files == 0) {
		fc_error_set(err, FC_ERR_IO, "no files to render%s",
			     o->recursive ? "" : " (use -r to search subdirectories)");
		fc_error_set_file(err, r->dir);
		return false;
	}
	if (!run_units(r, shard, count, err) || !fc_report_save_manifest(r, shard, count, err))
		return false;
	note_timeless(r);
	out->output_failed = output_failed(r);
	count_outcome(r, true, out);
	return true;
}

bool fc_report_run(const struct fc_report_options *o, struct fc_report_outcome *out,
		   struct fc_error *err)
{
	static const struct fc_report_options defaults = FC_REPORT_OPTIONS_INIT;
	struct fc_report_options v1;
	struct fc_report r = { .o = o };
	struct fc_report_outcome none;
	struct fc_error scratch;
	int count = o && o->shard_count > 1 ? o->shard_count : 1;
	int shard = count > 1 ? o->shard : 1;
	int locks[2] = { -1, -1 };
	bool ok;

	err = fc_error_begin(err, &scratch);
	out = out ? out : &none;
	memset(out, 0, sizeof(*out));
	/* a version 1 caller's struct ends before history: read what it has */
	if (o && o->version == 1) {
		memset(&v1, 0, sizeof(v1));
		memcpy(&v1, o, offsetof(struct fc_report_options, history));
		v1.version = FC_REPORT_OPTIONS_VERSION;
		o = &v1;
	}
	if (!o || o->version != FC_REPORT_OPTIONS_VERSION || !o->outdir ||
	    (!o->merge && (!o->dir || !o->hooks.import || !o->hooks.render))) {
		fc_error_set(err, FC_ERR_USAGE,
			     "report: options missing, of an unknown version (%u; this library "
			     "knows %u), or without outdir, dir or the import and render hooks",
			     o ? o->version : 0, defaults.version);
		return false;
	}
	r.o = o;
	r.outdir = o->outdir;
	r.title = o->title;
	if (o->merge) {
		ok = lock_outdir(o->outdir, 1, 1, locks, err) && write_index(o, out, err);
		unlock_outdir(locks);
		return ok;
	}
	r.dir = o->dir;
	r.modes = o->modes ? o->modes : (1u << FC_MODE_CHART) | (1u << FC_MODE_GRAPH);
	r.formats = o->formats & IMAGE_FORMATS;
	if (!r.formats)
		r.formats = (1u << FC_OUT_SVG) | (1u << FC_OUT_PNG);
	ok = make_dir(o->outdir, err) && lock_outdir(o->outdir, shard, count, locks, err) &&
	     render_shard(&r, shard, count, out, err);
	fc_report_finish(&r);
	out->sharded = count > 1;
	/* unsharded: the index comes from the manifest just written, exactly
	 * as --merge would build it */
	if (ok && count == 1) {
		bool failed = out->output_failed;
		ok = write_index(o, out, err);
		out->output_failed = failed;
	}
	unlock_outdir(locks);
	if (out == &none)
		fc_report_outcome_finish(out);
	return ok;
}

void fc_report_outcome_finish(struct fc_report_outcome *out)
{
	size_t i;

	if (!out)
		return;
	for (i = 0; i < out->n_skipped; i++)
		free(out->skipped[i]);
	free(out->skipped);
	memset(out, 0, sizeof(*out));
}
