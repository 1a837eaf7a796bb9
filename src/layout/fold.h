/* Folding: what of a lane's boxes an image draws within a row budget
 * (docs/rendering.md, "The height budget"). A view over the layout, which stays exact: a pure
 * function from a lane's boxes, its pixel scale and a number of rows to a row (or none) per box.
 * The rows that carry least go first:
 *   1. a spine -- a chain of boxes each of whose widest child covers nearly
 *      all of it -- is drawn as one bar naming its first and last frames;
 *   2. a narrow tower that reaches past the budget is cut a few rows above
 *      its base, and the last row kept is marked;
 *   3. what is still deeper than the budget is not drawn.
 * Towers holding a kept frame (the most self time) are not cut. */
#ifndef FC_FOLD_H
#define FC_FOLD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "layout/layout.h"
#include "model/profile.h"

#define FC_FOLD_HIDDEN UINT32_MAX /* fc_fold.row of a box not drawn */

/* The defaults of struct fc_fold_params. */
#define FC_FOLD_SPINE_COVER 0.95 /* a child this share of its parent continues a spine */
#define FC_FOLD_SPINE_MIN 3      /* frames a spine needs to be folded */
#define FC_FOLD_TOWER_KEEP 3     /* rows of a narrow tower kept */
#define FC_FOLD_TOWER_SHARE 0.02 /* a tower narrower than this share of the plot is narrow */

enum fc_fold_mark {
	FC_FOLD_SPINE = 1 << 0, /* the bar of a spine: fc_fold.last names its end */
	FC_FOLD_CUT = 1 << 1,   /* a tower's last kept row: boxes above it are cut */
};

struct fc_fold_params {
	double px_per_unit;  /* plot pixels per x unit of the lane */
	uint32_t max_rows;   /* rows the lane may use; 0 = no budget (nothing folds) */
	double spine_cover;  /* 0 = FC_FOLD_SPINE_COVER */
	uint32_t spine_min;  /* 0 = FC_FOLD_SPINE_MIN */
	double tower_px;     /* towers narrower than this (px) may be cut; 0 = none */
	uint32_t tower_keep; /* 0 = FC_FOLD_TOWER_KEEP */
	/* frames (indices into the lane's profile) whose towers are never cut;
	 * NULL = none */
	const uint32_t *keep;
	size_t n_keep;
};

/* What a lane looks like folded. Owned: fc_fold_finish frees it. */
struct fc_fold {
	uint32_t *row;       /* per box: its row, FC_FOLD_HIDDEN when not drawn; NULL
			      * when nothing folded (every box on its depth) */
	uint32_t *last;      /* per box: for a spine's bar, the index of its last box */
	uint8_t *mark;       /* per box: enum fc_fold_mark */
	uint32_t rows;       /* rows drawn */
	size_t spines;       /* spines drawn as one bar */
	size_t spine_frames; /* boxes those bars stand for, the bars included */
	size_t spine_side;   /* a spine's side branches, not drawn (nor what lies above) */
	size_t towers;       /* narrow towers cut */
	size_t tower_boxes;  /* boxes cut off towers */
	size_t deep_boxes;   /* boxes past the budget (neither spine nor tower) */
	uint32_t rows_cut;   /* rows of the folded lane past the budget */
};

/* Folds lane (boxes in pre-order: chart open order or graph depth-first)
 * into at most params->max_rows rows. false on allocation failure (out is
 * then empty). */
bool fc_fold_lane(const struct fc_lane *lane, const struct fc_fold_params *params,
		  struct fc_fold *out);
void fc_fold_finish(struct fc_fold *f);

/* The row a box is drawn on: its fold row, or its depth when nothing
 * folded. */
static inline uint32_t fc_fold_row(const struct fc_fold *f, const struct fc_box *boxes, size_t i)
{
	return f && f->row ? f->row[i] : boxes[i].depth;
}

#endif
