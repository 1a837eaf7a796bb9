/* Themes: JSON read with jansson into struct fc_theme (docs/themes.md).
 * The built-in themes are themes/<name>.json compiled into the library
 * (themes/embed.py) and go through this same loader, so a built-in theme
 * and a user's copy of it load identically and nothing is looked up on
 * disk at run time. The schema is one table; keys not in it are errors,
 * so that a typo never passes silently. Errors name the key's JSON path and
 * where it is in the file: jansson gives line and column for syntax
 * errors, key_position() finds them for bad values (with jstream). */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "style/style.h"
#include "import/jstream.h"
#include "style/internal.h"
#include "util/util.h"
#include "model/profile.h"

#define THEME_MAX_BYTES (1024 * 1024) /* a theme is a few hundred bytes */
#define FAMILY_MAX 200                /* bytes of a font family list */
#define PATH_MAX_DEPTH 16             /* key_position: nesting it follows */

static const char *const builtin_names[] = { "light", "dark", "devtools", "classic", NULL };

const char *fc_theme_builtin_name(size_t i)
{
	return i < FC_ARRAY_LEN(builtin_names) ? builtin_names[i] : NULL;
}

/* --- the schema ------------------------------------------------------------------ */

enum kind {
	K_COLOR,  /* "#rrggbb" or "#rgb" */
	K_NUMBER, /* within [lo, hi] */
	K_STRING, /* non-empty, at most FAMILY_MAX bytes */
	K_SPACE,  /* {"min", "max", "count"}, values within [lo, hi] */
	K_HSL,    /* [h, s, l] */
	K_RULES,  /* "profiler" or "performance" */
};

struct field {
	const char *path; /* "tiers.app": group "tiers", key "app" */
	enum kind kind;
	size_t offset;
	double lo, hi;
	bool optional; /* may be left out even by a complete (built-in) theme */
};

#define F(path, kind, member, lo, hi)                                        \
	{                                                                    \
		path, kind, offsetof(struct fc_theme, member), lo, hi, false \
	}

static const struct field fields[] = {
	{ "name", K_STRING, offsetof(struct fc_theme, name), 0, 0, false },
	F("background", K_COLOR, background, 0, 0),
	{ "background_end", K_COLOR, offsetof(struct fc_theme, background_end), 0, 0, true },
	F("text", K_COLOR, text, 0, 0),
	F("text_muted", K_COLOR, text_muted, 0, 0),
	F("ruler_text", K_COLOR, ruler_text, 0, 0),
	F("grid", K_COLOR, grid, 0, 0),
	F("grid_alpha", K_NUMBER, grid_alpha, 0, 1),
	F("coalesced", K_COLOR, coalesced, 0, 0),
	F("labels.dark", K_COLOR, label_dark, 0, 0),
	F("labels.light", K_COLOR, label_light, 0, 0),
	F("font.family", K_STRING, font_family, 0, 0),
	F("font.size", K_NUMBER, font_size_px, 6, 48),
	F("bar.height", K_NUMBER, bar_height_px, 8, 64),
	F("bar.text_padding", K_NUMBER, text_pad_px, 0, 20),
	F("tiers.app", K_COLOR, tier[FC_TIER_APP], 0, 0),
	F("tiers.deps", K_COLOR, tier[FC_TIER_DEPS], 0, 0),
	F("tiers.core", K_COLOR, tier[FC_TIER_CORE], 0, 0),
	F("tiers.native", K_COLOR, tier[FC_TIER_NATIVE], 0, 0),
	F("tiers.v8", K_COLOR, tier[FC_TIER_V8], 0, 0),
	F("tiers.gc", K_COLOR, tier[FC_TIER_GC], 0, 0),
	F("tiers.idle", K_COLOR, tier[FC_TIER_IDLE], 0, 0),
	F("url.rules", K_RULES, url_performance_keys, 0, 0),
	F("url.hue", K_SPACE, hue, 0, 360),
	F("url.saturation", K_SPACE, saturation, 0, 100),
	F("url.lightness", K_SPACE, lightness, 0, 100),
	F("url.program", K_COLOR, program, 0, 0),
	F("url.gc", K_COLOR, gc, 0, 0),
	F("url.idle", K_COLOR, idle, 0, 0),
	F("url.no_url", K_COLOR, url_empty, 0, 0),
	F("url.system", K_COLOR, url_system, 0, 0),
	F("package.hue", K_SPACE, package_hue, 0, 360),
	F("package.saturation", K_SPACE, package_saturation, 0, 100),
	F("package.lightness", K_SPACE, package_lightness, 0, 100),
	F("heat.cold", K_HSL, heat_cold, 0, 0),
	F("heat.hot", K_HSL, heat_hot, 0, 0),
	F("heat.full_share", K_NUMBER, heat_full_share, 0.001, 1),
	F("mono.darkest", K_NUMBER, mono_darkest, 0, 100),
	F("mono.lightest", K_NUMBER, mono_lightest, 0, 100),
};

#define N_FIELDS FC_ARRAY_LEN(fields)

static const char *const groups[] = { "labels", "font",    "bar",  "tiers",
				      "url",    "package", "heat", "mono" };

struct loader {
	const char *text; /* the JSON, for key positions */
	size_t len;
	const char *file;
	struct fc_theme *t;
	bool set[N_FIELDS];
	struct fc_error *err;
};

/* --- where a key is in the text ---------------------------------------------------- */

/* jansson says where a syntax error is but not where a value is: the key a
 * value error names is found again with jstream, the importers' reader,
 * which follows only the containers on the key's path and knows each
 * token's line and column. Contexts are 1 + the path components matched;
 * arrays are transparent (keys of objects inside them extend the array's
 * path, as the schema's messages name them). */
struct key_walk {
	struct jstream *js;
	const char *comp[PATH_MAX_DEPTH]; /* the path's components, cut at '.' */
	size_t comp_len[PATH_MAX_DEPTH];
	int n;
	long line, col; /* the key's opening quote; 0 while not found */
};

static const char *const walk_names[] = { "key" };

static int walk_key(void *user, int ctx, const char *s, size_t len)
{
	struct key_walk *w = user;
	int level = ctx - 1;

	if (level < 0 || level >= w->n || len != w->comp_len[level] ||
	    memcmp(s, w->comp[level], len) != 0)
		return J_NOKEY;
	if (level == w->n - 1) {
		jstream_pos(w->js, &w->line, &w->col);
		jstream_stop(w->js);
	}
	return 0;
}

static int walk_open(void *user, struct jstream *js, int ctx, int key, int64_t index, bool is_map)
{
	(void)user, (void)js, (void)index, (void)is_map;
	if (ctx == J_TOP)
		return 1;
	return key == J_NOKEY ? ctx : ctx + 1; /* an array's element, or a matched key's value */
}

static bool walk_value(void *user, struct jstream *js, int ctx, int key, int64_t index,
		       const struct jvalue *v)
{
	(void)user, (void)js, (void)ctx, (void)key, (void)index, (void)v;
	return true;
}

static bool walk_close(void *user, struct jstream *js, int ctx)
{
	(void)user, (void)js, (void)ctx;
	return true;
}

static const struct jhandlers walk_handlers = { walk_key, walk_names, walk_open, walk_value,
						walk_close };

/* Finds the key at a dotted path ("url.hue.min") in JSON text that jansson
 * has already accepted, and returns its line and column (of its opening
 * quote; columns count characters, as jansson's do). false when not found
 * (or nested deeper than PATH_MAX_DEPTH). */
static bool key_position(const char *text, size_t len, const char *path, long *line, long *col)
{
	struct key_walk w = { 0 };
	struct jstream js;
	struct fc_error err;
	const char *p = path, *at = text, *end = text + len;
	long l;

	while (w.n < PATH_MAX_DEPTH) {
		const char *dot = strchr(p, '.');
		w.comp[w.n] = p;
		w.comp_len[w.n++] = dot ? (size_t)(dot - p) : strlen(p);
		if (!dot)
			break;
		p = dot + 1;
	}
	if (w.n == PATH_MAX_DEPTH)
		return false;
	w.js = &js;
	fc_error_init(&err);
	if (!jstream_init(&js, &walk_handlers, &w, "", &err))
		return false;
	if (jstream_feed(&js, (const unsigned char *)text, len))
		jstream_end(&js);
	jstream_finish(&js);
	if (!w.line)
		return false;
	/* jstream's column counts bytes: UTF-8 continuation bytes do not move
	 * a column of characters */
	for (l = 1; l < w.line && at < end; at++)
		if (*at == '\n')
			l++;
	*line = w.line;
	*col = 1;
	for (p = at; p < at + w.col - 1 && p < end; p++)
		if (((unsigned char)*p & 0xc0) != 0x80)
			++*col;
	return true;
}

/* --- errors ------------------------------------------------------------------------- */

/* Fails with the key at path located in the text (when it is found). */
static bool fail(struct loader *ld, enum fc_error_code code, const char *path, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static bool fail(struct loader *ld, enum fc_error_code code, const char *path, const char *fmt, ...)
{
	va_list ap;
	long line = 0, col = 0;

	va_start(ap, fmt);
	fc_error_vset(ld->err, code, fmt, ap);
	va_end(ap);
	fc_error_set_file(ld->err, ld->file);
	fc_error_set_path(ld->err, path);
	if (path && path[0] && key_position(ld->text, ld->len, path, &line, &col)) {
		ld->err->line = line;
		ld->err->column = col;
	} else {
		ld->err->line = 0;
		ld->err->column = 0;
	}
	return false;
}

/* Levenshtein distance of two short strings, capped: for "did you mean". */
static size_t distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j, row[33], prev, tmp;

	if (la > 32 || lb > 32)
		return 99;
	for (j = 0; j <= lb; j++)
		row[j] = j;
	for (i = 1; i <= la; i++) {
		prev = row[0];
		row[0] = i;
		for (j = 1; j <= lb; j++) {
			size_t best = prev + (a[i - 1] != b[j - 1]);
			if (row[j] + 1 < best)
				best = row[j] + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			tmp = row[j];
			row[j] = best;
			prev = tmp;
		}
	}
	return row[lb];
}

/* "unknown key": suggests the nearest key of the same object when it is a
 * likely typo, else lists the keys there are. candidates ends with NULL. */
static bool unknown_key(struct loader *ld, const char *path, const char *key,
			const char *const *candidates)
{
	char list[400] = "";
	const char *best = NULL;
	size_t i, n = 0, best_d = 3;

	for (i = 0; candidates[i]; i++) {
		size_t d = distance(key, candidates[i]);
		if (d < best_d) {
			best_d = d;
			best = candidates[i];
		}
		n += (size_t)snprintf(list + n, n < sizeof(list) ? sizeof(list) - n : 0, "%s%s",
				      i ? ", " : "", candidates[i]);
		if (n >= sizeof(list))
			n = sizeof(list) - 1;
	}
	if (best)
		return fail(ld, FC_ERR_INVALID, path, "unknown key \"%s\" (did you mean \"%s\"?)",
			    key, best);
	return fail(ld, FC_ERR_INVALID, path, "unknown key \"%s\" (keys here: %s)", key, list);
}

/* --- values ------------------------------------------------------------------------ */

bool fc_style_parse_color(const char *s, struct fc_rgb *out)
{
	size_t n = strlen(s), i;
	int v[6];

	if (s[0] != '#' || (n != 7 && n != 4))
		return false;
	for (i = 1; i < n; i++)
		if ((v[i - 1] = fc_hexval((unsigned char)s[i])) < 0)
			return false;
	if (n == 4) {
		out->r = (uint8_t)(v[0] * 17);
		out->g = (uint8_t)(v[1] * 17);
		out->b = (uint8_t)(v[2] * 17);
	} else {
		out->r = (uint8_t)(v[0] * 16 + v[1]);
		out->g = (uint8_t)(v[2] * 16 + v[3]);
		out->b = (uint8_t)(v[4] * 16 + v[5]);
	}
	return true;
}

/* A short rendering of a JSON value for messages: "orange", 12, an object. */
static void describe(const json_t *v, char *out, size_t size)
{
	switch (json_typeof(v)) {
	case JSON_STRING:
		snprintf(out, size, "\"%.60s%s\"", json_string_value(v),
			 json_string_length(v) > 60 ? "…" : "");
		break;
	case JSON_INTEGER:
		snprintf(out, size, "%lld", (long long)json_integer_value(v));
		break;
	case JSON_REAL:
		snprintf(out, size, "%g", json_real_value(v));
		break;
	case JSON_OBJECT:
		snprintf(out, size, "an object");
		break;
	case JSON_ARRAY:
		snprintf(out, size, "an array");
		break;
	case JSON_TRUE:
	case JSON_FALSE:
		snprintf(out, size, "%s", json_is_true(v) ? "true" : "false");
		break;
	case JSON_NULL:
	default:
		snprintf(out, size, "null");
		break;
	}
}

static bool number_in(struct loader *ld, const char *path, const json_t *v, double lo, double hi,
		      double *out)
{
	char got[96];
	double d;

	describe(v, got, sizeof(got));
	if (!json_is_number(v))
		return fail(ld, FC_ERR_TYPE, path, "expected a number from %g to %g, not %s", lo,
			    hi, got);
	d = json_number_value(v);
	if (!(d >= lo && d <= hi))
		return fail(ld, FC_ERR_INVALID, path, "expected a number from %g to %g, not %s", lo,
			    hi, got);
	*out = d;
	return true;
}

static bool integer_in(struct loader *ld, const char *path, const json_t *v, int lo, int hi,
		       int *out)
{
	char got[96];

	describe(v, got, sizeof(got));
	if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi)
		return fail(ld, json_is_integer(v) ? FC_ERR_INVALID : FC_ERR_TYPE, path,
			    "expected a whole number from %d to %d, not %s", lo, hi, got);
	*out = (int)json_integer_value(v);
	return true;
}

/* {"min": 30, "max": 330, "count": 5}: count is optional (0 = max - min
 * steps, DevTools' "count undefined"); a fixed value is min == max. */
static bool parse_space(struct loader *ld, const char *path, const json_t *v, const struct field *f,
			struct fc_hsl_space *out)
{
	static const char *const keys[] = { "min", "max", "count", NULL };
	struct fc_hsl_space sp = { 0, 0, 0 };
	bool have_min = false, have_max = false;
	const char *key;
	json_t *val;
	char sub[128];

	if (!json_is_object(v)) {
		char got[96];
		describe(v, got, sizeof(got));
		return fail(ld, FC_ERR_TYPE, path,
			    "expected an object {\"min\": …, \"max\": …, \"count\": …}, not %s",
			    got);
	}
	json_object_foreach((json_t *)v, key, val)
	{
		snprintf(sub, sizeof(sub), "%s.%s", path, key);
		if (strcmp(key, "min") == 0) {
			if (!integer_in(ld, sub, val, (int)f->lo, (int)f->hi, &sp.min))
				return false;
			have_min = true;
		} else if (strcmp(key, "max") == 0) {
			if (!integer_in(ld, sub, val, (int)f->lo, (int)f->hi, &sp.max))
				return false;
			have_max = true;
		} else if (strcmp(key, "count") == 0) {
			/* 1 would divide by zero in DevTools' formula */
			if (!integer_in(ld, sub, val, 0, 10000, &sp.count))
				return false;
			if (sp.count == 1)
				return fail(ld, FC_ERR_INVALID, sub,
					    "count must be 0 (one step per unit) or at least 2");
		} else {
			return unknown_key(ld, sub, key, keys);
		}
	}
	if (!have_min || !have_max)
		return fail(ld, FC_ERR_INVALID, path, "needs both \"min\" and \"max\"");
	if (sp.min > sp.max)
		return fail(ld, FC_ERR_INVALID, path, "min (%d) is greater than max (%d)", sp.min,
			    sp.max);
	*out = sp;
	return true;
}

/* [h, s, l]: degrees, percent, percent. */
static bool parse_hsl(struct loader *ld, const char *path, const json_t *v, struct fc_hsl *out)
{
	static const double hi[3] = { 360, 100, 100 };
	double d[3];
	size_t i;

	if (!json_is_array(v) || json_array_size(v) != 3) {
		char got[96];
		describe(v, got, sizeof(got));
		return fail(ld, FC_ERR_TYPE, path,
			    "expected [hue, saturation, lightness] (degrees, %%, %%), not %s", got);
	}
	for (i = 0; i < 3; i++) {
		const json_t *x = json_array_get(v, i);
		if (!json_is_number(x) || !(json_number_value(x) >= 0) ||
		    json_number_value(x) > hi[i])
			return fail(
				ld, FC_ERR_INVALID, path,
				"[hue, saturation, lightness]: item %zu must be a number from 0 "
				"to %g",
				i + 1, hi[i]);
		d[i] = json_number_value(x);
	}
	out->h = d[0];
	out->s = d[1];
	out->l = d[2];
	return true;
}

static bool parse_field(struct loader *ld, size_t fi, const json_t *v)
{
	const struct field *f = &fields[fi];
	char *at = (char *)ld->t + f->offset;
	char got[96];

	describe(v, got, sizeof(got));
	switch (f->kind) {
	case K_COLOR:
		if (!json_is_string(v) ||
		    !fc_style_parse_color(json_string_value(v), (struct fc_rgb *)(void *)at))
			return fail(ld, json_is_string(v) ? FC_ERR_INVALID : FC_ERR_TYPE, f->path,
				    "expected a colour \"#rrggbb\", not %s", got);
		break;
	case K_NUMBER:
		if (!number_in(ld, f->path, v, f->lo, f->hi, (double *)(void *)at))
			return false;
		break;
	case K_STRING: {
		char **dst = (char **)(void *)at, *copy;
		if (!json_is_string(v) || json_string_length(v) == 0 ||
		    json_string_length(v) > FAMILY_MAX ||
		    strlen(json_string_value(v)) != json_string_length(v))
			return fail(ld, FC_ERR_TYPE, f->path,
				    "expected a text of 1 to %d bytes, not %s", FAMILY_MAX, got);
		/* names reach the header, the report and pango as they are */
		if (!fc_utf8_clean(json_string_value(v), json_string_length(v)))
			return fail(ld, FC_ERR_INVALID, f->path,
				    "a control character in the text (names are plain text)");
		copy = fc_strdup(json_string_value(v));
		if (!copy)
			return fail(ld, FC_ERR_NOMEM, "", "out of memory");
		free(*dst);
		*dst = copy;
		break;
	}
	case K_SPACE:
		if (!parse_space(ld, f->path, v, f, (struct fc_hsl_space *)(void *)at))
			return false;
		break;
	case K_HSL:
		if (!parse_hsl(ld, f->path, v, (struct fc_hsl *)(void *)at))
			return false;
		break;
	case K_RULES:
		if (!json_is_string(v) || (strcmp(json_string_value(v), "profiler") != 0 &&
					   strcmp(json_string_value(v), "performance") != 0))
			return fail(ld, FC_ERR_INVALID, f->path,
				    "expected \"profiler\" (DevTools' JS Profiler colours) or "
				    "\"performance\" (its Performance panel), not %s",
				    got);
		*(bool *)(void *)at = strcmp(json_string_value(v), "performance") == 0;
		break;
	}
	ld->set[fi] = true;
	return true;
}

static size_t find_field(const char *path)
{
	size_t i;

	for (i = 0; i < N_FIELDS; i++)
		if (strcmp(fields[i].path, path) == 0)
			return i;
	return N_FIELDS;
}

static bool is_group(const char *key)
{
	size_t i;

	for (i = 0; i < FC_ARRAY_LEN(groups); i++)
		if (strcmp(groups[i], key) == 0)
			return true;
	return false;
}

/* The keys that may follow prefix ("" for the top level, "tiers." ...),
 * for suggestions; out holds at least N_FIELDS + groups + 2 entries. */
static void keys_under(const char *prefix, const char **out)
{
	size_t i, n = 0, pl = strlen(prefix);

	for (i = 0; i < N_FIELDS; i++) {
		const char *rest = fields[i].path + pl;
		if (strncmp(fields[i].path, prefix, pl) == 0 && !strchr(rest, '.'))
			out[n++] = rest;
	}
	if (!pl) {
		for (i = 0; i < FC_ARRAY_LEN(groups); i++)
			out[n++] = groups[i];
		out[n++] = "extends";
	}
	out[n] = NULL;
}

/* One group object: {"app": "#…", …}. Two levels of a fixed schema, so
 * plain loops walk it; the values parse themselves. */
static bool parse_group(struct loader *ld, const char *group, const json_t *obj)
{
	const char *key, *cands[N_FIELDS + FC_ARRAY_LEN(groups) + 2];
	char path[128], prefix[64];
	json_t *v;

	if (!json_is_object(obj)) {
		char got[96];
		describe(obj, got, sizeof(got));
		return fail(ld, FC_ERR_TYPE, group, "expected an object, not %s", got);
	}
	json_object_foreach((json_t *)obj, key, v)
	{
		size_t fi;
		snprintf(path, sizeof(path), "%s.%s", group, key);
		fi = find_field(path);
		if (fi == N_FIELDS) {
			snprintf(prefix, sizeof(prefix), "%s.", group);
			keys_under(prefix, cands);
			return unknown_key(ld, path, key, cands);
		}
		if (!parse_field(ld, fi, v))
			return false;
	}
	return true;
}

/* --- themes ------------------------------------------------------------------------ */

void fc_theme_destroy(struct fc_theme *t)
{
	if (!t)
		return;
	free(t->name);
	free(t->font_family);
	free(t);
}

const char *fc_theme_builtin_json(const char *name, size_t *len)
{
	size_t i;

	for (i = 0; i < fc_theme_n_sources; i++) {
		if (strcmp(fc_theme_sources[i].name, name) == 0) {
			if (len)
				*len = fc_theme_sources[i].len;
			return fc_theme_sources[i].json;
		}
	}
	return NULL;
}

static bool is_builtin(const char *name)
{
	size_t i;

	for (i = 0; builtin_names[i]; i++)
		if (strcmp(builtin_names[i], name) == 0)
			return true;
	return false;
}

static struct fc_theme *parse(const char *json, size_t len, const char *file, bool builtin,
			      struct fc_error *err);

/* The theme a user's file starts from: "extends" (a built-in name), else
 * light. */
static bool start_from_base(struct loader *ld, const json_t *root)
{
	const json_t *ext = json_object_get(root, "extends");
	const char *name = "light", *json;
	struct fc_error inner;
	size_t len;

	if (ext) {
		char got[96];
		describe(ext, got, sizeof(got));
		if (!json_is_string(ext) || !is_builtin(json_string_value(ext)))
			return fail(ld, FC_ERR_INVALID, "extends",
				    "expected the name of a built-in theme (light, dark, devtools, "
				    "classic), not %s",
				    got);
		name = json_string_value(ext);
	}
	json = fc_theme_builtin_json(name, &len);
	fc_error_init(&inner);
	ld->t = json ? parse(json, len, name, true, &inner) : NULL;
	if (!ld->t) {
		*ld->err = inner;
		return false;
	}
	/* a user's theme is named after its file unless it says otherwise */
	free(ld->t->name);
	ld->t->name = NULL;
	return true;
}

static struct fc_theme *parse(const char *json, size_t len, const char *file, bool builtin,
			      struct fc_error *err)
{
	struct loader ld = { .text = json, .len = len, .file = file, .err = err };
	const char *key, *cands[N_FIELDS + FC_ARRAY_LEN(groups) + 2];
	json_error_t je;
	json_t *root, *v;
	size_t i;

	fc_error_init(err); /* nothing of an earlier error may show in this one */

	root = json_loadb(json, len, JSON_REJECT_DUPLICATES, &je);
	if (!root) {
		fc_error_set(err, FC_ERR_SYNTAX, "%s", fc_json_error_unquoted(je.text));
		fc_error_set_file(err, file);
		fc_error_set_path(err, "");
		err->line = je.line > 0 ? je.line : 0;
		err->column = je.column > 0 ? je.column : 0;
		return NULL;
	}
	if (!json_is_object(root)) {
		fail(&ld, FC_ERR_TYPE, "", "a theme is a JSON object ({\"name\": …, …})");
		goto fail;
	}
	if (builtin) {
		ld.t = calloc(1, sizeof(*ld.t));
		if (!ld.t) {
			fail(&ld, FC_ERR_NOMEM, "", "out of memory");
			goto fail;
		}
	} else if (!start_from_base(&ld, root)) {
		goto fail;
	}
	json_object_foreach(root, key, v)
	{
		size_t fi = find_field(key);
		if (strcmp(key, "extends") == 0) {
			if (!builtin)
				continue; /* read first, by start_from_base */
			fail(&ld, FC_ERR_INVALID, key,
			     "a built-in theme is complete and extends "
			     "nothing");
			goto fail;
		}
		if (fi < N_FIELDS && !strchr(key, '.')) {
			if (!parse_field(&ld, fi, v))
				goto fail;
		} else if (is_group(key)) {
			if (!parse_group(&ld, key, v))
				goto fail;
		} else {
			keys_under("", cands);
			unknown_key(&ld, key, key, cands);
			goto fail;
		}
	}
	/* a new background without an end is flat, not the base's gradient */
	if (ld.set[find_field("background")] && !ld.set[find_field("background_end")])
		ld.t->background_end = ld.t->background;
	if (builtin) {
		/* built-in themes are complete: nothing comes from elsewhere */
		for (i = 0; i < N_FIELDS; i++) {
			if (!ld.set[i] && !fields[i].optional) {
				const char *dot = strchr(fields[i].path, '.');
				char group[32];
				snprintf(group, sizeof(group), "%.*s",
					 dot ? (int)(dot - fields[i].path) : 0, fields[i].path);
				fail(&ld, FC_ERR_INVALID, group, "missing key \"%s\"",
				     fields[i].path);
				goto fail;
			}
		}
	}
	if (!ld.t->name) {
		/* the file's name without its directory and ".json" */
		const char *base = fc_basename(file && file[0] ? file : "theme");
		const char *dot = strrchr(base, '.');
		char *raw =
			fc_strndup(base, dot && dot != base ? (size_t)(dot - base) : strlen(base));
		ld.t->name = raw ? fc_strdup_clean(raw) : NULL; /* file names need not be UTF-8 */
		free(raw);
		if (!ld.t->name) {
			fail(&ld, FC_ERR_NOMEM, "", "out of memory");
			goto fail;
		}
	}
	json_decref(root);
	return ld.t;
fail:
	json_decref(root);
	fc_theme_destroy(ld.t);
	return NULL;
}

struct fc_theme *fc_theme_parse(const char *json, size_t len, const char *file,
				struct fc_error *err)
{
	return parse(json, len, file, false, err);
}

struct fc_theme *fc_theme_load(const char *path, struct fc_error *err)
{
	FILE *f = fopen(path, "rb");
	struct fc_theme *t = NULL;
	char *buf = NULL;
	size_t n;

	fc_error_init(err);
	if (!f) {
		fc_error_set(err, FC_ERR_IO, "cannot open the theme: %s", strerror(errno));
		fc_error_set_file(err, path);
		return NULL;
	}
	buf = malloc(THEME_MAX_BYTES + 1);
	if (!buf) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		goto out;
	}
	n = fread(buf, 1, THEME_MAX_BYTES + 1, f);
	if (ferror(f)) {
		fc_error_set(err, FC_ERR_IO, "cannot read the theme: %s", strerror(errno));
		fc_error_set_file(err, path);
	} else if (n > THEME_MAX_BYTES) {
		fc_error_set(err, FC_ERR_LIMIT, "a theme file must be at most %d bytes",
			     THEME_MAX_BYTES);
		fc_error_set_file(err, path);
	} else {
		t = parse(buf, n, path, false, err);
	}
out:
	free(buf);
	fclose(f);
	return t;
}

struct fc_theme *fc_theme_open(const char *name_or_path, struct fc_error *err)
{
	size_t len;
	const char *json = fc_theme_builtin_json(name_or_path, &len);

	if (json)
		return parse(json, len, name_or_path, true, err);
	if (!strchr(name_or_path, '/') && !strstr(name_or_path, ".json")) {
		FILE *f = fopen(name_or_path, "rb");
		if (!f) {
			fc_error_init(err);
			fc_error_set(err, FC_ERR_USAGE,
				     "unknown theme '%s' (light, dark, devtools, classic, or the "
				     "path of a theme file)",
				     name_or_path);
			return NULL;
		}
		fclose(f);
	}
	return fc_theme_load(name_or_path, err);
}

/* --- the default -------------------------------------------------------------------- */

static pthread_once_t default_once = PTHREAD_ONCE_INIT;
static struct fc_theme *default_theme;

/* Used only if the embedded light theme cannot be parsed (out of memory at
 * first use): readable, every colour defined, no pretence of a design. */
static struct fc_theme plain_theme = {
	.name = "plain",
	.background = { 255, 255, 255 },
	.background_end = { 255, 255, 255 },
	.text = { 0, 0, 0 },
	.text_muted = { 80, 80, 80 },
	.label_dark = { 0, 0, 0 },
	.label_light = { 255, 255, 255 },
	.ruler_text = { 0, 0, 0 },
	.grid = { 0, 0, 0 },
	.grid_alpha = 0.1,
	.coalesced = { 184, 184, 184 },
	.tier = { { 200, 200, 200 },
		  { 200, 200, 200 },
		  { 200, 200, 200 },
		  { 200, 200, 200 },
		  { 200, 200, 200 },
		  { 200, 200, 200 },
		  { 230, 230, 230 } },
	.font_family = "sans-serif",
	.font_size_px = 11,
	.bar_height_px = 17,
	.text_pad_px = 4,
	.hue = { 0, 0, 0 },
	.saturation = { 0, 0, 0 },
	.lightness = { 80, 80, 0 },
	.url_empty = { 200, 200, 200 },
	.url_system = { 200, 200, 200 },
	.program = { 200, 200, 200 },
	.gc = { 200, 200, 200 },
	.idle = { 230, 230, 230 },
	.package_hue = { 0, 0, 0 },
	.package_saturation = { 0, 0, 0 },
	.package_lightness = { 80, 80, 0 },
	.heat_cold = { 0, 0, 85 },
	.heat_hot = { 0, 0, 50 },
	.heat_full_share = 0.2,
	.mono_darkest = 72,
	.mono_lightest = 90,
};

static void load_default(void)
{
	struct fc_error err;

	fc_error_init(&err);
	default_theme = fc_theme_open("light", &err);
}

/* The default parsed lazily above is the library's to free: when it is
 * unloaded or the process ends (fc_render takes its themes from the
 * caller's context and never needs it). */
__attribute__((destructor)) static void free_default(void)
{
	fc_theme_destroy(default_theme);
	default_theme = NULL;
}

const struct fc_theme *fc_theme_default(void)
{
	pthread_once(&default_once, load_default);
	return default_theme ? default_theme : &plain_theme;
}
