/* diff: loading a side (BASE or HEAD): its runs found, their profiles read and merged per run
 * (docs/diff.md). */
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "diff/align.h"
#include "diff/internal.h"
#include "model/classify.h"
#include "diff/diff.h"
#include "transform/hide.h"
#include "transform/scope.h"
#include "layout/graph.h"
#include "util/util.h"
#include "util/children.h"
#include "model/profile.h"

/* --- loading a side ------------------------------------------------------------ */

static int str_cmp(const void *a, const void *b, void *ctx)
{
	(void)ctx;
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* node's file names CPU.<date>.<time>.<pid>.<tid>.<seq>.cpuprofile: the
 * thread id and sequence, which order a run's threads as they appeared
 * (main is tid 0). false for other names. */
static bool node_thread_order(const char *name, long *tid, long *seq)
{
	struct fc_node_file f;

	if (!fc_node_file_name(name, &f) || (f.tid | f.seq) > INT32_MAX)
		return false;
	*tid = (long)f.tid;
	*seq = (long)f.seq;
	return true;
}

static int thread_cmp(const void *a, const void *b, void *ctx)
{
	const char *x = fc_basename(*(char *const *)a), *y = fc_basename(*(char *const *)b);
	long tx, sx, ty, sy;
	bool nx = node_thread_order(x, &tx, &sx), ny = node_thread_order(y, &ty, &sy);

	(void)ctx;
	if (nx && ny && (tx != ty || sx != sy))
		return tx != ty ? (tx < ty ? -1 : 1) : (sx < sy ? -1 : 1);
	if (nx != ny)
		return nx ? -1 : 1;
	return strcmp(x, y);
}

/* Tells l->note "PATH: why", or "skipped PATH: why" (path cleaned). */
static void note(const struct fc_diff_load *l, bool skipped, const char *path, const char *why)
{
	char *clean, *text;

	if (!l->note)
		return;
	clean = fc_strdup_clean(path);
	text = !clean    ? NULL
	       : skipped ? fc_asprintf("skipped %s: %s", clean, why)
			 : fc_asprintf("%s: %s", clean, why);
	if (text)
		l->note(l->ctx, text);
	free(clean);
	free(text);
}

/* The names in dir (no dot files), joined to dir, sorted by name; dirs
 * and files apart. A symbolic link is followed only to a place inside the
 * side's directory root (a realpath), and a file whose content is no
 * profile is left out (both said through l->note), as report does. */
static bool list_dir(const char *dir, const char *root, const struct fc_diff_load *l, char ***files,
		     size_t *nf, char ***dirs, size_t *nd, struct fc_error *err)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t fcap = 0, dcap = 0;

	*files = *dirs = NULL;
	*nf = *nd = 0;
	if (!d) {
		fc_error_set(err, FC_ERR_IO, "cannot open directory");
		fc_error_set_file(err, dir);
		return false;
	}
	while ((e = readdir(d)) != NULL) {
		struct stat st, lst;
		struct fc_error why;
		enum fc_format format;
		char *path;
		if (e->d_name[0] == '.')
			continue;
		path = fc_asprintf("%s/%s", dir, e->d_name);
		if (!path || lstat(path, &lst) != 0 || stat(path, &st) != 0) {
			free(path);
			continue;
		}
		if (S_ISLNK(lst.st_mode) && !(root && fc_path_inside(root, path))) {
			note(l, false, path,
			     "a symbolic link out of the input folder: not followed");
			free(path);
			continue;
		}
		if (S_ISREG(st.st_mode) && (!l->import || l->import->format == FC_FORMAT_AUTO) &&
		    !fc_named_as_profile(e->d_name) &&
		    !fc_import_detect_file(path, l->import ? l->import->max_bytes : 0, &format,
					   &why) &&
		    why.code == FC_ERR_FORMAT) {
			note(l, true, path, why.text);
			free(path);
			continue;
		}
		if (S_ISDIR(st.st_mode) && FC_GROW(*dirs, dcap, *nd + 1))
			(*dirs)[(*nd)++] = path;
		else if (S_ISREG(st.st_mode) && FC_GROW(*files, fcap, *nf + 1))
			(*files)[(*nf)++] = path;
		else
			free(path);
	}
	closedir(d);
	return fc_sort(*files, *nf, sizeof(char *), str_cmp, NULL) &&
	       fc_sort(*dirs, *nd, sizeof(char *), str_cmp, NULL);
}

static void free_list(char **v, size_t n)
{
	size_t i;
	for (i = 0; v && i < n; i++)
		free(v[i]);
	free(v);
}

bool fc_diff_is_anonymous(const char *name)
{
	return !name[0] || strcmp(name, "(anonymous)") == 0;
}

/* What keying needs from a run's frames before they are gone: the app
 * scripts' common directory. Each distinct URL of p is looked at once,
 * however many frames name it. */
static bool note_frames(struct fc_diff_input *in, const struct fc_profile *p)
{
	/* per string of p: 1 once seen */
	uint32_t f, *seen = calloc(p->strings.count + 1, sizeof(*seen));
	bool ok = false;

	if (!seen)
		return false;
	for (f = 0; f < p->n_frames; f++) {
		const struct fc_frame *fr = &p->frames[f];
		const char *url = fc_profile_str(p, fr->url);
		bool first = !seen[fr->url];
		if (first)
			seen[fr->url] = 1;
		if (!first || !fc_diff_is_app_script(url))
			continue;
		if (strncmp(url, "file://", 7) == 0)
			url += 7;
		if (!in->app_prefix) {
			in->app_prefix = fc_strdup(url);
			if (!in->app_prefix)
				goto done;
			in->app_prefix_len = fc_diff_common_dir(url, strlen(url), url);
		} else {
			in->app_prefix_len =
				fc_diff_common_dir(in->app_prefix, in->app_prefix_len, url);
		}
	}
	ok = true;
done:
	free(seen);
	return ok;
}

/* Run r of in, made of profiles[0..n): its thread labels, what keying
 * needs, each thread's CPU time and its merged graph. The profiles stay the
 * caller's. */
bool fc_diff_merge_run(struct fc_diff_input *in, struct fc_diff_run *r,
		       struct fc_profile *const *profiles, size_t n, bool keep_idle, bool gc_root,
		       struct fc_error *err)
{
	struct fc_layout_options lo = { .mode = FC_MODE_GRAPH,
					.keep_idle = keep_idle,
					.gc_root = gc_root };
	size_t i;

	r->threads = calloc(n + 1, sizeof(*r->threads));
	r->thread_us = calloc(n + 1, sizeof(*r->thread_us));
	if (!r->threads || !r->thread_us)
		goto nomem;
	r->n = n;
	for (i = 0; i < n; i++) {
		r->threads[i] = fc_strdup(fc_diff_thread_label(profiles[i]));
		if (!r->threads[i] || !note_frames(in, profiles[i]))
			goto nomem;
	}
	if (n > 1) {
		/* each thread is compared on its own: a graph each, and its
		 * CPU time is that graph's */
		r->thread_graphs = calloc(n, sizeof(*r->thread_graphs));
		if (!r->thread_graphs)
			goto nomem;
		for (i = 0; i < n; i++) {
			struct fc_graph *g = fc_graph_merge(
				(const struct fc_profile *const *)profiles + i, 1, &lo, err);
			if (!g)
				return false;
			free(g->size); /* what only placing needs */
			g->size = NULL;
			r->thread_graphs[i] = g;
			r->thread_us[i] = fc_graph_total(g);
		}
		return true;
	}
	r->graph = fc_graph_merge((const struct fc_profile *const *)profiles, n, &lo, err);
	if (!r->graph)
		return false;
	/* what only placing needs goes now: the graph waits for the other side */
	free(r->graph->size);
	r->graph->size = NULL;
	return true;
nomem:
	fc_error_set(err, FC_ERR_NOMEM, "out of memory");
	return false;
}

/* Whether the graphs of the runs read so far (in's last one just merged,
 * and those of the side read before) fit the memory bound. */
static bool held_within_bound(struct fc_diff_input *in, const struct fc_diff_load *l,
			      struct fc_error *err)
{
	static const struct fc_diff_input none = { .input_sized = true };
	struct fc_diff_run *r = &in->runs[in->n_runs - 1];
	struct diff_count c = { 0 };
	size_t t;

	if (r->graph)
		in->graph_bytes += fc_diff_graph_bytes(r->graph);
	for (t = 0; r->thread_graphs && t < r->n; t++)
		in->graph_bytes += fc_diff_graph_bytes(r->thread_graphs[t]);
	c.graphs = in->graph_bytes + (l->before ? l->before->graph_bytes : 0);
	if (l->before)
		return fc_diff_within_bound(&c, l->before, in, FC_DIFF_HEAD, in->n_runs - 1,
					    "while read", err);
	return fc_diff_within_bound(&c, in, &none, FC_DIFF_BASE, in->n_runs - 1, "while read", err);
}

/* Reads one run (files, one per thread), transforms and merges it, and
 * frees its profiles. */
static bool add_run(struct fc_diff_input *in, const char *label, char **files, size_t n,
		    const struct fc_diff_load *l, struct fc_error *err)
{
	struct fc_profile_set set;
	struct fc_diff_run *r;
	size_t i;
	bool ok = false;

	fc_profile_set_init(&set);
	r = realloc(in->runs, (in->n_runs + 1) * sizeof(*in->runs));
	if (!r)
		goto nomem;
	in->runs = r;
	r = &in->runs[in->n_runs];
	memset(r, 0, sizeof(*r));
	r->label = fc_strdup(label);
	if (!r->label)
		goto nomem;
	in->n_runs++;
	for (i = 0; i < n; i++) {
		struct stat st;
		/* what the memory bound allows: the files' sizes as stored (a
		 * pipe has none, and the side goes unchecked) */
		if (strcmp(files[i], "-") != 0 && stat(files[i], &st) == 0 && S_ISREG(st.st_mode))
			in->input_bytes += (uint64_t)st.st_size;
		else
			in->input_sized = false;
		if (!fc_import_file(files[i], l->import, &set, err))
			goto done;
	}
	if (l->loaded)
		l->loaded(l->ctx, &set);
	if (!fc_hide_apply(&set, l->hide_tiers, err) ||
	    (l->scope && !fc_scope_apply(&set, l->scope, err)))
		goto done;
	ok = fc_diff_merge_run(in, r, set.items, set.count, l->keep_idle, l->gc_root, err) &&
	     held_within_bound(in, l, err);
	goto done;
nomem:
	fc_error_set(err, FC_ERR_NOMEM, "out of memory");
done:
	fc_profile_set_finish(&set);
	return ok;
}

bool fc_diff_load_side(struct fc_diff_input *in, const char *path, const struct fc_diff_load *io,
		       struct fc_error *err)
{
	char **files = NULL, **dirs = NULL, **sub = NULL, **subdirs = NULL, *root = NULL;
	size_t nf = 0, nd = 0, ns = 0, nsd = 0, i;
	struct stat st;
	bool ok = false;

	memset(in, 0, sizeof(*in));
	fc_profile_set_init(&in->set);
	in->scale = 1;
	in->input_sized = true;
	in->path = fc_strdup(path);
	if (!in->path) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	if (strcmp(path, "-") == 0 || stat(path, &st) != 0 || !S_ISDIR(st.st_mode))
		return add_run(in, fc_basename(path), (char **)&path, 1, io, err);
	root = realpath(path, NULL);
	if (!list_dir(path, root, io, &files, &nf, &dirs, &nd, err))
		goto done;
	for (i = 0; i < nf; i++)
		if (!add_run(in, fc_basename(files[i]), &files[i], 1, io, err))
			goto done;
	for (i = 0; i < nd; i++) {
		if (!list_dir(dirs[i], root, io, &sub, &ns, &subdirs, &nsd, err))
			goto done;
		if (!fc_sort(sub, ns, sizeof(char *), thread_cmp, NULL)) {
			fc_error_set(err, FC_ERR_NOMEM, "out of memory");
			goto done;
		}
		if (ns && !add_run(in, fc_basename(dirs[i]), sub, ns, io, err))
			goto done;
		free_list(sub, ns);
		free_list(subdirs, nsd);
		sub = subdirs = NULL;
	}
	if (!in->n_runs) {
		fc_error_set(err, FC_ERR_IO, "no profiles in this directory");
		fc_error_set_file(err, path);
		goto done;
	}
	ok = true;
done:
	free(root);
	free_list(sub, ns);
	free_list(subdirs, nsd);
	free_list(files, nf);
	free_list(dirs, nd);
	return ok;
}

bool fc_diff_side_from_profile(struct fc_diff_input *in, const char *path, struct fc_profile *p,
			       struct fc_error *err)
{
	memset(in, 0, sizeof(*in));
	fc_profile_set_init(&in->set);
	in->scale = 1;
	in->path = fc_strdup(path);
	in->runs = calloc(1, sizeof(*in->runs));
	if (!in->path || !in->runs || !(in->runs[0].label = fc_strdup(path)) ||
	    !fc_profile_set_add(&in->set, p)) {
		fc_profile_destroy(p);
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	in->runs[0].n = 1;
	in->n_runs = 1;
	return true;
}

const char *fc_diff_thread_label(const struct fc_profile *p)
{
	if (p->thread_name)
		return p->thread_name;
	return p->source ? fc_basename(p->source) : p->name ? p->name : "";
}

void fc_diff_input_finish(struct fc_diff_input *in)
{
	size_t i, t;

	for (i = 0; i < in->n_runs; i++) {
		free(in->runs[i].label);
		for (t = 0; in->runs[i].threads && t < in->runs[i].n; t++)
			free(in->runs[i].threads[t]);
		free(in->runs[i].threads);
		free(in->runs[i].thread_us);
		fc_graph_destroy(in->runs[i].graph);
		for (t = 0; in->runs[i].thread_graphs && t < in->runs[i].n; t++)
			fc_graph_destroy(in->runs[i].thread_graphs[t]);
		free(in->runs[i].thread_graphs);
	}
	free(in->runs);
	free(in->path);
	free(in->app_prefix);
	free(in->run_total_us);
	fc_profile_set_finish(&in->set);
	memset(in, 0, sizeof(*in));
}
