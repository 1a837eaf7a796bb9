/* JS Self-Profiling API traces (input-rules §B): the ProfilerTrace a page
 * gets from `new Profiler(...).stop()`, {resources, frames, stacks, samples},
 * or the same wrapped one level down as {"trace": {...}, ...}.
 *
 * Stacks are a trie (frameId + parentId), so every stack entry becomes one
 * node under a synthetic root. Timestamps are milliseconds from the time
 * origin (possibly negative); lines and columns are 1-based (0-based in the
 * model). A sample without stackId is idle unless its marker says what ran
 * (§B3). The trace has no end: the last sample lasts the median interval. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/importers.h"
#include "import/jstream.h"
#include "model/builder.h"
#include "util/util.h"
#include "model/profile.h"

/* Chromium's base sampling interval (input-rules §B2), for the length of a
 * lone sample, which has no interval to measure. */
#define DEFAULT_INTERVAL_US 10000

enum ctx {
	C_ROOT = 1, /* the ProfilerTrace, or its wrapper */
	C_RESOURCES,
	C_FRAMES,
	C_FRAME,
	C_STACKS,
	C_STACK,
	C_SAMPLES,
	C_SAMPLE,
};

enum key {
	K_RESOURCES,
	K_FRAMES,
	K_STACKS,
	K_SAMPLES,
	K_TRACE,
	K_NODES,
	K_HEAD,
	K_TRACE_EVENTS,
	K_NAME,
	K_RESOURCE_ID,
	K_LINE,
	K_COLUMN,
	K_FRAME_ID,
	K_PARENT_ID,
	K_TIMESTAMP,
	K_STACK_ID,
	K_MARKER,
	K_COUNT
};

static const char *const key_names[K_COUNT] = {
	"resources", "frames",      "stacks",    "samples",    "trace",  "nodes",
	"head",      "traceEvents", "name",      "resourceId", "line",   "column",
	"frameId",   "parentId",    "timestamp", "stackId",    "marker",
};

/* Sample markers (input-rules §B3). The first five get a synthetic frame. */
enum marker { M_GC, M_STYLE, M_LAYOUT, M_PAINT, M_OTHER, M_NONE, M_SCRIPT, M_UNKNOWN };
#define N_MARKER_FRAMES 5

static const char *const marker_names[] = { "gc", "style", "layout", "paint", "other" };
static const char *const marker_frames[] = {
	"(garbage collector)", "(style)", "(layout)", "(paint)", "(other)",
};

struct rframe {
	size_t name, name_len; /* arena */
	int64_t resource;      /* -1 = none */
	int32_t line, column;  /* 1-based as in the file; 0 = absent */
	long pos_line, pos_col;
};

struct rstack {
	int64_t frame, parent; /* parent -1 = none */
	bool have_frame;
	long pos_line, pos_col;
};

struct rsample {
	double ms;
	int64_t stack; /* -1 = none */
	uint8_t marker;
	bool have_time;
	long pos_line, pos_col;
};

struct importer {
	struct jstream js;
	struct fc_error *err;
	const struct fc_import_options *opts;
	struct fc_profile *p;
	int depth_trace; /* 1 while inside {"trace": ...} */
	unsigned seen;   /* bit per array key read */
	char *arena;
	size_t arena_len, arena_cap;
	size_t *res_off, *res_len;
	size_t n_res, res_cap, res_len_cap;
	struct rframe *frames;
	size_t n_frames, frames_cap;
	struct rstack *stacks;
	size_t n_stacks, stacks_cap;
	struct rsample *samples;
	size_t n_samples, samples_cap;
	size_t unknown_markers;
	long unknown_marker_line;
	char unknown_marker[32];
};

static int key_of(void *user, int ctx, const char *s, size_t len)
{
	int k, lo, hi;
	(void)user;

	switch (ctx) {
	case C_ROOT:
		lo = K_RESOURCES;
		hi = K_TRACE_EVENTS;
		break;
	case C_FRAME:
		lo = K_NAME;
		hi = K_COLUMN;
		break;
	case C_STACK:
		lo = K_FRAME_ID;
		hi = K_PARENT_ID;
		break;
	case C_SAMPLE:
		lo = K_TIMESTAMP;
		hi = K_MARKER;
		break;
	default:
		return J_NOKEY;
	}
	for (k = lo; k <= hi; k++)
		if (strlen(key_names[k]) == len && memcmp(key_names[k], s, len) == 0)
			return k;
	return J_NOKEY;
}

static int on_open(void *user, struct jstream *js, int ctx, int key, int64_t index, bool is_map)
{
	struct importer *im = user;
	(void)index;

	switch (ctx) {
	case J_TOP:
		if (!is_map)
			return jstream_type_error(&im->js, "a JS Self-Profiling trace object",
						  is_map);
		return C_ROOT;
	case C_ROOT:
		if (key == K_TRACE) {
			if (!is_map || im->depth_trace)
				return J_SKIP;
			im->depth_trace = 1;
			return C_ROOT;
		}
		if (key == K_NODES || key == K_HEAD || key == K_TRACE_EVENTS) {
			jstream_fail(js, FC_ERR_FORMAT,
				     "this is %s, not a JS Self-Profiling trace; it needs the %s "
				     "importer (--input-format %s)",
				     key == K_TRACE_EVENTS ? "a Chrome trace" : "a .cpuprofile",
				     key == K_TRACE_EVENTS ? "trace" : "cpuprofile",
				     key == K_TRACE_EVENTS ? "trace" : "cpuprofile");
			return J_SKIP;
		}
		if (is_map)
			return jstream_type_error(&im->js, "an array", is_map);
		if (im->seen & (1u << key)) {
			jstream_fail(js, FC_ERR_INVALID,
				     "\"%s\" appears both at the top and inside \"trace\"",
				     key_names[key]);
			return J_SKIP;
		}
		im->seen |= 1u << key;
		return key == K_RESOURCES ? C_RESOURCES
		       : key == K_FRAMES  ? C_FRAMES
		       : key == K_STACKS  ? C_STACKS
					  : C_SAMPLES;
	case C_FRAMES:
		if (!is_map)
			return jstream_type_error(&im->js, "a frame object", is_map);
		if (!FC_GROW(im->frames, im->frames_cap, im->n_frames + 1)) {
			jstream_nomem(&im->js);
			return J_SKIP;
		}
		im->frames[im->n_frames] = (struct rframe){ .resource = -1 };
		jstream_pos(js, &im->frames[im->n_frames].pos_line,
			    &im->frames[im->n_frames].pos_col);
		im->n_frames++;
		return C_FRAME;
	case C_STACKS:
		if (!is_map)
			return jstream_type_error(&im->js, "a stack object", is_map);
		if (!FC_GROW(im->stacks, im->stacks_cap, im->n_stacks + 1)) {
			jstream_nomem(&im->js);
			return J_SKIP;
		}
		im->stacks[im->n_stacks] = (struct rstack){ .parent = -1 };
		jstream_pos(js, &im->stacks[im->n_stacks].pos_line,
			    &im->stacks[im->n_stacks].pos_col);
		im->n_stacks++;
		return C_STACK;
	case C_SAMPLES:
		if (!is_map)
			return jstream_type_error(&im->js, "a sample object", is_map);
		if (!FC_GROW(im->samples, im->samples_cap, im->n_samples + 1)) {
			jstream_nomem(&im->js);
			return J_SKIP;
		}
		im->samples[im->n_samples] = (struct rsample){ .stack = -1, .marker = M_NONE };
		jstream_pos(js, &im->samples[im->n_samples].pos_line,
			    &im->samples[im->n_samples].pos_col);
		im->n_samples++;
		return C_SAMPLE;
	default:
		return jstream_type_error(&im->js, "a number or string", is_map);
	}
}

/* An unsigned index (the spec's unsigned long long ids). */
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
	return jstream_fail(&im->js, FC_ERR_TYPE, "expected an index (an integer >= 0), found %s",
			    jstream_type_name(v));
}

static bool want_pos(struct importer *im, const struct jvalue *v, int32_t *out)
{
	int64_t x = 0; /* gcc 12 -O2 cannot see want_index sets it when true */

	if (!want_index(im, v, &x))
		return false;
	*out = x > INT32_MAX ? 0 : (int32_t)x; /* absurd positions count as absent */
	return true;
}

static bool on_value(void *user, struct jstream *js, int ctx, int key, int64_t index,
		     const struct jvalue *v)
{
	struct importer *im = user;
	(void)index;

	switch (ctx) {
	case J_TOP:
		return jstream_fail(js, FC_ERR_FORMAT, "JSON %s, not a JS Self-Profiling trace",
				    jstream_type_name(v));
	case C_ROOT:
		if (key == K_TRACE || v->type == J_NULL)
			return true;
		return jstream_fail(js, FC_ERR_TYPE, "expected an array, found %s",
				    jstream_type_name(v));
	case C_RESOURCES: {
		size_t cap = im->res_len_cap;
		if (v->type != J_STRING && v->type != J_NULL)
			return jstream_fail(js, FC_ERR_TYPE, "expected a URL string, found %s",
					    jstream_type_name(v));
		if (!FC_GROW(im->res_off, im->res_cap, im->n_res + 1) ||
		    !FC_GROW(im->res_len, cap, im->n_res + 1))
			return jstream_nomem(&im->js);
		im->res_len_cap = cap;
		if (v->type == J_STRING &&
		    !FC_GROW(im->arena, im->arena_cap, im->arena_len + v->len + 1))
			return jstream_nomem(&im->js);
		if (v->type == J_STRING)
			memcpy(im->arena + im->arena_len, v->s, v->len);
		im->res_off[im->n_res] = im->arena_len;
		im->res_len[im->n_res] = v->type == J_STRING ? v->len : 0;
		im->arena_len += im->res_len[im->n_res];
		im->n_res++;
		return true;
	}
	case C_FRAME: {
		struct rframe *f = &im->frames[im->n_frames - 1];
		if (v->type == J_NULL)
			return true;
		switch (key) {
		case K_NAME:
			if (v->type != J_STRING)
				return jstream_fail(js, FC_ERR_TYPE, "expected a string, found %s",
						    jstream_type_name(v));
			if (!FC_GROW(im->arena, im->arena_cap, im->arena_len + v->len + 1))
				return jstream_nomem(&im->js);
			memcpy(im->arena + im->arena_len, v->s, v->len);
			f->name = im->arena_len;
			f->name_len = v->len;
			im->arena_len += v->len;
			return true;
		case K_RESOURCE_ID:
			return want_index(im, v, &f->resource);
		case K_LINE:
			return want_pos(im, v, &f->line);
		case K_COLUMN:
			return want_pos(im, v, &f->column);
		}
		return true;
	}
	case C_STACK: {
		struct rstack *s = &im->stacks[im->n_stacks - 1];
		if (v->type == J_NULL)
			return true;
		if (key == K_FRAME_ID) {
			s->have_frame = true;
			return want_index(im, v, &s->frame);
		}
		return want_index(im, v, &s->parent);
	}
	case C_SAMPLE: {
		struct rsample *s = &im->samples[im->n_samples - 1];
		size_t m;
		if (v->type == J_NULL)
			return true;
		switch (key) {
		case K_TIMESTAMP:
			if (v->type != J_INT && v->type != J_DOUBLE)
				return jstream_fail(js, FC_ERR_TYPE,
						    "expected a time in ms, found %s",
						    jstream_type_name(v));
			s->ms = v->type == J_INT ? (double)v->i : v->d;
			/* ±2^53 µs, the model's clock range */
			if (!isfinite(s->ms) || fabs(s->ms) > 9.0e12)
				return jstream_fail(js, FC_ERR_INVALID,
						    "timestamp %.6g ms out of "
						    "range",
						    s->ms);
			s->have_time = true;
			return true;
		case K_STACK_ID:
			return want_index(im, v, &s->stack);
		case K_MARKER:
			if (v->type != J_STRING)
				return jstream_fail(js, FC_ERR_TYPE, "expected a string, found %s",
						    jstream_type_name(v));
			s->marker = M_UNKNOWN;
			if (v->len == 6 && memcmp(v->s, "script", 6) == 0)
				s->marker = M_SCRIPT;
			for (m = 0; m < N_MARKER_FRAMES; m++)
				if (strlen(marker_names[m]) == v->len &&
				    memcmp(marker_names[m], v->s, v->len) == 0)
					s->marker = (uint8_t)m;
			if (s->marker == M_UNKNOWN && im->unknown_markers++ == 0) {
				long col;
				jstream_pos(js, &im->unknown_marker_line, &col);
				snprintf(im->unknown_marker, sizeof(im->unknown_marker), "%.*s",
					 v->len > 24 ? 24 : (int)v->len, v->s);
			}
			return true;
		}
		return true;
	}
	default:
		return jstream_fail(js, FC_ERR_TYPE, "expected an object, found %s",
				    jstream_type_name(v));
	}
}

static bool on_close(void *user, struct jstream *js, int ctx)
{
	(void)user;
	(void)js;
	(void)ctx;
	return true;
}

static const struct jhandlers handlers = {
	.key = key_of,
	.key_names = key_names,
	.open = on_open,
	.value = on_value,
	.close = on_close,
};

/* --- building the model -------------------------------------------------------- */

/* Builder ids: stack i is id i; the synthetic nodes have negative ids. */
#define ID_ROOT (-1)
#define ID_IDLE (-2)
#define ID_SCRIPT (-3)
#define ID_MARKER_ROOT(m) (-4 - (int64_t)(m)) /* (gc) etc. at the root */
#define ID_MARKER_LEAF(stack, m) (-16 - (int64_t)(stack)*N_MARKER_FRAMES - (int64_t)(m))

static bool invalid_at(struct importer *im, const char *path, long line, long col, const char *text)
{
	fc_error_set(im->err, FC_ERR_INVALID, "%s", text);
	fc_error_set_path(im->err, path);
	im->err->line = line;
	im->err->column = col;
	return false;
}

/* A synthetic node (root, idle, marker frames), added once. */
static bool synthetic(struct importer *im, struct fc_builder *b, int64_t id, const char *name,
		      int64_t parent, bool *added)
{
	uint32_t frame, slot;

	if (*added)
		return true;
	frame = fc_profile_intern_frame(im->p, name, strlen(name), "", 0, "0", 1, -1, -1);
	if (frame == FC_NONE) {
		fc_error_set(im->err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	slot = fc_builder_node(b, id, frame, 0, 0, im->err);
	if (slot == FC_NONE)
		return false;
	if (id != ID_ROOT)
		fc_builder_parent(b, slot, parent);
	*added = true;
	return true;
}

static bool add_stacks(struct importer *im, struct fc_builder *b)
{
	char path[64], sid[24];
	size_t i;

	for (i = 0; i < im->n_stacks; i++) {
		const struct rstack *s = &im->stacks[i];
		const struct rframe *f;
		const char *url = "";
		size_t url_len = 0;
		uint32_t frame, slot;
		int sid_len;

		snprintf(path, sizeof(path), "stacks[%zu].frameId", i);
		if (!s->have_frame)
			return invalid_at(im, path, s->pos_line, s->pos_col,
					  "stack has no frameId");
		if ((uint64_t)s->frame >= im->n_frames) {
			char text[96];
			snprintf(text, sizeof(text), "frameId %lld is not a frame (there are %zu)",
				 (long long)s->frame, im->n_frames);
			return invalid_at(im, path, s->pos_line, s->pos_col, text);
		}
		f = &im->frames[s->frame];
		if (f->resource >= 0 && (uint64_t)f->resource < im->n_res) {
			url = im->arena + im->res_off[f->resource];
			url_len = im->res_len[f->resource];
			/* a script id that is not "0": the frame has a script */
			sid_len = snprintf(sid, sizeof(sid), "%lld", (long long)f->resource + 1);
		} else {
			if (f->resource >= 0) {
				snprintf(path, sizeof(path), "frames[%lld].resourceId",
					 (long long)s->frame);
				if (!fc_builder_repair(b, im->err, path, f->pos_line, f->pos_col,
						       "resourceId %lld is not a resource (there "
						       "are %zu); the frame is shown without a URL",
						       (long long)f->resource, im->n_res))
					return false;
			}
			sid_len = snprintf(sid, sizeof(sid), "0");
		}
		/* 1-based in the trace, 0 = absent (input-rules §B2) */
		/* (the arena is NULL when no string was read at all) */
		frame = fc_profile_intern_frame(im->p, f->name_len ? im->arena + f->name : "",
						f->name_len, url, url_len, sid, (size_t)sid_len,
						f->line - 1, f->column - 1);
		if (frame == FC_NONE) {
			fc_error_set(im->err, FC_ERR_NOMEM, "out of memory");
			return false;
		}
		slot = fc_builder_node(b, (int64_t)i, frame, s->pos_line, s->pos_col, im->err);
		if (slot == FC_NONE)
			return false;
		fc_builder_parent(b, slot, s->parent >= 0 ? s->parent : ID_ROOT);
	}
	return true;
}

static bool add_samples(struct importer *im, struct fc_builder *b)
{
	bool have_idle = false, have_script = false, have_root_marker[N_MARKER_FRAMES] = { 0 };
	bool *leaf = NULL;
	size_t i;
	char path[64];
	bool ok = false;

	leaf = calloc(im->n_stacks * N_MARKER_FRAMES + 1, sizeof(*leaf));
	if (!leaf) {
		fc_error_set(im->err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	b->have_times = true;
	b->times_absolute = true;
	for (i = 0; i < im->n_samples; i++) {
		const struct rsample *s = &im->samples[i];
		unsigned m = s->marker;
		int64_t node;

		if (!s->have_time) {
			snprintf(path, sizeof(path), "samples[%zu]", i);
			invalid_at(im, path, s->pos_line, s->pos_col, "sample has no timestamp");
			goto out;
		}
		if (m == M_UNKNOWN)
			m = M_NONE;
		if (s->stack >= 0 && (uint64_t)s->stack < im->n_stacks) {
			node = s->stack;
			if (m < N_MARKER_FRAMES) {
				/* what the marker names ran on top of this stack */
				node = ID_MARKER_LEAF(s->stack, m);
				if (!synthetic(im, b, node, marker_frames[m], s->stack,
					       &leaf[s->stack * N_MARKER_FRAMES + m]))
					goto out;
			}
		} else if (s->stack >= 0) {
			node = s->stack; /* unknown: the builder counts it as (unknown) */
		} else if (m < N_MARKER_FRAMES) {
			node = ID_MARKER_ROOT(m);
			if (!synthetic(im, b, node, marker_frames[m], ID_ROOT,
				       &have_root_marker[m]))
				goto out;
		} else if (m == M_SCRIPT) {
			/* script ran, but none of it is observable (another realm or a
			 * cross-origin script, input-rules §B2) */
			node = ID_SCRIPT;
			if (!synthetic(im, b, node, "(script)", ID_ROOT, &have_script))
				goto out;
		} else {
			node = ID_IDLE;
			if (!synthetic(im, b, node, "(idle)", ID_ROOT, &have_idle))
				goto out;
		}
		if (!fc_builder_sample(b, node) || !fc_builder_time(b, llround(s->ms * 1000.0))) {
			fc_error_set(im->err, FC_ERR_NOMEM, "out of memory");
			goto out;
		}
	}
	ok = true;
out:
	free(leaf);
	return ok;
}

static bool build(struct importer *im)
{
	struct fc_builder b;
	struct fc_profile *p = im->p;
	bool root_added = false, ok = false;
	double median;

	if (im->n_samples == 0) {
		fc_error_set(im->err, FC_ERR_FORMAT, "the JS Self-Profiling trace has no samples");
		fc_error_set_path(im->err, "samples");
		return false;
	}
	fc_builder_init(&b, p, im->js.file, im->opts->strict);
	b.nodes_path = "stacks";
	b.samples_path = "samples";
	if (!add_stacks(im, &b) || !synthetic(im, &b, ID_ROOT, "(root)", 0, &root_added) ||
	    !add_samples(im, &b))
		goto out;
	if (im->unknown_markers &&
	    !fc_builder_repair(&b, im->err, "samples", im->unknown_marker_line, 0,
			       "%zu sample%s an unknown marker (first: \"%s\"); read as no "
			       "marker",
			       im->unknown_markers, im->unknown_markers == 1 ? " has" : "s have",
			       im->unknown_marker))
		goto out;
	if (!fc_builder_finish(&b, im->err))
		goto out;
	/* The trace does not record its interval: the last sample lasts the
	 * median one (input-rules §B2). */
	median = fc_profile_median_interval(p);
	if (p->n_samples < 2 || median <= 0)
		median = DEFAULT_INTERVAL_US;
	p->last_end_us = p->sample_time_us[p->n_samples - 1] + (int64_t)llround(median);
	p->end_us = p->last_end_us;
	p->format = FC_FORMAT_SELF_PROFILING;
	ok = true;
out:
	fc_builder_finish_free(&b);
	return ok;
}

bool fc_import_self_profiling(struct fc_source *src, const struct fc_import_options *opts,
			      struct fc_profile_set *out, struct fc_error *err)
{
	struct importer im;
	bool ok = false;

	memset(&im, 0, sizeof(im));
	im.err = err;
	im.opts = opts;
	im.p = fc_profile_create();
	if (!im.p) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	if (!jstream_init(&im.js, &handlers, &im, src->name, err))
		goto out;
	if (!fc_import_feed(src, &im.js, err))
		goto out;
	if (!(im.seen & (1u << K_SAMPLES)) || !(im.seen & (1u << K_STACKS)) ||
	    !(im.seen & (1u << K_FRAMES))) {
		fc_error_set(err, FC_ERR_FORMAT,
			     "not a JS Self-Profiling trace: it needs \"frames\", \"stacks\" and "
			     "\"samples\" arrays (also accepted inside \"trace\")");
		goto out;
	}
	if (!build(&im))
		goto out;
	fc_profile_classify(im.p);
	if (!fc_profile_set_add(out, im.p)) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		goto out;
	}
	im.p = NULL;
	ok = true;
out:
	jstream_finish(&im.js);
	free(im.arena);
	free(im.res_off);
	free(im.res_len);
	free(im.frames);
	free(im.stacks);
	free(im.samples);
	fc_profile_destroy(im.p);
	return ok;
}
