/* Shared inside src/diff/. */
#ifndef FC_DIFF_INTERNAL_H
#define FC_DIFF_INTERNAL_H

#include "flamechart/diff.h"
#include "flamechart/map.h"

/* Appends to out a copy of every profile of in whose frames are function
 * keys (the frames the image, the sums and the folded stacks share).
 * false on allocation failure. */
bool fc_diff_keyed_side(const struct fc_diff_options *o, const struct fc_diff_input *in,
			struct fc_profile_set *out);

/* "+12.3 ms" / "-4.1 ms" (U+2212 minus) and "+4.1%" for a change. */
void fc_diff_format_ms(double us, char *out, size_t size);
void fc_diff_format_pct(double delta, double base, char *out, size_t size);

/* The key string of a keyed frame: name, file, line, column joined by
 * U+001F. malloc'd; NULL on allocation failure. */
char *fc_diff_key_string(const struct fc_profile *p, const struct fc_frame *f);

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
