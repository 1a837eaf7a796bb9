/* Allocation failure (docs/robustness.md): for every N, the N-th allocation
 * of importing a small real profile (each format, and gzip) and laying it
 * out as a chart and a graph fails; each run must end in success or a clean
 * error, with no crash and no allocation left live. malloc, calloc, realloc
 * and free are interposed here and forward to glibc's. Skipped under
 * AddressSanitizer, which owns malloc. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "flamechart/import.h"
#include "flamechart/layout.h"

#if defined(__SANITIZE_ADDRESS__)
int main(void)
{
	puts("SKIP: AddressSanitizer owns malloc");
	return 77;
}
#else

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);

static long live;           /* allocations not freed */
static long calls;          /* allocations asked for */
static long countdown = -1; /* the allocation that fails when it reaches 0 */
static bool failed_one;

static bool fail_now(void)
{
	calls++;
	if (countdown < 0)
		return false;
	if (countdown-- == 0) {
		failed_one = true;
		return true;
	}
	return false;
}

void *malloc(size_t n)
{
	void *p = fail_now() ? NULL : __libc_malloc(n);
	live += p != NULL;
	return p;
}

void *calloc(size_t a, size_t b)
{
	void *p = fail_now() ? NULL : __libc_calloc(a, b);
	live += p != NULL;
	return p;
}

void *realloc(void *old, size_t n)
{
	void *p;

	if (!old)
		return malloc(n);
	if (n == 0) {
		live--;
		return __libc_realloc(old, 0);
	}
	p = fail_now() ? NULL : __libc_realloc(old, n);
	return p;
}

void free(void *p)
{
	live -= p != NULL;
	__libc_free(p);
}

static char *read_all(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *s;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	s = __libc_malloc((size_t)n + 1);
	if (s && fread(s, 1, (size_t)n, f) != (size_t)n) {
		__libc_free(s);
		s = NULL;
	}
	fclose(f);
	*len = (size_t)n;
	return s;
}

/* One import and both layouts; true on success. */
static bool once(const char *data, size_t len, struct fc_error *err)
{
	struct fc_import_options opts = { .format = FC_FORMAT_AUTO };
	struct fc_profile_set set;
	bool ok;
	int m;

	fc_profile_set_init(&set);
	fc_error_init(err);
	ok = fc_import_memory("alloc", data, len, &opts, &set, err);
	if (getenv("ALLOC_DEBUG"))
		fprintf(stderr, "import %d: %ld calls, %zu profiles\n", ok, calls, set.count);
	for (m = 0; ok && m < 2; m++) {
		struct fc_layout l;
		struct fc_layout_options lo = { .mode = m ? FC_MODE_GRAPH : FC_MODE_CHART };
		if (m == 0 && !set.items[0]->has_time)
			continue;
		ok = fc_layout_build(&l, &set, &lo, err);
		if (ok)
			fc_layout_finish(&l);
	}
	fc_profile_set_finish(&set);
	return ok;
}

static int failures;

static void check_file(const char *name, const char *data, size_t len)
{
	struct fc_error err;
	long n, before, first;

	/* warm up whatever is allocated once per process */
	calls = 0;
	if (!once(data, len, &err)) {
		printf("FAIL: %s: does not import: %s\n", name, err.text);
		failures++;
		return;
	}
	first = calls;
	if (getenv("ALLOC_DEBUG"))
		fprintf(stderr, "%s: warm-up %ld calls, %zu bytes\n", name, calls, len);
	for (n = 0;; n++) {
		bool ok;
		before = live;
		failed_one = false;
		countdown = n;
		ok = once(data, len, &err);
		countdown = -1;
		if (live != before) {
			printf("FAIL: %s: allocation %ld failed: %ld allocations leaked\n", name, n,
			       live - before);
			failures++;
		}
		if (!ok && (err.code == FC_OK || !err.text[0])) {
			printf("FAIL: %s: allocation %ld failed: failure without an error\n", name,
			       n);
			failures++;
		}
		if (!failed_one) {
			printf("%s: %ld allocations (%ld in the first run), each failed once: "
			       "clean\n",
			       name, n, first);
			break;
		}
	}
}

int main(void)
{
	static const char *const files[] = {
		"corpus/seed-examples/minimal-cpu-profile.cpuprofile",
		"corpus/seed-examples/minimal-trace-event-instant-event-simple-profile-chunks.json",
		"inputs/folded/basic.folded",
	};
	const char *dir = getenv("FC_TEST_DATA");
	size_t i;

	if (!dir) {
		puts("FC_TEST_DATA is not set");
		return 1;
	}
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		char path[1024], gzname[1100];
		size_t len;
		char *data;
		uLongf zlen;
		unsigned char *gz;
		z_stream z;

		snprintf(path, sizeof(path), "%s/%s", dir, files[i]);
		data = read_all(path, &len);
		if (!data) {
			printf("FAIL: cannot read %s\n", path);
			return 1;
		}
		check_file(files[i], data, len);
		/* the same through the gzip layer */
		zlen = compressBound(len) + 64;
		gz = __libc_malloc(zlen);
		memset(&z, 0, sizeof(z));
		if (gz && deflateInit2(&z, 6, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY) == Z_OK) {
			z.next_in = (Bytef *)data;
			z.avail_in = (uInt)len;
			z.next_out = gz;
			z.avail_out = (uInt)zlen;
			if (deflate(&z, Z_FINISH) == Z_STREAM_END) {
				snprintf(gzname, sizeof(gzname), "%s (gzip)", files[i]);
				check_file(gzname, (const char *)gz, zlen - z.avail_out);
			}
			deflateEnd(&z);
		}
		__libc_free(gz);
		__libc_free(data);
	}
	if (failures) {
		printf("%d failure(s)\n", failures);
		return 1;
	}
	return 0;
}
#endif
