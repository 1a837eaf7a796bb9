/* A chart lane: the walker's bars collected exactly (for the layout JSON) or
 * culled on the fly to the pixel grid (for images), so that memory and
 * output are bounded by pixels, not by samples. */
#include <stdlib.h>
#include <string.h>

#include "layout/internal.h"
#include "util/util.h"

/* --- exact: every bar, sorted into open order ------------------------------ */

struct exact {
	struct fc_lane *lane;
	uint64_t *seq;
	size_t seq_cap;
	size_t max_boxes; /* FC_LAYOUT_EXACT_PER_SAMPLE, _PER_NODE */
	bool over;
};

static bool exact_emit(void *ctx, const struct fc_box *box, uint64_t seq, uint64_t parent_seq)
{
	struct exact *e = ctx;
	(void)parent_seq;

	if (e->lane->n_boxes >= e->max_boxes) {
		e->over = true;
		return false;
	}
	if (!fc_lane_push(e->lane, box))
		return false;
	if (!FC_GROW(e->seq, e->seq_cap, e->lane->n_boxes))
		return false;
	e->seq[e->lane->n_boxes - 1] = seq;
	return true;
}

/* Open order = ascending seq; seq is a permutation of 0..n-1. */
static bool sort_open_order(struct fc_lane *lane, const uint64_t *seq)
{
	struct fc_box *sorted;
	size_t i;

	if (lane->n_boxes < 2)
		return true;
	sorted = malloc(lane->n_boxes * sizeof(*sorted));
	if (!sorted)
		return false;
	for (i = 0; i < lane->n_boxes; i++)
		sorted[seq[i]] = lane->boxes[i];
	free(lane->boxes);
	lane->boxes = sorted;
	lane->cap = lane->n_boxes;
	return true;
}

/* --- culled: per row, narrow neighbours merge into one "…" box ------------- */

struct row_box {
	struct fc_box box;
	uint64_t parent_seq;
	uint64_t seq; /* last member's seq */
	bool narrow;  /* narrower than minwidth: a run others may join */
};

struct row {
	struct row_box *items;
	size_t n, cap;
};

struct culled {
	struct row *rows;
	size_t n_rows;
	double ppu, minwidth;
};

/* Each sample's node, or its ancestor at depth FC_LAYOUT_MAX_ROWS when it is
 * deeper: the bars of the rows kept are the same (they depend only on the
 * ancestors up to their own depth), and the walk no longer climbs and
 * descends the cut part of the tree at every sample, which would cost
 * samples × depth. One pass over the nodes, as parent[i] < i. */
static bool clamp_deep(const struct fc_profile *p, uint32_t *nodes)
{
	uint32_t *up, i;

	if (p->max_depth <= FC_LAYOUT_MAX_ROWS)
		return true;
	up = malloc(p->n_nodes * sizeof(*up));
	if (!up)
		return false;
	for (i = 0; i < p->n_nodes; i++)
		up[i] = p->node_depth[i] <= FC_LAYOUT_MAX_ROWS ? i : up[p->node_parent[i]];
	for (i = 0; i < p->n_samples; i++)
		nodes[i] = up[nodes[i]];
	free(up);
	return true;
}

static struct row *row_at(struct culled *c, uint32_t r)
{
	if (r >= c->n_rows) {
		size_t n = (size_t)r + 1;
		struct row *nr = realloc(c->rows, n * sizeof(*nr));
		if (!nr)
			return NULL;
		memset(nr + c->n_rows, 0, (n - c->n_rows) * sizeof(*nr));
		c->rows = nr;
		c->n_rows = n;
	}
	return &c->rows[r];
}

static bool culled_emit(void *ctx, const struct fc_box *box, uint64_t seq, uint64_t parent_seq)
{
	struct culled *c = ctx;
	struct row *row = row_at(c, box->depth), *below;
	bool narrow = (box->x1 - box->x0) * c->ppu < c->minwidth;
	struct row_box *tail;

	if (box->depth >= FC_LAYOUT_MAX_ROWS)
		return true; /* GC stacked on a clamped stack (clamp_deep) */
	if (!row)
		return false;
	if (narrow) {
		/* Everything above a narrow bar is narrower still: drop what its
		 * children left in the next row (they are that row's tail). */
		below = box->depth + 1 < c->n_rows ? &c->rows[box->depth + 1] : NULL;
		while (below && below->n && below->items[below->n - 1].parent_seq == seq)
			below->n--;
		/* merge with a narrow neighbour under the same bar */
		tail = row->n ? &row->items[row->n - 1] : NULL;
		if (tail && tail->narrow && tail->parent_seq == parent_seq &&
		    (box->x0 - tail->box.x1) * c->ppu < c->minwidth) {
			tail->box.x1 = box->x1;
			tail->box.self = tail->box.x1 - tail->box.x0;
			tail->box.count += box->count;
			tail->box.flags |= FC_BOX_COALESCED;
			tail->box.frame = FC_NONE;
			tail->box.node = FC_NONE;
			tail->seq = seq;
			return true;
		}
	}
	if (!FC_GROW(row->items, row->cap, row->n + 1))
		return false;
	tail = &row->items[row->n++];
	tail->box = *box;
	tail->parent_seq = parent_seq;
	tail->seq = seq;
	tail->narrow = narrow;
	if (narrow)
		tail->box.self = box->x1 - box->x0; /* its children are gone */
	return true;
}

bool fc_chart_lane(struct fc_lane *lane, const struct fc_profile *p,
		   const struct fc_layout_options *o, double ppu, double minwidth_px,
		   struct fc_error *err)
{
	uint32_t *nodes = malloc((p->n_samples ? p->n_samples : 1) * sizeof(*nodes));
	bool ok = false, over = false;
	size_t r, i, max_boxes = 0;

	fc_chart_extent(p, &lane->x_min, &lane->x_max);
	lane->profile = p;
	if (!nodes)
		goto nomem;
	lane->healed = fc_chart_heal_program(p, nodes);

	if (ppu <= 0) {
		struct exact e = { .lane = lane };
		e.max_boxes = (size_t)p->n_samples * FC_LAYOUT_EXACT_PER_SAMPLE;
		if (e.max_boxes < (size_t)p->n_nodes * FC_LAYOUT_EXACT_PER_NODE)
			e.max_boxes = (size_t)p->n_nodes * FC_LAYOUT_EXACT_PER_NODE;
		if (e.max_boxes < FC_LAYOUT_EXACT_MIN)
			e.max_boxes = FC_LAYOUT_EXACT_MIN;
		ok = fc_chart_walk(p, nodes, o->gc_root, exact_emit, &e) &&
		     sort_open_order(lane, e.seq);
		over = e.over;
		max_boxes = e.max_boxes;
		free(e.seq);
	} else {
		struct culled c = { .ppu = ppu, .minwidth = minwidth_px };
		if (p->max_depth > FC_LAYOUT_MAX_ROWS)
			lane->rows_cut = p->max_depth - FC_LAYOUT_MAX_ROWS;
		ok = clamp_deep(p, nodes) && fc_chart_walk(p, nodes, o->gc_root, culled_emit, &c);
		for (r = 0; r < c.n_rows; r++) {
			for (i = 0; ok && i < c.rows[r].n; i++) {
				struct fc_box *b = &c.rows[r].items[i].box;
				if (b->flags & FC_BOX_COALESCED) {
					lane->coalesced += b->x1 - b->x0;
					lane->coalesced_frames += b->count;
				}
				ok = fc_lane_push(lane, b);
			}
			free(c.rows[r].items);
		}
		free(c.rows);
	}
	free(nodes);
	if (over) {
		fc_error_set(err, FC_ERR_LIMIT,
			     "the exact layout would have more than %zu bars (%d per sample, %d "
			     "per node; the call tree is %u deep): too many for the layout JSON; "
			     "render an image, which keeps %d rows",
			     max_boxes, FC_LAYOUT_EXACT_PER_SAMPLE, FC_LAYOUT_EXACT_PER_NODE,
			     p->max_depth, FC_LAYOUT_MAX_ROWS);
		return false;
	}
	if (!ok)
		goto nomem;
	for (i = 0; i < lane->n_boxes; i++) {
		if (lane->boxes[i].depth + 1 > lane->rows)
			lane->rows = lane->boxes[i].depth + 1;
		if (lane->boxes[i].depth == 0)
			lane->total += lane->boxes[i].x1 - lane->boxes[i].x0;
	}
	return true;
nomem:
	free(nodes);
	fc_error_set(err, FC_ERR_NOMEM, "out of memory");
	return false;
}
