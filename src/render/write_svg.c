/* SVG: the painter on cairo's SVG surface, written through fc_output. Sizes
 * are in px (not cairo's default pt), so that 1 px of the image is 1 CSS px
 * in a browser and in rsvg-convert.
 *
 * cairo names surfaces in the SVG ("surface42") from a counter shared by the
 * whole process, so the same image drawn second in a process (report -j N)
 * would differ in those names. The document is collected in memory (its
 * size is bounded by pixels) and the names renumbered in order of first
 * appearance before it is written: same input, same bytes. */
#include <stdlib.h>
#include <string.h>

#include <cairo-svg.h>

#include "render/render.h"
#include "render/paint_internal.h"
#include "util/util.h"
#include "model/profile.h"
#include "util/buf.h"

static cairo_status_t collect(void *closure, const unsigned char *data, unsigned int length)
{
	struct fc_buf *b = closure;

	fc_buf_add(b, data, length);
	return b->failed ? CAIRO_STATUS_NO_MEMORY : CAIRO_STATUS_SUCCESS;
}

/* Writes b to out with every "surface<N>" renumbered from 1 in order of
 * first appearance (ids and the references to them change together). */
static bool write_renumbered(const struct fc_buf *b, struct fc_output *out)
{
	static const char word[] = "surface";
	const size_t wl = sizeof(word) - 1;
	unsigned long *seen = NULL;
	size_t n_seen = 0, cap = 0, i = 0, from = 0;

	while (i + wl < b->len) {
		const unsigned char *p = (const unsigned char *)b->data + i;
		size_t j = i + wl, k;
		unsigned long v = 0;

		if (memcmp(p, word, wl) != 0 || b->data[j] < '0' || b->data[j] > '9') {
			i++;
			continue;
		}
		while (j < b->len && b->data[j] >= '0' && b->data[j] <= '9' && v < 100000000UL)
			v = v * 10 + (b->data[j++] - '0');
		for (k = 0; k < n_seen && seen[k] != v; k++)
			;
		if (k == n_seen) {
			if (!FC_GROW(seen, cap, n_seen + 1)) {
				free(seen);
				return false;
			}
			seen[n_seen++] = v;
		}
		fc_output_write(out, b->data + from, i + wl - from);
		fc_output_printf(out, "%zu", k + 1);
		i = from = j;
	}
	fc_output_write(out, b->data + from, b->len - from);
	free(seen);
	return !out->failed;
}

bool fc_write_svg_cairo(const struct fc_layout *l, const struct fc_style *st,
			const struct fc_paint_options *o, struct fc_output *out,
			struct fc_error *err)
{
	struct fc_painter *p = fc_painter_create(l, st, o, err);
	struct fc_buf buf = { 0 };
	cairo_surface_t *s;
	cairo_t *cr;
	bool ok;
	int w, h;

	if (!p) {
		fc_paint_error_file(err, out);
		return false;
	}
	fc_painter_size(p, &w, &h);
	s = cairo_svg_surface_create_for_stream(collect, &buf, w, h);
	cairo_svg_surface_set_document_unit(s, CAIRO_SVG_UNIT_PX);
	cr = cairo_create(s);
	ok = fc_painter_paint(p, cr, err);
	cairo_destroy(cr);
	cairo_surface_finish(s);
	if (ok && buf.failed) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		ok = false;
	}
	if (ok && !write_renumbered(&buf, out) && !out->failed) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		ok = false;
	}
	ok = fc_paint_surface_done(s, out, ok, err);
	cairo_surface_destroy(s);
	fc_painter_destroy(p);
	fc_buf_free(&buf);
	if (!ok)
		fc_paint_error_file(err, out);
	return ok;
}
