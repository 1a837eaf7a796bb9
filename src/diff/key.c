/* The function key's script path (docs/diff.md): the same function in two
 * checkouts, on a laptop and on a CI runner, gets the same path. Pure
 * string functions. */
#include <stdio.h>
#include <string.h>

#include "diff/internal.h"

static const char *strip_scheme(const char *url)
{
	return strncmp(url, "file://", 7) == 0 ? url + 7 : url;
}

bool fc_diff_is_app_script(const char *url)
{
	bool file = strncmp(url, "file://", 7) == 0;
	const char *p = strip_scheme(url);

	if (!file && p[0] != '/')
		return false;
	return strstr(p, "/node_modules/") == NULL && strncmp(p, "node_modules/", 13) != 0;
}

size_t fc_diff_common_dir(const char *a, size_t a_len, const char *b)
{
	size_t i = 0, dir = 0;

	while (i < a_len && b[i] && a[i] == b[i]) {
		if (a[i] == '/')
			dir = i + 1;
		i++;
	}
	return dir;
}

static size_t put(char *out, size_t size, const char *s)
{
	size_t n = strlen(s);

	if (!size)
		return 0;
	if (n >= size)
		n = size - 1;
	memcpy(out, s, n);
	out[n] = '\0';
	return n;
}

const char *fc_diff_key_suffix(const char *url, const char *app_prefix, const char *const *strip,
			       size_t n_strip)
{
	const char *p = strip_scheme(url), *nm, *last = NULL;
	size_t i;

	for (i = 0; i < n_strip; i++) {
		size_t n = strlen(strip[i]);
		if (n && strncmp(p, strip[i], n) == 0) {
			p += n;
			while (*p == '/')
				p++;
			return p;
		}
	}
	/* a dependency: the package's own path, wherever it is installed */
	for (nm = p; (nm = strstr(nm, "node_modules/")) != NULL; nm += 13)
		if (nm == p || nm[-1] == '/')
			last = nm;
	if (last)
		return last + 13;
	if (app_prefix && app_prefix[0] && strncmp(p, app_prefix, strlen(app_prefix)) == 0)
		return p + strlen(app_prefix);
	return p;
}

size_t fc_diff_key_path(const char *url, const char *app_prefix, const char *const *strip,
			size_t n_strip, char *out, size_t size)
{
	return put(out, size, fc_diff_key_suffix(url, app_prefix, strip, n_strip));
}
