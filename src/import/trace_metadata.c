/* A trace's `metadata` (input-rules §C9), streamed with the trace.
 *
 * DevTools writes it before traceEvents (a file may have it after):
 *   "metadata": {
 *     "sourceMaps": [{"url", "sourceMapUrl", "sourceMap": {...}}],
 *     "modifications": {"annotations": {
 *        "entryLabels": [{"entry": KEY, "label"}],
 *        "labelledTimeRanges": [{"bounds": {"min", "max", "range"}, "label"}],
 *        "linksBetweenEntries": [{"entryFrom": KEY, "entryTo": KEY}]}}}
 * A map object is written out again as JSON text while it streams (no tree
 * is built), within FC_TRACE_MAPS_MAX_BYTES for the whole trace. An entry's
 * KEY names a trace event by its index in traceEvents ("r-N"; "s-N" for an
 * event DevTools made from event N, such as a begin/end pair from its begin:
 * its synthetic events are kept by the index of the event they come from)
 * or a JS call by its thread, sample
 * and node ("p-PID-TID-SAMPLE-NODE"); events are found as they stream, so
 * an event key is resolved only when the metadata comes first (DevTools
 * writes it first). Everything else in metadata is skipped unread. A value
 * of the wrong kind is a warning and leaves out its annotation or map. */
#include <stdarg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/trace_metadata.h"
#include "import/trace_tasks.h"
#include "util/util.h"

enum tm_ctx {
	TM_C_META = TM_CTX_BASE,
	TM_C_MAPS,
	TM_C_MAP_ENTRY,
	TM_C_MAP_TOP, /* the sourceMap object */
	TM_C_MAP_OBJ, /* an object inside it */
	TM_C_MAP_ARR, /* an array inside it */
	TM_C_MODS,
	TM_C_ANN,
	TM_C_LABELS,
	TM_C_LABEL,
	TM_C_RANGES,
	TM_C_RANGE,
	TM_C_BOUNDS,
	TM_C_LINKS,
	TM_C_LINK,
};

/* Which keys are read in which context. */
static const struct {
	int ctx, key;
	const char *name;
} keys[] = {
	{ TM_C_META, TM_SOURCE_MAPS, "sourceMaps" },
	{ TM_C_META, TM_MODIFICATIONS, "modifications" },
	{ TM_C_MAP_ENTRY, TM_URL, "url" },
	{ TM_C_MAP_ENTRY, TM_SOURCE_MAP_URL, "sourceMapUrl" },
	{ TM_C_MAP_ENTRY, TM_SOURCE_MAP, "sourceMap" },
	{ TM_C_MODS, TM_ANNOTATIONS, "annotations" },
	{ TM_C_ANN, TM_ENTRY_LABELS, "entryLabels" },
	{ TM_C_ANN, TM_TIME_RANGES, "labelledTimeRanges" },
	{ TM_C_ANN, TM_LINKS, "linksBetweenEntries" },
	{ TM_C_LABEL, TM_ENTRY, "entry" },
	{ TM_C_LABEL, TM_LABEL, "label" },
	{ TM_C_RANGE, TM_BOUNDS, "bounds" },
	{ TM_C_RANGE, TM_LABEL, "label" },
	{ TM_C_BOUNDS, TM_MIN, "min" },
	{ TM_C_BOUNDS, TM_MAX, "max" },
	{ TM_C_LINK, TM_FROM, "entryFrom" },
	{ TM_C_LINK, TM_TO, "entryTo" },
};

bool tm_init(struct trace_meta *m, bool keep_maps, bool strict, struct fc_error *err)
{
	memset(m, 0, sizeof(*m));
	m->keep_maps = keep_maps;
	m->strict = strict;
	m->err = err;
	m->a = calloc(1, sizeof(*m->a));
	return m->a != NULL;
}

static void item_reset(struct trace_meta *m)
{
	free(m->url);
	free(m->map_url);
	free(m->entry);
	free(m->from);
	free(m->to);
	free(m->label);
	m->url = m->map_url = m->entry = m->from = m->to = m->label = NULL;
	m->have_min = m->have_max = false;
	fc_buf_free(&m->map);
	m->map_comma = m->map_over = m->map_seen = m->map_string = false;
	m->item_bad = false;
}

void tm_finish(struct trace_meta *m)
{
	size_t i;

	item_reset(m);
	for (i = 0; i < m->n_warnings; i++) {
		free(m->warnings[i].path);
		free(m->warnings[i].text);
	}
	fc_annotations_destroy(m->a);
	free(m->refs);
	memset(m, 0, sizeof(*m));
}

/* Keeps a warning, or under --strict makes it the error (false). */
static bool keep_warning(struct trace_meta *m, const char *path, long line, long col,
			 const char *text)
{
	struct tm_warning *w;

	if (m->strict) {
		fc_error_set(m->err, FC_ERR_STRICT, "%s (an error under --strict)", text);
		fc_error_set_path(m->err, path);
		m->err->line = line;
		m->err->column = col;
		return false;
	}
	if (m->n_warnings == TM_MAX_WARNINGS) {
		m->n_more_warnings++;
		return true;
	}
	w = &m->warnings[m->n_warnings];
	w->path = fc_strdup(path);
	w->text = fc_strdup(text);
	w->line = line;
	w->column = col;
	if (!w->path || !w->text) {
		free(w->path);
		free(w->text);
		fc_error_set(m->err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	m->n_warnings++;
	return true;
}

/* A warning naming where in the file; false when it is an error. */
static bool warn(struct trace_meta *m, struct jstream *js, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static bool warn(struct trace_meta *m, struct jstream *js, const char *fmt, ...)
{
	char path[256], text[512];
	long line, col;
	va_list ap;

	m->item_bad = true;
	jstream_path(js, path, sizeof(path));
	jstream_pos(js, &line, &col);
	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	if (keep_warning(m, path, line, col, text))
		return true;
	jstream_stop(js);
	return false;
}

/* A value of the wrong kind: a warning; the item it is in is left out. */
static bool wrong(struct trace_meta *m, struct jstream *js, const char *want, const char *found)
{
	return warn(m, js, "expected %s, found %s; left out", want, found);
}

/* --- an embedded map, written out again as JSON text -------------------------- */

static void map_sep(struct trace_meta *m)
{
	if (m->map_comma)
		FC_BUF_LIT(&m->map, ",");
	m->map_comma = false;
}

static void map_string(struct fc_buf *b, const char *s, size_t len)
{
	static const char hex[] = "0123456789abcdef";
	size_t i, run = 0;

	FC_BUF_LIT(b, "\"");
	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		size_t n = 1;
		if (c >= 0x80) {
			/* a valid sequence as it is; a byte that is not one (the
			 * file's string need not be UTF-8) as U+FFFD, as names
			 * are cleaned: the map written out is JSON */
			n = fc_utf8_valid_seq((const unsigned char *)s + i, len - i);
			if (n) {
				i += n - 1;
				continue;
			}
			fc_buf_add(b, s + run, i - run);
			run = i + 1;
			FC_BUF_LIT(b, "\xef\xbf\xbd");
			continue;
		}
		if (c != '"' && c != '\\' && c >= 0x20)
			continue;
		/* the plain bytes before it in one piece */
		fc_buf_add(b, s + run, i - run);
		run = i + 1;
		if (c == '"' || c == '\\') {
			char e[2] = { '\\', (char)c };
			fc_buf_add(b, e, 2);
		} else {
			char e[6] = { '\\', 'u', '0', '0', hex[c >> 4], hex[c & 15] };
			fc_buf_add(b, e, 6);
		}
	}
	fc_buf_add(b, s + run, len - run);
	FC_BUF_LIT(b, "\"");
}

/* Past the trace's budget for maps: the map is left out (once a warning). */
static bool map_budget(struct trace_meta *m, struct jstream *js)
{
	if (m->map_over)
		return true;
	if (!m->map.failed && m->a->map_bytes + m->map.len <= FC_TRACE_MAPS_MAX_BYTES)
		return true;
	if (m->map.failed)
		return jstream_nomem(js);
	m->map_over = true;
	fc_buf_free(&m->map);
	return warn(m, js,
		    "the embedded source maps pass %zu MiB: this one and any later are "
		    "left out",
		    FC_TRACE_MAPS_MAX_BYTES >> 20);
}

static bool map_scalar(struct trace_meta *m, struct jstream *js, const struct jvalue *v)
{
	char num[40];

	if (m->map_over)
		return true;
	map_sep(m);
	switch (v->type) {
	case J_NULL:
		FC_BUF_LIT(&m->map, "null");
		break;
	case J_BOOL:
		if (v->b)
			FC_BUF_LIT(&m->map, "true");
		else
			FC_BUF_LIT(&m->map, "false");
		break;
	case J_INT:
		snprintf(num, sizeof(num), "%lld", (long long)v->i);
		fc_buf_add(&m->map, num, strlen(num));
		break;
	case J_DOUBLE:
		/* a number past a double's range (1e999) has no JSON form once
		 * read: null, which no member of a map takes as a number */
		if (!isfinite(v->d)) {
			FC_BUF_LIT(&m->map, "null");
			break;
		}
		snprintf(num, sizeof(num), "%.17g", v->d);
		fc_buf_add(&m->map, num, strlen(num));
		break;
	case J_STRING:
		map_string(&m->map, v->s, v->len);
		break;
	}
	m->map_comma = true;
	return map_budget(m, js);
}

/* --- entry keys ------------------------------------------------------------------- */

/* Reads "-NUMBER" at *s; false when there is none. */
static bool key_number(const char **s, int64_t *out)
{
	const char *p = *s;
	int64_t x = 0;
	bool neg = false;
	int digits = 0;

	if (*p++ != '-')
		return false;
	if (*p == '-') {
		neg = true;
		p++;
	}
	for (; *p >= '0' && *p <= '9' && digits < 18; p++, digits++)
		x = x * 10 + (*p - '0');
	if (!digits || (*p >= '0' && *p <= '9'))
		return false;
	*out = neg ? -x : x;
	*s = p;
	return true;
}

/* Parses an entry key into a waiting reference; false when it is not one
 * this reader resolves. */
static bool parse_key(const char *key, struct tm_ref *r)
{
	const char *p = key + 1;

	memset(r, 0, sizeof(*r));
	if (key[0] == 'r' || key[0] == 's') {
		r->kind = 'r';
		return key_number(&p, &r->index) && !*p && r->index >= 0;
	}
	if (key[0] == 'p') {
		r->kind = 'p';
		return key_number(&p, &r->pid) && key_number(&p, &r->tid) &&
		       key_number(&p, &r->index) && key_number(&p, &r->node) && !*p &&
		       r->index >= 0;
	}
	return false;
}

static struct fc_entry_ref *ref_target(struct trace_meta *m, const struct tm_ref *r)
{
	if (r->slot == 0)
		return &m->a->labels[r->which].entry;
	return r->slot == 1 ? &m->a->links[r->which].from : &m->a->links[r->which].to;
}

static bool add_ref(struct trace_meta *m, struct jstream *js, const char *key, uint32_t which,
		    uint8_t slot)
{
	struct tm_ref r;

	if (!parse_key(key, &r))
		return warn(m, js,
			    "entry key \"%s\" is not one of a trace event or a JS call; "
			    "its annotation is not drawn",
			    key);
	r.which = which;
	r.slot = slot;
	if (!FC_GROW(m->refs, m->refs_cap, m->n_refs + 1))
		return jstream_nomem(js);
	m->refs[m->n_refs++] = r;
	return true;
}

/* A label as kept: cleaned for display, at most FC_ANNOTATION_LABEL_MAX. */
static char *copy_label(const struct jvalue *v)
{
	size_t n = v->len < FC_ANNOTATION_LABEL_MAX ? v->len : FC_ANNOTATION_LABEL_MAX;
	char *raw = fc_strndup(v->s, n), *clean;

	if (!raw)
		return NULL;
	clean = fc_strdup_clean(raw);
	free(raw);
	return clean;
}

/* --- the handlers ------------------------------------------------------------------- */

int tm_key(struct trace_meta *m, int ctx, const char *s, size_t len)
{
	size_t i;

	if (ctx == TM_C_MAP_TOP || ctx == TM_C_MAP_OBJ) {
		if (!m->map_over) {
			map_sep(m);
			map_string(&m->map, s, len);
			FC_BUF_LIT(&m->map, ":");
		}
		return TM_MAP_MEMBER;
	}
	for (i = 0; i < FC_ARRAY_LEN(keys); i++)
		if (keys[i].ctx == ctx && strlen(keys[i].name) == len &&
		    memcmp(keys[i].name, s, len) == 0)
			return keys[i].key;
	return J_NOKEY;
}

static bool room(struct trace_meta *m, size_t n)
{
	if (n < FC_ANNOTATIONS_MAX)
		return true;
	m->n_dropped++;
	return false;
}

/* The containers of the metadata: the key (or the array an element is in)
 * opens a context, an object or an array. */
static const struct {
	int key, ctx; /* key, or J_NOKEY and the array's context */
	bool is_map;
	int child;
} containers[] = {
	{ TM_METADATA, 0, true, TM_C_META },        { TM_SOURCE_MAPS, 0, false, TM_C_MAPS },
	{ TM_SOURCE_MAP, 0, true, TM_C_MAP_TOP },   { TM_MODIFICATIONS, 0, true, TM_C_MODS },
	{ TM_ANNOTATIONS, 0, true, TM_C_ANN },      { TM_ENTRY_LABELS, 0, false, TM_C_LABELS },
	{ TM_TIME_RANGES, 0, false, TM_C_RANGES },  { TM_LINKS, 0, false, TM_C_LINKS },
	{ TM_BOUNDS, 0, true, TM_C_BOUNDS },        { J_NOKEY, TM_C_MAPS, true, TM_C_MAP_ENTRY },
	{ J_NOKEY, TM_C_LABELS, true, TM_C_LABEL }, { J_NOKEY, TM_C_RANGES, true, TM_C_RANGE },
	{ J_NOKEY, TM_C_LINKS, true, TM_C_LINK },
};

int tm_open(struct trace_meta *m, struct jstream *js, int ctx, int key, int64_t index, bool is_map)
{
	size_t i;

	(void)index;
	if (ctx == TM_C_MAP_TOP || ctx == TM_C_MAP_OBJ || ctx == TM_C_MAP_ARR) {
		if (!m->map_over) {
			map_sep(m);
			if (is_map)
				FC_BUF_LIT(&m->map, "{");
			else
				FC_BUF_LIT(&m->map, "[");
			if (!map_budget(m, js))
				return J_SKIP;
		}
		return is_map ? TM_C_MAP_OBJ : TM_C_MAP_ARR;
	}
	for (i = 0; i < FC_ARRAY_LEN(containers); i++)
		if (key == containers[i].key && (key != J_NOKEY || ctx == containers[i].ctx))
			break;
	if (i == FC_ARRAY_LEN(containers)) {
		/* a container where a string or number belongs */
		wrong(m, js, "a string or number", is_map ? "an object" : "an array");
		return J_SKIP;
	}
	if (is_map != containers[i].is_map) {
		wrong(m, js, is_map ? "an array" : "an object", is_map ? "an object" : "an array");
		return J_SKIP;
	}
	switch (containers[i].child) {
	case TM_C_META:
		m->seen = true;
		break;
	case TM_C_MAPS:
		return m->keep_maps ? TM_C_MAPS : J_SKIP;
	case TM_C_MAP_TOP:
		fc_buf_free(&m->map);
		m->map_comma = m->map_over = m->map_string = false;
		m->map_seen = true;
		FC_BUF_LIT(&m->map, "{");
		return map_budget(m, js) ? TM_C_MAP_TOP : J_SKIP;
	case TM_C_MAP_ENTRY:
	case TM_C_LABEL:
	case TM_C_RANGE:
	case TM_C_LINK:
		item_reset(m);
		break;
	default:
		break;
	}
	return containers[i].child;
}

/* A string member of an item, copied (the latest wins: jstream rejects a
 * key given twice). */
static bool take_string(struct trace_meta *m, struct jstream *js, char **dst,
			const struct jvalue *v, bool label)
{
	if (v->type != J_STRING)
		return wrong(m, js, "a string", jstream_type_name(v));
	free(*dst);
	*dst = label ? copy_label(v) : fc_strndup(v->s, v->len);
	return *dst ? true : jstream_nomem(js);
}

bool tm_value(struct trace_meta *m, struct jstream *js, int ctx, int key, int64_t index,
	      const struct jvalue *v)
{
	(void)index;
	if (ctx == TM_C_MAP_TOP || ctx == TM_C_MAP_OBJ || ctx == TM_C_MAP_ARR)
		return map_scalar(m, js, v);
	switch (key) {
	case TM_METADATA:
		return v->type == J_NULL || wrong(m, js, "an object", jstream_type_name(v));
	case TM_URL:
		return take_string(m, js, &m->url, v, false);
	case TM_SOURCE_MAP_URL:
		return v->type == J_NULL || take_string(m, js, &m->map_url, v, false);
	case TM_SOURCE_MAP:
		/* older files hold the map as a string of JSON */
		if (v->type != J_STRING)
			return wrong(m, js, "an object", jstream_type_name(v));
		fc_buf_free(&m->map);
		m->map_seen = m->map_string = true;
		m->map_over = false;
		fc_buf_add(&m->map, v->s, v->len);
		return map_budget(m, js);
	case TM_ENTRY:
		return take_string(m, js, &m->entry, v, false);
	case TM_FROM:
		return take_string(m, js, &m->from, v, false);
	case TM_TO:
		return v->type == J_NULL || take_string(m, js, &m->to, v, false);
	case TM_LABEL:
		return take_string(m, js, &m->label, v, true);
	case TM_MIN:
	case TM_MAX:
		if (v->type != J_INT && v->type != J_DOUBLE)
			return wrong(m, js, "a number", jstream_type_name(v));
		if (v->d < -9e15 || v->d > 9e15)
			return warn(m, js, "time %g µs is out of range; left out", v->d);
		if (key == TM_MIN) {
			m->min = (int64_t)(v->d < 0 ? v->d - 0.5 : v->d + 0.5);
			m->have_min = true;
		} else {
			m->max = (int64_t)(v->d < 0 ? v->d - 0.5 : v->d + 0.5);
			m->have_max = true;
		}
		return true;
	default:
		if (ctx == TM_C_MAPS || ctx == TM_C_LABELS || ctx == TM_C_RANGES ||
		    ctx == TM_C_LINKS)
			return wrong(m, js, "an object", jstream_type_name(v));
		/* sourceMaps, annotations... given as a scalar */
		if (key >= TM_KEY_BASE && key < TM_KEY_END && v->type != J_NULL)
			return wrong(m, js, "an object or array", jstream_type_name(v));
		return true;
	}
}

static bool close_map_entry(struct trace_meta *m, struct jstream *js)
{
	struct fc_annotations *a = m->a;
	struct fc_embedded_map *e;

	if (!m->map_seen || m->map_over || m->item_bad)
		goto done;
	if (!m->url || !m->url[0]) {
		if (!warn(m, js, "an embedded source map without its script's url; left out"))
			return false;
		goto done;
	}
	if (m->map.failed || !FC_GROW(a->maps, a->maps_cap, a->n_maps + 1))
		return jstream_nomem(js);
	e = &a->maps[a->n_maps];
	e->url = m->url;
	e->map_url = m->map_url ? m->map_url : fc_strdup("");
	e->json = m->map.data;
	e->len = m->map.len;
	e->as_string = m->map_string;
	if (!e->map_url || !e->json) {
		/* the url, map url and text are still the item's, freed with it */
		if (e->map_url != m->map_url)
			free(e->map_url);
		return jstream_nomem(js);
	}
	a->map_bytes += e->len;
	a->n_maps++;
	m->url = m->map_url = NULL;
	memset(&m->map, 0, sizeof(m->map));
done:
	item_reset(m);
	return true;
}

static bool close_label(struct trace_meta *m, struct jstream *js)
{
	struct fc_annotations *a = m->a;
	struct fc_entry_label *l;

	if (m->item_bad)
		goto done;
	if (!m->entry || !m->label) {
		bool ok = warn(m, js, "an entry label without %s; left out",
			       !m->entry ? "its entry" : "its label");
		item_reset(m);
		return ok;
	}
	if (!room(m, a->n_labels))
		goto done;
	if (!FC_GROW(a->labels, a->labels_cap, a->n_labels + 1))
		return jstream_nomem(js);
	l = &a->labels[a->n_labels];
	memset(l, 0, sizeof(*l));
	l->label = m->label;
	m->label = NULL;
	a->n_labels++;
	if (!add_ref(m, js, m->entry, (uint32_t)(a->n_labels - 1), 0))
		return false;
done:
	item_reset(m);
	return true;
}

static bool close_range(struct trace_meta *m, struct jstream *js)
{
	struct fc_annotations *a = m->a;

	if (m->item_bad) {
		item_reset(m);
		return true;
	}
	if (!m->have_min || !m->have_max || m->max < m->min) {
		bool ok = warn(m, js,
			       "a labelled time range without bounds.min <= "
			       "bounds.max; left out");
		item_reset(m);
		return ok;
	}
	if (room(m, a->n_ranges)) {
		if (!FC_GROW(a->ranges, a->ranges_cap, a->n_ranges + 1))
			return jstream_nomem(js);
		a->ranges[a->n_ranges].min = m->min;
		a->ranges[a->n_ranges].max = m->max;
		a->ranges[a->n_ranges].label = m->label ? m->label : fc_strdup("");
		m->label = NULL;
		if (!a->ranges[a->n_ranges].label)
			return jstream_nomem(js);
		a->n_ranges++;
	}
	item_reset(m);
	return true;
}

static bool close_link(struct trace_meta *m, struct jstream *js)
{
	struct fc_annotations *a = m->a;
	uint32_t w;

	/* a link still being made when the trace was saved has no end */
	if (m->item_bad || !m->from || !m->to || !room(m, a->n_links))
		goto done;
	if (!FC_GROW(a->links, a->links_cap, a->n_links + 1))
		return jstream_nomem(js);
	memset(&a->links[a->n_links], 0, sizeof(a->links[0]));
	w = (uint32_t)a->n_links++;
	if (!add_ref(m, js, m->from, w, 1) || !add_ref(m, js, m->to, w, 2))
		return false;
done:
	item_reset(m);
	return true;
}

static int ref_cmp(const void *pa, const void *pb, void *ctx)
{
	const struct tm_ref *a = pa, *b = pb;
	(void)ctx;
	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	return a->index < b->index ? -1 : a->index > b->index;
}

bool tm_close(struct trace_meta *m, struct jstream *js, int ctx)
{
	switch (ctx) {
	case TM_C_MAP_OBJ:
	case TM_C_MAP_TOP:
	case TM_C_MAP_ARR:
		if (!m->map_over) {
			if (ctx == TM_C_MAP_ARR)
				FC_BUF_LIT(&m->map, "]");
			else
				FC_BUF_LIT(&m->map, "}");
			m->map_comma = true;
		}
		return map_budget(m, js);
	case TM_C_MAP_ENTRY:
		return close_map_entry(m, js);
	case TM_C_LABEL:
		return close_label(m, js);
	case TM_C_RANGE:
		return close_range(m, js);
	case TM_C_LINK:
		return close_link(m, js);
	case TM_C_META:
		/* the events are looked up by index as they stream */
		return fc_sort(m->refs, m->n_refs, sizeof(*m->refs), ref_cmp, NULL) ||
		       jstream_nomem(js);
	default:
		return true;
	}
}

/* --- resolving entry keys ------------------------------------------------------------ */

/* The first waiting reference of kind at index, or n_refs. */
static size_t first_ref(const struct trace_meta *m, char kind, int64_t index)
{
	size_t lo = 0, hi = m->n_refs;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct tm_ref *r = &m->refs[mid];
		if (r->kind < kind || (r->kind == kind && r->index < index))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

bool tm_wants_event(const struct trace_meta *m, int64_t index)
{
	size_t i;

	if (!m->n_refs)
		return false;
	i = first_ref(m, 'r', index);
	return i < m->n_refs && m->refs[i].kind == 'r' && m->refs[i].index == index;
}

static bool resolve(struct fc_entry_ref *e, int64_t pid, int64_t tid, int64_t ts, int64_t dur,
		    const char *name)
{
	free(e->name);
	e->name = fc_strdup_clean(name);
	e->pid = pid;
	e->tid = tid;
	e->ts = ts;
	e->dur = dur;
	e->known = e->name != NULL;
	return e->known;
}

bool tm_event(struct trace_meta *m, int64_t index, char ph, int64_t pid, int64_t tid, double ts,
	      double dur, const char *name, const char *detail)
{
	const struct tt_kind *k = tt_kind_of(name);
	char shown[160];
	size_t i;

	/* the name the chart shows for the event (trace_tasks.c) */
	if (strcmp(name, "EventDispatch") == 0 && detail && detail[0])
		snprintf(shown, sizeof(shown), "Event: %s", detail);
	else
		snprintf(shown, sizeof(shown), "%s", k ? k->label : name);
	for (i = first_ref(m, 'r', index); i < m->n_refs; i++) {
		const struct tm_ref *r = &m->refs[i];
		if (r->kind != 'r' || r->index != index)
			break;
		if (!resolve(ref_target(m, r), pid, tid, (int64_t)(ts < 0 ? ts - 0.5 : ts + 0.5),
			     ph == 'X' && dur >= 0 ? (int64_t)(dur + 0.5) : -1, shown))
			return false;
	}
	return true;
}

struct id_index {
	int64_t id;
	uint32_t node;
};

static int id_cmp(const void *pa, const void *pb, void *ctx)
{
	const struct id_index *a = pa, *b = pb;
	(void)ctx;
	return a->id < b->id ? -1 : a->id > b->id;
}

bool tm_profile(struct trace_meta *m, const struct fc_profile *p)
{
	struct id_index *ids = NULL;
	size_t i, lo, hi;
	bool any = false;

	for (i = first_ref(m, 'p', INT64_MIN); i < m->n_refs && !any; i++)
		any = m->refs[i].pid == p->pid && m->refs[i].tid == p->tid;
	if (!any || !p->node_id)
		return true;
	ids = malloc((p->n_nodes ? p->n_nodes : 1) * sizeof(*ids));
	if (!ids)
		return false;
	for (i = 0; i < p->n_nodes; i++)
		ids[i] = (struct id_index){ p->node_id[i], (uint32_t)i };
	if (!fc_sort(ids, p->n_nodes, sizeof(*ids), id_cmp, NULL)) {
		free(ids);
		return false;
	}
	for (i = first_ref(m, 'p', INT64_MIN); i < m->n_refs; i++) {
		const struct tm_ref *r = &m->refs[i];
		const struct fc_frame *f;
		struct fc_entry_ref *e;
		if (r->pid != p->pid || r->tid != p->tid || r->index >= (int64_t)p->n_samples)
			continue;
		for (lo = 0, hi = p->n_nodes; lo < hi;) {
			size_t mid = lo + (hi - lo) / 2;
			if (ids[mid].id < r->node)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo == p->n_nodes || ids[lo].id != r->node)
			continue;
		f = &p->frames[p->node_frame[ids[lo].node]];
		e = ref_target(m, r);
		if (!resolve(e, p->pid, p->tid, p->sample_time_us[r->index], -1,
			     fc_profile_str(p, f->name))) {
			free(ids);
			return false;
		}
		free(e->url);
		e->url = fc_strdup(fc_profile_str(p, f->url));
		e->line = f->line;
		e->column = f->column;
		if (!e->url) {
			e->known = false;
			free(ids);
			return false;
		}
	}
	free(ids);
	return true;
}

bool tm_done(struct trace_meta *m, struct fc_profile *p)
{
	const char *where = "metadata.modifications.annotations";
	struct fc_annotations *a = m->a;
	size_t i, lost = 0;
	char first[96] = "", text[400];

	for (i = 0; i < m->n_refs; i++) {
		const struct tm_ref *r = &m->refs[i];
		if (ref_target(m, r)->known)
			continue;
		if (lost++)
			continue;
		if (r->kind == 'p')
			snprintf(first, sizeof(first), "p-%lld-%lld-%lld-%lld", (long long)r->pid,
				 (long long)r->tid, (long long)r->index, (long long)r->node);
		else
			snprintf(first, sizeof(first), "r-%lld", (long long)r->index);
	}
	if (lost) {
		snprintf(
			text, sizeof(text),
			"%zu annotation entr%s not found in the trace (the first: %s)%s; not drawn",
			lost, lost == 1 ? "y is" : "ies are", first,
			m->events_first ? ": the metadata comes after the events, which are "
					  "matched to it as they stream"
					: "");
		if (!keep_warning(m, where, 0, 0, text))
			return false;
	}
	if (m->n_dropped) {
		snprintf(text, sizeof(text), "%zu annotations past the first %d of a kind left out",
			 m->n_dropped, FC_ANNOTATIONS_MAX);
		if (!keep_warning(m, where, 0, 0, text))
			return false;
	}
	for (i = 0; i < m->n_warnings; i++) {
		const struct tm_warning *w = &m->warnings[i];
		if (!fc_profile_warn(p, w->path, w->line, w->column, "%s", w->text))
			goto nomem;
	}
	p->n_repairs += m->n_more_warnings;
	if (a->n_maps || a->n_labels || a->n_ranges || a->n_links) {
		p->annotations = a;
		m->a = NULL;
	}
	return true;
nomem:
	fc_error_set(m->err, FC_ERR_NOMEM, "out of memory");
	return false;
}
