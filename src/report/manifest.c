/* Shard manifests: what each shard rendered, so that `report --merge` can
 * build the index from the shards' outputs alone (DIR is not needed). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "flamechart/report.h"
#include "report/internal.h"
#include "model/classify.h"
#include "render/output.h"
#include "import/jstream.h"
#include "util/util.h"
#include "model/profile.h"

/* "shard-S-of-N.json" with 1 <= S <= N <= FC_REPORT_MAX_SHARDS, decimal
 * without sign or leading zeros: the only names a shard writes. */
bool fc_report_shard_name(const char *name, int *shard, int *count)
{
	long v[2];
	const char *p = name;
	int k;

	if (strncmp(p, "shard-", 6) != 0)
		return false;
	p += 6;
	for (k = 0; k < 2; k++) {
		int digits = 0;
		v[k] = 0;
		if (*p == '0')
			return false;
		while (*p >= '0' && *p <= '9' && digits < 6) {
			v[k] = v[k] * 10 + (*p++ - '0');
			digits++;
		}
		if (!digits || (*p >= '0' && *p <= '9'))
			return false;
		if (k == 0) {
			if (strncmp(p, "-of-", 4) != 0)
				return false;
			p += 4;
		}
	}
	if (strcmp(p, ".json") != 0 || v[0] < 1 || v[0] > v[1] || v[1] > FC_REPORT_MAX_SHARDS)
		return false;
	*shard = (int)v[0];
	*count = (int)v[1];
	return true;
}

static bool put(json_t *o, const char *k, json_t *v)
{
	return v && json_object_set_new(o, k, v) == 0;
}

/* 2 added each file's cpu, functions and functions_other */
#define MANIFEST_VERSION 2

static json_t *file_json(const struct fc_report_file *f)
{
	json_t *o = json_object(), *tiers = json_object(), *pk = json_object(), *top = json_array();
	bool ok = o && tiers && pk && top;
	size_t i;
	int t;

	ok = ok && put(o, "rel", json_string(f->rel)) && put(o, "slug", json_string(f->slug)) &&
	     put(o, "pid", json_integer(f->pid)) && put(o, "tid", json_integer(f->tid)) &&
	     put(o, "ok", json_boolean(f->ok));
	if (!f->ok) {
		ok = ok && put(o, "error", json_string(f->error ? f->error : "not rendered"));
	} else {
		/* a heap profile's numbers are bytes, a count's samples; a
		 * profile without time order is drawn as a graph only */
		if (f->bytes || f->counts)
			ok = ok &&
			     put(o, "unit", json_string(f->bytes ? FC_UNIT_BYTES : "samples"));
		if (f->timeless)
			ok = ok && put(o, "timeless", json_true());
		ok = ok && put(o, "title", json_string(f->title ? f->title : f->rel)) &&
		     put(o, "duration_ms", json_real(f->duration_ms)) &&
		     put(o, "sampled_ms", json_real(f->sampled_ms)) &&
		     put(o, "samples", json_integer((json_int_t)f->samples)) &&
		     put(o, "threads", json_integer((json_int_t)f->threads));
		for (t = 0; ok && t < FC_TIER_COUNT; t++)
			ok = put(tiers, fc_tier_name((enum fc_tier)t), json_real(f->tier_ms[t]));
		for (i = 0; ok && i < f->n_packages; i++)
			ok = put(pk, f->package_names[i], json_real(f->package_ms[i]));
		for (i = 0; ok && i < f->n_top; i++) {
			json_t *e = json_object();
			ok = e && put(e, "name", json_string(f->top[i].name)) &&
			     put(e, "url", json_string(f->top[i].url)) &&
			     put(e, "line", json_integer(f->top[i].line)) &&
			     put(e, "self_ms", json_real(f->top[i].self_ms)) &&
			     json_array_append_new(top, e) == 0;
		}
		ok = ok && put(o, "tiers_ms", tiers) && put(o, "packages_ms", pk) &&
		     put(o, "top", top);
		tiers = pk = top = NULL;
		ok = ok && fc_report_put_functions(o, f);
	}
	json_decref(tiers);
	json_decref(pk);
	json_decref(top);
	if (!ok) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* Manifests of an earlier run with another shard count would mix with this
 * run's at merge time: remove them. */
static void remove_stale(const char *dir, int count)
{
	struct dirent *de;
	DIR *d = opendir(dir);

	if (!d)
		return;
	while ((de = readdir(d)) != NULL) {
		int s, n;
		if (fc_report_shard_name(de->d_name, &s, &n) && n != count) {
			char *path = fc_asprintf("%s/%s", dir, de->d_name);
			if (path)
				unlink(path);
			free(path);
		}
	}
	closedir(d);
}

bool fc_report_save_manifest(const struct fc_report *r, int shard, int count, struct fc_error *err)
{
	json_t *root = json_object(), *files = json_array(), *groups = json_array();
	char *dir = fc_asprintf("%s/%s", r->outdir, FC_REPORT_DIR);
	char *path = fc_asprintf("%s/shard-%d-of-%d.json", dir ? dir : "", shard, count);
	struct fc_output out;
	size_t i, unit = 0, k;
	bool ok = root && files && groups && dir && path;
	char *text = NULL;

	if (ok && mkdir(dir, 0777) != 0 && errno != EEXIST) {
		fc_error_set(err, FC_ERR_OUTPUT, "cannot create the directory: %s",
			     strerror(errno));
		fc_error_set_file(err, dir);
		ok = false;
		goto out;
	}
	if (ok)
		remove_stale(dir, count);
	for (i = 0; ok && i < r->n_groups; i++, unit++) {
		const struct fc_report_group *g = &r->groups[i];
		json_t *o, *members;
		if (!fc_report_unit_in_shard(unit, shard, count))
			continue;
		o = json_object();
		members = json_array();
		ok = o && members && put(o, "slug", json_string(g->slug)) &&
		     put(o, "title", json_string(g->title)) && put(o, "ok", json_boolean(g->ok));
		/* no error and not ok: the process has no CPU profile to draw */
		if (ok && !g->ok && g->error)
			ok = put(o, "error", json_string(g->error));
		for (k = 0; ok && k < g->n_members; k++) {
			json_t *f = file_json(&r->files[g->members[k]]);
			ok = f && json_array_append_new(members, f) == 0;
		}
		ok = ok && put(o, "members", members) && json_array_append_new(groups, o) == 0;
		if (!ok) {
			json_decref(o);
			json_decref(members);
		}
	}
	for (i = 0; ok && i < r->n_files; i++) {
		json_t *f;
		if (r->files[i].group >= 0)
			continue;
		if (fc_report_unit_in_shard(unit++, shard, count)) {
			f = file_json(&r->files[i]);
			ok = f && json_array_append_new(files, f) == 0;
		}
	}
	ok = ok && put(root, "version", json_integer(MANIFEST_VERSION)) &&
	     put(root, "shard", json_integer(shard)) && put(root, "shards", json_integer(count)) &&
	     put(root, "modes", json_integer(r->modes)) &&
	     put(root, "formats", json_integer(r->formats)) && put(root, "groups", groups) &&
	     put(root, "files", files);
	groups = files = NULL;
	if (!ok) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		goto out;
	}
	text = json_dumps(root, JSON_INDENT(1) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15));
	if (!text || !fc_output_open(&out, path, err)) {
		if (!text)
			fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		ok = false;
		goto out;
	}
	fc_output_write(&out, text, strlen(text));
	fc_output_write(&out, "\n", 1);
	ok = fc_output_commit(&out, err);
out:
	free(text);
	json_decref(root);
	json_decref(files);
	json_decref(groups);
	free(dir);
	free(path);
	return ok;
}

/* --- loading -------------------------------------------------------------- */

/* The manifests come from other machines (CI artifacts): each is checked
 * against the schema the writer above produces before anything in it is
 * used (docs/robustness.md, "report --merge"). */

#define MANIFEST_MAX_BYTES ((off_t)256 << 20)
#define MAX_MS 1e12                  /* about 31 years */
#define MAX_WEIGHT 1e15              /* µs (31 years) or bytes (1 PB) */
#define MAX_COUNT 9007199254740992.0 /* 2^53 */
#define MAX_PACKAGES 100000
#define MAX_TEXT 65536

struct check {
	char path[128]; /* where the first problem is */
	const char *what;
};

static bool problem(struct check *c, const char *what, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static bool problem(struct check *c, const char *what, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(c->path, sizeof(c->path), fmt, ap);
	va_end(ap);
	c->what = what;
	return false;
}

/* A slug as fc_report_scan makes them: [A-Za-z0-9._-], not starting with '.',
 * so that every name made from it is a plain file name in OUTDIR. */
bool fc_report_slug_ok(const char *s)
{
	size_t i, n = strlen(s);

	if (n == 0 || n > FC_REPORT_MAX_SLUG || s[0] == '.')
		return false;
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		      c == '.' || c == '-' || c == '_'))
			return false;
	}
	return true;
}

/* A copy of a string member (clean text, at most MAX_TEXT bytes); NULL and
 * a problem when it is missing, not a string or too long. */
static char *text_member(json_t *o, const char *k, struct check *c, const char *at)
{
	json_t *v = json_object_get(o, k);
	char *s;

	if (!json_is_string(v)) {
		problem(c, v ? "not a string" : "missing", "%s.%s", at, k);
		return NULL;
	}
	if (json_string_length(v) > MAX_TEXT) {
		problem(c, "too long", "%s.%s", at, k);
		return NULL;
	}
	s = fc_strdup_clean(json_string_value(v));
	if (!s)
		problem(c, "out of memory", "%s.%s", at, k);
	return s;
}

static bool int_member(json_t *o, const char *k, json_int_t lo, json_int_t hi, json_int_t *out,
		       struct check *c, const char *at)
{
	json_t *v = json_object_get(o, k);

	if (!json_is_integer(v))
		return problem(c, v ? "not an integer" : "missing", "%s.%s", at, k);
	*out = json_integer_value(v);
	if (*out < lo || *out > hi)
		return problem(c, "out of range", "%s.%s", at, k);
	return true;
}

static bool number_ok(json_t *v, double hi, double *out)
{
	double d;

	if (!json_is_number(v))
		return false;
	d = json_number_value(v);
	if (!isfinite(d) || d < 0 || d > hi)
		return false;
	*out = d;
	return true;
}

static bool ms_member(json_t *o, const char *k, double *out, struct check *c, const char *at)
{
	json_t *v = json_object_get(o, k);

	if (!number_ok(v, MAX_MS, out))
		return problem(c, v ? "not a number from 0 to 1e12" : "missing", "%s.%s", at, k);
	return true;
}

static bool weight_member(json_t *o, const char *k, double *out, struct check *c, const char *at)
{
	json_t *v = json_object_get(o, k);

	if (!number_ok(v, MAX_WEIGHT, out))
		return problem(c, v ? "not a number from 0 to 1e15" : "missing", "%s.%s", at, k);
	return true;
}

/* A file's cpu, functions and functions_other (fc_report_put_functions). */
static bool load_functions(struct fc_report_file *f, json_t *o, struct check *c, const char *at)
{
	json_t *list = json_object_get(o, "functions"), *other;
	json_int_t x = 0;
	size_t i, n;

	if (!weight_member(o, "cpu", &f->cpu, c, at))
		return false;
	if (!json_is_array(list))
		return problem(c, list ? "not an array" : "missing", "%s.functions", at);
	n = json_array_size(list);
	if (n > FC_REPORT_FUNCTIONS)
		return problem(c, "too many entries", "%s.functions", at);
	if (n && !(f->functions = calloc(n, sizeof(*f->functions))))
		return problem(c, "out of memory", "%s", at);
	for (i = 0; i < n; i++) {
		struct fc_report_function *fn = &f->functions[i];
		json_t *e = json_array_get(list, i);
		char here[96];
		snprintf(here, sizeof(here), "%s.functions[%zu]", at, i);
		if (!json_is_object(e))
			return problem(c, "not an object", "%s", here);
		f->n_functions++;
		if (!(fn->name = text_member(e, "name", c, here)) ||
		    !(fn->file = text_member(e, "file", c, here)) ||
		    !weight_member(e, "self", &fn->self, c, here) ||
		    !weight_member(e, "total", &fn->total, c, here))
			return false;
	}
	other = json_object_get(o, "functions_other");
	if (!json_is_object(other))
		return problem(c, other ? "not an object" : "missing", "%s.functions_other", at);
	if (!int_member(other, "count", 0, (json_int_t)MAX_COUNT, &x, c, at) ||
	    !weight_member(other, "self", &f->other_self, c, at))
		return false;
	f->other_count = (size_t)x;
	return true;
}

static bool load_file(struct fc_report_file *f, json_t *o, struct check *c, const char *at)
{
	json_t *tiers, *pk, *top, *v;
	const char *key;
	json_int_t x = 0;
	size_t i;
	int t;

	memset(f, 0, sizeof(*f));
	f->group = -1;
	f->done = true;
	if (!json_is_object(o))
		return problem(c, "not an object", "%s", at);
	if (!(f->rel = text_member(o, "rel", c, at)) || !(f->slug = text_member(o, "slug", c, at)))
		return false;
	if (!f->rel[0])
		return problem(c, "empty", "%s.rel", at);
	if (!fc_report_slug_ok(f->slug))
		return problem(c, "not a file name made by flamechart", "%s.slug", at);
	if (!int_member(o, "pid", -1, INT64_MAX, &x, c, at))
		return false;
	f->pid = x;
	if (!int_member(o, "tid", -1, INT64_MAX, &x, c, at))
		return false;
	f->tid = x;
	v = json_object_get(o, "ok");
	if (!json_is_boolean(v))
		return problem(c, v ? "not true or false" : "missing", "%s.ok", at);
	f->ok = json_is_true(v);
	if (!f->ok) {
		if (json_object_get(o, "error") && !(f->error = text_member(o, "error", c, at)))
			return false;
		return true;
	}
	v = json_object_get(o, "unit");
	if (v && !(json_is_string(v) && (strcmp(json_string_value(v), FC_UNIT_BYTES) == 0 ||
					 strcmp(json_string_value(v), "samples") == 0)))
		return problem(c, "not \"" FC_UNIT_BYTES "\" nor \"samples\"", "%s.unit", at);
	f->bytes = v && strcmp(json_string_value(v), FC_UNIT_BYTES) == 0;
	f->counts = v && !f->bytes;
	v = json_object_get(o, "timeless");
	if (v && !json_is_true(v))
		return problem(c, "not true", "%s.timeless", at);
	/* bytes and counts have no time order */
	f->timeless = v || f->bytes || f->counts;
	if (!(f->title = text_member(o, "title", c, at)) ||
	    !ms_member(o, "duration_ms", &f->duration_ms, c, at) ||
	    !ms_member(o, "sampled_ms", &f->sampled_ms, c, at) ||
	    !int_member(o, "samples", 0, (json_int_t)MAX_COUNT, &x, c, at))
		return false;
	f->samples = (uint64_t)x;
	if (!int_member(o, "threads", 0, INT32_MAX, &x, c, at))
		return false;
	f->threads = (size_t)x;
	tiers = json_object_get(o, "tiers_ms");
	if (!json_is_object(tiers))
		return problem(c, tiers ? "not an object" : "missing", "%s.tiers_ms", at);
	for (t = 0; t < FC_TIER_COUNT; t++) {
		const char *name = fc_tier_name((enum fc_tier)t);
		v = json_object_get(tiers, name);
		if (v && !number_ok(v, MAX_MS, &f->tier_ms[t]))
			return problem(c, "not a number from 0 to 1e12", "%s.tiers_ms.%s", at,
				       name);
	}
	pk = json_object_get(o, "packages_ms");
	if (!json_is_object(pk))
		return problem(c, pk ? "not an object" : "missing", "%s.packages_ms", at);
	if (json_object_size(pk) > MAX_PACKAGES)
		return problem(c, "too many packages", "%s.packages_ms", at);
	if (json_object_size(pk)) {
		f->package_names = calloc(json_object_size(pk), sizeof(char *));
		f->package_ms = calloc(json_object_size(pk), sizeof(double));
		if (!f->package_names || !f->package_ms)
			return problem(c, "out of memory", "%s", at);
		json_object_foreach(pk, key, v)
		{
			if (!number_ok(v, MAX_MS, &f->package_ms[f->n_packages]))
				return problem(c, "not a number from 0 to 1e12", "%s.packages_ms",
					       at);
			if (strlen(key) > MAX_TEXT)
				return problem(c, "too long", "%s.packages_ms", at);
			if (!(f->package_names[f->n_packages] = fc_strdup_clean(key)))
				return problem(c, "out of memory", "%s", at);
			f->n_packages++;
		}
	}
	top = json_object_get(o, "top");
	if (!json_is_array(top))
		return problem(c, top ? "not an array" : "missing", "%s.top", at);
	for (i = 0; i < json_array_size(top) && i < FC_REPORT_TOP; i++) {
		json_t *e = json_array_get(top, i);
		char here[96];
		snprintf(here, sizeof(here), "%s.top[%zu]", at, i);
		if (!json_is_object(e))
			return problem(c, "not an object", "%s", here);
		f->n_top++;
		if (!(f->top[i].name = text_member(e, "name", c, here)) ||
		    !(f->top[i].url = text_member(e, "url", c, here)) ||
		    !int_member(e, "line", 0, INT32_MAX, &x, c, here) ||
		    !ms_member(e, "self_ms", &f->top[i].self_ms, c, here))
			return false;
		f->top[i].line = (int)x;
	}
	return load_functions(f, o, c, at);
}

/* By rel, then slug: two names that differ only in bytes that are not
 * UTF-8 have one (cleaned) rel and two slugs. */
static int file_order(const void *a, const void *b, void *ctx)
{
	const struct fc_report_file *x = a, *y = b;
	int c = strcmp(x->rel, y->rel);
	(void)ctx;
	return c ? c : strcmp(x->slug, y->slug);
}

static int group_order(const void *a, const void *b, void *ctx)
{
	const struct fc_report_group *x = a, *y = b;
	const struct fc_report *r = ctx;
	return strcmp(r->files[x->members[0]].rel, r->files[y->members[0]].rel);
}

static int slug_order(const void *a, const void *b, void *ctx)
{
	(void)ctx;
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The file with this rel (files sorted by rel), or n_files. */
static size_t find_rel(const struct fc_report *r, const char *rel)
{
	size_t lo = 0, hi = r->n_files;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(r->files[mid].rel, rel);
		if (c == 0)
			return mid;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return r->n_files;
}

/* The shape of a manifest, checked as it streams (jstream) before jansson
 * builds its tree: only the members report writes, at most FC_REPORT_TOP
 * entries in a top list, MAX_PACKAGES packages, MANIFEST_MAX_ENTRIES files
 * and groups, strings of at most MAX_TEXT bytes, nothing nested where
 * report writes a value. jansson holds a tree at several times the bytes
 * it parses; with the shape bounded, a manifest that would fill memory with
 * members report never reads, or with long lists of which it keeps five,
 * is refused first, naming the member and its line. */

#define MANIFEST_MAX_ENTRIES 1000000 /* files and groups in one manifest */

enum shape_ctx {
	SC_DOC = 1,
	SC_FILES,
	SC_FILE,
	SC_TIERS,
	SC_PACKAGES,
	SC_TOPS,
	SC_TOP,
	SC_GROUPS,
	SC_GROUP,
	SC_FUNCS,
	SC_FUNC,
	SC_OTHER
};

enum shape_key {
	SK_VERSION,
	SK_SHARD,
	SK_SHARDS,
	SK_MODES,
	SK_FORMATS,
	SK_FILES,
	SK_GROUPS, /* the document */
	SK_REL,
	SK_SLUG,
	SK_PID,
	SK_TID,
	SK_OK,
	SK_ERROR,
	SK_TITLE,
	SK_DURATION,
	SK_SAMPLED,
	SK_SAMPLES,
	SK_THREADS,
	SK_TIERS,
	SK_PACKAGES,
	SK_TOP,
	SK_UNIT, /* a file (a heap profile's) */
	SK_CPU,
	SK_FUNCTIONS,
	SK_FUNCTIONS_OTHER,
	SK_TIMELESS, /* a file without time order */
	SK_NAME,
	SK_URL,
	SK_LINE,
	SK_SELF_MS, /* a top entry */
	SK_FILE,
	SK_SELF,
	SK_TOTAL, /* a function */
	SK_COUNT, /* functions_other (and self) */
	SK_MEMBERS,
	SK_FIXED,
	/* ids past 63 are not checked for duplicates by jstream; jansson
	 * refuses those afterwards */
	SK_TIER = 64,
	SK_PACKAGE,
	SK_UNKNOWN
};

/* the names in paths; a tier, a package and an unknown member show the key
 * read (struct shape) */
static const char *const shape_key_names[SK_UNKNOWN + 1] = {
	"version",    "shard",   "shards",  "modes",     "formats",
	"files",      "groups",  "rel",     "slug",      "pid",
	"tid",        "ok",      "error",   "title",     "duration_ms",
	"sampled_ms", "samples", "threads", "tiers_ms",  "packages_ms",
	"top",        "unit",    "cpu",     "functions", "functions_other",
	"timeless",   "name",    "url",     "line",      "self_ms",
	"file",       "self",    "total",   "count",     "members",
};

/* A manifest read and checked: its bytes, its top-level members in a small
 * jansson object (files and groups empty), and where each file and group
 * lies in the bytes. The entries are parsed one at a time as they are
 * loaded, so that jansson never holds more than one. */
struct span {
	size_t start, end; /* bytes of buf */
	long line, column; /* of start */
};

struct manifest {
	char *path;
	char *buf;
	json_t *head;
	struct span *files, *groups;
	size_t n_files, n_groups, files_cap, groups_cap;
	int shard;
};

struct shape {
	struct manifest *m;
	size_t entries, packages;
	char key[48]; /* the last key of no fixed name (cut), for paths */
	const char *names[SK_UNKNOWN + 1];
};

/* The offset of the token jstream is at. */
static size_t shape_offset(const struct jstream *js)
{
	return (size_t)(js->buf_abs + (uint64_t)(js->tok - js->buf));
}

static int shape_key(void *user, int ctx, const char *s, size_t len)
{
	struct shape *sh = user;
	int lo = SK_FIXED, hi = SK_FIXED, id = SK_UNKNOWN;

	switch (ctx) {
	case SC_DOC:
		lo = SK_VERSION, hi = SK_REL;
		break;
	case SC_FILE:
		lo = SK_REL, hi = SK_NAME;
		break;
	case SC_TOP:
		lo = SK_NAME, hi = SK_FILE;
		break;
	case SC_FUNC:
		lo = SK_NAME, hi = SK_COUNT;
		break;
	case SC_OTHER:
		lo = SK_SELF, hi = SK_MEMBERS;
		break;
	case SC_GROUP:
		lo = SK_SLUG, hi = SK_MEMBERS + 1;
		break;
	case SC_PACKAGES:
		id = SK_PACKAGE;
		break;
	case SC_TIERS:
		for (int t = 0; t < FC_TIER_COUNT; t++) {
			const char *name = fc_tier_name((enum fc_tier)t);
			if (strlen(name) == len && memcmp(name, s, len) == 0)
				id = SK_TIER;
		}
		break;
	default:
		break;
	}
	for (int k = lo; k < hi; k++) {
		/* a group: slug, title, ok, error and members */
		if (ctx == SC_GROUP && k != SK_SLUG && k != SK_TITLE && k != SK_OK &&
		    k != SK_ERROR && k != SK_MEMBERS)
			continue;
		/* a function: name, file, self and total; functions_other:
		 * self and count */
		if ((ctx == SC_FUNC && (k == SK_URL || k == SK_LINE || k == SK_SELF_MS)) ||
		    (ctx == SC_OTHER && k == SK_TOTAL))
			continue;
		if (strlen(shape_key_names[k]) == len && memcmp(shape_key_names[k], s, len) == 0)
			return k;
	}
	snprintf(sh->key, sizeof(sh->key), "%.*s", (int)(len < 40 ? len : 40), s);
	return id;
}

static bool shape_unknown(struct shape *sh, struct jstream *js)
{
	return jstream_fail(js, FC_ERR_IO,
			    "a damaged shard manifest: a member report does not write: \"%s\"",
			    sh->key);
}

/* One more file or group; false past the cap. */
static bool shape_entry(struct shape *sh, struct jstream *js)
{
	if (++sh->entries <= MANIFEST_MAX_ENTRIES)
		return true;
	return jstream_fail(js, FC_ERR_LIMIT, "a shard manifest of more than %d files and groups",
			    MANIFEST_MAX_ENTRIES);
}

static int shape_open(void *user, struct jstream *js, int ctx, int key, int64_t index, bool is_map)
{
	struct shape *sh = user;
	int child = 0;

	if (key == SK_UNKNOWN)
		return shape_unknown(sh, js), J_SKIP;
	if (ctx == J_TOP && is_map)
		child = SC_DOC;
	else if (ctx == SC_DOC && !is_map && (key == SK_FILES || key == SK_GROUPS))
		child = key == SK_FILES ? SC_FILES : SC_GROUPS;
	else if ((ctx == SC_FILES || ctx == SC_GROUPS) && is_map)
		child = shape_entry(sh, js) ? (ctx == SC_FILES ? SC_FILE : SC_GROUP) : 0;
	else if (ctx == SC_FILE && is_map && (key == SK_TIERS || key == SK_PACKAGES))
		child = key == SK_TIERS ? SC_TIERS : SC_PACKAGES;
	else if (ctx == SC_FILE && !is_map && key == SK_TOP)
		child = SC_TOPS;
	else if (ctx == SC_TOPS && is_map && index < FC_REPORT_TOP)
		child = SC_TOP;
	else if (ctx == SC_FILE && !is_map && key == SK_FUNCTIONS)
		child = SC_FUNCS;
	else if (ctx == SC_FILE && is_map && key == SK_FUNCTIONS_OTHER)
		child = SC_OTHER;
	else if (ctx == SC_FUNCS && is_map && index < FC_REPORT_FUNCTIONS)
		child = SC_FUNC;
	else if (ctx == SC_GROUP && !is_map && key == SK_MEMBERS)
		child = SC_FILES;
	if (child == SC_PACKAGES)
		sh->packages = 0;
	if (ctx == SC_DOC && child && !js->failed &&
	    json_object_set_new(sh->m->head, shape_key_names[key], json_array()) != 0)
		jstream_fail(js, FC_ERR_NOMEM, "out of memory");
	/* an entry of the document's files or groups (not a group's members):
	 * the top level, the document and the list are open */
	if ((child == SC_FILE || child == SC_GROUP) && js->depth == 3 && !js->failed) {
		struct manifest *m = sh->m;
		bool file = child == SC_FILE;
		struct span **list = file ? &m->files : &m->groups;
		size_t *n = file ? &m->n_files : &m->n_groups,
		       *cap = file ? &m->files_cap : &m->groups_cap;
		if (!FC_GROW(*list, *cap, *n + 1))
			jstream_fail(js, FC_ERR_NOMEM, "out of memory");
		else {
			(*list)[*n].start = shape_offset(js);
			jstream_pos(js, &(*list)[*n].line, &(*list)[*n].column);
			(*n)++;
		}
	}
	if (child || js->failed)
		return child ? child : J_SKIP;
	if (ctx == SC_TOPS && index >= FC_REPORT_TOP)
		jstream_fail(js, FC_ERR_LIMIT, "a damaged shard manifest: more than %d entries",
			     FC_REPORT_TOP);
	else if (ctx == SC_FUNCS && index >= FC_REPORT_FUNCTIONS)
		jstream_fail(js, FC_ERR_LIMIT, "a damaged shard manifest: more than %d entries",
			     FC_REPORT_FUNCTIONS);
	else if (ctx == J_TOP)
		jstream_fail(js, FC_ERR_IO, "not a valid shard manifest: not a JSON object");
	else if (ctx == SC_FILES || ctx == SC_GROUPS || ctx == SC_TOPS || ctx == SC_FUNCS ||
		 key == SK_TIERS || key == SK_PACKAGES || key == SK_FUNCTIONS_OTHER)
		jstream_fail(js, FC_ERR_IO, "a damaged shard manifest: not an object");
	else if (key == SK_FILES || key == SK_GROUPS || key == SK_TOP || key == SK_MEMBERS ||
		 key == SK_FUNCTIONS)
		jstream_fail(js, FC_ERR_IO, "a damaged shard manifest: not an array");
	else
		jstream_fail(js, FC_ERR_IO,
			     "a damaged shard manifest: %s where report writes a value",
			     is_map ? "an object" : "an array");
	return J_SKIP;
}

static bool shape_value(void *user, struct jstream *js, int ctx, int key, int64_t index,
			const struct jvalue *v)
{
	struct shape *sh = user;

	if (key == SK_UNKNOWN)
		return shape_unknown(sh, js);
	if (ctx == J_TOP)
		return jstream_fail(js, FC_ERR_IO, "not a valid shard manifest: not a JSON object");
	if (ctx == SC_DOC) {
		json_t *x = v->type == J_STRING   ? json_stringn(v->s, v->len)
			    : v->type == J_INT    ? json_integer(v->i)
			    : v->type == J_DOUBLE ? json_real(v->d)
			    : v->type == J_BOOL   ? json_boolean(v->b)
						  : json_null();
		if (json_object_set_new(sh->m->head, shape_key_names[key], x) != 0)
			return jstream_fail(js, FC_ERR_IO, "not a valid shard manifest: not UTF-8");
	}
	/* a file or group is an object (only those are noted to be loaded) */
	if (ctx == SC_FILES || ctx == SC_GROUPS)
		return jstream_fail(js, FC_ERR_IO, "a damaged shard manifest: not an object");
	if ((ctx == SC_TOPS && index >= FC_REPORT_TOP) ||
	    (ctx == SC_FUNCS && index >= FC_REPORT_FUNCTIONS))
		return jstream_fail(js, FC_ERR_LIMIT,
				    "a damaged shard manifest: more than %d entries",
				    ctx == SC_TOPS ? FC_REPORT_TOP : FC_REPORT_FUNCTIONS);
	if (ctx == SC_PACKAGES && ++sh->packages > MAX_PACKAGES)
		return jstream_fail(js, FC_ERR_LIMIT,
				    "a damaged shard manifest: more than %d packages",
				    MAX_PACKAGES);
	if (v->type == J_STRING && v->len > MAX_TEXT)
		return jstream_fail(js, FC_ERR_LIMIT,
				    "a damaged shard manifest: a string longer than %d bytes",
				    MAX_TEXT);
	return true;
}

static bool shape_close(void *user, struct jstream *js, int ctx)
{
	struct manifest *m = ((struct shape *)user)->m;

	/* the entry's own frame is still open: depth 4 */
	if (ctx == SC_FILE && js->depth == 4)
		m->files[m->n_files - 1].end = shape_offset(js) + 1;
	else if (ctx == SC_GROUP && js->depth == 4)
		m->groups[m->n_groups - 1].end = shape_offset(js) + 1;
	return true;
}

static bool manifest_shape_ok(struct manifest *m, size_t len, struct fc_error *err)
{
	struct shape sh = { .m = m };
	struct jhandlers hd = {
		.key = shape_key,
		.key_names = sh.names,
		.open = shape_open,
		.value = shape_value,
		.close = shape_close,
	};
	struct jstream js;
	bool ok;

	memcpy(sh.names, shape_key_names, sizeof(sh.names));
	sh.names[SK_TIER] = sh.names[SK_PACKAGE] = sh.names[SK_UNKNOWN] = sh.key;
	if (!(m->head = json_object())) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	if (!jstream_init(&js, &hd, &sh, NULL, err))
		return false;
	ok = jstream_feed(&js, (const unsigned char *)m->buf, len) && jstream_end(&js);
	jstream_finish(&js);
	return ok;
}

static void manifest_free(struct manifest *m)
{
	free(m->path);
	free(m->buf);
	json_decref(m->head);
	free(m->files);
	free(m->groups);
	memset(m, 0, sizeof(*m));
}

/* Reads one manifest: a regular file in the folder (no symlink, no FIFO or
 * device), at most MANIFEST_MAX_BYTES, of the shape report writes. false
 * with err set. */
static bool read_manifest(int dfd, const char *name, struct manifest *m, struct fc_error *err)
{
	int fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	struct stat st;
	size_t got = 0;
	bool ok = false;

	if (fd < 0 || fstat(fd, &st) != 0) {
		fc_error_set(err, FC_ERR_IO, "cannot open the shard manifest: %s",
			     errno == ELOOP ? "it is a symbolic link" : strerror(errno));
		goto out;
	}
	if (!S_ISREG(st.st_mode)) {
		fc_error_set(err, FC_ERR_IO, "the shard manifest is not a regular file");
		goto out;
	}
	if (st.st_size > MANIFEST_MAX_BYTES) {
		fc_error_set(err, FC_ERR_LIMIT, "the shard manifest is larger than %lld MiB",
			     (long long)(MANIFEST_MAX_BYTES >> 20));
		goto out;
	}
	m->buf = malloc((size_t)st.st_size + 1);
	if (!m->buf) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		goto out;
	}
	while (got < (size_t)st.st_size) {
		ssize_t r = read(fd, m->buf + got, (size_t)st.st_size - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			fc_error_set(err, FC_ERR_IO, "read error: %s", strerror(errno));
			goto out;
		}
		if (r == 0)
			break;
		got += (size_t)r;
	}
	ok = manifest_shape_ok(m, got, err);
out:
	if (!ok) {
		fc_error_set_file(err, m->path);
		json_decref(m->head);
		m->head = NULL;
	}
	if (fd >= 0)
		close(fd);
	return ok;
}

/* One file or group of a manifest, parsed from its bytes; NULL with err set
 * (jansson refuses what the streaming check lets through: integers past
 * 64 bits, \u0000, strings that are not UTF-8). */
static json_t *manifest_entry(const struct manifest *m, const struct span *sp, struct fc_error *err)
{
	json_error_t je;
	json_t *e =
		json_loadb(m->buf + sp->start, sp->end - sp->start, JSON_REJECT_DUPLICATES, &je);

	if (!e) {
		fc_error_set(err, FC_ERR_IO, "not a valid shard manifest: %s",
			     fc_json_error_unquoted(je.text));
		err->line = sp->line + je.line - 1;
		err->column = je.line == 1 ? sp->column + je.column - 1 : je.column;
		fc_error_set_file(err, m->path);
	}
	return e;
}

/* Top-level members of one manifest against its file name. */
static bool check_doc(json_t *doc, int shard, int count, unsigned *modes, unsigned *formats,
		      struct check *c)
{
	/* report -f svg,png,pdf */
	const unsigned fmask = (1u << FC_OUT_SVG) | (1u << FC_OUT_PNG) | (1u << FC_OUT_PDF);
	json_int_t x = 0;

	if (!int_member(doc, "version", MANIFEST_VERSION, MANIFEST_VERSION, &x, c, "manifest") ||
	    !int_member(doc, "shard", shard, shard, &x, c, "manifest") ||
	    !int_member(doc, "shards", count, count, &x, c, "manifest") ||
	    !int_member(doc, "modes", 1, (1u << FC_MODE_CHART) | (1u << FC_MODE_GRAPH), &x, c,
			"manifest"))
		return false;
	if (*modes && *modes != (unsigned)x)
		return problem(c, "differs from another shard's", "manifest.modes");
	*modes = (unsigned)x;
	if (!int_member(doc, "formats", 1, fmask, &x, c, "manifest"))
		return false;
	if (((unsigned)x & ~fmask) || !((unsigned)x & fmask))
		return problem(c, "out of range", "manifest.formats");
	if (*formats && *formats != (unsigned)x)
		return problem(c, "differs from another shard's", "manifest.formats");
	*formats = (unsigned)x;
	if (!json_is_array(json_object_get(doc, "files")))
		return problem(c, "missing or not an array", "manifest.files");
	if (!json_is_array(json_object_get(doc, "groups")))
		return problem(c, "missing or not an array", "manifest.groups");
	return true;
}

/* Files listed twice (the same file from two shards, or a group member also
 * listed alone) are kept once; files sorted by rel. */
static void drop_duplicate_files(struct fc_report *r)
{
	size_t i, o = 0;

	for (i = 0; i < r->n_files; i++) {
		if (o > 0 && file_order(&r->files[o - 1], &r->files[i], NULL) == 0) {
			fc_report_file_free(&r->files[i]);
			continue;
		}
		if (o != i)
			r->files[o] = r->files[i];
		o++;
	}
	r->n_files = o;
}

/* Every slug names outputs: two files or groups with one slug would share
 * (and overwrite) them. */
static bool slugs_unique(const struct fc_report *r, struct check *c)
{
	size_t n = r->n_files + r->n_groups, i;
	const char **all = malloc((n ? n : 1) * sizeof(*all));
	bool ok = true;

	if (!all)
		return problem(c, "out of memory", "slugs");
	for (i = 0; i < r->n_files; i++)
		all[i] = r->files[i].slug;
	for (i = 0; i < r->n_groups; i++)
		all[r->n_files + i] = r->groups[i].slug;
	if (!fc_sort(all, n, sizeof(*all), slug_order, NULL)) {
		free(all);
		return problem(c, "out of memory", "slugs");
	}
	for (i = 1; i < n && ok; i++)
		if (strcmp(all[i - 1], all[i]) == 0)
			ok = problem(c, "used by two files or groups", "slug \"%s\"", all[i]);
	free(all);
	return ok;
}

bool fc_report_load_manifests(struct fc_report *r, struct fc_error *err)
{
	char *dir = fc_asprintf("%s/%s", r->outdir, FC_REPORT_DIR);
	size_t fcap = 0, gcap = 0, i, k, *seen = NULL;
	int count = 0, dfd = -1;
	struct manifest *ms = NULL;
	size_t n_ms = 0, mcap = 0;
	json_t *el = NULL; /* the entry being loaded */
	struct check c = { .what = NULL };
	struct dirent *de;
	bool ok = false;
	DIR *d;

	if (!dir)
		goto nomem;
	dfd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	d = dfd >= 0 ? fdopendir(dfd) : NULL;
	if (!d) {
		fc_error_set(err, FC_ERR_IO, "no shard manifests (%s): %s", FC_REPORT_DIR,
			     errno == ENOTDIR || errno == ELOOP ? "not a directory"
								: strerror(errno));
		fc_error_set_file(err, r->outdir);
		if (dfd >= 0)
			close(dfd);
		free(dir);
		return false;
	}
	while ((de = readdir(d)) != NULL) {
		struct manifest m = { .path = NULL };
		int s, n;

		if (!fc_report_shard_name(de->d_name, &s, &n))
			continue;
		if (count && n != count) {
			fc_error_set(err, FC_ERR_IO, "shards of different runs: %d and %d shards",
				     count, n);
			fc_error_set_file(err, dir);
			closedir(d);
			goto out;
		}
		count = n;
		m.shard = s;
		if (!(m.path = fc_asprintf("%s/%s", dir, de->d_name)) ||
		    !FC_GROW(ms, mcap, n_ms + 1)) {
			free(m.path);
			closedir(d);
			goto nomem;
		}
		if (read_manifest(dirfd(d), de->d_name, &m, err) &&
		    !check_doc(m.head, s, n, &r->modes, &r->formats, &c)) {
			fc_error_set(err, FC_ERR_IO, "a damaged shard manifest: %s: %s", c.path,
				     c.what);
			fc_error_set_file(err, m.path);
			json_decref(m.head);
			m.head = NULL;
		}
		if (!m.head) {
			manifest_free(&m);
			closedir(d);
			goto out;
		}
		ms[n_ms++] = m;
	}
	closedir(d);
	if (!count) {
		fc_error_set(err, FC_ERR_IO, "no shard manifests in %s", FC_REPORT_DIR);
		fc_error_set_file(err, r->outdir);
		goto out;
	}
	seen = calloc((size_t)count + 1, sizeof(*seen));
	if (!seen)
		goto nomem;
	for (i = 0; i < n_ms; i++)
		seen[ms[i].shard]++;
	for (i = 1; i <= (size_t)count; i++) {
		if (seen[i] != 1) {
			fc_error_set(err, FC_ERR_IO, "shard %zu of %d is %s", i, count,
				     seen[i] ? "there twice" : "missing");
			fc_error_set_file(err, dir);
			goto out;
		}
	}
	/* files first (lone and group members), then groups pointing at them */
	for (i = 0; i < n_ms; i++) {
		size_t gi;
		char at[64];
		for (k = 0; k < ms[i].n_files; k++) {
			if (!FC_GROW(r->files, fcap, r->n_files + 1))
				goto nomem;
			snprintf(at, sizeof(at), "files[%zu]", k);
			json_decref(el);
			if (!(el = manifest_entry(&ms[i], &ms[i].files[k], err)))
				goto out;
			if (!load_file(&r->files[r->n_files++], el, &c, at))
				goto bad;
		}
		for (gi = 0; gi < ms[i].n_groups; gi++) {
			json_t *g, *members;
			json_decref(el);
			if (!(el = manifest_entry(&ms[i], &ms[i].groups[gi], err)))
				goto out;
			g = el;
			members = json_object_get(g, "members");
			if (!json_is_object(g) || !json_is_array(members) ||
			    !json_array_size(members)) {
				problem(&c, "not an object with members", "groups[%zu]", gi);
				goto bad;
			}
			for (k = 0; k < json_array_size(members); k++) {
				if (!FC_GROW(r->files, fcap, r->n_files + 1))
					goto nomem;
				snprintf(at, sizeof(at), "groups[%zu].members[%zu]", gi, k);
				if (!load_file(&r->files[r->n_files++], json_array_get(members, k),
					       &c, at))
					goto bad;
			}
		}
	}
	if (!fc_sort(r->files, r->n_files, sizeof(*r->files), file_order, NULL))
		goto nomem;
	drop_duplicate_files(r);
	for (i = 0; i < n_ms; i++) {
		size_t gi;
		for (gi = 0; gi < ms[i].n_groups; gi++) {
			struct fc_report_group *rg;
			json_t *g, *members, *v;
			json_decref(el);
			if (!(el = manifest_entry(&ms[i], &ms[i].groups[gi], err)))
				goto out;
			g = el;
			members = json_object_get(g, "members");
			char at[32];
			snprintf(at, sizeof(at), "groups[%zu]", gi);
			if (!FC_GROW(r->groups, gcap, r->n_groups + 1))
				goto nomem;
			rg = &r->groups[r->n_groups++];
			memset(rg, 0, sizeof(*rg));
			rg->done = true;
			rg->members = calloc(json_array_size(members) + 1, sizeof(size_t));
			if (!rg->members)
				goto nomem;
			if (!(rg->slug = text_member(g, "slug", &c, at)) ||
			    !(rg->title = text_member(g, "title", &c, at)))
				goto bad;
			if (!fc_report_slug_ok(rg->slug)) {
				problem(&c, "not a file name made by flamechart", "%s.slug", at);
				goto bad;
			}
			v = json_object_get(g, "ok");
			if (!json_is_boolean(v)) {
				problem(&c, "missing or not true or false", "%s.ok", at);
				goto bad;
			}
			rg->ok = json_is_true(v);
			if (json_object_get(g, "error") &&
			    !(rg->error = text_member(g, "error", &c, at)))
				goto bad;
			for (k = 0; k < json_array_size(members); k++) {
				const char *rel = json_string_value(
					json_object_get(json_array_get(members, k), "rel"));
				size_t f = rel ? find_rel(r, rel) : r->n_files;
				if (f == r->n_files) {
					problem(&c, "not a file of this manifest",
						"%s.members[%zu].rel", at, k);
					goto bad;
				}
				if (r->files[f].group >= 0) {
					problem(&c, "a file in two groups", "%s.members[%zu]", at,
						k);
					goto bad;
				}
				r->files[f].group = 0; /* taken; set below */
				rg->members[rg->n_members++] = f;
			}
		}
	}
	if (!slugs_unique(r, &c))
		goto bad;
	if (!fc_sort(r->groups, r->n_groups, sizeof(*r->groups), group_order, r))
		goto nomem;
	for (i = 0; i < r->n_groups; i++)
		for (k = 0; k < r->groups[i].n_members; k++)
			r->files[r->groups[i].members[k]].group = (int)i;
	ok = true;
	goto out;
bad:
	if (c.what)
		fc_error_set(err, FC_ERR_IO, "a damaged shard manifest: %s: %s", c.path, c.what);
	else
		fc_error_set(err, FC_ERR_IO, "a shard manifest is incomplete or damaged");
	fc_error_set_file(err, dir);
	goto out;
nomem:
	fc_error_set(err, FC_ERR_NOMEM, "out of memory");
out:
	json_decref(el);
	for (i = 0; i < n_ms; i++)
		manifest_free(&ms[i]);
	free(ms);
	free(seen);
	free(dir);
	return ok;
}
