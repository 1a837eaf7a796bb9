/* The ruler and grid: DevTools' TimelineGrid rules (devtools-rules §6.5) --
 * 1/2/5×10^n steps at least 64 px apart, labels right-aligned 4 px left of
 * their tick, faint grid lines. One deliberate difference: time labels
 * switch from ms to whole seconds once the step reaches 1 s (DevTools keeps
 * "12,000 ms"); docs/rendering.md says so. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render/paint_internal.h"
#include "util/util.h"
#include "model/profile.h"

#define NBSP "\xc2\xa0" /* DevTools puts a no-break space before the unit */

/* Largest number of ticks we walk; the step keeps it near width / 64. */
#define MAX_TICKS 100000

double fc_ruler_step(double span, double width_px)
{
	double px_per_unit, step;

	if (!(span > 0) || !(width_px > 0))
		return 1;
	px_per_unit = width_px / span;
	step = span / (width_px / FC_PAINT_TICK_MIN_PX);
	step = pow(10, ceil(log10(step)));
	if (step * px_per_unit >= 5 * FC_PAINT_TICK_MIN_PX)
		step /= 5;
	if (step * px_per_unit >= 2 * FC_PAINT_TICK_MIN_PX)
		step /= 2;
	return step;
}

/* DevTools: precision = max(0, -floor(log10(step × 1.01))). */
static int precision(double step)
{
	int d = -(int)floor(log10(step * 1.01));
	return d > 0 ? d : 0;
}

size_t fc_ruler_label(double value, double step, enum fc_ruler_unit unit, const char *suffix,
		      char *out, size_t size)
{
	char num[64];

	switch (unit) {
	case FC_RULER_MS:
		if (step >= 1000) {
			fc_format_grouped(value / 1000, precision(step / 1000), num, sizeof(num));
			return (size_t)snprintf(out, size, "%s" NBSP "s", num);
		}
		fc_format_grouped(value, precision(step), num, sizeof(num));
		return (size_t)snprintf(out, size, "%s" NBSP "ms", num);
	case FC_RULER_PERCENT:
		fc_format_grouped(value, precision(step), num, sizeof(num));
		return (size_t)snprintf(out, size, "%s%%", num);
	case FC_RULER_PLAIN:
	default:
		if (fc_unit_is_bytes(suffix))
			return fc_format_bytes(value, false, out, size);
		fc_format_grouped(value, precision(step), num, sizeof(num));
		if (suffix && suffix[0])
			return (size_t)snprintf(out, size, "%s" NBSP "%s", num, suffix);
		return (size_t)snprintf(out, size, "%s", num);
	}
}

/* The axis in ruler units: ms for time, % of the widest lane for a graph,
 * else the weight unit. x_per_unit converts a ruler value to layout x. */
static void axis(const struct fc_layout *l, double *span, double *x_per_unit,
		 enum fc_ruler_unit *unit)
{
	double x_span = l->x_max - l->x_min;

	if (l->mode == FC_MODE_GRAPH && l->options.per_thread && l->n_lanes > 1) {
		/* --per-thread lanes share one absolute scale (the heaviest lane
		 * fills the width): a % of that lane would misread every other
		 * lane, so the ruler is in time or samples */
		bool us = l->unit && strcmp(l->unit, "µs") == 0;
		*unit = us ? FC_RULER_MS : FC_RULER_PLAIN;
		*x_per_unit = us ? 1000 : 1;
	} else if (l->mode == FC_MODE_GRAPH) {
		*unit = FC_RULER_PERCENT;
		*x_per_unit = x_span / 100;
	} else if (l->has_time) {
		*unit = FC_RULER_MS;
		*x_per_unit = 1000; /* x is µs */
	} else {
		*unit = FC_RULER_PLAIN;
		*x_per_unit = 1;
	}
	*span = *x_per_unit > 0 ? x_span / *x_per_unit : 0;
}

/* Labels go on every tick unless the longest one (the last) would touch its
 * neighbour -- a long label on a narrow step, "0.0005 ms" 65 px apart --; then
 * on every 2nd, 5th or 10th tick, which keeps them on round values. */
static size_t label_every(struct fc_painter *p, double step, size_t n, enum fc_ruler_unit unit,
			  double px_per_unit)
{
	static const size_t choices[] = { 1, 2, 5, 10 };
	char label[96];
	size_t i;

	for (i = 0; i < sizeof(choices) / sizeof(choices[0]); i++) {
		size_t k = choices[i];
		fc_ruler_label(step * (double)(n ? n - 1 : 0), step * (double)k, unit,
			       p->layout->unit, label, sizeof(label));
		if (step * (double)k * px_per_unit >= fc_text_width(p->text, label) + 8)
			return k;
	}
	return 10;
}

/* One stretch of the axis between breaks: the ticks whose x (µs past the
 * left edge, u in ruler units) is in [u_lo, u_hi), on a clock off ruler
 * units ahead of u. The first stretch starts at the left edge; a later one
 * draws no label that would reach back over its break. */
struct stretch {
	double u_lo, u_hi, off;
	bool first;
};

static void ticks(struct fc_painter *p, bool grid, const struct stretch *st, double step,
		  double px_per_unit, size_t every, enum fc_ruler_unit unit)
{
	const struct fc_theme *t = p->theme;
	struct fc_draw *d = p->draw;
	double k0 = ceil((st->u_lo + st->off) / step - 1e-9), lo_px;
	char label[96];
	size_t i;

	lo_px = floor(st->u_lo * px_per_unit + FC_PAINT_EPSILON_PX);
	for (i = 0; i < MAX_TICKS; i++) {
		double v = step * (k0 + (double)i), u = v - st->off, x;
		if (u >= st->u_hi)
			break;
		/* the bars' own mapping (paint.c columns), so that a tick and a bar
		 * boundary at the same time share a column */
		x = floor(u * px_per_unit + FC_PAINT_EPSILON_PX);
		if (x > p->plot_w)
			break;
		if (grid) {
			d->ops->line(d->ctx, p->plot_x + x + 0.5, p->grid_top, p->plot_x + x + 0.5,
				     p->plot_bottom);
			continue;
		}
		if (((size_t)(k0 + (double)i)) % every)
			continue;
		fc_ruler_label(v, step * every, unit, p->layout->unit, label, sizeof(label));
		{
			double w = fc_text_width(p->text, label);
			double lx = p->plot_x + x - w - 4;
			/* DevTools hides what falls off the left edge */
			if (lx >= 0 && (st->first || lx >= p->plot_x + lo_px + 3))
				fc_text_draw(p, FC_TEXT_RULER, FC_FONT_TEXT, label, lx,
					     p->ruler_y + fc_paint_ruler_h(t) - 4, t->ruler_text,
					     FC_FIT_NONE, 0);
		}
	}
}

/* A break in the axis (--trim-idle): a grey line from the ruler to the
 * bottom of the plot where idle was cut out (one for breaks closer than
 * 3 px). */
static void break_marks(struct fc_painter *p, double px_per_x)
{
	const struct fc_layout *l = p->layout;
	struct fc_draw *d = p->draw;
	double prev = -10;
	size_t b;

	for (b = 0; b < l->options.n_breaks; b++) {
		double x = floor((l->options.breaks[b].at - l->x_min) * px_per_x +
				 FC_PAINT_EPSILON_PX);
		if (x < 0 || x > p->plot_w || x - prev < 3)
			continue;
		d->ops->line(d->ctx, p->plot_x + x + 0.5, p->grid_top, p->plot_x + x + 0.5,
			     p->plot_bottom);
		prev = x;
	}
	if (l->options.n_breaks)
		d->ops->stroke(d->ctx, p->theme->text_muted, 0.6, 1);
}

/* Draws the ruler labels, or (grid) the grid lines over the plot. */
void fc_paint_ruler(struct fc_painter *p, bool grid)
{
	const struct fc_layout *l = p->layout;
	const struct fc_theme *t = p->theme;
	struct fc_draw *d = p->draw;
	enum fc_ruler_unit unit;
	double span, x_per_unit, step, last, ppx, off;
	size_t every = 1, b, nb = l->mode == FC_MODE_CHART ? l->options.n_breaks : 0;
	struct stretch st;

	axis(l, &span, &x_per_unit, &unit);
	if (!(span > 0))
		return;
	ppx = p->plot_w / (l->x_max - l->x_min);
	step = fc_ruler_step(span, p->plot_w);
	/* ticks from the axis zero to one minimum gap past the end, as DevTools */
	last = span + FC_PAINT_TICK_MIN_PX * span / p->plot_w;
	/* a cropped chart keeps the profile's clock: its first tick is the
	 * first multiple of step at or after the left edge */
	off = l->x_zero < l->x_min && x_per_unit > 0 ? (l->x_min - l->x_zero) / x_per_unit : 0;
	if (!grid) {
		double clock_end = last + off;
		for (b = 0; b < nb; b++)
			clock_end += l->options.breaks[b].cut / x_per_unit;
		every = label_every(p, step, (size_t)ceil(clock_end / step), unit,
				    x_per_unit * ppx);
	}
	/* the stretches between breaks, each on the profiles' clock */
	st.u_lo = 0;
	st.off = off;
	st.first = true;
	for (b = 0; b <= nb; b++) {
		st.u_hi = b < nb ? (l->options.breaks[b].at - l->x_min) / x_per_unit : last;
		ticks(p, grid, &st, step, x_per_unit * ppx, every, unit);
		if (b < nb) {
			st.u_lo = st.u_hi;
			st.off += l->options.breaks[b].cut / x_per_unit;
			st.first = false;
		}
	}
	if (grid) {
		d->ops->stroke(d->ctx, t->grid, t->grid_alpha, 1);
		break_marks(p, ppx);
	}
}
