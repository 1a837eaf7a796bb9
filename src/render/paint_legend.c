/* The legend under the chart: a heading, then entries (swatch, label, share)
 * flowing left to right and wrapping at the plot width. Placed once when
 * the painter is created (the image height depends on it), drawn later. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/paint_internal.h"
#include "util/util.h"
#include "model/profile.h"

#define LABEL_MAX_PX 320 /* long labels are cut to this */
#define ENTRY_GAP 16     /* between entries on a line */
#define SWATCH_GAP 5     /* swatch to label, label to share */

static void format_share(double share, char *out, size_t size)
{
	if (share < 0)
		out[0] = '\0';
	else if (share > 0 && share < 0.0005)
		snprintf(out, size, "<0.1%%");
	else
		snprintf(out, size, "%.1f%%", share * 100);
}

bool fc_legend_place(struct fc_painter *p, double y, double *bottom)
{
	const struct fc_legend *lg = &p->legend;
	double x = p->plot_x, right = p->plot_x + p->plot_w, line_top;
	double max_label = p->plot_w - 80 < LABEL_MAX_PX ? p->plot_w - 80 : LABEL_MAX_PX;
	size_t i;

	*bottom = y;
	if (!lg->n)
		return true;
	p->slots = calloc(lg->n, sizeof(*p->slots));
	if (!p->slots)
		return false;
	p->legend_title_y = y + fc_paint_text_px(p->theme) + 1;
	line_top = y + fc_paint_line_h(p->theme);
	for (i = 0; i < lg->n; i++) {
		struct fc_legend_slot *s = &p->slots[i];
		char label[1024];
		double w;

		/* one word (a URL, a path, a package or a name) keeps its end,
		 * where the package and the file name are; a sentence keeps both
		 * ends */
		if (strchr(lg->entries[i].label, ' '))
			fc_text_fit(p, lg->entries[i].label, max_label, label, sizeof(label));
		else
			fc_text_fit_front(p, lg->entries[i].label, max_label, label, sizeof(label));
		s->label = fc_strdup(label);
		if (!s->label)
			return false;
		format_share(lg->entries[i].share, s->share, sizeof(s->share));
		w = fc_paint_swatch(p->theme) + SWATCH_GAP + fc_text_width(p->text, s->label);
		if (s->share[0])
			w += SWATCH_GAP + fc_text_width(p->text, s->share);
		if (x > p->plot_x && x + w > right) {
			x = p->plot_x;
			line_top += fc_paint_line_h(p->theme);
		}
		s->x = x;
		s->y = line_top + 3;
		x += w + ENTRY_GAP;
	}
	*bottom = line_top + fc_paint_line_h(p->theme);
	return true;
}

void fc_paint_legend(struct fc_painter *p)
{
	const struct fc_legend *lg = &p->legend;
	const struct fc_theme *t = p->theme;
	struct fc_draw *d = p->draw;
	char heading[256];
	size_t i;
	bool shares = false;

	if (!lg->n || !p->slots)
		return;
	for (i = 0; i < lg->n; i++)
		shares = shares || lg->entries[i].share >= 0;
	snprintf(heading, sizeof(heading), "%s%s%s", lg->title,
		 shares ? " \xc2\xb7 share of self " : "",
		 !shares                             ? ""
		 : fc_unit_is_bytes(p->layout->unit) ? "bytes allocated"
						     : "time");
	fc_text_draw(p, FC_TEXT_LEGEND, FC_FONT_TEXT, heading, p->plot_x, p->legend_title_y,
		     t->text_muted, FC_FIT_NONE, 0);
	for (i = 0; i < lg->n; i++) {
		const struct fc_legend_entry *e = &lg->entries[i];
		const struct fc_legend_slot *s = &p->slots[i];
		double x = s->x + fc_paint_swatch(t) + SWATCH_GAP,
		       baseline = s->y +
				  floor(fc_paint_swatch(t) / 2 + fc_paint_text_px(t) * 0.36 + 0.5);

		if (e->swatch) {
			d->ops->rect(d->ctx, s->x, s->y, fc_paint_swatch(t), fc_paint_swatch(t));
			d->ops->fill(d->ctx, e->color, 1);
		}
		/* a hairline frame so that pale swatches show on the background */
		d->ops->rect(d->ctx, s->x + 0.5, s->y + 0.5, fc_paint_swatch(t) - 1,
			     fc_paint_swatch(t) - 1);
		d->ops->stroke(d->ctx, t->text_muted, e->swatch ? 0.35 : 0.8, 1);
		fc_text_draw(p, FC_TEXT_LEGEND, FC_FONT_TEXT, s->label, x, baseline, t->text,
			     FC_FIT_NONE, 0);
		if (s->share[0]) {
			x += fc_text_width(p->text, s->label) + SWATCH_GAP;
			fc_text_draw(p, FC_TEXT_LEGEND, FC_FONT_TEXT, s->share, x, baseline,
				     t->text_muted, FC_FIT_NONE, 0);
		}
	}
}
