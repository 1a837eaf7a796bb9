/* --sourcemaps: finding each script's map and mapping the frames through it
 * (docs/sourcemaps.md). A script's map is, in this order: the one its
 * `//# sourceMappingURL=` comment names (a data: URL decoded inline, or a
 * URL resolved against the script's), `<script>.map` beside it, a file of
 * either name in a --sourcemap-dir. Scripts are read from disk for file://
 * URLs and paths, and through --sourcemap-root PREFIX=DIR for URLs under
 * PREFIX -- never outside DIR. Each map is read once per run, its mappings
 * decoded on first use; each script once per run too (URLs that differ
 * only in their query or fragment name one script), and at most
 * SCRIPTS_READ_MAX bytes of scripts in all. Scripts and maps are found by
 * hash (fc_map): the work is linear in the distinct URLs. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "model/classify.h"
#include "util/map.h"
#include "model/lines.h"
#include "model/annotations.h"
#include "model/profile.h"
#include "import/sourcemap.h"
#include "import/sourcemap_url.h"
#include "util/base64.h"
#include "util/util.h"

/* A map as loaded: the map, or why it could not be. */
struct loaded {
	char *name; /* the file (or URL) read, for messages */
	struct fc_sourcemap *map;
	struct fc_error error; /* code != FC_OK: could not be read or decoded */
	bool used;             /* mapped a frame of the profile being mapped */
	bool told;             /* reported on the profile being mapped */
};

struct script {
	char *url;  /* without query or fragment */
	size_t map; /* index into maps, SIZE_MAX = none */
	bool seen;  /* named by the profile being mapped */
};

/* Scripts read for their sourceMappingURL comment, in bytes, over a run:
 * past it, scripts are no longer read (their `.map` beside them and the
 * --sourcemap-dir are still tried). Four of the largest script read. */
#define SCRIPTS_READ_MAX ((uint64_t)4 * FC_SOURCEMAP_MAX_BYTES)
/* An original source read from disk for the text of its lines (when its
 * map has no sourcesContent); text NULL when it cannot be read. */
struct source_file {
	char *url, *text;
};

struct mapper {
	const struct fc_sourcemap_options *o;
	struct script *scripts;
	size_t n_scripts, cap_scripts;
	struct fc_map script_index; /* by url */
	struct loaded *maps;
	size_t n_maps, cap_maps;
	struct fc_map map_index; /* by name */
	uint64_t script_bytes;   /* read so far, within SCRIPTS_READ_MAX */
	struct source_file *sources;
	size_t n_sources, cap_sources;
	/* the maps a trace carries (model/annotations.h), by script URL; a
	 * map's text is handed to its parse, which frees it */
	struct fc_embedded_map *embedded;
	size_t n_embedded;
	struct fc_map embedded_index;
};

/* A lookup key for the indexes: the string s[0..len) */
struct key {
	const struct mapper *m;
	const char *s;
	size_t len;
};

static bool script_eq(const void *ctx, uint32_t i)
{
	const struct key *k = ctx;
	const char *u = k->m->scripts[i].url;
	return strncmp(u, k->s, k->len) == 0 && u[k->len] == '\0';
}

static bool map_eq(const void *ctx, uint32_t i)
{
	const struct key *k = ctx;
	return strcmp(k->m->maps[i].name, k->s) == 0;
}

static size_t add_map(struct mapper *m, const char *name, char *data, size_t len,
		      const char *map_url, const struct fc_error *why);

static bool embedded_eq(const void *ctx, uint32_t i)
{
	const struct key *k = ctx;
	const char *u = k->m->embedded[i].url;
	return strncmp(u, k->s, k->len) == 0 && strcspn(u, "?#") == k->len;
}

/* Indexes a trace's embedded maps by their script's URL (without query or
 * fragment, as scripts are); the first of a URL wins. */
static bool index_embedded(struct mapper *m, struct fc_embedded_map *e, size_t n)
{
	size_t i, slot;

	m->embedded = e;
	m->n_embedded = 0;
	if (n >= UINT32_MAX || !fc_map_reserve(&m->embedded_index, n))
		return false;
	for (i = 0; i < n; i++) {
		struct key key = { m, e[i].url, strcspn(e[i].url, "?#") };
		uint32_t h = (uint32_t)fc_hash_bytes(e[i].url, key.len);
		if (fc_map_find(&m->embedded_index, h, embedded_eq, &key, &slot) == FC_NONE)
			fc_map_put(&m->embedded_index, slot, h, (uint32_t)i);
	}
	m->n_embedded = n;
	return true;
}

/* The map the trace carries for the script at url (without query or
 * fragment), loaded; SIZE_MAX when it carries none. DevTools saved it with
 * the URL it was found at: sources resolve against that (against the
 * script's URL for an inline data: map). */
static size_t embedded_map(struct mapper *m, const char *url)
{
	struct key key = { m, url, strlen(url) };
	struct fc_embedded_map *e;
	uint32_t i;
	char *name, *data;
	const char *map_url;
	size_t k;

	if (!m->n_embedded)
		return SIZE_MAX;
	i = fc_map_find(&m->embedded_index, (uint32_t)fc_hash_bytes(url, key.len), embedded_eq,
			&key, NULL);
	if (i == FC_NONE)
		return SIZE_MAX;
	e = &m->embedded[i];
	if (!e->json)
		return SIZE_MAX; /* already parsed, for a script with another query */
	map_url = e->map_url[0] && strncmp(e->map_url, "data:", 5) != 0 ? e->map_url : url;
	name = fc_asprintf("%s (embedded in the trace)", e->map_url[0] ? e->map_url : url);
	if (!name)
		return SIZE_MAX;
	data = e->json;
	e->json = NULL;
	k = add_map(m, name, data, e->len, map_url, NULL);
	free(name);
	return k;
}

/* Reads a whole file of at most FC_SOURCEMAP_MAX_BYTES. NULL with err. */
static char *read_file(const char *path, size_t *len, struct fc_error *err)
{
	FILE *f = fopen(path, "rb");
	struct stat st;
	char *buf = NULL;

	if (!f) {
		fc_error_set(err, FC_ERR_IO, "cannot open: %s", strerror(errno));
		return NULL;
	}
	if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) {
		fc_error_set(err, FC_ERR_IO, "not a regular file");
		goto out;
	}
	if ((uint64_t)st.st_size > FC_SOURCEMAP_MAX_BYTES) {
		fc_error_set(err, FC_ERR_LIMIT, "larger than %zu MiB",
			     FC_SOURCEMAP_MAX_BYTES >> 20);
		goto out;
	}
	buf = malloc((size_t)st.st_size + 1);
	if (!buf) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		goto out;
	}
	*len = fread(buf, 1, (size_t)st.st_size, f);
	if (ferror(f)) {
		fc_error_set(err, FC_ERR_IO, "read error");
		free(buf);
		buf = NULL;
		goto out;
	}
	buf[*len] = '\0';
out:
	fclose(f);
	return buf;
}

static bool is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* %XX decoded in place; false when a %00 or a bad escape would result. */
static bool percent_decode(char *s)
{
	char *out = s;

	for (; *s; s++) {
		if (*s == '%') {
			int hi = fc_hexval(s[1]), lo = hi < 0 ? -1 : fc_hexval(s[2]);
			if (hi < 0 || lo < 0 || (hi == 0 && lo == 0))
				return false;
			*out++ = (char)(hi << 4 | lo);
			s += 2;
		} else {
			*out++ = *s;
		}
	}
	*out = '\0';
	return true;
}

/* True when path, made real, lies inside dir (made real). A path that does
 * not exist yet cannot be opened either, so it passes. */
static bool inside(const char *dir, const char *path)
{
	char rd[PATH_MAX], rp[PATH_MAX];
	size_t n;

	if (!realpath(dir, rd))
		return false;
	if (!realpath(path, rp))
		return errno == ENOENT || errno == ENOTDIR;
	n = strlen(rd);
	return strncmp(rp, rd, n) == 0 && (rp[n] == '/' || (n == 1 && rd[0] == '/'));
}

/* The local file a URL names: under a --sourcemap-root, or (unless
 * roots_only) a file:// URL or a path. *via_root says which. NULL when
 * none (or on allocation failure). */
static char *locate(const struct mapper *m, const char *url, bool roots_only, bool *via_root)
{
	size_t i, skip;
	char *rest, *path;

	*via_root = false;
	for (i = 0; i < m->o->n_roots; i++) {
		const char *r = m->o->roots[i], *eq = strchr(r, '=');
		size_t plen = eq ? (size_t)(eq - r) : 0;
		if (!eq || strncmp(url, r, plen) != 0)
			continue;
		rest = fc_strndup(url + plen, strcspn(url + plen, "?#"));
		if (!rest)
			return NULL;
		/* no way up and out of DIR: ".." segments and escapes refused */
		if (!percent_decode(rest) || strcmp(rest, "..") == 0 ||
		    strncmp(rest, "../", 3) == 0 || strstr(rest, "/../") ||
		    (strlen(rest) >= 3 && strcmp(rest + strlen(rest) - 3, "/..") == 0)) {
			free(rest);
			continue;
		}
		path = fc_asprintf("%s/%s", eq + 1, rest + strspn(rest, "/"));
		free(rest);
		if (path && !inside(eq + 1, path)) {
			free(path);
			continue;
		}
		*via_root = path != NULL;
		return path;
	}
	if (roots_only)
		return NULL;
	skip = fc_sourcemap_url_scheme(url);
	if (skip == 0) {
		path = fc_strndup(url, strcspn(url, "?#"));
		return path;
	}
	if (strncmp(url, "file://", 7) != 0)
		return NULL;
	skip = 7;
	if (strncmp(url + skip, "localhost/", 10) == 0)
		skip += 9;
	if (url[skip] != '/')
		return NULL; /* file://host/... is not on this machine */
	path = fc_strndup(url + skip, strcspn(url + skip, "?#"));
	if (path && !percent_decode(path)) {
		free(path);
		return NULL;
	}
	return path;
}

/* The first n-byte needle in [p, end), NULL when none (memmem is not C11). */
static const char *find(const char *p, const char *end, const char *needle, size_t n)
{
	while ((size_t)(end - p) >= n) {
		const char *c = memchr(p, needle[0], (size_t)(end - p) - n + 1);
		if (!c)
			return NULL;
		if (memcmp(c, needle, n) == 0)
			return c;
		p = c + 1;
	}
	return NULL;
}

/* The value of the last `//# sourceMappingURL=` (or the older `//@`) in
 * text, NULL when there is none. Owned by the caller. */
static char *mapping_comment(const char *text, size_t len)
{
	static const char key[] = "sourceMappingURL=";
	const char *p, *found = NULL, *end = text + len;
	size_t n;

	for (p = text; (p = find(p, end, key, sizeof(key) - 1)) != NULL; p++) {
		const char *c = p;
		while (c > text && (c[-1] == ' ' || c[-1] == '\t'))
			c--;
		if (c - text >= 3 && c[-3] == '/' && c[-2] == '/' && (c[-1] == '#' || c[-1] == '@'))
			found = p + sizeof(key) - 1;
	}
	if (!found)
		return NULL;
	n = strcspn(found, " \t\r\n\"'");
	if ((size_t)(end - found) < n)
		n = (size_t)(end - found);
	return n ? fc_strndup(found, n) : NULL;
}

/* a data: URL's base64 digit: the standard alphabet or the URL-safe one */
static int b64(unsigned char c)
{
	return c == '-' ? 62 : c == '_' ? 63 : fc_base64_value(c);
}

/* A data: URL's JSON (application/json, base64 or percent-encoded). */
static char *data_url(const char *url, size_t *len, struct fc_error *err)
{
	const char *comma = strchr(url, ','), *p;
	bool base64;
	char *out;
	size_t n = 0;
	unsigned acc = 0;
	int bits = 0;

	if (!comma || strncmp(url + 5, "application/json", 16) != 0) {
		fc_error_set(err, FC_ERR_FORMAT, "a data: URL that is not application/json");
		return NULL;
	}
	base64 = comma - url >= 7 && strncmp(comma - 7, ";base64", 7) == 0;
	out = malloc(strlen(comma) + 1);
	if (!out) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return NULL;
	}
	if (!base64) {
		strcpy(out, comma + 1);
		if (!percent_decode(out)) {
			free(out);
			fc_error_set(err, FC_ERR_SYNTAX, "a bad %%-escape in a data: URL");
			return NULL;
		}
		*len = strlen(out);
		return out;
	}
	for (p = comma + 1; *p && *p != '='; p++) {
		int v = b64((unsigned char)*p);
		if (v < 0) {
			free(out);
			fc_error_set(err, FC_ERR_SYNTAX, "a data: URL that is not valid base64");
			return NULL;
		}
		acc = acc << 6 | (unsigned)v;
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			out[n++] = (char)(acc >> bits & 0xff);
		}
	}
	out[n] = '\0';
	*len = n;
	return out;
}

/* Loads (once per name) the map in data, or records why there is none. */
static size_t add_map(struct mapper *m, const char *name, char *data, size_t len,
		      const char *map_url, const struct fc_error *why)
{
	struct loaded *l;
	struct key key = { m, name, strlen(name) };
	uint32_t h = (uint32_t)fc_hash_bytes(name, key.len), i;
	size_t slot;

	if (!fc_map_reserve(&m->map_index, m->n_maps + 1) || m->n_maps >= UINT32_MAX - 1) {
		free(data);
		return SIZE_MAX;
	}
	i = fc_map_find(&m->map_index, h, map_eq, &key, &slot);
	if (i != FC_NONE) {
		free(data);
		return i;
	}
	if (!FC_GROW(m->maps, m->cap_maps, m->n_maps + 1)) {
		free(data);
		return SIZE_MAX;
	}
	l = &m->maps[m->n_maps];
	memset(l, 0, sizeof(*l));
	l->name = fc_strdup(name);
	if (!l->name) {
		free(data);
		return SIZE_MAX;
	}
	if (why) {
		l->error = *why;
		fc_error_set_file(&l->error, name);
	} else {
		l->map = fc_sourcemap_parse(data, len, map_url, name, &l->error);
	}
	free(data);
	fc_map_put(&m->map_index, slot, h, (uint32_t)m->n_maps);
	return m->n_maps++;
}

/* Tries a map file; SIZE_MAX when path is not a file. */
static size_t try_file(struct mapper *m, const char *path, const char *map_url)
{
	struct fc_error e;
	size_t len = 0;
	char *data;

	if (!is_file(path))
		return SIZE_MAX;
	fc_error_init(&e);
	data = read_file(path, &len, &e);
	return add_map(m, path, data, len, map_url, data ? NULL : &e);
}

/* The first --sourcemap-dir that holds base. */
static size_t try_dirs(struct mapper *m, const char *base, const char *map_url)
{
	size_t i, k = SIZE_MAX;

	if (!base[0] || strcmp(base, ".") == 0 || strcmp(base, "..") == 0)
		return SIZE_MAX;
	for (i = 0; i < m->o->n_dirs && k == SIZE_MAX; i++) {
		char *path = fc_asprintf("%s/%s", m->o->dirs[i], base);
		if (path)
			k = try_file(m, path, map_url);
		free(path);
	}
	return k;
}

/* The last path segment of url, without query or fragment. */
static char *url_base(const char *url)
{
	size_t n = strcspn(url, "?#"), i = n;

	while (i > 0 && url[i - 1] != '/' && url[i - 1] != ':')
		i--;
	return fc_strndup(url + i, n - i);
}

/* Finds the map of the script at url; SIZE_MAX when it has none. */
static size_t find_map(struct mapper *m, const char *url)
{
	bool via_root = false, map_via_root;
	char *local = locate(m, url, false, &via_root), *script = NULL, *comment = NULL;
	char *map_url = NULL, *map_local = NULL, *base = NULL, *tmp;
	size_t len = 0, k = SIZE_MAX;
	struct fc_error e;

	fc_error_init(&e);
	if (local && is_file(local) && m->script_bytes < SCRIPTS_READ_MAX) {
		struct stat st;
		if (stat(local, &st) == 0 &&
		    (uint64_t)st.st_size <= SCRIPTS_READ_MAX - m->script_bytes) {
			script = read_file(local, &len, &e);
			m->script_bytes += script ? len : 0;
		}
	}
	if (script)
		comment = mapping_comment(script, len);
	free(script);
	if (comment && strncmp(comment, "data:", 5) == 0) {
		/* inline: sources are relative to the script */
		char *name = fc_asprintf("%s (inline map)", local ? local : url);
		char *json = name ? data_url(comment, &len, &e) : NULL;
		if (name)
			k = add_map(m, name, json, len, url, json ? NULL : &e);
		free(name);
		goto done;
	}
	if (comment) {
		map_url = fc_sourcemap_url_resolve(url, comment);
		if (!map_url)
			goto done;
		/* a script found through a root finds its map through one too */
		map_local = locate(m, map_url, via_root, &map_via_root);
		if (map_local && (k = try_file(m, map_local, map_url)) != SIZE_MAX)
			goto done;
		base = url_base(map_url);
		if (base && (k = try_dirs(m, base, map_url)) != SIZE_MAX)
			goto done;
		/* named but not found: a warning naming it */
		fc_error_init(&e);
		fc_error_set(&e, FC_ERR_IO, "not found (named by %s)", local ? local : url);
		k = add_map(m, map_local ? map_local : map_url, NULL, 0, NULL, &e);
		goto done;
	}
	map_url = fc_asprintf("%s.map", url);
	if (!map_url)
		goto done;
	tmp = local ? fc_asprintf("%s.map", local) : NULL;
	if (tmp)
		k = try_file(m, tmp, map_url);
	free(tmp);
	if (k == SIZE_MAX && (base = url_base(map_url)) != NULL)
		k = try_dirs(m, base, map_url);
done:
	free(local);
	free(comment);
	free(map_url);
	free(map_local);
	free(base);
	return k;
}

/* The script entry of url, made (and its map found) on first sight. The
 * query and fragment do not count: they do not change the file read nor
 * where its map is. */
static struct script *script_of(struct mapper *m, const char *url)
{
	struct key key = { m, url, strcspn(url, "?#") };
	uint32_t h = (uint32_t)fc_hash_bytes(url, key.len), i;
	size_t slot;
	struct script *s;

	if (!fc_map_reserve(&m->script_index, m->n_scripts + 1) || m->n_scripts >= UINT32_MAX - 1)
		return NULL;
	i = fc_map_find(&m->script_index, h, script_eq, &key, &slot);
	if (i != FC_NONE)
		return &m->scripts[i];
	if (!FC_GROW(m->scripts, m->cap_scripts, m->n_scripts + 1))
		return NULL;
	s = &m->scripts[m->n_scripts];
	s->url = fc_strndup(url, key.len);
	if (!s->url)
		return NULL;
	/* a map the trace carries comes before any on disk */
	s->map = embedded_map(m, s->url);
	if (s->map == SIZE_MAX)
		s->map = find_map(m, s->url);
	s->seen = false;
	fc_map_put(&m->script_index, slot, h, (uint32_t)m->n_scripts);
	m->n_scripts++;
	return s;
}

static bool ident_char(char c, bool first)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' ||
	       (unsigned char)c >= 0x80 || (!first && c >= '0' && c <= '9');
}

/* The function name the original source text gives at column of the line
 * text[0..len): `[async] function[*] NAME`, or a method `NAME(`. Minifiers
 * that inline a function or make it anonymous leave no name in the map
 * there, but the original text still has it. NULL when neither shape is
 * there. Reads no further than the line (the map indexed where it starts). */
static char *name_from_source(const char *text, size_t len, int32_t column)
{
	static const char *const keywords[] = { "if",     "for",      "while",  "switch", "catch",
						"return", "function", "typeof", "new" };
	const char *p, *start, *end = text + len;
	size_t n, i;

	if (column < 0 || (size_t)column >= len)
		return NULL;
	p = text + column;
	for (int pass = 0; pass < 3; pass++) {
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		start = p;
		while (p < end && ident_char(*p, p == start))
			p++;
		n = (size_t)(p - start);
		if (!n)
			return NULL;
		if ((n == 6 && strncmp(start, "export", 6) == 0) ||
		    (n == 5 && strncmp(start, "async", 5) == 0) ||
		    (n == 6 && strncmp(start, "static", 6) == 0))
			continue;
		if (n == 8 && strncmp(start, "function", 8) == 0) {
			while (p < end && (*p == ' ' || *p == '\t' || *p == '*'))
				p++;
			start = p;
			while (p < end && ident_char(*p, p == start))
				p++;
			return p > start ? fc_strndup(start, (size_t)(p - start)) : NULL;
		}
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		if (p == end || (*p != '(' && *p != '<'))
			return NULL;
		for (i = 0; i < FC_ARRAY_LEN(keywords); i++)
			if (strlen(keywords[i]) == n && strncmp(start, keywords[i], n) == 0)
				return NULL;
		return fc_strndup(start, n);
	}
	return NULL;
}

/* The text of an original source: its sourcesContent, else the file its
 * URL names on this machine (read once; "" when it cannot be). NULL on
 * allocation failure. */
static const char *source_text(struct mapper *m, const struct fc_sourcemap_pos *pos)
{
	struct source_file *sf;
	struct fc_error e;
	bool via_root;
	size_t i, len;
	char *path;

	if (pos->content)
		return pos->content;
	for (i = 0; i < m->n_sources; i++)
		if (strcmp(m->sources[i].url, pos->source) == 0)
			return m->sources[i].text ? m->sources[i].text : "";
	if (!FC_GROW(m->sources, m->cap_sources, m->n_sources + 1))
		return NULL;
	sf = &m->sources[m->n_sources];
	if (!(sf->url = fc_strdup(pos->source)))
		return NULL;
	m->n_sources++;
	path = locate(m, pos->source, false, &via_root);
	fc_error_init(&e);
	sf->text = path && is_file(path) ? read_file(path, &len, &e) : NULL;
	free(path);
	return sf->text ? sf->text : "";
}

/* Line `line` (0-based) of text, cut for a table, interned into t; 0 when
 * the text has no such line or it is blank, FC_NONE on allocation failure. */
static uint32_t line_text(struct fc_profile *t, const char *text, int32_t line)
{
	char cut[3 * 120 + 4];
	size_t n;

	for (; line > 0 && text; line--)
		if ((text = strchr(text, '\n')) != NULL)
			text++;
	if (!text)
		return 0;
	n = strcspn(text, "\n");
	fc_lines_cut_text(text, n, cut, sizeof(cut), 120);
	return cut[0] ? fc_strpool_intern(&t->strings, cut, strlen(cut)) : 0;
}

/* The profile's line ticks moved to their original sources (docs/lines.md)
 * and installed on p with t's string ids (t is the frame table p is about
 * to take). A line has no column: on the function's own first line the
 * function's column is looked up, elsewhere the line's last mapping. A
 * line of a script without a map keeps its script. false on allocation
 * failure, p's lines then unchanged. */
static bool map_lines(struct mapper *m, struct fc_profile *p, struct fc_profile *t,
		      const size_t *by_url)
{
	struct fc_line_ticks *out = NULL;
	uint32_t *node = NULL, i, j;
	size_t n = 0;
	bool ok = false;

	if (!p->node_lines)
		return true;
	out = malloc((p->n_lines ? p->n_lines : 1) * sizeof(*out));
	node = malloc((p->n_lines ? p->n_lines : 1) * sizeof(*node));
	if (!out || !node)
		goto out;
	for (i = 0; i < p->n_nodes; i++) {
		const struct fc_frame *f = &p->frames[p->node_frame[i]];
		for (j = p->node_lines[i]; j < p->node_lines[i + 1]; j++) {
			const struct fc_line_ticks *lt = &p->lines[j];
			const char *url = fc_profile_str(p, lt->url), *text;
			size_t k = lt->url < p->strings.count ? by_url[lt->url] : 0;
			struct loaded *l = k && m->scripts[k - 1].map != SIZE_MAX
						   ? &m->maps[m->scripts[k - 1].map]
						   : NULL;
			int32_t col =
				lt->line - 1 == f->line && f->column > 0 ? f->column : INT32_MAX;
			struct fc_sourcemap_pos pos;

			out[n] = *lt;
			node[n] = i;
			if (l && l->map &&
			    fc_sourcemap_lookup(l->map, lt->line - 1, col, &pos, &l->error)) {
				out[n].url = fc_strpool_intern(&t->strings, pos.source,
							       strlen(pos.source));
				out[n].line = pos.line + 1;
				if (!(text = source_text(m, &pos)))
					goto out;
				out[n].text = line_text(t, text, pos.line);
			} else {
				out[n].url = fc_strpool_intern(&t->strings, url, strlen(url));
			}
			if (out[n].url == FC_NONE || out[n].text == FC_NONE)
				goto out;
			n++;
		}
	}
	ok = fc_profile_set_lines(p, node, out, n);
out:
	free(out);
	free(node);
	return ok;
}

/* Maps one profile's frames: interned anew into a fresh frame table (so
 * frames that become one original function become one frame), then the
 * node tree is pointed at the new frames. */
static bool map_profile(struct mapper *m, struct fc_profile *p, struct fc_error *err)
{
	struct fc_profile *t = fc_profile_create();
	uint32_t *remap = malloc((p->n_frames ? p->n_frames : 1) * sizeof(*remap));
	struct fc_frame_generated *gen = NULL;
	/* per URL string id: its script + 1, 0 = not looked up yet (a profile
	 * has many frames per script: no search per frame) */
	size_t *by_url = calloc(p->strings.count ? p->strings.count : 1, sizeof(*by_url));
	size_t cap_gen = 0, i;
	uint32_t mapped = 0;
	bool ok = false;

	if (!t || !remap || !by_url)
		goto nomem;
	for (i = 0; i < m->n_maps; i++)
		m->maps[i].used = m->maps[i].told = false;
	for (i = 0; i < m->n_scripts; i++)
		m->scripts[i].seen = false;
	for (i = 0; i < p->n_frames; i++) {
		const struct fc_frame *f = &p->frames[i];
		const char *url = fc_profile_str(p, f->url), *name = fc_profile_str(p, f->name);
		const char *sid = fc_profile_str(p, f->script_id);
		struct fc_sourcemap_pos pos;
		struct script *s = NULL;
		struct loaded *l = NULL;
		char *guess = NULL;
		bool moved = false;
		uint32_t k;

		/* a script's top-level code (V8 names it "" at 0:0) is the
		 * bundle itself, not whatever source happens to come first */
		bool top = !name[0] && f->line == 0 && f->column == 0;

		if (f->meta == FC_META_NONE && url[0] && f->line >= 0 && !top &&
		    strncmp(url, "node:", 5) != 0) {
			if (by_url[f->url]) {
				s = &m->scripts[by_url[f->url] - 1];
			} else {
				if (!(s = script_of(m, url)))
					goto nomem;
				by_url[f->url] = (size_t)(s - m->scripts) + 1;
			}
			l = s->map != SIZE_MAX ? &m->maps[s->map] : NULL;
			s->seen = true;
		}
		if (l && l->map &&
		    fc_sourcemap_lookup(l->map, f->line, f->column > 0 ? f->column : 0, &pos,
					&l->error)) {
			/* The name: with the original text, the one it declares
			 * there (a map's name at a function's position may be its
			 * first parameter's, and minifiers drop names of functions
			 * they inline); without, the map's name where the bundle
			 * had a name; else the bundle's name. */
			const char *nm = NULL;
			if (pos.content)
				nm = guess =
					pos.content_line
						? name_from_source(pos.content_line,
								   pos.content_line_len, pos.column)
						: NULL;
			else if (name[0] && pos.name)
				nm = pos.name;
			if (!nm)
				nm = name;
			k = fc_profile_intern_frame(t, nm, strlen(nm), pos.source,
						    strlen(pos.source), sid, strlen(sid), pos.line,
						    pos.column);
			free(guess);
			if (k == FC_NONE)
				goto nomem;
			mapped++;
			l->used = moved = true;
		} else {
			k = fc_profile_intern_frame(t, name, strlen(name), url, strlen(url), sid,
						    strlen(sid), f->line, f->column);
			if (k == FC_NONE)
				goto nomem;
			/* a --tasks lane's trace event keeps its DevTools category
			 * (fc_profile_classify leaves it alone) */
			if (f->tags & FC_TAG_EVENT) {
				const char *cat = fc_profile_str(p, f->package);
				uint32_t pkg = fc_strpool_intern(&t->strings, cat, strlen(cat));
				if (pkg == FC_NONE)
					goto nomem;
				t->frames[k].tags = f->tags;
				t->frames[k].tier = f->tier;
				t->frames[k].package = pkg;
			}
		}
		remap[i] = k;
		if (k >= cap_gen || !gen) {
			size_t old = gen ? cap_gen : 0;
			if (!FC_GROW(gen, cap_gen, (size_t)k + 1))
				goto nomem;
			memset(gen + old, 0, (cap_gen - old) * sizeof(*gen));
		}
		/* a merged frame keeps the first bundle position mapped to it */
		if (moved && gen[k].url == 0) {
			gen[k].url = fc_strpool_intern(&t->strings, url, strlen(url));
			gen[k].line = f->line;
			gen[k].column = f->column;
			if (gen[k].url == FC_NONE)
				goto nomem;
		}
	}
	if (!mapped) {
		ok = true;
		goto out;
	}
	if (!map_lines(m, p, t, by_url))
		goto nomem;
	/* nothing can fail from here on: the profile changes all at once */
	for (i = 0; i < p->n_nodes; i++)
		p->node_frame[i] = remap[p->node_frame[i]];
	{
		struct fc_strpool sp = p->strings;
		struct fc_frame *fr = p->frames;
		uint32_t nf = p->n_frames;
		size_t fc = p->frames_cap;

		p->strings = t->strings;
		p->frames = t->frames;
		p->n_frames = t->n_frames;
		p->frames_cap = t->frames_cap;
		t->strings = sp;
		t->frames = fr;
		t->n_frames = nf;
		t->frames_cap = fc;
	}
	fc_profile_drop_frame_index(p);
	free(p->generated);
	p->generated = gen;
	p->n_generated = (uint32_t)(cap_gen < p->n_frames ? cap_gen : p->n_frames);
	gen = NULL;
	p->sourcemap_frames += mapped;
	for (i = 0; i < m->n_maps; i++)
		p->sourcemap_maps += m->maps[i].used;
	fc_profile_classify(p);
	ok = true;
	goto out;
nomem:
	fc_error_set(err, FC_ERR_NOMEM, "out of memory");
out:
	fc_profile_destroy(t);
	free(remap);
	free(by_url);
	free(gen);
	return ok;
}

/* Warnings (or, under strict, the first as an error) for the maps the
 * profile's scripts named that could not be used. */
static bool report(struct mapper *m, struct fc_profile *p, bool strict, struct fc_error *err)
{
	size_t i;

	for (i = 0; i < m->n_scripts; i++) {
		struct loaded *l;

		if (m->scripts[i].map == SIZE_MAX || !m->scripts[i].seen)
			continue;
		l = &m->maps[m->scripts[i].map];
		if (l->told) /* one report per map */
			continue;
		l->told = true;
		if (l->error.code != FC_OK) {
			char text[700];
			struct fc_error e = l->error;

			e.file[0] = '\0';
			fc_error_format(&e, text, sizeof(text));
			if (strict) {
				*err = l->error;
				return false;
			}
			fc_profile_warn(
				p, "", 0, 0,
				"source map %s cannot be used (%s); frames left as they are",
				l->name, text);
			p->n_repairs--; /* a warning, not a repair to the input */
			p->sourcemap_unreadable++;
			if (!p->sourcemap_unreadable_names) {
				p->sourcemap_unreadable_names = fc_strdup(fc_basename(l->name));
			} else if (p->sourcemap_unreadable < 4) {
				char *s = fc_asprintf("%s, %s", p->sourcemap_unreadable_names,
						      fc_basename(l->name));
				if (s) {
					free(p->sourcemap_unreadable_names);
					p->sourcemap_unreadable_names = s;
				}
			}
		} else if (l->map && fc_sourcemap_ignored(l->map)) {
			if (strict) {
				fc_error_init(err);
				fc_error_set_file(err, l->name);
				fc_error_set(err, FC_ERR_STRICT,
					     "%zu mappings point outside \"sources\" or \"names\" "
					     "or have a wrong number of fields",
					     fc_sourcemap_ignored(l->map));
				return false;
			}
			fc_profile_warn(
				p, "", 0, 0,
				"source map %s: %zu mappings ignored (pointing outside "
				"\"sources\" or \"names\", or with a wrong number of fields)",
				l->name, fc_sourcemap_ignored(l->map));
			p->n_repairs--;
		}
	}
	return true;
}

static void mapper_finish(struct mapper *m)
{
	size_t i;

	for (i = 0; i < m->n_scripts; i++)
		free(m->scripts[i].url);
	for (i = 0; i < m->n_maps; i++) {
		free(m->maps[i].name);
		fc_sourcemap_destroy(m->maps[i].map);
	}
	for (i = 0; i < m->n_sources; i++) {
		free(m->sources[i].url);
		free(m->sources[i].text);
	}
	free(m->scripts);
	free(m->maps);
	fc_map_finish(&m->script_index);
	fc_map_finish(&m->map_index);
	fc_map_finish(&m->embedded_index);
	free(m->sources);
}

/* --- the JS calls a trace's annotations name ------------------------------- */

/* A call an annotation names (p- keys) by thread and bundle position. */
struct named_call {
	int64_t pid, tid;
	const char *url;
	int32_t line, column;
	struct fc_entry_ref *ref;
};

static int named_cmp(const void *pa, const void *pb, void *ctx)
{
	const struct named_call *a = pa, *b = pb;
	int c;
	(void)ctx;
	if (a->pid != b->pid)
		return a->pid < b->pid ? -1 : 1;
	if (a->tid != b->tid)
		return a->tid < b->tid ? -1 : 1;
	if ((c = strcmp(a->url, b->url)) != 0)
		return c;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	return a->column < b->column ? -1 : a->column > b->column;
}

static void add_named(struct named_call *v, size_t *n, struct fc_entry_ref *r)
{
	if (r->known && r->url)
		v[(*n)++] = (struct named_call){ r->pid, r->tid, r->url, r->line, r->column, r };
}

/* The annotations name a JS call by the name it had in the profile read
 * (the bundle's): once its frame is mapped, by the original name, found
 * through the frame's generated position. Sorted once, then one lookup
 * per mapped frame. */
static bool rename_calls(struct fc_profile_set *set, size_t first, struct fc_annotations *a)
{
	struct named_call *v, key;
	size_t n = 0, i, lo, hi;
	uint32_t k;

	v = malloc((a->n_labels + 2 * a->n_links + 1) * sizeof(*v));
	if (!v)
		return false;
	for (i = 0; i < a->n_labels; i++)
		add_named(v, &n, &a->labels[i].entry);
	for (i = 0; i < a->n_links; i++) {
		add_named(v, &n, &a->links[i].from);
		add_named(v, &n, &a->links[i].to);
	}
	if (!fc_sort(v, n, sizeof(*v), named_cmp, NULL)) {
		free(v);
		return false;
	}
	for (i = first; i < set->count && n; i++) {
		const struct fc_profile *p = set->items[i];
		for (k = 0; p->generated && k < p->n_generated && k < p->n_frames; k++) {
			if (!p->generated[k].url)
				continue;
			key = (struct named_call){ p->pid,
						   p->tid,
						   fc_profile_str(p, p->generated[k].url),
						   p->generated[k].line,
						   p->generated[k].column,
						   NULL };
			for (lo = 0, hi = n; lo < hi;) {
				size_t mid = lo + (hi - lo) / 2;
				if (named_cmp(&v[mid], &key, NULL) < 0)
					lo = mid + 1;
				else
					hi = mid;
			}
			for (; lo < n && named_cmp(&v[lo], &key, NULL) == 0; lo++) {
				char *name = fc_strdup(fc_profile_str(p, p->frames[k].name));
				if (!name) {
					free(v);
					return false;
				}
				free(v[lo].ref->name);
				v[lo].ref->name = name;
			}
		}
	}
	free(v);
	return true;
}

bool fc_sourcemap_apply(struct fc_profile_set *set, size_t first,
			const struct fc_sourcemap_options *opts, bool strict, struct fc_error *err)
{
	struct mapper m = { .o = opts };
	struct fc_annotations *a = NULL;
	bool ok = true;
	size_t i;

	for (i = first; i < set->count && !a; i++)
		if (set->items[i]->annotations && set->items[i]->annotations->n_maps)
			a = set->items[i]->annotations;
	if (a && !index_embedded(&m, a->maps, a->n_maps)) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		mapper_finish(&m);
		return false;
	}
	for (i = first; i < set->count && ok; i++) {
		struct fc_profile *p = set->items[i];

		ok = map_profile(&m, p, err) && report(&m, p, strict, err);
		if (!ok && err->file[0] == '\0')
			fc_error_set_file(err, p->source ? p->source : "");
	}
	mapper_finish(&m);
	/* parsed into the maps and freed with them: the text is not kept */
	fc_annotations_drop_maps(a);
	for (i = first; i < set->count && ok; i++)
		if (set->items[i]->annotations &&
		    !rename_calls(set, first, set->items[i]->annotations)) {
			fc_error_set(err, FC_ERR_NOMEM, "out of memory");
			ok = false;
		}
	return ok;
}
