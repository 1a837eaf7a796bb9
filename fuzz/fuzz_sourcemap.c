/* Fuzz target: the source-map reader (docs/sourcemaps.md). A map comes
 * from a bundle's folder or a data: URL, so it is as untrusted as a
 * profile. The input is the map's JSON. The oracles, beyond the sanitizers:
 *   - a failure is a clean error (a code, an exit code, clean text) that
 *     names the map;
 *   - lookups on a map that parsed give positions that are not negative and
 *     a source, the original line (content_line) a whole line of the
 *     content, and the same answers from a second parse of the same bytes
 *     (lazy decoding never depends on the order of lookups);
 *   - memory stays within the documented bound: 16 times the map's size,
 *     plus the source URLs lookups resolved. */
#include <stdlib.h>
#include <string.h>

#include "import/sourcemap.h"
#include "harness.h"
#include "model/profile.h"

#define NAME "fuzz.js.map"
#define URL "file:///srv/app/dist/fuzz.js.map"

static const int32_t columns[] = { 0, 1, 2, 3, 5, 8, 13, 40, 100, 1000, INT32_MAX };
enum { LINES = 8, COLS = sizeof(columns) / sizeof(columns[0]) };

struct answer {
	bool found;
	struct fc_sourcemap_pos pos;
};

/* Looks every probe up; the error of a failed decoding is checked. Returns
 * how many lookups found a position. */
static size_t probe(struct fc_sourcemap *m, struct answer *a)
{
	size_t n = 0;
	int32_t line;
	size_t c;

	for (line = 0; line < LINES; line++)
		for (c = 0; c < COLS; c++) {
			struct answer *x = &a[(size_t)line * COLS + c];
			struct fc_error err;

			fc_error_init(&err);
			x->found = fc_sourcemap_lookup(m, line, columns[c], &x->pos, &err);
			if (err.code != FC_OK) {
				fuzz_check_error(&err);
				fuzz_check(strcmp(err.file, NAME) == 0,
					   "decode error does not name the map");
			}
			if (x->found) {
				fuzz_check(x->pos.source != NULL, "a position without a source");
				fuzz_check(x->pos.line >= 0 && x->pos.column >= 0,
					   "a negative position");
				if (x->pos.content_line) {
					const char *text = x->pos.content, *l = x->pos.content_line;
					size_t len = x->pos.content_line_len;
					fuzz_check(text && l >= text &&
							   len <= strlen(text) -
									   (size_t)(l - text) &&
							   !memchr(l, '\n', len) &&
							   (l == text || l[-1] == '\n'),
						   "content_line is not a line of the content");
				}
				n++;
			}
		}
	/* a negative position is never found */
	{
		struct fc_sourcemap_pos pos;
		struct fc_error err;
		fc_error_init(&err);
		fuzz_check(!fc_sourcemap_lookup(m, -1, 0, &pos, &err) &&
				   !fc_sourcemap_lookup(m, 0, -1, &pos, &err),
			   "a negative generated position was found");
	}
	return n;
}

static bool same_pos(const struct answer *x, const struct answer *y)
{
	if (x->found != y->found)
		return false;
	if (!x->found)
		return true;
	return strcmp(x->pos.source, y->pos.source) == 0 && x->pos.line == y->pos.line &&
	       x->pos.column == y->pos.column && !x->pos.name == !y->pos.name &&
	       (!x->pos.name || strcmp(x->pos.name, y->pos.name) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct answer a[LINES * COLS], b[LINES * COLS];
	struct fc_error err;
	struct fc_sourcemap *m, *again;
	size_t found, i;
	int32_t line;

	fc_error_init(&err);
	m = fc_sourcemap_parse((const char *)data, size, URL, NAME, &err);
	if (!m) {
		fuzz_check_error(&err);
		fuzz_check(strcmp(err.file, NAME) == 0, "parse error does not name the map");
		return 0;
	}
	fuzz_check(fc_sourcemap_memory(m) <= 16 * size + 1024, "parsed map over its memory bound");
	found = probe(m, a);
	fuzz_check(fc_sourcemap_memory(m) <= 16 * size + 1024 + found * (size + 64),
		   "decoded map over its memory bound");

	/* the same bytes again, probed in the opposite order */
	fc_error_init(&err);
	again = fc_sourcemap_parse((const char *)data, size, URL, NAME, &err);
	fuzz_check(again != NULL, "the same map failed to parse a second time");
	for (line = LINES - 1; line >= 0; line--)
		for (i = COLS; i-- > 0;) {
			struct answer *x = &b[(size_t)line * COLS + i];
			fc_error_init(&err);
			x->found = fc_sourcemap_lookup(again, line, columns[i], &x->pos, &err);
		}
	for (i = 0; i < LINES * COLS; i++)
		fuzz_check(same_pos(&a[i], &b[i]), "lookups depend on their order");

	fc_sourcemap_destroy(again);
	fc_sourcemap_destroy(m);
	return 0;
}
