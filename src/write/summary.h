/* The Markdown summary's pieces, inside the library: the sections
 * fc_summary_markdown_write assembles, and the row formatters info and the
 * report share. */
#ifndef FC_SUMMARY_INTERNAL_H
#define FC_SUMMARY_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "flamechart/summary.h"
#include "model/profile.h"

#ifdef __cplusplus
extern "C" {
#endif

struct fc_md_doc;
struct fc_stack_row;

/* Adds the sections of every profile in set to doc (the summary lines are
 * kept, the tables may be cut by fc_md_doc_render). false on allocation
 * failure. */
bool fc_summary_markdown(const struct fc_profile_set *set, const struct fc_summary_options *o,
			 struct fc_md_doc *doc);

/* Adds p's hot lines (model/lines.h; of frame, or every frame with
 * FC_NONE) to doc as one cuttable section named title: the top `top` lines with their text when at
 * hand, shares of cpu_us; or one sentence when p has no line data. false on allocation failure. */
bool fc_summary_markdown_lines(const struct fc_profile *p, uint32_t frame, size_t top,
			       double cpu_us, const char *title, struct fc_md_doc *doc);

/* Adds the answer for each function o->function picks in p (callers,
 * callees, hot lines; at most FC_DRILL_MAX) to doc. false on allocation
 * failure. */
bool fc_summary_markdown_functions(const struct fc_profile *p, const struct fc_summary_options *o,
				   double cpu_us, struct fc_md_doc *doc);

struct fc_stack_row;

/* Adds p's heaviest stacks (model/stacks.h, count of them) to doc as
 * one cuttable section in a <details> block. false on allocation failure. */
bool fc_summary_markdown_stacks(const struct fc_profile *p, size_t count, const char *title,
				struct fc_md_doc *doc);

/* One row of the heaviest stacks as a line of text (no newline): total
 * and self ms in columns, the frame indented two spaces a level (at most
 * 30 levels), then its file:line. */
void fc_summary_stack_row(const struct fc_profile *p, const struct fc_stack_row *r, char *out,
			  size_t size);

/* "src/lib/a.js:12": a frame's URL without scheme and host, shortened from
 * the left to about max bytes with "…/", and its 1-based line. "" when
 * the frame has no URL. */
void fc_summary_location(const char *url, int line0, char *out, size_t size, size_t max);

#ifdef __cplusplus
}
#endif

#endif
