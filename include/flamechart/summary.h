/* A profile as Markdown for a pull-request comment or a doc (`-f md`): a
 * summary line, the heaviest functions by self and by total time, time per
 * tier and per package, and the rest in <details>. Written with the
 * Markdown writer (flamechart/markdown.h), so names from the profile stay
 * text and the whole fits a budget. */
#ifndef FC_SUMMARY_H
#define FC_SUMMARY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "flamechart/common.h"
#include "flamechart/error.h"
#include "flamechart/profile.h"

#ifdef __cplusplus
extern "C" {
#endif

struct fc_md_doc;
struct fc_scope_re;

#define FC_SUMMARY_TOP 10 /* rows per table by default (--top) */

/* Start from FC_SUMMARY_OPTIONS_INIT (NULL means the defaults): version
 * is the struct's layout, refused when unknown. */
#define FC_SUMMARY_OPTIONS_VERSION 1
#define FC_SUMMARY_OPTIONS_INIT                       \
	{                                             \
		.version = FC_SUMMARY_OPTIONS_VERSION \
	}
struct fc_summary_options {
	unsigned version;      /* FC_SUMMARY_OPTIONS_VERSION */
	size_t top;            /* rows per table; 0 = FC_SUMMARY_TOP */
	const char *image_url; /* an image to show (http(s) or relative), or NULL */
	const char *title;     /* heading; NULL = each profile's name */
	/* --function: the functions to answer for (docs/lines.md), NULL =
	 * none; matched on match_on (enum fc_match_on) */
	const struct fc_scope_re *function;
	int match_on;
};

/* Adds the sections of every profile in set to doc (the summary lines are
 * kept, the tables may be cut by fc_md_doc_render). false on allocation
 * failure. */
bool fc_summary_markdown(const struct fc_profile_set *set, const struct fc_summary_options *o,
			 struct fc_md_doc *doc);

/* The summary of set, cut to fit one GitHub comment, written to path
 * through fc_output (NULL or "-": stdout; a file is replaced whole or not at
 * all). false with err set on allocation or write failure. */
FC_API bool fc_summary_markdown_write(const struct fc_profile_set *set,
				      const struct fc_summary_options *o, const char *path,
				      struct fc_error *err);

/* Adds p's hot lines (flamechart/lines.h; of frame, or every frame with
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

/* Adds p's heaviest stacks (flamechart/stacks.h, count of them) to doc as
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

/* 1234.5 -> "1,234.5" with the given decimals. */
void fc_summary_number(double v, int decimals, char *out, size_t size);

#ifdef __cplusplus
}
#endif

#endif
