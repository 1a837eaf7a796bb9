/* A trace's events as DevTools' Performance panel draws them (devtools-rules
 * §13): the complete and begin/end events of every thread are kept while
 * the trace streams, then each thread's events and JS samples become one
 * entry tree, handed on as a profile whose nodes are the entries. */
#ifndef FC_IMPORT_TRACE_TASKS_H
#define FC_IMPORT_TRACE_TASKS_H

#include <stdbool.h>
#include <stdint.h>

#include "model/profile.h"
#include "util/strpool.h"

/* One kept event: 48 bytes. B/E pairs become complete events at the end. */
struct tt_event {
	int64_t pid, tid;
	int64_t ts, dur;  /* µs on the trace clock; dur -1 for a B or an E */
	int64_t trace_id; /* the sample trace id of its JS stack, 0 = none */
	uint32_t name;    /* string id of the event's name */
	uint32_t detail;  /* string id of args.data.type (an event's type), 0 = none */
	uint32_t seq;     /* order in the file, for stable sorting */
	char ph;          /* 'X', 'B', 'E', or 'I' (an instant with a trace id) */
};

/* A sample trace id's node in a thread's profile (its id in the file). */
struct tt_trace_id {
	int64_t pid, tid, trace_id, node_id;
};

struct trace_tasks {
	struct fc_strpool names;
	struct tt_event *ev;
	size_t n, cap;
	size_t n_unmatched; /* B without E or E without B, left out */
	int64_t *page_pids; /* processes holding the page's frames */
	size_t n_page_pids, page_pids_cap;
	struct tt_trace_id *trace_ids;
	size_t n_trace_ids, trace_ids_cap;
};

bool tt_init(struct trace_tasks *t);
void tt_finish(struct trace_tasks *t);

/* Keeps an event (ph X, B or E, and I with a sample trace id; others are
 * not kept). false on allocation failure. */
bool tt_add(struct trace_tasks *t, char ph, int64_t pid, int64_t tid, double ts, double dur,
	    const char *name, const char *detail, int64_t trace_id);

/* Keeps a thread's sample trace ids: n (trace id, node id) pairs. false on
 * allocation failure. */
bool tt_trace_ids(struct trace_tasks *t, int64_t pid, int64_t tid, const int64_t *pairs, size_t n);

/* Notes a process that holds a frame of the traced page (at most 64 are
 * kept). false on allocation failure. */
bool tt_page_process(struct trace_tasks *t, int64_t pid);
/* Whether pid holds one of the page's frames (true when none are known). */
bool tt_page_process_of(const struct trace_tasks *t, int64_t pid);

/* Builds the lanes: for each thread to draw (devtools-rules §13.1), a profile
 * whose call tree is the thread's entry tree. sampled[i] (n_sampled of them)
 * are the threads' JS profiles, used and left to the caller. The lanes are
 * appended to out with file as their source. false with err set on
 * allocation failure. */
bool tt_lanes(struct trace_tasks *t, struct fc_profile *const *sampled, size_t n_sampled,
	      struct fc_profile_set *out, struct fc_error *err);

/* After classification: the lane's event frames (url "devtools:CATEGORY"
 * while the lane is built) are tagged FC_TAG_EVENT with the category as
 * their package and no URL, and the root (the time no entry runs) is in
 * the idle tier. false on allocation failure. */
bool tt_mark_events(struct fc_profile *lane);

/* DevTools' display name and category of a trace event name (NULL when the
 * Performance panel does not draw the event). */
struct tt_kind {
	const char *event; /* trace event name */
	const char *label; /* what DevTools shows */
	const char *category;
};
const struct tt_kind *tt_kind_of(const char *name);

#endif
