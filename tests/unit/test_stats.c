/* The top functions of fc_stats_compute_top: a short top is kept by
 * insertion (fc_sort_top), a long one sorted; both must give the first
 * entries of the whole list, sorted, ties included (a real profile has
 * thousands of functions with one sample each). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "flamechart/import.h"
#include "model/profile.h"
#include "model/stats.h"
#include "util/util.h"

struct item {
	unsigned key, origin;
};

/* keys only: equal keys are ties, which a stable order keeps in origin
 * order */
static int by_key(const void *a, const void *b, void *ctx)
{
	const struct item *x = a, *y = b;
	(void)ctx;
	return x->key < y->key ? -1 : x->key > y->key;
}

/* fc_sort_top's top against fc_sort's prefix, on arrays with many ties,
 * for tops from none to all; the array stays a permutation. */
static void test_sort_top_is_stable_prefix(void **state)
{
	static const size_t tops[] = { 0, 1, 2, 3, 7, 50, 255, 256, 257, 999, 1000, 5000 };
	enum { N = 1000 };
	struct item a[N], want[N];
	unsigned rng = 12345, seen[N];
	size_t t, i, round;

	(void)state;
	for (round = 0; round < 4; round++) {
		for (t = 0; t < sizeof(tops) / sizeof(tops[0]); t++) {
			size_t k = tops[t] < N ? tops[t] : N;
			for (i = 0; i < N; i++) {
				rng = rng * 1103515245u + 12345u;
				/* round 0: all equal; 1: few keys; 2: many; 3: descending */
				a[i].key = round == 0   ? 7
					   : round == 1 ? (rng >> 16) % 5
					   : round == 2 ? (rng >> 16) % 100000
							: (unsigned)(N - i);
				a[i].origin = (unsigned)i;
			}
			memcpy(want, a, sizeof(a));
			assert_true(fc_sort(want, N, sizeof(*want), by_key, NULL));
			assert_true(fc_sort_top(a, N, sizeof(*a), tops[t], by_key, NULL));
			for (i = 0; i < k; i++) {
				assert_int_equal(a[i].key, want[i].key);
				assert_int_equal(a[i].origin, want[i].origin);
			}
			memset(seen, 0, sizeof(seen));
			for (i = 0; i < N; i++)
				seen[a[i].origin]++;
			for (i = 0; i < N; i++)
				assert_int_equal(seen[i], 1);
		}
	}
}

static void expect_prefix(const struct fc_stats_entry *want, size_t n_want,
			  const struct fc_stats_entry *got, size_t n_got, size_t top)
{
	size_t i;

	assert_int_equal(n_got, n_want < top ? n_want : top);
	for (i = 0; i < n_got; i++) {
		assert_int_equal(got[i].frame, want[i].frame);
		assert_true(got[i].self_us == want[i].self_us);
		assert_true(got[i].total_us == want[i].total_us);
	}
}

static void test_top_is_prefix_of_all(void **state)
{
	static const size_t tops[] = { 0, 1, 2, 5, 50, 256, 257, 1000 };
	const char *data = getenv("FC_TEST_DATA");
	struct fc_import_options io = FC_IMPORT_OPTIONS_INIT;
	struct fc_profile_set set;
	struct fc_stats all, s;
	struct fc_error err;
	char path[1024];
	size_t i, ties = 0;

	(void)state;
	assert_non_null(data);
	snprintf(path, sizeof(path),
		 "%s/corpus/real/ng-serve/CPU.20250519.000248.22170.1.002.cpuprofile", data);
	fc_profile_set_init(&set);
	assert_true(fc_import_file(path, &io, &set, &err));
	assert_true(fc_stats_compute_top(set.items[0], SIZE_MAX, &all));
	/* the whole lists, heaviest first */
	assert_true(all.n_functions_with_self > 300 && all.n_by_total > 300);
	for (i = 1; i < all.n_functions_with_self; i++) {
		assert_true(all.functions[i - 1].self_us >= all.functions[i].self_us);
		ties += all.functions[i - 1].self_us == all.functions[i].self_us;
	}
	for (i = 1; i < all.n_by_total; i++)
		assert_true(all.by_total[i - 1].total_us >= all.by_total[i].total_us);
	assert_true(ties > 100);
	for (i = 0; i < sizeof(tops) / sizeof(tops[0]); i++) {
		assert_true(fc_stats_compute_top(set.items[0], tops[i], &s));
		expect_prefix(all.functions, all.n_functions_with_self, s.functions,
			      s.n_functions_with_self, tops[i]);
		expect_prefix(all.by_total, all.n_by_total, s.by_total, s.n_by_total, tops[i]);
		fc_stats_finish(&s);
	}
	fc_stats_finish(&all);
	fc_profile_set_finish(&set);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sort_top_is_stable_prefix),
		cmocka_unit_test(test_top_is_prefix_of_all),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
