/* Summary numbers of a profile, shared by `info`, the image header and the
 * report: durations, counts, time per tier and package, top self time. */
#ifndef FC_STATS_H
#define FC_STATS_H

#include <stddef.h>
#include <stdint.h>

#include "model/profile.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FC_STATS_TOP 50

struct fc_stats_entry {
	uint32_t frame; /* frame index (functions) or string id (packages) */
	double self_us;
	uint64_t samples;
	double total_us; /* functions: time on the stack, recursion counted once */
};

struct fc_stats {
	double duration_us; /* header endTime - startTime (or the samples' span) */
	double sampled_us;  /* sum of sample durations */
	double interval_us; /* median interval */
	uint32_t n_samples, n_nodes, n_functions, max_depth;
	double tier_us[FC_TIER_COUNT];
	/* the FC_STATS_TOP functions with the most self time, heaviest first
	 * (ties: by name, then frame index) */
	struct fc_stats_entry *functions;
	size_t n_functions_with_self;
	/* deps packages by self time, heaviest first (ties: by name) */
	struct fc_stats_entry *packages;
	size_t n_packages;
	/* the functions with the most total time (on the stack), heaviest
	 * first (ties: by name, then frame index); the root is not one */
	struct fc_stats_entry *by_total;
	size_t n_by_total;
};

/* Computes the stats from the raw samples. false on allocation failure. */
bool fc_stats_compute(const struct fc_profile *p, struct fc_stats *out);

/* The same with the top `top` functions in each list (SIZE_MAX: all). */
bool fc_stats_compute_top(const struct fc_profile *p, size_t top, struct fc_stats *out);
void fc_stats_finish(struct fc_stats *s);

#ifdef __cplusplus
}
#endif

#endif
