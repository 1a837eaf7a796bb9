/* Text with pango-cairo: one context whose font options are set explicitly,
 * so that every surface (image, SVG, PDF) and every --scale measures text
 * the same and images are stable; four layouts reused for every string. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "render/paint_internal.h"
#include "util/util.h"
#include "model/profile.h"

/* Text metrics must not depend on the surface: hint metrics off and glyph
 * positions unrounded make widths the same in user space on every backend
 * and scale. Antialiasing is grey (no colour fringes in shared images);
 * hinting none, so that the PNG matches the vector outputs' unhinted
 * outlines. */
static void set_font_options(PangoContext *ctx)
{
	cairo_font_options_t *fo = cairo_font_options_create();

	cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_GRAY);
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_subpixel_order(fo, CAIRO_SUBPIXEL_ORDER_RGB);
	pango_cairo_context_set_font_options(ctx, fo);
	cairo_font_options_destroy(fo);
	pango_context_set_round_glyph_positions(ctx, FALSE);
}

static PangoLayout *new_layout(PangoContext *ctx, const char *family, double size_px, bool bold)
{
	PangoLayout *l = pango_layout_new(ctx);
	PangoFontDescription *fd;

	if (!l)
		return NULL;
	fd = pango_font_description_new();
	pango_font_description_set_family(fd, family);
	pango_font_description_set_weight(fd, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
	/* absolute: size in device units (px), independent of any dpi */
	pango_font_description_set_absolute_size(fd, size_px * PANGO_SCALE);
	pango_layout_set_font_description(l, fd);
	pango_font_description_free(fd);
	pango_layout_set_single_paragraph_mode(l, TRUE);
	return l;
}

bool fc_text_init(struct fc_painter *p, struct fc_error *err)
{
	const struct fc_theme *t = p->theme;
	const char *family = t->font_family && t->font_family[0] ? t->font_family : "sans-serif";
	double size = t->font_size_px > 0 ? t->font_size_px : 11;

	p->scratch = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1);
	p->scratch_cr = cairo_create(p->scratch);
	if (cairo_status(p->scratch_cr) != CAIRO_STATUS_SUCCESS)
		goto fail;
	p->pango = pango_cairo_create_context(p->scratch_cr);
	if (!p->pango)
		goto fail;
	set_font_options(p->pango);
	p->text = new_layout(p->pango, family, size, false);
	p->bold = new_layout(p->pango, family, size, true);
	p->big = new_layout(p->pango, family, fc_paint_title_px(t), true);
	p->sub = new_layout(p->pango, family, fc_paint_subtitle_px(t), false);
	if (!p->text || !p->bold || !p->big || !p->sub)
		goto fail;
	p->ellipsis_w = fc_text_width(p->text, "\xe2\x80\xa6");
	return true;
fail:
	fc_error_set(err, FC_ERR_NOMEM, "cannot set up text rendering");
	fc_text_finish(p);
	return false;
}

void fc_text_finish(struct fc_painter *p)
{
	PangoLayout **layouts[] = { &p->text, &p->bold, &p->big, &p->sub };
	size_t i;

	for (i = 0; i < sizeof(layouts) / sizeof(layouts[0]); i++) {
		if (*layouts[i])
			g_object_unref(*layouts[i]);
		*layouts[i] = NULL;
	}
	if (p->pango)
		g_object_unref(p->pango);
	p->pango = NULL;
	if (p->scratch_cr)
		cairo_destroy(p->scratch_cr);
	p->scratch_cr = NULL;
	if (p->scratch)
		cairo_surface_destroy(p->scratch);
	p->scratch = NULL;
}

/* Points the context at cr (its transform and surface) and re-applies our
 * font options over the surface's defaults. */
void fc_text_target(struct fc_painter *p, cairo_t *cr)
{
	pango_cairo_update_context(cr, p->pango);
	set_font_options(p->pango);
	pango_layout_context_changed(p->text);
	pango_layout_context_changed(p->bold);
	pango_layout_context_changed(p->big);
	pango_layout_context_changed(p->sub);
}

/* Every string reaches pango through here. The model's strings are clean
 * already (the string pool sanitises), but titles, lane names and options
 * come from elsewhere: pango must never see invalid UTF-8 (it warns on
 * stderr and drops the text) nor control characters. */
static void set_text(PangoLayout *layout, const char *s)
{
	size_t n = strlen(s);
	char *clean;

	if (fc_utf8_clean(s, n)) {
		pango_layout_set_text(layout, s, (int)(n < INT_MAX ? n : INT_MAX));
		return;
	}
	clean = fc_strdup_clean(s);
	pango_layout_set_text(layout, clean ? clean : "", -1);
	free(clean);
}

double fc_text_width(PangoLayout *layout, const char *s)
{
	PangoRectangle logical;

	set_text(layout, s);
	pango_layout_get_extents(layout, NULL, &logical);
	return (double)logical.width / PANGO_SCALE;
}

void fc_set_rgb(cairo_t *cr, struct fc_rgb c, double alpha)
{
	if (alpha >= 1)
		cairo_set_source_rgb(cr, c.r / 255.0, c.g / 255.0, c.b / 255.0);
	else
		cairo_set_source_rgba(cr, c.r / 255.0, c.g / 255.0, c.b / 255.0, alpha);
}

static void text_show(cairo_t *cr, PangoLayout *layout, const char *s, double x, double baseline,
		      struct fc_rgb c)
{
	set_text(layout, s);
	fc_set_rgb(cr, c, 1);
	cairo_move_to(cr, x, baseline - (double)pango_layout_get_baseline(layout) / PANGO_SCALE);
	pango_cairo_show_layout(cr, layout);
}

static double measure_label(void *ctx, const char *s)
{
	return fc_text_width(ctx, s);
}

size_t fc_text_fit(struct fc_painter *p, const char *s, double max_width, char *out, size_t size)
{
	return fc_label_fit(s, max_width, measure_label, p->text, out, size);
}

size_t fc_text_fit_front(struct fc_painter *p, const char *s, double max_width, char *out,
			 size_t size)
{
	return fc_label_fit_front(s, max_width, measure_label, p->text, out, size);
}

PangoLayout *fc_text_layout(struct fc_painter *p, enum fc_font font)
{
	switch (font) {
	case FC_FONT_BOLD:
		return p->bold;
	case FC_FONT_TITLE:
		return p->big;
	case FC_FONT_SUB:
		return p->sub;
	case FC_FONT_TEXT:
	default:
		return p->text;
	}
}

void fc_text_show_run(struct fc_painter *p, cairo_t *cr, const struct fc_text_run *run)
{
	PangoLayout *layout = fc_text_layout(p, run->font);

	if (run->fit == FC_FIT_NONE) {
		text_show(cr, layout, run->shown, run->x, run->baseline, run->color);
		return;
	}
	pango_layout_set_width(layout, (int)(run->max_width * PANGO_SCALE));
	pango_layout_set_ellipsize(layout, run->fit == FC_FIT_END ? PANGO_ELLIPSIZE_END
								  : PANGO_ELLIPSIZE_MIDDLE);
	text_show(cr, layout, run->text, run->x, run->baseline, run->color);
	pango_layout_set_width(layout, -1);
	pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_NONE);
}

/* s cut at the end to at most max_width with "…", by bisection on the
 * number of code points kept (pango's own end ellipsis, for back ends that
 * draw no pango layouts). */
static void fit_end(PangoLayout *layout, const char *s, double max_width, char *out, size_t size)
{
	/* byte end of k code points; only what fits out (with "…") can be
	 * kept, so no allocation: a failed one left the label empty */
	size_t ends[1024], len = strlen(s), lo = 0, hi = 0, i;

	out[0] = '\0';
	if (size > sizeof(ends) / sizeof(ends[0]))
		size = sizeof(ends) / sizeof(ends[0]);
	if (size < 5)
		return;
	ends[0] = 0;
	for (i = 0; i < len && hi + 2 < size;) {
		size_t next = i + fc_utf8_seqlen((unsigned char)s[i]);
		if (next > len)
			next = len;
		if (next + 4 > size)
			break;
		i = next;
		ends[++hi] = i;
	}
	/* the largest k with width(s[0..k] + "…") <= max_width */
	while (lo < hi) {
		size_t k = (lo + hi + 1) / 2;
		snprintf(out, size, "%.*s\xe2\x80\xa6", (int)ends[k], s);
		if (fc_text_width(layout, out) <= max_width)
			lo = k;
		else
			hi = k - 1;
	}
	snprintf(out, size, "%.*s\xe2\x80\xa6", (int)ends[lo], s);
}

static double measure_with(void *ctx, const char *s)
{
	return fc_text_width(ctx, s);
}

void fc_text_draw(struct fc_painter *p, enum fc_text_role role, enum fc_font font, const char *s,
		  double x, double baseline, struct fc_rgb c, enum fc_fit fit, double max_width)
{
	struct fc_draw *d = p->draw;
	struct fc_text_run run = {
		.text = s,
		.shown = s,
		.max_width = max_width,
		.fit = fit,
		.font = font,
		.role = role,
		.x = x,
		.baseline = baseline,
		.color = c,
	};
	char cut[1024];

	if (d->metrics) {
		PangoLayout *layout = fc_text_layout(p, font);
		run.width = fc_text_width(layout, s);
		if (fit != FC_FIT_NONE && run.width > max_width) {
			if (fit == FC_FIT_END)
				fit_end(layout, s, max_width, cut, sizeof(cut));
			else
				fc_label_fit(s, max_width, measure_with, layout, cut, sizeof(cut));
			run.shown = cut;
			run.width = fc_text_width(layout, cut);
		}
	}
	d->ops->text(d->ctx, &run);
}
