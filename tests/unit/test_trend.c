/* flamechart trend's pure parts (docs/trend.md): the step rule on series
 * made by hand, whose steps are known by construction, and the sparkline. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "report/trend.h"

static const struct fc_trend_options options = {
	.alpha = 0.05,
	.min_segment = 3,
	.min_change = 0.10,
	.min_share = 0.01,
};

/* n runs of per measurements each; value i of levels (one per run), with a
 * small noise that alternates (+d, -d, ...) so that every segment has a
 * spread. */
static void series(struct fc_trend_run *runs, double *v, const double *levels, size_t n, size_t per,
		   double d)
{
	size_t i, j, k = 0;

	for (i = 0; i < n; i++) {
		runs[i].first = k;
		runs[i].n = per;
		for (j = 0; j < per; j++, k++)
			v[k] = levels[i] + (k % 2 ? -d : d);
	}
}

static void steps_of(const double *levels, size_t n, size_t per, double d,
		     struct fc_trend_step **out, size_t *n_out)
{
	struct fc_trend_run runs[64];
	double v[192];

	memset(runs, 0, sizeof(runs));
	assert_true(n <= 64 && n * per <= 192);
	series(runs, v, levels, n, per, d);
	assert_true(fc_trend_steps(&options, runs, n, v, 100, out, n_out));
}

static void test_one_step(void **state)
{
	double levels[20];
	struct fc_trend_step *s;
	size_t i, n;
	(void)state;

	for (i = 0; i < 20; i++)
		levels[i] = i < 12 ? 100 : 150;
	steps_of(levels, 20, 1, 2, &s, &n);
	assert_int_equal(n, 1);
	assert_int_equal(s[0].at, 12);
	assert_true(s[0].newest);
	assert_true(fabs(s[0].before - 100) < 1 && fabs(s[0].after - 150) < 1);
	assert_true(s[0].p_value < 0.05 / 15);
	free(s);
}

static void test_flat_no_step(void **state)
{
	double levels[20];
	struct fc_trend_step *s;
	size_t i, n;
	(void)state;

	/* noise of ±5 % about one level: no split is a step */
	for (i = 0; i < 20; i++)
		levels[i] = 100;
	steps_of(levels, 20, 1, 5, &s, &n);
	assert_int_equal(n, 0);
	free(s);
}

static void test_two_steps(void **state)
{
	double levels[24];
	struct fc_trend_step *s;
	size_t i, n;
	(void)state;

	/* up at 8, back down at 16 */
	for (i = 0; i < 24; i++)
		levels[i] = i >= 8 && i < 16 ? 150 : 100;
	steps_of(levels, 24, 1, 2, &s, &n);
	assert_int_equal(n, 2);
	assert_int_equal(s[0].at, 8);
	assert_int_equal(s[1].at, 16);
	assert_false(s[0].newest);
	assert_true(s[1].newest);
	/* each step's sides are the runs between its neighbours */
	assert_true(fabs(s[0].before - 100) < 1 && fabs(s[0].after - 150) < 1);
	assert_true(fabs(s[1].before - 150) < 1 && fabs(s[1].after - 100) < 1);
	free(s);
}

static void test_small_change_is_no_step(void **state)
{
	double levels[20];
	struct fc_trend_step *s;
	size_t i, n;
	(void)state;

	/* +5 %, very significant (noise ±0.1), below --min-change's 10 % */
	for (i = 0; i < 20; i++)
		levels[i] = i < 10 ? 100 : 105;
	steps_of(levels, 20, 1, 0.1, &s, &n);
	assert_int_equal(n, 0);
	free(s);
	/* +12 %: a step */
	for (i = 10; i < 20; i++)
		levels[i] = 112;
	steps_of(levels, 20, 1, 0.1, &s, &n);
	assert_int_equal(n, 1);
	assert_int_equal(s[0].at, 10);
	free(s);
}

static void test_min_segment(void **state)
{
	double levels[12];
	struct fc_trend_step *s;
	size_t i, n;
	(void)state;

	/* two runs before the change: fewer than --min-runs 3 */
	for (i = 0; i < 12; i++)
		levels[i] = i < 2 ? 100 : 200;
	steps_of(levels, 12, 1, 1, &s, &n);
	assert_int_equal(n, 0);
	free(s);
	for (i = 0; i < 12; i++)
		levels[i] = i < 3 ? 100 : 200;
	steps_of(levels, 12, 1, 1, &s, &n);
	assert_int_equal(n, 1);
	assert_int_equal(s[0].at, 3);
	free(s);
}

static void test_measurements_per_run(void **state)
{
	double levels[8];
	struct fc_trend_step *s;
	size_t i, n;
	(void)state;

	/* 8 runs of 3 measurements: each side's samples are the measurements */
	for (i = 0; i < 8; i++)
		levels[i] = i < 4 ? 100 : 130;
	steps_of(levels, 8, 3, 3, &s, &n);
	assert_int_equal(n, 1);
	assert_int_equal(s[0].at, 4);
	free(s);
}

static void test_sparkline(void **state)
{
	double v[16];
	char out[3 * 60 + 1];
	size_t i;
	(void)state;

	for (i = 0; i < 8; i++)
		v[i] = (double)i;
	fc_trend_sparkline(v, 8, 60, out);
	assert_string_equal(out, "▁▂▃▄▅▆▇█");
	for (i = 0; i < 8; i++)
		v[i] = 5;
	fc_trend_sparkline(v, 8, 60, out);
	assert_string_equal(out, "▁▁▁▁▁▁▁▁");
	/* 16 runs in 4 characters: each the mean of four runs */
	for (i = 0; i < 16; i++)
		v[i] = i < 8 ? 0 : 7;
	fc_trend_sparkline(v, 16, 4, out);
	assert_string_equal(out, "▁▁██");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_one_step),    cmocka_unit_test(test_flat_no_step),
		cmocka_unit_test(test_two_steps),   cmocka_unit_test(test_small_change_is_no_step),
		cmocka_unit_test(test_min_segment), cmocka_unit_test(test_measurements_per_run),
		cmocka_unit_test(test_sparkline),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
