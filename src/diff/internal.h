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

/* How far the code around each named function found on both sides moved
 * (src/diff/moves.c): BASE's line of the function and HEAD's line minus it,
 * sorted by key path and line. */
struct fc_diff_move {
	char *file;
	int32_t line, shift;
};

struct fc_diff_moves {
	struct fc_diff_move *v;
	size_t n;
};

/* From both sides' merged graphs (before they are summed; the app prefixes
 * known). false on allocation failure, with m empty. */
bool fc_diff_moves_find(struct fc_diff_moves *m, const struct fc_diff_input *base,
			const struct fc_diff_input *head, const struct fc_diff_options *o);
/* A BASE line of file in HEAD's lines: moved as the nearest named function
 * above it moved (the file's first one when none is above; unmoved when the
 * file has none, and line 0, the script's own code). */
int32_t fc_diff_moves_line(const struct fc_diff_moves *m, const char *file, int32_t line);
void fc_diff_moves_finish(struct fc_diff_moves *m);

#endif
