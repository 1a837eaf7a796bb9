/* Read-ahead: a thread produces the next chunks of the input while the
 * importer parses the current one. For a plain file it runs the kernel's
 * copy from the page cache; for a gzip file it reads and inflates, so that
 * decompression runs beside the parse instead of before it. The bytes, their
 * order and the error after them are exactly what the producer gives when
 * called on the importer's own thread. */
#ifndef FC_IMPORT_READAHEAD_H
#define FC_IMPORT_READAHEAD_H

#include <stddef.h>

#include "flamechart/error.h"

/* Fills dst with up to cap bytes: the count, 0 at the end, -1 with err set.
 * Runs on the reading thread, which owns whatever ctx it touches until
 * fc_readahead_stop returns. */
typedef long (*fc_readahead_fill_fn)(void *ctx, unsigned char *dst, size_t cap,
				     struct fc_error *err);

struct fc_readahead;

/* Starts a thread that calls fill(ctx, ...) into a fixed ring of chunk-byte
 * buffers, as far as the ring allows ahead of the reader. NULL when no
 * thread or memory can be had: the caller then produces the bytes itself. */
struct fc_readahead *fc_readahead_start(fc_readahead_fill_fn fill, void *ctx, size_t chunk);

/* Up to cap bytes into dst: 0 at the end, -1 with *err the producer's error
 * once the bytes before it have been read. Waits for the thread when it is
 * behind. */
long fc_readahead_read(struct fc_readahead *ra, unsigned char *dst, size_t cap,
		       struct fc_error *err);

/* Stops the thread (after the chunk it is producing) and frees everything;
 * the producer's state is then past what was read ahead. NULL does nothing. */
void fc_readahead_stop(struct fc_readahead *ra);

#endif
