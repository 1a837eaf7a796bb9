/* Thread and process selection (--thread, --pid): a transform on a profile
 * set, applied after import and before layout. */
#ifndef FC_SELECT_H
#define FC_SELECT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "flamechart/error.h"
#include "model/profile.h"

#ifdef __cplusplus
extern "C" {
#endif

struct fc_select {
	const char *thread; /* part of a thread name, a regex, or a tid; NULL = any */
	int64_t pid;        /* -1 = any */
};

/* True when the selection keeps only some profiles. */
bool fc_select_active(const struct fc_select *sel);

/* True when p matches: sel->thread is a number equal to its tid (or to its
 * whole name), or its thread name contains sel->thread ignoring case, or a
 * POSIX extended regex of sel->thread finds its name (ignoring case); and
 * its pid equals sel->pid. */
bool fc_select_match(const struct fc_profile *p, const struct fc_select *sel);

/* Destroys the profiles that do not match and keeps the order of the rest.
 * Returns how many are kept. */
size_t fc_select_filter(struct fc_profile_set *set, const struct fc_select *sel);

/* Appends "NAME (pid P, tid T)" for each profile of set to buf (comma
 * separated, "; " between calls' worth of entries is the caller's choice),
 * truncating with "…" when buf is full. */
void fc_select_describe(const struct fc_profile_set *set, char *buf, size_t size);

/* fc_select_filter, but keeping nothing is an error (FC_ERR_USAGE) whose
 * message lists the threads there are. The set is unchanged on error. */
bool fc_select_apply(struct fc_profile_set *set, const struct fc_select *sel, struct fc_error *err);

/* The "no thread matches" error for a selection, with the list of what
 * there is (as made by fc_select_describe). */
void fc_select_error(const struct fc_select *sel, const char *available, struct fc_error *err);

#ifdef __cplusplus
}
#endif

#endif
