/* The cairo back end (docs/rendering.md): the painter's operations drawn on a
 * cairo_t -- an image band for PNG, the PDF surface, or cairo's SVG surface.
 * Paths are cairo paths and text is the painter's pango layouts, so what is
 * drawn is what the painter drew on cairo directly before the back ends were
 * split: the same pixels, and real text in the PDF. */
#include <string.h>

#include "render/paint_internal.h"
#include "model/profile.h"

static void c_visible(void *ctx, double *y0, double *y1)
{
	struct fc_draw_cairo *d = ctx;
	double x0, x1;

	cairo_clip_extents(d->cr, &x0, y0, &x1, y1);
}

static void c_layer(void *ctx, enum fc_layer layer)
{
	(void)ctx;
	(void)layer;
}

static void c_rect(void *ctx, double x, double y, double w, double h)
{
	struct fc_draw_cairo *d = ctx;

	cairo_rectangle(d->cr, x, y, w, h);
}

static void c_line(void *ctx, double x0, double y0, double x1, double y1)
{
	struct fc_draw_cairo *d = ctx;

	cairo_move_to(d->cr, x0, y0);
	cairo_line_to(d->cr, x1, y1);
}

static void c_fill(void *ctx, struct fc_rgb c, double alpha)
{
	struct fc_draw_cairo *d = ctx;

	fc_set_rgb(d->cr, c, alpha);
	cairo_fill(d->cr);
}

static void c_fill_gradient(void *ctx, struct fc_rgb a, struct fc_rgb b, double y0, double y1)
{
	struct fc_draw_cairo *d = ctx;
	cairo_pattern_t *g = cairo_pattern_create_linear(0, y0, 0, y1);

	cairo_pattern_add_color_stop_rgb(g, 0, a.r / 255.0, a.g / 255.0, a.b / 255.0);
	cairo_pattern_add_color_stop_rgb(g, 1, b.r / 255.0, b.g / 255.0, b.b / 255.0);
	cairo_set_source(d->cr, g);
	cairo_fill(d->cr);
	cairo_pattern_destroy(g);
}

static void c_stroke(void *ctx, struct fc_rgb c, double alpha, double width)
{
	struct fc_draw_cairo *d = ctx;

	cairo_save(d->cr);
	cairo_set_line_width(d->cr, width);
	fc_set_rgb(d->cr, c, alpha);
	cairo_stroke(d->cr);
	cairo_restore(d->cr);
}

static void c_text(void *ctx, const struct fc_text_run *run)
{
	struct fc_draw_cairo *d = ctx;

	fc_text_show_run(d->painter, d->cr, run);
}

static void c_group_begin(void *ctx, const struct fc_frame_meta *m)
{
	(void)ctx;
	(void)m;
}

static void c_group_end(void *ctx)
{
	(void)ctx;
}

static void c_image(void *ctx, const struct fc_draw_image *img, double x, double y, double w,
		    double h)
{
	struct fc_draw_cairo *d = ctx;
	cairo_surface_t *s;

	unsigned char *data;
	int stride;
	uint32_t row;

	/* a surface of cairo's own: a PDF keeps it until the page is written */
	s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)img->width, (int)img->height);
	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(s);
		return;
	}
	cairo_surface_flush(s);
	data = cairo_image_surface_get_data(s);
	stride = cairo_image_surface_get_stride(s);
	for (row = 0; row < img->height; row++)
		memcpy(data + (size_t)row * (size_t)stride, img->px + (size_t)row * img->width,
		       (size_t)img->width * 4);
	cairo_surface_mark_dirty(s);
	cairo_save(d->cr);
	cairo_rectangle(d->cr, x, y, w, h);
	cairo_clip(d->cr);
	cairo_translate(d->cr, x, y);
	cairo_scale(d->cr, w / img->width, h / img->height);
	cairo_set_source_surface(d->cr, s, 0, 0);
	cairo_pattern_set_filter(cairo_get_source(d->cr), CAIRO_FILTER_GOOD);
	cairo_paint(d->cr);
	cairo_restore(d->cr);
	cairo_surface_destroy(s);
}

static const struct fc_draw_ops cairo_ops = {
	.visible = c_visible,
	.layer = c_layer,
	.rect = c_rect,
	.line = c_line,
	.fill = c_fill,
	.fill_gradient = c_fill_gradient,
	.stroke = c_stroke,
	.text = c_text,
	.group_begin = c_group_begin,
	.group_end = c_group_end,
	.image = c_image,
};

void fc_draw_cairo_init(struct fc_draw_cairo *d, struct fc_painter *p, cairo_t *cr)
{
	d->draw.ops = &cairo_ops;
	d->draw.ctx = d;
	d->draw.groups = false;
	d->draw.metrics = false;
	d->painter = p;
	d->cr = cr;
}
