/* A trace's screenshots (model/screenshots.h, util/base64.h): base64 both
 * ways, the bound on what is kept (evenly thinned, never more than
 * FC_SHOTS_KEEP or FC_SHOTS_BYTES), the pick of a time's screenshot, and
 * libjpeg's errors coming back as messages instead of ending the process. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model/screenshots.h"
#include "util/base64.h"

static void test_base64(void **state)
{
	/* RFC 4648 §10's vectors */
	static const char *const plain[] = { "", "f", "fo", "foo", "foob", "fooba", "foobar" };
	static const char *const coded[] = { "",         "Zg==",     "Zm8=",    "Zm9v",
					     "Zm9vYg==", "Zm9vYmE=", "Zm9vYmFy" };
	size_t i, bad;
	(void)state;

	for (i = 0; i < 7; i++) {
		struct fc_buf b = { 0 };
		fc_base64_encode((const unsigned char *)plain[i], strlen(plain[i]), &b);
		assert_int_equal(b.len, strlen(coded[i]));
		assert_memory_equal(b.data ? b.data : "", coded[i], b.len);
		b.len = 0;
		assert_true(fc_base64_decode(coded[i], strlen(coded[i]), &b, &bad));
		assert_int_equal(b.len, strlen(plain[i]));
		assert_memory_equal(b.data, plain[i], b.len);
		/* padding may be left out */
		b.len = 0;
		assert_true(fc_base64_decode(coded[i], strcspn(coded[i], "="), &b, &bad));
		assert_int_equal(b.len, strlen(plain[i]));
		fc_buf_free(&b);
	}
	{
		struct fc_buf b = { 0 };
		assert_false(fc_base64_decode("Zm9v!mFy", 8, &b, &bad));
		assert_int_equal(bad, 4);
		assert_false(fc_base64_decode("Zm9vY", 5, &b, &bad)); /* a lone sixth of a byte */
		assert_false(
			fc_base64_decode("Zg=", 3, &b, &bad)); /* padding to no multiple of 4 */
		assert_false(fc_base64_decode("Zm 9v", 5, &b, &bad));
		fc_buf_free(&b);
	}
}

static unsigned char *dummy(size_t n)
{
	unsigned char *p = malloc(n);
	assert_non_null(p);
	memset(p, 0xd8, n);
	return p;
}

/* 10 000 screenshots read: at most FC_SHOTS_KEEP kept, one every stride
 * reads from the first, so that they cover the whole trace evenly. */
static void test_thinning(void **state)
{
	struct fc_screenshots s;
	size_t i, n = 10000;
	(void)state;

	fc_screenshots_init(&s);
	for (i = 0; i < n; i++) {
		if (!fc_screenshots_wanted(&s)) {
			fc_screenshots_skip(&s);
			continue;
		}
		assert_true(
			fc_screenshots_add(&s, (double)i * 1000, (int64_t)i, dummy(10), 10, 8, 6));
	}
	assert_int_equal(s.seen, n);
	assert_true(s.n <= FC_SHOTS_KEEP);
	assert_true(s.n >= FC_SHOTS_KEEP / 2);
	for (i = 0; i < s.n; i++)
		assert_int_equal(s.items[i].event, (int64_t)(i * s.stride));
	assert_true(s.items[s.n - 1].event >= (int64_t)(n - s.stride));
	fc_screenshots_finish(&s);

	/* large ones: the bytes are bounded too */
	fc_screenshots_init(&s);
	for (i = 0; i < 100; i++) {
		if (!fc_screenshots_wanted(&s)) {
			fc_screenshots_skip(&s);
			continue;
		}
		assert_true(fc_screenshots_add(&s, (double)i, (int64_t)i, dummy(FC_SHOT_MAX_BYTES),
					       FC_SHOT_MAX_BYTES, 8, 6));
		assert_true(s.bytes <= FC_SHOTS_BYTES);
	}
	assert_true(s.n >= FC_SHOTS_BYTES / FC_SHOT_MAX_BYTES / 2);
	fc_screenshots_finish(&s);
}

/* The screenshot of a time is the last one strictly before it. */
static void test_at(void **state)
{
	struct fc_screenshots s;
	static const double ts[] = { 300, 100, 200 };
	size_t i;
	(void)state;

	fc_screenshots_init(&s);
	for (i = 0; i < 3; i++)
		assert_true(fc_screenshots_add(&s, ts[i], (int64_t)i, dummy(1), 1, 8, 6));
	assert_true(fc_screenshots_sort(&s));
	assert_int_equal(fc_screenshots_at(&s, 50), SIZE_MAX);
	assert_int_equal(fc_screenshots_at(&s, 100), SIZE_MAX);
	assert_int_equal(fc_screenshots_at(&s, 100.5), 0);
	assert_int_equal(fc_screenshots_at(&s, 200), 0);
	assert_int_equal(fc_screenshots_at(&s, 250), 1);
	assert_int_equal(fc_screenshots_at(&s, 1e9), 2);
	assert_int_equal(s.items[2].event, 0);
	fc_screenshots_finish(&s);
}

/* libjpeg's fatal errors come back as false and a message: the process
 * goes on (its default handler would exit). */
static void test_jpeg_errors(void **state)
{
	/* SOI, then an APP0 segment cut short */
	static const unsigned char cut[] = { 0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 'J', 'F' };
	/* SOI and EOI: no frame at all */
	static const unsigned char empty[] = { 0xff, 0xd8, 0xff, 0xd9 };
	uint32_t w = 0, h = 0;
	struct fc_image img;
	char msg[200];
	(void)state;

	msg[0] = '\0';
	assert_false(
		fc_jpeg_check((const unsigned char *)"GIF89a......", 12, &w, &h, msg, sizeof(msg)));
	assert_true(msg[0] != '\0');
	msg[0] = '\0';
	assert_false(fc_jpeg_check(cut, sizeof(cut), &w, &h, msg, sizeof(msg)));
	assert_true(msg[0] != '\0');
	assert_false(fc_jpeg_check(empty, sizeof(empty), &w, &h, msg, sizeof(msg)));
	assert_false(fc_jpeg_decode(cut, sizeof(cut), 60, &img, msg, sizeof(msg)));
	assert_null(img.px);
	assert_false(fc_jpeg_check(cut, 0, &w, &h, msg, sizeof(msg)));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_base64),
		cmocka_unit_test(test_thinning),
		cmocka_unit_test(test_at),
		cmocka_unit_test(test_jpeg_errors),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
