/* gzip decoding with zlib (RFC 1952 framing via inflateInit2's +16 window
 * bits). Members may be concatenated, as gzip(1) allows; anything else after
 * the last member is an error, and so is a member cut short. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "import/gzip.h"
#include "util/util.h"
#include "model/profile.h"

struct fc_gunzip {
	z_stream z;
	bool member_ended; /* between two members (or after the last) */
	uint64_t in_total, out_total;
};

bool fc_gzip_magic(const unsigned char *data, size_t len)
{
	return len >= 2 && data[0] == 0x1f && data[1] == 0x8b;
}

struct fc_gunzip *fc_gunzip_create(struct fc_error *err)
{
	struct fc_gunzip *g = calloc(1, sizeof(*g));

	if (!g) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return NULL;
	}
	/* 16 + MAX_WBITS: gzip header and trailer (CRC-32, length) are checked */
	if (inflateInit2(&g->z, 16 + MAX_WBITS) != Z_OK) {
		fc_error_set(err, FC_ERR_NOMEM, "cannot start the gzip decoder");
		free(g);
		return NULL;
	}
	return g;
}

void fc_gunzip_destroy(struct fc_gunzip *g)
{
	if (!g)
		return;
	inflateEnd(&g->z);
	free(g);
}

uint64_t fc_gunzip_in(const struct fc_gunzip *g)
{
	return g->in_total;
}

uint64_t fc_gunzip_out(const struct fc_gunzip *g)
{
	return g->out_total;
}

static void size_text(uint64_t n, char *buf, size_t size)
{
	if (n >= ((uint64_t)1 << 20))
		snprintf(buf, size, "%.1f MiB", (double)n / (double)((uint64_t)1 << 20));
	else if (n >= 1024)
		snprintf(buf, size, "%.1f KiB", (double)n / 1024.0);
	else
		snprintf(buf, size, "%llu bytes", (unsigned long long)n);
}

bool fc_gunzip_run(struct fc_gunzip *g, const unsigned char *in, size_t in_len, bool raw_eof,
		   size_t *used, unsigned char *out, size_t out_cap, size_t *produced, bool *done,
		   struct fc_error *err)
{
	z_stream *z = &g->z;
	bool ok = true;
	int rc;

	*done = false;
	z->next_in = (unsigned char *)in;
	z->avail_in = (uInt)in_len;
	z->next_out = out;
	z->avail_out = (uInt)out_cap;
	while (z->avail_out > 0) {
		if (g->member_ended) {
			if (z->avail_in == 0) {
				*done = raw_eof;
				break;
			}
			if (z->avail_in < 2 && !raw_eof)
				break; /* wait for the next member's magic */
			if (!fc_gzip_magic(z->next_in, z->avail_in)) {
				fc_error_set(err, FC_ERR_SYNTAX,
					     "unexpected data after the end of the gzip stream");
				ok = false;
				break;
			}
			inflateReset(z);
			g->member_ended = false;
		}
		rc = inflate(z, Z_NO_FLUSH);
		if (rc == Z_STREAM_END) {
			g->member_ended = true;
			continue;
		}
		if (rc == Z_BUF_ERROR) {
			/* no progress: either more input is needed or it has run out */
			if (z->avail_in == 0 && raw_eof) {
				fc_error_set(err, FC_ERR_SYNTAX,
					     "truncated gzip data: the file ends inside the "
					     "compressed stream");
				ok = false;
			}
			break;
		}
		if (rc != Z_OK) {
			fc_error_set(err, rc == Z_MEM_ERROR ? FC_ERR_NOMEM : FC_ERR_SYNTAX,
				     "corrupt gzip data: %s", z->msg ? z->msg : "inflate failed");
			ok = false;
			break;
		}
	}
	*used = in_len - z->avail_in;
	*produced = out_cap - z->avail_out;
	g->in_total += *used;
	g->out_total += *produced;
	if (ok && g->out_total > FC_GZIP_RATIO_FLOOR &&
	    g->out_total / FC_GZIP_MAX_RATIO > g->in_total) {
		char a[32], b[32];
		size_text(g->out_total, a, sizeof(a));
		size_text(g->in_total, b, sizeof(b));
		fc_error_set(err, FC_ERR_LIMIT,
			     "gzip data expands more than %d times (%s from %s): refusing a "
			     "likely decompression bomb; decompress it first if it is genuine",
			     FC_GZIP_MAX_RATIO, a, b);
		ok = false;
	}
	return ok;
}
