/* The merged flame graph's boxes (docs/graph.md): the merged tree of
 * graph_merge.c laid out depth-first, siblings in label order (FlameGraph
 * sorts its stacks the same way) or heaviest first, each row packed from its
 * parent's left edge, so x is a running sum of weights and a parent's self
 * weight is the gap to the right of its children. No recursion: an explicit
 * stack walks trees of any depth. */
#include <stdlib.h>
#include <string.h>

#include "model/classify.h"
#include "layout/graph.h"
#include "layout/internal.h"
#include "util/util.h"
#include "model/profile.h"

/* --- sibling order ----------------------------------------------------------- */

/* A distinct string to rank: its text (a frame's label, or a url) and a
 * second text that breaks ties (the raw name behind a label; NULL for
 * none), with the first 8 bytes of the text, big-endian and zero-padded:
 * comparing prefixes orders texts as strcmp does whenever they differ in
 * those bytes, so most comparisons of the sort touch no string. */
struct text_key {
	uint64_t prefix;
	const char *text, *tie;
	uint32_t id; /* string id */
};

static uint64_t text_prefix(const char *text)
{
	uint64_t k = 0;
	int i;

	for (i = 0; i < 8; i++) {
		unsigned char c = (unsigned char)text[i];
		k |= (uint64_t)c << (56 - 8 * i);
		if (!c)
			break;
	}
	return k;
}

/* Text, then tie, bytewise (strcmp: FlameGraph's sort). */
static int text_cmp(const struct text_key *x, const struct text_key *y, bool tie)
{
	int r;

	if (x->prefix != y->prefix)
		return x->prefix < y->prefix ? -1 : 1;
	r = strcmp(x->text, y->text);
	if (r || !tie || !x->tie)
		return r;
	return strcmp(x->tie, y->tie);
}

static int text_sort_cmp(const void *a, const void *b, void *ctx)
{
	(void)ctx;
	return text_cmp(a, b, true);
}

/* Sorts keys[0..n) and ranks their strings: major[id] in text order,
 * minor[id] (when not NULL) in text then tie order; equal texts have equal
 * ranks. */
static bool rank_texts(struct text_key *keys, size_t n, uint32_t *major, uint32_t *minor)
{
	uint32_t a = 0, b = 0;
	size_t i;

	if (!fc_sort(keys, n, sizeof(*keys), text_sort_cmp, NULL))
		return false;
	for (i = 0; i < n; i++) {
		if (i > 0 && text_cmp(&keys[i - 1], &keys[i], false)) {
			a++;
			b++;
		} else if (i > 0 && text_cmp(&keys[i - 1], &keys[i], true)) {
			b++;
		}
		major[keys[i].id] = a;
		if (minor)
			minor[keys[i].id] = b;
	}
	return true;
}

/* A frame's place in label order as three integers, compared in turn:
 * label rank and url rank; line and column (biased, so that unsigned order
 * is signed order); raw name rank and the frame itself. */
struct frame_key {
	uint64_t hi, mid, lo;
};

static int frame_key_cmp(const void *a, const void *b, void *ctx)
{
	const struct frame_key *x = a, *y = b;

	(void)ctx;
	if (x->hi != y->hi)
		return x->hi < y->hi ? -1 : 1;
	if (x->mid != y->mid)
		return x->mid < y->mid ? -1 : 1;
	return x->lo < y->lo ? -1 : x->lo > y->lo;
}

static uint64_t biased(int32_t v)
{
	return (uint32_t)v ^ 0x80000000u;
}

/* Ranks of the distinct names (label, then raw name) and urls of p's frames,
 * by string id; what is not a frame's name or url is left unset. */
struct text_ranks {
	uint32_t *label, *name, *url;
};

static bool rank_strings(const struct fc_profile *p, struct text_ranks *r)
{
	size_t n_str = p->strings.count ? p->strings.count : 1, n_names = 0, n_urls = 0;
	size_t nf = p->n_frames ? p->n_frames : 1, len = 0, cap = 0, i;
	/* at most one distinct name and one distinct url per frame */
	size_t *offset = malloc(nf * sizeof(*offset)); /* keys[i]'s label in labels */
	struct text_key *keys = malloc(nf * sizeof(*keys));
	char *labels = NULL;
	bool ok = offset && keys;

	r->label = malloc(n_str * sizeof(*r->label));
	r->name = malloc(n_str * sizeof(*r->name));
	r->url = malloc(n_str * sizeof(*r->url));
	ok = ok && r->label && r->name && r->url;
	if (ok) {
		memset(r->label, 0xff, n_str * sizeof(*r->label)); /* FC_NONE: not seen */
		memset(r->url, 0xff, n_str * sizeof(*r->url));
	}
	/* each distinct name's label, once: the name, "(anonymous)" or
	 * "/pattern/", at most the name's length plus 11 bytes */
	for (i = 0; ok && i < p->n_frames; i++) {
		uint32_t name = p->frames[i].name;
		size_t need = fc_strpool_len(&p->strings, name) + 16;

		if (r->label[name] != FC_NONE)
			continue;
		r->label[name] = 0;
		ok = FC_GROW(labels, cap, len + need);
		if (ok) {
			offset[n_names] = len;
			len += fc_classify_label(fc_profile_str(p, name), labels + len, need) + 1;
			keys[n_names++].id = name;
		}
	}
	for (i = 0; ok && i < n_names; i++) {
		keys[i].text = labels + offset[i];
		keys[i].tie = fc_profile_str(p, keys[i].id);
		keys[i].prefix = text_prefix(keys[i].text);
	}
	ok = ok && rank_texts(keys, n_names, r->label, r->name);
	for (i = 0; ok && i < p->n_frames; i++) {
		uint32_t url = p->frames[i].url;

		if (r->url[url] != FC_NONE)
			continue;
		r->url[url] = 0;
		keys[n_urls].id = url;
		keys[n_urls].text = fc_profile_str(p, url);
		keys[n_urls].tie = NULL;
		keys[n_urls].prefix = text_prefix(keys[n_urls].text);
		n_urls++;
	}
	ok = ok && rank_texts(keys, n_urls, r->url, NULL);
	free(labels);
	free(keys);
	free(offset);
	return ok;
}

uint32_t *fc_graph_frame_ranks(const struct fc_profile *p)
{
	size_t n = p->n_frames ? p->n_frames : 1, i;
	uint32_t *rank = malloc(n * sizeof(*rank));
	struct frame_key *keys = malloc(n * sizeof(*keys));
	struct text_ranks r = { 0 };
	bool ok = rank && keys && rank_strings(p, &r);

	for (i = 0; ok && i < p->n_frames; i++) {
		const struct fc_frame *f = &p->frames[i];

		keys[i].hi = (uint64_t)r.label[f->name] << 32 | r.url[f->url];
		keys[i].mid = biased(f->line) << 32 | biased(f->column);
		keys[i].lo = (uint64_t)r.name[f->name] << 32 | i;
	}
	ok = ok && fc_sort(keys, p->n_frames, sizeof(*keys), frame_key_cmp, NULL);
	for (i = 0; ok && i < p->n_frames; i++)
		rank[keys[i].lo & UINT32_MAX] = (uint32_t)i;
	free(r.label);
	free(r.name);
	free(r.url);
	free(keys);
	if (!ok) {
		free(rank);
		return NULL;
	}
	return rank;
}

struct sibling_ctx {
	const struct fc_graph *g;
	const uint32_t *rank;
	bool by_weight;
};

/* Label order: frame rank (siblings never share a frame, so no ties). With
 * --sort weight: heaviest first, ties in label order. */
static int sibling_cmp(const void *a, const void *b, void *ctx)
{
	const struct sibling_ctx *c = ctx;
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	const double *total = c->g->total;
	uint32_t rx = c->rank[c->g->merged->node_frame[x]];
	uint32_t ry = c->rank[c->g->merged->node_frame[y]];

	if (c->by_weight && total[x] != total[y])
		return total[x] > total[y] ? -1 : 1;
	return rx < ry ? -1 : rx > ry;
}

/* Sorts one family: insertion sort for the many small ones, a merge sort
 * for the few large ones. */
static bool sort_family(uint32_t *k, size_t n, struct sibling_ctx *ctx)
{
	size_t i, j;

	if (n > 16)
		return fc_sort(k, n, sizeof(*k), sibling_cmp, ctx);
	for (i = 1; i < n; i++) {
		uint32_t v = k[i];
		for (j = i; j > 0 && sibling_cmp(&v, &k[j - 1], ctx) < 0; j--)
			k[j] = k[j - 1];
		k[j] = v;
	}
	return true;
}

/* Children lists in sibling order: kids[start[m] .. start[m + 1]) are the
 * children of m. The nodes are grouped by parent in place (start doubles as
 * the cursor), then each family is sorted: no scratch array the size of the
 * tree, which is the layout's peak of memory. */
static bool order_children(const struct fc_graph *g, bool by_weight, uint32_t **kids_out,
			   uint32_t **start_out)
{
	size_t n = g->n_nodes, i;
	const uint32_t *parent = g->merged->node_parent;
	uint32_t *kids = malloc((n ? n : 1) * sizeof(*kids));
	uint32_t *start = calloc(n + 1, sizeof(*start));
	struct sibling_ctx ctx = { g, fc_graph_frame_ranks(g->merged), by_weight };
	bool ok = ctx.rank && kids && start;

	if (!ok)
		goto out;
	for (i = 1; i < n; i++)
		start[parent[i] + 1]++;
	for (i = 1; i <= n; i++)
		start[i] += start[i - 1];
	/* start[m] runs to the end of m's family, then moves back by one */
	for (i = 1; i < n; i++)
		kids[start[parent[i]]++] = (uint32_t)i;
	memmove(start + 1, start, n * sizeof(*start));
	start[0] = 0;
	for (i = 0; ok && i < n; i++)
		ok = sort_family(kids + start[i], start[i + 1] - start[i], &ctx);
out:
	free((void *)ctx.rank);
	if (!ok) {
		free(kids);
		free(start);
		return false;
	}
	*kids_out = kids;
	*start_out = start;
	return true;
}

/* --- placement --------------------------------------------------------------- */

/* A box waiting to be emitted: a merged node, or a "…" box (node FC_NONE). */
struct pending {
	double x0, x1;
	uint32_t node;
	uint32_t row;
	uint32_t count;
};

struct place {
	const struct fc_graph *g;
	const uint32_t *kids, *start;
	double min_weight;
	struct pending *stack;
	size_t top, cap;
};

static bool push(struct place *pl, double x0, double x1, uint32_t node, uint32_t row,
		 uint32_t count)
{
	struct pending *e;

	if (!FC_GROW(pl->stack, pl->cap, pl->top + 1))
		return false;
	e = &pl->stack[pl->top++];
	e->x0 = x0;
	e->x1 = x1;
	e->node = node;
	e->row = row;
	e->count = count;
	return true;
}

/* Pushes the children of m, laid out in [x0, x1), so that they pop in
 * sibling order with the "…" box of the narrow ones last. Each child starts
 * where the previous one ended; sums of doubles can drift by an ulp, so the
 * positions are clamped into the parent: a child never leaves its parent. */
static bool push_children(struct place *pl, uint32_t m, double x0, double x1, uint32_t row)
{
	const double *total = pl->g->total;
	size_t base = pl->top, i, j;
	double cursor = x0, narrow = 0;
	uint32_t narrow_count = 0;

	for (i = pl->start[m]; i < pl->start[m + 1]; i++) {
		uint32_t c = pl->kids[i];
		double a, b;

		if (!(total[c] > 0))
			continue;
		if (total[c] < pl->min_weight) {
			narrow += total[c];
			narrow_count += pl->g->size[c];
			continue;
		}
		a = cursor < x1 ? cursor : x1;
		cursor += total[c];
		b = cursor < x1 ? cursor : x1;
		if (!push(pl, a, b, pl->kids[i], row, 1))
			return false;
	}
	if (narrow_count) {
		double a = cursor < x1 ? cursor : x1, b = cursor + narrow;
		if (!push(pl, a, b < x1 ? b : x1, FC_NONE, row, narrow_count))
			return false;
	}
	/* reverse, so that the first sibling is on top */
	for (i = base, j = pl->top; i + 1 < j; i++, j--) {
		struct pending t = pl->stack[i];
		pl->stack[i] = pl->stack[j - 1];
		pl->stack[j - 1] = t;
	}
	return true;
}

/* Places g's boxes depth-first, each row packed from its parent's left
 * edge, and hands each to visit. m is the merged profile (g's, or the
 * lane's once it owns it). */
static bool place_walk(const struct fc_graph *g, const struct fc_profile *m, fc_lane_visit visit,
		       void *ctx)
{
	struct place pl = {
		.g = g, .kids = g->kids, .start = g->start, .min_weight = g->min_weight
	};
	bool ok = false;

	if (!push_children(&pl, 0, 0, fc_graph_total(g), 0))
		goto out;
	while (pl.top) {
		struct pending e = pl.stack[--pl.top];
		struct fc_box b;

		b.x0 = e.x0;
		b.x1 = e.x1;
		b.depth = e.row;
		b.node = e.node;
		b.count = e.count;
		if (e.node == FC_NONE) {
			b.frame = FC_NONE;
			b.self = e.x1 - e.x0; /* what lies under it is gone */
			b.flags = FC_BOX_COALESCED;
		} else {
			b.frame = m->node_frame[e.node];
			b.self = g->self[e.node];
			b.flags = 0;
			if (!g->gc_root && e.row > 0 && m->frames[b.frame].meta == FC_META_GC)
				b.flags = FC_BOX_GC_STACKED;
		}
		if (!visit(ctx, &b))
			goto out;
		if (e.node != FC_NONE && !push_children(&pl, e.node, e.x0, e.x1, e.row + 1))
			goto out;
	}
	ok = true;
out:
	free(pl.stack);
	return ok;
}

/* What the lane sums over its boxes: rows and what was coalesced. */
static bool measure(void *ctx, const struct fc_box *b)
{
	struct fc_lane *lane = ctx;

	if (b->flags & FC_BOX_COALESCED) {
		lane->coalesced += b->x1 - b->x0;
		lane->coalesced_frames += b->count;
	}
	if (b->depth + 1 > lane->rows)
		lane->rows = b->depth + 1;
	return true;
}

static bool hold(void *ctx, const struct fc_box *b)
{
	return measure(ctx, b) && fc_lane_push(ctx, b);
}

static void release_tree(struct fc_profile *m)
{
	free(m->node_parent);
	free(m->node_frame);
	free(m->node_depth);
	free(m->node_id);
	m->node_parent = m->node_frame = m->node_depth = NULL;
	m->node_id = NULL;
	m->n_nodes = 0;
}

bool fc_graph_each(const struct fc_lane *lane, fc_lane_visit visit, void *ctx)
{
	return lane->graph->n_nodes == 0 || place_walk(lane->graph, lane->profile, visit, ctx);
}

bool fc_graph_place(struct fc_lane *lane, struct fc_graph *g, const struct fc_layout_options *o,
		    double min_weight, struct fc_error *err)
{
	double total = fc_graph_total(g);
	bool ok = false;

	lane->profile = g->merged;
	lane->x_min = 0;
	lane->x_max = total;
	lane->total = total;
	lane->idle_left_out = g->idle_left_out;
	lane->root_left_out = g->root_left_out;
	lane->samples = g->samples;
	lane->healed = g->healed;
	lane->n_profiles = g->n_profiles;
	lane->frame_self = calloc(g->merged->n_frames + 1, sizeof(*lane->frame_self));
	if (!lane->frame_self)
		goto out;
	{
		size_t i;
		for (i = 1; i < g->n_nodes; i++)
			lane->frame_self[g->merged->node_frame[i]] += g->self[i];
	}
	if (g->n_nodes == 0) {
		ok = true;
		goto out;
	}
	if (!order_children(g, o->sort_weight, &g->kids, &g->start))
		goto out;
	g->min_weight = min_weight;
	g->gc_root = o->gc_root;
	if (o->bars_on_demand && o->plot_width_px <= 0) {
		/* the lane keeps the tree and places the boxes again on demand */
		ok = place_walk(g, g->merged, measure, lane);
		if (ok)
			lane->graph = g;
	} else {
		ok = place_walk(g, g->merged, hold, lane);
		free(g->kids);
		free(g->start);
		g->kids = g->start = NULL;
		/* the boxes are all the lane needs of the tree: it keeps the
		 * merged frames and gives the nodes back before painting */
		release_tree(g->merged);
		for (size_t i = 0; i < lane->n_boxes; i++)
			lane->boxes[i].node = FC_NONE;
	}
out:
	/* the lane owns the frames its boxes point to, even when it failed */
	lane->merged = g->merged;
	lane->title = g->title;
	g->merged = NULL;
	g->title = NULL;
	if (!ok)
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
	return ok;
}
