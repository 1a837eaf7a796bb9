/* Hermes sampling profiles (input-rules §H, docs/inputs.md): what React
 * Native's Hermes engine writes when its sampling profiler stops, a Chrome
 * trace object with two more keys:
 *
 *   {"traceEvents": [process_name/thread_name metadata, ...],
 *    "samples": [{"cpu", "name", "ts", "pid", "tid", "weight", "sf"}, ...],
 *    "stackFrames": {"ID": {"name", "category", "parent", "line", "column",
 *                           "funcLine", "funcColumn"}, ...}}
 *
 * Numbers may be written as strings ("ts": "123456", "tid": "7"). A frame's
 * name is "function(file:line:column)" when the bundle has debug info, else
 * the function's name alone; native frames are "[Native]ADDRESS" in
 * category "Native". stackFrames is a tree by parent id; each sample names
 * its leaf (sf). Samples are grouped by (pid, tid), one profile per thread.
 * ts is in µs; each sample lasts until the next of its thread, the last one
 * nothing (the file records no end), as speedscope reads it. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/map.h"
#include "import/importers.h"
#include "import/jstream.h"
#include "model/builder.h"
#include "util/util.h"
#include "model/profile.h"

enum ctx {
	C_ROOT = 1,
	C_EVENTS,
	C_EVENT,
	C_ARGS,
	C_SAMPLES,
	C_SAMPLE,
	C_FRAMES,
	C_FRAME,
};

enum key {
	K_TRACE_EVENTS,
	K_SAMPLES,
	K_STACK_FRAMES,
	K_NAME,
	K_PH,
	K_PID,
	K_TID,
	K_ARGS,
	K_TS,
	K_SF,
	K_CATEGORY,
	K_PARENT,
	K_FUNC_LINE,
	K_FUNC_COLUMN,
	K_COUNT,
	/* a stackFrames key: the frame's id, not a name known in advance (past
	 * the 64 whose duplicates jstream finds: ids are checked here) */
	K_FRAME_ID = 64,
};

static const char *const key_names[K_FRAME_ID + 1] = {
	[K_TRACE_EVENTS] = "traceEvents",
	[K_SAMPLES] = "samples",
	[K_STACK_FRAMES] = "stackFrames",
	[K_NAME] = "name",
	[K_PH] = "ph",
	[K_PID] = "pid",
	[K_TID] = "tid",
	[K_ARGS] = "args",
	[K_TS] = "ts",
	[K_SF] = "sf",
	[K_CATEGORY] = "category",
	[K_PARENT] = "parent",
	[K_FUNC_LINE] = "funcLine",
	[K_FUNC_COLUMN] = "funcColumn",
	[K_FRAME_ID] = "(frame id)",
};

#define BIT(k) (1u << (k))
static const unsigned ctx_keys[] = {
	[C_ROOT] = BIT(K_TRACE_EVENTS) | BIT(K_SAMPLES) | BIT(K_STACK_FRAMES),
	[C_EVENT] = BIT(K_NAME) | BIT(K_PH) | BIT(K_PID) | BIT(K_TID) | BIT(K_ARGS),
	[C_ARGS] = BIT(K_NAME),
	[C_SAMPLE] = BIT(K_TS) | BIT(K_PID) | BIT(K_TID) | BIT(K_SF),
	[C_FRAME] = BIT(K_NAME) | BIT(K_CATEGORY) | BIT(K_PARENT) | BIT(K_FUNC_LINE) |
		    BIT(K_FUNC_COLUMN),
};

/* A thread_name or process_name metadata event. */
struct hname {
	int64_t pid, tid;      /* tid -1 for a process */
	size_t name, name_len; /* arena */
};

struct hevent {
	bool thread, process; /* its name is thread_name / process_name */
	bool have_pid, have_tid;
	int64_t pid, tid;
	size_t arg, arg_len;
	bool have_arg;
};

struct hsample {
	int64_t ts, sf, pid, tid;
	bool have_ts, have_sf;
	uint32_t line;
};

struct hframe {
	int64_t id, parent;    /* parent INT64_MIN = none */
	size_t name, name_len; /* arena */
	bool native;
	int32_t func_line, func_col; /* 1-based; 0 = absent */
	uint32_t line;
	uint32_t mark; /* 1 + the thread whose samples reach it last */
};

/* A (pid, tid) with samples. */
struct hthread {
	int64_t pid, tid;
	size_t first, n; /* its samples: order[first .. first + n) */
};

struct importer {
	struct jstream js;
	struct fc_error *err;
	const struct fc_import_options *opts;
	unsigned seen;
	char *arena;
	size_t arena_len, arena_cap;
	struct hevent ev; /* the event being read */
	struct hname *names;
	size_t n_names, names_cap;
	struct hsample *samples;
	size_t n_samples, samples_cap;
	struct hframe *frames;
	size_t n_frames, frames_cap;
	int64_t pending_id; /* the stackFrames key just read */
	bool pending_ok;
};

/* An integer written as a number or as a string of digits. */
static bool int_of(const struct jvalue *v, int64_t *out)
{
	size_t i = 0;
	int64_t x = 0;
	bool neg = false;

	if (v->type == J_INT) {
		*out = v->i;
		return true;
	}
	if (v->type == J_DOUBLE) {
		if (!isfinite(v->d) || v->d != floor(v->d) || fabs(v->d) > 9e15)
			return false;
		*out = (int64_t)v->d;
		return true;
	}
	if (v->type != J_STRING || v->len == 0 || v->len > 18)
		return false;
	if (v->s[0] == '-') {
		neg = true;
		i = 1;
	}
	if (i == v->len)
		return false;
	for (; i < v->len; i++) {
		if (v->s[i] < '0' || v->s[i] > '9')
			return false;
		x = x * 10 + (v->s[i] - '0');
	}
	*out = neg ? -x : x;
	return true;
}

static int key_of(void *user, int ctx, const char *s, size_t len)
{
	struct importer *im = user;
	int k;

	if (ctx == C_FRAMES) {
		struct jvalue v = { .type = J_STRING, .s = s, .len = len };
		im->pending_ok = int_of(&v, &im->pending_id);
		return K_FRAME_ID;
	}
	if ((size_t)ctx >= FC_ARRAY_LEN(ctx_keys))
		return J_NOKEY;
	for (k = 0; k < K_COUNT; k++)
		if ((ctx_keys[ctx] & BIT(k)) && strlen(key_names[k]) == len &&
		    memcmp(key_names[k], s, len) == 0)
			return k;
	return J_NOKEY;
}

static uint32_t line_now(struct jstream *js)
{
	long line, col;

	jstream_pos(js, &line, &col);
	return line > (long)UINT32_MAX ? UINT32_MAX : (uint32_t)line;
}

static int on_open(void *user, struct jstream *js, int ctx, int key, int64_t index, bool is_map)
{
	struct importer *im = user;
	(void)index;

	switch (ctx) {
	case J_TOP:
		if (!is_map)
			return jstream_type_error(&im->js, "a Hermes profile object", is_map);
		return C_ROOT;
	case C_ROOT:
		im->seen |= BIT(key);
		if (key == K_STACK_FRAMES)
			return is_map ? C_FRAMES : jstream_type_error(&im->js, "an object", is_map);
		if (is_map)
			return jstream_type_error(&im->js, "an array", is_map);
		return key == K_SAMPLES ? C_SAMPLES : C_EVENTS;
	case C_EVENTS:
		if (!is_map)
			return J_SKIP; /* not an event: nothing to read */
		im->ev = (struct hevent){ 0 };
		return C_EVENT;
	case C_EVENT:
		return key == K_ARGS && is_map ? C_ARGS : J_SKIP;
	case C_SAMPLES:
		if (!is_map)
			return jstream_type_error(&im->js, "a sample object", is_map);
		if (!FC_GROW(im->samples, im->samples_cap, im->n_samples + 1)) {
			jstream_nomem(&im->js);
			return J_SKIP;
		}
		im->samples[im->n_samples++] = (struct hsample){ .line = line_now(js) };
		return C_SAMPLE;
	case C_FRAMES:
		if (!is_map)
			return jstream_type_error(&im->js, "a frame object", is_map);
		if (!im->pending_ok) {
			jstream_fail(js, FC_ERR_INVALID, "a stack frame's id is not an integer");
			return J_SKIP;
		}
		if (!FC_GROW(im->frames, im->frames_cap, im->n_frames + 1)) {
			jstream_nomem(&im->js);
			return J_SKIP;
		}
		im->frames[im->n_frames++] = (struct hframe){ .id = im->pending_id,
							      .parent = INT64_MIN,
							      .line = line_now(js) };
		return C_FRAME;
	default:
		return J_SKIP; /* values we do not read (args of samples...) */
	}
}

static bool keep_string(struct importer *im, const struct jvalue *v, size_t *off, size_t *len)
{
	if (!FC_GROW(im->arena, im->arena_cap, im->arena_len + v->len + 1))
		return jstream_nomem(&im->js);
	memcpy(im->arena + im->arena_len, v->s, v->len);
	*off = im->arena_len;
	*len = v->len;
	im->arena_len += v->len;
	return true;
}

static bool want_int(struct importer *im, const struct jvalue *v, int64_t *out)
{
	if (int_of(v, out))
		return true;
	return jstream_fail(&im->js, FC_ERR_TYPE,
			    "expected an integer (or one in a string), found %s",
			    jstream_type_name(v));
}

static bool is(const struct jvalue *v, const char *s)
{
	return v->type == J_STRING && strlen(s) == v->len && memcmp(v->s, s, v->len) == 0;
}

static bool on_value(void *user, struct jstream *js, int ctx, int key, int64_t index,
		     const struct jvalue *v)
{
	struct importer *im = user;
	int64_t x = 0;
	(void)index;

	switch (ctx) {
	case J_TOP:
		return jstream_fail(js, FC_ERR_FORMAT, "JSON %s, not a Hermes profile",
				    jstream_type_name(v));
	case C_ROOT:
		if (v->type == J_NULL)
			return true;
		return jstream_fail(js, FC_ERR_TYPE, "expected %s, found %s",
				    key == K_STACK_FRAMES ? "an object" : "an array",
				    jstream_type_name(v));
	case C_EVENT:
		if (key == K_NAME) {
			im->ev.thread = is(v, "thread_name");
			im->ev.process = is(v, "process_name");
		} else if (key == K_PID) {
			im->ev.have_pid = int_of(v, &im->ev.pid);
		} else if (key == K_TID) {
			im->ev.have_tid = int_of(v, &im->ev.tid);
		}
		return true;
	case C_ARGS:
		if (v->type != J_STRING)
			return true;
		im->ev.have_arg = true;
		return keep_string(im, v, &im->ev.arg, &im->ev.arg_len);
	case C_SAMPLE: {
		struct hsample *s = &im->samples[im->n_samples - 1];
		if (v->type == J_NULL)
			return true;
		switch (key) {
		case K_TS:
			if (!want_int(im, v, &s->ts))
				return false;
			if (s->ts < -((int64_t)1 << 53) || s->ts > ((int64_t)1 << 53))
				return jstream_fail(js, FC_ERR_INVALID, "ts out of range");
			s->have_ts = true;
			return true;
		case K_SF:
			s->have_sf = true;
			return want_int(im, v, &s->sf);
		case K_PID:
			return want_int(im, v, &s->pid);
		case K_TID:
			return want_int(im, v, &s->tid);
		}
		return true;
	}
	case C_FRAME: {
		struct hframe *f = &im->frames[im->n_frames - 1];
		if (v->type == J_NULL)
			return true;
		switch (key) {
		case K_NAME:
			if (v->type != J_STRING)
				return jstream_fail(js, FC_ERR_TYPE, "expected a string, found %s",
						    jstream_type_name(v));
			return keep_string(im, v, &f->name, &f->name_len);
		case K_CATEGORY:
			f->native = is(v, "Native");
			return true;
		case K_PARENT:
			return want_int(im, v, &f->parent);
		case K_FUNC_LINE:
		case K_FUNC_COLUMN:
			if (!want_int(im, v, &x))
				return false;
			/* absurd positions count as absent */
			*(key == K_FUNC_LINE ? &f->func_line : &f->func_col) =
				x < 0 || x > INT32_MAX ? 0 : (int32_t)x;
			return true;
		}
		return true;
	}
	case C_SAMPLES:
		return jstream_fail(js, FC_ERR_TYPE, "expected a sample object, found %s",
				    jstream_type_name(v));
	case C_FRAMES:
		return jstream_fail(js, FC_ERR_TYPE, "expected a frame object, found %s",
				    jstream_type_name(v));
	default:
		return true;
	}
}

static bool on_close(void *user, struct jstream *js, int ctx)
{
	struct importer *im = user;
	struct hevent *e = &im->ev;
	(void)js;

	if (ctx != C_EVENT || !(e->thread || e->process) || !e->have_arg || !e->have_pid ||
	    (e->thread && !e->have_tid))
		return true;
	if (!FC_GROW(im->names, im->names_cap, im->n_names + 1))
		return jstream_nomem(&im->js);
	im->names[im->n_names++] = (struct hname){ .pid = e->pid,
						   .tid = e->thread ? e->tid : -1,
						   .name = e->arg,
						   .name_len = e->arg_len };
	return true;
}

static const struct jhandlers handlers = {
	.key = key_of,
	.key_names = key_names,
	.open = on_open,
	.value = on_value,
	.close = on_close,
};

/* --- building ------------------------------------------------------------------ */

/* The builder's id of the synthetic root (INT64_MIN means "no parent"
 * there; stackFrames ids have at most 18 digits). */
#define ID_ROOT (INT64_MIN + 1)

static bool fail_line(struct importer *im, const char *path, uint32_t line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static bool fail_line(struct importer *im, const char *path, uint32_t line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fc_error_vset(im->err, FC_ERR_INVALID, fmt, ap);
	va_end(ap);
	fc_error_set_path(im->err, path);
	im->err->line = line;
	return false;
}

/* Splits "function(file:line:column)" into the function and the file;
 * other names are the function's whole. */
static void split_name(const char *s, size_t len, size_t *fn_len, const char **file,
		       size_t *file_len)
{
	size_t open, colons = 0, i;

	*fn_len = len;
	*file = "";
	*file_len = 0;
	if (len < 6 || s[len - 1] != ')')
		return;
	for (open = len - 1; open > 0 && s[open] != '('; open--)
		;
	if (s[open] != '(')
		return;
	/* ":line:column)" at the end, digits only */
	for (i = len - 2; i > open; i--) {
		if (s[i] == ':') {
			if (++colons == 2)
				break;
		} else if (s[i] < '0' || s[i] > '9') {
			return;
		}
	}
	if (colons != 2 || i == open + 1)
		return;
	*fn_len = open;
	*file = s + open + 1;
	*file_len = i - open - 1;
}

/* Frame by id: a sorted index, built once. */
static int cmp_frame_id(const void *a, const void *b, void *ctx)
{
	const struct hframe *f = ctx;
	int64_t x = f[*(const uint32_t *)a].id, y = f[*(const uint32_t *)b].id;
	return x < y ? -1 : x > y;
}

static uint32_t find_frame(const struct importer *im, const uint32_t *by_id, int64_t id)
{
	size_t lo = 0, hi = im->n_frames;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int64_t x = im->frames[by_id[mid]].id;
		if (x == id)
			return by_id[mid];
		if (x < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return FC_NONE;
}

/* The metadata name of (pid, tid), tid -1 for the process: the last one
 * given; SIZE_MAX when there is none. */
static size_t find_name(const struct importer *im, int64_t pid, int64_t tid)
{
	size_t i;

	for (i = im->n_names; i-- > 0;)
		if (im->names[i].pid == pid && im->names[i].tid == tid)
			return i;
	return SIZE_MAX;
}

/* names[k] as clean text; NULL when out of memory. */
static char *name_copy(const struct importer *im, size_t k)
{
	char *raw = fc_strndup(im->arena + im->names[k].name, im->names[k].name_len);
	char *clean = raw ? fc_strdup_clean(raw) : NULL;

	free(raw);
	return clean;
}

/* One thread's profile: its samples (order[t->first ..]), in file order. */
static bool build_thread(struct importer *im, const uint32_t *by_id, uint32_t index,
			 const struct hthread *t, const size_t *order, struct fc_profile_set *out)
{
	struct fc_profile *p = fc_profile_create();
	struct fc_builder b;
	char path[64];
	uint32_t root, *used = NULL;
	int64_t last = INT64_MIN;
	size_t i, k, n_used = 0, used_cap = 0;
	bool ok = false, inited = false;

	if (!p)
		goto nomem;
	fc_builder_init(&b, p, im->js.file, im->opts->strict);
	inited = true;
	b.nodes_path = "stackFrames";
	b.samples_path = "samples";
	/* the frames the samples reach, and their ancestors */
	for (i = 0; i < t->n; i++) {
		const struct hsample *s = &im->samples[order[t->first + i]];
		uint32_t f, steps = 0;
		snprintf(path, sizeof(path), "samples[%zu]", order[t->first + i]);
		if (!s->have_ts || !s->have_sf) {
			fail_line(im, path, s->line, "the sample has no %s",
				  !s->have_ts ? "ts" : "sf (stack frame)");
			goto out;
		}
		f = find_frame(im, by_id, s->sf);
		if (f == FC_NONE) {
			fail_line(im, path, s->line, "sf %lld is not in stackFrames",
				  (long long)s->sf);
			goto out;
		}
		for (; f != FC_NONE && im->frames[f].mark != index + 1;
		     f = im->frames[f].parent == INT64_MIN
				 ? FC_NONE
				 : find_frame(im, by_id, im->frames[f].parent)) {
			im->frames[f].mark = index + 1;
			if (!FC_GROW(used, used_cap, n_used + 1))
				goto nomem;
			used[n_used++] = f;
			if (++steps > im->n_frames)
				break; /* a cycle: the builder names it */
		}
	}
	root = fc_profile_intern_frame(p, "(root)", 6, "", 0, "0", 1, -1, -1);
	if (root == FC_NONE || fc_builder_node(&b, ID_ROOT, root, 0, 0, im->err) == FC_NONE)
		goto nomem;
	for (i = 0; i < n_used; i++) {
		const struct hframe *f = &im->frames[used[i]];
		const char *name = im->arena ? im->arena + f->name : "", *file;
		size_t fn_len, file_len;
		uint32_t slot, frame;

		split_name(name, f->name_len, &fn_len, &file, &file_len);
		frame = fc_profile_intern_frame(p, name, fn_len, file, file_len,
						file_len ? "1" : "0", 1, f->func_line - 1,
						f->func_col - 1);
		if (frame == FC_NONE)
			goto nomem;
		slot = fc_builder_node(&b, f->id, frame, f->line, 0, im->err);
		if (slot == FC_NONE)
			goto out;
		if (f->parent == INT64_MIN) {
			fc_builder_parent(&b, slot, ID_ROOT);
		} else if (find_frame(im, by_id, f->parent) == FC_NONE) {
			snprintf(path, sizeof(path), "stackFrames.%lld.parent", (long long)f->id);
			fail_line(im, path, f->line, "parent %lld is not in stackFrames",
				  (long long)f->parent);
			goto out;
		} else {
			fc_builder_parent(&b, slot, f->parent);
		}
	}
	b.have_times = true;
	b.times_absolute = true;
	for (i = 0; i < t->n; i++) {
		const struct hsample *s = &im->samples[order[t->first + i]];
		if (!fc_builder_sample(&b, s->sf) || !fc_builder_time(&b, s->ts))
			goto nomem;
		if (s->ts > last)
			last = s->ts;
	}
	/* the last sample ends where it starts: the file records no end */
	if (!fc_builder_time(&b, last))
		goto nomem;
	if (!fc_builder_finish(&b, im->err))
		goto out;
	p->format = FC_FORMAT_HERMES;
	p->pid = t->pid;
	p->tid = t->tid;
	k = find_name(im, t->pid, t->tid);
	if (k != SIZE_MAX && !(p->thread_name = name_copy(im, k)))
		goto nomem;
	k = find_name(im, t->pid, -1);
	if (k != SIZE_MAX && !(p->process_name = name_copy(im, k)))
		goto nomem;
	fc_profile_drop_frame_index(p);
	fc_profile_classify(p);
	if (!fc_profile_set_add(out, p))
		goto nomem;
	p = NULL;
	ok = true;
	goto out;
nomem:
	fc_error_set(im->err, FC_ERR_NOMEM, "out of memory");
out:
	if (inited)
		fc_builder_finish_free(&b);
	fc_profile_destroy(p);
	free(used);
	return ok;
}

struct thread_key {
	const struct hthread *threads;
	int64_t pid, tid;
};

static bool thread_eq(const void *ctx, uint32_t k)
{
	const struct thread_key *q = ctx;
	return q->threads[k].pid == q->pid && q->threads[k].tid == q->tid;
}

static bool build(struct importer *im, struct fc_profile_set *out)
{
	uint32_t *by_id = NULL, *thread_of = NULL;
	struct hthread *threads = NULL;
	size_t *order = NULL, *next = NULL, n_threads = 0, threads_cap = 0, i;
	struct fc_map map;
	bool ok = false;

	fc_map_init(&map);

	if (im->n_samples == 0) {
		fc_error_set(im->err, FC_ERR_FORMAT, "the Hermes profile has no samples");
		fc_error_set_path(im->err, "samples");
		return false;
	}
	by_id = malloc((im->n_frames ? im->n_frames : 1) * sizeof(*by_id));
	if (!by_id)
		goto nomem;
	for (i = 0; i < im->n_frames; i++)
		by_id[i] = (uint32_t)i;
	if (!fc_sort(by_id, im->n_frames, sizeof(*by_id), cmp_frame_id, im->frames))
		goto nomem;
	for (i = 1; i < im->n_frames; i++)
		if (im->frames[by_id[i]].id == im->frames[by_id[i - 1]].id) {
			char path[64];
			snprintf(path, sizeof(path), "stackFrames.%lld",
				 (long long)im->frames[by_id[i]].id);
			fail_line(im, path, im->frames[by_id[i]].line,
				  "stack frame %lld is defined twice",
				  (long long)im->frames[by_id[i]].id);
			goto out;
		}
	/* one profile per thread, in the order the threads first sample; each
	 * thread's samples gathered in file order */
	thread_of = malloc(im->n_samples * sizeof(*thread_of));
	order = malloc(im->n_samples * sizeof(*order));
	if (!thread_of || !order)
		goto nomem;
	for (i = 0; i < im->n_samples; i++) {
		const struct hsample *s = &im->samples[i];
		struct thread_key q = { threads, s->pid, s->tid };
		uint32_t h = (uint32_t)fc_hash_u64((uint64_t)s->pid * 0x9e3779b97f4a7c15u ^
						   (uint64_t)s->tid);
		size_t slot;
		uint32_t k;

		if (!fc_map_reserve(&map, n_threads + 1))
			goto nomem;
		k = fc_map_find(&map, h, thread_eq, &q, &slot);
		if (k == FC_NONE) {
			if (!FC_GROW(threads, threads_cap, n_threads + 1))
				goto nomem;
			k = (uint32_t)n_threads++;
			threads[k] = (struct hthread){ .pid = s->pid, .tid = s->tid };
			fc_map_put(&map, slot, h, k);
		}
		thread_of[i] = k;
		threads[k].n++;
	}
	next = malloc(n_threads * sizeof(*next));
	if (!next)
		goto nomem;
	for (i = 0; i < n_threads; i++) {
		threads[i].first = i ? threads[i - 1].first + threads[i - 1].n : 0;
		next[i] = threads[i].first;
	}
	for (i = 0; i < im->n_samples; i++)
		order[next[thread_of[i]]++] = i;
	for (i = 0; i < n_threads; i++)
		if (!build_thread(im, by_id, (uint32_t)i, &threads[i], order, out))
			goto out;
	ok = true;
	goto out;
nomem:
	fc_error_set(im->err, FC_ERR_NOMEM, "out of memory");
out:
	free(by_id);
	free(thread_of);
	free(threads);
	free(order);
	free(next);
	fc_map_finish(&map);
	return ok;
}

bool fc_import_hermes(struct fc_source *src, const struct fc_import_options *opts,
		      struct fc_profile_set *out, struct fc_error *err)
{
	struct importer im;
	size_t first = out->count;
	bool ok = false;

	memset(&im, 0, sizeof(im));
	im.err = err;
	im.opts = opts;
	if (!jstream_init(&im.js, &handlers, &im, src->name, err))
		goto out;
	if (!fc_import_feed(src, &im.js, err))
		goto out;
	if (!(im.seen & BIT(K_SAMPLES)) || !(im.seen & BIT(K_STACK_FRAMES))) {
		fc_error_set(err, FC_ERR_FORMAT,
			     "not a Hermes profile: it needs \"samples\" and \"stackFrames\"");
		goto out;
	}
	ok = build(&im, out);
out:
	if (!ok)
		while (out->count > first)
			fc_profile_destroy(out->items[--out->count]);
	jstream_finish(&im.js);
	free(im.arena);
	free(im.names);
	free(im.samples);
	free(im.frames);
	return ok;
}
