/* Paint: a layout drawn on any cairo_t -- header, time ruler and grid, bars,
 * labels, lane titles and the legend (docs/rendering.md). Paint only paints: the
 * layout it gets is already culled to the pixel grid. All lengths are in px
 * (CSS pixels); HiDPI is one cairo_scale by the caller. */
#ifndef FC_PAINT_H
#define FC_PAINT_H

#include <stdbool.h>
#include <stddef.h>

#include <cairo.h>

#include "flamechart/error.h"
#include "layout/layout.h"
#include "style/style.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FC_PAINT_DEFAULT_WIDTH 1200 /* px, when width_px is 0 */

struct fc_paint_options {
	int width_px;         /* image width; the plot is this minus the margins */
	double scale;         /* PNG only: device pixels per px (0 or 1 = none) */
	const char *title;    /* NULL = the first input's file name */
	const char *subtitle; /* NULL = none; a '\n' starts a second line */
	bool no_legend;       /* leave out the legend under the chart */
	uint32_t max_rows;    /* rows drawn per lane, 0 = all (deeper rows are cut
			       * and the header says so) */
	/* > 0: the whole image at most this many px tall; when every row does
	 * not fit, lanes are folded (layout/fold.h) and the header says
	 * what was. 0 = every row (up to max_rows). */
	int max_height_px;
	bool interactive; /* SVG: inline script for zoom and search */
	bool svg_cairo;   /* SVG: cairo's SVG surface (glyphs as paths) instead
			   * of the native writer, for comparison */
	/* A diff's extras (docs/diff.md), NULL for none: a legend drawn instead
	 * of the scheme's (borrowed), and a note appended to a frame's label
	 * ("+12.3 ms"), written to out (size bytes) by label_note. */
	const struct fc_legend *legend;
	void (*label_note)(void *ctx, const struct fc_profile *p, uint32_t frame, char *out,
			   size_t size);
	void *note_ctx;
	/* More for a frame box's tooltip (the SVG <title>), after the
	 * ordinary lines: written to out (size bytes) by title_note, lines
	 * separated by '\n', "" for nothing; note_ctx as for label_note. */
	void (*title_note)(void *ctx, const struct fc_profile *p, uint32_t frame, char *out,
			   size_t size);
};

struct fc_painter;

/* The plot width for an image width: pass it as fc_layout_options
 * .plot_width_px so that the layout is culled for exactly this plot. */
double fc_paint_plot_width(const struct fc_paint_options *o);

/* Prepares painting l with st: header text, legend and geometry (text is
 * measured with pango on a scratch surface). The painter borrows l, st and
 * the option strings; they must outlive it. NULL with err on failure. */
struct fc_painter *fc_painter_create(const struct fc_layout *l, const struct fc_style *st,
				     const struct fc_paint_options *o, struct fc_error *err);
void fc_painter_destroy(struct fc_painter *p);

/* Image size in px (before any scale). */
void fc_painter_size(const struct fc_painter *p, int *width_px, int *height_px);

/* What the image folds of lane (layout/fold.h): NULL when it draws the
 * lane whole, else the fold, borrowed from the painter. *quiet: the lane
 * is a quiet thread, drawn only by name. */
struct fc_fold;
const struct fc_fold *fc_painter_fold(const struct fc_painter *p, size_t lane, bool *quiet);

/* Paints the whole image on cr, whose user space is px with the origin at
 * the top left. false with err when cairo reports an error. */
bool fc_painter_paint(struct fc_painter *p, cairo_t *cr, struct fc_error *err);

/* The same in one call, for callers that do not need the size first. */
bool fc_paint(cairo_t *cr, const struct fc_layout *l, const struct fc_style *st,
	      const struct fc_paint_options *o, struct fc_error *err);

/* --- labels (src/render/label.c), pure functions ----------------------------- */

/* Text drawn on a box. Chart: the name as DevTools shows it
 * (fc_classify_label). Graph: "name  file.js:12" -- the URL's basename and
 * the 1-based line, left out when unknown. Coalesced boxes: "N frames".
 * Writes at most size bytes (valid UTF-8, NUL-terminated); returns the
 * length. */
size_t fc_label_box(const struct fc_layout *l, const struct fc_lane *lane, const struct fc_box *b,
		    char *out, size_t size);

/* The graph's label for any box: "name  file.js:12" (the name alone when
 * the frame has no URL). The chart uses it where the whole of it fits. */
size_t fc_label_box_located(const struct fc_lane *lane, const struct fc_box *b, char *out,
			    size_t size);

/* DevTools trimMiddle on code points: s unchanged when it has at most n
 * code points, else its first n/2 and last n-n/2-1 code points around
 * "…" (devtools-rules §6.4). Returns the length written. */
size_t fc_label_trim_middle(const char *s, size_t n, char *out, size_t size);

/* Width of s in px, as the painter measures it. */
typedef double (*fc_label_measure)(void *ctx, const char *s);

/* DevTools trimTextMiddle: s middle-ellipsised to at most max_width px by a
 * secant search on the code point count (devtools-rules §6.4). Empty when
 * max_width <= 10 or only "…" would be left. Returns the length written. */
size_t fc_label_fit(const char *s, double max_width, fc_label_measure measure, void *ctx, char *out,
		    size_t size);

/* s cut at the front to at most max_width px: "…" and the longest end of s
 * that fits (at most 200 code points, cut at a code point), starting at a
 * "/" where that keeps at least half of it, so that a URL keeps its
 * package and file name ("…/node_modules/typescript/lib/typescript.js").
 * s unchanged when it fits; empty when max_width <= 10 or no code point
 * fits. Returns the length written. */
size_t fc_label_fit_front(const char *s, double max_width, fc_label_measure measure, void *ctx,
			  char *out, size_t size);

/* The label of a folded spine, to at most max_width px: "first … last ·
 * n frames" when it fits; else one end and the count, the first frame's
 * name unless it is "(anonymous)", else the last's ("run_main … · 14
 * frames", "… require · 14 frames"), the name middle-cut if need be; else
 * that name alone; empty when even that says nothing
 * (fc_label_says_enough). Never two ellipses in a row. Returns the
 * length written. */
size_t fc_label_spine(const char *first, const char *last, size_t n, double max_width,
		      fc_label_measure measure, void *ctx, char *out, size_t size);

/* Whether a fitted label still says something: the whole label, or at
 * least 4 letters or digits (any non-ASCII code point counts) on one side
 * of its "…". "(a…)", "M…s", "Mo…ad" and "fi…le" say nothing on a static
 * image that cannot be hovered, so such bars stay unlabelled (the devtools
 * theme keeps DevTools' rule and draws them). */
#define FC_LABEL_MIN_CHARS 4
bool fc_label_says_enough(const char *full, const char *fit);

#ifdef __cplusplus
}
#endif

#endif
