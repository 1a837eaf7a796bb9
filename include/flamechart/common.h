#ifndef FC_COMMON_H
#define FC_COMMON_H

#include <stdint.h>

/* "No index": a missing node, frame or string. */
#define FC_NONE UINT32_MAX

/* Marks the functions libflamechart.so exports: the library is built with
 * hidden visibility, so whatever lacks it stays inside (docs/api.md). */
#if defined(__GNUC__) || defined(__clang__)
#define FC_API __attribute__((visibility("default")))
#else
#define FC_API
#endif

#endif
