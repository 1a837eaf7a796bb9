/* Base64 VLQ, the number encoding of a source map's `mappings` (ECMA-426):
 * Base64 digits of six bits, the high bit of each a continuation flag, the
 * low five bits the value, least significant group first; the lowest bit of
 * the first group is the sign. */
#include "import/sourcemap.h"
#include "util/base64.h"

enum fc_vlq_status fc_vlq_decode(const char **s, const char *end, int32_t *value)
{
	const char *p = *s;
	uint64_t acc = 0;
	unsigned shift = 0;
	uint32_t mag;

	for (;;) {
		int d;

		if (p >= end) {
			*s = p;
			return FC_VLQ_TRUNCATED;
		}
		d = fc_base64_value((unsigned char)*p);
		if (d < 0) {
			*s = p;
			return FC_VLQ_BAD_CHAR;
		}
		/* 32 bits need at most 7 groups; the 7th may carry 2 bits */
		if (shift > 30 || (shift == 30 && (d & 31) > 3)) {
			*s = p;
			return FC_VLQ_OVERFLOW;
		}
		acc |= (uint64_t)(d & 31) << shift;
		shift += 5;
		p++;
		if (!(d & 32))
			break;
	}
	*s = p;
	mag = (uint32_t)(acc >> 1);
	if (!(acc & 1))
		*value = (int32_t)mag;
	else if (mag == 0)
		*value = INT32_MIN; /* "negative zero" encodes -2^31 */
	else
		*value = -(int32_t)mag;
	return FC_VLQ_OK;
}
