/* The hottest lines of a frame in its SVG tooltip (docs/lines.md): a
 * fc_paint_options.title_note that, per profile met, computes the hot lines
 * once and keeps each frame's three heaviest. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/lines.h"
#include "render/paint.h"
#include "write/summary.h"
#include "render/line_notes.h"
#include "model/profile.h"

#define PER_FRAME 3

struct fc_line_notes_profile {
	const struct fc_profile *p;
	struct fc_hot_lines h;
	uint32_t *pick; /* PER_FRAME item indices per frame, UINT32_MAX = none */
};

static struct fc_line_notes_profile *prepare(struct fc_line_notes *n, const struct fc_profile *p)
{
	struct fc_line_notes_profile *e;
	size_t i, k;
	void *grown;

	for (i = 0; i < n->count; i++)
		if (n->items[i].p == p)
			return &n->items[i];
	grown = realloc(n->items, (n->count + 1) * sizeof(*n->items));
	if (!grown)
		return NULL;
	n->items = grown;
	e = &n->items[n->count];
	memset(e, 0, sizeof(*e));
	e->p = p;
	if (!p->node_lines || !fc_lines_compute(p, FC_NONE, SIZE_MAX, &e->h))
		return NULL; /* no lines (or no memory): no note, never an error */
	e->pick = malloc(((size_t)p->n_frames + 1) * PER_FRAME * sizeof(*e->pick));
	if (!e->pick) {
		fc_lines_finish(&e->h);
		return NULL;
	}
	memset(e->pick, 0xff, ((size_t)p->n_frames + 1) * PER_FRAME * sizeof(*e->pick));
	/* items are heaviest first: a frame's first three are its hottest */
	for (i = 0; i < e->h.n; i++) {
		uint32_t *slot = &e->pick[(size_t)e->h.items[i].frame * PER_FRAME];
		for (k = 0; k < PER_FRAME && slot[k] != UINT32_MAX; k++)
			;
		if (k < PER_FRAME)
			slot[k] = (uint32_t)i;
	}
	n->count++;
	return e;
}

void fc_line_notes_title(void *ctx, const struct fc_profile *p, uint32_t frame, char *out,
			 size_t size)
{
	struct fc_line_notes_profile *e = prepare(ctx, p);
	size_t len = 0, k;

	if (!e || frame >= p->n_frames)
		return;
	for (k = 0; k < PER_FRAME; k++) {
		uint32_t i = e->pick[(size_t)frame * PER_FRAME + k];
		const struct fc_hot_line *l;
		char where[80];
		int w;

		if (i == UINT32_MAX)
			break;
		l = &e->h.items[i];
		fc_summary_location(fc_profile_str(p, l->url), l->line - 1, where, sizeof(where),
				    40);
		w = snprintf(out + len, size - len, "%sline %s: %.3g ms self", len ? "\n" : "",
			     where, l->self_us / 1000.0);
		if (w < 0 || (size_t)w >= size - len) {
			out[len] = '\0'; /* a line that does not fit is left out */
			break;
		}
		len += (size_t)w;
	}
}

void fc_line_notes_finish(struct fc_line_notes *n)
{
	for (size_t i = 0; i < n->count; i++) {
		fc_lines_finish(&n->items[i].h);
		free(n->items[i].pick);
	}
	free(n->items);
	memset(n, 0, sizeof(*n));
}
