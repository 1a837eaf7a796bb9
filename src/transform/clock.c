/* fc_clock_separate: each unrelated recording on its own clock from 0, as
 * speedscope and DevTools open every profile on its own timeline. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flamechart/clock.h"
#include "util/util.h"

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

static void shift(struct fc_profile *p, int64_t by_us)
{
	uint32_t i;

	p->start_us -= by_us;
	p->end_us -= by_us;
	for (i = 0; i < p->n_samples; i++)
		p->sample_time_us[i] -= by_us;
	if (p->last_end_us != INT64_MIN)
		p->last_end_us -= by_us;
}

size_t fc_clock_separate(struct fc_profile_set *set)
{
	size_t n = set->count, i, j, groups = 0;
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
	for (i = 0; i < n; i++) {
		for (j = i + 1; j < n; j++) {
			const struct fc_profile *a = set->items[i], *b = set->items[j];
			bool same_file =
				a->source && b->source && strcmp(a->source, b->source) == 0;
			if (same_file || (pid[i] >= 0 && pid[i] == pid[j]) ||
			    ((pid[i] < 0 || pid[j] < 0) && lo[i] <= hi[j] && lo[j] <= hi[i]))
				join(parent, i, j);
		}
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
