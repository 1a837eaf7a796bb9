/* Fuzz target: the gzip layer of the input source (src/import/gzip.c,
 * source.c). The source must hand out exactly what a plain one-shot decode
 * of all gzip members gives (written here against zlib, without the
 * source's buffering, member and truncation logic), fail where that decode
 * fails, and stop at the size bound; then the decoded bytes go through
 * detection and the importers like any input. */
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "harness.h"
#include "import/source.h"

/* Decoded bytes this target allows: small, so the bound is reached often. */
#define BOUND ((size_t)1 << 20)

enum ref_result { REF_OK, REF_BAD, REF_TOO_BIG };

/* Reference: every member decoded into out (up to BOUND + 1 bytes). */
static enum ref_result reference(const uint8_t *in, size_t n, uint8_t *out, size_t *out_len)
{
	z_stream z;
	enum ref_result r = REF_OK;
	size_t pos = 0;

	*out_len = 0;
	if (n < 2 || in[0] != 0x1f || in[1] != 0x8b) {
		/* not gzip: the source passes the bytes through */
		if (n > BOUND)
			return REF_TOO_BIG;
		memcpy(out, in, n);
		*out_len = n;
		return REF_OK;
	}
	while (pos < n) {
		int rc;
		if (n - pos < 2 || in[pos] != 0x1f || in[pos + 1] != 0x8b)
			return REF_BAD; /* bytes after a member that are not another one */
		memset(&z, 0, sizeof(z));
		if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK)
			abort();
		z.next_in = (Bytef *)(in + pos);
		z.avail_in = (uInt)(n - pos);
		do {
			z.next_out = out + *out_len;
			z.avail_out = (uInt)(BOUND + 1 - *out_len);
			rc = inflate(&z, Z_FINISH);
			*out_len = BOUND + 1 - z.avail_out;
		} while (rc == Z_OK && z.avail_out > 0);
		pos = n - z.avail_in;
		inflateEnd(&z);
		if (*out_len > BOUND)
			return REF_TOO_BIG;
		if (rc != Z_STREAM_END) {
			r = REF_BAD; /* corrupt or truncated */
			break;
		}
	}
	return r;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* one buffer for every run: under ASan a fresh megabyte each run cost
	 * more than the decoding (mapping, shadow poisoning, unmapping) */
	static uint8_t *want;
	enum ref_result ref;
	size_t want_len, got = 0, piece;
	struct fc_source src;
	struct fc_error err;
	const unsigned char *chunk;
	size_t len;
	bool ok = true;

	if (!want)
		want = malloc(BOUND + 1);
	fuzz_check(want != NULL, "out of memory");
	ref = reference(data, size, want, &want_len);

	/* the source, reading its raw input in pieces of varying size */
	for (piece = 0; piece <= 7; piece += 7) {
		fc_error_init(&err);
		fc_source_memory(&src, "fuzz", data, size);
		src.max_bytes = BOUND;
		src.read_max = piece;
		got = 0;
		for (;;) {
			ok = fc_source_next(&src, &chunk, &len, &err);
			if (!ok || len == 0)
				break;
			fuzz_check(got + len <= BOUND, "source handed out more than its bound");
			fuzz_check(got + len <= want_len && memcmp(chunk, want + got, len) == 0,
				   "source bytes differ from the reference decode");
			got += len;
		}
		fc_source_close(&src);
		if (ref == REF_OK) {
			/* (the expansion-ratio guard starts past BOUND) */
			fuzz_check(ok, "source failed on a valid stream");
			fuzz_check(got == want_len, "source stopped early on a valid stream");
		} else if (ref == REF_TOO_BIG) {
			/* corruption just past the bound may be seen first */
			fuzz_check(!ok && (err.code == FC_ERR_LIMIT || err.code == FC_ERR_SYNTAX),
				   "size bound not enforced");
		} else {
			fuzz_check(!ok, "source accepted a corrupt or truncated stream");
			fuzz_check(err.code == FC_ERR_SYNTAX, "corrupt stream: wrong error code");
		}
		if (!ok)
			fuzz_check(err.text[0] != '\0' &&
					   fuzz_text_clean(err.text, strlen(err.text)),
				   "source error message");
	}

	/* then as a whole input: detection and whichever importer it picks */
	fuzz_import(data, size, FC_FORMAT_AUTO);
	return 0;
}
