/* A trace's user timings as DevTools' Timings track shows them
 * (devtools-rules §13.9), and its other async events paired and counted
 * (§13.10). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/trace_timings.h"
#include "util/util.h"
#include "model/profile.h"

bool tu_init(struct trace_timings *t)
{
	memset(t, 0, sizeof(*t));
	fc_map_init(&t->open_by_key);
	return fc_strpool_init(&t->titles);
}

void tu_finish(struct trace_timings *t)
{
	fc_strpool_finish(&t->titles);
	fc_map_finish(&t->open_by_key);
	free(t->ev);
	free(t->open);
	memset(t, 0, sizeof(*t));
}

/* Marks the page's navigation and resource timing write under the user
 * timing category: DevTools leaves them out of the Timings track. */
static bool browser_mark(const char *name)
{
	static const char *const names[] = {
		"commitNavigationEnd",
		"connectEnd",
		"connectStart",
		"domComplete",
		"domContentLoadedEventEnd",
		"domContentLoadedEventStart",
		"domInteractive",
		"domLoading",
		"domainLookupEnd",
		"domainLookupStart",
		"fetchStart",
		"loadEventEnd",
		"loadEventStart",
		"navigationStart",
		"redirectEnd",
		"redirectStart",
		"requestStart",
		"responseEnd",
		"responseStart",
		"secureConnectionStart",
		"unloadEventEnd",
		"unloadEventStart",
		"workerStart",
	};
	size_t i;

	for (i = 0; i < FC_ARRAY_LEN(names); i++)
		if (strcmp(name, names[i]) == 0)
			return true;
	return false;
}

/* The phases of async events: nestable (b, e, n) and legacy (S, T, p, F). */
static bool async_phase(const char *ph)
{
	return ph[0] && !ph[1] && strchr("benSTpF", ph[0]) != NULL;
}

/* DevTools pairs async events by category, id and name. */
static uint64_t pair_key(const char *cat, const char *id, const char *name)
{
	uint64_t h = fc_hash_bytes(cat, strlen(cat) + 1);
	h = fc_hash_u64(h ^ fc_hash_bytes(id, strlen(id) + 1));
	return fc_hash_u64(h ^ fc_hash_bytes(name, strlen(name) + 1));
}

static bool keep(struct trace_timings *t, char ph, enum fc_timing_kind kind, double ts,
		 uint64_t key, const char *prefix, const char *text)
{
	struct tu_event *e;
	char title[160];

	if (ts != ts || fabs(ts) > 9007199254740992.0)
		return true; /* no time the trace clock can hold */
	if (t->n >= TU_MAX_KEPT) {
		t->n_left_out++;
		return true;
	}
	if (!FC_GROW(t->ev, t->cap, t->n + 1))
		return false;
	snprintf(title, sizeof(title), "%s%s", prefix, text);
	e = &t->ev[t->n];
	e->ts = ts;
	e->key = key;
	e->seq = (uint32_t)t->n;
	e->ph = ph;
	e->kind = (uint8_t)kind;
	e->title = fc_strpool_intern(&t->titles, title, strlen(title));
	if (e->title == FC_NONE)
		return false;
	t->n++;
	return true;
}

static bool open_key_eq(const void *ctx, uint32_t value)
{
	const struct trace_timings *t = ctx;
	return t->open[value].key == t->open[t->n_open].key;
}

static uint32_t key_hash(uint64_t key)
{
	return (uint32_t)(key ^ (key >> 32));
}

/* Drops the keys no span is open under, so that the table holds open spans
 * only. false on allocation failure. */
static bool compact_open(struct trace_timings *t)
{
	size_t i, w = 0;

	for (i = 0; i < t->n_open; i++)
		if (t->open[i].depth)
			t->open[w++] = t->open[i];
	t->n_open = w;
	fc_map_finish(&t->open_by_key);
	fc_map_init(&t->open_by_key);
	for (i = 0; i < w; i++)
		if (!fc_map_add(&t->open_by_key, key_hash(t->open[i].key), (uint32_t)i))
			return false;
	return true;
}

/* An async event that is no user timing: begins and ends paired by key as
 * they come (§13.10), only counted. */
static bool other_async(struct trace_timings *t, char ph, uint64_t key)
{
	uint32_t at;
	size_t slot;

	t->n_async++;
	if (ph != 'b' && ph != 'e' && ph != 'S' && ph != 'F')
		return true; /* an instant or a step */
	if (!FC_GROW(t->open, t->open_cap, t->n_open + 1))
		return false;
	t->open[t->n_open].key = key; /* the key looked up */
	at = fc_map_find(&t->open_by_key, key_hash(key), open_key_eq, t, NULL);
	if (ph == 'e' || ph == 'F') {
		if (at == FC_NONE || !t->open[at].depth) {
			t->n_async_unmatched++;
			return true;
		}
		if (!--t->open[at].depth)
			t->n_open_keys--;
		t->n_open_live--;
		t->n_async_pairs++;
		return true;
	}
	if (at == FC_NONE) {
		/* full: drop the closed keys when that frees half the table */
		if (t->n_open >= TU_MAX_OPEN && t->n_open_keys < TU_MAX_OPEN / 2 &&
		    !compact_open(t))
			return false;
		if (t->n_open >= TU_MAX_OPEN) {
			t->n_async_unmatched++; /* bounded: this one is not kept */
			return true;
		}
		if (!fc_map_reserve(&t->open_by_key, t->n_open + 1))
			return false;
		/* where it goes (the table may have been compacted since) */
		t->open[t->n_open].key = key;
		(void)fc_map_find(&t->open_by_key, key_hash(key), open_key_eq, t, &slot);
		t->open[t->n_open].depth = 0;
		fc_map_put(&t->open_by_key, slot, key_hash(key), (uint32_t)t->n_open);
		at = (uint32_t)t->n_open++;
	}
	if (!t->open[at].depth++)
		t->n_open_keys++;
	t->n_open_live++;
	return true;
}

void tu_async_done(struct trace_timings *t)
{
	t->n_async_unmatched += t->n_open_live;
	t->n_open_live = 0;
}

bool tu_event(struct trace_timings *t, const char *cat, const char *ph, const char *name,
	      const char *id, const char *message, double ts)
{
	bool user = strcmp(cat, "blink.user_timing") == 0;
	bool async = async_phase(ph);

	if (user && browser_mark(name))
		return true;
	if (user && async) {
		/* performance.measure: b and e pair, by key, once sorted */
		if ((ph[0] == 'b' || ph[0] == 'e') && id[0])
			return keep(t, ph[0], FC_TIMING_MEASURE, ts, pair_key(cat, id, name), "",
				    name);
		return true;
	}
	if (user && (strcmp(ph, "R") == 0 || strcmp(ph, "I") == 0) &&
	    !keep(t, 'R', FC_TIMING_MARK, ts, 0, "[mark]: ", name))
		return false;
	if (strcmp(cat, "blink.console") == 0 && async) {
		/* console.time and console.timeEnd */
		if ((ph[0] == 'b' || ph[0] == 'e') && id[0])
			return keep(t, ph[0], FC_TIMING_CONSOLE, ts, pair_key(cat, id, name), "",
				    name);
		return true;
	}
	if (strcmp(ph, "I") == 0 && strcmp(name, "TimeStamp") == 0)
		return keep(t, 'I', FC_TIMING_STAMP, ts, 0,
			    "TimeStamp: ", message ? message : "(name unknown)");
	if (async && !user)
		return other_async(t, ph[0], pair_key(cat, id, name));
	return true;
}

/* --- the Timings track's layout ---------------------------------------------- */

/* A measure or console timing: a begin and the end that took it. */
struct span {
	double start, end;
	uint32_t title;
	uint32_t order; /* where its end came in time order */
	uint8_t kind;
};

static int by_time(const void *pa, const void *pb, void *ctx)
{
	const struct tu_event *a = pa, *b = pb;
	(void)ctx;
	if (a->ts != b->ts)
		return a->ts < b->ts ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

static int by_key(const void *pa, const void *pb, void *ctx)
{
	const struct tu_event *a = pa, *b = pb;
	(void)ctx;
	if (a->key != b->key)
		return a->key < b->key ? -1 : 1;
	return 0; /* stable: time order within a key */
}

/* DevTools' order of user timings (UserTimings handler): earlier start,
 * then the later end, then, for equal times, the one paired later first
 * (stacked measures are usually taken inner first, so the later is the
 * outer one). */
static int span_cmp(const void *pa, const void *pb, void *ctx)
{
	const struct span *a = pa, *b = pb;
	(void)ctx;
	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	if (a->end != b->end)
		return a->end > b->end ? -1 : 1;
	return a->order > b->order ? -1 : a->order < b->order;
}

/* Pairs the spans' begins and ends (sorted by time; seq is then each
 * one's place in time) as DevTools' matchEvents: per key, an end takes the
 * latest begin still open; an end without one, and a begin never ended, are
 * left out. */
static bool pair_spans(struct tu_event *ev, size_t n, struct span *out, size_t *n_out)
{
	size_t *stack = NULL, cap = 0, depth, i, j;

	*n_out = 0;
	if (!fc_sort(ev, n, sizeof(*ev), by_key, NULL))
		return false;
	for (i = 0; i < n; i = j) {
		depth = 0;
		for (j = i; j < n && ev[j].key == ev[i].key; j++) {
			if (ev[j].ph == 'b') {
				if (!FC_GROW(stack, cap, depth + 1)) {
					free(stack);
					return false;
				}
				stack[depth++] = j;
			} else if (depth) {
				const struct tu_event *b = &ev[stack[--depth]];
				struct span *s = &out[(*n_out)++];
				s->start = b->ts;
				s->end = ev[j].ts;
				s->title = b->title;
				s->kind = b->kind;
				s->order = ev[j].seq;
			}
		}
	}
	free(stack);
	return true;
}

/* An entry of the track before rows: group is its place in DevTools' list
 * (measures, console timings, time stamps, marks), rank its place in its
 * group. */
struct entry {
	double start, end;
	uint32_t title, rank;
	uint8_t kind;
};

static int entry_cmp(const void *pa, const void *pb, void *ctx)
{
	const struct entry *a = pa, *b = pb;
	(void)ctx;
	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	return a->rank < b->rank ? -1 : a->rank > b->rank;
}

/* Time stamps at one time: the later call first, as for spans. */
static int stamp_cmp(const void *pa, const void *pb, void *ctx)
{
	const struct tu_event *a = pa, *b = pb;
	(void)ctx;
	if (a->ts != b->ts)
		return a->ts < b->ts ? -1 : 1;
	return a->seq > b->seq ? -1 : a->seq < b->seq;
}

static int kind_of_event(const void *pa, const void *pb, void *ctx)
{
	const struct tu_event *a = pa, *b = pb;
	bool sa = a->ph == 'b' || a->ph == 'e', sb = b->ph == 'b' || b->ph == 'e';
	(void)ctx;
	if (sa != sb)
		return sa ? -1 : 1;
	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	return 0;
}

/* The rows: each entry, in order, on the first row whose last entry ended
 * by its start (the Timings track appender's getEventLevel). */
static bool assign_rows(const struct entry *es, size_t n, uint32_t *row, uint32_t *n_rows)
{
	double *last = NULL;
	size_t cap = 0, used = 0, i, r;

	for (i = 0; i < n; i++) {
		for (r = 0; r < used && r < TU_MAX_ROWS && es[i].start < last[r]; r++)
			;
		if (r == TU_MAX_ROWS) {
			/* no free row among so many: one overflow row, which
			 * keeps the work linear in the entries */
			row[i] = TU_MAX_ROWS;
			continue;
		}
		if (r == used) {
			if (!FC_GROW(last, cap, used + 1)) {
				free(last);
				return false;
			}
			used++;
		}
		last[r] = es[i].end;
		row[i] = (uint32_t)r;
	}
	free(last);
	*n_rows = (uint32_t)used;
	for (i = 0; i < n; i++)
		if (row[i] == TU_MAX_ROWS)
			*n_rows = TU_MAX_ROWS + 1;
	return true;
}

static int64_t round_us(double t)
{
	return (int64_t)llround(t);
}

/* The lane's profile: a node per entry under the root, its frame the
 * entry's title, in the "timing" category. */
static bool make_profile(const struct trace_timings *t, const struct entry *es, const uint32_t *row,
			 size_t n, uint32_t n_rows, struct fc_profile *p)
{
	static const char url[] = "devtools:timing";
	size_t i;

	p->n_nodes = (uint32_t)n + 1;
	p->node_parent = malloc((n + 1) * sizeof(*p->node_parent));
	p->node_frame = malloc((n + 1) * sizeof(*p->node_frame));
	p->node_depth = malloc((n + 1) * sizeof(*p->node_depth));
	p->node_id = malloc((n + 1) * sizeof(*p->node_id));
	p->timings = malloc(n * sizeof(*p->timings));
	if (!p->node_parent || !p->node_frame || !p->node_depth || !p->node_id || !p->timings)
		return false;
	p->n_timings = (uint32_t)n;
	p->node_parent[0] = FC_NONE;
	p->node_depth[0] = 0;
	p->node_id[0] = 0;
	p->node_frame[0] = fc_profile_intern_frame(p, "(root)", 6, "", 0, "0", 1, -1, -1);
	if (p->node_frame[0] == FC_NONE)
		return false;
	for (i = 0; i < n; i++) {
		const char *title = fc_strpool_get(&t->titles, es[i].title);
		struct fc_timing *x = &p->timings[i];
		p->node_parent[i + 1] = 0;
		p->node_depth[i + 1] = 1;
		p->node_id[i + 1] = (int64_t)i + 1;
		p->node_frame[i + 1] = fc_profile_intern_frame(p, title, strlen(title), url,
							       sizeof(url) - 1, "0", 1, -1, -1);
		if (p->node_frame[i + 1] == FC_NONE)
			return false;
		x->start_us = round_us(es[i].start);
		x->dur_us = round_us(es[i].end) - x->start_us;
		x->row = row[i];
		x->kind = es[i].kind;
		if (i == 0 || x->start_us < p->start_us)
			p->start_us = x->start_us;
		if (i == 0 || x->start_us + x->dur_us > p->end_us)
			p->end_us = x->start_us + x->dur_us;
	}
	p->max_depth = 1; /* every entry a child of the root; rows are in timings */
	p->has_time = true;
	p->last_end_us = p->end_us;
	p->program_node = p->idle_node = p->gc_node = FC_NONE;
	return true;
}

bool tu_lane(struct trace_timings *t, struct fc_profile **lane)
{
	struct span *spans = NULL;
	struct entry *es = NULL;
	uint32_t *row = NULL, n_rows = 0;
	size_t n_spans = 0, n_ev = t->n, i, k, n = 0, first_point;
	bool ok = false;

	*lane = NULL;
	if (!n_ev)
		return true;
	/* spans first, points after; each group in time order */
	for (i = 0; i < n_ev; i++)
		t->ev[i].seq = (uint32_t)i;
	if (!fc_sort(t->ev, n_ev, sizeof(*t->ev), by_time, NULL) ||
	    !fc_sort(t->ev, n_ev, sizeof(*t->ev), kind_of_event, NULL))
		return false;
	for (first_point = 0; first_point < n_ev; first_point++)
		if (t->ev[first_point].ph != 'b' && t->ev[first_point].ph != 'e')
			break;
	/* a span's end's place in time order */
	for (i = 0; i < first_point; i++)
		t->ev[i].seq = (uint32_t)i;
	spans = malloc((first_point + 1) * sizeof(*spans));
	es = malloc((n_ev + 1) * sizeof(*es));
	row = malloc((n_ev + 1) * sizeof(*row));
	if (!spans || !es || !row)
		goto out;
	/* the spans are in time order (measures and console timings mixed):
	 * seq is what DevTools' matchEvents sees */
	if (!fc_sort(t->ev, first_point, sizeof(*t->ev), by_time, NULL) ||
	    !pair_spans(t->ev, first_point, spans, &n_spans) ||
	    !fc_sort(spans, n_spans, sizeof(*spans), span_cmp, NULL) ||
	    !fc_sort(t->ev + first_point, n_ev - first_point, sizeof(*t->ev), stamp_cmp, NULL))
		goto out;
	for (i = 0; i < n_spans; i++) {
		es[n].start = spans[i].start;
		es[n].end = spans[i].end;
		es[n].title = spans[i].title;
		es[n].kind = spans[i].kind;
		es[n].rank = (uint32_t)n;
		n++;
	}
	/* time stamps (the later call first at one time: their place after
	 * stamp_cmp), marks in the file's order at one time (seq) */
	for (k = first_point; k < n_ev; k++) {
		const struct tu_event *e = &t->ev[k];
		es[n].start = es[n].end = e->ts;
		es[n].title = e->title;
		es[n].kind = e->kind;
		es[n].rank = e->kind == FC_TIMING_MARK ? e->seq : (uint32_t)n;
		n++;
	}
	/* the track: every entry by start alone, measures, console timings,
	 * time stamps, then marks at one time */
	if (!fc_sort(es, n, sizeof(*es), entry_cmp, NULL) || !assign_rows(es, n, row, &n_rows))
		goto out;
	if (!n) {
		ok = true;
		goto out;
	}
	*lane = fc_profile_create();
	if (!*lane || !make_profile(t, es, row, n, n_rows, *lane)) {
		fc_profile_destroy(*lane);
		*lane = NULL;
		goto out;
	}
	ok = true;
out:
	free(spans);
	free(es);
	free(row);
	return ok;
}
