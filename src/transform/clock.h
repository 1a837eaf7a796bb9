/* Clocks of several profiles drawn together (a transform, before layout).
 * The threads of one process share a clock; profiles of different runs do
 * not, and on one axis they would sit days apart with nothing visible. */
#ifndef FC_CLOCK_H
#define FC_CLOCK_H

#include <stddef.h>

#include "model/profile.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Groups the profiles of set into recordings that share a clock: profiles
 * of one input file; the same pid (the input's, or the one in a node
 * --cpu-prof file name "...<date>.<time>.<pid>.<tid>.<seq>.cpuprofile");
 * and, when a pid is unknown, time ranges that overlap. Profiles with
 * different known pids are never grouped by overlap. When there is more
 * than one group, every group's times are shifted so that it starts at 0.
 * Returns the number of groups (1 when nothing was shifted, 0 for an empty
 * set). */
size_t fc_clock_separate(struct fc_profile_set *set);

#ifdef __cplusplus
}
#endif

#endif
