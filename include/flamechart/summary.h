/* A profile as Markdown for a pull-request comment or a doc (`-f md`): a
 * summary line, the heaviest functions by self and by total time, time per
 * tier and per package, and the rest in <details>. Written with the
 * Markdown writer (flamechart/markdown.h), so names from the profile stay
 * text and the whole fits a budget. */
#ifndef FC_SUMMARY_H
#define FC_SUMMARY_H

#include <stdbool.h>
#include <stddef.h>

#include "flamechart/common.h"
#include "flamechart/error.h"
#include "flamechart/profile.h"

#ifdef __cplusplus
extern "C" {
#endif

struct fc_md_doc;

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
