/* --hide (src/transform/hide.c): a hand-made tree whose result is worked
 * out below, then the defining property on real profiles -- every sample's
 * new stack is its old stack without the hidden frames -- together with the
 * model's invariants (pre-order, depths, one child per frame). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "transform/hide.h"
#include "flamechart/import.h"
#include "model/profile.h"

#define CF(name, sid, url, line)                                                               \
	"\"callFrame\":{\"functionName\":\"" name "\",\"scriptId\":\"" sid "\",\"url\":\"" url \
	"\",\"lineNumber\":" line ",\"columnNumber\":0}"

/* root
 *  ├ main (app)
 *  │   ├ read (native)
 *  │   │   └ cb (app)          <- after hiding native: a child of main ...
 *  │   ├ cb (app, same frame)  <- ... merged with this one
 *  │   └ map (deps: lodash)
 *  │       └ read (native)
 *  ├ (program)  (v8)
 *  ├ (garbage collector)
 *  └ (idle)
 * Ten samples 10 µs apart: cb, cb', read, read', map, (program), GC, (idle),
 * main, root. */
/* clang-format off */
static const char tree_json[] =
	"{\"nodes\":["
	"{\"id\":1," CF("(root)", "0", "", "-1") ",\"children\":[2,8,9,10]},"
	"{\"id\":2," CF("main", "1", "file:///app.js", "0") ",\"children\":[3,5,6]},"
	"{\"id\":3," CF("read", "0", "", "-1") ",\"children\":[4]},"
	"{\"id\":4," CF("cb", "1", "file:///app.js", "5") "},"
	"{\"id\":5," CF("cb", "1", "file:///app.js", "5") "},"
	"{\"id\":6," CF("map", "2", "file:///p/node_modules/lodash/map.js", "1") ",\"children\":[7]},"
	"{\"id\":7," CF("read", "0", "", "-1") "},"
	"{\"id\":8," CF("(program)", "0", "", "-1") "},"
	"{\"id\":9," CF("(garbage collector)", "0", "", "-1") "},"
	"{\"id\":10," CF("(idle)", "0", "", "-1") "}],"
	"\"startTime\":0,\"endTime\":100,\"samples\":[4,5,3,7,6,8,9,10,2,1],"
	"\"timeDeltas\":[0,10,10,10,10,10,10,10,10,10]}";
/* clang-format on */

static struct fc_profile *load(const char *json, size_t len)
{
	struct fc_import_options io = FC_IMPORT_OPTIONS_INIT;
	struct fc_profile_set set;
	struct fc_profile *p;
	struct fc_error err;

	fc_profile_set_init(&set);
	if (!fc_import_memory("t.cpuprofile", json, len, &io, &set, &err))
		fail_msg("import: %s", err.text);
	assert_int_equal(set.count, 1);
	p = set.items[0];
	set.count = 0; /* the test owns it now */
	fc_profile_set_finish(&set);
	return p;
}

static const char *name_of(const struct fc_profile *p, uint32_t node)
{
	return fc_profile_str(p, fc_profile_node_frame(p, node)->name);
}

/* "main/cb": the node's frames from the root's child down. */
static void path_of(const struct fc_profile *p, uint32_t node, char *out, size_t size)
{
	char tmp[512];

	out[0] = '\0';
	for (; node != 0 && node != FC_NONE; node = p->node_parent[node]) {
		snprintf(tmp, sizeof(tmp), "%s%s%s", name_of(p, node), out[0] ? "/" : "", out);
		snprintf(out, size, "%s", tmp);
	}
}

static void sample_paths_are(const struct fc_profile *p, const char *const *want)
{
	char got[512];
	uint32_t i;

	for (i = 0; i < p->n_samples; i++) {
		path_of(p, p->sample_node[i], got, sizeof(got));
		if (strcmp(got, want[i]) != 0)
			fail_msg("sample %u: '%s', expected '%s'", i, got, want[i]);
		/* times never change */
		assert_true(p->sample_time_us[i] == (int64_t)i * 10);
	}
}

static void test_hide_native(void **state)
{
	static const char *const want[] = { "main/cb",
					    "main/cb",
					    "main",
					    "main/map",
					    "main/map",
					    "(program)",
					    "(garbage collector)",
					    "(idle)",
					    "main",
					    "" };
	struct fc_profile *p = load(tree_json, sizeof(tree_json) - 1);
	struct fc_error err;

	(void)state;
	assert_int_equal(p->n_nodes, 10);
	assert_true(fc_hide_tiers(p, 1u << FC_TIER_NATIVE, &err));
	/* root, main, cb (the two merged), map, (program), GC, (idle) */
	assert_int_equal(p->n_nodes, 7);
	sample_paths_are(p, want);
	assert_int_equal(p->max_depth, 2);
	assert_int_equal(p->hidden_tiers, 1u << FC_TIER_NATIVE);
	/* pre-order, first-met children first: main's subtree, then the rest */
	assert_string_equal(name_of(p, 1), "main");
	assert_string_equal(name_of(p, 2), "cb");
	assert_string_equal(name_of(p, 3), "map");
	assert_string_equal(name_of(p, 4), "(program)");
	/* the merged node keeps the id of the first in pre-order (4, under read) */
	assert_int_equal(p->node_id[2], 4);
	assert_int_equal(p->program_node, 4);
	assert_int_equal(p->gc_node, 5);
	assert_int_equal(p->idle_node, 6);
	fc_profile_destroy(p);
}

/* The root is V8 too, and stays; hidden top frames give their time to it
 * (a gap in the chart), and the chart's special nodes are gone. */
static void test_hide_v8_gc_idle(void **state)
{
	static const char *const want[] = { "main/read/cb", "main/cb", "main/read", "main/map/read",
					    "main/map",     "",        "",          "",
					    "main",         "" };
	struct fc_profile *p = load(tree_json, sizeof(tree_json) - 1);
	struct fc_error err;

	(void)state;
	assert_true(
		fc_hide_tiers(p, 1u << FC_TIER_V8 | 1u << FC_TIER_GC | 1u << FC_TIER_IDLE, &err));
	sample_paths_are(p, want);
	assert_int_equal(p->program_node, FC_NONE);
	assert_int_equal(p->gc_node, FC_NONE);
	assert_int_equal(p->idle_node, FC_NONE);
	assert_int_equal(p->node_parent[0], FC_NONE);
	assert_int_equal(p->node_id[0], 1);
	/* cb under read and cb under main are different stacks: not merged */
	assert_int_equal(p->n_nodes, 7);
	fc_profile_destroy(p);
}

/* Hiding app: main's children move to the root; cb's time goes to read or
 * to the root. */
static void test_hide_app_and_none(void **state)
{
	static const char *const want[] = {
		"read",   "", "read", "map/read", "map", "(program)", "(garbage collector)",
		"(idle)", "", ""
	};
	struct fc_profile *p = load(tree_json, sizeof(tree_json) - 1);
	struct fc_error err;
	uint32_t n;

	(void)state;
	n = p->n_nodes;
	assert_true(fc_hide_tiers(p, 0, &err)); /* nothing: nothing changes */
	assert_int_equal(p->n_nodes, n);
	assert_int_equal(p->hidden_tiers, 0);
	assert_true(fc_hide_tiers(p, 1u << FC_TIER_APP, &err));
	sample_paths_are(p, want);
	/* the two reads stay apart: one under the root, one under map */
	assert_int_equal(p->n_nodes, 7);
	fc_profile_destroy(p);
}

/* --- the property, on real profiles ------------------------------------------------ */

static bool hidden(const struct fc_profile *p, uint32_t node, unsigned tiers)
{
	return tiers & (1u << fc_profile_node_frame(p, node)->tier);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

static void check_invariants(const struct fc_profile *p)
{
	uint64_t *pairs = malloc((p->n_nodes + 1) * sizeof(*pairs));
	uint32_t i;

	assert_non_null(pairs);
	assert_int_equal(p->node_parent[0], FC_NONE);
	assert_int_equal(p->node_depth[0], 0);
	for (i = 1; i < p->n_nodes; i++) {
		uint32_t par = p->node_parent[i], a;
		assert_true(par < i);
		assert_int_equal(p->node_depth[i], p->node_depth[par] + 1);
		/* pre-order: the parent is node i-1 or one of its ancestors */
		for (a = i - 1; a != par && a != FC_NONE; a = p->node_parent[a])
			;
		assert_int_equal(a, par);
		pairs[i - 1] = (uint64_t)par << 32 | p->node_frame[i];
	}
	/* siblings are different frames: no (parent, frame) twice */
	qsort(pairs, p->n_nodes - 1, sizeof(*pairs), cmp_u64);
	for (i = 1; i + 1 < p->n_nodes; i++)
		assert_true(pairs[i] != pairs[i - 1]);
	free(pairs);
}

/* Every sample's stack after == its stack before without the hidden
 * frames (frames compared by index: the frame table does not change). */
static void check_stacks(const struct fc_profile *before, const struct fc_profile *after,
			 unsigned tiers)
{
	uint32_t *a = malloc((before->max_depth + 2) * sizeof(*a));
	uint32_t *b = malloc((after->max_depth + 2) * sizeof(*b));
	uint32_t i;

	assert_int_equal(before->n_samples, after->n_samples);
	assert_int_equal(before->n_frames, after->n_frames);
	for (i = 0; i < before->n_samples; i++) {
		uint32_t na = 0, nb = 0, n;
		assert_true(before->sample_time_us[i] == after->sample_time_us[i]);
		for (n = before->sample_node[i]; n != 0; n = before->node_parent[n])
			if (!hidden(before, n, tiers))
				a[na++] = before->node_frame[n];
		for (n = after->sample_node[i]; n != 0; n = after->node_parent[n]) {
			assert_false(hidden(after, n, tiers));
			b[nb++] = after->node_frame[n];
		}
		assert_int_equal(na, nb);
		if (na)
			assert_memory_equal(a, b, na * sizeof(*a));
	}
	free(a);
	free(b);
}

static void test_corpus(void **state)
{
	static const char *const files[] = {
		"corpus/real/ng-build/CPU.20250519.000216.90620.1.002.cpuprofile",
		"corpus/real/ng-build/CPU.20250519.000218.90620.7.007.cpuprofile",
		"corpus/chrome-versions/Chrome-65-sucrase.cpuprofile",
		("corpus/seed-examples/"
		 "minimal-cpu-profile-nodes-call-frame-synthetic-frames.cpuprofile"),
	};
	static const unsigned sets[] = {
		1u << FC_TIER_APP,
		1u << FC_TIER_DEPS,
		1u << FC_TIER_CORE,
		1u << FC_TIER_NATIVE,
		1u << FC_TIER_V8,
		1u << FC_TIER_GC,
		1u << FC_TIER_IDLE,
		1u << FC_TIER_NATIVE | 1u << FC_TIER_V8,         /* 0x's default */
		(1u << FC_TIER_COUNT) - 1 - (1u << FC_TIER_APP), /* only my code */
		(1u << FC_TIER_COUNT) - 1,
	};
	const char *data = getenv("FC_TEST_DATA");
	size_t f, s;

	(void)state;
	assert_non_null(data);
	for (f = 0; f < sizeof(files) / sizeof(files[0]); f++) {
		struct fc_import_options io = FC_IMPORT_OPTIONS_INIT;
		struct fc_profile_set ref, work;
		struct fc_error err;
		char path[1024];

		snprintf(path, sizeof(path), "%s/%s", data, files[f]);
		fc_profile_set_init(&ref);
		assert_true(fc_import_file(path, &io, &ref, &err));
		for (s = 0; s < sizeof(sets) / sizeof(sets[0]); s++) {
			fc_profile_set_init(&work);
			assert_true(fc_import_file(path, &io, &work, &err));
			assert_true(fc_hide_apply(&work, sets[s], &err));
			check_invariants(work.items[0]);
			check_stacks(ref.items[0], work.items[0], sets[s]);
			assert_true(work.items[0]->n_nodes <= ref.items[0]->n_nodes);
			fc_profile_set_finish(&work);
		}
		fc_profile_set_finish(&ref);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hide_native),
		cmocka_unit_test(test_hide_v8_gc_idle),
		cmocka_unit_test(test_hide_app_and_none),
		cmocka_unit_test(test_corpus),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
