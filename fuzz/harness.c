/* The checks every import fuzz target runs (harness.h). The oracles:
 *   - sanitizers (ASan, UBSan) and libFuzzer's leak, time and memory limits;
 *   - the same input read whole and read in small pieces gives the same
 *     outcome, so chunk boundaries cannot change a result or a message;
 *   - an error has a code and a message that is clean text (it goes to a
 *     terminal, a log, an HTML report);
 *   - a profile keeps the model's invariants (include/flamechart/profile.h),
 *     and the chart layout and the stats of it keep theirs. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "layout/layout.h"
#include "model/stats.h"
#include "harness.h"
#include "import/importers.h"
#include "import/source.h"
#include "util/util.h"
#include "model/profile.h"

#define TIME_LIMIT_US (INT64_C(1) << 53) /* builder.c: sample times stay within ±2^53 µs */

void fuzz_check(bool ok, const char *what)
{
	if (ok)
		return;
	fprintf(stderr, "fuzz: invariant broken: %s\n", what);
	abort();
}

const char *fuzz_temp_dir(void)
{
	const char *t = getenv("TMPDIR");

	if (access("/dev/shm", W_OK | X_OK) == 0)
		return "/dev/shm";
	return t && *t ? t : "/tmp";
}

bool fuzz_text_clean(const char *str, size_t len)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0;

	while (i < len) {
		unsigned char c = s[i];
		uint32_t cp;
		size_t n, k;

		if (c < 0x80) {
			if ((c < 0x20 && c != '\t') || c == 0x7f)
				return false;
			i++;
			continue;
		}
		if (c >= 0xc2 && c <= 0xdf)
			n = 2, cp = c & 0x1fu;
		else if (c >= 0xe0 && c <= 0xef)
			n = 3, cp = c & 0x0fu;
		else if (c >= 0xf0 && c <= 0xf4)
			n = 4, cp = c & 0x07u;
		else
			return false;
		if (len - i < n)
			return false;
		for (k = 1; k < n; k++) {
			if ((s[i + k] & 0xc0) != 0x80)
				return false;
			cp = cp << 6 | (s[i + k] & 0x3fu);
		}
		if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) || cp > 0x10ffff ||
		    (cp >= 0xd800 && cp <= 0xdfff))
			return false;
		i += n;
	}
	return true;
}

static bool clean_z(const char *s)
{
	return s == NULL || fuzz_text_clean(s, strlen(s));
}

/* fc_import_file's path, over a source that may deliver the input in
 * pieces of read_max bytes. */
static bool import(const uint8_t *data, size_t size, enum fc_format format, bool tasks,
		   size_t read_max, struct fc_profile_set *set, struct fc_error *err)
{
	struct fc_import_options opts = { .version = FC_IMPORT_OPTIONS_VERSION,
					  .format = format,
					  .max_bytes = FUZZ_MAX_BYTES,
					  .tasks = tasks,
					  /* the trace_tasks target reads screenshots too */
					  .screenshots = tasks };
	struct fc_source src;
	bool ok;

	fc_error_init(err);
	fc_error_set_file(err, "fuzz");
	fc_source_memory(&src, "fuzz", data, size);
	src.max_bytes = FUZZ_MAX_BYTES;
	src.read_max = read_max;
	ok = fc_import_source(&src, "fuzz", &opts, set, err);
	fc_source_close(&src);
	fuzz_check(ok || set->count == 0, "a failed import left profiles in the set");
	return ok;
}

void fuzz_check_error(const struct fc_error *err)
{
	char msg[2048];
	size_t n;

	fuzz_check(err->code != FC_OK, "failure without an error code");
	fuzz_check(err->text[0] != '\0', "failure without a message");
	fuzz_check(err->code <= FC_ERR_PIPE, "error code outside enum fc_error_code");
	n = fc_error_format(err, msg, sizeof(msg));
	fuzz_check(n == strlen(msg), "fc_error_format returned a wrong length");
	fuzz_check(fuzz_text_clean(msg, n), "error message is not clean text");
}

static void check_profile(const struct fc_profile *p)
{
	uint32_t i, max_depth = 0;
	size_t k;

	fuzz_check(p->n_nodes >= 1, "profile without a root node");
	fuzz_check(p->node_parent[0] == FC_NONE && p->node_depth[0] == 0, "node 0 is not the root");
	for (i = 0; i < p->n_frames; i++) {
		const struct fc_frame *f = &p->frames[i];
		fuzz_check(f->name < p->strings.count && f->url < p->strings.count &&
				   f->script_id < p->strings.count && f->package < p->strings.count,
			   "frame names a string that does not exist");
		fuzz_check(f->tier < FC_TIER_COUNT, "frame tier out of range");
		fuzz_check(f->line >= -1 && f->column >= -1, "frame line/column below -1");
	}
	for (k = 0; k < p->strings.count; k++) {
		const char *s = fc_strpool_get(&p->strings, (uint32_t)k);
		fuzz_check(fuzz_text_clean(s, fc_strpool_len(&p->strings, (uint32_t)k)),
			   "interned string is not clean UTF-8");
		fuzz_check(strlen(s) == fc_strpool_len(&p->strings, (uint32_t)k),
			   "interned string holds a NUL byte");
	}
	for (i = 0; i < p->n_nodes; i++) {
		fuzz_check(p->node_frame[i] < p->n_frames,
			   "node names a frame that does not exist");
		if (i == 0)
			continue;
		fuzz_check(p->node_parent[i] < i, "node parent is not before the node (pre-order)");
		fuzz_check(p->node_depth[i] == p->node_depth[p->node_parent[i]] + 1,
			   "node depth is not its parent's plus one");
		if (p->node_depth[i] > max_depth)
			max_depth = p->node_depth[i];
	}
	fuzz_check(p->max_depth == max_depth, "max_depth is not the deepest node's depth");
	for (i = 0; i < p->n_samples; i++) {
		fuzz_check(p->sample_node[i] < p->n_nodes,
			   "sample names a node that does not exist");
		fuzz_check(p->sample_time_us[i] <= TIME_LIMIT_US &&
				   p->sample_time_us[i] >= -TIME_LIMIT_US,
			   "sample time beyond 2^53 us");
		fuzz_check(i == 0 || p->sample_time_us[i] >= p->sample_time_us[i - 1],
			   "samples not sorted by time");
	}
	fuzz_check(p->program_node == FC_NONE || p->program_node < p->n_nodes,
		   "program_node out of range");
	fuzz_check(p->idle_node == FC_NONE || p->idle_node < p->n_nodes, "idle_node out of range");
	fuzz_check(p->gc_node == FC_NONE || p->gc_node < p->n_nodes, "gc_node out of range");
	fuzz_check(p->n_warnings <= FC_PROFILE_MAX_WARNINGS && p->n_warnings <= p->n_repairs,
		   "warning count");
	for (k = 0; k < p->n_warnings; k++)
		fuzz_check(clean_z(p->warnings[k].text) && clean_z(p->warnings[k].path),
			   "warning is not clean text");
	fuzz_check(clean_z(p->name) && clean_z(p->thread_name) && clean_z(p->process_name) &&
			   clean_z(p->note),
		   "profile name or note is not clean text");
	if (p->has_time)
		fuzz_check(isfinite(fc_profile_samples_end(p)), "samples end is not finite");
}

/* Whole and piecewise imports must agree. */
static void check_same(const struct fc_profile_set *a, const struct fc_profile_set *b)
{
	size_t i, k;

	fuzz_check(a->count == b->count, "piecewise import: another number of profiles");
	for (i = 0; i < a->count; i++) {
		const struct fc_profile *p = a->items[i], *q = b->items[i];
		fuzz_check(p->n_nodes == q->n_nodes && p->n_frames == q->n_frames &&
				   p->n_samples == q->n_samples && p->n_repairs == q->n_repairs &&
				   p->start_us == q->start_us && p->end_us == q->end_us,
			   "piecewise import: another profile");
		fuzz_check(memcmp(p->node_parent, q->node_parent, p->n_nodes * sizeof(uint32_t)) ==
					   0 &&
				   memcmp(p->node_frame, q->node_frame,
					  p->n_nodes * sizeof(uint32_t)) == 0,
			   "piecewise import: another call tree");
		fuzz_check(p->n_samples == 0 || (memcmp(p->sample_node, q->sample_node,
							p->n_samples * sizeof(uint32_t)) == 0 &&
						 memcmp(p->sample_time_us, q->sample_time_us,
							p->n_samples * sizeof(int64_t)) == 0),
			   "piecewise import: other samples");
		for (k = 0; k < p->n_warnings; k++)
			fuzz_check(strcmp(p->warnings[k].text, q->warnings[k].text) == 0 &&
					   strcmp(p->warnings[k].path, q->warnings[k].path) == 0 &&
					   p->warnings[k].line == q->warnings[k].line &&
					   p->warnings[k].column == q->warnings[k].column,
				   "piecewise import: other warnings");
	}
}

/* Chart and merged graph: every box finite, inside its lane, on an existing
 * row, naming an existing frame and node; a graph's boxes inside their
 * lane's total. */
static void check_layout_mode(const struct fc_profile_set *set, enum fc_mode mode)
{
	struct fc_layout_options o = { .mode = mode, .plot_width_px = 1000, .minwidth = 1 };
	struct fc_layout l;
	struct fc_error err;
	size_t i, k;

	fc_error_init(&err);
	if (!fc_layout_build(&l, set, &o, &err)) {
		fuzz_check(err.code == FC_ERR_NOMEM, "layout failed");
		return;
	}
	if (mode == FC_MODE_CHART)
		fuzz_check(l.n_lanes == set->count, "one lane per profile");
	fuzz_check(isfinite(l.x_min) && isfinite(l.x_max) && l.x_min <= l.x_max, "layout extent");
	for (i = 0; i < l.n_lanes; i++) {
		const struct fc_lane *lane = &l.lanes[i];
		const struct fc_profile *p = lane->profile;
		for (k = 0; k < lane->n_boxes; k++) {
			const struct fc_box *b = &lane->boxes[k];
			fuzz_check(isfinite(b->x0) && isfinite(b->x1) && b->x0 <= b->x1,
				   "box with a bad extent");
			fuzz_check(b->x0 >= lane->x_min - 1e-6 * fabs(lane->x_min) - 1 &&
					   b->x1 <= lane->x_max + 1e-6 * fabs(lane->x_max) + 1,
				   "box outside the lane");
			/* the Timings lane's rows are its entries', not its tree's */
			fuzz_check(b->depth < lane->rows &&
					   (p->timings || b->depth < p->max_depth + 1),
				   "box row out of range");
			if (b->flags & FC_BOX_COALESCED)
				/* a chart merges two or more narrow bars; a graph
				 * also greys out a lone narrow frame */
				fuzz_check(b->frame == FC_NONE &&
						   b->count >= (mode == FC_MODE_CHART ? 2u : 1u),
					   "coalesced box");
			else
				/* a graph lane with its boxes placed keeps no tree */
				fuzz_check(b->frame < p->n_frames &&
						   (b->node < p->n_nodes ||
						    (lane->merged && p->n_nodes == 0 &&
						     b->node == FC_NONE)),
					   "box names a frame or node that does not exist");
		}
	}
	fc_layout_finish(&l);
}

static void check_layout(const struct fc_profile_set *set)
{
	size_t i;

	check_layout_mode(set, FC_MODE_GRAPH);
	for (i = 0; i < set->count; i++)
		if (!set->items[i]->has_time)
			return; /* folded stacks: the CLI refuses a chart */
	check_layout_mode(set, FC_MODE_CHART);
}

static void check_stats(const struct fc_profile_set *set)
{
	size_t i;

	for (i = 0; i < set->count; i++) {
		struct fc_stats s;
		if (!fc_stats_compute(set->items[i], &s))
			continue; /* allocation failure */
		fuzz_check(s.n_samples == set->items[i]->n_samples, "stats sample count");
		fc_stats_finish(&s);
	}
}

static void import_twice(const uint8_t *data, size_t size, enum fc_format format, bool tasks)
{
	struct fc_profile_set whole, pieces;
	struct fc_error e1, e2;
	char m1[2048], m2[2048];
	/* a piece size that varies with the input, yet is the same on replay */
	size_t piece = 1 + (size_t)(size > 0 ? data[size / 2] % 61 : 0);
	bool ok1, ok2;
	size_t i;

	fc_profile_set_init(&whole);
	fc_profile_set_init(&pieces);
	ok1 = import(data, size, format, tasks, 0, &whole, &e1);
	ok2 = import(data, size, format, tasks, piece, &pieces, &e2);
	fuzz_check(ok1 == ok2, "piecewise import: success differs");
	if (!ok1) {
		fuzz_check_error(&e1);
		fc_error_format(&e1, m1, sizeof(m1));
		fc_error_format(&e2, m2, sizeof(m2));
		if (strcmp(m1, m2) != 0)
			fprintf(stderr, "whole:     %s\npiecewise: %s\n", m1, m2);
		fuzz_check(e1.code == e2.code && strcmp(m1, m2) == 0,
			   "piecewise import: another error");
	} else {
		fuzz_check(whole.count > 0, "success without a profile");
		for (i = 0; i < whole.count; i++)
			check_profile(whole.items[i]);
		check_same(&whole, &pieces);
		check_layout(&whole);
		check_stats(&whole);
	}
	fc_profile_set_finish(&whole);
	fc_profile_set_finish(&pieces);
}

void fuzz_import(const uint8_t *data, size_t size, enum fc_format format)
{
	import_twice(data, size, format, false);
}

void fuzz_import_tasks(const uint8_t *data, size_t size)
{
	import_twice(data, size, FC_FORMAT_TRACE, true);
}

/* --- through a real file (fuzz_file) ---------------------------------------- */

/* Just past the first detection window, past the 256 KiB chunk, past the
 * 4 MiB read-ahead threshold, past the 8 MiB detection window; in the fuzz
 * build of this target all of them divided by FC_FUZZ_SCALE (source.h). */
static const size_t pad_sizes[4] = { (70 << 10) / FC_FUZZ_SCALE, (300 << 10) / FC_FUZZ_SCALE,
				     (9 << 20) / 2 / FC_FUZZ_SCALE, (9 << 20) / FC_FUZZ_SCALE };

/* Appends n bytes to a growing buffer. */
static void put(uint8_t **buf, size_t *len, size_t *cap, const void *s, size_t n)
{
	if (n == 0)
		return; /* nothing to copy, and *buf may still be NULL */
	if (*len + n > *cap) {
		*cap = (*len + n) * 2;
		*buf = realloc(*buf, *cap);
		fuzz_check(*buf != NULL, "out of memory in the harness");
	}
	memcpy(*buf + *len, s, n);
	*len += n;
}

/* The unit repeated while it fits in total bytes, by doubling the copy. */
static void put_repeat(uint8_t **buf, size_t *len, size_t *cap, const char *unit, size_t total)
{
	size_t u = strlen(unit), n = total / u * u, done, start;

	if (n == 0)
		return;
	if (*len + n > *cap) {
		*cap = (*len + n) * 2;
		*buf = realloc(*buf, *cap);
		fuzz_check(*buf != NULL, "out of memory in the harness");
	}
	start = *len;
	memcpy(*buf + start, unit, u);
	for (done = u; done < n; done *= 2)
		memcpy(*buf + start + done, *buf + start, done < n - done ? done : n - done);
	*len += n;
}

/* Numbers from a fixed generator: the same on every replay. */
static void put_random(uint8_t **buf, size_t *len, size_t *cap, size_t total)
{
	uint64_t x = 88172645463325252ull;
	size_t start = *len;
	char num[24];

	while (*len - start + 24 < total) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		put(buf, len, cap, num, (size_t)snprintf(num, sizeof(num), "%u,", (unsigned)x));
	}
}

static uint8_t *gzip_bytes(const uint8_t *data, size_t size, size_t *out_len)
{
	z_stream z;
	uint8_t *out;
	size_t cap = size + size / 100 + 1024;

	memset(&z, 0, sizeof(z));
	fuzz_check(deflateInit2(&z, 1, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY) == Z_OK, "deflate");
	out = malloc(cap);
	fuzz_check(out != NULL, "out of memory in the harness");
	z.next_in = (Bytef *)(uintptr_t)data;
	z.avail_in = (uInt)size;
	z.next_out = out;
	z.avail_out = (uInt)cap;
	fuzz_check(deflate(&z, Z_FINISH) == Z_STREAM_END, "deflate did not finish");
	*out_len = cap - z.avail_out;
	deflateEnd(&z);
	return out;
}

static char path[4200];

static void remove_temp(void)
{
	unlink(path);
}

void fuzz_import_file(const uint8_t *data, size_t size)
{
	/* two threads whatever the machine: the file is read (and inflated)
	 * ahead on a thread, the memory import is the one-thread reference */
	struct fc_import_options opts = { .version = FC_IMPORT_OPTIONS_VERSION,
					  .format = FC_FORMAT_AUTO,
					  .max_bytes = FUZZ_MAX_BYTES,
					  .threads = 2 };
	struct fc_profile_set from_file, from_mem;
	struct fc_error e1, e2;
	uint8_t *plain = NULL, *gz = NULL, flags;
	size_t len = 0, cap = 0, gz_len = 0, pad, i;
	const uint8_t *body;
	bool ok1, ok2;
	FILE *f;

	if (size < 1)
		return;
	flags = data[0];
	body = data + 1;
	size--;
	pad = pad_sizes[(flags >> 3) & 3];
	if (flags & 2)
		put_repeat(&plain, &len, &cap, (flags & 0x20) ? "\n" : " ", pad);
	if ((flags & 4) && size > 0) {
		/* a filler member right after the first '{': the keys that decide
		 * the format come after it */
		const uint8_t *brace = memchr(body, '{', size);
		size_t at = brace ? (size_t)(brace - body) + 1 : 0;
		put(&plain, &len, &cap, body, at);
		put(&plain, &len, &cap, "\"fuzzPad\":[", 11);
		if ((flags & 0xc0) == 0xc0) {
			/* a quarter random: a gzip file of 256 KiB to 4 MiB that
			 * decodes past the 8 MiB window */
			put_random(&plain, &len, &cap, pad / 4);
			put_repeat(&plain, &len, &cap, "0,", pad - pad / 4);
		} else if (flags & 0x80)
			put_random(&plain, &len, &cap, pad); /* gzip cannot shrink it */
		else
			put_repeat(&plain, &len, &cap, (flags & 0x40) ? "12345," : "0,", pad);
		put(&plain, &len, &cap, "0],", 3);
		put(&plain, &len, &cap, body + at, size - at);
	} else {
		put(&plain, &len, &cap, body, size);
	}
	/* an empty input leaves plain NULL: fc_import_memory takes no data and
	 * no length as an empty input, as its header allows */
	if (!path[0]) {
		int fd;
		snprintf(path, sizeof(path), "%s/fuzz-file-XXXXXX", fuzz_temp_dir());
		fd = mkstemp(path);
		fuzz_check(fd >= 0, "mkstemp");
		close(fd);
		atexit(remove_temp);
	}
	f = fopen(path, "wb");
	fuzz_check(f != NULL, "cannot write the temporary file");
	if (flags & 1) {
		gz = gzip_bytes(plain, len, &gz_len);
		fuzz_check(fwrite(gz, 1, gz_len, f) == gz_len, "write");
	} else {
		fuzz_check(len == 0 || fwrite(plain, 1, len, f) == len, "write");
	}
	fuzz_check(fclose(f) == 0, "close");

	fc_profile_set_init(&from_file);
	fc_profile_set_init(&from_mem);
	fc_error_init(&e1);
	fc_error_init(&e2);
	ok1 = fc_import_file(path, &opts, &from_file, &e1);
	ok2 = fc_import_memory("fuzz", plain, len, &opts, &from_mem, &e2);
	if (ok1 != ok2 || (!ok1 && (e1.code != e2.code || strcmp(e1.text, e2.text) != 0)))
		fprintf(stderr, "file:   %s\nmemory: %s\n", ok1 ? "ok" : e1.text,
			ok2 ? "ok" : e2.text);
	fuzz_check(ok1 == ok2, "file and memory imports: success differs");
	if (!ok1) {
		fuzz_check_error(&e1);
		fuzz_check(e1.code == e2.code && strcmp(e1.text, e2.text) == 0,
			   "file and memory imports: another error");
	} else {
		for (i = 0; i < from_file.count; i++)
			check_profile(from_file.items[i]);
		check_same(&from_file, &from_mem);
	}
	fc_profile_set_finish(&from_file);
	fc_profile_set_finish(&from_mem);
	free(plain);
	free(gz);
}
