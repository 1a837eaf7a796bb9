/* Shared inside src/diff/. */
#ifndef FC_DIFF_INTERNAL_H
#define FC_DIFF_INTERNAL_H

#include "flamechart/diff.h"
#include "flamechart/map.h"

/* "+12.3 ms" / "-4.1 ms" (U+2212 minus) and "+4.1%" for a change. */
void fc_diff_format_ms(double us, char *out, size_t size);
void fc_diff_format_pct(double delta, double base, char *out, size_t size);

/* A string -> index table (open addressing). find: *out = the index or
 * FC_NONE; with add, a new key gets the next index. false on allocation
 * failure. */
struct fc_diff_table {
	char **keys;
	struct fc_map index; /* hash of a key -> its index */
	size_t n, cap;
};
bool fc_diff_table_find(struct fc_diff_table *t, const char *key, bool add, uint32_t *out);
void fc_diff_table_finish(struct fc_diff_table *t);

#endif
