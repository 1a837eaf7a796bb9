/* The layout JSON: every bar, exact and un-culled, so that scripts and tests
 * can check the layout (docs/layout-json.md). Written frame by frame with
 * jansson so that a large layout never becomes one large tree. */
#include <math.h>
#include <string.h>

#include <jansson.h>

#include "flamechart/classify.h"
#include "flamechart/render.h"

/* Integral values as JSON integers, others as reals. */
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

static bool dump(struct fc_output *out, json_t *v)
{
	char *s = json_dumps(v, JSON_COMPACT | JSON_PRESERVE_ORDER);
	bool ok = s && fc_output_write(out, s, strlen(s));
	free(s);
	return ok;
}

static json_t *frame_json(const struct fc_layout *l, const struct fc_lane *lane,
			  const struct fc_style *st, const struct fc_box *b)
{
	const struct fc_profile *p = lane->profile;
	json_t *o = json_object();
	char hex[8];
	bool ok = o != NULL;

	fc_rgb_hex(fc_style_fill(st, p, b, lane->total), hex);
	ok = ok && put(o, "depth", json_integer(b->depth));
	if (b->frame == FC_NONE) {
		ok = ok && put(o, "name", json_string("…")) &&
		     put(o, "coalesced", json_integer(b->count));
	} else {
		const struct fc_frame *f = &p->frames[b->frame];
		ok = ok && put(o, "name", json_string(fc_profile_str(p, f->name))) &&
		     put(o, "url", json_string(fc_profile_str(p, f->url))) &&
		     put(o, "line", json_integer(f->line)) &&
		     put(o, "column", json_integer(f->column)) &&
		     put(o, "tier", json_string(fc_tier_name(f->tier)));
	}
	if (l->mode == FC_MODE_CHART) {
		ok = ok && put(o, "start_us", number(b->x0)) && put(o, "end_us", number(b->x1)) &&
		     put(o, "self_us", number(b->self));
	} else {
		ok = ok && put(o, "x0", number(b->x0)) && put(o, "x1", number(b->x1)) &&
		     put(o, "self", number(b->self)) && put(o, "total", number(b->x1 - b->x0));
	}
	ok = ok && put(o, "color", json_string(hex));
	if (!ok) {
		json_decref(o);
		return NULL;
	}
	return o;
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
	if (!ok) {
		json_decref(o);
		return NULL;
	}
	return o;
}

bool fc_write_layout_json(const struct fc_layout *l, const struct fc_style *st,
			  struct fc_output *out, struct fc_error *err)
{
	size_t i, j;

	fc_output_printf(out, "{\"version\":1,\"mode\":\"%s\",\"profiles\":[",
			 l->mode == FC_MODE_CHART ? "chart" : "graph");
	for (i = 0; i < l->n_lanes; i++) {
		const struct fc_lane *lane = &l->lanes[i];
		json_t *h = lane_header(l, lane);
		char *hs;
		size_t n;

		if (!h)
			goto nomem;
		hs = json_dumps(h, JSON_COMPACT | JSON_PRESERVE_ORDER);
		json_decref(h);
		if (!hs)
			goto nomem;
		/* the header object, reopened to append "frames" */
		n = strlen(hs);
		fc_output_printf(out, "%s", i ? "," : "");
		fc_output_write(out, hs, n - 1);
		free(hs);
		fc_output_printf(out, ",\"frames\":[");
		for (j = 0; j < lane->n_boxes; j++) {
			json_t *f = frame_json(l, lane, st, &lane->boxes[j]);
			if (!f)
				goto nomem;
			if (j)
				fc_output_write(out, ",", 1);
			if (!dump(out, f)) {
				json_decref(f);
				if (out->failed)
					break;
				goto nomem;
			}
			json_decref(f);
			if (out->failed)
				break;
		}
		fc_output_printf(out, "]}");
	}
	fc_output_printf(out, "]}\n");
	return true;
nomem:
	fc_error_set(err, FC_ERR_NOMEM, "out of memory");
	return false;
}
