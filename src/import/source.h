/* Input bytes: a file, a FIFO or stdin, read in chunks with a size bound and
 * a look-ahead buffer for format detection. gzip input (recognised by its
 * magic bytes, not its name) is decoded transparently; the size bound then
 * applies to the decoded bytes. */
#ifndef FC_IMPORT_SOURCE_H
#define FC_IMPORT_SOURCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "flamechart/error.h"

/* The fuzz build of the file target (fuzz/meson.build) divides the chunk,
 * read-ahead and detection sizes by FC_FUZZ_SCALE, so that its inputs cross
 * them at a fraction of the cost; every other build uses them as they are. */
#ifndef FC_FUZZ_SCALE
#define FC_FUZZ_SCALE 1
#endif

#define FC_SOURCE_CHUNK (256 * 1024 / FC_FUZZ_SCALE)
/* Regular files of at least this many bytes are read ahead by a thread,
 * unless the page cache holds nine tenths of them or more ... */
#define FC_SOURCE_READAHEAD_MIN (4 * 1024 * 1024 / FC_FUZZ_SCALE)
/* ... and gzip files of at least this many (compressed) bytes are read and
 * inflated by one (docs/threads.md). */
#define FC_SOURCE_GZ_THREAD_MIN (256 * 1024 / FC_FUZZ_SCALE)

struct fc_gunzip;
struct fc_readahead;

struct fc_source {
	int fd;
	bool close_fd;
	const char *name;   /* for messages */
	uint64_t max_bytes; /* 0 = unbounded; counts decoded bytes */
	uint64_t consumed;  /* bytes handed out so far */
	/* Largest raw read, 0 = a whole chunk. Tests and fuzz targets set it
	 * to deliver the input in small pieces, as a slow pipe does, so that
	 * every chunk boundary is exercised (memory is then read, not
	 * borrowed). */
	size_t read_max;
	/* Threads the input may use: 0 = as many as the CPUs available to the
	 * process, 1 = none beside the caller's (no read-ahead). Set it before
	 * the first read. */
	unsigned threads;
	/* Read a large plain file ahead even when the page cache holds it
	 * (tests: the thread's path is then taken on a file just written). */
	bool read_ahead_cached;
	unsigned char *buf;               /* decoded look-ahead, FC_SOURCE_CHUNK bytes or more */
	size_t buf_len, buf_pos, buf_cap; /* buf_cap 0: buf is borrowed memory */
	bool eof;                         /* no decoded bytes beyond buf */
	void *gz;                         /* struct fc_gunzip * when the input is gzip */

	/* private: the raw (possibly compressed) input */
	const unsigned char *mem; /* memory input, or NULL for fd */
	size_t mem_len, mem_pos;
	bool started;  /* gzip magic checked */
	bool seekable; /* a regular file or memory: fc_source_rewind works */
	bool raw_eof;
	bool sniffed;            /* the gzip magic has been looked for */
	struct fc_readahead *ra; /* large regular files: the reading thread */
	bool ra_wanted;          /* a plain file large enough for read-ahead */
	bool gz_ra_wanted;       /* a file large enough to inflate on a thread */
	unsigned char *zin;      /* compressed bytes not yet decoded */
	size_t zin_len, zin_pos, zin_cap;
	uint64_t decoded; /* decoded bytes produced so far */
	/* A gzip fault found while decoding bytes that came before it: those
	 * bytes are handed out first and the fault with the next read, so it
	 * surfaces at the same byte however the input arrives. */
	bool gz_failed;
	struct fc_error gz_failure;
};

/* Opens path ("-" = stdin). Directories, unreadable files and regular files
 * over max_bytes are errors (code FC_ERR_IO or FC_ERR_LIMIT). */
bool fc_source_open(struct fc_source *s, const char *path, uint64_t max_bytes,
		    struct fc_error *err);

/* Wraps a memory buffer (not copied; must outlive the source). */
void fc_source_memory(struct fc_source *s, const char *name, const void *data, size_t len);

/* Makes at least want bytes visible without consuming them (fewer at end of
 * input). data and len point into the look-ahead buffer. */
bool fc_source_peek(struct fc_source *s, size_t want, const unsigned char **data, size_t *len,
		    struct fc_error *err);

/* Returns the next chunk (*len == 0 at end of input). The data stays valid
 * until the next call. */
bool fc_source_next(struct fc_source *s, const unsigned char **data, size_t *len,
		    struct fc_error *err);

/* True when the input can be read again from the start (regular files and
 * memory; not pipes). */
bool fc_source_can_rewind(const struct fc_source *s);

/* Starts over from the first byte. False with err set when that fails. */
bool fc_source_rewind(struct fc_source *s, struct fc_error *err);

/* True when the input is gzip (known once a byte has been peeked or read). */
bool fc_source_is_gzip(const struct fc_source *s);

void fc_source_close(struct fc_source *s);

/* Reads the whole input into a malloc'd buffer (bounded by max_bytes).
 * The caller frees *data. */
bool fc_source_slurp(struct fc_source *s, unsigned char **data, size_t *len, struct fc_error *err);

#endif
