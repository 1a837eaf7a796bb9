/* diff: summing the runs into the comparison: per function, tier, package and call path, the tests,
 * and the order of the answer (fc_diff_compute). */
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

/* Lets the caller hand back the heap's free pages (fc_diff_options.release):
 * the heap is the caller's, the stage only says when much has been freed. */
static void release(const struct fc_diff_options *o)
{
	if (o->release)
		o->release(o->release_ctx);
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

/* Whether the sums so far, with the graphs not summed yet (held bytes),
 * fit the memory bound, once run r of side is summed. */
static bool sums_within_bound(const struct sums *s, const struct fc_diff *d, uint64_t held,
			      int side, size_t r, struct fc_error *err)
{
	const struct fc_map *maps[] = { &s->fn.index, &s->tree.table, &d->strings.index };
	struct diff_count c = { 0 };

	c.graphs = held;
	for (size_t i = 0; i < FC_ARRAY_LEN(maps); i++)
		c.table_bytes += fc_diff_table_bytes(maps[i]);
	c.items = (uint64_t)s->fn.n + s->tier.n + s->pkg.n;
	c.nodes = d->n_nodes;
	c.values = s->rv.n;
	c.string_bytes = d->strings.len;
	c.strings = d->strings.count;
	return fc_diff_within_bound(&c, &d->side[0], &d->side[1], side, r, "while summed", err);
}

/* Adds us to path a's value in the current run of side (before its
 * node_self has it): unlisted while the run that made the path is the only
 * one of the side with time in it (node_self is that run's value). */
static bool path_add(struct sums *s, int side, uint32_t a, double us)
{
	struct tree *t = &s->tree;
	struct run_list *l = &t->runs[side][a];
	double earlier = t->d->node_self[side][a];

	if (us == 0 || (a >= t->run_first && l->tail == FC_NONE))
		return true;
	/* a run before this one had time in it, unlisted: listed now */
	if (l->tail == FC_NONE && earlier != 0)
		return fc_diff_run_push(&s->rv, l, earlier) && fc_diff_run_push(&s->rv, l, us);
	return fc_diff_run_add(&s->rv, l, us);
}

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
		uint32_t x;
		int len = snprintf(name, sizeof(name), "thread %d", thread + 1);
		key.name = fc_strpool_intern(c.pool, name, (size_t)len);
		if (key.name == FC_NONE || (x = fc_diff_item_get(&s->fn, &key, &none)) == FC_NONE)
			goto done;
		if (!o->no_paths && (top_parent = fc_diff_tree_child(t, FC_NONE, x)) == FC_NONE)
			goto done;
	}
	for (k = 0; k < g->n_nodes; k++) {
		uint32_t fi = m->node_frame[k];
		const struct fc_frame *f = &m->frames[fi];
		uint32_t a, x;

		amap[k] = FC_NONE;
		if (k == 0)
			continue; /* the root */
		if (!ffn[fi]) {
			const char *tier = fc_tier_name((enum fc_tier)f->tier);
			struct item_key key;
			if (!fc_diff_frame_key(o, moves, &c, f, &key))
				goto done;
			key.thread = thread; /* per thread slot */
			key.package = fc_diff_cache_str(&c, f->package, 0);
			if (key.package == FC_NONE ||
			    (x = fc_diff_item_get(&s->fn, &key, f)) == FC_NONE)
				goto done;
			ffn[fi] = x + 1;
			if (f->tier < FC_TIER_COUNT && s->tier_item[f->tier]) {
				fti[fi] = s->tier_item[f->tier];
			} else {
				struct item_key tk = { 0, 0, -1, -1, -1, false, 0 };
				tk.name = tk.file = fc_strpool_intern(c.pool, tier, strlen(tier));
				if (tk.name == FC_NONE ||
				    (x = fc_diff_item_get(&s->tier, &tk, f)) == FC_NONE)
					goto done;
				fti[fi] = x + 1;
				if (f->tier < FC_TIER_COUNT)
					s->tier_item[f->tier] = fti[fi];
			}
			if (key.package) {
				struct item_key pk = { key.package, key.package, -1,         -1,
						       -1,          false,       key.package };
				if ((x = fc_diff_item_get(&s->pkg, &pk, f)) == FC_NONE)
					goto done;
				fpk[fi] = x + 1;
			}
		}
		fk = ffn[fi] - 1;
		if (!o->no_paths) {
			a = fc_diff_tree_child(
				t, m->node_parent[k] ? amap[m->node_parent[k]] : top_parent, fk);
			if (a == FC_NONE)
				goto done;
			amap[k] = a;
			if (t->welch && !path_add(s, side, a, g->self[k]))
				goto done;
			t->d->node_self[side][a] += g->self[k];
		}
		/* per frame first (a dense array), to the items below */
		fself[fi] += g->self[k];
		run_total += g->self[k];
	}
	for (k = 0; k < m->n_frames; k++) {
		if (!ffn[k] || fself[k] == 0)
			continue;
		if (!fc_diff_run_add(&s->rv, &s->fn.runs[ffn[k] - 1][side], fself[k]) ||
		    !fc_diff_run_add(&s->rv, &s->tier.runs[fti[k] - 1][side], fself[k]) ||
		    (fpk[k] && !fc_diff_run_add(&s->rv, &s->pkg.runs[fpk[k] - 1][side], fself[k])))
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
			fc_diff_item_sums(&s->fn)[f].total_us[side] += g->total[node];
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
		in->samples += run_total / fc_unit_divisor(m->weight_unit);
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
	struct run_values *rv;
	double run_sum[2];
};

/* Means per run, normalisation, change, test and significance of one item
 * whose runs are l. */
static void item_finish(struct fc_diff *d, const struct finish *fin, struct fc_diff_item *x,
			const struct run_list l[2])
{
	const struct fc_diff_input *b = &d->side[FC_DIFF_BASE], *h = &d->side[FC_DIFF_HEAD];
	double mean[2], var[2], samples[2];
	int s;

	for (s = 0; s < 2; s++) {
		const struct fc_diff_input *in = &d->side[s];
		double sum, tot = fin->run_sum[s];
		fc_diff_run_moments(fin->rv, l[s], 0, in->n_runs, in->scale, &sum, &mean[s],
				    &var[s]);
		x->side[s].self_us = sum / (double)in->n_runs;
		x->side[s].total_us *= in->scale / (double)in->n_runs;
		/* samples: self time over the side's mean sample duration */
		samples[s] = tot > 0 ? sum / in->scale / tot * in->samples : 0;
		if (s == FC_DIFF_BASE)
			x->in_base = sum > 0;
		else
			x->in_head = sum > 0;
	}
	if (b->n_runs >= 2 && h->n_runs >= 2)
		x->p_value = fc_diff_welch_moments(mean[0], var[0], b->n_runs, mean[1], var[1],
						   h->n_runs, &x->stat, NULL);
	else
		x->p_value = fc_diff_two_proportions(samples[0], b->samples, samples[1], h->samples,
						     &x->stat);
	x->significant = x->p_value < d->options.alpha &&
			 fabs(fc_diff_delta_self(x)) >= d->threshold_us &&
			 fabs(fc_diff_delta_self(x)) > 0;
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
		if (key.name == FC_NONE || fc_diff_item_get(it, &key, &none) == FC_NONE)
			return false;
	}
	/* run by run, each of its threads */
	for (s = 0; s < 2; s++)
		for (r = 0; r < d->side[s].n_runs; r++) {
			const struct fc_diff_run *run = &d->side[s].runs[r];
			fc_diff_run_start(rv);
			for (i = 0; i < run->n; i++) {
				/* a run of one thread: the graph's total */
				double us = run->n == 1 ? d->side[s].run_total_us[r]
							: run->thread_us[i];
				fc_diff_item_sums(it)[i].total_us[s] += us;
				if (!fc_diff_run_add(rv, &it->runs[i][s], us))
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
		if (!fc_diff_merge_run(in, x, in->set.items + x->first, x->n, o->keep_idle,
				       o->gc_root, err))
			return false;
	}
	fc_profile_set_finish(&in->set);
	fc_profile_set_init(&in->set);
	return true;
}

/* Each path's change and its test, as item_finish does for functions;
 * node_self is still the sum over runs (before normalisation). */
static bool node_tests(struct fc_diff *d, const struct tree *t, struct run_values *rv)
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
				fc_diff_run_moments(rv, t->runs[s][i], d->node_self[s][i],
						    d->side[s].n_runs, d->side[s].scale, &sum[s],
						    &m[s], &var[s]);
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
	struct run_list total_runs[2] = { FC_DIFF_NO_RUNS, FC_DIFF_NO_RUNS };
	struct finish fin;
	struct fc_diff_moves moves = { 0 };
	size_t i, r, n_fn = 0, freed = 0;
	uint64_t held = 0; /* the graphs of the runs not summed yet, about */
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
	/* each path's runs only for Welch's test (several runs a side), and
	 * only when the paths are tested */
	s.tree.welch = !o->no_paths && !o->no_path_tests && d->side[0].n_runs >= 2 &&
		       d->side[1].n_runs >= 2;
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
				held += fc_diff_graph_bytes(g);
			}
			if (x->thread_graphs)
				per_thread = true;
		}
	/* the functions at their most at once, as the tree's nodes, and the
	 * runs' values at their most (a path's, a function's, its tier's and
	 * package's per merged node and frame, a thread's and the total's per
	 * run): no copy as they grow, and pages never filled never touched */
	s.rv.cap[0] = s.rv.cap[1] =
		s.tree.expect + 3 * n_fn + 2 * (d->side[0].n_runs + d->side[1].n_runs);
	s.rv.us = malloc(s.rv.cap[0] * sizeof(*s.rv.us));
	s.rv.next = malloc(s.rv.cap[1] * sizeof(*s.rv.next));
	if (!s.rv.us || !s.rv.next || !fc_diff_items_reserve(&s.fn, n_fn + 1))
		goto nomem;
	/* the aligned tree dominates the comparison's memory: its table is
	 * filled to 7/8 at most */
	if (!o->no_paths && !fc_diff_tree_init_table(&s.tree))
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
			fc_diff_run_start(&s.rv); /* its threads' values are one run's */
			s.tree.run_first = d->n_nodes;
			for (t = 0; t < ng; t++) {
				struct fc_graph **g =
					x->thread_graphs ? &x->thread_graphs[t] : &x->graph;
				added = added &&
					add_run_graph(&s, o, side, r, per_thread ? (int)t : -1, *g,
						      in, side == FC_DIFF_BASE ? &moves : NULL,
						      err);
				freed += fc_diff_graph_bytes(*g);
				held -= fc_diff_graph_bytes(*g);
				fc_graph_destroy(*g);
				*g = NULL;
			}
			/* the sums grow as the graphs go: each graph is freed
			 * in pieces among the sums' arrays, where its pages
			 * would stay resident to the end unless the caller
			 * hands them back (o->release) */
			if (freed >= FC_DIFF_RELEASE_BYTES) {
				release(o);
				freed = 0;
			}
			if (!added || !sums_within_bound(&s, d, held, side, r, err))
				goto done;
		}
	}
	fc_diff_moves_finish(&moves);
	/* the tables only served the sums: their memory is the tests' (handed
	 * back by the caller) */
	fc_map_finish(&s.tree.table);
	fc_map_finish(&s.fn.index);
	release(o);
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
	/* each path's change and test first: the paths' run lists then go,
	 * and the functions' items, made next, take their place */
	if (!o->no_paths && !o->no_path_tests && !node_tests(d, &s.tree, &s.rv))
		goto nomem;
	free(s.tree.runs[0]);
	free(s.tree.runs[1]);
	s.tree.runs[0] = s.tree.runs[1] = NULL;
	release(o);
	/* the total as an item */
	for (side = 0; side < 2; side++) {
		struct fc_diff_input *in = &d->side[side];
		for (r = 0; r < in->n_runs; r++) {
			fc_diff_run_start(&s.rv);
			if (!fc_diff_run_add(&s.rv, &total_runs[side], in->run_total_us[r]))
				goto nomem;
		}
		d->total.side[side].total_us = in->total_us * (double)in->n_runs;
	}
	if (fc_strpool_intern(&d->strings, "total", 5) == FC_NONE || !thread_items(d, &thr, &s.rv))
		goto nomem;
	d->total.name = fc_strpool_get(&d->strings, fc_strpool_find(&d->strings, "total", 5));
	d->total.file = d->total.package = fc_strpool_get(&d->strings, 0);
	/* every string is in: the pool's index served the interning only, and
	 * its place is the items' */
	fc_map_finish(&d->strings.index);
	release(o);
	fc_diff_take_items(&s.fn, &d->strings, &d->functions, &d->n_functions);
	fc_diff_take_items(&s.tier, &d->strings, &d->tiers, &d->n_tiers);
	fc_diff_take_items(&s.pkg, &d->strings, &d->packages, &d->n_packages);
	fc_diff_take_items(&thr, &d->strings, &d->threads, &d->n_threads);
	for (i = 0; i < d->n_functions; i++)
		item_finish(d, &fin, &d->functions[i], s.fn.runs[i]);
	for (i = 0; i < d->n_tiers; i++)
		item_finish(d, &fin, &d->tiers[i], s.tier.runs[i]);
	for (i = 0; i < d->n_packages; i++)
		item_finish(d, &fin, &d->packages[i], s.pkg.runs[i]);
	item_finish(d, &fin, &d->total, total_runs);
	for (i = 0; i < d->n_threads; i++)
		item_finish(d, &fin, &d->threads[i], thr.runs[i]);
	/* the items' runs served their tests */
	fc_diff_items_finish(&s.fn);
	fc_diff_items_finish(&s.tier);
	fc_diff_items_finish(&s.pkg);
	fc_diff_items_finish(&thr);
	mark_bytes(d);
	/* each path's self as a mean per run */
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
	fc_diff_items_finish(&s.fn);
	fc_diff_items_finish(&s.tier);
	fc_diff_items_finish(&s.pkg);
	fc_diff_items_finish(&thr);
	free(s.rv.us);
	free(s.rv.next);
	free(s.active);
	fc_map_finish(&s.tree.table);
	free(s.tree.runs[0]);
	free(s.tree.runs[1]);
	/* what served the sums and the tests goes back to the system: the
	 * writers' memory (the picture's profile and layout) takes its place
	 * rather than adding to it */
	release(o);
	return ok;
}

void fc_diff_finish(struct fc_diff *d)
{
	size_t i;
	int s;

	if (!d)
		return;
	for (s = 0; s < 2; s++) {
		fc_diff_input_finish(&d->side[s]);
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

	if (fc_diff_delta_self(x) != fc_diff_delta_self(y))
		return fc_diff_delta_self(x) > fc_diff_delta_self(y) ? -1 : 1;
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
