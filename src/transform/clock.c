/* fc_clock_separate: each unrelated recording on its own clock from 0, as
 * speedscope and DevTools open every profile on its own timeline. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "transform/clock.h"
#include "util/util.h"
#include "model/annotations.h"
#include "model/profile.h"

/* The pid of a node --cpu-prof file name (fc_node_file_name), -1 when the
 * name is not one. */
static long long name_pid(const char *source)
{
	struct fc_node_file f;

	return fc_node_file_name(source, &f) && f.pid <= INT64_MAX ? (long long)f.pid : -1;
}

static size_t find(size_t *parent, size_t i)
{
	while (parent[i] != i)
		i = parent[i] = parent[parent[i]];
	return i;
}

static void join(size_t *parent, size_t a, size_t b)
{
	a = find(parent, a);
	b = find(parent, b);
	if (a != b)
		parent[a > b ? a : b] = a < b ? a : b;
}

static double minus(void *ctx, double t)
{
	return t - (double)*(const int64_t *)ctx;
}

static void shift(struct fc_profile *p, int64_t by_us)
{
	uint32_t i;

	fc_annotations_map_times(p->annotations, minus, &by_us);
	p->start_us -= by_us;
	p->end_us -= by_us;
	for (i = 0; i < p->n_samples; i++)
		p->sample_time_us[i] -= by_us;
	for (i = 0; i < p->n_timings; i++)
		p->timings[i].start_us -= by_us;
	if (p->last_end_us != INT64_MIN)
		p->last_end_us -= by_us;
}

/* Orders of the profiles for join_all (ctx: what they are ordered by). */
struct order_ctx {
	const struct fc_profile_set *set;
	const long long *pid;
	const double *lo;
};

static int by_source(const void *a, const void *b, void *ctx)
{
	const struct order_ctx *c = ctx;
	const char *x = c->set->items[*(const size_t *)a]->source,
		   *y = c->set->items[*(const size_t *)b]->source;
	return strcmp(x ? x : "", y ? y : "");
}

static int by_pid(const void *a, const void *b, void *ctx)
{
	const struct order_ctx *c = ctx;
	long long x = c->pid[*(const size_t *)a], y = c->pid[*(const size_t *)b];
	return (x > y) - (x < y);
}

static int by_start(const void *a, const void *b, void *ctx)
{
	const struct order_ctx *c = ctx;
	double x = c->lo[*(const size_t *)a], y = c->lo[*(const size_t *)b];
	return (x > y) - (x < y);
}

/* Joins two profiles when they come from the same file, have the same pid,
 * or overlap in time while one of them has no pid -- each through a sort,
 * so the work is n log n, not a test of every pair. The overlaps: in order
 * of start, the profiles without a pid seen so far that can still overlap
 * a later one are one group (each joined what it overlapped), kept as its
 * member and the latest end of its members without a pid (hi_unk) and of
 * all its members (hi_all); profiles with a pid since that group was made
 * wait in `live` for the next profile without one. false on allocation
 * failure. */
static bool join_all(const struct fc_profile_set *set, size_t *parent, const long long *pid,
		     const double *lo, const double *hi)
{
	size_t n = set->count, i, k, n_live = 0, group = SIZE_MAX;
	size_t *order = malloc(n * sizeof(*order)), *live = malloc(n * sizeof(*live));
	struct order_ctx ctx = { set, pid, lo };
	double hi_unk = 0, hi_all = 0;
	bool ok = order && live;

	for (i = 0; ok && i < n; i++)
		order[i] = i;
	ok = ok && fc_sort(order, n, sizeof(*order), by_source, &ctx);
	for (i = 1; ok && i < n; i++)
		if (set->items[order[i]]->source && set->items[order[i - 1]]->source &&
		    by_source(&order[i - 1], &order[i], &ctx) == 0)
			join(parent, order[i - 1], order[i]);
	ok = ok && fc_sort(order, n, sizeof(*order), by_pid, &ctx);
	for (i = 1; ok && i < n; i++)
		if (pid[order[i]] >= 0 && pid[order[i]] == pid[order[i - 1]])
			join(parent, order[i - 1], order[i]);
	ok = ok && fc_sort(order, n, sizeof(*order), by_start, &ctx);
	for (i = 0; ok && i < n; i++) {
		size_t x = order[i];
		if (pid[x] >= 0) {
			if (group != SIZE_MAX && hi_unk >= lo[x])
				join(parent, group, x);
			live[n_live++] = x;
			continue;
		}
		if (group != SIZE_MAX && hi_all >= lo[x]) {
			join(parent, group, x);
			hi_unk = hi_unk > hi[x] ? hi_unk : hi[x];
			hi_all = hi_all > hi[x] ? hi_all : hi[x];
		} else {
			hi_unk = hi_all = hi[x];
		}
		for (k = 0; k < n_live; k++)
			if (hi[live[k]] >= lo[x]) {
				join(parent, live[k], x);
				hi_all = hi_all > hi[live[k]] ? hi_all : hi[live[k]];
			}
		n_live = 0;
		group = x;
	}
	free(order);
	free(live);
	return ok;
}

size_t fc_clock_separate(struct fc_profile_set *set)
{
	size_t n = set->count, i, groups = 0;
	size_t *parent;
	long long *pid;
	double *lo, *hi;

	if (n < 2)
		return n;
	parent = calloc(n, sizeof(*parent));
	pid = calloc(n, sizeof(*pid));
	lo = calloc(n, sizeof(*lo));
	hi = calloc(n, sizeof(*hi));
	if (!parent || !pid || !lo || !hi) {
		/* out of memory: leave one axis, as before */
		groups = 1;
		goto out;
	}
	for (i = 0; i < n; i++) {
		const struct fc_profile *p = set->items[i];
		parent[i] = i;
		pid[i] = p->pid >= 0 ? p->pid : name_pid(p->source);
		lo[i] = p->n_samples && (double)p->sample_time_us[0] < (double)p->start_us
				? (double)p->sample_time_us[0]
				: (double)p->start_us;
		hi[i] = fc_profile_samples_end(p) > (double)p->end_us ? fc_profile_samples_end(p)
								      : (double)p->end_us;
		if (!p->has_time) {
			groups = 1; /* folded weights have no clock to separate */
			goto out;
		}
	}
	if (!join_all(set, parent, pid, lo, hi)) {
		groups = 1;
		goto out;
	}
	for (i = 0; i < n; i++)
		groups += find(parent, i) == i;
	if (groups > 1) {
		for (i = 0; i < n; i++) {
			size_t root = find(parent, i);
			if (root != i && lo[i] < lo[root])
				lo[root] = lo[i];
		}
		/* lo[root] is final now: every member was folded in above */
		for (i = 0; i < n; i++)
			shift(set->items[i], (int64_t)lo[find(parent, i)]);
	}
out:
	free(parent);
	free(pid);
	free(lo);
	free(hi);
	return groups;
}
