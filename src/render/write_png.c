/* PNG: the painter on a cairo image surface, encoded with libpng at zlib
 * level 1 and no row filter -- on flame charts (large flat areas) that is
 * several times faster than cairo's own writer for a file a little larger.
 * --scale is one cairo_scale before painting (HiDPI). */
#include <math.h>
#include <png.h>
#include <stdlib.h>
#include <string.h>

#include "flamechart/render.h"
#include "render/paint_internal.h"

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

/* Writes the RGB24 surface as an 8-bit RGB PNG. */
static bool encode(cairo_surface_t *s, struct fc_output *out, struct fc_error *err)
{
	int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
	int stride = cairo_image_surface_get_stride(s);
	const unsigned char *data = cairo_image_surface_get_data(s);
	unsigned char *row = malloc((size_t)w * 3);
	struct png_ctx ctx = { .out = out };
	png_structp png = NULL;
	png_infop info = NULL;
	int x, y;

	if (!row)
		goto nomem;
	png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &ctx, on_error, on_warning);
	if (!png)
		goto nomem;
	info = png_create_info_struct(png);
	if (!info)
		goto nomem;
	if (setjmp(png_jmpbuf(png))) {
		png_destroy_write_struct(&png, &info);
		free(row);
		/* a failed write (ENOSPC, EPIPE) stops the encoder too */
		if (out->failed)
			fc_error_set(err, FC_ERR_OUTPUT, "write error: %s",
				     strerror(out->errno_value));
		else
			fc_error_set(err, FC_ERR_OUTPUT, "PNG encoder: %s", ctx.message);
		return false;
	}
	png_set_write_fn(png, &ctx, on_write, on_flush);
	png_set_compression_level(png, 1);
	png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
	png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, 8, PNG_COLOR_TYPE_RGB,
		     PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
	png_write_info(png, info);
	for (y = 0; y < h; y++) {
		const uint32_t *px = (const uint32_t *)(const void *)(data + (size_t)y * stride);
		for (x = 0; x < w; x++) {
			/* RGB24: one native-endian 0x00RRGGBB word per pixel */
			row[3 * x] = (unsigned char)(px[x] >> 16);
			row[3 * x + 1] = (unsigned char)(px[x] >> 8);
			row[3 * x + 2] = (unsigned char)px[x];
		}
		png_write_row(png, row);
	}
	png_write_end(png, info);
	png_destroy_write_struct(&png, &info);
	free(row);
	return true;
nomem:
	if (png)
		png_destroy_write_struct(&png, info ? &info : NULL);
	free(row);
	fc_error_set(err, FC_ERR_NOMEM, "out of memory");
	return false;
}

bool fc_write_png(const struct fc_layout *l, const struct fc_style *st,
		  const struct fc_paint_options *o, struct fc_output *out, struct fc_error *err)
{
	struct fc_painter *p = fc_painter_create(l, st, o, err);
	double scale = o->scale > 0 ? o->scale : 1;
	cairo_surface_t *s = NULL;
	cairo_t *cr = NULL;
	double dw, dh;
	bool ok = false;
	int w, h;

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
	s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)dw, (int)dh);
	cr = cairo_create(s);
	if (cairo_status(cr) != CAIRO_STATUS_SUCCESS) {
		fc_error_set(err, FC_ERR_NOMEM, "cannot create a %.0f × %.0f image", dw, dh);
		goto done;
	}
	cairo_scale(cr, scale, scale); /* the one HiDPI transform */
	if (!fc_painter_paint(p, cr, err))
		goto done;
	cairo_surface_flush(s);
	ok = encode(s, out, err);
	ok = fc_paint_surface_done(s, out, ok, err);
done:
	if (cr)
		cairo_destroy(cr);
	if (s)
		cairo_surface_destroy(s);
	fc_painter_destroy(p);
	if (!ok)
		fc_paint_error_file(err, out);
	return ok;
}
