/* bench/gen-trace: a deterministic generator of large Chrome Performance-panel
 * traces, for the trace figures of bench/trace.sh.
 *
 *   gen-trace --size 500M [--seed 1] [-o FILE]
 *
 * Writes {"metadata": {...}, "traceEvents": [...]} shaped like a trace the
 * Performance panel (or Puppeteer's page.tracing) saves, one event a line,
 * with the structure of the recorded traces in tests/data/traces/:
 *
 * - a browser, a page renderer and a GPU process, named by process_name and
 *   thread_name events; TracingStartedInBrowser names the renderer;
 * - on the renderer's main thread, tasks one after the other with idle gaps:
 *   RunTask (X) holding a timer, an input event, a script evaluation or a
 *   frame (animation frame, style, layout with its stack trace, paint),
 *   each event with the args Chrome gives it (frame ids, URLs, sample trace
 *   ids, beginData and endData); one task in 40 is a long one;
 * - the same on a dedicated worker, less often;
 * - the noise that makes up most of a real trace's events: short RunTask
 *   events on the IO, compositor and thread-pool threads, URL loader events
 *   with flow (s/f) pairs, resource instants, compositor frames in the GPU
 *   process;
 * - the two threads' V8 samples in ProfileChunk events of about 100 samples
 *   (every ~125 µs while busy, every few ms while idle, as in the
 *   recordings), new nodes in the chunk before
 *   their first sample, a stack that moves a little between samples inside
 *   script and (program) or (idle) outside, trace_ids for the events'
 *   sampleTraceIds, and a last chunk with endTime.
 *
 * By bytes about 10 % is samples, the rest events, as in the recordings
 * (6-11 %).
 * Same --size and --seed give a byte-identical file (splitmix64, integer
 * arithmetic); a summary with an FNV-1a 64 checksum goes to stderr. K, M, G
 * are powers of 1000. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"

#define START INT64_C(20000000000) /* µs, the trace clock */
#define BROWSER 1000
#define RENDERER 2000
#define GPU 3000
#define MAIN_TID 2000
#define WORKER_TID 2030
#define SAMPLER_TID 2099
#define FRAME_ID "\"frame\":\"8C2A51F0E4B3D6A7910C5E2F3B4A6D8E\""
#define MAX_NODES 2000000
#define CHUNK_SAMPLES 100
#define INTERVAL 125 /* µs */

/* ---- output: a buffer, its byte count and checksum ---- */

static FILE *out;
static char obuf[1 << 16];
static size_t olen;
static uint64_t written, fnv = 0xcbf29ce484222325ull;

static void flush(void)
{
	size_t i;
	for (i = 0; i < olen; i++)
		fnv = (fnv ^ (unsigned char)obuf[i]) * 0x100000001b3ull;
	if (fwrite(obuf, 1, olen, out) != olen) {
		perror("gen-trace: write");
		exit(1);
	}
	written += olen;
	olen = 0;
}

static void put(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void put(const char *fmt, ...)
{
	va_list ap;
	int n;

	if (olen > sizeof(obuf) - 4096)
		flush();
	va_start(ap, fmt);
	n = vsnprintf(obuf + olen, sizeof(obuf) - olen, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof(obuf) - olen) {
		fprintf(stderr, "gen-trace: an event longer than the buffer\n");
		exit(1);
	}
	olen += (size_t)n;
}

static bool first_event = true;

/* Starts an event: the separator and the fields every event has. */
static void ev(const char *ph, const char *cat, const char *name, int pid, int tid, int64_t ts)
{
	put("%s\n{\"args\":{", first_event ? "" : ",");
	first_event = false;
	(void)ph;
	(void)cat;
	(void)name;
	(void)pid;
	(void)tid;
	(void)ts;
}

/* Ends it: args closed by the caller's text, then the common fields. */
static void ev_end(const char *ph, const char *cat, const char *name, int pid, int tid, int64_t ts,
		   int64_t dur)
{
	put("},\"cat\":\"%s\",", cat);
	if (dur >= 0)
		put("\"dur\":%" PRId64 ",", dur);
	put("\"name\":\"%s\",\"ph\":\"%s\",\"pid\":%d,", name, ph, pid);
	if (dur >= 0)
		put("\"tdur\":%" PRId64 ",", dur - dur / 5);
	put("\"tid\":%d,\"ts\":%" PRId64 ",\"tts\":%" PRId64 "}", tid, ts, (ts - START) / 3);
}

static void x_event(const char *cat, const char *name, int pid, int tid, int64_t ts, int64_t dur,
		    const char *args)
{
	ev("X", cat, name, pid, tid, ts);
	put("%s", args);
	ev_end("X", cat, name, pid, tid, ts, dur);
}

static void meta(int pid, int tid, const char *what, const char *name)
{
	ev("M", "__metadata", what, pid, tid, 0);
	put("\"name\":\"%s\"", name);
	ev_end("M", "__metadata", what, pid, tid, 0, -1);
}

/* ---- the JS: a call tree grown as the samples walk it ---- */

struct node {
	uint32_t parent, fn, first_child, next_sibling, depth;
};
struct prof {
	int tid;
	const char *id;
	struct node *nodes;
	uint32_t n, emitted; /* nodes 0..emitted-1 are in chunks already */
	uint32_t stack[64], depth;
	int64_t last_sample; /* time of the last sample */
	uint32_t samples[CHUNK_SAMPLES];
	int64_t deltas[CHUNK_SAMPLES];
	uint64_t trace_ids[8];
	uint32_t trace_nodes[8], n_trace;
	uint32_t n_samples;
	uint64_t total;
};

static const char *const fn_names[] = {
	"render",
	"update",
	"reconcile",
	"commitWork",
	"beginWork",
	"createElement",
	"diff",
	"setState",
	"dispatch",
	"reduce",
	"map",
	"forEach",
	"parse",
	"tokenize",
	"format",
	"layoutRows",
	"measure",
	"appendChild",
	"insertBefore",
	"querySelectorAll",
	"onClick",
	"onScroll",
	"tick",
	"flush",
	"schedule",
	"performWork",
	"t",
	"e",
	"n",
	"r",
	"",
};
#define N_FN_NAMES (sizeof(fn_names) / sizeof(fn_names[0]))
#define N_URLS 40

static uint32_t add_node(struct prof *p, uint32_t parent)
{
	struct node *n;

	if (p->n >= MAX_NODES)
		return p->nodes[parent].first_child ? p->nodes[parent].first_child : parent;
	n = &p->nodes[p->n];
	n->parent = parent;
	n->fn = below(4000);
	n->first_child = 0;
	n->depth = p->nodes[parent].depth + 1;
	n->next_sibling = p->nodes[parent].first_child;
	p->nodes[parent].first_child = p->n;
	return p->n++;
}

/* A callee of node: a known one mostly, else a new node. */
static uint32_t callee(struct prof *p, uint32_t node)
{
	uint32_t c = p->nodes[node].first_child, k = 0;

	if (c && chance(985)) {
		for (k = below(4); k && p->nodes[c].next_sibling; k--)
			c = p->nodes[c].next_sibling;
		return c;
	}
	return add_node(p, node);
}

/* The JS stack for the next sample: the root's (program) (node 1), (idle)
 * (node 2), or a JS stack under entry moved a little from the last one. */
static uint32_t js_sample(struct prof *p, uint32_t entry)
{
	uint32_t pops, pushes;

	if (p->depth == 0 || p->stack[0] != entry) {
		p->depth = 1;
		p->stack[0] = entry;
	}
	for (pops = below(4); pops && p->depth > 1; pops--)
		p->depth--;
	for (pushes = below(4); pushes && p->depth < 30; pushes--) {
		p->stack[p->depth] = callee(p, p->stack[p->depth - 1]);
		p->depth++;
	}
	return p->stack[p->depth - 1];
}

static void chunk(struct prof *p, int64_t ts)
{
	uint32_t i;

	ev("P", "disabled-by-default-v8.cpu_profiler", "ProfileChunk", RENDERER, SAMPLER_TID, ts);
	put("\"data\":{\"cpuProfile\":{\"nodes\":[");
	for (i = p->emitted; i < p->n; i++) {
		const struct node *n = &p->nodes[i];
		if (i < 3)
			put("%s{\"callFrame\":{\"codeType\":\"other\",\"functionName\":\"%s\","
			    "\"scriptId\":0},\"id\":%u%s}",
			    i > p->emitted ? "," : "",
			    i == 0   ? "(root)"
			    : i == 1 ? "(program)"
				     : "(idle)",
			    i + 1, i ? ",\"parent\":1" : "");
		else
			put("%s{\"callFrame\":{\"codeType\":\"JS\",\"columnNumber\":%u,"
			    "\"functionName\":\"%s%s\",\"lineNumber\":%u,\"scriptId\":%u,"
			    "\"url\":\"https://app.example/static/js/chunk-%u.%08x.js\"},"
			    "\"id\":%u,\"parent\":%u}",
			    i > p->emitted ? "," : "", n->fn % 977, fn_names[n->fn % N_FN_NAMES],
			    n->fn % 7 ? "" : "$1", n->fn % 5003, 20 + n->fn % N_URLS,
			    n->fn % N_URLS, n->fn % N_URLS * 2654435761u, i + 1, n->parent + 1);
	}
	p->emitted = p->n;
	put("],\"samples\":[");
	for (i = 0; i < p->n_samples; i++)
		put("%s%u", i ? "," : "", p->samples[i] + 1);
	put("]");
	if (p->n_trace) {
		put(",\"trace_ids\":{");
		for (i = 0; i < p->n_trace; i++)
			put("%s\"%" PRIu64 "\":%u", i ? "," : "", p->trace_ids[i],
			    p->trace_nodes[i] + 1);
		put("}");
	}
	put("},\"timeDeltas\":[");
	for (i = 0; i < p->n_samples; i++)
		put("%s%" PRId64, i ? "," : "", p->deltas[i]);
	put("]}");
	ev_end("P", "disabled-by-default-v8.cpu_profiler", "ProfileChunk", RENDERER, SAMPLER_TID,
	       ts, -1);
	/* the chunk's id: the profile's */
	olen--; /* reopen the event to add "id" */
	put(",\"id\":\"%s\"}", p->id);
	p->total += p->n_samples;
	p->n_samples = 0;
	p->n_trace = 0;
}

/* Samples from the last one up to t: JS under entry when js, else node. */
static void sample_until(struct prof *p, int64_t t, bool js, uint32_t entry, uint32_t node)
{
	/* an idle thread is sampled far less often (a few ms apart in the
	 * recordings: 5-7 % of their time deltas are over 1 ms) */
	int64_t every = !js && node == 2 ? 2000 : INTERVAL;

	while (p->last_sample + every <= t) {
		int64_t d = every == INTERVAL ? INTERVAL - 10 + below(21) : every + below(6000);
		p->last_sample += d;
		p->deltas[p->n_samples] = d;
		p->samples[p->n_samples++] = js ? js_sample(p, entry) : node;
		if (p->n_samples == CHUNK_SAMPLES)
			chunk(p, p->last_sample + 50);
	}
}

static uint64_t next_trace_id = 2539253516554000ull;

/* A sample trace id for an event, mapped to the JS stack's top in the
 * profile's next chunk. */
static uint64_t trace_id(struct prof *p)
{
	uint64_t id = next_trace_id++;
	if (p->n_trace < 8 && p->depth) {
		p->trace_ids[p->n_trace] = id;
		p->trace_nodes[p->n_trace++] = p->stack[p->depth - 1];
	}
	return id;
}

/* ---- tasks ---- */

static const char *const event_types[] = { "click",   "mousemove", "pointerdown",
					   "keydown", "scroll",    "input" };

/* Some JS inside [t, t + dur): a FunctionCall with samples under it. */
static void function_call(struct prof *p, int tid, int64_t t, int64_t dur)
{
	char args[512];
	uint32_t entry;

	if (!p->nodes[0].first_child || chance(10))
		entry = add_node(p, 0);
	else
		entry = callee(p, 0);
	if (entry < 3)
		entry = add_node(p, 0);
	sample_until(p, t, false, 0, 1);
	snprintf(args, sizeof(args),
		 "\"data\":{\"columnNumber\":%u,%s,\"functionName\":\"%s\","
		 "\"isolate\":\"7367206229128255756\",\"lineNumber\":%u,"
		 "\"sampleTraceId\":%" PRIu64 ",\"scriptId\":\"%u\","
		 "\"url\":\"https://app.example/static/js/main.4f2a9c1e.js\"}",
		 entry % 977, FRAME_ID, fn_names[entry % N_FN_NAMES], entry % 5003, trace_id(p),
		 20 + entry % N_URLS);
	x_event("devtools.timeline", "FunctionCall", RENDERER, tid, t, dur, args);
	sample_until(p, t + dur, true, entry, 0);
}

static void layout(struct prof *p, int tid, int64_t t, int64_t dur)
{
	char args[1024];
	/* one draw a statement: the order of a call's arguments is unspecified,
	 * and one seed must give one trace whatever the compiler (these are in
	 * the order the traces were first made) */
	unsigned total = 40 + below(400), dirty = 1 + below(40);

	snprintf(
		args, sizeof(args),
		"\"beginData\":{\"dirtyObjects\":%u,%s,\"partialLayout\":false,"
		"\"sampleTraceId\":%" PRIu64 ",\"stackTrace\":[{\"columnNumber\":15,"
		"\"functionName\":\"layoutRows\",\"lineNumber\":24,\"scriptId\":\"4\","
		"\"url\":\"https://app.example/static/js/main.4f2a9c1e.js\"},{\"columnNumber\":3,"
		"\"functionName\":\"onClick\",\"lineNumber\":31,\"scriptId\":\"4\","
		"\"url\":\"https://app.example/static/js/main.4f2a9c1e.js\"}],\"totalObjects\":%u},"
		"\"endData\":{\"layoutRoots\":[{\"depth\":1,\"nodeId\":2,\"nodeName\":\"#"
		"document\","
		"\"quads\":[[0,0,1280,0,1280,720,0,720]]}]}",
		dirty, FRAME_ID, trace_id(p), total);
	x_event("devtools.timeline", "Layout", RENDERER, tid, t, dur, args);
}

static void task(struct prof *p, int tid, int64_t t, int64_t dur)
{
	char args[512];
	uint32_t kind = below(100);
	int64_t in = t + 3 + below(10), inner = dur - (in - t) - 5;

	sample_until(p, t, false, 0, 2); /* idle before the task */
	x_event("disabled-by-default-devtools.timeline", "RunTask", RENDERER, tid, t, dur, "");
	if (inner < 20)
		return;
	if (kind < 30) {
		snprintf(args, sizeof(args),
			 "\"data\":{%s,\"singleShot\":true,\"stackTrace\":null,\"timerId\":%u}",
			 FRAME_ID, below(10000));
		x_event("devtools.timeline", "TimerFire", RENDERER, tid, in, inner, args);
		function_call(p, tid, in + 2, inner - 4);
	} else if (kind < 55) {
		snprintf(args, sizeof(args),
			 "\"data\":{\"sampleTraceId\":%" PRIu64 ",\"type\":\"%s\"}", trace_id(p),
			 event_types[below(6)]);
		x_event("devtools.timeline", "EventDispatch", RENDERER, tid, in, inner, args);
		function_call(p, tid, in + 2, inner * 2 / 3);
		layout(p, tid, in + 4 + inner * 2 / 3, inner / 4);
	} else if (kind < 65) {
		snprintf(args, sizeof(args),
			 "\"data\":{%s,\"lineNumber\":0,\"columnNumber\":0,\"sampleTraceId\":"
			 "%" PRIu64 ",\"url\":\"https://app.example/static/js/chunk-%u.js\"}",
			 FRAME_ID, trace_id(p), below(N_URLS));
		x_event("devtools.timeline", "EvaluateScript", RENDERER, tid, in, inner, args);
		x_event("v8", "v8.compile", RENDERER, tid, in + 1, inner / 10,
			"\"data\":{\"columnNumber\":0,\"lineNumber\":0,\"url\":\"https://"
			"app.example/"
			"static/js/chunk.js\"}");
		function_call(p, tid, in + 2 + inner / 10, inner - inner / 10 - 4);
	} else {
		/* a frame: animation frame, style, layout, paint */
		int64_t q = inner / 4;
		snprintf(args, sizeof(args), "\"data\":{%s,\"id\":%u}", FRAME_ID, below(100));
		x_event("devtools.timeline", "FireAnimationFrame", RENDERER, tid, in, q, args);
		function_call(p, tid, in + 1, q - 2);
		snprintf(args, sizeof(args),
			 "\"beginData\":{%s,\"sampleTraceId\":%" PRIu64 "},\"elementCount\":%u",
			 FRAME_ID, trace_id(p), 1 + below(300));
		x_event("blink,devtools.timeline", "UpdateLayoutTree", RENDERER, tid, in + q, q,
			args);
		layout(p, tid, in + 2 * q, q);
		snprintf(args, sizeof(args),
			 "\"data\":{\"clip\":[0,0,1280,0,1280,720,0,720],%s,\"layerId\":0,"
			 "\"nodeId\":2,\"nodeName\":\"#document\"}",
			 FRAME_ID);
		x_event("devtools.timeline", "Paint", RENDERER, tid, in + 3 * q, q - 2, args);
	}
	sample_until(p, t + dur, false, 0, 1);
}

/* The events of other threads between t and t + span. */
static void noise(int64_t t, int64_t span)
{
	static const int tids[] = { 1000, 1010, 2010, 2020, 3010 };
	static const int pids[] = { BROWSER, BROWSER, RENDERER, RENDERER, GPU };
	uint32_t i, n = 16 + below(40);

	for (i = 0; i < n; i++) {
		uint32_t k = below(5);
		int64_t at = t + below((uint32_t)(span > 1 ? span : 1));
		uint64_t flow = next64() & 0xffffffffffull;
		x_event("disabled-by-default-devtools.timeline", "RunTask", pids[k], tids[k], at,
			1 + below(40), "");
		if (chance(300)) {
			char args[256];
			ev("s", "loading", "ThrottlingURLLoader::OnReceiveResponse", pids[k],
			   tids[k], at);
			ev_end("s", "loading", "ThrottlingURLLoader::OnReceiveResponse", pids[k],
			       tids[k], at, -1);
			olen--;
			put(",\"id\":\"0x%" PRIx64 "\"}", flow);
			unsigned request = below(1000), length = below(60000);
			snprintf(args, sizeof(args),
				 "\"data\":{\"encodedDataLength\":%u,%s,\"requestId\":\"%d.%u\"}",
				 length, FRAME_ID, RENDERER, request);
			ev("I", "devtools.timeline", "ResourceReceivedData", pids[k], tids[k],
			   at + 5);
			put("%s", args);
			ev_end("I", "devtools.timeline", "ResourceReceivedData", pids[k], tids[k],
			       at + 5, -1);
			olen--;
			put(",\"s\":\"t\"}");
		}
	}
}

static void usage(void)
{
	fprintf(stderr, "usage: gen-trace --size N[K|M|G] [--seed S] [-o FILE]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	uint64_t size = 0, seed = 1;
	const char *path = NULL;
	struct prof main_p = { .tid = MAIN_TID, .id = "0x1" },
		    worker_p = { .tid = WORKER_TID, .id = "0x2" };
	struct prof *ps[2] = { &main_p, &worker_p };
	int64_t t = START + 5000;
	uint64_t tasks = 0;
	int i;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--size") == 0 && i + 1 < argc) {
			char *end;
			size = strtoull(argv[++i], &end, 10);
			size *= *end == 'K'   ? 1000
				: *end == 'M' ? 1000000
				: *end == 'G' ? 1000000000
					      : 1;
		} else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc) {
			seed = strtoull(argv[++i], NULL, 10);
		} else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) {
			path = argv[++i];
		} else {
			usage();
		}
	}
	if (!size)
		usage();
	rng_state = seed;
	out = path ? fopen(path, "wb") : stdout;
	if (!out) {
		perror(path);
		return 1;
	}
	for (i = 0; i < 2; i++) {
		ps[i]->nodes = calloc(MAX_NODES, sizeof(struct node));
		if (!ps[i]->nodes)
			return 1;
		ps[i]->n = 3; /* (root), (program), (idle) */
		ps[i]->nodes[1].depth = ps[i]->nodes[2].depth = 1;
		ps[i]->last_sample = START;
	}
	put("{\"metadata\":{\"source\":\"DevTools\",\"startTime\":\"2026-11-27T00:00:00.000Z\","
	    "\"hardwareConcurrency\":8,\"dataOrigin\":\"TraceEvents\"},\n\"traceEvents\":[");
	meta(BROWSER, 0, "process_name", "Browser");
	meta(BROWSER, 1000, "thread_name", "CrBrowserMain");
	meta(BROWSER, 1010, "thread_name", "Chrome_IOThread");
	meta(RENDERER, 0, "process_name", "Renderer");
	meta(RENDERER, MAIN_TID, "thread_name", "CrRendererMain");
	meta(RENDERER, 2010, "thread_name", "Compositor");
	meta(RENDERER, 2020, "thread_name", "ThreadPoolForegroundWorker");
	meta(RENDERER, WORKER_TID, "thread_name", "DedicatedWorker thread");
	meta(GPU, 0, "process_name", "GPU Process");
	meta(GPU, 3010, "thread_name", "VizCompositorThread");
	ev("I", "disabled-by-default-devtools.timeline", "TracingStartedInBrowser", BROWSER, 1000,
	   START);
	put("\"data\":{\"frameTreeNodeId\":1,\"frames\":[{%s,\"isInPrimaryMainFrame\":true,"
	    "\"isOutermostMainFrame\":true,\"name\":\"\",\"processId\":%d,"
	    "\"url\":\"https://app.example/\"}],\"persistentIds\":true}",
	    FRAME_ID, RENDERER);
	ev_end("I", "disabled-by-default-devtools.timeline", "TracingStartedInBrowser", BROWSER,
	       1000, START, -1);
	for (i = 0; i < 2; i++) {
		ev("P", "disabled-by-default-v8.cpu_profiler", "Profile", RENDERER, ps[i]->tid,
		   START);
		put("\"data\":{\"startTime\":%" PRId64 "}", START / 7);
		ev_end("P", "disabled-by-default-v8.cpu_profiler", "Profile", RENDERER, ps[i]->tid,
		       START, -1);
		olen--;
		put(",\"id\":\"%s\"}", ps[i]->id);
	}
	while (written + olen < size) {
		int64_t dur = chance(10) ? 50000 + below(250000) : 200 + below(8000);
		int64_t gap = 500 + below(16000);
		task(&main_p, MAIN_TID, t, dur);
		if (tasks % 8 == 0)
			task(&worker_p, WORKER_TID, t + 50, dur / 2 + 100);
		noise(t, dur + gap);
		t += dur + gap;
		tasks++;
	}
	for (i = 0; i < 2; i++) {
		sample_until(ps[i], t, false, 0, 2);
		if (ps[i]->n_samples)
			chunk(ps[i], t);
		ev("P", "disabled-by-default-v8.cpu_profiler", "ProfileChunk", RENDERER,
		   SAMPLER_TID, t + 100);
		put("\"data\":{\"endTime\":%" PRId64 "}", t / 7);
		ev_end("P", "disabled-by-default-v8.cpu_profiler", "ProfileChunk", RENDERER,
		       SAMPLER_TID, t + 100, -1);
		olen--;
		put(",\"id\":\"%s\"}", ps[i]->id);
	}
	put("]}\n");
	flush();
	if (out != stdout && fclose(out) != 0) {
		perror(path);
		return 1;
	}
	fprintf(stderr,
		"gen-trace: %" PRIu64 " bytes, %" PRIu64 " main-thread tasks, %" PRIu64
		" + %" PRIu64 " samples, %u + %u nodes, %.1f s of trace, fnv1a64 %016" PRIx64 "\n",
		written, tasks, main_p.total, worker_p.total, main_p.n, worker_p.n,
		(double)(t - START) / 1e6, fnv);
	free(main_p.nodes);
	free(worker_p.nodes);
	return 0;
}
