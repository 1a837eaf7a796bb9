/* Scope transforms (docs/ARCHITECTURE.md, profile -> profile): cut a profile down to
 * the part a reader cares about. Each rebuilds the call tree in one pass
 * over the nodes in pre-order, without recursion, and moves samples to the
 * new nodes; sample times never change, so a chart keeps a true time axis
 * (a dropped sample moves to the root, which is never drawn: a gap).
 *
 * fc_scope_apply runs them in one fixed order (docs/scope.md):
 *   merge-by, exclude, focus, prune, collapse-recursion, then reverse or
 *   sandwich.
 * Each records what it did in p->transforms, for the header and the layout
 * JSON. */
#ifndef FC_SCOPE_H
#define FC_SCOPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "flamechart/error.h"
#include "model/profile.h"

#ifdef __cplusplus
extern "C" {
#endif

enum fc_merge_by {
	FC_MERGE_LOCATION, /* name, script, line, column (the model's identity) */
	FC_MERGE_FUNCTION, /* name and script, any line: moved code still merges */
	FC_MERGE_NAME,     /* the function name alone */
};

enum fc_match_on {
	FC_MATCH_NAME,      /* the function name as in the profile ("" if anonymous) */
	FC_MATCH_NAME_FILE, /* "name url" */
};

enum fc_recursion { FC_RECURSION_KEEP, FC_RECURSION_DIRECT, FC_RECURSION_ALL };

enum fc_sandwich_part { FC_SANDWICH_NONE, FC_SANDWICH_CALLERS, FC_SANDWICH_CALLEES };

/* Compiled regular expressions (POSIX extended), one list per option. */
struct fc_scope_re;

struct fc_scope {
	enum fc_merge_by merge_by;
	enum fc_match_on match_on;
	struct fc_scope_re *focus, *exclude, *prune, *sandwich; /* NULL = off */
	enum fc_recursion recursion;
	bool reverse;
	bool strict; /* a pattern that matches no frame is an error */
};

/* Caller-owned: init zeroes, finish frees the compiled patterns. */
void fc_scope_init(struct fc_scope *s);
void fc_scope_finish(struct fc_scope *s);

/* Adds pattern to the list *list (alternatives: a frame matches the list
 * when it matches any). option names the option in the error: false with
 * err (FC_ERR_USAGE, "--focus: ...") when it does not compile. The
 * pattern string is copied. */
bool fc_scope_add_pattern(struct fc_scope_re **list, const char *option, const char *pattern,
			  struct fc_error *err);

/* Frees a list of patterns made by fc_scope_add_pattern (NULL: nothing). */
void fc_scope_free_patterns(struct fc_scope_re *list);

/* The transforms s asks for (not what they did to a profile), one phrase
 * each in the order they run, e.g. "focus /^f$/", "all recursion
 * collapsed"; sandwich left out. *n phrases in a malloc'd array of
 * malloc'd strings (n may be 0); NULL on allocation failure. */
char **fc_scope_phrases(const struct fc_scope *s, size_t *n);

/* Whether any transform is asked for. */
bool fc_scope_active(const struct fc_scope *s);

/* Applies every transform s asks for to every profile of set, in the order
 * above. --sandwich replaces each profile with two (callers, callees).
 * false with err on allocation failure, a limit (FC_ERR_LIMIT), or, when
 * s->strict, a pattern that matches no frame (FC_ERR_STRICT). */
bool fc_scope_apply(struct fc_profile_set *set, const struct fc_scope *s, struct fc_error *err);

/* --- the transforms one by one (each false with err only on allocation
 * failure or a limit; p is then unchanged) --------------------------------- */

/* Per frame of p, whether it matches re (n_frames bytes, 1 or 0); NULL on
 * allocation failure. Caller frees. */
uint8_t *fc_scope_match_frames(const struct fc_profile *p, const struct fc_scope_re *re,
			       enum fc_match_on on);

/* Drops every sample whose stack holds a matching frame (to the root). */
bool fc_scope_exclude(struct fc_profile *p, const uint8_t *match, struct fc_error *err);
/* Keeps the samples whose stack holds a matching frame, each re-rooted at
 * its outermost match; the others move to the root. */
bool fc_scope_focus(struct fc_profile *p, const uint8_t *match, struct fc_error *err);
/* Removes matching frames and everything they call; their samples move to
 * the nearest caller left (FlameGraph's and pprof's prune). */
bool fc_scope_prune(struct fc_profile *p, const uint8_t *match, struct fc_error *err);
/* Folds recursion: DIRECT merges a frame into an equal parent; ALL removes
 * a frame that already is on its stack (its callees move to its caller). */
bool fc_scope_collapse_recursion(struct fc_profile *p, enum fc_recursion how, struct fc_error *err);
/* Re-interns every frame by the --merge-by identity and merges the nodes
 * that become equal. */
bool fc_scope_merge_by(struct fc_profile *p, enum fc_merge_by by, struct fc_error *err);
/* Every sampled stack reversed: leaf frames at the root (bottom-up). */
bool fc_scope_reverse(struct fc_profile *p, struct fc_error *err);
/* The two halves of --sandwich for the frames match marks: *callers (the
 * stacks up to the outermost match, reversed: the function at the root,
 * its callers above) and *callees (fc_scope_focus). Both are new profiles
 * owned by the caller; p is unchanged. */
bool fc_scope_sandwich(const struct fc_profile *p, const uint8_t *match,
		       struct fc_profile **callers, struct fc_profile **callees,
		       struct fc_error *err);

/* Reversed stacks keep at most this many frames (their outermost callers
 * are cut; images draw at most FC_LAYOUT_MAX_ROWS rows): reversing costs
 * at most this many steps per sampled node. */
#define FC_SCOPE_REVERSE_MAX_DEPTH 512

/* --- function identity, shared with `diff` ------------------------------ */

/* A frame's identity under a --merge-by rule, as strings that compare
 * across profiles: script is the URL, or the script id for a script
 * without one (script_is_id), or "" (always "" for FC_MERGE_NAME); line and
 * column are -1 unless FC_MERGE_LOCATION. The strings are borrowed from p. */
struct fc_frame_key {
	const char *name, *script;
	size_t name_len, script_len;
	bool script_is_id;
	int32_t line, column;
};

/* Fills key for frame f of p. For FC_MERGE_FUNCTION this is the function
 * key `diff` matches frames by: name + script, any line. */
void fc_frame_key_of(const struct fc_profile *p, uint32_t f, enum fc_merge_by by,
		     struct fc_frame_key *key);
uint64_t fc_frame_key_hash(const struct fc_frame_key *key);
bool fc_frame_key_equal(const struct fc_frame_key *a, const struct fc_frame_key *b);

/* Adds a phrase to p->transforms (printf-style). false on allocation
 * failure. */
bool fc_profile_note_transform(struct fc_profile *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#ifdef __cplusplus
}
#endif

#endif
