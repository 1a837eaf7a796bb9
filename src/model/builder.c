#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/builder.h"
#include "util/util.h"
#include "model/profile.h"

/* Sample times beyond ±2^53 µs (285 years) cannot come from a real clock and
 * would not survive a round trip through JSON doubles. */
#define TIME_LIMIT_US (INT64_C(1) << 53)

void fc_builder_init(struct fc_builder *b, struct fc_profile *profile, const char *file,
		     bool strict)
{
	memset(b, 0, sizeof(*b));
	b->profile = profile;
	b->file = file;
	b->strict = strict;
	b->nodes_path = "nodes";
	b->samples_path = "samples";
}

void fc_builder_finish_free(struct fc_builder *b)
{
	if (!b->id_shared)
		free(b->id);
	free(b->frame);
	free(b->parent_id);
	free(b->pos_line);
	free(b->pos_col);
	free(b->edge_parent);
	free(b->edge_child);
	free(b->sample_id32);
	free(b->sample_id64);
	free(b->times);
	free(b->map_dense);
	free(b->slot_lines);
	free(b->slot_line_slot);
	free(b->sample_line);
	fc_map_finish(&b->map_table);
	memset(b, 0, sizeof(*b));
}

bool fc_builder_repair(struct fc_builder *b, struct fc_error *err, const char *path, long line,
		       long col, const char *fmt, ...)
{
	char text[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	if (b->strict) {
		fc_error_set(err, FC_ERR_STRICT, "%s (an error under --strict)", text);
		fc_error_set_path(err, path);
		err->line = line;
		err->column = col;
		return false;
	}
	if (!fc_profile_warn(b->profile, path, line, col, "%s", text)) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	return true;
}

/* --- id -> slot map (built by finish) ------------------------------------- */

struct id_probe {
	const struct fc_builder *b;
	int64_t id;
};

static bool id_eq(const void *ctx, uint32_t s)
{
	const struct id_probe *q = ctx;
	return q->b->id[s] == q->id;
}

static uint32_t id_find(const struct fc_builder *b, int64_t id)
{
	struct id_probe q = { b, id };

	if (b->map_dense) {
		uint64_t k = (uint64_t)id - (uint64_t)b->map_base;
		if (id < b->map_base || k >= b->map_dense_len)
			return FC_NONE;
		return b->map_dense[k] - 1; /* 0 - 1 = FC_NONE */
	}
	return fc_map_find(&b->map_table, (uint32_t)fc_hash_u64((uint64_t)id), id_eq, &q, NULL);
}

static bool duplicate(struct fc_builder *b, uint32_t first, uint32_t later, struct fc_error *err)
{
	char path[96];

	snprintf(path, sizeof(path), "%s[%u].id", b->nodes_path, later);
	fc_error_set(err, FC_ERR_INVALID,
		     "duplicate node id %lld (also %s[%u], line %u, column %u)",
		     (long long)b->id[later], b->nodes_path, first, b->pos_line[first],
		     b->pos_col[first]);
	fc_error_set_path(err, path);
	err->line = b->pos_line[later];
	err->column = b->pos_col[later];
	return false;
}

/* V8 numbers nodes 1..N, so a dense array usually serves; sparse or huge
 * ids fall back to open addressing. Duplicate ids are errors. */
static bool build_id_map(struct fc_builder *b, struct fc_error *err)
{
	int64_t lo = INT64_MAX, hi = INT64_MIN;
	size_t i;

	for (i = 0; i < b->n; i++) {
		if (b->id[i] < lo)
			lo = b->id[i];
		if (b->id[i] > hi)
			hi = b->id[i];
	}
	if (b->n && (uint64_t)hi - (uint64_t)lo < (uint64_t)b->n * 4 + 1024) {
		b->map_base = lo;
		b->map_dense_len = (size_t)((uint64_t)hi - (uint64_t)lo) + 1;
		b->map_dense = calloc(b->map_dense_len, sizeof(uint32_t));
		if (!b->map_dense)
			goto nomem;
		for (i = 0; i < b->n; i++) {
			uint32_t *slot = &b->map_dense[(uint64_t)b->id[i] - (uint64_t)lo];
			if (*slot)
				return duplicate(b, *slot - 1, (uint32_t)i, err);
			*slot = (uint32_t)i + 1;
		}
		return true;
	}
	if (!fc_map_reserve(&b->map_table, b->n))
		goto nomem;
	for (i = 0; i < b->n; i++) {
		struct id_probe q = { b, b->id[i] };
		uint32_t h = (uint32_t)fc_hash_u64((uint64_t)b->id[i]), s;
		size_t slot;

		s = fc_map_find(&b->map_table, h, id_eq, &q, &slot);
		if (s != FC_NONE)
			return duplicate(b, s, (uint32_t)i, err);
		fc_map_put(&b->map_table, slot, h, (uint32_t)i);
	}
	return true;
nomem:
	fc_error_set(err, FC_ERR_NOMEM, "out of memory");
	return false;
}

uint32_t fc_builder_node(struct fc_builder *b, int64_t id, uint32_t frame, long line, long col,
			 struct fc_error *err)
{
	size_t cap;

	if (b->n >= UINT32_MAX - 2)
		goto nomem;
	cap = b->cap;
	if (!FC_GROW(b->id, cap, b->n + 1))
		goto nomem;
#define GROW_ALSO(arr)                                             \
	do {                                                       \
		void *np = realloc(b->arr, cap * sizeof(*b->arr)); \
		if (!np)                                           \
			goto nomem;                                \
		b->arr = np;                                       \
	} while (0)
	if (cap != b->cap) {
		GROW_ALSO(frame);
		GROW_ALSO(pos_line);
		GROW_ALSO(pos_col);
		if (b->parent_id)
			GROW_ALSO(parent_id);
		b->cap = cap;
	}
#undef GROW_ALSO
	b->id[b->n] = id;
	b->frame[b->n] = frame;
	if (b->parent_id)
		b->parent_id[b->n] = INT64_MIN;
	b->pos_line[b->n] = line > 0 && line < UINT32_MAX ? (uint32_t)line : 0;
	b->pos_col[b->n] = col > 0 && col < UINT32_MAX ? (uint32_t)col : 0;
	return (uint32_t)b->n++;
nomem:
	fc_error_set(err, FC_ERR_NOMEM, "out of memory");
	return FC_NONE;
}

bool fc_builder_child(struct fc_builder *b, uint32_t slot, int64_t child_id, uint32_t index)
{
	size_t cap = b->edges_cap;
	(void)index; /* links of one parent are contiguous: finish recounts */

	if (!FC_GROW(b->edge_child, cap, b->n_edges + 1))
		return false;
	if (cap != b->edges_cap) {
		uint32_t *p1 = realloc(b->edge_parent, cap * sizeof(*p1));
		if (!p1)
			return false;
		b->edge_parent = p1;
		b->edges_cap = cap;
	}
	b->edge_parent[b->n_edges] = slot;
	b->edge_child[b->n_edges] = child_id;
	b->n_edges++;
	return true;
}

void fc_builder_parent(struct fc_builder *b, uint32_t slot, int64_t parent_id)
{
	size_t i;

	if (!b->parent_id) {
		b->parent_id = malloc((b->cap ? b->cap : 1) * sizeof(*b->parent_id));
		if (!b->parent_id)
			return; /* finish reports the missing links as damage */
		for (i = 0; i < b->n; i++)
			b->parent_id[i] = INT64_MIN;
	}
	b->parent_id[slot] = parent_id;
}

bool fc_builder_sample(struct fc_builder *b, int64_t id)
{
	size_t cap = b->samples_cap, i;

	if (b->n_samples >= UINT32_MAX - 1)
		return false;
	if (!b->sample_id64 && (id < 0 || id >= UINT32_MAX)) {
		/* switch to 64-bit ids for the rest of the file */
		b->sample_id64 = malloc((b->samples_cap ? b->samples_cap : 16) * sizeof(int64_t));
		if (!b->sample_id64)
			return false;
		for (i = 0; i < b->n_samples; i++)
			b->sample_id64[i] = b->sample_id32[i];
		if (!b->samples_cap)
			b->samples_cap = 16;
		cap = b->samples_cap;
	}
	if (b->sample_id64) {
		if (!FC_GROW(b->sample_id64, cap, b->n_samples + 1))
			return false;
		b->samples_cap = cap;
		b->sample_id64[b->n_samples++] = id;
		return true;
	}
	if (!FC_GROW(b->sample_id32, cap, b->n_samples + 1))
		return false;
	b->samples_cap = cap;
	b->sample_id32[b->n_samples++] = (uint32_t)id;
	return true;
}

bool fc_builder_line_ticks(struct fc_builder *b, uint32_t slot, uint32_t url, int32_t line,
			   uint32_t ticks)
{
	if (line <= 0 || !ticks)
		return true;
	if (!FC_GROW(b->slot_lines, b->slot_lines_cap, b->n_slot_lines + 1) ||
	    !FC_GROW(b->slot_line_slot, b->slot_line_slot_cap, b->n_slot_lines + 1))
		return false;
	b->slot_line_slot[b->n_slot_lines] = slot;
	b->slot_lines[b->n_slot_lines++] =
		(struct fc_line_ticks){ .url = url, .line = line, .ticks = ticks };
	return true;
}

bool fc_builder_sample_line(struct fc_builder *b, int32_t line)
{
	if (!b->n_samples || (line <= 0 && !b->sample_line))
		return true;
	if (!FC_GROW(b->sample_line, b->sample_lines_cap, b->n_samples))
		return false;
	while (b->n_sample_lines < b->n_samples - 1)
		b->sample_line[b->n_sample_lines++] = 0;
	b->sample_line[b->n_samples - 1] = line > 0 ? line : 0;
	b->n_sample_lines = b->n_samples;
	return true;
}

/* The line data as the profile's per-node lines: slots through order (NULL:
 * the same), samples through their nodes (before the samples are sorted).
 * The builder's arrays are freed. */
static bool fill_lines(struct fc_builder *b, const uint32_t *order, const uint32_t *sample_node,
		       size_t n_samples)
{
	struct fc_profile *p = b->profile;
	size_t n = b->n_slot_lines, i, k = 0;
	struct fc_line_ticks *t;
	uint32_t *node;
	bool ok;

	for (i = 0; i < b->n_sample_lines && i < n_samples; i++)
		k += b->sample_line[i] > 0;
	if (!n && !k)
		return true;
	t = malloc((n + k) * sizeof(*t));
	node = malloc((n + k) * sizeof(*node));
	ok = t && node;
	for (i = 0; ok && i < n; i++) {
		uint32_t s = b->slot_line_slot[i];
		node[i] = s >= b->n ? FC_NONE : order ? order[s] : s;
		t[i] = b->slot_lines[i];
		/* a line of no script (a native function's) names nothing */
		if (!fc_profile_str(p, t[i].url)[0])
			node[i] = FC_NONE;
	}
	for (i = 0, k = n; ok && i < b->n_sample_lines && i < n_samples; i++) {
		uint32_t f;
		if (b->sample_line[i] <= 0)
			continue;
		node[k] = sample_node[i];
		f = p->node_frame[sample_node[i]];
		if (!fc_profile_str(p, p->frames[f].url)[0])
			node[k] = FC_NONE;
		t[k++] = (struct fc_line_ticks){ .url = p->frames[f].url,
						 .line = b->sample_line[i],
						 .ticks = 1 };
	}
	ok = ok && fc_profile_set_lines(p, node, t, k);
	free(t);
	free(node);
	free(b->slot_lines);
	free(b->slot_line_slot);
	free(b->sample_line);
	b->slot_lines = NULL;
	b->slot_line_slot = NULL;
	b->sample_line = NULL;
	b->n_slot_lines = b->n_sample_lines = 0;
	return ok;
}

bool fc_builder_time(struct fc_builder *b, int64_t t)
{
	if (!FC_GROW(b->times, b->times_cap, b->n_times + 1))
		return false;
	b->times[b->n_times++] = t;
	return true;
}

/* --- finish -------------------------------------------------------------- */

static void node_path(const struct fc_builder *b, uint32_t slot, const char *suffix, char *buf,
		      size_t size)
{
	snprintf(buf, size, "%s[%u]%s", b->nodes_path, slot, suffix);
}

static bool set_invalid(const struct fc_builder *b, struct fc_error *err, uint32_t slot,
			const char *suffix, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

static bool set_invalid(const struct fc_builder *b, struct fc_error *err, uint32_t slot,
			const char *suffix, const char *fmt, ...)
{
	char path[96];
	va_list ap;

	va_start(ap, fmt);
	fc_error_vset(err, FC_ERR_INVALID, fmt, ap);
	va_end(ap);
	node_path(b, slot, suffix, path, sizeof(path));
	fc_error_set_path(err, path);
	err->line = b->pos_line[slot];
	err->column = b->pos_col[slot];
	return false;
}

/* Resolves parent links: children arrays first, the parent field fills gaps
 * (input-rules §A5). parent[slot] is a slot or FC_NONE. */
static bool resolve_links(struct fc_builder *b, uint32_t *parent, struct fc_error *err)
{
	size_t e, i;
	char path[96];

	for (i = 0; i < b->n; i++)
		parent[i] = FC_NONE;
	uint32_t k = 0;

	for (e = 0; e < b->n_edges; e++) {
		uint32_t p = b->edge_parent[e];
		uint32_t c = id_find(b, b->edge_child[e]);
		char suffix[48];

		k = e && b->edge_parent[e - 1] == p ? k + 1 : 0;
		if (c != FC_NONE && c != p && parent[c] == FC_NONE) {
			parent[c] = p; /* the common case, first */
			continue;
		}
		snprintf(suffix, sizeof(suffix), ".children[%u]", k);
		if (c == FC_NONE) {
			node_path(b, p, suffix, path, sizeof(path));
			if (!fc_builder_repair(b, err, path, b->pos_line[p], b->pos_col[p],
					       "unknown node id %lld (ignored)",
					       (long long)b->edge_child[e]))
				return false;
			continue;
		}
		if (c == p)
			return set_invalid(b, err, p, suffix,
					   "node %lld lists itself as its child (a cycle)",
					   (long long)b->id[p]);
		if (parent[c] == p) {
			node_path(b, p, suffix, path, sizeof(path));
			if (!fc_builder_repair(b, err, path, b->pos_line[p], b->pos_col[p],
					       "node id %lld listed twice (ignored)",
					       (long long)b->edge_child[e]))
				return false;
			continue;
		}
		if (parent[c] != FC_NONE)
			return set_invalid(b, err, p, suffix,
					   "node %lld is a child of both node %lld and node %lld",
					   (long long)b->id[c], (long long)b->id[parent[c]],
					   (long long)b->id[p]);
		parent[c] = p;
	}
	for (i = 0; b->parent_id && i < b->n; i++) {
		uint32_t p;

		if (b->parent_id[i] == INT64_MIN)
			continue;
		p = id_find(b, b->parent_id[i]);
		if (p == FC_NONE) {
			if (parent[i] != FC_NONE)
				continue; /* children already placed it */
			node_path(b, (uint32_t)i, ".parent", path, sizeof(path));
			if (!fc_builder_repair(b, err, path, b->pos_line[i], b->pos_col[i],
					       "unknown parent id %lld (node treated as a root)",
					       (long long)b->parent_id[i]))
				return false;
			continue;
		}
		if (p == i)
			return set_invalid(b, err, (uint32_t)i, ".parent",
					   "node %lld is its own parent (a cycle)",
					   (long long)b->id[i]);
		if (parent[i] == FC_NONE) {
			parent[i] = p;
		} else if (parent[i] != p) {
			node_path(b, (uint32_t)i, ".parent", path, sizeof(path));
			if (!fc_builder_repair(b, err, path, b->pos_line[i], b->pos_col[i],
					       "parent %lld disagrees with the children lists, "
					       "which name %lld (children win)",
					       (long long)b->parent_id[i],
					       (long long)b->id[parent[i]]))
				return false;
		}
	}
	return true;
}

/* Every node not reachable from the root sits on or below a cycle: walk
 * parents n steps from one of them to land on the cycle and name a member. */
static bool report_cycle(const struct fc_builder *b, const uint32_t *parent, const uint32_t *order,
			 struct fc_error *err)
{
	size_t i, steps;
	uint32_t s = FC_NONE;

	for (i = 0; i < b->n; i++) {
		if (order[i] == FC_NONE) {
			s = (uint32_t)i;
			break;
		}
	}
	for (steps = 0; steps < b->n && s != FC_NONE && parent[s] != FC_NONE; steps++)
		s = parent[s];
	if (s == FC_NONE)
		s = 0;
	return set_invalid(b, err, s, "", "the call tree has a cycle through node id %lld",
			   (long long)b->id[s]);
}

struct sample_pair {
	int64_t t;
	uint32_t node;
};

/* Stable bottom-up merge sort by time, no recursion (DevTools uses a stable
 * sort, so equal timestamps keep file order: devtools-rules §1.3). */
static bool sort_samples(struct fc_profile *p)
{
	size_t n = p->n_samples, width, i;
	struct sample_pair *a, *tmp, *swap;

	for (i = 1; i < n; i++)
		if (p->sample_time_us[i] < p->sample_time_us[i - 1])
			break;
	if (i >= n)
		return true;
	a = malloc(n * sizeof(*a));
	tmp = malloc(n * sizeof(*tmp));
	if (!a || !tmp) {
		free(a);
		free(tmp);
		return false;
	}
	for (i = 0; i < n; i++) {
		a[i].t = p->sample_time_us[i];
		a[i].node = p->sample_node[i];
	}
	/* The profile's arrays are made again after the sort, so that the peak
	 * is 32 bytes per sample rather than 44 (docs/robustness.md). */
	free(p->sample_time_us);
	free(p->sample_node);
	p->sample_time_us = NULL;
	p->sample_node = NULL;
	for (width = 1; width < n; width *= 2) {
		for (i = 0; i < n; i += 2 * width) {
			size_t lo = i, mid = i + width < n ? i + width : n;
			size_t hi = i + 2 * width < n ? i + 2 * width : n;
			size_t l = lo, r = mid, o = lo;
			while (l < mid && r < hi)
				tmp[o++] = a[r].t < a[l].t ? a[r++] : a[l++];
			while (l < mid)
				tmp[o++] = a[l++];
			while (r < hi)
				tmp[o++] = a[r++];
		}
		swap = a;
		a = tmp;
		tmp = swap;
	}
	free(tmp);
	p->sample_time_us = malloc(n * sizeof(*p->sample_time_us));
	p->sample_node = malloc(n * sizeof(*p->sample_node));
	if (!p->sample_time_us || !p->sample_node) {
		p->n_samples = 0; /* the caller destroys the profile */
		free(a);
		return false;
	}
	for (i = 0; i < n; i++) {
		p->sample_time_us[i] = a[i].t;
		p->sample_node[i] = a[i].node;
	}
	free(a);
	return true;
}

/* Adds the "(unknown)" node under the root for samples naming unknown ids. */
static uint32_t unknown_node(struct fc_profile *p)
{
	uint32_t f, n = p->n_nodes;
	void *q;

	f = fc_profile_intern_frame(p, "(unknown)", 9, "", 0, "0", 1, -1, -1);
	if (f == FC_NONE)
		return FC_NONE;
#define GROW1(arr)                                              \
	do {                                                    \
		q = realloc(p->arr, (n + 1) * sizeof(*p->arr)); \
		if (!q)                                         \
			return FC_NONE;                         \
		p->arr = q;                                     \
	} while (0)
	GROW1(node_parent);
	GROW1(node_frame);
	GROW1(node_depth);
	GROW1(node_id);
#undef GROW1
	p->node_parent[n] = 0;
	p->node_frame[n] = f;
	p->node_depth[n] = 1;
	p->node_id[n] = -1;
	if (p->max_depth < 1)
		p->max_depth = 1;
	p->n_nodes++;
	return n;
}

/* When the file lists the nodes in the order the walk in build_tree gives
 * -- pre-order, children in file order, as V8 writes them -- the builder's
 * arrays become the profile's as they are: no renumbering and no copies,
 * which halves the memory the tree costs at its peak. Each node's parent
 * must be on the path from the root to the node before it. 1 when
 * adopted, 0 when the order differs, -1 on allocation failure. */
static int adopt_preorder(struct fc_builder *b, uint32_t *parent)
{
	struct fc_profile *p = b->profile;
	size_t n = b->n, d = 0, cap = 0, i;
	uint32_t *path = NULL, *depth = malloc(n * sizeof(*depth)), max = 0;
	void *q;

	if (!depth || !FC_GROW(path, cap, 64)) {
		free(depth);
		return -1;
	}
	path[d++] = 0;
	depth[0] = 0;
	for (i = 1; i < n; i++) {
		while (d && path[d - 1] != parent[i])
			d--;
		if (!d || !FC_GROW(path, cap, d + 1)) {
			free(path);
			free(depth);
			return d ? -1 : 0;
		}
		depth[i] = (uint32_t)d;
		if (d > max)
			max = (uint32_t)d;
		path[d++] = (uint32_t)i;
	}
	free(path);
	/* the growth slack goes back */
	if ((q = realloc(b->frame, n * sizeof(*b->frame))) != NULL)
		b->frame = q;
	if ((q = realloc(b->id, n * sizeof(*b->id))) != NULL)
		b->id = q;
	p->n_nodes = (uint32_t)n;
	p->node_parent = parent;
	p->node_depth = depth;
	p->node_frame = b->frame;
	p->node_id = b->id;
	p->max_depth = max;
	b->frame = NULL;
	b->id_shared = true;
	return 1;
}

/* The profile's tree from the resolved links, in pre-order; *order_out maps
 * a builder slot to its node (NULL when the file's order was kept). */
static bool build_tree(struct fc_builder *b, struct fc_error *err, uint32_t **order_out)
{
	struct fc_profile *p = b->profile;
	uint32_t *parent = NULL, *order = NULL;
	uint32_t root = FC_NONE, n_roots = 0, synthetic = 0, count = 0, i;
	size_t n = b->n;
	bool ok = false;
	char path[96];

	parent = malloc((n + 1) * sizeof(*parent));
	if (!parent) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		goto out;
	}
	if (!resolve_links(b, parent, err))
		goto out;
	/* the links are resolved: their memory goes to the walk's arrays */
	free(b->edge_parent);
	free(b->edge_child);
	free(b->parent_id);
	b->edge_parent = NULL;
	b->edge_child = NULL;
	b->parent_id = NULL;
	b->n_edges = b->edges_cap = 0;

	for (i = 0; i < n; i++) {
		if (parent[i] != FC_NONE)
			continue;
		if (n_roots++ == 0)
			root = i;
	}
	if (n_roots == 1 && root == 0) {
		int adopted = adopt_preorder(b, parent);
		if (adopted < 0) {
			fc_error_set(err, FC_ERR_NOMEM, "out of memory");
			goto out;
		}
		if (adopted) {
			parent = NULL; /* the profile's now */
			*order_out = NULL;
			ok = true;
			goto out;
		}
	}
	order = malloc((n + 1) * sizeof(*order));
	if (!order) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		goto out;
	}
	if (n_roots == 0) {
		for (i = 0; i < n; i++)
			order[i] = FC_NONE;
		report_cycle(b, parent, order, err);
		goto out;
	}
	if (n_roots > 1) {
		/* Keep a parentless "(root)" as the root if there is one; otherwise
		 * add a synthetic root (slot n) above every parentless node. */
		uint32_t named = FC_NONE;
		for (i = 0; i < n && named == FC_NONE; i++)
			if (parent[i] == FC_NONE && p->frames[b->frame[i]].meta == FC_META_ROOT)
				named = i;
		if (named != FC_NONE) {
			root = named;
		} else {
			root = (uint32_t)n;
			synthetic = 1;
		}
		for (i = 0; i < n; i++)
			if (parent[i] == FC_NONE && i != root)
				parent[i] = root;
		parent[root] = FC_NONE;
		node_path(b, root == n ? 0 : root, "", path, sizeof(path));
		if (!fc_builder_repair(b, err, synthetic ? "nodes" : path, 0, 0,
				       synthetic
					       ? "%u nodes have no parent; a synthetic (root) "
						 "was added above them"
					       : "%u nodes have no parent; they were placed under "
						 "the (root) node",
				       n_roots))
			goto out;
	}

	/* nodes in pre-order, children in input order */
	if (!fc_preorder((uint32_t)(n + synthetic), parent, root, order, &count)) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		goto out;
	}
	if (count != n + synthetic) {
		report_cycle(b, parent, order, err);
		goto out;
	}
	p->n_nodes = count;
	p->node_parent = malloc(p->n_nodes * sizeof(uint32_t));
	p->node_frame = malloc(p->n_nodes * sizeof(uint32_t));
	p->node_depth = malloc(p->n_nodes * sizeof(uint32_t));
	p->node_id = malloc(p->n_nodes * sizeof(int64_t));
	if (!p->node_parent || !p->node_frame || !p->node_depth || !p->node_id) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		goto out;
	}
	for (i = 0; i < count; i++) {
		uint32_t k = order[i];
		p->node_parent[k] = parent[i] == FC_NONE ? FC_NONE : order[parent[i]];
		if (i == n) {
			p->node_frame[k] =
				fc_profile_intern_frame(p, "(root)", 6, "", 0, "0", 1, -1, -1);
			p->node_id[k] = 0;
			if (p->node_frame[k] == FC_NONE) {
				fc_error_set(err, FC_ERR_NOMEM, "out of memory");
				goto out;
			}
		} else {
			p->node_frame[k] = b->frame[i];
			p->node_id[k] = b->id[i];
		}
	}
	/* a parent's number is below its children's */
	for (i = 0; i < count; i++) {
		p->node_depth[i] = i ? p->node_depth[p->node_parent[i]] + 1 : 0;
		if (p->node_depth[i] > p->max_depth)
			p->max_depth = p->node_depth[i];
	}
	*order_out = order;
	order = NULL;
	ok = true;
out:
	free(parent);
	free(order);
	return ok;
}

static int64_t sample_id(const struct fc_builder *b, size_t i)
{
	return b->sample_id64 ? b->sample_id64[i] : (int64_t)b->sample_id32[i];
}

/* Moves the samples into the profile: ids become node indices (order maps
 * a slot to its node; NULL when they are the same) and deltas become times,
 * in the builder's own buffers where it can. */
static bool fill_samples(struct fc_builder *b, const uint32_t *order, struct fc_error *err)
{
	struct fc_profile *p = b->profile;
	size_t n = b->n_samples, i, unknown = 0, first_unknown = 0;
	int64_t first_unknown_id = 0;
	uint32_t unk = FC_NONE, *nodes;
	int64_t t, *times;
	bool in_place;
	char path[96];

	if (b->have_times && !b->times_absolute && b->n_times != n) {
		if (!fc_builder_repair(b, err, b->samples_path, b->samples_line, b->samples_col,
				       "%zu samples but %zu timeDeltas; using the first %zu", n,
				       b->n_times, n < b->n_times ? n : b->n_times))
			return false;
		if (b->n_times < n)
			n = b->n_times;
	}
	if (b->have_times && b->times_absolute && b->n_times != n) {
		/* Legacy profiles may carry one extra timestamp: the end of the
		 * last sample (DevTools pairs samples with the first n). */
		if (b->n_times == n + 1) {
			p->last_end_us = b->times[n];
		} else {
			if (!fc_builder_repair(
				    b, err, b->samples_path, b->samples_line, b->samples_col,
				    "%zu samples but %zu timestamps; using the first %zu", n,
				    b->n_times, n < b->n_times ? n : b->n_times))
				return false;
			if (b->n_times < n)
				n = b->n_times;
		}
	}
	if (!b->have_times && n > 0) {
		if (!fc_builder_repair(b, err, b->samples_path, b->samples_line, b->samples_col,
				       "no timeDeltas; %zu samples spread evenly from startTime "
				       "to endTime",
				       n))
			return false;
	}

	/* the node of each sample, in place over the 32-bit ids */
	nodes = b->sample_id64 || !b->sample_id32 ? malloc((n ? n : 1) * sizeof(*nodes))
						  : b->sample_id32;
	times = b->have_times && b->times ? b->times : malloc((n ? n : 1) * sizeof(*times));
	if (!nodes || !times) {
		if (nodes != b->sample_id32)
			free(nodes);
		if (times != b->times)
			free(times);
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	in_place = nodes == b->sample_id32;
	if (in_place)
		b->sample_id32 = NULL;
	if (times == b->times)
		b->times = NULL;
	p->sample_node = nodes;
	p->sample_time_us = times;
	p->n_samples = (uint32_t)n;

	for (i = 0; i < n; i++) {
		int64_t id = in_place ? (int64_t)nodes[i] : sample_id(b, i);
		uint32_t s;

		s = id_find(b, id);
		if (s == FC_NONE) {
			if (unknown++ == 0) {
				first_unknown = i;
				first_unknown_id = id;
			}
			if (unk == FC_NONE) {
				unk = unknown_node(p);
				if (unk == FC_NONE) {
					fc_error_set(err, FC_ERR_NOMEM, "out of memory");
					return false;
				}
				if (b->id_shared) /* moved by the realloc */
					b->id = p->node_id;
			}
			nodes[i] = unk;
		} else {
			nodes[i] = order ? order[s] : s;
		}
	}

	t = b->have_start ? b->start_us : 0;
	for (i = 0; i < n; i++) {
		if (!b->have_times) {
			int64_t t0 = b->have_start ? b->start_us : 0;
			double step = b->have_start && b->have_end && b->end_us > b->start_us
					      ? (double)(b->end_us - b->start_us) / (double)n
					      : 1000.0;
			t = t0 + (int64_t)(step * (double)i);
		} else if (b->times_absolute) {
			t = times[i];
		} else if (__builtin_add_overflow(t, times[i], &t)) {
			t = INT64_MAX;
		}
		if (t > TIME_LIMIT_US || t < -TIME_LIMIT_US) {
			snprintf(path, sizeof(path), "%s[%zu]",
				 b->times_absolute ? "timestamps" : "timeDeltas", i);
			fc_error_set(err, FC_ERR_INVALID,
				     "sample time %s 2^53 µs; the profile's clock is corrupt",
				     t > 0 ? "exceeds" : "is below -");
			fc_error_set_path(err, path);
			err->line = b->samples_line;
			err->column = b->samples_col;
			return false;
		}
		times[i] = t;
	}
	if (unknown) {
		snprintf(path, sizeof(path), "%s[%zu]", b->samples_path, first_unknown);
		if (!fc_builder_repair(b, err, path, b->samples_line, b->samples_col,
				       "%zu sample%s name%s unknown node ids (first: %lld); their "
				       "time goes to (unknown)",
				       unknown, unknown == 1 ? "" : "s", unknown == 1 ? "s" : "",
				       (long long)first_unknown_id))
			return false;
	}
	if (!fill_lines(b, order, nodes, n) || !sort_samples(p)) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	return true;
}

bool fc_builder_finish(struct fc_builder *b, struct fc_error *err)
{
	struct fc_profile *p = b->profile;
	uint32_t *order = NULL;
	bool ok;

	if (b->n == 0) {
		fc_error_set(err, FC_ERR_INVALID, "the profile has no nodes");
		fc_error_set_path(err, b->nodes_path);
		return false;
	}
	if (b->have_start && b->have_end && b->end_us < b->start_us) {
		/* DevTools takes the extent from the samples anyway. */
		b->have_end = false;
	}
	if (!build_id_map(b, err) || !build_tree(b, err, &order))
		return false;
	/* what only the tree needed: the samples need ids and the id map */
	free(b->frame);
	free(b->pos_line);
	free(b->pos_col);
	b->frame = NULL;
	b->pos_line = b->pos_col = NULL;
	fc_profile_find_meta_nodes(p);
	ok = fill_samples(b, order, err);
	free(order);
	if (!ok)
		return false;
	/* every frame is interned: the lookup index served the import */
	fc_profile_drop_frame_index(p);

	p->start_us = b->have_start ? b->start_us : (p->n_samples ? p->sample_time_us[0] : 0);
	if (b->have_end) {
		p->end_us = b->end_us;
	} else {
		double end = fc_profile_samples_end(p);
		p->end_us = p->n_samples ? (int64_t)ceil(end) : p->start_us;
	}
	/* a recorded start after the first sample (a trace's Profile event
	 * after samples timed before it) or a recorded end before the last
	 * one: the extent, and so the duration, covers every sample. An end
	 * that is not after the start (legacy profiles record both in whole
	 * seconds, often the same one) is no extent: the duration is then the
	 * sampled time (stats.c), which covers the samples already. */
	if (p->n_samples && p->sample_time_us[0] < p->start_us)
		p->start_us = p->sample_time_us[0];
	if (p->n_samples && p->end_us > p->start_us &&
	    p->sample_time_us[p->n_samples - 1] > p->end_us)
		p->end_us = (int64_t)ceil(fc_profile_samples_end(p));
	return true;
}
