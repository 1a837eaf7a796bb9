#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "import/source.h"
#include "util/util.h"

static void size_text(uint64_t n, char *buf, size_t size)
{
	if (n >= (UINT64_C(1) << 30))
		snprintf(buf, size, "%.1f GiB", (double)n / (double)(UINT64_C(1) << 30));
	else if (n >= (UINT64_C(1) << 20))
		snprintf(buf, size, "%.1f MiB", (double)n / (double)(UINT64_C(1) << 20));
	else
		snprintf(buf, size, "%llu bytes", (unsigned long long)n);
}

static bool too_big(struct fc_source *s, uint64_t n, struct fc_error *err)
{
	char a[32], b[32];

	size_text(n, a, sizeof(a));
	size_text(s->max_bytes, b, sizeof(b));
	fc_error_set(err, FC_ERR_LIMIT, "input is larger than %s%s (the --max-input-size limit)",
		     b, s->gz ? " after decompression" : "");
	(void)a;
	return false;
}

bool fc_source_open(struct fc_source *s, const char *path, uint64_t max_bytes,
		    struct fc_error *err)
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
			too_big(s, (uint64_t)st.st_size, err);
			fc_source_close(s);
			return false;
		}
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
	s->buf = (unsigned char *)data; /* not owned: buf_cap stays 0 */
	s->buf_len = len;
	s->eof = true;
}

void fc_source_close(struct fc_source *s)
{
	if (s->close_fd && s->fd >= 0)
		close(s->fd);
	if (s->buf_cap)
		free(s->buf);
	s->fd = -1;
	s->buf = NULL;
	s->buf_cap = 0;
}

/* Reads more raw bytes after buf_len; 0 at EOF. */
static bool fill(struct fc_source *s, struct fc_error *err)
{
	ssize_t r;

	if (s->eof || s->buf_len >= s->buf_cap)
		return true;
	do {
		r = read(s->fd, s->buf + s->buf_len, s->buf_cap - s->buf_len);
	} while (r < 0 && errno == EINTR);
	if (r < 0) {
		fc_error_set(err, FC_ERR_IO, "read error: %s", strerror(errno));
		return false;
	}
	if (r == 0) {
		s->eof = true;
		return true;
	}
	s->buf_len += (size_t)r;
	if (s->max_bytes && s->consumed + s->buf_len - s->buf_pos > s->max_bytes)
		return too_big(s, s->consumed + s->buf_len - s->buf_pos, err);
	return true;
}

bool fc_source_peek(struct fc_source *s, size_t want, const unsigned char **data, size_t *len,
		    struct fc_error *err)
{
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
		if (!fill(s, err))
			return false;
	}
	*data = s->buf + s->buf_pos;
	*len = s->buf_len - s->buf_pos < want ? s->buf_len - s->buf_pos : want;
	return true;
}

bool fc_source_next(struct fc_source *s, const unsigned char **data, size_t *len,
		    struct fc_error *err)
{
	if (s->buf_pos >= s->buf_len) {
		s->buf_pos = s->buf_len = 0;
		if (!fill(s, err))
			return false;
	}
	*data = s->buf + s->buf_pos;
	*len = s->buf_len - s->buf_pos;
	s->consumed += *len;
	s->buf_pos = s->buf_len;
	return true;
}

bool fc_source_slurp(struct fc_source *s, unsigned char **data, size_t *len,
		     struct fc_error *err)
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
