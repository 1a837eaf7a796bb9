/* The chart rules (devtools-rules §1-3), one test each, and the worked example
 * of devtools-rules §9. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "flamechart/import.h"
#include "layout/layout.h"
#include "model/profile.h"

#define NODE(id, name, children)                                                           \
	"{\"id\":" #id ",\"callFrame\":{\"functionName\":\"" name "\",\"scriptId\":\"" #id \
	"\",\"url\":\"file:///x.js\",\"lineNumber\":" #id                                  \
	",\"columnNumber\":0},\"children\":[" children "]}"
#define SYS(id, name)                                             \
	"{\"id\":" #id ",\"callFrame\":{\"functionName\":\"" name \
	"\",\"scriptId\":\"0\",\"url\":\"\"}}"
#define ROOT(children)                                                                           \
	"{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\",\"scriptId\":\"0\"},\"children\":" \
	"[" children "]}"

static struct fc_profile_set set;

static struct fc_profile *load(const char *json)
{
	struct fc_import_options opts = FC_IMPORT_OPTIONS_INIT;
	struct fc_error err;

	fc_profile_set_init(&set);
	if (!fc_import_memory("t", json, strlen(json), &opts, &set, &err)) {
		print_error("%s\n", err.text);
		fail();
	}
	return set.items[0];
}

/* Exact chart layout of the loaded profile. */
static void chart(struct fc_layout *l, bool gc_root)
{
	struct fc_layout_options o = { .mode = FC_MODE_CHART, .gc_root = gc_root };
	struct fc_error err;

	assert_true(fc_layout_build(l, &set, &o, &err));
	assert_int_equal(l->n_lanes, 1);
}

static const char *box_name(const struct fc_layout *l, size_t i)
{
	const struct fc_lane *lane = &l->lanes[0];
	const struct fc_profile *p = lane->profile;
	return fc_profile_str(p, p->frames[lane->boxes[i].frame].name);
}

static void expect_box(const struct fc_layout *l, size_t i, const char *name, uint32_t depth,
		       double x0, double x1)
{
	const struct fc_box *b = &l->lanes[0].boxes[i];

	if (i >= l->lanes[0].n_boxes || strcmp(box_name(l, i), name) != 0 || b->depth != depth ||
	    b->x0 != x0 || b->x1 != x1) {
		print_error("box %zu: want %s d%u [%g, %g)", i, name, depth, x0, x1);
		if (i < l->lanes[0].n_boxes)
			print_error(", got %s d%u [%g, %g)", box_name(l, i), b->depth, b->x0,
				    b->x1);
		print_error("\n");
		fail();
	}
}

/* devtools-rules §9 */
static void test_worked_example(void **state)
{
	struct fc_layout l;
	(void)state;

	/* clang-format off */
	load("{\"nodes\":[" ROOT("2,5,6") "," NODE(2, "A", "3,4") "," NODE(3, "B", "") ","
	     NODE(4, "C", "") "," SYS(5, "(garbage collector)") "," SYS(6, "(program)") "],"
	     "\"startTime\":0,\"endTime\":6000,\"samples\":[3,3,4,5,4,6],"
	     "\"timeDeltas\":[0,1000,1000,1000,1000,1000]}");
	/* clang-format on */
	chart(&l, false);
	assert_int_equal(l.lanes[0].n_boxes, 5);
	/* open order: A, B, C, GC, (program) */
	expect_box(&l, 0, "A", 0, 0, 5000);
	expect_box(&l, 1, "B", 1, 0, 2000);
	expect_box(&l, 2, "C", 1, 2000, 5000);
	expect_box(&l, 3, "(garbage collector)", 2, 3000, 4000);
	expect_box(&l, 4, "(program)", 0, 5000, 6000);
	assert_true(l.lanes[0].boxes[3].flags & FC_BOX_GC_STACKED);
	/* C's self excludes the GC it carries */
	assert_true(l.lanes[0].boxes[2].self == 2000);
	assert_true(l.lanes[0].boxes[0].self == 0);
	fc_layout_finish(&l);

	/* --gc root: GC is an ordinary child of the root */
	chart(&l, true);
	expect_box(&l, 2, "C", 1, 2000, 3000);
	expect_box(&l, 3, "(garbage collector)", 0, 3000, 4000);
	expect_box(&l, 4, "A", 0, 4000, 5000);
	fc_layout_finish(&l);
	fc_profile_set_finish(&set);
}

/* Rule: t[i] = startTime + Σ timeDeltas[0..i] */
static void test_cumulative_deltas(void **state)
{
	struct fc_profile *p;
	(void)state;

	/* clang-format off */
	p = load("{\"nodes\":[" ROOT("2") "," NODE(2, "A", "") "],\"startTime\":1000,"
		 "\"endTime\":2000,\"samples\":[2,1,2],\"timeDeltas\":[7,3,5]}");
	/* clang-format on */
	assert_int_equal(p->sample_time_us[0], 1007);
	assert_int_equal(p->sample_time_us[1], 1010);
	assert_int_equal(p->sample_time_us[2], 1015);
	fc_profile_set_finish(&set);
}

/* Rule: samples are stably sorted by time; equal times keep file order */
static void test_stable_sort(void **state)
{
	struct fc_layout l;
	struct fc_profile *p;
	(void)state;

	/* clang-format off */
	p = load("{\"nodes\":[" ROOT("2,3,4") "," NODE(2, "A", "") "," NODE(3, "B", "") ","
		 NODE(4, "C", "") "],\"startTime\":0,\"endTime\":100,"
		 "\"samples\":[2,3,4,2],\"timeDeltas\":[10,10,-10,10]}");
	/* clang-format on */
	/* times 10, 20, 10, 20 -> sorted A@10, C@10, B@20, A@20 */
	assert_int_equal(p->sample_node[0], 1);
	assert_int_equal(p->sample_node[1], 3);
	assert_int_equal(p->sample_node[2], 2);
	assert_int_equal(p->sample_node[3], 1);
	chart(&l, false);
	/* A opens at 10 and is replaced at once by C (zero width, as DevTools) */
	expect_box(&l, 0, "A", 0, 10, 10);
	expect_box(&l, 1, "C", 0, 10, 20);
	fc_layout_finish(&l);
	fc_profile_set_finish(&set);
}

/* Rule: the last sample lasts the average interval; one sample ends at endTime */
static void test_last_sample(void **state)
{
	struct fc_layout l;
	struct fc_profile *p;
	(void)state;

	/* clang-format off */
	p = load("{\"nodes\":[" ROOT("2") "," NODE(2, "A", "") "],\"startTime\":0,"
		 "\"endTime\":100000,\"samples\":[2,2,2,2],\"timeDeltas\":[0,10,10,40]}");
	/* clang-format on */
	/* times 0, 10, 20, 60: average (60 - 0) / 3 = 20 -> end 80, not endTime */
	assert_true(fc_profile_samples_end(p) == 80.0);
	chart(&l, false);
	expect_box(&l, 0, "A", 0, 0, 80);
	fc_layout_finish(&l);
	fc_profile_set_finish(&set);

	/* clang-format off */
	p = load("{\"nodes\":[" ROOT("2") "," NODE(2, "A", "") "],\"startTime\":0,"
		 "\"endTime\":500,\"samples\":[2],\"timeDeltas\":[5]}");
	/* clang-format on */
	assert_true(fc_profile_samples_end(p) == 500.0);
	fc_profile_set_finish(&set);

	/* a fractional average stays fractional (devtools-rules §1.4) */
	/* clang-format off */
	p = load("{\"nodes\":[" ROOT("2") "," NODE(2, "A", "") "],\"startTime\":4,"
		 "\"endTime\":27,\"samples\":[2,2,2,2,2,2,2,2],\"timeDeltas\":[0,1,3,2,5,1,4,2]}");
	/* clang-format on */
	assert_true(fc_profile_samples_end(p) == 22.0 + 18.0 / 7.0);
	fc_profile_set_finish(&set);
}

/* Rule: bars follow node identity, not call-frame equality */
static void test_node_identity(void **state)
{
	struct fc_layout l;
	(void)state;

	/* 3 and 5 are both "B" under A (2) and A' (4) with equal frames */
	/* clang-format off */
	load("{\"nodes\":[" ROOT("2,4") "," NODE(2, "A", "3") "," NODE(3, "B", "") ","
	     "{\"id\":4,\"callFrame\":{\"functionName\":\"A\",\"scriptId\":\"2\",\"url\":\"file:///x.js\","
	     "\"lineNumber\":2,\"columnNumber\":0},\"children\":[5]},"
	     "{\"id\":5,\"callFrame\":{\"functionName\":\"B\",\"scriptId\":\"3\",\"url\":\"file:///x.js\","
	     "\"lineNumber\":3,\"columnNumber\":0}}],"
	     "\"startTime\":0,\"endTime\":40,\"samples\":[3,5,5,3],\"timeDeltas\":[0,10,10,10]}");
	/* clang-format on */
	chart(&l, false);
	assert_int_equal(l.lanes[0].n_boxes, 6);
	expect_box(&l, 0, "A", 0, 0, 10);
	expect_box(&l, 1, "B", 1, 0, 10);
	expect_box(&l, 2, "A", 0, 10, 30);
	expect_box(&l, 3, "B", 1, 10, 30);
	expect_box(&l, 4, "A", 0, 30, 40);
	/* same frame, different nodes */
	assert_int_equal(l.lanes[0].boxes[0].frame, l.lanes[0].boxes[2].frame);
	assert_int_not_equal(l.lanes[0].boxes[0].node, l.lanes[0].boxes[2].node);
	fc_layout_finish(&l);
	fc_profile_set_finish(&set);
}

/* Rule: lowest common ancestor: the shared prefix of two stacks stays open */
static void test_common_ancestor(void **state)
{
	struct fc_layout l;
	(void)state;

	/* clang-format off */
	load("{\"nodes\":[" ROOT("2") "," NODE(2, "A", "3,5") "," NODE(3, "B", "4") ","
	     NODE(4, "C", "") "," NODE(5, "D", "") "],\"startTime\":0,\"endTime\":30,"
	     "\"samples\":[4,5,3],\"timeDeltas\":[0,10,10]}");
	/* clang-format on */
	chart(&l, false);
	assert_int_equal(l.lanes[0].n_boxes, 5);
	expect_box(&l, 0, "A", 0, 0, 30);
	expect_box(&l, 1, "B", 1, 0, 10);
	expect_box(&l, 2, "C", 2, 0, 10);
	expect_box(&l, 3, "D", 1, 10, 20);
	expect_box(&l, 4, "B", 1, 20, 30);
	fc_layout_finish(&l);
	fc_profile_set_finish(&set);
}

/* Rule: GC stacks on the previous sample's stack; consecutive GC samples
 * merge; a first-sample GC sits at row 0 */
static void test_gc_stacking(void **state)
{
	struct fc_layout l;
	(void)state;

	/* clang-format off */
	load("{\"nodes\":[" ROOT("2,9") "," NODE(2, "A", "3") "," NODE(3, "B", "") ","
	     SYS(9, "(garbage collector)") "],\"startTime\":0,\"endTime\":60,"
	     "\"samples\":[9,3,9,9,3,2],\"timeDeltas\":[0,10,10,10,10,10]}");
	/* clang-format on */
	chart(&l, false);
	expect_box(&l, 0, "(garbage collector)", 0, 0, 10);
	expect_box(&l, 1, "A", 0, 10, 60);
	expect_box(&l, 2, "B", 1, 10, 50);
	expect_box(&l, 3, "(garbage collector)", 2, 20, 40);
	assert_int_equal(l.lanes[0].n_boxes, 4);
	fc_layout_finish(&l);
	fc_profile_set_finish(&set);
}

/* Rule: a lone (program) between two samples with the same depth-1 ancestor
 * is healed; two in a row are not; system neighbours block it */
static void test_program_heal(void **state)
{
	struct fc_profile *p;
	uint32_t out[8];
	(void)state;

	/* clang-format off */
	p = load("{\"nodes\":[" ROOT("2,6,7,8") "," NODE(2, "A", "3,4") "," NODE(3, "B", "") ","
		 NODE(4, "C", "") "," SYS(6, "(program)") "," SYS(7, "(idle)") ","
		 NODE(8, "D", "") "],\"startTime\":0,\"endTime\":80,"
		 "\"samples\":[3,6,4,6,6,3,6,8],\"timeDeltas\":[0,10,10,10,10,10,10,10]}");
	/* clang-format on */
	/* node indices in pre-order: root 0, A 1, B 2, C 3, program 4, idle 5, D 6 */
	assert_int_equal(fc_chart_heal_program(p, out), 1);
	assert_int_equal(out[1], 2); /* B (program) C -> healed with B */
	assert_int_equal(out[3], 4); /* two (program) in a row stay */
	assert_int_equal(out[4], 4);
	assert_int_equal(out[6], 4); /* B (program) D: different bottoms */
	fc_profile_set_finish(&set);

	/* a neighbour that is (idle) blocks the heal */
	/* clang-format off */
	p = load("{\"nodes\":[" ROOT("2,6,7") "," NODE(2, "A", "") "," SYS(6, "(program)") ","
		 SYS(7, "(idle)") "],\"startTime\":0,\"endTime\":30,"
		 "\"samples\":[7,6,7],\"timeDeltas\":[0,10,10]}");
	/* clang-format on */
	assert_int_equal(fc_chart_heal_program(p, out), 0);
	fc_profile_set_finish(&set);
}

/* Rule: (program), (idle) and GC count only among the root's children */
static void test_meta_only_at_root(void **state)
{
	struct fc_profile *p;
	struct fc_layout l;
	(void)state;

	/* clang-format off */
	p = load("{\"nodes\":[" ROOT("2") "," NODE(2, "A", "3,4") ","
		 "{\"id\":3,\"callFrame\":{\"functionName\":\"(garbage collector)\",\"scriptId\":\"0\"}},"
		 "{\"id\":4,\"callFrame\":{\"functionName\":\"(program)\",\"scriptId\":\"0\"}}],"
		 "\"startTime\":0,\"endTime\":30,\"samples\":[2,3,2],\"timeDeltas\":[0,10,10]}");
	/* clang-format on */
	assert_int_equal(p->gc_node, FC_NONE);
	assert_int_equal(p->program_node, FC_NONE);
	chart(&l, false);
	/* the nested "GC" is an ordinary frame under A, not stacked */
	expect_box(&l, 1, "(garbage collector)", 1, 10, 20);
	assert_false(l.lanes[0].boxes[1].flags & FC_BOX_GC_STACKED);
	fc_layout_finish(&l);
	fc_profile_set_finish(&set);
}

/* Extent: from startTime to the later of endTime and the last sample's end */
static void test_extent(void **state)
{
	struct fc_profile *p;
	double lo, hi;
	(void)state;

	/* clang-format off */
	p = load("{\"nodes\":[" ROOT("2") "," NODE(2, "A", "") "],\"startTime\":100,"
		 "\"endTime\":110,\"samples\":[2,2],\"timeDeltas\":[5,10]}");
	/* clang-format on */
	fc_chart_extent(p, &lo, &hi);
	assert_true(lo == 100 && hi == 125);
	fc_profile_set_finish(&set);
}

/* Culling: narrow neighbours merge into one grey box; what lies above a
 * narrow bar goes; time is conserved per row */
static void test_cull(void **state)
{
	struct fc_layout_options o = { .mode = FC_MODE_CHART, .minwidth = 1 };
	struct fc_layout exact, culled;
	struct fc_error err;
	const struct fc_lane *lane;
	size_t i;
	double row0 = 0, culled0 = 0;
	(void)state;

	/* A [0,1000) wide; then 100 alternating B/C samples of 1 µs each with
	 * children, then D wide */
	char json[8192], *s = json;
	/* clang-format off */
	s += sprintf(s, "{\"nodes\":[" ROOT("2,3,4,6") "," NODE(2, "A", "") "," NODE(3, "B", "5") ","
			NODE(4, "C", "") "," NODE(5, "E", "") "," NODE(6, "D", "") "],"
			"\"startTime\":0,\"endTime\":1100,\"samples\":[2");
	/* clang-format on */
	for (i = 0; i < 100; i++)
		s += sprintf(s, ",%d", i % 2 ? 4 : 5);
	s += sprintf(s, ",6],\"timeDeltas\":[0,1000");
	for (i = 0; i < 100; i++)
		s += sprintf(s, ",1");
	s += sprintf(s, "]}");
	load(json);
	assert_true(fc_layout_build(&exact, &set, &o, &err));
	o.plot_width_px = 200; /* 1 px = 5.6 µs: each B/C is 0.18 px, D 1.96 px */
	assert_true(fc_layout_build(&culled, &set, &o, &err));
	lane = &culled.lanes[0];
	for (i = 0; i < exact.lanes[0].n_boxes; i++)
		if (exact.lanes[0].boxes[i].depth == 0)
			row0 += exact.lanes[0].boxes[i].x1 - exact.lanes[0].boxes[i].x0;
	for (i = 0; i < lane->n_boxes; i++)
		if (lane->boxes[i].depth == 0)
			culled0 += lane->boxes[i].x1 - lane->boxes[i].x0;
	assert_true(row0 == culled0);
	/* A, one coalesced box for the 100 B/C bars, D; nothing in row 1 */
	assert_int_equal(lane->n_boxes, 3);
	assert_true(lane->boxes[1].flags & FC_BOX_COALESCED);
	assert_int_equal(lane->boxes[1].count, 100);
	assert_int_equal(lane->boxes[1].frame, FC_NONE);
	assert_int_equal(lane->coalesced_frames, 100);
	assert_true(lane->coalesced == 100.0);
	assert_true(exact.lanes[0].n_boxes > 150);
	fc_layout_finish(&exact);
	fc_layout_finish(&culled);
	fc_profile_set_finish(&set);
}

/* --- bars on demand --------------------------------------------------------- */

struct collected {
	struct fc_box *b;
	size_t n, cap;
	size_t stop_at; /* visit returns false here (SIZE_MAX: never) */
};

static bool collect(void *ctx, const struct fc_box *box)
{
	struct collected *c = ctx;
	if (c->n == c->stop_at)
		return false;
	if (c->n == c->cap) {
		c->cap = c->cap ? c->cap * 2 : 64;
		c->b = realloc(c->b, c->cap * sizeof(*c->b));
	}
	c->b[c->n++] = *box;
	return true;
}

/* A lane built with bars_on_demand hands out the same boxes, in the same
 * order, as the exact lane that holds them: corpus profiles and traces,
 * charts with GC on the stack and at the root, merged and per-thread graphs
 * in label and weight order. */
static void test_bars_on_demand(void **state)
{
	static const char *const files[] = {
		"corpus/chrome-versions/Chrome-65-sucrase.cpuprofile",
		"corpus/chrome-versions/Chrome-70-worker.json",
		"corpus/chrome-versions/Chrome-116-Trace-20230603T221323.json",
		"corpus/chrome-versions/node-10.11.0-example.cpuprofile",
		"corpus/minimal/alternating-peaks.20250519.000070.10001.0.001.cpuprofile",
		"corpus/real/ng-build/CPU.20250519.000215.90620.0.001.cpuprofile",
		"corpus/real/ng-serve/CPU.20250519.000248.22170.1.002.cpuprofile",
		("corpus/seed-examples/"
		 "minimal-cpu-profile-nodes-call-frame-synthetic-frames.cpuprofile"),
	};
	const char *dir = getenv("FC_TEST_DATA");
	size_t f, k, i, total_bars = 0;
	(void)state;

	for (f = 0; f < sizeof(files) / sizeof(files[0]); f++) {
		struct fc_import_options io = FC_IMPORT_OPTIONS_INIT;
		struct fc_profile_set ps;
		struct fc_error err;
		char path[512];

		snprintf(path, sizeof(path), "%s/%s", dir ? dir : "tests/data", files[f]);
		fc_profile_set_init(&ps);
		assert_true(fc_import_file(path, &io, &ps, &err));
		for (k = 0; k < 5; k++) {
			/* chart (GC stacked, at the root), graph (merged, per thread,
			 * by weight) */
			struct fc_layout_options o = { .mode = k < 2 ? FC_MODE_CHART
								     : FC_MODE_GRAPH,
						       .gc_root = k == 1,
						       .per_thread = k == 3,
						       .sort_weight = k == 4 };
			struct fc_layout held, demand;
			assert_true(fc_layout_build(&held, &ps, &o, &err));
			o.bars_on_demand = true;
			assert_true(fc_layout_build(&demand, &ps, &o, &err));
			assert_int_equal(held.n_lanes, demand.n_lanes);
			for (i = 0; i < held.n_lanes; i++) {
				const struct fc_lane *a = &held.lanes[i], *b = &demand.lanes[i];
				struct collected c = { .stop_at = SIZE_MAX };
				assert_null(a->bars);
				assert_null(a->graph);
				assert_true(k < 2 ? b->bars != NULL : b->graph != NULL);
				assert_int_equal(b->n_boxes, 0);
				assert_true(fc_lane_each(b, collect, &c));
				assert_int_equal(c.n, a->n_boxes);
				for (size_t j = 0; j < c.n; j++) {
					const struct fc_box *x = &c.b[j], *y = &a->boxes[j];
					/* bitwise: the same doubles, not just equal ones */
					assert_memory_equal(&x->x0, &y->x0, sizeof(x->x0));
					assert_memory_equal(&x->x1, &y->x1, sizeof(x->x1));
					assert_memory_equal(&x->self, &y->self, sizeof(x->self));
					assert_int_equal(x->depth, y->depth);
					assert_int_equal(x->frame, y->frame);
					/* a held graph lane gave its merged tree back */
					assert_int_equal(k < 2 ? x->node : FC_NONE, y->node);
					assert_int_equal(x->flags, y->flags);
					assert_int_equal(x->count, y->count);
				}
				assert_int_equal(a->rows, b->rows);
				assert_true(a->total == b->total);
				total_bars += c.n;
				/* a visit that says stop ends the walk */
				if (c.n > 2) {
					struct collected d = { .stop_at = 2 };
					assert_false(fc_lane_each(b, collect, &d));
					assert_int_equal(d.n, 2);
					free(d.b);
				}
				free(c.b);
			}
			fc_layout_finish(&held);
			fc_layout_finish(&demand);
		}
		fc_profile_set_finish(&ps);
	}
	assert_true(total_bars > 10000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_worked_example),
		cmocka_unit_test(test_cumulative_deltas),
		cmocka_unit_test(test_stable_sort),
		cmocka_unit_test(test_last_sample),
		cmocka_unit_test(test_node_identity),
		cmocka_unit_test(test_common_ancestor),
		cmocka_unit_test(test_gc_stacking),
		cmocka_unit_test(test_program_heal),
		cmocka_unit_test(test_meta_only_at_root),
		cmocka_unit_test(test_extent),
		cmocka_unit_test(test_cull),
		cmocka_unit_test(test_bars_on_demand),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
