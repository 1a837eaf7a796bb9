/* Folding (layout/fold.h) on plain numbers: lanes of hand-made boxes in
 * pre-order, x in px (px_per_unit 1), one test per rule. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "layout/fold.h"

/* A lane over boxes given as (x0, x1, depth, frame); frame i is box i. */
static struct fc_lane lane_of(struct fc_box *b, size_t n)
{
	struct fc_lane l;
	uint32_t rows = 0;

	memset(&l, 0, sizeof(l));
	for (size_t i = 0; i < n; i++) {
		b[i].frame = (uint32_t)i;
		b[i].count = 1;
		if (b[i].depth + 1 > rows)
			rows = b[i].depth + 1;
	}
	l.boxes = b;
	l.n_boxes = n;
	l.rows = rows;
	return l;
}

#define BOX(a, b, d)                               \
	{                                          \
		.x0 = (a), .x1 = (b), .depth = (d) \
	}

/* A lane within its budget is left as it is. */
static void test_fits(void **state)
{
	struct fc_box b[] = { BOX(0, 100, 0), BOX(0, 99, 1), BOX(0, 98, 2) };
	struct fc_lane l = lane_of(b, 3);
	struct fc_fold f;
	struct fc_fold_params pr = { .px_per_unit = 1, .max_rows = 3, .tower_px = 10 };
	(void)state;

	assert_true(fc_fold_lane(&l, &pr, &f));
	assert_null(f.row);
	assert_int_equal(f.rows, 3);
	assert_int_equal(fc_fold_row(&f, b, 2), 2);
	fc_fold_finish(&f);
}

/* Rule 1: a chain of 4 boxes, each child at least 95 % of its parent, is
 * one bar on row 0 standing for 4 frames; the work above it moves down 3
 * rows. A child at 90 % ends a chain. */
static void test_spine(void **state)
{
	struct fc_box b[] = {
		BOX(0, 1000, 0), /* 0: spine head */
		BOX(0, 990, 1),  /* 1: 99 % */
		BOX(5, 985, 2),  /* 2: 99 % */
		BOX(5, 940, 3),  /* 3: 95.4 %: the spine's last box */
		BOX(5, 500, 4),  /* 4: 53 %: ends the spine, sits on row 1 */
		BOX(5, 450, 5),  /* 5: 90 % of box 4: no spine (2 frames at most) */
		BOX(500, 900, 4),
	};
	struct fc_lane l = lane_of(b, 7);
	struct fc_fold f;
	/* 6 rows into 3: the whole chain of 4 folds, saving 3 rows */
	struct fc_fold_params pr = { .px_per_unit = 1, .max_rows = 3 };
	(void)state;

	assert_true(fc_fold_lane(&l, &pr, &f));
	assert_non_null(f.row);
	assert_int_equal(f.spines, 1);
	assert_int_equal(f.spine_frames, 4);
	assert_true(f.mark[0] & FC_FOLD_SPINE);
	assert_int_equal(f.last[0], 3);
	assert_int_equal(f.row[0], 0);
	assert_int_equal(f.row[1], FC_FOLD_HIDDEN);
	assert_int_equal(f.row[2], FC_FOLD_HIDDEN);
	assert_int_equal(f.row[3], FC_FOLD_HIDDEN);
	assert_int_equal(f.row[4], 1);
	assert_int_equal(f.row[5], 2);
	assert_int_equal(f.row[6], 1);
	assert_int_equal(f.rows, 3);
	assert_int_equal(f.rows_cut, 0);
	fc_fold_finish(&f);

	/* two frames are no spine: nothing to fold, the deepest row goes */
	{
		struct fc_box c[] = { BOX(0, 100, 0), BOX(0, 99, 1), BOX(0, 50, 2) };
		struct fc_lane m = lane_of(c, 3);
		pr.max_rows = 2;
		assert_true(fc_fold_lane(&m, &pr, &f));
		assert_int_equal(f.spines, 0);
		assert_int_equal(f.row[0], 0);
		assert_int_equal(f.row[1], 1);
		assert_int_equal(f.row[2], FC_FOLD_HIDDEN);
		assert_int_equal(f.deep_boxes, 1);
		assert_int_equal(f.rows_cut, 1);
		fc_fold_finish(&f);
	}
}

/* A chain folds only as far as the budget needs, from its root end: 7
 * rows into 5 folds 3 of its 6 frames (saving 2 rows), the rest keep
 * theirs. */
static void test_spine_partial(void **state)
{
	struct fc_box b[7];
	struct fc_fold f;
	struct fc_fold_params pr = { .px_per_unit = 1, .max_rows = 5 };
	struct fc_lane l;
	(void)state;

	for (uint32_t d = 0; d < 6; d++)
		b[d] = (struct fc_box)BOX(0, 1000 - d, d);
	b[6] = (struct fc_box)BOX(0, 500, 6);
	l = lane_of(b, 7);
	assert_true(fc_fold_lane(&l, &pr, &f));
	assert_int_equal(f.spines, 1);
	assert_int_equal(f.spine_frames, 3);
	assert_int_equal(f.last[0], 2);
	assert_int_equal(f.row[0], 0);
	assert_int_equal(f.row[1], FC_FOLD_HIDDEN);
	assert_int_equal(f.row[2], FC_FOLD_HIDDEN);
	for (uint32_t d = 3; d < 7; d++)
		assert_int_equal(f.row[d], d - 2);
	assert_int_equal(f.rows, 5);
	assert_int_equal(f.rows_cut, 0);
	fc_fold_finish(&f);
}

/* A spine's side branch (at most 5 % of it) is not drawn, nor what lies
 * above it, and is counted. */
static void test_spine_side(void **state)
{
	struct fc_box b[] = {
		BOX(0, 1000, 0),  BOX(0, 970, 1),
		BOX(0, 960, 2),   BOX(975, 1000, 1), /* 2.5 % beside the chain */
		BOX(975, 990, 2),                    /* above the side branch */
	};
	struct fc_lane l = lane_of(b, 5);
	struct fc_fold f;
	struct fc_fold_params pr = { .px_per_unit = 1, .max_rows = 2 };
	(void)state;

	assert_true(fc_fold_lane(&l, &pr, &f));
	assert_int_equal(f.spines, 1);
	assert_int_equal(f.last[0], 2);
	assert_int_equal(f.row[3], FC_FOLD_HIDDEN);
	assert_int_equal(f.row[4], FC_FOLD_HIDDEN);
	assert_int_equal(f.spine_side, 1);
	assert_int_equal(f.rows, 1);
	fc_fold_finish(&f);
}

/* Rule 2: a tower 5 px wide and 8 rows deep is cut 3 rows above its base
 * and its last row is marked; a wide stack beside it keeps its rows up to
 * the budget. */
static void test_tower(void **state)
{
	struct fc_box b[16];
	struct fc_fold f;
	struct fc_fold_params pr = { .px_per_unit = 1, .max_rows = 6, .tower_px = 10 };
	size_t n = 0;
	struct fc_lane l;
	(void)state;

	b[n++] = (struct fc_box)BOX(0, 1000, 0);
	b[n++] = (struct fc_box)BOX(0, 5, 1); /* the tower's base, row 1 */
	for (uint32_t d = 2; d < 9; d++)
		b[n++] = (struct fc_box)BOX(0, 5 - d * 0.5, d);
	b[n++] = (struct fc_box)BOX(10, 900, 1); /* a wide stack: rows 1-5 */
	for (uint32_t d = 2; d < 6; d++)
		b[n++] = (struct fc_box)BOX(10, 900 - d * 100, d);
	l = lane_of(b, n);
	assert_true(fc_fold_lane(&l, &pr, &f));
	assert_int_equal(f.towers, 1);
	/* rows 1, 2, 3 of the tower kept, 4-8 cut */
	assert_int_equal(f.row[1], 1);
	assert_int_equal(f.row[3], 3);
	assert_true(f.mark[3] & FC_FOLD_CUT);
	assert_false(f.mark[2] & FC_FOLD_CUT);
	assert_int_equal(f.row[4], FC_FOLD_HIDDEN);
	assert_int_equal(f.tower_boxes, 5);
	/* the wide stack keeps every row */
	for (size_t i = 9; i < n; i++)
		assert_int_equal(f.row[i], b[i].depth);
	assert_int_equal(f.rows, 6);
	assert_int_equal(f.rows_cut, 0);
	fc_fold_finish(&f);

	/* a tower holding a kept frame (the most self time) is not cut: its
	 * rows past the budget go with rule 3 */
	{
		uint32_t keep = 7;
		pr.keep = &keep;
		pr.n_keep = 1;
		assert_true(fc_fold_lane(&l, &pr, &f));
		assert_int_equal(f.towers, 0);
		assert_int_equal(f.row[4], 4);
		assert_int_equal(f.row[5], 5);
		assert_int_equal(f.row[6], FC_FOLD_HIDDEN);
		assert_int_equal(f.deep_boxes, 3);
		assert_int_equal(f.rows_cut, 3);
		fc_fold_finish(&f);
	}
}

/* A tower that stays within the budget is not cut, however narrow. */
static void test_tower_within(void **state)
{
	struct fc_box b[] = {
		BOX(0, 1000, 0), BOX(0, 4, 1),    BOX(0, 4, 2),    BOX(0, 3, 3),
		BOX(0, 2, 4),    BOX(10, 600, 1), BOX(10, 300, 2), BOX(10, 200, 3),
		BOX(10, 100, 4), BOX(10, 50, 5),  BOX(10, 20, 6),
	};
	struct fc_lane l = lane_of(b, 11);
	struct fc_fold f;
	struct fc_fold_params pr = { .px_per_unit = 1, .max_rows = 6, .tower_px = 10 };
	(void)state;

	assert_true(fc_fold_lane(&l, &pr, &f));
	assert_int_equal(f.towers, 0);
	assert_int_equal(f.spines, 0);
	assert_int_equal(f.row[4], 4);
	/* the wide stack loses its one row past the budget */
	assert_int_equal(f.row[10], FC_FOLD_HIDDEN);
	assert_int_equal(f.rows, 6);
	assert_int_equal(f.rows_cut, 1);
	fc_fold_finish(&f);
}

/* The same lane listed row after row (as a culled chart holds its boxes)
 * folds the same: rows are found by x, not by list order. */
static void test_row_order(void **state)
{
	struct fc_box pre[] = {
		BOX(0, 1000, 0), BOX(0, 990, 1),   BOX(0, 985, 2),   BOX(0, 500, 3),
		BOX(0, 200, 4),  BOX(600, 900, 3), BOX(600, 700, 4),
	};
	/* rows: 0 | 1 | 2 | 3, 5 | 4, 6 */
	static const size_t perm[] = { 0, 1, 2, 3, 5, 4, 6 };
	struct fc_box rows[7];
	struct fc_lane a = lane_of(pre, 7), b;
	struct fc_fold fa, fb;
	struct fc_fold_params pr = { .px_per_unit = 1, .max_rows = 3 };
	(void)state;

	for (size_t i = 0; i < 7; i++)
		rows[i] = pre[perm[i]];
	b = lane_of(rows, 7);
	assert_true(fc_fold_lane(&a, &pr, &fa));
	assert_true(fc_fold_lane(&b, &pr, &fb));
	assert_int_equal(fa.spines, 1);
	assert_int_equal(fb.spines, 1);
	for (size_t i = 0; i < 7; i++)
		assert_int_equal(fb.row[i], fa.row[perm[i]]);
	/* the spine 0-1-2 on row 0; its two children on row 1, theirs on 2 */
	assert_int_equal(fa.row[3], 1);
	assert_int_equal(fa.row[5], 1);
	assert_int_equal(fa.row[4], 2);
	assert_int_equal(fa.row[6], 2);
	fc_fold_finish(&fa);
	fc_fold_finish(&fb);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fits),          cmocka_unit_test(test_spine),
		cmocka_unit_test(test_spine_partial), cmocka_unit_test(test_spine_side),
		cmocka_unit_test(test_tower),         cmocka_unit_test(test_tower_within),
		cmocka_unit_test(test_row_order),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
