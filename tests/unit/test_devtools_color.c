/* DevTools' colour generator: the hashCode test vectors of devtools-rules §5.1
 * and the HSL spaces of the JS Profiler (§5.2) and Performance panel (§5.3). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "flamechart/style.h"

struct vector {
	const char *id;
	uint32_t hash;
	int a_h, a_s, a_l; /* JS Profiler: hsl(h s% l%) */
	int b_h, b_s, b_l; /* Performance panel */
};

static const struct vector vectors[] = {
	{ "", 0, -1, 0, 0, -1, 0, 0 },
	{ "a", 1195795714, 244, 65, 80, 244, 80, 85 },
	{ "https://example.com/app.js", 1201579772, 302, 50, 85, 302, 80, 85 },
	{ "file:///home/user/app.js", 1872309880, 310, 50, 80, 310, 65, 85 },
	{ "main.js", 754504544, 74, 72, 85, 74, 80, 85 },
	{ "node:internal/main/run_main_module", 890425540, 70, 80, 90, 70, 50, 85 },
	{ "ProfileCall", 274392992, -1, 0, 0, 122, 65, 85 },
};

static const struct fc_hsl_space hue = { 30, 330, 0 };
static const struct fc_hsl_space sat_a = { 50, 80, 5 }, light_a = { 80, 90, 3 };
static const struct fc_hsl_space sat_b = { 50, 80, 3 }, light_b = { 85, 85, 0 };

static void test_vectors(void **state)
{
	size_t i;
	(void)state;

	for (i = 0; i < sizeof(vectors) / sizeof(vectors[0]); i++) {
		const struct vector *v = &vectors[i];
		int h, s, l;

		assert_int_equal(fc_devtools_hash(v->id), v->hash);
		if (v->a_h >= 0) {
			fc_devtools_hsl(v->id, &hue, &sat_a, &light_a, &h, &s, &l);
			assert_int_equal(h, v->a_h);
			assert_int_equal(s, v->a_s);
			assert_int_equal(l, v->a_l);
		}
		if (v->b_h >= 0) {
			fc_devtools_hsl(v->id, &hue, &sat_b, &light_b, &h, &s, &l);
			assert_int_equal(h, v->b_h);
			assert_int_equal(s, v->b_s);
			assert_int_equal(l, v->b_l);
		}
	}
}

/* UTF-16 code units: a non-BMP character counts as a surrogate pair. The
 * value comes from the same double-precision arithmetic in node:
 * hashCode("\u{1F600}x") over the units d83d de00 0078. */
static void test_utf16(void **state)
{
	(void)state;
	assert_int_equal(fc_devtools_hash("\xf0\x9f\x98\x80x"), 2104372553);
	assert_int_not_equal(fc_devtools_hash("\xc3\xa9"), fc_devtools_hash("e"));
}

static void test_hsl_to_rgb(void **state)
{
	struct fc_rgb c;
	(void)state;

	c = fc_hsl_to_rgb(198, 50, 85);
	assert_int_equal(c.r, 198);
	assert_int_equal(c.g, 224);
	assert_int_equal(c.b, 236);
	c = fc_hsl_to_rgb(0, 0, 80);
	assert_int_equal(c.r, 204);
	assert_int_equal(c.g, 204);
	assert_int_equal(c.b, 204);
	c = fc_hsl_to_rgb(120, 100, 50);
	assert_int_equal(c.r, 0);
	assert_int_equal(c.g, 255);
	assert_int_equal(c.b, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_vectors),
		cmocka_unit_test(test_utf16),
		cmocka_unit_test(test_hsl_to_rgb),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
