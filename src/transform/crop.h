/* --from/--to and --trim-idle: a chart cropped to a time window, a
 * transform on a profile set applied after import and before layout. The
 * profiles keep their clock: times stay as they were, only the samples
 * outside the window go. */
#ifndef FC_CROP_H
#define FC_CROP_H

#include <stdbool.h>

#include "layout/layout.h"
#include "model/profile.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The shared time axis of the set's charts, in µs on the profiles' clock
 * (the union of fc_chart_extent). false when the set is empty. */
bool fc_crop_extent(const struct fc_profile_set *set, double *from_us, double *to_us);

/* The busy span: from the first sample that is not (idle) to the end of
 * the last one, over all profiles; a cut falls inside idle runs and may
 * leave out islands of work beyond them that hold at most FC_CROP_STRAY of
 * a profile's busy time (their sum in *dropped_us: the dropped time may
 * still be partly in the span of another profile). false when every
 * sample is idle (or there are none). */
#define FC_CROP_STRAY 0.01
bool fc_crop_busy_span(const struct fc_profile_set *set, double *from_us, double *to_us,
		       double *dropped_us);

/* Keeps the samples that start in [from_us, to_us) and makes the chart
 * span exactly that window: the last kept sample ends where the next one
 * started (or at to_us). Profiles without time (folded) are left alone. */
void fc_crop_apply(struct fc_profile_set *set, double from_us, double to_us);

/* --trim-idle inside the busy span: the stretches in [from_us, to_us) where
 * every profile with time is idle (or has no sample) and that last at least
 * min_us are cut out of the axis, the longest FC_CROP_MAX_BREAKS of them.
 * The samples in a cut go; the later ones move back by the time cut before
 * them, so that the work fills the width. Fills breaks (x order, on the
 * axis as it is drawn afterwards) and returns how many; *cut_us is their
 * total. Call after fc_crop_apply. 0 when nothing is cut (or on out of
 * memory, which then cuts nothing). */
#define FC_CROP_MAX_BREAKS 32
size_t fc_crop_collapse_idle(struct fc_profile_set *set, double from_us, double to_us,
			     double min_us, struct fc_axis_break *breaks, double *cut_us);

#ifdef __cplusplus
}
#endif

#endif
