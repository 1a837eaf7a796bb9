/* Shared inside src/diff/. */
#ifndef FC_DIFF_INTERNAL_H
#define FC_DIFF_INTERNAL_H

#include "flamechart/diff.h"
#include "flamechart/map.h"

/* "+12.3 ms" / "-4.1 ms" (U+2212 minus) and "+4.1%" for a change. */
void fc_diff_format_ms(double us, char *out, size_t size);
void fc_diff_format_pct(double delta, double base, char *out, size_t size);

/* A string -> index table: the keys in the order found, and the map from a
 * key's hash to its index. */
struct fc_diff_table {
	char **keys;
	struct fc_map index; /* hash of a key -> its index */
	size_t n, cap;
};

#endif
