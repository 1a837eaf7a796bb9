/* Detection by content, the source layer (gzip, read-ahead) and --thread/--pid
 * selection. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cmocka.h>
#include <zlib.h>

#include "flamechart/import.h"
#include "transform/select.h"
#include "import/importers.h"
#include "import/source.h"
#include "util/util.h"
#include "model/profile.h"

static const char *cpuprofile =
	"{\"nodes\":[{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\",\"scriptId\":\"0\","
	"\"url\":\"\","
	"\"lineNumber\":-1,\"columnNumber\":-1},\"children\":[2]},{\"id\":2,\"callFrame\":{"
	"\"functionName\":"
	"\"f\",\"scriptId\":\"1\",\"url\":\"a.js\",\"lineNumber\":0,\"columnNumber\":0}}],"
	"\"startTime\":0,\"endTime\":30,\"samples\":[2,2,2],\"timeDeltas\":[0,10,10]}";

static bool detect(const void *data, size_t len, enum fc_format *f, struct fc_error *err)
{
	struct fc_source src;
	bool ok;

	fc_error_init(err);
	fc_source_memory(&src, "t", data, len);
	ok = fc_import_detect(&src, f, err);
	fc_source_close(&src);
	return ok;
}

static enum fc_format detect_str(const char *s)
{
	enum fc_format f = FC_FORMAT_AUTO;
	struct fc_error err;

	if (!detect(s, strlen(s), &f, &err))
		return FC_FORMAT_AUTO;
	return f;
}

static const char *detect_error(const char *s, size_t len)
{
	static struct fc_error err;
	enum fc_format f;

	assert_false(detect(s, len, &f, &err));
	assert_int_equal(err.code, FC_ERR_FORMAT);
	return err.text;
}

static void test_detect(void **state)
{
	(void)state;
	assert_int_equal(detect_str("\xef\xbb\xbf \n {\"nodes\":[]}"), FC_FORMAT_CPUPROFILE);
	assert_int_equal(detect_str("{\"head\":{}}"), FC_FORMAT_CPUPROFILE);
	assert_int_equal(detect_str("{\"samples\":[1],\"timeDeltas\":[1]}"), FC_FORMAT_CPUPROFILE);
	assert_int_equal(detect_str("\n[{\"ph\":\"M\"}"), FC_FORMAT_TRACE);
	/* keys in any order, deciding keys after other values */
	assert_int_equal(detect_str("{\"metadata\":{\"nodes\":1},\"traceEvents\":[]}"),
			 FC_FORMAT_TRACE);
	assert_int_equal(detect_str("{\"samples\":[],\"stacks\":[]}"), FC_FORMAT_SELF_PROFILING);
	assert_int_equal(detect_str("{\"resources\":[]}"), FC_FORMAT_SELF_PROFILING);
	assert_int_equal(detect_str("{\"id\":3,\"trace\":{\"samples\":[]}}"),
			 FC_FORMAT_SELF_PROFILING);
	assert_int_equal(detect_str("# perf\n\nmain;a 1\n"), FC_FORMAT_FOLDED);
	assert_int_equal(detect_str("main;a\t1.5"), FC_FORMAT_FOLDED);
	/* speedscope by its $schema, wherever it is */
	assert_int_equal(detect_str("{\"profiles\":[],\"$schema\":"
				    "\"https://www.speedscope.app/file-format-schema.json\"}"),
			 FC_FORMAT_SPEEDSCOPE);
	/* Hermes: traceEvents with samples or stackFrames, in any order; a trace
	 * without them, or with them past the first window, is a trace */
	assert_int_equal(detect_str("{\"traceEvents\":[{\"ph\":\"M\"}],\"samples\":[]}"),
			 FC_FORMAT_HERMES);
	assert_int_equal(detect_str("{\"stackFrames\":{},\"x\":1,\"traceEvents\":[]}"),
			 FC_FORMAT_HERMES);
	assert_int_equal(detect_str("{\"traceEvents\":[],\"displayTimeUnit\":\"ms\"}"),
			 FC_FORMAT_TRACE);
	assert_int_equal(detect_str("{\"traceEvents\":[{\"ph\":\"M\"},"), FC_FORMAT_TRACE);
	{
		size_t pad = (size_t)200 << 10;
		char *big = malloc(pad + 64);
		assert_non_null(big);
		memcpy(big, "{\"traceEvents\":[\"", 17);
		memset(big + 17, 'x', pad);
		strcpy(big + 17 + pad, "\"],\"samples\":[]}");
		assert_int_equal(detect_str(big), FC_FORMAT_TRACE);
		free(big);
	}
	/* broken JSON goes to the .cpuprofile importer, which names the spot */
	assert_int_equal(detect_str("{\"a\": tru"), FC_FORMAT_CPUPROFILE);

	assert_string_equal(detect_error("", 0), "the file is empty");
	assert_string_equal(detect_error(" \n\t", 3), "the file contains only whitespace");
	assert_string_equal(detect_error("{}", 2), "an empty JSON object: not a profile");
	assert_non_null(strstr(detect_error("{\"a\":1,\"b\":[1],\"c\":{\"nodes\":1}}", 31),
			       "JSON object with keys a, b, c: not a profile"));
	assert_non_null(
		strstr(detect_error("{\"$schema\":\"x\",\"profiles\":[]}", 29), "speedscope"));
	assert_non_null(strstr(detect_error("\x28\xb5\x2f\xfd\x01\x02", 6), "zstd"));
	assert_non_null(strstr(detect_error("ab\x01\x02\x03\0\x05", 7), "binary data"));
	assert_non_null(strstr(detect_error("# x\nmain;a 1 x\n", 15),
			       "text, but line 2 is not `stack count`"));
}

static enum fc_format detect_bytes(const char *s, size_t len)
{
	enum fc_format f = FC_FORMAT_AUTO;
	struct fc_error err;

	return detect(s, len, &f, &err) ? f : FC_FORMAT_AUTO;
}

/* pprof by structure (input-rules §I4): Profile fields with their wire
 * types up to the end, a sample type among them, whatever field comes first */
static void test_detect_pprof(void **state)
{
	/* sample_type {type: 1, unit: 2}, string_table "", "a", "b" */
	static const char st_first[] = "\x0a\x04\x08\x01\x10\x02\x32\x00\x32\x01"
				       "a\x32\x01"
				       "b";
	/* time_nanos first, as Go writes it */
	static const char time_first[] = "\x48\x96\x01\x0a\x04\x08\x01\x10\x02\x32\x00";

	(void)state;
	assert_int_equal(detect_bytes(st_first, sizeof(st_first) - 1), FC_FORMAT_PPROF);
	assert_int_equal(detect_bytes(time_first, sizeof(time_first) - 1), FC_FORMAT_PPROF);
	/* no sample type: not recognised */
	assert_int_equal(detect_bytes("\x48\x96\x01\x32\x00", 5), FC_FORMAT_AUTO);
	/* the whole input must end on a field's end */
	assert_int_equal(detect_bytes(st_first, sizeof(st_first) - 2), FC_FORMAT_AUTO);
	/* a sample type that is not two varints */
	assert_int_equal(detect_bytes("\x0a\x02\x18\x01", 4), FC_FORMAT_AUTO);
	/* text and JSON that start with a newline stay what they are */
	assert_int_equal(detect_str("\n\nmain;a 1\n"), FC_FORMAT_FOLDED);
	assert_int_equal(detect_str("\n\x08{\"nodes\":[]}"), FC_FORMAT_AUTO);
	assert_int_equal(detect_str("\n{\"nodes\":[]}"), FC_FORMAT_CPUPROFILE);
}

/* A deciding key after 12 MiB: beyond the look-ahead kept in memory the
 * source is read on and rewound, and the import still sees every byte. */
static void test_detect_late_key(void **state)
{
	size_t pad = (size_t)12 << 20, n = strlen(cpuprofile);
	char *buf = malloc(pad + n + 16);
	struct fc_import_options o = FC_IMPORT_OPTIONS_INIT;
	struct fc_profile_set set;
	struct fc_error err;
	enum fc_format f;
	(void)state;

	assert_non_null(buf);
	memcpy(buf, "{\"title\":\"", 10);
	memset(buf + 10, 'x', pad);
	memcpy(buf + 10 + pad, "\",", 2);
	memcpy(buf + 12 + pad, cpuprofile + 1, n - 1);
	assert_true(detect(buf, pad + n + 11, &f, &err));
	assert_int_equal(f, FC_FORMAT_CPUPROFILE);
	fc_profile_set_init(&set);
	assert_true(fc_import_memory("t", buf, pad + n + 11, &o, &set, &err));
	assert_int_equal(set.items[0]->n_samples, 3);
	fc_profile_set_finish(&set);
	free(buf);
}

/* gzip with zlib's own deflate; level 9 on repeated bytes nears 1000:1. */
static unsigned char *gz(const void *data, size_t len, size_t repeat, size_t *out_len)
{
	z_stream z = { 0 };
	size_t cap = len * repeat / 100 + 4096, i;
	unsigned char *out = malloc(cap);

	assert_int_equal(deflateInit2(&z, 9, Z_DEFLATED, 16 + MAX_WBITS, 9, Z_DEFAULT_STRATEGY),
			 Z_OK);
	z.next_out = out;
	z.avail_out = (uInt)cap;
	for (i = 0; i < repeat; i++) {
		z.next_in = (unsigned char *)data;
		z.avail_in = (uInt)len;
		assert_int_equal(deflate(&z, i + 1 == repeat ? Z_FINISH : Z_NO_FLUSH),
				 i + 1 == repeat ? Z_STREAM_END : Z_OK);
	}
	*out_len = cap - z.avail_out;
	deflateEnd(&z);
	return out;
}

static bool import_bytes(const void *data, size_t len, uint64_t max, struct fc_profile_set *set,
			 struct fc_error *err)
{
	struct fc_import_options o = { .version = FC_IMPORT_OPTIONS_VERSION, .max_bytes = max };

	fc_profile_set_init(set);
	return fc_import_memory("t.gz", data, len, &o, set, err);
}

/* The same bytes through a source that hands them out read_max at a time
 * (0: all at once). */
static bool import_pieces(const void *data, size_t len, size_t read_max, struct fc_profile_set *set,
			  struct fc_error *err)
{
	struct fc_import_options o = FC_IMPORT_OPTIONS_INIT;
	struct fc_source src;
	bool ok;

	fc_profile_set_init(set);
	fc_error_init(err);
	fc_source_memory(&src, "t.gz", data, len);
	src.read_max = read_max;
	ok = fc_import_source(&src, "t.gz", &o, set, err);
	fc_source_close(&src);
	return ok;
}

/* A gzip fault surfaces at its byte however the input arrives: the bytes
 * decoded before it come first. 100 KiB of text with a bad CRC is decided
 * "not a profile" from the first 64 KiB whole or in pieces; decoded at
 * once, the CRC fault used to come first and drop them. */
static void test_gzip_fault_order(void **state)
{
	static const char line[] = "some text that is not a profile\n";
	struct fc_profile_set set;
	struct fc_error whole, pieces;
	size_t n;
	unsigned char *z = gz(line, sizeof(line) - 1, 3200, &n);
	(void)state;

	z[n - 8] ^= 1; /* the CRC-32 in the trailer */
	assert_false(import_pieces(z, n, 0, &set, &whole));
	fc_profile_set_finish(&set);
	assert_false(import_pieces(z, n, 7, &set, &pieces));
	fc_profile_set_finish(&set);
	assert_int_equal(whole.code, pieces.code);
	assert_string_equal(whole.text, pieces.text);
	assert_null(strstr(whole.text, "gzip"));

	/* a profile that needs every byte meets the fault either way */
	free(z);
	z = gz(cpuprofile, strlen(cpuprofile), 1, &n);
	z[n - 8] ^= 1;
	assert_false(import_pieces(z, n, 0, &set, &whole));
	fc_profile_set_finish(&set);
	assert_false(import_pieces(z, n, 5, &set, &pieces));
	fc_profile_set_finish(&set);
	assert_string_equal(whole.text, "corrupt gzip data: incorrect data check");
	assert_string_equal(pieces.text, whole.text);
	free(z);
}

static void test_gzip(void **state)
{
	struct fc_profile_set set;
	struct fc_error err;
	size_t n, n2;
	unsigned char *z = gz(cpuprofile, strlen(cpuprofile), 1, &n), *two, *spaces;
	char blanks[4096];
	(void)state;

	assert_true(import_bytes(z, n, 0, &set, &err));
	assert_int_equal(set.items[0]->n_samples, 3);
	assert_int_equal(set.items[0]->sample_time_us[2], 20);
	fc_profile_set_finish(&set);

	/* every cut is a truncated stream */
	for (n2 = 2; n2 < n; n2 += n2 < 20 ? 1 : 17) {
		assert_false(import_bytes(z, n2, 0, &set, &err));
		assert_true(err.code == FC_ERR_SYNTAX);
	}
	assert_false(import_bytes(z, n - 4, 0, &set, &err));
	assert_string_equal(err.text,
			    "truncated gzip data: the file ends inside the compressed stream");

	/* two members make one stream, as gzip(1) has it; garbage after does not */
	two = malloc(n + 10 + 64);
	memcpy(two, z, n);
	{
		size_t a;
		unsigned char *ws = gz("  \n", 3, 1, &a);
		memcpy(two + n, ws, a);
		assert_true(import_bytes(two, n + a, 0, &set, &err));
		fc_profile_set_finish(&set);
		memcpy(two + n, "garbage", 7);
		assert_false(import_bytes(two, n + 7, 0, &set, &err));
		assert_string_equal(err.text, "unexpected data after the end of the gzip stream");
		free(ws);
	}
	/* a flipped byte fails the CRC or the inflate */
	z[n / 2] ^= 0x55;
	assert_false(import_bytes(z, n, 0, &set, &err));
	assert_int_equal(err.code, FC_ERR_SYNTAX);
	free(two);
	free(z);

	/* a bomb: 80 MiB of spaces stops at the ratio guard, not in memory */
	memset(blanks, ' ', sizeof(blanks));
	spaces = gz(blanks, sizeof(blanks), 20480, &n);
	assert_false(import_bytes(spaces, n, 0, &set, &err));
	assert_int_equal(err.code, FC_ERR_LIMIT);
	assert_non_null(strstr(err.text, "decompression bomb"));
	/* and --max-input-size counts decoded bytes */
	assert_false(import_bytes(spaces, n, 1 << 20, &set, &err));
	assert_int_equal(err.code, FC_ERR_LIMIT);
	assert_non_null(strstr(err.text, "after decompression"));
	free(spaces);
}

/* Reads the whole source with this many threads; checks it gives
 * want[0..n) exactly and whether a reading thread ran. With rewind_at, reads
 * that far, rewinds and reads everything again. A plain file is read ahead
 * as if the page cache did not hold it (read_ahead_cached) unless
 * by_cache. */
static void read_cached(const char *path, unsigned threads, const unsigned char *want, size_t n,
			size_t rewind_at, bool expect_thread, bool by_cache)
{
	struct fc_source src;
	struct fc_error err;
	const unsigned char *chunk;
	size_t len, got = 0;
	bool rewound = rewind_at == 0, threaded = false;

	fc_error_init(&err);
	assert_true(fc_source_open(&src, path, 0, &err));
	src.threads = threads;
	src.read_ahead_cached = !by_cache;
	for (;;) {
		assert_true(fc_source_next(&src, &chunk, &len, &err));
		if (!len)
			break;
		assert_true(got + len <= n);
		assert_memory_equal(chunk, want + got, len);
		got += len;
		threaded |= src.ra != NULL;
		if (!rewound && got >= rewind_at) {
			assert_true(fc_source_rewind(&src, &err));
			assert_null(src.ra);
			rewound = true;
			got = 0;
		}
	}
	assert_true(rewound);
	assert_int_equal(got, n);
	assert_true(threaded == expect_thread);
	fc_source_close(&src);
}

static void read_all(const char *path, unsigned threads, const unsigned char *want, size_t n,
		     size_t rewind_at, bool expect_thread)
{
	read_cached(path, threads, want, n, rewind_at, expect_thread, false);
}

/* Whether the page cache holds nine tenths of the file's pages or more,
 * told by the test's own mincore. */
static bool in_cache(int fd, size_t n)
{
	long page = sysconf(_SC_PAGESIZE);
	size_t pages = (n + (size_t)page - 1) / (size_t)page, resident = 0, i;
	unsigned char *vec = malloc(pages);
	void *map = mmap(NULL, n, PROT_READ, MAP_SHARED, fd, 0);

	assert_non_null(vec);
	assert_true(map != MAP_FAILED);
	assert_int_equal(mincore(map, n, vec), 0);
	for (i = 0; i < pages; i++)
		resident += vec[i] & 1;
	munmap(map, n);
	free(vec);
	return resident >= pages - pages / 10;
}

/* gzip of data[0..n) at this level (0: stored, as large as the data); *zn
 * its size. */
static unsigned char *gz_level(const unsigned char *data, size_t n, int level, size_t *zn)
{
	unsigned char *z = malloc(n + n / 100 + 4096);
	z_stream zs = { 0 };

	assert_non_null(z);
	assert_int_equal(
		deflateInit2(&zs, level, Z_DEFLATED, 16 + MAX_WBITS, 9, Z_DEFAULT_STRATEGY), Z_OK);
	zs.next_in = (unsigned char *)data;
	zs.avail_in = (uInt)n;
	zs.next_out = z;
	zs.avail_out = (uInt)(n + n / 100 + 4096);
	assert_int_equal(deflate(&zs, Z_FINISH), Z_STREAM_END);
	*zn = zs.total_out;
	deflateEnd(&zs);
	return z;
}

static unsigned char *random_bytes(size_t n)
{
	unsigned char *data = malloc(n);
	uint64_t r = 0x9e3779b97f4a7c15ULL;
	size_t i;

	assert_non_null(data);
	for (i = 0; i < n; i++) {
		r ^= r << 13;
		r ^= r >> 7;
		r ^= r << 17;
		data[i] = (unsigned char)r;
	}
	if (data[0] == 0x1f)
		data[0] = 0; /* not the gzip magic */
	return data;
}

static void write_file(int fd, const void *data, size_t n)
{
	assert_int_equal(lseek(fd, 0, SEEK_SET), 0);
	assert_int_equal(write(fd, data, n), (ssize_t)n);
	assert_int_equal(ftruncate(fd, (off_t)n), 0);
}

/* Large regular files are read by a thread a few chunks ahead, and large
 * gzip files inflated by one: the bytes, a rewind halfway and gzip on top of
 * it are the same as a plain read, and one thread means no reading thread.
 * A large plain file that the page cache holds is read on the caller's
 * thread; once out of the cache, a thread reads it ahead. */
static void test_readahead(void **state)
{
	size_t n = FC_SOURCE_READAHEAD_MIN * 2 + 12345, zn;
	unsigned char *data = random_bytes(n), *z;
	char path[] = "/tmp/fc-readahead-XXXXXX";
	int fd;
	(void)state;

	fd = mkstemp(path);
	assert_true(fd >= 0);
	write_file(fd, data, n);
	read_all(path, 2, data, n, 0, true);
	read_all(path, 2, data, n, n / 2, true);
	read_all(path, 1, data, n, 0, false);
	read_all(path, 1, data, n, n / 2, false);
	/* by what the page cache holds: all of it, just written, then none */
	assert_true(in_cache(fd, n));
	read_cached(path, 2, data, n, 0, false, true);
	read_cached(path, 2, data, n, n / 2, false, true);
	assert_int_equal(fsync(fd), 0);
	assert_int_equal(posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED), 0);
	if (in_cache(fd, n))
		print_message("the page cache kept %s (tmpfs?): its read ahead once out of "
			      "the cache is not checked here\n",
			      path);
	else
		read_cached(path, 2, data, n, 0, true, true);
	read_cached(path, 1, data, n, 0, false, true);
	/* a small file is read directly */
	write_file(fd, data, 100000);
	read_all(path, 2, data, 100000, 0, false);

	z = gz_level(data, n, 0, &zn);
	write_file(fd, z, zn);
	read_all(path, 2, data, n, n / 3, true);
	read_all(path, 1, data, n, n / 3, false);
	free(z);
	/* gzip from a smaller size: 300 kB inflate on a thread, 100 kB not */
	z = gz_level(data, 300000, 0, &zn);
	assert_true(zn >= FC_SOURCE_GZ_THREAD_MIN);
	write_file(fd, z, zn);
	read_all(path, 2, data, 300000, 0, true);
	read_all(path, 1, data, 300000, 0, false);
	free(z);
	z = gz_level(data, 100000, 0, &zn);
	write_file(fd, z, zn);
	read_all(path, 2, data, 100000, 0, false);

	close(fd);
	unlink(path);
	free(z);
	free(data);
}

/* Reads path until the end or an error, with this many threads: how many
 * bytes came first, and the error (FC_OK at the end). */
static size_t read_to_fault(const char *path, unsigned threads, uint64_t max, struct fc_error *err)
{
	struct fc_source src;
	const unsigned char *chunk;
	size_t len, got = 0;

	fc_error_init(err);
	assert_true(fc_source_open(&src, path, max, err));
	fc_error_set_file(err, path);
	src.threads = threads;
	while (fc_source_next(&src, &chunk, &len, err) && len)
		got += len;
	fc_source_close(&src);
	return got;
}

/* A damaged gzip file fails the same way, after the same bytes, whether it
 * is inflated on a thread or not; the error still names the file. */
static void test_gzip_thread_faults(void **state)
{
	size_t n = 1200000, zn, k;
	unsigned char *data = random_bytes(n), *z, *bad;
	char path[] = "/tmp/fc-gzfault-XXXXXX";
	int fd = mkstemp(path);
	struct {
		const char *what;
		size_t cut;   /* the file is cut to this size, 0 = whole */
		size_t flip;  /* this byte is flipped, 0 = none */
		bool garbage; /* bytes after the stream */
		uint64_t max; /* --max-input-size */
		const char *text;
	} cases[] = {
		{ "whole", 0, 0, false, 0, "" },
		{ "truncated", 200000, 0, false, 0,
		  "truncated gzip data: the file ends inside the compressed stream" },
		{ "bad CRC", 0, 8, false, 0, "corrupt gzip data: incorrect data check" },
		{ "garbage after", 0, 0, true, 0,
		  "unexpected data after the end of the gzip stream" },
		{ "over the bound", 0, 0, false, 600000,
		  "input is larger than 600000 bytes after decompression (the --max-input-size "
		  "limit)" },
	};
	(void)state;

	/* four letters: compressed to about a quarter, still over the size
	 * inflated on a thread */
	for (k = 0; k < n; k++)
		data[k] = (unsigned char)('a' + (data[k] & 3));
	z = gz_level(data, n, 9, &zn);
	assert_true(fd >= 0);
	assert_true(zn >= FC_SOURCE_GZ_THREAD_MIN && zn < 600000);
	bad = malloc(zn + 16);
	assert_non_null(bad);
	for (k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		struct fc_error one, two;
		size_t len = cases[k].cut ? cases[k].cut : zn, got1, got2;
		memcpy(bad, z, zn);
		if (cases[k].flip)
			bad[zn - cases[k].flip] ^= 1;
		if (cases[k].garbage) {
			memcpy(bad + zn, "garbage", 7);
			len += 7;
		}
		write_file(fd, bad, len);
		got1 = read_to_fault(path, 1, cases[k].max, &one);
		got2 = read_to_fault(path, 2, cases[k].max, &two);
		print_message("%s: %zu and %zu bytes, %s\n", cases[k].what, got1, got2, two.text);
		assert_int_equal(got1, got2);
		assert_int_equal(one.code, two.code);
		assert_string_equal(one.text, cases[k].text);
		assert_string_equal(two.text, cases[k].text);
		assert_string_equal(two.file, path);
		if (!*cases[k].text)
			assert_int_equal(got2, n);
	}
	close(fd);
	unlink(path);
	free(bad);
	free(z);
	free(data);
}

static struct fc_profile *thread(const char *name, int64_t pid, int64_t tid)
{
	struct fc_profile *p = fc_profile_create();
	p->thread_name = name ? strdup(name) : NULL;
	p->pid = pid;
	p->tid = tid;
	return p;
}

static void test_select(void **state)
{
	struct fc_profile_set set;
	struct fc_select by_name = { .thread = "CrRendererMain", .pid = -1 };
	struct fc_select by_tid = { .thread = "12", .pid = -1 };
	struct fc_select by_pid = { .thread = NULL, .pid = 2 };
	struct fc_select none = { .thread = "Compositor", .pid = 1 };
	struct fc_error err;
	(void)state;

	fc_profile_set_init(&set);
	fc_profile_set_add(&set, thread("CrRendererMain", 1, 11));
	fc_profile_set_add(&set, thread("DedicatedWorker thread", 1, 12));
	fc_profile_set_add(&set, thread("CrRendererMain", 2, 21));
	assert_true(fc_select_match(set.items[0], &by_name));
	assert_false(fc_select_match(set.items[1], &by_name));
	assert_true(fc_select_match(set.items[1], &by_tid));
	assert_false(fc_select_match(set.items[0], &by_tid));
	assert_true(fc_select_match(set.items[2], &by_pid));

	fc_error_init(&err);
	assert_false(fc_select_apply(&set, &none, &err));
	assert_int_equal(err.code, FC_ERR_USAGE);
	assert_string_equal(err.text, "no thread matches --thread Compositor --pid 1; the input "
				      "has: CrRendererMain (pid 1, tid 11), DedicatedWorker thread "
				      "(pid 1, tid 12), CrRendererMain (pid 2, tid 21)");
	assert_int_equal(set.count, 3);
	assert_true(fc_select_apply(&set, &by_name, &err));
	assert_int_equal(set.count, 2);
	assert_int_equal(set.items[1]->tid, 21);
	fc_profile_set_finish(&set);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_detect),
		cmocka_unit_test(test_detect_pprof),
		cmocka_unit_test(test_detect_late_key),
		cmocka_unit_test(test_gzip),
		cmocka_unit_test(test_gzip_fault_order),
		cmocka_unit_test(test_readahead),
		cmocka_unit_test(test_gzip_thread_faults),
		cmocka_unit_test(test_select),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
