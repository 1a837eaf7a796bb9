/* Source maps (ECMA-426, Source Map v3): bundled or compiled frames shown
 * as the code their authors wrote (docs/sourcemaps.md). Part of the import
 * stage: fc_import_file applies them when the options ask, so every command
 * sees mapped profiles. A map is untrusted input: its size is bounded, its
 * memory is a fixed multiple of that size, index maps are not recursive and
 * mappings that point outside `sources` or `names` are ignored. */
#ifndef FC_SOURCEMAP_H
#define FC_SOURCEMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "flamechart/error.h"
#include "flamechart/import.h"

#ifdef __cplusplus
extern "C" {
#endif

struct fc_profile_set;

/* Largest map (or script searched for its sourceMappingURL comment) read. */
#define FC_SOURCEMAP_MAX_BYTES ((size_t)256 << 20)

/* One Base64 VLQ (ECMA-426 §"Base64 VLQ"). */
enum fc_vlq_status {
	FC_VLQ_OK,
	FC_VLQ_BAD_CHAR,  /* not a Base64 digit */
	FC_VLQ_TRUNCATED, /* the input ends after a continuation digit */
	FC_VLQ_OVERFLOW,  /* more than 32 bits */
};

/* Decodes the VLQ at *s (before end) into *value and moves *s past it.
 * Values are 32-bit: "B" (negative zero) is INT32_MIN, as the reference
 * encoders make it. On an error *s points at the offending digit. */
enum fc_vlq_status fc_vlq_decode(const char **s, const char *end, int32_t *value);

/* A parsed map: a plain map, or an index map whose sections each hold one
 * plain map. Its `mappings` are decoded on the first lookup. */
struct fc_sourcemap;

/* Parses len bytes of JSON. url is the map's own URL (sources are resolved
 * against it, after sourceRoot); name is used in messages. NULL with err
 * (naming name) when it is not JSON, not version 3, or malformed. */
struct fc_sourcemap *fc_sourcemap_parse(const char *data, size_t len, const char *url,
					const char *name, struct fc_error *err);
void fc_sourcemap_destroy(struct fc_sourcemap *m);

/* An original position. Strings belong to the map. */
struct fc_sourcemap_pos {
	const char *source;  /* resolved URL of the original source */
	const char *name;    /* from `names`, NULL when the segment has none */
	const char *content; /* the source's sourcesContent, NULL when absent */
	int32_t line;        /* 0-based */
	int32_t column;      /* 0-based */
	/* line's text in content (without its line break), found through an
	 * index of the content's line starts made once per source: NULL when
	 * content is absent or shorter */
	const char *content_line;
	size_t content_line_len;
};

/* Maps a 0-based generated (line, column): the segment on that line with
 * the greatest column <= column (ECMA-426's greatest lower bound; lines are
 * not crossed). false when there is none or it has no source. Decodes the
 * mappings it needs on first use: a decoding failure makes this and every
 * later lookup false and sets err (once; err->code stays FC_OK otherwise). */
bool fc_sourcemap_lookup(struct fc_sourcemap *m, int32_t line, int32_t column,
			 struct fc_sourcemap_pos *out, struct fc_error *err);

/* Segments ignored so far because they pointed outside `sources` or
 * `names`, or had 2, 3 or more than 5 fields. */
size_t fc_sourcemap_ignored(const struct fc_sourcemap *m);

/* Bytes the map holds now (tests check the documented bound). */
size_t fc_sourcemap_memory(const struct fc_sourcemap *m);

/* Maps the frames of set->items[first..] through the maps their scripts
 * name; frames that become the same original function are interned as one,
 * and the profile is classified again. Maps that cannot be read are
 * warnings on the profile (naming the map) and counted for the header;
 * under strict the first one is an error instead. false with err on that
 * error or on allocation failure; profiles may then be partly mapped. */
bool fc_sourcemap_apply(struct fc_profile_set *set, size_t first,
			const struct fc_sourcemap_options *opts, bool strict, struct fc_error *err);

#ifdef __cplusplus
}
#endif

#endif
