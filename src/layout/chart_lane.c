/* A chart lane: the walker's bars collected exactly (for the layout JSON) or
 * culled on the fly to the pixel grid (for images), so that memory and
 * output are bounded by pixels, not by samples. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "layout/internal.h"
#include "util/util.h"
#include "model/profile.h"

/* --- exact: every bar, as boxes in open order or walked again ------------- */

/* A bar whose self time is not 0 (a bar that was the top of a sample). */
struct bar_self {
	uint64_t seq;
	double self;
};

/* What a second walk needs to hand out every bar as it opens, with what is
 * only known when it closes: 4 bytes a bar, and the self times that are
 * not 0 (at most one bar per change of sample, plus the last stack). */
struct fc_chart_bars {
	uint32_t *end; /* per bar, by seq: the sample at which it closes */
	size_t n, cap;
	struct bar_self *self; /* sorted by seq */
	size_t n_self, self_cap;
	bool gc_root;
};

struct exact {
	struct fc_lane *lane;
	struct fc_chart_bars *bars; /* on demand; NULL: boxes */
	uint64_t *seq;              /* boxes: each box's seq */
	size_t seq_cap;
	size_t n, max_boxes; /* FC_LAYOUT_EXACT_PER_SAMPLE, _PER_NODE */
	bool over;
};

static bool exact_close(void *ctx, const struct fc_box *box, uint64_t seq, uint64_t parent_seq,
			uint32_t end)
{
	struct exact *e = ctx;
	struct fc_chart_bars *b = e->bars;
	(void)parent_seq;

	if (e->n >= e->max_boxes) {
		e->over = true;
		return false;
	}
	e->n++;
	if (box->depth + 1 > e->lane->rows)
		e->lane->rows = box->depth + 1;
	/* row 0 holds one bar at a time: they close in open order */
	if (box->depth == 0)
		e->lane->total += box->x1 - box->x0;
	if (!b) {
		if (!fc_lane_push(e->lane, box) || !FC_GROW(e->seq, e->seq_cap, e->lane->n_boxes))
			return false;
		e->seq[e->lane->n_boxes - 1] = seq;
		return true;
	}
	if (seq >= b->cap && !FC_GROW(b->end, b->cap, (size_t)seq + 1))
		return false;
	b->end[seq] = end;
	if (seq + 1 > b->n)
		b->n = (size_t)seq + 1;
	if (box->self != 0 || signbit(box->self)) {
		if (!FC_GROW(b->self, b->self_cap, b->n_self + 1))
			return false;
		b->self[b->n_self].seq = seq;
		b->self[b->n_self++].self = box->self;
	}
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

static int self_cmp(const void *a, const void *b, void *ctx)
{
	uint64_t x = ((const struct bar_self *)a)->seq, y = ((const struct bar_self *)b)->seq;
	(void)ctx;
	return x < y ? -1 : x > y;
}

void fc_chart_bars_destroy(struct fc_chart_bars *b)
{
	if (!b)
		return;
	free(b->end);
	free(b->self);
	free(b);
}

/* The exact bars of lane: as boxes, or (bars_on_demand) as their ends. */
static bool exact_lane(struct fc_lane *lane, const struct fc_profile *p, const uint32_t *nodes,
		       const struct fc_layout_options *o, struct exact *e)
{
	bool ok;

	e->lane = lane;
	e->max_boxes = (size_t)p->n_samples * FC_LAYOUT_EXACT_PER_SAMPLE;
	if (e->max_boxes < (size_t)p->n_nodes * FC_LAYOUT_EXACT_PER_NODE)
		e->max_boxes = (size_t)p->n_nodes * FC_LAYOUT_EXACT_PER_NODE;
	if (e->max_boxes < FC_LAYOUT_EXACT_MIN)
		e->max_boxes = FC_LAYOUT_EXACT_MIN;
	if (o->bars_on_demand) {
		e->bars = calloc(1, sizeof(*e->bars));
		if (!e->bars)
			return false;
		e->bars->gc_root = o->gc_root;
		lane->bars = e->bars;
	}
	{
		struct fc_chart_visit v = { .close = exact_close, .ctx = e };
		ok = fc_chart_walk(p, nodes, o->gc_root, &v);
	}
	if (ok && e->bars) {
		void *q = realloc(e->bars->end, (e->bars->n ? e->bars->n : 1) * sizeof(uint32_t));
		if (q) {
			e->bars->end = q;
			e->bars->cap = e->bars->n;
		}
		ok = fc_sort(e->bars->self, e->bars->n_self, sizeof(*e->bars->self), self_cmp,
			     NULL);
	} else if (ok) {
		ok = sort_open_order(lane, e->seq);
	}
	free(e->seq);
	return ok;
}

struct replay {
	const struct fc_profile *p;
	const struct fc_chart_bars *bars;
	double end_t; /* when the bars open at the end close: the walk's last t */
	size_t next_self;
	fc_lane_visit visit;
	void *ctx;
};

static bool replay_open(void *ctx, const struct fc_box *box, uint64_t seq)
{
	struct replay *r = ctx;
	const struct fc_chart_bars *b = r->bars;
	struct fc_box x = *box;
	uint32_t end = b->end[seq];

	x.x1 = end < r->p->n_samples ? (double)r->p->sample_time_us[end] : r->end_t;
	if (r->next_self < b->n_self && b->self[r->next_self].seq == seq)
		x.self = b->self[r->next_self++].self;
	return r->visit(r->ctx, &x);
}

static bool replay_close(void *ctx, const struct fc_box *box, uint64_t seq, uint64_t parent_seq,
			 uint32_t end)
{
	(void)ctx;
	(void)box;
	(void)seq;
	(void)parent_seq;
	(void)end;
	return true;
}

bool fc_chart_bars_each(const struct fc_lane *lane, fc_lane_visit visit, void *ctx)
{
	const struct fc_profile *p = lane->profile;
	uint32_t *nodes = malloc((p->n_samples ? p->n_samples : 1) * sizeof(*nodes));
	struct replay r = { .p = p, .bars = lane->bars, .visit = visit, .ctx = ctx };
	struct fc_chart_visit v = { .open = replay_open, .close = replay_close, .ctx = &r };
	bool ok;

	if (!nodes)
		return false;
	r.end_t = fc_profile_samples_end(p);
	fc_chart_heal_program(p, nodes);
	ok = fc_chart_walk(p, nodes, lane->bars->gc_root, &v);
	free(nodes);
	return ok;
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

static bool culled_close(void *ctx, const struct fc_box *box, uint64_t seq, uint64_t parent_seq,
			 uint32_t end)
{
	struct culled *c = ctx;
	struct row *row = row_at(c, box->depth), *below;
	bool narrow = (box->x1 - box->x0) * c->ppu < c->minwidth;
	struct row_box *tail;
	(void)end;

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

/* A trace's Timings lane (devtools-rules §13.9): its entries at the rows
 * the import gave them, a mark or time stamp a point (x0 == x1). */
static bool timings_lane(struct fc_lane *lane, const struct fc_profile *p)
{
	uint32_t i;

	for (i = 0; i < p->n_timings; i++) {
		const struct fc_timing *t = &p->timings[i];
		struct fc_box b = {
			.x0 = (double)t->start_us,
			.x1 = (double)(t->start_us + t->dur_us),
			.self = (double)t->dur_us,
			.depth = t->row,
			.frame = p->node_frame[i + 1],
			.node = i + 1,
			.count = 1,
		};
		if (t->row >= FC_LAYOUT_MAX_ROWS) {
			lane->rows_cut = 1;
			continue;
		}
		if (!fc_lane_push(lane, &b))
			return false;
		if (t->row + 1 > lane->rows)
			lane->rows = t->row + 1;
		if (t->row == 0)
			lane->total += b.x1 - b.x0;
	}
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
	if (p->timings) {
		free(nodes);
		if (timings_lane(lane, p))
			return true;
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	lane->healed = fc_chart_heal_program(p, nodes);

	if (ppu <= 0) {
		struct exact e = { 0 };
		ok = exact_lane(lane, p, nodes, o, &e);
		over = e.over;
		max_boxes = e.max_boxes;
	} else {
		struct culled c = { .ppu = ppu, .minwidth = minwidth_px };
		struct fc_chart_visit v = { .close = culled_close, .ctx = &c };
		if (p->max_depth > FC_LAYOUT_MAX_ROWS)
			lane->rows_cut = p->max_depth - FC_LAYOUT_MAX_ROWS;
		ok = clamp_deep(p, nodes) && fc_chart_walk(p, nodes, o->gc_root, &v);
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
		for (i = 0; ok && i < lane->n_boxes; i++) {
			if (lane->boxes[i].depth + 1 > lane->rows)
				lane->rows = lane->boxes[i].depth + 1;
			if (lane->boxes[i].depth == 0)
				lane->total += lane->boxes[i].x1 - lane->boxes[i].x0;
		}
	}
	free(nodes);
	nodes = NULL;
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
	return true;
nomem:
	free(nodes);
	fc_error_set(err, FC_ERR_NOMEM, "out of memory");
	return false;
}
