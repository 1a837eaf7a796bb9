/* A trace's user timings and async events (devtools-rules §13.9, §13.10):
 * performance.measure and console.time spans, performance.mark and
 * console.timeStamp points, kept while the trace streams and laid out at
 * the end as DevTools' Timings track lays them out; the other async events
 * paired as they stream and only counted. Memory is bounded: at most
 * TU_MAX_KEPT user timing events and TU_MAX_OPEN open async spans. */
#ifndef FC_IMPORT_TRACE_TIMINGS_H
#define FC_IMPORT_TRACE_TIMINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/profile.h"
#include "util/map.h"
#include "util/strpool.h"

#define TU_MAX_KEPT ((size_t)1 << 20)
#define TU_MAX_OPEN ((size_t)1 << 16)
/* Rows looked at for a free one: an entry that finds none among them goes
 * on row TU_MAX_ROWS (past what a picture draws), so that laying out n
 * entries stays O(n TU_MAX_ROWS) however they overlap. */
#define TU_MAX_ROWS 1024

/* A kept user timing event: a measure's or console timing's begin or end
 * (ph 'b' or 'e'), a mark ('R') or a time stamp ('I'). 32 bytes. */
struct tu_event {
	double ts;
	uint64_t key; /* a span's pairing key (category, id, name) hashed */
	uint32_t title, seq;
	char ph;
	uint8_t kind; /* enum fc_timing_kind */
};

/* An async span begun and not yet ended (the other async events). */
struct tu_open {
	uint64_t key;
	uint32_t depth; /* begins of this key not yet ended */
};

struct trace_timings {
	struct fc_strpool titles;
	struct tu_event *ev;
	size_t n, cap;
	size_t n_left_out; /* past TU_MAX_KEPT */
	/* the other async events, paired by key as they stream */
	struct fc_map open_by_key; /* key -> index into open */
	struct tu_open *open;
	size_t n_open, open_cap;
	size_t n_open_keys;       /* keys with a span open */
	size_t n_open_live;       /* spans open */
	size_t n_async;           /* async events read (b, e, n, S, T, F, p) */
	size_t n_async_pairs;     /* begins matched by an end */
	size_t n_async_unmatched; /* ends without a begin, begins never ended (and
				   * a begin past TU_MAX_OPEN, and its end) */
};

bool tu_init(struct trace_timings *t);
void tu_finish(struct trace_timings *t);

/* One trace event, whatever it is: the user timings are kept, the async
 * events counted (others are ignored). id is the event's id, else id2's
 * global, else its local ("" for none); message is args.data.message.
 * false on allocation failure. */
bool tu_event(struct trace_timings *t, const char *cat, const char *ph, const char *name,
	      const char *id, const char *message, double ts);

/* Ends the other async events' pairing: the begins still open count as
 * unmatched. */
void tu_async_done(struct trace_timings *t);

/* The Timings lane: a profile holding the user timings as DevTools lays
 * them out (fc_profile.timings), or *lane NULL when the trace has none.
 * false on allocation failure. */
bool tu_lane(struct trace_timings *t, struct fc_profile **lane);

#endif
