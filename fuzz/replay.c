/* A main for the fuzz targets without libFuzzer: runs the target once over
 * every file named on the command line (a directory stands for the files
 * in it). `meson test` uses it to replay the seed corpora and the crash
 * regressions in every build, including the sanitizer build. A broken
 * invariant aborts, as under libFuzzer. */
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "harness.h"
#include "model/profile.h"

static int run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	unsigned char *data = NULL;
	size_t len = 0, cap = 0, r;

	if (!f) {
		perror(path);
		return 1;
	}
	do {
		if (len == cap) {
			unsigned char *nd;
			cap = cap ? cap * 2 : 65536;
			nd = realloc(data, cap);
			if (!nd) {
				fprintf(stderr, "%s: out of memory\n", path);
				free(data);
				fclose(f);
				return 1;
			}
			data = nd;
		}
		r = fread(data + len, 1, cap - len, f);
		len += r;
	} while (r > 0);
	fclose(f);
	/* a copy of exactly len bytes, so that ASan sees reads past the end */
	{
		unsigned char *exact = malloc(len ? len : 1);
		if (!exact) {
			free(data);
			return 1;
		}
		memcpy(exact, data, len);
		free(data);
		LLVMFuzzerTestOneInput(exact, len);
		free(exact);
	}
	return 0;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int run_dir(const char *dir, size_t *count)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	size_t n = 0, cap = 0, i;
	int rc = 0;

	if (!d) {
		perror(dir);
		return 1;
	}
	while ((e = readdir(d)) != NULL) {
		char *path;
		struct stat st;
		if (e->d_name[0] == '.')
			continue;
		if (n == cap) {
			char **nn = realloc(names, (cap = cap ? cap * 2 : 64) * sizeof(*names));
			if (!nn) {
				rc = 1;
				break;
			}
			names = nn;
		}
		path = malloc(strlen(dir) + strlen(e->d_name) + 2);
		if (!path) {
			rc = 1;
			break;
		}
		sprintf(path, "%s/%s", dir, e->d_name);
		if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
			free(path);
			continue;
		}
		names[n++] = path;
	}
	closedir(d);
	/* the same order on every machine */
	if (n)
		qsort(names, n, sizeof(*names), cmp_names);
	for (i = 0; i < n; i++) {
		if (!rc)
			rc = run_file(names[i]);
		free(names[i]);
	}
	free(names);
	*count += n;
	return rc;
}

int main(int argc, char **argv)
{
	size_t count = 0;
	bool optional = false;
	int i, rc = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE|DIR... [--optional DIR...]\n", argv[0]);
		return 1;
	}
	for (i = 1; i < argc && !rc; i++) {
		struct stat st;
		if (strcmp(argv[i], "--optional") == 0) {
			/* what follows may not exist (a target without regressions) */
			optional = true;
			continue;
		}
		if (optional && stat(argv[i], &st) != 0)
			continue;
		if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode)) {
			rc = run_dir(argv[i], &count);
		} else {
			rc = run_file(argv[i]);
			count++;
		}
	}
	if (!rc)
		printf("%zu inputs replayed\n", count);
	return rc;
}
