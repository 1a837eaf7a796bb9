/* Allocation failure (docs/robustness.md): for every N, the N-th allocation
 * of importing a small real profile (each format, and gzip) and laying it
 * out as a chart and a graph fails; each run must end in success or a clean
 * error, with no crash and no allocation left live. Then every writer
 * (SVG native and cairo, PNG, PDF, the layout JSON, folded stacks, the
 * Markdown summary) writes that profile to a file while the N-th of the
 * allocations libflamechart makes itself fails -- cairo, pango, glib and
 * jansson allocate through their own calls to malloc, which are counted
 * as live but never failed (glib aborts on a failed allocation by design)
 * -- and must end in success or a clean error, no allocation left live and
 * no file left behind: neither the output nor a temporary. malloc, calloc,
 * realloc and free are interposed here and forward to glibc's. Skipped
 * under AddressSanitizer, which owns malloc. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dirent.h>
#include <dlfcn.h>
#include <execinfo.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "flamechart/flamechart.h"
#include "flamechart/import.h"
#include "layout/layout.h"
#include "render/output.h"
#include "flamechart/summary.h"
#include "model/profile.h"

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
static long calls;          /* allocations asked for (that may fail) */
static long countdown = -1; /* the allocation that fails when it reaches 0 */
static bool failed_one;
/* Only allocations called from this program's own code -- libflamechart
 * is linked in statically -- count and may fail. */
static bool ours_only;
static void *self_base;

static bool fail_now(void *caller)
{
	if (ours_only) {
		Dl_info di;
		if (!dladdr(caller, &di) || di.dli_fbase != self_base)
			return false;
	}
	calls++;
	if (countdown < 0)
		return false;
	if (countdown-- == 0) {
		failed_one = true;
		if (getenv("ALLOC_DEBUG")) {
			/* where the failed allocation was asked for */
			void *frames[12];
			backtrace_symbols_fd(frames, backtrace(frames, 12), 2);
		}
		return true;
	}
	return false;
}

static void *do_malloc(size_t n, void *caller)
{
	void *p = fail_now(caller) ? NULL : __libc_malloc(n);
	live += p != NULL;
	return p;
}

void *malloc(size_t n)
{
	return do_malloc(n, __builtin_return_address(0));
}

void *calloc(size_t a, size_t b)
{
	void *p = fail_now(__builtin_return_address(0)) ? NULL : __libc_calloc(a, b);
	live += p != NULL;
	return p;
}

void *realloc(void *old, size_t n)
{
	void *p;

	if (!old)
		return do_malloc(n, __builtin_return_address(0));
	if (n == 0) {
		live--;
		return __libc_realloc(old, 0);
	}
	p = fail_now(__builtin_return_address(0)) ? NULL : __libc_realloc(old, n);
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
	/* screenshots on: read where a trace has them */
	struct fc_import_options opts = { .version = FC_IMPORT_OPTIONS_VERSION,
					  .format = FC_FORMAT_AUTO,
					  .screenshots = true };
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

/* --- writers ------------------------------------------------------------ */

enum writer { W_SVG, W_SVG_CAIRO, W_PNG, W_PDF, W_JSON, W_JSON_GRAPH, W_FOLDED, W_MD, W_COUNT };

static const char *const writer_names[W_COUNT] = {
	"SVG (native)",        "SVG (cairo)",         "PNG",           "PDF",
	"layout JSON (chart)", "layout JSON (graph)", "folded stacks", "Markdown summary",
};

static char out_dir[4096], out_path[4200];

/* The Markdown summary, written as `-f md` writes it. */
static bool write_md(const struct fc_profile_set *set, struct fc_error *err)
{
	struct fc_summary_options so = { .version = FC_SUMMARY_OPTIONS_VERSION, .top = 0 };
	return fc_summary_markdown_write(set, &so, out_path, err);
}

static bool write_once(struct fc_context *ctx, const struct fc_profile_set *set, enum writer w,
		       struct fc_error *err)
{
	static const enum fc_out_format fmt[W_COUNT] = {
		FC_OUT_SVG,  FC_OUT_SVG,  FC_OUT_PNG,    FC_OUT_PDF,
		FC_OUT_JSON, FC_OUT_JSON, FC_OUT_FOLDED, FC_OUT_MD,
	};
	struct fc_render_request req = {
		.version = FC_RENDER_REQUEST_VERSION,
		.format = fmt[w],
		.mode = w == W_JSON_GRAPH || w == W_FOLDED ? FC_MODE_GRAPH : FC_MODE_CHART,
		.output = out_path,
		.width_px = 400,
		.svg_cairo = w == W_SVG_CAIRO,
		.interactive = w == W_SVG,
	};

	fc_error_init(err);
	if (w == W_MD)
		return write_md(set, err);
	return fc_render(ctx, set, &req, err);
}

/* Names in out_dir (the output or a temporary beside it); 0 when empty. */
static int dir_entries(char *first, size_t size)
{
	DIR *d = opendir(out_dir);
	struct dirent *de;
	int n = 0;

	if (!d)
		return -1;
	while ((de = readdir(d)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		if (!n++)
			snprintf(first, size, "%s", de->d_name);
	}
	closedir(d);
	return n;
}

static void check_writer(struct fc_context *ctx, const struct fc_profile_set *set, enum writer w)
{
	struct fc_error err;
	char name[256];
	long n, before, first;
	bool ok;

	/* warm up: the theme, fonts and caches made once per process */
	ours_only = true;
	calls = 0;
	ok = write_once(ctx, set, w, &err);
	first = calls;
	if (!ok || dir_entries(name, sizeof(name)) != 1) {
		printf("FAIL: %s: not written: %s\n", writer_names[w], ok ? "no file" : err.text);
		failures++;
		ours_only = false;
		return;
	}
	unlink(out_path);
	for (n = 0;; n++) {
		int left;
		before = live;
		failed_one = false;
		countdown = n;
		ok = write_once(ctx, set, w, &err);
		countdown = -1;
		if (live != before) {
			/* pango and fontconfig cache what a run measured for the
			 * first time (a shorter label, say): the same run again
			 * must leave nothing, or it is a leak */
			if (ok)
				unlink(out_path);
			before = live;
			countdown = n;
			ok = write_once(ctx, set, w, &err);
			countdown = -1;
		}
		if (live != before) {
			printf("FAIL: %s: allocation %ld failed: %ld allocations leaked\n",
			       writer_names[w], n, live - before);
			failures++;
		}
		if (!ok && (err.code == FC_OK || !err.text[0])) {
			printf("FAIL: %s: allocation %ld failed: failure without an error\n",
			       writer_names[w], n);
			failures++;
		}
		left = dir_entries(name, sizeof(name));
		if (left != (ok ? 1 : 0)) {
			printf("FAIL: %s: allocation %ld failed: %s, %d file(s) left (%s)\n",
			       writer_names[w], n, ok ? "written" : err.text, left,
			       left > 0 ? name : "");
			failures++;
		}
		if (ok)
			unlink(out_path);
		if (!failed_one) {
			printf("%s: %ld allocations of libflamechart's own (%ld in the first run), "
			       "each failed once: clean\n",
			       writer_names[w], n, first);
			break;
		}
		if (failures > 20)
			break;
	}
	ours_only = false;
}

static void check_writers(const char *data, size_t len)
{
	struct fc_import_options opts = { .version = FC_IMPORT_OPTIONS_VERSION,
					  .format = FC_FORMAT_AUTO,
					  .screenshots = true };
	struct fc_profile_set set;
	struct fc_context *ctx;
	struct fc_error err;
	const char *tmp = getenv("TMPDIR");
	Dl_info di;
	int w;

	if (!dladdr((void *)check_writers, &di)) {
		printf("FAIL: dladdr does not know this program\n");
		failures++;
		return;
	}
	self_base = di.dli_fbase;
	snprintf(out_dir, sizeof(out_dir), "%s/alloc-fail-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(out_dir)) {
		printf("FAIL: mkdtemp\n");
		failures++;
		return;
	}
	snprintf(out_path, sizeof(out_path), "%s/out", out_dir);
	fc_profile_set_init(&set);
	fc_error_init(&err);
	ctx = fc_context_create();
	if (!ctx || !fc_import_memory("alloc.cpuprofile", data, len, &opts, &set, &err)) {
		printf("FAIL: writers: the profile does not import: %s\n", err.text);
		failures++;
	} else {
		for (w = 0; w < W_COUNT && failures <= 20; w++)
			check_writer(ctx, &set, (enum writer)w);
	}
	fc_profile_set_finish(&set);
	fc_context_destroy(ctx);
	rmdir(out_dir);
}

int main(void)
{
	static const char *const files[] = {
		"corpus/seed-examples/minimal-cpu-profile.cpuprofile",
		"corpus/seed-examples/minimal-trace-event-instant-event-simple-profile-chunks.json",
		"inputs/folded/basic.folded",
		/* a filmstrip: JPEGs decoded, painted and embedded (and three
		 * screenshots that cannot be read) */
		"traces/screenshots-small.json",
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
		if (i == 0 || i == 3)
			check_writers(data, len);
		__libc_free(data);
	}
	if (failures) {
		printf("%d failure(s)\n", failures);
		return 1;
	}
	return 0;
}
#endif
