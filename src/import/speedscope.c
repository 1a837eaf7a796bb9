/* speedscope's file format (input-rules §G, docs/inputs.md): one object with
 * a shared frame table ({name, file, line, col}, 1-based positions) and a list
 * of profiles, each `evented` (open and close events at values that never
 * decrease) or `sampled` (stacks of frame indices with one weight each), in
 * one unit: none, nanoseconds, microseconds, milliseconds, seconds or bytes.
 *
 * The file is streamed (jstream); the frames, events and stacks are kept
 * compactly until the end, since the frame table may come after the
 * profiles. Each profile then becomes one fc_profile, named as the file
 * names it: its stacks make a call tree (a trie under a synthetic root),
 * an evented profile's stretches between events become samples of the
 * stack open at the time, a sampled profile's weights lie end to end. */
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
#include "util/children.h"

/* The model's clock range: ±2^53 µs. */
#define VALUE_LIMIT 9.0e15

enum ctx {
	C_ROOT = 1,
	C_SHARED,
	C_FRAMES,
	C_FRAME,
	C_PROFILES,
	C_PROFILE,
	C_EVENTS,
	C_EVENT,
	C_SAMPLES,
	C_STACK,
	C_WEIGHTS,
};

enum key {
	K_SCHEMA,
	K_SHARED,
	K_PROFILES,
	K_NAME,
	K_ACTIVE,
	K_EXPORTER,
	K_FRAMES,
	K_FILE,
	K_LINE,
	K_COL,
	K_TYPE,
	K_UNIT,
	K_START,
	K_END,
	K_EVENTS,
	K_SAMPLES,
	K_WEIGHTS,
	K_AT,
	K_FRAME,
	K_COUNT
};

static const char *const key_names[K_COUNT] = {
	"$schema",  "shared",  "profiles",   "name",     "activeProfileIndex",
	"exporter", "frames",  "file",       "line",     "col",
	"type",     "unit",    "startValue", "endValue", "events",
	"samples",  "weights", "at",         "frame",
};

#define BIT(k) (1u << (k))
static const unsigned ctx_keys[] = {
	[C_ROOT] = BIT(K_SCHEMA) | BIT(K_SHARED) | BIT(K_PROFILES) | BIT(K_NAME) | BIT(K_ACTIVE) |
		   BIT(K_EXPORTER),
	[C_SHARED] = BIT(K_FRAMES),
	[C_FRAME] = BIT(K_NAME) | BIT(K_FILE) | BIT(K_LINE) | BIT(K_COL),
	[C_PROFILE] = BIT(K_TYPE) | BIT(K_NAME) | BIT(K_UNIT) | BIT(K_START) | BIT(K_END) |
		      BIT(K_EVENTS) | BIT(K_SAMPLES) | BIT(K_WEIGHTS),
	[C_EVENT] = BIT(K_TYPE) | BIT(K_AT) | BIT(K_FRAME),
};

enum ptype { T_NONE, T_EVENTED, T_SAMPLED, T_OTHER };

/* The schema's units: to µs for time, a factor of 1 for bytes and counts. */
static const struct {
	const char *name;
	double to_us; /* 0: not time */
	const char *weight_unit;
} units[] = {
	{ "none", 0, "samples" },    { "nanoseconds", 0.001, "µs" },
	{ "microseconds", 1, "µs" }, { "milliseconds", 1000, "µs" },
	{ "seconds", 1e6, "µs" },    { "bytes", 0, FC_UNIT_BYTES },
};

struct sframe {
	size_t name, name_len, file, file_len; /* arena */
	int32_t line, col;                     /* 1-based as in the file; 0 = absent */
	bool have_name, have_file;
};

struct sprofile {
	size_t name, name_len; /* arena */
	enum ptype type;
	int unit; /* index in units, -1 = absent, -2 = unknown */
	double start, end;
	bool have_start, have_end, have_events, have_samples, have_weights;
	size_t ev0, n_ev; /* events[ev0 .. ev0 + n_ev) */
	size_t s0, n_s;   /* samples */
	size_t w0, n_w;   /* weights */
	long line, col;
};

struct sevent {
	double at;
	int64_t frame; /* -1 = absent */
	uint32_t line;
	uint8_t kind; /* 'O', 'C', 0 = absent, '?' = other */
	bool have_at;
};

struct importer {
	struct jstream js;
	struct fc_error *err;
	const struct fc_import_options *opts;
	bool have_schema, have_shared, have_profiles;
	char *arena;
	size_t arena_len, arena_cap;
	struct sframe *frames;
	size_t n_frames, frames_cap;
	struct sprofile *profiles;
	size_t n_profiles, profiles_cap;
	struct sevent *events;
	size_t n_events, events_cap;
	/* sample k's stack is items[sample_off[k] .. sample_off[k + 1]): frame
	 * indices as read, checked when built (UINT32_MAX: past any table);
	 * 32-bit, so that a sample "[0]," costs no more than its bytes x 3 */
	uint32_t *sample_off;
	size_t n_samples, samples_cap;
	uint32_t *items;
	size_t n_items, items_cap;
	double *weights;
	size_t n_weights, weights_cap;
};

bool fc_speedscope_schema(const char *s, size_t len)
{
	static const char word[] = "speedscope";
	size_t i, n = sizeof(word) - 1;

	for (i = 0; i + n <= len; i++)
		if (memcmp(s + i, word, n) == 0)
			return true;
	return false;
}

static int key_of(void *user, int ctx, const char *s, size_t len)
{
	int k;
	(void)user;

	if ((size_t)ctx >= FC_ARRAY_LEN(ctx_keys))
		return J_NOKEY;
	for (k = 0; k < K_COUNT; k++)
		if ((ctx_keys[ctx] & BIT(k)) && strlen(key_names[k]) == len &&
		    memcmp(key_names[k], s, len) == 0)
			return k;
	return J_NOKEY;
}

static struct sprofile *cur_profile(struct importer *im)
{
	return &im->profiles[im->n_profiles - 1];
}

static int on_open(void *user, struct jstream *js, int ctx, int key, int64_t index, bool is_map)
{
	struct importer *im = user;
	struct sprofile *p;
	long col;
	(void)index;

	switch (ctx) {
	case J_TOP:
		if (!is_map)
			return jstream_type_error(&im->js, "a speedscope file object", is_map);
		return C_ROOT;
	case C_ROOT:
		if (key == K_SHARED) {
			if (!is_map)
				return jstream_type_error(&im->js, "an object", is_map);
			im->have_shared = true;
			return C_SHARED;
		}
		if (key == K_PROFILES) {
			if (is_map)
				return jstream_type_error(&im->js, "an array of profiles", is_map);
			im->have_profiles = true;
			return C_PROFILES;
		}
		return jstream_type_error(&im->js, "a string or number", is_map);
	case C_SHARED:
		if (is_map)
			return jstream_type_error(&im->js, "an array of frames", is_map);
		return C_FRAMES;
	case C_FRAMES:
		if (!is_map)
			return jstream_type_error(&im->js, "a frame object", is_map);
		if (!FC_GROW(im->frames, im->frames_cap, im->n_frames + 1)) {
			jstream_nomem(&im->js);
			return J_SKIP;
		}
		im->frames[im->n_frames++] = (struct sframe){ 0 };
		return C_FRAME;
	case C_PROFILES:
		if (!is_map)
			return jstream_type_error(&im->js, "a profile object", is_map);
		if (!FC_GROW(im->profiles, im->profiles_cap, im->n_profiles + 1)) {
			jstream_nomem(&im->js);
			return J_SKIP;
		}
		p = &im->profiles[im->n_profiles++];
		*p = (struct sprofile){ .unit = -1 };
		jstream_pos(js, &p->line, &p->col);
		return C_PROFILE;
	case C_PROFILE:
		p = cur_profile(im);
		if (is_map)
			return jstream_type_error(&im->js, "an array", is_map);
		if (key == K_EVENTS) {
			p->have_events = true;
			p->ev0 = im->n_events;
			return C_EVENTS;
		}
		if (key == K_SAMPLES) {
			p->have_samples = true;
			p->s0 = im->n_samples;
			return C_SAMPLES;
		}
		if (key == K_WEIGHTS) {
			p->have_weights = true;
			p->w0 = im->n_weights;
			return C_WEIGHTS;
		}
		return jstream_type_error(&im->js, "a string or number", is_map);
	case C_EVENTS: {
		long line;
		if (!is_map)
			return jstream_type_error(&im->js, "an event object", is_map);
		if (!FC_GROW(im->events, im->events_cap, im->n_events + 1)) {
			jstream_nomem(&im->js);
			return J_SKIP;
		}
		jstream_pos(js, &line, &col);
		im->events[im->n_events++] = (struct sevent){
			.frame = -1, .line = line > (long)UINT32_MAX ? UINT32_MAX : (uint32_t)line
		};
		cur_profile(im)->n_ev++;
		return C_EVENT;
	}
	case C_SAMPLES:
		if (is_map)
			return jstream_type_error(&im->js, "a stack (an array of frame indices)",
						  is_map);
		if (!FC_GROW(im->sample_off, im->samples_cap, im->n_samples + 2)) {
			jstream_nomem(&im->js);
			return J_SKIP;
		}
		im->sample_off[im->n_samples] = (uint32_t)im->n_items;
		im->n_samples++;
		cur_profile(im)->n_s++;
		return C_STACK;
	default:
		return jstream_type_error(&im->js, "a number or string", is_map);
	}
}

static bool want_number(struct importer *im, const struct jvalue *v, double *out)
{
	if (v->type != J_INT && v->type != J_DOUBLE)
		return jstream_fail(&im->js, FC_ERR_TYPE, "expected a number, found %s",
				    jstream_type_name(v));
	*out = v->d;
	if (!isfinite(*out) || fabs(*out) > VALUE_LIMIT)
		return jstream_fail(&im->js, FC_ERR_INVALID, "value %.6g out of range", *out);
	return true;
}

static bool want_index(struct importer *im, const struct jvalue *v, int64_t *out)
{
	if (v->type == J_INT && v->i >= 0) {
		*out = v->i;
		return true;
	}
	if (v->type == J_DOUBLE && isfinite(v->d) && v->d >= 0 && v->d == floor(v->d) &&
	    v->d < 9e18) {
		*out = (int64_t)v->d;
		return true;
	}
	return jstream_fail(
		&im->js, FC_ERR_TYPE, "expected a frame index (an integer >= 0), found %s",
		v->type == J_INT || v->type == J_DOUBLE ? "another number" : jstream_type_name(v));
}

static bool want_string(struct importer *im, const struct jvalue *v, size_t *off, size_t *len)
{
	if (v->type != J_STRING)
		return jstream_fail(&im->js, FC_ERR_TYPE, "expected a string, found %s",
				    jstream_type_name(v));
	if (!FC_GROW(im->arena, im->arena_cap, im->arena_len + v->len + 1))
		return jstream_nomem(&im->js);
	memcpy(im->arena + im->arena_len, v->s, v->len);
	*off = im->arena_len;
	*len = v->len;
	im->arena_len += v->len;
	return true;
}

static bool is(const struct jvalue *v, const char *s)
{
	return v->type == J_STRING && strlen(s) == v->len && memcmp(v->s, s, v->len) == 0;
}

static bool frame_value(struct importer *im, int key, const struct jvalue *v)
{
	struct sframe *f = &im->frames[im->n_frames - 1];
	int64_t x = 0;

	switch (key) {
	case K_NAME:
		f->have_name = true;
		return want_string(im, v, &f->name, &f->name_len);
	case K_FILE:
		f->have_file = true;
		return want_string(im, v, &f->file, &f->file_len);
	case K_LINE:
	case K_COL:
		if (!want_index(im, v, &x))
			return false;
		/* absurd positions count as absent */
		*(key == K_LINE ? &f->line : &f->col) = x > INT32_MAX ? 0 : (int32_t)x;
		return true;
	}
	return true;
}

static bool profile_value(struct importer *im, int key, const struct jvalue *v)
{
	struct sprofile *p = cur_profile(im);
	size_t i;

	switch (key) {
	case K_NAME:
		return want_string(im, v, &p->name, &p->name_len);
	case K_TYPE:
		if (v->type != J_STRING)
			return jstream_fail(&im->js, FC_ERR_TYPE, "expected a string, found %s",
					    jstream_type_name(v));
		p->type = is(v, "evented") ? T_EVENTED : is(v, "sampled") ? T_SAMPLED : T_OTHER;
		if (p->type == T_OTHER)
			return jstream_fail(&im->js, FC_ERR_INVALID,
					    "profile type \"%.*s\" is neither \"evented\" nor "
					    "\"sampled\"",
					    v->len > 24 ? 24 : (int)v->len, v->s);
		return true;
	case K_UNIT:
		if (v->type != J_STRING)
			return jstream_fail(&im->js, FC_ERR_TYPE, "expected a string, found %s",
					    jstream_type_name(v));
		for (i = 0; i < FC_ARRAY_LEN(units); i++)
			if (is(v, units[i].name))
				p->unit = (int)i;
		if (p->unit < 0)
			return jstream_fail(&im->js, FC_ERR_INVALID,
					    "unit \"%.*s\" is none of none, nanoseconds, "
					    "microseconds, milliseconds, seconds, bytes",
					    v->len > 24 ? 24 : (int)v->len, v->s);
		return true;
	case K_START:
		p->have_start = true;
		return want_number(im, v, &p->start);
	case K_END:
		p->have_end = true;
		return want_number(im, v, &p->end);
	}
	return jstream_fail(&im->js, FC_ERR_TYPE, "expected an array, found %s",
			    jstream_type_name(v));
}

static bool event_value(struct importer *im, int key, const struct jvalue *v)
{
	struct sevent *e = &im->events[im->n_events - 1];

	switch (key) {
	case K_TYPE:
		if (v->type != J_STRING)
			return jstream_fail(&im->js, FC_ERR_TYPE,
					    "expected \"O\" or \"C\", found %s",
					    jstream_type_name(v));
		e->kind = is(v, "O") ? 'O' : is(v, "C") ? 'C' : '?';
		if (e->kind == '?')
			return jstream_fail(&im->js, FC_ERR_INVALID,
					    "event type \"%.*s\" is neither \"O\" (open) nor \"C\" "
					    "(close)",
					    v->len > 24 ? 24 : (int)v->len, v->s);
		return true;
	case K_AT:
		e->have_at = true;
		return want_number(im, v, &e->at);
	case K_FRAME:
		return want_index(im, v, &e->frame);
	}
	return true;
}

static bool on_value(void *user, struct jstream *js, int ctx, int key, int64_t index,
		     const struct jvalue *v)
{
	struct importer *im = user;
	(void)index;

	switch (ctx) {
	case J_TOP:
		return jstream_fail(js, FC_ERR_FORMAT, "JSON %s, not a speedscope file",
				    jstream_type_name(v));
	case C_ROOT:
		if (key == K_SCHEMA) {
			if (v->type != J_STRING || !fc_speedscope_schema(v->s, v->len))
				return jstream_fail(js, FC_ERR_FORMAT,
						    "the $schema is not speedscope's file format");
			im->have_schema = true;
			return true;
		}
		if (key == K_SHARED || key == K_PROFILES)
			return jstream_fail(js, FC_ERR_TYPE, "expected %s, found %s",
					    key == K_SHARED ? "an object" : "an array",
					    jstream_type_name(v));
		return true; /* name, activeProfileIndex, exporter: not used */
	case C_FRAME:
		return v->type == J_NULL || frame_value(im, key, v);
	case C_PROFILE:
		return profile_value(im, key, v);
	case C_EVENT:
		return event_value(im, key, v);
	case C_STACK: {
		int64_t x = 0;
		if (!want_index(im, v, &x))
			return false;
		if (im->n_items >= UINT32_MAX - 1)
			return jstream_fail(js, FC_ERR_LIMIT, "more than 2^32 frames in samples");
		if (!FC_GROW(im->items, im->items_cap, im->n_items + 1))
			return jstream_nomem(&im->js);
		im->items[im->n_items++] = x >= UINT32_MAX ? UINT32_MAX : (uint32_t)x;
		return true;
	}
	case C_WEIGHTS: {
		double w = 0;
		if (!want_number(im, v, &w))
			return false;
		if (w < 0)
			return jstream_fail(js, FC_ERR_INVALID, "negative weight %.6g", w);
		if (!FC_GROW(im->weights, im->weights_cap, im->n_weights + 1))
			return jstream_nomem(&im->js);
		im->weights[im->n_weights++] = w;
		cur_profile(im)->n_w++;
		return true;
	}
	case C_SHARED:
		return jstream_fail(js, FC_ERR_TYPE, "expected an array of frames, found %s",
				    jstream_type_name(v));
	case C_FRAMES:
		return jstream_fail(js, FC_ERR_TYPE, "expected a frame object, found %s",
				    jstream_type_name(v));
	case C_PROFILES:
		return jstream_fail(js, FC_ERR_TYPE, "expected a profile object, found %s",
				    jstream_type_name(v));
	case C_EVENTS:
		return jstream_fail(js, FC_ERR_TYPE, "expected an event object, found %s",
				    jstream_type_name(v));
	case C_SAMPLES:
		return jstream_fail(js, FC_ERR_TYPE, "expected a stack (an array), found %s",
				    jstream_type_name(v));
	default:
		return true;
	}
}

static bool on_close(void *user, struct jstream *js, int ctx)
{
	struct importer *im = user;
	(void)js;

	if (ctx == C_STACK)
		im->sample_off[im->n_samples] = (uint32_t)im->n_items;
	return true;
}

static const struct jhandlers handlers = {
	.key = key_of,
	.key_names = key_names,
	.open = on_open,
	.value = on_value,
	.close = on_close,
};

/* --- building one profile ------------------------------------------------------ */

/* A call tree as a trie: node 0 is the root, a child is found by (parent,
 * frame) in the child-lookup table (util/children.h). */
struct trie {
	uint32_t *parent, *frame; /* frame: the model's frame index */
	size_t n, cap;
	struct fc_map map;
};

/* The child of parent for frame, made when absent; FC_NONE when out of
 * memory. */
static uint32_t trie_child(struct trie *t, uint32_t parent, uint32_t frame)
{
	return fc_children_add(&t->map, &t->parent, &t->frame, &t->n, &t->cap, parent, frame);
}

struct build {
	struct importer *im;
	struct sprofile *sp;
	size_t index; /* the profile's index in the file */
	struct fc_profile *p;
	uint32_t *frame_of; /* file frame -> model frame, FC_NONE until met */
	struct trie t;
	double scale; /* value -> µs, bytes or count */
	/* samples before they go to the builder: node and time */
	uint32_t *s_node;
	int64_t *s_time;
	size_t n, cap, time_cap;
};

static bool build_nomem(struct build *bd)
{
	fc_error_set(bd->im->err, FC_ERR_NOMEM, "out of memory");
	return false;
}

/* An invalid profile: where is the path inside it ("events[3]"; "" for
 * the profile itself). */
static bool fail_at(struct build *bd, long line, const char *where, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static bool fail_at(struct build *bd, long line, const char *where, const char *fmt, ...)
{
	char path[96];
	va_list ap;

	snprintf(path, sizeof(path), "profiles[%zu]%s%s", bd->index, *where ? "." : "", where);
	va_start(ap, fmt);
	fc_error_vset(bd->im->err, FC_ERR_INVALID, fmt, ap);
	va_end(ap);
	fc_error_set_path(bd->im->err, path);
	bd->im->err->line = line;
	return false;
}

/* The model's frame for frame index f of the file (checked). */
static uint32_t model_frame(struct build *bd, int64_t f, long line, bool event, size_t k)
{
	const struct sframe *sf;
	const char *a = bd->im->arena ? bd->im->arena : "";
	char sid[24];
	size_t sid_len;

	if (f < 0 || (uint64_t)f >= bd->im->n_frames) {
		char where[48];
		snprintf(where, sizeof(where), event ? "events[%zu].frame" : "samples[%zu]", k);
		fail_at(bd, line, where, "frame %lld is not in shared.frames (there are %zu)",
			(long long)f, bd->im->n_frames);
		return FC_NONE;
	}
	if (bd->frame_of[f] != FC_NONE)
		return bd->frame_of[f];
	sf = &bd->im->frames[f];
	/* A file makes a script ("1"). An empty file with a line is a script
	 * without a URL (eval, new Function), told apart by its entry in the
	 * table as speedscope tells frames apart; no file (or an empty one
	 * at no line, as speedscope writes V8's built-ins) is native code.
	 * Positions are 1-based in the file. */
	if (sf->file_len)
		sid_len = (size_t)snprintf(sid, sizeof(sid), "1");
	else if (sf->have_file && sf->line > 0)
		sid_len = (size_t)snprintf(sid, sizeof(sid), "%lld", (long long)f + 1);
	else
		sid_len = (size_t)snprintf(sid, sizeof(sid), "0");
	bd->frame_of[f] =
		fc_profile_intern_frame(bd->p, a + sf->name, sf->name_len, a + sf->file,
					sf->file_len, sid, sid_len, sf->line - 1, sf->col - 1);
	if (bd->frame_of[f] == FC_NONE)
		build_nomem(bd);
	return bd->frame_of[f];
}

/* A sample of node from time t on; a sample at the same time replaces the
 * one before (it lasted nothing). */
static bool add_sample(struct build *bd, uint32_t node, int64_t t)
{
	size_t cap = bd->time_cap;

	if (bd->n && bd->s_time[bd->n - 1] == t) {
		bd->s_node[bd->n - 1] = node;
		return true;
	}
	if (bd->n && bd->s_node[bd->n - 1] == node)
		return true; /* the same stack goes on */
	if (!FC_GROW(bd->s_node, bd->cap, bd->n + 1) || !FC_GROW(bd->s_time, cap, bd->n + 2))
		return build_nomem(bd);
	bd->time_cap = cap;
	bd->s_node[bd->n] = node;
	bd->s_time[bd->n++] = t;
	return true;
}

static const char *frame_name(const struct importer *im, int64_t f)
{
	return f >= 0 && (uint64_t)f < im->n_frames && im->arena ? im->arena + im->frames[f].name
								 : "";
}

static int frame_name_len(const struct importer *im, int64_t f)
{
	size_t n = f >= 0 && (uint64_t)f < im->n_frames ? im->frames[f].name_len : 0;
	return n > 40 ? 40 : (int)n;
}

static bool build_evented(struct build *bd, int64_t *end_t)
{
	struct importer *im = bd->im;
	const struct sprofile *sp = bd->sp;
	uint32_t *stack = NULL; /* open nodes; stack_frame: their file frames */
	int64_t *stack_frame = NULL;
	size_t depth = 0, cap = 0, cap2 = 0, j;
	char where[48];
	double last_at = sp->n_ev ? im->events[sp->ev0].at : 0;
	bool ok = false;

	/* nothing is open from the start to the first event */
	if (!add_sample(bd, 0,
			llround((sp->have_start && sp->start < last_at ? sp->start : last_at) *
				bd->scale)))
		return false;
	for (j = 0; j < sp->n_ev; j++) {
		const struct sevent *e = &im->events[sp->ev0 + j];
		uint32_t frame, node;

		if (!e->kind || !e->have_at || e->frame < 0) {
			snprintf(where, sizeof(where), "events[%zu]", j);
			fail_at(bd, e->line, where, "the event has no %s",
				!e->kind      ? "type"
				: !e->have_at ? "\"at\""
					      : "frame");
			goto out;
		}
		if (e->at < last_at) {
			snprintf(where, sizeof(where), "events[%zu].at", j);
			fail_at(bd, e->line, where,
				"events out of order: at %.6g comes after %.6g (the values of "
				"\"at\" must not decrease)",
				e->at, last_at);
			goto out;
		}
		last_at = e->at;
		frame = model_frame(bd, e->frame, e->line, true, j);
		if (frame == FC_NONE)
			goto out;
		if (e->kind == 'O') {
			node = trie_child(&bd->t, depth ? stack[depth - 1] : 0, frame);
			if (node == FC_NONE || !FC_GROW(stack, cap, depth + 1) ||
			    !FC_GROW(stack_frame, cap2, depth + 1)) {
				build_nomem(bd);
				goto out;
			}
			stack[depth] = node;
			stack_frame[depth++] = e->frame;
		} else if (depth == 0) {
			snprintf(where, sizeof(where), "events[%zu]", j);
			fail_at(bd, e->line, where,
				"frame %lld (%.*s) is closed, but no frame is open",
				(long long)e->frame, frame_name_len(im, e->frame),
				frame_name(im, e->frame));
			goto out;
		} else if (stack_frame[depth - 1] != e->frame) {
			snprintf(where, sizeof(where), "events[%zu]", j);
			fail_at(bd, e->line, where,
				"frame %lld (%.*s) is closed, but the innermost open frame is %lld "
				"(%.*s): open and close events must nest",
				(long long)e->frame, frame_name_len(im, e->frame),
				frame_name(im, e->frame), (long long)stack_frame[depth - 1],
				frame_name_len(im, stack_frame[depth - 1]),
				frame_name(im, stack_frame[depth - 1]));
			goto out;
		} else {
			depth--;
		}
		if (!add_sample(bd, depth ? stack[depth - 1] : 0, llround(e->at * bd->scale)))
			goto out;
	}
	if (depth) {
		fail_at(bd, sp->line, "events",
			"%zu frame%s never closed (the innermost is %lld, %.*s)", depth,
			depth == 1 ? " is" : "s are", (long long)stack_frame[depth - 1],
			frame_name_len(im, stack_frame[depth - 1]),
			frame_name(im, stack_frame[depth - 1]));
		goto out;
	}
	*end_t = llround(last_at * bd->scale);
	if (sp->have_end && llround(sp->end * bd->scale) > *end_t)
		*end_t = llround(sp->end * bd->scale);
	if (bd->n > 1 && bd->s_time[bd->n - 1] >= *end_t)
		bd->n--; /* the last event's sample lasts nothing */
	ok = true;
out:
	free(stack);
	free(stack_frame);
	return ok;
}

static bool build_sampled(struct build *bd, int64_t *end_t)
{
	struct importer *im = bd->im;
	const struct sprofile *sp = bd->sp;
	double t = (sp->have_start ? sp->start : 0) * bd->scale;
	size_t k;
	char where[48];

	if (sp->n_w != sp->n_s)
		return fail_at(bd, sp->line, "weights",
			       "%zu samples but %zu weights: each sample needs one weight", sp->n_s,
			       sp->n_w);
	for (k = 0; k < sp->n_s; k++) {
		size_t s = sp->s0 + k, i;
		uint32_t node = 0;
		int64_t at = llround(t);

		for (i = im->sample_off[s]; i < im->sample_off[s + 1]; i++) {
			uint32_t frame = model_frame(bd, im->items[i], sp->line, false, k);
			if (frame == FC_NONE)
				return false;
			node = trie_child(&bd->t, node, frame);
			if (node == FC_NONE)
				return build_nomem(bd);
		}
		t += im->weights[sp->w0 + k] * bd->scale;
		if (fabs(t) > VALUE_LIMIT) {
			snprintf(where, sizeof(where), "weights[%zu]", k);
			return fail_at(bd, sp->line, where, "the weights add up to more than 2^53");
		}
		/* each sample stays one, even one that weighs nothing */
		if (!FC_GROW(bd->s_node, bd->cap, bd->n + 1) ||
		    !FC_GROW(bd->s_time, bd->time_cap, bd->n + 2))
			return build_nomem(bd);
		bd->s_node[bd->n] = node;
		bd->s_time[bd->n++] = at;
	}
	*end_t = llround(t);
	return true;
}

/* Whether a profile's values are not all whole numbers. */
static bool has_fraction(const struct importer *im, const struct sprofile *sp)
{
	size_t k;

	for (k = 0; k < sp->n_w; k++)
		if (im->weights[sp->w0 + k] != floor(im->weights[sp->w0 + k]))
			return true;
	for (k = 0; k < sp->n_ev; k++)
		if (im->events[sp->ev0 + k].at != floor(im->events[sp->ev0 + k].at))
			return true;
	return (sp->have_start && sp->start != floor(sp->start)) ||
	       (sp->have_end && sp->end != floor(sp->end));
}

static bool build_profile(struct importer *im, size_t index, struct fc_profile_set *out)
{
	struct build bd = { .im = im, .sp = &im->profiles[index], .index = index };
	struct sprofile *sp = bd.sp;
	struct fc_builder b;
	bool ok = false, builder = false;
	int64_t end_t = 0;
	uint32_t root;
	size_t i;

	if (sp->type == T_NONE)
		return fail_at(&bd, sp->line, "",
			       "the profile has no type (\"evented\" or \"sampled\")");
	if (sp->unit < 0)
		return fail_at(&bd, sp->line, "", "the profile has no unit");
	if (sp->type == T_EVENTED ? !sp->have_events : !sp->have_samples || !sp->have_weights)
		return fail_at(&bd, sp->line, "", "the %s profile has no \"%s\" array",
			       sp->type == T_EVENTED ? "evented" : "sampled",
			       sp->type == T_EVENTED ? "events"
			       : !sp->have_samples   ? "samples"
						     : "weights");
	bd.scale = units[sp->unit].to_us ? units[sp->unit].to_us : 1;
	/* counts with decimals are kept in thousandths, as folded stacks'
	 * (input-rules §D2) */
	if (strcmp(units[sp->unit].name, "none") == 0 && has_fraction(im, sp))
		bd.scale = 1000;
	bd.p = fc_profile_create();
	bd.frame_of = malloc((im->n_frames ? im->n_frames : 1) * sizeof(*bd.frame_of));
	if (!bd.p || !bd.frame_of)
		goto nomem;
	for (i = 0; i < im->n_frames; i++)
		bd.frame_of[i] = FC_NONE;
	root = fc_profile_intern_frame(bd.p, "(root)", 6, "", 0, "0", 1, -1, -1);
	if (root == FC_NONE || !FC_GROW(bd.t.parent, bd.t.cap, 1))
		goto nomem;
	{
		size_t cap = 0;
		if (!FC_GROW(bd.t.frame, cap, 1))
			goto nomem;
	}
	bd.t.parent[0] = FC_NONE;
	bd.t.frame[0] = root;
	bd.t.n = 1;
	if (!(sp->type == T_EVENTED ? build_evented(&bd, &end_t) : build_sampled(&bd, &end_t)))
		goto out;
	if (bd.n == 0 || (bd.n == 1 && bd.s_node[0] == 0 && end_t <= bd.s_time[0])) {
		fail_at(&bd, sp->line, "", "the profile %s",
			(sp->type == T_EVENTED ? sp->n_ev : sp->n_s) == 0 ? "is empty"
			: units[sp->unit].to_us                           ? "lasts less than 1 µs"
									  : "weighs nothing");
		goto out;
	}
	fc_builder_init(&b, bd.p, im->js.file, im->opts->strict);
	builder = true;
	b.nodes_path = "profiles";
	b.samples_path = "profiles";
	for (i = 0; i < bd.t.n; i++) {
		uint32_t slot = fc_builder_node(&b, (int64_t)i, bd.t.frame[i], 0, 0, im->err);
		if (slot == FC_NONE)
			goto out;
		if (i)
			fc_builder_parent(&b, slot, bd.t.parent[i]);
	}
	b.have_times = true;
	b.times_absolute = true;
	for (i = 0; i < bd.n; i++)
		if (!fc_builder_sample(&b, bd.s_node[i]) || !fc_builder_time(&b, bd.s_time[i]))
			goto nomem;
	/* one more time: where the last sample ends */
	if (!fc_builder_time(&b, end_t))
		goto nomem;
	b.have_start = b.have_end = true;
	b.start_us = bd.s_time[0];
	/* the builder has its copy: ours goes before it makes the profile's */
	free(bd.s_node);
	free(bd.s_time);
	bd.s_node = NULL;
	bd.s_time = NULL;
	b.end_us = end_t;
	if (!fc_builder_finish(&b, im->err))
		goto out;
	bd.p->format = FC_FORMAT_SPEEDSCOPE;
	/* events keep no samples: DevTools' healing of lone (program) samples
	 * (devtools-rules §2) has nothing to work on */
	if (sp->type == T_EVENTED)
		bd.p->program_node = FC_NONE;
	bd.p->has_time = units[sp->unit].to_us != 0;
	bd.p->weight_unit = bd.scale == 1000 ? "1/1000 samples" : units[sp->unit].weight_unit;
	if (sp->name_len) {
		char *raw = fc_strndup(im->arena + sp->name, sp->name_len);
		bd.p->thread_name = raw ? fc_strdup_clean(raw) : NULL;
		free(raw);
		if (!bd.p->thread_name)
			goto nomem;
	}
	if (im->n_profiles > 1)
		bd.p->tid = (int64_t)index + 1;
	fc_profile_drop_frame_index(bd.p);
	fc_profile_classify(bd.p);
	if (!fc_profile_set_add(out, bd.p))
		goto nomem;
	bd.p = NULL;
	ok = true;
	goto out;
nomem:
	build_nomem(&bd);
out:
	if (builder)
		fc_builder_finish_free(&b);
	fc_profile_destroy(bd.p);
	free(bd.frame_of);
	free(bd.t.parent);
	free(bd.t.frame);
	fc_map_finish(&bd.t.map);
	free(bd.s_node);
	free(bd.s_time);
	return ok;
}

bool fc_import_speedscope(struct fc_source *src, const struct fc_import_options *opts,
			  struct fc_profile_set *out, struct fc_error *err)
{
	struct importer im;
	size_t i, first = out->count;
	bool ok = false;

	memset(&im, 0, sizeof(im));
	im.err = err;
	im.opts = opts;
	if (!jstream_init(&im.js, &handlers, &im, src->name, err))
		goto out;
	if (!fc_import_feed(src, &im.js, err))
		goto out;
	if (!im.have_schema || !im.have_profiles || !im.have_shared) {
		fc_error_set(err, FC_ERR_FORMAT,
			     "not a speedscope file: it needs \"$schema\", \"shared\" and "
			     "\"profiles\"");
		goto out;
	}
	if (im.n_profiles == 0) {
		fc_error_set(err, FC_ERR_FORMAT, "the speedscope file has no profiles");
		fc_error_set_path(err, "profiles");
		goto out;
	}
	for (i = 0; i < im.n_profiles; i++)
		if (!build_profile(&im, i, out))
			goto out;
	ok = true;
out:
	if (!ok)
		while (out->count > first)
			fc_profile_destroy(out->items[--out->count]);
	jstream_finish(&im.js);
	free(im.arena);
	free(im.frames);
	free(im.profiles);
	free(im.events);
	free(im.sample_off);
	free(im.items);
	free(im.weights);
	return ok;
}
