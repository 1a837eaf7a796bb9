/* The heaviest stacks of a profile (docs/lines.md): the few call stacks
 * whose leaf holds the most self time, as one indented tree of their
 * frames with total and self time per frame -- why a function is hot. */
#ifndef FC_STACKS_H
#define FC_STACKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/profile.h"

#define FC_STACKS_DEFAULT 5

/* A row of the tree: a node of the call tree, or (node FC_NONE) `elided`
 * frames of a long chain left out. */
struct fc_stack_row {
	uint32_t node;
	uint32_t level; /* indentation, 0 for the outermost frame shown */
	uint32_t elided;
	bool leaf; /* one of the heaviest stacks ends here */
	double total_us, self_us;
};

struct fc_stacks {
	struct fc_stack_row *rows; /* in pre-order */
	size_t n;
	size_t n_stacks; /* stacks shown (<= asked: fewer nodes with self time) */
};

/* The `count` nodes with the most self time ((idle) left out) and their
 * callers up to the root (not shown), as rows. In a chain of more than
 * four frames that each have one caller and one callee in the tree, the
 * first one and the last two are kept and the rest is one elided row.
 * false on allocation failure. */
bool fc_stacks_heaviest(const struct fc_profile *p, size_t count, struct fc_stacks *out);
void fc_stacks_finish(struct fc_stacks *s);

#endif
