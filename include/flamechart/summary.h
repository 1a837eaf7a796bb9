/* A profile as Markdown for a pull-request comment or a doc (`-f md`): a
 * summary line, the heaviest functions by self and by total time, time per
 * tier and per package, and the rest in <details>. Written with the
 * Markdown writer (write/markdown.h), so names from the profile stay
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

/* The summary of set, cut to fit one GitHub comment, written to path
 * through fc_output (NULL or "-": stdout; a file is replaced whole or not at
 * all). false with err set on allocation or write failure. */
FC_API bool fc_summary_markdown_write(const struct fc_profile_set *set,
				      const struct fc_summary_options *o, const char *path,
				      struct fc_error *err);

#ifdef __cplusplus
}
#endif

#endif
