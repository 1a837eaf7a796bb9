/* fc_clock_separate against the rule it implements, tested pair by pair:
 * two recordings share a clock when they come from one file, have one pid,
 * or overlap in time while one of them has no pid (and so, transitively).
 * Random sets of profiles; the groups and each profile's shift must be
 * those of the pairwise rule. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "transform/clock.h"
#include "model/profile.h"

static size_t root(size_t *parent, size_t i)
{
	while (parent[i] != i)
		i = parent[i];
	return i;
}

static void check_random_set(unsigned seed)
{
	static const char *const files[] = { NULL, "a.cpuprofile", "b.cpuprofile", "c.json" };
	struct fc_profile_set set;
	size_t n, i, j, parent[48], groups = 0;
	int64_t start[48], lo[48];

	srand(seed);
	n = 2 + (size_t)rand() % 47;
	fc_profile_set_init(&set);
	for (i = 0; i < n; i++) {
		struct fc_profile *p = fc_profile_create();
		const char *f = files[rand() % 4];
		assert_non_null(p);
		p->has_time = true;
		p->start_us = start[i] = rand() % 1000;
		p->end_us = p->start_us + rand() % 60;
		p->pid = rand() % 3 == 0 ? -1 : rand() % 4;
		p->source = f ? strdup(f) : NULL;
		assert_true(fc_profile_set_add(&set, p));
		parent[i] = i;
	}
	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++) {
			const struct fc_profile *a = set.items[i], *b = set.items[j];
			bool same = (a->source && b->source && strcmp(a->source, b->source) == 0) ||
				    (a->pid >= 0 && a->pid == b->pid) ||
				    ((a->pid < 0 || b->pid < 0) && a->start_us <= b->end_us &&
				     b->start_us <= a->end_us);
			size_t x = root(parent, i), y = root(parent, j);
			if (same && x != y)
				parent[x > y ? x : y] = x < y ? x : y;
		}
	for (i = 0; i < n; i++) {
		groups += root(parent, i) == i;
		lo[i] = INT64_MAX;
	}
	for (i = 0; i < n; i++)
		if (start[i] < lo[root(parent, i)])
			lo[root(parent, i)] = start[i];
	assert_int_equal(fc_clock_separate(&set), groups);
	for (i = 0; i < n; i++)
		assert_int_equal(set.items[i]->start_us,
				 groups > 1 ? start[i] - lo[root(parent, i)] : start[i]);
	fc_profile_set_finish(&set);
}

static void test_against_pairs(void **state)
{
	(void)state;
	for (unsigned seed = 1; seed <= 3000; seed++)
		check_random_set(seed);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_against_pairs),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
