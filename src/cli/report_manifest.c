/* Shard manifests: what each shard rendered, so that `report --merge` can
 * build the index from the shards' outputs alone (DIR is not needed). */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "cli/report.h"
#include "flamechart/classify.h"
#include "flamechart/output.h"
#include "util/util.h"

static bool put(json_t *o, const char *k, json_t *v)
{
	return v && json_object_set_new(o, k, v) == 0;
}

static json_t *file_json(const struct report_file *f)
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
		int s, n, used = 0;
		if (sscanf(de->d_name, "shard-%d-of-%d.json%n", &s, &n, &used) == 2 &&
		    !de->d_name[used] && n != count) {
			char *path = fc_asprintf("%s/%s", dir, de->d_name);
			if (path)
				unlink(path);
			free(path);
		}
	}
	closedir(d);
}

bool report_save_manifest(const struct report *r, int shard, int count, struct fc_error *err)
{
	json_t *root = json_object(), *files = json_array(), *groups = json_array();
	char *dir = fc_asprintf("%s/%s", r->outdir, REPORT_DIR);
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
		const struct report_group *g = &r->groups[i];
		json_t *o, *members;
		if (!report_unit_in_shard(unit, shard, count))
			continue;
		o = json_object();
		members = json_array();
		ok = o && members && put(o, "slug", json_string(g->slug)) &&
		     put(o, "title", json_string(g->title)) && put(o, "ok", json_boolean(g->ok));
		if (ok && !g->ok)
			ok = put(o, "error", json_string(g->error ? g->error : "not rendered"));
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
		if (report_unit_in_shard(unit++, shard, count)) {
			f = file_json(&r->files[i]);
			ok = f && json_array_append_new(files, f) == 0;
		}
	}
	ok = ok && put(root, "version", json_integer(1)) &&
	     put(root, "shard", json_integer(shard)) && put(root, "shards", json_integer(count)) &&
	     put(root, "modes", json_integer(r->modes)) &&
	     put(root, "formats", json_integer(r->formats)) && put(root, "groups", groups) &&
	     put(root, "files", files);
	groups = files = NULL;
	if (!ok) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		goto out;
	}
	text = json_dumps(root, JSON_INDENT(1) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(12));
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

static char *jstr(json_t *o, const char *k)
{
	const char *s = json_string_value(json_object_get(o, k));
	return s ? fc_strdup(s) : NULL;
}

static bool load_file(struct report_file *f, json_t *o)
{
	json_t *tiers, *pk, *top, *v;
	const char *key;
	size_t i;
	int t;

	memset(f, 0, sizeof(*f));
	f->rel = jstr(o, "rel");
	f->slug = jstr(o, "slug");
	f->pid = json_integer_value(json_object_get(o, "pid"));
	f->tid = json_integer_value(json_object_get(o, "tid"));
	f->group = -1;
	f->done = true;
	f->ok = json_is_true(json_object_get(o, "ok"));
	if (!f->rel || !f->slug)
		return false;
	if (!f->ok) {
		f->error = jstr(o, "error");
		return true;
	}
	f->title = jstr(o, "title");
	f->duration_ms = json_number_value(json_object_get(o, "duration_ms"));
	f->sampled_ms = json_number_value(json_object_get(o, "sampled_ms"));
	f->samples = (uint64_t)json_integer_value(json_object_get(o, "samples"));
	f->threads = (size_t)json_integer_value(json_object_get(o, "threads"));
	tiers = json_object_get(o, "tiers_ms");
	for (t = 0; t < FC_TIER_COUNT; t++)
		f->tier_ms[t] =
			json_number_value(json_object_get(tiers, fc_tier_name((enum fc_tier)t)));
	pk = json_object_get(o, "packages_ms");
	if (json_object_size(pk)) {
		f->package_names = calloc(json_object_size(pk), sizeof(char *));
		f->package_ms = calloc(json_object_size(pk), sizeof(double));
		if (!f->package_names || !f->package_ms)
			return false;
		json_object_foreach(pk, key, v)
		{
			f->package_names[f->n_packages] = fc_strdup(key);
			f->package_ms[f->n_packages++] = json_number_value(v);
		}
	}
	top = json_object_get(o, "top");
	for (i = 0; i < json_array_size(top) && i < REPORT_TOP; i++) {
		json_t *e = json_array_get(top, i);
		f->top[i].name = jstr(e, "name");
		f->top[i].url = jstr(e, "url");
		f->top[i].line = (int)json_integer_value(json_object_get(e, "line"));
		f->top[i].self_ms = json_number_value(json_object_get(e, "self_ms"));
		f->n_top++;
	}
	return f->title != NULL;
}

static int file_order(const void *a, const void *b, void *ctx)
{
	(void)ctx;
	return strcmp(((const struct report_file *)a)->rel, ((const struct report_file *)b)->rel);
}

static int group_order(const void *a, const void *b, void *ctx)
{
	const struct report_group *x = a, *y = b;
	const struct report *r = ctx;
	return strcmp(r->files[x->members[0]].rel, r->files[y->members[0]].rel);
}

bool report_load_manifests(struct report *r, struct fc_error *err)
{
	char *dir = fc_asprintf("%s/%s", r->outdir, REPORT_DIR);
	size_t fcap = 0, gcap = 0, i, k, *seen = NULL;
	int count = 0, found = 0;
	json_t **docs = NULL;
	size_t n_docs = 0, dcap = 0;
	struct dirent *de;
	bool ok = false;
	DIR *d;

	if (!dir)
		goto nomem;
	d = opendir(dir);
	if (!d) {
		fc_error_set(err, FC_ERR_IO, "no shard manifests (%s): %s", REPORT_DIR,
			     strerror(errno));
		fc_error_set_file(err, r->outdir);
		free(dir);
		return false;
	}
	while ((de = readdir(d)) != NULL) {
		int s, n, used = 0;
		char *path;
		json_error_t je;
		json_t *doc;

		if (sscanf(de->d_name, "shard-%d-of-%d.json%n", &s, &n, &used) != 2 ||
		    de->d_name[used])
			continue;
		path = fc_asprintf("%s/%s", dir, de->d_name);
		doc = path ? json_load_file(path, 0, &je) : NULL;
		if (!doc) {
			fc_error_set(err, FC_ERR_IO, "%s", path ? je.text : "out of memory");
			fc_error_set_file(err, path ? path : dir);
			err->line = je.line;
			err->column = je.column;
			free(path);
			closedir(d);
			goto out;
		}
		free(path);
		if (count && n != count) {
			fc_error_set(err, FC_ERR_IO, "shards of different runs: %d and %d shards",
				     count, n);
			fc_error_set_file(err, dir);
			json_decref(doc);
			closedir(d);
			goto out;
		}
		count = n;
		if (!FC_GROW(docs, dcap, n_docs + 1)) {
			json_decref(doc);
			closedir(d);
			goto nomem;
		}
		docs[n_docs++] = doc;
		r->modes = (unsigned)json_integer_value(json_object_get(doc, "modes"));
		r->formats = (unsigned)json_integer_value(json_object_get(doc, "formats"));
		found++;
	}
	closedir(d);
	if (!count) {
		fc_error_set(err, FC_ERR_IO, "no shard manifests in %s", REPORT_DIR);
		fc_error_set_file(err, r->outdir);
		goto out;
	}
	seen = calloc((size_t)count + 1, sizeof(*seen));
	if (!seen)
		goto nomem;
	for (i = 0; i < n_docs; i++) {
		int s = (int)json_integer_value(json_object_get(docs[i], "shard"));
		if (s >= 1 && s <= count)
			seen[s]++;
	}
	for (i = 1; i <= (size_t)count; i++) {
		if (seen[i] != 1) {
			fc_error_set(err, FC_ERR_IO, "shard %zu of %d is %s", i, count,
				     seen[i] ? "there twice" : "missing");
			fc_error_set_file(err, dir);
			goto out;
		}
	}
	/* files first (lone and group members), then groups pointing at them */
	for (i = 0; i < n_docs; i++) {
		json_t *files = json_object_get(docs[i], "files"), *groups, *g;
		size_t gi;
		for (k = 0; k < json_array_size(files); k++) {
			if (!FC_GROW(r->files, fcap, r->n_files + 1))
				goto nomem;
			if (!load_file(&r->files[r->n_files++], json_array_get(files, k)))
				goto bad;
		}
		groups = json_object_get(docs[i], "groups");
		json_array_foreach(groups, gi, g)
		{
			json_t *members = json_object_get(g, "members");
			for (k = 0; k < json_array_size(members); k++) {
				if (!FC_GROW(r->files, fcap, r->n_files + 1))
					goto nomem;
				if (!load_file(&r->files[r->n_files++], json_array_get(members, k)))
					goto bad;
			}
		}
	}
	if (!fc_sort(r->files, r->n_files, sizeof(*r->files), file_order, NULL))
		goto nomem;
	for (i = 0; i < n_docs; i++) {
		json_t *groups = json_object_get(docs[i], "groups"), *g;
		size_t gi;
		json_array_foreach(groups, gi, g)
		{
			struct report_group *rg;
			json_t *members = json_object_get(g, "members");
			if (!FC_GROW(r->groups, gcap, r->n_groups + 1))
				goto nomem;
			rg = &r->groups[r->n_groups++];
			memset(rg, 0, sizeof(*rg));
			rg->slug = jstr(g, "slug");
			rg->title = jstr(g, "title");
			rg->done = true;
			rg->ok = json_is_true(json_object_get(g, "ok"));
			rg->error = jstr(g, "error");
			rg->members = calloc(json_array_size(members) + 1, sizeof(size_t));
			if (!rg->slug || !rg->title || !rg->members)
				goto bad;
			for (k = 0; k < json_array_size(members); k++) {
				const char *rel = json_string_value(
					json_object_get(json_array_get(members, k), "rel"));
				size_t f;
				for (f = 0; rel && f < r->n_files; f++)
					if (strcmp(r->files[f].rel, rel) == 0)
						break;
				if (!rel || f == r->n_files)
					goto bad;
				rg->members[rg->n_members++] = f;
			}
		}
	}
	for (i = 0; i < r->n_groups; i++)
		if (!r->groups[i].n_members)
			goto bad;
	if (!fc_sort(r->groups, r->n_groups, sizeof(*r->groups), group_order, r))
		goto nomem;
	for (i = 0; i < r->n_groups; i++)
		for (k = 0; k < r->groups[i].n_members; k++)
			r->files[r->groups[i].members[k]].group = (int)i;
	ok = true;
	goto out;
bad:
	fc_error_set(err, FC_ERR_IO, "a shard manifest is incomplete or damaged");
	fc_error_set_file(err, dir);
	goto out;
nomem:
	fc_error_set(err, FC_ERR_NOMEM, "out of memory");
out:
	(void)found;
	for (i = 0; i < n_docs; i++)
		json_decref(docs[i]);
	free(docs);
	free(seen);
	free(dir);
	return ok;
}
