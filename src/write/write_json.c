/* The layout JSON: every bar, exact and un-culled, so that scripts and tests
 * can check the layout (docs/layout-json.md). A lane's header goes through
 * jansson; its bars are written one by one as the layout hands them out,
 * so that a large layout is never held as one tree, nor (bars_on_demand)
 * as boxes. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "model/classify.h"
#include "layout/fold.h"
#include "render/paint.h"
#include "render/render.h"
#include "write/json_text.h"
#include "util/util.h"
#include "model/annotations.h"
#include "model/profile.h"

/* Integral values as JSON integers, others as reals (the lane header). */
static json_t *number(double v)
{
	if (v == floor(v) && fabs(v) < 9007199254740992.0)
		return json_integer((json_int_t)v);
	return json_real(v);
}

static bool put(json_t *obj, const char *key, json_t *v)
{
	return v && json_object_set_new(obj, key, v) == 0;
}

/* --- bars, written directly ------------------------------------------------ *
 * A layout has millions of bars: they are formatted into one buffer
 * (write/json_text.c, the text jansson would write), with no JSON object
 * built, and the buffer goes to the output whenever it holds FLUSH_AT
 * bytes: a few large writes instead of one per bar. */

enum { FLUSH_AT = 256 * 1024 };

/* What a bar says of its frame, gathered once per lane in frame order: a
 * bar then reads one record, at random, instead of the frame, two string
 * offsets and a colour table, and copies its strings knowing their lengths
 * and that they need no escape. */
struct bar_frame {
	uint32_t name_off, name_len; /* into the profile's string bytes */
	uint32_t url_off, url_len;
	int32_t line, column;
	uint32_t rgb; /* 0x1rrggbb once known (not for heat), else 0 */
	uint8_t tier;
	uint8_t plain; /* PLAIN_NAME, PLAIN_URL: the string needs no escape */
};

enum { PLAIN_NAME = 1, PLAIN_URL = 2 };

struct bar_writer {
	const struct fc_layout *l;
	const struct fc_lane *lane;
	const struct fc_style *st;
	struct fc_output *out;
	struct fc_buf buf;
	struct bar_frame *frames; /* the lane profile's, one per frame */
	bool frame_colors;        /* a frame's colour depends on the frame alone */
	bool first;
	size_t tier_len[FC_TIER_COUNT]; /* fc_tier_name's lengths (plain ASCII) */
};

/* The lane's frame records; false when memory ran out. */
static bool gather_frames(struct bar_writer *w)
{
	const struct fc_profile *p = w->lane->profile;
	const struct fc_strpool *sp = &p->strings;
	uint32_t i;

	free(w->frames);
	w->frames = malloc(((size_t)p->n_frames + 1) * sizeof(*w->frames));
	if (!w->frames)
		return false;
	for (i = 0; i < p->n_frames; i++) {
		const struct fc_frame *f = &p->frames[i];
		struct bar_frame *bf = &w->frames[i];

		bf->name_off = sp->offset[f->name];
		bf->name_len = fc_strpool_len(sp, f->name);
		bf->url_off = sp->offset[f->url];
		bf->url_len = fc_strpool_len(sp, f->url);
		bf->line = f->line;
		bf->column = f->column;
		bf->rgb = 0;
		bf->tier = f->tier;
		bf->plain =
			(fc_json_plain(sp->data + bf->name_off, bf->name_len) ? PLAIN_NAME : 0) |
			(fc_json_plain(sp->data + bf->url_off, bf->url_len) ? PLAIN_URL : 0);
	}
	return true;
}

/* A string of the pool, quoted: copied whole when it needs no escape. */
static inline void add_pool_string(struct fc_buf *j, const char *s, uint32_t n, bool plain)
{
	char *d;

	if (!plain) {
		fc_jbuf_string(j, s);
		return;
	}
	d = fc_buf_room(j, (size_t)n + 2);
	if (d) {
		d[0] = '"';
		memcpy(d + 1, s, n);
		d[n + 1] = '"';
		j->len += (size_t)n + 2;
	}
}

/* false: no memory, or the write failed (commit reports it) */
static bool flush(struct bar_writer *w)
{
	bool ok = !w->buf.failed && fc_output_write(w->out, w->buf.data, w->buf.len);

	w->buf.len = 0;
	return ok;
}

static bool write_bar(void *ctx, const struct fc_box *b)
{
	struct bar_writer *w = ctx;
	const struct fc_profile *p = w->lane->profile;
	struct fc_buf *j = &w->buf;
	struct bar_frame *bf = NULL;
	char hex[8];
	uint32_t rgb;

	if (!w->first)
		FC_BUF_LIT(j, ",");
	w->first = false;
	FC_BUF_LIT(j, "{\"depth\":");
	fc_jbuf_int(j, b->depth);
	if (b->frame == FC_NONE) {
		FC_BUF_LIT(j, ",\"name\":\"…\",\"coalesced\":");
		fc_jbuf_int(j, b->count);
	} else {
		const char *strings = p->strings.data;

		bf = &w->frames[b->frame];
		FC_BUF_LIT(j, ",\"name\":");
		add_pool_string(j, strings + bf->name_off, bf->name_len, bf->plain & PLAIN_NAME);
		FC_BUF_LIT(j, ",\"url\":");
		add_pool_string(j, strings + bf->url_off, bf->url_len, bf->plain & PLAIN_URL);
		FC_BUF_LIT(j, ",\"line\":");
		fc_jbuf_int(j, bf->line);
		FC_BUF_LIT(j, ",\"column\":");
		fc_jbuf_int(j, bf->column);
		FC_BUF_LIT(j, ",\"tier\":\"");
		fc_buf_add(j, fc_tier_name(bf->tier),
			   bf->tier < FC_TIER_COUNT ? w->tier_len[bf->tier] : 1 /* "?" */);
		FC_BUF_LIT(j, "\"");
		/* --sourcemaps: where in the bundle the frame was (0-based) */
		if (b->frame < p->n_generated && p->generated[b->frame].url) {
			const struct fc_frame_generated *g = &p->generated[b->frame];
			FC_BUF_LIT(j, ",\"generated\":{\"url\":");
			fc_jbuf_string(j, fc_profile_str(p, g->url));
			FC_BUF_LIT(j, ",\"line\":");
			fc_jbuf_int(j, g->line);
			FC_BUF_LIT(j, ",\"column\":");
			fc_jbuf_int(j, g->column);
			FC_BUF_LIT(j, "}");
		}
	}
	if (w->l->mode == FC_MODE_CHART) {
		FC_BUF_LIT(j, ",\"start_us\":");
		fc_jbuf_number(j, b->x0);
		FC_BUF_LIT(j, ",\"end_us\":");
		fc_jbuf_number(j, b->x1);
		FC_BUF_LIT(j, ",\"self_us\":");
		fc_jbuf_number(j, b->self);
	} else {
		FC_BUF_LIT(j, ",\"x0\":");
		fc_jbuf_number(j, b->x0);
		FC_BUF_LIT(j, ",\"x1\":");
		fc_jbuf_number(j, b->x1);
		FC_BUF_LIT(j, ",\"self\":");
		fc_jbuf_number(j, b->self);
		FC_BUF_LIT(j, ",\"total\":");
		fc_jbuf_number(j, b->x1 - b->x0);
	}
	/* a frame's colour depends on the frame alone, except in heat */
	if (!w->frame_colors || (b->flags & FC_BOX_COALESCED))
		bf = NULL;
	if (bf && bf->rgb) {
		rgb = bf->rgb;
	} else {
		struct fc_rgb c = fc_style_fill(w->st, p, b, w->lane->total);
		rgb = 0x1000000u | (uint32_t)c.r << 16 | (uint32_t)c.g << 8 | c.b;
		if (bf)
			bf->rgb = rgb;
	}
	fc_rgb_hex((struct fc_rgb){ (uint8_t)(rgb >> 16), (uint8_t)(rgb >> 8), (uint8_t)rgb }, hex);
	FC_BUF_LIT(j, ",\"color\":\"");
	fc_buf_add(j, hex, 7);
	FC_BUF_LIT(j, "\"}");
	return !j->failed && (j->len < FLUSH_AT || flush(w));
}

/* What the scope transforms did (docs/scope.md), each phrase once. */
static json_t *transforms(const struct fc_lane *lane)
{
	json_t *a = json_array();
	size_t k, t, j;

	for (k = 0; a && k < lane->n_sources; k++) {
		const struct fc_profile *q = lane->sources[k];
		for (t = 0; t < q->n_transforms; t++) {
			for (j = 0; j < json_array_size(a); j++)
				if (strcmp(json_string_value(json_array_get(a, j)),
					   q->transforms[t]) == 0)
					break;
			if (j == json_array_size(a) &&
			    json_array_append_new(a, json_string(q->transforms[t])) != 0) {
				json_decref(a);
				return NULL;
			}
		}
	}
	return a;
}

static json_t *lane_header(const struct fc_layout *l, const struct fc_lane *lane)
{
	const struct fc_profile *p = lane->profile;
	json_t *o = json_object();
	bool ok = o != NULL;

	ok = ok && put(o, "name", json_string(lane->title ? lane->title : p->name));
	if (p->source)
		ok = ok && put(o, "source", json_string(p->source));
	if (p->pid >= 0)
		ok = ok && put(o, "pid", json_integer(p->pid));
	if (p->tid >= 0)
		ok = ok && put(o, "tid", json_integer(p->tid));
	if (l->mode == FC_MODE_CHART) {
		ok = ok && put(o, "start_us", number(lane->x_min)) &&
		     put(o, "end_us", number(lane->x_max)) &&
		     put(o, "samples", json_integer(p->n_samples)) &&
		     put(o, "healed_program_samples", json_integer(lane->healed));
	} else {
		ok = ok && put(o, "unit", json_string(l->unit)) &&
		     put(o, "total", number(lane->total)) &&
		     put(o, "idle_left_out", number(lane->idle_left_out)) &&
		     put(o, "root_left_out", number(lane->root_left_out)) &&
		     put(o, "coalesced", number(lane->coalesced)) &&
		     put(o, "coalesced_frames", json_integer((json_int_t)lane->coalesced_frames)) &&
		     put(o, "profiles", json_integer(lane->n_profiles)) &&
		     put(o, "samples", json_integer((json_int_t)lane->samples)) &&
		     put(o, "healed_program_samples", json_integer(lane->healed));
	}
	/* only when a transform ran: other layouts stay as they were */
	if (ok) {
		json_t *tr = transforms(lane);
		ok = tr != NULL;
		if (ok && json_array_size(tr))
			ok = put(o, "transforms", tr);
		else
			json_decref(tr);
	}
	if (!ok) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* A spine's bar as the image draws it. */
static json_t *spine(const struct fc_lane *lane, const struct fc_fold *f, size_t i)
{
	const struct fc_profile *p = lane->profile;
	const struct fc_box *a = &lane->boxes[i], *b = &lane->boxes[f->last[i]];
	json_t *o = json_object();
	bool ok = o && put(o, "row", json_integer(f->row[i])) &&
		  put(o, "depth", json_integer(a->depth)) &&
		  put(o, "frames", json_integer(b->depth - a->depth + 1)) &&
		  put(o, "first", json_string(fc_profile_str(p, p->frames[a->frame].name))) &&
		  put(o, "last", json_string(fc_profile_str(p, p->frames[b->frame].name))) &&
		  put(o, "x0", number(a->x0)) && put(o, "x1", number(a->x1));

	if (!ok) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* What the image does with a lane (docs/layout-json.md): drawn whole,
 * folded, or named among the quiet threads. */
static json_t *image_lane(const struct fc_layout *image, const struct fc_painter *painter,
			  size_t li)
{
	const struct fc_lane *lane = &image->lanes[li];
	bool quiet;
	const struct fc_fold *f = fc_painter_fold(painter, li, &quiet);
	json_t *o = json_object(), *spines = json_array();
	bool ok = o && spines;

	ok = ok && put(o, "quiet", json_boolean(quiet)) &&
	     put(o, "folded", json_boolean(f != NULL)) &&
	     put(o, "rows",
		 json_integer(quiet ? 0
			      : f   ? f->rows
				    : lane->rows));
	if (ok && f) {
		for (size_t i = 0; ok && i < lane->n_boxes; i++)
			if ((f->mark[i] & FC_FOLD_SPINE) && f->row[i] != FC_FOLD_HIDDEN)
				ok = json_array_append_new(spines, spine(lane, f, i)) == 0;
		ok = ok && put(o, "rows_cut", json_integer(f->rows_cut)) &&
		     put(o, "towers_cut", json_integer((json_int_t)f->towers)) &&
		     put(o, "tower_frames_cut", json_integer((json_int_t)f->tower_boxes)) &&
		     put(o, "side_calls_left_out", json_integer((json_int_t)f->spine_side));
	}
	if (ok && json_object_set(o, "spines", spines) != 0)
		ok = false;
	json_decref(spines);
	if (!ok) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* --- a trace's annotations (docs/rendering.md, "Annotations") ------------- */

static json_t *entry_json(const struct fc_entry_ref *r)
{
	json_t *o = json_object();

	if (o && put(o, "pid", json_integer(r->pid)) && put(o, "tid", json_integer(r->tid)) &&
	    put(o, "name", json_string(r->name)) && put(o, "start_us", json_integer(r->ts)) &&
	    (r->dur < 0 || put(o, "end_us", json_integer(r->ts + r->dur))))
		return o;
	json_decref(o);
	return NULL;
}

/* One trace's annotations appended to the arrays; false on no memory. */
static bool add_annotations(const struct fc_annotations *a, json_t *labels, json_t *ranges,
			    json_t *links)
{
	json_t *e;
	size_t i;
	bool ok;

	/* json_array_append_new takes e, also when it fails */
	for (i = 0; i < a->n_labels; i++) {
		if (!a->labels[i].entry.known)
			continue;
		e = json_object();
		ok = put(e, "label", json_string(a->labels[i].label)) &&
		     put(e, "entry", entry_json(&a->labels[i].entry));
		if (!ok)
			json_decref(e);
		if (!ok || json_array_append_new(labels, e) != 0)
			return false;
	}
	for (i = 0; i < a->n_ranges; i++) {
		e = json_object();
		ok = put(e, "label", json_string(a->ranges[i].label)) &&
		     put(e, "start_us", json_integer(a->ranges[i].min)) &&
		     put(e, "end_us", json_integer(a->ranges[i].max));
		if (!ok)
			json_decref(e);
		if (!ok || json_array_append_new(ranges, e) != 0)
			return false;
	}
	for (i = 0; i < a->n_links; i++) {
		if (!a->links[i].from.known || !a->links[i].to.known)
			continue;
		e = json_object();
		ok = put(e, "from", entry_json(&a->links[i].from)) &&
		     put(e, "to", entry_json(&a->links[i].to));
		if (!ok)
			json_decref(e);
		if (!ok || json_array_append_new(links, e) != 0)
			return false;
	}
	return true;
}

/* The annotations of a chart's profiles (every trace's) as one object;
 * NULL (nothing written) when there are none, or memory ran out (*nomem). */
static json_t *annotations_json(const struct fc_layout *l, bool *nomem)
{
	json_t *o = NULL, *labels = NULL, *ranges = NULL, *links = NULL;
	size_t i, j;

	*nomem = false;
	for (i = 0; i < l->n_lanes && l->mode == FC_MODE_CHART; i++) {
		for (j = 0; j < l->lanes[i].n_sources; j++) {
			const struct fc_annotations *a = l->lanes[i].sources[j]->annotations;
			if (!fc_annotations_any(a))
				continue;
			if (!o) {
				o = json_object();
				labels = json_array();
				ranges = json_array();
				links = json_array();
				if (!put(o, "entry_labels", labels) ||
				    !put(o, "time_ranges", ranges) || !put(o, "links", links))
					goto nomem;
			}
			if (!add_annotations(a, labels, ranges, links))
				goto nomem;
		}
	}
	return o;
nomem:
	json_decref(o);
	*nomem = true;
	return NULL;
}

bool fc_write_layout_json(const struct fc_layout *l, const struct fc_style *st,
			  struct fc_output *out, struct fc_error *err)
{
	return fc_write_layout_json_image(l, st, NULL, NULL, out, err);
}

bool fc_write_layout_json_image(const struct fc_layout *l, const struct fc_style *st,
				const struct fc_layout *image, const struct fc_painter *painter,
				struct fc_output *out, struct fc_error *err)
{
	struct bar_writer w = { .l = l, .st = st, .out = out };
	bool ok = true;
	size_t i;

	for (i = 0; i < FC_TIER_COUNT; i++)
		w.tier_len[i] = strlen(fc_tier_name((enum fc_tier)i));
	fc_output_printf(out, "{\"version\":1,\"mode\":\"%s\",",
			 l->mode == FC_MODE_CHART ? "chart" : "graph");
	if (image && painter) {
		int iw, ih;
		fc_painter_size(painter, &iw, &ih);
		fc_output_printf(out, "\"image\":{\"width_px\":%d,\"height_px\":%d},", iw, ih);
	}
	fc_output_printf(out, "\"profiles\":[");
	for (i = 0; ok && i < l->n_lanes; i++) {
		const struct fc_lane *lane = &l->lanes[i];
		json_t *h = lane_header(l, lane);

		if (h && image && painter && i < image->n_lanes) {
			json_t *im = image_lane(image, painter, i);
			if (!im || json_object_set_new(h, "image", im) != 0) {
				json_decref(h);
				h = NULL;
			}
		}
		char *hs = h ? json_dumps(h, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;

		json_decref(h);
		w.lane = lane;
		w.frame_colors = st->scheme != FC_SCHEME_HEAT;
		if (!hs || !gather_frames(&w)) {
			free(hs);
			ok = false;
			break;
		}
		/* the header object, reopened to append "frames" */
		fc_output_printf(out, "%s", i ? "," : "");
		fc_output_write(out, hs, strlen(hs) - 1);
		free(hs);
		fc_output_printf(out, ",\"frames\":[");
		w.first = true;
		/* false: a failed write (commit reports it) or no memory */
		ok = fc_lane_each(lane, write_bar, &w) && flush(&w) && fc_output_printf(out, "]}");
	}
	if (ok) {
		bool nomem;
		json_t *ann = annotations_json(l, &nomem);
		char *s = ann ? json_dumps(ann, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
		ok = !nomem && (!ann || s);
		if (ok)
			fc_output_printf(out, "]%s%s}\n", s ? ",\"annotations\":" : "", s ? s : "");
		json_decref(ann);
		free(s);
	}
	free(w.frames);
	fc_buf_free(&w.buf);
	if (!ok && !out->failed) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	return true;
}
