/* Frame classification: tier, sub-tags, package and display label from a
 * call frame alone (input-rules §E2, §F). A pure function of its input. */
#ifndef FC_CLASSIFY_H
#define FC_CLASSIFY_H

#include <stdbool.h>
#include <stddef.h>

#include "model/profile.h"

#ifdef __cplusplus
extern "C" {
#endif

struct fc_callframe {
	const char *name;      /* functionName, "" for anonymous */
	const char *url;       /* "" when none */
	bool has_script;       /* scriptId present and not 0 */
	const char *code_type; /* trace-only "JS"/"wasm"/"other", or NULL */
	/* First-party origin ("https://shop.example"), or NULL when unknown:
	 * then every http(s) origin without node_modules counts as third party
	 * unless it is the only origin (fc_profile_classify decides that). */
	const char *first_party;
};

struct fc_class {
	enum fc_tier tier;
	unsigned tags;     /* enum fc_tag bits */
	char package[256]; /* npm package, "ext:<id>", host, or "" */
};

void fc_classify(const struct fc_callframe *in, struct fc_class *out);

/* The label drawn on a bar: the function name, "(anonymous)" for an empty
 * one, "/pattern/" for "RegExp: pattern" natives, cut to size at a code
 * point boundary. Returns the length. */
size_t fc_classify_label(const char *name, char *out, size_t size);

/* True for frames where a thread waits, or whose time no code owns:
 * "(idle)", "(program)", "(root)", and the known wait loops
 * (atomicsWaitLoop, Atomics.wait, Atomics.waitAsync, epoll_wait,
 * epoll_pwait, epoll_pwait2, kevent; input-rules §E4). Answers that name
 * "the functions that took the time" leave these out. */
bool fc_classify_is_wait(const char *name);

/* Short lower-case tier name ("app", "deps", "core", "native", "v8", "gc",
 * "idle"), and the inverse (-1 when unknown). */
const char *fc_tier_name(enum fc_tier tier);
int fc_tier_parse(const char *name, size_t len);

#ifdef __cplusplus
}
#endif

#endif
