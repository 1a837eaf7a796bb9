/* Shared inside src/diff/. */
#ifndef FC_DIFF_INTERNAL_H
#define FC_DIFF_INTERNAL_H

#include "flamechart/diff.h"
#include "flamechart/map.h"

/* "+12.3 ms" / "-4.1 ms" (U+2212 minus) and "+4.1%" for a change. */
void fc_diff_format_ms(double us, char *out, size_t size);
void fc_diff_format_pct(double delta, double base, char *out, size_t size);

/* Welch's test from each side's mean and sample variance (n - 1), as
 * fc_diff_welch computes them. */
double fc_diff_welch_moments(double ma, double va, size_t na, double mb, double vb, size_t nb,
			     double *t, double *df);

/* fc_diff_key_path's answer without a copy: it is always a tail of url. */
const char *fc_diff_key_suffix(const char *url, const char *app_prefix, const char *const *strip,
			       size_t n_strip);

/* The longest name or key path the JSON and the folded stacks write
 * whole, in bytes: a longer one (a URL of a megabyte that a thousand
 * functions share) is cut on a character boundary and ends in "…", so that
 * an output stays in proportion to its input. Functions are still told
 * apart by their whole keys. */
#define FC_DIFF_TEXT_MAX 4096

/* s, or its cut copy in buf (FC_DIFF_TEXT_MAX + 1 bytes) when longer than
 * FC_DIFF_TEXT_MAX. */
const char *fc_diff_text(const char *s, char *buf);
/* The same for a limit of max bytes (at least 4; buf has max + 1). */
const char *fc_diff_text_cut(const char *s, size_t max, char *buf);

/* The order of two functions' keys when all else is equal: thread slot,
 * name, key path, line, column (a thread slot's root first). */
int fc_diff_item_cmp(const struct fc_diff_item *x, const struct fc_diff_item *y);

#endif
