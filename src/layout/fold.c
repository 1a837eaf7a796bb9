/* Folding a lane into a row budget (layout/fold.h; docs/rendering.md,
 * "The height budget"). Boxes
 * may come in any order that lists each row from left to right (a graph's
 * depth-first order, a chart's open order, a culled chart's rows one after
 * the other): the boxes are put in row order, a box's parent is the last
 * box of the row below that starts at or before it (for a GC sample drawn
 * on the previous stack, that stack's top), and every pass is a loop up the
 * rows (parents before children) or down (children before parents). No
 * recursion, O(boxes + rows). */
#include <stdlib.h>
#include <string.h>

#include "layout/fold.h"
#include "model/profile.h"

#define NONE UINT32_MAX

/* What a box is to the fold. */
enum state {
	PLAIN,  /* drawn on its row */
	INNER,  /* a spine's member whose widest child continues it: not drawn */
	LAST,   /* a spine's last member: not drawn, its children sit on the bar */
	HIDDEN, /* not drawn, nor anything above it */
};

struct work {
	const struct fc_box *b;
	uint32_t *order; /* the boxes in row order: parents before children */
	uint32_t *parent, *widest, *vrow, *cut, *top;
	uint32_t *run; /* a spine's member: frames of the fold from it on */
	uint8_t *state, *keep;
	double ppu, cover;
};

static double width(const struct fc_box *b)
{
	return b->x1 - b->x0;
}

static bool is_frame(const struct fc_box *b)
{
	return b->frame != FC_NONE && !(b->flags & FC_BOX_COALESCED);
}

/* Whether box i's widest child continues a spine through it. */
static bool continues(const struct work *w, uint32_t i)
{
	uint32_t c = w->widest[i];

	return c != NONE && is_frame(&w->b[i]) && is_frame(&w->b[c]) &&
	       width(&w->b[c]) >= w->cover * width(&w->b[i]) && width(&w->b[i]) > 0;
}

static bool is_kept(const struct fc_fold_params *pr, uint32_t frame)
{
	for (size_t k = 0; k < pr->n_keep; k++)
		if (pr->keep[k] == frame)
			return true;
	return false;
}

/* The boxes in row order (a counting sort by depth, stable), parents and
 * widest children. */
static bool link(struct work *w, size_t n, uint32_t rows)
{
	size_t *start = calloc((size_t)rows + 2, sizeof(*start)), i;

	if (!start)
		return false;
	for (i = 0; i < n; i++)
		start[(w->b[i].depth < rows ? w->b[i].depth : rows) + 1]++;
	for (i = 1; i <= rows + 1; i++)
		start[i] += start[i - 1];
	for (i = 0; i < n; i++)
		w->order[start[w->b[i].depth < rows ? w->b[i].depth : rows]++] = (uint32_t)i;
	/* start[d] is now the end of row d: walk each row beside the one below */
	for (uint32_t d = 0; d <= rows; d++) {
		size_t lo = d ? start[d - 1] : 0, below = d > 1 ? start[d - 2] : 0;
		size_t below_end = d ? lo : 0;

		for (i = lo; i < start[d]; i++) {
			uint32_t b = w->order[i], p = NONE;

			while (below + 1 < below_end && w->b[w->order[below + 1]].x0 <= w->b[b].x0)
				below++;
			if (below < below_end && w->b[w->order[below]].x0 <= w->b[b].x0)
				p = w->order[below];
			w->parent[b] = p;
			w->widest[b] = NONE;
			if (p != NONE &&
			    (w->widest[p] == NONE || width(&w->b[b]) > width(&w->b[w->widest[p]])))
				w->widest[p] = b;
		}
	}
	free(start);
	return true;
}

/* Rule 1: spines. Rows after folding (vrow) and which boxes are drawn.
 * Every box's depth is at least its parent's vrow + 1, so depth - vrow is
 * what the spines under it took away. */
static void fold_spines(struct work *w, size_t n, uint32_t spine_min, uint32_t max_rows,
			double tower_px, struct fc_fold *out)
{
	/* each box's deepest row above it, before folding, towers cut */
	for (size_t i = 0; i < n; i++)
		w->top[i] = w->b[i].depth;
	for (size_t k = n; k-- > 0;) {
		uint32_t i = w->order[k], p = w->parent[i];
		if (p != NONE && w->state[i] != HIDDEN && w->top[i] > w->top[p])
			w->top[p] = w->top[i];
	}
	/* up the rows: a spine folds when what stands on it (moved down by the
	 * spines folded under it) still reaches past the budget, and only as
	 * many of its frames as that takes, from its root end (loader and
	 * framework chains; the frames nearest the work keep their rows) */
	for (size_t k = 0; k < n; k++) {
		uint32_t i = w->order[k], p = w->parent[i], j, len, high, m;

		if (w->state[i] == HIDDEN)
			continue; /* cut off a tower */
		if (p != NONE && w->state[p] == HIDDEN) {
			w->state[i] = HIDDEN;
			continue;
		}
		if (p != NONE && w->state[p] == INNER) {
			if (w->widest[p] != i) {
				/* a side branch of a spine: under 1 - cover of it */
				w->state[i] = HIDDEN;
				out->spine_side++;
				continue;
			}
			w->vrow[i] = w->vrow[p];
			w->run[i] = w->run[p] - 1;
			w->state[i] = w->run[i] > 1 ? INNER : LAST;
			continue;
		}
		w->vrow[i] = p == NONE ? w->b[i].depth : w->vrow[p] + 1;
		w->state[i] = PLAIN;
		high = w->top[i] - (w->b[i].depth - w->vrow[i]);
		/* a spine in a narrow tower is left to rule 2 */
		if (!continues(w, i) || high < max_rows || width(&w->b[i]) * w->ppu < tower_px)
			continue;
		for (j = i, len = 1; continues(w, j); len++)
			j = w->widest[j];
		/* saving high - max_rows + 1 rows takes one frame more */
		m = high - max_rows + 2;
		m = m < spine_min ? spine_min : m;
		if (len < m)
			m = len;
		if (m < spine_min)
			continue;
		for (j = i, len = 1; len < m; len++)
			j = w->widest[j];
		w->state[i] = INNER;
		w->run[i] = m;
		out->mark[i] |= FC_FOLD_SPINE;
		out->last[i] = j;
		out->spines++;
		out->spine_frames += m;
	}
}

/* Rule 2: narrow towers that reach past the budget are cut keep rows above
 * their base, unless they hold a kept frame. */
static void cut_towers(struct work *w, size_t n, const struct fc_fold_params *pr, uint32_t keep,
		       struct fc_fold *out)
{
	/* each box's highest row above it, and whether a kept frame is there */
	for (size_t i = 0; i < n; i++) {
		w->top[i] = w->state[i] == HIDDEN ? 0 : w->vrow[i];
		w->keep[i] = w->state[i] != HIDDEN && w->b[i].frame != FC_NONE &&
			     is_kept(pr, w->b[i].frame);
	}
	for (size_t k = n; k-- > 0;) {
		uint32_t i = w->order[k], p = w->parent[i];
		if (p == NONE || w->state[i] == HIDDEN)
			continue;
		if (w->top[i] > w->top[p])
			w->top[p] = w->top[i];
		w->keep[p] |= w->keep[i];
	}
	for (size_t k = 0; k < n; k++) {
		uint32_t i = w->order[k], p = w->parent[i];
		double px = width(&w->b[i]) * w->ppu;

		w->cut[i] = p == NONE ? NONE : w->cut[p];
		if (w->state[i] == HIDDEN)
			continue;
		if (w->cut[i] != NONE && w->vrow[i] >= w->cut[i]) {
			if (w->state[i] == PLAIN || (out->mark[i] & FC_FOLD_SPINE))
				out->tower_boxes++;
			w->state[i] = HIDDEN;
			/* the last row kept: marked */
			if (p != NONE && w->vrow[p] + 1 == w->cut[i])
				out->mark[p] |= FC_FOLD_CUT;
			continue;
		}
		if (w->cut[i] == NONE && w->state[i] == PLAIN && px < pr->tower_px &&
		    (p == NONE || width(&w->b[p]) * w->ppu >= pr->tower_px) &&
		    w->top[i] >= pr->max_rows && !w->keep[i] && w->top[i] - w->vrow[i] >= keep) {
			w->cut[i] = w->vrow[i] + keep;
			out->towers++;
		}
	}
}

bool fc_fold_lane(const struct fc_lane *lane, const struct fc_fold_params *pr, struct fc_fold *out)
{
	uint32_t spine_min = pr->spine_min ? pr->spine_min : FC_FOLD_SPINE_MIN;
	uint32_t keep = pr->tower_keep ? pr->tower_keep : FC_FOLD_TOWER_KEEP, deepest = 0;
	size_t n = lane->n_boxes, i;
	struct work w = { .b = lane->boxes, .ppu = pr->px_per_unit };
	bool ok;

	memset(out, 0, sizeof(*out));
	out->rows = lane->rows;
	if (!pr->max_rows || lane->rows <= pr->max_rows || !n)
		return true;
	if (n >= NONE)
		return false;
	w.cover = pr->spine_cover > 0 ? pr->spine_cover : FC_FOLD_SPINE_COVER;
	w.order = malloc(n * sizeof(*w.order));
	w.parent = malloc(n * sizeof(*w.parent));
	w.widest = malloc(n * sizeof(*w.widest));
	w.vrow = malloc(n * sizeof(*w.vrow));
	w.cut = malloc(n * sizeof(*w.cut));
	w.top = malloc(n * sizeof(*w.top));
	w.run = malloc(n * sizeof(*w.run));
	w.state = malloc(n);
	w.keep = malloc(n);
	out->row = malloc(n * sizeof(*out->row));
	out->last = malloc(n * sizeof(*out->last));
	out->mark = calloc(n, 1);
	ok = w.order && w.parent && w.widest && w.vrow && w.cut && w.top && w.run && w.state &&
	     w.keep && out->row && out->last && out->mark && link(&w, n, lane->rows);
	if (ok) {
		for (i = 0; i < n; i++) {
			out->last[i] = (uint32_t)i;
			w.cut[i] = NONE;
			w.vrow[i] = w.b[i].depth;
			w.state[i] = PLAIN;
		}
		/* narrow towers carry least: cut first, on the rows as they are
		 * (a spine under a tower moves it whole, base and cut alike) */
		if (pr->tower_px > 0)
			cut_towers(&w, n, pr, keep, out);
		fold_spines(&w, n, spine_min, pr->max_rows, pr->tower_px, out);
		/* rule 3: what is still too deep */
		deepest = 0;
		out->rows = 0;
		for (i = 0; i < n; i++) {
			bool drawn = w.state[i] == PLAIN ||
				     (w.state[i] != HIDDEN && (out->mark[i] & FC_FOLD_SPINE));
			out->row[i] = FC_FOLD_HIDDEN;
			if (!drawn)
				continue;
			if (w.vrow[i] + 1 > deepest)
				deepest = w.vrow[i] + 1;
			if (w.vrow[i] >= pr->max_rows) {
				out->deep_boxes++;
				continue;
			}
			out->row[i] = w.vrow[i];
			if (w.vrow[i] + 1 > out->rows)
				out->rows = w.vrow[i] + 1;
		}
		out->rows_cut = deepest > out->rows ? deepest - out->rows : 0;
	}
	free(w.order);
	free(w.parent);
	free(w.widest);
	free(w.vrow);
	free(w.cut);
	free(w.top);
	free(w.run);
	free(w.state);
	free(w.keep);
	if (!ok)
		fc_fold_finish(out);
	return ok;
}

void fc_fold_finish(struct fc_fold *f)
{
	free(f->row);
	free(f->last);
	free(f->mark);
	memset(f, 0, sizeof(*f));
}
