/* Folded stacks, FlameGraph's input format: "root;caller;callee 123", one
 * line per distinct stack with its self weight (docs/graph.md). Written from
 * the exact graph layout, whose boxes are the merged stacks already; the
 * lines come out depth-first with siblings in byte order of their names, so
 * the same profile always gives the same file. No recursion, no line is
 * built twice: one path buffer grows and shrinks along the walk. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/classify.h"
#include "render/render.h"
#include "util/util.h"
#include "model/profile.h"
#include "util/buf.h"

/* ';' separates frames and cannot be escaped: inside a name it becomes
 * U+FF1B FULLWIDTH SEMICOLON, which reads the same. Line breaks would end
 * the line: they become U+FFFD (the model has replaced them already, except
 * in titles). */
static const char semicolon[] = "\xef\xbc\x9b";
static const char replacement[] = "\xef\xbf\xbd";

static bool buf_add(struct fc_buf *b, const char *s, size_t n)
{
	fc_buf_add(b, s, n);
	return !b->failed;
}

/* Appends s with the separator and line breaks replaced. */
static bool buf_add_safe(struct fc_buf *b, const char *s, size_t n)
{
	size_t i, from = 0;

	for (i = 0; i < n; i++) {
		const char *r;

		if (s[i] == ';')
			r = semicolon;
		else if (s[i] == '\n' || s[i] == '\r')
			r = replacement;
		else
			continue;
		if (!buf_add(b, s + from, i - from) || !buf_add(b, r, 3))
			return false;
		from = i + 1;
	}
	return buf_add(b, s + from, n - from);
}

/* "label url:line:column", 1-based as DevTools shows them; the location is
 * left out when the frame has none, e.g. "(program)". */
static bool frame_name(struct fc_buf *b, const struct fc_profile *p, const struct fc_frame *f)
{
	const char *name = fc_profile_str(p, f->name), *url = fc_profile_str(p, f->url);
	size_t size = strlen(name) + 16, n;
	char *label = malloc(size), num[32];
	bool ok;

	if (!label)
		return false;
	n = fc_classify_label(name, label, size);
	ok = buf_add_safe(b, label, n);
	free(label);
	if (ok && (url[0] || f->line >= 0 || f->column >= 0)) {
		ok = buf_add(b, " ", 1) && buf_add_safe(b, url, strlen(url));
		if (ok && f->line >= 0) {
			n = (size_t)snprintf(num, sizeof(num), ":%ld", (long)fc_pos_shown(f->line));
			ok = buf_add(b, num, n);
		}
		if (ok && f->column >= 0) {
			n = (size_t)snprintf(num, sizeof(num), ":%ld",
					     (long)fc_pos_shown(f->column));
			ok = buf_add(b, num, n);
		}
	}
	return ok;
}

/* Every frame's folded name, and its rank in byte order. */
struct names {
	struct fc_buf text;
	size_t *offset; /* frame -> offset into text; n_frames = the "…" box */
	uint32_t *rank; /* frame -> position in byte order; "…" last */
};

static int name_cmp(const void *a, const void *b, void *ctx)
{
	const struct names *nm = ctx;
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	int r = strcmp(nm->text.data + nm->offset[x], nm->text.data + nm->offset[y]);

	return r ? r : (x < y ? -1 : x > y);
}

static bool names_build(struct names *nm, const struct fc_profile *p)
{
	size_t n = p->n_frames, i;
	uint32_t *order = malloc((n + 1) * sizeof(*order));
	bool ok;

	memset(nm, 0, sizeof(*nm));
	nm->offset = malloc((n + 1) * sizeof(*nm->offset));
	nm->rank = malloc((n + 1) * sizeof(*nm->rank));
	ok = order && nm->offset && nm->rank;
	for (i = 0; ok && i < n; i++) {
		nm->offset[i] = nm->text.len;
		/* each name keeps its NUL */
		ok = frame_name(&nm->text, p, &p->frames[i]) && buf_add(&nm->text, "", 1);
		order[i] = (uint32_t)i;
	}
	if (ok) {
		nm->offset[n] = nm->text.len;
		ok = buf_add(&nm->text, "…", sizeof("…"));
	}
	ok = ok && fc_sort(order, n, sizeof(*order), name_cmp, nm);
	for (i = 0; ok && i < n; i++)
		nm->rank[order[i]] = (uint32_t)i;
	if (ok)
		nm->rank[n] = (uint32_t)n;
	free(order);
	return ok;
}

static void names_free(struct names *nm)
{
	fc_buf_free(&nm->text);
	free(nm->offset);
	free(nm->rank);
}

/* One lane: rebuild the tree from the depth-first boxes (a box's parent is
 * the last box one row below), order each family by name, walk it. */
struct lane_tree {
	uint32_t *kids;  /* children of box j at kids[start[j + 1] .. start[j + 2]) */
	uint32_t *start; /* index 0: the root (row-0 boxes) */
	uint32_t *stack;
};

static bool lane_tree_build(struct lane_tree *t, const struct fc_lane *lane, const struct names *nm,
			    size_t nf, struct fc_error *err)
{
	size_t n = lane->n_boxes, i;
	uint32_t *parent = malloc((n ? n : 1) * sizeof(*parent));
	uint32_t *last = malloc(((size_t)lane->rows + 1) * sizeof(*last));
	uint32_t *order = malloc((n ? n : 1) * sizeof(*order));
	uint32_t *count = calloc((nf > n ? nf : n) + 3, sizeof(*count));
	bool ok;

	t->kids = malloc((n ? n : 1) * sizeof(*t->kids));
	t->start = calloc(n + 2, sizeof(*t->start));
	t->stack = malloc((n ? n : 1) * sizeof(*t->stack));
	ok = parent && last && order && count && t->kids && t->start && t->stack;
	if (!ok)
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
	for (i = 0; ok && i < n; i++) {
		uint32_t d = lane->boxes[i].depth;
		/* depth-first: a box is at most one row above the previous one */
		if (d >= lane->rows || (d > 0 && (i == 0 || d > lane->boxes[i - 1].depth + 1))) {
			fc_error_set(err, FC_ERR_USAGE, "the layout's boxes are not depth-first");
			ok = false;
			break;
		}
		parent[i] = d == 0 ? 0 : last[d - 1] + 1; /* 0 = root, else box + 1 */
		last[d] = (uint32_t)i;
	}
	if (ok) {
		/* counting sort by name rank, then a stable split by parent */
		for (i = 0; i < n; i++) {
			uint32_t f = lane->boxes[i].frame;
			count[nm->rank[f == FC_NONE ? nf : f] + 1]++;
		}
		for (i = 1; i <= nf + 1; i++)
			count[i] += count[i - 1];
		for (i = 0; i < n; i++) {
			uint32_t f = lane->boxes[i].frame;
			order[count[nm->rank[f == FC_NONE ? nf : f]]++] = (uint32_t)i;
		}
		for (i = 0; i < n; i++)
			t->start[parent[i] + 1]++;
		for (i = 1; i <= n + 1; i++)
			t->start[i] += t->start[i - 1];
		memcpy(count, t->start, (n + 1) * sizeof(*count));
		for (i = 0; i < n; i++)
			t->kids[count[parent[order[i]]]++] = order[i];
	}
	free(parent);
	free(last);
	free(order);
	free(count);
	return ok;
}

static void lane_tree_free(struct lane_tree *t)
{
	free(t->kids);
	free(t->start);
	free(t->stack);
}

/* Pushes the children of tree slot s (0 = root, else box + 1) so that the
 * first in order pops first. */
static void push_kids(const struct lane_tree *t, uint32_t s, size_t *top)
{
	uint32_t i;

	for (i = t->start[s + 1]; i-- > t->start[s];)
		t->stack[(*top)++] = t->kids[i];
}

static bool write_lane(const struct fc_lane *lane, bool prefix, struct fc_output *out,
		       struct fc_buf *path, size_t **plen, size_t *plen_cap, struct fc_error *err)
{
	const struct fc_profile *p = lane->profile;
	size_t nf = p->n_frames, top = 0, base = 0;
	struct lane_tree t = { 0 };
	struct names nm;
	double cum = 0;
	int64_t written = 0;
	bool ok = names_build(&nm, p);

	if (!ok)
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
	ok = ok && lane_tree_build(&t, lane, &nm, nf, err);

	path->len = 0;
	if (ok && prefix) {
		const char *title = lane->title ? lane->title : "profile";
		ok = buf_add_safe(path, title, strlen(title));
		if (!ok)
			fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		base = path->len;
	}
	if (ok && !FC_GROW(*plen, *plen_cap, (size_t)lane->rows + 1)) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		ok = false;
	}
	if (ok)
		push_kids(&t, 0, &top);
	while (ok && top) {
		uint32_t j = t.stack[--top];
		const struct fc_box *b = &lane->boxes[j];
		size_t at = b->depth ? (*plen)[b->depth - 1] : base;
		uint32_t f = b->frame == FC_NONE ? (uint32_t)nf : b->frame;
		const char *name = nm.text.data + nm.offset[f];

		path->len = at;
		ok = (at == 0 || buf_add(path, ";", 1)) && buf_add(path, name, strlen(name));
		if (!ok) {
			fc_error_set(err, FC_ERR_NOMEM, "out of memory");
			break;
		}
		(*plen)[b->depth] = path->len;
		/* Cumulative rounding: each line gets the rounded running sum
		 * minus what was written, so a subtree (contiguous lines) sums to
		 * its exact total within 1 unit. */
		if (b->self > 0) {
			int64_t count;
			cum += b->self;
			count = (int64_t)floor(cum + 0.5) - written;
			if (count > 0) {
				fc_output_write(out, path->data, path->len);
				fc_output_printf(out, " %lld\n", (long long)count);
				written += count;
			}
		}
		push_kids(&t, j + 1, &top);
	}
	names_free(&nm);
	lane_tree_free(&t);
	return ok;
}

bool fc_write_folded(const struct fc_layout *l, struct fc_output *out, struct fc_error *err)
{
	struct fc_buf path = { 0 };
	size_t *plen = NULL, plen_cap = 0, i;
	bool ok = true;

	if (l->mode != FC_MODE_GRAPH) {
		fc_error_set(err, FC_ERR_USAGE, "folded stacks need the graph layout");
		return false;
	}
	for (i = 0; ok && i < l->n_lanes && !out->failed; i++)
		ok = write_lane(&l->lanes[i], l->options.per_thread, out, &path, &plen, &plen_cap,
				err);
	fc_buf_free(&path);
	free(plen);
	return ok;
}
