/* Legend entries per colour scheme. Self time comes from the samples (one
 * pass per profile, an array per frame), so the shares are exact whatever
 * was coalesced; colours come from fc_style_fill on a frame of each
 * entry, so they are exactly the colours painted. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/classify.h"
#include "style/legend.h"
#include "transform/scope.h"
#include "style/internal.h"
#include "util/map.h"
#include "util/util.h"
#include "model/profile.h"

/* One group of frames that share a colour key. */
struct group {
	char *key;   /* owned; groups with equal keys merge */
	char *label; /* owned */
	double self;
	const struct fc_profile *p; /* a frame of the group, for its colour */
	uint32_t frame;
};

/* Each key once: a frame whose key is known adds its self time to that
 * group (a profile has thousands of frames per script URL). */
struct groups {
	struct group *items;
	size_t n, cap;
	struct fc_map index; /* key -> item */
};

static const char *const tier_labels[FC_TIER_COUNT] = {
	[FC_TIER_APP] = "app",
	[FC_TIER_DEPS] = "dependencies",
	[FC_TIER_CORE] = "runtime core",
	[FC_TIER_NATIVE] = "native",
	[FC_TIER_V8] = "V8",
	[FC_TIER_GC] = "garbage collector",
	[FC_TIER_IDLE] = "idle",
};

static void groups_finish(struct groups *g)
{
	size_t i;

	for (i = 0; i < g->n; i++) {
		free(g->items[i].key);
		free(g->items[i].label);
	}
	free(g->items);
	fc_map_finish(&g->index);
	memset(g, 0, sizeof(*g));
}

struct key_probe {
	const struct groups *g;
	const char *key;
};

static bool key_eq(const void *ctx, uint32_t v)
{
	const struct key_probe *k = ctx;
	return strcmp(k->g->items[v].key, k->key) == 0;
}

/* Takes ownership of key and label (both freed on failure, and when the
 * key has a group: the first frame's stays, the time is summed in the
 * order the frames come). */
static bool groups_add(struct groups *g, char *key, char *label, double self,
		       const struct fc_profile *p, uint32_t frame)
{
	struct key_probe probe = { g, key };
	struct group *it;
	uint32_t h, v;
	size_t slot;

	if (!key || !label || !FC_GROW(g->items, g->cap, g->n + 1) ||
	    !fc_map_reserve(&g->index, g->n + 1)) {
		free(key);
		free(label);
		return false;
	}
	h = (uint32_t)fc_hash_bytes(key, strlen(key));
	v = fc_map_find(&g->index, h, key_eq, &probe, &slot);
	if (v != FC_NONE) {
		g->items[v].self += self;
		free(key);
		free(label);
		return true;
	}
	fc_map_put(&g->index, slot, h, (uint32_t)g->n);
	it = &g->items[g->n++];
	it->key = key;
	it->label = label;
	it->self = self;
	it->p = p;
	it->frame = frame;
	return true;
}

static char *name_label(const struct fc_profile *p, const struct fc_frame *f)
{
	char buf[512];

	fc_classify_label(fc_profile_str(p, f->name), buf, sizeof(buf));
	return fc_strdup(buf);
}

/* Trace events: one entry per DevTools category ("Rendering"), before the
 * scripts. */
static bool event_group(struct groups *g, const struct fc_profile *p, uint32_t fi, double self)
{
	const char *name = fc_style_event_category(p, &p->frames[fi]);

	return groups_add(g, fc_asprintf("\x01event %s", name), fc_strdup(name), self, p, fi);
}

/* The url scheme's key is the string style.c hashes: devtools-rules §5.2 (JS
 * Profiler) or §5.3 (Performance panel keys). Fixed colours get fixed keys. */
static bool url_group(struct groups *g, const struct fc_theme *t, const struct fc_profile *p,
		      uint32_t fi, double self)
{
	const struct fc_frame *f = &p->frames[fi];
	const char *url = fc_profile_str(p, f->url);
	const char *sid = fc_profile_str(p, f->script_id);
	bool no_script = !sid[0] || strcmp(sid, "0") == 0;

	if (f->tags & FC_TAG_EVENT)
		return event_group(g, p, fi, self);
	if (t->url_performance_keys) {
		if (f->meta == FC_META_IDLE)
			return groups_add(g, fc_strdup("\x01idle"), fc_strdup("(idle)"), self, p,
					  fi);
		if (no_script)
			return groups_add(g, fc_strdup("\x01system"),
					  fc_strdup("system (no script)"), self, p, fi);
		if (!url[0])
			return groups_add(g, fc_strdup("\x01nourl"), fc_strdup("no URL"), self, p,
					  fi);
		return groups_add(g, fc_strdup(url), fc_strdup(url), self, p, fi);
	}
	if (f->meta == FC_META_IDLE || f->meta == FC_META_PROGRAM || f->meta == FC_META_GC)
		return groups_add(g, fc_asprintf("\x01meta %d", f->meta), name_label(p, f), self, p,
				  fi);
	if (url[0])
		return groups_add(g, fc_strdup(url), fc_strdup(url), self, p, fi);
	if (!no_script)
		return groups_add(g, fc_asprintf("\x02%s", sid),
				  fc_asprintf("script %s (no URL)", sid), self, p, fi);
	return groups_add(g, fc_asprintf("\x03%s", fc_profile_str(p, f->name)), name_label(p, f),
			  self, p, fi);
}

static bool package_group(struct groups *g, const struct fc_profile *p, uint32_t fi, double self)
{
	const struct fc_frame *f = &p->frames[fi];

	if (f->tags & FC_TAG_EVENT)
		return event_group(g, p, fi, self);
	if (f->tier == FC_TIER_DEPS && f->package) {
		const char *pkg = fc_profile_str(p, f->package);
		return groups_add(g, fc_strdup(pkg), fc_strdup(pkg), self, p, fi);
	}
	/* tiers sort before package names and keep their order */
	return groups_add(g, fc_asprintf("\x01%d", f->tier), fc_strdup(tier_labels[f->tier]), self,
			  p, fi);
}

static int by_key(const void *a, const void *b, void *ctx)
{
	(void)ctx;
	return strcmp(((const struct group *)a)->key, ((const struct group *)b)->key);
}

static int by_self_desc(const void *a, const void *b, void *ctx)
{
	const struct group *x = a, *y = b;
	(void)ctx;
	if (x->self != y->self)
		return x->self > y->self ? -1 : 1;
	return strcmp(x->label, y->label);
}

/* A group's share of the total; none (-1) for the Timings lane's user
 * timings, which are drawn over time but hold no samples. */
static double group_share(const struct group *it, double total)
{
	const struct fc_frame *f = &it->p->frames[it->frame];

	if ((f->tags & FC_TAG_EVENT) && it->p->timings)
		return -1;
	return it->self / total;
}

/* The Timings lane's group first, so that it is never among the "others"
 * (it has no self time to rank it by). */
static void timings_first(struct groups *g)
{
	size_t i;

	for (i = 1; i < g->n; i++)
		if (group_share(&g->items[i], 1) < 0) {
			struct group x = g->items[i];
			memmove(g->items + 1, g->items, i * sizeof(*g->items));
			g->items[0] = x;
		}
}

/* Puts the groups (one per key) in the order of their keys, which is the
 * order by_self_desc keeps among equal times and labels. Ends adding:
 * the index no longer matches the items. */
static bool sort_keys(struct groups *g)
{
	fc_map_finish(&g->index);
	return fc_sort(g->items, g->n, sizeof(*g->items), by_key, NULL);
}

static struct fc_rgb frame_color(const struct fc_style *st, const struct fc_profile *p,
				 uint32_t frame)
{
	struct fc_box b = { .frame = frame, .node = FC_NONE, .count = 1 };
	struct fc_style base = *st;

	base.shade = false; /* the scheme's colour, not one function's step */
	return fc_style_fill(&base, p, &b, 0);
}

static bool add_entry(struct fc_legend *lg, size_t *cap, struct fc_rgb c, bool swatch, char *label,
		      double share)
{
	struct fc_legend_entry *e;

	if (!label || !FC_GROW(lg->entries, *cap, lg->n + 1)) {
		free(label);
		return false;
	}
	e = &lg->entries[lg->n++];
	e->color = c;
	e->swatch = swatch;
	e->label = label;
	e->share = share;
	return true;
}

/* Samples that hit the root (nothing on the stack) are drawn as gaps: they
 * count in the total and in *gaps, in no frame (style/internal.h). */
bool fc_style_frame_self(const struct fc_layout *l, const struct fc_lane *lane, double *self,
			 double *total, double *gaps)
{
	const struct fc_profile *p = lane->profile;
	uint32_t *nodes, i;

	if (lane->frame_self) {
		/* a graph lane: its merged frames carry their exact self weight */
		for (i = 0; i < p->n_frames; i++) {
			self[i] += lane->frame_self[i];
			*total += lane->frame_self[i];
		}
		*total += lane->root_left_out;
		*gaps += lane->root_left_out;
		return true;
	}
	nodes = malloc((p->n_samples ? p->n_samples : 1) * sizeof(*nodes));
	if (!nodes)
		return false;
	if (l->mode == FC_MODE_CHART)
		fc_chart_heal_program(p, nodes); /* as the chart draws it */
	else if (p->n_samples)
		memcpy(nodes, p->sample_node, p->n_samples * sizeof(*nodes));
	for (i = 0; i < p->n_samples; i++) {
		const struct fc_frame *f = fc_profile_node_frame(p, nodes[i]);
		double w = l->mode == FC_MODE_GRAPH && l->options.weight_samples && p->has_time
				   ? 1.0
				   : fc_profile_sample_duration(p, i);
		if (l->mode == FC_MODE_GRAPH && !l->options.keep_idle && f->meta == FC_META_IDLE)
			continue;
		*total += w;
		if (nodes[i] == 0 || f->meta == FC_META_ROOT)
			*gaps += w;
		else
			self[p->node_frame[nodes[i]]] += w;
	}
	free(nodes);
	return true;
}

/* Marks the frames of p that lane draws. */
static void mark_drawn(const struct fc_lane *lane, const struct fc_profile *p, unsigned char *drawn)
{
	size_t i;

	if (lane->profile != p)
		return;
	for (i = 0; i < lane->n_boxes; i++)
		if (lane->boxes[i].frame != FC_NONE && lane->boxes[i].frame < p->n_frames)
			drawn[lane->boxes[i].frame] = 1;
}

static const char *scheme_title(enum fc_scheme s)
{
	switch (s) {
	case FC_SCHEME_URL:
		return "Colour: script URL";
	case FC_SCHEME_TIER:
		return "Colour: tier";
	case FC_SCHEME_PACKAGE:
		return "Colour: npm package";
	case FC_SCHEME_HEAT:
		return "Colour: the function's self time, as a share of the CPU time";
	case FC_SCHEME_MONO:
	default:
		return "Monochrome";
	}
}

/* True when some lane draws a frame that heat paints as waiting. */
static bool draws_waits(const struct fc_layout *l)
{
	size_t i, k;

	for (i = 0; i < l->n_lanes; i++) {
		const struct fc_lane *lane = &l->lanes[i];
		for (k = 0; lane->profile && k < lane->n_boxes; k++) {
			uint32_t f = lane->boxes[k].frame;
			if (f != FC_NONE && f < lane->profile->n_frames &&
			    fc_style_heat_waits(lane->profile, &lane->profile->frames[f]))
				return true;
		}
	}
	return false;
}

/* heat: swatches along the ramp, from no self time to the theme's full
 * share (fc_style_heat), labelled with the share they stand for; then the
 * grey of the waiting frames, when any is drawn. */
static bool heat_entries(struct fc_legend *lg, size_t *cap, const struct fc_theme *t,
			 const struct fc_layout *l)
{
	double shares[] = { 0, 0.01, 0.05, t->heat_full_share };
	size_t i;

	for (i = 0; i < FC_ARRAY_LEN(shares); i++) {
		bool last = i + 1 == FC_ARRAY_LEN(shares);
		char *label;
		if (i > 0 && !last && shares[i] >= shares[FC_ARRAY_LEN(shares) - 1])
			continue; /* a theme whose ramp ends below 5 % */
		label = i == 0 ? fc_strdup("no self time")
			: last ? fc_asprintf("%g%% self or more", shares[i] * 100)
			       : fc_asprintf("%g%% self", shares[i] * 100);
		if (!add_entry(lg, cap, fc_style_heat(t, shares[i]), true, label, -1))
			return false;
	}
	if (draws_waits(l) && !add_entry(lg, cap, t->tier[FC_TIER_IDLE], true,
					 fc_strdup("idle and wait loops: not by self time"), -1))
		return false;
	return true;
}

/* The tiers in a bit set as "V8, native", in tier order. */
static char *tier_list(unsigned tiers)
{
	char buf[160] = "";
	size_t i, n = 0;

	for (i = 0; i < FC_TIER_COUNT; i++)
		if (tiers & (1u << i))
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%s", n ? ", " : "",
					      tier_labels[i]);
	return fc_strdup(buf);
}

/* What --hide and --dim did, said where the colours are explained. */
static bool filter_entries(struct fc_legend *lg, size_t *cap, const struct fc_style *st,
			   const struct fc_theme *t, const struct fc_layout *l)
{
	unsigned hidden = 0;
	size_t i, k;
	char *list;

	for (i = 0; i < l->n_lanes; i++)
		for (k = 0; k < l->lanes[i].n_sources; k++)
			hidden |= l->lanes[i].sources[k]->hidden_tiers;
	if (hidden) {
		list = tier_list(hidden);
		if (!list ||
		    !add_entry(lg, cap, t->coalesced, false,
			       fc_asprintf("hidden, time counted in the callers: %s", list), -1)) {
			free(list);
			return false;
		}
		free(list);
	}
	if (st->dim_tiers && st->scheme != FC_SCHEME_TIER) {
		list = tier_list(st->dim_tiers);
		if (!list || !add_entry(lg, cap, t->coalesced, false,
					fc_asprintf("greyed out: %s", list), -1)) {
			free(list);
			return false;
		}
		free(list);
	}
	return true;
}

/* What the entries are made of: groups (url, package) or tier sums. */
struct tally {
	const struct fc_style *st;
	const struct fc_theme *t;
	struct groups g;
	double tier_self[FC_TIER_COUNT];
	const struct fc_profile *tier_p[FC_TIER_COUNT];
	uint32_t tier_frame[FC_TIER_COUNT];
};

/* Adds the frames of p with self time, or drawn (drawn may be NULL). */
static bool tally_frames(struct tally *ty, const struct fc_profile *p, const double *self,
			 const unsigned char *drawn)
{
	uint32_t f;

	for (f = 0; f < p->n_frames; f++) {
		enum fc_tier tier = p->frames[f].tier;
		bool ok = true;
		if (self[f] <= 0 && !(drawn && drawn[f]))
			continue;
		switch (ty->st->scheme) {
		case FC_SCHEME_TIER:
			/* trace events (--tasks): by DevTools category */
			if (p->frames[f].tags & FC_TAG_EVENT) {
				ok = event_group(&ty->g, p, f, self[f]);
				break;
			}
			if (!ty->tier_p[tier]) {
				ty->tier_p[tier] = p;
				ty->tier_frame[tier] = f;
			}
			ty->tier_self[tier] += self[f];
			break;
		case FC_SCHEME_PACKAGE:
			ok = package_group(&ty->g, p, f, self[f]);
			break;
		case FC_SCHEME_URL:
		default:
			ok = url_group(&ty->g, ty->t, p, f, self[f]);
			break;
		}
		if (!ok)
			return false;
	}
	return true;
}

/* The half of a sandwich a lane draws (a graph draws both in one lane, a
 * chart one per lane), or NULL. */
static const struct fc_profile *sandwich_half(const struct fc_lane *lane,
					      enum fc_sandwich_part part)
{
	size_t k;

	for (k = 0; k < lane->n_sources; k++)
		if (lane->sources[k]->sandwich_part == part)
			return lane->sources[k];
	return NULL;
}

/* A sandwich's shares are its own: of the time of the function and its
 * callees. Its callees half holds that time; there the samples outside the
 * function sit on the root, so they are neither a share nor gaps. The
 * callers half holds the same samples again, as the self time of the
 * outermost callers: its frames are drawn, with no time of their own. */
static bool tally_sandwich(struct tally *ty, const struct fc_layout *l,
			   const struct fc_profile *callees, const struct fc_profile *drawn_p,
			   const unsigned char *drawn, double *total)
{
	struct fc_lane half = { .profile = callees };
	double t = 0, g = 0, *self, *none;
	bool ok;

	self = calloc(callees->n_frames + 1, sizeof(*self));
	none = calloc(drawn_p->n_frames + 1, sizeof(*none));
	ok = self && none && fc_style_frame_self(l, &half, self, &t, &g) &&
	     tally_frames(ty, callees, self, NULL) && tally_frames(ty, drawn_p, none, drawn);
	*total += t - g;
	free(self);
	free(none);
	return ok;
}

bool fc_legend_build(struct fc_legend *out, const struct fc_style *st, const struct fc_layout *l,
		     size_t top, struct fc_error *err)
{
	const struct fc_theme *t = st->theme ? st->theme : fc_theme_default();
	struct tally ty = { .st = st, .t = t };
	struct groups *g = &ty.g;
	double total = 0, gaps = 0, other = 0;
	size_t cap = 0, i, j, coalesced = 0;
	double *self = NULL;
	unsigned char *drawn = NULL;
	char *label;

	memset(out, 0, sizeof(*out));
	if (!top)
		top = FC_LEGEND_DEFAULT_TOP;
	out->title = fc_strdup(scheme_title(st->scheme));
	if (!out->title)
		goto nomem;

	for (i = 0; i < l->n_lanes; i++) {
		const struct fc_profile *p = l->lanes[i].profile, *callees;
		bool seen = false;

		coalesced += l->lanes[i].coalesced_frames;
		for (j = 0; j < i; j++)
			seen = seen || l->lanes[j].profile == p;
		if (!p || seen || st->scheme == FC_SCHEME_HEAT || st->scheme == FC_SCHEME_MONO)
			continue;
		drawn = calloc(p->n_frames + 1, 1);
		if (!drawn)
			goto nomem;
		/* a colour on screen gets an entry even without self time */
		for (j = i; j < l->n_lanes; j++)
			mark_drawn(&l->lanes[j], p, drawn);
		callees = sandwich_half(&l->lanes[i], FC_SANDWICH_CALLEES);
		if (callees) {
			if (!tally_sandwich(&ty, l, callees, p, drawn, &total))
				goto nomem;
		} else if (sandwich_half(&l->lanes[i], FC_SANDWICH_CALLERS)) {
			self = calloc(p->n_frames + 1, sizeof(*self)); /* no time of its own */
			if (!self || !tally_frames(&ty, p, self, drawn))
				goto nomem;
		} else {
			self = calloc(p->n_frames + 1, sizeof(*self));
			if (!self || !fc_style_frame_self(l, &l->lanes[i], self, &total, &gaps) ||
			    !tally_frames(&ty, p, self, drawn))
				goto nomem;
		}
		free(self);
		free(drawn);
		self = NULL;
		drawn = NULL;
	}
	if (!(total > 0))
		total = 1; /* no samples: every share is 0, never NaN */

	switch (st->scheme) {
	case FC_SCHEME_TIER:
		for (i = 0; i < FC_TIER_COUNT; i++)
			if (ty.tier_p[i] &&
			    !add_entry(out, &cap, frame_color(st, ty.tier_p[i], ty.tier_frame[i]),
				       true,
				       (st->dim_tiers & (1u << i))
					       ? fc_asprintf("%s (greyed out)", tier_labels[i])
					       : fc_strdup(tier_labels[i]),
				       ty.tier_self[i] / total))
				goto nomem;
		/* trace events (--tasks): by DevTools category */
		if (!sort_keys(g) ||
		    !fc_sort(g->items, g->n, sizeof(*g->items), by_self_desc, NULL))
			goto nomem;
		for (i = 0; i < g->n; i++) {
			label = g->items[i].label;
			g->items[i].label = NULL;
			if (!add_entry(out, &cap, frame_color(st, g->items[i].p, g->items[i].frame),
				       true, label, group_share(&g->items[i], total)))
				goto nomem;
		}
		break;
	case FC_SCHEME_HEAT:
		if (!heat_entries(out, &cap, t, l))
			goto nomem;
		break;
	case FC_SCHEME_MONO:
		if (!add_entry(out, &cap, t->coalesced, false,
			       fc_strdup("grey shades told apart by function name"), -1))
			goto nomem;
		break;
	case FC_SCHEME_URL:
	case FC_SCHEME_PACKAGE:
	default:
		if (!sort_keys(g) ||
		    !fc_sort(g->items, g->n, sizeof(*g->items), by_self_desc, NULL))
			goto nomem;
		timings_first(g);
		for (i = 0; i < g->n; i++) {
			struct group *it = &g->items[i];
			/* "other" only when it stands for more than one entry */
			if (i >= top && g->n > top + 1) {
				other += it->self;
				continue;
			}
			/* add_entry owns the label now, freed by it on failure */
			label = it->label;
			it->label = NULL;
			if (!add_entry(out, &cap, frame_color(st, it->p, it->frame), true, label,
				       group_share(it, total)))
				goto nomem;
		}
		if (other > 0 && !add_entry(out, &cap, t->background, false,
					    fc_asprintf("%zu others", g->n - top), other / total))
			goto nomem;
		break;
	}
	/* the chart draws these samples as gaps; the graph leaves them out */
	if (gaps > 0 &&
	    !add_entry(out, &cap, t->background, false,
		       fc_strdup(l->mode == FC_MODE_GRAPH ? "nothing on the stack (not drawn)"
							  : "nothing on the stack (gaps)"),
		       gaps / total))
		goto nomem;
	if (coalesced &&
	    !add_entry(out, &cap, t->coalesced, true,
		       l->options.minwidth_pct
			       ? fc_asprintf("frames narrower than %g%% of the width, merged",
					     l->options.minwidth)
			       : fc_asprintf("frames narrower than %g px, merged",
					     l->options.minwidth > 0 ? l->options.minwidth : 1),
		       -1))
		goto nomem;
	if (!filter_entries(out, &cap, st, t, l))
		goto nomem;
	groups_finish(g);
	return true;
nomem:
	free(self);
	free(drawn);
	groups_finish(g);
	fc_legend_finish(out);
	fc_error_set(err, FC_ERR_NOMEM, "out of memory");
	return false;
}

void fc_legend_finish(struct fc_legend *lg)
{
	size_t i;

	for (i = 0; i < lg->n; i++)
		free(lg->entries[i].label);
	free(lg->entries);
	free(lg->title);
	memset(lg, 0, sizeof(*lg));
}

bool fc_legend_copy(struct fc_legend *out, const struct fc_legend *src)
{
	size_t i;

	memset(out, 0, sizeof(*out));
	out->title = fc_strdup(src->title ? src->title : "");
	out->entries = calloc(src->n + 1, sizeof(*out->entries));
	if (!out->title || !out->entries)
		goto fail;
	for (i = 0; i < src->n; i++) {
		out->entries[i] = src->entries[i];
		out->entries[i].label = fc_strdup(src->entries[i].label);
		if (!out->entries[i].label)
			goto fail;
		out->n = i + 1;
	}
	return true;
fail:
	fc_legend_finish(out);
	return false;
}
