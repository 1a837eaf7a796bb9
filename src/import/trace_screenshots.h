/* The screenshots of a Chrome trace, read with --screenshots (input-rules
 * §C8): the importer hands over each event's args.snapshot as it streams
 * past, and the event's name and time when the event closes. Only those
 * the bounded set keeps (model/screenshots.h) are decoded and stored. */
#ifndef FC_IMPORT_TRACE_SCREENSHOTS_H
#define FC_IMPORT_TRACE_SCREENSHOTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/screenshots.h"
#include "util/buf.h"

struct trace_shots {
	struct fc_screenshots set;
	struct fc_buf pending; /* the current event's snapshot, decoded */
	bool have_pending, pending_wanted, pending_bad;
	size_t pending_bad_at; /* where the base64 went wrong */
};

void tshots_init(struct trace_shots *t);
void tshots_finish(struct trace_shots *t);
/* A new event starts: forgets any snapshot of the one before. */
void tshots_reset(struct trace_shots *t);
/* The event's args.snapshot (base64). false when memory ran out. */
bool tshots_snapshot(struct trace_shots *t, const char *s, size_t len);
/* The event closed: a screenshot (its name "Screenshot", with a snapshot
 * and a ts) is kept or skipped. false when memory ran out. *why is set
 * ("" when nothing to say) when the screenshot is left out as unreadable. */
bool tshots_event(struct trace_shots *t, const char *name, bool have_ts, double ts_us,
		  int64_t index, char *why, size_t why_size);
/* Hands the kept screenshots over, sorted by time (NULL when none were
 * read; *out untouched then). false when memory ran out. */
bool tshots_take(struct trace_shots *t, struct fc_screenshots **out);

#endif
