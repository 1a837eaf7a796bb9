/* The ruler: DevTools' tick step (devtools-rules §6.5) worked out by hand for a
 * few spans, its invariants over many spans, and the label text. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "render/paint_internal.h"
#include "util/util.h"
#include "model/profile.h"

static void test_step_by_hand(void **state)
{
	(void)state;
	/* 160 ms over 1180 px: 160 / (1180/64) = 8.68 -> 10; 10 ms is 73.75 px */
	assert_true(fc_ruler_step(160, 1180) == 10);
	/* 2107.375 ms: 114.3 -> 1000 (560 px >= 320) -> 200 (112 px < 128) */
	assert_true(fc_ruler_step(2107.375, 1180) == 200);
	/* 30 over 1000 px: 1.92 -> 10 (333 px) -> 2 (66.7 px) */
	assert_true(fc_ruler_step(30, 1000) == 2);
	/* 50 over 1000 px: 3.2 -> 10 (200 px >= 128) -> 5 */
	assert_true(fc_ruler_step(50, 1000) == 5);
	/* 1 over 1000 px: 0.064 -> 0.1 (100 px) */
	assert_true(fabs(fc_ruler_step(1, 1000) - 0.1) < 1e-12);
	/* 100 % over 1180 px: 5.42 -> 10 (118 px) */
	assert_true(fc_ruler_step(100, 1180) == 10);
	/* nothing to divide */
	assert_true(fc_ruler_step(0, 1000) == 1);
}

/* For any span the step is 1, 2 or 5 × 10^n and ticks are 64 to 160 px apart. */
static void test_step_invariants(void **state)
{
	double span;
	(void)state;

	for (span = 0.001; span < 1e7; span *= 1.0137) {
		double step = fc_ruler_step(span, 1180), px = step * 1180 / span;
		double mant = step / pow(10, floor(log10(step) + 1e-9));
		assert_true(px >= 64 - 1e-6);
		assert_true(px < 160 + 1e-6);
		assert_true(fabs(mant - 1) < 1e-6 || fabs(mant - 2) < 1e-6 ||
			    fabs(mant - 5) < 1e-6);
	}
}

static void test_labels(void **state)
{
	char out[64];
	(void)state;

	/* DevTools examples (devtools-rules §6.5), a no-break space before "ms" */
	fc_ruler_label(0, 10, FC_RULER_MS, NULL, out, sizeof(out));
	assert_string_equal(out, "0\xc2\xa0ms");
	fc_ruler_label(0.05, 0.01, FC_RULER_MS, NULL, out, sizeof(out));
	assert_string_equal(out, "0.05\xc2\xa0ms");
	fc_ruler_label(0.5, 0.5, FC_RULER_MS, NULL, out, sizeof(out));
	assert_string_equal(out, "0.5\xc2\xa0ms");
	fc_ruler_label(200, 200, FC_RULER_MS, NULL, out, sizeof(out));
	assert_string_equal(out, "200\xc2\xa0ms");
	fc_ruler_label(1000, 200, FC_RULER_MS, NULL, out, sizeof(out));
	assert_string_equal(out, "1,000\xc2\xa0ms");
	fc_ruler_label(12000, 500, FC_RULER_MS, NULL, out, sizeof(out));
	assert_string_equal(out, "12,000\xc2\xa0ms");
	/* our one difference: whole seconds once the step is 1 s or more */
	fc_ruler_label(12000, 2000, FC_RULER_MS, NULL, out, sizeof(out));
	assert_string_equal(out, "12\xc2\xa0s");
	fc_ruler_label(1500000, 100000, FC_RULER_MS, NULL, out, sizeof(out));
	assert_string_equal(out, "1,500\xc2\xa0s");
	/* graph scale and plain weights */
	fc_ruler_label(20, 10, FC_RULER_PERCENT, NULL, out, sizeof(out));
	assert_string_equal(out, "20%");
	fc_ruler_label(2.5, 0.5, FC_RULER_PERCENT, NULL, out, sizeof(out));
	assert_string_equal(out, "2.5%");
	fc_ruler_label(1500, 500, FC_RULER_PLAIN, "samples", out, sizeof(out));
	assert_string_equal(out, "1,500\xc2\xa0samples");
}

static void test_grouping(void **state)
{
	char out[64];
	(void)state;

	fc_format_grouped(0, 0, out, sizeof(out));
	assert_string_equal(out, "0");
	fc_format_grouped(999, 0, out, sizeof(out));
	assert_string_equal(out, "999");
	fc_format_grouped(1000, 0, out, sizeof(out));
	assert_string_equal(out, "1,000");
	fc_format_grouped(1234567.891, 1, out, sizeof(out));
	assert_string_equal(out, "1,234,567.9");
	fc_format_grouped(-1234.5, 1, out, sizeof(out));
	assert_string_equal(out, "-1,234.5");
	fc_format_grouped(-0.001, 2, out, sizeof(out));
	assert_string_equal(out, "0.00");
}

static void test_durations(void **state)
{
	char out[64];
	(void)state;

	fc_format_duration(159, out, sizeof(out));
	assert_string_equal(out, "159 µs");
	fc_format_duration(1209, out, sizeof(out));
	assert_string_equal(out, "1.21 ms");
	fc_format_duration(12345, out, sizeof(out));
	assert_string_equal(out, "12.3 ms");
	fc_format_duration(2107375, out, sizeof(out));
	assert_string_equal(out, "2.11 s");
}

/* bytes by hand: powers of 1000, three significant digits, rounding that
 * carries into the next unit */
static void test_bytes(void **state)
{
	static const struct {
		double v;
		bool sign;
		const char *want;
	} cases[] = {
		{ 0, false, "0 B" },
		{ 812, false, "812 B" },
		{ 999.4, false, "999 B" },
		{ 999.5, false, "1.00 kB" },
		{ 1500, false, "1.50 kB" },
		{ 26911032, false, "26.9 MB" },
		{ 9518552, false, "9.52 MB" },
		{ 999960, false, "1.00 MB" },
		{ 3.21e9, false, "3.21 GB" },
		{ 8641152, true, "+8.64 MB" },
		{ -817000, true, "-817 kB" },
		{ 0, true, "0 B" },
		{ 123456789, false, "123 MB" },
	};
	char out[64];
	(void)state;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		fc_format_bytes(cases[i].v, cases[i].sign, out, sizeof(out));
		assert_string_equal(out, cases[i].want);
	}
	fc_format_weight(26911032, FC_UNIT_BYTES, out, sizeof(out));
	assert_string_equal(out, "26.9 MB");
	fc_format_weight(1209, "\xc2\xb5s", out, sizeof(out));
	assert_string_equal(out, "1.21 ms");
	fc_format_weight(1234, "samples", out, sizeof(out));
	assert_string_equal(out, "1,234 samples");
	assert_true(fc_unit_is_bytes("bytes") && !fc_unit_is_bytes("samples") &&
		    !fc_unit_is_bytes(NULL));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_step_by_hand), cmocka_unit_test(test_step_invariants),
		cmocka_unit_test(test_labels),       cmocka_unit_test(test_grouping),
		cmocka_unit_test(test_durations),    cmocka_unit_test(test_bytes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
