/* Finding the profiles of a report: a directory walk without recursion,
 * stable names for the outputs, and the grouping of a process's threads. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "flamechart/report.h"
#include "report/internal.h"
#include "util/map.h"
#include "util/util.h"
#include "model/profile.h"

static int by_rel(const void *a, const void *b, void *ctx)
{
	(void)ctx;
	return strcmp(((const struct fc_report_file *)a)->rel,
		      ((const struct fc_report_file *)b)->rel);
}

static bool add_file(struct fc_report *r, size_t *cap, const char *path, const char *rel)
{
	struct fc_report_file *f;

	if (!FC_GROW(r->files, *cap, r->n_files + 1))
		return false;
	f = &r->files[r->n_files];
	memset(f, 0, sizeof(*f));
	f->path = fc_strdup(path);
	/* names reach the terminal, the manifests and the indexes: clean text
	 * (the path keeps the bytes the file system needs) */
	f->rel = fc_strdup_clean(rel);
	f->pid = f->tid = -1;
	f->group = -1;
	if (!f->path || !f->rel) {
		free(f->path);
		free(f->rel);
		return false;
	}
	r->n_files++;
	return true;
}

/* Names this command writes in OUTDIR (fc_report_image_name, thumbs/, the
 * indexes, the manifests' folder). */
bool fc_report_is_output_name(const char *name)
{
	static const char *const ends[] = { ".chart.svg", ".chart.png", ".graph.svg",  ".graph.png",
					    ".lanes.svg", ".lanes.png", ".summary.md", ".html" };
	size_t i, n = strlen(name);

	if (strcmp(name, "thumbs") == 0 || strcmp(name, "index.html") == 0 ||
	    strcmp(name, "index.md") == 0 || strcmp(name, FC_REPORT_DIR) == 0 ||
	    strcmp(name, "summary.json") == 0 || strncmp(name, "history.", 8) == 0)
		return true;
	for (i = 0; i < FC_ARRAY_LEN(ends); i++) {
		size_t m = strlen(ends[i]);
		if (n > m && strcmp(name + n - m, ends[i]) == 0)
			return true;
	}
	return false;
}

/* A symbolic link is followed only when it resolves to a place inside DIR:
 * a link to ~/.env or /etc/shadow among the profiles is not read. */
static bool link_inside(const struct fc_report *r, const char *path)
{
	char *base = realpath(r->dir, NULL);
	bool inside = base && fc_path_inside(base, path);

	if (!inside && r->o && r->o->hooks.note) {
		char *clean = fc_strdup_clean(path);
		char *text =
			fc_asprintf("%s: a symbolic link out of the input folder: not followed",
				    clean ? clean : "?");
		if (text)
			r->o->hooks.note(r->o->hooks.ctx, text, false);
		free(text);
		free(clean);
	}
	free(base);
	return inside;
}

/* Walks dir (and, with recursive, its subdirectories through an explicit
 * queue). Hidden entries, symlinked directories and the output directory
 * are skipped; every other regular file is a candidate: detection decides
 * later whether it is a profile. */
static bool walk(struct fc_report *r, struct fc_error *err)
{
	char **queue = NULL;
	size_t qn = 0, qcap = 0, qi = 0, fcap = 0;
	struct stat out_st;
	bool have_out = stat(r->outdir, &out_st) == 0;
	bool ok = false;

	if (!FC_GROW(queue, qcap, 1) || !(queue[qn++] = fc_strdup("")))
		goto nomem;
	while (qi < qn) {
		char *sub = queue[qi++];
		char *dpath = sub[0] ? fc_asprintf("%s/%s", r->dir, sub) : fc_strdup(r->dir);
		struct dirent *de;
		struct stat dst;
		bool in_out;
		DIR *d;

		if (!dpath)
			goto nomem;
		/* DIR is OUTDIR (or holds it): this run's and earlier runs'
		 * outputs are not inputs */
		in_out = have_out && stat(dpath, &dst) == 0 && dst.st_dev == out_st.st_dev &&
			 dst.st_ino == out_st.st_ino;
		d = opendir(dpath);
		if (!d) {
			fc_error_set(err, FC_ERR_IO, "cannot read the directory: %s",
				     strerror(errno));
			fc_error_set_file(err, dpath);
			free(dpath);
			goto out;
		}
		while ((de = readdir(d)) != NULL) {
			char *rel, *path;
			struct stat st, lst;

			if (de->d_name[0] == '.')
				continue;
			rel = sub[0] ? fc_asprintf("%s/%s", sub, de->d_name)
				     : fc_strdup(de->d_name);
			path = rel ? fc_asprintf("%s/%s", r->dir, rel) : NULL;
			if (!rel || !path || lstat(path, &lst) != 0 || stat(path, &st) != 0) {
				free(rel);
				free(path);
				if (!rel || !path) {
					closedir(d);
					free(dpath);
					goto nomem;
				}
				continue;
			}
			if ((have_out && st.st_dev == out_st.st_dev &&
			     st.st_ino == out_st.st_ino) ||
			    (in_out && fc_report_is_output_name(de->d_name)) ||
			    (S_ISLNK(lst.st_mode) && !link_inside(r, path))) {
				free(rel);
				free(path);
				continue;
			}
			if (S_ISDIR(st.st_mode)) {
				if (r->o->recursive && !S_ISLNK(lst.st_mode) &&
				    FC_GROW(queue, qcap, qn + 1)) {
					queue[qn++] = rel;
					rel = NULL;
				}
			} else if (S_ISREG(st.st_mode)) {
				if (!add_file(r, &fcap, path, rel)) {
					free(rel);
					free(path);
					closedir(d);
					free(dpath);
					goto nomem;
				}
			}
			free(rel);
			free(path);
		}
		closedir(d);
		free(dpath);
	}
	ok = true;
	goto out;
nomem:
	fc_error_set(err, FC_ERR_NOMEM, "out of memory");
out:
	while (qn)
		free(queue[--qn]);
	free(queue);
	return ok;
}

/* A file name as written by node --cpu-prof (fc_node_file_name) */
static void parse_node_name(struct fc_report_file *f)
{
	struct fc_node_file n;

	if (fc_node_file_name(f->rel, &n) && n.pid <= INT64_MAX && n.tid <= INT64_MAX) {
		f->pid = (int64_t)n.pid;
		f->tid = (int64_t)n.tid;
	}
}

/* rel without the profile extensions, with '/' as "--" and anything unusual
 * as '_': "ng-build/CPU.1.2.3.cpuprofile" -> "ng-build--CPU.1.2.3" */
static char *slug_of(const char *rel)
{
	static const char *const exts[] = { ".gz",   ".cpuprofile", ".heapprofile",
					    ".json", ".folded",     ".txt" };
	size_t n = strlen(rel), i, o = 0;
	char *s = malloc(n * 2 + 8);

	if (!s)
		return NULL;
	for (i = 0; i < FC_ARRAY_LEN(exts); i++) {
		size_t m = strlen(exts[i]);
		if (n > m && memcmp(rel + n - m, exts[i], m) == 0)
			n -= m; /* ".gz" first, then what it compressed */
	}
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)rel[i];
		if (c == '/') {
			s[o++] = '-';
			s[o++] = '-';
		} else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
			   (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '_') {
			s[o++] = (char)c;
		} else {
			s[o++] = '_';
		}
	}
	if (o == 0 || s[0] == '.')
		s[o++] = 'p';
	s[o] = '\0';
	return s;
}

/* Appends "-2", "-3", ... to slugs already taken (files are sorted, so the
 * names are the same in every run and every shard): a slug equal to an
 * earlier one becomes base-k with the smallest k from 2 that no other slug
 * holds. Hash sets keep it linear (it was cubic in names sharing a slug):
 * the names taken, and for each base the next k to try. */
struct slug_set {
	char **names; /* not owned; room for every name added */
	size_t *k;    /* for the bases: the next suffix to try */
	size_t n;
	struct fc_map index; /* hash of a name -> its index */
};

struct slug_probe {
	const struct slug_set *t;
	const char *s;
};

static bool slug_eq(const void *ctx, uint32_t i)
{
	const struct slug_probe *q = ctx;
	return strcmp(q->t->names[i], q->s) == 0;
}

/* The index of name s, FC_NONE when absent. */
static uint32_t set_find(const struct slug_set *t, const char *s)
{
	struct slug_probe q = { t, s };
	return fc_map_find(&t->index, (uint32_t)fc_hash_bytes(s, strlen(s)), slug_eq, &q, NULL);
}

/* Adds s (absent) and returns its index; FC_NONE on allocation failure. */
static uint32_t set_add(struct slug_set *t, char *s)
{
	if (!fc_map_add(&t->index, (uint32_t)fc_hash_bytes(s, strlen(s)), (uint32_t)t->n))
		return FC_NONE;
	t->names[t->n] = s;
	return (uint32_t)t->n++;
}

static bool unique_slugs(char **slugs, size_t n)
{
	struct slug_set taken = { 0 }, bases = { 0 };
	size_t i, k;
	uint32_t b;
	bool ok = false;

	/* the n slugs and at most n suffixed names */
	if (n >= UINT32_MAX / 2)
		return false;
	taken.names = malloc((2 * n + 1) * sizeof(*taken.names));
	bases.names = malloc((n + 1) * sizeof(*bases.names));
	bases.k = malloc((n + 1) * sizeof(*bases.k));
	if (!taken.names || !bases.names || !bases.k || !fc_map_reserve(&taken.index, 2 * n) ||
	    !fc_map_reserve(&bases.index, n))
		goto out;
	/* first occurrences: never renamed (a suffixed name is none of
	 * these), so the pointers stay valid */
	for (i = 0; i < n; i++)
		if (set_find(&taken, slugs[i]) == FC_NONE && set_add(&taken, slugs[i]) == FC_NONE)
			goto out;
	for (i = 0; i < n; i++) {
		char *base = slugs[i], *name;

		b = set_find(&bases, base);
		if (b == FC_NONE) {
			/* first holder of this name */
			b = set_add(&bases, base);
			if (b == FC_NONE)
				goto out;
			bases.k[b] = 2;
			continue;
		}
		for (k = bases.k[b];; k++) {
			name = fc_asprintf("%s-%zu", base, k);
			if (!name)
				goto out;
			if (set_find(&taken, name) == FC_NONE)
				break;
			free(name);
		}
		if (set_add(&taken, name) == FC_NONE) {
			free(name);
			goto out;
		}
		bases.k[b] = k + 1;
		slugs[i] = name;
		/* base stays held by its first holder: free this copy only when
		 * it is not that one */
		if (bases.names[b] != base)
			free(base);
	}
	ok = true;
out:
	free(taken.names);
	free(bases.names);
	free(bases.k);
	fc_map_finish(&taken.index);
	fc_map_finish(&bases.index);
	return ok;
}

static bool make_groups(struct fc_report *r)
{
	size_t i, j, gcap = 0;

	for (i = 0; i < r->n_files; i++) {
		struct fc_report_file *f = &r->files[i];
		const char *base;
		size_t dirlen, count = 0;

		if (f->pid < 0 || f->group >= 0)
			continue;
		base = fc_basename(f->rel);
		dirlen = (size_t)(base - f->rel);
		for (j = i; j < r->n_files; j++) {
			const struct fc_report_file *g = &r->files[j];
			if (g->pid == f->pid && fc_basename(g->rel) - g->rel == (ptrdiff_t)dirlen &&
			    strncmp(g->rel, f->rel, dirlen) == 0)
				count++;
		}
		if (count < 2)
			continue;
		{
			struct fc_report_group *g;
			char *dirpart = fc_strndup(f->rel, dirlen ? dirlen - 1 : 0);
			if (!dirpart || !FC_GROW(r->groups, gcap, r->n_groups + 1)) {
				free(dirpart);
				return false;
			}
			g = &r->groups[r->n_groups];
			memset(g, 0, sizeof(*g));
			g->members = calloc(count, sizeof(*g->members));
			g->title = dirlen ? fc_asprintf("process %lld (%s)", (long long)f->pid,
							dirpart)
					  : fc_asprintf("process %lld", (long long)f->pid);
			g->slug =
				dirlen ? fc_asprintf("%s--process-%lld", dirpart, (long long)f->pid)
				       : fc_asprintf("process-%lld", (long long)f->pid);
			free(dirpart);
			if (!g->members || !g->title || !g->slug) {
				free(g->members);
				free(g->title);
				free(g->slug);
				return false;
			}
			for (j = i; j < r->n_files; j++) {
				struct fc_report_file *m = &r->files[j];
				if (m->pid == f->pid &&
				    fc_basename(m->rel) - m->rel == (ptrdiff_t)dirlen &&
				    strncmp(m->rel, f->rel, dirlen) == 0) {
					m->group = (int)r->n_groups;
					g->members[g->n_members++] = j;
				}
			}
			r->n_groups++;
		}
	}
	/* group slugs become file names too: sanitise them the same way */
	for (i = 0; i < r->n_groups; i++) {
		char *s = slug_of(r->groups[i].slug);
		if (!s)
			return false;
		free(r->groups[i].slug);
		r->groups[i].slug = s;
	}
	return true;
}

bool fc_report_scan(struct fc_report *r, struct fc_error *err)
{
	char **slugs;
	size_t i;

	if (!walk(r, err))
		return false;
	if (!fc_sort(r->files, r->n_files, sizeof(*r->files), by_rel, NULL))
		goto nomem;
	if (!fc_report_filter(r, err))
		return false;
	for (i = 0; i < r->n_files; i++)
		parse_node_name(&r->files[i]);
	if (!make_groups(r))
		goto nomem;
	/* file and group slugs share one name space */
	slugs = calloc(r->n_files + r->n_groups + 1, sizeof(*slugs));
	if (!slugs)
		goto nomem;
	for (i = 0; i < r->n_files; i++) {
		if (!(slugs[i] = slug_of(r->files[i].rel)))
			goto nomem_slugs;
	}
	for (i = 0; i < r->n_groups; i++) {
		slugs[r->n_files + i] = r->groups[i].slug;
		r->groups[i].slug = NULL;
	}
	if (!unique_slugs(slugs, r->n_files + r->n_groups))
		goto nomem_slugs;
	for (i = 0; i < r->n_files; i++)
		r->files[i].slug = slugs[i];
	for (i = 0; i < r->n_groups; i++)
		r->groups[i].slug = slugs[r->n_files + i];
	free(slugs);
	return true;
nomem_slugs:
	for (i = 0; i < r->n_files + r->n_groups; i++)
		free(slugs[i]);
	free(slugs);
nomem:
	fc_error_set(err, FC_ERR_NOMEM, "out of memory");
	return false;
}

size_t fc_report_units(const struct fc_report *r)
{
	size_t i, lone = 0;

	for (i = 0; i < r->n_files; i++)
		lone += r->files[i].group < 0;
	return r->n_groups + lone;
}

bool fc_report_unit_in_shard(size_t unit, int shard, int count)
{
	return count <= 1 || (int)(unit % (size_t)count) == shard - 1;
}

char *fc_report_image_name(const char *slug, const char *mode, const char *ext)
{
	return fc_asprintf("%s.%s.%s", slug, mode, ext);
}

char *fc_report_thumb_name(const char *slug)
{
	return fc_asprintf("thumbs/%s.png", slug);
}

void fc_report_file_free(struct fc_report_file *f)
{
	size_t k;

	free(f->path);
	free(f->rel);
	free(f->slug);
	free(f->error);
	free(f->title);
	for (k = 0; k < f->n_packages; k++)
		free(f->package_names[k]);
	free(f->package_names);
	free(f->package_ms);
	for (k = 0; k < f->n_top; k++) {
		free(f->top[k].name);
		free(f->top[k].url);
	}
	for (k = 0; k < f->n_functions; k++) {
		free(f->functions[k].name);
		free(f->functions[k].file);
	}
	free(f->functions);
	memset(f, 0, sizeof(*f));
}

void fc_report_finish(struct fc_report *r)
{
	size_t i;

	for (i = 0; i < r->n_files; i++)
		fc_report_file_free(&r->files[i]);
	free(r->files);
	for (i = 0; i < r->n_groups; i++) {
		free(r->groups[i].slug);
		free(r->groups[i].title);
		free(r->groups[i].members);
		free(r->groups[i].error);
	}
	free(r->groups);
	for (i = 0; i < r->n_skipped; i++)
		free(r->skipped[i]);
	free(r->skipped);
	r->skipped = NULL;
	r->n_skipped = 0;
	r->files = NULL;
	r->groups = NULL;
	r->n_files = r->n_groups = 0;
}
