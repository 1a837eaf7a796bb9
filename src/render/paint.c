/* The painter: geometry and the order of drawing. Bars follow DevTools'
 * flame chart geometry (devtools-rules §6.1-6.4): x = floor of the position,
 * at least 1 px wide, filled rectangle (x, y, w - 0.5, h - 1), label inset
 * by the text padding and middle-ellipsised, drawn only where it fits.
 * Chart: row 0 (the root's children) at the top. Graph: row 0 at the bottom
 * like FlameGraph, or at the top when inverted (an icicle). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/classify.h"
#include "transform/scope.h"
#include "render/paint_internal.h"
#include "util/util.h"
#include "model/profile.h"

double fc_paint_plot_width(const struct fc_paint_options *o)
{
	double w = (double)(o->width_px > 0 ? o->width_px : FC_PAINT_DEFAULT_WIDTH) -
		   2 * FC_PAINT_MARGIN_X;
	return w >= 1 ? w : 1;
}

static double bar_height(const struct fc_theme *t)
{
	return fc_paint_bar_h(t);
}

double fc_paint_box_height(const struct fc_painter *p)
{
	return bar_height(p->theme) - 1;
}

/* The label baseline inside a bar: DevTools puts it 5 px above the bottom
 * of a 17 px bar and 4 px above a 15 px one (devtools-rules §6.4); this centres
 * the text the same way for any bar height and font size. */
static double label_baseline(const struct fc_theme *t)
{
	double size = t->font_size_px > 0 ? t->font_size_px : 11;
	return floor(bar_height(t) / 2 + size * 0.36 + 0.5);
}

static bool lane_inverted(const struct fc_layout *l, size_t lane);

static void free_slots(struct fc_painter *p)
{
	if (p->slots)
		for (size_t i = 0; i < p->legend.n; i++)
			free(p->slots[i].label);
	free(p->slots);
	p->slots = NULL;
}

/* Vertical layout: header, ruler, lanes (each with a title row when there
 * are several), legend. */
static bool place(struct fc_painter *p)
{
	const struct fc_layout *l = p->layout;
	double h = bar_height(p->theme), y = FC_PAINT_MARGIN_TOP, bottom;
	double size = p->theme->font_size_px > 0 ? p->theme->font_size_px : 11;
	size_t i, n = l->n_lanes ? l->n_lanes : 1;
	bool ruler_below;

	p->plot_x = FC_PAINT_MARGIN_X;
	p->plot_w = fc_paint_plot_width(&p->opts);
	p->width = p->opts.width_px;

	y += fc_paint_title_px(p->theme);
	p->title_y = y;
	if (p->subtitle) {
		y += fc_paint_subtitle_px(p->theme) + 6;
		p->subtitle_y = y;
	}
	if (p->subtitle2) {
		y += fc_paint_subtitle_px(p->theme) + 4;
		p->subtitle2_y = y;
	}
	y += size + 7;
	p->info_y = y;
	if (!fc_header_wrap(p))
		return false;
	free(p->lines_y);
	if (!(p->lines_y = calloc(p->n_lines + 1, sizeof(*p->lines_y))))
		return false;
	for (i = 0; i < p->n_lines; i++) {
		y += size + 5;
		p->lines_y[i] = y;
	}
	y += FC_PAINT_HEADER_GAP;
	/* a flame graph's scale sits next to its root, at the bottom */
	ruler_below = l->mode == FC_MODE_GRAPH && l->n_lanes && !lane_inverted(l, 0);
	p->ruler_y = y;
	p->grid_top = y;
	if (!ruler_below)
		y += fc_paint_ruler_h(p->theme) + FC_PAINT_RULER_GAP;
	if (!fc_film_place(p, y, &y))
		return false;

	free(p->lane_title_y);
	free(p->lane_y);
	free(p->lane_rows);
	p->lane_title_y = calloc(n, sizeof(*p->lane_title_y));
	p->lane_y = calloc(n, sizeof(*p->lane_y));
	p->lane_rows = calloc(n, sizeof(*p->lane_rows));
	if (!p->lane_title_y || !p->lane_y || !p->lane_rows)
		return false;
	for (i = 0; i < l->n_lanes; i++) {
		p->lane_title_y[i] = -1;
		if (p->quiet && p->quiet[i]) {
			/* named in the row of quiet threads; no rows of its own */
			p->lane_y[i] = y;
			continue;
		}
		if (i)
			y += FC_PAINT_LANE_GAP;
		if (l->n_lanes > 1) {
			p->lane_title_y[i] = y;
			y += h;
		}
		p->lane_y[i] = y;
		p->lane_rows[i] = l->lanes[i].rows ? l->lanes[i].rows : 1;
		if (p->folds && p->folds[i].row)
			p->lane_rows[i] = p->folds[i].rows ? p->folds[i].rows : 1;
		/* a culled layout has cut rows past FC_LAYOUT_MAX_ROWS already;
		 * any other is cut here, and the header says how many rows are
		 * not drawn */
		if (p->lane_rows[i] > fc_painter_max_rows(p))
			p->lane_rows[i] = fc_painter_max_rows(p);
		y += p->lane_rows[i] * h;
	}
	if (!l->n_lanes)
		y += h;
	if (p->quiet_text) {
		y += FC_PAINT_LANE_GAP;
		p->quiet_y = y;
		y += h;
	}
	p->plot_bottom = y;
	if (ruler_below) {
		y += FC_PAINT_RULER_GAP;
		p->ruler_y = y;
		y += fc_paint_ruler_h(p->theme);
		p->plot_bottom = y;
	}
	y += FC_PAINT_RULER_GAP;

	p->show_legend = !p->opts.no_legend && p->legend.n > 0;
	free_slots(p);
	if (p->show_legend) {
		if (!fc_legend_place(p, y + FC_PAINT_LEGEND_GAP, &bottom))
			return false;
		y = bottom;
	}
	y += FC_PAINT_MARGIN_BOTTOM;
	p->height = (int)ceil(y);
	return true;
}

/* The rows a lane asks for: all of them, up to the caller's cap. */
static uint32_t lane_need(const struct fc_painter *p, size_t i)
{
	uint32_t r;

	if (p->quiet && p->quiet[i])
		return 0;
	r = p->layout->lanes[i].rows ? p->layout->lanes[i].rows : 1;
	return r < fc_painter_max_rows(p) ? r : fc_painter_max_rows(p);
}

/* total rows shared out between the lanes: each gets what it needs up to
 * FC_PAINT_MIN_ROWS, then the rest goes by CPU time (a busy thread gets
 * the rows, an idle one what it needs), never more than a lane needs. */
#define FC_PAINT_MIN_ROWS 3
static void share_rows(const struct fc_painter *p, uint32_t total, uint32_t *alloc)
{
	size_t n = p->layout->n_lanes, i, round;
	uint32_t used = 0;

	for (i = 0; i < n; i++) {
		uint32_t need = lane_need(p, i);
		alloc[i] = need < FC_PAINT_MIN_ROWS ? need : FC_PAINT_MIN_ROWS;
		used += alloc[i];
	}
	if (used > total) {
		/* not even that: the same shares, one row at least */
		for (i = 0; i < n; i++)
			if (alloc[i]) {
				uint32_t a = (uint32_t)((uint64_t)alloc[i] * total / used);
				alloc[i] = a ? a : 1;
			}
		return;
	}
	/* water-filling: what a lane does not need goes to the others */
	for (round = 0; round <= n && used < total; round++) {
		double w = 0;
		uint32_t left = total - used, given = 0;
		for (i = 0; i < n; i++)
			if (alloc[i] < lane_need(p, i))
				w += p->lane_cpu[i] > 0 ? p->lane_cpu[i] : 1e-9;
		if (w <= 0)
			break;
		for (i = 0; i < n; i++) {
			uint32_t need = lane_need(p, i), more;
			if (alloc[i] >= need)
				continue;
			more = (uint32_t)(left *
					  ((p->lane_cpu[i] > 0 ? p->lane_cpu[i] : 1e-9) / w));
			if (more > need - alloc[i])
				more = need - alloc[i];
			alloc[i] += more;
			given += more;
		}
		used += given;
		if (!given) {
			/* rounding left a few rows: the busiest lanes that want them */
			for (i = 0; i < n && used < total; i++)
				if (alloc[i] < lane_need(p, i)) {
					alloc[i]++;
					used++;
				}
		}
	}
}

/* Folds every lane into its share of total rows. */
static bool fold_lanes(struct fc_painter *p, uint32_t total)
{
	const struct fc_layout *l = p->layout;
	double span = l->x_max - l->x_min;
	uint32_t *alloc = calloc(l->n_lanes + 1, sizeof(*alloc));
	size_t i;

	if (!alloc)
		return false;
	share_rows(p, total, alloc);
	p->folded_lanes = 0;
	for (i = 0; i < l->n_lanes; i++) {
		struct fc_fold_params pr = {
			.px_per_unit = p->plot_w / (span > 0 ? span : 1),
			.max_rows = alloc[i],
			.tower_px = p->plot_w * FC_FOLD_TOWER_SHARE,
			.keep = p->keep[i],
			.n_keep = p->n_keep[i],
		};
		fc_fold_finish(&p->folds[i]);
		if (!fc_fold_lane(&l->lanes[i], &pr, &p->folds[i])) {
			free(alloc);
			return false;
		}
		p->folded_lanes += p->folds[i].row != NULL;
	}
	free(alloc);
	return true;
}

/* Threads with under FC_PAINT_QUIET of the CPU time: no rows of their
 * own, one row that names them (each title less the words it shares with
 * the first). Only when there are busier lanes beside them. */
#define FC_PAINT_QUIET 0.01
static bool fold_quiet(struct fc_painter *p)
{
	const struct fc_layout *l = p->layout;
	const char *first = NULL;
	size_t i, n = 0;
	double cpu = 0;
	char *text = NULL;

	for (i = 0; i < l->n_lanes; i++)
		cpu += p->lane_cpu[i];
	if (l->n_lanes < 2 || cpu <= 0 || !(p->quiet = calloc(l->n_lanes, sizeof(*p->quiet))))
		return l->n_lanes < 2 || cpu <= 0;
	for (i = 0; i < l->n_lanes; i++)
		if ((p->quiet[i] = p->lane_cpu[i] < FC_PAINT_QUIET * cpu))
			n++;
	if (!n || n == l->n_lanes) {
		memset(p->quiet, 0, l->n_lanes * sizeof(*p->quiet));
		return true;
	}
	for (i = 0; i < l->n_lanes; i++) {
		const char *t = l->lanes[i].title ? l->lanes[i].title : "?";
		char *next;

		if (!p->quiet[i])
			continue;
		if (!first) {
			first = t;
		} else {
			/* what it shares with the first, up to a space, is said
			 * once: "worker thread 7, 13, 14" */
			size_t k = 0, cut = 0;
			while (t[k] && t[k] == first[k]) {
				if (t[k] == ' ')
					cut = k + 1;
				k++;
			}
			t += cut;
		}
		next = text ? fc_asprintf("%s, %s", text, t)
			    : fc_asprintf("%zu quiet thread%s, under 1 %% of the CPU time each: %s",
					  n, n == 1 ? "" : "s", t);
		free(text);
		if (!(text = next))
			return false;
	}
	p->quiet_text = text;
	return true;
}

/* The height budget (docs/rendering.md, "The height budget"): when the image is taller than
 * max_height_px, the lanes fold into the rows that are left once the
 * header, titles and legend are placed; the header then says what was
 * folded, which may take a line more, so the rows shrink until it fits. */
static bool fit_budget(struct fc_painter *p)
{
	const struct fc_layout *l = p->layout;
	double h = bar_height(p->theme), rows = 0, fixed;
	int budget = p->opts.max_height_px, tries;
	uint32_t total;
	size_t i;

	if (budget <= 0 || p->height <= budget || !l->n_lanes)
		return true;
	/* quiet threads first: a lane title and a sliver each */
	if (!fold_quiet(p) || !place(p))
		return false;
	if (p->height <= budget)
		return true;
	if (!(p->folds = calloc(l->n_lanes, sizeof(*p->folds))))
		return false;
	for (i = 0; i < l->n_lanes; i++)
		if (!p->quiet || !p->quiet[i])
			rows += p->lane_rows[i];
	fixed = p->height - rows * h;
	total = budget > fixed + h ? (uint32_t)((budget - fixed) / h) : 1;
	for (tries = 0; tries < 8; tries++) {
		if (!fold_lanes(p, total) || !fc_header_notes(p) || !place(p))
			return false;
		if (p->height <= budget || total <= l->n_lanes)
			break;
		total -= (uint32_t)ceil((p->height - budget) / h);
		if ((int)total < (int)l->n_lanes)
			total = (uint32_t)l->n_lanes;
	}
	return true;
}

struct fc_painter *fc_painter_create(const struct fc_layout *l, const struct fc_style *st,
				     const struct fc_paint_options *o, struct fc_error *err)
{
	struct fc_painter *p = calloc(1, sizeof(*p));

	if (!p) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return NULL;
	}
	p->layout = l;
	p->style = st;
	p->theme = st->theme ? st->theme : fc_theme_default();
	/* the devtools theme labels bars as the Performance panel does */
	p->devtools_labels = p->theme->name && strcmp(p->theme->name, "devtools") == 0;
	p->opts = *o;
	if (p->opts.width_px <= 0)
		p->opts.width_px = FC_PAINT_DEFAULT_WIDTH;
	if (!fc_text_init(p, err))
		goto fail;
	if (!p->opts.no_legend && o->legend) {
		if (!fc_legend_copy(&p->legend, o->legend)) {
			fc_error_set(err, FC_ERR_NOMEM, "out of memory");
			goto fail;
		}
	} else if (!p->opts.no_legend && !fc_legend_build(&p->legend, st, l, 0, err)) {
		goto fail;
	}
	if (!fc_header_build(p) || !place(p) || !fit_budget(p)) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		goto fail;
	}
	return p;
fail:
	fc_painter_destroy(p);
	return NULL;
}

void fc_painter_destroy(struct fc_painter *p)
{
	size_t i;

	if (!p)
		return;
	free_slots(p);
	fc_film_finish(p);
	fc_legend_finish(&p->legend);
	if (p->folds)
		for (i = 0; i < p->layout->n_lanes; i++)
			fc_fold_finish(&p->folds[i]);
	free(p->folds);
	for (i = 0; i < p->n_lines; i++)
		free(p->lines[i]);
	free(p->lines);
	free(p->lines_y);
	free(p->self_time);
	free(p->lane_cpu);
	free(p->quiet);
	free(p->quiet_text);
	free(p->keep);
	free(p->n_keep);
	fc_text_finish(p);
	free(p->title);
	free(p->subtitle);
	free(p->subtitle2);
	free(p->info);
	free(p->notes);
	free(p->lane_title_y);
	free(p->lane_y);
	free(p->lane_rows);
	free(p);
}

void fc_painter_size(const struct fc_painter *p, int *width_px, int *height_px)
{
	*width_px = p->width;
	*height_px = p->height;
}

const struct fc_fold *fc_painter_fold(const struct fc_painter *p, size_t lane, bool *quiet)
{
	*quiet = p->quiet && lane < p->layout->n_lanes && p->quiet[lane];
	if (!p->folds || lane >= p->layout->n_lanes || !p->folds[lane].row)
		return NULL;
	return &p->folds[lane];
}

/* --- bars -------------------------------------------------------------------- */

/* Pixel columns of a box, DevTools' timeToPosition + clamp (§6.1-6.2). */
static void columns(const struct fc_painter *p, const struct fc_box *b, double *x, double *w)
{
	const struct fc_layout *l = p->layout;
	double span = l->x_max - l->x_min, ppu = p->plot_w / (span > 0 ? span : 1);
	double x0 = floor((b->x0 - l->x_min) * ppu + FC_PAINT_EPSILON_PX);
	double x1 = floor((b->x1 - l->x_min) * ppu + FC_PAINT_EPSILON_PX);

	x0 = x0 < 0 ? 0 : x0 > p->plot_w ? p->plot_w : x0;
	x1 = x1 < 0 ? 0 : x1 > p->plot_w ? p->plot_w : x1;
	*x = x0;
	*w = x1 - x0 > 1 ? x1 - x0 : 1;
}

/* A graph lane drawn as an icicle: --inverted, or the callees half of a
 * sandwich (the function at its top, joined to the callers above it). */
static bool lane_inverted(const struct fc_layout *l, size_t lane)
{
	const struct fc_lane *ln = &l->lanes[lane];

	if (ln->n_sources && ln->sources[0]->sandwich_part == FC_SANDWICH_CALLEES)
		return true;
	if (ln->n_sources && ln->sources[0]->sandwich_part == FC_SANDWICH_CALLERS)
		return false;
	return l->options.inverted;
}

static double row_y(const struct fc_painter *p, size_t lane, uint32_t depth)
{
	const struct fc_layout *l = p->layout;
	double h = bar_height(p->theme);
	uint32_t rows = p->lane_rows[lane];

	if (l->mode == FC_MODE_GRAPH && !lane_inverted(l, lane))
		return p->lane_y[lane] + (double)(rows - 1 - (depth < rows ? depth : rows - 1)) * h;
	return p->lane_y[lane] + (double)depth * h;
}

double fc_paint_root_foot(const struct fc_painter *p, bool *then_more)
{
	const struct fc_layout *l = p->layout;
	size_t i;

	*then_more = false;
	if (l->mode != FC_MODE_GRAPH)
		return -1;
	for (i = l->n_lanes; i-- > 0;) {
		if (lane_inverted(l, i)) {
			*then_more = true;
			continue;
		}
		if (!p->lane_rows[i])
			continue;
		return row_y(p, i, 0) + bar_height(p->theme);
	}
	return -1;
}

/* The row box i of lane li is drawn on: its fold row (FC_FOLD_HIDDEN when
 * folded away), or its depth. */
static uint32_t box_row(const struct fc_painter *p, size_t li, size_t i)
{
	return fc_fold_row(p->folds ? &p->folds[li] : NULL, p->layout->lanes[li].boxes, i);
}

/* Whether a lane's row of the given depth meets the part being painted. */
static bool row_visible(const struct fc_painter *p, size_t lane, uint32_t depth)
{
	double y = row_y(p, lane, depth);
	return y + bar_height(p->theme) >= p->clip_y0 && y <= p->clip_y1;
}

struct colored {
	uint32_t rgb; /* 0xRRGGBB */
	uint32_t box;
};

static int by_color(const void *a, const void *b, void *ctx)
{
	const struct colored *x = a, *y = b;
	(void)ctx;
	return x->rgb < y->rgb ? -1 : x->rgb > y->rgb;
}

static uint32_t pack(struct fc_rgb c)
{
	return (uint32_t)c.r << 16 | (uint32_t)c.g << 8 | c.b;
}

/* DevTools' per-row culling (devtools-rules §6.3): of the boxes that start in
 * the same pixel column of a row only the latest is drawn -- the others lie
 * under it. The layout already merged what is narrower than a pixel; this
 * drops the narrow box left just before a wider neighbour. Rows list their
 * boxes from left to right. Sets hidden[i]; false on allocation failure. */
static bool cull(const struct fc_painter *p, size_t li, bool *hidden)
{
	const struct fc_lane *lane = &p->layout->lanes[li];
	size_t *last = malloc((lane->rows + 1) * sizeof(*last)), i;
	double *last_x = malloc((lane->rows + 1) * sizeof(*last_x));

	if (!last || !last_x) {
		free(last);
		free(last_x);
		return false;
	}
	for (i = 0; i <= lane->rows; i++)
		last[i] = SIZE_MAX;
	for (i = 0; i < lane->n_boxes; i++) {
		uint32_t d = box_row(p, li, i);
		double x, w;

		if (d == FC_FOLD_HIDDEN) {
			hidden[i] = true;
			continue;
		}
		d = d < lane->rows ? d : lane->rows;

		columns(p, &lane->boxes[i], &x, &w);
		hidden[i] = false;
		if (last[d] != SIZE_MAX && last_x[d] == x)
			hidden[last[d]] = true;
		last[d] = i;
		last_x[d] = x;
	}
	free(last);
	free(last_x);
	return true;
}

/* The metadata of a box for a back end that groups frames. */
static void frame_meta(struct fc_painter *p, const struct fc_lane *lane, const struct fc_box *b,
		       struct fc_frame_meta *m)
{
	const struct fc_layout *l = p->layout;

	memset(m, 0, sizeof(*m));
	m->url = "";
	m->package = "";
	m->tier = "";
	m->note = "";
	m->line = m->column = -1;
	m->self = b->self;
	m->total = b->x1 - b->x0;
	m->start = b->x0 - l->x_min;
	m->end = b->x1 - l->x_min;
	m->lane_total = lane->total;
	m->lane = (uint32_t)(lane - l->lanes);
	m->count = b->count;
	m->chart = l->mode == FC_MODE_CHART;
	/* weights in µs (a diff's paths, folded counts in µs) are durations too */
	m->has_time = l->unit ? strcmp(l->unit, "µs") == 0 : l->has_time;
	m->unit = l->unit ? l->unit : "";
	if (b->frame != FC_NONE && !(b->flags & FC_BOX_COALESCED)) {
		const struct fc_profile *q = lane->profile;
		const struct fc_frame *f = &q->frames[b->frame];
		m->name = fc_profile_str(q, f->name);
		m->url = fc_profile_str(q, f->url);
		m->line = f->line;
		m->column = f->column;
		m->tier = fc_tier_name((enum fc_tier)f->tier);
		m->package = f->package ? fc_profile_str(q, f->package) : "";
		if (p->opts.title_note) {
			p->note[0] = '\0';
			p->opts.title_note(p->opts.note_ctx, q, b->frame, p->note, sizeof(p->note));
			m->note = p->note;
		}
	}
}

/* A narrow stack cut by the fold: a grey cap on its last row kept. */
static void paint_caps(struct fc_painter *p, size_t li)
{
	const struct fc_lane *lane = &p->layout->lanes[li];
	const struct fc_fold *f = p->folds ? &p->folds[li] : NULL;
	struct fc_draw *d = p->draw;
	bool any = false;

	if (!f || !f->mark)
		return;
	for (size_t i = 0; i < lane->n_boxes; i++) {
		uint32_t row = f->row[i];
		double x, w;

		if (!(f->mark[i] & FC_FOLD_CUT) || row >= p->lane_rows[li] ||
		    !row_visible(p, li, row))
			continue;
		columns(p, &lane->boxes[i], &x, &w);
		/* the edge away from the root: the top of a chart row, the
		 * bottom of an icicle's */
		d->ops->rect(d->ctx, p->plot_x + x, row_y(p, li, row), w - 0.5, 3);
		any = true;
	}
	if (any)
		d->ops->fill(d->ctx, p->theme->text_muted, 1);
}

/* DevTools' mark of a long task (devtools-rules §13.5): a task longer than
 * 50 ms has the part past 50 ms hatched in red and a red corner. */
#define LONG_TASK_US 50000.0

static bool long_task(const struct fc_layout *l, const struct fc_lane *lane, const struct fc_box *b)
{
	const struct fc_frame *f;

	if (l->mode != FC_MODE_CHART || !lane->profile->has_time || b->frame == FC_NONE ||
	    b->x1 - b->x0 <= LONG_TASK_US)
		return false;
	f = &lane->profile->frames[b->frame];
	return (f->tags & FC_TAG_EVENT) &&
	       strcmp(fc_profile_str(lane->profile, f->name), "Task") == 0;
}

static void paint_long_tasks(struct fc_painter *p, size_t li)
{
	static const struct fc_rgb red = { 220, 54, 46 };
	const struct fc_lane *lane = &p->layout->lanes[li];
	struct fc_draw *d = p->draw;
	double h = bar_height(p->theme) - 1;
	bool any = false;

	for (size_t i = 0; i < lane->n_boxes; i++) {
		const struct fc_box *b = &lane->boxes[i];
		uint32_t row = box_row(p, li, i);
		double x, w, x0, x1, y, s;

		if (!long_task(p->layout, lane, b) || row >= p->lane_rows[li] ||
		    !row_visible(p, li, row))
			continue;
		columns(p, b, &x, &w);
		x1 = p->plot_x + x + w - 0.5;
		x0 = p->plot_x + x + w * (LONG_TASK_US / (b->x1 - b->x0));
		y = row_y(p, li, row);
		/* stripes at 45 degrees, 6 px apart, cut to the overrun */
		for (s = x0 - h; s < x1; s += 6) {
			double xa = s, ya = y + h, xb = s + h, yb = y;
			if (xa < x0) {
				ya -= x0 - xa;
				xa = x0;
			}
			if (xb > x1) {
				yb += xb - x1;
				xb = x1;
			}
			if (xb > xa)
				d->ops->line(d->ctx, xa, ya, xb, yb);
		}
		d->ops->stroke(d->ctx, red, 0.8, 1);
		/* the corner: a right triangle of 1 px rows */
		for (s = 0; s < 6 && s < w; s++)
			d->ops->rect(d->ctx, x1 - (6 - s), y + s, 6 - s, 1);
		any = true;
	}
	if (any)
		d->ops->fill(d->ctx, red, 1);
}

/* Fills a lane's bars, one path per colour (DevTools batches by colour too):
 * fewer, larger SVG and PDF objects and the same pixels, as bars never
 * overlap. A back end that groups frames gets one group per box instead, in
 * the same order (by colour, then as laid out). */
static bool paint_bars(struct fc_painter *p, size_t li)
{
	const struct fc_lane *lane = &p->layout->lanes[li];
	struct fc_draw *d = p->draw;
	double h = bar_height(p->theme);
	struct colored *c;
	bool *hidden;
	size_t i, n = 0;

	if (!lane->n_boxes)
		return true;
	c = malloc(lane->n_boxes * sizeof(*c));
	hidden = malloc(lane->n_boxes * sizeof(*hidden));
	if (!c || !hidden || !cull(p, li, hidden)) {
		free(c);
		free(hidden);
		return false;
	}
	for (i = 0; i < lane->n_boxes; i++) {
		uint32_t row = box_row(p, li, i);
		if (hidden[i] || row >= p->lane_rows[li] || !row_visible(p, li, row))
			continue;
		c[n].rgb =
			pack(fc_style_fill(p->style, lane->profile, &lane->boxes[i], lane->total));
		c[n++].box = (uint32_t)i;
	}
	free(hidden);
	if (!fc_sort(c, n, sizeof(*c), by_color, NULL)) {
		free(c);
		return false;
	}
	for (i = 0; i < n; i++) {
		const struct fc_box *b = &lane->boxes[c[i].box];
		struct fc_rgb rgb = { (uint8_t)(c[i].rgb >> 16), (uint8_t)(c[i].rgb >> 8),
				      (uint8_t)c[i].rgb };
		struct fc_frame_meta m;
		double x, w;

		columns(p, b, &x, &w);
		if (d->groups) {
			frame_meta(p, lane, b, &m);
			d->ops->group_begin(d->ctx, &m);
		}
		d->ops->rect(d->ctx, p->plot_x + x, row_y(p, li, box_row(p, li, c[i].box)), w - 0.5,
			     h - 1);
		if (d->groups) {
			d->ops->fill(d->ctx, rgb, 1);
			d->ops->group_end(d->ctx);
		} else if (i + 1 == n || c[i + 1].rgb != c[i].rgb) {
			d->ops->fill(d->ctx, rgb, 1);
		}
	}
	free(c);
	return true;
}

/* --per-thread graphs: the lane title ends with its total and its share of
 * the width, so that every lane's scale is stated ("· 2.09 s, 11% of the
 * width"). */
static void lane_total(const struct fc_layout *l, const struct fc_lane *lane, char *title,
		       size_t size)
{
	size_t n = strlen(title);
	double span = l->x_max - l->x_min;
	char a[48];

	if (!l->unit || strcmp(l->unit, "µs") == 0)
		fc_format_header_duration(lane->total, a, sizeof(a));
	else
		fc_format_weight(lane->total, l->unit, a, sizeof(a));
	if (n < size)
		snprintf(title + n, size - n, " \xc2\xb7 %s, %.0f%% of the width", a,
			 span > 0 ? 100.0 * lane->total / span : 0.0);
}

static double measure_text(void *layout, const char *s)
{
	return fc_text_width(layout, s);
}

/* A spine's bar: "run_main … require · 14 frames", its first and last
 * frames as the chart names them, cut to max_w (fc_label_spine); 0 when
 * nothing that says something fits. */
static size_t spine_label(const struct fc_painter *p, size_t li, size_t i, double max_w, char *out,
			  size_t size)
{
	const struct fc_lane *lane = &p->layout->lanes[li];
	const struct fc_fold *f = &p->folds[li];
	const struct fc_profile *q = lane->profile;
	/* one frame per row the chain runs through */
	size_t n = lane->boxes[f->last[i]].depth - lane->boxes[i].depth + 1;
	char first[256], last[256];

	fc_classify_label(fc_profile_str(q, q->frames[lane->boxes[i].frame].name), first,
			  sizeof(first));
	fc_classify_label(fc_profile_str(q, q->frames[lane->boxes[f->last[i]].frame].name), last,
			  sizeof(last));
	return fc_label_spine(first, last, n, max_w, measure_text, p->text, out, size);
}

/* A label: "name  file.js:12" is two runs, the location muted and placed
 * after the name's measured width, so that no viewer collapses the gap
 * (an SVG's spaces do collapse in browsers). whole: fit is such a label,
 * uncut. */
static void draw_label(struct fc_painter *p, const char *fit, bool whole, double x, double baseline,
		       struct fc_rgb fill)
{
	struct fc_rgb c = fc_style_label(p->style, fill), m;
	const char *gap = whole && !p->devtools_labels ? strstr(fit, "  ") : NULL;
	char name[1024];

	if (!gap || gap == fit || (size_t)(gap - fit) >= sizeof(name)) {
		fc_text_draw(p, FC_TEXT_LABEL, FC_FONT_TEXT, fit, x, baseline, c, FC_FIT_NONE, 0);
		return;
	}
	memcpy(name, fit, (size_t)(gap - fit));
	name[gap - fit] = '\0';
	fc_text_draw(p, FC_TEXT_LABEL, FC_FONT_TEXT, name, x, baseline, c, FC_FIT_NONE, 0);
	/* muted: a quarter of the way to the fill */
	m.r = (uint8_t)((3 * c.r + fill.r) / 4);
	m.g = (uint8_t)((3 * c.g + fill.g) / 4);
	m.b = (uint8_t)((3 * c.b + fill.b) / 4);
	fc_text_draw(p, FC_TEXT_LABEL, FC_FONT_TEXT, gap + 2,
		     x + fc_text_width(p->text, name) + fc_text_width(p->text, "  "), baseline, m,
		     FC_FIT_NONE, 0);
}

/* Labels where they fit: DevTools draws a title when the bar is at least
 * 2 × padding + width("…") wide, trimmed to the bar minus the padding. */
static void paint_labels(struct fc_painter *p, size_t li)
{
	const struct fc_layout *l = p->layout;
	const struct fc_lane *lane = &l->lanes[li];
	const struct fc_theme *t = p->theme;
	double span = l->x_max - l->x_min, ppu = p->plot_w / (span > 0 ? span : 1);
	double pad = t->text_pad_px >= 0 ? t->text_pad_px : 4, base = label_baseline(t);
	double min_px = 2 * pad + p->ellipsis_w;
	char text[1024], fit[1024], note[64];
	size_t i;

	for (i = 0; i < lane->n_boxes; i++) {
		const struct fc_box *b = &lane->boxes[i];
		double x, w, max_w;
		struct fc_rgb fill;
		uint32_t row = box_row(p, li, i);
		bool spine =
			p->folds && p->folds[li].mark && (p->folds[li].mark[i] & FC_FOLD_SPINE);
		bool located;

		if ((b->x1 - b->x0) * ppu < min_px || row >= p->lane_rows[li] ||
		    !row_visible(p, li, row))
			continue;
		columns(p, b, &x, &w);
		max_w = (w < p->plot_w ? w : p->plot_w) - 2 * pad;
		fc_label_box(l, lane, b, text, sizeof(text));
		/* "name  file:line": the graph's label of a frame */
		located = l->mode == FC_MODE_GRAPH && b->frame != FC_NONE &&
			  !(b->flags & FC_BOX_COALESCED);
		if (spine) {
			if (!spine_label(p, li, i, max_w, text, sizeof(text)))
				continue;
			located = false;
		} else if (l->mode == FC_MODE_CHART && b->frame != FC_NONE &&
			   !(b->flags & FC_BOX_COALESCED)) {
			/* the chart adds file:line where the box has room for all of it */
			char where[1024];
			fc_label_box_located(lane, b, where, sizeof(where));
			if (strcmp(where, text) != 0 && fc_text_width(p->text, where) <= max_w) {
				snprintf(text, sizeof(text), "%s", where);
				located = true;
			}
		}
		note[0] = '\0';
		if (p->opts.label_note && b->frame != FC_NONE) {
			size_t len = strlen(text);
			p->opts.label_note(p->opts.note_ctx, lane->profile, b->frame, note,
					   sizeof(note));
			if (note[0] && len + strlen(note) + 3 < sizeof(text))
				snprintf(text + len, sizeof(text) - len, "  %s", note);
		}
		if (b->frame == FC_NONE) {
			/* a merged box: its count, or nothing */
			if (fc_text_width(p->text, text) > max_w)
				continue;
			snprintf(fit, sizeof(fit), "%s", text);
		} else if (!fc_text_fit(p, text, max_w, fit, sizeof(fit))) {
			continue;
		} else if (l->mode == FC_MODE_GRAPH && !spine && strcmp(fit, text) != 0) {
			located = false;
			/* the whole "name  file:line" does not fit: the name alone
			 * says more than both halves cut in the middle */
			fc_classify_label(
				fc_profile_str(lane->profile, lane->profile->frames[b->frame].name),
				text, sizeof(text));
			if (note[0] && strlen(text) + strlen(note) + 3 < sizeof(text)) {
				size_t len = strlen(text);
				snprintf(text + len, sizeof(text) - len, "  %s", note);
			}
			if (!fc_text_fit(p, text, max_w, fit, sizeof(fit)))
				continue;
		}
		/* a label cut to fewer than 3 characters says nothing (DevTools
		 * draws it; a static image cannot be hovered to read the rest) */
		if (b->frame != FC_NONE && !p->devtools_labels && !fc_label_says_enough(text, fit))
			continue;
		fill = fc_style_fill(p->style, lane->profile, b, lane->total);
		draw_label(p, fit, located && !note[0] && strcmp(fit, text) == 0,
			   p->plot_x + x + pad, row_y(p, li, row) + base, fill);
	}
}

void fc_paint_box_columns(const struct fc_painter *p, const struct fc_box *b, double *x, double *w)
{
	columns(p, b, x, w);
}

uint32_t fc_paint_box_row(const struct fc_painter *p, size_t li, size_t i)
{
	return box_row(p, li, i);
}

double fc_paint_row_y(const struct fc_painter *p, size_t lane, uint32_t row)
{
	return row_y(p, lane, row);
}

static void paint_background(struct fc_painter *p)
{
	const struct fc_theme *t = p->theme;
	struct fc_draw *d = p->draw;

	d->ops->rect(d->ctx, 0, 0, p->width, p->height);
	if (memcmp(&t->background, &t->background_end, sizeof(t->background)) == 0)
		d->ops->fill(d->ctx, t->background, 1);
	else
		d->ops->fill_gradient(d->ctx, t->background, t->background_end, 0, p->height);
}

bool fc_painter_draw(struct fc_painter *p, struct fc_draw *d, struct fc_error *err)
{
	const struct fc_layout *l = p->layout;
	const struct fc_theme *t = p->theme;
	double h = bar_height(t), base = label_baseline(t);
	size_t i, boxes = 0;

	p->draw = d;
	d->ops->visible(d->ctx, &p->clip_y0, &p->clip_y1);
	d->ops->layer(d->ctx, FC_LAYER_HEADER);
	paint_background(p);
	fc_paint_header(p);
	fc_paint_ruler(p, false);
	for (i = 0; i < l->n_lanes; i++) {
		boxes += l->lanes[i].n_boxes;
		if (p->quiet && p->quiet[i])
			continue;
		if (p->lane_title_y[i] >= 0) {
			char title[1024];
			snprintf(title, sizeof(title), "%s",
				 l->lanes[i].title ? l->lanes[i].title : "");
			if (l->mode == FC_MODE_GRAPH && l->options.per_thread)
				lane_total(l, &l->lanes[i], title, sizeof(title));
			d->ops->layer(d->ctx, FC_LAYER_HEADER);
			fc_text_draw(p, FC_TEXT_LANE, FC_FONT_BOLD, title, p->plot_x,
				     p->lane_title_y[i] + base, t->text, FC_FIT_MIDDLE, p->plot_w);
		}
		d->ops->layer(d->ctx, FC_LAYER_BARS);
		if (!paint_bars(p, i)) {
			d->ops->layer(d->ctx, FC_LAYER_END);
			p->draw = NULL;
			fc_error_set(err, FC_ERR_NOMEM, "out of memory");
			return false;
		}
	}
	if (p->quiet_text) {
		/* the row of quiet threads, with the lane titles */
		d->ops->layer(d->ctx, FC_LAYER_HEADER);
		fc_text_draw(p, FC_TEXT_LANE, FC_FONT_TEXT, p->quiet_text, p->plot_x,
			     p->quiet_y + base, t->text_muted, FC_FIT_END, p->plot_w);
	}
	d->ops->layer(d->ctx, FC_LAYER_GRID);
	fc_paint_ruler(p, true);
	fc_film_paint(p);
	for (i = 0; i < l->n_lanes; i++) {
		paint_caps(p, i);
		paint_long_tasks(p, i);
	}
	d->ops->layer(d->ctx, FC_LAYER_LABELS);
	for (i = 0; i < l->n_lanes; i++)
		if (!p->quiet || !p->quiet[i])
			paint_labels(p, i);
	if (!fc_paint_annotations(p)) {
		d->ops->layer(d->ctx, FC_LAYER_END);
		p->draw = NULL;
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}

	if (!boxes)
		fc_text_draw(p, FC_TEXT_LABEL, FC_FONT_TEXT, "no samples", p->plot_x + 4,
			     (l->n_lanes ? p->lane_y[0] : p->plot_bottom - h) + base, t->text_muted,
			     FC_FIT_NONE, 0);
	if (p->show_legend) {
		d->ops->layer(d->ctx, FC_LAYER_LEGEND);
		fc_paint_legend(p);
	}
	d->ops->layer(d->ctx, FC_LAYER_END);
	p->draw = NULL;
	return true;
}

bool fc_painter_paint(struct fc_painter *p, cairo_t *cr, struct fc_error *err)
{
	struct fc_draw_cairo d;
	cairo_status_t status;
	bool ok;

	cairo_save(cr);
	fc_text_target(p, cr);
	fc_draw_cairo_init(&d, p, cr);
	ok = fc_painter_draw(p, &d.draw, err);
	cairo_restore(cr);
	if (!ok)
		return false;
	status = cairo_status(cr);
	if (status != CAIRO_STATUS_SUCCESS) {
		fc_error_set(err, status == CAIRO_STATUS_NO_MEMORY ? FC_ERR_NOMEM : FC_ERR_OUTPUT,
			     "drawing failed: %s", cairo_status_to_string(status));
		return false;
	}
	return true;
}

bool fc_paint(cairo_t *cr, const struct fc_layout *l, const struct fc_style *st,
	      const struct fc_paint_options *o, struct fc_error *err)
{
	struct fc_painter *p = fc_painter_create(l, st, o, err);
	bool ok;

	if (!p)
		return false;
	ok = fc_painter_paint(p, cr, err);
	fc_painter_destroy(p);
	return ok;
}

/* --- writers' helpers ---------------------------------------------------------- */

void fc_paint_error_file(struct fc_error *err, const struct fc_output *out)
{
	fc_error_set_file(err, strcmp(out->path, "-") == 0 ? "<stdout>" : out->path);
	fc_error_set_path(err, ""); /* nothing of the input applies */
	err->line = 0;
	err->column = 0;
}

cairo_status_t fc_paint_stream_write(void *closure, const unsigned char *data, unsigned int length)
{
	return fc_output_write(closure, data, length) ? CAIRO_STATUS_SUCCESS
						      : CAIRO_STATUS_WRITE_ERROR;
}

bool fc_paint_surface_done(cairo_surface_t *s, struct fc_output *out, bool ok, struct fc_error *err)
{
	cairo_status_t status = cairo_surface_status(s);

	if (!ok)
		return false;
	if (out->failed) {
		/* fc_output_commit reports the errno; name the file here too */
		fc_error_set(err, FC_ERR_OUTPUT, "write error: %s", strerror(out->errno_value));
		return false;
	}
	if (status != CAIRO_STATUS_SUCCESS) {
		fc_error_set(err, status == CAIRO_STATUS_NO_MEMORY ? FC_ERR_NOMEM : FC_ERR_OUTPUT,
			     "cairo: %s", cairo_status_to_string(status));
		return false;
	}
	return true;
}
