/* DevTools' colour generator: the hashCode test vectors of devtools-rules §5.1
 * and the HSL spaces of the JS Profiler (§5.2) and Performance panel (§5.3). */
#include <setjmp.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "style/style.h"
#include "model/profile.h"

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

/* hashCode as JS computes it, with fmod for %: the reference the fast
 * remainder in integers must match bit for bit. */
static uint32_t reference_hash(const uint32_t *units, size_t n)
{
	const double p = 4294967291.0, z = 1345575271.0, z2 = 1506996573.0;
	double acc = 0, zi = 1;
	int32_t i32;
	size_t i;

	if (!n)
		return 0;
	for (i = 0; i < n; i++) {
		acc = fmod(acc + zi * ((double)units[i] * z2), p);
		zi = fmod(zi * z, p);
	}
	acc = fmod(acc + zi * (p - 1), p);
	i32 = (int32_t)(uint32_t)(uint64_t)acc;
	return i32 < 0 ? (uint32_t)(-(int64_t)i32) : (uint32_t)i32;
}

/* Long strings of every kind of code point (URLs are 50-200 units): the
 * sums reach 2^79, where a remainder taken wrongly would show. */
static void test_hash_against_fmod(void **state)
{
	uint64_t rng = 88172645463325252u;
	uint32_t units[512];
	char s[2048];
	size_t round;
	(void)state;

	for (round = 0; round < 3000; round++) {
		size_t n = 0, len = 0, want;
		rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
		want = rng % 250;
		while (len < want) {
			uint32_t cp;
			rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
			cp = rng % 8 == 0   ? 0x10000 + (uint32_t)(rng >> 16) % 0xfffff
			     : rng % 8 == 1 ? 0x80 + (uint32_t)(rng >> 16) % 0xd700
					    : 0x20 + (uint32_t)(rng >> 16) % 0x5f;
			if (cp < 0x80) {
				s[n++] = (char)cp;
			} else if (cp < 0x800) {
				s[n++] = (char)(0xc0 | cp >> 6);
				s[n++] = (char)(0x80 | (cp & 0x3f));
			} else if (cp < 0x10000) {
				s[n++] = (char)(0xe0 | cp >> 12);
				s[n++] = (char)(0x80 | ((cp >> 6) & 0x3f));
				s[n++] = (char)(0x80 | (cp & 0x3f));
			} else {
				s[n++] = (char)(0xf0 | cp >> 18);
				s[n++] = (char)(0x80 | ((cp >> 12) & 0x3f));
				s[n++] = (char)(0x80 | ((cp >> 6) & 0x3f));
				s[n++] = (char)(0x80 | (cp & 0x3f));
			}
			if (cp >= 0x10000) {
				units[len++] = 0xd800 + ((cp - 0x10000) >> 10);
				units[len++] = 0xdc00 + ((cp - 0x10000) & 0x3ff);
			} else {
				units[len++] = cp;
			}
		}
		s[n] = '\0';
		assert_int_equal(fc_devtools_hash(s), reference_hash(units, len));
	}
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
		cmocka_unit_test(test_hash_against_fmod),
		cmocka_unit_test(test_hsl_to_rgb),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
