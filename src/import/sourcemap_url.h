/* URLs for source maps (docs/sourcemaps.md): resolving a reference against
 * a base as RFC 3986 §5 does, and the ECMA-426 rule for a source's URL. */
#ifndef FC_IMPORT_SOURCEMAP_URL_H
#define FC_IMPORT_SOURCEMAP_URL_H

#include <stdbool.h>
#include <stddef.h>

/* ref resolved against base (a URL or a path): a ref with a scheme stands
 * alone; "//host..." takes base's scheme, "/path" its authority, anything
 * else its folder; "." and ".." segments are removed (never above the
 * root). Query and fragment of ref are kept. Owned by the caller; NULL on
 * allocation failure. */
char *fc_sourcemap_url_resolve(const char *base, const char *ref);

/* A source's URL (ECMA-426): sourceRoot, a '/' unless it ends in one, and
 * the source, resolved against the map's URL. NULL on allocation failure. */
char *fc_sourcemap_source_url(const char *source_root, const char *source, const char *map_url);

/* Length of url's scheme with its ':' ("file:" -> 5), 0 when it has none. */
size_t fc_sourcemap_url_scheme(const char *url);

#endif
