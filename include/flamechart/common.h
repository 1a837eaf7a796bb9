#ifndef FC_COMMON_H
#define FC_COMMON_H

#include <stdint.h>

/* "No index": a missing node, frame or string. */
#define FC_NONE UINT32_MAX

#endif
