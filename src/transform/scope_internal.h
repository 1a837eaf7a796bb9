/* What each scope transform reports for the header, and the compiled
 * patterns. Private to src/transform/. */
#ifndef FC_TRANSFORM_SCOPE_INTERNAL_H
#define FC_TRANSFORM_SCOPE_INTERNAL_H

#include <regex.h>

#include "transform/scope.h"

struct fc_scope_re {
	struct fc_scope_re *next;
	char *pattern;
	regex_t re;
};

/* Filled by a transform (all zero when it changed nothing). Weights are
 * in the profile's unit (µs, or the folded weight). */
struct fc_scope_stats {
	double before, after; /* weight of the samples not on the root */
	uint32_t matched;     /* frames that match the pattern */
	uint32_t folded;      /* recursion: nodes folded away */
	uint32_t levels;      /* recursion: most folded on one stack */
	uint32_t cut;         /* reverse: stacks cut at the depth cap */
	/* focus: the callers of the outermost matches, by weight */
	uint32_t caller[3];
	double caller_w[3];
	uint32_t n_callers; /* distinct callers */
	double self, total; /* sandwich: the function's self and total */
};

bool fc_scope_exclude_x(struct fc_profile *p, const uint8_t *match, struct fc_scope_stats *st,
			struct fc_error *err);
bool fc_scope_focus_x(struct fc_profile *p, const uint8_t *match, struct fc_scope_stats *st,
		      struct fc_error *err);
bool fc_scope_prune_x(struct fc_profile *p, const uint8_t *match, struct fc_scope_stats *st,
		      struct fc_error *err);
bool fc_scope_recursion_x(struct fc_profile *p, enum fc_recursion how, struct fc_scope_stats *st,
			  struct fc_error *err);
bool fc_scope_reverse_x(struct fc_profile *p, struct fc_scope_stats *st, struct fc_error *err);

/* Weight of the samples of p that are not on the root. */
double fc_scope_weight(const struct fc_profile *p);

#endif
