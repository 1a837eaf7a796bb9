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

static bool add_run(struct fc_diff_input *in, const char *label, char **files, size_t n,
		    const struct fc_import_options *io, struct fc_error *err)
{
	size_t i, first = in->set.count;
	struct fc_diff_run *r;

	for (i = 0; i < n; i++)
		if (!fc_import_file(files[i], io, &in->set, err))
			return false;
	r = realloc(in->runs, (in->n_runs + 1) * sizeof(*in->runs));
	if (!r)
		goto nomem;
	in->runs = r;
	r = &in->runs[in->n_runs];
	r->label = fc_strdup(label);
	if (!r->label)
		goto nomem;
	r->first = first;
	r->n = in->set.count - first;
	in->n_runs++;
	return true;
nomem:
	fc_error_set(err, FC_ERR_NOMEM, "out of memory");
	return false;
}

bool fc_diff_load_side(struct fc_diff_input *in, const char *path,
		       const struct fc_import_options *io, struct fc_error *err)
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
	size_t i;

	for (i = 0; i < in->n_runs; i++)
		free(in->runs[i].label);
	free(in->runs);
	free(in->path);
	free(in->app_prefix);
	free(in->run_total_us);
	fc_profile_set_finish(&in->set);
	memset(in, 0, sizeof(*in));
}

/* --- function keys --------------------------------------------------------------- */

static bool is_anonymous(const char *name)
{
	return !name[0] || strcmp(name, "(anonymous)") == 0;
}

/* The app scripts' common directory over every frame of a side. */
static bool side_prefix(struct fc_diff_input *in)
{
	char *prefix = NULL;
	size_t len = 0, i;
	uint32_t f;

	for (i = 0; i < in->set.count; i++) {
		const struct fc_profile *p = in->set.items[i];
		for (f = 0; f < p->n_frames; f++) {
			const char *url = fc_profile_str(p, p->frames[f].url);
			if (!fc_diff_is_app_script(url))
				continue;
			if (strncmp(url, "file://", 7) == 0)
				url += 7;
			if (!prefix) {
				prefix = fc_strdup(url);
				if (!prefix)
					return false;
				len = fc_diff_common_dir(prefix, strlen(prefix), prefix);
			} else {
				len = fc_diff_common_dir(prefix, len, url);
			}
		}
	}
	if (prefix)
		prefix[len] = '\0';
	in->app_prefix = prefix;
	return true;
}

/* An anonymous function's place among the side's anonymous functions of
 * the same file, by line and column: stable when lines move. */
struct anon {
	char *file;
	int32_t line, column;
};

static int anon_cmp(const void *a, const void *b, void *ctx)
{
	const struct anon *x = a, *y = b;
	int c = strcmp(x->file, y->file);
	(void)ctx;
	if (c)
		return c;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return x->column < y->column ? -1 : x->column > y->column;
}

struct side_keys {
	struct anon *anon;
	size_t n_anon;
};

static size_t anon_rank(const struct side_keys *k, const char *file, int32_t line, int32_t col)
{
	size_t lo = 0, hi = k->n_anon, first;
	struct anon key = { (char *)file, line, col };

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (anon_cmp(&k->anon[mid], &key, NULL) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	first = lo;
	while (first > 0 && strcmp(k->anon[first - 1].file, file) == 0)
		first--;
	return lo - first + 1;
}

/* The display name and key path of frame f of p: out_name, out_file. */
static void frame_key(const struct fc_diff_options *o, const struct fc_diff_input *in,
		      const struct side_keys *k, const struct fc_profile *p,
		      const struct fc_frame *f, char *name, size_t name_size, char *file,
		      size_t file_size, int32_t *line, int32_t *col)
{
	const char *n = fc_profile_str(p, f->name), *url = fc_profile_str(p, f->url);

	*line = -1;
	*col = -1;
	snprintf(name, name_size, "%s", n);
	if (f->meta != FC_META_NONE) {
		snprintf(file, file_size, "%s", url);
		return;
	}
	switch (o->match) {
	case FC_DIFF_MATCH_EXACT:
		snprintf(file, file_size, "%s", url);
		*line = f->line;
		*col = f->column;
		break;
	case FC_DIFF_MATCH_NAME:
		file[0] = '\0';
		break;
	case FC_DIFF_MATCH_FUNCTION:
	default:
		fc_diff_key_path(url, in->app_prefix, o->strip, o->n_strip, file, file_size);
		if (is_anonymous(n) && k)
			snprintf(name, name_size, "(anonymous #%zu)",
				 anon_rank(k, file, f->line, f->column));
		break;
	}
}

static bool side_anon(const struct fc_diff_options *o, const struct fc_diff_input *in,
		      struct side_keys *k)
{
	size_t i, cap = 0, n = 0, j;
	uint32_t f;
	char name[64], file[4096];
	int32_t line, col;

	k->anon = NULL;
	k->n_anon = 0;
	if (o->match != FC_DIFF_MATCH_FUNCTION)
		return true;
	for (i = 0; i < in->set.count; i++) {
		const struct fc_profile *p = in->set.items[i];
		for (f = 0; f < p->n_frames; f++) {
			const struct fc_frame *fr = &p->frames[f];
			if (fr->meta != FC_META_NONE || !is_anonymous(fc_profile_str(p, fr->name)))
				continue;
			frame_key(o, in, NULL, p, fr, name, sizeof(name), file, sizeof(file), &line,
				  &col);
			if (!FC_GROW(k->anon, cap, n + 1))
				return false;
			k->anon[n].file = fc_strdup(file);
			if (!k->anon[n].file)
				return false;
			k->anon[n].line = fr->line;
			k->anon[n++].column = fr->column;
		}
	}
	k->n_anon = n;
	if (!fc_sort(k->anon, n, sizeof(*k->anon), anon_cmp, NULL))
		return false;
	/* one entry per place */
	for (i = j = 0; i < n; i++) {
		if (j && anon_cmp(&k->anon[j - 1], &k->anon[i], NULL) == 0) {
			free(k->anon[i].file);
			continue;
		}
		k->anon[j++] = k->anon[i];
	}
	k->n_anon = j;
	return true;
}

static void side_keys_finish(struct side_keys *k)
{
	size_t i;
	for (i = 0; i < k->n_anon; i++)
		free(k->anon[i].file);
	free(k->anon);
}

/* A copy of p whose frames are function keys (tier, tags and package
 * kept from the first frame of each key). NULL on allocation failure. */
static struct fc_profile *keyed_copy(const struct fc_diff_options *o,
				     const struct fc_diff_input *in, const struct side_keys *k,
				     const struct fc_profile *p)
{
	struct fc_profile *q = fc_profile_create();
	uint32_t *fmap = NULL, f, i;
	char name[4096], file[4096];

	if (!q)
		return NULL;
	q->name = fc_strdup(p->name ? p->name : "");
	q->source = p->source ? fc_strdup(p->source) : NULL;
	q->thread_name = p->thread_name ? fc_strdup(p->thread_name) : NULL;
	q->pid = p->pid;
	q->tid = p->tid;
	q->format = p->format;
	q->start_us = p->start_us;
	q->end_us = p->end_us;
	q->has_time = p->has_time;
	q->weight_unit = p->weight_unit;
	q->last_end_us = p->last_end_us;
	fmap = malloc((p->n_frames + 1) * sizeof(*fmap));
	if (!q->name || !fmap)
		goto fail;
	for (f = 0; f < p->n_frames; f++) {
		const struct fc_frame *src = &p->frames[f];
		int32_t line, col;
		uint32_t before = q->n_frames, m;

		frame_key(o, in, k, p, src, name, sizeof(name), file, sizeof(file), &line, &col);
		m = fc_profile_intern_frame(q, name, strlen(name), file, strlen(file),
					    src->has_script ? "1" : "0", 1, line, col);
		if (m == FC_NONE)
			goto fail;
		if (m >= before) {
			const char *pkg = fc_profile_str(p, src->package);
			uint32_t id = fc_strpool_intern(&q->strings, pkg, strlen(pkg));
			if (id == FC_NONE)
				goto fail;
			q->frames[m].package = id;
			q->frames[m].tier = src->tier;
			q->frames[m].tags = src->tags;
		}
		fmap[f] = m;
	}
	q->n_nodes = p->n_nodes;
	q->max_depth = p->max_depth;
	q->node_parent = malloc(p->n_nodes * sizeof(uint32_t) + 1);
	q->node_frame = malloc(p->n_nodes * sizeof(uint32_t) + 1);
	q->node_depth = malloc(p->n_nodes * sizeof(uint32_t) + 1);
	q->n_samples = p->n_samples;
	q->sample_node = malloc(p->n_samples * sizeof(uint32_t) + 1);
	q->sample_time_us = malloc(p->n_samples * sizeof(int64_t) + 1);
	if (!q->node_parent || !q->node_frame || !q->node_depth || !q->sample_node ||
	    !q->sample_time_us)
		goto fail;
	for (i = 0; i < p->n_nodes; i++) {
		q->node_parent[i] = p->node_parent[i];
		q->node_frame[i] = fmap[p->node_frame[i]];
		q->node_depth[i] = p->node_depth[i];
	}
	if (p->n_samples) {
		memcpy(q->sample_node, p->sample_node, p->n_samples * sizeof(uint32_t));
		memcpy(q->sample_time_us, p->sample_time_us, p->n_samples * sizeof(int64_t));
	}
	fc_profile_drop_frame_index(q);
	fc_profile_find_meta_nodes(q);
	free(fmap);
	return q;
fail:
	free(fmap);
	fc_profile_destroy(q);
	return NULL;
}

bool fc_diff_keyed_side(const struct fc_diff_options *o, const struct fc_diff_input *in,
			struct fc_profile_set *out)
{
	struct side_keys k;
	size_t i;
	bool ok = side_anon(o, in, &k);

	for (i = 0; ok && i < in->set.count; i++) {
		struct fc_profile *q = keyed_copy(o, in, &k, in->set.items[i]);
		if (!q || !fc_profile_set_add(out, q)) {
			fc_profile_destroy(q);
			ok = false;
		}
	}
	side_keys_finish(&k);
	return ok;
}

/* --- functions by key ------------------------------------------------------------- */

/* The key of a keyed frame as one string: name, file, line, column. */
char *fc_diff_key_string(const struct fc_profile *p, const struct fc_frame *f)
{
	return fc_asprintf("%s\x1f%s\x1f%d\x1f%d", fc_profile_str(p, f->name),
			   fc_profile_str(p, f->url), (int)f->line, (int)f->column);
}

struct key_probe {
	const struct fc_diff_table *t;
	const char *key;
};

static bool key_eq(const void *ctx, uint32_t i)
{
	const struct key_probe *q = ctx;
	return strcmp(q->t->keys[i], q->key) == 0;
}

bool fc_diff_table_find(struct fc_diff_table *t, const char *key, bool add, uint32_t *out)
{
	struct key_probe q = { t, key };
	uint32_t h = (uint32_t)fc_hash_bytes(key, strlen(key));
	size_t slot;

	if (add && !fc_map_reserve(&t->index, t->n + 1))
		return false;
	*out = fc_map_find(&t->index, h, key_eq, &q, &slot);
	if (*out != FC_NONE || !add)
		return true;
	if (!FC_GROW(t->keys, t->cap, t->n + 1))
		return false;
	t->keys[t->n] = fc_strdup(key);
	if (!t->keys[t->n])
		return false;
	fc_map_put(&t->index, slot, h, (uint32_t)t->n);
	*out = (uint32_t)t->n++;
	return true;
}

void fc_diff_table_finish(struct fc_diff_table *t)
{
	size_t i;
	for (i = 0; i < t->n; i++)
		free(t->keys[i]);
	free(t->keys);
	fc_map_finish(&t->index);
}

/* Items grow as keys are found; each holds its per-run arrays. */
struct items {
	struct fc_diff_table keys;
	struct fc_diff_item *v;
	size_t cap;
};

static struct fc_diff_item *item_get(struct items *it, const char *key, const char *name,
				     const char *file, uint8_t tier, const char *package,
				     const size_t n_runs[2])
{
	uint32_t i;
	size_t before = it->keys.n;
	struct fc_diff_item *x;
	int s;

	if (!fc_diff_table_find(&it->keys, key, true, &i))
		return NULL;
	if (it->keys.n == before)
		return &it->v[i];
	if (!FC_GROW(it->v, it->cap, it->keys.n))
		return NULL;
	x = &it->v[i];
	memset(x, 0, sizeof(*x));
	x->key = fc_strdup(key);
	x->name = fc_strdup(name);
	x->file = fc_strdup(file);
	x->package = fc_strdup(package);
	x->tier = tier;
	for (s = 0; s < 2; s++)
		x->side[s].runs = calloc(n_runs[s] + 1, sizeof(double));
	if (!x->key || !x->name || !x->file || !x->package || !x->side[0].runs || !x->side[1].runs)
		return NULL;
	return x;
}

/* --- the aligned tree ----------------------------------------------------------- */

struct tree {
	struct fc_diff *d;
	size_t cap;
	struct fc_map index; /* (parent, function) -> node */
};

struct edge_probe {
	const struct fc_diff *d;
	uint32_t parent, fn;
};

static bool edge_eq(const void *ctx, uint32_t k)
{
	const struct edge_probe *q = ctx;
	return q->d->node_parent[k] == q->parent && q->d->node_function[k] == q->fn;
}

static uint32_t tree_child(struct tree *t, uint32_t parent, uint32_t fn)
{
	struct fc_diff *d = t->d;
	struct edge_probe q = { d, parent, fn };
	uint32_t h = (uint32_t)fc_hash_u64((uint64_t)parent << 32 | fn), k;
	size_t slot;

	if (!fc_map_reserve(&t->index, d->n_nodes + 1))
		return FC_NONE;
	k = fc_map_find(&t->index, h, edge_eq, &q, &slot);
	if (k != FC_NONE)
		return k;
	if (d->n_nodes + 1 > t->cap) {
		size_t nc = t->cap ? t->cap * 2 : 1024;
		void *a = realloc(d->node_parent, nc * sizeof(uint32_t));
		void *b = a ? realloc(d->node_function, nc * sizeof(uint32_t)) : NULL;
		void *c, *e;
		if (a)
			d->node_parent = a;
		if (b)
			d->node_function = b;
		c = b ? realloc(d->node_self[0], nc * sizeof(double)) : NULL;
		if (c)
			d->node_self[0] = c;
		e = c ? realloc(d->node_self[1], nc * sizeof(double)) : NULL;
		if (e)
			d->node_self[1] = e;
		if (!e)
			return FC_NONE;
		t->cap = nc;
	}
	k = (uint32_t)d->n_nodes++;
	d->node_parent[k] = parent;
	d->node_function[k] = fn;
	d->node_self[0][k] = d->node_self[1][k] = 0;
	fc_map_put(&t->index, slot, h, k);
	return k;
}

/* --- summing the runs -------------------------------------------------------------- */

struct sums {
	struct items fn, tier, pkg;
	struct tree tree;
	size_t n_runs[2];
};

/* Adds one run of one side: its graph merged as -m graph merges, every
 * merged node's self time to its function, tier and package, every
 * function's total once per stack (recursion is not counted twice). */
static bool add_run_graph(struct sums *s, const struct fc_diff_options *o, int side, size_t run,
			  const struct fc_profile *const *profiles, size_t n,
			  struct fc_diff_input *in, struct fc_error *err)
{
	struct fc_layout_options lo = { .mode = FC_MODE_GRAPH,
					.keep_idle = o->keep_idle,
					.gc_root = o->gc_root };
	struct fc_graph *g = fc_graph_merge(profiles, n, &lo, err);
	uint32_t *fn = NULL, *amap = NULL, *ffn = NULL, *fti = NULL, *fpk = NULL, k;
	uint32_t *start = NULL, *kids = NULL, *active = NULL, *stack = NULL;
	double run_total = 0;
	size_t top;
	bool ok = false;

	if (!g)
		return false;
	fn = malloc((g->n_nodes + 1) * sizeof(*fn));
	amap = malloc((g->n_nodes + 1) * sizeof(*amap));
	/* per merged frame: its function, tier and package items (+1; 0 = not yet) */
	ffn = calloc(g->merged->n_frames + 1, sizeof(*ffn));
	fti = calloc(g->merged->n_frames + 1, sizeof(*fti));
	fpk = calloc(g->merged->n_frames + 1, sizeof(*fpk));
	if (!fn || !amap || !ffn || !fti || !fpk)
		goto done;
	for (k = 0; k < g->n_nodes; k++) {
		const struct fc_profile *m = g->merged;
		uint32_t fi = m->node_frame[k];
		const struct fc_frame *f = &m->frames[fi];
		struct fc_diff_item *x, *t, *pk;
		char *key, tkey[32];
		const char *pkg = fc_profile_str(m, f->package);
		uint32_t a;

		fn[k] = FC_NONE;
		amap[k] = FC_NONE;
		if (k == 0)
			continue; /* the root */
		if (!ffn[fi]) {
			key = fc_diff_key_string(m, f);
			if (!key)
				goto done;
			x = item_get(&s->fn, key, fc_profile_str(m, f->name),
				     fc_profile_str(m, f->url), f->tier, pkg, s->n_runs);
			free(key);
			if (!x)
				goto done;
			ffn[fi] = (uint32_t)(x - s->fn.v) + 1;
			snprintf(tkey, sizeof(tkey), "%s", fc_tier_name((enum fc_tier)f->tier));
			t = item_get(&s->tier, tkey, tkey, tkey, f->tier, "", s->n_runs);
			if (!t)
				goto done;
			fti[fi] = (uint32_t)(t - s->tier.v) + 1;
			if (pkg[0]) {
				pk = item_get(&s->pkg, pkg, pkg, pkg, f->tier, pkg, s->n_runs);
				if (!pk)
					goto done;
				fpk[fi] = (uint32_t)(pk - s->pkg.v) + 1;
			}
		}
		x = &s->fn.v[ffn[fi] - 1];
		fn[k] = ffn[fi] - 1;
		a = tree_child(&s->tree, k && m->node_parent[k] ? amap[m->node_parent[k]] : FC_NONE,
			       fn[k]);
		if (a == FC_NONE)
			goto done;
		amap[k] = a;
		s->tree.d->node_self[side][a] += g->self[k];
		x->side[side].runs[run] += g->self[k];
		s->tier.v[fti[fi] - 1].side[side].runs[run] += g->self[k];
		if (fpk[fi])
			s->pkg.v[fpk[fi] - 1].side[side].runs[run] += g->self[k];
		run_total += g->self[k];
	}
	/* every function's total once per stack (recursion is not counted
	 * twice): a depth-first walk that counts a node only when no node of
	 * the same function is open below it */
	start = calloc(g->n_nodes + 2, sizeof(*start));
	kids = malloc((g->n_nodes + 1) * sizeof(*kids));
	active = calloc(s->fn.keys.n + 1, sizeof(*active));
	stack = malloc((2 * g->n_nodes + 2) * sizeof(*stack));
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
		uint32_t v = stack[--top], node = v >> 1, f = fn[node];
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
	in->run_total_us[run] = run_total;
	/* folded stacks: the weights are the sample counts (or thousandths) */
	if (n && !profiles[0]->has_time)
		in->samples += run_total /
			       (profiles[0]->weight_unit &&
						strncmp(profiles[0]->weight_unit, "1/1000", 6) == 0
					? 1000
					: 1);
	else
		in->samples += (double)g->samples;
	ok = true;
done:
	if (!ok && err->code == FC_OK)
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
	free(fn);
	free(amap);
	free(ffn);
	free(fti);
	free(fpk);
	free(start);
	free(kids);
	free(active);
	free(stack);
	fc_graph_destroy(g);
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

static void take_items(struct items *it, struct fc_diff_item **v, size_t *n)
{
	*v = it->v;
	*n = it->keys.n;
	fc_diff_table_finish(&it->keys);
	memset(it, 0, sizeof(*it));
}

static void items_free(struct fc_diff_item *v, size_t n)
{
	size_t i;
	for (i = 0; v && i < n; i++) {
		free(v[i].key);
		free(v[i].name);
		free(v[i].file);
		free(v[i].package);
		free(v[i].side[0].runs);
		free(v[i].side[1].runs);
	}
	free(v);
}

bool fc_diff_compute(struct fc_diff *d, struct fc_diff_input *base, struct fc_diff_input *head,
		     const struct fc_diff_options *o, struct fc_error *err)
{
	struct sums s;
	struct fc_profile_set keyed[2];
	size_t i, r;
	int side;
	bool ok = false;

	memset(d, 0, sizeof(*d));
	memset(&s, 0, sizeof(s));
	d->options = *o;
	d->side[FC_DIFF_BASE] = *base;
	d->side[FC_DIFF_HEAD] = *head;
	memset(base, 0, sizeof(*base));
	memset(head, 0, sizeof(*head));
	s.tree.d = d;
	for (side = 0; side < 2; side++) {
		fc_profile_set_init(&keyed[side]);
		s.n_runs[side] = d->side[side].n_runs;
	}
	for (side = 0; side < 2; side++) {
		struct fc_diff_input *in = &d->side[side];
		in->run_total_us = calloc(in->n_runs + 1, sizeof(double));
		if (!in->run_total_us || !side_prefix(in) ||
		    !fc_diff_keyed_side(o, in, &keyed[side]))
			goto nomem;
		for (r = 0; r < in->n_runs; r++)
			if (!add_run_graph(&s, o, side, r,
					   (const struct fc_profile *const *)keyed[side].items +
						   in->runs[r].first,
					   in->runs[r].n, in, err))
				goto done;
	}
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
	d->side[FC_DIFF_BASE].total_us *= d->side[FC_DIFF_BASE].scale;
	/* the aligned tree's self, as means per run */
	for (side = 0; side < 2; side++)
		for (i = 0; i < d->n_nodes; i++)
			d->node_self[side][i] *= d->side[side].scale / (double)d->side[side].n_runs;
	ok = true;
	goto done;
nomem:
	fc_error_set(err, FC_ERR_NOMEM, "out of memory");
done:
	items_free(s.fn.v, s.fn.keys.n);
	fc_diff_table_finish(&s.fn.keys);
	items_free(s.tier.v, s.tier.keys.n);
	fc_diff_table_finish(&s.tier.keys);
	items_free(s.pkg.v, s.pkg.keys.n);
	fc_diff_table_finish(&s.pkg.keys);
	fc_map_finish(&s.tree.index);
	for (side = 0; side < 2; side++)
		fc_profile_set_finish(&keyed[side]);
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
	items_free(d->functions, d->n_functions);
	items_free(d->tiers, d->n_tiers);
	items_free(d->packages, d->n_packages);
	free(d->total.name);
	free(d->total.file);
	free(d->total.package);
	free(d->total.side[0].runs);
	free(d->total.side[1].runs);
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
