/* What the files of src/report/ share: the HTML writers of the index and
 * the profile pages. */
#ifndef FC_REPORT_INTERNAL_H
#define FC_REPORT_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

#include "flamechart/report.h"

struct fc_output;

extern const char *const fc_report_mode_names[2]; /* "chart", "graph" */
const char *fc_report_ext(int format);            /* "svg", "png", "pdf" */
/* The image a link or thumbnail should use: PNG when rendered, else SVG. */
const char *fc_report_main_ext(const struct fc_report *r);

/* Text as HTML (& < > " escaped); a file name as a URL path
 * (percent-encoded); v with thousands separators. */
void fc_report_html_text(struct fc_output *o, const char *s);
void fc_report_url_path(struct fc_output *o, const char *s);
void fc_report_thousands(char *buf, size_t size, double v, int decimals);
/* A profile's weight as people read it: "1,234.5 ms", or "12.3 MB" for a
 * heap profile. */
void fc_report_weight(char *buf, size_t size, const struct fc_report_file *f, double value);

/* A profile's share of each tier, as a bar in the theme's colours and as
 * lines of text; its top functions by self weight as a list. */
void fc_report_html_tiers(struct fc_output *o, const struct fc_report *r,
			  const struct fc_report_file *f);
void fc_report_html_top(struct fc_output *o, const struct fc_report_file *f);

/* OUTDIR/rel opened for reading only when it is a regular file inside
 * OUTDIR of at most max bytes (no symbolic link on the way, no FIFO). */
FILE *fc_report_open_inside(const char *outdir, const char *rel, off_t max);
/* Inlines OUTDIR/rel as a data: URI (PNG or SVG by extension); false when
 * it cannot be read. */
bool fc_report_data_uri(struct fc_output *o, const char *outdir, const char *rel);

/* <!DOCTYPE html> to the end of <head> and <body>: the charset, a
 * Content-Security-Policy that lets the page load nothing from outside
 * (inline styles and scripts, images inlined or beside it, frames beside
 * it), the viewport, the title and the styles all pages share. */
void fc_report_html_head(struct fc_output *o, const char *title);
/* The script that sorts a table.sortable by the column whose heading is
 * clicked (each cell's data-v, numbers as numbers), and </body></html>. */
void fc_report_html_end(struct fc_output *o);

/* What a profile is called where it is listed: "main thread", "worker
 * thread 3" in its process's section (in_group), "pid 4242 · main thread"
 * alone, else its title. Caller frees; NULL when out of memory. */
char *fc_report_label(const struct fc_report_file *f, bool in_group);

/* "11 threads", or "2 CPU, 2 heap profiles" when the process has heap
 * profiles too. */
void fc_report_group_count(char *buf, size_t size, const struct fc_report *r,
			   const struct fc_report_group *g);

/* A page per rendered profile (SLUG.html): chart and graph as interactive
 * SVGs with a switch, its process's lanes, its Markdown summary, links to
 * every file made from it. */
bool fc_report_write_pages(const struct fc_report *r, struct fc_error *err);
/* "SLUG.html", "SLUG.summary.md" (caller frees). */
char *fc_report_page_name(const char *slug);
char *fc_report_summary_md_name(const char *slug);

#endif
