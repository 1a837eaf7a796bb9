/* Format detection reads on the caller's thread: fc_import_detect_file
 * starts no read-ahead thread, even for a file large enough for one whose
 * format shows only past the first window (docs/threads.md). report -j
 * detects files beside the renders of others, and a thread per detection
 * would be one more than its budget. The threads are counted by wrapping
 * pthread_create at link time (-Wl,--wrap), not by timing. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <zlib.h>

#include "flamechart/import.h"
#include "import/source.h"

int __real_pthread_create(pthread_t *t, const pthread_attr_t *a, void *(*fn)(void *), void *arg);
int __wrap_pthread_create(pthread_t *t, const pthread_attr_t *a, void *(*fn)(void *), void *arg);

static int started;

int __wrap_pthread_create(pthread_t *t, const pthread_attr_t *a, void *(*fn)(void *), void *arg)
{
	started++;
	return __real_pthread_create(t, a, fn, arg);
}

/* A trace whose first member is pad bytes of text that does not compress:
 * its traceEvents, which tell the format, come past them. */
static unsigned char *late_trace(size_t pad, size_t *n)
{
	static const char head[] = "{\"metadata\": {\"x\": \"",
			  tail[] = "\"}, \"traceEvents\": [{\"ph\": \"M\", \"name\": "
				   "\"thread_name\", \"pid\": 1, \"tid\": 1, \"ts\": 0}]}";
	unsigned char *d = malloc(sizeof(head) + pad + sizeof(tail));
	uint32_t x = 12345;
	size_t i;

	assert_non_null(d);
	memcpy(d, head, sizeof(head) - 1);
	for (i = 0; i < pad; i++) {
		x = x * 1103515245u + 12345u;
		d[sizeof(head) - 1 + i] = (unsigned char)('a' + (x >> 16) % 26);
	}
	memcpy(d + sizeof(head) - 1 + pad, tail, sizeof(tail));
	*n = sizeof(head) - 1 + pad + sizeof(tail) - 1;
	return d;
}

static void write_path(char *path, const unsigned char *d, size_t n, bool gz)
{
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	if (gz) {
		gzFile z = gzdopen(fd, "wb");
		assert_non_null(z);
		assert_int_equal(gzwrite(z, d, (unsigned)n), (int)n);
		assert_int_equal(gzclose(z), Z_OK);
	} else {
		assert_int_equal(write(fd, d, n), (ssize_t)n);
		close(fd);
	}
}

/* Reading the whole file with two threads allowed starts the read-ahead:
 * the file is large enough, and the counter sees it. */
static int threads_to_read(const char *path)
{
	struct fc_source src;
	struct fc_error err;
	const unsigned char *chunk;
	size_t len;
	int before = started;

	fc_error_init(&err);
	assert_true(fc_source_open(&src, path, 0, &err));
	src.threads = 2;
	src.read_ahead_cached = true; /* the file was just written */
	while (fc_source_next(&src, &chunk, &len, &err) && len)
		;
	assert_int_equal(err.code, FC_OK);
	fc_source_close(&src);
	return started - before;
}

static void check(bool gz, size_t pad)
{
	char path[] = "/tmp/fc-detect-threads-XXXXXX";
	size_t n;
	unsigned char *d = late_trace(pad, &n);
	enum fc_format format = FC_FORMAT_AUTO;
	struct fc_error err;
	int before;

	write_path(path, d, n, gz);
	assert_true(threads_to_read(path) >= 1);
	before = started;
	fc_error_init(&err);
	assert_true(fc_import_detect_file(path, 0, &format, &err));
	assert_int_equal(format, FC_FORMAT_TRACE);
	assert_int_equal(started - before, 0);
	unlink(path);
	free(d);
}

/* a plain file past the read-ahead size, the format past the first chunk */
static void test_plain(void **state)
{
	(void)state;
	check(false, FC_SOURCE_READAHEAD_MIN + 2 * FC_SOURCE_CHUNK);
}

/* a gzip file past the size inflated on a thread, the format past the
 * first chunk inflated */
static void test_gzip(void **state)
{
	(void)state;
	check(true, 2 * FC_SOURCE_GZ_THREAD_MIN + 2 * FC_SOURCE_CHUNK);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plain),
		cmocka_unit_test(test_gzip),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
