/* The filmstrip of a trace's screenshots (--screenshots, docs/rendering.md):
 * a band between the ruler and the lanes of a chart, thumbnails of one
 * height side by side, each the screenshot current at the middle of its
 * slot, as DevTools' filmstrip picks them. Only the screenshots shown are
 * decoded, each once, scaled down by libjpeg as far as the thumbnail
 * allows. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "render/paint_internal.h"
#include "model/profile.h"
#include "model/screenshots.h"

struct fc_film_slot {
	double x;   /* left edge, px */
	size_t pic; /* index in film->pics, SIZE_MAX for an empty slot */
};

struct fc_film {
	const struct fc_screenshots *shots;
	double y, thumb_w, thumb_h;
	struct fc_film_slot *slots;
	size_t n_slots;
	struct fc_draw_image *pics; /* one per run of slots showing one screenshot */
	struct fc_image *images;    /* their pixels; px NULL when it did not decode */
	size_t n_pics;
};

/* The screenshots a chart draws: on one of its lanes' profiles, on the
 * trace's own clock (not shifted by --trim-idle's breaks or by several
 * inputs' clocks). */
static const struct fc_screenshots *chart_shots(const struct fc_layout *l)
{
	size_t i, j;

	if (l->mode != FC_MODE_CHART || !l->has_time || l->options.n_breaks ||
	    l->options.clocks > 1 || !(l->x_max > l->x_min))
		return NULL;
	for (i = 0; i < l->n_lanes; i++)
		for (j = 0; j < l->lanes[i].n_sources; j++) {
			const struct fc_screenshots *s = l->lanes[i].sources[j]->screenshots;
			if (s && s->n)
				return s;
		}
	return NULL;
}

void fc_film_finish(struct fc_painter *p)
{
	struct fc_film *f = p->film;
	size_t i;

	if (!f)
		return;
	for (i = 0; i < f->n_pics; i++)
		free(f->images[i].px);
	free(f->images);
	free(f->pics);
	free(f->slots);
	free(f);
	p->film = NULL;
}

/* Decodes the screenshot of each run of slots. */
static bool decode(struct fc_film *f, double scale)
{
	uint32_t min_h = (uint32_t)ceil(f->thumb_h * (scale > 1 ? scale : 1));
	size_t i;

	for (i = 0; i < f->n_pics; i++) {
		const struct fc_screenshot *s = &f->shots->items[f->pics[i].id];
		struct fc_image *img = &f->images[i];
		char msg[200];

		/* each was checked when read: a failure here is memory */
		if (!fc_jpeg_decode(s->jpeg, s->len, min_h, img, msg, sizeof(msg)) &&
		    strcmp(msg, "out of memory") == 0)
			return false;
		f->pics[i].px = img->px;
		f->pics[i].width = img->width;
		f->pics[i].height = img->height;
		f->pics[i].jpeg = s->jpeg;
		f->pics[i].len = s->len;
	}
	return true;
}

bool fc_film_place(struct fc_painter *p, double y, double *bottom)
{
	const struct fc_layout *l = p->layout;
	const struct fc_screenshots *s = chart_shots(l);
	struct fc_film *f;
	double aspect, pitch, ppu;
	size_t k, last = SIZE_MAX;

	fc_film_finish(p);
	*bottom = y;
	if (!s)
		return true;
	if (!(f = calloc(1, sizeof(*f))))
		return false;
	p->film = f;
	f->shots = s;
	f->y = y;
	f->thumb_h = FC_PAINT_FILM_H;
	aspect = s->items[0].height ? (double)s->items[0].width / s->items[0].height : 1;
	aspect = aspect < 0.25 ? 0.25 : aspect > 4 ? 4 : aspect;
	/* DevTools' overview: the width rounded up, 2 px either side */
	f->thumb_w = ceil(f->thumb_h * aspect);
	pitch = f->thumb_w + FC_PAINT_FILM_PAD;
	f->n_slots = (size_t)floor(p->plot_w / pitch);
	if (!f->n_slots)
		f->n_slots = 1;
	f->slots = calloc(f->n_slots, sizeof(*f->slots));
	f->pics = calloc(f->n_slots, sizeof(*f->pics));
	f->images = calloc(f->n_slots, sizeof(*f->images));
	if (!f->slots || !f->pics || !f->images)
		return false;
	ppu = p->plot_w / (l->x_max - l->x_min);
	for (k = 0; k < f->n_slots; k++) {
		double x = FC_PAINT_FILM_PAD / 2 + (double)k * pitch;
		size_t shot = fc_screenshots_at(s, l->x_min + (x + f->thumb_w / 2) / ppu);

		f->slots[k].x = p->plot_x + x;
		f->slots[k].pic = SIZE_MAX;
		if (shot == SIZE_MAX)
			continue;
		/* the screenshot at a later time is never an earlier one: a run
		 * of slots that show one screenshot is one picture */
		if (shot != last) {
			f->pics[f->n_pics].id = shot;
			f->n_pics++;
			last = shot;
		}
		f->slots[k].pic = f->n_pics - 1;
	}
	if (!decode(f, p->opts.scale))
		return false;
	*bottom = y + f->thumb_h + FC_PAINT_FILM_GAP;
	return true;
}

void fc_film_paint(struct fc_painter *p)
{
	static const struct fc_rgb frame_grey = { 0xdd, 0xdd, 0xdd };
	const struct fc_film *f = p->film;
	struct fc_draw *d = p->draw;
	size_t k;

	if (!f || f->y > p->clip_y1 || f->y + f->thumb_h < p->clip_y0)
		return;
	for (k = 0; k < f->n_slots; k++) {
		const struct fc_film_slot *sl = &f->slots[k];
		if (sl->pic == SIZE_MAX)
			continue;
		if (f->pics[sl->pic].px && d->ops->image)
			d->ops->image(d->ctx, &f->pics[sl->pic], sl->x, f->y, f->thumb_w,
				      f->thumb_h);
		/* the hairline frame the panel draws round each thumbnail (#ddd) */
		d->ops->rect(d->ctx, sl->x - 0.5, f->y - 0.5, f->thumb_w + 1, f->thumb_h + 1);
		d->ops->stroke(d->ctx, frame_grey, 1, 1);
	}
}
