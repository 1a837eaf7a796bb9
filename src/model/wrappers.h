/* The frames that wrap the whole program (docs/info-json.md): the chain
 * from the root down through which nearly all of a profile's JavaScript
 * time passes before it splits, such as Node's run_main_module,
 * executeUserEntryPoint and Module._load. A list of functions by total time
 * that starts with them says only that the program ran. */
#ifndef FC_MODEL_WRAPPERS_H
#define FC_MODEL_WRAPPERS_H

#include <stdbool.h>

#include "model/profile.h"

/* A frame on the root chain is a wrapper when it holds at least this share
 * of the JavaScript time (the root's children less (program), (idle) and
 * GC)... */
#define FC_WRAPPER_SHARE 0.9
/* ...and spends less than this share of it in itself. */
#define FC_WRAPPER_SELF 0.05

/* Sets wrapper[f] (p->n_frames entries, cleared first) for each frame that
 * wraps the whole program; *n (may be NULL) gets their number. false on
 * allocation failure. O(nodes + samples). */
bool fc_profile_wrappers(const struct fc_profile *p, unsigned char *wrapper, size_t *n);

#endif
