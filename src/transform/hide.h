/* --hide TIERS: a transform that removes the frames of some tiers from every
 * stack (docs/ARCHITECTURE.md, profile -> profile). A removed frame's time goes to its
 * nearest kept ancestor, so no time disappears: samples keep their times
 * and move up to that ancestor's node. */
#ifndef FC_HIDE_H
#define FC_HIDE_H

#include <stdbool.h>

#include "flamechart/error.h"
#include "model/profile.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Rebuilds p's call tree without the frames whose tier is in tiers (bit per
 * enum fc_tier): each removed node's children move to its parent, siblings
 * that become the same frame merge into one node (the first in pre-order
 * keeps its id), and the tree is renumbered in pre-order. Sample times are
 * unchanged; each sample names its node's nearest kept ancestor (the root
 * when none is kept). The root is never removed. Records the tiers in
 * p->hidden_tiers. false with err on allocation failure; p is then
 * unchanged. */
bool fc_hide_tiers(struct fc_profile *p, unsigned tiers, struct fc_error *err);

/* fc_hide_tiers on every profile of set. */
bool fc_hide_apply(struct fc_profile_set *set, unsigned tiers, struct fc_error *err);

#ifdef __cplusplus
}
#endif

#endif
