/* The native SVG writer's number formatting (svg_native.c): the hand-written
 * path for whole numbers, halves and 1/1024 px gives the same digits as the
 * reference (the fewest decimals that read back as the same double). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "render/svg_native.h"

/* The definition: %.Nf with the least N that strtod reads back exactly. */
static void reference(double v, char *out, size_t size)
{
	int k;

	if (v == 0)
		v = 0;
	if (fabs(v) < 1e15 && v == (double)(long long)v) {
		snprintf(out, size, "%lld", (long long)v);
		return;
	}
	for (k = 1; k <= 17; k++) {
		snprintf(out, size, "%.*f", k, v);
		if (strtod(out, NULL) == v)
			return;
	}
}

static void same(double v)
{
	char a[64], b[64];
	size_t n = fc_svg_number(v, a, sizeof(a));

	reference(v, b, sizeof(b));
	if (strcmp(a, b) != 0 || n != strlen(a))
		fail_msg("%.17g: \"%s\", expected \"%s\"", v, a, b);
}

static void test_examples(void **state)
{
	char b[64];
	(void)state;

	fc_svg_number(12, b, sizeof(b));
	assert_string_equal(b, "12");
	fc_svg_number(-3.25, b, sizeof(b));
	assert_string_equal(b, "-3.25");
	fc_svg_number(412.05859375, b, sizeof(b));
	assert_string_equal(b, "412.05859375");
	fc_svg_number(-0.0, b, sizeof(b));
	assert_string_equal(b, "0");
	fc_svg_number(0.1, b, sizeof(b));
	assert_string_equal(b, "0.1");
	fc_svg_number(NAN, b, sizeof(b));
	assert_string_equal(b, "0");
}

static void test_against_reference(void **state)
{
	uint64_t x = 88172645463325252u;
	long k;
	int i;
	(void)state;

	/* every 1/1024 step below 4 px, then a spread up to and past 2^20 */
	for (k = -4096; k <= 4096; k++)
		same(k / 1024.0);
	for (i = 0; i < 50000; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		k = (long)(x % 2400000000u) - 1200000000; /* up to 2^20 * 1024 and more */
		same(k / 1024.0);
		same(k / 100.0);
		same(k / 7.0);
	}
	same(1048575.9990234375);
	same(1048576);
	same(1048576.5);
	same(1e15 + 0.5);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_examples),
		cmocka_unit_test(test_against_reference),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
