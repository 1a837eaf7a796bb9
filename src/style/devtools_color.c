/* DevTools' colour generator, exactly: hashCode in doubles and the HSL
 * spaces of Color.Generator (devtools-rules §5.1). Built with
 * -ffp-contract=off so that s + zi * xi is not fused. */
#include <math.h>
#include <string.h>

#include "style/style.h"
#include "util/util.h"
#include "model/profile.h"

/* Next code point of a UTF-8 string (assumed valid: the string pool
 * sanitises every string). */
static uint32_t next_cp(const unsigned char **s)
{
	const unsigned char *p = *s;
	uint32_t cp;
	size_t n = fc_utf8_seqlen(p[0]), i;

	cp = n == 1 ? p[0] : n == 2 ? p[0] & 0x1f : n == 3 ? p[0] & 0x0f : p[0] & 0x07;
	for (i = 1; i < n && p[i]; i++)
		cp = (cp << 6) | (p[i] & 0x3f);
	*s = p + i;
	return cp;
}

/* v mod 2^32 - 5 without a division: 2^32 = 5 (mod 2^32 - 5), so the high
 * half folds onto the low half, five times over, until v fits. */
static uint64_t mod_p64(uint64_t v)
{
	v = (v >> 32) * 5 + (v & 0xffffffffu); /* < 6 * 2^32 */
	v = (v >> 32) * 5 + (v & 0xffffffffu); /* < 2^32 + 25 */
	return v >= 4294967291u ? v - 4294967291u : v;
}

/* fmod(x, 2^32 - 5) for the whole, non-negative x of the hash (below 2^81),
 * exactly, in integers: x is m * 2^e with a 53-bit m, so its remainder is
 * m's remainder doubled e times (32 bits at a time), each step reduced.
 * fmod gives the same value by a slow loop for large x. */
static double mod_p(double x)
{
	uint64_t bits, m, r;
	int e;

	if (!(x >= 0 && x < 0x1p1023))
		return fmod(x, 4294967291.0);
	if (x < 0x1p63)
		return (double)mod_p64((uint64_t)x);
	memcpy(&bits, &x, sizeof(bits));
	m = (bits & ((UINT64_C(1) << 52) - 1)) | UINT64_C(1) << 52;
	e = (int)(bits >> 52) - 1075; /* x = m * 2^e, e > 10 here */
	r = mod_p64(m);
	for (; e > 0; e -= 32)
		r = mod_p64(r << (e < 32 ? e : 32));
	return (double)r;
}

uint32_t fc_devtools_hash(const char *utf8)
{
	const double p = 4294967291.0;  /* 2^32 - 5 */
	const double z = 1345575271.0;  /* 0x5033d967 */
	const double z2 = 1506996573.0; /* 0x59d2f15d */
	const unsigned char *s = (const unsigned char *)utf8;
	double acc = 0, zi = 1;
	uint32_t u;
	int32_t i32;

	if (!*s)
		return 0;
	while (*s) {
		uint32_t cp = next_cp(&s);
		uint32_t units[2];
		int n = 1, k;

		if (cp >= 0x10000) {
			cp -= 0x10000;
			units[0] = 0xd800 + (cp >> 10);
			units[1] = 0xdc00 + (cp & 0x3ff);
			n = 2;
		} else {
			units[0] = cp;
		}
		for (k = 0; k < n; k++) {
			double xi = (double)units[k] * z2;
			acc = mod_p(acc + zi * xi);
			zi = mod_p(zi * z);
		}
	}
	acc = mod_p(acc + zi * (p - 1));
	/* |ToInt32(acc)| */
	u = (uint32_t)(uint64_t)acc;
	i32 = (int32_t)u;
	return i32 < 0 ? (uint32_t)(-(int64_t)i32) : (uint32_t)i32;
}

/* Color.Generator's indexToValueInSpace. */
int fc_hsl_space_count(const struct fc_hsl_space *sp)
{
	return sp->count ? sp->count : sp->max - sp->min;
}

int fc_hsl_space_value(const struct fc_hsl_space *sp, int64_t index)
{
	int count = fc_hsl_space_count(sp);

	if (sp->min == sp->max || count <= 1)
		return sp->min;
	index %= count; /* like JS %: negative stays negative */
	return sp->min +
	       (int)floor((double)index / (double)(count - 1) * (double)(sp->max - sp->min));
}

void fc_devtools_hsl(const char *id, const struct fc_hsl_space *h, const struct fc_hsl_space *s,
		     const struct fc_hsl_space *l, int *hue, int *sat, int *light)
{
	uint32_t hash = fc_devtools_hash(id); /* 0 .. 2^31 */
	int32_t h32 = (int32_t)hash;          /* JS ToInt32 before >> */

	*hue = fc_hsl_space_value(h, hash);
	*sat = fc_hsl_space_value(s, h32 >> 8);
	*light = fc_hsl_space_value(l, h32 >> 16);
}

static double hue_to_rgb(double m1, double m2, double h)
{
	if (h < 0)
		h += 1;
	if (h > 1)
		h -= 1;
	if (h * 6 < 1)
		return m1 + (m2 - m1) * h * 6;
	if (h * 2 < 1)
		return m2;
	if (h * 3 < 2)
		return m1 + (m2 - m1) * (2.0 / 3.0 - h) * 6;
	return m1;
}

struct fc_rgb fc_hsl_to_rgb(double h_deg, double s_pct, double l_pct)
{
	double h = fmod(h_deg, 360.0) / 360.0, s = s_pct / 100.0, l = l_pct / 100.0;
	double m2 = l <= 0.5 ? l * (s + 1) : l + s - l * s, m1 = l * 2 - m2;
	struct fc_rgb c;

	if (h < 0)
		h += 1;
	c.r = (uint8_t)lround(hue_to_rgb(m1, m2, h + 1.0 / 3.0) * 255.0);
	c.g = (uint8_t)lround(hue_to_rgb(m1, m2, h) * 255.0);
	c.b = (uint8_t)lround(hue_to_rgb(m1, m2, h - 1.0 / 3.0) * 255.0);
	return c;
}

void fc_rgb_hex(struct fc_rgb c, char out[8])
{
	static const char hex[] = "0123456789abcdef";

	out[0] = '#';
	out[1] = hex[c.r >> 4];
	out[2] = hex[c.r & 15];
	out[3] = hex[c.g >> 4];
	out[4] = hex[c.g & 15];
	out[5] = hex[c.b >> 4];
	out[6] = hex[c.b & 15];
	out[7] = '\0';
}
