/* The trend image (docs/trend.md): the total CPU time per run above, the top
 * functions' self time below, on one run axis labelled with the runs'
 * names, the steps marked where they happened. Drawn with the painter's
 * cairo back end and text (render/paint_internal.h) on cairo's PNG, SVG
 * and PDF surfaces. */
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "diff/internal.h"
#include "style/style.h"
#include "report/trend.h"
#include "render/paint_internal.h"
#include "util/util.h"
#include "model/profile.h"

#define MARGIN_L 48.0 /* room for the amounts, at least */
#define MARGIN_R 24.0
#define TOTAL_H 120.0 /* plot heights, px */
#define FUNCS_H 220.0
#define GAP 30.0

/* Eight colours told apart in print and by most colour-blind readers
 * (Okabe and Ito's palette, black replaced by grey). */
static const struct fc_rgb palette[] = {
	{ 0, 114, 178 }, { 213, 94, 0 },   { 0, 158, 115 },   { 204, 121, 167 },
	{ 230, 159, 0 }, { 86, 180, 233 }, { 120, 120, 120 }, { 180, 160, 40 },
};

struct plot {
	struct fc_painter *p;
	struct fc_draw *d;
	const struct fc_trend *t;
	double x0, width; /* the run axis */
	int notes;        /* step notes written in the current plot */
};

static double run_x(const struct plot *pl, size_t i)
{
	size_t n = pl->t->n_runs;
	return pl->x0 + (n > 1 ? pl->width * (double)i / (double)(n - 1) : pl->width / 2);
}

/* A round top for an axis from 0 whose quarters read well (0.3, 0.75,
 * 1.5, 2.5 times a power of ten...): the series fill most of the plot. */
static double nice_max(double v)
{
	static const double tops[] = { 1, 1.2, 1.6, 2, 2.4, 3, 4, 5, 6, 8, 10 };
	double e;
	size_t i;

	if (!(v > 0))
		return 1;
	e = pow(10, floor(log10(v)));
	for (i = 0; i + 1 < FC_ARRAY_LEN(tops) && tops[i] * e < v; i++)
		;
	return tops[i] * e;
}

static double text_width(struct fc_painter *p, const char *s)
{
	return fc_text_width(fc_text_layout(p, FC_FONT_TEXT), s);
}

/* An axis amount: whole ms, or seconds from steps of a second on, bytes
 * for heap profiles. */
static void amount(bool bytes, double v, double step, char *out, size_t size)
{
	if (bytes)
		fc_format_bytes(v, false, out, size);
	else if (step >= 1e6)
		snprintf(out, size, "%g s", v / 1e6);
	else if (step >= 1000)
		snprintf(out, size, "%.0f ms", v / 1000);
	else
		snprintf(out, size, "%.2g ms", v / 1000);
}

/* The widest amount of an axis from 0 to top. */
static double amounts_width(struct fc_painter *p, bool bytes, double top)
{
	double w = 0;
	int i;

	for (i = 0; i <= 4; i++) {
		char a[32];
		amount(bytes, top * i / 4, top / 4, a, sizeof(a));
		w = fmax(w, text_width(p, a));
	}
	return w;
}

/* The frame, grid and amounts of a plot at y (top) of height h for 0..top. */
static void axes(struct plot *pl, double y, double h, double top, const char *name)
{
	const struct fc_theme *th = pl->p->theme;
	double text_px = fc_paint_text_px(th);
	int i;

	for (i = 0; i <= 4; i++) {
		double gy = y + h - h * i / 4;
		char a[32];
		pl->d->ops->line(pl->d->ctx, pl->x0, gy, pl->x0 + pl->width, gy);
		pl->d->ops->stroke(pl->d->ctx, th->grid, i ? 0.6 : 1, 1);
		amount(pl->t->bytes, top * i / 4, top / 4, a, sizeof(a));
		fc_text_draw(pl->p, FC_TEXT_RULER, FC_FONT_TEXT, a,
			     pl->x0 - 6 - text_width(pl->p, a), gy + text_px / 3, th->ruler_text,
			     FC_FIT_NONE, 0);
	}
	fc_text_draw(pl->p, FC_TEXT_LANE, FC_FONT_BOLD, name, pl->x0, y - 6, th->text, FC_FIT_END,
		     pl->width);
}

/* A step: a dashed mark between the runs, its change and the function's
 * name in a note at the plot's top. */
static void step_mark(struct plot *pl, const struct fc_trend_series *s,
		      const struct fc_trend_step *st, double y, double h, struct fc_rgb c)
{
	/* between the last run before and the first run after */
	double x = (run_x(pl, st->at - 1) + run_x(pl, st->at)) / 2, yy, tx;
	char pct[32], note[128];
	for (yy = y; yy < y + h; yy += 6)
		pl->d->ops->line(pl->d->ctx, x, yy, x, yy + 3);
	pl->d->ops->stroke(pl->d->ctx, c, 1, 1.5);
	fc_diff_format_pct(st->after - st->before, st->before, pct, sizeof(pct));
	/* a function's step names it: the colour alone is not enough */
	if (s->name[0]) {
		char cut[64];
		snprintf(note, sizeof(note), "%s %s", pct,
			 fc_diff_short_name(s->name, 24, cut, sizeof(cut)));
	} else {
		snprintf(note, sizeof(note), "%s", pct);
	}
	/* the notes at the plot's top, one line each, above the lines
	 * (a noisy series would cross a note placed at its level) */
	yy = y + 12 + fc_paint_line_h(pl->p->theme) * pl->notes++;
	/* near the right edge the note goes left of the mark */
	tx = x + 4;
	if (tx + text_width(pl->p, note) > pl->x0 + pl->width)
		tx = x - 4 - text_width(pl->p, note);
	fc_text_draw(pl->p, FC_TEXT_NOTE, FC_FONT_BOLD, note, tx, yy, c, FC_FIT_NONE, 0);
}

/* A series' line and dots, or (steps) its steps' marks. */
static void series(struct plot *pl, const struct fc_trend_series *s, double y, double h, double top,
		   struct fc_rgb c, bool steps)
{
	const struct fc_trend *t = pl->t;
	size_t i;

	for (i = 0; i < s->n_steps && steps; i++)
		step_mark(pl, s, &s->steps[i], y, h, c);
	if (steps)
		return;
	for (i = 0; i + 1 < t->n_runs; i++)
		pl->d->ops->line(pl->d->ctx, run_x(pl, i), y + h - h * s->means[i] / top,
				 run_x(pl, i + 1), y + h - h * s->means[i + 1] / top);
	pl->d->ops->stroke(pl->d->ctx, c, 1, 2);
	for (i = 0; i < t->n_runs && t->n_runs <= 120; i++)
		pl->d->ops->rect(pl->d->ctx, run_x(pl, i) - 2, y + h - h * s->means[i] / top - 2, 4,
				 4);
	pl->d->ops->fill(pl->d->ctx, c, 1);
}

/* The runs' labels under the axis, as many as fit side by side. */
static void run_labels(struct plot *pl, double y)
{
	const struct fc_trend *t = pl->t;
	double widest = 0, dx = t->n_runs > 1 ? pl->width / (double)(t->n_runs - 1) : pl->width;
	double next = INFINITY; /* the left end of the label drawn after */
	size_t i, every;

	for (i = 0; i < t->n_runs; i++) {
		double w = text_width(pl->p, t->runs[i].label);
		widest = w > widest ? w : widest;
	}
	if (widest > 220)
		widest = 220;
	/* a gap of 30 px, and the first label may be pushed right by the
	 * image's edge */
	every = (size_t)ceil((widest + 30) / dx);
	if (every < 1)
		every = 1;
	/* counted back from the newest, which is always labelled: a tick per
	 * run while they stand apart, else per label */
	for (i = t->n_runs; i-- > 0;)
		if (dx >= 4 || (t->n_runs - 1 - i) % every == 0)
			pl->d->ops->line(pl->d->ctx, run_x(pl, i), y - 14, run_x(pl, i), y - 10);
	pl->d->ops->stroke(pl->d->ctx, pl->p->theme->grid, 1, 1);
	/* the newest is pushed left by the image's edge: a label that would
	 * run into the one after it is left out */
	for (i = t->n_runs; i-- > 0;) {
		double w = text_width(pl->p, t->runs[i].label), x = run_x(pl, i) - w / 2;
		if ((t->n_runs - 1 - i) % every)
			continue;
		if (w > 220)
			w = 220;
		if (x < 4)
			x = 4;
		if (x + w > pl->x0 + pl->width + MARGIN_R - 4)
			x = pl->x0 + pl->width + MARGIN_R - 4 - w;
		if (x + w + 12 > next)
			continue;
		fc_text_draw(pl->p, FC_TEXT_RULER, FC_FONT_TEXT, t->runs[i].label, x, y,
			     pl->p->theme->ruler_text, FC_FIT_END, 220);
		next = x;
	}
}

static void series_title(const struct fc_trend_series *s, char *out, size_t size)
{
	if (s->file[0])
		snprintf(out, size, "%s (%s)", s->name, fc_basename(s->file));
	else
		snprintf(out, size, "%s", s->name);
}

/* The legend: a swatch and the name of each function, wrapped; returns
 * the height used (drawn only when draw). */
static double legend(struct plot *pl, size_t shown, double y, bool draw)
{
	const struct fc_theme *th = pl->p->theme;
	double x = pl->x0, line_h = fc_paint_line_h(th), sw = fc_paint_swatch(th), h = line_h;
	size_t i;

	for (i = 0; i < shown; i++) {
		char name[300];
		double w;
		series_title(&pl->t->functions[i], name, sizeof(name));
		w = text_width(pl->p, name);
		if (w > 320)
			w = 320;
		if (x > pl->x0 && x + sw + 6 + w > pl->x0 + pl->width) {
			x = pl->x0;
			y += line_h;
			h += line_h;
		}
		if (draw) {
			pl->d->ops->rect(pl->d->ctx, x, y - sw + 1, sw, sw);
			pl->d->ops->fill(pl->d->ctx, palette[i % FC_ARRAY_LEN(palette)], 1);
			fc_text_draw(pl->p, FC_TEXT_LEGEND, FC_FONT_TEXT, name, x + sw + 5, y,
				     th->text, FC_FIT_END, 320);
		}
		x += sw + 5 + w + 16;
	}
	return h;
}

enum kind { KIND_PNG, KIND_SVG, KIND_PDF };

bool fc_trend_write_image(const struct fc_trend *t, size_t top, int width_px,
			  const struct fc_theme *theme, const char *title, const char *path,
			  struct fc_error *err)
{
	struct fc_painter p;
	struct fc_draw_cairo dc;
	struct fc_output out;
	struct plot pl;
	cairo_surface_t *s = NULL;
	cairo_t *cr;
	const char *dot = strrchr(fc_basename(path), '.');
	enum kind kind = dot && !strcmp(dot, ".svg")   ? KIND_SVG
			 : dot && !strcmp(dot, ".pdf") ? KIND_PDF
						       : KIND_PNG;
	size_t shown = top < t->n_functions ? top : t->n_functions, i;
	double w = width_px > 0 ? width_px : 880, h, y, tmax = 0, fmax_ = 0, line_h, legend_h;
	char head[512], sub[512];
	bool ok;

	memset(&p, 0, sizeof(p));
	p.theme = theme ? theme : fc_theme_default();
	if (!fc_text_init(&p, err))
		return false;
	line_h = fc_paint_line_h(p.theme);
	memset(&pl, 0, sizeof(pl));
	pl.p = &p;
	pl.t = t;
	for (i = 0; i < t->n_runs; i++) {
		size_t k;
		tmax = fmax(tmax, t->total.means[i]);
		for (k = 0; k < shown; k++)
			fmax_ = fmax(fmax_, t->functions[k].means[i]);
	}
	tmax = nice_max(tmax * 1.05);
	fmax_ = nice_max(fmax_ * 1.05);
	/* the amounts' column as wide as its widest label */
	pl.x0 = 12 + fmax(amounts_width(&p, t->bytes, tmax), amounts_width(&p, t->bytes, fmax_));
	if (pl.x0 < MARGIN_L)
		pl.x0 = MARGIN_L;
	pl.width = w - pl.x0 - MARGIN_R;
	legend_h = legend(&pl, shown, 0, false);
	h = 12 + fc_paint_title_px(p.theme) + 6 + line_h + GAP + TOTAL_H + GAP + FUNCS_H + 22 +
	    2 * line_h + 8 + legend_h + 10;
	if (!fc_output_open(&out, path, err)) {
		fc_text_finish(&p);
		return false;
	}
	if (kind == KIND_SVG)
		s = cairo_svg_surface_create_for_stream(fc_paint_stream_write, &out, w, h);
	else if (kind == KIND_PDF)
		s = cairo_pdf_surface_create_for_stream(fc_paint_stream_write, &out, w, h);
	else
		s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)w, (int)ceil(h));
	if (kind == KIND_SVG)
		cairo_svg_surface_set_document_unit(s, CAIRO_SVG_UNIT_PX);
	cr = cairo_create(s);
	fc_text_target(&p, cr);
	fc_draw_cairo_init(&dc, &p, cr);
	p.draw = &dc.draw;
	pl.d = &dc.draw;

	pl.d->ops->rect(pl.d->ctx, 0, 0, w, h);
	pl.d->ops->fill(pl.d->ctx, p.theme->background, 1);
	y = 12 + fc_paint_title_px(p.theme);
	if (title)
		snprintf(head, sizeof(head), "%s", title);
	else
		snprintf(head, sizeof(head), "%s over %zu runs",
			 t->bytes ? "Bytes allocated" : "CPU time", t->n_runs);
	fc_text_draw(&p, FC_TEXT_HEADER, FC_FONT_TITLE, head, 12, y, p.theme->text, FC_FIT_END,
		     w - 24);
	snprintf(sub, sizeof(sub), "%s \xe2\x86\x92 %s; %s per run, %s", t->runs[0].label,
		 t->runs[t->n_runs - 1].label, t->bytes ? "bytes allocated" : "CPU time",
		 t->bytes ? "functions by bytes allocated"
			  : "functions by self time, waits left out");
	y += 6 + line_h;
	fc_text_draw(&p, FC_TEXT_HEADER, FC_FONT_SUB, sub, 12, y, p.theme->text_muted, FC_FIT_END,
		     w - 24);

	y += GAP;
	axes(&pl, y, TOTAL_H, tmax, t->bytes ? "Bytes allocated" : "CPU time");
	series(&pl, &t->total, y, TOTAL_H, tmax, p.theme->text, false);
	series(&pl, &t->total, y, TOTAL_H, tmax, p.theme->text, true);
	y += TOTAL_H + GAP;
	pl.notes = 0;
	axes(&pl, y, FUNCS_H, fmax_,
	     t->bytes ? "Bytes allocated by the heaviest functions"
		      : "Self time of the heaviest functions");
	/* the heaviest drawn last, on top */
	for (i = shown; i-- > 0;)
		series(&pl, &t->functions[i], y, FUNCS_H, fmax_, palette[i % FC_ARRAY_LEN(palette)],
		       false);
	/* the steps' notes in the functions' order, heaviest first */
	for (i = 0; i < shown; i++)
		series(&pl, &t->functions[i], y, FUNCS_H, fmax_, palette[i % FC_ARRAY_LEN(palette)],
		       true);
	y += FUNCS_H + 22;
	run_labels(&pl, y);
	y += 2 * line_h + 8;
	legend(&pl, shown, y, true);

	cairo_destroy(cr);
	if (kind == KIND_PNG)
		cairo_surface_write_to_png_stream(s, fc_paint_stream_write, &out);
	cairo_surface_finish(s);
	ok = fc_paint_surface_done(s, &out, true, err);
	cairo_surface_destroy(s);
	fc_text_finish(&p);
	if (ok)
		return fc_output_commit(&out, err);
	if (out.failed && out.errno_value == EPIPE)
		err->code = FC_ERR_PIPE;
	fc_paint_error_file(err, &out);
	fc_output_abort(&out);
	return false;
}
