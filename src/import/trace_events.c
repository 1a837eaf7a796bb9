/* Chrome trace events (input-rules §C, devtools-rules §8), streamed through jstream.
 *
 * An event's keys come in any order (Chrome writes "args" before "name"), so
 * each event is gathered into a scratch record and handled when it closes;
 * only the parts of args a profile needs are kept. Then:
 *   - Profile (ph P) opens a profile keyed by (pid, id): its thread is the
 *     event's tid and its start the event's ts (the trace clock, as DevTools);
 *   - ProfileChunk events add nodes (parent links), samples and timeDeltas;
 *     they are joined in ts order, since events are not sorted in files;
 *     chunks with no args.data are skipped; a chunk with only {endTime} ends
 *     the profile at its ts (V8 says ts is the better end);
 *   - CpuProfile (ph X, or the legacy ph I) holds a whole .cpuprofile;
 *   - thread_name / process_name metadata name the threads.
 * One fc_profile per sampled thread; when a thread has several profiles
 * (they overlap in time and are never merged), one is picked: source
 * Internal, then Inspector, then the most samples, then the first. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/importers.h"
#include "import/jstream.h"
#include "import/trace_metadata.h"
#include "import/trace_screenshots.h"
#include "import/trace_tasks.h"
#include "import/trace_timings.h"
#include "model/builder.h"
#include "util/util.h"
#include "model/profile.h"

enum ctx {
	C_ROOT = 1, /* {"traceEvents": ...} */
	C_EVENTS,   /* the event array */
	C_EVENT,
	C_ARGS,
	C_DATA,    /* args.data */
	C_CPUPROF, /* args.data.cpuProfile */
	C_NODES,
	C_NODE,
	C_CALLFRAME,
	C_CHILDREN,
	C_SAMPLES,
	C_DELTAS,
	C_LINES, /* args.data.lines: each sample's source line */
	C_TICKS, /* a node's positionTicks (in a whole CpuProfile) */
	C_TICK,
	C_FRAMES, /* args.data.frames of TracingStartedInBrowser */
	C_FRAME,
	C_TRACE_IDS,  /* args.data.cpuProfile.trace_ids: {sample trace id: node id} */
	C_BEGIN_DATA, /* args.beginData */
	C_ID2,        /* an async event's id2: {local} or {global} */
	C_COUNT,
};

enum key {
	K_TRACE_EVENTS,
	K_NODES,
	K_HEAD,
	K_FRAMES,
	K_RESOURCES,
	K_STACKS,
	K_NAME,
	K_PH,
	K_PID,
	K_TID,
	K_TS,
	K_ID,
	K_ARGS,
	K_DATA,
	K_START,
	K_END,
	K_SOURCE,
	K_CPUPROFILE,
	K_DELTAS,
	K_SAMPLES,
	K_PARENT,
	K_CALLFRAME,
	K_CHILDREN,
	K_HIT,
	K_FUNCTION,
	K_SCRIPT,
	K_URL,
	K_LINE,
	K_COLUMN,
	K_LINES,
	K_POSITION_TICKS,
	K_TICK_LINE,
	K_TICKS,
	K_DUR,
	K_TYPE,
	K_PROCESS_ID,
	K_SAMPLE_TRACE_ID,
	K_TRACE_IDS,
	K_BEGIN_DATA,
	K_SNAPSHOT,
	/* user timings and async events (trace_timings.c) */
	K_CAT,
	K_ID2,
	K_LOCAL,
	K_GLOBAL,
	K_MESSAGE,
	K_COUNT,
	/* a member of trace_ids: its key is a number, any number (past the
	 * ids jstream checks for duplicates) */
	K_TRACE_ID_ENTRY = 64
};
/* the metadata reader's keys and contexts come after these, and its keys
 * stay among those jstream checks for duplicates */
_Static_assert((int)K_COUNT <= TM_KEY_BASE, "trace keys overlap the metadata's");
_Static_assert((int)TM_KEY_END <= (int)K_TRACE_ID_ENTRY, "metadata keys pass the checked ids");
_Static_assert(C_COUNT <= TM_CTX_BASE, "trace contexts overlap the metadata's");

static const char *const key_names[TM_MAP_MEMBER + 1] = {
	"traceEvents",
	"nodes",
	"head",
	"frames",
	"resources",
	"stacks",
	"name",
	"ph",
	"pid",
	"tid",
	"ts",
	"id",
	"args",
	"data",
	"startTime",
	"endTime",
	"source",
	"cpuProfile",
	"timeDeltas",
	"samples",
	"parent",
	"callFrame",
	"children",
	"hitCount",
	"functionName",
	"scriptId",
	"url",
	"lineNumber",
	"columnNumber",
	"lines",
	"positionTicks",
	"line",
	"ticks",
	"dur",
	"type",
	"processId",
	"sampleTraceId",
	"trace_ids",
	"beginData",
	"snapshot",
	[K_CAT] = "cat",
	[K_ID2] = "id2",
	[K_LOCAL] = "local",
	[K_GLOBAL] = "global",
	[K_MESSAGE] = "message",
	[K_TRACE_ID_ENTRY] = "trace_ids member",
	TM_KEY_NAMES,
};

/* Short strings of an event; longer values are cut (they only need to be
 * compared with a few known names, or shown). */
#define SHORT 64
#define THREAD_NAME_MAX 256

/* A node of an event, its strings in the event's arena. */
struct evnode {
	int64_t id, parent, hit;
	bool have_id, have_parent, have_callframe;
	size_t name, name_len, url, url_len, sid, sid_len; /* arena offsets */
	bool have_name, have_url, have_sid;
	int32_t line, column;
	size_t child0, n_children;
	size_t tick0, n_ticks; /* (line, ticks) pairs in the event's ticks */
	int64_t tick_line, tick_count;
	long pos_line, pos_col;
};

/* The event being read. */
struct event {
	char name[SHORT], ph[8], id[SHORT], source[SHORT], arg_name[THREAD_NAME_MAX];
	char data_type[SHORT]; /* args.data.type: what an EventDispatch dispatched */
	int64_t page_pids[8];  /* processes of the page's frames (args.data) */
	size_t n_page_pids;

	/* user timings and async events: the category, id2 (global, else
	 * local) and args.data.message of a console.timeStamp */
	char cat[SHORT], id2[SHORT], message[SHORT];
	bool have_id2_global, have_message;

	/* sampleTraceId of args.beginData, args and args.data (0 = none) */
	int64_t begin_trace_id, args_trace_id, data_trace_id;
	bool have_begin_data;
	int64_t pending_trace_id; /* the trace_ids member being read */
	int64_t *trace_ids;       /* (sample trace id, node id) pairs */
	size_t n_trace_ids, trace_ids_cap;
	double dur;
	bool have_pid, have_tid, have_ts, have_id, have_data, have_cpuprofile, have_deltas;
	bool have_data_end, have_cp_start, have_cp_end;
	int64_t pid, tid, index;
	double ts, data_end, cp_start, cp_end;
	long line, col;
	struct fc_error bad; /* first type error inside, reported only for profile events */
	bool is_bad;

	struct evnode *nodes;
	size_t n_nodes, nodes_cap;
	char *arena;
	size_t arena_len, arena_cap;
	int64_t *children, *samples, *deltas, *lines, *ticks;
	size_t n_children, children_cap, n_samples, samples_cap, n_deltas, deltas_cap;
	size_t n_lines, lines_cap, n_ticks, ticks_cap;
	bool have_lines;
};

/* A run of one profile's data that came in one event. */
struct chunk {
	double ts;
	size_t seq;
	size_t node0, n_nodes, sample0, n_samples, delta0, n_deltas, line0, n_lines;
	int64_t index;
	long line, col;
};

/* A node of an assembled profile: 48 bytes, held until the chunks are in
 * order and the builder takes them. */
struct accnode {
	int64_t id, parent;
	uint64_t child0;
	uint32_t frame, n_children;
	uint32_t line, col; /* where it is in the file, as the builder keeps it */
	bool have_parent;
	uint64_t tick0;
	uint32_t n_ticks; /* (line, ticks) pairs in the acc's ticks */
};

/* One profile being assembled: a Profile event and its chunks, or a whole
 * CpuProfile event. */
struct acc {
	int64_t pid, tid;
	char id[SHORT];
	bool have_profile; /* a Profile event (or a CpuProfile: whole) */
	bool whole;
	double ts;
	char source[SHORT];
	bool have_start, have_end;
	double start, end;
	long line, col;
	size_t seq;
	struct fc_profile *p; /* frames are interned here as chunks arrive */
	struct chunk *chunks;
	size_t n_chunks, chunks_cap;
	struct accnode *nodes;
	size_t n_nodes, nodes_cap;
	int64_t *children, *samples, *deltas, *lines, *ticks;
	size_t n_children, children_cap, n_samples, samples_cap, n_deltas, deltas_cap;
	size_t n_lines, lines_cap, n_ticks, ticks_cap;
	int64_t *trace_ids; /* (sample trace id, node id) pairs of its chunks */
	size_t n_trace_ids, trace_ids_cap;
};

struct thread_name {
	int64_t pid, tid; /* tid -1: a process name */
	char *name;
};

struct importer {
	struct jstream js;
	struct fc_error *err;
	const struct fc_import_options *opts;
	const char *file;
	bool array_form, have_events;
	unsigned char last_byte; /* last non-whitespace byte fed */
	struct event ev;

	struct acc *accs;
	size_t n_accs, accs_cap;
	struct fc_map acc_table; /* (pid, id) -> acc */

	struct thread_name *names;
	size_t n_names, names_cap;
	struct fc_map name_table; /* (pid, tid) -> name */

	struct trace_tasks tasks; /* kept events, with opts->tasks */
	struct trace_shots shots; /* screenshots, with opts->screenshots */
	struct trace_meta meta;   /* metadata: embedded maps, annotations */

	/* user timings and async events, with opts->tasks */
	struct trace_timings timings;

	/* repairs that belong to the trace, not to one thread */
	char *warn_path[8], *warn_text[8];
	long warn_line[8];
	size_t n_warn, n_more_warn;
	size_t n_profile_events, n_chunks_without_data;
	size_t key_len[K_COUNT];
	/* per context, the keys read in it: the only ones a key is compared with */
	uint8_t ctx_keys[C_COUNT][K_COUNT];
	uint8_t n_ctx_keys[C_COUNT];
};

/* --- small maps -------------------------------------------------------------- */

static uint32_t acc_hash(int64_t pid, const char *id)
{
	return (uint32_t)(fc_hash_u64((uint64_t)pid) ^ fc_hash_bytes(id, strlen(id)));
}

struct acc_probe {
	const struct importer *im;
	int64_t pid;
	const char *id;
};

static bool acc_eq(const void *ctx, uint32_t i)
{
	const struct acc_probe *q = ctx;
	return q->im->accs[i].pid == q->pid && strcmp(q->im->accs[i].id, q->id) == 0;
}

static uint32_t name_hash(int64_t pid, int64_t tid)
{
	return (uint32_t)fc_hash_u64((uint64_t)pid * 0x9e3779b97f4a7c15ull ^ (uint64_t)tid);
}

struct name_probe {
	const struct importer *im;
	int64_t pid, tid;
};

static bool name_eq(const void *ctx, uint32_t i)
{
	const struct name_probe *q = ctx;
	return q->im->names[i].pid == q->pid && q->im->names[i].tid == q->tid;
}

/* The profile for (pid, id), created when new; NULL on allocation failure.
 * A CpuProfile event passes id NULL and always gets a new one. */
static struct acc *find_acc(struct importer *im, int64_t pid, const char *id)
{
	char own[SHORT];
	struct acc_probe q = { im, pid, id };
	uint32_t i;
	struct acc *a;

	if (!id) {
		snprintf(own, sizeof(own), "#CpuProfile %zu", im->n_accs);
		id = own;
	} else {
		i = fc_map_find(&im->acc_table, acc_hash(pid, id), acc_eq, &q, NULL);
		if (i != FC_NONE)
			return &im->accs[i];
	}
	if (im->n_accs >= UINT32_MAX - 1 || !FC_GROW(im->accs, im->accs_cap, im->n_accs + 1))
		return NULL;
	a = &im->accs[im->n_accs];
	memset(a, 0, sizeof(*a));
	a->pid = pid;
	a->tid = -1;
	snprintf(a->id, sizeof(a->id), "%s", id);
	a->seq = im->n_accs;
	/* a->p is created by the first chunk: a Profile event alone costs
	 * only its struct acc */
	if (!fc_map_add(&im->acc_table, acc_hash(pid, a->id), (uint32_t)im->n_accs))
		return NULL;
	im->n_accs++;
	return a;
}

/* Metadata names; the last event wins, as in DevTools (a Map set). */
static bool set_name(struct importer *im, int64_t pid, int64_t tid, const char *name)
{
	struct name_probe q = { im, pid, tid };
	uint32_t h = name_hash(pid, tid), i;
	char *copy = fc_strdup(name);

	if (!copy)
		return false;
	i = fc_map_find(&im->name_table, h, name_eq, &q, NULL);
	if (i != FC_NONE) {
		free(im->names[i].name);
		im->names[i].name = copy;
		return true;
	}
	if (im->n_names >= UINT32_MAX - 1 || !FC_GROW(im->names, im->names_cap, im->n_names + 1) ||
	    !fc_map_add(&im->name_table, h, (uint32_t)im->n_names)) {
		free(copy);
		return false;
	}
	im->names[im->n_names++] = (struct thread_name){ pid, tid, copy };
	return true;
}

static const char *get_name(const struct importer *im, int64_t pid, int64_t tid)
{
	struct name_probe q = { im, pid, tid };
	uint32_t i = fc_map_find(&im->name_table, name_hash(pid, tid), name_eq, &q, NULL);

	return i == FC_NONE ? NULL : im->names[i].name;
}

/* Node writes its traces (--trace-events-enabled) with its process named
 * "node"; V8's sampler does not run in them, whatever the categories. */
static bool from_node(const struct importer *im)
{
	size_t i;

	for (i = 0; i < im->n_names; i++)
		if (im->names[i].tid == -1 && strcmp(im->names[i].name, "node") == 0)
			return true;
	return false;
}

/* --- trace-level repairs ------------------------------------------------------ */

/* A repair that belongs to the whole trace: kept until the profiles exist
 * (then given to the first one), or an error under --strict. */
static bool trace_repair(struct importer *im, const char *path, long line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static bool trace_repair(struct importer *im, const char *path, long line, const char *fmt, ...)
{
	char text[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	if (im->opts->strict) {
		fc_error_set(im->err, FC_ERR_STRICT, "%s (an error under --strict)", text);
		fc_error_set_path(im->err, path);
		im->err->line = line;
		im->err->column = 0;
		return false;
	}
	if (im->n_warn >= FC_ARRAY_LEN(im->warn_text)) {
		im->n_more_warn++;
		return true;
	}
	im->warn_path[im->n_warn] = fc_strdup(path);
	im->warn_text[im->n_warn] = fc_strdup(text);
	im->warn_line[im->n_warn] = line;
	if (!im->warn_path[im->n_warn] || !im->warn_text[im->n_warn]) {
		free(im->warn_path[im->n_warn]);
		free(im->warn_text[im->n_warn]);
		fc_error_set(im->err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	im->n_warn++;
	return true;
}

/* --- reading one event -------------------------------------------------------- */

#define IN(c) (1u << (c))

/* The contexts each key is read in; elsewhere it is skipped unread. */
static const unsigned key_ctx[K_COUNT] = {
	[K_TRACE_EVENTS] = IN(C_ROOT),
	[K_NODES] = IN(C_ROOT) | IN(C_CPUPROF),
	[K_HEAD] = IN(C_ROOT),
	[K_FRAMES] = IN(C_ROOT) | IN(C_DATA),
	[K_RESOURCES] = IN(C_ROOT),
	[K_STACKS] = IN(C_ROOT),
	[K_NAME] = IN(C_EVENT) | IN(C_ARGS),
	[K_PH] = IN(C_EVENT),
	[K_PID] = IN(C_EVENT),
	[K_TID] = IN(C_EVENT),
	[K_TS] = IN(C_EVENT),
	[K_ID] = IN(C_EVENT) | IN(C_NODE),
	[K_ARGS] = IN(C_EVENT),
	[K_DATA] = IN(C_ARGS),
	[K_START] = IN(C_CPUPROF),
	[K_END] = IN(C_DATA) | IN(C_CPUPROF),
	[K_SOURCE] = IN(C_DATA),
	[K_CPUPROFILE] = IN(C_DATA),
	[K_DELTAS] = IN(C_DATA) | IN(C_CPUPROF),
	[K_SAMPLES] = IN(C_CPUPROF),
	[K_PARENT] = IN(C_NODE),
	[K_CALLFRAME] = IN(C_NODE),
	[K_CHILDREN] = IN(C_NODE),
	[K_HIT] = IN(C_NODE),
	[K_FUNCTION] = IN(C_CALLFRAME),
	[K_SCRIPT] = IN(C_CALLFRAME),
	[K_URL] = IN(C_CALLFRAME),
	[K_LINE] = IN(C_CALLFRAME),
	[K_COLUMN] = IN(C_CALLFRAME),
	[K_LINES] = IN(C_DATA),
	[K_POSITION_TICKS] = IN(C_NODE),
	[K_TICK_LINE] = IN(C_TICK),
	[K_TICKS] = IN(C_TICK),
	[K_DUR] = IN(C_EVENT),
	[K_TYPE] = IN(C_DATA),
	[K_PROCESS_ID] = IN(C_DATA) | IN(C_FRAME),
	[K_SAMPLE_TRACE_ID] = IN(C_ARGS) | IN(C_DATA) | IN(C_BEGIN_DATA),
	[K_TRACE_IDS] = IN(C_CPUPROF),
	[K_BEGIN_DATA] = IN(C_ARGS),
	[K_SNAPSHOT] = IN(C_ARGS),
	[K_CAT] = IN(C_EVENT),
	[K_ID2] = IN(C_EVENT),
	[K_LOCAL] = IN(C_ID2),
	[K_GLOBAL] = IN(C_ID2),
	[K_MESSAGE] = IN(C_DATA),
};

/* A trace_ids member's key: a sample trace id in decimal (others are left
 * out: -1). */
static int trace_id_key(void *user, const char *s, size_t len)
{
	struct importer *im = user;
	int64_t x = 0;
	size_t i;

	im->ev.pending_trace_id = -1;
	if (len == 0 || len > 18)
		return K_TRACE_ID_ENTRY;
	for (i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return K_TRACE_ID_ENTRY;
		x = x * 10 + (s[i] - '0');
	}
	im->ev.pending_trace_id = x;
	return K_TRACE_ID_ENTRY;
}

static int key_of(void *user, int ctx, const char *s, size_t len)
{
	const struct importer *im = user;
	unsigned i;

	if (ctx >= TM_CTX_BASE)
		return tm_key(&((struct importer *)user)->meta, ctx, s, len);
	if (ctx == C_ROOT && len == 8 && memcmp(s, "metadata", 8) == 0)
		return TM_METADATA;
	if (ctx <= 0 || ctx >= C_COUNT)
		return J_NOKEY;
	if (ctx == C_TRACE_IDS)
		return trace_id_key(user, s, len);
	/* every key of every event comes here: the context's few keys only,
	 * the first byte before the rest */
	for (i = 0; i < im->n_ctx_keys[ctx]; i++) {
		int k = im->ctx_keys[ctx][i];
		if (im->key_len[k] == len && len && key_names[k][0] == s[0] &&
		    memcmp(key_names[k], s, len) == 0)
			return k;
	}
	return J_NOKEY;
}

/* Records the first type error inside an event. The parse goes on: the
 * event may turn out to be one that is not read. */
static bool bad(struct importer *im, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static bool bad(struct importer *im, const char *fmt, ...)
{
	struct event *e = &im->ev;
	char path[256];
	va_list ap;

	if (e->is_bad)
		return true;
	e->is_bad = true;
	fc_error_init(&e->bad);
	va_start(ap, fmt);
	fc_error_vset(&e->bad, FC_ERR_TYPE, fmt, ap);
	va_end(ap);
	jstream_path(&im->js, path, sizeof(path));
	fc_error_set_path(&e->bad, path);
	jstream_pos(&im->js, &e->bad.line, &e->bad.column);
	return true;
}

static void event_reset(struct importer *im, int64_t index)
{
	struct event *e = &im->ev;

	e->name[0] = e->ph[0] = e->id[0] = e->source[0] = e->arg_name[0] = '\0';
	e->data_type[0] = '\0';
	e->cat[0] = e->id2[0] = e->message[0] = '\0';
	e->have_id2_global = e->have_message = false;
	e->n_page_pids = 0;
	e->begin_trace_id = e->args_trace_id = e->data_trace_id = 0;
	e->have_begin_data = false;
	e->n_trace_ids = 0;
	e->dur = 0;
	e->have_pid = e->have_tid = e->have_ts = e->have_id = e->have_data = false;
	e->have_cpuprofile = e->have_deltas = false;
	e->have_data_end = e->have_cp_start = e->have_cp_end = false;
	e->is_bad = false;
	e->index = index;
	e->n_nodes = e->arena_len = e->n_children = e->n_samples = e->n_deltas = 0;
	e->n_lines = e->n_ticks = 0;
	e->have_lines = false;
	jstream_pos(&im->js, &e->line, &e->col);
}

static struct evnode *cur_node(struct importer *im)
{
	return &im->ev.nodes[im->ev.n_nodes - 1];
}

static int on_open(void *user, struct jstream *js, int ctx, int key, int64_t index, bool is_map)
{
	struct importer *im = user;

	if (ctx >= TM_CTX_BASE || (ctx == C_ROOT && key == TM_METADATA))
		return tm_open(&im->meta, js, ctx, key, index, is_map);
	switch (ctx) {
	case J_TOP:
		if (!is_map) {
			im->array_form = im->have_events = true;
			return C_EVENTS;
		}
		return C_ROOT;
	case C_ROOT:
		switch (key) {
		case K_TRACE_EVENTS:
			if (is_map) {
				jstream_fail(js, FC_ERR_TYPE,
					     "expected an array of events, found an "
					     "object");
				return J_SKIP;
			}
			im->have_events = true;
			if (!im->meta.seen)
				im->meta.events_first = true;
			return C_EVENTS;
		case K_NODES:
		case K_HEAD:
			jstream_fail(js, FC_ERR_FORMAT,
				     "this is a .cpuprofile, not a Chrome trace; it needs the "
				     "cpuprofile importer (--input-format cpuprofile)");
			return J_SKIP;
		default:
			jstream_fail(
				js, FC_ERR_FORMAT,
				"this is a JS Self-Profiling trace, not a Chrome trace; it needs "
				"the self-profiling importer (--input-format self-profiling)");
			return J_SKIP;
		}
	case C_EVENTS:
		if (!is_map) {
			jstream_fail(js, FC_ERR_TYPE, "expected an event object, found an array");
			return J_SKIP;
		}
		event_reset(im, index);
		tshots_reset(&im->shots);
		return C_EVENT;
	case C_EVENT:
		if (key == K_ARGS && is_map)
			return C_ARGS;
		if (key == K_ID2 && is_map)
			return C_ID2;
		if (key != K_ARGS && key != K_ID2)
			bad(im, "expected a number or string, found %s",
			    is_map ? "an object" : "an array");
		return J_SKIP;
	case C_ARGS:
		if (key == K_DATA && is_map) {
			im->ev.have_data = true;
			return C_DATA;
		}
		if (key == K_BEGIN_DATA && is_map) {
			im->ev.have_begin_data = true;
			return C_BEGIN_DATA;
		}
		return J_SKIP;
	case C_BEGIN_DATA:
	case C_TRACE_IDS:
	case C_ID2:
		return J_SKIP;
	case C_DATA:
		if (key == K_CPUPROFILE && is_map) {
			im->ev.have_cpuprofile = true;
			return C_CPUPROF;
		}
		if (key == K_DELTAS && !is_map) {
			if (im->ev.have_deltas)
				bad(im, "timeDeltas given twice");
			im->ev.have_deltas = true;
			return C_DELTAS;
		}
		if (key == K_LINES && !is_map) {
			im->ev.have_lines = true;
			return C_LINES;
		}
		if (key == K_FRAMES && !is_map)
			return C_FRAMES;
		bad(im, "expected %s, found %s",
		    key == K_CPUPROFILE ? "an object"
		    : key == K_DELTAS   ? "an array"
					: "a scalar",
		    is_map ? "an object" : "an array");
		return J_SKIP;
	case C_FRAMES:
		return is_map ? C_FRAME : J_SKIP;
	case C_FRAME:
		return J_SKIP;
	case C_CPUPROF:
		if (is_map && key == K_TRACE_IDS)
			return C_TRACE_IDS;
		if (!is_map && key == K_NODES)
			return C_NODES;
		if (!is_map && key == K_SAMPLES)
			return C_SAMPLES;
		if (!is_map && key == K_DELTAS) {
			if (im->ev.have_deltas)
				bad(im, "timeDeltas given twice");
			im->ev.have_deltas = true;
			return C_DELTAS;
		}
		bad(im, "expected %s, found %s",
		    key == K_START || key == K_END ? "a number" : "an array",
		    is_map ? "an object" : "an array");
		return J_SKIP;
	case C_NODES: {
		struct event *e = &im->ev;
		struct evnode *n;
		if (!is_map) {
			bad(im, "expected a node object, found an array");
			return J_SKIP;
		}
		if (!FC_GROW(e->nodes, e->nodes_cap, e->n_nodes + 1)) {
			jstream_nomem(&im->js);
			return J_SKIP;
		}
		n = &e->nodes[e->n_nodes++];
		memset(n, 0, sizeof(*n));
		n->line = n->column = -1;
		n->child0 = e->n_children;
		n->tick0 = e->n_ticks;
		jstream_pos(js, &n->pos_line, &n->pos_col);
		return C_NODE;
	}
	case C_NODE:
		if (key == K_CALLFRAME && is_map) {
			cur_node(im)->have_callframe = true;
			return C_CALLFRAME;
		}
		if (key == K_CHILDREN && !is_map)
			return C_CHILDREN;
		if (key == K_POSITION_TICKS && !is_map)
			return C_TICKS;
		bad(im, "expected %s, found %s",
		    key == K_CALLFRAME  ? "an object"
		    : key == K_CHILDREN ? "an array"
					: "a number",
		    is_map ? "an object" : "an array");
		return J_SKIP;
	case C_TICKS:
		if (!is_map) {
			bad(im, "expected a {line, ticks} object, found an array");
			return J_SKIP;
		}
		cur_node(im)->tick_line = cur_node(im)->tick_count = -1;
		return C_TICK;
	default:
		bad(im, "expected a number or string, found %s", is_map ? "an object" : "an array");
		return J_SKIP;
	}
}

/* Copies a short string, cutting what does not fit. */
static void copy_short(char *dst, size_t size, const struct jvalue *v)
{
	size_t n = v->len < size - 1 ? v->len : size - 1;
	memcpy(dst, v->s, n);
	dst[n] = '\0';
}

static bool get_int(const struct jvalue *v, int64_t *out)
{
	if (v->type == J_INT) {
		*out = v->i;
		return true;
	}
	if (v->type == J_DOUBLE && isfinite(v->d) && v->d == floor(v->d) && fabs(v->d) < 9e18) {
		*out = (int64_t)v->d;
		return true;
	}
	if (v->type == J_STRING && v->len > 0 && v->len < 19) {
		/* some writers quote pids and tids */
		char buf[20];
		char *end;
		memcpy(buf, v->s, v->len);
		buf[v->len] = '\0';
		*out = strtoll(buf, &end, 10);
		return *end == '\0';
	}
	return false;
}

/* A time in µs: finite and within ±2^53. */
static bool get_time(const struct jvalue *v, double *out)
{
	if (v->type != J_INT && v->type != J_DOUBLE)
		return false;
	*out = v->type == J_INT ? (double)v->i : v->d;
	return isfinite(*out) && fabs(*out) < 9007199254740992.0;
}

static bool arena_add(struct importer *im, const struct jvalue *v, size_t *off, size_t *len)
{
	struct event *e = &im->ev;

	if (!FC_GROW(e->arena, e->arena_cap, e->arena_len + v->len + 1))
		return jstream_nomem(&im->js);
	memcpy(e->arena + e->arena_len, v->s, v->len);
	*off = e->arena_len;
	*len = v->len;
	e->arena_len += v->len;
	return true;
}

static bool push_i64(struct importer *im, int64_t **arr, size_t *n, size_t *cap, int64_t x)
{
	if (!FC_GROW(*arr, *cap, *n + 1))
		return jstream_nomem(&im->js);
	(*arr)[(*n)++] = x;
	return true;
}

static bool value_node(struct importer *im, int ctx, int key, const struct jvalue *v)
{
	struct evnode *n = cur_node(im);
	int64_t x;

	if (v->type == J_NULL)
		return true;
	switch (key) {
	case K_ID:
		if (v->type == J_STRING || !get_int(v, &n->id))
			return bad(im, "expected an integer id, found %s", jstream_type_name(v));
		n->have_id = true;
		return true;
	case K_PARENT:
		if (v->type == J_STRING || !get_int(v, &n->parent))
			return bad(im, "expected an integer id, found %s", jstream_type_name(v));
		n->have_parent = true;
		return true;
	case K_HIT:
		if (get_int(v, &x))
			n->hit = x;
		return true;
	case K_FUNCTION:
	case K_URL:
		if (v->type != J_STRING)
			return bad(im, "expected a string, found %s", jstream_type_name(v));
		if (key == K_FUNCTION) {
			n->have_name = true;
			return arena_add(im, v, &n->name, &n->name_len);
		}
		n->have_url = true;
		return arena_add(im, v, &n->url, &n->url_len);
	case K_SCRIPT:
		/* an integer in trace chunks, a string in .cpuprofile (input-rules §C3) */
		if (v->type == J_INT) {
			char buf[24];
			struct jvalue sv = { .type = J_STRING, .s = buf };
			sv.len = (size_t)snprintf(buf, sizeof(buf), "%lld", (long long)v->i);
			n->have_sid = true;
			return arena_add(im, &sv, &n->sid, &n->sid_len);
		}
		if (v->type != J_STRING)
			return bad(im, "expected a string or integer, found %s",
				   jstream_type_name(v));
		n->have_sid = true;
		return arena_add(im, v, &n->sid, &n->sid_len);
	case K_LINE:
	case K_COLUMN:
		if (!get_int(v, &x) || v->type == J_STRING || x < INT32_MIN || x > INT32_MAX)
			return bad(im, "expected an integer, found %s", jstream_type_name(v));
		if (key == K_LINE)
			n->line = (int32_t)x;
		else
			n->column = (int32_t)x;
		return true;
	default:
		(void)ctx;
		return bad(im, "expected an object or array, found %s", jstream_type_name(v));
	}
}

/* A process that holds one of the page's frames (devtools-rules §13.1). */
static void page_pid(struct event *e, const struct jvalue *v)
{
	int64_t x;

	if (v->type != J_STRING && get_int(v, &x) &&
	    e->n_page_pids < sizeof(e->page_pids) / sizeof(e->page_pids[0]))
		e->page_pids[e->n_page_pids++] = x;
}

/* An async event's id2: the global id, else the local one (DevTools'
 * order); a string or an integer. */
static bool value_id2(struct event *e, int key, const struct jvalue *v)
{
	int64_t x;

	if ((key != K_GLOBAL && key != K_LOCAL) || (key == K_LOCAL && e->have_id2_global))
		return true;
	if (v->type == J_STRING)
		copy_short(e->id2, sizeof(e->id2), v);
	else if (get_int(v, &x))
		snprintf(e->id2, sizeof(e->id2), "%lld", (long long)x);
	else
		return true;
	e->have_id2_global = key == K_GLOBAL;
	return true;
}

static bool on_value(void *user, struct jstream *js, int ctx, int key, int64_t index,
		     const struct jvalue *v)
{
	struct importer *im = user;
	struct event *e = &im->ev;
	int64_t x;
	double t;
	(void)index;

	if (ctx >= TM_CTX_BASE || (ctx == C_ROOT && key == TM_METADATA))
		return tm_value(&im->meta, js, ctx, key, index, v);
	switch (ctx) {
	case J_TOP:
		return jstream_fail(js, FC_ERR_FORMAT, "JSON %s, not a Chrome trace",
				    jstream_type_name(v));
	case C_ROOT:
		if (key == K_TRACE_EVENTS)
			return jstream_fail(js, FC_ERR_TYPE,
					    "expected an array of events, found %s",
					    jstream_type_name(v));
		return true;
	case C_EVENTS:
		return jstream_fail(js, FC_ERR_TYPE, "expected an event object, found %s",
				    jstream_type_name(v));
	case C_EVENT:
		switch (key) {
		case K_NAME:
			if (v->type == J_STRING)
				copy_short(e->name, sizeof(e->name), v);
			return true;
		case K_PH:
			if (v->type == J_STRING)
				copy_short(e->ph, sizeof(e->ph), v);
			return true;
		case K_CAT:
			if (v->type == J_STRING)
				copy_short(e->cat, sizeof(e->cat), v);
			return true;
		case K_ID:
			if (v->type == J_STRING) {
				copy_short(e->id, sizeof(e->id), v);
				e->have_id = true;
			} else if (get_int(v, &x)) {
				snprintf(e->id, sizeof(e->id), "%lld", (long long)x);
				e->have_id = true;
			}
			return true;
		case K_PID:
			e->have_pid = get_int(v, &e->pid);
			return true;
		case K_TID:
			e->have_tid = get_int(v, &e->tid);
			return true;
		case K_DUR:
			if (!get_time(v, &e->dur))
				e->dur = 0;
			return true;
		case K_TS:
			e->have_ts = get_time(v, &e->ts);
			if (!e->have_ts && v->type != J_NULL)
				bad(im, "expected a time in µs, found %s", jstream_type_name(v));
			return true;
		}
		return true;
	case C_ARGS:
		if (key == K_NAME && v->type == J_STRING)
			copy_short(e->arg_name, sizeof(e->arg_name), v);
		if (key == K_SAMPLE_TRACE_ID && v->type != J_STRING && get_int(v, &x))
			e->args_trace_id = x;
		if (key == K_SNAPSHOT && v->type == J_STRING && im->opts->screenshots &&
		    !tshots_snapshot(&im->shots, v->s, v->len))
			return jstream_nomem(js);
		return true; /* args.data null: nothing to read (input-rules §C4) */
	case C_BEGIN_DATA:
		if (key == K_SAMPLE_TRACE_ID && v->type != J_STRING && get_int(v, &x))
			e->begin_trace_id = x;
		return true;
	case C_ID2:
		return value_id2(e, key, v);
	case C_TRACE_IDS:
		/* a sample trace id's node (devtools-rules §13.3) */
		if (e->pending_trace_id > 0 && v->type != J_STRING && get_int(v, &x) &&
		    (!push_i64(im, &e->trace_ids, &e->n_trace_ids, &e->trace_ids_cap,
			       e->pending_trace_id) ||
		     !push_i64(im, &e->trace_ids, &e->n_trace_ids, &e->trace_ids_cap, x)))
			return false;
		return true;
	case C_DATA:
		switch (key) {
		case K_SOURCE:
			if (v->type == J_STRING)
				copy_short(e->source, sizeof(e->source), v);
			return true;
		case K_TYPE:
			if (v->type == J_STRING)
				copy_short(e->data_type, sizeof(e->data_type), v);
			return true;
		case K_MESSAGE:
			if (v->type == J_STRING) {
				copy_short(e->message, sizeof(e->message), v);
				e->have_message = true;
			}
			return true;
		case K_PROCESS_ID:
			page_pid(e, v);
			return true;
		case K_SAMPLE_TRACE_ID:
			if (v->type != J_STRING && get_int(v, &x))
				e->data_trace_id = x;
			return true;
		case K_END:
			if (v->type == J_NULL)
				return true;
			if (!get_time(v, &e->data_end))
				return bad(im, "expected a time in µs, found %s",
					   jstream_type_name(v));
			e->have_data_end = true;
			return true;
		case K_CPUPROFILE:
		case K_DELTAS:
			if (v->type == J_NULL)
				return true;
			return bad(im, "expected %s, found %s",
				   key == K_DELTAS ? "an array" : "an object",
				   jstream_type_name(v));
		}
		return true;
	case C_CPUPROF:
		if (v->type == J_NULL || key == K_TRACE_IDS)
			return true;
		if (key == K_START || key == K_END) {
			if (!get_time(v, &t))
				return bad(im, "expected a time in µs, found %s",
					   jstream_type_name(v));
			if (key == K_START) {
				e->cp_start = t;
				e->have_cp_start = true;
			} else {
				e->cp_end = t;
				e->have_cp_end = true;
			}
			return true;
		}
		return bad(im, "expected an array, found %s", jstream_type_name(v));
	case C_FRAME:
		if (key == K_PROCESS_ID)
			page_pid(e, v);
		return true;
	case C_FRAMES:
		return true;
	case C_NODES:
		return bad(im, "expected a node object, found %s", jstream_type_name(v));
	case C_NODE:
	case C_CALLFRAME:
		return value_node(im, ctx, key, v);
	case C_CHILDREN:
		if (v->type == J_STRING || !get_int(v, &x))
			return bad(im, "expected an integer id, found %s", jstream_type_name(v));
		if (!push_i64(im, &e->children, &e->n_children, &e->children_cap, x))
			return false;
		cur_node(im)->n_children++;
		return true;
	case C_SAMPLES:
		if (v->type == J_STRING || !get_int(v, &x))
			return bad(im, "expected an integer node id, found %s",
				   jstream_type_name(v));
		return push_i64(im, &e->samples, &e->n_samples, &e->samples_cap, x);
	case C_DELTAS:
		if (!get_time(v, &t))
			return bad(im, "expected a time delta in µs, found %s",
				   jstream_type_name(v));
		return push_i64(im, &e->deltas, &e->n_deltas, &e->deltas_cap, (int64_t)llround(t));
	case C_LINES:
		/* a sample's 1-based source line, 0 = none (docs/lines.md) */
		if (v->type == J_STRING || !get_int(v, &x) || x < 0 || x > INT32_MAX)
			return bad(im, "expected a line number, found %s", jstream_type_name(v));
		return push_i64(im, &e->lines, &e->n_lines, &e->lines_cap, x);
	case C_TICKS:
		return bad(im, "expected a {line, ticks} object, found %s", jstream_type_name(v));
	case C_TICK:
		if (v->type == J_STRING || !get_int(v, &x) || x < 0 || x > INT32_MAX)
			return bad(im, "expected a count, found %s", jstream_type_name(v));
		if (key == K_TICKS)
			cur_node(im)->tick_count = x;
		else
			cur_node(im)->tick_line = x;
		return true;
	}
	return true;
}

/* --- handling a finished event ------------------------------------------------ */

static bool fail_bad(struct importer *im)
{
	struct event *e = &im->ev;

	im->js.failed = true;
	fc_error_set(im->err, e->bad.code, "%s", e->bad.text);
	fc_error_set_path(im->err, e->bad.path);
	im->err->line = e->bad.line;
	im->err->column = e->bad.column;
	return false;
}

/* Moves the event's nodes, samples and deltas into a profile as one chunk. */
static bool add_chunk(struct importer *im, struct acc *a)
{
	struct event *e = &im->ev;
	struct chunk *c;
	size_t i, j;

	if ((!a->p && !(a->p = fc_profile_create())) ||
	    !FC_GROW(a->chunks, a->chunks_cap, a->n_chunks + 1))
		return jstream_nomem(&im->js);
	c = &a->chunks[a->n_chunks++];
	c->ts = e->have_ts ? e->ts : 0;
	c->seq = a->n_chunks - 1;
	c->index = e->index;
	c->line = e->line;
	c->col = e->col;
	c->node0 = a->n_nodes;
	c->n_nodes = e->n_nodes;
	c->sample0 = a->n_samples;
	c->n_samples = e->n_samples;
	c->delta0 = a->n_deltas;
	c->n_deltas = e->n_deltas;
	c->line0 = a->n_lines;
	c->n_lines = e->n_lines;
	for (i = 0; i < e->n_nodes; i++) {
		const struct evnode *n = &e->nodes[i];
		struct accnode *an;
		uint32_t frame;

		if (!n->have_id) {
			im->js.failed = true;
			fc_error_set(im->err, FC_ERR_TYPE, "node has no \"id\"");
			im->err->line = n->pos_line;
			im->err->column = n->pos_col;
			return false;
		}
		/* DevTools' defaults for what chunks leave out (devtools-rules §8.1) */
		frame = fc_profile_intern_frame(
			a->p, n->have_name ? e->arena + n->name : "",
			n->have_name ? n->name_len : 0, n->have_url ? e->arena + n->url : "",
			n->have_url ? n->url_len : 0, n->have_sid ? e->arena + n->sid : "0",
			n->have_sid ? n->sid_len : 1, n->line, n->column);
		if (frame == FC_NONE || !FC_GROW(a->nodes, a->nodes_cap, a->n_nodes + 1))
			return jstream_nomem(&im->js);
		if (n->n_children > UINT32_MAX) {
			im->js.failed = true;
			fc_error_set(im->err, FC_ERR_LIMIT, "node %lld has more than %u children",
				     (long long)n->id, UINT32_MAX);
			im->err->line = n->pos_line;
			im->err->column = n->pos_col;
			return false;
		}
		an = &a->nodes[a->n_nodes++];
		an->id = n->id;
		an->parent = n->parent;
		an->have_parent = n->have_parent;
		an->frame = frame;
		an->line = n->pos_line > 0 && n->pos_line < UINT32_MAX ? (uint32_t)n->pos_line : 0;
		an->col = n->pos_col > 0 && n->pos_col < UINT32_MAX ? (uint32_t)n->pos_col : 0;
		an->child0 = a->n_children;
		an->n_children = (uint32_t)n->n_children;
		an->tick0 = a->n_ticks;
		an->n_ticks = (uint32_t)(n->n_ticks < UINT32_MAX ? n->n_ticks : 0);
		for (j = 0; j < 2 * (size_t)an->n_ticks; j++)
			if (!push_i64(im, &a->ticks, &a->n_ticks, &a->ticks_cap,
				      e->ticks[n->tick0 + j]))
				return false;
		for (j = 0; j < n->n_children; j++)
			if (!push_i64(im, &a->children, &a->n_children, &a->children_cap,
				      e->children[n->child0 + j]))
				return false;
	}
	for (i = 0; i < e->n_samples; i++)
		if (!push_i64(im, &a->samples, &a->n_samples, &a->samples_cap, e->samples[i]))
			return false;
	for (i = 0; i < e->n_deltas; i++)
		if (!push_i64(im, &a->deltas, &a->n_deltas, &a->deltas_cap, e->deltas[i]))
			return false;
	for (i = 0; i < e->n_lines; i++)
		if (!push_i64(im, &a->lines, &a->n_lines, &a->lines_cap, e->lines[i]))
			return false;
	return true;
}

static bool on_profile(struct importer *im)
{
	struct event *e = &im->ev;
	struct acc *a = find_acc(im, e->have_pid ? e->pid : -1, e->have_id ? e->id : "");
	char path[64];

	if (!a)
		return jstream_nomem(&im->js);
	im->n_profile_events++;
	if (a->have_profile) {
		snprintf(path, sizeof(path), "traceEvents[%lld]", (long long)e->index);
		if (!trace_repair(im, path, e->line,
				  "a second Profile event for id %s in process %lld (ignored)",
				  a->id, (long long)a->pid)) {
			im->js.failed = true;
			return false;
		}
		return true;
	}
	a->have_profile = true;
	a->tid = e->have_tid ? e->tid : -1;
	a->ts = e->have_ts ? e->ts : 0;
	a->line = e->line;
	a->col = e->col;
	snprintf(a->source, sizeof(a->source), "%s", e->source);
	return true;
}

static bool on_chunk(struct importer *im)
{
	struct event *e = &im->ev;
	struct acc *a;

	if (!e->have_data) {
		/* Chrome 141 writes chunks with args {} (input-rules §C3) */
		im->n_chunks_without_data++;
		return true;
	}
	a = find_acc(im, e->have_pid ? e->pid : -1, e->have_id ? e->id : "");
	if (!a)
		return jstream_nomem(&im->js);
	if (e->have_data_end && !e->have_cpuprofile && !e->have_deltas) {
		/* the final {endTime} chunk: its ts is on the trace clock */
		if (e->have_ts && (!a->have_end || e->ts > a->end)) {
			a->end = e->ts;
			a->have_end = true;
		}
		return true;
	}
	if (im->opts->tasks && e->n_trace_ids) {
		size_t i;
		for (i = 0; i < e->n_trace_ids; i++)
			if (!push_i64(im, &a->trace_ids, &a->n_trace_ids, &a->trace_ids_cap,
				      e->trace_ids[i]))
				return false;
	}
	return add_chunk(im, a);
}

static bool on_cpuprofile(struct importer *im)
{
	struct event *e = &im->ev;
	struct acc *a;

	if (!e->have_cpuprofile)
		return true; /* args.data null or empty (input-rules §C4) */
	a = find_acc(im, e->have_pid ? e->pid : -1, NULL);
	if (!a)
		return jstream_nomem(&im->js);
	im->n_profile_events++;
	a->have_profile = a->whole = true;
	a->tid = e->have_tid ? e->tid : -1;
	a->ts = e->have_ts ? e->ts : 0;
	a->have_start = e->have_cp_start;
	a->start = e->cp_start;
	a->have_end = e->have_cp_end;
	a->end = e->cp_end;
	a->line = e->line;
	a->col = e->col;
	return add_chunk(im, a);
}

/* A Screenshot event (input-rules §C8): kept, skipped, or left out with a
 * warning that names it. */
static bool on_screenshot(struct importer *im)
{
	struct event *e = &im->ev;
	char why[300], path[64];

	if (!tshots_event(&im->shots, e->name, e->have_ts, e->ts, e->index, why, sizeof(why)))
		return jstream_nomem(&im->js);
	if (!why[0])
		return true;
	snprintf(path, sizeof(path), "traceEvents[%lld]", (long long)e->index);
	if (!trace_repair(im, path, e->line, "screenshot at ts %.0f µs left out: %s", e->ts, why)) {
		im->js.failed = true;
		return false;
	}
	return true;
}

/* With --tasks: user timings kept, async events paired (trace_timings.c). */
static bool on_timing_event(struct importer *im)
{
	const struct event *e = &im->ev;

	if (!e->have_ts || !e->ph[0])
		return true;
	if (!tu_event(&im->timings, e->cat, e->ph, e->name, e->have_id ? e->id : e->id2,
		      e->have_message ? e->message : NULL, e->ts))
		return jstream_nomem(&im->js);
	return true;
}

static bool on_event(struct importer *im)
{
	struct event *e = &im->ev;
	bool profile_event = strcmp(e->name, "Profile") == 0 ||
			     strcmp(e->name, "ProfileChunk") == 0 ||
			     strcmp(e->name, "CpuProfile") == 0;

	if (profile_event && e->is_bad)
		return fail_bad(im);
	if (tm_wants_event(&im->meta, e->index) && e->have_pid && e->have_tid && e->have_ts &&
	    !tm_event(&im->meta, e->index, e->ph[0], e->pid, e->tid, e->ts, e->dur, e->name,
		      e->data_type))
		return jstream_nomem(&im->js);
	if (strcmp(e->ph, "M") == 0 && e->have_pid) {
		if (strcmp(e->name, "thread_name") == 0 && e->have_tid && e->arg_name[0])
			return set_name(im, e->pid, e->tid, e->arg_name) || jstream_nomem(&im->js);
		if (strcmp(e->name, "process_name") == 0 && e->arg_name[0])
			return set_name(im, e->pid, -1, e->arg_name) || jstream_nomem(&im->js);
		return true;
	}
	if (im->opts->tasks && (strcmp(e->name, "TracingStartedInBrowser") == 0 ||
				strcmp(e->name, "FrameCommittedInBrowser") == 0)) {
		size_t i;
		for (i = 0; i < e->n_page_pids; i++)
			if (!tt_page_process(&im->tasks, e->page_pids[i]))
				return jstream_nomem(&im->js);
		return true;
	}
	if (im->opts->tasks && e->have_pid && e->have_tid && e->have_ts && e->ph[0] && !e->ph[1]) {
		/* where DevTools reads a sample trace id */
		int64_t trace_id = e->have_begin_data ? e->begin_trace_id
				   : e->args_trace_id ? e->args_trace_id
						      : e->data_trace_id;
		if (!tt_add(&im->tasks, e->ph[0], e->pid, e->tid, e->ts, e->dur, e->name,
			    e->data_type, trace_id))
			return jstream_nomem(&im->js);
	}
	if (im->opts->screenshots && !on_screenshot(im))
		return false;
	if (im->opts->tasks && !on_timing_event(im))
		return false;
	if (strcmp(e->name, "Profile") == 0)
		return on_profile(im);
	if (strcmp(e->name, "ProfileChunk") == 0)
		return on_chunk(im);
	if (strcmp(e->name, "CpuProfile") == 0)
		return on_cpuprofile(im);
	return true;
}

static bool on_close(void *user, struct jstream *js, int ctx)
{
	struct importer *im = user;
	(void)js;

	if (ctx >= TM_CTX_BASE)
		return tm_close(&im->meta, js, ctx);
	if (ctx == C_EVENT)
		return on_event(im);
	if (ctx == C_TICK) {
		/* a whole CpuProfile's positionTicks entry, kept as a pair */
		struct evnode *n = cur_node(im);
		if (n->tick_line <= 0 || n->tick_count <= 0)
			return true;
		if (!push_i64(im, &im->ev.ticks, &im->ev.n_ticks, &im->ev.ticks_cap,
			      n->tick_line) ||
		    !push_i64(im, &im->ev.ticks, &im->ev.n_ticks, &im->ev.ticks_cap, n->tick_count))
			return false;
		n->n_ticks++;
	}
	return true;
}

static const struct jhandlers handlers = {
	.key = key_of,
	.key_names = key_names,
	.open = on_open,
	.value = on_value,
	.close = on_close,
};

/* --- building the profiles ---------------------------------------------------- */

static int chunk_cmp(const void *pa, const void *pb, void *ctx)
{
	const struct chunk *a = pa, *b = pb;
	(void)ctx;

	if (a->ts != b->ts)
		return a->ts < b->ts ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

static bool time_ok(double t)
{
	return fabs(t) < 9007199254740992.0;
}

/* Feeds an assembled profile to the builder. */
static bool build(struct importer *im, struct acc *a)
{
	struct fc_builder b;
	char nodes_path[96], path[96];
	size_t i, j, k;
	bool ok = false;

	if (!fc_sort(a->chunks, a->n_chunks, sizeof(*a->chunks), chunk_cmp, NULL)) {
		fc_error_set(im->err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	if (a->whole)
		snprintf(nodes_path, sizeof(nodes_path), "CpuProfile nodes");
	else
		snprintf(nodes_path, sizeof(nodes_path), "profile %s nodes", a->id);
	fc_builder_init(&b, a->p, im->file, im->opts->strict);
	b.nodes_path = nodes_path;
	b.samples_path = a->whole ? "CpuProfile samples" : "ProfileChunk samples";
	b.samples_line = a->line;
	b.samples_col = a->col;
	for (i = 0; i < a->n_chunks; i++) {
		const struct chunk *c = &a->chunks[i];
		for (j = 0; j < c->n_nodes; j++) {
			const struct accnode *n = &a->nodes[c->node0 + j];
			uint32_t slot =
				fc_builder_node(&b, n->id, n->frame, n->line, n->col, im->err);
			if (slot == FC_NONE)
				goto out;
			if (n->have_parent)
				fc_builder_parent(&b, slot, n->parent);
			for (k = 0; k < n->n_children; k++)
				if (!fc_builder_child(&b, slot, a->children[n->child0 + k],
						      (uint32_t)k))
					goto nomem;
			for (k = 0; k < n->n_ticks; k++)
				if (!fc_builder_line_ticks(
					    &b, slot, a->p->frames[n->frame].url,
					    (int32_t)a->ticks[n->tick0 + 2 * k],
					    (uint32_t)a->ticks[n->tick0 + 2 * k + 1]))
					goto nomem;
		}
	}
	for (i = 0; i < a->n_chunks; i++) {
		const struct chunk *c = &a->chunks[i];
		size_t n = c->n_samples < c->n_deltas ? c->n_samples : c->n_deltas;

		if (c->n_samples != c->n_deltas && (!a->whole || c->n_deltas)) {
			/* DevTools drops such a chunk; keeping the pairs that
			 * exist loses less (input-rules §A9.4) */
			snprintf(path, sizeof(path), "traceEvents[%lld].args.data",
				 (long long)c->index);
			if (!fc_builder_repair(&b, im->err, path, c->line, c->col,
					       "%zu samples but %zu timeDeltas in this chunk; "
					       "using the first %zu",
					       c->n_samples, c->n_deltas, n))
				goto out;
		}
		if (a->whole && !c->n_deltas)
			n = c->n_samples; /* no times at all: the builder spreads them */
		for (j = 0; j < n; j++)
			if (!fc_builder_sample(&b, a->samples[c->sample0 + j]) ||
			    (j < c->n_lines &&
			     !fc_builder_sample_line(&b, (int32_t)a->lines[c->line0 + j])))
				goto nomem;
		for (j = 0; j < n && j < c->n_deltas; j++)
			if (!fc_builder_time(&b, a->deltas[c->delta0 + j]))
				goto nomem;
	}
	b.have_times = !a->whole || a->n_deltas > 0;
	b.times_absolute = false;
	if (a->whole) {
		/* a whole .cpuprofile: its own startTime/endTime, which Chrome
		 * writes on the trace clock */
		b.have_start = true;
		b.start_us =
			(int64_t)llround(a->have_start && time_ok(a->start) ? a->start : a->ts);
		b.have_end = a->have_end && time_ok(a->end);
		b.end_us = (int64_t)llround(a->end);
	} else {
		/* DevTools: the Profile event's ts, not args.data.startTime, which is
		 * on another clock (devtools-rules §8.1) */
		b.have_start = true;
		b.start_us = (int64_t)llround(a->ts);
		b.have_end = a->have_end;
		b.end_us = (int64_t)llround(a->end);
	}
	/* the builder holds it all now: the assembled arrays go before it
	 * resolves the tree, which is the import's peak */
	free(a->nodes);
	free(a->children);
	free(a->samples);
	free(a->deltas);
	free(a->lines);
	free(a->ticks);
	a->lines = a->ticks = NULL;
	a->n_lines = a->n_ticks = a->lines_cap = a->ticks_cap = 0;
	a->nodes = NULL;
	a->children = a->samples = a->deltas = NULL;
	a->nodes_cap = a->children_cap = a->samples_cap = a->deltas_cap = 0;
	if (!fc_builder_finish(&b, im->err))
		goto out;
	/* DevTools reads a chunk stream's endTime as the first chunk's last
	 * sample time and never reads the {endTime} chunk: with one sample
	 * (no average interval) the sample has no width. The {endTime} chunk
	 * still ends the extent. (docs/graph.md, "Weight of a sample") */
	if (!a->whole && a->p->n_samples == 1)
		a->p->last_end_us = a->p->sample_time_us[0];
	ok = true;
	goto out;
nomem:
	fc_error_set(im->err, FC_ERR_NOMEM, "out of memory");
out:
	fc_builder_finish_free(&b);
	return ok;
}

/* DevTools' preference among a thread's profiles (devtools-rules §8.1). */
static int source_rank(const struct acc *a)
{
	if (strcmp(a->source, "Internal") == 0)
		return 0;
	if (strcmp(a->source, "Inspector") == 0)
		return 1;
	return 2;
}

/* True when a should be shown rather than b. */
static bool better(const struct acc *a, const struct acc *b)
{
	if (source_rank(a) != source_rank(b))
		return source_rank(a) < source_rank(b);
	if (a->n_samples != b->n_samples)
		return a->n_samples > b->n_samples;
	return a->seq < b->seq;
}

static const char *profile_label(const struct acc *a, char *buf, size_t size)
{
	if (a->whole)
		snprintf(buf, size, "CpuProfile event %zu", a->seq + 1);
	else
		snprintf(buf, size, "%s", a->id);
	return buf;
}

/* "thread had 2 CPU profiles (0x7b: 421 samples, Internal; 0x7d: 0
 * samples); showing 0x7b (source Internal)". */
static char *choice_note(struct importer *im, const struct acc *best, size_t *members, size_t n)
{
	char text[1024], label[SHORT + 32];
	size_t i, len = 0, shown = 0;
	const char *why = "first in the file";

	len += (size_t)snprintf(text + len, sizeof(text) - len,
				"this thread has %zu CPU profiles (", n);
	for (i = 0; i < n && len < sizeof(text); i++) {
		const struct acc *a = &im->accs[members[i]];
		if (shown++ == 6) {
			len += (size_t)snprintf(text + len, sizeof(text) - len, "; …");
			break;
		}
		len += (size_t)snprintf(text + len, sizeof(text) - len, "%s%s: %zu samples%s%s",
					i ? "; " : "", profile_label(a, label, sizeof(label)),
					a->n_samples, a->source[0] ? ", " : "", a->source);
	}
	for (i = 0; i < n; i++) {
		const struct acc *a = &im->accs[members[i]];
		if (a == best)
			continue;
		if (source_rank(best) < source_rank(a)) {
			why = source_rank(best) == 0 ? "source Internal" : "source Inspector";
			break;
		}
		if (best->n_samples > a->n_samples)
			why = "most samples";
	}
	if (len < sizeof(text))
		snprintf(text + len, sizeof(text) - len,
			 "); showing %s (%s); they overlap in "
			 "time and are not merged",
			 profile_label(best, label, sizeof(label)), why);
	return fc_strdup_clean(text);
}

static int start_cmp(const void *pa, const void *pb, void *ctx)
{
	const struct fc_profile *a = *(struct fc_profile *const *)pa;
	const struct fc_profile *b = *(struct fc_profile *const *)pb;
	(void)ctx;

	/* the Timings lane above the threads, as the Performance panel has it */
	if ((a->timings != NULL) != (b->timings != NULL))
		return a->timings ? -1 : 1;
	if (a->start_us != b->start_us)
		return a->start_us < b->start_us ? -1 : 1;
	return 0;
}

static int thread_cmp(const void *pa, const void *pb, void *ctx)
{
	const struct importer *im = ctx;
	size_t ia = *(const size_t *)pa, ib = *(const size_t *)pb;
	const struct acc *a = &im->accs[ia], *b = &im->accs[ib];

	if (a->pid != b->pid)
		return a->pid < b->pid ? -1 : 1;
	if (a->tid != b->tid)
		return a->tid < b->tid ? -1 : 1;
	return ia < ib ? -1 : ia > ib;
}

/* Runs of one thread in the sorted order, by their first profile's index. */
struct run {
	size_t start, len;
};

static int run_cmp(const void *pa, const void *pb, void *ctx)
{
	const size_t *order = ctx;
	size_t a = order[((const struct run *)pa)->start];
	size_t b = order[((const struct run *)pb)->start];
	return a < b ? -1 : a > b;
}

/* The Timings lane (devtools-rules §13.9), when the trace has user
 * timings: out's profile at first, above the threads. false on allocation
 * failure. */
static bool timings_lane(struct importer *im, struct fc_profile_set *out, size_t first)
{
	struct fc_profile *lane;
	size_t i;

	if (!tu_lane(&im->timings, &lane))
		return false;
	if (!lane)
		return true;
	lane->format = FC_FORMAT_TRACE;
	lane->pid = lane->tid = -1;
	/* its times count from where the trace's lanes begin, as the ruler's */
	for (i = first; i < out->count; i++)
		if (out->items[i]->start_us < lane->start_us)
			lane->start_us = out->items[i]->start_us;
	if (!(lane->thread_name = fc_strdup("Timings"))) {
		fc_profile_destroy(lane);
		return false;
	}
	fc_profile_classify(lane);
	if (!tt_mark_events(lane) || !fc_profile_set_add(out, lane)) {
		fc_profile_destroy(lane);
		return false;
	}
	memmove(out->items + first + 1, out->items + first,
		(out->count - 1 - first) * sizeof(*out->items));
	out->items[first] = lane;
	return true;
}

/* With opts->tasks: the sampled threads (out's profiles from first on)
 * give way to lanes of the entry tree of events and JS (devtools-rules §13);
 * a sampled thread without events stays as it is. */
static bool tasks_for_samples(struct importer *im, struct fc_profile_set *out, size_t first)
{
	struct fc_profile_set lanes;
	size_t i, j;
	bool ok = false;

	fc_profile_set_init(&lanes);
	/* a trace without samples still has events to draw */
	if (!tt_lanes(&im->tasks, out->count > first ? out->items + first : NULL,
		      out->count - first, &lanes, im->err))
		goto out;
	for (i = 0; i < lanes.count; i++) {
		struct fc_profile *lane = lanes.items[i];
		const char *tn = get_name(im, lane->pid, lane->tid);
		const char *pn = get_name(im, lane->pid, -1);
		if ((tn && !(lane->thread_name = fc_strdup_clean(tn))) ||
		    (pn && !(lane->process_name = fc_strdup_clean(pn))))
			goto nomem;
		fc_profile_classify(lane);
		if (!tt_mark_events(lane))
			goto nomem;
		for (j = first; j < out->count; j++)
			if (out->items[j] && out->items[j]->pid == lane->pid &&
			    out->items[j]->tid == lane->tid) {
				fc_profile_destroy(out->items[j]);
				out->items[j] = NULL;
			}
	}
	for (i = first; i < out->count; i++)
		if (out->items[i] && !tt_page_process_of(&im->tasks, out->items[i]->pid)) {
			/* another page's renderer, not the traced one */
			fc_profile_destroy(out->items[i]);
			out->items[i] = NULL;
		}
	for (i = j = first; i < out->count; i++)
		if (out->items[i])
			out->items[j++] = out->items[i];
	out->count = j;
	for (i = 0; i < lanes.count; i++) {
		if (!fc_profile_set_add(out, lanes.items[i]))
			goto nomem;
		lanes.items[i] = NULL;
	}
	if (!timings_lane(im, out, first))
		goto nomem;
	ok = true;
	goto out;
nomem:
	fc_error_set(im->err, FC_ERR_NOMEM, "out of memory");
out:
	for (i = 0; i < lanes.count; i++)
		fc_profile_destroy(lanes.items[i]);
	lanes.count = 0;
	fc_profile_set_finish(&lanes);
	return ok;
}

/* One profile per (pid, tid): builds the chosen ones and hands them over.
 * The profiles are sorted by thread, so that this is O(n log n) in the
 * number of profiles and threads, in the order of the file. */
static bool assemble(struct importer *im, struct fc_profile_set *out)
{
	size_t *group = NULL, *order = NULL, n_group, n_order = 0, n_runs = 0, i, j,
	       first = out->count;
	struct run *runs = NULL;
	size_t cells = im->n_accs ? im->n_accs : 1;
	char path[64];
	bool ok = false;

	order = malloc(cells * sizeof(*order));
	runs = malloc(cells * sizeof(*runs));
	if (!order || !runs)
		goto nomem;
	for (i = 0; i < im->n_accs; i++) {
		struct acc *a = &im->accs[i];
		if (!a->have_profile && (a->n_samples || a->n_nodes)) {
			snprintf(path, sizeof(path), "traceEvents[%lld]",
				 (long long)a->chunks[0].index);
			if (!trace_repair(im, path, a->chunks[0].line,
					  "ProfileChunk events for id %s in process %lld have no "
					  "Profile event, so their thread is unknown (%zu samples "
					  "left out)",
					  a->id, (long long)a->pid, a->n_samples))
				goto out;
		}
		if (a->have_profile)
			order[n_order++] = i;
	}
	if (!fc_sort(order, n_order, sizeof(*order), thread_cmp, im))
		goto nomem;
	for (i = 0; i < n_order; i = j) {
		const struct acc *a = &im->accs[order[i]];
		for (j = i + 1; j < n_order; j++)
			if (im->accs[order[j]].pid != a->pid || im->accs[order[j]].tid != a->tid)
				break;
		runs[n_runs].start = i;
		runs[n_runs++].len = j - i;
	}
	if (!fc_sort(runs, n_runs, sizeof(*runs), run_cmp, order))
		goto nomem;
	for (i = 0; i < n_runs; i++) {
		struct acc *best;
		const char *tn, *pn;

		group = order + runs[i].start;
		n_group = runs[i].len;
		best = &im->accs[group[0]];
		for (j = 1; j < n_group; j++)
			if (better(&im->accs[group[j]], best))
				best = &im->accs[group[j]];
		if (best->n_samples == 0)
			continue; /* the thread was not sampled */
		if (!build(im, best))
			goto out;
		if (im->opts->tasks && !tt_trace_ids(&im->tasks, best->pid, best->tid,
						     best->trace_ids, best->n_trace_ids / 2))
			goto nomem;
		best->p->format = FC_FORMAT_TRACE;
		best->p->pid = best->pid;
		best->p->tid = best->tid;
		if (!tm_profile(&im->meta, best->p))
			goto nomem;
		tn = get_name(im, best->pid, best->tid);
		pn = get_name(im, best->pid, -1);
		/* names and ids come from the file: clean text for display */
		if ((tn && !(best->p->thread_name = fc_strdup_clean(tn))) ||
		    (pn && !(best->p->process_name = fc_strdup_clean(pn))))
			goto nomem;
		if (n_group > 1 && !(best->p->note = choice_note(im, best, group, n_group)))
			goto nomem;
		fc_profile_classify(best->p);
		if (!fc_profile_set_add(out, best->p))
			goto nomem;
		best->p = NULL;
	}
	if (im->opts->tasks && !tasks_for_samples(im, out, first))
		goto out;
	if (out->count == first) {
		if (from_node(im))
			fc_error_set(im->err, FC_ERR_FORMAT,
				     "trace from node --trace-events: node records no CPU profile "
				     "samples in a trace, and the Performance panel draws none of "
				     "its events; profile with node --cpu-prof and read its "
				     ".cpuprofile");
		else if (im->opts->tasks)
			fc_error_set(im->err, FC_ERR_FORMAT,
				     "trace has neither CPU profile samples nor events the "
				     "Performance panel draws (%zu events kept)",
				     im->tasks.n);
		else if (im->n_profile_events)
			fc_error_set(im->err, FC_ERR_FORMAT,
				     "trace has no CPU profile samples: %zu profile event%s, none "
				     "with samples",
				     im->n_profile_events, im->n_profile_events == 1 ? "" : "s");
		else
			fc_error_set(im->err, FC_ERR_FORMAT,
				     "trace has no CPU profile samples (record with the "
				     "disabled-by-default-v8.cpu_profiler category)");
		goto out;
	}
	/* lanes in order of their start on the shared clock */
	if (!fc_sort(out->items + first, out->count - first, sizeof(*out->items), start_cmp, NULL))
		goto nomem;
	/* the repairs, the async events' counts, the screenshots and the
	 * annotations go with the first thread (not the Timings lane) */
	j = out->items[first]->timings && out->count > first + 1 ? first + 1 : first;
	if (!tshots_take(&im->shots, &out->items[j]->screenshots))
		goto nomem;
	if (!tm_done(&im->meta, out->items[j]))
		goto out;
	if (im->opts->tasks) {
		tu_async_done(&im->timings);
		out->items[j]->async_events = im->timings.n_async;
		out->items[j]->async_pairs = im->timings.n_async_pairs;
		out->items[j]->async_unmatched = im->timings.n_async_unmatched;
	}
	for (i = 0; i < im->n_warn; i++)
		if (!fc_profile_warn(out->items[j], im->warn_path[i], im->warn_line[i],
				     im->warn_line[i] > 0, "%s", im->warn_text[i]))
			goto nomem;
	out->items[j]->n_repairs += im->n_more_warn;
	ok = true;
	goto out;
nomem:
	fc_error_set(im->err, FC_ERR_NOMEM, "out of memory");
out:
	if (!ok)
		while (out->count > first)
			fc_profile_destroy(out->items[--out->count]);
	free(order);
	free(runs);
	return ok;
}

static void free_importer(struct importer *im)
{
	size_t i;

	jstream_finish(&im->js);
	for (i = 0; i < im->n_accs; i++) {
		struct acc *a = &im->accs[i];
		fc_profile_destroy(a->p);
		free(a->chunks);
		free(a->nodes);
		free(a->children);
		free(a->samples);
		free(a->deltas);
		free(a->lines);
		free(a->ticks);
		free(a->trace_ids);
	}
	free(im->accs);
	fc_map_finish(&im->acc_table);
	for (i = 0; i < im->n_names; i++)
		free(im->names[i].name);
	free(im->names);
	fc_map_finish(&im->name_table);
	for (i = 0; i < im->n_warn; i++) {
		free(im->warn_path[i]);
		free(im->warn_text[i]);
	}
	tt_finish(&im->tasks);
	tshots_finish(&im->shots);
	tm_finish(&im->meta);
	tu_finish(&im->timings);
	free(im->ev.trace_ids);
	free(im->ev.nodes);
	free(im->ev.arena);
	free(im->ev.children);
	free(im->ev.samples);
	free(im->ev.deltas);
	free(im->ev.lines);
	free(im->ev.ticks);
}

/* Chrome leaves the array open when tracing stops abruptly, sometimes after
 * a comma (input-rules §A9.9); catapult and speedscope close it. Only the
 * array form, and only between two events. */
static bool end_of_input(struct importer *im)
{
	if (im->array_form && !im->js.failed && im->js.depth == 2 && im->js.skip == 0 &&
	    jstream_between_tokens(&im->js) &&
	    (im->last_byte == '}' || im->last_byte == ',' || im->last_byte == '[')) {
		return trace_repair(im, "", im->js.line,
				    "the event array is not terminated%s (Chrome writes that when "
				    "tracing stops abruptly); read as if it ended here",
				    im->last_byte == ',' ? " and ends with a comma" : "");
	}
	return jstream_end(&im->js);
}

bool fc_import_trace(struct fc_source *src, const struct fc_import_options *opts,
		     struct fc_profile_set *out, struct fc_error *err)
{
	struct importer im;
	const unsigned char *chunk;
	size_t len, i;
	bool ok = false;

	memset(&im, 0, sizeof(im));
	im.err = err;
	im.opts = opts;
	im.file = src->name;
	for (i = 0; i < K_COUNT; i++) {
		unsigned c;
		im.key_len[i] = strlen(key_names[i]);
		for (c = 1; c < C_COUNT; c++)
			if (key_ctx[i] & IN(c))
				im.ctx_keys[c][im.n_ctx_keys[c]++] = (uint8_t)i;
	}
	tshots_init(&im.shots);
	if (!tt_init(&im.tasks) ||
	    !tm_init(&im.meta, opts->sourcemaps != NULL, opts->strict, err) ||
	    !tu_init(&im.timings)) {
		tt_finish(&im.tasks);
		tm_finish(&im.meta);
		tu_finish(&im.timings);
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	if (!jstream_init(&im.js, &handlers, &im, src->name, err)) {
		tt_finish(&im.tasks);
		tm_finish(&im.meta);
		tu_finish(&im.timings);
		return false;
	}
	for (;;) {
		if (!fc_source_next(src, &chunk, &len, err))
			goto out;
		if (!len)
			break;
		for (i = len; i > 0; i--) {
			unsigned char c = chunk[i - 1];
			if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
				im.last_byte = c;
				break;
			}
		}
		if (!jstream_feed(&im.js, chunk, len))
			goto out;
	}
	if (!end_of_input(&im))
		goto out;
	if (!im.have_events) {
		fc_error_set(err, FC_ERR_FORMAT,
			     "JSON object without a \"traceEvents\" array: not a Chrome trace");
		goto out;
	}
	ok = assemble(&im, out);
out:
	free_importer(&im);
	return ok;
}
