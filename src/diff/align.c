/* diff: aligning the runs: function keys, each run's values kept sparsely, functions by key, the
 * aligned tree of call paths. */
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "diff/align.h"
#include "diff/internal.h"
#include "model/classify.h"
#include "diff/diff.h"
#include "transform/hide.h"
#include "transform/scope.h"
#include "layout/graph.h"
#include "util/util.h"
#include "util/children.h"
#include "model/profile.h"

/* --- function keys --------------------------------------------------------------- */

uint32_t fc_diff_cache_str(struct str_cache *c, uint32_t sid, int path)
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
bool fc_diff_frame_key(const struct fc_diff_options *o, const struct fc_diff_moves *moves,
		       struct str_cache *c, const struct fc_frame *f, struct item_key *key)
{
	key->line = key->column = -1;
	key->root = false;
	key->name = fc_diff_cache_str(c, f->name, 0);
	if (f->meta != FC_META_NONE) {
		key->file = fc_diff_cache_str(c, f->url, 0);
		return key->name != FC_NONE && key->file != FC_NONE;
	}
	switch (o->match) {
	case FC_DIFF_MATCH_EXACT:
		key->file = fc_diff_cache_str(c, f->url, 0);
		key->line = f->line;
		key->column = f->column;
		break;
	case FC_DIFF_MATCH_NAME:
		key->file = 0; /* "" */
		break;
	case FC_DIFF_MATCH_FUNCTION:
	default:
		key->file = fc_diff_cache_str(c, f->url, 1);
		if (key->file != FC_NONE && fc_diff_is_anonymous(fc_profile_str(c->m, f->name))) {
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

bool fc_diff_run_push(struct run_values *rv, struct run_list *l, double us)
{
	if (rv->n >= UINT32_MAX - 1 || !FC_GROW(rv->us, rv->cap[0], rv->n + 1) ||
	    !FC_GROW(rv->next, rv->cap[1], rv->n + 1))
		return false;
	rv->us[rv->n] = us;
	rv->next[rv->n] = l->tail;
	l->tail = (uint32_t)rv->n++;
	return true;
}

bool fc_diff_run_add(struct run_values *rv, struct run_list *l, double us)
{
	if (us == 0)
		return true;
	if (l->tail != FC_NONE && l->tail >= rv->start) {
		rv->us[l->tail] += us;
		return true;
	}
	return fc_diff_run_push(rv, l, us);
}

/* The list from i on, its links turned: the first value's index. */
static uint32_t turn(uint32_t *next, uint32_t i)
{
	uint32_t prev = FC_NONE;

	while (i != FC_NONE) {
		uint32_t up = next[i];
		next[i] = prev;
		prev = i;
		i = up;
	}
	return prev;
}

void fc_diff_run_moments(struct run_values *rv, struct run_list l, double lone, size_t n,
			 double scale, double *sum, double *mean, double *var)
{
	double m = 0, s = 0;
	size_t listed = 0;
	uint32_t head, i;

	if (l.tail == FC_NONE && lone != 0) {
		/* one run's value, as a list of one */
		double e;
		m += lone * scale;
		*sum = m;
		m /= (double)n;
		e = lone * scale - m;
		s += e * e;
		s += (double)(n - 1) * m * m;
		*mean = m;
		*var = n > 1 ? s / (double)(n - 1) : 0;
		return;
	}
	head = turn(rv->next, l.tail);
	for (i = head; i != FC_NONE; i = rv->next[i], listed++)
		m += rv->us[i] * scale;
	*sum = m;
	m /= (double)n;
	for (i = head; i != FC_NONE; i = rv->next[i]) {
		double e = rv->us[i] * scale - m;
		s += e * e;
	}
	s += (double)(n - listed) * m * m; /* the runs without time */
	turn(rv->next, head);
	*mean = m;
	*var = n > 1 ? s / (double)(n - 1) : 0;
}

/* --- functions by key ------------------------------------------------------------- */

bool fc_diff_items_reserve(struct items *it, size_t n)
{
	/* room for the items they become */
	return FC_GROW(it->v, it->cap[0], n) && FC_GROW(it->runs, it->cap[1], n) &&
	       fc_map_reserve(&it->index, n);
}

struct key_probe {
	const struct items *it;
	const struct item_key *key;
};

static bool key_eq(const void *ctx, uint32_t i)
{
	const struct key_probe *q = ctx;
	const struct item_sum *a = &fc_diff_item_sums(q->it)[i];
	const struct item_key *b = q->key;
	return a->name == b->name && a->file == b->file && a->line == b->line &&
	       a->column == b->column && a->thread == b->thread && a->root == b->root;
}

static uint32_t key_hash(const struct item_key *k)
{
	uint64_t h = fc_hash_u64((uint64_t)k->name << 32 | k->file);
	h = fc_hash_u64(h ^ ((uint64_t)(uint32_t)k->line << 32 | (uint32_t)k->column));
	return (uint32_t)fc_hash_u64(h ^ ((uint64_t)(uint32_t)k->thread << 1 | k->root));
}

/* The index of key's item, made on first sight (its tier and tags f's),
 * or FC_NONE on allocation failure. */
uint32_t fc_diff_item_get(struct items *it, const struct item_key *key, const struct fc_frame *f)
{
	struct key_probe q = { it, key };
	uint32_t h = key_hash(key), i;
	size_t slot;
	struct item_sum *x;

	if (!fc_diff_items_reserve(it, it->n + 1))
		return FC_NONE;
	i = fc_map_find(&it->index, h, key_eq, &q, &slot);
	if (i != FC_NONE)
		return i;
	i = (uint32_t)it->n++;
	x = &fc_diff_item_sums(it)[i];
	memset(x, 0, sizeof(*x));
	x->name = key->name;
	x->file = key->file;
	x->package = key->package;
	x->line = key->line;
	x->column = key->column;
	x->thread = key->thread;
	x->root = key->root;
	x->tier = f->tier;
	x->tags = f->tags;
	it->runs[i][0] = it->runs[i][1] = FC_DIFF_NO_RUNS;
	fc_map_put(&it->index, slot, h, i);
	return i;
}

/* The items handed to d, made from their sums in place (their strings
 * pointed into the pool, which grows no more). */
void fc_diff_take_items(struct items *it, const struct fc_strpool *pool, struct fc_diff_item **v,
			size_t *n)
{
	const char *sums = (const char *)it->v;
	size_t i;

	/* item i is written over sums i and after, never before: backwards,
	 * each sum read before its place is written */
	for (i = it->n; i-- > 0;) {
		struct item_sum r;
		struct fc_diff_item x;
		memcpy(&r, sums + i * sizeof(r), sizeof(r));
		memset(&x, 0, sizeof(x));
		x.name = fc_strpool_get(pool, r.name);
		x.file = fc_strpool_get(pool, r.file);
		x.package = fc_strpool_get(pool, r.package);
		x.side[0].total_us = r.total_us[0];
		x.side[1].total_us = r.total_us[1];
		x.line = r.line;
		x.column = r.column;
		x.thread = r.thread;
		x.thread_root = r.root;
		x.tier = r.tier;
		x.tags = r.tags;
		memcpy(&it->v[i], &x, sizeof(x));
	}
	*v = it->v;
	*n = it->n;
	it->v = NULL;
}

void fc_diff_items_finish(struct items *it)
{
	free(it->v);
	free(it->runs);
	fc_map_finish(&it->index);
	memset(it, 0, sizeof(*it));
}

/* --- the aligned tree ----------------------------------------------------------- */

/* The table, and the node arrays at their largest at once: no copy as
 * the tree grows, and pages that are never filled are never touched. */
bool fc_diff_tree_init_table(struct tree *t)
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

uint32_t fc_diff_tree_child(struct tree *t, uint32_t parent, uint32_t fn)
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
		t->runs[0][k] = t->runs[1][k] = FC_DIFF_NO_RUNS;
	fc_map_put(&t->table, slot, h, k);
	return k;
}

/* --- the memory bound ------------------------------------------------------------- */

size_t fc_diff_graph_bytes(const struct fc_graph *g)
{
	const struct fc_profile *m = g->merged;
	return g->n_nodes * (2 * sizeof(double) + 2 * sizeof(uint32_t)) +
	       m->n_frames * sizeof(struct fc_frame) + m->strings.len +
	       m->strings.count * 4 * sizeof(uint32_t);
}

/* What each thing costs, measured (peak RSS, /usr/bin/time) on folded runs
 * of distinct short functions, where the comparison costs most for its
 * input ("m;a1f 1" makes a function and a call path of 8 bytes):
 * - a merged graph holds about 6/5 of what fc_diff_graph_bytes counts (its
 *   arrays' spare room, the allocator's headers), counted 5/4;
 * - a hash table's slot is 8 bytes; a table sized ahead is resident only
 *   where entries have touched its pages (counted by the caller);
 * - while the runs are summed, a function is its 48-byte sums and its run
 *   lists (8), a path its node (24) and run lists (8), a run value 12, a
 *   string its bytes, its NUL and two indices;
 * - once made, a function is its 96-byte item, the writers' order of the
 *   items (8) and the picture's frame index (4); a path keeps its node,
 *   mean, p-value and mark (33), and the picture's walk takes 25 more
 *   (order, new index, depth, weight); the tables and the values are gone.
 * PROGRAM is what the process holds besides (its code, libraries, fonts:
 * 8 MB at the start, 13 MB once the picture is drawn), and the sum of what
 * is counted gets a sixteenth more. */
#define PROGRAM_BYTES ((uint64_t)16 << 20)
#define SUMMED_ITEM 56
#define SUMMED_NODE 32
#define VALUE_BYTES 12
#define MADE_ITEM 112
#define MADE_NODE 58

bool fc_diff_within_bound(const struct diff_count *c, const struct fc_diff_input *base,
			  const struct fc_diff_input *head, int side, size_t r, const char *what,
			  struct fc_error *err)
{
	const struct fc_diff_input *in = side == FC_DIFF_BASE ? base : head;
	uint64_t input = base->input_bytes + head->input_bytes;
	uint64_t strings = c->string_bytes + c->strings * (1 + 2 * sizeof(uint32_t));
	uint64_t summing = c->graphs / 4 * 5 + c->table_bytes + c->items * SUMMED_ITEM +
			   c->nodes * SUMMED_NODE + c->values * VALUE_BYTES + strings;
	uint64_t made = c->items * MADE_ITEM + c->nodes * MADE_NODE + strings;
	uint64_t need = PROGRAM_BYTES + (summing > made ? summing : made) / 16 * 17;
	uint64_t allowed = 8 * input + ((uint64_t)64 << 20);

	if (!base->input_sized || !head->input_sized || need <= allowed)
		return true;
	fc_error_set(err, FC_ERR_LIMIT,
		     "%s run %zu (%s), %s: %llu distinct functions and %llu call paths so far "
		     "from %llu bytes of input: runs this varied need about %llu MiB, more than "
		     "the bound of 8 x the input + 64 MiB (%llu MiB)",
		     side == FC_DIFF_BASE ? "BASE" : "HEAD", r + 1, in->runs[r].label, what,
		     (unsigned long long)c->items, (unsigned long long)c->nodes,
		     (unsigned long long)input, (unsigned long long)((need + (1 << 20) - 1) >> 20),
		     (unsigned long long)(allowed >> 20));
	fc_error_set_file(err, in->path);
	return false;
}
