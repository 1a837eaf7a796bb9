/* Reading a Source Map v3 (ECMA-426) with jansson, and looking positions up
 * in it. The JSON tree lives only while the map is parsed: what lookups need
 * (the `mappings` text, resolved source URLs, sourcesContent, names) is
 * copied out. `mappings` is decoded on the first lookup, into one array of
 * segments and one index of where each generated line starts; a lookup is
 * then two binary searches (section, then segment).
 * Memory, after parsing (docs/sourcemaps.md): the copied strings are at most
 * the map's size and their pointers at most 12 bytes per byte of an array
 * (an entry of `sources`, 3 pointers, costs at least 2 bytes of JSON, one
 * of `names`, 1 pointer, too); decoded mappings take at most 12 bytes per
 * byte of `mappings` (a kept segment costs at least one digit and shares
 * one separator, 20 bytes decoded; a line one ';', 4 bytes); the index of
 * a sourcesContent's line starts, made when a lookup first lands on it,
 * 4 bytes per line (a line break is 2 bytes of JSON, "\n"). The map's URL
 * is kept once, however many sections share it. So at most 16 times the
 * map's size plus its URL, plus the URLs of the sources lookups landed on
 * (one per mapped frame at most); jansson's tree while it parses comes on
 * top and is freed at once. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "import/sourcemap.h"
#include "import/sourcemap_url.h"
#include "util/util.h"
#include "model/profile.h"

struct segment {
	int32_t gen_column;
	int32_t source; /* -1: a 1-field segment (maps to nothing) */
	int32_t line, column;
	int32_t name; /* -1: none */
};

enum { UNDECODED, DECODED, FAILED };

/* A sourcesContent entry: its text, and where each of its n lines starts
 * (n + 1 offsets, the last one past the end), indexed when a lookup first
 * lands on it (starts NULL until then). */
struct content {
	uint32_t *starts;
	uint32_t n;
	size_t len;
	char text[];
};

struct plain {
	char *mappings; /* freed once decoded */
	size_t mappings_len;
	char **sources;            /* as the map gives them; NULL for a null source */
	char **resolved;           /* their URLs, made on first use (see parse_plain) */
	struct content **contents; /* sourcesContent, entries may be NULL */
	size_t n_sources;
	char *source_root;
	const char *url; /* the map's, owned by struct fc_sourcemap */
	char **names;    /* entries NULL when not strings */
	size_t n_names;
	int state;
	struct segment *segs;
	size_t n_segs;
	uint32_t *line_start; /* n_lines + 1 entries into segs */
	size_t n_lines;
	size_t ignored;
};

struct section {
	int32_t line, column; /* offset in the generated file */
	struct plain map;
};

struct fc_sourcemap {
	char *name; /* for messages */
	char *url;  /* what sources resolve against, shared by the sections */
	struct section *sections;
	size_t n_sections;
	size_t bytes; /* held now, for fc_sourcemap_memory */
};

static void free_strings(char **v, size_t n)
{
	size_t i;

	if (!v)
		return;
	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static void plain_finish(struct plain *m)
{
	free(m->mappings);
	free_strings(m->sources, m->n_sources);
	free_strings(m->resolved, m->n_sources);
	if (m->contents)
		for (size_t i = 0; i < m->n_sources; i++)
			if (m->contents[i]) {
				free(m->contents[i]->starts);
				free(m->contents[i]);
			}
	free(m->contents);
	free(m->source_root);
	free_strings(m->names, m->n_names);
	free(m->segs);
	free(m->line_start);
	memset(m, 0, sizeof(*m));
}

void fc_sourcemap_destroy(struct fc_sourcemap *m)
{
	size_t i;

	if (!m)
		return;
	for (i = 0; i < m->n_sections; i++)
		plain_finish(&m->sections[i].map);
	free(m->sections);
	free(m->name);
	free(m->url);
	free(m);
}

/* A copy of string array a (NULL entries for what is not a string); the
 * bytes copied are added to *bytes. false on allocation failure. */
static bool copy_strings(json_t *a, char ***out, size_t *n, size_t *bytes)
{
	size_t i, count = json_array_size(a);

	*out = NULL;
	*n = 0;
	if (!count)
		return true;
	*out = calloc(count, sizeof(**out));
	if (!*out)
		return false;
	*n = count;
	*bytes += count * sizeof(**out);
	for (i = 0; i < count; i++) {
		json_t *s = json_array_get(a, i);
		if (!json_is_string(s))
			continue;
		(*out)[i] = fc_strndup(json_string_value(s), json_string_length(s));
		if (!(*out)[i])
			return false;
		*bytes += json_string_length(s) + 1;
	}
	return true;
}

/* Reads one plain map (the top level, or a section's map). */
static bool parse_plain(json_t *root, const char *url, const char *where, struct plain *m,
			size_t *bytes, struct fc_error *err)
{
	json_t *version = json_object_get(root, "version");
	json_t *mappings = json_object_get(root, "mappings");
	json_t *sources = json_object_get(root, "sources");
	json_t *names = json_object_get(root, "names");
	json_t *root_url = json_object_get(root, "sourceRoot");
	json_t *contents = json_object_get(root, "sourcesContent");
	const char *source_root = json_is_string(root_url) ? json_string_value(root_url) : "";
	size_t i, n;

	if (!json_is_integer(version) || json_integer_value(version) != 3) {
		fc_error_set(err, FC_ERR_FORMAT, "%snot a version 3 source map", where);
		return false;
	}
	if (json_object_get(root, "sections")) {
		fc_error_set(err, FC_ERR_FORMAT, "%san index map inside an index map", where);
		return false;
	}
	if (!json_is_string(mappings)) {
		fc_error_set(err, FC_ERR_TYPE, "%s\"mappings\" is not a string", where);
		return false;
	}
	if ((sources && !json_is_array(sources)) || (names && !json_is_array(names)) ||
	    (contents && !json_is_array(contents) && !json_is_null(contents))) {
		fc_error_set(err, FC_ERR_TYPE,
			     "%s\"sources\", \"names\" or \"sourcesContent\" "
			     "is not an array",
			     where);
		return false;
	}
	m->mappings_len = json_string_length(mappings);
	m->mappings = fc_strndup(json_string_value(mappings), m->mappings_len);
	if (!m->mappings)
		goto nomem;
	*bytes += m->mappings_len + 1;
	if (!copy_strings(names, &m->names, &m->n_names, bytes))
		goto nomem;
	n = json_array_size(sources);
	/* sources are resolved when a lookup lands on them: resolved now, an
	 * empty source would cost the length of the map's URL, not 3 bytes */
	m->source_root = fc_strdup(source_root);
	m->url = url;
	if (!m->source_root)
		goto nomem;
	*bytes += strlen(source_root) + 1;
	if (n) {
		m->sources = calloc(n, sizeof(*m->sources));
		m->resolved = calloc(n, sizeof(*m->resolved));
		m->contents = calloc(n, sizeof(*m->contents));
		if (!m->sources || !m->resolved || !m->contents)
			goto nomem;
		m->n_sources = n;
		*bytes += 3 * n * sizeof(char *);
	}
	for (i = 0; i < n; i++) {
		json_t *s = json_array_get(sources, i), *c = json_array_get(contents, i);
		if (json_is_string(s)) {
			m->sources[i] = fc_strndup(json_string_value(s), json_string_length(s));
			if (!m->sources[i])
				goto nomem;
			*bytes += json_string_length(s) + 1;
		}
		if (json_is_string(c)) {
			size_t len = json_string_length(c);
			struct content *ct = malloc(sizeof(*ct) + len + 1);
			if (!ct)
				goto nomem;
			ct->starts = NULL;
			ct->n = 0;
			ct->len = len;
			memcpy(ct->text, json_string_value(c), len + 1);
			m->contents[i] = ct;
			*bytes += sizeof(*ct) + len + 1;
		}
	}
	return true;
nomem:
	fc_error_set(err, FC_ERR_NOMEM, "out of memory");
	return false;
}

/* ECMA-426 index map: sections in order, each with an offset and a map
 * (never a url, never another index map: no recursion). */
static bool parse_sections(json_t *root, const char *url, struct fc_sourcemap *m,
			   struct fc_error *err)
{
	json_t *version = json_object_get(root, "version");
	json_t *sections = json_object_get(root, "sections");
	size_t i, n;
	char where[64];

	if (!json_is_integer(version) || json_integer_value(version) != 3) {
		fc_error_set(err, FC_ERR_FORMAT, "not a version 3 source map");
		return false;
	}
	if (!json_is_array(sections)) {
		fc_error_set(err, FC_ERR_TYPE, "\"sections\" is not an array");
		return false;
	}
	n = json_array_size(sections);
	m->sections = calloc(n ? n : 1, sizeof(*m->sections));
	if (!m->sections) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	m->bytes += n * sizeof(*m->sections);
	for (i = 0; i < n; i++) {
		json_t *s = json_array_get(sections, i);
		json_t *off = json_object_get(s, "offset");
		json_t *line = json_object_get(off, "line"), *col = json_object_get(off, "column");
		json_t *map = json_object_get(s, "map");
		struct section *sec = &m->sections[i];

		snprintf(where, sizeof(where), "sections[%zu]: ", i);
		if (!json_is_integer(line) || !json_is_integer(col) ||
		    json_integer_value(line) < 0 || json_integer_value(line) > INT32_MAX ||
		    json_integer_value(col) < 0 || json_integer_value(col) > INT32_MAX) {
			fc_error_set(err, FC_ERR_TYPE, "%sno valid \"offset\"", where);
			return false;
		}
		sec->line = (int32_t)json_integer_value(line);
		sec->column = (int32_t)json_integer_value(col);
		if (i && (sec->line < sec[-1].line ||
			  (sec->line == sec[-1].line && sec->column < sec[-1].column))) {
			fc_error_set(err, FC_ERR_INVALID, "%ssections out of order", where);
			return false;
		}
		if (!json_is_object(map)) {
			fc_error_set(err, FC_ERR_FORMAT, "%s%s", where,
				     json_object_get(s, "url") ? "sections with a \"url\" are "
								 "not supported"
							       : "no \"map\"");
			return false;
		}
		m->n_sections = i + 1;
		if (!parse_plain(map, url, where, &sec->map, &m->bytes, err))
			return false;
	}
	return true;
}

struct fc_sourcemap *fc_sourcemap_parse(const char *data, size_t len, const char *url,
					const char *name, struct fc_error *err)
{
	struct fc_sourcemap *m;
	json_error_t je;
	json_t *root;
	bool ok;

	fc_error_init(err);
	fc_error_set_file(err, name);
	if (len > FC_SOURCEMAP_MAX_BYTES) {
		fc_error_set(err, FC_ERR_LIMIT, "source map larger than %zu MiB",
			     FC_SOURCEMAP_MAX_BYTES >> 20);
		return NULL;
	}
	root = json_loadb(data, len, JSON_ALLOW_NUL, &je);
	if (!root) {
		err->line = je.line > 0 ? je.line : 0;
		err->column = je.column > 0 ? je.column : 0;
		fc_error_set(err, FC_ERR_SYNTAX, "not a JSON source map: %s",
			     fc_json_error_unquoted(je.text));
		return NULL;
	}
	m = calloc(1, sizeof(*m));
	if (!m || !(m->name = fc_strdup(name)) || !(m->url = fc_strdup(url))) {
		if (m)
			free(m->name);
		free(m);
		json_decref(root);
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return NULL;
	}
	m->bytes += strlen(url) + 1;
	if (!json_is_object(root)) {
		fc_error_set(err, FC_ERR_FORMAT, "not a source map (not a JSON object)");
		ok = false;
	} else if (json_object_get(root, "sections")) {
		ok = parse_sections(root, m->url, m, err);
	} else {
		m->sections = calloc(1, sizeof(*m->sections));
		m->n_sections = m->sections ? 1 : 0;
		ok = m->sections &&
		     parse_plain(root, m->url, "", &m->sections[0].map, &m->bytes, err);
		if (!m->sections)
			fc_error_set(err, FC_ERR_NOMEM, "out of memory");
	}
	json_decref(root);
	if (!ok) {
		fc_sourcemap_destroy(m);
		return NULL;
	}
	return m;
}

static int cmp_segment(const void *a, const void *b, void *ctx)
{
	const struct segment *x = a, *y = b;

	(void)ctx;
	return (x->gen_column > y->gen_column) - (x->gen_column < y->gen_column);
}

/* Decodes m->mappings (ECMA-426 "mappings"): ';' ends a generated line
 * (the generated column restarts at 0), ',' a segment; fields are deltas,
 * the column from the previous segment of the line, the others from the
 * previous segment that had them. */
static bool decode(struct plain *m, size_t *bytes, struct fc_error *err)
{
	const char *p = m->mappings, *end = p + m->mappings_len;
	size_t n_segs = 1, n_lines = 1, i, line = 0, line_first = 0;
	int64_t source = 0, oline = 0, ocol = 0, name = 0;
	int64_t gcol = 0;
	bool sorted = true;

	size_t digits = 0;

	for (i = 0; i < m->mappings_len; i++) {
		n_segs += p[i] == ',' || p[i] == ';';
		n_lines += p[i] == ';';
		digits += p[i] != ',' && p[i] != ';';
	}
	/* a kept segment has at least one digit: ";;;;" needs no segments */
	if (digits < n_segs)
		n_segs = digits ? digits : 1;
	if (n_lines > UINT32_MAX || n_segs > UINT32_MAX) {
		fc_error_set(err, FC_ERR_LIMIT, "\"mappings\" too long");
		return false;
	}
	m->segs = malloc(n_segs * sizeof(*m->segs));
	m->line_start = malloc((n_lines + 1) * sizeof(*m->line_start));
	if (!m->segs || !m->line_start) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	*bytes += n_segs * sizeof(*m->segs) + (n_lines + 1) * sizeof(*m->line_start);
	m->n_lines = n_lines;
	m->line_start[0] = 0;
	m->n_segs = 0;
	for (;;) {
		int32_t f[6];
		int n = 0;

		while (p < end && *p != ',' && *p != ';') {
			const char *at = p;
			enum fc_vlq_status st = n < 6 ? fc_vlq_decode(&p, end, &f[n]) : FC_VLQ_OK;
			if (n >= 6) { /* too many fields: skip the rest of the segment */
				int32_t dummy;
				st = fc_vlq_decode(&p, end, &dummy);
			}
			if (st != FC_VLQ_OK) {
				static const char *const what[] = {
					[FC_VLQ_BAD_CHAR] = "a character that is not Base64",
					[FC_VLQ_TRUNCATED] = "a truncated number",
					[FC_VLQ_OVERFLOW] = "a number beyond 32 bits",
				};
				fc_error_set(
					err, FC_ERR_SYNTAX,
					"\"mappings\" has %s at offset %zu (generated line %zu)",
					what[st], (size_t)(at - m->mappings), line + 1);
				return false;
			}
			n++;
		}
		if (n > 0) {
			gcol += f[0];
			if (n == 1 || n == 4 || n == 5) {
				struct segment s = { .source = -1, .name = -1 };
				bool ok = gcol >= 0 && gcol <= INT32_MAX;
				if (n >= 4) {
					source += f[1];
					oline += f[2];
					ocol += f[3];
					ok = ok && source >= 0 && (size_t)source < m->n_sources &&
					     oline >= 0 && oline <= INT32_MAX && ocol >= 0 &&
					     ocol <= INT32_MAX;
					s.source = (int32_t)source;
					s.line = (int32_t)oline;
					s.column = (int32_t)ocol;
				}
				if (n == 5) {
					name += f[4];
					ok = ok && name >= 0 && (size_t)name < m->n_names;
					s.name = (int32_t)name;
				}
				s.gen_column = (int32_t)gcol;
				if (ok) {
					if (m->n_segs > line_first &&
					    m->segs[m->n_segs - 1].gen_column > s.gen_column)
						sorted = false;
					m->segs[m->n_segs++] = s;
				} else {
					m->ignored++;
				}
			} else {
				m->ignored++; /* 2, 3 or more than 5 fields */
			}
		}
		if (p < end && *p == ',') {
			p++;
			continue;
		}
		/* end of a line: its segments in column order for the search */
		if (!sorted && !fc_sort(m->segs + line_first, m->n_segs - line_first,
					sizeof(*m->segs), cmp_segment, NULL)) {
			fc_error_set(err, FC_ERR_NOMEM, "out of memory");
			return false;
		}
		sorted = true;
		m->line_start[++line] = (uint32_t)m->n_segs;
		line_first = m->n_segs;
		if (p >= end)
			break;
		p++; /* ';' */
		gcol = 0;
	}
	m->n_lines = line;
	free(m->mappings);
	*bytes -= m->mappings_len + 1;
	m->mappings = NULL;
	return true;
}

/* ct's line starts, indexed on first use: its text is scanned once, not
 * once per lookup. false on allocation failure (or more than 2^32 lines). */
static bool index_lines(struct content *ct, size_t *bytes)
{
	const char *p, *end = ct->text + ct->len;
	size_t n = 1, i = 0;

	if (ct->starts)
		return true;
	if (ct->len >= UINT32_MAX)
		return false;
	for (p = ct->text; (p = memchr(p, '\n', (size_t)(end - p))) != NULL; p++)
		n++;
	if (!(ct->starts = malloc((n + 1) * sizeof(*ct->starts))))
		return false;
	*bytes += (n + 1) * sizeof(*ct->starts);
	ct->starts[i++] = 0;
	for (p = ct->text; (p = memchr(p, '\n', (size_t)(end - p))) != NULL; p++)
		ct->starts[i++] = (uint32_t)(p + 1 - ct->text);
	ct->starts[i] = (uint32_t)ct->len + 1;
	ct->n = (uint32_t)n;
	return true;
}

bool fc_sourcemap_lookup(struct fc_sourcemap *m, int32_t line, int32_t column,
			 struct fc_sourcemap_pos *out, struct fc_error *err)
{
	size_t lo = 0, hi = m->n_sections, first, last;
	struct section *sec;
	struct plain *pm;
	const struct segment *s;
	struct content *ct;

	if (line < 0 || column < 0 || !m->n_sections)
		return false;
	/* the last section that starts at or before (line, column) */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct section *x = &m->sections[mid];
		if (x->line < line || (x->line == line && x->column <= column))
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return false;
	sec = &m->sections[lo - 1];
	pm = &sec->map;
	line -= sec->line;
	if (line == 0)
		column -= sec->column;
	if (pm->state == UNDECODED) {
		struct fc_error e;
		fc_error_init(&e);
		pm->state = decode(pm, &m->bytes, &e) ? DECODED : FAILED;
		if (pm->state == FAILED) {
			*err = e;
			fc_error_set_file(err, m->name);
			free(pm->segs);
			free(pm->line_start);
			pm->segs = NULL;
			pm->line_start = NULL;
			pm->n_segs = pm->n_lines = 0;
		}
	}
	if (pm->state != DECODED || (size_t)line >= pm->n_lines)
		return false;
	/* the last segment of the line whose column is <= column */
	first = pm->line_start[line];
	last = pm->line_start[line + 1];
	lo = first;
	hi = last;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (pm->segs[mid].gen_column <= column)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == first)
		return false;
	s = &pm->segs[lo - 1];
	if (s->source < 0 || !pm->sources[s->source])
		return false;
	if (!pm->resolved[s->source]) {
		pm->resolved[s->source] =
			fc_sourcemap_source_url(pm->source_root, pm->sources[s->source], pm->url);
		if (!pm->resolved[s->source])
			return false; /* out of memory: left unmapped */
		m->bytes += strlen(pm->resolved[s->source]) + 1;
	}
	out->source = pm->resolved[s->source];
	ct = pm->contents[s->source];
	out->content = ct ? ct->text : NULL;
	out->name = s->name >= 0 ? pm->names[s->name] : NULL;
	out->line = s->line;
	out->column = s->column;
	out->content_line = NULL;
	out->content_line_len = 0;
	if (ct && index_lines(ct, &m->bytes) && (uint32_t)s->line < ct->n) {
		out->content_line = ct->text + ct->starts[s->line];
		out->content_line_len = ct->starts[s->line + 1] - ct->starts[s->line] - 1;
	}
	return true;
}

size_t fc_sourcemap_ignored(const struct fc_sourcemap *m)
{
	size_t i, n = 0;

	for (i = 0; i < m->n_sections; i++)
		n += m->sections[i].map.ignored;
	return n;
}

size_t fc_sourcemap_memory(const struct fc_sourcemap *m)
{
	return sizeof(*m) + m->bytes;
}
