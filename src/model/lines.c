/* Per-line ticks in the model (profile.h) and the time per source line
 * (model/lines.h, docs/lines.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/lines.h"
#include "util/util.h"
#include "model/profile.h"

struct keyed {
	uint32_t node;
	struct fc_line_ticks t;
};

static int keyed_cmp(const void *a, const void *b, void *ctx)
{
	const struct keyed *x = a, *y = b;
	(void)ctx;

	if (x->node != y->node)
		return x->node < y->node ? -1 : 1;
	if (x->t.url != y->t.url)
		return x->t.url < y->t.url ? -1 : 1;
	return x->t.line < y->t.line ? -1 : x->t.line > y->t.line;
}

/* Sorted entries summed per (node, url, line) into p's offsets and lines. */
static bool install(struct fc_profile *p, struct keyed *k, size_t n, uint32_t n_nodes)
{
	uint32_t *offsets = calloc((size_t)n_nodes + 1, sizeof(*offsets));
	struct fc_line_ticks *lines = malloc((n ? n : 1) * sizeof(*lines));
	size_t i, m = 0;
	uint32_t node;

	if (!offsets || !lines || !fc_sort(k, n, sizeof(*k), keyed_cmp, NULL)) {
		free(offsets);
		free(lines);
		return false;
	}
	for (i = 0; i < n; i++) {
		if (m && keyed_cmp(&k[i - 1], &k[i], NULL) == 0) {
			uint32_t t = lines[m - 1].ticks;
			lines[m - 1].ticks = t + k[i].t.ticks < t ? UINT32_MAX : t + k[i].t.ticks;
			if (!lines[m - 1].text)
				lines[m - 1].text = k[i].t.text;
			continue;
		}
		lines[m++] = k[i].t;
		offsets[k[i].node + 1]++;
	}
	for (node = 0; node < n_nodes; node++)
		offsets[node + 1] += offsets[node];
	free(p->node_lines);
	free(p->lines);
	p->node_lines = m ? offsets : NULL; /* NULL: no line data */
	p->lines = m ? lines : NULL;
	p->n_lines = (uint32_t)m;
	if (!m) {
		free(offsets);
		free(lines);
	}
	return true;
}

bool fc_profile_set_lines(struct fc_profile *p, const uint32_t *node,
			  const struct fc_line_ticks *entries, size_t n)
{
	struct keyed *k = malloc((n ? n : 1) * sizeof(*k));
	size_t i, m = 0;
	bool ok;

	if (!k)
		return false;
	for (i = 0; i < n; i++) {
		if (node[i] >= p->n_nodes || entries[i].line <= 0 || !entries[i].ticks)
			continue;
		k[m].node = node[i];
		k[m++].t = entries[i];
	}
	ok = install(p, k, m, p->n_nodes);
	free(k);
	return ok;
}

bool fc_profile_remap_lines(struct fc_profile *p, const uint32_t *map, uint32_t n_nodes)
{
	struct keyed *k;
	size_t m = 0;
	uint32_t i, j;
	bool ok;

	if (!p->node_lines)
		return true;
	k = malloc((p->n_lines ? p->n_lines : 1) * sizeof(*k));
	if (!k)
		return false;
	for (i = 0; i < p->n_nodes; i++) {
		if (map[i] == FC_NONE || map[i] >= n_nodes)
			continue;
		for (j = p->node_lines[i]; j < p->node_lines[i + 1]; j++) {
			k[m].node = map[i];
			k[m++].t = p->lines[j];
		}
	}
	ok = install(p, k, m, n_nodes);
	free(k);
	return ok;
}

/* --- time per line ---------------------------------------------------------- */

struct acc {
	const struct fc_hot_line *items;
	uint32_t frame, url;
	int32_t line;
};

static uint32_t line_hash(uint32_t frame, uint32_t url, int32_t line)
{
	return (uint32_t)fc_hash_u64((uint64_t)frame << 32 ^ (uint64_t)url << 20 ^ (uint32_t)line);
}

static bool line_eq(const void *ctx, uint32_t v)
{
	const struct acc *a = ctx;
	const struct fc_hot_line *h = &a->items[v];

	return h->frame == a->frame && h->url == a->url && h->line == a->line;
}

static int hot_cmp(const void *a, const void *b, void *ctx)
{
	const struct fc_hot_line *x = a, *y = b;
	const struct fc_profile *p = ctx;
	int c;

	if (x->self_us != y->self_us)
		return x->self_us > y->self_us ? -1 : 1;
	c = strcmp(fc_profile_str(p, x->url), fc_profile_str(p, y->url));
	if (c)
		return c;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return x->frame < y->frame ? -1 : x->frame > y->frame;
}

bool fc_lines_compute(const struct fc_profile *p, uint32_t frame, size_t top,
		      struct fc_hot_lines *out)
{
	double *self = calloc((size_t)p->n_nodes + 1, sizeof(*self));
	struct fc_hot_line *items = NULL;
	size_t n = 0, cap = 0;
	struct fc_map table;
	uint32_t i, j;

	memset(out, 0, sizeof(*out));
	fc_map_init(&table);
	if (!self)
		return false;
	for (i = 0; i < p->n_samples; i++)
		self[p->sample_node[i]] += fc_profile_sample_duration(p, i);
	for (i = 0; i < p->n_nodes; i++) {
		uint64_t ticks = 0;

		if (frame != FC_NONE && p->node_frame[i] != frame)
			continue;
		out->self_us += self[i];
		if (!p->node_lines || self[i] <= 0)
			continue;
		for (j = p->node_lines[i]; j < p->node_lines[i + 1]; j++)
			ticks += p->lines[j].ticks;
		if (!ticks)
			continue;
		out->lines_us += self[i];
		/* the node's self time spread over its lines by their ticks */
		for (j = p->node_lines[i]; j < p->node_lines[i + 1]; j++) {
			const struct fc_line_ticks *t = &p->lines[j];
			struct acc key = { items, p->node_frame[i], t->url, t->line };
			uint32_t h = line_hash(key.frame, key.url, key.line), v;
			size_t slot;

			if (!fc_map_reserve(&table, table.count + 1))
				goto nomem;
			v = fc_map_find(&table, h, line_eq, &key, &slot);
			if (v == FC_NONE) {
				if (!FC_GROW(items, cap, n + 1))
					goto nomem;
				v = (uint32_t)n++;
				items[v] = (struct fc_hot_line){ .frame = key.frame,
								 .url = t->url,
								 .text = t->text,
								 .line = t->line };
				fc_map_put(&table, slot, h, v);
			}
			items[v].ticks += t->ticks;
			items[v].self_us += self[i] * (double)t->ticks / (double)ticks;
			if (!items[v].text)
				items[v].text = t->text;
		}
	}
	if (!fc_sort(items, n, sizeof(*items), hot_cmp, (void *)p))
		goto nomem;
	out->items = items;
	out->n_all = n;
	out->n = n < top ? n : top;
	fc_map_finish(&table);
	free(self);
	return true;
nomem:
	fc_map_finish(&table);
	free(items);
	free(self);
	memset(out, 0, sizeof(*out));
	return false;
}

void fc_lines_finish(struct fc_hot_lines *h)
{
	free(h->items);
	memset(h, 0, sizeof(*h));
}

/* --- source text ------------------------------------------------------------- */

void fc_lines_cut_text(const char *text, size_t len, char *out, size_t size, size_t max)
{
	char clean[3 * 256 + 1];
	size_t n, i;
	bool cut;

	while (len && (*text == ' ' || *text == '\t')) {
		text++;
		len--;
	}
	while (len && (text[len - 1] == ' ' || text[len - 1] == '\t' || text[len - 1] == '\r'))
		len--;
	if (max > 256)
		max = 256;
	n = len;
	if (n > max) {
		n = max;
		while (n && ((unsigned char)text[n] & 0xC0) == 0x80)
			n--; /* not inside a UTF-8 sequence */
	}
	cut = n < len;
	/* shown in terminals, tables and JSON: valid UTF-8, no controls */
	n = fc_utf8_sanitize(text, n, clean);
	for (i = 0; i < n; i++)
		if (clean[i] == '\t')
			clean[i] = ' ';
	if (n + 4 > size) /* never: callers give 3 * max + 4 bytes */
		n = 0;
	clean[n] = '\0';
	snprintf(out, size, "%s%s", clean, cut ? "\xe2\x80\xa6" : "");
}

/* The local path of a file:// URL or an absolute path; NULL otherwise. */
static char *local_path(const char *url)
{
	const char *s = url;
	char *path, *o;

	if (strncmp(s, "file://", 7) == 0) {
		s += 7;
		if (strncmp(s, "localhost/", 10) == 0)
			s += 9;
	}
	if (*s != '/')
		return NULL;
	path = fc_strndup(s, strcspn(s, "?#"));
	if (!path || s == url)
		return path;
	for (o = path, s = path; *s; s++) { /* %XX, as file URLs escape */
		int hi = *s == '%' ? fc_hexval(s[1]) : -1, lo = hi < 0 ? -1 : fc_hexval(s[2]);
		if (hi >= 0 && lo >= 0 && (hi || lo)) {
			*o++ = (char)(hi << 4 | lo);
			s += 2;
		} else {
			*o++ = *s;
		}
	}
	*o = '\0';
	return path;
}

bool fc_lines_source_text(const char *url, int32_t line, char *out, size_t size, size_t max)
{
	char *path = local_path(url), buf[4096], *keep = NULL;
	size_t got, total = 0, len = 0, cap = 0;
	int32_t at = 1;
	bool found = false, ok = false;
	FILE *f;

	if (!path || line <= 0)
		goto out;
	f = fopen(path, "rb");
	if (!f)
		goto out;
	/* streamed: only the wanted line is kept (cut to a few times max) */
	while (!found && (got = fread(buf, 1, sizeof(buf), f)) > 0 &&
	       (total += got) <= FC_LINES_MAX_FILE) {
		size_t i;
		for (i = 0; i < got && !found; i++) {
			if (at == line && buf[i] != '\n') {
				if (len < 4 * max + 8 && FC_GROW(keep, cap, len + 1))
					keep[len++] = buf[i];
			} else if (buf[i] == '\n' && at++ == line) {
				found = true;
			}
		}
	}
	found = found || (at == line && len);
	fclose(f);
	if (found) {
		fc_lines_cut_text(keep ? keep : "", len, out, size, max);
		ok = true;
	}
out:
	free(keep);
	free(path);
	return ok;
}
