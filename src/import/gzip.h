/* gzip decoding for the source layer: zlib's inflate with gzip framing,
 * concatenated members, and a guard against decompression bombs. */
#ifndef FC_IMPORT_GZIP_H
#define FC_IMPORT_GZIP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "flamechart/error.h"

/* A stream may expand at most this many times ... */
#define FC_GZIP_MAX_RATIO 256
/* ... once it has produced this many bytes. Real profiles compress 10-20
 * times (the corpus: 9-19); deflate's ceiling is about 1032 times, which is
 * what a bomb made of one repeated byte reaches. */
#define FC_GZIP_RATIO_FLOOR ((uint64_t)64 << 20)

struct fc_gunzip;

/* True when data starts with the gzip magic bytes 1f 8b. */
bool fc_gzip_magic(const unsigned char *data, size_t len);

/* NULL with err set (FC_ERR_NOMEM) on failure. */
struct fc_gunzip *fc_gunzip_create(struct fc_error *err);
void fc_gunzip_destroy(struct fc_gunzip *g);

/* Decodes in[0..in_len) into out[0..out_cap). *used and *produced say how
 * much of each was taken and filled; *done is set when the last member has
 * ended and no input is left. raw_eof says there is no input after in: then
 * a member that has not ended is a truncated file. False with err set on
 * corrupt data (FC_ERR_SYNTAX), a truncated stream (FC_ERR_SYNTAX) or a
 * ratio beyond FC_GZIP_MAX_RATIO (FC_ERR_LIMIT). */
bool fc_gunzip_run(struct fc_gunzip *g, const unsigned char *in, size_t in_len, bool raw_eof,
		   size_t *used, unsigned char *out, size_t out_cap, size_t *produced, bool *done,
		   struct fc_error *err);

/* Compressed bytes taken and decoded bytes produced so far. */
uint64_t fc_gunzip_in(const struct fc_gunzip *g);
uint64_t fc_gunzip_out(const struct fc_gunzip *g);

#endif
