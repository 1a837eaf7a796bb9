/* Shared between the paint files: the painter, its geometry and the text
 * helpers. All lengths are px. */
#ifndef FC_RENDER_PAINT_INTERNAL_H
#define FC_RENDER_PAINT_INTERNAL_H

#include <pango/pangocairo.h>

#include "layout/fold.h"
#include "style/legend.h"
#include "render/output.h"
#include "render/paint.h"
#include "model/profile.h"

/* Geometry. DevTools' flame chart has no margins; an image needs some. */
#define FC_PAINT_MARGIN_X 10 /* left and right of the plot */
#define FC_PAINT_MARGIN_TOP 10
#define FC_PAINT_MARGIN_BOTTOM 10
#define FC_PAINT_HEADER_GAP 6   /* header to ruler */
#define FC_PAINT_RULER_GAP 2    /* DevTools: rows start 2 px under the ruler */
#define FC_PAINT_LANE_GAP 6     /* between lanes */
#define FC_PAINT_LEGEND_GAP 10  /* plot to legend */
#define FC_PAINT_FILM_H 60      /* a screenshot thumbnail's height (paint_film.c) */
#define FC_PAINT_FILM_PAD 4     /* between thumbnails */
#define FC_PAINT_FILM_GAP 4     /* filmstrip to the first lane */
#define FC_PAINT_TICK_MIN_PX 64 /* DevTools minGridSlicePx (devtools-rules §6.5) */
#define FC_PAINT_KEEP 3         /* frames per lane named and kept for their self time */
/* Added before floor() so that an exact boundary lost to double rounding
 * (884.99999999 px) lands in its own column, for bars and ticks alike. */
#define FC_PAINT_EPSILON_PX 1e-6

/* Text sizes follow the theme's font size (labels, ruler, legend, the header's
 * lines): the title, subtitle, ruler band, legend lines and swatches grow
 * with it. At 11 px (DevTools') they are DevTools' and the first images'
 * sizes: a 16 px title, a 12 px subtitle, the 15 px RulerHeight
 * (devtools-rules §6.1), 16 px legend lines, 10 px swatches. */
static inline double fc_paint_text_px(const struct fc_theme *t)
{
	return t->font_size_px > 0 ? t->font_size_px : 11;
}
static inline double fc_paint_title_px(const struct fc_theme *t)
{
	return (double)(long)(fc_paint_text_px(t) * 16 / 11 + 0.5);
}
static inline double fc_paint_subtitle_px(const struct fc_theme *t)
{
	return (double)(long)(fc_paint_text_px(t) * 12 / 11 + 0.5);
}
static inline double fc_paint_ruler_h(const struct fc_theme *t)
{
	return fc_paint_text_px(t) + 4 > 15 ? fc_paint_text_px(t) + 4 : 15;
}
/* A row of bars, and of a lane's title. */
static inline double fc_paint_bar_h(const struct fc_theme *t)
{
	return t->bar_height_px >= 4 ? t->bar_height_px : 17;
}
static inline double fc_paint_line_h(const struct fc_theme *t)
{
	return fc_paint_text_px(t) + 5 > 16 ? fc_paint_text_px(t) + 5 : 16;
}
static inline double fc_paint_swatch(const struct fc_theme *t)
{
	return (double)(long)(fc_paint_text_px(t) * 10 / 11 + 0.5);
}

/* --- the back-end interface (docs/rendering.md) --------------------------------------
 * The painter walks the layout once and emits these operations; a back end
 * draws them: draw_cairo.c (PNG, PDF, the cairo SVG) or svg_native.c. Paths
 * are built with rect and line and drawn with fill or stroke, as in cairo,
 * so that the cairo back end draws exactly what the painter drew before. */
enum fc_font {
	FC_FONT_TEXT,  /* the theme font and size: labels, ruler, legend */
	FC_FONT_BOLD,  /* lane titles */
	FC_FONT_TITLE, /* the image title */
	FC_FONT_SUB,   /* the subtitle */
};
enum fc_fit { FC_FIT_NONE, FC_FIT_END, FC_FIT_MIDDLE };
/* What a text run is, for back ends that tell them apart (SVG classes). */
enum fc_text_role {
	FC_TEXT_HEADER,
	FC_TEXT_RULER,
	FC_TEXT_LANE,
	FC_TEXT_LABEL,
	FC_TEXT_LEGEND,
	FC_TEXT_NOTE,
};
/* Sections of the image, in drawing order. */
enum fc_layer {
	FC_LAYER_HEADER,
	FC_LAYER_BARS,
	FC_LAYER_GRID,
	FC_LAYER_LABELS,
	FC_LAYER_LEGEND,
	FC_LAYER_END, /* closes the last section */
};

struct fc_text_run {
	const char *text;  /* as the painter has it (clean UTF-8) */
	const char *shown; /* what is drawn: text, or text cut to max_width */
	double width;      /* measured width of shown in px (0 unless the back
			    * end asked for metrics) */
	double max_width;  /* with fit: the width text is ellipsised to */
	enum fc_fit fit;   /* cairo: pango ellipsises text itself */
	enum fc_font font;
	enum fc_text_role role;
	double x, baseline;
	struct fc_rgb color;
};

/* What a frame box stands for: the tooltip of an SVG group. Times are in
 * the layout's unit (µs when has_time). */
/* The longest title_note a frame keeps, with its NUL. */
#define FC_TITLE_NOTE_MAX 320

struct fc_frame_meta {
	const char *name;     /* full name; NULL for a merged box */
	const char *url;      /* "" when unknown */
	int32_t line, column; /* 0-based, -1 unknown */
	const char *tier;
	const char *package; /* "" when none */
	double self, total, start, end;
	double lane_total; /* 100 % */
	uint32_t lane;     /* the lane's index */
	uint32_t count;    /* merged boxes: frames it stands for */
	bool chart;        /* start and end mean something */
	bool has_time;     /* times are µs */
	const char *unit;  /* the layout's unit when not time */
	const char *note;  /* fc_paint_options.title_note's lines, "" for none;
			    * valid until the next frame's meta */
};

/* A picture (a trace's screenshot): its pixels in cairo's RGB24 layout, and
 * the JPEG they came from, for back ends that embed it as it is. Pictures
 * with the same id are the same. */
struct fc_draw_image {
	size_t id;
	const uint32_t *px;
	uint32_t width, height;
	const unsigned char *jpeg;
	size_t len;
};

struct fc_draw_ops {
	/* the part of the image being drawn, user space (a PNG band) */
	void (*visible)(void *ctx, double *y0, double *y1);
	void (*layer)(void *ctx, enum fc_layer layer);
	void (*rect)(void *ctx, double x, double y, double w, double h);
	void (*line)(void *ctx, double x0, double y0, double x1, double y1);
	void (*fill)(void *ctx, struct fc_rgb c, double alpha);
	/* fills the path with a vertical gradient from a at y0 to b at y1 */
	void (*fill_gradient)(void *ctx, struct fc_rgb a, struct fc_rgb b, double y0, double y1);
	void (*stroke)(void *ctx, struct fc_rgb c, double alpha, double width);
	void (*text)(void *ctx, const struct fc_text_run *run);
	/* a frame box: its metadata, then its rect and fill, then the end */
	void (*group_begin)(void *ctx, const struct fc_frame_meta *m);
	void (*group_end)(void *ctx);
	/* draws img scaled to the rectangle (x, y, w, h); NULL: none drawn */
	void (*image)(void *ctx, const struct fc_draw_image *img, double x, double y, double w,
		      double h);
};

struct fc_draw {
	const struct fc_draw_ops *ops;
	void *ctx;
	/* frames one at a time in groups with their metadata (SVG); else bars
	 * are batched into one path per colour */
	bool groups;
	/* text runs carry shown and width (SVG); else pango cuts at draw time */
	bool metrics;
};

struct fc_legend_slot {
	double x, y; /* swatch top left */
	char *label; /* trimmed to fit; owned */
	char share[16];
};

struct fc_painter {
	char note[FC_TITLE_NOTE_MAX]; /* the current frame's title_note lines */
	const struct fc_layout *layout;
	const struct fc_style *style;
	const struct fc_theme *theme;
	struct fc_paint_options opts;
	struct fc_legend legend;

	/* header lines, owned; subtitle, notes and self_time may be NULL */
	char *title, *subtitle, *info, *notes;
	/* "most self time: scan 12 %, …" (idle, program and GC left out; "most
	 * bytes allocated" for a heap profile) */
	char *self_time;
	/* self_time and notes as drawn: wrapped at their phrases to the plot
	 * width (nothing in the header is cut), baselines in lines_y */
	char **lines;
	double *lines_y;
	size_t n_lines;
	/* per lane: its fold within max_height_px (fold.row NULL when the lane
	 * is drawn whole), its CPU time (idle excluded), and the frames with
	 * the most self time, whose towers are kept */
	struct fc_fold *folds;
	double *lane_cpu;
	uint32_t (*keep)[FC_PAINT_KEEP];
	size_t *n_keep;
	size_t folded_lanes; /* lanes that folded */
	/* per lane: a quiet thread (under 1 % of the CPU time) drawn only by
	 * name, in the one row quiet_text at quiet_y (top); NULL = none */
	bool *quiet;
	char *quiet_text;
	double quiet_y;
	char *subtitle2; /* the subtitle's second line (after its '\n'), or NULL */

	/* geometry */
	int width, height;
	double plot_x, plot_w;
	double title_y, subtitle_y, info_y; /* baselines */
	double ruler_y;                     /* top of the ruler band: above the lanes, or under a
					     * flame graph's root */
	double grid_top;                    /* grid lines run from here to plot_bottom */
	double subtitle2_y;                 /* baseline */
	double plot_bottom;                 /* grid lines end here */
	double *lane_title_y;               /* per lane: title row top, < 0 when none */
	double *lane_y;                     /* per lane: top of its block of rows */
	uint32_t *lane_rows;                /* per lane: rows drawn (at least 1) */
	double legend_title_y;              /* baseline */
	struct fc_legend_slot *slots;       /* one per legend entry */
	struct fc_film *film;               /* the screenshots' filmstrip, NULL when none */
	bool show_legend;

	/* text: one pango context, layouts reused for every string */
	cairo_surface_t *scratch;
	cairo_t *scratch_cr;
	PangoContext *pango;
	PangoLayout *text;    /* theme font and size: labels, ruler, legend */
	PangoLayout *bold;    /* lane titles */
	PangoLayout *big;     /* the title */
	PangoLayout *sub;     /* the subtitle */
	double ellipsis_w;    /* width of "…" in the label font */
	bool devtools_labels; /* draw labels cut to < FC_LABEL_MIN_CHARS too */

	/* the part of the image being painted (user space): a PNG is painted
	 * in bands, and rows outside the band are skipped */
	double clip_y0, clip_y1;
	struct fc_draw *draw; /* the back end being painted on */
};

/* paint.c: paints the whole image through a back end. */
bool fc_painter_draw(struct fc_painter *p, struct fc_draw *d, struct fc_error *err);
/* The height of a frame box (a row less its 1 px gap). */
double fc_paint_box_height(const struct fc_painter *p);
/* An upright graph's root, where an interactive SVG opens: the foot of the
 * root row of the last lane drawn upright; *then_more when an icicle lane
 * follows it (a sandwich's callees). -1 for a chart or an icicle. */
double fc_paint_root_foot(const struct fc_painter *p, bool *then_more);

/* draw_cairo.c: the cairo back end on cr (the painter's pango layouts draw
 * the text). */
struct fc_draw_cairo {
	struct fc_draw draw;
	struct fc_painter *painter;
	cairo_t *cr;
};
void fc_draw_cairo_init(struct fc_draw_cairo *d, struct fc_painter *p, cairo_t *cr);

/* svg_native.c / write_svg.c */
bool fc_write_svg_native(const struct fc_layout *l, const struct fc_style *st,
			 const struct fc_paint_options *o, struct fc_output *out,
			 struct fc_error *err);
bool fc_write_svg_cairo(const struct fc_layout *l, const struct fc_style *st,
			const struct fc_paint_options *o, struct fc_output *out,
			struct fc_error *err);

/* Rows drawn per lane at most: the caller's max_rows, never more than
 * FC_LAYOUT_MAX_ROWS. */
static inline uint32_t fc_painter_max_rows(const struct fc_painter *p)
{
	uint32_t m = p->opts.max_rows;
	return m && m < FC_LAYOUT_MAX_ROWS ? m : FC_LAYOUT_MAX_ROWS;
}

/* paint.c: the stream callback of the vector surfaces (closure: an
 * fc_output) and the common end of every writer: ok unless painting, the
 * output or the surface failed, with err set. */
cairo_status_t fc_paint_stream_write(void *closure, const unsigned char *data, unsigned int length);
bool fc_paint_surface_done(cairo_surface_t *s, struct fc_output *out, bool ok,
			   struct fc_error *err);
/* Names the output file in err (every writer error is about that file). */
void fc_paint_error_file(struct fc_error *err, const struct fc_output *out);

/* paint_text.c */
bool fc_text_init(struct fc_painter *p, struct fc_error *err);
void fc_text_finish(struct fc_painter *p);
void fc_text_target(struct fc_painter *p, cairo_t *cr);
double fc_text_width(PangoLayout *layout, const char *s);
PangoLayout *fc_text_layout(struct fc_painter *p, enum fc_font font);
/* Emits a text run to the painter's back end: the one place where text
 * drawn on any back end is measured and (for the back ends that cannot
 * ellipsise) cut, with fit to max_width. */
void fc_text_draw(struct fc_painter *p, enum fc_text_role role, enum fc_font font, const char *s,
		  double x, double baseline, struct fc_rgb c, enum fc_fit fit, double max_width);
/* Draws a run on cr with pango (the cairo back end). */
void fc_text_show_run(struct fc_painter *p, cairo_t *cr, const struct fc_text_run *run);
/* s middle-ellipsised to max_width in the label font (DevTools trimTextMiddle). */
size_t fc_text_fit(struct fc_painter *p, const char *s, double max_width, char *out, size_t size);
/* s cut at the front to max_width in the label font (fc_label_fit_front). */
size_t fc_text_fit_front(struct fc_painter *p, const char *s, double max_width, char *out,
			 size_t size);
void fc_set_rgb(cairo_t *cr, struct fc_rgb c, double alpha);

/* paint_ruler.c: the tick step (DevTools TimelineGrid) and label text */
enum fc_ruler_unit { FC_RULER_MS, FC_RULER_PERCENT, FC_RULER_PLAIN };
double fc_ruler_step(double span, double width_px);
size_t fc_ruler_label(double value, double step, enum fc_ruler_unit unit, const char *suffix,
		      char *out, size_t size);
void fc_paint_ruler(struct fc_painter *p, bool grid);

/* paint_header.c */
bool fc_header_build(struct fc_painter *p);
/* The notes line again, after folding changed what it says. */
bool fc_header_notes(struct fc_painter *p);
/* Breaks self_time and notes into lines no wider than the plot. */
bool fc_header_wrap(struct fc_painter *p);
void fc_paint_header(struct fc_painter *p);
/* "159 µs", "1.21 ms", "2.11 s" */
size_t fc_format_duration(double us, char *out, size_t size);
/* The same in the ruler's units: "0.159 ms" for 159 µs. */
size_t fc_format_header_duration(double us, char *out, size_t size);
/* A weight in a layout's unit: a duration for µs, "26.9 MB" for bytes,
 * else "1,234 samples" (grouped, two decimals when not whole). */
size_t fc_format_weight(double v, const char *unit, char *out, size_t size);

/* paint_film.c: the filmstrip band at y when the chart has screenshots
 * (*bottom is then under it, else y); false when memory ran out. */
bool fc_film_place(struct fc_painter *p, double y, double *bottom);
void fc_film_paint(struct fc_painter *p);
void fc_film_finish(struct fc_painter *p);
/* paint.c, for paint_annotations.c: a box's pixel columns (x from the
 * plot's left), the row box i of lane li is drawn on, and that row's top. */
void fc_paint_box_columns(const struct fc_painter *p, const struct fc_box *b, double *x, double *w);
uint32_t fc_paint_box_row(const struct fc_painter *p, size_t li, size_t i);
double fc_paint_row_y(const struct fc_painter *p, size_t lane, uint32_t row);

/* paint_annotations.c: a trace's annotations over a chart (after the
 * labels; nothing for a graph or without annotations). false when memory
 * ran out. */
bool fc_paint_annotations(struct fc_painter *p);

/* paint_legend.c */
bool fc_legend_place(struct fc_painter *p, double y, double *bottom);
void fc_paint_legend(struct fc_painter *p);

/* fc_write_png, painting bands of at most band_bytes of pixels (at least
 * 16 rows) at a time; the pixels do not depend on the band size. */
bool fc_write_png_bands(const struct fc_layout *l, const struct fc_style *st,
			const struct fc_paint_options *o, size_t band_bytes, struct fc_output *out,
			struct fc_error *err);

#endif
