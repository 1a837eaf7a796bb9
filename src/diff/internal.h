/* Shared inside src/diff/. */
#ifndef FC_DIFF_INTERNAL_H
#define FC_DIFF_INTERNAL_H

#include "diff/diff.h"
#include "util/map.h"

/* "+12.3 ms" / "-4.1 ms" (U+2212 minus), or "+8.64 MB" when bytes, and
 * "+4.1%" for a change. */
void fc_diff_format_ms(bool bytes, double us, char *out, size_t size);
/* An amount per run: "12.3 ms", or "25.0 MB" when bytes. */
void fc_diff_format_amount(bool bytes, double us, char *out, size_t size);
void fc_diff_format_pct(double delta, double base, char *out, size_t size);

/* Welch's test from each side's mean and sample variance (n - 1), as
 * fc_diff_welch computes them. */
double fc_diff_welch_moments(double ma, double va, size_t na, double mb, double vb, size_t nb,
			     double *t, double *df);

/* fc_diff_key_path's answer without a copy: it is always a tail of url. */
const char *fc_diff_key_suffix(const char *url, const char *app_prefix, const char *const *strip,
			       size_t n_strip);

/* The longest name or key path the JSON and the folded stacks write
 * whole, in bytes: a longer one (a URL of a megabyte that a thousand
 * functions share) is cut on a character boundary and ends in "…", so that
 * an output stays in proportion to its input. Functions are still told
 * apart by their whole keys. */
#define FC_DIFF_TEXT_MAX 4096

/* s, or its cut copy in buf (FC_DIFF_TEXT_MAX + 1 bytes) when longer than
 * FC_DIFF_TEXT_MAX. */
const char *fc_diff_text(const char *s, char *buf);
/* The same for a limit of max bytes (at least 4; buf has max + 1). */
const char *fc_diff_text_cut(const char *s, size_t max, char *buf);

/* The order of two functions' keys when all else is equal: thread slot,
 * name, key path, line, column (a thread slot's root first). */
int fc_diff_item_cmp(const struct fc_diff_item *x, const struct fc_diff_item *y);

/* The longest function name a one-line answer keeps, in bytes. */
#define FC_DIFF_NAME_MAX 80

/* name, or when it is longer than max bytes a copy in buf (size at least
 * max + 4) cut at a character boundary, ending in "…". */
const char *fc_diff_short_name(const char *name, size_t max, char *buf, size_t size);

/* A function as the answer and the rules name it: "normalizeRecord
 * (src/parse.js, thread 2)", a name longer than FC_DIFF_NAME_MAX cut;
 * compact (for an image's header): the name cut at half that and the
 * file's base name. Returns the length written (truncated to size). */
size_t fc_diff_item_label(const struct fc_diff_item *x, bool compact, char *out, size_t size);

/* The answer in one line (src/diff/answer.c), from the significant function
 * changes the tables list: the largest regression and how many others
 * there are; else the largest improvement the same way; else no
 * significant change. A rule crossed with no function to name (a total,
 * tier or package): a regression naming the rule. */
enum fc_diff_answer_kind {
	FC_DIFF_ANSWER_NONE,
	FC_DIFF_ANSWER_REGRESSION,
	FC_DIFF_ANSWER_IMPROVEMENT,
};

struct fc_diff_answer {
	enum fc_diff_answer_kind kind;
	const struct fc_diff_item *top; /* NULL: none (no change, or a rule) */
	size_t more;                    /* other significant changes the same way */
	const char *rule;               /* the crossed rule's text when top is NULL */
};

void fc_diff_answer(const struct fc_diff *d, struct fc_diff_answer *a);
/* "regression", "improvement", "no significant change" */
const char *fc_diff_answer_word(const struct fc_diff_answer *a);
/* x's change: "+320 ms (+94.5%)" */
void fc_diff_answer_change(const struct fc_diff_item *x, char *out, size_t size);
/* The whole line as plain text: "regression: normalizeRecord (parse.js)
 * +320 ms (+94.5%), 1 more", "regression: --fail-on 'total>+5%' crossed",
 * "no significant change"; compact as for fc_diff_item_label. Returns the
 * length written. */
size_t fc_diff_answer_text(const struct fc_diff_answer *a, bool compact, char *out, size_t size);

/* How far the code around each named function found on both sides moved
 * (src/diff/moves.c): BASE's line of the function and HEAD's line minus it,
 * sorted by key path and line. */
struct fc_diff_move {
	char *file;
	int32_t line, shift;
};

struct fc_diff_moves {
	struct fc_diff_move *v;
	size_t n;
};

/* From both sides' merged graphs (before they are summed; the app prefixes
 * known). false on allocation failure, with m empty. */
bool fc_diff_moves_find(struct fc_diff_moves *m, const struct fc_diff_input *base,
			const struct fc_diff_input *head, const struct fc_diff_options *o);
/* A BASE line of file in HEAD's lines: moved as the nearest named function
 * above it moved (the file's first one when none is above; unmoved when the
 * file has none, and line 0, the script's own code). */
int32_t fc_diff_moves_line(const struct fc_diff_moves *m, const char *file, int32_t line);
void fc_diff_moves_finish(struct fc_diff_moves *m);

#endif
