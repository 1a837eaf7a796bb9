/* PNG: the painter on a cairo image surface, encoded with libpng at zlib
 * level 1 and no row filter -- on flame charts (large flat areas) that is
 * several times faster than cairo's own writer for a file a little larger.
 * --scale is one cairo_scale before painting (HiDPI). */
#include <math.h>
#include <png.h>
#include <stdlib.h>
#include <string.h>

#include "render/render.h"
#include "render/paint_internal.h"
#include "util/util.h"
#include "model/profile.h"

/* cairo's image surfaces stop at 32767 px a side; 512 MiB of pixels is our
 * own bound on memory. */
#define MAX_SIDE 32767
#define MAX_PIXELS ((size_t)128 << 20)

struct png_ctx {
	struct fc_output *out;
	char message[256];
};

static void on_error(png_structp png, png_const_charp msg)
{
	struct png_ctx *c = png_get_error_ptr(png);

	snprintf(c->message, sizeof(c->message), "%s", msg);
	png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp msg)
{
	(void)png;
	(void)msg; /* the library never prints */
}

static void on_write(png_structp png, png_bytep data, png_size_t len)
{
	struct png_ctx *c = png_get_io_ptr(png);

	if (!fc_output_write(c->out, data, len))
		png_error(png, "write error");
}

static void on_flush(png_structp png)
{
	(void)png;
}

/* The image is painted and encoded in horizontal bands of at most this many
 * bytes of pixels: a tall chart does not hold its whole bitmap at once. */
#define BAND_BYTES ((size_t)2 << 20)

struct encoder {
	png_structp png;
	png_infop info;
	unsigned char *row;
	struct png_ctx ctx;
};

/* Converts rows [0, rows) of the RGB24 band to RGB and hands them to
 * libpng. Called inside the setjmp of fc_write_png. */
static void encode_band(struct encoder *e, cairo_surface_t *s, int rows)
{
	int w = cairo_image_surface_get_width(s), stride = cairo_image_surface_get_stride(s);
	const unsigned char *data = cairo_image_surface_get_data(s);
	int x, y;

	for (y = 0; y < rows; y++) {
		const uint32_t *px = (const uint32_t *)(const void *)(data + (size_t)y * stride);
		for (x = 0; x < w; x++) {
			/* RGB24: one native-endian 0x00RRGGBB word per pixel */
			e->row[3 * x] = (unsigned char)(px[x] >> 16);
			e->row[3 * x + 1] = (unsigned char)(px[x] >> 8);
			e->row[3 * x + 2] = (unsigned char)px[x];
		}
		png_write_row(e->png, e->row);
	}
}

/* Paints the band of the image that starts at device row y0 into s. */
static bool paint_band(struct fc_painter *p, cairo_surface_t *s, double scale, int y0,
		       struct fc_error *err)
{
	cairo_t *cr = cairo_create(s);
	bool ok;

	if (cairo_status(cr) != CAIRO_STATUS_SUCCESS) {
		cairo_destroy(cr);
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	cairo_translate(cr, 0, -y0);   /* whole device pixels: the same pixels as one pass */
	cairo_scale(cr, scale, scale); /* the one HiDPI transform */
	ok = fc_painter_paint(p, cr, err);
	cairo_destroy(cr);
	cairo_surface_flush(s);
	return ok;
}

bool fc_write_png_bands(const struct fc_layout *l, const struct fc_style *st,
			const struct fc_paint_options *o, size_t band_bytes, struct fc_output *out,
			struct fc_error *err)
{
	struct fc_painter *p = fc_painter_create(l, st, o, err);
	double scale = o->scale > 0 ? o->scale : 1;
	struct encoder e = { .ctx = { .out = out } };
	cairo_surface_t *volatile s = NULL;
	volatile bool ok = false;
	double dw, dh;
	int w, h, band, y0;

	if (!p) {
		fc_paint_error_file(err, out);
		return false;
	}
	fc_painter_size(p, &w, &h);
	dw = ceil(w * scale);
	dh = ceil(h * scale);
	if (dw > MAX_SIDE || dh > MAX_SIDE || dw * dh > (double)MAX_PIXELS) {
		fc_error_set(err, FC_ERR_OUTPUT,
			     "the PNG would be %.0f × %.0f pixels, more than %d a side or %zu "
			     "in all; use SVG or PDF, or a smaller --width or --scale",
			     dw, dh, MAX_SIDE, MAX_PIXELS);
		goto done;
	}
	band = (int)(band_bytes / ((size_t)dw * 4));
	if (band < 16)
		band = 16;
	if (band > (int)dh)
		band = (int)dh;
	s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)dw, band);
	e.row = malloc((size_t)dw * 3);
	e.png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &e.ctx, on_error, on_warning);
	e.info = e.png ? png_create_info_struct(e.png) : NULL;
	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS || !e.row || !e.info) {
		fc_error_set(err, FC_ERR_NOMEM, "cannot create a %.0f × %d image", dw, band);
		goto done;
	}
	if (setjmp(png_jmpbuf(e.png))) {
		/* a failed write (ENOSPC, EPIPE) stops the encoder too */
		if (out->failed)
			fc_error_set(err, FC_ERR_OUTPUT, "write error: %s",
				     strerror(out->errno_value));
		else
			fc_error_set(err, FC_ERR_OUTPUT, "PNG encoder: %s", e.ctx.message);
		ok = false;
		goto done;
	}
	png_set_write_fn(e.png, &e.ctx, on_write, on_flush);
	png_set_compression_level(e.png, 1);
	png_set_filter(e.png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
	png_set_IHDR(e.png, e.info, (png_uint_32)dw, (png_uint_32)dh, 8, PNG_COLOR_TYPE_RGB,
		     PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
	png_write_info(e.png, e.info);
	for (y0 = 0; y0 < (int)dh; y0 += band) {
		int rows = (int)dh - y0 < band ? (int)dh - y0 : band;
		if (!paint_band(p, s, scale, y0, err))
			goto done;
		encode_band(&e, s, rows);
	}
	png_write_end(e.png, e.info);
	ok = fc_paint_surface_done(s, out, true, err);
done:
	if (e.png)
		png_destroy_write_struct(&e.png, e.info ? &e.info : NULL);
	free(e.row);
	if (s)
		cairo_surface_destroy(s);
	fc_painter_destroy(p);
	if (!ok)
		fc_paint_error_file(err, out);
	return ok;
}

bool fc_write_png(const struct fc_layout *l, const struct fc_style *st,
		  const struct fc_paint_options *o, struct fc_output *out, struct fc_error *err)
{
	return fc_write_png_bands(l, st, o, BAND_BYTES, out, err);
}
