/* The comparison of two runs (docs/diff.md): load each side's
 * runs, rewrite every frame to its function key, merge each run as the
 * flame graph does, and sum self and total time per function, tier and
 * package per run; then the change, its test and its significance. */
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "diff/internal.h"
#include "model/classify.h"
#include "diff/diff.h"
#include "transform/hide.h"
#include "transform/scope.h"
#include "layout/graph.h"
#include "util/util.h"
#include "util/children.h"
#include "model/profile.h"

/* --- loading a side ------------------------------------------------------------ */

static int str_cmp(const void *a, const void *b, void *ctx)
{
	(void)ctx;
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* node's file names CPU.<date>.<time>.<pid>.<tid>.<seq>.cpuprofile: the
 * thread id and sequence, which order a run's threads as they appeared
 * (main is tid 0). false for other names. */
static bool node_thread_order(const char *name, long *tid, long *seq)
{
	struct fc_node_file f;

	if (!fc_node_file_name(name, &f) || (f.tid | f.seq) > INT32_MAX)
		return false;
	*tid = (long)f.tid;
	*seq = (long)f.seq;
	return true;
}

static int thread_cmp(const void *a, const void *b, void *ctx)
{
	const char *x = fc_basename(*(char *const *)a), *y = fc_basename(*(char *const *)b);
	long tx, sx, ty, sy;
	bool nx = node_thread_order(x, &tx, &sx), ny = node_thread_order(y, &ty, &sy);

	(void)ctx;
	if (nx && ny && (tx != ty || sx != sy))
		return tx != ty ? (tx < ty ? -1 : 1) : (sx < sy ? -1 : 1);
	if (nx != ny)
		return nx ? -1 : 1;
	return strcmp(x, y);
}

/* Tells l->note "PATH: why", or "skipped PATH: why" (path cleaned). */
static void note(const struct fc_diff_load *l, bool skipped, const char *path, const char *why)
{
	char *clean, *text;

	if (!l->note)
		return;
	clean = fc_strdup_clean(path);
	text = !clean    ? NULL
	       : skipped ? fc_asprintf("skipped %s: %s", clean, why)
			 : fc_asprintf("%s: %s", clean, why);
	if (text)
		l->note(l->ctx, text);
	free(clean);
	free(text);
}

/* The names in dir (no dot files), joined to dir, sorted by name; dirs
 * and files apart. A symbolic link is followed only to a place inside the
 * side's directory root (a realpath), and a file whose content is no
 * profile is left out (both said through l->note), as report does. */
static bool list_dir(const char *dir, const char *root, const struct fc_diff_load *l, char ***files,
		     size_t *nf, char ***dirs, size_t *nd, struct fc_error *err)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t fcap = 0, dcap = 0;

	*files = *dirs = NULL;
	*nf = *nd = 0;
	if (!d) {
		fc_error_set(err, FC_ERR_IO, "cannot open directory");
		fc_error_set_file(err, dir);
		return false;
	}
	while ((e = readdir(d)) != NULL) {
		struct stat st, lst;
		struct fc_error why;
		enum fc_format format;
		char *path;
		if (e->d_name[0] == '.')
			continue;
		path = fc_asprintf("%s/%s", dir, e->d_name);
		if (!path || lstat(path, &lst) != 0 || stat(path, &st) != 0) {
			free(path);
			continue;
		}
		if (S_ISLNK(lst.st_mode) && !(root && fc_path_inside(root, path))) {
			note(l, false, path,
			     "a symbolic link out of the input folder: not followed");
			free(path);
			continue;
		}
		if (S_ISREG(st.st_mode) && (!l->import || l->import->format == FC_FORMAT_AUTO) &&
		    !fc_named_as_profile(e->d_name) &&
		    !fc_import_detect_file(path, l->import ? l->import->max_bytes : 0, &format,
					   &why) &&
		    why.code == FC_ERR_FORMAT) {
			note(l, true, path, why.text);
			free(path);
			continue;
		}
		if (S_ISDIR(st.st_mode) && FC_GROW(*dirs, dcap, *nd + 1))
			(*dirs)[(*nd)++] = path;
		else if (S_ISREG(st.st_mode) && FC_GROW(*files, fcap, *nf + 1))
			(*files)[(*nf)++] = path;
		else
			free(path);
	}
	closedir(d);
	return fc_sort(*files, *nf, sizeof(char *), str_cmp, NULL) &&
	       fc_sort(*dirs, *nd, sizeof(char *), str_cmp, NULL);
}

static void free_list(char **v, size_t n)
{
	size_t i;
	for (i = 0; v && i < n; i++)
		free(v[i]);
	free(v);
}

static bool is_anonymous(const char *name)
{
	return !name[0] || strcmp(name, "(anonymous)") == 0;
}

/* What keying needs from a run's frames before they are gone: the app
 * scripts' common directory. Each distinct URL of p is looked at once,
 * however many frames name it. */
static bool note_frames(struct fc_diff_input *in, const struct fc_profile *p)
{
	/* per string of p: 1 once seen */
	uint32_t f, *seen = calloc(p->strings.count + 1, sizeof(*seen));
	bool ok = false;

	if (!seen)
		return false;
	for (f = 0; f < p->n_frames; f++) {
		const struct fc_frame *fr = &p->frames[f];
		const char *url = fc_profile_str(p, fr->url);
		bool first = !seen[fr->url];
		if (first)
			seen[fr->url] = 1;
		if (!first || !fc_diff_is_app_script(url))
			continue;
		if (strncmp(url, "file://", 7) == 0)
			url += 7;
		if (!in->app_prefix) {
			in->app_prefix = fc_strdup(url);
			if (!in->app_prefix)
				goto done;
			in->app_prefix_len = fc_diff_common_dir(url, strlen(url), url);
		} else {
			in->app_prefix_len =
				fc_diff_common_dir(in->app_prefix, in->app_prefix_len, url);
		}
	}
	ok = true;
done:
	free(seen);
	return ok;
}

/* Run r of in, made of profiles[0..n): its thread labels, what keying
 * needs, each thread's CPU time and its merged graph. The profiles stay the
 * caller's. */
static bool merge_run(struct fc_diff_input *in, struct fc_diff_run *r,
		      struct fc_profile *const *profiles, size_t n, bool keep_idle, bool gc_root,
		      struct fc_error *err)
{
	struct fc_layout_options lo = { .mode = FC_MODE_GRAPH,
					.keep_idle = keep_idle,
					.gc_root = gc_root };
	size_t i;

	r->threads = calloc(n + 1, sizeof(*r->threads));
	r->thread_us = calloc(n + 1, sizeof(*r->thread_us));
	if (!r->threads || !r->thread_us)
		goto nomem;
	r->n = n;
	for (i = 0; i < n; i++) {
		r->threads[i] = fc_strdup(fc_diff_thread_label(profiles[i]));
		if (!r->threads[i] || !note_frames(in, profiles[i]))
			goto nomem;
	}
	if (n > 1) {
		/* each thread is compared on its own: a graph each, and its
		 * CPU time is that graph's */
		r->thread_graphs = calloc(n, sizeof(*r->thread_graphs));
		if (!r->thread_graphs)
			goto nomem;
		for (i = 0; i < n; i++) {
			struct fc_graph *g = fc_graph_merge(
				(const struct fc_profile *const *)profiles + i, 1, &lo, err);
			if (!g)
				return false;
			free(g->size); /* what only placing needs */
			g->size = NULL;
			r->thread_graphs[i] = g;
			r->thread_us[i] = fc_graph_total(g);
		}
		return true;
	}
	r->graph = fc_graph_merge((const struct fc_profile *const *)profiles, n, &lo, err);
	if (!r->graph)
		return false;
	/* what only placing needs goes now: the graph waits for the other side */
	free(r->graph->size);
	r->graph->size = NULL;
	return true;
nomem:
	fc_error_set(err, FC_ERR_NOMEM, "out of memory");
	return false;
}

/* Reads one run (files, one per thread), transforms and merges it, and
 * frees its profiles. */
static bool add_run(struct fc_diff_input *in, const char *label, char **files, size_t n,
		    const struct fc_diff_load *l, struct fc_error *err)
{
	struct fc_profile_set set;
	struct fc_diff_run *r;
	size_t i;
	bool ok = false;

	fc_profile_set_init(&set);
	r = realloc(in->runs, (in->n_runs + 1) * sizeof(*in->runs));
	if (!r)
		goto nomem;
	in->runs = r;
	r = &in->runs[in->n_runs];
	memset(r, 0, sizeof(*r));
	r->label = fc_strdup(label);
	if (!r->label)
		goto nomem;
	in->n_runs++;
	for (i = 0; i < n; i++)
		if (!fc_import_file(files[i], l->import, &set, err))
			goto done;
	if (l->loaded)
		l->loaded(l->ctx, &set);
	if (!fc_hide_apply(&set, l->hide_tiers, err) ||
	    (l->scope && !fc_scope_apply(&set, l->scope, err)))
		goto done;
	ok = merge_run(in, r, set.items, set.count, l->keep_idle, l->gc_root, err);
	goto done;
nomem:
	fc_error_set(err, FC_ERR_NOMEM, "out of memory");
done:
	fc_profile_set_finish(&set);
	return ok;
}

bool fc_diff_load_side(struct fc_diff_input *in, const char *path, const struct fc_diff_load *io,
		       struct fc_error *err)
{
	char **files = NULL, **dirs = NULL, **sub = NULL, **subdirs = NULL, *root = NULL;
	size_t nf = 0, nd = 0, ns = 0, nsd = 0, i;
	struct stat st;
	bool ok = false;

	memset(in, 0, sizeof(*in));
	fc_profile_set_init(&in->set);
	in->scale = 1;
	in->path = fc_strdup(path);
	if (!in->path) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	if (strcmp(path, "-") == 0 || stat(path, &st) != 0 || !S_ISDIR(st.st_mode))
		return add_run(in, fc_basename(path), (char **)&path, 1, io, err);
	root = realpath(path, NULL);
	if (!list_dir(path, root, io, &files, &nf, &dirs, &nd, err))
		goto done;
	for (i = 0; i < nf; i++)
		if (!add_run(in, fc_basename(files[i]), &files[i], 1, io, err))
			goto done;
	for (i = 0; i < nd; i++) {
		if (!list_dir(dirs[i], root, io, &sub, &ns, &subdirs, &nsd, err))
			goto done;
		if (!fc_sort(sub, ns, sizeof(char *), thread_cmp, NULL)) {
			fc_error_set(err, FC_ERR_NOMEM, "out of memory");
			goto done;
		}
		if (ns && !add_run(in, fc_basename(dirs[i]), sub, ns, io, err))
			goto done;
		free_list(sub, ns);
		free_list(subdirs, nsd);
		sub = subdirs = NULL;
	}
	if (!in->n_runs) {
		fc_error_set(err, FC_ERR_IO, "no profiles in this directory");
		fc_error_set_file(err, path);
		goto done;
	}
	ok = true;
done:
	free(root);
	free_list(sub, ns);
	free_list(subdirs, nsd);
	free_list(files, nf);
	free_list(dirs, nd);
	return ok;
}

bool fc_diff_side_from_profile(struct fc_diff_input *in, const char *path, struct fc_profile *p,
			       struct fc_error *err)
{
	memset(in, 0, sizeof(*in));
	fc_profile_set_init(&in->set);
	in->scale = 1;
	in->path = fc_strdup(path);
	in->runs = calloc(1, sizeof(*in->runs));
	if (!in->path || !in->runs || !(in->runs[0].label = fc_strdup(path)) ||
	    !fc_profile_set_add(&in->set, p)) {
		fc_profile_destroy(p);
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	in->runs[0].n = 1;
	in->n_runs = 1;
	return true;
}

const char *fc_diff_thread_label(const struct fc_profile *p)
{
	if (p->thread_name)
		return p->thread_name;
	return p->source ? fc_basename(p->source) : p->name ? p->name : "";
}

static void input_finish(struct fc_diff_input *in)
{
	size_t i, t;

	for (i = 0; i < in->n_runs; i++) {
		free(in->runs[i].label);
		for (t = 0; in->runs[i].threads && t < in->runs[i].n; t++)
			free(in->runs[i].threads[t]);
		free(in->runs[i].threads);
		free(in->runs[i].thread_us);
		fc_graph_destroy(in->runs[i].graph);
		for (t = 0; in->runs[i].thread_graphs && t < in->runs[i].n; t++)
			fc_graph_destroy(in->runs[i].thread_graphs[t]);
		free(in->runs[i].thread_graphs);
	}
	free(in->runs);
	free(in->path);
	free(in->app_prefix);
	free(in->run_total_us);
	fc_profile_set_finish(&in->set);
	memset(in, 0, sizeof(*in));
}

/* --- function keys --------------------------------------------------------------- */

/* A function's key: its name and key path (ids in d->strings, compared
 * whole), line and column (-1 unless --match exact), and thread slot (-1
 * with one thread a run). A thread slot's root is a key of its own. For
 * tiers and packages the name and file are the tier's or package's. */
struct item_key {
	uint32_t name, file;
	int32_t line, column, thread;
	bool root;
	uint32_t package; /* the item's package: not part of the key */
};

/* The strings of a run's merged profile m in d->strings, each looked up
 * once however many frames name it: as it is, or made a key path. */
struct str_cache {
	struct fc_strpool *pool;
	const struct fc_profile *m;
	const struct fc_diff_options *o;
	const char *app_prefix;
	uint32_t *id[2]; /* per string of m: its id + 1 ([1]: of its key path), 0 = not yet */
};

static uint32_t cache_str(struct str_cache *c, uint32_t sid, int path)
{
	if (!c->id[path][sid]) {
		const char *s = fc_profile_str(c->m, sid), *t = s;
		uint32_t id;
		if (path)
			t = fc_diff_key_suffix(s, c->app_prefix, c->o->strip, c->o->n_strip);
		id = fc_strpool_intern(c->pool, t,
				       fc_strpool_len(&c->m->strings, sid) - (size_t)(t - s));
		if (id == FC_NONE)
			return FC_NONE;
		c->id[path][sid] = id + 1;
	}
	return c->id[path][sid] - 1;
}

/* The function key of frame f of the run (without its thread). An
 * anonymous function is named by its place in HEAD's lines (BASE's moved
 * by moves; NULL for HEAD): "(anonymous 12:5)". false on allocation
 * failure. */
static bool frame_key(const struct fc_diff_options *o, const struct fc_diff_moves *moves,
		      struct str_cache *c, const struct fc_frame *f, struct item_key *key)
{
	key->line = key->column = -1;
	key->root = false;
	key->name = cache_str(c, f->name, 0);
	if (f->meta != FC_META_NONE) {
		key->file = cache_str(c, f->url, 0);
		return key->name != FC_NONE && key->file != FC_NONE;
	}
	switch (o->match) {
	case FC_DIFF_MATCH_EXACT:
		key->file = cache_str(c, f->url, 0);
		key->line = f->line;
		key->column = f->column;
		break;
	case FC_DIFF_MATCH_NAME:
		key->file = 0; /* "" */
		break;
	case FC_DIFF_MATCH_FUNCTION:
	default:
		key->file = cache_str(c, f->url, 1);
		if (key->file != FC_NONE && is_anonymous(fc_profile_str(c->m, f->name))) {
			char name[48];
			int32_t at = f->line;
			int len;
			if (at >= 0 && moves)
				at = fc_diff_moves_line(moves, fc_strpool_get(c->pool, key->file),
							at);
			if (at < 0)
				len = snprintf(name, sizeof(name), "(anonymous)");
			else if (f->column >= 0)
				len = snprintf(name, sizeof(name), "(anonymous %ld:%ld)",
					       (long)at + 1, (long)f->column + 1);
			else
				len = snprintf(name, sizeof(name), "(anonymous %ld)", (long)at + 1);
			key->name = fc_strpool_intern(c->pool, name, (size_t)len);
		}
		break;
	}
	return key->name != FC_NONE && key->file != FC_NONE;
}

const char *fc_diff_text(const char *s, char *buf)
{
	return fc_diff_text_cut(s, FC_DIFF_TEXT_MAX, buf);
}

const char *fc_diff_text_cut(const char *s, size_t max, char *buf)
{
	size_t n = strnlen(s, max + 1);

	if (n <= max)
		return s;
	/* room for "…": then back to the first byte of a character */
	n = max - 3;
	while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
		n--;
	memcpy(buf, s, n);
	memcpy(buf + n, "\xe2\x80\xa6", 4);
	return buf;
}

int fc_diff_item_cmp(const struct fc_diff_item *x, const struct fc_diff_item *y)
{
	int c;

	if (x->thread_root != y->thread_root)
		return x->thread_root ? -1 : 1;
	if (x->thread != y->thread)
		return x->thread < y->thread ? -1 : 1;
	if ((c = strcmp(x->name, y->name)) != 0 || (c = strcmp(x->file, y->file)) != 0)
		return c;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return x->column < y->column ? -1 : x->column > y->column;
}

/* --- each run's values, kept sparsely ------------------------------------------------ */

/* The tests need each run's value of a function (or call path), but a
 * function is in few of many runs as a rule: a value is kept only for a run
 * it has time in, in a list per function and side, all lists in one array.
 * A side's runs are summed in order, so a list is in run order and a run's
 * value is its list's last until the next run. */
struct run_value {
	double us;
	uint32_t run, next; /* next: FC_NONE at the end */
};

struct run_list {
	uint32_t head, tail; /* FC_NONE: empty */
};

struct run_values {
	struct run_value *v;
	size_t n, cap;
};

static const struct run_list no_runs = { FC_NONE, FC_NONE };

static bool run_add(struct run_values *rv, struct run_list *l, size_t run, double us)
{
	if (us == 0)
		return true;
	if (l->tail != FC_NONE && rv->v[l->tail].run == run) {
		rv->v[l->tail].us += us;
		return true;
	}
	if (rv->n >= UINT32_MAX - 1 || !FC_GROW(rv->v, rv->cap, rv->n + 1))
		return false;
	rv->v[rv->n].us = us;
	rv->v[rv->n].run = (uint32_t)run;
	rv->v[rv->n].next = FC_NONE;
	if (l->tail != FC_NONE)
		rv->v[l->tail].next = (uint32_t)rv->n;
	else
		l->head = (uint32_t)rv->n;
	l->tail = (uint32_t)rv->n++;
	return true;
}

/* The sum, mean and sample variance (n - 1) of a side's n runs, each
 * value scaled: the runs listed, and 0 for the others. With every run
 * listed, the same sums in the same order as over a full array. */
static void run_moments(const struct run_values *rv, struct run_list l, size_t n, double scale,
			double *sum, double *mean, double *var)
{
	double m = 0, s = 0;
	size_t listed = 0;
	uint32_t i;

	for (i = l.head; i != FC_NONE; i = rv->v[i].next, listed++)
		m += rv->v[i].us * scale;
	*sum = m;
	m /= (double)n;
	for (i = l.head; i != FC_NONE; i = rv->v[i].next) {
		double e = rv->v[i].us * scale - m;
		s += e * e;
	}
	s += (double)(n - listed) * m * m; /* the runs without time */
	*mean = m;
	*var = n > 1 ? s / (double)(n - 1) : 0;
}

/* --- functions by key ------------------------------------------------------------- */

/* Items grow as keys are found: each item's key and its runs on each
 * side. */
struct items {
	struct fc_map index; /* hash of a key -> its item */
	struct item_key *keys;
	struct fc_diff_item *v;
	struct run_list (*runs)[2];
	size_t n, cap[3];
};

static bool items_reserve(struct items *it, size_t n)
{
	return FC_GROW(it->keys, it->cap[0], n) && FC_GROW(it->v, it->cap[1], n) &&
	       FC_GROW(it->runs, it->cap[2], n) && fc_map_reserve(&it->index, n);
}

struct key_probe {
	const struct items *it;
	const struct item_key *key;
};

static bool key_eq(const void *ctx, uint32_t i)
{
	const struct key_probe *q = ctx;
	const struct item_key *a = &q->it->keys[i], *b = q->key;
	return a->name == b->name && a->file == b->file && a->line == b->line &&
	       a->column == b->column && a->thread == b->thread && a->root == b->root;
}

static uint32_t key_hash(const struct item_key *k)
{
	uint64_t h = fc_hash_u64((uint64_t)k->name << 32 | k->file);
	h = fc_hash_u64(h ^ ((uint64_t)(uint32_t)k->line << 32 | (uint32_t)k->column));
	return (uint32_t)fc_hash_u64(h ^ ((uint64_t)(uint32_t)k->thread << 1 | k->root));
}

/* The item of key, made on first sight (its tier and tags f's), or NULL
 * on allocation failure. */
static struct fc_diff_item *item_get(struct items *it, const struct item_key *key,
				     const struct fc_frame *f)
{
	struct key_probe q = { it, key };
	uint32_t h = key_hash(key), i;
	size_t slot;
	struct fc_diff_item *x;

	if (!items_reserve(it, it->n + 1))
		return NULL;
	i = fc_map_find(&it->index, h, key_eq, &q, &slot);
	if (i != FC_NONE)
		return &it->v[i];
	i = (uint32_t)it->n++;
	x = &it->v[i];
	memset(x, 0, sizeof(*x));
	it->keys[i] = *key;
	it->runs[i][0] = it->runs[i][1] = no_runs;
	x->tier = f->tier;
	x->tags = f->tags;
	x->line = key->line;
	x->column = key->column;
	x->thread = key->thread;
	x->thread_root = key->root;
	fc_map_put(&it->index, slot, h, i);
	return x;
}

/* The items handed to d: their strings pointed into the pool (which grows
 * no more). */
static void take_items(struct items *it, const struct fc_strpool *pool, struct fc_diff_item **v,
		       size_t *n)
{
	size_t i;

	for (i = 0; i < it->n; i++) {
		it->v[i].name = fc_strpool_get(pool, it->keys[i].name);
		it->v[i].file = fc_strpool_get(pool, it->keys[i].file);
		it->v[i].package = fc_strpool_get(pool, it->keys[i].package);
	}
	*v = it->v;
	*n = it->n;
	it->v = NULL;
}

static void items_finish(struct items *it)
{
	free(it->keys);
	free(it->v);
	free(it->runs);
	fc_map_finish(&it->index);
	memset(it, 0, sizeof(*it));
}

/* --- the aligned tree ----------------------------------------------------------- */

struct tree {
	struct fc_diff *d;
	size_t cap;
	/* (parent, function) -> node: the child-lookup table, dense and sized
	 * once for every node the runs can bring (no rehash) */
	struct fc_map table;
	/* each path's self time in the runs it has time in, per side (only
	 * for Welch's test: several runs a side) */
	bool welch;
	struct run_list *runs[2];
	size_t expect; /* the runs' merged nodes, summed: the most the tree can have */
};

/* The table, and the node arrays at their largest at once: no copy as
 * the tree grows, and pages that are never filled are never touched. */
static bool tree_init_table(struct tree *t)
{
	struct fc_diff *d = t->d;
	size_t n = t->expect + 1;

	t->table.dense = true;
	if (!fc_map_reserve(&t->table, n))
		return false;
	d->node_parent = malloc(n * sizeof(uint32_t));
	d->node_function = malloc(n * sizeof(uint32_t));
	d->node_self[0] = malloc(n * sizeof(double));
	d->node_self[1] = malloc(n * sizeof(double));
	t->runs[0] = malloc((t->welch ? n : 1) * sizeof(struct run_list));
	t->runs[1] = malloc((t->welch ? n : 1) * sizeof(struct run_list));
	if (!d->node_parent || !d->node_function || !d->node_self[0] || !d->node_self[1] ||
	    !t->runs[0] || !t->runs[1])
		return false;
	t->cap = n;
	return true;
}

static uint32_t tree_child(struct tree *t, uint32_t parent, uint32_t fn)
{
	struct fc_diff *d = t->d;
	uint32_t h, k;
	size_t slot;

	/* reserved for every node at once: the table never grows */
	k = fc_children_find(&t->table, d->node_parent, d->node_function, parent, fn, &h, &slot);
	if (k != FC_NONE)
		return k;
	if (d->n_nodes >= t->cap)
		return FC_NONE; /* cannot happen: expect bounds the tree */
	k = (uint32_t)d->n_nodes++;
	d->node_parent[k] = parent;
	d->node_function[k] = fn;
	d->node_self[0][k] = d->node_self[1][k] = 0;
	if (t->welch)
		t->runs[0][k] = t->runs[1][k] = no_runs;
	fc_map_put(&t->table, slot, h, k);
	return k;
}

/* --- summing the runs -------------------------------------------------------------- */

struct sums {
	struct items fn, tier, pkg;
	uint32_t tier_item[FC_TIER_COUNT]; /* each tier's item + 1, 0 = not yet */
	struct tree tree;
	struct run_values rv; /* the runs of every item and path */
	/* per function: how many of its nodes are open in the walk that sums
	 * totals (0 between walks) */
	uint32_t *active;
	size_t active_cap;
};

/* Adds one run of one side: its graph merged as -m graph merges, every
 * merged node's self time to its function, tier and package, every
 * function's total once per stack (recursion is not counted twice). */
static bool add_run_graph(struct sums *s, const struct fc_diff_options *o, int side, size_t run,
			  int thread, const struct fc_graph *g, struct fc_diff_input *in,
			  const struct fc_diff_moves *moves, struct fc_error *err)
{
	const struct fc_profile *m = g->merged;
	uint32_t *amap = NULL, *ffn = NULL, *fti = NULL, *fpk = NULL, k, fk, top_parent = FC_NONE;
	uint32_t *start = NULL, *kids = NULL, *stack = NULL;
	double run_total = 0, *fself = NULL;
	size_t top, old_cap = s->active_cap;
	bool ok = false;
	struct tree *t = &s->tree;
	struct str_cache c = { &s->tree.d->strings, m, o, in->app_prefix, { NULL, NULL } };

	amap = malloc((g->n_nodes + 1) * sizeof(*amap));
	/* per merged frame: its function, tier and package items (+1; 0 = not yet) */
	ffn = calloc(m->n_frames + 1, sizeof(*ffn));
	fti = calloc(m->n_frames + 1, sizeof(*fti));
	fpk = calloc(m->n_frames + 1, sizeof(*fpk));
	fself = calloc(m->n_frames + 1, sizeof(*fself));
	c.id[0] = calloc(m->strings.count + 1, sizeof(uint32_t));
	c.id[1] = calloc(m->strings.count + 1, sizeof(uint32_t));
	if (!amap || !ffn || !fti || !fpk || !fself || !c.id[0] || !c.id[1])
		goto done;
	if (thread >= 0) {
		/* a thread's paths hang under its slot's root */
		static const struct fc_frame none = { .tier = FC_TIER_V8 };
		char name[32];
		struct item_key key = { 0, 0, -1, -1, thread, true, 0 };
		struct fc_diff_item *x;
		int len = snprintf(name, sizeof(name), "thread %d", thread + 1);
		key.name = fc_strpool_intern(c.pool, name, (size_t)len);
		if (key.name == FC_NONE || !(x = item_get(&s->fn, &key, &none)))
			goto done;
		top_parent = tree_child(t, FC_NONE, (uint32_t)(x - s->fn.v));
		if (top_parent == FC_NONE)
			goto done;
	}
	for (k = 0; k < g->n_nodes; k++) {
		uint32_t fi = m->node_frame[k];
		const struct fc_frame *f = &m->frames[fi];
		struct fc_diff_item *x;
		uint32_t a;

		amap[k] = FC_NONE;
		if (k == 0)
			continue; /* the root */
		if (!ffn[fi]) {
			const char *tier = fc_tier_name((enum fc_tier)f->tier);
			struct item_key key;
			if (!frame_key(o, moves, &c, f, &key))
				goto done;
			key.thread = thread; /* per thread slot */
			key.package = cache_str(&c, f->package, 0);
			if (key.package == FC_NONE || !(x = item_get(&s->fn, &key, f)))
				goto done;
			ffn[fi] = (uint32_t)(x - s->fn.v) + 1;
			if (f->tier < FC_TIER_COUNT && s->tier_item[f->tier]) {
				fti[fi] = s->tier_item[f->tier];
			} else {
				struct item_key tk = { 0, 0, -1, -1, -1, false, 0 };
				tk.name = tk.file = fc_strpool_intern(c.pool, tier, strlen(tier));
				if (tk.name == FC_NONE || !(x = item_get(&s->tier, &tk, f)))
					goto done;
				fti[fi] = (uint32_t)(x - s->tier.v) + 1;
				if (f->tier < FC_TIER_COUNT)
					s->tier_item[f->tier] = fti[fi];
			}
			if (key.package) {
				struct item_key pk = { key.package, key.package, -1,         -1,
						       -1,          false,       key.package };
				if (!(x = item_get(&s->pkg, &pk, f)))
					goto done;
				fpk[fi] = (uint32_t)(x - s->pkg.v) + 1;
			}
		}
		fk = ffn[fi] - 1;
		a = tree_child(t, m->node_parent[k] ? amap[m->node_parent[k]] : top_parent, fk);
		if (a == FC_NONE)
			goto done;
		amap[k] = a;
		t->d->node_self[side][a] += g->self[k];
		if (t->welch && !run_add(&s->rv, &t->runs[side][a], run, g->self[k]))
			goto done;
		/* per frame first (a dense array), to the items below */
		fself[fi] += g->self[k];
		run_total += g->self[k];
	}
	for (k = 0; k < m->n_frames; k++) {
		if (!ffn[k] || fself[k] == 0)
			continue;
		if (!run_add(&s->rv, &s->fn.runs[ffn[k] - 1][side], run, fself[k]) ||
		    !run_add(&s->rv, &s->tier.runs[fti[k] - 1][side], run, fself[k]) ||
		    (fpk[k] && !run_add(&s->rv, &s->pkg.runs[fpk[k] - 1][side], run, fself[k])))
			goto done;
	}
	/* every function's total once per stack (recursion is not counted
	 * twice): a depth-first walk that counts a node only when no node of
	 * the same function is open below it */
	start = calloc(g->n_nodes + 2, sizeof(*start));
	kids = malloc((g->n_nodes + 1) * sizeof(*kids));
	/* each node once, and a mark per open node: n + depth */
	stack = malloc((g->n_nodes + m->max_depth + 2) * sizeof(*stack));
	if (!start || !kids || !stack || !FC_GROW(s->active, s->active_cap, s->fn.n + 1))
		goto done;
	memset(s->active + old_cap, 0, (s->active_cap - old_cap) * sizeof(*s->active));
	for (k = 1; k < g->n_nodes; k++)
		start[m->node_parent[k] + 2]++;
	for (k = 0; k < g->n_nodes; k++)
		start[k + 2] += start[k + 1];
	for (k = 1; k < g->n_nodes; k++)
		kids[start[m->node_parent[k] + 1]++] = k;
	/* now kids[start[m] .. start[m + 1]) are m's */
	top = 0;
	for (k = start[0]; k < start[1]; k++)
		stack[top++] = kids[k] << 1;
	while (top) {
		uint32_t v = stack[--top], node = v >> 1, f = ffn[m->node_frame[node]] - 1;
		if (v & 1) {
			s->active[f]--;
			continue;
		}
		if (!s->active[f]++)
			s->fn.v[f].side[side].total_us += g->total[node];
		stack[top++] = v | 1;
		for (k = start[node]; k < start[node + 1]; k++)
			stack[top++] = kids[k] << 1;
	}
	in->run_total_us[run] += run_total; /* a thread at a time */
	/* a heap profile: its sampled allocations; folded stacks: the weights
	 * are the sample counts (or thousandths) */
	if (m->bytes_per_event > 0)
		in->samples += run_total / m->bytes_per_event;
	else if (!m->has_time)
		in->samples +=
			run_total /
			(m->weight_unit && strncmp(m->weight_unit, "1/1000", 6) == 0 ? 1000 : 1);
	else
		in->samples += (double)g->samples;
	ok = true;
done:
	if (!ok && err->code == FC_OK)
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
	free(amap);
	free(ffn);
	free(fti);
	free(fpk);
	free(fself);
	free(c.id[0]);
	free(c.id[1]);
	free(start);
	free(kids);
	free(stack);
	return ok;
}

/* What the tests of every item need of each side: its runs' CPU time,
 * summed. */
struct finish {
	const struct run_values *rv;
	double run_sum[2];
};

/* Means per run, normalisation, change, test and significance of one item
 * whose runs are l. */
static void item_finish(struct fc_diff *d, const struct finish *fin, struct fc_diff_item *x,
			const struct run_list l[2])
{
	const struct fc_diff_input *b = &d->side[FC_DIFF_BASE], *h = &d->side[FC_DIFF_HEAD];
	double mean[2], var[2];
	int s;

	for (s = 0; s < 2; s++) {
		const struct fc_diff_input *in = &d->side[s];
		double sum, tot = fin->run_sum[s];
		run_moments(fin->rv, l[s], in->n_runs, in->scale, &sum, &mean[s], &var[s]);
		x->side[s].self_us = sum / (double)in->n_runs;
		x->side[s].total_us *= in->scale / (double)in->n_runs;
		/* samples: self time over the side's mean sample duration */
		x->side[s].samples = tot > 0 ? sum / in->scale / tot * in->samples : 0;
		if (s == FC_DIFF_BASE)
			x->in_base = sum > 0;
		else
			x->in_head = sum > 0;
	}
	x->delta_self_us = x->side[1].self_us - x->side[0].self_us;
	x->delta_total_us = x->side[1].total_us - x->side[0].total_us;
	if (b->n_runs >= 2 && h->n_runs >= 2)
		x->p_value = fc_diff_welch_moments(mean[0], var[0], b->n_runs, mean[1], var[1],
						   h->n_runs, &x->stat, NULL);
	else
		x->p_value = fc_diff_two_proportions(x->side[0].samples, b->samples,
						     x->side[1].samples, h->samples, &x->stat);
	x->significant = x->p_value < d->options.alpha &&
			 fabs(x->delta_self_us) >= d->threshold_us && fabs(x->delta_self_us) > 0;
}

/* One item per matched thread slot when a run has several threads: each
 * run's i-th thread's CPU time (0 where a run has fewer), compared as a
 * tier is. */
static bool thread_items(struct fc_diff *d, struct items *it, struct run_values *rv)
{
	size_t n = 0, i, r;
	int s;

	for (s = 0; s < 2; s++)
		for (r = 0; r < d->side[s].n_runs; r++)
			if (d->side[s].runs[r].n > n)
				n = d->side[s].runs[r].n;
	if (n < 2)
		return true;
	for (i = 0; i < n; i++) {
		static const struct fc_frame none = { .tier = FC_TIER_COUNT };
		struct item_key key = { 0, 0, -1, -1, -1, false, 0 };
		char name[32];
		int len = snprintf(name, sizeof(name), "thread %zu", i + 1);
		key.name = fc_strpool_intern(&d->strings, name, (size_t)len);
		if (key.name == FC_NONE || !item_get(it, &key, &none))
			return false;
	}
	/* run by run, each of its threads */
	for (s = 0; s < 2; s++)
		for (r = 0; r < d->side[s].n_runs; r++) {
			const struct fc_diff_run *run = &d->side[s].runs[r];
			for (i = 0; i < run->n; i++) {
				/* a run of one thread: the graph's total */
				double us = run->n == 1 ? d->side[s].run_total_us[r]
							: run->thread_us[i];
				it->v[i].side[s].total_us += us;
				if (!run_add(rv, &it->runs[i][s], r, us))
					return false;
			}
		}
	return true;
}

/* The runs of a side still in its set (not loaded by fc_diff_load_side)
 * merged now, and the set emptied. */
static bool merge_set(struct fc_diff_input *in, const struct fc_diff_options *o,
		      struct fc_error *err)
{
	size_t r;

	for (r = 0; r < in->n_runs; r++) {
		struct fc_diff_run *x = &in->runs[r];
		if (x->graph || x->thread_graphs)
			continue;
		if (x->first + x->n > in->set.count) {
			fc_error_set(err, FC_ERR_INVALID, "diff: run %zu has no profiles", r);
			return false;
		}
		if (!merge_run(in, x, in->set.items + x->first, x->n, o->keep_idle, o->gc_root,
			       err))
			return false;
	}
	fc_profile_set_finish(&in->set);
	fc_profile_set_init(&in->set);
	return true;
}

/* Each path's change and its test, as item_finish does for functions;
 * node_self is still the sum over runs (before normalisation). */
static bool node_tests(struct fc_diff *d, const struct tree *t, const struct run_values *rv)
{
	const struct fc_diff_input *b = &d->side[FC_DIFF_BASE], *h = &d->side[FC_DIFF_HEAD];
	double tot[2] = { 0, 0 };
	size_t i, r;
	int s;

	d->node_p = malloc((d->n_nodes + 1) * sizeof(double));
	d->node_significant = calloc(d->n_nodes + 1, 1);
	if (!d->node_p || !d->node_significant)
		return false;
	for (s = 0; s < 2; s++)
		for (r = 0; r < d->side[s].n_runs; r++)
			tot[s] += d->side[s].run_total_us[r];
	for (i = 0; i < d->n_nodes; i++) {
		double mean[2], delta, p;
		for (s = 0; s < 2; s++)
			mean[s] = d->node_self[s][i] * d->side[s].scale / (double)d->side[s].n_runs;
		delta = mean[1] - mean[0];
		if (t->welch) {
			double sum[2], m[2], var[2];
			for (s = 0; s < 2; s++)
				run_moments(rv, t->runs[s][i], d->side[s].n_runs, d->side[s].scale,
					    &sum[s], &m[s], &var[s]);
			p = fc_diff_welch_moments(m[0], var[0], b->n_runs, m[1], var[1], h->n_runs,
						  NULL, NULL);
		} else {
			double x[2];
			for (s = 0; s < 2; s++)
				x[s] = tot[s] > 0 ? d->node_self[s][i] / tot[s] * d->side[s].samples
						  : 0;
			p = fc_diff_two_proportions(x[0], b->samples, x[1], h->samples, NULL);
		}
		d->node_p[i] = p;
		d->node_significant[i] =
			p < d->options.alpha && fabs(delta) >= d->threshold_us && fabs(delta) > 0;
	}
	return true;
}

/* Both sides weigh the same thing: time, or a heap profile's bytes (then
 * d->bytes). A CPU profile against a heap profile is refused. */
static bool same_weights(struct fc_diff *d, struct fc_error *err)
{
	const char *what[2] = { NULL, NULL };
	int side;

	for (side = 0; side < 2; side++) {
		const struct fc_diff_input *in = &d->side[side];
		for (size_t r = 0; r < in->n_runs; r++) {
			const struct fc_diff_run *x = &in->runs[r];
			size_t ng = x->thread_graphs ? x->n : 1;
			for (size_t t = 0; t < ng; t++) {
				const struct fc_graph *g =
					x->thread_graphs ? x->thread_graphs[t] : x->graph;
				const char *w = fc_unit_is_bytes(g->merged->weight_unit)
							? "heap profiles (bytes allocated)"
							: "CPU profiles (time)";
				if (!what[side])
					what[side] = w;
				if (what[side] != w) {
					fc_error_set(err, FC_ERR_USAGE,
						     "%s mixes CPU and heap profiles: time and "
						     "bytes cannot be compared",
						     in->path);
					return false;
				}
			}
		}
	}
	if (what[0] && what[1] && what[0] != what[1]) {
		fc_error_set(err, FC_ERR_USAGE,
			     "BASE %s has %s, HEAD %s has %s: a CPU profile and a heap profile "
			     "cannot be compared; diff two runs of the same kind",
			     d->side[0].path, what[0], d->side[1].path, what[1]);
		return false;
	}
	d->bytes = what[0] && what[0][0] == 'h';
	return true;
}

/* Marks every item's amounts as bytes when the profiles' are. */
static void mark_bytes(struct fc_diff *d)
{
	struct {
		struct fc_diff_item *v;
		size_t n;
	} lists[] = { { d->functions, d->n_functions },
		      { d->tiers, d->n_tiers },
		      { d->packages, d->n_packages },
		      { d->threads, d->n_threads },
		      { &d->total, 1 } };

	for (size_t l = 0; l < FC_ARRAY_LEN(lists); l++)
		for (size_t i = 0; i < lists[l].n; i++)
			lists[l].v[i].bytes = d->bytes;
}

bool fc_diff_compute(struct fc_diff *d, struct fc_diff_input *base, struct fc_diff_input *head,
		     const struct fc_diff_options *o, struct fc_error *err)
{
	struct sums s;
	struct items thr;
	struct run_list total_runs[2] = { { FC_NONE, FC_NONE }, { FC_NONE, FC_NONE } };
	struct finish fin;
	struct fc_diff_moves moves = { 0 };
	size_t i, r, n_fn = 0;
	int side;
	bool ok = false, per_thread = false;

	memset(d, 0, sizeof(*d));
	memset(&s, 0, sizeof(s));
	memset(&thr, 0, sizeof(thr));
	d->options = *o;
	d->side[FC_DIFF_BASE] = *base;
	d->side[FC_DIFF_HEAD] = *head;
	memset(base, 0, sizeof(*base));
	memset(head, 0, sizeof(*head));
	if (!fc_strpool_init(&d->strings))
		goto nomem;
	/* the pool and the function index grow with the functions, and
	 * dominate memory with the aligned tree: filled to 7/8 */
	d->strings.index.dense = true;
	s.fn.index.dense = true;
	s.tree.d = d;
	/* each path's runs only for Welch's test (several runs a side) */
	s.tree.welch = d->side[0].n_runs >= 2 && d->side[1].n_runs >= 2;
	for (side = 0; side < 2; side++)
		if (!merge_set(&d->side[side], o, err))
			goto done;
	if (!same_weights(d, err))
		goto done;
	for (side = 0; side < 2; side++)
		for (r = 0; r < d->side[side].n_runs; r++) {
			const struct fc_diff_run *x = &d->side[side].runs[r];
			size_t t, ng = x->thread_graphs ? x->n : 1;
			for (t = 0; t < ng; t++) {
				const struct fc_graph *g =
					x->thread_graphs ? x->thread_graphs[t] : x->graph;
				/* and a thread slot's root */
				s.tree.expect += g->n_nodes + 1;
				n_fn += g->merged->n_frames + 1;
			}
			if (x->thread_graphs)
				per_thread = true;
		}
	/* the functions at their most at once, as the tree's nodes, and the
	 * runs' values at their most (a path's, a function's, its tier's and
	 * package's per merged node and frame, a thread's and the total's per
	 * run): no copy as they grow, and pages never filled never touched */
	s.rv.cap = s.tree.expect + 3 * n_fn + 2 * (d->side[0].n_runs + d->side[1].n_runs);
	s.rv.v = malloc(s.rv.cap * sizeof(*s.rv.v));
	if (!s.rv.v || !items_reserve(&s.fn, n_fn + 1))
		goto nomem;
	/* the aligned tree dominates the comparison's memory: its table is
	 * filled to 7/8 at most */
	if (!tree_init_table(&s.tree))
		goto nomem;
	for (side = 0; side < 2; side++)
		if (d->side[side].app_prefix)
			d->side[side].app_prefix[d->side[side].app_prefix_len] = '\0';
	/* anonymous functions are keyed by their place in HEAD's lines */
	if (o->match == FC_DIFF_MATCH_FUNCTION &&
	    !fc_diff_moves_find(&moves, &d->side[FC_DIFF_BASE], &d->side[FC_DIFF_HEAD], o))
		goto nomem;
	for (side = 0; side < 2; side++) {
		struct fc_diff_input *in = &d->side[side];
		in->run_total_us = calloc(in->n_runs + 1, sizeof(double));
		if (!in->run_total_us)
			goto nomem;
		for (r = 0; r < in->n_runs; r++) {
			/* each run's graph (or each of its threads') is summed,
			 * then freed */
			struct fc_diff_run *x = &in->runs[r];
			size_t t, ng = x->thread_graphs ? x->n : 1;
			bool added = true;
			for (t = 0; t < ng; t++) {
				struct fc_graph **g =
					x->thread_graphs ? &x->thread_graphs[t] : &x->graph;
				added = added &&
					add_run_graph(&s, o, side, r, per_thread ? (int)t : -1, *g,
						      in, side == FC_DIFF_BASE ? &moves : NULL,
						      err);
				fc_graph_destroy(*g);
				*g = NULL;
			}
			if (!added)
				goto done;
		}
	}
	fc_diff_moves_finish(&moves);
	/* the tables only served the sums: their memory is the tests' */
	fc_map_finish(&s.tree.table);
	fc_map_finish(&s.fn.index);
	/* totals per run and normalisation */
	for (side = 0; side < 2; side++) {
		struct fc_diff_input *in = &d->side[side];
		double sum = 0;
		for (r = 0; r < in->n_runs; r++)
			sum += in->run_total_us[r];
		in->total_us = sum / (double)in->n_runs;
		fin.run_sum[side] = sum;
	}
	fin.rv = &s.rv;
	if (o->normalize_total && d->side[0].total_us > 0) {
		struct fc_diff_input *b = &d->side[FC_DIFF_BASE];
		b->scale = d->side[FC_DIFF_HEAD].total_us / b->total_us;
	}
	d->threshold_us =
		o->min_change_us > 0 ? o->min_change_us : o->min_change * d->side[1].total_us;
	d->test = d->side[0].n_runs >= 2 && d->side[1].n_runs >= 2 ? "welch" : "two-proportion";
	/* the total as an item */
	for (side = 0; side < 2; side++) {
		struct fc_diff_input *in = &d->side[side];
		for (r = 0; r < in->n_runs; r++)
			if (!run_add(&s.rv, &total_runs[side], r, in->run_total_us[r]))
				goto nomem;
		d->total.side[side].total_us = in->total_us * (double)in->n_runs;
	}
	if (fc_strpool_intern(&d->strings, "total", 5) == FC_NONE || !thread_items(d, &thr, &s.rv))
		goto nomem;
	d->total.name = fc_strpool_get(&d->strings, fc_strpool_find(&d->strings, "total", 5));
	d->total.file = d->total.package = fc_strpool_get(&d->strings, 0);
	take_items(&s.fn, &d->strings, &d->functions, &d->n_functions);
	take_items(&s.tier, &d->strings, &d->tiers, &d->n_tiers);
	take_items(&s.pkg, &d->strings, &d->packages, &d->n_packages);
	take_items(&thr, &d->strings, &d->threads, &d->n_threads);
	for (i = 0; i < d->n_functions; i++)
		item_finish(d, &fin, &d->functions[i], s.fn.runs[i]);
	for (i = 0; i < d->n_tiers; i++)
		item_finish(d, &fin, &d->tiers[i], s.tier.runs[i]);
	for (i = 0; i < d->n_packages; i++)
		item_finish(d, &fin, &d->packages[i], s.pkg.runs[i]);
	item_finish(d, &fin, &d->total, total_runs);
	for (i = 0; i < d->n_threads; i++)
		item_finish(d, &fin, &d->threads[i], thr.runs[i]);
	mark_bytes(d);
	/* each path's change and test, then its self as a mean per run */
	if (!node_tests(d, &s.tree, &s.rv))
		goto nomem;
	d->side[FC_DIFF_BASE].total_us *= d->side[FC_DIFF_BASE].scale;
	for (side = 0; side < 2; side++)
		for (i = 0; i < d->n_nodes; i++)
			d->node_self[side][i] *= d->side[side].scale / (double)d->side[side].n_runs;
	ok = true;
	goto done;
nomem:
	fc_error_set(err, FC_ERR_NOMEM, "out of memory");
done:
	fc_diff_moves_finish(&moves);
	items_finish(&s.fn);
	items_finish(&s.tier);
	items_finish(&s.pkg);
	items_finish(&thr);
	free(s.rv.v);
	free(s.active);
	fc_map_finish(&s.tree.table);
	free(s.tree.runs[0]);
	free(s.tree.runs[1]);
	return ok;
}

void fc_diff_finish(struct fc_diff *d)
{
	size_t i;
	int s;

	if (!d)
		return;
	for (s = 0; s < 2; s++) {
		input_finish(&d->side[s]);
		free(d->node_self[s]);
	}
	free(d->node_p);
	free(d->node_significant);
	free(d->functions);
	free(d->tiers);
	free(d->packages);
	free(d->threads);
	free(d->node_parent);
	free(d->node_function);
	for (i = 0; i < d->n_rules; i++)
		fc_diff_rule_finish(&d->rules[i]);
	free(d->rules);
	fc_strpool_finish(&d->strings);
	memset(d, 0, sizeof(*d));
}

static int delta_cmp(const void *a, const void *b, void *ctx)
{
	const struct fc_diff_item *v = ctx;
	const struct fc_diff_item *x = &v[*(const size_t *)a], *y = &v[*(const size_t *)b];
	int c;

	if (x->delta_self_us != y->delta_self_us)
		return x->delta_self_us > y->delta_self_us ? -1 : 1;
	c = strcmp(x->name, y->name);
	return c ? c : strcmp(x->file, y->file);
}

size_t *fc_diff_order(const struct fc_diff *d, const struct fc_diff_item *items, size_t n)
{
	size_t *o = malloc((n + 1) * sizeof(*o)), i;

	(void)d;
	if (!o)
		return NULL;
	for (i = 0; i < n; i++)
		o[i] = i;
	if (!fc_sort(o, n, sizeof(*o), delta_cmp, (void *)items)) {
		free(o);
		return NULL;
	}
	return o;
}
