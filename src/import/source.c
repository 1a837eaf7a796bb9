/* Chunked input with a size bound. The raw bytes come from a file
 * descriptor or from memory; when they start with the gzip magic they are
 * inflated on the fly (src/import/gzip.c), so the importers only ever see
 * decoded bytes and nothing is decompressed to memory or disk as a whole. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "import/gzip.h"
#include "import/readahead.h"
#include "import/source.h"
#include "util/util.h"
#include "model/profile.h"

static void size_text(uint64_t n, char *buf, size_t size)
{
	if (n >= (UINT64_C(1) << 30))
		snprintf(buf, size, "%.1f GiB", (double)n / (double)(UINT64_C(1) << 30));
	else if (n >= (UINT64_C(1) << 20))
		snprintf(buf, size, "%.1f MiB", (double)n / (double)(UINT64_C(1) << 20));
	else
		snprintf(buf, size, "%llu bytes", (unsigned long long)n);
}

static bool too_big(struct fc_source *s, struct fc_error *err)
{
	char b[32];

	size_text(s->max_bytes, b, sizeof(b));
	fc_error_set(err, FC_ERR_LIMIT, "input is larger than %s%s (the --max-input-size limit)", b,
		     s->gz ? " after decompression" : "");
	return false;
}

bool fc_source_open(struct fc_source *s, const char *path, uint64_t max_bytes, struct fc_error *err)
{
	struct stat st;

	memset(s, 0, sizeof(*s));
	s->fd = -1;
	s->name = path;
	s->max_bytes = max_bytes;
	if (strcmp(path, "-") == 0) {
		s->fd = STDIN_FILENO;
		s->name = "<stdin>";
	} else {
		s->fd = open(path, O_RDONLY | O_CLOEXEC);
		if (s->fd < 0) {
			fc_error_set(err, FC_ERR_IO, "cannot open: %s", strerror(errno));
			return false;
		}
		s->close_fd = true;
	}
	if (fstat(s->fd, &st) == 0) {
		if (S_ISDIR(st.st_mode)) {
			fc_error_set(err, FC_ERR_IO, "is a directory, not a profile");
			fc_source_close(s);
			return false;
		}
		if (S_ISREG(st.st_mode) && max_bytes && (uint64_t)st.st_size > max_bytes) {
			too_big(s, err);
			fc_source_close(s);
			return false;
		}
		s->seekable = S_ISREG(st.st_mode) && lseek(s->fd, 0, SEEK_CUR) == 0;
		s->ra_wanted = s->seekable && st.st_size >= FC_SOURCE_READAHEAD_MIN;
		s->gz_ra_wanted = s->seekable && st.st_size >= FC_SOURCE_GZ_THREAD_MIN;
	}
	s->buf_cap = FC_SOURCE_CHUNK;
	s->buf = malloc(s->buf_cap);
	if (!s->buf) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		fc_source_close(s);
		return false;
	}
	return true;
}

void fc_source_memory(struct fc_source *s, const char *name, const void *data, size_t len)
{
	memset(s, 0, sizeof(*s));
	s->fd = -1;
	s->name = name;
	s->mem = data;
	s->mem_len = len;
	s->seekable = true;
}

void fc_source_close(struct fc_source *s)
{
	fc_readahead_stop(s->ra);
	s->ra = NULL;
	if (s->close_fd && s->fd >= 0)
		close(s->fd);
	if (s->buf_cap)
		free(s->buf);
	fc_gunzip_destroy(s->gz);
	free(s->zin);
	s->fd = -1;
	s->buf = NULL;
	s->buf_cap = 0;
	s->gz = NULL;
	s->zin = NULL;
	s->zin_cap = 0;
}

bool fc_source_is_gzip(const struct fc_source *s)
{
	return s->gz != NULL;
}

bool fc_source_can_rewind(const struct fc_source *s)
{
	return s->seekable;
}

/* True when the input may use a thread beside the caller's. */
static bool may_thread(const struct fc_source *s)
{
	return !s->read_max && (s->threads ? s->threads : fc_cpus_available()) >= 2;
}

/* Whether the page cache holds nine tenths of the file or more (mincore on
 * a mapping of it, 4 096 pages a call). Reading such a file is a copy out of
 * memory; a thread that reads it ahead only moves the bytes through another
 * core's cache, which costs more than it saves (docs/threads.md). false when
 * that cannot be told. */
static bool mostly_cached(int fd)
{
	unsigned char vec[4096];
	struct stat st;
	long page = sysconf(_SC_PAGESIZE);
	size_t size, pages, resident = 0, at, i;
	void *map;

	if (page <= 0 || fstat(fd, &st) != 0 || st.st_size <= 0 ||
	    (uint64_t)st.st_size > SIZE_MAX / 2)
		return false;
	size = (size_t)st.st_size;
	map = mmap(NULL, size, PROT_READ, MAP_SHARED, fd, 0);
	if (map == MAP_FAILED)
		return false;
	pages = (size + (size_t)page - 1) / (size_t)page;
	for (at = 0; at < pages; at += sizeof(vec)) {
		size_t n = pages - at < sizeof(vec) ? pages - at : sizeof(vec);
		size_t len = at + n == pages ? size - at * (size_t)page : n * (size_t)page;

		if (mincore((unsigned char *)map + at * (size_t)page, len, vec) != 0) {
			resident = 0;
			break;
		}
		for (i = 0; i < n; i++)
			resident += vec[i] & 1;
	}
	munmap(map, size);
	return resident >= pages - pages / 10;
}

static long read_fd(struct fc_source *s, unsigned char *dst, size_t cap, struct fc_error *err)
{
	ssize_t r;

	do {
		r = read(s->fd, dst, cap);
	} while (r < 0 && errno == EINTR);
	if (r < 0) {
		fc_error_set(err, FC_ERR_IO, "read error: %s", strerror(errno));
		return -1;
	}
	return (long)r;
}

/* The plain read-ahead thread's producer. */
static long fill_plain(void *ctx, unsigned char *dst, size_t cap, struct fc_error *err)
{
	return read_fd(ctx, dst, cap, err);
}

/* Up to cap raw bytes; 0 at the end. -1 with err set on a read error. Runs
 * on the gzip thread too (fill_gz_thread), where s->gz is set: the plain
 * read-ahead is then neither started nor used. */
static long raw_read(struct fc_source *s, unsigned char *dst, size_t cap, struct fc_error *err)
{
	if (s->read_max && cap > s->read_max)
		cap = s->read_max;
	if (s->mem) {
		size_t n = s->mem_len - s->mem_pos < cap ? s->mem_len - s->mem_pos : cap;
		memcpy(dst, s->mem + s->mem_pos, n);
		s->mem_pos += n;
		return (long)n;
	}
	if (s->gz)
		return read_fd(s, dst, cap, err);
	if (s->ra_wanted && s->sniffed && !s->ra) {
		s->ra = may_thread(s) && (s->read_ahead_cached || !mostly_cached(s->fd))
				? fc_readahead_start(fill_plain, s, FC_SOURCE_CHUNK)
				: NULL;
		s->ra_wanted = s->ra != NULL;
	}
	if (s->ra)
		return fc_readahead_read(s->ra, dst, cap, err);
	return read_fd(s, dst, cap, err);
}

/* Decodes up to cap bytes of gzip data into dst: *n of them, *done when the
 * stream has ended. False with err set on a fault; a fault found after some
 * bytes is kept for the next call, so that those bytes come first. */
static bool gz_step(struct fc_source *s, unsigned char *dst, size_t cap, size_t *n, bool *done,
		    struct fc_error *err)
{
	size_t used;
	bool ok;

	*n = 0;
	*done = false;
	if (s->gz_failed) {
		fc_error_set(err, s->gz_failure.code, "%s", s->gz_failure.text);
		return false;
	}
	/* The decoder takes all input it is given unless its output is full,
	 * except between members where it waits for two magic bytes. */
	if (!s->raw_eof && s->zin_len - s->zin_pos < 2) {
		long r;
		memmove(s->zin, s->zin + s->zin_pos, s->zin_len - s->zin_pos);
		s->zin_len -= s->zin_pos;
		s->zin_pos = 0;
		r = raw_read(s, s->zin + s->zin_len, s->zin_cap - s->zin_len, err);
		if (r < 0)
			return false;
		if (r == 0)
			s->raw_eof = true;
		s->zin_len += (size_t)r;
	}
	ok = fc_gunzip_run(s->gz, s->zin + s->zin_pos, s->zin_len - s->zin_pos, s->raw_eof, &used,
			   dst, cap, n, done, err);
	s->zin_pos += used;
	if (!ok) {
		if (*n == 0)
			return false;
		/* the bytes before the fault first (struct fc_source) */
		s->gz_failure = *err;
		s->gz_failed = true;
	}
	return true;
}

/* The gzip thread's producer: reads and inflates until it has bytes. */
static long fill_gz_thread(void *ctx, unsigned char *dst, size_t cap, struct fc_error *err)
{
	struct fc_source *s = ctx;
	size_t n;
	bool done;

	do {
		if (!gz_step(s, dst, cap, &n, &done, err))
			return -1;
	} while (!n && !done);
	return (long)n;
}

/* Decodes more gzip data after buf_len, on this thread or from the gzip
 * thread's ring. */
static bool fill_gz(struct fc_source *s, struct fc_error *err)
{
	size_t produced;
	bool done;

	if (s->buf_len >= s->buf_cap)
		return true;
	/* After the first chunk (all that detecting the format takes), a large
	 * file is inflated on a thread, which from then on owns the decoder,
	 * its input and the fd. */
	if (s->gz_ra_wanted && s->decoded && !s->ra && !s->mem) {
		s->ra = may_thread(s) ? fc_readahead_start(fill_gz_thread, s, FC_SOURCE_CHUNK)
				      : NULL;
		s->gz_ra_wanted = s->ra != NULL;
	}
	if (s->ra) {
		long r =
			fc_readahead_read(s->ra, s->buf + s->buf_len, s->buf_cap - s->buf_len, err);
		if (r < 0)
			return false;
		produced = (size_t)r;
		done = r == 0;
	} else if (!gz_step(s, s->buf + s->buf_len, s->buf_cap - s->buf_len, &produced, &done,
			    err)) {
		return false;
	}
	s->buf_len += produced;
	s->decoded += produced;
	if (done)
		s->eof = true;
	if (s->max_bytes && s->decoded > s->max_bytes)
		return too_big(s, err);
	return true;
}

static bool start_gz(struct fc_source *s, const unsigned char *first, size_t n,
		     struct fc_error *err)
{
	/* The input buffer is kept across a rewind: it must still hold the
	 * first raw bytes, which the second start() may have read into a
	 * chunk buffer that detection has grown meanwhile. */
	if (!s->zin || s->zin_cap < n) {
		size_t cap = n > FC_SOURCE_CHUNK ? n : FC_SOURCE_CHUNK;
		unsigned char *z = realloc(s->zin, cap);
		if (!z) {
			fc_error_set(err, FC_ERR_NOMEM, "out of memory");
			return false;
		}
		s->zin = z;
		s->zin_cap = cap;
	}
	s->gz = fc_gunzip_create(err);
	if (!s->zin || !s->gz) {
		if (!s->zin)
			fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	memcpy(s->zin, first, n);
	s->zin_len = n;
	s->zin_pos = 0;
	return true;
}

/* The chunk buffer, allocated on first use. */
static bool chunk_buffer(struct fc_source *s, struct fc_error *err)
{
	if (s->buf_cap)
		return true;
	s->buf = malloc(FC_SOURCE_CHUNK);
	if (!s->buf) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	s->buf_cap = FC_SOURCE_CHUNK;
	return true;
}

/* First read: look for the gzip magic before any byte is handed out. */
static bool start(struct fc_source *s, struct fc_error *err)
{
	s->started = true;
	if (s->mem && !s->read_max) {
		if (!fc_gzip_magic(s->mem, s->mem_len)) {
			/* plain memory is used in place */
			s->buf = (unsigned char *)s->mem;
			s->buf_cap = 0;
			s->buf_len = s->mem_len;
			s->mem_pos = s->mem_len;
			s->decoded = s->mem_len;
			s->eof = true;
			if (s->max_bytes && s->decoded > s->max_bytes)
				return too_big(s, err);
			return true;
		}
		if (!chunk_buffer(s, err) || !start_gz(s, s->mem, 0, err))
			return false;
		return fill_gz(s, err);
	}
	/* memory read in pieces (read_max) */
	if (!chunk_buffer(s, err))
		return false;
	while (s->buf_len < 2) {
		/* one chunk at most, whatever detection grew the buffer to */
		long r = raw_read(s, s->buf + s->buf_len, FC_SOURCE_CHUNK - s->buf_len, err);
		if (r < 0)
			return false;
		if (r == 0) {
			s->eof = true;
			break;
		}
		s->buf_len += (size_t)r;
	}
	s->sniffed = true;
	if (fc_gzip_magic(s->buf, s->buf_len)) {
		s->eof = false;
		if (!start_gz(s, s->buf, s->buf_len, err))
			return false;
		s->buf_len = 0;
		return fill_gz(s, err);
	}
	s->decoded = s->buf_len;
	if (s->max_bytes && s->decoded > s->max_bytes)
		return too_big(s, err);
	return true;
}

/* Reads or decodes more bytes after buf_len. */
static bool fill(struct fc_source *s, struct fc_error *err)
{
	long r;

	if (!s->started)
		return start(s, err);
	if (s->eof)
		return true;
	if (s->gz)
		return fill_gz(s, err);
	if (s->buf_len >= s->buf_cap)
		return true;
	r = raw_read(s, s->buf + s->buf_len, s->buf_cap - s->buf_len, err);
	if (r < 0)
		return false;
	if (r == 0) {
		s->eof = true;
		return true;
	}
	s->buf_len += (size_t)r;
	s->decoded += (uint64_t)r;
	if (s->max_bytes && s->decoded > s->max_bytes)
		return too_big(s, err);
	return true;
}

bool fc_source_peek(struct fc_source *s, size_t want, const unsigned char **data, size_t *len,
		    struct fc_error *err)
{
	if (!s->started && !fill(s, err))
		return false;
	if (s->buf_pos > 0 && s->buf_cap) {
		memmove(s->buf, s->buf + s->buf_pos, s->buf_len - s->buf_pos);
		s->buf_len -= s->buf_pos;
		s->buf_pos = 0;
	}
	if (s->buf_cap && want > s->buf_cap) {
		unsigned char *nb = realloc(s->buf, want);
		if (!nb) {
			fc_error_set(err, FC_ERR_NOMEM, "out of memory");
			return false;
		}
		s->buf = nb;
		s->buf_cap = want;
	}
	while (!s->eof && s->buf_len - s->buf_pos < want) {
		size_t before = s->buf_len;
		if (!fill(s, err))
			return false;
		if (s->buf_len == before && s->buf_len >= s->buf_cap)
			break; /* borrowed memory cannot grow */
	}
	*data = s->buf + s->buf_pos;
	*len = s->buf_len - s->buf_pos < want ? s->buf_len - s->buf_pos : want;
	return true;
}

bool fc_source_next(struct fc_source *s, const unsigned char **data, size_t *len,
		    struct fc_error *err)
{
	if (!s->started && !fill(s, err))
		return false;
	if (s->buf_pos >= s->buf_len) {
		if (s->buf_cap)
			s->buf_pos = s->buf_len = 0;
		/* a gzip header alone decodes to nothing: read on */
		while (s->buf_pos >= s->buf_len && !s->eof) {
			if (!fill(s, err))
				return false;
		}
	}
	*data = s->buf + s->buf_pos;
	*len = s->buf_len - s->buf_pos;
	s->consumed += *len;
	s->buf_pos = s->buf_len;
	return true;
}

bool fc_source_rewind(struct fc_source *s, struct fc_error *err)
{
	if (!s->seekable) {
		fc_error_set(err, FC_ERR_IO, "cannot read the input twice (it is a pipe)");
		return false;
	}
	/* the thread has read ahead: it stops before the offset moves back */
	fc_readahead_stop(s->ra);
	s->ra = NULL;
	if (!s->mem && lseek(s->fd, 0, SEEK_SET) != 0) {
		fc_error_set(err, FC_ERR_IO, "cannot seek: %s", strerror(errno));
		return false;
	}
	fc_gunzip_destroy(s->gz);
	s->gz = NULL;
	if (s->mem && !s->buf_cap)
		s->buf = NULL; /* borrowed: start() sets it again */
	s->mem_pos = 0;
	s->zin_len = s->zin_pos = 0;
	s->buf_len = s->buf_pos = 0;
	s->consumed = s->decoded = 0;
	s->started = s->sniffed = s->eof = s->raw_eof = s->gz_failed = false;
	return true;
}

bool fc_source_slurp(struct fc_source *s, unsigned char **data, size_t *len, struct fc_error *err)
{
	unsigned char *out = NULL;
	size_t n = 0, cap = 0;
	const unsigned char *chunk;
	size_t clen;

	for (;;) {
		if (!fc_source_next(s, &chunk, &clen, err))
			goto fail;
		if (!clen)
			break;
		if (!FC_GROW(out, cap, n + clen + 1)) {
			fc_error_set(err, FC_ERR_NOMEM, "out of memory");
			goto fail;
		}
		memcpy(out + n, chunk, clen);
		n += clen;
	}
	if (!out && !(out = malloc(1))) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		goto fail;
	}
	out[n] = '\0';
	*data = out;
	*len = n;
	return true;
fail:
	free(out);
	return false;
}
