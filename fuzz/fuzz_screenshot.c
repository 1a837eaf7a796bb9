/* Fuzz target: a trace's screenshot (input-rules §C8) as the trace reader
 * and the filmstrip take it: base64 decoded, then checked and decoded by
 * libjpeg (its errors must come back, never exit or crash). Input that is
 * not base64 is taken as the JPEG bytes themselves, so that the corpus can
 * hold both. The last byte chooses the thumbnail height. */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "model/screenshots.h"
#include "util/base64.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fc_buf b = { 0 };
	const unsigned char *jpeg = data;
	size_t len = size, bad;
	uint32_t w, h;
	struct fc_image img;
	char msg[200];

	if (fc_base64_decode((const char *)data, size, &b, &bad)) {
		fuzz_check(!b.failed, "out of memory decoding base64");
		fuzz_check(b.len <= size / 4 * 3 + 2, "base64 decoded to more than it holds");
		jpeg = (const unsigned char *)b.data;
		len = b.len;
	} else {
		fuzz_check(bad <= size, "base64: the bad byte is outside the input");
	}
	if (jpeg && fc_jpeg_check(jpeg, len, &w, &h, msg, sizeof(msg))) {
		fuzz_check(w > 0 && h > 0 && w <= FC_SHOT_MAX_SIDE && h <= FC_SHOT_MAX_SIDE,
			   "a checked JPEG's size");
		fuzz_check(fc_jpeg_decode(jpeg, len, size ? data[size - 1] % 200 : 60, &img, msg,
					  sizeof(msg)),
			   "a checked JPEG did not decode");
		fuzz_check(img.px && img.width && img.height && img.width <= w && img.height <= h,
			   "a decoded JPEG's size");
		free(img.px);
	}
	fc_buf_free(&b);
	return 0;
}
