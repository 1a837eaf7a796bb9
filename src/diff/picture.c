/* The differential flame graph (docs/diff.md): HEAD's merged graph (BASE's
 * with base_widths) drawn by the ordinary painter, every frame filled by
 * its function's change in self time -- red more, blue less, saturation by
 * size, near-white when the change is not significant -- with a legend
 * that gives the scale and lists what only BASE has. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff/internal.h"
#include "layout/layout.h"
#include "style/legend.h"
#include "flamechart/flamechart.h"
#include "render/paint.h"
#include "render/render.h"
#include "util/map.h"
#include "util/strpool.h"
#include "util/util.h"
#include "model/profile.h"

static const struct fc_rgb neutral = { 238, 238, 234 };
static const struct fc_rgb red = { 214, 39, 40 }, blue = { 31, 99, 190 };
static const struct fc_rgb pale_red = { 250, 205, 195 }, pale_blue = { 198, 219, 246 };

struct picture {
	const struct fc_diff *d;
	uint32_t *frame_node; /* drawn profile's frame -> aligned path, FC_NONE */
	uint32_t n_frames;
	double ref_us; /* the change drawn fully saturated */
};

static struct fc_rgb mix(struct fc_rgb a, struct fc_rgb b, double t)
{
	struct fc_rgb c = { (uint8_t)lround(a.r + (b.r - a.r) * t),
			    (uint8_t)lround(a.g + (b.g - a.g) * t),
			    (uint8_t)lround(a.b + (b.b - a.b) * t) };
	return c;
}

/* The fill of a change: pale at the threshold, full at ref_us. */
static struct fc_rgb change_color(const struct picture *pc, double delta_us)
{
	double th = pc->d->threshold_us, t;

	if (pc->ref_us <= th)
		t = 1;
	else
		t = (fabs(delta_us) - th) / (pc->ref_us - th);
	t = t < 0 ? 0 : t > 1 ? 1 : sqrt(t);
	return delta_us > 0 ? mix(pale_red, red, t) : mix(pale_blue, blue, t);
}

/* The aligned path a frame of the drawn profile stands for, FC_NONE for
 * none (the root, a coalesced box). */
static uint32_t frame_path(const struct picture *pc, uint32_t frame)
{
	return frame < pc->n_frames ? pc->frame_node[frame] : FC_NONE;
}

static double path_delta(const struct fc_diff *d, uint32_t k)
{
	return d->node_self[FC_DIFF_HEAD][k] - d->node_self[FC_DIFF_BASE][k];
}

/* A path is drawn in a colour only when the tables agree: its own change
 * is significant, and so is its function's, the same way. A function whose
 * paths cancel out (slower from one caller, faster from another) is not
 * significant in the tables, and the picture does not say otherwise. */
static bool drawn_significant(const struct fc_diff *d, uint32_t k)
{
	const struct fc_diff_item *x = &d->functions[d->node_function[k]];

	return d->node_significant[k] && x->significant &&
	       (path_delta(d, k) > 0) == (fc_diff_delta_self(x) > 0);
}

/* Each box by its own call path's change in self time (docs/diff.md: the
 * aligned tree's paths), neutral when that change is not significant. */
static struct fc_rgb fill(void *ctx, const struct fc_profile *p, const struct fc_box *box)
{
	const struct picture *pc = ctx;
	uint32_t k = frame_path(pc, box->frame);

	(void)p;
	if (k == FC_NONE || !drawn_significant(pc->d, k))
		return neutral;
	return change_color(pc, path_delta(pc->d, k));
}

/* A box's tooltip lines after the graph's own: both sides' self time per
 * run on this call path, the change, its p-value and whether it counts. */
static void title_note(void *ctx, const struct fc_profile *p, uint32_t frame, char *out,
		       size_t size)
{
	const struct picture *pc = ctx;
	const struct fc_diff *d = pc->d;
	uint32_t k = frame_path(pc, frame);
	char ms[32], pct[32], a[32], b[32];
	double delta;

	(void)p;
	if (k == FC_NONE)
		return;
	delta = path_delta(d, k);
	fc_diff_format_ms(d->bytes, delta, ms, sizeof(ms));
	fc_diff_format_pct(delta, d->node_self[FC_DIFF_BASE][k], pct, sizeof(pct));
	fc_diff_format_amount(d->bytes, d->node_self[FC_DIFF_BASE][k], a, sizeof(a));
	fc_diff_format_amount(d->bytes, d->node_self[FC_DIFF_HEAD][k], b, sizeof(b));
	snprintf(out, size,
		 "self per run on this path: BASE %s, HEAD %s\n"
		 "change %s (%s), p = %.2g: %s",
		 a, b, ms, pct, d->node_p[k],
		 drawn_significant(d, k) ? "significant"
		 : d->node_significant[k]
			 ? "not significant for the function as a whole (its other paths)"
		 : d->node_p[k] < d->options.alpha ? "not significant (under the size threshold)"
						   : "not significant");
}

static void note(void *ctx, const struct fc_profile *p, uint32_t frame, char *out, size_t size)
{
	const struct picture *pc = ctx;
	uint32_t k = frame_path(pc, frame);
	char ms[32], pct[32];

	(void)p;
	if (k == FC_NONE || !drawn_significant(pc->d, k))
		return;
	fc_diff_format_ms(pc->d->bytes, path_delta(pc->d, k), ms, sizeof(ms));
	fc_diff_format_pct(path_delta(pc->d, k), pc->d->node_self[FC_DIFF_BASE][k], pct,
			   sizeof(pct));
	snprintf(out, size, "%s %s", ms, pct);
}

/* A frame of the drawn profile as interning keys it: name, URL, line and
 * column (every frame's script id is "0"), as ids of its pool. */
struct drawn_key {
	const struct fc_profile *p;
	uint32_t name, url;
	int32_t line, column;
};

static bool drawn_eq(const void *ctx, uint32_t v)
{
	const struct drawn_key *k = ctx;
	const struct fc_frame *f = &k->p->frames[v];

	return f->name == k->name && f->url == k->url && f->line == k->line &&
	       f->column == k->column;
}

static uint32_t drawn_hash(const struct drawn_key *k)
{
	return (uint32_t)fc_hash_u64(fc_hash_u64((uint64_t)k->name << 32 | k->url) ^
				     ((uint64_t)(uint32_t)k->line << 32 | (uint32_t)k->column));
}

/* Whether side_profile gives the path at order[i] a node: a top-level
 * one, or one that weighs (heavy) or has weight under it. */
static bool path_drawn(const struct fc_diff *d, const uint32_t *order, const uint8_t *heavy,
		       size_t i)
{
	return heavy[i + 1] || d->node_parent[order[i]] == FC_NONE;
}

#define FN_SEEN (FC_NONE - 1) /* fnframe: drawn, its frame not made yet */

/* The frames of the functions drawn, in the order their first paths come
 * (order[0..kept)), each function's in fnframe[]: the frames interning
 * them one by one would give, with the same indices and string ids (two
 * functions of one frame -- thread slots -- share it, the last one's tier,
 * tags and package kept), but made once: the pool sized ahead, and no
 * frame index (its keys copy every name), only a map of the frames. The
 * caller has marked the drawn functions FN_SEEN and sized p->frames. */
static bool function_frames(const struct fc_diff *d, struct fc_profile *p, const uint32_t *order,
			    size_t kept, uint32_t *fnframe, size_t n_drawn, size_t name_bytes)
{
	struct fc_map seen = { .dense = true };
	struct drawn_key k = { .p = p };
	uint32_t sid, h;
	size_t i, slot;
	bool ok = false;

	/* the root's frame is one of them, as interning would find it */
	if (!fc_strpool_reserve(&p->strings, n_drawn + 1, name_bytes + n_drawn) ||
	    !fc_map_reserve(&seen, n_drawn + 1) ||
	    (sid = fc_strpool_intern(&p->strings, "0", 1)) == FC_NONE)
		goto done;
	k.name = p->frames[0].name;
	k.url = p->frames[0].url;
	k.line = p->frames[0].line;
	k.column = p->frames[0].column;
	fc_map_find(&seen, drawn_hash(&k), drawn_eq, &k, &slot);
	fc_map_put(&seen, slot, drawn_hash(&k), 0);
	for (i = 0; i < kept; i++) {
		uint32_t fn = d->node_function[order[i]], f, pk;
		const struct fc_diff_item *x = &d->functions[fn];
		if (fnframe[fn] != FN_SEEN)
			continue;
		k.name = fc_strpool_intern(&p->strings, x->name, strlen(x->name));
		k.url = fc_strpool_intern(&p->strings, x->file, strlen(x->file));
		/* as interning clamps them */
		k.line = x->line < -1 || x->line > FC_POS_MAX ? -1 : x->line;
		k.column = x->column < -1 || x->column > FC_POS_MAX ? -1 : x->column;
		if (k.name == FC_NONE || k.url == FC_NONE)
			goto done;
		h = drawn_hash(&k);
		f = fc_map_find(&seen, h, drawn_eq, &k, &slot);
		if (f == FC_NONE) {
			struct fc_frame fr = { .name = k.name,
					       .url = k.url,
					       .script_id = sid,
					       .line = k.line,
					       .column = k.column };
			if ((f = fc_profile_append_frame(p, &fr)) == FC_NONE)
				goto done;
			fc_map_put(&seen, slot, h, f);
		}
		pk = fc_strpool_intern(&p->strings, x->package, strlen(x->package));
		if (pk == FC_NONE)
			goto done;
		p->frames[f].tier = x->tier;
		p->frames[f].tags = x->tags;
		p->frames[f].package = pk;
		fnframe[fn] = f;
	}
	ok = true;
done:
	fc_map_finish(&seen);
	return ok;
}

/* One side's merged graph, from the aligned tree the comparison built (no
 * second import or merge): a profile whose nodes are the side's call paths
 * in pre-order, with its function's frame, or for a path whose change is
 * significant a copy of it (so that a box's frame tells its path:
 * *frame_node; FC_NONE for the shared frames), and one sample per
 * path with self time weighing that time (µs per run). Every array is
 * sized once, when its size is known, and the walk's arrays go before the
 * profile's are made. NULL on allocation failure. */
static struct fc_profile *side_profile(const struct fc_diff *d, int side, double min_weight,
				       uint32_t **frame_node, uint32_t *n_map)
{
	double *sub = NULL; /* weight under each drawn path, by its new index */
	size_t n = d->n_nodes, i, top, kept = 0, n_drawn = 0, name_bytes = 0, copies = 0;
	size_t n_drawn_paths = 0;
	double cum = 0;
	uint8_t *heavy = NULL; /* 1 when the path or one below it weighs a unit */
	uint32_t *depth = NULL, at;
	/* 1 when the path or one below it has weight on this side */
	uint8_t *tot = calloc(n + 1, 1);
	uint32_t *start = calloc(n + 3, sizeof(*start)), *kids = malloc((n + 1) * sizeof(*kids));
	uint32_t *stack = malloc((n + 1) * sizeof(*stack)), *order = NULL;
	uint32_t *fnframe = NULL, *newidx = NULL, root, k;
	struct fc_profile *p = fc_profile_create();
	const double *self = d->node_self[side];
	size_t cap;

	*frame_node = NULL;
	if (!tot || !start || !kids || !stack || !p)
		goto fail;
	/* paths without weight on this side (under them too) are not drawn */
	for (i = n; i-- > 0;) {
		tot[i] |= self[i] > 0;
		if (tot[i] && d->node_parent[i] != FC_NONE)
			tot[d->node_parent[i]] = 1;
	}
	/* children (ordinal i + 1; 0 is the root), then pre-order */
	for (i = 0; i < n; i++)
		if (tot[i] > 0)
			start[(d->node_parent[i] == FC_NONE ? 0 : d->node_parent[i] + 1) + 2]++;
	for (i = 0; i < n + 1; i++)
		start[i + 2] += start[i + 1];
	for (i = 0; i < n; i++)
		if (tot[i] > 0)
			kids[start[(d->node_parent[i] == FC_NONE ? 0 : d->node_parent[i] + 1) +
				   1]++] = (uint32_t)i + 1;
	free(tot);
	tot = NULL;
	order = malloc((start[n + 1] + 1) * sizeof(*order));
	if (!order)
		goto fail;
	top = 0;
	for (k = start[0]; k < start[1]; k++)
		stack[top++] = kids[k];
	while (top) {
		uint32_t v = stack[--top];
		order[kept++] = v - 1;
		for (k = start[v]; k < start[v + 1]; k++)
			stack[top++] = kids[k];
	}
	/* the walk is done: its arrays go, and start is the paths' new index */
	free(stack);
	free(kids);
	stack = kids = NULL;
	newidx = start;
	start = NULL;
	/* each path's weight with what is under it, to know which may get a
	 * box of its own */
	sub = calloc(kept + 1, sizeof(*sub));
	fnframe = malloc((d->n_functions + 1) * sizeof(*fnframe));
	if (!sub || !fnframe)
		goto fail;
	for (i = 0; i < kept; i++)
		newidx[order[i]] = (uint32_t)i + 1;
	for (i = kept; i-- > 0;) {
		uint32_t a = order[i], q = d->node_parent[a];
		sub[i + 1] += self[a] > 0 ? self[a] : 0;
		if (q != FC_NONE)
			sub[newidx[q]] += sub[i + 1];
	}
	/* Which paths get a node. A path's sample weighs what the rounding of
	 * the running sum gives it (whole µs or bytes), so most of many
	 * paths thinner than a unit weigh 0: the graph merges no path without
	 * weight (nor its frame's share of anything), and no box, colour,
	 * tooltip or count of the picture comes from one. Such a path below
	 * a top-level one, with nothing weighing under it, has no node: its
	 * sample (weighing 0) stays, on its nearest drawn caller, so the
	 * samples, their times and the depth are those of every path. */
	heavy = calloc(kept + 1, 1);
	depth = malloc((kept + 1) * sizeof(*depth));
	if (!heavy || !depth)
		goto fail;
	for (i = 0; i < kept; i++) {
		uint32_t a = order[i], q = d->node_parent[a];
		if (self[a] > 0) {
			heavy[i + 1] = llround(cum + self[a]) != llround(cum);
			cum += self[a];
		}
		depth[i + 1] = q == FC_NONE ? 1 : depth[newidx[q]] + 1;
		if (depth[i + 1] > p->max_depth)
			p->max_depth = depth[i + 1];
	}
	for (i = kept; i-- > 0;) {
		uint32_t q = d->node_parent[order[i]];
		if (heavy[i + 1] && q != FC_NONE)
			heavy[newidx[q]] = 1;
	}
	/* what the frames take: the functions drawn and their names, and a
	 * copy of a frame for each path drawn in a colour of its own, or wide
	 * enough for a box of its own (its tooltip tells its change) */
	for (i = 0; i < d->n_functions; i++)
		fnframe[i] = FC_NONE;
	for (i = 0; i < kept; i++) {
		uint32_t fn = d->node_function[order[i]];
		if (!path_drawn(d, order, heavy, i))
			continue;
		n_drawn_paths++;
		if (fnframe[fn] == FC_NONE) {
			fnframe[fn] = FN_SEEN;
			n_drawn++;
			name_bytes += strlen(d->functions[fn].name);
		}
		if (drawn_significant(d, order[i]) || sub[i + 1] >= min_weight)
			copies++;
	}
	/* frames: the root, each drawn function, then one copy per path */
	p->name = fc_strdup(d->side[side].path);
	/* weights (µs or bytes per run), not a recording: no sample interval
	 * to state */
	p->has_time = false;
	p->weight_unit = d->bytes ? FC_UNIT_BYTES : "\xc2\xb5s";
	root = fc_profile_intern_frame(p, "(root)", 6, "", 0, "0", 1, -1, -1);
	if (!p->name || root == FC_NONE)
		goto fail;
	fc_profile_drop_frame_index(p);
	/* what both sides went through: the header's notes line states it */
	for (i = 0; i < d->options.n_scope; i++)
		if (!fc_profile_note_transform(p, "%s%s",
					       i ? "" : "both sides: ", d->options.scope[i]))
			goto fail;
	cap = p->frames_cap;
	if (!FC_GROW(p->frames, cap, (size_t)p->n_frames + n_drawn + copies))
		goto fail;
	p->frames_cap = cap;
	if (!function_frames(d, p, order, kept, fnframe, n_drawn, name_bytes))
		goto fail;
	*frame_node = malloc(((size_t)p->n_frames + copies + 1) * sizeof(**frame_node));
	p->n_nodes = (uint32_t)n_drawn_paths + 1;
	p->node_parent = malloc(p->n_nodes * sizeof(uint32_t));
	p->node_frame = malloc(p->n_nodes * sizeof(uint32_t));
	p->node_depth = malloc(p->n_nodes * sizeof(uint32_t));
	p->sample_node = malloc((kept + 1) * sizeof(uint32_t));
	p->sample_time_us = malloc((kept + 1) * sizeof(int64_t));
	if (!*frame_node || !p->node_parent || !p->node_frame || !p->node_depth ||
	    !p->sample_node || !p->sample_time_us)
		goto fail;
	for (i = 0; i < p->n_frames; i++)
		(*frame_node)[i] = FC_NONE;
	p->node_parent[0] = FC_NONE;
	p->node_frame[0] = root;
	p->node_depth[0] = 0;
	/* depth[] becomes each path's node: its own, or its drawn caller's */
	for (i = 0, at = 0, cum = 0; i < kept; i++) {
		uint32_t a = order[i], q = d->node_parent[a],
			 up = q == FC_NONE ? 0 : depth[newidx[q]];
		uint32_t f = fnframe[d->node_function[a]];
		if (path_drawn(d, order, heavy, i)) {
			at++;
			if (drawn_significant(d, a) || sub[i + 1] >= min_weight) {
				p->frames[p->n_frames] = p->frames[f];
				f = p->n_frames++;
				(*frame_node)[f] = a;
			}
			p->node_parent[at] = up;
			p->node_frame[at] = f;
			p->node_depth[at] = p->node_depth[up] + 1;
			up = at;
		}
		depth[i + 1] = up;
		if (self[a] > 0) {
			p->sample_node[p->n_samples] = up;
			p->sample_time_us[p->n_samples++] = llround(cum);
			cum += self[a];
		}
	}
	*n_map = p->n_frames;
	p->last_end_us = p->end_us = llround(cum);
	fc_profile_find_meta_nodes(p);
	/* the paths are merged already: no (program) sample is healed again */
	p->program_node = FC_NONE;
	goto done;
fail:
	fc_profile_destroy(p);
	free(*frame_node);
	*frame_node = NULL;
	p = NULL;
done:
	free(heavy);
	free(depth);
	free(sub);
	free(tot);
	free(start);
	free(kids);
	free(stack);
	free(order);
	free(fnframe);
	free(newidx);
	return p;
}

static bool entry(struct fc_legend *lg, struct fc_rgb c, bool swatch, char *label)
{
	struct fc_legend_entry *e;

	if (!label)
		return false;
	e = realloc(lg->entries, (lg->n + 1) * sizeof(*e));
	if (!e) {
		free(label);
		return false;
	}
	lg->entries = e;
	e[lg->n].color = c;
	e[lg->n].swatch = swatch;
	e[lg->n].label = label;
	e[lg->n++].share = -1;
	return true;
}

static int lost_cmp(const void *a, const void *b, void *ctx)
{
	const struct fc_diff_item *v = ctx;
	const struct fc_diff_item *x = &v[*(const size_t *)a], *y = &v[*(const size_t *)b];
	if (x->side[0].self_us != y->side[0].self_us)
		return x->side[0].self_us > y->side[0].self_us ? -1 : 1;
	return fc_diff_item_cmp(x, y);
}

/* The scale, only for the colours the picture uses (strongest regression,
 * threshold, neutral, threshold, strongest improvement), and the
 * significant changes of functions that have no box (only in BASE, or only
 * in HEAD with base_widths). With nothing coloured, no scale (the
 * header's first line says "no significant change"). */
static bool build_legend(struct picture *pc, struct fc_legend *lg, bool base_widths)
{
	const struct fc_diff *d = pc->d;
	char a[32], b[32];
	size_t i, n = 0, *lost = malloc((d->n_functions + 1) * sizeof(*lost)), shown;
	bool ok = true, more = false, less = false;
	const char *side = base_widths ? "HEAD" : "BASE";

	memset(lg, 0, sizeof(*lg));
	for (i = 0; i < d->n_nodes; i++)
		if (drawn_significant(d, (uint32_t)i)) {
			more = more || path_delta(d, (uint32_t)i) > 0;
			less = less || path_delta(d, (uint32_t)i) < 0;
		}
	lg->title = fc_asprintf("Change in self %s per run of each call path%s",
				d->bytes ? "bytes allocated" : "time",
				more || less ? " (red: more in HEAD, blue: less)" : "");
	if (!lost || !lg->title) {
		free(lost);
		return false;
	}
	if (more) {
		fc_diff_format_ms(d->bytes, pc->ref_us, a, sizeof(a));
		fc_diff_format_ms(d->bytes, d->threshold_us, b, sizeof(b));
		ok = entry(lg, red, true, fc_asprintf("%s or more", a)) &&
		     entry(lg, pale_red, true, fc_asprintf("%s", b));
	}
	fc_diff_format_amount(d->bytes, d->threshold_us, b, sizeof(b));
	ok = ok && entry(lg, neutral, true,
			 fc_asprintf("not significant (p \xe2\x89\xa5 %g or under %s)",
				     d->options.alpha, b));
	if (less) {
		fc_diff_format_ms(d->bytes, -d->threshold_us, b, sizeof(b));
		fc_diff_format_ms(d->bytes, -pc->ref_us, a, sizeof(a));
		ok = ok && entry(lg, pale_blue, true, fc_asprintf("%s", b)) &&
		     entry(lg, blue, true, fc_asprintf("%s or more", a));
	}
	/* what has no box, and changed significantly */
	for (i = 0; i < d->n_functions; i++) {
		const struct fc_diff_item *x = &d->functions[i];
		if (x->thread_root || !x->significant)
			continue;
		/* no box: no time at all on the drawn side, not even under it */
		if (base_widths ? (x->in_head && !(x->side[0].total_us > 0))
				: (x->in_base && !(x->side[1].total_us > 0)))
			lost[n++] = i;
	}
	if (ok && n && fc_sort(lost, n, sizeof(*lost), lost_cmp, (void *)d->functions)) {
		shown = n < 6 ? n : 6;
		for (i = 0; ok && i < shown; i++) {
			const struct fc_diff_item *x = &d->functions[lost[i]];
			double v = base_widths ? x->side[1].self_us : -x->side[0].self_us;
			fc_diff_format_ms(d->bytes, v, a, sizeof(a));
			ok = entry(lg, change_color(pc, v), true,
				   fc_asprintf("only in %s: %s%s%s %s", side, x->name,
					       x->file[0] ? " " : "", fc_basename(x->file), a));
		}
		if (ok && n > shown)
			ok = entry(lg, neutral, false,
				   fc_asprintf("and %zu more only in %s", n - shown, side));
	}
	free(lost);
	return ok;
}

/* The header under the title: the answer, as the Markdown's first line
 * gives it, then the runs, the total and the test on one line. */
static char *subtitle(const struct fc_diff *d)
{
	char answer[768], runs[64], ms[32], pct[32], norm[48] = "", ba[32], ha[32];
	const struct fc_diff_input *b = &d->side[0], *h = &d->side[1];
	struct fc_diff_answer a;

	fc_diff_answer(d, &a);
	fc_diff_answer_text(&a, true, answer, sizeof(answer));
	if (b->n_runs == h->n_runs)
		snprintf(runs, sizeof(runs), "%zu run%s a side", b->n_runs,
			 b->n_runs == 1 ? "" : "s");
	else
		snprintf(runs, sizeof(runs), "BASE %zu run%s, HEAD %zu run%s", b->n_runs,
			 b->n_runs == 1 ? "" : "s", h->n_runs, h->n_runs == 1 ? "" : "s");
	fc_diff_format_ms(d->bytes, fc_diff_delta_self(&d->total), ms, sizeof(ms));
	fc_diff_format_pct(fc_diff_delta_self(&d->total), d->total.side[0].self_us, pct,
			   sizeof(pct));
	if (d->options.normalize_total)
		snprintf(norm, sizeof(norm), "  \xc2\xb7  BASE scaled to HEAD's total");
	/* "204.5 → 329.7 ms" (the unit once), "25.0 MB → 32.8 MB" */
	if (d->bytes) {
		fc_format_bytes(b->total_us, false, ba, sizeof(ba));
		fc_format_bytes(h->total_us, false, ha, sizeof(ha));
	} else {
		snprintf(ba, sizeof(ba), "%.1f", b->total_us / 1000);
		snprintf(ha, sizeof(ha), "%.1f ms", h->total_us / 1000);
	}
	return fc_asprintf("%s\n%s  \xc2\xb7  %s per run %s \xe2\x86\x92 %s (%s, %s%s)%s"
			   "  \xc2\xb7  %s, \xce\xb1 %g",
			   answer, runs, d->bytes ? "allocated" : "CPU", ba, ha, ms, pct,
			   d->total.significant ? "" : ", not significant", norm,
			   strcmp(d->test, "welch") == 0 ? "Welch's t-test"
							 : "two-proportion z-test",
			   d->options.alpha);
}

bool fc_diff_write_image(const struct fc_diff *d, const struct fc_diff_image_options *io,
			 const char *path, struct fc_error *err)
{
	struct picture pc = { .d = d };
	struct fc_profile_set set;
	struct fc_profile *p;
	struct fc_layout layout;
	struct fc_layout_options lo = { .mode = FC_MODE_GRAPH };
	struct fc_paint_options po = { 0 };
	struct fc_style st = { 0 };
	struct fc_legend lg = { 0 };
	struct fc_output out;
	char *title = NULL, *sub = NULL;
	bool ok = false, have_layout = false;
	size_t i;

	if (d->options.no_paths || d->options.no_path_tests) {
		fc_error_set(err, FC_ERR_INVALID,
			     "diff: the comparison was made without its call paths' tests "
			     "(no_paths, no_path_tests): no image can be drawn from it");
		return false;
	}
	fc_profile_set_init(&set);
	for (i = 0; i < d->n_nodes; i++)
		if (drawn_significant(d, (uint32_t)i) &&
		    fabs(path_delta(d, (uint32_t)i)) > pc.ref_us)
			pc.ref_us = fabs(path_delta(d, (uint32_t)i));
	if (pc.ref_us < d->threshold_us * 4)
		pc.ref_us = d->threshold_us * 4;
	po.width_px = io->width_px;
	{
		/* what a box narrower than half a pixel weighs: no box of its own */
		int side = io->base_widths ? FC_DIFF_BASE : FC_DIFF_HEAD;
		double total = 0;
		for (i = 0; i < d->n_nodes; i++)
			total += d->node_self[side][i] > 0 ? d->node_self[side][i] : 0;
		p = side_profile(d, side, total / fc_paint_plot_width(&po) / 2, &pc.frame_node,
				 &pc.n_frames);
	}
	if (!p || !fc_profile_set_add(&set, p)) {
		fc_profile_destroy(p);
		goto nomem;
	}
	po.width_px = io->width_px;
	po.scale = io->scale;
	/* the height budget of every image (layout/fold.h): folded to at
	 * most max_aspect (a render's default, 1.5) x the width */
	po.max_height_px = (int)((io->width_px > 0 ? io->width_px : FC_PAINT_DEFAULT_WIDTH) *
				 (io->max_aspect > 0 ? io->max_aspect : FC_RENDER_ASPECT));
	/* the paths hold the comparison's rules already: (idle) kept or left
	 * out, GC where the merge put it */
	lo.keep_idle = true;
	lo.gc_root = true;
	lo.sort_weight = io->sort_weight;
	lo.plot_width_px = fc_paint_plot_width(&po);
	lo.minwidth = 1;
	lo.distinct_paths = true; /* one node per aligned path */
	if (!fc_layout_build(&layout, &set, &lo, err))
		goto done;
	have_layout = true;
	/* the picture's height budget: the fold step, which fits a
	 * render's layout to its height, is to run here on this layout too,
	 * before the header and legend are measured */
	title = io->title ? fc_strdup(io->title)
			  : fc_asprintf("%s \xe2\x86\x92 %s%s",
					io->names[0] ? io->names[0] : d->side[0].path,
					io->names[1] ? io->names[1] : d->side[1].path,
					io->base_widths ? " (BASE's widths)" : "");
	sub = subtitle(d);
	if (!title || !sub || !build_legend(&pc, &lg, io->base_widths))
		goto nomem;
	st.theme = io->theme;
	st.scheme = FC_SCHEME_TIER;
	st.fill_hook = fill;
	st.hook_ctx = &pc;
	po.title = title;
	po.subtitle = sub;
	po.legend = &lg;
	po.label_note = note;
	po.note_ctx = &pc;
	po.title_note = title_note;
	if (!fc_output_open(&out, path, err))
		goto done;
	switch (io->format) {
	case FC_DIFF_PNG:
		ok = fc_write_png(&layout, &st, &po, &out, err);
		break;
	case FC_DIFF_PDF:
		ok = fc_write_pdf(&layout, &st, &po, &out, err);
		break;
	default:
		ok = fc_write_svg(&layout, &st, &po, &out, err);
		break;
	}
	if (ok) {
		ok = fc_output_commit(&out, err);
	} else {
		/* the writer stopped at a failed write: a closed pipe is said so */
		if (out.failed && out.errno_value == EPIPE)
			err->code = FC_ERR_PIPE;
		fc_output_abort(&out);
	}
	goto done;
nomem:
	fc_error_set(err, FC_ERR_NOMEM, "out of memory");
done:
	fc_legend_finish(&lg);
	free(title);
	free(sub);
	free(pc.frame_node);
	if (have_layout)
		fc_layout_finish(&layout);
	fc_profile_set_finish(&set);
	return ok;
}
