/* Profiles as an embedder holds them: a set of imported profiles (threads or
 * files on one time axis), each an opaque struct fc_profile read through the
 * accessors below. The library's model itself is not part of the API. */
#ifndef FC_PROFILE_H
#define FC_PROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "flamechart/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Tiers, in legend order (input-rules §E2). */
enum fc_tier {
	FC_TIER_APP,
	FC_TIER_DEPS,
	FC_TIER_CORE,
	FC_TIER_NATIVE,
	FC_TIER_V8,
	FC_TIER_GC,
	FC_TIER_IDLE,
	FC_TIER_COUNT
};

enum fc_format {
	FC_FORMAT_AUTO,
	FC_FORMAT_CPUPROFILE,
	FC_FORMAT_TRACE,
	FC_FORMAT_SELF_PROFILING,
	FC_FORMAT_FOLDED,
	FC_FORMAT_HEAPPROFILE, /* V8 heap sampling profile: weights in bytes */
	FC_FORMAT_SPEEDSCOPE,  /* speedscope's file format */
	FC_FORMAT_HERMES,      /* Hermes sampling profiler (React Native) */
	FC_FORMAT_PPROF,       /* pprof's profile.proto, gzipped or not */
};

/* One imported profile: a sampled thread, a heap profile, or a file of
 * folded stacks. Owned by its set. */
struct fc_profile;

/* Several profiles (threads or files) that share one time axis. */
struct fc_profile_set {
	struct fc_profile **items;
	size_t count, cap;
};

/* Ownership: the set owns its profiles. */
FC_API void fc_profile_set_init(struct fc_profile_set *s);
FC_API void fc_profile_set_finish(struct fc_profile_set *s);

/* Its title: the file name, or the process and thread name. */
FC_API const char *fc_profile_name(const struct fc_profile *p);
/* The thread's name, NULL when the input does not give one. */
FC_API const char *fc_profile_thread_name(const struct fc_profile *p);
/* The format it was read from. */
FC_API enum fc_format fc_profile_format(const struct fc_profile *p);
/* How many samples, and how many distinct call frames, it holds. */
FC_API size_t fc_profile_sample_count(const struct fc_profile *p);
FC_API size_t fc_profile_frame_count(const struct fc_profile *p);
/* The unit of its weights: "us" for a time profile, else the weight unit
 * ("bytes" for a heap profile, "samples" for folded stacks). */
FC_API const char *fc_profile_unit(const struct fc_profile *p);
/* The sum of its samples' weights in that unit: the time the samples
 * cover, in µs, for a time profile. */
FC_API double fc_profile_total(const struct fc_profile *p);

#ifdef __cplusplus
}
#endif

#endif
