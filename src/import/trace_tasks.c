/* A trace's events and JS samples as one entry tree per thread, by DevTools'
 * rules (devtools-rules §13): B/E pairs become complete events; the samples
 * become JS calls whose durations follow the events around them (§13.3);
 * events the Performance panel draws and the JS calls are nested by time,
 * an entry that overlaps its parent's end left out (§13.4). Each thread's
 * tree becomes a profile whose nodes are the entries, one node per entry,
 * and whose samples mark where entries start and end, so that the chart
 * layout draws each entry over exactly its own time. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/trace_tasks.h"
#include "util/util.h"
#include "model/profile.h"

/* The events the Performance panel draws, with the names and categories
 * DevTools gives them (devtools-rules §13.2), in byte order for bsearch.
 * Made by tests/tools/traces/devtools-kinds.mjs from DevTools' trace
 * engine. */
static const struct tt_kind kinds[] = {
	{ "AbortPostTaskCallback", "Cancel postTask", "scripting" },
	{ "Animation", "Animation", "rendering" },
	{ "AsyncTask", "Async task", "async" },
	{ "BlinkGC.AtomicPhase", "DOM GC", "scripting" },
	{ "CancelAnimationFrame", "Cancel animation frame", "scripting" },
	{ "CancelIdleCallback", "Cancel idle callback", "scripting" },
	{ "Commit", "Commit", "painting" },
	{ "CompositeLayers", "Composite layers", "painting" },
	{ "ComputeIntersections", "Compute intersections", "rendering" },
	{ "ConsoleTime", "Console time", "scripting" },
	{ "CppGC.IncrementalSweep", "C++ GC", "scripting" },
	{ "CpuProfiler::StartProfiling", "Profiling overhead", "other" },
	{ "Decode Image", "Image decode", "painting" },
	{ "DoDecrypt", "Decrypt", "scripting" },
	{ "DoDecryptReply", "Decrypt reply", "scripting" },
	{ "DoDigest", "Digest", "scripting" },
	{ "DoDigestReply", "Digest reply", "scripting" },
	{ "DoEncrypt", "Encrypt", "scripting" },
	{ "DoEncryptReply", "Encrypt reply", "scripting" },
	{ "DoSign", "Sign", "scripting" },
	{ "DoSignReply", "Sign reply", "scripting" },
	{ "DoVerify", "Verify", "scripting" },
	{ "DoVerifyReply", "Verify reply", "scripting" },
	{ "EmbedderCallback", "Embedder callback", "scripting" },
	{ "EvaluateScript", "Evaluate script", "scripting" },
	{ "EventDispatch", "Event", "scripting" },
	{ "EventTiming", "Event timing", "experience" },
	{ "FireAnimationFrame", "Animation frame fired", "scripting" },
	{ "FireIdleCallback", "Fire idle callback", "scripting" },
	{ "FunctionCall", "Function call", "scripting" },
	{ "GCEvent", "GC event", "scripting" },
	{ "GPUTask", "GPU", "gpu" },
	{ "HandlePostMessage", "On message", "messaging" },
	{ "HitTest", "Hit test", "rendering" },
	{ "Layerize", "Layerize", "rendering" },
	{ "Layout", "Layout", "rendering" },
	{ "MajorGC", "Major GC", "scripting" },
	{ "MinorGC", "Minor GC", "scripting" },
	{ "Paint", "Paint", "painting" },
	{ "PaintSetup", "Paint setup", "painting" },
	{ "ParseAuthorStyleSheet", "Parse stylesheet", "loading" },
	{ "ParseHTML", "Parse HTML", "loading" },
	{ "PrePaint", "Pre-paint", "rendering" },
	{ "Program", "Other", "other" },
	{ "RasterTask", "Rasterize paint", "painting" },
	{ "RequestAnimationFrame", "Request animation frame", "scripting" },
	{ "RequestIdleCallback", "Request idle callback", "scripting" },
	{ "ResourceFinish", "Finish loading", "loading" },
	{ "ResourceReceiveResponse", "Receive response", "loading" },
	{ "ResourceReceivedData", "Receive data", "loading" },
	{ "ResourceSendRequest", "Send request", "loading" },
	{ "ResourceWillSendRequest", "Will send request", "loading" },
	{ "RunMicrotasks", "Run microtasks", "scripting" },
	{ "RunPostTaskCallback", "Fire postTask", "scripting" },
	{ "RunTask", "Task", "other" },
	{ "SchedulePostMessage", "Schedule postMessage", "messaging" },
	{ "SchedulePostTaskCallback", "Schedule postTask", "scripting" },
	{ "ScheduleStyleRecalculation", "Schedule style recalculation", "rendering" },
	{ "ScrollLayer", "Scroll", "rendering" },
	{ "SyntheticLayoutShift", "Layout shift", "experience" },
	{ "SyntheticLayoutShiftCluster", "Layout shift cluster", "experience" },
	{ "TimeStamp", "Timestamp", "scripting" },
	{ "TimerFire", "Timer fired", "scripting" },
	{ "TimerInstall", "Install timer", "scripting" },
	{ "TimerRemove", "Remove timer", "scripting" },
	{ "UpdateLayerTree", "Update layer tree", "rendering" },
	{ "UpdateLayoutTree", "Recalculate style", "rendering" },
	{ "UserTiming", "User timing", "scripting" },
	{ "V8.CompileCode", "Compile code", "scripting" },
	{ "V8.CompileModule", "Compile module", "scripting" },
	{ "V8.FinalizeDeserialization", "Profiling overhead", "other" },
	{ "V8.OptimizeCode", "Optimize code", "scripting" },
	{ "V8Console::runTask", "Run console task", "scripting" },
	{ "WebSocketCreate", "Create WebSocket", "scripting" },
	{ "WebSocketDestroy", "Destroy WebSocket", "scripting" },
	{ "WebSocketReceive", "Receive WebSocket message", "scripting" },
	{ "WebSocketReceiveHandshakeResponse", "Receive WebSocket handshake", "scripting" },
	{ "WebSocketSend", "Send WebSocket message", "scripting" },
	{ "WebSocketSendHandshakeRequest", "Send WebSocket handshake", "scripting" },
	{ "XHRLoad", "XHR load", "scripting" },
	{ "XHRReadyStateChange", "XHR readyState change", "scripting" },
	{ "v8.compile", "Compile script", "scripting" },
	{ "v8.deserializeOnBackground", "Deserialize code cache", "scripting" },
	{ "v8.evaluateModule", "Evaluate module", "scripting" },
	{ "v8.parseOnBackground", "Streaming compile task", "other" },
	{ "v8.parseOnBackgroundParsing", "Parse and compile", "scripting" },
	{ "v8.parseOnBackgroundWaiting", "Waiting for network", "idle" },
	{ "v8.produceCache", "Cache script code", "scripting" },
	{ "v8.produceModuleCache", "Cache module code", "scripting" },
	{ "v8.wasm.cachedModule", "Cached Wasm module", "scripting" },
	{ "v8.wasm.compiledModule", "Compiled Wasm module", "scripting" },
	{ "v8.wasm.moduleCacheHit", "Wasm module cache hit", "scripting" },
	{ "v8.wasm.moduleCacheInvalid", "Wasm module cache invalid", "scripting" },
	{ "v8.wasm.streamFromResponseCallback", "Streaming Wasm response", "scripting" },
};

static int kind_cmp(const void *key, const void *elt)
{
	return strcmp(key, ((const struct tt_kind *)elt)->event);
}

const struct tt_kind *tt_kind_of(const char *name)
{
	return bsearch(name, kinds, sizeof(kinds) / sizeof(kinds[0]), sizeof(kinds[0]), kind_cmp);
}

bool tt_init(struct trace_tasks *t)
{
	memset(t, 0, sizeof(*t));
	return fc_strpool_init(&t->names);
}

void tt_finish(struct trace_tasks *t)
{
	fc_strpool_finish(&t->names);
	free(t->ev);
	free(t->page_pids);
	free(t->trace_ids);
	memset(t, 0, sizeof(*t));
}

/* A time the trace clock can hold: finite and within ±2^53 µs. */
static bool time_fits(double t)
{
	return t == t && t > -9007199254740992.0 && t < 9007199254740992.0;
}

bool tt_add(struct trace_tasks *t, char ph, int64_t pid, int64_t tid, double ts, double dur,
	    const char *name, const char *detail, int64_t trace_id)
{
	struct tt_event *e;

	if ((ph != 'X' && ph != 'B' && ph != 'E' && (ph != 'I' || !trace_id)) || !time_fits(ts))
		return true;
	if (ph == 'I' || (ph == 'X' && (!time_fits(dur) || dur < 0)))
		dur = 0;
	if (t->n == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 1024;
		struct tt_event *ev = realloc(t->ev, cap * sizeof(*ev));
		if (!ev)
			return false;
		t->ev = ev;
		t->cap = cap;
	}
	e = &t->ev[t->n];
	e->pid = pid;
	e->tid = tid;
	e->ts = (int64_t)(ts < 0 ? ts - 0.5 : ts + 0.5);
	e->dur = ph == 'X' || ph == 'I' ? (int64_t)(dur + 0.5) : -1;
	e->trace_id = trace_id;
	e->ph = ph;
	e->seq = (uint32_t)t->n;
	e->name = fc_strpool_intern(&t->names, name, strlen(name));
	e->detail = detail && detail[0] ? fc_strpool_intern(&t->names, detail, strlen(detail)) : 0;
	if (e->name == FC_NONE || e->detail == FC_NONE)
		return false;
	t->n++;
	return true;
}

bool tt_trace_ids(struct trace_tasks *t, int64_t pid, int64_t tid, const int64_t *pairs, size_t n)
{
	size_t i;

	if (t->n_trace_ids + n > t->trace_ids_cap) {
		size_t cap = t->trace_ids_cap ? t->trace_ids_cap : 64;
		struct tt_trace_id *p;
		while (cap < t->n_trace_ids + n)
			cap *= 2;
		p = realloc(t->trace_ids, cap * sizeof(*p));
		if (!p)
			return false;
		t->trace_ids = p;
		t->trace_ids_cap = cap;
	}
	for (i = 0; i < n; i++) {
		struct tt_trace_id *x = &t->trace_ids[t->n_trace_ids++];
		x->pid = pid;
		x->tid = tid;
		x->trace_id = pairs[2 * i];
		x->node_id = pairs[2 * i + 1];
	}
	return true;
}

/* --- one thread ---------------------------------------------------------------- */

/* A file id (node id or sample trace id) and the node it names. */
struct id_node {
	int64_t id;
	uint32_t node;
};

static int id_node_cmp(const void *pa, const void *pb, void *ctx)
{
	const struct id_node *a = pa, *b = pb;
	(void)ctx;
	return a->id < b->id ? -1 : a->id > b->id;
}

static int id_node_find(const void *key, const void *elt)
{
	int64_t id = *(const int64_t *)key;
	const struct id_node *e = elt;
	return id < e->id ? -1 : id > e->id;
}

/* An entry: a trace event (ev index) or a JS call (node of the sampled
 * profile). */
struct entry {
	int64_t ts, dur;
	uint32_t ev;   /* FC_NONE for a JS call */
	uint32_t node; /* the sampled profile's node, for a JS call */
	uint32_t seq;
};

struct thread {
	const struct trace_tasks *t;
	const struct fc_profile *p; /* the thread's JS samples, or NULL */
	struct entry *calls;        /* JS calls made so far (§13.3) */
	size_t n_calls, calls_cap;
	size_t *stack; /* the JS stack: indices into calls */
	size_t n_stack, stack_cap;
	size_t *locked; /* the JS stack's depth when each open event began */
	size_t n_locked, locked_cap;
	bool fake_invocation;
	uint32_t *path; /* scratch: a sample's stack, outermost first */
	size_t path_cap;
	struct id_node *trace_nodes; /* sample trace id -> node, sorted by id */
	size_t n_trace_nodes;
};

/* DevTools' order: start, then the later end first, then JS calls before
 * events, then the file's order. */
static int entry_cmp(const void *pa, const void *pb, void *ctx)
{
	const struct entry *a = pa, *b = pb;
	bool ca = a->ev == FC_NONE, cb = b->ev == FC_NONE;
	(void)ctx;
	if (a->ts != b->ts)
		return a->ts < b->ts ? -1 : 1;
	if (a->ts + a->dur != b->ts + b->dur)
		return a->ts + a->dur > b->ts + b->dur ? -1 : 1;
	if (ca != cb)
		return ca ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

static bool grow(void **arr, size_t *cap, size_t need, size_t size)
{
	size_t c = *cap ? *cap : 64;
	void *p;

	if (need <= *cap)
		return true;
	while (c < need)
		c *= 2;
	p = realloc(*arr, c * size);
	if (!p)
		return false;
	*arr = p;
	*cap = c;
	return true;
}

static const char *ev_name(const struct thread *th, const struct entry *e)
{
	return fc_strpool_get(&th->t->names, th->t->ev[e->ev].name);
}

/* Events that run JS (§13.3): JS samples nest only under them. */
static bool runs_js(const char *name)
{
	return strcmp(name, "RunMicrotasks") == 0 || strcmp(name, "FunctionCall") == 0 ||
	       strcmp(name, "EvaluateScript") == 0 || strcmp(name, "v8.evaluateModule") == 0 ||
	       strcmp(name, "EventDispatch") == 0 || strcmp(name, "V8.Execute") == 0 ||
	       ((name[0] == 'v' || name[0] == 'V') && name[1] == '8');
}

static uint32_t locked_top(const struct thread *th)
{
	return th->n_locked ? (uint32_t)th->locked[th->n_locked - 1] : 0;
}

/* Ends the JS calls above depth at time (all open calls get that end). */
static void truncate_stack(struct thread *th, size_t depth, int64_t time)
{
	size_t k, lock = locked_top(th);

	if (lock && depth < lock)
		depth = lock;
	if (th->n_stack < depth)
		depth = th->n_stack;
	for (k = 0; k < th->n_stack; k++) {
		struct entry *c = &th->calls[th->stack[k]];
		c->dur = time - c->ts > 0 ? time - c->ts : 0;
	}
	th->n_stack = depth;
}

/* DevTools' frame identity here: script id, function name and line. */
static bool same_frame(const struct fc_profile *p, uint32_t na, uint32_t nb)
{
	const struct fc_frame *a = &p->frames[p->node_frame[na]];
	const struct fc_frame *b = &p->frames[p->node_frame[nb]];
	return a->script_id == b->script_id && a->name == b->name && a->line == b->line;
}

static bool hidden_node(const struct fc_profile *p, uint32_t node)
{
	return node == 0 || node == p->program_node || node == p->idle_node || node == p->gc_node;
}

/* A sample's stack, outermost first, without the root and without V8's
 * runtime frames; a GC sample stands on the stack of the sample before it. */
static size_t sample_path(struct thread *th, uint32_t node, uint32_t gc_under)
{
	const struct fc_profile *p = th->p;
	size_t n = 0, i;
	uint32_t m;

	if (node == p->gc_node && gc_under == FC_NONE)
		return 0;
	m = node == p->gc_node ? gc_under : node;
	for (; m != 0 && m != FC_NONE; m = p->node_parent[m]) {
		const char *url = fc_profile_str(p, p->frames[p->node_frame[m]].url);
		if (strcmp(url, "native V8Runtime") != 0)
			th->path[n++] = m;
	}
	for (i = 0; i < n / 2; i++) {
		uint32_t x = th->path[i];
		th->path[i] = th->path[n - 1 - i];
		th->path[n - 1 - i] = x;
	}
	if (node == p->gc_node)
		th->path[n++] = node;
	return n;
}

/* A sample taken at ts: the JS stack follows it (§13.3). */
static bool take_sample(struct thread *th, int64_t ts, uint32_t node, uint32_t gc_under)
{
	size_t n = sample_path(th, node, gc_under), i, min;

	min = n < th->n_stack ? n : th->n_stack;
	for (i = locked_top(th); i < min; i++) {
		struct entry *c = &th->calls[th->stack[i]];
		if (!same_frame(th->p, th->path[i], c->node))
			break;
		if (ts - c->ts > c->dur)
			c->dur = ts - c->ts;
	}
	truncate_stack(th, i, ts);
	for (; i < n; i++) {
		struct entry *c;
		if (hidden_node(th->p, th->path[i]))
			continue;
		if (!grow((void **)&th->calls, &th->calls_cap, th->n_calls + 1,
			  sizeof(*th->calls)) ||
		    !grow((void **)&th->stack, &th->stack_cap, th->n_stack + 1, sizeof(*th->stack)))
			return false;
		c = &th->calls[th->n_calls];
		c->ts = ts;
		c->dur = 0;
		c->ev = FC_NONE;
		c->node = th->path[i];
		c->seq = (uint32_t)th->n_calls;
		th->stack[th->n_stack++] = th->n_calls++;
	}
	return true;
}

static bool push_locked(struct thread *th, size_t depth)
{
	if (!grow((void **)&th->locked, &th->locked_cap, th->n_locked + 1, sizeof(*th->locked)))
		return false;
	th->locked[th->n_locked++] = depth;
	return true;
}

static size_t pop_locked(struct thread *th)
{
	return th->n_locked ? th->locked[--th->n_locked] : 0;
}

/* The node of an event's sample trace id (FC_NONE: none, or unknown). */
static uint32_t trace_node(const struct thread *th, const struct entry *e)
{
	int64_t id = th->t->ev[e->ev].trace_id;
	const struct id_node *x;

	if (!id || !th->n_trace_nodes)
		return FC_NONE;
	x = bsearch(&id, th->trace_nodes, th->n_trace_nodes, sizeof(*x), id_node_find);
	return x ? x->node : FC_NONE;
}

static bool event_start(struct thread *th, const struct entry *e)
{
	const char *name = ev_name(th, e);
	uint32_t node = th->p ? trace_node(th, e) : FC_NONE;

	if (strcmp(name, "RunMicrotasks") == 0 || strcmp(name, "RunTask") == 0) {
		th->n_locked = 0;
		truncate_stack(th, 0, e->ts);
		th->fake_invocation = false;
	}
	if (th->fake_invocation) {
		truncate_stack(th, pop_locked(th), e->ts);
		th->fake_invocation = false;
	}
	if (node != FC_NONE) {
		/* the JS stack the event was emitted from */
		if (!take_sample(th, e->ts, node, FC_NONE))
			return false;
	} else {
		/* the open calls cover the event's start */
		truncate_stack(th, th->n_stack, e->ts);
	}
	return push_locked(th, th->n_stack);
}

static void event_end(struct thread *th, const struct entry *e)
{
	truncate_stack(th, pop_locked(th), e->ts + e->dur);
}

static bool on_sample(struct thread *th, const struct entry *s, const struct entry *parent)
{
	if ((parent && runs_js(ev_name(th, parent))) || th->fake_invocation)
		return take_sample(th, s->ts, s->node, s->seq);
	if (th->n_stack == 0) {
		/* JS with no event that ran it (tracing began inside it) */
		th->fake_invocation = true;
		if (!take_sample(th, s->ts, s->node, s->seq))
			return false;
		return push_locked(th, 0);
	}
	return true;
}

/* The JS calls of a thread from its samples and events (§13.3). events are
 * sorted by entry_cmp. Samples carry the node of the sample before them in
 * seq (for GC samples). */
static bool integrate(struct thread *th, const struct entry *events, size_t n_events)
{
	const struct fc_profile *p = th->p;
	size_t i = 0, j = 0, n_open = 0, open_cap = 0, k;
	const struct entry **open = NULL;
	uint32_t prev = FC_NONE, *nodes;
	struct entry s;
	bool ok = false;

	if (!grow((void **)&th->path, &th->path_cap, p->max_depth + 2, sizeof(*th->path)))
		return false;
	/* the samples as DevTools' profile model holds them (§13.3) */
	nodes = malloc((p->n_samples + 1) * sizeof(*nodes));
	if (!nodes)
		return false;
	fc_profile_heal_program(p, nodes);
	while (i < n_events || j < p->n_samples) {
		const struct entry *e;
		if (j < p->n_samples) {
			s.ts = p->sample_time_us[j];
			s.dur = 0;
			s.ev = FC_NONE;
			s.node = nodes[j];
			s.seq = prev; /* the stack a GC sample stands on */
		}
		if (i < n_events && (j >= p->n_samples || entry_cmp(&events[i], &s, NULL) <= 0))
			e = &events[i];
		else
			e = &s;
		if (n_open) {
			const struct entry *top = open[n_open - 1];
			if (e->ts >= top->ts + top->dur) {
				event_end(th, top);
				n_open--;
				continue;
			}
		}
		if (e == &s) {
			if (!on_sample(th, &s, n_open ? open[n_open - 1] : NULL))
				goto out;
			if (s.node != p->gc_node)
				prev = s.node;
			j++;
			continue;
		}
		i++;
		if (!event_start(th, e) ||
		    !grow((void **)&open, &open_cap, n_open + 1, sizeof(*open)))
			goto out;
		open[n_open++] = e;
	}
	for (k = n_open; k > 0; k--)
		event_end(th, open[k - 1]);
	ok = true;
out:
	free(open);
	free(nodes);
	return ok;
}

/* --- the entry tree and its profile --------------------------------------------- */

/* A frame for an event: DevTools' name, "Event: click" for an event
 * dispatch; the category goes in the url as "devtools:CATEGORY" so that
 * colour and summaries can tell events from JS (devtools-rules §13.2). */
static uint32_t event_frame(struct fc_profile *out, const struct trace_tasks *t,
			    const struct tt_event *ev)
{
	const char *name = fc_strpool_get(&t->names, ev->name);
	const struct tt_kind *k = tt_kind_of(name);
	char label[160], url[64];

	if (strcmp(name, "EventDispatch") == 0 && ev->detail)
		snprintf(label, sizeof(label), "Event: %s", fc_strpool_get(&t->names, ev->detail));
	else
		snprintf(label, sizeof(label), "%s", k ? k->label : name);
	snprintf(url, sizeof(url), "devtools:%s", k ? k->category : "other");
	return fc_profile_intern_frame(out, label, strlen(label), url, strlen(url), "0", 1, -1, -1);
}

/* Whether the Performance panel shows an entry (devtools-rules §13.2). */
static bool shown(const struct thread *th, const struct entry *e)
{
	return e->ev == FC_NONE || tt_kind_of(ev_name(th, e)) != NULL;
}

/* Fills out's tree and samples from the sorted entries (§13.4): an entry
 * lies inside the entry open before it, or that one has ended; one that
 * overruns it is left out. Entries the panel does not show stay in the
 * tree but get no node: a shown entry's parent is its nearest shown
 * ancestor. Marks (samples) say which node is innermost from when. */
static bool make_lane(struct thread *th, struct entry *es, size_t n, struct fc_profile *out)
{
	const struct trace_tasks *t = th->t;
	size_t i, n_nodes = 1, n_open = 0, n_s = 0;
	uint32_t *open = NULL, *open_node = NULL, *open_up = NULL;
	uint32_t *parent = NULL, *frame = NULL, *depth = NULL;
	int64_t *id = NULL, *stime = NULL;
	uint32_t *snode = NULL;
	bool ok = false;

	if (th->p && !fc_profile_copy_frames(out, th->p))
		return false;
	open = malloc((n + 1) * sizeof(*open));
	open_node = malloc((n + 1) * sizeof(*open_node));
	open_up = malloc((n + 1) * sizeof(*open_up));
	parent = malloc((n + 1) * sizeof(*parent));
	frame = malloc((n + 1) * sizeof(*frame));
	depth = malloc((n + 1) * sizeof(*depth));
	id = malloc((n + 1) * sizeof(*id));
	stime = malloc((2 * n + 1) * sizeof(*stime));
	snode = malloc((2 * n + 1) * sizeof(*snode));
	if (!open || !open_node || !open_up || !parent || !frame || !depth || !id || !stime ||
	    !snode)
		goto out;
	parent[0] = FC_NONE;
	depth[0] = 0;
	id[0] = 0;
	frame[0] = fc_profile_intern_frame(out, "(root)", 6, "", 0, "0", 1, -1, -1);
	if (frame[0] == FC_NONE)
		goto out;
	out->max_depth = 0;
	for (i = 0; i < n; i++) {
		const struct entry *e = &es[i];
		uint32_t node, up;
		/* close what ends before this entry starts */
		while (n_open) {
			const struct entry *top = &es[open[n_open - 1]];
			if (e->ts < top->ts + top->dur)
				break;
			n_open--;
			if (open_node[n_open] != FC_NONE) {
				stime[n_s] = top->ts + top->dur;
				snode[n_s++] = parent[open_node[n_open]];
			}
		}
		if (n_open) {
			const struct entry *top = &es[open[n_open - 1]];
			if (e->ts + e->dur > top->ts + top->dur)
				continue; /* overruns its parent: left out */
		}
		/* the nearest shown ancestor */
		up = n_open ? open_up[n_open - 1] : 0;
		open[n_open] = (uint32_t)i;
		if (!shown(th, e)) {
			open_node[n_open] = FC_NONE;
			open_up[n_open++] = up;
			continue;
		}
		node = (uint32_t)n_nodes++;
		parent[node] = up;
		depth[node] = depth[up] + 1;
		id[node] = (int64_t)node;
		frame[node] = e->ev == FC_NONE ? th->p->node_frame[e->node]
					       : event_frame(out, t, &t->ev[e->ev]);
		if (frame[node] == FC_NONE)
			goto out;
		if (depth[node] > out->max_depth)
			out->max_depth = depth[node];
		open_node[n_open] = node;
		open_up[n_open++] = node;
		stime[n_s] = e->ts;
		snode[n_s++] = node;
	}
	while (n_open) {
		const struct entry *top = &es[open[n_open - 1]];
		n_open--;
		if (open_node[n_open] != FC_NONE) {
			stime[n_s] = top->ts + top->dur;
			snode[n_s++] = parent[open_node[n_open]];
		}
	}
	/* at one time only the last mark counts */
	{
		size_t w = 0;
		for (i = 0; i < n_s; i++) {
			if (w && stime[w - 1] == stime[i])
				w--;
			stime[w] = stime[i];
			snode[w++] = snode[i];
		}
		n_s = w;
	}
	out->n_nodes = (uint32_t)n_nodes;
	out->node_parent = parent;
	out->node_frame = frame;
	out->node_depth = depth;
	out->node_id = id;
	out->n_samples = (uint32_t)n_s;
	out->sample_node = snode;
	out->sample_time_us = stime;
	parent = frame = depth = snode = NULL;
	id = stime = NULL;
	out->has_time = true;
	out->program_node = out->idle_node = out->gc_node = FC_NONE;
	out->start_us = n_s ? out->sample_time_us[0] : 0;
	out->end_us = n_s ? out->sample_time_us[n_s - 1] : 0;
	out->last_end_us = out->end_us;
	ok = true;
out:
	free(open);
	free(open_node);
	free(open_up);
	free(parent);
	free(frame);
	free(depth);
	free(id);
	free(stime);
	free(snode);
	return ok;
}

bool tt_mark_events(struct fc_profile *lane)
{
	static const char prefix[] = "devtools:";
	uint32_t i, empty = fc_strpool_intern(&lane->strings, "", 0);

	if (empty == FC_NONE)
		return false;
	for (i = 0; i < lane->n_frames; i++) {
		struct fc_frame *f = &lane->frames[i];
		const char *url = fc_profile_str(lane, f->url);
		char name[32]; /* interning may move the pool: a copy */
		uint32_t cat;
		if (strncmp(url, prefix, sizeof(prefix) - 1) != 0)
			continue;
		snprintf(name, sizeof(name), "%s", url + sizeof(prefix) - 1);
		cat = fc_strpool_intern(&lane->strings, name, strlen(name));
		if (cat == FC_NONE)
			return false;
		f->tags = FC_TAG_EVENT;
		f->package = cat;
		f->url = empty;
	}
	/* the root's self time is the time no entry runs: idle, as DevTools'
	 * Summary counts it and as the picture draws it (a gap) */
	if (lane->n_nodes)
		lane->frames[lane->node_frame[0]].tier = FC_TIER_IDLE;
	/* frames are looked up by URL no more: the index would be stale */
	fc_profile_drop_frame_index(lane);
	return true;
}

/* --- all threads ------------------------------------------------------------------ */

static int thread_order(const void *pa, const void *pb, void *ctx)
{
	const struct tt_event *a = pa, *b = pb;
	(void)ctx;
	if (a->pid != b->pid)
		return a->pid < b->pid ? -1 : 1;
	if (a->tid != b->tid)
		return a->tid < b->tid ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/* Turns each B and its E (the latest open B of the thread) into one
 * complete event; an E without a B is left out (ph 0). */
static bool pair_begin_end(struct trace_tasks *t, size_t from, size_t to)
{
	size_t *open = NULL, n_open = 0, cap = 0, i;

	for (i = from; i < to; i++) {
		struct tt_event *e = &t->ev[i];
		if (e->ph == 'B') {
			if (!grow((void **)&open, &cap, n_open + 1, sizeof(*open))) {
				free(open);
				return false;
			}
			open[n_open++] = i;
		} else if (e->ph == 'E') {
			e->ph = 0;
			if (!n_open) {
				t->n_unmatched++;
				continue;
			}
			struct tt_event *b = &t->ev[open[--n_open]];
			b->ph = 'X';
			b->dur = e->ts > b->ts ? e->ts - b->ts : 0;
		}
	}
	/* a begin that never ends (the trace stopped inside it) stays, as a
	 * complete event of no duration: DevTools' engine keeps it so, and the
	 * JS calls open then last to its start (§13.3) */
	for (i = 0; i < n_open; i++) {
		t->ev[open[i]].ph = 'X';
		t->ev[open[i]].dur = 0;
	}
	t->n_unmatched += n_open;
	free(open);
	return true;
}

static const struct fc_profile *sampled_of(struct fc_profile *const *sampled, size_t n, int64_t pid,
					   int64_t tid)
{
	size_t i;
	for (i = 0; i < n; i++)
		if (sampled[i]->pid == pid && sampled[i]->tid == tid)
			return sampled[i];
	return NULL;
}

bool tt_page_process(struct trace_tasks *t, int64_t pid)
{
	size_t i;

	for (i = 0; i < t->n_page_pids; i++)
		if (t->page_pids[i] == pid)
			return true;
	if (t->n_page_pids == 64)
		return true;
	if (!grow((void **)&t->page_pids, &t->page_pids_cap, t->n_page_pids + 1,
		  sizeof(*t->page_pids)))
		return false;
	t->page_pids[t->n_page_pids++] = pid;
	return true;
}

bool tt_page_process_of(const struct trace_tasks *t, int64_t pid)
{
	size_t i;

	for (i = 0; i < t->n_page_pids; i++)
		if (t->page_pids[i] == pid)
			return true;
	return t->n_page_pids == 0;
}

/* The processes drawn: those holding the page's frames when the trace
 * names them, else those with a sampled thread, else all (a trace of
 * events only). */
static bool process_drawn(const struct trace_tasks *t, struct fc_profile *const *sampled, size_t n,
			  int64_t pid)
{
	size_t i;

	if (t->n_page_pids)
		return tt_page_process_of(t, pid);
	if (!n)
		return true;
	for (i = 0; i < n; i++)
		if (sampled[i]->pid == pid)
			return true;
	return false;
}

/* The thread's sample trace ids, each with the node its file id names. */
static bool trace_nodes_of(struct thread *th, int64_t pid, int64_t tid)
{
	const struct trace_tasks *t = th->t;
	const struct fc_profile *p = th->p;
	struct id_node *by_id = NULL;
	size_t i, n = 0;
	bool ok = false;

	for (i = 0; i < t->n_trace_ids; i++)
		n += t->trace_ids[i].pid == pid && t->trace_ids[i].tid == tid;
	if (!n)
		return true;
	by_id = malloc(p->n_nodes * sizeof(*by_id));
	th->trace_nodes = malloc(n * sizeof(*th->trace_nodes));
	if (!by_id || !th->trace_nodes)
		goto out;
	for (i = 0; i < p->n_nodes; i++) {
		by_id[i].id = p->node_id[i];
		by_id[i].node = (uint32_t)i;
	}
	if (!fc_sort(by_id, p->n_nodes, sizeof(*by_id), id_node_cmp, NULL))
		goto out;
	for (i = 0; i < t->n_trace_ids; i++) {
		const struct tt_trace_id *x = &t->trace_ids[i];
		const struct id_node *hit;
		if (x->pid != pid || x->tid != tid || !x->node_id)
			continue;
		hit = bsearch(&x->node_id, by_id, p->n_nodes, sizeof(*by_id), id_node_find);
		if (!hit)
			continue;
		th->trace_nodes[th->n_trace_nodes].id = x->trace_id;
		th->trace_nodes[th->n_trace_nodes++].node = hit->node;
	}
	/* a trace id given twice: the first stays (a stable sort) */
	if (!fc_sort(th->trace_nodes, th->n_trace_nodes, sizeof(*th->trace_nodes), id_node_cmp,
		     NULL))
		goto out;
	ok = true;
out:
	free(by_id);
	return ok;
}

/* One thread's lane; *lane stays NULL when the thread has nothing to draw. */
static bool thread_lane(struct trace_tasks *t, size_t from, size_t to, const struct fc_profile *p,
			struct fc_profile **lane)
{
	struct thread th = { .t = t, .p = p };
	struct entry *es = NULL;
	size_t n = 0, n_vis = 0, i, n_events;
	bool ok = false, drawn = false;

	*lane = NULL;
	es = malloc((to - from + 1) * sizeof(*es));
	if (!es)
		return false;
	for (i = from; i < to; i++) {
		const struct tt_event *e = &t->ev[i];
		if (e->ph != 'X' && e->ph != 'I')
			continue;
		es[n].ts = e->ts;
		es[n].dur = e->dur;
		es[n].ev = (uint32_t)i;
		es[n].node = FC_NONE;
		es[n].seq = e->seq;
		n++;
	}
	if (!fc_sort(es, n, sizeof(*es), entry_cmp, NULL))
		goto out;
	n_events = n;
	if (p && (!trace_nodes_of(&th, p->pid, p->tid) || !integrate(&th, es, n_events)))
		goto out;
	/* the tree is made of every event and JS call; a thread is drawn
	 * when it holds more than tasks */
	for (i = 0; i < n_events && !drawn; i++) {
		const char *name = fc_strpool_get(&t->names, t->ev[es[i].ev].name);
		drawn = tt_kind_of(name) && strcmp(name, "RunTask") != 0;
	}
	n_vis = n_events;
	if (th.n_calls) {
		struct entry *more = realloc(es, (n_vis + th.n_calls + 1) * sizeof(*es));
		if (!more)
			goto out;
		es = more;
		memcpy(es + n_vis, th.calls, th.n_calls * sizeof(*es));
		for (i = 0; i < th.n_calls; i++)
			es[n_vis + i].seq = (uint32_t)(to + i); /* after every event */
		n_vis += th.n_calls;
		drawn = true;
	}
	if (!drawn) {
		ok = true;
		goto out;
	}
	if (!fc_sort(es, n_vis, sizeof(*es), entry_cmp, NULL))
		goto out;
	if (!(*lane = fc_profile_create()))
		goto out;
	if (!make_lane(&th, es, n_vis, *lane)) {
		fc_profile_destroy(*lane);
		*lane = NULL;
		goto out;
	}
	ok = true;
out:
	free(es);
	free(th.calls);
	free(th.stack);
	free(th.locked);
	free(th.path);
	free(th.trace_nodes);
	return ok;
}

bool tt_lanes(struct trace_tasks *t, struct fc_profile *const *sampled, size_t n_sampled,
	      struct fc_profile_set *out, struct fc_error *err)
{
	size_t i, j;

	if (!fc_sort(t->ev, t->n, sizeof(*t->ev), thread_order, NULL))
		goto nomem;
	for (i = 0; i < t->n; i = j) {
		const struct tt_event *e = &t->ev[i];
		const struct fc_profile *p;
		struct fc_profile *lane;

		for (j = i + 1; j < t->n; j++)
			if (t->ev[j].pid != e->pid || t->ev[j].tid != e->tid)
				break;
		p = sampled_of(sampled, n_sampled, e->pid, e->tid);
		/* the threads of the profiled processes (§13.1) */
		if (!process_drawn(t, sampled, n_sampled, e->pid))
			continue;
		if (!pair_begin_end(t, i, j) || !thread_lane(t, i, j, p, &lane))
			goto nomem;
		if (!lane)
			continue;
		lane->pid = e->pid;
		lane->tid = e->tid;
		lane->format = FC_FORMAT_TRACE;
		if (!fc_profile_set_add(out, lane)) {
			fc_profile_destroy(lane);
			goto nomem;
		}
	}
	return true;
nomem:
	fc_error_set(err, FC_ERR_NOMEM, "out of memory");
	return false;
}
