/* A trace's embedded source maps and annotations (model/annotations.h). */
#include <math.h>
#include <stdlib.h>

#include "model/annotations.h"

void fc_annotations_drop_maps(struct fc_annotations *a)
{
	size_t i;

	if (!a)
		return;
	for (i = 0; i < a->n_maps; i++) {
		free(a->maps[i].url);
		free(a->maps[i].map_url);
		free(a->maps[i].json);
	}
	free(a->maps);
	a->maps = NULL;
	a->n_maps = a->maps_cap = a->map_bytes = 0;
}

void fc_annotations_destroy(struct fc_annotations *a)
{
	size_t i;

	if (!a)
		return;
	fc_annotations_drop_maps(a);
	for (i = 0; i < a->n_labels; i++) {
		free(a->labels[i].entry.name);
		free(a->labels[i].entry.url);
		free(a->labels[i].label);
	}
	for (i = 0; i < a->n_ranges; i++)
		free(a->ranges[i].label);
	for (i = 0; i < a->n_links; i++) {
		free(a->links[i].from.name);
		free(a->links[i].from.url);
		free(a->links[i].to.name);
		free(a->links[i].to.url);
	}
	free(a->labels);
	free(a->ranges);
	free(a->links);
	free(a);
}

static void map_ref(struct fc_entry_ref *r, double (*map)(void *ctx, double t), void *ctx)
{
	double t0 = (double)r->ts, t1 = (double)(r->ts + r->dur);

	r->ts = llround(map(ctx, t0));
	if (r->dur >= 0)
		r->dur = llround(map(ctx, t1)) - r->ts;
}

void fc_annotations_map_times(struct fc_annotations *a, double (*map)(void *ctx, double t),
			      void *ctx)
{
	size_t i;

	if (!a)
		return;
	for (i = 0; i < a->n_ranges; i++) {
		a->ranges[i].min = llround(map(ctx, (double)a->ranges[i].min));
		a->ranges[i].max = llround(map(ctx, (double)a->ranges[i].max));
	}
	for (i = 0; i < a->n_labels; i++)
		map_ref(&a->labels[i].entry, map, ctx);
	for (i = 0; i < a->n_links; i++) {
		map_ref(&a->links[i].from, map, ctx);
		map_ref(&a->links[i].to, map, ctx);
	}
}

bool fc_annotations_any(const struct fc_annotations *a)
{
	return a && (a->n_labels || a->n_ranges || a->n_links);
}
