/* One function's answer (`info --function RE`, docs/lines.md): its total
 * and self time, who calls it and what it calls with their shares -- the
 * sandwich view as numbers -- computed from the call tree. */
#ifndef FC_DRILL_H
#define FC_DRILL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/profile.h"

/* A caller or callee and the time of the samples in which it calls (or is
 * called by) the function, each sample counted once. */
struct fc_drill_edge {
	uint32_t frame;
	double us;
};

struct fc_drill {
	uint32_t frame;
	double self_us;  /* samples whose leaf is the function */
	double total_us; /* samples with the function on the stack, once each */
	/* heaviest first (ties: frame index); the root is no caller */
	struct fc_drill_edge *callers, *callees;
	size_t n_callers, n_callees;
};

#define FC_DRILL_MAX 5 /* functions answered for at most */

/* The frames match marks (n_frames bytes, fc_scope_match_frames) that
 * were on a sampled stack, most total time first: at most max of them in
 * frames, their count in *n. false on allocation failure. */
bool fc_drill_pick(const struct fc_profile *p, const uint8_t *match, uint32_t *frames, size_t max,
		   size_t *n, size_t *n_all);

/* The answer for frame of p. false on allocation failure. */
bool fc_drill_compute(const struct fc_profile *p, uint32_t frame, struct fc_drill *out);
void fc_drill_finish(struct fc_drill *d);

#endif
