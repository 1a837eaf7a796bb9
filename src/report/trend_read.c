/* Reading the trend's runs (docs/trend.md): a profile, a directory of
 * profiles or a report summary JSON, each run's manifest, and per
 * measurement the CPU time and every function's self time. Functions are
 * keyed as diff keys them (name and script path relative to the app's
 * directory, diff/diff.h); waits (fc_classify_is_wait) are left out. */
#include <dirent.h>
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "model/classify.h"
#include "diff/diff.h"
#include "flamechart/import.h"
#include "import/jstream.h"
#include "model/profile.h"
#include "model/stats.h"
#include "report/trend.h"
#include "util/buf.h"
#include "util/util.h"

#define MANIFEST_NAME "run.json"
#define MANIFEST_MAX (64 * 1024)        /* bytes of a manifest */
#define SUMMARY_MAX (256 * 1024 * 1024) /* bytes of a summary JSON */

/* --- functions -------------------------------------------------------------- */

struct key {
	const struct fc_trend *t;
	uint32_t name, file;
};

static bool key_eq(const void *ctx, uint32_t v)
{
	const struct key *k = ctx;
	const struct fc_trend_series *s = &k->t->functions[v];
	/* interned: one id per distinct string */
	return s->name_id == k->name && s->file_id == k->file;
}

/* Adds value to function (name, file)'s self time in measurement m. */
static bool add_self(struct fc_trend *t, uint32_t m, const char *name, const char *file,
		     double value)
{
	struct key k = { t, 0, 0 };
	uint32_t h, v;
	size_t slot, last;

	k.name = fc_strpool_intern(&t->strings, name, strlen(name));
	k.file = fc_strpool_intern(&t->strings, file, strlen(file));
	if (k.name == FC_NONE || k.file == FC_NONE ||
	    !fc_map_reserve(&t->index, t->index.count + 1))
		return false;
	h = (uint32_t)fc_hash_u64(((uint64_t)k.name << 32) | k.file);
	v = fc_map_find(&t->index, h, key_eq, &k, &slot);
	if (v == FC_NONE) {
		struct fc_trend_series *s;
		if (!FC_GROW(t->functions, t->cap_functions, t->n_functions + 1))
			return false;
		v = (uint32_t)t->n_functions++;
		s = &t->functions[v];
		memset(s, 0, sizeof(*s));
		s->name_id = k.name;
		s->file_id = k.file;
		fc_map_put(&t->index, slot, h, v);
	}
	/* the function again in this measurement (a summary's other
	 * profiles, a trace's threads): one entry, summed as compute would */
	last = t->functions[v].last_entry;
	if (last && t->entries[last - 1].measure == m) {
		t->entries[last - 1].value += value;
		return true;
	}
	if (!FC_GROW(t->entries, t->cap_entries, t->n_entries + 1))
		return false;
	t->entries[t->n_entries].series = v;
	t->entries[t->n_entries].measure = m;
	t->entries[t->n_entries++].value = value;
	t->functions[v].last_entry = t->n_entries;
	return true;
}

/* The app scripts' common directory in a list of URLs ("" when none): what
 * diff strips from script paths so that two checkouts match. */
static char *app_prefix(const char *const *urls, size_t n)
{
	const char *first = NULL;
	size_t i, len = 0;

	for (i = 0; i < n; i++) {
		const char *u = urls[i];
		if (!fc_diff_is_app_script(u))
			continue;
		if (strncmp(u, "file://", 7) == 0)
			u += 7;
		if (!first) {
			first = u;
			len = fc_diff_common_dir(u, strlen(u), u);
		} else {
			len = fc_diff_common_dir(first, len, u);
		}
	}
	return first ? fc_strndup(first, len) : fc_strdup("");
}

/* A function's name as diff names it: an anonymous one by its line. */
static void function_name(const char *name, const char *file, int32_t line, char *out, size_t size)
{
	if ((!name[0] || strcmp(name, "(anonymous)") == 0) && file[0] && line >= 0)
		snprintf(out, size, "(anonymous %ld)", (long)line + 1);
	else
		snprintf(out, size, "%s", name[0] ? name : "(anonymous)");
}

static bool new_measurement(struct fc_trend *t, uint32_t *m)
{
	if (!FC_GROW(t->read_total, t->cap_total, t->n_measurements + 1))
		return false;
	*m = (uint32_t)t->n_measurements;
	t->read_total[t->n_measurements++] = 0;
	return true;
}

double fc_trend_grain(double v)
{
	return round(v * 1000) / 1000;
}

bool fc_trend_profile_functions(const struct fc_profile *p,
				bool (*fn)(void *ctx, const char *name, const char *file,
					   double self, double total),
				void *ctx)
{
	struct fc_stats st;
	const char **urls;
	char *prefix;
	size_t k;
	bool ok = true;

	if (!fc_stats_compute_top(p, SIZE_MAX, &st))
		return false;
	urls = malloc((st.n_functions_with_self + 1) * sizeof(*urls));
	if (!urls) {
		fc_stats_finish(&st);
		return false;
	}
	for (k = 0; k < st.n_functions_with_self; k++)
		urls[k] = fc_profile_str(p, p->frames[st.functions[k].frame].url);
	prefix = app_prefix(urls, st.n_functions_with_self);
	free(urls);
	for (k = 0; ok && prefix && k < st.n_functions_with_self; k++) {
		const struct fc_stats_entry *e = &st.functions[k];
		const struct fc_frame *f = &p->frames[e->frame];
		const char *name = fc_profile_str(p, f->name);
		char file[1024], fname[256];
		if (fc_classify_is_wait(name) || e->self_us <= 0)
			continue;
		fc_diff_key_path(fc_profile_str(p, f->url), prefix[0] ? prefix : NULL, NULL, 0,
				 file, sizeof(file));
		function_name(name, file, f->line, fname, sizeof(fname));
		ok = fn(ctx, fname, file, fc_trend_grain(e->self_us), fc_trend_grain(e->total_us));
	}
	fc_stats_finish(&st);
	free(prefix);
	return ok && prefix;
}

struct add_ctx {
	struct fc_trend *t;
	uint32_t m;
	double sum; /* of the set's functions */
};

static bool add_function(void *ctx, const char *name, const char *file, double self, double total)
{
	struct add_ctx *a = ctx;

	(void)total;
	a->sum += self;
	return add_self(a->t, a->m, name, file, self);
}

/* Adds the profiles of set to measurement m. */
static bool add_profiles(struct fc_trend *t, uint32_t m, const struct fc_profile_set *set,
			 const char *path, struct fc_error *err)
{
	struct add_ctx a = { t, m, 0 };
	size_t i;

	for (i = 0; i < set->count; i++) {
		const struct fc_profile *p = set->items[i];
		bool bytes = fc_unit_is_bytes(p->weight_unit);

		if (t->unit_known && bytes != t->bytes) {
			fc_error_set(err, FC_ERR_INVALID,
				     "a heap profile and a CPU profile in one trend: its amounts "
				     "are %s, the runs before are %s",
				     bytes ? "bytes" : "time", t->bytes ? "bytes" : "time");
			fc_error_set_file(err, p->source ? p->source : path);
			return false;
		}
		t->bytes = bytes;
		t->unit_known = true;
		if (!fc_trend_profile_functions(p, add_function, &a)) {
			fc_error_set(err, FC_ERR_NOMEM, "out of memory");
			return false;
		}
	}
	/* as the report's summary sums the file (its cpu) */
	t->read_total[m] += fc_trend_grain(a.sum);
	return true;
}

/* --- profiles and directories ----------------------------------------------- */

static bool import_into(struct fc_trend *t, uint32_t m, const char *path, struct fc_error *err)
{
	struct fc_profile_set set;
	struct fc_import_options io = FC_IMPORT_OPTIONS_INIT;
	bool ok;

	if (t->o.import)
		io = *t->o.import;
	fc_profile_set_init(&set);
	ok = fc_import_file(path, &io, &set, err);
	ok = ok && add_profiles(t, m, &set, path, err);
	fc_profile_set_finish(&set);
	return ok;
}

static int name_cmp(const void *a, const void *b, void *ctx)
{
	(void)ctx;
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The entries of dir (no dot files, no manifest), sorted; NULL with err. */
char **fc_trend_list_dir(const char *dir, size_t *n, struct fc_error *err)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **v = NULL;
	size_t cap = 0;

	*n = 0;
	if (!d) {
		fc_error_set(err, FC_ERR_IO, "cannot open the directory: %s", strerror(errno));
		fc_error_set_file(err, dir);
		return NULL;
	}
	while ((e = readdir(d))) {
		char *p;
		if (e->d_name[0] == '.' || strcmp(e->d_name, MANIFEST_NAME) == 0 ||
		    strstr(e->d_name, "." MANIFEST_NAME))
			continue;
		p = fc_asprintf("%s/%s", dir, e->d_name);
		if (!p || !FC_GROW(v, cap, *n + 1)) {
			free(p);
			goto nomem;
		}
		v[(*n)++] = p;
	}
	closedir(d);
	d = NULL;
	if (!FC_GROW(v, cap, *n + 1) || !fc_sort(v, *n, sizeof(*v), name_cmp, NULL))
		goto nomem;
	return v;
nomem:
	if (d)
		closedir(d);
	while (*n)
		free(v[--*n]);
	free(v);
	fc_error_set(err, FC_ERR_NOMEM, "out of memory");
	return NULL;
}

void fc_trend_free_list(char **v, size_t n)
{
	while (n)
		free(v[--n]);
	free(v);
}

/* Whether a directory's file is read: a profile by content, or named as
 * one (then a broken one fails). */
static bool is_profile(const struct fc_trend *t, const char *path,
		       void (*note)(void *, const char *), void *ctx, struct fc_error *err)
{
	enum fc_format f;
	struct fc_error e;

	fc_error_init(&e);
	if (fc_named_as_profile(path) ||
	    fc_import_detect_file(path, t->o.import ? t->o.import->max_bytes : 0, &f, &e))
		return true;
	if (e.code != FC_ERR_FORMAT) {
		*err = e;
		return false;
	}
	if (note) {
		char *text = fc_asprintf("skipped %s: not a profile", path);
		if (text)
			note(ctx, text);
		free(text);
	}
	return false;
}

/* A directory: each profile file one measurement, each sub-directory one
 * measurement of several threads (its profiles summed). */
static bool read_dir(struct fc_trend *t, struct fc_trend_run *r, void (*note)(void *, const char *),
		     void *ctx, struct fc_error *err)
{
	size_t n, i, j;
	char **v = fc_trend_list_dir(r->path, &n, err);
	bool ok = v != NULL;

	for (i = 0; ok && i < n; i++) {
		struct stat st;
		uint32_t m;
		if (lstat(v[i], &st) != 0 || S_ISLNK(st.st_mode)) {
			if (note) {
				char *text = fc_asprintf("skipped %s: a symbolic link", v[i]);
				if (text)
					note(ctx, text);
				free(text);
			}
			continue;
		}
		if (S_ISDIR(st.st_mode)) {
			size_t nk;
			char **w = fc_trend_list_dir(v[i], &nk, err);
			bool any = false;
			ok = w != NULL;
			for (j = 0; ok && j < nk; j++) {
				struct fc_error e;
				fc_error_init(&e);
				if (!is_profile(t, w[j], note, ctx, &e)) {
					if (e.code != FC_OK) {
						*err = e;
						ok = false;
					}
					continue;
				}
				if (!any && !(ok = new_measurement(t, &m)))
					fc_error_set(err, FC_ERR_NOMEM, "out of memory");
				any = true;
				ok = ok && import_into(t, m, w[j], err);
			}
			if (w)
				fc_trend_free_list(w, nk);
			r->n += any;
			continue;
		}
		{
			struct fc_error e;
			fc_error_init(&e);
			if (!is_profile(t, v[i], note, ctx, &e)) {
				if (e.code != FC_OK) {
					*err = e;
					ok = false;
				}
				continue;
			}
		}
		if (!new_measurement(t, &m)) {
			fc_error_set(err, FC_ERR_NOMEM, "out of memory");
			ok = false;
			break;
		}
		ok = import_into(t, m, v[i], err);
		r->n++;
	}
	if (v)
		fc_trend_free_list(v, n);
	if (ok && r->n == 0) {
		fc_error_set(err, FC_ERR_INVALID, "the directory holds no profile");
		fc_error_set_file(err, r->path);
		ok = false;
	}
	return ok;
}

/* --- report summaries ------------------------------------------------------- */

/* A summary is streamed (import/jstream.h), not parsed into a tree: only
 * what trend uses is kept, each profile's values and function entries as
 * read, and judged once the whole file is read (its version may come
 * last). Strings are copied into one buffer, referred to by offset. */
#define NO_STRING SIZE_MAX

struct sum_entry {
	size_t name, file; /* file: a function's file, a top entry's url */
	double self;       /* self (µs) or self_ms */
	bool self_number;
	bool line_int; /* a top entry's line is an integer */
	int64_t line;
};

struct sum_profile {
	size_t index; /* in profiles[] */
	size_t status, unit;
	double cpu, sampled, idle;
	bool cpu_number, sampled_number, idle_number;
	bool functions_array, top_array;
	size_t first_function, n_functions, first_top, n_top;
};

enum {
	SK_VERSION,
	SK_TOTALS,
	SK_PROFILES,
	SK_STATUS,
	SK_UNIT,
	SK_CPU,
	SK_FUNCTIONS,
	SK_SAMPLED,
	SK_TIERS,
	SK_TOP,
	SK_IDLE,
	SK_NAME,
	SK_FILE,
	SK_SELF,
	SK_URL,
	SK_LINE,
	SK_SELF_MS,
	SK_COUNT
};

static const char *const sum_key_names[SK_COUNT] = {
	"version",   "totals",     "profiles", "status", "unit",    "cpu",
	"functions", "sampled_ms", "tiers_ms", "top",    "idle",    "name",
	"file",      "self",       "url",      "line",   "self_ms",
};

/* contexts: the document, profiles[], one profile, its tiers_ms, its
 * functions[] and one function, its top[] and one top entry */
enum { SC_DOC = 1, SC_PROFILES, SC_PROFILE, SC_TIERS, SC_FUNCTIONS, SC_FUNCTION, SC_TOP, SC_TOPE };

struct sum_read {
	struct fc_buf text;
	struct sum_profile *profiles;
	struct sum_entry *functions, *top;
	size_t n_profiles, cap_profiles, n_functions, cap_functions, n_top, cap_top;
	bool has_totals, has_profiles;
	int64_t version;
	bool bad; /* what jansson refused: \u0000, numbers out of range */
};

static int sum_key(void *user, int ctx, const char *s, size_t len)
{
	int lo = 0, hi = 0;

	(void)user;
	switch (ctx) {
	case SC_DOC:
		lo = SK_VERSION, hi = SK_PROFILES + 1;
		break;
	case SC_PROFILE:
		lo = SK_STATUS, hi = SK_TOP + 1;
		break;
	case SC_TIERS:
		lo = SK_IDLE, hi = SK_IDLE + 1;
		break;
	case SC_FUNCTION:
		lo = SK_NAME, hi = SK_SELF + 1;
		break;
	case SC_TOPE:
		lo = SK_NAME, hi = SK_SELF_MS + 1;
		break;
	default:
		break;
	}
	for (int k = lo; k < hi; k++) {
		if (ctx == SC_TOPE && (k == SK_FILE || k == SK_SELF))
			continue;
		if (strlen(sum_key_names[k]) == len && memcmp(sum_key_names[k], s, len) == 0)
			return k;
	}
	return J_NOKEY;
}

/* A new entry of functions[] or top[], all its members missing. */
static struct sum_entry *sum_entry_new(struct sum_read *sr, bool top)
{
	struct sum_entry **list = top ? &sr->top : &sr->functions;
	size_t *n = top ? &sr->n_top : &sr->n_functions;
	size_t *cap = top ? &sr->cap_top : &sr->cap_functions;
	struct sum_profile *p = &sr->profiles[sr->n_profiles - 1];

	if (!FC_GROW(*list, *cap, *n + 1))
		return NULL;
	if (top)
		p->n_top++;
	else
		p->n_functions++;
	(*list)[*n] = (struct sum_entry){ .name = NO_STRING, .file = NO_STRING };
	return &(*list)[(*n)++];
}

static int sum_open(void *user, struct jstream *js, int ctx, int key, int64_t index, bool is_map)
{
	struct sum_read *sr = user;
	struct sum_profile *p = sr->n_profiles ? &sr->profiles[sr->n_profiles - 1] : NULL;

	if (ctx == J_TOP)
		return is_map ? SC_DOC : J_SKIP;
	if (ctx == SC_DOC && key == SK_TOTALS) {
		sr->has_totals = is_map;
		return J_SKIP;
	}
	if (ctx == SC_DOC && key == SK_PROFILES) {
		sr->has_profiles = !is_map;
		return is_map ? J_SKIP : SC_PROFILES;
	}
	if (ctx == SC_PROFILES) {
		/* an element that is no object has no status: left out */
		if (!is_map)
			return J_SKIP;
		if (!FC_GROW(sr->profiles, sr->cap_profiles, sr->n_profiles + 1))
			return jstream_nomem(js), J_SKIP;
		sr->profiles[sr->n_profiles++] = (struct sum_profile){
			.index = (size_t)index,
			.status = NO_STRING,
			.unit = NO_STRING,
			.first_function = sr->n_functions,
			.first_top = sr->n_top,
		};
		return SC_PROFILE;
	}
	if (ctx == SC_PROFILE && key == SK_FUNCTIONS) {
		p->functions_array = !is_map;
		return is_map ? J_SKIP : SC_FUNCTIONS;
	}
	if (ctx == SC_PROFILE && key == SK_TOP) {
		p->top_array = !is_map;
		return is_map ? J_SKIP : SC_TOP;
	}
	if (ctx == SC_PROFILE && key == SK_TIERS)
		return is_map ? SC_TIERS : J_SKIP;
	if (ctx == SC_FUNCTIONS || ctx == SC_TOP) {
		/* an element that is no object has no name: an error later */
		if (!sum_entry_new(sr, ctx == SC_TOP))
			return jstream_nomem(js), J_SKIP;
		return is_map ? (ctx == SC_TOP ? SC_TOPE : SC_FUNCTION) : J_SKIP;
	}
	return J_SKIP;
}

/* A string kept: its offset in sr->text, NO_STRING when it holds a NUL
 * (jansson refused those: the file is no summary then). */
static size_t sum_string(struct sum_read *sr, const struct jvalue *v)
{
	size_t at = sr->text.len;

	if (memchr(v->s, 0, v->len)) {
		sr->bad = true;
		return NO_STRING;
	}
	fc_buf_add(&sr->text, v->s, v->len);
	fc_buf_add(&sr->text, "", 1);
	return at;
}

static bool sum_value(void *user, struct jstream *js, int ctx, int key, int64_t index,
		      const struct jvalue *v)
{
	struct sum_read *sr = user;
	struct sum_profile *p = sr->n_profiles ? &sr->profiles[sr->n_profiles - 1] : NULL;
	bool number = v->type == J_INT || v->type == J_DOUBLE;
	bool string = v->type == J_STRING;
	struct sum_entry *e;

	(void)index;
	/* jansson refused integers past 64 bits and reals past a double */
	if (number && (v->int_overflow || !isfinite(v->d)))
		sr->bad = true;
	switch (ctx) {
	case SC_DOC:
		if (key == SK_VERSION)
			sr->version = v->type == J_INT ? v->i : 0;
		sr->has_totals &= key != SK_TOTALS;
		sr->has_profiles &= key != SK_PROFILES;
		break;
	case SC_PROFILE:
		if (key == SK_STATUS && string)
			p->status = sum_string(sr, v);
		else if (key == SK_UNIT && string)
			p->unit = sum_string(sr, v);
		else if (key == SK_CPU)
			p->cpu = v->d, p->cpu_number = number;
		else if (key == SK_SAMPLED)
			p->sampled = v->d, p->sampled_number = number;
		break;
	case SC_TIERS:
		if (key == SK_IDLE)
			p->idle = v->d, p->idle_number = number;
		break;
	case SC_FUNCTIONS:
	case SC_TOP:
		if (!sum_entry_new(sr, ctx == SC_TOP))
			return jstream_nomem(js);
		break;
	case SC_FUNCTION:
	case SC_TOPE:
		e = ctx == SC_TOPE ? &sr->top[sr->n_top - 1] : &sr->functions[sr->n_functions - 1];
		if (key == SK_NAME && string)
			e->name = sum_string(sr, v);
		else if ((key == SK_FILE || key == SK_URL) && string)
			e->file = sum_string(sr, v);
		else if (key == SK_SELF || key == SK_SELF_MS)
			e->self = v->d, e->self_number = number;
		else if (key == SK_LINE && v->type == J_INT)
			e->line = v->i, e->line_int = true;
		break;
	default:
		break;
	}
	if (sr->text.failed)
		return jstream_nomem(js);
	return true;
}

static bool sum_close(void *user, struct jstream *js, int ctx)
{
	(void)user;
	(void)js;
	(void)ctx;
	return true;
}

static bool json_fail(struct fc_error *err, const char *path, const char *where, const char *what)
{
	fc_error_set(err, FC_ERR_TYPE, "%s", what);
	fc_error_set_file(err, path);
	fc_error_set_path(err, where);
	return false;
}

/* A string kept, NULL when the member was missing or no string. */
static const char *sum_text(const struct sum_read *sr, size_t at)
{
	return at == NO_STRING ? NULL : sr->text.data + at;
}

/* A summary's amount in ms as µs: a number, at least 0, finite once
 * scaled. */
static bool amount_of(bool number, double ms, double *us)
{
	*us = ms * 1000;
	return number && ms >= 0 && isfinite(*us);
}

/* A summary's weight in the profile's unit (µs): a number from 0 to 1e15
 * (31 years), as a shard manifest's, so that sums stay finite. */
static bool weight_of(bool number, double v)
{
	return number && v >= 0 && v <= 1e15;
}

/* One profile of a version 2 summary: its cpu and the functions as trend
 * keys them (docs/report.md, "The summary"); those past the summary's cut
 * count 0. */
static bool summary_functions(struct fc_trend *t, uint32_t m, const struct sum_read *sr,
			      const struct sum_profile *p, const char *where, const char *path,
			      struct fc_error *err)
{
	if (!p->functions_array || !weight_of(p->cpu_number, p->cpu))
		return json_fail(err, path, where,
				 "a profile needs cpu (µs, 0 to 1e15) and functions");
	for (size_t k = 0; k < p->n_functions; k++) {
		const struct sum_entry *e = &sr->functions[p->first_function + k];
		const char *name = sum_text(sr, e->name), *file = sum_text(sr, e->file);
		if (!name || !file || !weight_of(e->self_number, e->self)) {
			char at[128];
			snprintf(at, sizeof(at), "%s.functions[%zu]", where, k);
			return json_fail(err, path, at,
					 "a function needs a name, a file and self (µs, 0 "
					 "to 1e15)");
		}
		if (!add_self(t, m, name, file, e->self)) {
			fc_error_set(err, FC_ERR_NOMEM, "out of memory");
			return false;
		}
	}
	t->read_total[m] += p->cpu;
	return true;
}

/* One profile of a summary ("profiles[i]"): a version 2 one's functions,
 * a version 1 one's CPU time and its top five functions. */
static bool summary_profile(struct fc_trend *t, uint32_t m, const struct sum_read *sr,
			    const struct sum_profile *p, const char *path, bool v2,
			    struct fc_error *err)
{
	const char **urls;
	char where[96], *prefix;
	double total, idle;
	size_t k, n = p->n_top;
	bool ok = true;

	snprintf(where, sizeof(where), "profiles[%zu]", p->index);
	if (v2)
		return summary_functions(t, m, sr, p, where, path, err);
	if (!p->top_array || !amount_of(p->sampled_number, p->sampled, &total))
		return json_fail(err, path, where,
				 "a profile needs sampled_ms (ms, at least 0) and top");
	if (amount_of(p->idle_number, p->idle, &idle))
		total -= idle;
	urls = calloc(n + 1, sizeof(*urls));
	if (!urls)
		goto nomem;
	for (k = 0; k < n; k++) {
		const char *u = sum_text(sr, sr->top[p->first_top + k].file);
		urls[k] = u ? u : "";
	}
	prefix = app_prefix(urls, n);
	free(urls);
	if (!prefix)
		goto nomem;
	for (k = 0; k < n; k++) {
		const struct sum_entry *e = &sr->top[p->first_top + k];
		const char *name = sum_text(sr, e->name), *url = sum_text(sr, e->file);
		int64_t l = e->line_int ? e->line : 0;
		char file[1024], fname[256];
		double self;
		if (!name || !amount_of(e->self_number, e->self, &self)) {
			free(prefix);
			snprintf(where + strlen(where), sizeof(where) - strlen(where), ".top[%zu]",
				 k);
			return json_fail(err, path, where,
					 "a function needs a name and self_ms (ms, at least 0)");
		}
		if (fc_classify_is_wait(name)) {
			/* (idle) is the idle tier, already out; the others are
			 * counted in their tiers */
			if (strcmp(name, "(idle)") != 0)
				total -= self;
			continue;
		}
		fc_diff_key_path(url ? url : "", prefix[0] ? prefix : NULL, NULL, 0, file,
				 sizeof(file));
		/* 1-based in the summary; out of range: unknown */
		function_name(name, file, l >= 1 && l <= FC_POS_MAX ? (int32_t)(l - 1) : -1, fname,
			      sizeof(fname));
		if (!(ok = add_self(t, m, fname, file, self)))
			break;
	}
	free(prefix);
	if (!ok)
		goto nomem;
	t->read_total[m] += total > 0 ? total : 0;
	return true;
nomem:
	fc_error_set(err, FC_ERR_NOMEM, "out of memory");
	return false;
}

/* A file read into memory; NULL when it cannot be read or is larger than
 * SUMMARY_MAX. */
static char *load_file(const char *path, size_t *out_len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t len = 0, cap = 0;

	if (!f)
		return NULL;
	while (len <= SUMMARY_MAX) {
		size_t n;
		if (len == cap) {
			char *b = realloc(buf, cap ? cap * 2 : 1 << 16);
			if (!b)
				break;
			buf = b;
			cap = cap ? cap * 2 : 1 << 16;
		}
		n = fread(buf + len, 1, cap - len, f);
		len += n;
		if (n == 0)
			break;
	}
	if (ferror(f) || len > SUMMARY_MAX) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	*out_len = len;
	return buf;
}

/* Streams the summary at path into sr; false when it is no JSON, or no
 * summary: an object with profiles (an array) and totals (an object). */
static bool sum_parse(struct sum_read *sr, const char *path, struct fc_error *err)
{
	struct jhandlers hd = {
		.key = sum_key,
		.key_names = sum_key_names,
		.open = sum_open,
		.value = sum_value,
		.close = sum_close,
	};
	struct jstream js = { 0 };
	struct fc_error e;
	size_t len;
	char *buf = load_file(path, &len);
	bool ok;

	if (!buf)
		return false;
	fc_error_init(&e);
	ok = jstream_init(&js, &hd, sr, path, &e) &&
	     jstream_feed(&js, (const unsigned char *)buf, len) && jstream_end(&js);
	jstream_finish(&js);
	free(buf);
	if (e.code == FC_ERR_NOMEM) {
		*err = e;
		return false;
	}
	return ok && !sr->bad && sr->has_profiles && sr->has_totals;
}

static void sum_free(struct sum_read *sr)
{
	fc_buf_free(&sr->text);
	free(sr->profiles);
	free(sr->functions);
	free(sr->top);
}

/* A report summary (report --summary): one measurement, its CPU
 * profiles summed (heap profiles are left out). A version 1 summary holds
 * each profile's top five functions only, which note says. false with
 * err; FC_ERR_FORMAT when the file is no summary. */
static bool read_summary(struct fc_trend *t, struct fc_trend_run *r, const char *path,
			 void (*note)(void *, const char *), void *ctx, struct fc_error *err)
{
	struct sum_read sr = { 0 };
	uint32_t m;
	bool ok = true, v2;
	struct stat st;

	if (stat(path, &st) == 0 && st.st_size > SUMMARY_MAX) {
		fc_error_set(err, FC_ERR_LIMIT, "a summary of more than %d MiB",
			     SUMMARY_MAX / 1024 / 1024);
		fc_error_set_file(err, path);
		return false;
	}
	if (!sum_parse(&sr, path, err)) {
		sum_free(&sr);
		if (err->code != FC_ERR_NOMEM) {
			fc_error_set(err, FC_ERR_FORMAT,
				     "neither a profile nor a report summary (report --summary)");
			fc_error_set_file(err, path);
		}
		return false;
	}
	if (t->unit_known && t->bytes) {
		sum_free(&sr);
		fc_error_set(err, FC_ERR_INVALID, "a report summary among heap profiles");
		fc_error_set_file(err, path);
		return false;
	}
	t->unit_known = true;
	v2 = sr.version >= 2;
	if (!v2 && note) {
		char *text = fc_asprintf("%s: a version 1 summary holds each profile's top %d "
					 "functions only; a function outside them counts 0 there",
					 path, 5);
		if (text)
			note(ctx, text);
		free(text);
	}
	if (!new_measurement(t, &m)) {
		sum_free(&sr);
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	for (size_t i = 0; i < sr.n_profiles; i++) {
		const struct sum_profile *p = &sr.profiles[i];
		const char *status = sum_text(&sr, p->status), *unit = sum_text(&sr, p->unit);
		/* bytes and counts are no CPU time */
		if (!status || strcmp(status, "ok") != 0 || unit)
			continue;
		if (!(ok = summary_profile(t, m, &sr, p, path, v2, err)))
			break;
	}
	sum_free(&sr);
	r->n = 1;
	return ok;
}

/* --- manifests -------------------------------------------------------------- */

bool fc_trend_manifest_parse(struct fc_trend_run *r, const char *name, const char *data, size_t len,
			     struct fc_error *err)
{
	json_error_t je;
	json_t *root = json_loadb(data, len, JSON_REJECT_DUPLICATES, &je), *v;
	const char *key;

	if (!root) {
		fc_error_set(err, FC_ERR_SYNTAX, "%s", fc_json_error_unquoted(je.text));
		fc_error_set_file(err, name);
		err->line = je.line;
		err->column = je.column;
		return false;
	}
	if (!json_is_object(root)) {
		json_decref(root);
		fc_error_set(err, FC_ERR_TYPE, "a manifest is one JSON object");
		fc_error_set_file(err, name);
		return false;
	}
	json_object_foreach(root, key, v)
	{
		struct fc_trend_field *f;
		char num[64];
		if (!json_is_string(v) && !json_is_number(v)) {
			/* key lives in root: the message first */
			fc_error_set(err, FC_ERR_TYPE,
				     "%s: a manifest field is a string or a number", key);
			fc_error_set_file(err, name);
			json_decref(root);
			return false;
		}
		f = realloc(r->fields, (r->n_fields + 1) * sizeof(*f));
		if (!f)
			goto nomem;
		r->fields = f;
		f = &r->fields[r->n_fields];
		if (json_is_integer(v))
			snprintf(num, sizeof(num), "%lld", (long long)json_integer_value(v));
		else if (json_is_real(v))
			snprintf(num, sizeof(num), "%.17g", json_real_value(v));
		f->key = fc_strdup_clean(key);
		f->value = fc_strdup_clean(json_is_string(v) ? json_string_value(v) : num);
		f->number = json_is_number(v);
		if (!f->key || !f->value) {
			free(f->key);
			free(f->value);
			goto nomem;
		}
		/* keys that differ only in what cleaning replaces (a control
		 * character, a byte that is not UTF-8, and U+FFFD itself) are one
		 * key once clean: twice, as jansson refuses a key given twice */
		for (size_t i = 0; i < r->n_fields; i++)
			if (strcmp(r->fields[i].key, f->key) == 0) {
				fc_error_set(
					err, FC_ERR_SYNTAX,
					"%s: a manifest field given twice (its name is the same "
					"once control characters and bytes that are not UTF-8 "
					"are replaced)",
					f->key);
				fc_error_set_file(err, name);
				free(f->key);
				free(f->value);
				json_decref(root);
				return false;
			}
		r->n_fields++;
		if (strcmp(f->key, "commit") == 0 && !f->number)
			r->commit = f->value;
		else if (strcmp(f->key, "date") == 0 && !f->number)
			r->date = f->value;
	}
	json_decref(root);
	return true;
nomem:
	json_decref(root);
	fc_error_set(err, FC_ERR_NOMEM, "out of memory");
	return false;
}

/* The manifest name when there is one; true when there is none. */
static bool read_manifest_file(struct fc_trend_run *r, const char *name, struct fc_error *err)
{
	char *data = NULL;
	size_t len;
	FILE *f = fopen(name, "rb");
	bool ok = false;

	if (!f)
		return true; /* none */
	data = malloc(MANIFEST_MAX + 1);
	if (!data) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		goto done;
	}
	len = fread(data, 1, MANIFEST_MAX + 1, f);
	if (ferror(f)) {
		fc_error_set(err, FC_ERR_IO, "cannot read the manifest");
		fc_error_set_file(err, name);
	} else if (len > MANIFEST_MAX) {
		fc_error_set(err, FC_ERR_LIMIT, "a manifest of more than %d kB",
			     MANIFEST_MAX / 1024);
		fc_error_set_file(err, name);
	} else {
		ok = fc_trend_manifest_parse(r, name, data, len, err);
	}
done:
	fclose(f);
	free(data);
	return ok;
}

/* The run's manifest when there is one (PATH/run.json, PATH.run.json). */
static bool read_manifest(struct fc_trend_run *r, bool dir, struct fc_error *err)
{
	char *name = dir ? fc_asprintf("%s/%s", r->path, MANIFEST_NAME)
			 : fc_asprintf("%s.%s", r->path, MANIFEST_NAME);
	bool ok;

	if (!name) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	ok = read_manifest_file(r, name, err);
	free(name);
	return ok;
}

/* The label people read: the manifest's "label", else its date and short
 * commit, else the file or directory name without its extensions. */
static char *run_label(const struct fc_trend_run *r)
{
	size_t i;
	char base[256], *dot;

	for (i = 0; i < r->n_fields; i++)
		if (strcmp(r->fields[i].key, "label") == 0)
			return fc_strdup(r->fields[i].value);
	if (r->date && r->commit)
		return fc_asprintf("%s (%.7s)", r->date, r->commit);
	if (r->date)
		return fc_strdup(r->date);
	if (r->commit)
		return fc_asprintf("%.7s", r->commit);
	snprintf(base, sizeof(base), "%s", r->path);
	for (i = strlen(base); i > 1 && base[i - 1] == '/'; i--)
		base[i - 1] = '\0';
	snprintf(base, sizeof(base), "%s", fc_basename(base));
	while ((dot = strrchr(base, '.')) && dot != base &&
	       (!strcmp(dot, ".gz") || !strcmp(dot, ".cpuprofile") ||
		!strcmp(dot, ".heapprofile") || !strcmp(dot, ".json")))
		*dot = '\0';
	return fc_strdup(base);
}

/* A new run of path (which st describes); NULL with err. */
static struct fc_trend_run *new_run(struct fc_trend *t, const char *path, const struct stat *st,
				    struct fc_error *err)
{
	struct fc_trend_run *r;

	if (!FC_GROW(t->runs, t->cap_runs, t->n_runs + 1))
		goto nomem;
	r = &t->runs[t->n_runs];
	memset(r, 0, sizeof(*r));
	r->path = fc_strdup(path);
	if (!r->path)
		goto nomem;
	t->n_runs++;
	r->mtime = st->st_mtime;
	r->first = t->n_measurements;
	return r;
nomem:
	fc_error_set(err, FC_ERR_NOMEM, "out of memory");
	return NULL;
}

bool fc_trend_add_summary(struct fc_trend *t, const char *run, const char *summary,
			  const char *manifest, const char *label,
			  void (*note)(void *ctx, const char *text), void *ctx,
			  struct fc_error *err)
{
	struct fc_trend_run *r;
	struct stat st;
	bool ok, named = false;
	size_t i;

	if (stat(summary, &st) != 0) {
		fc_error_set(err, FC_ERR_IO, "cannot read the summary: %s", strerror(errno));
		fc_error_set_file(err, summary);
		return false;
	}
	if (!(r = new_run(t, run, &st, err)) || (manifest && !read_manifest_file(r, manifest, err)))
		return false;
	ok = read_summary(t, r, summary, note, ctx, err);
	for (i = 0; i < r->n_fields; i++)
		named |= strcmp(r->fields[i].key, "label") == 0;
	r->label = label && !named && !r->date && !r->commit ? fc_strdup(label) : run_label(r);
	if (ok && !r->label) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	return ok;
}

/* A JSON object whose first members are "version" and "totals", as report
 * writes its summaries: read as a summary before format detection, which
 * would walk the whole file to find it holds no profile. */
static bool begins_as_summary(const char *path)
{
	static const char *const parts[] = { "{", "\"version\"", ":", NULL, ",", "\"totals\"" };
	char head[256];
	FILE *f = fopen(path, "rb");
	size_t len, at = 0;

	if (!f)
		return false;
	len = fread(head, 1, sizeof(head) - 1, f);
	fclose(f);
	head[len] = '\0';
	for (size_t i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
		at += strspn(head + at, " \t\r\n");
		if (!parts[i]) { /* the version: digits */
			size_t n = strspn(head + at, "0123456789");
			if (n == 0)
				return false;
			at += n;
		} else if (strncmp(head + at, parts[i], strlen(parts[i])) == 0) {
			at += strlen(parts[i]);
		} else {
			return false;
		}
	}
	return true;
}

/* A file that begins as a summary, read as one: true when that decided
 * (*ok: read, or not with a summary's own error), false when it is no
 * summary after all and goes to format detection, which names a broken
 * JSON's line. */
static bool summary_first(struct fc_trend *t, struct fc_trend_run *r,
			  void (*note)(void *, const char *), void *ctx, struct fc_error *err,
			  bool *ok)
{
	*ok = read_summary(t, r, r->path, note, ctx, err);
	if (*ok || (err->code != FC_ERR_FORMAT && err->code != FC_ERR_LIMIT))
		return true;
	fc_error_init(err);
	return false;
}

bool fc_trend_add_run(struct fc_trend *t, const char *path,
		      void (*note)(void *ctx, const char *text), void *ctx, struct fc_error *err)
{
	struct fc_trend_run *r;
	struct stat st;
	bool ok;

	if (stat(path, &st) != 0) {
		fc_error_set(err, FC_ERR_IO, "cannot read the run: %s", strerror(errno));
		fc_error_set_file(err, path);
		return false;
	}
	if (!(r = new_run(t, path, &st, err)))
		return false;
	if (!read_manifest(r, S_ISDIR(st.st_mode), err))
		return false;
	if (S_ISDIR(st.st_mode)) {
		ok = read_dir(t, r, note, ctx, err);
	} else if (begins_as_summary(path) && summary_first(t, r, note, ctx, err, &ok)) {
		/* read, or a summary's own error */
	} else {
		enum fc_format f;
		struct fc_error e;
		uint32_t m;
		fc_error_init(&e);
		if (fc_import_detect_file(path, t->o.import ? t->o.import->max_bytes : 0, &f, &e)) {
			ok = new_measurement(t, &m);
			if (!ok)
				fc_error_set(err, FC_ERR_NOMEM, "out of memory");
			ok = ok && import_into(t, m, path, err);
			r->n = 1;
		} else if (e.code == FC_ERR_FORMAT) {
			ok = read_summary(t, r, r->path, note, ctx, err);
		} else {
			*err = e;
			ok = false;
		}
	}
	r->label = run_label(r);
	if (ok && !r->label)
		goto nomem;
	return ok;
nomem:
	fc_error_set(err, FC_ERR_NOMEM, "out of memory");
	return false;
}
