/* -f speedscope: a profile set, after its transforms, in speedscope's file
 * format (docs/speedscope.md, input-rules §G), so that speedscope
 * opens flamechart's view of a profile.
 *
 * One frame table for the whole file ({name, file, line, col}, lines and
 * columns from 1), one speedscope profile per profile of the set, named by
 * its thread. A profile with time, written for a chart, is `evented` in
 * microseconds: at each sample the frames its stack leaves are closed
 * (innermost first) and the frames it enters opened, all closed where the
 * last sample ends, so every stretch of the chart is kept to the µs.
 * Otherwise it is `sampled`: one speedscope sample per sample of the
 * profile, in time order, weighing its duration (µs), bytes or count, so
 * that the graph, the sample counts and the order come back whole. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout/layout.h"
#include "util/map.h"
#include "render/render.h"
#include "util/util.h"
#include "write/json_text.h"
#include "model/profile.h"

/* Text is handed to the output in pieces of about this size. */
#define FLUSH_AT ((size_t)64 << 10)

/* The file's frame table: frames of every profile, equal ones once. */
struct table {
	const struct fc_profile_set *set;
	struct fc_map map;
	/* entry k: profile and frame index it was first met in */
	uint32_t *profile, *frame;
	size_t n, cap;
	uint32_t **index; /* per profile: frame -> table entry */
};

struct frame_key {
	const struct table *t;
	const struct fc_profile *p;
	const struct fc_frame *f;
};

/* A script without a URL (eval, new Function) is told apart by its
 * script id, which a speedscope frame cannot carry: such frames get
 * entries of their own (script_id in the key), written with an empty
 * "file" (input-rules §G). Other frames need not keep theirs. */
static bool urlless_script(const struct fc_profile *p, const struct fc_frame *f)
{
	return f->has_script && fc_profile_str(p, f->url)[0] == '\0';
}

/* What of the script id is part of a frame's key. */
static const char *key_sid(const struct fc_profile *p, const struct fc_frame *f)
{
	return urlless_script(p, f) ? fc_profile_str(p, f->script_id) : "";
}

static bool frame_eq(const void *ctx, uint32_t k)
{
	const struct frame_key *q = ctx;
	const struct fc_profile *p = q->t->set->items[q->t->profile[k]];
	const struct fc_frame *f = &p->frames[q->t->frame[k]];

	return f->line == q->f->line && f->column == q->f->column &&
	       strcmp(fc_profile_str(p, f->name), fc_profile_str(q->p, q->f->name)) == 0 &&
	       strcmp(fc_profile_str(p, f->url), fc_profile_str(q->p, q->f->url)) == 0 &&
	       strcmp(key_sid(p, f), key_sid(q->p, q->f)) == 0;
}

static uint32_t frame_hash(const struct fc_profile *p, const struct fc_frame *f)
{
	const char *name = fc_profile_str(p, f->name), *url = fc_profile_str(p, f->url);

	const char *sid = key_sid(p, f);

	return (uint32_t)fc_hash_u64(fc_hash_bytes(name, strlen(name)) * 31 +
				     fc_hash_bytes(sid, strlen(sid)) * 17 +
				     fc_hash_bytes(url, strlen(url)) +
				     ((uint64_t)(uint32_t)f->line << 32 | (uint32_t)f->column));
}

static bool table_build(struct table *t, const struct fc_profile_set *set)
{
	size_t i;
	uint32_t j;

	t->set = set;
	fc_map_init(&t->map);
	t->index = calloc(set->count ? set->count : 1, sizeof(*t->index));
	if (!t->index)
		return false;
	for (i = 0; i < set->count; i++) {
		const struct fc_profile *p = set->items[i];
		t->index[i] = malloc((p->n_frames ? p->n_frames : 1) * sizeof(**t->index));
		if (!t->index[i])
			return false;
		for (j = 0; j < p->n_frames; j++) {
			struct frame_key q = { t, p, &p->frames[j] };
			uint32_t h = frame_hash(p, &p->frames[j]), k;
			size_t slot, cap = t->cap;

			if (!fc_map_reserve(&t->map, t->n + 1))
				return false;
			k = fc_map_find(&t->map, h, frame_eq, &q, &slot);
			if (k == FC_NONE) {
				if (!FC_GROW(t->profile, t->cap, t->n + 1) ||
				    !FC_GROW(t->frame, cap, t->n + 1))
					return false;
				k = (uint32_t)t->n++;
				t->profile[k] = (uint32_t)i;
				t->frame[k] = j;
				fc_map_put(&t->map, slot, h, k);
			}
			t->index[i][j] = k;
		}
	}
	return true;
}

static void table_finish(struct table *t)
{
	size_t i;

	for (i = 0; t->index && i < t->set->count; i++)
		free(t->index[i]);
	free(t->index);
	free(t->profile);
	free(t->frame);
	fc_map_finish(&t->map);
}

struct writer {
	struct fc_buf b;
	struct fc_output *out;
	bool failed;
};

static void flush(struct writer *w, bool always)
{
	if (w->b.len && (always || w->b.len >= FLUSH_AT)) {
		if (!w->b.failed && !fc_output_write(w->out, w->b.data, w->b.len))
			w->failed = true;
		w->b.len = 0;
	}
}

static void write_frames(struct writer *w, const struct table *t)
{
	size_t k;

	FC_BUF_LIT(&w->b, "\"shared\":{\"frames\":[");
	for (k = 0; k < t->n; k++) {
		const struct fc_profile *p = t->set->items[t->profile[k]];
		const struct fc_frame *f = &p->frames[t->frame[k]];
		const char *url = fc_profile_str(p, f->url);

		if (k)
			FC_BUF_LIT(&w->b, ",");
		FC_BUF_LIT(&w->b, "{\"name\":");
		fc_jbuf_string(&w->b, fc_profile_str(p, f->name));
		if (url[0] || urlless_script(p, f)) {
			FC_BUF_LIT(&w->b, ",\"file\":");
			fc_jbuf_string(&w->b, url);
		}
		if (f->line >= 0) {
			FC_BUF_LIT(&w->b, ",\"line\":");
			fc_jbuf_int(&w->b, (long long)f->line + 1);
		}
		if (f->column >= 0) {
			FC_BUF_LIT(&w->b, ",\"col\":");
			fc_jbuf_int(&w->b, (long long)f->column + 1);
		}
		FC_BUF_LIT(&w->b, "}");
		flush(w, false);
	}
	FC_BUF_LIT(&w->b, "]}");
}

static void event(struct writer *w, bool *first, bool open, uint32_t frame, double at)
{
	if (!*first)
		FC_BUF_LIT(&w->b, ",");
	FC_BUF_LIT(&w->b, "{\"type\":\"");
	fc_buf_add(&w->b, open ? "O" : "C", 1);
	FC_BUF_LIT(&w->b, "\",\"frame\":");
	fc_jbuf_int(&w->b, frame);
	FC_BUF_LIT(&w->b, ",\"at\":");
	fc_jbuf_number(&w->b, at);
	FC_BUF_LIT(&w->b, "}");
	*first = false;
	flush(w, false);
}

/* evented: the stack of each sample against the one before. The samples
 * are the chart's: a lone (program) sample between two stacks of one
 * bottom frame is healed into the one before, as the chart and the graph
 * draw it (devtools-rules §2); the events keep no sample boundaries, so
 * the reader does not heal again. */
static bool write_evented(struct writer *w, const struct fc_profile *p, const uint32_t *index)
{
	uint32_t *open = malloc((p->max_depth + 1) * sizeof(*open)),
		 *next = malloc((p->max_depth + 1) * sizeof(*next)),
		 *nodes = malloc((p->n_samples ? p->n_samples : 1) * sizeof(*nodes));
	uint32_t depth = 0, i;
	double end = fc_profile_samples_end(p);
	bool first = true;

	if (!open || !next || !nodes) {
		free(open);
		free(next);
		free(nodes);
		return false;
	}
	fc_chart_heal_program(p, nodes);
	FC_BUF_LIT(&w->b, "\"events\":[");
	for (i = 0; i < p->n_samples; i++) {
		uint32_t node = nodes[i], n = p->node_depth[node], common = 0, d;
		double at = (double)p->sample_time_us[i];

		for (d = n; d > 0; d--, node = p->node_parent[node])
			next[d - 1] = node;
		while (common < depth && common < n && open[common] == next[common])
			common++;
		while (depth > common) {
			depth--;
			event(w, &first, false, index[p->node_frame[open[depth]]], at);
		}
		for (; depth < n; depth++) {
			open[depth] = next[depth];
			event(w, &first, true, index[p->node_frame[open[depth]]], at);
		}
	}
	while (depth > 0) {
		depth--;
		event(w, &first, false, index[p->node_frame[open[depth]]], end);
	}
	FC_BUF_LIT(&w->b, "]");
	free(open);
	free(next);
	free(nodes);
	return true;
}

/* sampled: every sample with its stack and its weight. */
static bool write_sampled(struct writer *w, const struct fc_profile *p, const uint32_t *index,
			  double scale)
{
	uint32_t *stack = malloc((p->max_depth + 1) * sizeof(*stack));
	uint32_t i, d;

	if (!stack)
		return false;
	FC_BUF_LIT(&w->b, "\"samples\":[");
	for (i = 0; i < p->n_samples; i++) {
		uint32_t node = p->sample_node[i], n = p->node_depth[node];
		for (d = n; d > 0; d--, node = p->node_parent[node])
			stack[d - 1] = index[p->node_frame[node]];
		if (i)
			FC_BUF_LIT(&w->b, ",");
		FC_BUF_LIT(&w->b, "[");
		for (d = 0; d < n; d++) {
			if (d)
				FC_BUF_LIT(&w->b, ",");
			fc_jbuf_int(&w->b, stack[d]);
		}
		FC_BUF_LIT(&w->b, "]");
		flush(w, false);
	}
	FC_BUF_LIT(&w->b, "],\"weights\":[");
	for (i = 0; i < p->n_samples; i++) {
		if (i)
			FC_BUF_LIT(&w->b, ",");
		fc_jbuf_number(&w->b, fc_profile_sample_duration(p, i) / scale);
		flush(w, false);
	}
	FC_BUF_LIT(&w->b, "]");
	free(stack);
	return true;
}

/* The unit a profile's weights are written in, and what one of the
 * model's weights is in it. */
static const char *unit_of(const struct fc_profile *p, double *scale)
{
	*scale = 1;
	if (p->has_time || strcmp(p->weight_unit, "µs") == 0)
		return "microseconds";
	if (fc_unit_is_bytes(p->weight_unit))
		return "bytes";
	/* decimal counts are kept in thousandths (input-rules §D2) */
	*scale = fc_unit_divisor(p->weight_unit);
	return "none";
}

bool fc_write_speedscope(const struct fc_profile_set *set, bool chart, struct fc_output *out,
			 struct fc_error *err)
{
	struct writer w = { .out = out };
	struct table t = { 0 };
	bool ok = false, first = true;
	size_t i;

	if (!table_build(&t, set))
		goto nomem;
	FC_BUF_LIT(&w.b, "{\"$schema\":\"https://www.speedscope.app/file-format-schema.json\","
			 "\"exporter\":\"flamechart\",");
	if (set->count && set->items[0]->name) {
		FC_BUF_LIT(&w.b, "\"name\":");
		fc_jbuf_string(&w.b, set->items[0]->name);
		FC_BUF_LIT(&w.b, ",");
	}
	FC_BUF_LIT(&w.b, "\"activeProfileIndex\":0,");
	write_frames(&w, &t);
	FC_BUF_LIT(&w.b, ",\"profiles\":[");
	for (i = 0; i < set->count; i++) {
		const struct fc_profile *p = set->items[i];
		bool evented = chart && p->has_time;
		double scale, start, end;
		const char *unit = unit_of(p, &scale);
		const char *name = p->thread_name ? p->thread_name : p->name ? p->name : "";

		if (p->n_samples == 0)
			continue; /* nothing to say: speedscope wants a stack */
		start = (double)p->sample_time_us[0];
		end = fc_profile_samples_end(p);
		if (!first)
			FC_BUF_LIT(&w.b, ",");
		FC_BUF_LIT(&w.b, "{\"type\":");
		first = false;
		fc_jbuf_string(&w.b, evented ? "evented" : "sampled");
		FC_BUF_LIT(&w.b, ",\"name\":");
		fc_jbuf_string(&w.b, name);
		FC_BUF_LIT(&w.b, ",\"unit\":");
		fc_jbuf_string(&w.b, unit);
		FC_BUF_LIT(&w.b, ",\"startValue\":");
		fc_jbuf_number(&w.b, start / scale);
		FC_BUF_LIT(&w.b, ",\"endValue\":");
		fc_jbuf_number(&w.b, end / scale);
		FC_BUF_LIT(&w.b, ",");
		if (!(evented ? write_evented(&w, p, t.index[i])
			      : write_sampled(&w, p, t.index[i], scale)))
			goto nomem;
		FC_BUF_LIT(&w.b, "}");
	}
	FC_BUF_LIT(&w.b, "]}\n");
	if (w.b.failed)
		goto nomem;
	flush(&w, true);
	if (w.failed) {
		fc_error_set(err, FC_ERR_IO, "cannot write the speedscope file");
		goto out;
	}
	ok = true;
	goto out;
nomem:
	fc_error_set(err, FC_ERR_NOMEM, "out of memory");
out:
	fc_buf_free(&w.b);
	table_finish(&t);
	return ok;
}
