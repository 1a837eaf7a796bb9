/* The merged flame graph: hand-computed cases for every rule, and on every
 * .cpuprofile of the corpus a comparison with two independent sums -- the
 * exact chart layout's bars grouped by stack, and a per-sample walk up the
 * call tree -- plus the layout invariants, coalescing and the folded export
 * parsed back. */
#include <dirent.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "model/classify.h"
#include "flamechart/import.h"
#include "layout/graph.h"
#include "layout/layout.h"
#include "render/output.h"
#include "render/render.h"
#include "util/strpool.h"
#include "model/profile.h"

#define NONE UINT32_MAX
#define COALESCED_KEY (UINT32_MAX - 1)

/* --- small helpers ----------------------------------------------------------- */

static void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);
	assert_non_null(p);
	return p;
}

/* Growable zero-initialised doubles. */
struct sums {
	double *v;
	size_t n;
};

static double *sums_at(struct sums *s, size_t i)
{
	if (i >= s->n) {
		size_t n = (i + 1) * 2;
		s->v = realloc(s->v, n * sizeof(*s->v));
		assert_non_null(s->v);
		memset(s->v + s->n, 0, (n - s->n) * sizeof(*s->v));
		s->n = n;
	}
	return &s->v[i];
}

static double sums_get(const struct sums *s, size_t i)
{
	return i < s->n ? s->v[i] : 0;
}

/* Paths as a trie: id 0 is the empty path (the root), every other id is
 * (parent id, key). Keys are frame ids in a shared table, so paths of
 * different layouts and profiles compare by the frames' strings. */
struct trie {
	uint32_t *parent, *key;
	size_t n, cap;
	uint32_t *table;
	size_t tcap;
};

static uint64_t mix(uint64_t x)
{
	x ^= x >> 31;
	x *= 0x9e3779b97f4a7c15ULL;
	x ^= x >> 29;
	return x;
}

static void trie_init(struct trie *t)
{
	memset(t, 0, sizeof(*t));
	t->cap = 1024;
	t->parent = xcalloc(t->cap, sizeof(uint32_t));
	t->key = xcalloc(t->cap, sizeof(uint32_t));
	t->tcap = 4096;
	t->table = xcalloc(t->tcap, sizeof(uint32_t));
	t->n = 1;
	t->parent[0] = NONE;
	t->key[0] = NONE;
}

static void trie_free(struct trie *t)
{
	free(t->parent);
	free(t->key);
	free(t->table);
}

static uint32_t trie_get(struct trie *t, uint32_t parent, uint32_t key)
{
	size_t j;
	uint32_t k;

	if (t->n * 2 >= t->tcap) {
		size_t ncap = t->tcap * 2, i;
		uint32_t *nt = xcalloc(ncap, sizeof(uint32_t));
		for (i = 1; i < t->n; i++) {
			j = mix(((uint64_t)t->parent[i] << 32) | t->key[i]) & (ncap - 1);
			while (nt[j])
				j = (j + 1) & (ncap - 1);
			nt[j] = (uint32_t)i;
		}
		free(t->table);
		t->table = nt;
		t->tcap = ncap;
	}
	j = mix(((uint64_t)parent << 32) | key) & (t->tcap - 1);
	while ((k = t->table[j]) != 0) {
		if (t->parent[k] == parent && t->key[k] == key)
			return k;
		j = (j + 1) & (t->tcap - 1);
	}
	if (t->n == t->cap) {
		t->cap *= 2;
		t->parent = realloc(t->parent, t->cap * sizeof(uint32_t));
		t->key = realloc(t->key, t->cap * sizeof(uint32_t));
		assert_non_null(t->parent);
		assert_non_null(t->key);
	}
	t->parent[t->n] = parent;
	t->key[t->n] = key;
	t->table[j] = (uint32_t)t->n;
	return (uint32_t)t->n++;
}

/* A frame's key: its index in a shared profile used only as a frame table. */
static uint32_t key_of(struct fc_profile *keys, const struct fc_profile *p, uint32_t frame)
{
	const struct fc_frame *f;
	const char *name, *url, *sid;
	uint32_t k;

	if (frame == NONE)
		return COALESCED_KEY;
	f = &p->frames[frame];
	name = fc_profile_str(p, f->name);
	url = fc_profile_str(p, f->url);
	sid = fc_profile_str(p, f->script_id);
	k = fc_profile_intern_frame(keys, name, strlen(name), url, strlen(url), sid, strlen(sid),
				    f->line, f->column);
	assert_int_not_equal(k, NONE);
	return k;
}

static const char *data_dir(void)
{
	const char *d = getenv("FC_TEST_DATA");
	return d ? d : "tests/data";
}

static void load_file(struct fc_profile_set *set, const char *path)
{
	struct fc_import_options o = FC_IMPORT_OPTIONS_INIT;
	struct fc_error err;

	fc_error_init(&err);
	if (!fc_import_file(path, &o, set, &err)) {
		char buf[1024];
		fc_error_format(&err, buf, sizeof(buf));
		fail_msg("%s", buf);
	}
}

static void load_json(struct fc_profile_set *set, const char *name, const char *json)
{
	struct fc_import_options o = FC_IMPORT_OPTIONS_INIT;
	struct fc_error err;

	fc_error_init(&err);
	if (!fc_import_memory(name, json, strlen(json), &o, set, &err)) {
		char buf[1024];
		fc_error_format(&err, buf, sizeof(buf));
		fail_msg("%s", buf);
	}
}

static void build(struct fc_layout *l, const struct fc_profile_set *set,
		  const struct fc_layout_options *o)
{
	struct fc_error err;

	fc_error_init(&err);
	if (!fc_layout_build(l, set, o, &err))
		fail_msg("layout: %s", err.text);
}

/* Every .cpuprofile of the corpus. */
struct corpus {
	char **paths;
	size_t n;
};

static void corpus_list(struct corpus *c)
{
	static const char *const dirs[] = {
		"corpus/seed-examples", "corpus/minimal",       "corpus/chrome-versions",
		"corpus/real/ng-build", "corpus/real/ng-serve", "corpus/real/nx-run-lint",
	};
	size_t i;

	memset(c, 0, sizeof(*c));
	for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		char dir[1024];
		struct dirent *e;
		DIR *d;

		snprintf(dir, sizeof(dir), "%s/%s", data_dir(), dirs[i]);
		d = opendir(dir);
		assert_non_null(d);
		while ((e = readdir(d)) != NULL) {
			size_t len = strlen(e->d_name);
			if (len < 11 || strcmp(e->d_name + len - 11, ".cpuprofile") != 0)
				continue;
			c->paths = realloc(c->paths, (c->n + 1) * sizeof(*c->paths));
			assert_non_null(c->paths);
			c->paths[c->n] = malloc(strlen(dir) + len + 2);
			assert_non_null(c->paths[c->n]);
			sprintf(c->paths[c->n], "%s/%s", dir, e->d_name);
			c->n++;
		}
		closedir(d);
	}
	/* seed-examples 8, minimal 6, chrome-versions 3, real 16 */
	assert_true(c->n >= 30);
}

static void corpus_free(struct corpus *c)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		free(c->paths[i]);
	free(c->paths);
}

static double sampled_span(const struct fc_profile *p)
{
	return p->n_samples ? fc_profile_samples_end(p) - (double)p->sample_time_us[0] : 0;
}

static const struct fc_box *find_box(const struct fc_lane *lane, uint32_t row, const char *name)
{
	size_t i;

	for (i = 0; i < lane->n_boxes; i++) {
		const struct fc_box *b = &lane->boxes[i];
		if (b->depth == row && b->frame != NONE &&
		    strcmp(fc_profile_str(lane->profile, lane->profile->frames[b->frame].name),
			   name) == 0)
			return b;
	}
	return NULL;
}

/* --- hand-computed cases ----------------------------------------------------- */

/* Twelve samples, 10 µs each (the last one lasts the average interval):
 *   0 GC (first sample: at the root)   6 (program) between work and work: healed
 *   1 main                             7 work
 *   2 work                             8 (idle)
 *   3 GC, 4 GC (on work's stack)       9 GC after (idle)
 *   5 work                            10 the root itself (no frame)
 *                                     11 (anonymous) under main */
static const char *const p1_json =
	"{\"nodes\":["
	"{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\",\"scriptId\":\"0\",\"url\":\"\","
	"\"lineNumber\":-1,\"columnNumber\":-1},\"children\":[2,3,4,5]},"
	"{\"id\":2,\"callFrame\":{\"functionName\":\"(program)\",\"scriptId\":\"0\",\"url\":\"\","
	"\"lineNumber\":-1,\"columnNumber\":-1}},"
	"{\"id\":3,\"callFrame\":{\"functionName\":\"(idle)\",\"scriptId\":\"0\",\"url\":\"\","
	"\"lineNumber\":-1,\"columnNumber\":-1}},"
	"{\"id\":4,\"callFrame\":{\"functionName\":\"(garbage collector)\",\"scriptId\":\"0\","
	"\"url\":\"\",\"lineNumber\":-1,\"columnNumber\":-1}},"
	"{\"id\":5,\"callFrame\":{\"functionName\":\"main\",\"scriptId\":\"1\",\"url\":\"a.js\","
	"\"lineNumber\":0,\"columnNumber\":0},\"children\":[6,7]},"
	"{\"id\":6,\"callFrame\":{\"functionName\":\"work\",\"scriptId\":\"1\",\"url\":\"a.js\","
	"\"lineNumber\":10,\"columnNumber\":2}},"
	"{\"id\":7,\"callFrame\":{\"functionName\":\"\",\"scriptId\":\"1\",\"url\":\"a.js\","
	"\"lineNumber\":20,\"columnNumber\":4}}],"
	"\"startTime\":0,\"endTime\":120,"
	"\"samples\":[4,5,6,4,4,6,2,6,3,4,1,7],"
	"\"timeDeltas\":[10,10,10,10,10,10,10,10,10,10,10,10]}";

/* The same main and work at other node ids and in another order, plus
 * other(): 5 µs of work and 5 µs of other. */
static const char *const p2_json =
	"{\"nodes\":["
	"{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\",\"scriptId\":\"0\",\"url\":\"\","
	"\"lineNumber\":-1,\"columnNumber\":-1},\"children\":[3,2]},"
	"{\"id\":3,\"callFrame\":{\"functionName\":\"other\",\"scriptId\":\"9\",\"url\":\"b.js\","
	"\"lineNumber\":1,\"columnNumber\":1}},"
	"{\"id\":2,\"callFrame\":{\"functionName\":\"main\",\"scriptId\":\"7\",\"url\":\"a.js\","
	"\"lineNumber\":0,\"columnNumber\":0},\"children\":[4]},"
	"{\"id\":4,\"callFrame\":{\"functionName\":\"work\",\"scriptId\":\"7\",\"url\":\"a.js\","
	"\"lineNumber\":10,\"columnNumber\":2}}],"
	"\"startTime\":0,\"endTime\":10,\"samples\":[4,3],\"timeDeltas\":[5,5]}";

static void expect_box(const struct fc_lane *lane, size_t i, const char *name, uint32_t row,
		       double x0, double x1, double self)
{
	const struct fc_box *b;

	assert_true(i < lane->n_boxes);
	b = &lane->boxes[i];
	if (name) {
		assert_int_not_equal(b->frame, NONE);
		assert_string_equal(
			fc_profile_str(lane->profile, lane->profile->frames[b->frame].name), name);
	} else {
		assert_int_equal(b->frame, NONE);
	}
	assert_int_equal(b->depth, row);
	assert_true(b->x0 == x0);
	assert_true(b->x1 == x1);
	assert_true(b->self == self);
}

static void test_rules_default(void **state)
{
	struct fc_layout_options o = { .mode = FC_MODE_GRAPH };
	struct fc_profile_set set;
	struct fc_layout l;
	const struct fc_lane *lane;
	(void)state;

	fc_profile_set_init(&set);
	load_json(&set, "p1", p1_json);
	build(&l, &set, &o);
	assert_int_equal(l.n_lanes, 1);
	lane = &l.lanes[0];
	/* alphabetical: "(garbage collector)" < "main"; "(anonymous)" < "work" */
	assert_int_equal(lane->n_boxes, 5);
	expect_box(lane, 0, "(garbage collector)", 0, 0, 20, 20); /* first + after idle */
	expect_box(lane, 1, "main", 0, 20, 100, 10);
	expect_box(lane, 2, "", 1, 20, 30, 10);
	expect_box(lane, 3, "work", 1, 30, 90, 40); /* 3 samples + the healed one */
	expect_box(lane, 4, "(garbage collector)", 2, 30, 50, 20);
	assert_true(lane->boxes[4].flags & FC_BOX_GC_STACKED);
	assert_false(lane->boxes[0].flags & FC_BOX_GC_STACKED);
	assert_true(lane->total == 100);
	assert_true(lane->idle_left_out == 10);
	assert_true(lane->root_left_out == 10);
	assert_int_equal(lane->healed, 1);
	assert_int_equal(lane->samples, 12);
	assert_int_equal(lane->rows, 3);
	assert_true(l.x_min == 0 && l.x_max == 100);
	fc_layout_finish(&l);
	fc_profile_set_finish(&set);
}

static void test_rules_options(void **state)
{
	struct fc_layout_options o = { .mode = FC_MODE_GRAPH, .keep_idle = true };
	struct fc_profile_set set;
	struct fc_layout l;
	const struct fc_lane *lane;
	(void)state;

	fc_profile_set_init(&set);
	load_json(&set, "p1", p1_json);

	/* --idle: (idle) at row 0 with the GC that followed it on top */
	build(&l, &set, &o);
	lane = &l.lanes[0];
	assert_int_equal(lane->n_boxes, 7);
	expect_box(lane, 0, "(garbage collector)", 0, 0, 10, 10);
	expect_box(lane, 1, "(idle)", 0, 10, 30, 10);
	expect_box(lane, 2, "(garbage collector)", 1, 10, 20, 10);
	expect_box(lane, 3, "main", 0, 30, 110, 10);
	assert_true(lane->total == 110 && lane->idle_left_out == 0 && lane->root_left_out == 10);
	fc_layout_finish(&l);

	/* --gc root: every GC sample at row 0 */
	o.keep_idle = false;
	o.gc_root = true;
	build(&l, &set, &o);
	lane = &l.lanes[0];
	assert_int_equal(lane->n_boxes, 4);
	expect_box(lane, 0, "(garbage collector)", 0, 0, 40, 40);
	expect_box(lane, 1, "main", 0, 40, 100, 10);
	expect_box(lane, 2, "", 1, 40, 50, 10);
	expect_box(lane, 3, "work", 1, 50, 90, 40);
	assert_int_equal(lane->boxes[0].flags, 0);
	fc_layout_finish(&l);

	/* --sort weight: heaviest first */
	o.gc_root = false;
	o.sort_weight = true;
	build(&l, &set, &o);
	lane = &l.lanes[0];
	expect_box(lane, 0, "main", 0, 0, 80, 10);
	expect_box(lane, 1, "work", 1, 0, 60, 40);
	expect_box(lane, 2, "(garbage collector)", 2, 0, 20, 20);
	expect_box(lane, 3, "", 1, 60, 70, 10);
	expect_box(lane, 4, "(garbage collector)", 0, 80, 100, 20);
	fc_layout_finish(&l);

	/* --weight samples: counts, not µs */
	o.sort_weight = false;
	o.weight_samples = true;
	build(&l, &set, &o);
	lane = &l.lanes[0];
	assert_string_equal(l.unit, "samples");
	expect_box(lane, 0, "(garbage collector)", 0, 0, 2, 2);
	expect_box(lane, 1, "main", 0, 2, 10, 1);
	expect_box(lane, 3, "work", 1, 3, 9, 4);
	assert_true(lane->total == 10 && lane->idle_left_out == 1 && lane->root_left_out == 1);
	fc_layout_finish(&l);
	fc_profile_set_finish(&set);
}

/* Two profiles: frames matched by their strings, not by index. */
static void test_merge_profiles(void **state)
{
	struct fc_layout_options o = { .mode = FC_MODE_GRAPH };
	struct fc_profile_set set;
	struct fc_layout l;
	const struct fc_lane *lane;
	const struct fc_box *b;
	(void)state;

	fc_profile_set_init(&set);
	load_json(&set, "p1", p1_json);
	load_json(&set, "p2", p2_json);
	build(&l, &set, &o);
	assert_int_equal(l.n_lanes, 1);
	lane = &l.lanes[0];
	assert_non_null(lane->merged);
	assert_ptr_equal(lane->profile, lane->merged);
	assert_int_equal(lane->n_profiles, 2);
	assert_int_equal(lane->samples, 14);
	/* p1's frames as they are -- (root), (program), (idle), GC, main,
	 * work, (anonymous) -- and other(): p2's main and work are p1's */
	assert_int_equal(lane->profile->n_frames, 8);
	for (size_t i = 0; i < lane->profile->n_frames; i++)
		for (size_t j = 0; j < i; j++)
			assert_true(lane->profile->frames[i].name !=
					    lane->profile->frames[j].name ||
				    lane->profile->frames[i].url != lane->profile->frames[j].url);
	assert_true(lane->total == 110);
	b = find_box(lane, 0, "main");
	assert_non_null(b);
	assert_true(b->x1 - b->x0 == 85);
	b = find_box(lane, 1, "work");
	assert_non_null(b);
	assert_true(b->x1 - b->x0 == 65 && b->self == 45);
	b = find_box(lane, 0, "other");
	assert_non_null(b);
	assert_true(b->x0 == 105 && b->x1 == 110);
	fc_layout_finish(&l);

	/* --per-thread: two lanes on one axis */
	o.per_thread = true;
	build(&l, &set, &o);
	assert_int_equal(l.n_lanes, 2);
	assert_true(l.lanes[0].total == 100 && l.lanes[1].total == 10);
	assert_true(l.x_min == 0 && l.x_max == 100);
	assert_int_equal(l.lanes[1].profile->n_frames, 4);
	fc_layout_finish(&l);
	fc_profile_set_finish(&set);
}

/* Siblings with equal labels: url, then line, then column decide. */
static void test_tie_order(void **state)
{
	static const char *const json =
		"{\"nodes\":[{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\",\"url\":\"\","
		"\"scriptId\":\"0\",\"lineNumber\":-1,\"columnNumber\":-1},"
		"\"children\":[2,3,4,5,6]},"
		"{\"id\":2,\"callFrame\":{\"functionName\":\"f\",\"url\":\"b.js\",\"scriptId\":"
		"\"1\","
		"\"lineNumber\":1,\"columnNumber\":1}},"
		"{\"id\":3,\"callFrame\":{\"functionName\":\"f\",\"url\":\"a.js\",\"scriptId\":"
		"\"1\","
		"\"lineNumber\":9,\"columnNumber\":1}},"
		"{\"id\":4,\"callFrame\":{\"functionName\":\"f\",\"url\":\"a.js\",\"scriptId\":"
		"\"1\","
		"\"lineNumber\":2,\"columnNumber\":5}},"
		"{\"id\":5,\"callFrame\":{\"functionName\":\"f\",\"url\":\"a.js\",\"scriptId\":"
		"\"1\","
		"\"lineNumber\":2,\"columnNumber\":3}},"
		"{\"id\":6,\"callFrame\":{\"functionName\":\"F\",\"url\":\"z.js\",\"scriptId\":"
		"\"1\","
		"\"lineNumber\":0,\"columnNumber\":0}}],"
		"\"startTime\":0,\"endTime\":50,\"samples\":[2,3,4,5,6],"
		"\"timeDeltas\":[10,10,10,10,10]}";
	static const char *const url[] = { "z.js", "a.js", "a.js", "a.js", "b.js" };
	static const int line[] = { 0, 2, 2, 9, 1 }, column[] = { 0, 3, 5, 1, 1 };
	struct fc_layout_options o = { .mode = FC_MODE_GRAPH };
	struct fc_profile_set set;
	struct fc_layout l;
	size_t i;
	(void)state;

	fc_profile_set_init(&set);
	load_json(&set, "ties", json);
	build(&l, &set, &o);
	assert_int_equal(l.lanes[0].n_boxes, 5);
	for (i = 0; i < 5; i++) {
		const struct fc_profile *p = l.lanes[0].profile;
		const struct fc_frame *f = &p->frames[l.lanes[0].boxes[i].frame];
		/* bytewise: "F" < "f" */
		assert_string_equal(fc_profile_str(p, f->url), url[i]);
		assert_int_equal(f->line, line[i]);
		assert_int_equal(f->column, column[i]);
		assert_true(l.lanes[0].boxes[i].x0 == 10.0 * (double)i);
	}
	fc_layout_finish(&l);
	fc_profile_set_finish(&set);
}

/* The label order of frames, derived independently: each pair compared with
 * the rule docs/graph.md states (label, url, line, column, raw name, first
 * seen), strings bytewise. */
struct ref_ctx {
	const struct fc_profile *p;
	char (*label)[64];
};

static int ref_cmp(const void *a, const void *b, void *ctx)
{
	const struct ref_ctx *c = ctx;
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	const struct fc_frame *fx = &c->p->frames[x], *fy = &c->p->frames[y];
	int r = strcmp(c->label[x], c->label[y]);

	if (!r)
		r = strcmp(fc_profile_str(c->p, fx->url), fc_profile_str(c->p, fy->url));
	if (!r && fx->line != fy->line)
		r = fx->line < fy->line ? -1 : 1;
	if (!r && fx->column != fy->column)
		r = fx->column < fy->column ? -1 : 1;
	if (!r)
		r = strcmp(fc_profile_str(c->p, fx->name), fc_profile_str(c->p, fy->name));
	if (!r)
		r = x < y ? -1 : x > y;
	return r;
}

static void expect_ranks(const struct fc_profile *p)
{
	size_t n = p->n_frames, i;
	uint32_t *rank = fc_graph_frame_ranks(p);
	uint32_t *order = xcalloc(n, sizeof(*order));
	struct ref_ctx c = { p, xcalloc(n, sizeof(*c.label)) };

	assert_non_null(rank);
	for (i = 0; i < n; i++) {
		order[i] = (uint32_t)i;
		fc_classify_label(fc_profile_str(p, p->frames[i].name), c.label[i],
				  sizeof(c.label[i]));
	}
	/* insertion sort: slow and plainly right */
	for (i = 1; i < n; i++) {
		uint32_t v = order[i];
		size_t j;
		for (j = i; j > 0 && ref_cmp(&v, &order[j - 1], &c) < 0; j--)
			order[j] = order[j - 1];
		order[j] = v;
	}
	for (i = 0; i < n; i++)
		assert_int_equal(rank[order[i]], i);
	free(c.label);
	free(order);
	free(rank);
}

static uint32_t add_frame(struct fc_profile *p, const char *name, const char *url, int32_t line,
			  int32_t column)
{
	uint32_t f = fc_profile_intern_frame(p, name, strlen(name), url, strlen(url), "1", 1, line,
					     column);
	assert_int_not_equal(f, NONE);
	return f;
}

/* Frames whose labels tie (an empty name and "(anonymous)"; "RegExp: a"
 * and "/a/"), equal names under different urls, positions, labels and urls
 * that share their first 8 bytes or more. */
static void test_frame_ranks(void **state)
{
	static const char *const names[] = {
		"",         "(anonymous)", "RegExp: a",         "/a/",
		"f",        "F",           "handlerAlpha",      "handlerAlphaBeta",
		"handlerA", "handler",     "\xc3\xa9t\xc3\xa9", "zz"
	};
	static const char *const urls[] = { "",
					    "a.js",
					    "b.js",
					    "file:///srv/app/node_modules/pkg/lib/a.js",
					    "file:///srv/app/node_modules/pkg/lib/b.js",
					    "file:///srv/app/node_modules/pkg/lib/a.jsx" };
	static const int32_t pos[] = { -1, 0, 2, 10 };
	struct fc_profile *p = fc_profile_create();
	uint32_t anon, empty, regexp, slash, f_b, f_a, f_a2, big_f, *rank;
	uint64_t x = 1;
	int i;
	(void)state;

	assert_non_null(p);
	/* by hand: equal labels, then url, line, column, raw name */
	f_b = add_frame(p, "f", "b.js", 1, 1);
	f_a = add_frame(p, "f", "a.js", 2, 5);
	f_a2 = add_frame(p, "f", "a.js", 2, 3);
	big_f = add_frame(p, "F", "z.js", 0, 0);
	anon = add_frame(p, "(anonymous)", "a.js", 0, 0);
	empty = add_frame(p, "", "a.js", 0, 0);
	slash = add_frame(p, "/a/", "a.js", 0, 0);
	regexp = add_frame(p, "RegExp: a", "a.js", 0, 0);
	rank = fc_graph_frame_ranks(p);
	assert_non_null(rank);
	assert_true(rank[empty] + 1 == rank[anon]); /* "(anonymous)" both; "" first */
	assert_true(rank[anon] < rank[slash]);
	assert_true(rank[slash] + 1 == rank[regexp]); /* "/a/" both; "/" < "R" */
	assert_true(rank[regexp] < rank[big_f]);      /* "/" < "F" */
	assert_true(rank[big_f] < rank[f_a2]);        /* "F" < "f" */
	assert_true(rank[f_a2] + 1 == rank[f_a]);     /* column 3 before 5 */
	assert_true(rank[f_a] + 1 == rank[f_b]);      /* a.js before b.js */
	free(rank);
	expect_ranks(p);
	/* many combinations, in a scrambled first-seen order */
	for (i = 0; i < 3000; i++) {
		x = mix(x + (uint64_t)i);
		add_frame(p, names[x % 12], urls[(x >> 8) % 6], pos[(x >> 16) % 4],
			  pos[(x >> 24) % 4]);
	}
	assert_true(p->n_frames > 1000);
	expect_ranks(p);
	fc_profile_destroy(p);
}

/* A 100 000-deep chain: no recursion anywhere, exact widths at the top. */
static void test_deep(void **state)
{
	enum { N = 100000 };
	struct fc_layout_options o = { .mode = FC_MODE_GRAPH };
	struct fc_profile_set set;
	struct fc_layout l;
	size_t cap = (size_t)N * 160 + 256, len = 0, i;
	char *json = malloc(cap);
	const struct fc_lane *lane;
	(void)state;

	if (!json) {
		fail_msg("out of memory");
		return;
	}
	len += (size_t)sprintf(json + len, "{\"nodes\":[");
	for (i = 1; i <= N; i++) {
		len += (size_t)sprintf(json + len,
				       "%s{\"id\":%zu,\"callFrame\":{\"functionName\":\"f%zu\","
				       "\"url\":\"\",\"scriptId\":\"0\",\"lineNumber\":-1,"
				       "\"columnNumber\":-1}",
				       i > 1 ? "," : "", i, i);
		if (i < N)
			len += (size_t)sprintf(json + len, ",\"children\":[%zu]", i + 1);
		json[len++] = '}';
	}
	sprintf(json + len,
		"],\"startTime\":0,\"endTime\":3,\"samples\":[%d,%d,%d],"
		"\"timeDeltas\":[1,1,1]}",
		N, N / 2, N);
	fc_profile_set_init(&set);
	load_json(&set, "deep", json);
	free(json);
	build(&l, &set, &o);
	lane = &l.lanes[0];
	assert_int_equal(lane->rows, N - 1);
	assert_int_equal(lane->n_boxes, N - 1);
	assert_true(lane->total == 3);
	/* f2..f50000 carry all three samples, deeper frames two */
	assert_true(lane->boxes[0].x1 == 3);
	assert_true(lane->boxes[N / 2 - 2].x1 - lane->boxes[N / 2 - 2].x0 == 3);
	assert_true(lane->boxes[N / 2 - 2].self == 1);
	assert_true(lane->boxes[N - 2].x1 - lane->boxes[N - 2].x0 == 2);
	fc_layout_finish(&l);
	fc_profile_set_finish(&set);
}

/* --- the corpus: the graph against the chart --------------------------------- */

/* Adds the chart's bars to sums by stack. Without keep_idle the (idle)
 * subtree is left out (its self time added to *idle) and the GC stacked on
 * it goes to the root, as the graph does (docs/graph.md). */
static void chart_paths(const struct fc_lane *lane, struct fc_profile *keys, struct trie *t,
			struct sums *sums, bool keep_idle, double *idle, double *row0)
{
	uint32_t *at_row = xcalloc((size_t)lane->rows + 1, sizeof(uint32_t));
	bool in_idle = false;
	size_t i;

	for (i = 0; i < lane->n_boxes; i++) {
		const struct fc_box *b = &lane->boxes[i];
		uint32_t key = key_of(keys, lane->profile, b->frame), path;

		if (b->depth == 0) {
			in_idle = lane->profile->frames[b->frame].meta == FC_META_IDLE;
			*row0 += b->x1 - b->x0;
		}
		if (in_idle && !keep_idle) {
			if (b->flags & FC_BOX_GC_STACKED) {
				path = trie_get(t, 0, key);
				*sums_at(sums, path) += b->x1 - b->x0;
			} else {
				*idle += b->self;
			}
			at_row[b->depth] = NONE;
			continue;
		}
		path = trie_get(t, b->depth ? at_row[b->depth - 1] : 0, key);
		*sums_at(sums, path) += b->x1 - b->x0;
		at_row[b->depth] = path;
	}
	free(at_row);
}

/* Graph invariants; adds each box's total to sums by stack and returns how
 * many boxes shared a stack (must be none: identical stacks are merged). */
static size_t graph_paths(const struct fc_lane *lane, struct fc_profile *keys, struct trie *t,
			  struct sums *sums, struct sums *count, bool exact)
{
	size_t n = lane->n_boxes, i, dup = 0, rows = (size_t)lane->rows + 1;
	uint32_t *at_row = xcalloc(rows, sizeof(uint32_t));
	size_t *box_at = xcalloc(rows, sizeof(size_t));
	double *next_x = xcalloc(rows, sizeof(double)), *children = xcalloc(n, sizeof(double));
	double row0 = 0;

	for (i = 0; i < n; i++) {
		const struct fc_box *b = &lane->boxes[i];
		uint32_t path;

		assert_true(b->x1 >= b->x0);
		if (b->depth == 0) {
			assert_true(b->x0 >= next_x[0]);
			row0 += b->x1 - b->x0;
		} else {
			const struct fc_box *up = &lane->boxes[box_at[b->depth - 1]];
			assert_true(i > 0 && b->depth <= lane->boxes[i - 1].depth + 1);
			assert_int_not_equal(up->frame, NONE); /* nothing above a "…" */
			/* inside the parent, after the previous sibling */
			assert_true(b->x0 >= up->x0 && b->x1 <= up->x1);
			assert_true(b->x0 >= next_x[b->depth]);
			children[box_at[b->depth - 1]] += b->x1 - b->x0;
		}
		next_x[b->depth] = b->x1;
		if (b->depth + 1 < rows)
			next_x[b->depth + 1] = b->x0;
		box_at[b->depth] = i;
		path = trie_get(t, b->depth ? at_row[b->depth - 1] : 0,
				key_of(keys, lane->profile, b->frame));
		at_row[b->depth] = path;
		*sums_at(sums, path) += b->x1 - b->x0;
		if ((*sums_at(count, path) += 1) > 1)
			dup++;
	}
	for (i = 0; exact && i < n; i++) {
		const struct fc_box *b = &lane->boxes[i];
		/* self is the gap the children leave */
		assert_true(children[i] <= b->x1 - b->x0);
		assert_true(fabs(b->x1 - b->x0 - children[i] - b->self) <= 1e-6);
	}
	assert_true(fabs(row0 - lane->total) <= 1e-6);
	free(at_row);
	free(box_at);
	free(next_x);
	free(children);
	return dup;
}

/* An independent sum: every sample walks up the call tree and adds its
 * weight to every stack it lies on (O(samples x depth), no merging step). */
static void sample_paths(const struct fc_profile *p, const struct fc_layout_options *o,
			 struct fc_profile *keys, struct trie *t, struct sums *sums, double *idle,
			 double *root)
{
	uint32_t *eff = xcalloc(p->n_samples, sizeof(uint32_t));
	uint32_t *chain = xcalloc((size_t)p->max_depth + 2, sizeof(uint32_t));
	uint32_t gc = o->gc_root ? NONE : p->gc_node, gc_parent = 0, i;

	fc_chart_heal_program(p, eff);
	for (i = 0; i < p->n_samples; i++) {
		double w = o->weight_samples ? 1 : fc_profile_sample_duration(p, i);
		uint32_t id = eff[i], base = id, n, k = 0, path = 0;

		if (id == gc) {
			if (i == 0)
				gc_parent = 0;
			else if (eff[i - 1] != gc)
				gc_parent = eff[i - 1];
			base = gc_parent;
		} else if (id == 0) {
			*root += w;
			continue;
		}
		for (n = base; n != 0; n = p->node_parent[n])
			chain[k++] = n;
		if (k && chain[k - 1] == p->idle_node && !o->keep_idle) {
			if (id == gc) {
				path = trie_get(t, 0, key_of(keys, p, p->node_frame[gc]));
				*sums_at(sums, path) += w;
			} else {
				*idle += w;
			}
			continue;
		}
		while (k) {
			path = trie_get(t, path, key_of(keys, p, p->node_frame[chain[--k]]));
			*sums_at(sums, path) += w;
		}
		if (id == gc) {
			path = trie_get(t, path, key_of(keys, p, p->node_frame[gc]));
			*sums_at(sums, path) += w;
		}
	}
	free(eff);
	free(chain);
}

static void compare_sums(const struct trie *t, const struct sums *a, const struct sums *b,
			 double tol, const char *what, const char *file)
{
	size_t i;

	for (i = 1; i < t->n; i++) {
		double x = sums_get(a, i), y = sums_get(b, i);
		if (fabs(x - y) > tol)
			fail_msg("%s: %s: stack %zu: %.6f vs %.6f", file, what, i, x, y);
	}
}

static void check_profile(const char *file, bool keep_idle, bool gc_root, bool by_samples)
{
	struct fc_layout_options go = { .mode = FC_MODE_GRAPH,
					.keep_idle = keep_idle,
					.gc_root = gc_root,
					.weight_samples = by_samples };
	struct fc_layout_options co = { .mode = FC_MODE_CHART, .gc_root = gc_root };
	struct sums chart = { 0 }, graph = { 0 }, count = { 0 }, walk = { 0 };
	struct fc_profile_set set;
	struct fc_profile *keys = fc_profile_create();
	const struct fc_profile *p;
	struct fc_layout gl, cl;
	double idle = 0, row0 = 0, w_idle = 0, w_root = 0, all;
	struct trie t;

	assert_non_null(keys);
	trie_init(&t);
	fc_profile_set_init(&set);
	load_file(&set, file);
	assert_int_equal(set.count, 1);
	p = set.items[0];
	build(&gl, &set, &go);
	assert_int_equal(gl.n_lanes, 1);
	assert_int_equal(graph_paths(&gl.lanes[0], keys, &t, &graph, &count, true), 0);
	sample_paths(p, &go, keys, &t, &walk, &w_idle, &w_root);
	all = by_samples ? (double)p->n_samples : sampled_span(p);

	/* every merged frame = the sum over samples on its stack */
	compare_sums(&t, &graph, &walk, by_samples ? 0 : 1e-3, "graph vs samples", file);
	assert_true(fabs(gl.lanes[0].idle_left_out - w_idle) <= 1e-3);
	assert_true(fabs(gl.lanes[0].root_left_out - w_root) <= 1e-3);
	/* nothing lost: drawn + idle + root-only = every sample */
	assert_true(fabs(gl.lanes[0].total + gl.lanes[0].idle_left_out + gl.lanes[0].root_left_out -
			 all) <= 1e-6 * (all > 1 ? all : 1));

	if (!by_samples) {
		/* ... = the sum of the chart's bars on the same stack */
		build(&cl, &set, &co);
		chart_paths(&cl.lanes[0], keys, &t, &chart, keep_idle, &idle, &row0);
		compare_sums(&t, &graph, &chart, 1e-3, "graph vs chart", file);
		assert_true(fabs(gl.lanes[0].idle_left_out - idle) <= 1e-3);
		/* samples on the root are the chart's gaps */
		assert_true(fabs(gl.lanes[0].root_left_out - (all - row0)) <= 1e-3);
		fc_layout_finish(&cl);
	}
	fc_layout_finish(&gl);
	fc_profile_set_finish(&set);
	fc_profile_destroy(keys);
	trie_free(&t);
	free(chart.v);
	free(graph.v);
	free(count.v);
	free(walk.v);
}

static void test_corpus_exact(void **state)
{
	struct corpus c;
	size_t i;
	(void)state;

	corpus_list(&c);
	for (i = 0; i < c.n; i++) {
		check_profile(c.paths[i], false, false, false);
		check_profile(c.paths[i], true, false, false);
		check_profile(c.paths[i], false, true, false);
		check_profile(c.paths[i], false, false, true);
		check_profile(c.paths[i], true, true, true);
	}
	corpus_free(&c);
}

/* GC really is stacked (the corpus has GC after JS frames), and --gc root
 * keeps it at row 0. */
static void test_corpus_gc(void **state)
{
	struct fc_layout_options o = { .mode = FC_MODE_GRAPH };
	struct fc_profile_set set;
	struct fc_layout l;
	char path[1024];
	size_t i, stacked = 0, high = 0;
	(void)state;

	snprintf(path, sizeof(path), "%s/corpus/chrome-versions/Chrome-65-sucrase.cpuprofile",
		 data_dir());
	fc_profile_set_init(&set);
	load_file(&set, path);
	build(&l, &set, &o);
	for (i = 0; i < l.lanes[0].n_boxes; i++)
		stacked += (l.lanes[0].boxes[i].flags & FC_BOX_GC_STACKED) != 0;
	assert_true(stacked > 10);
	fc_layout_finish(&l);
	o.gc_root = true;
	build(&l, &set, &o);
	for (i = 0; i < l.lanes[0].n_boxes; i++) {
		const struct fc_box *b = &l.lanes[0].boxes[i];
		if (l.lanes[0].profile->frames[b->frame].meta == FC_META_GC && b->depth > 0)
			high++;
		assert_int_equal(b->flags & FC_BOX_GC_STACKED, 0);
	}
	assert_int_equal(high, 0);
	assert_non_null(find_box(&l.lanes[0], 0, "(garbage collector)"));
	fc_layout_finish(&l);
	fc_profile_set_finish(&set);
}

/* --- sibling order ----------------------------------------------------------- */

static int label_cmp(const struct fc_profile *p, const struct fc_frame *a, const struct fc_frame *b)
{
	char la[4096], lb[4096];
	int r;

	fc_classify_label(fc_profile_str(p, a->name), la, sizeof(la));
	fc_classify_label(fc_profile_str(p, b->name), lb, sizeof(lb));
	r = strcmp(la, lb);
	if (r)
		return r;
	r = strcmp(fc_profile_str(p, a->url), fc_profile_str(p, b->url));
	if (r)
		return r;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	return a->column < b->column ? -1 : a->column > b->column;
}

static void check_order(const struct fc_lane *lane, bool by_weight)
{
	size_t rows = (size_t)lane->rows + 1, i;
	size_t *prev = xcalloc(rows, sizeof(size_t)); /* previous sibling + 1 */
	const struct fc_profile *p = lane->profile;

	for (i = 0; i < lane->n_boxes; i++) {
		const struct fc_box *b = &lane->boxes[i];
		if (prev[b->depth]) {
			const struct fc_box *a = &lane->boxes[prev[b->depth] - 1];
			int r = label_cmp(p, &p->frames[a->frame], &p->frames[b->frame]);
			double wa = a->x1 - a->x0, wb = b->x1 - b->x0;
			if (by_weight)
				assert_true(wa > wb || (wa == wb && r <= 0));
			else
				assert_true(r <= 0);
		}
		prev[b->depth] = i + 1;
		if (b->depth + 1 < rows)
			prev[b->depth + 1] = 0; /* a new family starts above */
	}
	free(prev);
}

static void test_corpus_order(void **state)
{
	struct fc_layout_options o = { .mode = FC_MODE_GRAPH };
	struct corpus c;
	size_t i;
	(void)state;

	corpus_list(&c);
	for (i = 0; i < c.n; i++) {
		struct fc_profile_set set;
		struct fc_layout l;

		fc_profile_set_init(&set);
		load_file(&set, c.paths[i]);
		o.sort_weight = false;
		build(&l, &set, &o);
		check_order(&l.lanes[0], false);
		fc_layout_finish(&l);
		o.sort_weight = true;
		build(&l, &set, &o);
		check_order(&l.lanes[0], true);
		fc_layout_finish(&l);
		fc_profile_set_finish(&set);
	}
	corpus_free(&c);
}

/* --- several profiles merged ------------------------------------------------- */

/* The eleven ng-build threads merged: each stack's total is the sum of the
 * per-thread graphs' totals on that stack. */
static void test_corpus_merged(void **state)
{
	struct fc_layout_options o = { .mode = FC_MODE_GRAPH };
	struct sums merged = { 0 }, per = { 0 }, count = { 0 };
	struct fc_profile *keys = fc_profile_create();
	struct fc_profile_set set;
	struct fc_layout l;
	struct corpus c;
	struct trie t;
	double total = 0;
	size_t i, n = 0;
	(void)state;

	trie_init(&t);
	corpus_list(&c);
	fc_profile_set_init(&set);
	for (i = 0; i < c.n; i++)
		if (strstr(c.paths[i], "/ng-build/")) {
			load_file(&set, c.paths[i]);
			n++;
		}
	assert_int_equal(n, 11);
	build(&l, &set, &o);
	assert_int_equal(l.n_lanes, 1);
	assert_int_equal(l.lanes[0].n_profiles, 11);
	assert_int_equal(graph_paths(&l.lanes[0], keys, &t, &merged, &count, true), 0);
	total = l.lanes[0].total;
	fc_layout_finish(&l);

	o.per_thread = true;
	build(&l, &set, &o);
	assert_int_equal(l.n_lanes, 11);
	memset(count.v, 0, count.n * sizeof(double));
	for (i = 0; i < l.n_lanes; i++) {
		graph_paths(&l.lanes[i], keys, &t, &per, &count, true);
		total -= l.lanes[i].total;
		assert_true(l.x_max >= l.lanes[i].total);
	}
	compare_sums(&t, &merged, &per, 1e-3, "merged vs per-thread", "ng-build");
	assert_true(fabs(total) <= 1e-3);
	fc_layout_finish(&l);
	fc_profile_set_finish(&set);
	corpus_free(&c);
	fc_profile_destroy(keys);
	trie_free(&t);
	free(merged.v);
	free(per.v);
	free(count.v);
}

/* --- small frames ------------------------------------------------------------ */

/* Culled against exact: wide boxes keep their widths, each family's width is
 * conserved with the "…" box, and the lane reports what was folded. */
static size_t check_culled(const char *file, double minwidth, bool pct)
{
	struct fc_layout_options o = { .mode = FC_MODE_GRAPH };
	struct sums ew = { 0 }, cw = { 0 }, ecount = { 0 }, ccount = { 0 };
	struct sums efam = { 0 }, cfam = { 0 };
	struct fc_profile *keys = fc_profile_create();
	struct fc_profile_set set;
	struct fc_layout el, cl;
	const struct fc_lane *e, *c;
	struct trie t;
	double coalesced = 0, min_weight;
	size_t i, folded = 0, n_coalesced = 0;
	uint32_t *at_row;

	trie_init(&t);
	fc_profile_set_init(&set);
	load_file(&set, file);
	build(&el, &set, &o);
	o.plot_width_px = 1200;
	o.minwidth = minwidth;
	o.minwidth_pct = pct;
	build(&cl, &set, &o);
	e = &el.lanes[0];
	c = &cl.lanes[0];
	min_weight = pct ? e->total * minwidth / 100 : minwidth * cl.x_max / 1200;
	assert_true(c->total == e->total);

	graph_paths(e, keys, &t, &ew, &ecount, true);
	graph_paths(c, keys, &t, &cw, &ccount, false);
	/* family widths: children of each stack, in both layouts */
	at_row = xcalloc((size_t)e->rows + 1, sizeof(uint32_t));
	for (i = 0; i < e->n_boxes; i++) {
		const struct fc_box *b = &e->boxes[i];
		uint32_t up = b->depth ? at_row[b->depth - 1] : 0;
		at_row[b->depth] = trie_get(&t, up, key_of(keys, e->profile, b->frame));
		*sums_at(&efam, up) += b->x1 - b->x0;
	}
	for (i = 0; i < c->n_boxes; i++) {
		const struct fc_box *b = &c->boxes[i];
		uint32_t up = b->depth ? at_row[b->depth - 1] : 0;
		uint32_t path = trie_get(&t, up, key_of(keys, c->profile, b->frame));
		at_row[b->depth] = path;
		*sums_at(&cfam, up) += b->x1 - b->x0;
		if (b->flags & FC_BOX_COALESCED) {
			assert_int_equal(b->frame, NONE);
			assert_true(b->count >= 1);
			assert_true(b->self == b->x1 - b->x0);
			coalesced += b->x1 - b->x0;
			folded += b->count;
			n_coalesced++;
		} else {
			/* drawn frames keep their exact width and are wide enough */
			assert_true(fabs((b->x1 - b->x0) - sums_get(&ew, path)) <= 1e-6);
			assert_true(b->x1 - b->x0 >= min_weight);
		}
	}
	/* each drawn frame's family (and the root's) keeps its exact width,
	 * the "…" box included */
	assert_true(fabs(sums_get(&cfam, 0) - sums_get(&efam, 0)) <= 1e-6);
	for (i = 0; i < c->n_boxes; i++) {
		const struct fc_box *b = &c->boxes[i];
		uint32_t up = b->depth ? at_row[b->depth - 1] : 0;
		uint32_t path = trie_get(&t, up, key_of(keys, c->profile, b->frame));
		at_row[b->depth] = path;
		if (!(b->flags & FC_BOX_COALESCED))
			assert_true(fabs(sums_get(&cfam, path) - sums_get(&efam, path)) <= 1e-6);
	}
	assert_true(fabs(c->coalesced - coalesced) <= 1e-9);
	assert_int_equal(c->coalesced_frames, folded);
	/* every exact frame is drawn or folded into exactly one "…" box */
	assert_int_equal(e->n_boxes, c->n_boxes - n_coalesced + folded);
	free(at_row);
	fc_layout_finish(&el);
	fc_layout_finish(&cl);
	fc_profile_set_finish(&set);
	fc_profile_destroy(keys);
	trie_free(&t);
	free(ew.v);
	free(cw.v);
	free(ecount.v);
	free(ccount.v);
	free(efam.v);
	free(cfam.v);
	return n_coalesced;
}

static void test_corpus_minwidth(void **state)
{
	struct corpus c;
	size_t i, n = 0;
	(void)state;

	corpus_list(&c);
	for (i = 0; i < c.n; i++) {
		n += check_culled(c.paths[i], 1, false);
		n += check_culled(c.paths[i], 5, false);
		n += check_culled(c.paths[i], 2, true);
	}
	assert_true(n > 100); /* the real profiles do coalesce */
	corpus_free(&c);
}

/* --- folded export ------------------------------------------------------------ */

/* The documented frame name: label, then "url:line:column" 1-based; ';'
 * becomes U+FF1B, line breaks U+FFFD. */
static void folded_name(const struct fc_profile *p, const struct fc_frame *f, char *out,
			size_t size)
{
	const char *name = fc_profile_str(p, f->name), *url = fc_profile_str(p, f->url);
	size_t size_raw = strlen(name) + strlen(url) + 64, len, i, o = 0;
	char *raw = malloc(size_raw);

	assert_non_null(raw);
	len = fc_classify_label(name, raw, size_raw);
	if (url[0] || f->line >= 0 || f->column >= 0) {
		len += (size_t)snprintf(raw + len, size_raw - len, " %s", url);
		if (f->line >= 0)
			len += (size_t)snprintf(raw + len, size_raw - len, ":%d", f->line + 1);
		if (f->column >= 0)
			len += (size_t)snprintf(raw + len, size_raw - len, ":%d", f->column + 1);
	}
	for (i = 0; i < len && o + 4 < size; i++) {
		if (raw[i] == ';') {
			memcpy(out + o, "\xef\xbc\x9b", 3);
			o += 3;
		} else {
			out[o++] = raw[i];
		}
	}
	assert_true(i == len);
	out[o] = '\0';
	free(raw);
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *data;
	long n;

	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	data = malloc((size_t)n + 1);
	assert_non_null(data);
	assert_int_equal(fread(data, 1, (size_t)n, f), (size_t)n);
	data[n] = '\0';
	fclose(f);
	*len = (size_t)n;
	return data;
}

/* Frame-by-frame comparison of two stacks: the documented line order. */
static int stack_cmp(const char *a, size_t alen, const char *b, size_t blen)
{
	size_t i = 0, j = 0;

	while (i < alen && j < blen) {
		size_t ea = i, eb = j;
		int r;
		while (ea < alen && a[ea] != ';')
			ea++;
		while (eb < blen && b[eb] != ';')
			eb++;
		r = memcmp(a + i, b + j, ea - i < eb - j ? ea - i : eb - j);
		if (r == 0 && ea - i != eb - j)
			r = ea - i < eb - j ? -1 : 1;
		if (r)
			return r;
		i = ea + 1;
		j = eb + 1;
	}
	return (i < alen) - (j < blen);
}

static void check_folded_set(const struct fc_profile_set *set, const char *file, bool by_samples);

static void check_folded(const char *file, bool by_samples)
{
	struct fc_profile_set set;

	fc_profile_set_init(&set);
	load_file(&set, file);
	check_folded_set(&set, file, by_samples);
	fc_profile_set_finish(&set);
}

static void check_folded_set(const struct fc_profile_set *set, const char *file, bool by_samples)
{
	struct fc_layout_options o = { .mode = FC_MODE_GRAPH, .weight_samples = by_samples };
	struct sums graph = { 0 }, folded = { 0 };
	struct fc_strpool names;
	struct fc_output out;
	struct fc_error err;
	struct fc_layout l;
	struct trie t;
	char tmp[] = "/tmp/fc-test-folded-XXXXXX", *data, *line, *prev = NULL;
	const struct fc_lane *lane;
	uint32_t *at_row;
	size_t len, i, prev_len = 0;
	double sum = 0;
	int fd;

	trie_init(&t);
	assert_true(fc_strpool_init(&names));
	build(&l, set, &o);
	lane = &l.lanes[0];
	fd = mkstemp(tmp);
	assert_true(fd >= 0);
	close(fd);
	fc_error_init(&err);
	assert_true(fc_output_open(&out, tmp, &err));
	assert_true(fc_write_folded(&l, &out, &err));
	assert_true(fc_output_commit(&out, &err));
	data = slurp(tmp, &len);
	unlink(tmp);

	/* parse: "a;b;c COUNT" -- the count after the last space */
	for (line = data; line < data + len;) {
		char *nl = memchr(line, '\n', (size_t)(data + len - line)), *sp, *end, *s;
		uint32_t path = 0;
		long long count;

		assert_non_null(nl);
		*nl = '\0';
		sp = strrchr(line, ' ');
		assert_non_null(sp);
		count = strtoll(sp + 1, &end, 10);
		assert_true(*end == '\0' && count > 0);
		if (prev)
			assert_true(stack_cmp(prev, prev_len, line, (size_t)(sp - line)) < 0);
		prev = line;
		prev_len = (size_t)(sp - line);
		for (s = line; s < sp;) {
			char *semi = memchr(s, ';', (size_t)(sp - s));
			char *e = semi ? semi : sp;
			uint32_t k = fc_strpool_intern(&names, s, (size_t)(e - s));
			assert_int_not_equal(k, NONE);
			path = trie_get(&t, path, k);
			*sums_at(&folded, path) += (double)count;
			s = e + 1;
		}
		sum += (double)count;
		line = nl + 1;
	}
	/* the graph's stacks by the same names */
	at_row = xcalloc((size_t)lane->rows + 1, sizeof(uint32_t));
	for (i = 0; i < lane->n_boxes; i++) {
		const struct fc_box *b = &lane->boxes[i];
		const struct fc_frame *f = &lane->profile->frames[b->frame];
		size_t size = 3 * (fc_profile_str(lane->profile, f->name)[0] ? 1 : 0) + 64 +
			      3 * strlen(fc_profile_str(lane->profile, f->name)) +
			      3 * strlen(fc_profile_str(lane->profile, f->url));
		char *name = malloc(size);
		uint32_t k;

		assert_non_null(name);
		folded_name(lane->profile, f, name, size);
		k = fc_strpool_intern(&names, name, strlen(name));
		free(name);
		at_row[b->depth] = trie_get(&t, b->depth ? at_row[b->depth - 1] : 0, k);
		*sums_at(&graph, at_row[b->depth]) += b->x1 - b->x0;
	}
	/* every frame within 1 unit (rounding), exact for sample counts */
	compare_sums(&t, &graph, &folded, by_samples ? 0 : 1.0 + 1e-6, "graph vs folded", file);
	assert_true(fabs(sum - lane->total) <= 1.0);
	free(at_row);
	free(data);
	fc_layout_finish(&l);
	fc_strpool_finish(&names);
	trie_free(&t);
	free(graph.v);
	free(folded.v);
}

/* Profile k: d samples of f;g<k> at 0 µs and one at 1 µs, so g<k> weighs
 * 1 + 1/d µs (the last sample lasts the average interval). */
static void load_fraction(struct fc_profile_set *set, int k, int d)
{
	char json[4096], name[16];
	size_t len;
	int i;

	len = (size_t)snprintf(
		json, sizeof(json),
		"{\"nodes\":[{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\",\"url\":\"\","
		"\"scriptId\":\"0\",\"lineNumber\":-1,\"columnNumber\":-1},\"children\":[2]},"
		"{\"id\":2,\"callFrame\":{\"functionName\":\"f\",\"url\":\"\",\"scriptId\":\"0\","
		"\"lineNumber\":-1,\"columnNumber\":-1},\"children\":[3]},"
		"{\"id\":3,\"callFrame\":{\"functionName\":\"g%d\",\"url\":\"\","
		"\"scriptId\":\"0\",\"lineNumber\":-1,\"columnNumber\":-1}}],"
		"\"startTime\":0,\"endTime\":2,\"samples\":[3",
		k);
	for (i = 0; i < d; i++)
		len += (size_t)snprintf(json + len, sizeof(json) - len, ",3");
	len += (size_t)snprintf(json + len, sizeof(json) - len, "],\"timeDeltas\":[0");
	for (i = 1; i < d; i++)
		len += (size_t)snprintf(json + len, sizeof(json) - len, ",0");
	snprintf(json + len, sizeof(json) - len, ",1]}");
	snprintf(name, sizeof(name), "p%d", k);
	load_json(set, name, json);
}

/* Sums of doubles in two orders differ in the last bit: the parent's total
 * (summed child by child as merged) can be an ulp less than its children
 * laid out side by side in label order. They must still fit inside. */
static void test_float_drift(void **state)
{
	struct fc_layout_options o = { .mode = FC_MODE_GRAPH };
	static const int d[] = { 30, 19, 16 }; /* found to drift by one ulp */
	struct sums sums = { 0 }, count = { 0 };
	struct fc_profile *keys = fc_profile_create();
	struct fc_profile_set set;
	struct fc_layout l;
	struct trie t;
	const struct fc_lane *lane;
	double sum = 0;
	size_t i;
	(void)state;

	trie_init(&t);
	fc_profile_set_init(&set);
	for (i = 0; i < 3; i++)
		load_fraction(&set, (int)i + 1, d[i]);
	build(&l, &set, &o);
	lane = &l.lanes[0];
	assert_int_equal(lane->n_boxes, 4);
	for (i = 1; i < 4; i++) {
		sum += lane->boxes[i].x1 - lane->boxes[i].x0;
		assert_true(lane->boxes[i].x1 <= lane->boxes[0].x1);
	}
	assert_true(fabs(sum - (3 + 1.0 / 30 + 1.0 / 19 + 1.0 / 16)) < 1e-9);
	graph_paths(lane, keys, &t, &sums, &count, true);
	fc_layout_finish(&l);
	fc_profile_set_finish(&set);
	fc_profile_destroy(keys);
	trie_free(&t);
	free(sums.v);
	free(count.v);
}

static void test_corpus_folded(void **state)
{
	struct fc_profile_set set;
	struct corpus c;
	size_t i;
	(void)state;

	corpus_list(&c);
	for (i = 0; i < c.n; i++) {
		check_folded(c.paths[i], false);
		check_folded(c.paths[i], true);
	}
	/* merged graphs carry one fractional last sample per profile */
	fc_profile_set_init(&set);
	for (i = 0; i < c.n; i++)
		if (strstr(c.paths[i], "/real/"))
			load_file(&set, c.paths[i]);
	check_folded_set(&set, "real/*", false);
	fc_profile_set_finish(&set);
	fc_profile_set_init(&set);
	for (i = 0; i < 8; i++)
		load_fraction(&set, (int)i, 2); /* 1.5 µs each */
	check_folded_set(&set, "fractions", false);
	fc_profile_set_finish(&set);
	corpus_free(&c);
}

/* The folded text of the hand-computed profile, line by line. */
static void test_folded_text(void **state)
{
	static const char *const want = "(garbage collector) 20\n"
					"main a.js:1:1 10\n"
					"main a.js:1:1;(anonymous) a.js:21:5 10\n"
					"main a.js:1:1;work a.js:11:3 40\n"
					"main a.js:1:1;work a.js:11:3;(garbage collector) 20\n";
	struct fc_layout_options o = { .mode = FC_MODE_GRAPH, .sort_weight = true };
	struct fc_profile_set set;
	struct fc_output out;
	struct fc_error err;
	struct fc_layout l;
	char tmp[] = "/tmp/fc-test-folded-XXXXXX", *data;
	size_t len;
	int fd;
	(void)state;

	fc_profile_set_init(&set);
	load_json(&set, "p1", p1_json);
	build(&l, &set, &o); /* the lines do not follow --sort */
	fd = mkstemp(tmp);
	assert_true(fd >= 0);
	close(fd);
	fc_error_init(&err);
	assert_true(fc_output_open(&out, tmp, &err));
	assert_true(fc_write_folded(&l, &out, &err));
	assert_true(fc_output_commit(&out, &err));
	data = slurp(tmp, &len);
	assert_string_equal(data, want);
	free(data);
	fc_layout_finish(&l);

	/* a chart layout is refused */
	o.mode = FC_MODE_CHART;
	build(&l, &set, &o);
	assert_true(fc_output_open(&out, tmp, &err));
	assert_false(fc_write_folded(&l, &out, &err));
	assert_int_equal(err.code, FC_ERR_USAGE);
	fc_output_abort(&out);
	unlink(tmp);
	fc_layout_finish(&l);
	fc_profile_set_finish(&set);
}

/* ';' inside a name cannot split a frame. */
static void test_folded_semicolon(void **state)
{
	static const char *const json =
		"{\"nodes\":[{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\",\"url\":\"\","
		"\"scriptId\":\"0\",\"lineNumber\":-1,\"columnNumber\":-1},\"children\":[2]},"
		"{\"id\":2,\"callFrame\":{\"functionName\":\"RegExp: a;b\",\"url\":\"data:x;y\","
		"\"scriptId\":\"3\",\"lineNumber\":-1,\"columnNumber\":-1}}],"
		"\"startTime\":0,\"endTime\":4,\"samples\":[2,2],\"timeDeltas\":[2,2]}";
	struct fc_layout_options o = { .mode = FC_MODE_GRAPH };
	struct fc_profile_set set;
	struct fc_output out;
	struct fc_error err;
	struct fc_layout l;
	char tmp[] = "/tmp/fc-test-folded-XXXXXX", *data;
	size_t len;
	int fd;
	(void)state;

	fc_profile_set_init(&set);
	load_json(&set, "semi", json);
	build(&l, &set, &o);
	fd = mkstemp(tmp);
	assert_true(fd >= 0);
	close(fd);
	fc_error_init(&err);
	assert_true(fc_output_open(&out, tmp, &err));
	assert_true(fc_write_folded(&l, &out, &err));
	assert_true(fc_output_commit(&out, &err));
	data = slurp(tmp, &len);
	unlink(tmp);
	assert_string_equal(data, "/a\xef\xbc\x9b"
				  "b/ data:x\xef\xbc\x9by 4\n");
	free(data);
	fc_layout_finish(&l);
	fc_profile_set_finish(&set);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rules_default),
		cmocka_unit_test(test_rules_options),
		cmocka_unit_test(test_merge_profiles),
		cmocka_unit_test(test_tie_order),
		cmocka_unit_test(test_frame_ranks), /* label order, by ranks */
		cmocka_unit_test(test_deep),
		cmocka_unit_test(test_float_drift),
		cmocka_unit_test(test_corpus_exact),
		cmocka_unit_test(test_corpus_gc),
		cmocka_unit_test(test_corpus_order),
		cmocka_unit_test(test_corpus_merged),
		cmocka_unit_test(test_corpus_minwidth),
		cmocka_unit_test(test_corpus_folded),
		cmocka_unit_test(test_folded_text),
		cmocka_unit_test(test_folded_semicolon),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
