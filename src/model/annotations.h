/* What a saved DevTools trace carries besides its events (input-rules §C9):
 * the page's source maps and the author's annotations. The trace reader
 * fills it; the source-map stage takes the maps, the painter draws the
 * annotations. Owned by the first profile of the trace. */
#ifndef FC_MODEL_ANNOTATIONS_H
#define FC_MODEL_ANNOTATIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Embedded maps kept from one trace, in bytes of map text: past it, more
 * maps are left out with a warning. Also the most one map may hold. */
#define FC_TRACE_MAPS_MAX_BYTES ((size_t)256 << 20)
/* Annotations kept of each kind; the text of a label is cut to a length. */
#define FC_ANNOTATIONS_MAX 4096
#define FC_ANNOTATION_LABEL_MAX 1024

/* A source map that was saved in the trace, for the script at url. */
struct fc_embedded_map {
	char *url;     /* the script's URL */
	char *map_url; /* where the map was found when recorded ("" unknown) */
	char *json;    /* the map's JSON text */
	size_t len;
	bool as_string; /* saved as a string of JSON (json is that string);
			 * else written out again from the object */
};

/* An entry of the chart, as far as the trace could say which: a thread, a
 * start and duration on the trace clock (µs; dur -1 = any), and the name
 * DevTools shows. known is false when the reference could not be resolved
 * (then the annotation is not drawn). */
struct fc_entry_ref {
	int64_t pid, tid, ts, dur;
	char *name;
	/* a JS call: its script and position in the profile as read, so that
	 * it is still found once a source map renamed it (url NULL for an
	 * event) */
	char *url;
	int32_t line, column;
	bool known;
};

struct fc_entry_label {
	struct fc_entry_ref entry;
	char *label;
};

struct fc_time_range {
	int64_t min, max; /* µs on the trace clock */
	char *label;
};

struct fc_entry_link {
	struct fc_entry_ref from, to;
};

struct fc_annotations {
	struct fc_embedded_map *maps;
	size_t n_maps, maps_cap, map_bytes;
	struct fc_entry_label *labels;
	size_t n_labels, labels_cap;
	struct fc_time_range *ranges;
	size_t n_ranges, ranges_cap;
	struct fc_entry_link *links;
	size_t n_links, links_cap;
};

void fc_annotations_destroy(struct fc_annotations *a);
/* Frees the embedded maps' text once they have been used. */
void fc_annotations_drop_maps(struct fc_annotations *a);
/* Moves every time the annotations hold as the profile's samples moved
 * (a clock shifted, idle cut out of the axis): t becomes map(ctx, t); an
 * entry's duration follows its end. */
void fc_annotations_map_times(struct fc_annotations *a, double (*map)(void *ctx, double t),
			      void *ctx);

/* Whether there is anything to draw. */
bool fc_annotations_any(const struct fc_annotations *a);

#endif
