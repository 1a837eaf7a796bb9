/* Inside src/diff/: the pieces the loading (load.c), the aligning
 * (align.c: function keys, each run's values, functions by key, the
 * aligned tree) and the summing (sum.c) share. */
#ifndef FC_DIFF_ALIGN_H
#define FC_DIFF_ALIGN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diff/internal.h"
#include "model/profile.h"
#include "util/map.h"

struct fc_diff_moves;
struct fc_graph;

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

/* The tests need each run's value of a function (or call path), but a
 * function is in few of many runs as a rule: a value is kept only for a run
 * it has time in, in a list per function and side, all lists in two arrays
 * (12 bytes a value). A side's runs are summed in order; a list is linked
 * from its last value back to its first, so that it costs its owner one
 * index (4 bytes a side), and its last value is the current run's when it
 * comes after the run's first (start, set by fc_diff_run_start). */
struct run_list {
	uint32_t tail; /* FC_NONE: empty */
};

struct run_values {
	double *us;
	uint32_t *next; /* the value before in its list, FC_NONE at its first */
	size_t n, cap[2];
	size_t start; /* the current run's first value */
};

/* A function, tier or package while the runs are summed: its key and
 * its totals (48 bytes). The item it becomes (struct fc_diff_item, with
 * the means, the change and its test) is made in the same array once the
 * sums are done (fc_diff_take_items): the items' fields that only the
 * tests fill are not paid for while the runs are summed, when the tables
 * and the graphs take their share too. */
struct item_sum {
	uint32_t name, file, package; /* ids in the pool, which still grows */
	int32_t line, column, thread;
	double total_us[2];
	uint8_t tier, tags;
	bool root;
};

/* Items grow as keys are found: each item's key and its runs on each
 * side. v has room for fc_diff_items, and holds item_sums until taken. */
struct items {
	struct fc_map index; /* hash of a key -> its item */
	struct fc_diff_item *v;
	struct run_list (*runs)[2];
	size_t n, cap[2];
};

static inline struct item_sum *fc_diff_item_sums(const struct items *it)
{
	return (struct item_sum *)(void *)it->v;
}

struct tree {
	struct fc_diff *d;
	size_t cap;
	/* (parent, function) -> node: the child-lookup table, dense and sized
	 * once for every node the runs can bring (no rehash) */
	struct fc_map table;
	/* each path's self time in the runs it has time in, per side (only
	 * for Welch's test: several runs a side). A path's value in the run
	 * that made it is not listed while it is its only one on that side: it
	 * is the path's node_self, listed once a later run of the side adds. */
	bool welch;
	struct run_list *runs[2];
	size_t run_first; /* the first path the current run made */
	size_t expect;    /* the runs' merged nodes, summed: the most the tree can have */
};

/* An empty list of runs. */
#define FC_DIFF_NO_RUNS ((struct run_list){ FC_NONE })

/* --- the memory bound (align.c) --- */

/* About what a merged graph holds: its nodes, frames and strings. */
size_t fc_diff_graph_bytes(const struct fc_graph *g);

/* What the comparison holds at a moment, counted to check it against the
 * memory bound (docs/robustness.md): the runs' merged graphs not summed
 * yet (fc_diff_graph_bytes), the hash tables' resident slots, the
 * functions (items), call paths (nodes) and run values made so far, and
 * the strings (their bytes, and how many). */
struct diff_count {
	uint64_t graphs, table_bytes, items, nodes, values, string_bytes, strings;
};

/* At most what map's slots hold resident: each entry touches one page of
 * them at most. */
static inline uint64_t fc_diff_table_bytes(const struct fc_map *m)
{
	uint64_t all = m->slots ? (uint64_t)(m->mask + 1) * sizeof(struct fc_map_slot) : 0;
	uint64_t touched = (uint64_t)m->count * 4096;
	return touched < all ? touched : all;
}

/* Whether what c counts, and what the items and nodes will take once the
 * comparison is made and drawn, fits in 8 x the bytes of both sides' files
 * + 64 MiB. Unless it does, err (FC_ERR_LIMIT) names file, the side (0
 * BASE) and run r (its label) at which it was seen, and what: "while
 * read" or "while summed". Unchecked (true) unless both sides' sizes are
 * known. */
bool fc_diff_within_bound(const struct diff_count *c, const struct fc_diff_input *base,
			  const struct fc_diff_input *head, int side, size_t r, const char *what,
			  struct fc_error *err);

/* --- loading a side (load.c) --- */

bool fc_diff_is_anonymous(const char *name);

/* Run r of in, made of profiles[0..n): its thread labels, what keying
 * needs, each thread's CPU time and its merged graph. The profiles stay the
 * caller's. */
bool fc_diff_merge_run(struct fc_diff_input *in, struct fc_diff_run *r,
		       struct fc_profile *const *profiles, size_t n, bool keep_idle, bool gc_root,
		       struct fc_error *err);

void fc_diff_input_finish(struct fc_diff_input *in);

/* --- aligning (align.c) --- */

uint32_t fc_diff_cache_str(struct str_cache *c, uint32_t sid, int path);

/* The function key of frame f of the run (without its thread). An
 * anonymous function is named by its place in HEAD's lines (BASE's moved
 * by moves; NULL for HEAD): "(anonymous 12:5)". false on allocation
 * failure. */
bool fc_diff_frame_key(const struct fc_diff_options *o, const struct fc_diff_moves *moves,
		       struct str_cache *c, const struct fc_frame *f, struct item_key *key);

/* The values that follow are a new run's. */
static inline void fc_diff_run_start(struct run_values *rv)
{
	rv->start = rv->n;
}

/* Adds us to the current run's value in l. false on allocation failure. */
bool fc_diff_run_add(struct run_values *rv, struct run_list *l, double us);

/* Adds us as a value of its own to l, whatever run the last one was. */
bool fc_diff_run_push(struct run_values *rv, struct run_list *l, double us);

/* The sum, mean and sample variance (n - 1) of a side's n runs, each
 * value scaled: the runs listed (or lone, as one run's, when none is and
 * it is not 0), and 0 for the others. With every run listed, the same sums
 * in the same order as over a full array. The list is walked first to
 * last (its links turned and turned back: rv is left as it was). */
void fc_diff_run_moments(struct run_values *rv, struct run_list l, double lone, size_t n,
			 double scale, double *sum, double *mean, double *var);

bool fc_diff_items_reserve(struct items *it, size_t n);

/* The index of key's item, made on first sight (its tier and tags f's),
 * or FC_NONE on allocation failure. */
uint32_t fc_diff_item_get(struct items *it, const struct item_key *key, const struct fc_frame *f);

/* The items handed to d, made from their sums in place (their strings
 * pointed into the pool, which grows no more). */
void fc_diff_take_items(struct items *it, const struct fc_strpool *pool, struct fc_diff_item **v,
			size_t *n);

void fc_diff_items_finish(struct items *it);

/* The table, and the node arrays at their largest at once: no copy as
 * the tree grows, and pages that are never filled are never touched. */
bool fc_diff_tree_init_table(struct tree *t);

uint32_t fc_diff_tree_child(struct tree *t, uint32_t parent, uint32_t fn);

#endif
