/* Resolving URLs the way RFC 3986 §5.2 does, for what source maps need:
 * sources relative to their map, maps relative to their script. */
#include <stdlib.h>
#include <string.h>

#include "import/sourcemap_url.h"
#include "util/util.h"

size_t fc_sourcemap_url_scheme(const char *url)
{
	size_t i = 0;

	if (!((url[0] >= 'a' && url[0] <= 'z') || (url[0] >= 'A' && url[0] <= 'Z')))
		return 0;
	while (url[i] && (url[i] == '+' || url[i] == '-' || url[i] == '.' ||
			  (url[i] >= 'a' && url[i] <= 'z') || (url[i] >= 'A' && url[i] <= 'Z') ||
			  (url[i] >= '0' && url[i] <= '9')))
		i++;
	/* one letter before ':' is a Windows drive, not a scheme */
	return url[i] == ':' && i > 1 ? i + 1 : 0;
}

/* Where the path starts: after "scheme:" and "//authority" when present. */
static size_t path_start(const char *url)
{
	size_t i = fc_sourcemap_url_scheme(url);

	if (url[i] == '/' && url[i + 1] == '/') {
		i += 2;
		while (url[i] && url[i] != '/' && url[i] != '?' && url[i] != '#')
			i++;
	}
	return i;
}

/* RFC 3986 §5.2.4, in place on s (a path, maybe followed by ?query#frag). */
static void remove_dots(char *s)
{
	char *in = s, *out = s, *tail = s + strcspn(s, "?#");
	char *rest = NULL;
	bool abs = *s == '/';

	if (*tail && (rest = fc_strdup(tail)) != NULL)
		*tail = '\0';
	while (*in) {
		size_t len = strcspn(in, "/");
		if ((len == 1 && in[0] == '.') || (len == 2 && in[0] == '.' && in[1] == '.')) {
			if (len == 2) { /* drop the last output segment */
				while (out > s + abs && out[-1] == '/')
					out--;
				while (out > s + abs && out[-1] != '/')
					out--;
			}
			in += len;
			if (*in == '/')
				in++;
			continue;
		}
		memmove(out, in, len);
		out += len;
		in += len;
		if (*in == '/') {
			*out++ = '/';
			in++;
		}
	}
	*out = '\0';
	if (rest) {
		strcat(s, rest); /* s had room for it: it held it */
		free(rest);
	}
}

char *fc_sourcemap_url_resolve(const char *base, const char *ref)
{
	size_t scheme = fc_sourcemap_url_scheme(base), start = path_start(base), dir;
	char *out;

	if (fc_sourcemap_url_scheme(ref)) {
		out = fc_strdup(ref);
		if (out)
			remove_dots(out + path_start(out));
		return out;
	}
	if (ref[0] == '/' && ref[1] == '/') { /* network-path reference */
		out = fc_asprintf("%.*s%s", (int)scheme, base, ref);
		if (out)
			remove_dots(out + path_start(out));
		return out;
	}
	if (ref[0] == '/') {
		out = fc_asprintf("%.*s%s", (int)start, base, ref);
	} else {
		/* base's folder: up to its last '/' before any query */
		dir = start + strcspn(base + start, "?#");
		while (dir > start && base[dir - 1] != '/')
			dir--;
		if (dir == start && start > scheme && base[start] != '/')
			out = fc_asprintf("%.*s/%s", (int)start, base, ref); /* "http://h" + "x" */
		else
			out = fc_asprintf("%.*s%s", (int)dir, base, ref);
	}
	if (out)
		remove_dots(out + start);
	return out;
}

char *fc_sourcemap_source_url(const char *source_root, const char *source, const char *map_url)
{
	size_t n = strlen(source_root);
	char *joined, *out;

	if (!n)
		return fc_sourcemap_url_resolve(map_url, source);
	joined = fc_asprintf("%s%s%s", source_root, source_root[n - 1] == '/' ? "" : "/", source);
	if (!joined)
		return NULL;
	out = fc_sourcemap_url_resolve(map_url, joined);
	free(joined);
	return out;
}
