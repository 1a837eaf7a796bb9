/* Where code moved between BASE and HEAD (docs/diff.md, "Matching
 * functions"): a named function is matched by name and key path whatever its
 * line, so the lines of a named function found on both sides tell how far
 * the code around it moved. An anonymous function has no name to match by;
 * its key is its place, read in HEAD's lines: a BASE place moves as the
 * nearest named function above it moved. Built from the merged graphs of
 * both sides before they are summed: the same code always gives the same
 * keys, whichever functions the samples happened to hit. */
#include <stdlib.h>
#include <string.h>

#include "diff/internal.h"
#include "layout/graph.h"
#include "util/util.h"
#include "model/profile.h"

/* A named function seen on one side: its URL and name (the graph's
 * strings), its line, and once known its key path. */
struct seen {
	const char *url, *name;
	char *file;
	int32_t line;
};

static int seen_url_cmp(const void *a, const void *b, void *ctx)
{
	const struct seen *x = a, *y = b;
	int c = strcmp(x->url, y->url);

	(void)ctx;
	if (!c)
		c = strcmp(x->name, y->name);
	return c ? c : (x->line > y->line) - (x->line < y->line);
}

static int seen_file_cmp(const void *a, const void *b, void *ctx)
{
	const struct seen *x = a, *y = b;
	int c = strcmp(x->file, y->file);

	(void)ctx;
	if (!c)
		c = strcmp(x->name, y->name);
	return c ? c : (x->line > y->line) - (x->line < y->line);
}

static int move_cmp(const void *a, const void *b, void *ctx)
{
	const struct fc_diff_move *x = a, *y = b;
	int c = strcmp(x->file, y->file);

	(void)ctx;
	return c ? c : (x->line > y->line) - (x->line < y->line);
}

static bool is_named(const struct fc_profile *p, const struct fc_frame *f)
{
	const char *n = fc_profile_str(p, f->name);
	return f->meta == FC_META_NONE && f->line >= 0 && n[0] && strcmp(n, "(anonymous)") != 0;
}

static bool collect_graph(const struct fc_graph *g, struct seen **v, size_t *n, size_t *cap)
{
	const struct fc_profile *p = g->merged;
	uint32_t f;

	for (f = 0; f < p->n_frames; f++) {
		const struct fc_frame *fr = &p->frames[f];
		if (!is_named(p, fr))
			continue;
		if (!FC_GROW(*v, *cap, *n + 1))
			return false;
		(*v)[*n].url = fc_profile_str(p, fr->url);
		(*v)[*n].name = fc_profile_str(p, fr->name);
		(*v)[*n].file = NULL;
		(*v)[(*n)++].line = fr->line;
	}
	return true;
}

static void seen_free(struct seen *v, size_t n)
{
	size_t i;
	for (i = 0; v && i < n; i++)
		free(v[i].file);
	free(v);
}

/* One side's named functions, one entry per key path and name: line -1
 * when the name has several lines in that file (no anchor then). */
static bool side_seen(const struct fc_diff_input *in, const struct fc_diff_options *o,
		      struct seen **out, size_t *out_n)
{
	struct seen *v = NULL;
	size_t n = 0, cap = 0, i, j, r, t;
	char file[4096];

	*out = NULL;
	*out_n = 0;
	for (r = 0; r < in->n_runs; r++) {
		const struct fc_diff_run *x = &in->runs[r];
		size_t ng = x->thread_graphs ? x->n : 1;
		for (t = 0; t < ng; t++) {
			const struct fc_graph *g =
				x->thread_graphs ? x->thread_graphs[t] : x->graph;
			if (g && !collect_graph(g, &v, &n, &cap))
				goto fail;
		}
	}
	if (!fc_sort(v, n, sizeof(*v), seen_url_cmp, NULL))
		goto fail;
	for (i = j = 0; i < n; i++)
		if (!j || seen_url_cmp(&v[j - 1], &v[i], NULL) != 0)
			v[j++] = v[i];
	n = j;
	for (i = 0; i < n; i++) {
		fc_diff_key_path(v[i].url, in->app_prefix, o->strip, o->n_strip, file,
				 sizeof(file));
		v[i].file = fc_strdup(file);
		if (!v[i].file)
			goto fail;
	}
	if (!fc_sort(v, n, sizeof(*v), seen_file_cmp, NULL))
		goto fail;
	/* one entry per (file, name); several lines: no anchor */
	for (i = j = 0; i < n; i++) {
		if (j && strcmp(v[j - 1].file, v[i].file) == 0 &&
		    strcmp(v[j - 1].name, v[i].name) == 0) {
			if (v[j - 1].line != v[i].line)
				v[j - 1].line = -1;
			free(v[i].file);
			continue;
		}
		v[j++] = v[i];
	}
	*out = v;
	*out_n = j;
	return true;
fail:
	seen_free(v, n);
	return false;
}

static const struct seen *seen_find(const struct seen *v, size_t n, const struct seen *key)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(v[mid].file, key->file);
		if (!c)
			c = strcmp(v[mid].name, key->name);
		if (!c)
			return &v[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

bool fc_diff_moves_find(struct fc_diff_moves *m, const struct fc_diff_input *base,
			const struct fc_diff_input *head, const struct fc_diff_options *o)
{
	struct seen *b = NULL, *h = NULL;
	size_t nb = 0, nh = 0, i;
	bool ok = false;

	memset(m, 0, sizeof(*m));
	if (!side_seen(base, o, &b, &nb) || !side_seen(head, o, &h, &nh))
		goto done;
	m->v = malloc((nb + 1) * sizeof(*m->v));
	if (!m->v)
		goto done;
	for (i = 0; i < nb; i++) {
		const struct seen *x = b[i].line >= 0 ? seen_find(h, nh, &b[i]) : NULL;
		if (!x || x->line < 0)
			continue;
		m->v[m->n].file = b[i].file;
		b[i].file = NULL; /* the move owns it now */
		m->v[m->n].line = b[i].line;
		m->v[m->n++].shift = x->line - b[i].line;
	}
	ok = fc_sort(m->v, m->n, sizeof(*m->v), move_cmp, NULL);
done:
	seen_free(b, nb);
	seen_free(h, nh);
	if (!ok)
		fc_diff_moves_finish(m);
	return ok;
}

int32_t fc_diff_moves_line(const struct fc_diff_moves *m, const char *file, int32_t line)
{
	size_t lo = 0, hi = m->n;
	struct fc_diff_move key = { (char *)file, line, 0 };

	/* 0:0 is the script's own code (node's module wrapper): it never moves */
	if (line <= 0)
		return line;
	/* the first anchor after (file, line) */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (move_cmp(&m->v[mid], &key, NULL) <= 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* the nearest named function above; above none, the file's first */
	if (lo > 0 && strcmp(m->v[lo - 1].file, file) == 0)
		return line + m->v[lo - 1].shift;
	if (lo < m->n && strcmp(m->v[lo].file, file) == 0)
		return line + m->v[lo].shift;
	return line;
}

void fc_diff_moves_finish(struct fc_diff_moves *m)
{
	size_t i;

	for (i = 0; m->v && i < m->n; i++)
		free(m->v[i].file);
	free(m->v);
	memset(m, 0, sizeof(*m));
}
