#include "model/screenshots.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>

#include "util/util.h"

void fc_screenshots_init(struct fc_screenshots *s)
{
	memset(s, 0, sizeof(*s));
	s->stride = 1;
}

void fc_screenshots_finish(struct fc_screenshots *s)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		free(s->items[i].jpeg);
	free(s->items);
	memset(s, 0, sizeof(*s));
}

void fc_screenshots_destroy(struct fc_screenshots *s)
{
	if (!s)
		return;
	fc_screenshots_finish(s);
	free(s);
}

bool fc_screenshots_wanted(const struct fc_screenshots *s)
{
	return s->seen % s->stride == 0;
}

void fc_screenshots_skip(struct fc_screenshots *s)
{
	s->seen++;
}

/* Drops every second one kept and keeps every second one from now on. */
static void thin(struct fc_screenshots *s)
{
	size_t i, k = 0;

	s->stride *= 2;
	s->bytes = 0;
	for (i = 0; i < s->n; i++) {
		if (i % 2) {
			free(s->items[i].jpeg);
			continue;
		}
		s->bytes += s->items[i].len;
		s->items[k++] = s->items[i];
	}
	s->n = k;
}

bool fc_screenshots_add(struct fc_screenshots *s, double ts_us, int64_t event, unsigned char *jpeg,
			size_t len, uint32_t width, uint32_t height)
{
	struct fc_screenshot *shot;

	s->seen++;
	if (!FC_GROW(s->items, s->cap, s->n + 1)) {
		free(jpeg);
		return false;
	}
	shot = &s->items[s->n++];
	shot->ts_us = ts_us;
	shot->event = event;
	shot->jpeg = jpeg;
	shot->len = len;
	shot->width = width;
	shot->height = height;
	s->bytes += len;
	/* the one just added stays: it is read at a multiple of the new
	 * stride only when the count before it was even */
	while (s->n > FC_SHOTS_KEEP || (s->bytes > FC_SHOTS_BYTES && s->n > 1))
		thin(s);
	return true;
}

static int by_time(const void *pa, const void *pb, void *ctx)
{
	const struct fc_screenshot *a = pa, *b = pb;
	(void)ctx;
	if (a->ts_us != b->ts_us)
		return a->ts_us < b->ts_us ? -1 : 1;
	return a->event < b->event ? -1 : a->event > b->event;
}

bool fc_screenshots_sort(struct fc_screenshots *s)
{
	return fc_sort(s->items, s->n, sizeof(*s->items), by_time, NULL);
}

size_t fc_screenshots_at(const struct fc_screenshots *s, double t_us)
{
	size_t lo = 0, hi = s->n;

	/* the first one at or after t */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (s->items[mid].ts_us < t_us)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo ? lo - 1 : SIZE_MAX;
}

/* --- JPEG ------------------------------------------------------------------ */

/* libjpeg's errors end in exit() unless the handler jumps out. */
struct jerr {
	struct jpeg_error_mgr mgr;
	jmp_buf jump;
	char msg[JMSG_LENGTH_MAX];
};

static void on_error(j_common_ptr c)
{
	struct jerr *e = (struct jerr *)c->err;

	c->err->format_message(c, e->msg);
	longjmp(e->jump, 1);
}

/* Level -1 is a warning about corrupt data (libjpeg would draw grey in its
 * place): refused as an error. Trace messages (level >= 0) are dropped. */
static void on_message(j_common_ptr c, int level)
{
	if (level < 0)
		on_error(c);
}

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define RGB24_SPACE JCS_EXT_BGRX
#else
#define RGB24_SPACE JCS_EXT_XRGB
#endif

/* Reads the header and starts decompressing at scale 1/denom; false with msg. */
static bool start(struct jpeg_decompress_struct *d, const unsigned char *data, size_t len,
		  unsigned denom, char *msg, size_t size)
{
	if (len > FC_SHOT_MAX_BYTES) {
		snprintf(msg, size, "%zu bytes, more than the %zu a screenshot may have", len,
			 FC_SHOT_MAX_BYTES);
		return false;
	}
	jpeg_mem_src(d, data, (unsigned long)len);
	jpeg_read_header(d, TRUE);
	if (d->image_width > FC_SHOT_MAX_SIDE || d->image_height > FC_SHOT_MAX_SIDE) {
		snprintf(msg, size, "%u × %u px, larger than %u px a side", d->image_width,
			 d->image_height, FC_SHOT_MAX_SIDE);
		return false;
	}
	d->out_color_space = RGB24_SPACE;
	d->scale_num = 1;
	d->scale_denom = denom;
	d->dct_method = JDCT_ISLOW;
	jpeg_start_decompress(d);
	return true;
}

/* The body of fc_jpeg_check and fc_jpeg_decode, behind one setjmp: out
 * NULL only checks. */
static bool run(const unsigned char *data, size_t len, uint32_t min_h, struct fc_image *out,
		uint32_t *width, uint32_t *height, char *msg, size_t size)
{
	struct jpeg_decompress_struct d;
	struct jerr e;
	/* volatile: changed between setjmp and longjmp */
	uint32_t *volatile px = NULL;
	unsigned char *volatile row = NULL;
	volatile bool ok = false;

	memset(&d, 0, sizeof(d));
	d.err = jpeg_std_error(&e.mgr);
	e.mgr.error_exit = on_error;
	e.mgr.emit_message = on_message;
	e.msg[0] = '\0';
	if (setjmp(e.jump)) {
		snprintf(msg, size, "%s", e.msg[0] ? e.msg : "not a JPEG");
		goto out;
	}
	jpeg_create_decompress(&d);
	if (!out) {
		if (!start(&d, data, len, 8, msg, size))
			goto out;
		*width = d.image_width;
		*height = d.image_height;
		if (!(row = malloc((size_t)d.output_width * 4))) {
			snprintf(msg, size, "out of memory");
			goto out;
		}
		while (d.output_scanline < d.output_height) {
			JSAMPROW r = row;
			jpeg_read_scanlines(&d, &r, 1);
		}
	} else {
		unsigned denom = 1;
		uint32_t h;

		/* the smallest scale that keeps min_h rows */
		jpeg_mem_src(&d, data, (unsigned long)len);
		if (len <= FC_SHOT_MAX_BYTES) {
			jpeg_read_header(&d, TRUE);
			h = d.image_height;
			while (min_h && denom < 8 && (h + 2 * denom - 1) / (2 * denom) >= min_h)
				denom *= 2;
			jpeg_abort_decompress(&d);
		}
		if (!start(&d, data, len, denom, msg, size))
			goto out;
		if (!(px = malloc((size_t)d.output_width * d.output_height * 4))) {
			snprintf(msg, size, "out of memory");
			goto out;
		}
		while (d.output_scanline < d.output_height) {
			JSAMPROW r = (JSAMPROW)(px + (size_t)d.output_scanline * d.output_width);
			jpeg_read_scanlines(&d, &r, 1);
		}
		out->px = px;
		out->width = d.output_width;
		out->height = d.output_height;
		px = NULL;
	}
	jpeg_finish_decompress(&d);
	ok = true;
out:
	jpeg_destroy_decompress(&d);
	free(px);
	free(row);
	return ok;
}

bool fc_jpeg_check(const unsigned char *data, size_t len, uint32_t *width, uint32_t *height,
		   char *msg, size_t size)
{
	return run(data, len, 0, NULL, width, height, msg, size);
}

bool fc_jpeg_decode(const unsigned char *data, size_t len, uint32_t min_h, struct fc_image *out,
		    char *msg, size_t size)
{
	memset(out, 0, sizeof(*out));
	return run(data, len, min_h, out, NULL, NULL, msg, size);
}
