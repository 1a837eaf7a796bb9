/* SVG: the painter on cairo's SVG surface, written through fc_output. Sizes
 * are in px (not cairo's default pt), so that 1 px of the image is 1 CSS px
 * in a browser and in rsvg-convert. */
#include <cairo-svg.h>

#include "flamechart/render.h"
#include "render/paint_internal.h"

bool fc_write_svg(const struct fc_layout *l, const struct fc_style *st,
		  const struct fc_paint_options *o, struct fc_output *out, struct fc_error *err)
{
	struct fc_painter *p = fc_painter_create(l, st, o, err);
	cairo_surface_t *s;
	cairo_t *cr;
	bool ok;
	int w, h;

	if (!p) {
		fc_paint_error_file(err, out);
		return false;
	}
	fc_painter_size(p, &w, &h);
	s = cairo_svg_surface_create_for_stream(fc_paint_stream_write, out, w, h);
	cairo_svg_surface_set_document_unit(s, CAIRO_SVG_UNIT_PX);
	cr = cairo_create(s);
	ok = fc_painter_paint(p, cr, err);
	cairo_destroy(cr);
	cairo_surface_finish(s);
	ok = fc_paint_surface_done(s, out, ok, err);
	cairo_surface_destroy(s);
	fc_painter_destroy(p);
	if (!ok)
		fc_paint_error_file(err, out);
	return ok;
}
