/* A trace's `metadata` (input-rules §C9), read while the trace streams: the
 * source maps DevTools saved with it and the author's annotations. The
 * trace reader hands the contexts and keys below to these functions; what
 * they keep ends in a struct fc_annotations. */
#ifndef FC_IMPORT_TRACE_METADATA_H
#define FC_IMPORT_TRACE_METADATA_H

#include <stdbool.h>
#include <stdint.h>

#include "import/jstream.h"
#include "util/buf.h"
#include "model/annotations.h"
#include "model/profile.h"

/* Key ids, after the trace reader's own (which stay below TM_KEY_BASE). */
#define TM_KEY_BASE 46
enum tm_key {
	TM_METADATA = TM_KEY_BASE,
	TM_SOURCE_MAPS,
	TM_URL,
	TM_SOURCE_MAP_URL,
	TM_SOURCE_MAP,
	TM_MODIFICATIONS,
	TM_ANNOTATIONS,
	TM_ENTRY_LABELS,
	TM_TIME_RANGES,
	TM_LINKS,
	TM_ENTRY,
	TM_LABEL,
	TM_BOUNDS,
	TM_MIN,
	TM_MAX,
	TM_FROM,
	TM_TO,
	TM_KEY_END,
	/* a member of an embedded map (any name; not checked for duplicates) */
	TM_MAP_MEMBER = 65,
};

/* The names, for the reader's key_names table. */
#define TM_KEY_NAMES                                                                         \
	[TM_METADATA] = "metadata", [TM_SOURCE_MAPS] = "sourceMaps", [TM_URL] = "url",       \
	[TM_SOURCE_MAP_URL] = "sourceMapUrl", [TM_SOURCE_MAP] = "sourceMap",                 \
	[TM_MODIFICATIONS] = "modifications", [TM_ANNOTATIONS] = "annotations",              \
	[TM_ENTRY_LABELS] = "entryLabels", [TM_TIME_RANGES] = "labelledTimeRanges",          \
	[TM_LINKS] = "linksBetweenEntries", [TM_ENTRY] = "entry", [TM_LABEL] = "label",      \
	[TM_BOUNDS] = "bounds", [TM_MIN] = "min", [TM_MAX] = "max", [TM_FROM] = "entryFrom", \
	[TM_TO] = "entryTo", [TM_MAP_MEMBER] = "sourceMap member"

/* Contexts, after the reader's own. */
#define TM_CTX_BASE 32

/* Warnings kept to hand to the trace's first profile. */
#define TM_MAX_WARNINGS 8

struct tm_warning {
	char *path, *text;
	long line, column;
};

/* An entry reference waiting for its event (an r- or s- key, by the
 * event's index in traceEvents) or for its thread's profile (a p- key). */
struct tm_ref {
	char kind;              /* 'r' (and 's') or 'p' */
	int64_t index;          /* r: the event's index; p: the sample's */
	int64_t pid, tid, node; /* p */
	uint32_t which;         /* annotation index */
	uint8_t slot;           /* 0 label, 1 link from, 2 link to */
};

struct trace_meta {
	struct fc_annotations *a;
	bool keep_maps; /* --sourcemaps: the embedded maps are wanted */
	bool strict;    /* a warning is an error */
	struct fc_error *err;
	struct tm_warning warnings[TM_MAX_WARNINGS];
	size_t n_warnings, n_more_warnings;
	bool item_bad;     /* the item being read had a warning: left out quietly */
	bool seen;         /* a metadata object was read */
	bool events_first; /* traceEvents came before the metadata */

	/* the item being read */
	char *url, *map_url, *entry, *from, *to, *label;
	int64_t min, max;
	bool have_min, have_max;
	struct fc_buf map; /* the sourceMap, as JSON text */
	bool map_comma, map_over, map_seen, map_string;

	struct tm_ref *refs; /* sorted by (kind, index) once the metadata closes */
	size_t n_refs, refs_cap;
	size_t n_dropped; /* annotations past FC_ANNOTATIONS_MAX */
};

bool tm_init(struct trace_meta *m, bool keep_maps, bool strict, struct fc_error *err);
void tm_finish(struct trace_meta *m);

/* The jstream handlers' parts for the metadata: ctx >= TM_CTX_BASE, or the
 * root's "metadata" key. */
int tm_key(struct trace_meta *m, int ctx, const char *s, size_t len);
int tm_open(struct trace_meta *m, struct jstream *js, int ctx, int key, int64_t index, bool is_map);
bool tm_value(struct trace_meta *m, struct jstream *js, int ctx, int key, int64_t index,
	      const struct jvalue *v);
bool tm_close(struct trace_meta *m, struct jstream *js, int ctx);

/* Whether the event at index of traceEvents is one an annotation names. */
bool tm_wants_event(const struct trace_meta *m, int64_t index);
/* Resolves the annotations naming that event: its thread, times and the
 * name DevTools shows. false on allocation failure. */
bool tm_event(struct trace_meta *m, int64_t index, char ph, int64_t pid, int64_t tid, double ts,
	      double dur, const char *name, const char *detail);
/* Resolves the p- keys naming calls of p's thread (a sampled profile with
 * its file's node ids). false on allocation failure. */
bool tm_profile(struct trace_meta *m, const struct fc_profile *p);
/* The end of the trace: references left unresolved are warnings. Hands
 * the annotations and the warnings to p, the trace's first profile. false
 * with err set when a warning is an error (--strict) or memory ran out. */
bool tm_done(struct trace_meta *m, struct fc_profile *p);

#endif
