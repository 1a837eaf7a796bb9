/* The author's annotations a saved trace carries (input-rules §C9), drawn
 * over a chart as the Performance panel draws them: a labelled time range
 * is a shaded band over the lanes, bounded by two lines, with its label and
 * length at its foot; an entry label outlines its entry and puts the text in
 * a dark box above it, joined by a short line; a link is an arrow from one
 * entry to the other. Entries are found among the boxes drawn by their
 * thread, start (±1 µs), duration and name, through each lane's boxes
 * sorted by start once; one too narrow to be drawn on its own (coalesced)
 * is not found, and its label is not drawn. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout/layout.h"
#include "model/annotations.h"
#include "model/profile.h"
#include "render/paint_internal.h"
#include "util/util.h"

#define LABEL_PAD 4   /* text to the edge of a label's box */
#define LABEL_RISE 10 /* entry top to the foot of its label's box */
#define LABEL_MAX_PX 320
#define ARROW_PX 6

/* The Performance panel's annotation pink. */
static const struct fc_rgb range_color = { 214, 51, 132 };

/* An entry found among the drawn boxes: its rectangle in px. */
struct spot {
	double x, y, w, h;
};

/* Each lane's boxes by start (boxes are stored as they close). */
struct by_start {
	uint32_t **order; /* per lane, NULL when not sorted */
};

static int start_cmp(const void *pa, const void *pb, void *ctx)
{
	const struct fc_lane *lane = ctx;
	double a = lane->boxes[*(const uint32_t *)pa].x0, b = lane->boxes[*(const uint32_t *)pb].x0;
	return a < b ? -1 : a > b;
}

static bool sort_lanes(const struct fc_layout *l, struct by_start *bs)
{
	size_t li, i;

	bs->order = calloc(l->n_lanes ? l->n_lanes : 1, sizeof(*bs->order));
	if (!bs->order)
		return false;
	for (li = 0; li < l->n_lanes; li++) {
		const struct fc_lane *lane = &l->lanes[li];
		if (lane->n_boxes >= UINT32_MAX)
			continue;
		bs->order[li] = malloc((lane->n_boxes ? lane->n_boxes : 1) * sizeof(uint32_t));
		if (!bs->order[li])
			return false;
		for (i = 0; i < lane->n_boxes; i++)
			bs->order[li][i] = (uint32_t)i;
		if (!fc_sort(bs->order[li], lane->n_boxes, sizeof(uint32_t), start_cmp,
			     (void *)lane))
			return false;
	}
	return true;
}

static void free_lanes(const struct fc_layout *l, struct by_start *bs)
{
	size_t li;

	for (li = 0; bs->order && li < l->n_lanes; li++)
		free(bs->order[li]);
	free(bs->order);
}

/* The i-th set of annotations among the chart's profiles (one per trace
 * that carries any), NULL after the last. */
static const struct fc_annotations *annotations_at(const struct fc_layout *l, size_t i)
{
	size_t li, j;

	for (li = 0; li < l->n_lanes; li++)
		for (j = 0; j < l->lanes[li].n_sources; j++)
			if (fc_annotations_any(l->lanes[li].sources[j]->annotations) && i-- == 0)
				return l->lanes[li].sources[j]->annotations;
	return NULL;
}

static double x_of(const struct fc_painter *p, double t)
{
	const struct fc_layout *l = p->layout;
	double span = l->x_max - l->x_min;

	return p->plot_x + (t - l->x_min) * p->plot_w / (span > 0 ? span : 1);
}

/* Whether box b of lane is the entry r names: the same start (±1 µs; the
 * caller picks the boxes), the same end when r has a duration, and its
 * name -- or, for a JS call that a source map renamed, the bundle position
 * it was mapped from. An entry that began before a cropped chart's window
 * is drawn from the window's start: its end alone is compared. */
static bool is_entry(const struct fc_layout *l, const struct fc_lane *lane, const struct fc_box *b,
		     const struct fc_entry_ref *r)
{
	const struct fc_profile *p = lane->profile;
	double end = (double)(r->ts + r->dur);
	const struct fc_frame *f;

	if (b->frame == FC_NONE || b->frame >= p->n_frames)
		return false;
	if (r->dur >= 0 && fabs(b->x1 - end) > 1 && !(end > l->x_max && b->x1 >= l->x_max - 1))
		return false;
	f = &p->frames[b->frame];
	if (strcmp(fc_profile_str(p, f->name), r->name) == 0)
		return true;
	if (!r->url || !p->generated || b->frame >= p->n_generated)
		return false;
	return p->generated[b->frame].url && p->generated[b->frame].line == r->line &&
	       p->generated[b->frame].column == r->column &&
	       strcmp(fc_profile_str(p, p->generated[b->frame].url), r->url) == 0;
}

/* Finds r's box: the lane of its thread, then the boxes opening within
 * 1 µs of its start. */
static bool find_entry(const struct fc_painter *p, const struct by_start *bs,
		       const struct fc_entry_ref *r, struct spot *s)
{
	const struct fc_layout *l = p->layout;
	size_t li, lo, hi;
	double start;

	if (!r->known)
		return false;
	for (li = 0; li < l->n_lanes; li++) {
		const struct fc_lane *lane = &l->lanes[li];
		const struct fc_profile *src = lane->n_sources ? lane->sources[0] : NULL;
		const uint32_t *order = bs->order[li];
		if (!src || !order || src->pid != r->pid || src->tid != r->tid ||
		    (p->quiet && p->quiet[li]))
			continue;
		if (!lane->n_boxes)
			continue;
		/* begun before the window: drawn from the lane's first start */
		start = (double)r->ts < l->x_min ? lane->boxes[order[0]].x0 : (double)r->ts;
		for (lo = 0, hi = lane->n_boxes; lo < hi;) {
			size_t mid = lo + (hi - lo) / 2;
			if (lane->boxes[order[mid]].x0 < start - 1)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (; lo < lane->n_boxes && lane->boxes[order[lo]].x0 <= start + 1; lo++) {
			const struct fc_box *b = &lane->boxes[order[lo]];
			uint32_t row = fc_paint_box_row(p, li, order[lo]);
			if (!is_entry(l, lane, b, r))
				continue;
			/* drawn whatever band of a PNG is painted: its label
			 * may lie in another band than the entry */
			if (row >= p->lane_rows[li])
				return false; /* cut or folded away */
			fc_paint_box_columns(p, b, &s->x, &s->w);
			s->x += p->plot_x;
			s->y = fc_paint_row_y(p, li, row);
			s->h = fc_paint_box_height(p);
			return true;
		}
	}
	return false;
}

/* Whether the box [x, x + w) x [y0, y1) meets a row of text at the plot's
 * left: a lane's title or the row of quiet threads. Gives the row's top
 * and the right end of its text. */
static bool meets_title(struct fc_painter *p, double x, double w, double y0, double y1,
			double *row_top, double *text_end)
{
	const struct fc_layout *l = p->layout;
	double h = fc_paint_bar_h(p->theme), tw;
	size_t i;

	for (i = 0; i <= l->n_lanes; i++) {
		bool quiet_row = i == l->n_lanes;
		double ty = quiet_row ? p->quiet_y : p->lane_title_y[i];
		const char *text = quiet_row ? p->quiet_text : l->lanes[i].title;

		if (!quiet_row && (ty < 0 || (p->quiet && p->quiet[i])))
			continue;
		if (!text || !text[0] || y1 <= ty || ty + h <= y0 || x >= p->plot_x + p->plot_w)
			continue;
		tw = fc_text_width(fc_text_layout(p, quiet_row ? FC_FONT_TEXT : FC_FONT_BOLD),
				   text);
		tw = tw < p->plot_w ? tw : p->plot_w;
		if (x < p->plot_x + tw && p->plot_x < x + w) {
			*row_top = ty;
			*text_end = p->plot_x + tw;
			return true;
		}
	}
	return false;
}

static void paint_range(struct fc_painter *p, const struct fc_time_range *r)
{
	struct fc_draw *d = p->draw;
	double right = p->plot_x + p->plot_w, x0 = x_of(p, (double)r->min),
	       x1 = x_of(p, (double)r->max), top = p->grid_top, bottom = p->plot_bottom;
	double line_h = fc_paint_line_h(p->theme), w, bx, foot, box_h, row_top, text_end;
	size_t tries;
	char len[64];

	if (x1 < p->plot_x || x0 > right)
		return;
	x0 = x0 < p->plot_x ? p->plot_x : x0;
	x1 = x1 > right ? right : x1;
	if (x1 - x0 < 1)
		x1 = x0 + 1;
	d->ops->rect(d->ctx, x0, top, x1 - x0, bottom - top);
	d->ops->fill(d->ctx, range_color, 0.08);
	d->ops->line(d->ctx, x0 + 0.5, top, x0 + 0.5, bottom);
	d->ops->line(d->ctx, x1 - 0.5, top, x1 - 0.5, bottom);
	d->ops->stroke(d->ctx, range_color, 0.9, 1);
	d->ops->rect(d->ctx, x0, bottom - 3, x1 - x0, 3);
	d->ops->fill(d->ctx, range_color, 1);
	fc_format_duration((double)(r->max - r->min), len, sizeof(len));
	/* the text on the background, readable over bars */
	w = fc_text_width(fc_text_layout(p, FC_FONT_TEXT), len);
	if (r->label[0] && fc_text_width(fc_text_layout(p, FC_FONT_BOLD), r->label) > w)
		w = fc_text_width(fc_text_layout(p, FC_FONT_BOLD), r->label);
	w = w + 2 * LABEL_PAD < x1 - x0 - 2 ? w + 2 * LABEL_PAD : x1 - x0 - 2;
	/* at the range's foot, but clear of the lane titles: past the title's
	 * text when the range has room for it there, else lifted above the
	 * title's row (each lift clears one row; the plot's rows bound it) */
	bx = x0 + 1;
	foot = bottom - 3;
	box_h = (r->label[0] ? 2 * line_h : line_h) + 2;
	for (tries = 0; tries <= p->layout->n_lanes &&
			meets_title(p, bx, w, foot - box_h, foot, &row_top, &text_end);
	     tries++) {
		if (text_end + LABEL_PAD + w <= x1 - 1)
			bx = text_end + LABEL_PAD;
		else if (row_top - box_h >= p->grid_top)
			foot = row_top;
		else
			break;
	}
	if (w > 0) {
		d->ops->rect(d->ctx, bx, foot - box_h, w, box_h);
		d->ops->fill(d->ctx, p->theme->background, 0.85);
	}
	if (r->label[0])
		fc_text_draw(p, FC_TEXT_NOTE, FC_FONT_BOLD, r->label, bx - 1 + LABEL_PAD,
			     foot - 3 - line_h, range_color, FC_FIT_END,
			     x1 - (bx - 1) - 2 * LABEL_PAD);
	fc_text_draw(p, FC_TEXT_NOTE, FC_FONT_TEXT, len, bx - 1 + LABEL_PAD, foot - 3, range_color,
		     FC_FIT_END, x1 - (bx - 1) - 2 * LABEL_PAD);
}

static void paint_label(struct fc_painter *p, const struct by_start *bs,
			const struct fc_entry_label *el)
{
	const struct fc_theme *t = p->theme;
	struct fc_draw *d = p->draw;
	double line_h = fc_paint_line_h(t), w, bx, by, bh, cx, right = p->plot_x + p->plot_w;
	double row_top, text_end;
	struct spot s;

	if (!find_entry(p, bs, &el->entry, &s))
		return;
	/* the entry outlined */
	d->ops->rect(d->ctx, s.x + 1, s.y + 1, s.w > 2 ? s.w - 2 : 1, s.h - 2);
	d->ops->stroke(d->ctx, t->text, 1, 2);
	if (!el->label[0])
		return;
	w = fc_text_width(fc_text_layout(p, FC_FONT_BOLD), el->label);
	w = (w < LABEL_MAX_PX ? w : LABEL_MAX_PX) + 2 * LABEL_PAD;
	bh = line_h + 2;
	cx = s.x + s.w / 2;
	bx = cx - w / 2;
	bx = bx + w > right ? right - w : bx;
	bx = bx < p->plot_x ? p->plot_x : bx;
	by = s.y - LABEL_RISE - bh;
	/* clear of a lane title's text: moved right past it (narrowed at the
	 * plot's edge) while the line down to the entry still leaves the box */
	if (meets_title(p, bx, w, by, by + bh, &row_top, &text_end) &&
	    text_end + LABEL_PAD <= cx - 2) {
		bx = text_end + LABEL_PAD;
		w = bx + w > right ? right - bx : w;
	}
	/* the line from the label to the entry, and its dot */
	d->ops->line(d->ctx, cx, by + bh, cx, s.y);
	d->ops->stroke(d->ctx, t->text, 1, 1);
	d->ops->rect(d->ctx, cx - 1.5, s.y - 1.5, 3, 3);
	d->ops->rect(d->ctx, bx, by, w, bh);
	d->ops->fill(d->ctx, t->text, 1);
	fc_text_draw(p, FC_TEXT_NOTE, FC_FONT_BOLD, el->label, bx + LABEL_PAD,
		     by + bh - (bh - fc_paint_text_px(t)) / 2 - 1, t->background, FC_FIT_END,
		     w - 2 * LABEL_PAD);
}

/* An arrow from one entry to the other: from the foot of the first (its
 * left part) to the top of the second, or to its foot when it is higher. */
static void paint_link(struct fc_painter *p, const struct by_start *bs,
		       const struct fc_entry_link *k)
{
	struct fc_draw *d = p->draw;
	struct spot a, b;
	double sx, sy, ex, ey, len, ux, uy;

	if (!find_entry(p, bs, &k->from, &a) || !find_entry(p, bs, &k->to, &b))
		return;
	sx = a.x + (a.w < 12 ? a.w / 2 : 6);
	sy = a.y + a.h;
	ex = b.x + (b.w < 12 ? b.w / 2 : 6);
	ey = b.y >= sy ? b.y : b.y + b.h;
	len = hypot(ex - sx, ey - sy);
	if (len < 1)
		return;
	ux = (ex - sx) / len;
	uy = (ey - sy) / len;
	d->ops->line(d->ctx, sx, sy, ex, ey);
	d->ops->line(d->ctx, ex, ey, ex - ARROW_PX * (ux - uy * 0.5),
		     ey - ARROW_PX * (uy + ux * 0.5));
	d->ops->line(d->ctx, ex, ey, ex - ARROW_PX * (ux + uy * 0.5),
		     ey - ARROW_PX * (uy - ux * 0.5));
	d->ops->stroke(d->ctx, p->theme->text, 1, 1.5);
}

bool fc_paint_annotations(struct fc_painter *p)
{
	const struct fc_annotations *a;
	struct by_start bs = { NULL };
	size_t i, k;

	if (p->layout->mode != FC_MODE_CHART || !annotations_at(p->layout, 0))
		return true;
	/* ranges under every label, whichever trace they come from */
	for (k = 0; (a = annotations_at(p->layout, k)) != NULL; k++)
		for (i = 0; i < a->n_ranges; i++)
			paint_range(p, &a->ranges[i]);
	if (!sort_lanes(p->layout, &bs)) {
		free_lanes(p->layout, &bs);
		return false;
	}
	for (k = 0; (a = annotations_at(p->layout, k)) != NULL; k++) {
		for (i = 0; i < a->n_links; i++)
			paint_link(p, &bs, &a->links[i]);
		for (i = 0; i < a->n_labels; i++)
			paint_label(p, &bs, &a->labels[i]);
	}
	free_lanes(p->layout, &bs);
	return true;
}
