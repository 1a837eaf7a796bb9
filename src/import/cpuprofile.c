/* V8 .cpuprofile importer (input-rules §A), streamed through jstream: the modern
 * shape (nodes, samples, timeDeltas) and the legacy v8-profiler shape (a
 * nested head tree and absolute timestamps). Key order does not matter:
 * everything goes into an fc_builder and is resolved at the end.
 *
 * A V8 heap sampling profile (.heapprofile, docs/inputs.md) has the legacy
 * shape's nested head tree, with a callFrame and a selfSize in bytes per
 * node and samples as {size, nodeId, ordinal} objects. It is read here too:
 * each node that allocated becomes one sample weighing its selfSize, as a
 * folded line does, and the profile's weights are bytes, not time. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/importers.h"
#include "import/jstream.h"
#include "model/builder.h"
#include "util/util.h"
#include "model/profile.h"
#include "util/buf.h"

/* Byte totals beyond 2^53 would not be exact in the layout's doubles. */
#define HEAP_LIMIT 9007199254740992.0
/* V8's sampling heap profiler picks one allocation per 512 KiB by default */
#define HEAP_DEFAULT_INTERVAL 524288.0

enum ctx {
	C_ROOT = 1,  /* top-level object */
	C_NODES,     /* nodes[] */
	C_NODE,      /* nodes[i], or a legacy head node */
	C_CALLFRAME, /* nodes[i].callFrame */
	C_CHILDREN,  /* nodes[i].children[] of ids */
	C_SAMPLES,
	C_TIMES,         /* timeDeltas[] or timestamps[] */
	C_HEAD_CHILDREN, /* legacy: children[] of node objects */
	C_TICKS,         /* nodes[i].positionTicks[] */
	C_TICK,          /* nodes[i].positionTicks[j]: {line, ticks} */
	C_HEAP_SAMPLE,   /* heap profile: samples[i], an object */
};

/* clang-format off */
#define KEYS(X)                                                                       \
	X(K_NODES, "nodes") X(K_START, "startTime") X(K_END, "endTime")                   \
	X(K_SAMPLES, "samples") X(K_DELTAS, "timeDeltas") X(K_HEAD, "head")               \
	X(K_TIMESTAMPS, "timestamps") X(K_ID, "id") X(K_CALLFRAME, "callFrame")           \
	X(K_CHILDREN, "children") X(K_PARENT, "parent") X(K_HIT, "hitCount")              \
	X(K_FUNCTION, "functionName") X(K_SCRIPT, "scriptId") X(K_URL, "url")             \
	X(K_LINE, "lineNumber") X(K_COLUMN, "columnNumber") X(K_TRACE_EVENTS, "traceEvents") \
	X(K_FRAMES, "frames") X(K_RESOURCES, "resources") X(K_STACKS, "stacks")           \
	X(K_SCHEMA, "$schema") X(K_POSITION_TICKS, "positionTicks")                        \
	X(K_TICK_LINE, "line") X(K_TICKS, "ticks") X(K_SELF_SIZE, "selfSize")           \
	X(K_SIZE, "size") X(K_NODE_ID, "nodeId") X(K_ORDINAL, "ordinal")
/* clang-format on */

#define AS_ENUM(k, s) k,
#define AS_NAME(k, s) s,

enum key { KEYS(AS_ENUM) K_COUNT };
static const char *const key_names[K_COUNT] = { KEYS(AS_NAME) };

/* One string field of a node being read (jstream's strings do not outlive
 * the callback, and a node's keys can come in any order). */
struct sbuf {
	struct fc_buf text; /* NUL-terminated once set */
	bool set;
};

struct node_state {
	bool have_id, have_parent;
	int64_t id, parent, hit;
	int64_t self_size; /* heap profiles: bytes, -1 = none */
	struct sbuf name, url, sid;
	int32_t line, column;
	bool have_callframe;
	bool hashed; /* hash is the closed callFrame's (modern nodes) */
	uint32_t hash;
	int64_t *children; /* child ids (modern) or closed children's ids (legacy) */
	size_t n_children, children_cap;
	/* positionTicks as (line, ticks) pairs; the entry being read */
	int64_t *ticks;
	size_t n_ticks, ticks_cap;
	int64_t tick_line, tick_count;
	long pos_line, pos_col;
	int64_t index;
};

struct importer {
	struct jstream js;
	struct fc_builder b;
	struct fc_profile *p;
	struct fc_error *err;
	bool legacy, modern;
	bool have_start, have_end;
	double start, end; /* raw header values; units decided at the end */
	char other_keys[200];

	/* heap profiles: the weights of the nodes that allocated (one sample
	 * each, in the order they close), their sum, and how many objects the
	 * samples array holds */
	bool heap;
	struct heap_weight {
		int64_t id, size;
	} * weights;
	size_t n_weights, weights_cap;
	double heap_total;
	size_t n_heap_samples;
	bool sample_has_size;

	struct node_state *nodes; /* stack: depth 1 for modern, nested for legacy */
	size_t depth, cap, inited;
};

/* Whether s[0..n) equals the literal lit, for 2 <= n <= 16, in at most
 * four word compares. */
static bool same_bytes(const char *s, const char *lit, size_t n)
{
	uint64_t a, b, c, d;
	uint32_t e, f, g, h;

	if (n >= 8) { /* 8 <= n <= 16: two 8-byte words that may overlap */
		memcpy(&a, s, 8);
		memcpy(&b, lit, 8);
		memcpy(&c, s + n - 8, 8);
		memcpy(&d, lit + n - 8, 8);
		return a == b && c == d;
	}
	if (n >= 4) {
		memcpy(&e, s, 4);
		memcpy(&f, lit, 4);
		memcpy(&g, s + n - 4, 4);
		memcpy(&h, lit + n - 4, 4);
		return e == f && g == h;
	}
	return memcmp(s, lit, n) == 0;
}

/* The key id of s, K_COUNT when unknown. Keys of nodes come millions of
 * times: candidates are picked by length and compared word by word. */
static int lookup_key(const char *s, size_t len)
{
#define IS(lit) same_bytes(s, lit, sizeof(lit) - 1)
	switch (len) {
	case 2:
		return IS("id") ? K_ID : K_COUNT;
	case 3:
		return IS("url") ? K_URL : K_COUNT;
	case 4:
		return IS("head")   ? K_HEAD
		       : IS("line") ? K_TICK_LINE
		       : IS("size") ? K_SIZE
				    : K_COUNT;
	case 5:
		return IS("nodes") ? K_NODES : IS("ticks") ? K_TICKS : K_COUNT;
	case 6:
		return IS("parent")   ? K_PARENT
		       : IS("frames") ? K_FRAMES
		       : IS("stacks") ? K_STACKS
		       : IS("nodeId") ? K_NODE_ID
				      : K_COUNT;
	case 7:
		return IS("samples")   ? K_SAMPLES
		       : IS("endTime") ? K_END
		       : IS("$schema") ? K_SCHEMA
		       : IS("ordinal") ? K_ORDINAL
				       : K_COUNT;
	case 8:
		return IS("scriptId")   ? K_SCRIPT
		       : IS("children") ? K_CHILDREN
		       : IS("hitCount") ? K_HIT
		       : IS("selfSize") ? K_SELF_SIZE
					: K_COUNT;
	case 9:
		return IS("callFrame")   ? K_CALLFRAME
		       : IS("startTime") ? K_START
		       : IS("resources") ? K_RESOURCES
					 : K_COUNT;
	case 10:
		return IS("lineNumber")   ? K_LINE
		       : IS("timeDeltas") ? K_DELTAS
		       : IS("timestamps") ? K_TIMESTAMPS
					  : K_COUNT;
	case 11:
		return IS("traceEvents") ? K_TRACE_EVENTS : K_COUNT;
	case 12:
		return IS("functionName") ? K_FUNCTION : IS("columnNumber") ? K_COLUMN : K_COUNT;
	case 13:
		return IS("positionTicks") ? K_POSITION_TICKS : K_COUNT;
	}
	return K_COUNT;
#undef IS
}

static int key_of(void *user, int ctx, const char *s, size_t len)
{
	int k = lookup_key(s, len);
	(void)user;

	switch (ctx) {
	case C_ROOT:
		if (k <= K_TIMESTAMPS || (k >= K_TRACE_EVENTS && k <= K_SCHEMA))
			return k;
		break;
	case C_NODE:
		if ((k >= K_ID && k <= K_HIT) || k == K_POSITION_TICKS || k == K_SELF_SIZE)
			return k;
		/* legacy nodes carry the call frame fields inline */
		if (k >= K_FUNCTION && k <= K_COLUMN)
			return k;
		break;
	case C_CALLFRAME:
		if (k >= K_FUNCTION && k <= K_COLUMN)
			return k;
		break;
	case C_TICK:
		if (k == K_TICK_LINE || k == K_TICKS)
			return k;
		break;
	case C_HEAP_SAMPLE:
		if (k >= K_SIZE && k <= K_ORDINAL)
			return k;
		break;
	}
	if (ctx == C_ROOT) {
		/* remember a few unknown keys for the "not a profile" message */
		struct importer *im = user;
		size_t n = strlen(im->other_keys);
		if (n + len + 3 < sizeof(im->other_keys))
			snprintf(im->other_keys + n, sizeof(im->other_keys) - n, "%s\"%.*s\"",
				 n ? ", " : "", (int)len, s);
	}
	return J_NOKEY;
}

static bool type_error(struct importer *im, const char *want, const char *found)
{
	return jstream_fail(&im->js, FC_ERR_TYPE, "expected %s, found %s", want, found);
}

static bool want_int(struct importer *im, const struct jvalue *v, int64_t *out)
{
	if (v->type == J_INT) {
		*out = v->i;
		return true;
	}
	if (v->type == J_DOUBLE && !v->int_overflow && isfinite(v->d) && v->d == floor(v->d) &&
	    fabs(v->d) < 9.2e18) {
		*out = (int64_t)v->d;
		return true;
	}
	if (v->type == J_DOUBLE && v->int_overflow)
		return jstream_fail(&im->js, FC_ERR_INVALID, "integer out of range");
	if (v->type == J_DOUBLE)
		return jstream_fail(&im->js, FC_ERR_INVALID, "expected an integer, found %.17g",
				    v->d);
	return type_error(im, "an integer", jstream_type_name(v));
}

/* A time in µs: integers exactly, other finite numbers rounded. */
static bool want_time(struct importer *im, const struct jvalue *v, double *out)
{
	if (v->type == J_INT) {
		*out = (double)v->i;
	} else if (v->type == J_DOUBLE) {
		if (!isfinite(v->d) || fabs(v->d) > 9.0e15)
			return jstream_fail(&im->js, FC_ERR_INVALID, "time %.6g out of range",
					    v->d);
		*out = v->d;
	} else {
		return type_error(im, "a number", jstream_type_name(v));
	}
	return true;
}

static bool want_i32(struct importer *im, const struct jvalue *v, int32_t *out)
{
	int64_t x;

	if (!want_int(im, v, &x))
		return false;
	if (x < INT32_MIN || x > INT32_MAX)
		return jstream_fail(&im->js, FC_ERR_INVALID, "value %lld out of range",
				    (long long)x);
	*out = (int32_t)x;
	return true;
}

static bool sbuf_set(struct importer *im, struct sbuf *b, const char *s, size_t len)
{
	b->text.len = 0;
	fc_buf_add(&b->text, s, len);
	if (!fc_buf_cstr(&b->text))
		return jstream_fail(&im->js, FC_ERR_NOMEM, "out of memory");
	b->set = true;
	return true;
}

static struct node_state *cur(struct importer *im)
{
	return &im->nodes[im->depth - 1];
}

static bool push_node(struct importer *im, int64_t index)
{
	struct node_state *n;

	if (!FC_GROW(im->nodes, im->cap, im->depth + 1))
		return jstream_fail(&im->js, FC_ERR_NOMEM, "out of memory");
	n = &im->nodes[im->depth++];
	/* entries below inited keep the buffers of an earlier node */
	if (im->depth > im->inited) {
		memset(n, 0, sizeof(*n));
		im->inited = im->depth;
	}
	n->have_id = n->have_parent = n->have_callframe = n->hashed = false;
	n->hit = 0;
	n->self_size = -1;
	n->name.set = n->url.set = n->sid.set = false;
	n->name.text.len = n->url.text.len = n->sid.text.len = 0;
	n->line = n->column = -1;
	n->n_children = 0;
	n->n_ticks = 0;
	n->index = index;
	jstream_pos(&im->js, &n->pos_line, &n->pos_col);
	return true;
}

static bool add_child_id(struct importer *im, struct node_state *n, int64_t id)
{
	if (!FC_GROW(n->children, n->children_cap, n->n_children + 1))
		return jstream_fail(&im->js, FC_ERR_NOMEM, "out of memory");
	n->children[n->n_children++] = id;
	return true;
}

static const char *sb(const struct sbuf *b, const char *dflt, size_t *len)
{
	if (!b->set) {
		*len = strlen(dflt);
		return dflt;
	}
	*len = b->text.len;
	return b->text.data;
}

/* A heap profile's node allocated size bytes: one sample of that weight. */
static bool add_weight(struct importer *im, int64_t id, int64_t size)
{
	if (!FC_GROW(im->weights, im->weights_cap, im->n_weights + 1))
		return jstream_fail(&im->js, FC_ERR_NOMEM, "out of memory");
	im->weights[im->n_weights].id = id;
	im->weights[im->n_weights++].size = size;
	im->heap_total += (double)size;
	if (im->heap_total > HEAP_LIMIT)
		return jstream_fail(&im->js, FC_ERR_LIMIT,
				    "the nodes' selfSize add up to more than 2^53 bytes");
	return true;
}

/* A node object closes: intern its frame and hand it to the builder. */
static bool end_node(struct importer *im)
{
	struct node_state *n = cur(im);
	size_t nl, ul, sl, i;
	const char *name, *url, *sid;
	uint32_t frame, slot;

	if (!n->have_id)
		return jstream_fail(&im->js, FC_ERR_TYPE, "node has no \"id\"");
	if (!im->legacy && !n->have_callframe)
		return jstream_fail(&im->js, FC_ERR_TYPE, "node %lld has no \"callFrame\"",
				    (long long)n->id);
	/* DevTools' defaults for missing fields (devtools-rules §8.1) */
	name = sb(&n->name, "", &nl);
	url = sb(&n->url, "", &ul);
	sid = sb(&n->sid, "0", &sl);
	if (!n->hashed)
		n->hash = fc_profile_frame_hash(name, nl, url, ul, sid, sl, n->line, n->column);
	frame = fc_profile_intern_frame_hashed(im->p, n->hash, name, nl, url, ul, sid, sl, n->line,
					       n->column);
	if (frame == FC_NONE)
		return jstream_fail(&im->js, FC_ERR_NOMEM, "out of memory");
	slot = fc_builder_node(&im->b, n->id, frame, n->pos_line, n->pos_col, im->err);
	if (slot == FC_NONE) {
		im->js.failed = true;
		return false;
	}
	if (n->have_parent)
		fc_builder_parent(&im->b, slot, n->parent);
	if (n->self_size > 0 && !add_weight(im, n->id, n->self_size))
		return false;
	for (i = 0; i < n->n_children; i++)
		if (!fc_builder_child(&im->b, slot, n->children[i], (uint32_t)i))
			return jstream_fail(&im->js, FC_ERR_NOMEM, "out of memory");
	for (i = 0; i + 1 < n->n_ticks; i += 2)
		if (!fc_builder_line_ticks(&im->b, slot, im->p->frames[frame].url,
					   (int32_t)n->ticks[i], (uint32_t)n->ticks[i + 1]))
			return jstream_fail(&im->js, FC_ERR_NOMEM, "out of memory");
	im->depth--;
	if (im->legacy && im->depth > 0)
		return add_child_id(im, cur(im), n->id);
	return true;
}

static bool not_a_profile(struct importer *im, const char *what, const char *format)
{
	return jstream_fail(&im->js, FC_ERR_FORMAT,
			    "this is %s, not a .cpuprofile; it needs the %s importer "
			    "(--input-format %s)",
			    what, format, format);
}

static int on_open(void *user, struct jstream *js, int ctx, int key, int64_t index, bool is_map)
{
	struct importer *im = user;
	(void)js;

	switch (ctx) {
	case J_TOP:
		if (!is_map) {
			not_a_profile(im, "a JSON array (the array form of a Chrome trace)",
				      "trace");
			return J_SKIP;
		}
		return C_ROOT;
	case C_ROOT:
		switch (key) {
		case K_NODES:
			if (im->legacy) {
				jstream_fail(js, FC_ERR_FORMAT, "both \"nodes\" and \"head\"");
				return J_SKIP;
			}
			im->modern = true;
			if (is_map)
				type_error(im, "an array", "an object");
			return C_NODES;
		case K_HEAD:
			if (im->modern) {
				jstream_fail(js, FC_ERR_FORMAT, "both \"nodes\" and \"head\"");
				return J_SKIP;
			}
			im->legacy = true;
			if (!is_map) {
				type_error(im, "an object", "an array");
				return J_SKIP;
			}
			push_node(im, 0);
			return C_NODE;
		case K_SAMPLES:
			if (is_map)
				type_error(im, "an array", "an object");
			jstream_pos(js, &im->b.samples_line, &im->b.samples_col);
			return C_SAMPLES;
		case K_DELTAS:
		case K_TIMESTAMPS:
			if (is_map)
				type_error(im, "an array", "an object");
			if (im->b.have_times) {
				jstream_fail(js, FC_ERR_FORMAT,
					     "both \"timeDeltas\" and \"timestamps\"");
				return J_SKIP;
			}
			im->b.have_times = true;
			im->b.times_absolute = key == K_TIMESTAMPS;
			return C_TIMES;
		case K_TRACE_EVENTS:
			not_a_profile(im, "a Chrome trace-event file", "trace");
			return J_SKIP;
		case K_FRAMES:
		case K_RESOURCES:
		case K_STACKS:
			not_a_profile(im, "a JS Self-Profiling trace", "self-profiling");
			return J_SKIP;
		default:
			type_error(im, "a number", is_map ? "an object" : "an array");
			return J_SKIP;
		}
	case C_NODES:
		if (!is_map) {
			type_error(im, "a node object", "an array");
			return J_SKIP;
		}
		push_node(im, index);
		return C_NODE;
	case C_NODE:
		switch (key) {
		case K_CALLFRAME:
			if (!is_map) {
				type_error(im, "an object", "an array");
				return J_SKIP;
			}
			cur(im)->have_callframe = true;
			return C_CALLFRAME;
		case K_CHILDREN:
			if (is_map) {
				type_error(im, "an array", "an object");
				return J_SKIP;
			}
			return im->legacy ? C_HEAD_CHILDREN : C_CHILDREN;
		case K_POSITION_TICKS:
			if (is_map) {
				type_error(im, "an array", "an object");
				return J_SKIP;
			}
			return C_TICKS;
		default:
			type_error(im, "a scalar", is_map ? "an object" : "an array");
			return J_SKIP;
		}
	case C_HEAD_CHILDREN:
		if (!is_map) {
			type_error(im, "a node object", "an array");
			return J_SKIP;
		}
		push_node(im, index);
		return C_NODE;
	case C_TICKS:
		if (!is_map) {
			type_error(im, "a {line, ticks} object", "an array");
			return J_SKIP;
		}
		cur(im)->tick_line = cur(im)->tick_count = -1;
		return C_TICK;
	case C_SAMPLES:
		/* a heap profile's sample: {size, nodeId, ordinal} */
		if (is_map && im->b.n_samples == 0) {
			im->heap = true;
			im->sample_has_size = false;
			return C_HEAP_SAMPLE;
		}
		type_error(im, im->heap ? "a sample object" : "a node id",
			   is_map ? "an object" : "an array");
		return J_SKIP;
	default:
		type_error(im, "a number or string", is_map ? "an object" : "an array");
		return J_SKIP;
	}
}

static bool value_node(struct importer *im, int key, const struct jvalue *v, bool in_callframe)
{
	struct node_state *n = cur(im);
	int32_t line = -1;

	switch (key) {
	case K_ID:
		if (v->type == J_STRING)
			return type_error(im, "an integer id", "a string");
		n->have_id = true;
		return want_int(im, v, &n->id);
	case K_PARENT:
		if (v->type == J_NULL)
			return true;
		n->have_parent = true;
		return want_int(im, v, &n->parent);
	case K_HIT:
		return want_int(im, v, &n->hit);
	case K_SELF_SIZE:
		im->heap = true;
		if (!want_int(im, v, &n->self_size))
			return false;
		if (n->self_size < 0)
			return jstream_fail(&im->js, FC_ERR_INVALID, "negative selfSize %lld",
					    (long long)n->self_size);
		return true;
	case K_CALLFRAME:
		return type_error(im, "an object", jstream_type_name(v));
	case K_CHILDREN:
		return type_error(im, "an array", jstream_type_name(v));
	case K_FUNCTION:
	case K_SCRIPT:
	case K_URL:
	case K_LINE:
	case K_COLUMN:
		break;
	default:
		return true;
	}
	/* call frame fields (in callFrame, or inline in a legacy node) */
	if (v->type == J_NULL)
		return true;
	switch (key) {
	case K_FUNCTION:
		if (v->type != J_STRING)
			return type_error(im, "a string", jstream_type_name(v));
		return sbuf_set(im, &n->name, v->s, v->len);
	case K_URL:
		if (v->type != J_STRING)
			return type_error(im, "a string", jstream_type_name(v));
		return sbuf_set(im, &n->url, v->s, v->len);
	case K_SCRIPT:
		if (v->type == J_STRING)
			return sbuf_set(im, &n->sid, v->s, v->len);
		if (v->type == J_INT) {
			char buf[24];
			int len = snprintf(buf, sizeof(buf), "%lld", (long long)v->i);
			return sbuf_set(im, &n->sid, buf, (size_t)len);
		}
		return type_error(im, "a string or integer", jstream_type_name(v));
	case K_LINE:
	case K_COLUMN:
		if (!want_i32(im, v, &line))
			return false;
		/* legacy nodes count lines from 1, 0 = none (input-rules §A12);
		 * a callFrame (heap profiles) counts from 0 */
		if (im->legacy && im->depth > 0 && !in_callframe)
			line = line > 0 ? line - 1 : -1;
		if (key == K_LINE)
			n->line = line;
		else
			n->column = line;
		return true;
	}
	return true;
}

/* A field of a heap profile's sample. They are checked, not kept: the
 * weights are the nodes' selfSize (docs/inputs.md says why). */
static bool heap_sample_value(struct importer *im, int key, const struct jvalue *v)
{
	int64_t x = 0;

	if (!want_int(im, v, &x))
		return false;
	if (x < 0)
		return jstream_fail(&im->js, FC_ERR_INVALID, "negative %s %lld", key_names[key],
				    (long long)x);
	if (key == K_SIZE)
		im->sample_has_size = true;
	return true;
}

static bool on_value(void *user, struct jstream *js, int ctx, int key, int64_t index,
		     const struct jvalue *v)
{
	struct importer *im = user;
	/* set on every path that reads them; gcc 12 cannot see that through
	 * jstream_fail's return value (-Wmaybe-uninitialized at -O2) */
	int64_t x = 0;
	double t = 0;
	(void)index;

	switch (ctx) {
	case J_TOP:
		return jstream_fail(js, FC_ERR_FORMAT,
				    "JSON %s, not a profile (a .cpuprofile is an object)",
				    jstream_type_name(v));
	case C_ROOT:
		switch (key) {
		case K_START:
		case K_END:
			if (v->type == J_NULL)
				return true;
			if (!want_time(im, v, &t))
				return false;
			if (key == K_START) {
				im->start = t;
				im->have_start = true;
			} else {
				im->end = t;
				im->have_end = true;
			}
			return true;
		case K_TRACE_EVENTS:
			return not_a_profile(im, "a Chrome trace-event file", "trace");
		case K_SCHEMA:
			return jstream_fail(js, FC_ERR_FORMAT,
					    "this is a speedscope file, not a .cpuprofile");
		case K_FRAMES:
		case K_RESOURCES:
		case K_STACKS:
			return not_a_profile(im, "a JS Self-Profiling trace", "self-profiling");
		default:
			return type_error(im, key == K_HEAD ? "an object" : "an array",
					  jstream_type_name(v));
		}
	case C_NODES:
	case C_HEAD_CHILDREN:
		return type_error(im, "a node object", jstream_type_name(v));
	case C_NODE:
	case C_CALLFRAME:
		return value_node(im, key, v, ctx == C_CALLFRAME);
	case C_HEAP_SAMPLE:
		return heap_sample_value(im, key, v);
	case C_CHILDREN:
		if (!want_int(im, v, &x))
			return false;
		return add_child_id(im, cur(im), x);
	case C_TICKS:
		return type_error(im, "a {line, ticks} object", jstream_type_name(v));
	case C_TICK:
		if (!want_int(im, v, &x))
			return false;
		if (x < 0 || x > INT32_MAX)
			return jstream_fail(js, FC_ERR_INVALID, "%s %lld out of range",
					    key == K_TICKS ? "ticks" : "line", (long long)x);
		if (key == K_TICKS)
			cur(im)->tick_count = x;
		else
			cur(im)->tick_line = x;
		return true;
	case C_SAMPLES:
		if (im->heap)
			return type_error(im, "a sample object", jstream_type_name(v));
		if (!want_int(im, v, &x))
			return false;
		if (!fc_builder_sample(&im->b, x))
			return jstream_fail(js, FC_ERR_NOMEM, "out of memory");
		return true;
	case C_TIMES:
		if (v->type == J_INT) {
			x = v->i;
		} else {
			if (!want_time(im, v, &t))
				return false;
			x = (int64_t)llround(t);
		}
		if (!fc_builder_time(&im->b, x))
			return jstream_fail(js, FC_ERR_NOMEM, "out of memory");
		return true;
	}
	return true;
}

/* A positionTicks entry closes: kept when it has both fields (V8 writes
 * 1-based lines; a line 0 or no ticks says nothing and is dropped). */
static bool end_tick(struct importer *im)
{
	struct node_state *n = cur(im);

	if (n->tick_line <= 0 || n->tick_count <= 0)
		return true;
	if (!FC_GROW(n->ticks, n->ticks_cap, n->n_ticks + 2))
		return jstream_fail(&im->js, FC_ERR_NOMEM, "out of memory");
	n->ticks[n->n_ticks++] = n->tick_line;
	n->ticks[n->n_ticks++] = n->tick_count;
	return true;
}

/* A node's call frame is complete: its frame is looked up only when the
 * node closes, but the table slot starts loading now, while the rest of
 * the node is read -- with a 100 000-frame table, that load is a cache
 * miss per node. */
static void callframe_done(struct importer *im)
{
	struct node_state *n = cur(im);
	const char *name, *url, *sid;
	size_t nl, ul, sl;

	name = sb(&n->name, "", &nl);
	url = sb(&n->url, "", &ul);
	sid = sb(&n->sid, "0", &sl);
	n->hash = fc_profile_frame_hash(name, nl, url, ul, sid, sl, n->line, n->column);
	n->hashed = true;
	fc_profile_frame_prefetch(im->p, n->hash, false);
}

static bool on_close(void *user, struct jstream *js, int ctx)
{
	struct importer *im = user;
	(void)js;

	if (ctx == C_NODE)
		return end_node(im);
	if (ctx == C_TICK)
		return end_tick(im);
	if (ctx == C_HEAP_SAMPLE) {
		if (!im->sample_has_size)
			return jstream_fail(js, FC_ERR_TYPE, "sample has no \"size\"");
		im->n_heap_samples++;
	}
	if (ctx == C_CALLFRAME && !im->legacy)
		callframe_done(im);
	return true;
}

static const struct jhandlers handlers = {
	.key = key_of,
	.key_names = key_names,
	.open = on_open,
	.value = on_value,
	.close = on_close,
};

static void free_nodes(struct importer *im)
{
	size_t i;

	for (i = 0; i < im->inited; i++) {
		fc_buf_free(&im->nodes[i].name.text);
		fc_buf_free(&im->nodes[i].url.text);
		fc_buf_free(&im->nodes[i].sid.text);
		free(im->nodes[i].children);
		free(im->nodes[i].ticks);
	}
	free(im->nodes);
}

/* Header times: µs in the modern shape, seconds in the legacy one. */
static bool header_times(struct importer *im)
{
	double scale = im->legacy ? 1e6 : 1.0;
	double s = im->start * scale, e = im->end * scale;
	double limit = 9007199254740992.0; /* 2^53 */

	if ((im->have_start && fabs(s) > limit) || (im->have_end && fabs(e) > limit)) {
		fc_error_set(im->err, FC_ERR_INVALID, "startTime/endTime out of range");
		fc_error_set_path(im->err,
				  im->have_start && fabs(s) > limit ? "startTime" : "endTime");
		return false;
	}
	im->b.have_start = im->have_start;
	im->b.have_end = im->have_end;
	im->b.start_us = (int64_t)llround(s);
	im->b.end_us = (int64_t)llround(e);
	return true;
}

/* Bun before it wrote positionTicks (docs/lines.md): JavaScriptCore's
 * sampler gave each node the sampled position as its call frame's line and
 * column, so each line of a function was a function of its own. Such a
 * profile has wall-clock times (µs since 1970: V8's clock starts at boot),
 * no script ids and no positionTicks. */
static bool bun_positions(const struct importer *im)
{
	const struct fc_profile *p = im->p;
	bool any = false;

	if (im->legacy || p->node_lines || !im->have_start || im->start < 1e15)
		return false;
	for (uint32_t f = 0; f < p->n_frames; f++) {
		const struct fc_frame *fr = &p->frames[f];
		if (!fc_profile_str(p, fr->url)[0] || fr->meta != FC_META_NONE)
			continue;
		if (fr->has_script)
			return false;
		any = any || fr->line >= 0;
	}
	return any;
}

/* Such a profile read as the newer ones are: each node's frame becomes its
 * function (the same name and script, position unknown) and its samples
 * become ticks of the sampled line (JavaScriptCore counts lines from 1).
 * The positions' own frames stay in the table, named by no node. false on
 * allocation failure. */
static bool bun_lines(struct fc_profile *p)
{
	uint32_t *node = malloc(((size_t)p->n_nodes + 1) * sizeof(*node));
	uint32_t *count = calloc((size_t)p->n_nodes + 1, sizeof(*count));
	struct fc_line_ticks *t = malloc(((size_t)p->n_nodes + 1) * sizeof(*t));
	uint32_t i, n = 0;
	bool ok = node && count && t;

	for (i = 0; ok && i < p->n_samples; i++)
		count[p->sample_node[i]]++;
	for (i = 1; ok && i < p->n_nodes; i++) {
		const struct fc_frame f = p->frames[p->node_frame[i]];
		const char *name = fc_profile_str(p, f.name), *url = fc_profile_str(p, f.url);
		uint32_t k;

		if (!url[0] || f.has_script || f.meta != FC_META_NONE || f.line < 0)
			continue;
		if (count[i] && f.line > 0) {
			node[n] = i;
			t[n++] = (struct fc_line_ticks){ .url = f.url,
							 .line = f.line,
							 .ticks = count[i] };
		}
		k = fc_profile_intern_frame(p, name, strlen(name), url, strlen(url), "0", 1, -1,
					    -1);
		ok = k != FC_NONE;
		p->node_frame[i] = k;
	}
	ok = ok && fc_profile_set_lines(p, node, t, n);
	fc_profile_drop_frame_index(p);
	free(node);
	free(count);
	free(t);
	return ok;
}

/* A heap profile's weights become samples: one per node that allocated,
 * its "time" the bytes allocated before it, so the graph weighs each stack
 * by its selfSize. */
static bool heap_samples(struct importer *im)
{
	int64_t at = 0;
	size_t i;

	if (im->modern || im->b.have_times) {
		fc_error_set(im->err, FC_ERR_FORMAT,
			     "a heap profile (nodes with \"selfSize\") with %s",
			     im->modern ? "a \"nodes\" array" : "sample times");
		return false;
	}
	if (im->n_weights == 0) {
		fc_error_set(im->err, FC_ERR_FORMAT,
			     "a heap profile with no allocations: every node's selfSize is 0");
		fc_error_set_path(im->err, "head");
		return false;
	}
	im->b.have_times = true;
	im->b.times_absolute = true;
	for (i = 0; i < im->n_weights; i++) {
		if (!fc_builder_sample(&im->b, im->weights[i].id) || !fc_builder_time(&im->b, at))
			goto nomem;
		at += im->weights[i].size;
	}
	if (!fc_builder_time(&im->b, at))
		goto nomem;
	im->b.have_start = im->b.have_end = true;
	im->b.start_us = 0;
	im->b.end_us = at;
	return true;
nomem:
	fc_error_set(im->err, FC_ERR_NOMEM, "out of memory");
	return false;
}

bool fc_import_cpuprofile(struct fc_source *src, const struct fc_import_options *opts,
			  struct fc_profile_set *out, struct fc_error *err)
{
	struct importer im;
	bool ok = false;

	memset(&im, 0, sizeof(im));
	im.err = err;
	im.p = fc_profile_create();
	if (!im.p) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	fc_builder_init(&im.b, im.p, src->name, opts->strict);
	if (!jstream_init(&im.js, &handlers, &im, src->name, err))
		goto out;
	if (!fc_import_feed(src, &im.js, err))
		goto out;
	if (!im.modern && !im.legacy) {
		if (im.have_start || im.b.n_samples)
			fc_error_set(err, FC_ERR_FORMAT, "missing \"nodes\": not a .cpuprofile");
		else if (im.other_keys[0])
			fc_error_set(err, FC_ERR_FORMAT,
				     "JSON, but not a profile: the top-level object has keys %s",
				     im.other_keys);
		else
			fc_error_set(err, FC_ERR_FORMAT,
				     "JSON, but not a profile: an empty object");
		goto out;
	}
	if (im.heap ? !heap_samples(&im) : !header_times(&im))
		goto out;
	im.p->format = im.heap ? FC_FORMAT_HEAPPROFILE : FC_FORMAT_CPUPROFILE;
	if (!fc_builder_finish(&im.b, err))
		goto out;
	if (!im.heap && bun_positions(&im) && !bun_lines(im.p)) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		goto out;
	}
	if (im.heap) {
		/* bytes, in no order in time: a graph, never a chart */
		im.p->has_time = false;
		im.p->weight_unit = FC_UNIT_BYTES;
		im.p->bytes_per_event = im.n_heap_samples
						? im.heap_total / (double)im.n_heap_samples
						: HEAP_DEFAULT_INTERVAL;
	}
	fc_profile_classify(im.p);
	if (!fc_profile_set_add(out, im.p)) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		goto out;
	}
	im.p = NULL;
	ok = true;
out:
	jstream_finish(&im.js);
	fc_builder_finish_free(&im.b);
	free_nodes(&im);
	free(im.weights);
	fc_profile_destroy(im.p);
	return ok;
}
