/* The comparison of two runs (DESIGN §11, docs/diff.md): load each side's
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
#include "flamechart/classify.h"
#include "flamechart/diff.h"
#include "flamechart/hide.h"
#include "flamechart/scope.h"
#include "layout/graph.h"
#include "util/util.h"

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
	long v[6];
	int n = 0;
	const char *p = name;

	if (strncmp(p, "CPU.", 4) != 0)
		return false;
	p += 4;
	while (n < 6) {
		char *end;
		v[n++] = strtol(p, &end, 10);
		if (end == p || *end != '.')
			return false;
		p = end + 1;
		if (n == 5)
			break;
	}
	if (n != 5)
		return false;
	*tid = v[3];
	*seq = v[4];
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

/* The names in dir (no dot files), joined to dir, sorted by name; dirs
 * and files apart. */
static bool list_dir(const char *dir, char ***files, size_t *nf, char ***dirs, size_t *nd,
		     struct fc_error *err)
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
		struct stat st;
		char *path;
		if (e->d_name[0] == '.')
			continue;
		path = fc_asprintf("%s/%s", dir, e->d_name);
		if (!path || stat(path, &st) != 0) {
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
 * scripts' common directory. */
static bool note_frames(struct fc_diff_input *in, const struct fc_profile *p)
{
	uint32_t f;

	for (f = 0; f < p->n_frames; f++) {
		const struct fc_frame *fr = &p->frames[f];
		const char *url = fc_profile_str(p, fr->url);
		if (!fc_diff_is_app_script(url))
			continue;
		if (strncmp(url, "file://", 7) == 0)
			url += 7;
		if (!in->app_prefix) {
			in->app_prefix = fc_strdup(url);
			if (!in->app_prefix)
				return false;
			in->app_prefix_len = fc_diff_common_dir(url, strlen(url), url);
		} else {
			in->app_prefix_len =
				fc_diff_common_dir(in->app_prefix, in->app_prefix_len, url);
		}
	}
	return true;
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
	char **files = NULL, **dirs = NULL, **sub = NULL, **subdirs = NULL;
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
	if (!list_dir(path, &files, &nf, &dirs, &nd, err))
		goto done;
	for (i = 0; i < nf; i++)
		if (!add_run(in, fc_basename(files[i]), &files[i], 1, io, err))
			goto done;
	for (i = 0; i < nd; i++) {
		if (!list_dir(dirs[i], &sub, &ns, &subdirs, &nsd, err))
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

/* src into dst (size > 0), truncated and NUL-terminated, as snprintf's
 * "%s" does, without its cost (this runs once per merged frame). */
static size_t copy_str(char *dst, size_t size, const char *src)
{
	size_t n = strlen(src);

	if (n >= size)
		n = size - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
	return n;
}

/* The display name and key path of frame f of p: out_name, out_file. An
 * anonymous function is named by its place in HEAD's lines (BASE's moved
 * by moves; NULL for HEAD): "(anonymous 12:5)". */
static void frame_key(const struct fc_diff_options *o, const struct fc_diff_input *in,
		      const struct fc_diff_moves *moves, const struct fc_profile *p,
		      const struct fc_frame *f, char *name, size_t name_size, char *file,
		      size_t file_size, int32_t *line, int32_t *col)
{
	const char *n = fc_profile_str(p, f->name), *url = fc_profile_str(p, f->url);

	*line = -1;
	*col = -1;
	copy_str(name, name_size, n);
	if (f->meta != FC_META_NONE) {
		copy_str(file, file_size, url);
		return;
	}
	switch (o->match) {
	case FC_DIFF_MATCH_EXACT:
		copy_str(file, file_size, url);
		*line = f->line;
		*col = f->column;
		break;
	case FC_DIFF_MATCH_NAME:
		file[0] = '\0';
		break;
	case FC_DIFF_MATCH_FUNCTION:
	default:
		fc_diff_key_path(url, in->app_prefix, o->strip, o->n_strip, file, file_size);
		if (is_anonymous(n) && f->line >= 0) {
			int32_t at = moves ? fc_diff_moves_line(moves, file, f->line) : f->line;
			if (f->column >= 0)
				snprintf(name, name_size, "(anonymous %ld:%ld)", (long)at + 1,
					 (long)f->column + 1);
			else
				snprintf(name, name_size, "(anonymous %ld)", (long)at + 1);
		} else if (is_anonymous(n)) {
			copy_str(name, name_size, "(anonymous)");
		}
		break;
	}
}

/* --- functions by key ------------------------------------------------------------- */

struct key_probe {
	const struct fc_diff_table *t;
	const char *key;
};

static bool key_eq(const void *ctx, uint32_t i)
{
	const struct key_probe *q = ctx;
	return strcmp(q->t->keys[i], q->key) == 0;
}

/* Items grow as keys are found; each holds its per-run arrays. */
struct items {
	struct fc_diff_table keys;
	struct fc_diff_item *v;
	size_t cap;
};

/* An item's strings in one block (key, name, file, package: x->key owns
 * it) and both sides' per-run arrays in another (x->side[0].runs owns it).
 * False, with nothing kept, when either cannot be allocated. */
static bool item_init(struct fc_diff_item *x, const char *key, size_t key_len, const char *name,
		      const char *file, const char *package, const size_t n_runs[2])
{
	size_t ln = strlen(name) + 1, lf = strlen(file) + 1, lp = strlen(package) + 1;
	char *block = malloc(key_len + 1 + ln + lf + lp);

	memset(x, 0, sizeof(*x));
	x->side[0].runs = calloc(n_runs[0] + n_runs[1] + 2, sizeof(double));
	if (!block || !x->side[0].runs) {
		free(block);
		free(x->side[0].runs);
		x->side[0].runs = NULL;
		return false;
	}
	x->key = block;
	memcpy(block, key, key_len + 1);
	x->name = memcpy(block + key_len + 1, name, ln);
	x->file = memcpy(x->name + ln, file, lf);
	x->package = memcpy(x->file + lf, package, lp);
	x->side[1].runs = x->side[0].runs + n_runs[0] + 1;
	return true;
}

/* The item of key, made on first sight (item_init: two allocations). */
static struct fc_diff_item *item_get(struct items *it, const char *key, size_t key_len,
				     const char *name, const char *file, const struct fc_frame *f,
				     int32_t line, int32_t column, const char *package,
				     const size_t n_runs[2])
{
	struct key_probe q = { &it->keys, key };
	uint32_t h = (uint32_t)fc_hash_bytes(key, key_len), i;
	size_t slot;
	struct fc_diff_item *x;

	if (!fc_map_reserve(&it->keys.index, it->keys.n + 1))
		return NULL;
	i = fc_map_find(&it->keys.index, h, key_eq, &q, &slot);
	if (i != FC_NONE)
		return &it->v[i];
	if (!FC_GROW(it->keys.keys, it->keys.cap, it->keys.n + 1) ||
	    !FC_GROW(it->v, it->cap, it->keys.n + 1))
		return NULL;
	i = (uint32_t)it->keys.n;
	x = &it->v[i];
	if (!item_init(x, key, key_len, name, file, package, n_runs))
		return NULL;
	x->tier = f->tier;
	x->tags = f->tags;
	x->line = line;
	x->column = column;
	x->thread = -1;
	it->keys.keys[i] = x->key;
	it->keys.n++;
	fc_map_put(&it->keys.index, slot, h, i);
	return x;
}

/* --- the aligned tree ----------------------------------------------------------- */

/* A slot of the aligned tree's table: the edge (parent, function) it
 * holds, so that a probe reads one slot and never the node arrays. */
struct edge_slot {
	uint32_t parent, fn;
	uint32_t node; /* FC_NONE: empty */
};

struct tree {
	struct fc_diff *d;
	size_t cap;
	/* (parent, function) -> node: open addressing, linear probing, sized
	 * once for every node the runs can bring (no rehash), at most 7/8 full */
	struct edge_slot *slots;
	size_t mask;
	/* each path's self time in each run: run[s][node * n_runs[s] + r]
	 * (n_runs 0: not kept, when the test is not Welch's) */
	double *run[2];
	size_t n_runs[2];
	size_t expect; /* the runs' merged nodes, summed: the most the tree can have */
};

/* The table, and the node arrays at their largest at once: no copy as
 * the tree grows, and pages that are never filled are never touched. */
static bool tree_init_table(struct tree *t)
{
	struct fc_diff *d = t->d;
	size_t cap = 16, i, n = t->expect + 1;

	while (cap - cap / 8 < t->expect + 1)
		cap *= 2;
	t->slots = malloc(cap * sizeof(*t->slots));
	d->node_parent = malloc(n * sizeof(uint32_t));
	d->node_function = malloc(n * sizeof(uint32_t));
	d->node_self[0] = malloc(n * sizeof(double));
	d->node_self[1] = malloc(n * sizeof(double));
	t->run[0] = malloc(n * t->n_runs[0] * sizeof(double) + 1);
	t->run[1] = malloc(n * t->n_runs[1] * sizeof(double) + 1);
	if (!t->slots || !d->node_parent || !d->node_function || !d->node_self[0] ||
	    !d->node_self[1] || !t->run[0] || !t->run[1])
		return false;
	t->cap = n;
	for (i = 0; i < cap; i++)
		t->slots[i].node = FC_NONE;
	t->mask = cap - 1;
	return true;
}

static uint32_t tree_child(struct tree *t, uint32_t parent, uint32_t fn)
{
	struct fc_diff *d = t->d;
	size_t j = (size_t)fc_hash_u64((uint64_t)parent << 32 | fn) & t->mask;
	struct edge_slot *e;
	uint32_t k;

	for (;; j = (j + 1) & t->mask) {
		e = &t->slots[j];
		if (e->node == FC_NONE)
			break;
		if (e->parent == parent && e->fn == fn)
			return e->node;
	}
	if (d->n_nodes >= t->cap)
		return FC_NONE; /* cannot happen: expect bounds the tree */
	k = (uint32_t)d->n_nodes++;
	d->node_parent[k] = parent;
	d->node_function[k] = fn;
	d->node_self[0][k] = d->node_self[1][k] = 0;
	if (t->n_runs[0])
		memset(t->run[0] + k * t->n_runs[0], 0, t->n_runs[0] * sizeof(double));
	if (t->n_runs[1])
		memset(t->run[1] + k * t->n_runs[1], 0, t->n_runs[1] * sizeof(double));
	e->parent = parent;
	e->fn = fn;
	e->node = k;
	return k;
}

/* --- summing the runs -------------------------------------------------------------- */

/* A function's key: "name\x1ffile\x1fline\x1fcolumn", as
 * "%s\x1f%s\x1f%d\x1f%d" prints it. Its length. */
static size_t make_key(char *out, size_t size, const char *name, const char *file, int32_t line,
		       int32_t col)
{
	char num[2][16];
	size_t n;

	snprintf(num[0], sizeof(num[0]), "%d", (int)line);
	snprintf(num[1], sizeof(num[1]), "%d", (int)col);
	n = copy_str(out, size, name);
	out[n++] = '\x1f';
	n += copy_str(out + n, size - n, file);
	out[n++] = '\x1f';
	n += copy_str(out + n, size - n, num[0]);
	out[n++] = '\x1f';
	n += copy_str(out + n, size - n, num[1]);
	return n;
}

struct sums {
	struct items fn, tier, pkg;
	uint32_t tier_item[FC_TIER_COUNT]; /* each tier's item + 1, 0 = not yet */
	struct tree tree;
	size_t n_runs[2];
};

/* Adds one run of one side: its graph merged as -m graph merges, every
 * merged node's self time to its function, tier and package, every
 * function's total once per stack (recursion is not counted twice). */
static bool add_run_graph(struct sums *s, const struct fc_diff_options *o, int side, size_t run,
			  int thread, const struct fc_graph *g, struct fc_diff_input *in,
			  const struct fc_diff_moves *moves, struct fc_error *err)
{
	uint32_t *amap = NULL, *ffn = NULL, *fti = NULL, *fpk = NULL, k, fk, top_parent = FC_NONE;
	uint32_t *start = NULL, *kids = NULL, *active = NULL, *stack = NULL;
	double run_total = 0, *fself = NULL;
	size_t top;
	bool ok = false;
	struct tree *t = &s->tree;

	amap = malloc((g->n_nodes + 1) * sizeof(*amap));
	/* per merged frame: its function, tier and package items (+1; 0 = not yet) */
	ffn = calloc(g->merged->n_frames + 1, sizeof(*ffn));
	fti = calloc(g->merged->n_frames + 1, sizeof(*fti));
	fpk = calloc(g->merged->n_frames + 1, sizeof(*fpk));
	fself = calloc(g->merged->n_frames + 1, sizeof(*fself));
	if (!amap || !ffn || !fti || !fpk || !fself)
		goto done;
	if (thread >= 0) {
		/* a thread's paths hang under its slot's root */
		static const struct fc_frame none = { .tier = FC_TIER_V8 };
		char name[32], key[40];
		struct fc_diff_item *x;
		snprintf(name, sizeof(name), "thread %d", thread + 1);
		snprintf(key, sizeof(key), "\x1ethread %d", thread + 1);
		x = item_get(&s->fn, key, strlen(key), name, "", &none, -1, -1, "", s->n_runs);
		if (!x)
			goto done;
		x->thread = thread;
		x->thread_root = true;
		top_parent = tree_child(t, FC_NONE, (uint32_t)(x - s->fn.v));
		if (top_parent == FC_NONE)
			goto done;
	}
	for (k = 0; k < g->n_nodes; k++) {
		const struct fc_profile *m = g->merged;
		uint32_t fi = m->node_frame[k];
		const struct fc_frame *f = &m->frames[fi];
		struct fc_diff_item *x, *ti, *pk;
		char key[8256], tkey[32], name[4096], file[4096];
		size_t klen;
		const char *pkg = fc_profile_str(m, f->package);
		int32_t line, col;
		uint32_t a;

		amap[k] = FC_NONE;
		if (k == 0)
			continue; /* the root */
		if (!ffn[fi]) {
			frame_key(o, in, moves, m, f, name, sizeof(name), file, sizeof(file), &line,
				  &col);
			/* per thread slot: the slot first in the key */
			klen = thread >= 0 ? (size_t)snprintf(key, 16, "%d\x1e", thread) : 0;
			klen += make_key(key + klen, sizeof(key) - klen, name, file, line, col);
			x = item_get(&s->fn, key, klen, name, file, f, line, col, pkg, s->n_runs);
			if (!x)
				goto done;
			x->thread = thread;
			ffn[fi] = (uint32_t)(x - s->fn.v) + 1;
			if (f->tier < FC_TIER_COUNT && s->tier_item[f->tier]) {
				fti[fi] = s->tier_item[f->tier];
			} else {
				snprintf(tkey, sizeof(tkey), "%s",
					 fc_tier_name((enum fc_tier)f->tier));
				ti = item_get(&s->tier, tkey, strlen(tkey), tkey, tkey, f, -1, -1,
					      "", s->n_runs);
				if (!ti)
					goto done;
				fti[fi] = (uint32_t)(ti - s->tier.v) + 1;
				if (f->tier < FC_TIER_COUNT)
					s->tier_item[f->tier] = fti[fi];
			}
			if (pkg[0]) {
				pk = item_get(&s->pkg, pkg, strlen(pkg), pkg, pkg, f, -1, -1, pkg,
					      s->n_runs);
				if (!pk)
					goto done;
				fpk[fi] = (uint32_t)(pk - s->pkg.v) + 1;
			}
		}
		fk = ffn[fi] - 1;
		a = tree_child(t, m->node_parent[k] ? amap[m->node_parent[k]] : top_parent, fk);
		if (a == FC_NONE)
			goto done;
		amap[k] = a;
		t->d->node_self[side][a] += g->self[k];
		if (t->n_runs[side])
			t->run[side][(size_t)a * t->n_runs[side] + run] += g->self[k];
		/* per frame first (a dense array), to the items below */
		fself[fi] += g->self[k];
		run_total += g->self[k];
	}
	for (k = 0; k < g->merged->n_frames; k++) {
		if (!ffn[k] || fself[k] == 0)
			continue;
		s->fn.v[ffn[k] - 1].side[side].runs[run] += fself[k];
		s->tier.v[fti[k] - 1].side[side].runs[run] += fself[k];
		if (fpk[k])
			s->pkg.v[fpk[k] - 1].side[side].runs[run] += fself[k];
	}
	/* every function's total once per stack (recursion is not counted
	 * twice): a depth-first walk that counts a node only when no node of
	 * the same function is open below it */
	start = calloc(g->n_nodes + 2, sizeof(*start));
	kids = malloc((g->n_nodes + 1) * sizeof(*kids));
	active = calloc(s->fn.keys.n + 1, sizeof(*active));
	/* each node once, and a mark per open node: n + depth */
	stack = malloc((g->n_nodes + g->merged->max_depth + 2) * sizeof(*stack));
	if (!start || !kids || !active || !stack)
		goto done;
	for (k = 1; k < g->n_nodes; k++)
		start[g->merged->node_parent[k] + 2]++;
	for (k = 0; k < g->n_nodes; k++)
		start[k + 2] += start[k + 1];
	for (k = 1; k < g->n_nodes; k++)
		kids[start[g->merged->node_parent[k] + 1]++] = k;
	/* now kids[start[m] .. start[m + 1]) are m's */
	top = 0;
	for (k = start[0]; k < start[1]; k++)
		stack[top++] = kids[k] << 1;
	while (top) {
		uint32_t v = stack[--top], node = v >> 1, f = ffn[g->merged->node_frame[node]] - 1;
		if (v & 1) {
			active[f]--;
			continue;
		}
		if (!active[f]++)
			s->fn.v[f].side[side].total_us += g->total[node];
		stack[top++] = v | 1;
		for (k = start[node]; k < start[node + 1]; k++)
			stack[top++] = kids[k] << 1;
	}
	in->run_total_us[run] += run_total; /* a thread at a time */
	/* a heap profile: its sampled allocations; folded stacks: the weights
	 * are the sample counts (or thousandths) */
	if (g->merged->bytes_per_event > 0)
		in->samples += run_total / g->merged->bytes_per_event;
	else if (!g->merged->has_time)
		in->samples +=
			run_total /
			(g->merged->weight_unit && strncmp(g->merged->weight_unit, "1/1000", 6) == 0
				 ? 1000
				 : 1);
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
	free(start);
	free(kids);
	free(active);
	free(stack);
	return ok;
}

/* Means per run, normalisation, change, test and significance of one item. */
static void item_finish(struct fc_diff *d, struct fc_diff_item *x)
{
	const struct fc_diff_input *b = &d->side[FC_DIFF_BASE], *h = &d->side[FC_DIFF_HEAD];
	int s;
	size_t i;

	for (s = 0; s < 2; s++) {
		const struct fc_diff_input *in = &d->side[s];
		double sum = 0;
		for (i = 0; i < in->n_runs; i++) {
			x->side[s].runs[i] *= in->scale;
			sum += x->side[s].runs[i];
		}
		x->side[s].self_us = sum / (double)in->n_runs;
		x->side[s].total_us *= in->scale / (double)in->n_runs;
		/* samples: self time over the side's mean sample duration */
		{
			double tot = 0;
			for (i = 0; i < in->n_runs; i++)
				tot += in->run_total_us[i];
			x->side[s].samples = tot > 0 ? sum / in->scale / tot * in->samples : 0;
		}
		if (s == FC_DIFF_BASE)
			x->in_base = sum > 0;
		else
			x->in_head = sum > 0;
	}
	x->delta_self_us = x->side[1].self_us - x->side[0].self_us;
	x->delta_total_us = x->side[1].total_us - x->side[0].total_us;
	if (b->n_runs >= 2 && h->n_runs >= 2)
		x->p_value = fc_diff_welch(x->side[0].runs, b->n_runs, x->side[1].runs, h->n_runs,
					   &x->stat, NULL);
	else
		x->p_value = fc_diff_two_proportions(x->side[0].samples, b->samples,
						     x->side[1].samples, h->samples, &x->stat);
	x->significant = x->p_value < d->options.alpha &&
			 fabs(x->delta_self_us) >= d->threshold_us && fabs(x->delta_self_us) > 0;
}

/* The table of an items list: its key strings belong to the items. */
static void items_table_finish(struct fc_diff_table *t)
{
	free(t->keys);
	fc_map_finish(&t->index);
	memset(t, 0, sizeof(*t));
}

static void take_items(struct items *it, struct fc_diff_item **v, size_t *n)
{
	*v = it->v;
	*n = it->keys.n;
	items_table_finish(&it->keys);
	memset(it, 0, sizeof(*it));
}

static void items_free(struct fc_diff_item *v, size_t n)
{
	size_t i;
	for (i = 0; v && i < n; i++) {
		free(v[i].key);          /* and the strings after it */
		free(v[i].side[0].runs); /* and side[1]'s */
	}
	free(v);
}

/* One item per matched thread slot when a run has several threads: each
 * run's i-th thread's CPU time (0 where a run has fewer), compared as a
 * tier is. */
static bool thread_items(struct fc_diff *d)
{
	size_t n = 0, i, r;
	int s;

	for (s = 0; s < 2; s++)
		for (r = 0; r < d->side[s].n_runs; r++)
			if (d->side[s].runs[r].n > n)
				n = d->side[s].runs[r].n;
	if (n < 2)
		return true;
	d->threads = calloc(n, sizeof(*d->threads));
	if (!d->threads)
		return false;
	for (i = 0; i < n; i++) {
		struct fc_diff_item *x = &d->threads[i];
		char name[32];
		size_t len = (size_t)snprintf(name, sizeof(name), "thread %zu", i + 1);
		const size_t n_runs[2] = { d->side[0].n_runs, d->side[1].n_runs };
		if (!item_init(x, name, len, name, "", "", n_runs))
			return false;
		d->n_threads = i + 1; /* items_free frees what there is */
		x->tier = FC_TIER_COUNT;
		x->line = x->column = -1;
		for (s = 0; s < 2; s++) {
			for (r = 0; r < d->side[s].n_runs; r++) {
				const struct fc_diff_run *run = &d->side[s].runs[r];
				/* a run of one thread: the graph's total */
				x->side[s].runs[r] = i >= run->n   ? 0
						     : run->n == 1 ? d->side[s].run_total_us[r]
								   : run->thread_us[i];
				x->side[s].total_us += x->side[s].runs[r];
			}
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
static bool node_tests(struct fc_diff *d, const struct tree *t)
{
	const struct fc_diff_input *b = &d->side[FC_DIFF_BASE], *h = &d->side[FC_DIFF_HEAD];
	double tot[2] = { 0, 0 }, *tmp = malloc((b->n_runs + 1) * sizeof(double));
	bool welch = b->n_runs >= 2 && h->n_runs >= 2;
	size_t i, r;
	int s;

	d->node_p = malloc((d->n_nodes + 1) * sizeof(double));
	d->node_significant = calloc(d->n_nodes + 1, 1);
	if (!tmp || !d->node_p || !d->node_significant) {
		free(tmp);
		return false;
	}
	for (s = 0; s < 2; s++)
		for (r = 0; r < d->side[s].n_runs; r++)
			tot[s] += d->side[s].run_total_us[r];
	for (i = 0; i < d->n_nodes; i++) {
		double mean[2], delta, p;
		for (s = 0; s < 2; s++)
			mean[s] = d->node_self[s][i] * d->side[s].scale / (double)d->side[s].n_runs;
		delta = mean[1] - mean[0];
		if (welch) {
			for (r = 0; r < b->n_runs; r++)
				tmp[r] = t->run[0][i * b->n_runs + r] * b->scale;
			p = fc_diff_welch(tmp, b->n_runs, t->run[1] + i * h->n_runs, h->n_runs,
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
	free(tmp);
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
	struct fc_diff_moves moves = { 0 };
	size_t i, r;
	int side;
	bool ok = false, per_thread = false;

	memset(d, 0, sizeof(*d));
	memset(&s, 0, sizeof(s));
	d->options = *o;
	d->side[FC_DIFF_BASE] = *base;
	d->side[FC_DIFF_HEAD] = *head;
	memset(base, 0, sizeof(*base));
	memset(head, 0, sizeof(*head));
	s.tree.d = d;
	for (side = 0; side < 2; side++) {
		s.n_runs[side] = d->side[side].n_runs;
		/* each path's runs only for Welch's test (several runs a side) */
		s.tree.n_runs[side] =
			d->side[0].n_runs >= 2 && d->side[1].n_runs >= 2 ? d->side[side].n_runs : 0;
	}
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
				s.fn.cap += g->merged->n_frames + 1;
			}
			if (x->thread_graphs)
				per_thread = true;
		}
	/* the functions at their most at once, as the tree's nodes */
	s.fn.keys.cap = ++s.fn.cap;
	s.fn.v = malloc(s.fn.cap * sizeof(*s.fn.v));
	s.fn.keys.keys = malloc(s.fn.cap * sizeof(*s.fn.keys.keys));
	if (!s.fn.v || !s.fn.keys.keys || !fc_map_reserve(&s.fn.keys.index, s.fn.cap))
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
	/* the table only served the sums: its memory is the tests' */
	free(s.tree.slots);
	s.tree.slots = NULL;
	/* totals per run and normalisation */
	for (side = 0; side < 2; side++) {
		struct fc_diff_input *in = &d->side[side];
		double sum = 0;
		for (r = 0; r < in->n_runs; r++)
			sum += in->run_total_us[r];
		in->total_us = sum / (double)in->n_runs;
	}
	if (o->normalize_total && d->side[0].total_us > 0) {
		struct fc_diff_input *b = &d->side[FC_DIFF_BASE];
		b->scale = d->side[FC_DIFF_HEAD].total_us / b->total_us;
	}
	d->threshold_us =
		o->min_change_us > 0 ? o->min_change_us : o->min_change * d->side[1].total_us;
	d->test = d->side[0].n_runs >= 2 && d->side[1].n_runs >= 2 ? "welch" : "two-proportion";
	/* the total as an item */
	d->total.name = fc_strdup("total");
	d->total.file = fc_strdup("");
	d->total.package = fc_strdup("");
	for (side = 0; side < 2; side++) {
		struct fc_diff_input *in = &d->side[side];
		d->total.side[side].runs = malloc((in->n_runs + 1) * sizeof(double));
		if (!d->total.side[side].runs)
			goto nomem;
		for (r = 0; r < in->n_runs; r++)
			d->total.side[side].runs[r] = in->run_total_us[r];
		d->total.side[side].total_us = in->total_us * (double)in->n_runs;
	}
	if (!d->total.name || !d->total.file || !d->total.package)
		goto nomem;
	if (!thread_items(d))
		goto nomem;
	take_items(&s.fn, &d->functions, &d->n_functions);
	take_items(&s.tier, &d->tiers, &d->n_tiers);
	take_items(&s.pkg, &d->packages, &d->n_packages);
	for (i = 0; i < d->n_functions; i++)
		item_finish(d, &d->functions[i]);
	for (i = 0; i < d->n_tiers; i++)
		item_finish(d, &d->tiers[i]);
	for (i = 0; i < d->n_packages; i++)
		item_finish(d, &d->packages[i]);
	item_finish(d, &d->total);
	for (i = 0; i < d->n_threads; i++)
		item_finish(d, &d->threads[i]);
	mark_bytes(d);
	/* each path's change and test, then its self as a mean per run */
	if (!node_tests(d, &s.tree))
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
	items_free(s.fn.v, s.fn.keys.n);
	items_table_finish(&s.fn.keys);
	items_free(s.tier.v, s.tier.keys.n);
	items_table_finish(&s.tier.keys);
	items_free(s.pkg.v, s.pkg.keys.n);
	items_table_finish(&s.pkg.keys);
	free(s.tree.slots);
	free(s.tree.run[0]);
	free(s.tree.run[1]);
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
	items_free(d->functions, d->n_functions);
	items_free(d->tiers, d->n_tiers);
	items_free(d->packages, d->n_packages);
	free(d->total.name);
	free(d->total.file);
	free(d->total.package);
	free(d->total.side[0].runs);
	free(d->total.side[1].runs);
	items_free(d->threads, d->n_threads);
	free(d->node_parent);
	free(d->node_function);
	for (i = 0; i < d->n_rules; i++)
		fc_diff_rule_finish(&d->rules[i]);
	free(d->rules);
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
