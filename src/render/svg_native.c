/* The native SVG back end (docs/rendering.md): the painter's operations written as
 * SVG text. Labels, header, ruler and legend are <text> in the theme's font
 * with fallbacks, each held to the width pango measured (textLength with
 * lengthAdjust="spacingAndGlyphs"), so a label stays inside its box whatever
 * font the viewer has. Every frame box is a <path> whose <title> gives the
 * full name, location, tier, package and times (a tooltip in browsers): a
 * line as long as the box is wide, stroked as wide as the box is high, in a
 * <g> per colour -- about 45 bytes of markup a box where a <g>, a <rect> and
 * its fill took 90. Boxes drawn narrower than 3 px of one frame (or grey)
 * share one path, a subpath a box, and one title that says how many they
 * are and what they hold: a box with a title of its own costs ~125 bytes,
 * cairo's SVG draws it in ~38, and images of thousands of slivers would
 * otherwise be larger than cairo's. Script URLs in the titles leave out the
 * directory they all share, stated once in <desc>.
 *
 * Drawing order is the painter's: header, bars (by colour, each frame a
 * path with its title), grid, labels, legend. The grid and the labels ignore the pointer, so
 * hovering a label shows the tooltip of the box under it.
 *
 * Bytes are stable: no dates, no counters, numbers printed with the fewest
 * digits that give the same double back (text lengths to 1/100 px), shared
 * styles in one <style>. With --interactive a small inline script adds zoom
 * on click and a regex search (svg_script.c); it only adds elements when it
 * runs, so the image is the same where scripts do not run (<img>). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/render.h"
#include "render/paint_internal.h"
#include "render/svg_native.h"
#include "util/base64.h"
#include "util/util.h"
#include "model/profile.h"

#define BUF_SIZE 65536

/* Boxes drawn narrower than this (px) can hardly be pointed at one by one:
 * those of one frame in one colour group share a path and a title. */
#define FC_SVG_NARROW_PX 3

/* A frame box waiting in its colour group. */
struct svg_box {
	struct fc_frame_meta m;
	char *note; /* m.note's own copy, NULL when none */
	bool has_meta;
	double x, y, w, h, alpha;
	uint32_t group; /* the first box of its group (its own index if none) */
	uint32_t n;     /* at the first box of a group: its boxes */
};

struct svg {
	struct fc_draw draw;
	struct fc_painter *painter;
	struct fc_output *out;
	const struct fc_theme *theme;
	bool failed;   /* out of memory */
	bool in_group; /* inside a frame's <g> */
	int layer;     /* open section, -1 none */
	/* the current path ("d" attribute), and whether it is one rectangle */
	char *path;
	size_t path_len, path_cap;
	unsigned path_items;
	double rx, ry, rw, rh;
	unsigned gradients;
	/* frames: the colour group being gathered, the box height, the common
	 * prefix of the script URLs that the titles leave out (in <desc>) */
	bool in_color;
	struct svg_box *boxes;
	size_t n_boxes, boxes_cap;
	uint32_t *order;
	size_t order_cap;
	double *spans;
	size_t spans_cap;
	struct fc_rgb color;
	double box_h;
	const char *prefix;
	size_t prefix_len;
	const struct fc_frame_meta *meta;
	size_t n;
	/* the last picture written whole, which a repeat of it refers to */
	bool have_image;
	size_t image_id;
	double image_x, image_y;
	char buf[BUF_SIZE];
};

/* --- output -------------------------------------------------------------------- */

static void flush(struct svg *s)
{
	if (s->n)
		fc_output_write(s->out, s->buf, s->n);
	s->n = 0;
}

static void put(struct svg *s, const char *data, size_t len)
{
	if (len >= BUF_SIZE) {
		flush(s);
		fc_output_write(s->out, data, len);
		return;
	}
	if (s->n + len > BUF_SIZE)
		flush(s);
	memcpy(s->buf + s->n, data, len);
	s->n += len;
}

static void puts_(struct svg *s, const char *str)
{
	put(s, str, strlen(str));
}

/* n as decimal digits at out; returns the length. */
static size_t digits(unsigned long long n, char *out)
{
	char b[24];
	size_t k = 0, i;

	do {
		b[k++] = (char)('0' + n % 10);
		n /= 10;
	} while (n);
	for (i = 0; i < k; i++)
		out[i] = b[k - 1 - i];
	return k;
}

size_t fc_svg_number(double v, char *out, size_t size)
{
	int k, n = 0;

	if (!isfinite(v))
		v = 0;
	if (v == 0)
		v = 0; /* no "-0" */
	/* Most numbers are whole, halves or pango's 1/1024 px: below 2^20 their
	 * exact decimal (at most 10 decimals) is also the shortest that reads
	 * back, as a shorter one is at least 1e-10 away and a double there is
	 * at most 2^-33 from the next. Written by hand: snprintf and strtod
	 * are most of the writer's time otherwise. */
	if (size >= 32 && fabs(v) < 1048576 && v * 1024 == floor(v * 1024)) {
		unsigned long long f = (unsigned long long)fabs(v * 1024);
		size_t o = 0;
		if (v < 0)
			out[o++] = '-';
		o += digits(f >> 10, out + o);
		f &= 1023;
		if (f)
			out[o++] = '.';
		while (f) {
			f *= 10;
			out[o++] = (char)('0' + (f >> 10));
			f &= 1023;
		}
		out[o] = '\0';
		return o;
	}
	if (fabs(v) < 1e15 && v == (double)(long long)v)
		return (size_t)snprintf(out, size, "%lld", (long long)v);
	for (k = 1; k <= 17; k++) {
		n = snprintf(out, size, "%.*f", k, v);
		if (strtod(out, NULL) == v)
			break;
	}
	return n > 0 ? (size_t)n : 0;
}

static void num(struct svg *s, double v)
{
	char b[64];
	put(s, b, fc_svg_number(v, b, sizeof(b)));
}

/* A text length: to 1/100 px, which no viewer can tell from the exact one
 * (the same digits as fc_svg_number(round(v * 100) / 100)). */
static void num2(struct svg *s, double v)
{
	double c = round(v * 100);
	char b[40];
	size_t o = 0;
	unsigned long long u;

	if (!(fabs(c) < 1e15)) {
		num(s, c / 100);
		return;
	}
	u = (unsigned long long)fabs(c);
	if (c < 0)
		b[o++] = '-';
	o += digits(u / 100, b + o);
	if (u % 100) {
		b[o++] = '.';
		b[o++] = (char)('0' + u % 100 / 10);
		if (u % 10)
			b[o++] = (char)('0' + u % 10);
	}
	put(s, b, o);
}

static void color(struct svg *s, struct fc_rgb c)
{
	static const char hex[] = "0123456789abcdef";
	char b[7] = { '#',           hex[c.r >> 4], hex[c.r & 15], hex[c.g >> 4],
		      hex[c.g & 15], hex[c.b >> 4], hex[c.b & 15] };
	put(s, b, 7);
}

/* U+FFFE or U+FFFF at str[i] (EF BF BE, EF BF BF): valid UTF-8, but not
 * characters XML allows; one in a name or a title made the whole SVG
 * ill-formed. They are written as U+FFFD. */
static bool not_xml_char(const char *str, size_t len, size_t i)
{
	const unsigned char *u = (const unsigned char *)str + i;
	return len - i >= 3 && u[0] == 0xef && u[1] == 0xbf && (u[2] & 0xfe) == 0xbe;
}

#define REPLACEMENT_CHAR "\xef\xbf\xbd"

size_t fc_svg_escape(const char *str, size_t len, char *out, size_t size, bool attr)
{
	size_t i, o = 0;

	for (i = 0; i < len; i++) {
		const char *rep = NULL;
		unsigned char ch = (unsigned char)str[i];
		char one[2] = { (char)ch, 0 };

		if (not_xml_char(str, len, i)) {
			if (o + 3 >= size)
				break;
			memcpy(out + o, REPLACEMENT_CHAR, 3);
			o += 3;
			i += 2;
			continue;
		}
		switch (ch) {
		case '&':
			rep = "&amp;";
			break;
		case '<':
			rep = "&lt;";
			break;
		case '>':
			rep = "&gt;";
			break;
		case '"':
			rep = attr ? "&quot;" : "\"";
			break;
		case '\n':
			rep = attr ? " " : "\n";
			break;
		default:
			/* XML 1.0 allows no other control characters */
			if (ch < 0x20 || ch == 0x7f)
				rep = " ";
			else
				rep = one;
		}
		{
			size_t rl = strlen(rep);
			if (o + rl >= size)
				break;
			memcpy(out + o, rep, rl);
			o += rl;
		}
	}
	if (size)
		out[o < size ? o : size - 1] = '\0';
	return o;
}

/* str[0..len) escaped as fc_svg_escape does, straight into the buffer. */
static void escaped(struct svg *s, const char *str, size_t len, bool attr)
{
	size_t i, from = 0;

	for (i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)str[i];
		const char *rep;

		if (ch == 0xef && not_xml_char(str, len, i)) {
			put(s, str + from, i - from);
			puts_(s, REPLACEMENT_CHAR);
			i += 2;
			from = i + 1;
			continue;
		}
		if (ch > '>' ? ch != 0x7f
			     : ch >= 0x20 && ch != '&' && ch != '<' && ch != '>' &&
				       (ch != '"' || !attr))
			continue;
		if (ch == '\n' && !attr)
			continue;
		rep = ch == '&'   ? "&amp;"
		      : ch == '<' ? "&lt;"
		      : ch == '>' ? "&gt;"
		      : ch == '"' ? "&quot;"
				  : " ";
		put(s, str + from, i - from);
		puts_(s, rep);
		from = i + 1;
	}
	put(s, str + from, len - from);
}

/* Escaped text; the string is made valid UTF-8 first if it is not (names
 * are clean already, option strings may not be). */
static void text(struct svg *s, const char *str, bool attr)
{
	size_t len = strlen(str);
	char *clean = NULL;

	if (!fc_utf8_clean(str, len)) {
		clean = fc_strdup_clean(str);
		str = clean ? clean : "";
		len = strlen(str);
	}
	escaped(s, str, len, attr);
	free(clean);
}

/* --- paths --------------------------------------------------------------------- */

static void path_str(struct svg *s, const char *str)
{
	size_t len = strlen(str);

	if (!FC_GROW(s->path, s->path_cap, s->path_len + len + 1)) {
		s->failed = true;
		return;
	}
	memcpy(s->path + s->path_len, str, len + 1);
	s->path_len += len;
}

static void path_num(struct svg *s, const char *before, double v)
{
	char b[80];
	size_t n = strlen(before);

	memcpy(b, before, n);
	fc_svg_number(v, b + n, sizeof(b) - n);
	path_str(s, b);
}

static void s_rect(void *ctx, double x, double y, double w, double h)
{
	struct svg *s = ctx;

	s->rx = x;
	s->ry = y;
	s->rw = w;
	s->rh = h;
	if (s->in_group) { /* a frame box: written by s_fill */
		s->path_items = 1;
		return;
	}
	path_num(s, "M", x);
	path_num(s, " ", y);
	path_num(s, "h", w);
	path_num(s, "v", h);
	path_num(s, "h", -w);
	path_str(s, "z");
	s->path_items++;
}

static void s_line(void *ctx, double x0, double y0, double x1, double y1)
{
	struct svg *s = ctx;

	path_num(s, "M", x0);
	path_num(s, " ", y0);
	if (x0 == x1) {
		path_num(s, "V", y1);
	} else {
		path_num(s, "L", x1);
		path_num(s, " ", y1);
	}
	s->path_items++;
	s->rw = -1;
}

static void path_reset(struct svg *s)
{
	s->path_len = 0;
	s->path_items = 0;
	if (s->path)
		s->path[0] = '\0';
}

/* The path as a <rect> when it is one rectangle, else as a <path>. */
static void shape_open(struct svg *s)
{
	if (s->path_items == 1 && s->rw >= 0) {
		puts_(s, "<rect x=\"");
		num(s, s->rx);
		puts_(s, "\" y=\"");
		num(s, s->ry);
		puts_(s, "\" width=\"");
		num(s, s->rw);
		puts_(s, "\" height=\"");
		num(s, s->rh);
		puts_(s, "\"");
	} else {
		puts_(s, "<path d=\"");
		put(s, s->path ? s->path : "", s->path_len);
		puts_(s, "\"");
	}
}

static void frame_title(struct svg *s, const struct fc_frame_meta *m);
static void group_title(struct svg *s, size_t first);

/* Opens a path at a box's first subpath: "M" its left end at mid-height,
 * "h" its width. */
static void path_open(struct svg *s, const struct svg_box *b)
{
	puts_(s, "<path d=\"M");
	num(s, b->x);
	puts_(s, " ");
	num(s, b->y + b->h / 2);
	puts_(s, "h");
	num(s, b->w);
}

/* One frame box: a horizontal line as wide as the box, stroked with the
 * box's height (the bars section has fill="none" and the box height as
 * its stroke-width), in the group of its colour; its <title> is the
 * tooltip. Half the bytes of a <rect> in its own <g>, and the same pixels. */
static void box_write(struct svg *s, const struct svg_box *b)
{
	path_open(s, b);
	if (b->h != s->box_h) {
		puts_(s, "\" stroke-width=\"");
		num(s, b->h);
	}
	if (b->alpha < 1) {
		puts_(s, "\" stroke-opacity=\"");
		num(s, b->alpha);
	}
	puts_(s, "\">");
	if (b->has_meta) {
		puts_(s, "<title>");
		frame_title(s, &b->m);
		puts_(s, "</title>");
	}
	puts_(s, "</path>\n");
}

/* A group of narrow boxes of one frame (or grey merged boxes): one path,
 * a subpath a box ("M" the first, then "m" from the end of the one
 * before), and one title for them all. */
static void group_write(struct svg *s, size_t first)
{
	const struct svg_box *b = &s->boxes[first];
	double px, py;
	size_t j;

	path_open(s, b);
	px = b->x + b->w;
	py = b->y + b->h / 2;
	for (j = first + 1; j < s->n_boxes; j++) {
		b = &s->boxes[j];
		if (b->group != first)
			continue;
		puts_(s, "m");
		num(s, b->x - px);
		puts_(s, " ");
		num(s, b->y + b->h / 2 - py);
		puts_(s, "h");
		num(s, b->w);
		px = b->x + b->w;
		py = b->y + b->h / 2;
	}
	puts_(s, "\"><title>");
	group_title(s, first);
	puts_(s, "</title></path>\n");
}

static int str_order(const char *a, const char *b)
{
	return a == b ? 0 : !a ? -1 : !b ? 1 : strcmp(a, b);
}

/* Boxes of the same frame next to each other (grey merged boxes: all
 * alike), then in drawing order. */
static int by_frame(const void *a, const void *b, void *ctx)
{
	const struct svg_box *boxes = ctx;
	const struct fc_frame_meta *x = &boxes[*(const uint32_t *)a].m;
	const struct fc_frame_meta *y = &boxes[*(const uint32_t *)b].m;
	int c;

	if ((c = str_order(x->name, y->name)) != 0 || (c = strcmp(x->url, y->url)) != 0)
		return c;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	if (x->column != y->column)
		return x->column < y->column ? -1 : 1;
	if ((c = strcmp(x->tier, y->tier)) != 0)
		return c;
	return strcmp(x->package, y->package);
}

/* Whether a box is drawn narrower than FC_SVG_NARROW_PX and plain (the
 * row's height, opaque): such boxes of one frame share a path and title. */
static bool box_narrow(const struct svg *s, const struct svg_box *b)
{
	return b->has_meta && b->w < FC_SVG_NARROW_PX && b->h == s->box_h && b->alpha >= 1;
}

/* Sets each box's group: the index of the first narrow box of the same
 * frame, or its own index; n at the first box of a group is its size. */
static void narrow_groups(struct svg *s)
{
	size_t i, n = 0, k;

	for (i = 0; i < s->n_boxes; i++) {
		s->boxes[i].group = (uint32_t)i;
		s->boxes[i].n = 1;
	}
	if (!FC_GROW(s->order, s->order_cap, s->n_boxes)) {
		s->failed = true;
		return;
	}
	for (i = 0; i < s->n_boxes; i++)
		if (box_narrow(s, &s->boxes[i]))
			s->order[n++] = (uint32_t)i;
	if (n < 2 || !fc_sort(s->order, n, sizeof(*s->order), by_frame, s->boxes)) {
		if (n >= 2)
			s->failed = true;
		return;
	}
	for (i = 0; i < n; i = k) {
		uint32_t first = s->order[i];
		for (k = i + 1; k < n && by_frame(&s->order[i], &s->order[k], s->boxes) == 0; k++)
			s->boxes[s->order[k]].group = first;
		s->boxes[first].n = (uint32_t)(k - i);
	}
}

static void boxes_clear(struct svg *s)
{
	size_t i;

	for (i = 0; i < s->n_boxes; i++)
		free(s->boxes[i].note);
	s->n_boxes = 0;
}

/* Writes the boxes of the colour group gathered so far. */
static void frames_flush(struct svg *s)
{
	size_t i;

	if (!s->in_color)
		return;
	s->in_color = false;
	if (!s->n_boxes)
		return;
	puts_(s, "<g stroke=\"");
	color(s, s->color);
	puts_(s, "\">\n");
	narrow_groups(s);
	for (i = 0; i < s->n_boxes; i++) {
		const struct svg_box *b = &s->boxes[i];
		if (b->group != i)
			continue; /* written with its group */
		if (b->n > 1)
			group_write(s, i);
		else
			box_write(s, b);
	}
	puts_(s, "</g>\n");
	boxes_clear(s);
}

/* A frame box joins the group of its colour (and lane); the group is
 * written when the colour changes. */
static void frame_box(struct svg *s, struct fc_rgb c, double alpha)
{
	struct svg_box *b;

	if (s->in_color && (memcmp(&c, &s->color, sizeof(c)) != 0 ||
			    (s->meta && s->n_boxes && s->boxes[0].has_meta &&
			     s->boxes[0].m.lane != s->meta->lane)))
		frames_flush(s);
	s->in_color = true;
	s->color = c;
	if (!FC_GROW(s->boxes, s->boxes_cap, s->n_boxes + 1)) {
		s->failed = true;
		path_reset(s);
		return;
	}
	b = &s->boxes[s->n_boxes++];
	memset(b, 0, sizeof(*b));
	if (s->meta) {
		b->m = *s->meta;
		b->has_meta = true;
		/* the painter's note buffer is reused by the next frame */
		if (b->m.note[0] && !(b->m.note = b->note = fc_strdup(b->m.note))) {
			s->failed = true;
			b->m.note = "";
		}
	}
	b->x = s->rx;
	b->y = s->ry;
	b->w = s->rw;
	b->h = s->rh;
	b->alpha = alpha;
	path_reset(s);
}

static void s_fill(void *ctx, struct fc_rgb c, double alpha)
{
	struct svg *s = ctx;

	if (!s->path_items)
		return;
	if (s->in_group) {
		frame_box(s, c, alpha);
		return;
	}
	shape_open(s);
	puts_(s, " fill=\"");
	color(s, c);
	if (alpha < 1) {
		puts_(s, "\" fill-opacity=\"");
		num(s, alpha);
	}
	puts_(s, "\"/>\n");
	path_reset(s);
}

static void s_fill_gradient(void *ctx, struct fc_rgb a, struct fc_rgb b, double y0, double y1)
{
	struct svg *s = ctx;
	char id[32];

	if (!s->path_items)
		return;
	snprintf(id, sizeof(id), "fc-gradient%u", ++s->gradients);
	puts_(s, "<linearGradient id=\"");
	puts_(s, id);
	puts_(s, "\" gradientUnits=\"userSpaceOnUse\" x1=\"0\" y1=\"");
	num(s, y0);
	puts_(s, "\" x2=\"0\" y2=\"");
	num(s, y1);
	puts_(s, "\"><stop offset=\"0\" stop-color=\"");
	color(s, a);
	puts_(s, "\"/><stop offset=\"1\" stop-color=\"");
	color(s, b);
	puts_(s, "\"/></linearGradient>\n");
	shape_open(s);
	puts_(s, " fill=\"url(#");
	puts_(s, id);
	puts_(s, ")\"/>\n");
	path_reset(s);
}

static void s_stroke(void *ctx, struct fc_rgb c, double alpha, double width)
{
	struct svg *s = ctx;

	if (!s->path_items)
		return;
	shape_open(s);
	puts_(s, " fill=\"none\" stroke=\"");
	color(s, c);
	if (alpha < 1) {
		puts_(s, "\" stroke-opacity=\"");
		num(s, alpha);
	}
	if (width != 1) {
		puts_(s, "\" stroke-width=\"");
		num(s, width);
	}
	puts_(s, "\"/>\n");
	path_reset(s);
}

/* --- sections, text and groups ------------------------------------------------- */

static const char *const layer_class[] = { "header", "bars", "grid", "labels", "legend" };

static void s_layer(void *ctx, enum fc_layer layer)
{
	struct svg *s = ctx;

	if (s->layer == (int)layer)
		return;
	frames_flush(s);
	if (s->layer >= 0)
		puts_(s, "</g>\n");
	s->layer = -1;
	if (layer == FC_LAYER_END)
		return;
	/* the text colour of the section, which a <text> overrides (as an
	 * attribute: a CSS rule would override the text's own attribute) */
	puts_(s, "<g class=\"");
	puts_(s, layer_class[layer]);
	if (layer == FC_LAYER_BARS) {
		/* frame boxes are stroked lines (frame_box) */
		puts_(s, "\" fill=\"none\" stroke-width=\"");
		num(s, s->box_h);
	} else {
		puts_(s, "\" fill=\"");
		color(s, layer == FC_LAYER_LABELS ? s->theme->label_dark : s->theme->text);
	}
	puts_(s, "\">\n");
	s->layer = (int)layer;
}

static void s_visible(void *ctx, double *y0, double *y1)
{
	(void)ctx;
	*y0 = -INFINITY;
	*y1 = INFINITY;
}

static void s_text(void *ctx, const struct fc_text_run *run)
{
	struct svg *s = ctx;
	static const char *const font_class[] = { NULL, "b", "t", "s" };
	static const char *const role_class[] = { NULL, "r", NULL, NULL, NULL, NULL };
	const char *cls = font_class[run->font], *role = role_class[run->role];

	if (!run->shown[0])
		return;
	puts_(s, "<text x=\"");
	num(s, run->x);
	puts_(s, "\" y=\"");
	num(s, run->baseline);
	puts_(s, "\"");
	if (run->width > 0) {
		puts_(s, " textLength=\"");
		num2(s, run->width);
		puts_(s, "\" lengthAdjust=\"spacingAndGlyphs\"");
	}
	if (cls || role) {
		puts_(s, " class=\"");
		puts_(s, cls ? cls : role);
		puts_(s, "\"");
	}
	if (s->layer == FC_LAYER_BARS ||
	    memcmp(&run->color,
		   s->layer == FC_LAYER_LABELS ? &s->theme->label_dark : &s->theme->text,
		   sizeof(run->color)) != 0) {
		puts_(s, " fill=\"");
		color(s, run->color);
		puts_(s, "\"");
	}
	puts_(s, ">");
	text(s, run->shown, false);
	puts_(s, "</text>\n");
}

/* Durations as the header writes them ("1.21 ms"); bytes as "26.9 MB";
 * other units grouped. */
static void amount(const struct fc_frame_meta *m, double v, char *out, size_t size)
{
	fc_format_weight(v, m->has_time ? NULL : m->unit, out, size);
}

static void share(const struct fc_frame_meta *m, double v, char *out, size_t size)
{
	double pct = m->lane_total > 0 ? v * 100 / m->lane_total : 0;

	if (pct > 0 && pct < 0.05)
		snprintf(out, size, "<0.1%%");
	else
		snprintf(out, size, "%.1f%%", pct);
}

/* "1.21 ms (0.4%)" */
static void amount_share(struct svg *s, const struct fc_frame_meta *m, double v)
{
	char a[64], b[32];

	amount(m, v, a, sizeof(a));
	share(m, v, b, sizeof(b));
	text(s, a, false);
	puts_(s, " (");
	text(s, b, false);
	puts_(s, ")");
}

/* Whether the script URL shows the package: ".../node_modules/<package>/". */
static bool url_names_package(const char *url, const char *package)
{
	size_t n = strlen(package);
	const char *p = url;

	while ((p = strstr(p, "node_modules/")) != NULL) {
		p += strlen("node_modules/");
		if (strncmp(p, package, n) == 0 && p[n] == '/')
			return true;
	}
	return false;
}

/* Text of a tooltip line, cut to TOOLTIP_TEXT_MAX bytes (at a code point,
 * then "…"): every box has its tooltip, so a long name repeated over many
 * boxes would otherwise make an SVG of hundreds of MB that no browser
 * opens. The layout JSON and -f folded keep names whole. */
#define TOOLTIP_TEXT_MAX ((size_t)1000)

static void text_cut(struct svg *s, const char *str)
{
	size_t len = strlen(str), keep;
	char *cut;

	if (len <= TOOLTIP_TEXT_MAX) {
		text(s, str, false);
		return;
	}
	cut = fc_strdup_clean(str); /* valid UTF-8 before it is cut */
	if (!cut) {
		s->failed = true;
		return;
	}
	keep = fc_utf8_prefix(cut, strlen(cut), TOOLTIP_TEXT_MAX);
	escaped(s, cut, keep, false);
	puts_(s, "\xe2\x80\xa6");
	free(cut);
}

/* The lines that name a frame: name, location, tier and package. */
static void frame_head(struct svg *s, const struct fc_frame_meta *m)
{
	char a[16];

	text_cut(s, m->name[0] ? m->name : "(anonymous)");
	if (m->url[0]) {
		const char *url = m->url;
		if (s->prefix_len && strncmp(url, s->prefix, s->prefix_len) == 0)
			url += s->prefix_len;
		puts_(s, "\n");
		text_cut(s, url);
		if (m->line >= 0) {
			a[0] = ':';
			put(s, a, 1 + digits((unsigned)fc_pos_shown(m->line), a + 1));
			if (m->column >= 0)
				put(s, a, 1 + digits((unsigned)fc_pos_shown(m->column), a + 1));
		}
	}
	puts_(s, "\n");
	text(s, m->tier, false);
	if (m->package[0] && !url_names_package(m->url, m->package)) {
		puts_(s, " \xc2\xb7 ");
		text_cut(s, m->package);
	}
}

/* "12.3 ms (4.5%), self 1.21 ms (0.4%)"; "..., all self" when the self
 * time reads the same as the total; no self part when it is 0. */
static void times(struct svg *s, const struct fc_frame_meta *m, double total, double self)
{
	amount_share(s, m, total);
	if (self > 0) {
		char a[64], b[64], c[32], d[32];
		amount(m, total, a, sizeof(a));
		amount(m, self, b, sizeof(b));
		share(m, total, c, sizeof(c));
		share(m, self, d, sizeof(d));
		if (strcmp(a, b) == 0 && strcmp(c, d) == 0) {
			puts_(s, ", all self");
		} else {
			puts_(s, ", self ");
			amount_share(s, m, self);
		}
	}
}

/* "3.92–16.2 ms": the unit once when both have it */
static void range(struct svg *s, const struct fc_frame_meta *m, double start, double end)
{
	char a[64], b[64], *sa, *sb;

	amount(m, start, a, sizeof(a));
	amount(m, end, b, sizeof(b));
	sa = strrchr(a, ' ');
	sb = strrchr(b, ' ');
	if (sa && sb && strcmp(sa, sb) == 0)
		*sa = '\0';
	text(s, a, false);
	puts_(s, "\xe2\x80\x93");
	text(s, b, false);
}

/* A frame's tooltip, one item a line:
 *   name
 *   location:line:column   (the URL less the prefix stated in <desc>)
 *   tier · package         (no package when the location shows it)
 *   12.3 ms (4.5%), self 1.21 ms (0.4%)
 *   3.92–16.2 ms           (charts: start and end)
 *   ...                    (fc_paint_options.title_note's lines)
 * A merged box says how many frames it holds instead of the first three. */
static void frame_title(struct svg *s, const struct fc_frame_meta *m)
{
	if (m->name) {
		frame_head(s, m);
	} else {
		char a[64];
		snprintf(a, sizeof(a), "%u frame%s merged (each too narrow)", m->count,
			 m->count == 1 ? "" : "s");
		puts_(s, a);
	}
	puts_(s, "\n");
	times(s, m, m->total, m->name ? m->self : 0);
	if (m->chart) {
		puts_(s, "\n");
		range(s, m, m->start, m->end);
	}
	if (m->note[0]) {
		/* line by line: text() would clean a '\n' away */
		char line[FC_TITLE_NOTE_MAX];
		const char *from = m->note, *nl;
		do {
			size_t n;
			nl = strchr(from, '\n');
			n = nl ? (size_t)(nl - from) : strlen(from);
			memcpy(line, from, n);
			line[n] = '\0';
			puts_(s, "\n");
			text(s, line, false);
			if (nl)
				from = nl + 1;
		} while (nl);
	}
}

static int by_start(const void *a, const void *b, void *ctx)
{
	const double *x = a, *y = b;
	(void)ctx;
	return x[0] < y[0] ? -1 : x[0] > y[0];
}

/* The tooltip of a group of narrow boxes (group_write):
 *   name, location, tier and package as for one box
 *   12 boxes under 3 px: 40.1 ms (1.9%), self 38.2 ms (1.8%)
 *   largest 3.46 ms at 670.2 ms, 2.42 ms at 515 ms, 2.25 ms at 423.5 ms, …
 * or, for grey merged boxes, "12 grey boxes under 3 px, 412 frames merged
 * (each too narrow)" then the time. The time is that of the boxes' union
 * on the x axis (a call inside a call of the same function counts once);
 * the self time their sum. The largest, by start when of equal size, only
 * in charts. */
static void group_title(struct svg *s, size_t first)
{
	const struct svg_box *g = &s->boxes[first];
	const struct fc_frame_meta *m = &g->m;
	double self = 0, total = 0, end = -INFINITY;
	size_t j, n = 0, frames = 0, top[3], n_top = 0, k;
	char a[96];

	if (!FC_GROW(s->spans, s->spans_cap, 2 * (size_t)g->n)) {
		s->failed = true;
		return;
	}
	for (j = first; j < s->n_boxes; j++) {
		const struct svg_box *b = &s->boxes[j];
		if (b->group != first)
			continue;
		self += b->m.self;
		frames += b->m.count;
		s->spans[2 * n] = b->m.start;
		s->spans[2 * n + 1] = b->m.end;
		n++;
		/* the three largest so far, in order */
		for (k = n_top; k > 0; k--) {
			const struct svg_box *t = &s->boxes[top[k - 1]];
			double bt = b->m.end - b->m.start, tt = t->m.end - t->m.start;
			if (bt < tt || (bt == tt && b->m.start >= t->m.start))
				break;
			if (k < 3)
				top[k] = top[k - 1];
		}
		if (k < 3)
			top[k] = j;
		if (n_top < 3)
			n_top++;
	}
	if (!fc_sort(s->spans, n, 2 * sizeof(double), by_start, NULL)) {
		s->failed = true;
		return;
	}
	for (j = 0; j < n; j++) {
		double a0 = s->spans[2 * j] > end ? s->spans[2 * j] : end;
		if (s->spans[2 * j + 1] > a0)
			total += s->spans[2 * j + 1] - a0;
		if (s->spans[2 * j + 1] > end)
			end = s->spans[2 * j + 1];
	}
	if (m->name) {
		frame_head(s, m);
		snprintf(a, sizeof(a), "\n%zu boxes under %d px: ", n, FC_SVG_NARROW_PX);
		puts_(s, a);
	} else {
		snprintf(a, sizeof(a),
			 "%zu grey boxes under %d px, %zu frames merged (each too narrow)\n", n,
			 FC_SVG_NARROW_PX, frames);
		puts_(s, a);
	}
	times(s, m, total, m->name ? self : 0);
	if (m->chart) {
		puts_(s, "\nlargest ");
		for (k = 0; k < n_top; k++) {
			const struct svg_box *t = &s->boxes[top[k]];
			char b[64];
			if (k)
				puts_(s, ", ");
			amount(m, t->m.end - t->m.start, a, sizeof(a));
			amount(m, t->m.start, b, sizeof(b));
			text(s, a, false);
			puts_(s, " at ");
			text(s, b, false);
		}
		if (n > n_top)
			puts_(s, ", \xe2\x80\xa6");
	}
}

static void s_group_begin(void *ctx, const struct fc_frame_meta *m)
{
	struct svg *s = ctx;

	s->in_group = true;
	s->meta = m;
}

static void s_group_end(void *ctx)
{
	struct svg *s = ctx;

	s->in_group = false;
	s->meta = NULL;
}

/* A picture: its JPEG embedded as a data: URL the first time, a <use> of
 * it when the next slot shows it again. xlink is declared on the element,
 * as SVG 1.1 wants it, so that the prologue stays what it is without one. */
static void s_image(void *ctx, const struct fc_draw_image *img, double x, double y, double w,
		    double h)
{
	struct svg *s = ctx;
	struct fc_buf b64 = { 0 };

	frames_flush(s);
	if (s->have_image && s->image_id == img->id) {
		puts_(s,
		      "<use xmlns:xlink=\"http://www.w3.org/1999/xlink\" xlink:href=\"#fc-shot-");
		num(s, (double)img->id);
		puts_(s, "\" x=\"");
		num(s, x - s->image_x);
		puts_(s, "\" y=\"");
		num(s, y - s->image_y);
		puts_(s, "\"/>\n");
		return;
	}
	fc_base64_encode(img->jpeg, img->len, &b64);
	if (b64.failed) {
		s->failed = true;
		fc_buf_free(&b64);
		return;
	}
	s->have_image = true;
	s->image_id = img->id;
	s->image_x = x;
	s->image_y = y;
	puts_(s, "<image id=\"fc-shot-");
	num(s, (double)img->id);
	puts_(s, "\" x=\"");
	num(s, x);
	puts_(s, "\" y=\"");
	num(s, y);
	puts_(s, "\" width=\"");
	num(s, w);
	puts_(s, "\" height=\"");
	num(s, h);
	puts_(s, "\" preserveAspectRatio=\"none\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
		 "xlink:href=\"data:image/jpeg;base64,");
	put(s, b64.data, b64.len);
	puts_(s, "\"/>\n");
	fc_buf_free(&b64);
}

static const struct fc_draw_ops svg_ops = {
	.visible = s_visible,
	.layer = s_layer,
	.rect = s_rect,
	.line = s_line,
	.fill = s_fill,
	.fill_gradient = s_fill_gradient,
	.stroke = s_stroke,
	.text = s_text,
	.group_begin = s_group_begin,
	.group_end = s_group_end,
	.image = s_image,
};

/* --- the document -------------------------------------------------------------- */

/* The theme's family list (pango: "Verdana, DejaVu Sans") as CSS, each name
 * quoted, then fallbacks the list does not name. */
static void font_family(struct svg *s, const char *families)
{
	static const char *const fallbacks[] = { "DejaVu Sans", "Verdana", "Bitstream Vera Sans",
						 "Liberation Sans", "Arial" };
	const char *p = families && families[0] ? families : "DejaVu Sans";
	char name[128], seen[512] = "|";
	size_t i;
	bool first = true;

	while (*p) {
		size_t n = strcspn(p, ","), o = 0, k;
		for (k = 0; k < n && o + 1 < sizeof(name); k++) {
			char c = p[k];
			/* a family name in CSS quotes: nothing that ends them */
			if (c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' ||
			    (unsigned char)c < 0x20)
				continue;
			if (c == ' ' && o == 0)
				continue;
			name[o++] = c;
		}
		if (k < n) /* cut: never inside a character */
			o = fc_utf8_complete(name, o);
		while (o && name[o - 1] == ' ')
			o--;
		name[o] = '\0';
		p += n + (p[n] == ',');
		if (!o)
			continue;
		if (strcmp(name, "sans-serif") == 0 || strcmp(name, "Sans") == 0 ||
		    strcmp(name, "sans") == 0)
			continue; /* generic: last */
		puts_(s, first ? "\"" : ",\"");
		puts_(s, name);
		puts_(s, "\"");
		first = false;
		if (strlen(seen) + o + 2 < sizeof(seen)) {
			strcat(seen, name);
			strcat(seen, "|");
		}
	}
	for (i = 0; i < sizeof(fallbacks) / sizeof(fallbacks[0]); i++) {
		char key[140];
		snprintf(key, sizeof(key), "|%s|", fallbacks[i]);
		if (strstr(seen, key))
			continue;
		puts_(s, first ? "\"" : ",\"");
		puts_(s, fallbacks[i]);
		puts_(s, "\"");
		first = false;
	}
	puts_(s, ",sans-serif");
}

/* The directory that all file:// URLs of the frames share (or else all
 * https://, http:// URLs, or absolute paths: whichever most frames have),
 * which the titles leave out; none when it is short ("file:///x/"). Other
 * URLs (node:fs, wasm://...) are written whole. */
static void url_prefix(struct svg *s, const struct fc_layout *l)
{
	static const char *const schemes[] = { "file://", "https://", "http://", "/" };
	size_t count[4] = { 0, 0, 0, 0 };
	const char *pre = NULL;
	size_t len = 0, i, j, k, best = 0;
	int pass;

	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < l->n_lanes; i++) {
			const struct fc_lane *lane = &l->lanes[i];
			for (j = 0; j < lane->n_boxes; j++) {
				const struct fc_box *b = &lane->boxes[j];
				const char *url;
				if (b->frame == FC_NONE || (b->flags & FC_BOX_COALESCED))
					continue;
				url = fc_profile_str(lane->profile,
						     lane->profile->frames[b->frame].url);
				if (pass == 0) {
					for (k = 0; k < 4; k++)
						count[k] += strncmp(url, schemes[k],
								    strlen(schemes[k])) == 0;
					continue;
				}
				if (strncmp(url, schemes[best], strlen(schemes[best])) != 0)
					continue;
				if (!pre) {
					pre = url;
					len = strlen(url);
					continue;
				}
				for (k = 0; k < len && url[k] == pre[k]; k++)
					;
				len = k;
			}
		}
		for (k = 1; k < 4; k++)
			if (count[k] > count[best])
				best = k;
	}
	while (len && pre[len - 1] != '/')
		len--;
	if (len >= 16 && fc_utf8_clean(pre, len)) {
		s->prefix = pre;
		s->prefix_len = len;
	}
}

static void prologue(struct svg *s, const struct fc_painter *p, bool interactive)
{
	const struct fc_theme *t = p->theme;
	double size = t->font_size_px > 0 ? t->font_size_px : 11;

	puts_(s, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "
		 "xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"");
	num(s, p->width);
	puts_(s, "px\" height=\"");
	num(s, p->height);
	puts_(s, "px\" viewBox=\"0 0 ");
	num(s, p->width);
	puts_(s, " ");
	num(s, p->height);
	puts_(s, "\" role=\"img\" aria-labelledby=\"fc-title\" aria-describedby=\"fc-desc\" "
		 "xml:space=\"preserve\">\n<title id=\"fc-title\">");
	text(s, p->title, false);
	puts_(s, "</title>\n<desc id=\"fc-desc\">");
	if (p->subtitle) {
		text(s, p->subtitle, false);
		puts_(s, "\n");
	}
	if (p->subtitle2) {
		text(s, p->subtitle2, false);
		puts_(s, "\n");
	}
	text(s, p->info, false);
	if (p->self_time) {
		puts_(s, "\n");
		text(s, p->self_time, false);
	}
	if (p->notes) {
		puts_(s, "\n");
		text(s, p->notes, false);
	}
	if (s->prefix_len) {
		puts_(s, "\nFrame locations are relative to ");
		escaped(s, s->prefix, s->prefix_len, false);
	}
	puts_(s, "</desc>\n<style>\ntext{font-family:");
	font_family(s, t->font_family);
	puts_(s, ";font-size:");
	num(s, size);
	puts_(s, "px}\n.b{font-weight:bold}\n.t{font-size:");
	num(s, fc_paint_title_px(t));
	puts_(s, "px;font-weight:bold}\n.s{font-size:");
	num(s, fc_paint_subtitle_px(t));
	puts_(s, "px}\n.grid,.labels{pointer-events:none}\n");
	if (interactive)
		puts_(s, fc_svg_script_style);
	puts_(s, "</style>\n");
}

static bool write_native(struct fc_painter *p, const struct fc_paint_options *o,
			 struct fc_output *out, struct fc_error *err)
{
	struct svg *s = calloc(1, sizeof(*s));
	bool ok;

	if (!s) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	s->draw.ops = &svg_ops;
	s->draw.ctx = s;
	s->draw.groups = true;
	s->draw.metrics = true;
	s->painter = p;
	s->out = out;
	s->theme = p->theme;
	s->layer = -1;
	s->box_h = fc_paint_box_height(p);
	url_prefix(s, p->layout);
	prologue(s, p, o->interactive);
	ok = fc_painter_draw(p, &s->draw, err);
	if (ok && o->interactive) {
		char w[64];
		double root;
		bool more;
		fc_svg_number(p->plot_x, w, sizeof(w));
		puts_(s, "<script><![CDATA[\n");
		puts_(s, "var fcPlotX=");
		puts_(s, w);
		fc_svg_number(p->plot_w, w, sizeof(w));
		puts_(s, ",fcPlotW=");
		puts_(s, w);
		/* an upright graph opens on its root (svg_script.c) */
		root = fc_paint_root_foot(p, &more);
		fc_svg_number(root, w, sizeof(w));
		puts_(s, ",fcRootY=");
		puts_(s, w);
		puts_(s, more ? ",fcRootMid=true" : ",fcRootMid=false");
		puts_(s, ";\n");
		puts_(s, fc_svg_script);
		puts_(s, "]]></script>\n");
	}
	puts_(s, "</svg>\n");
	flush(s);
	if (ok && s->failed) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		ok = false;
	}
	if (ok && out->failed) {
		fc_error_set(err, FC_ERR_OUTPUT, "write error: %s", strerror(out->errno_value));
		ok = false;
	}
	free(s->path);
	boxes_clear(s);
	free(s->boxes);
	free(s->order);
	free(s->spans);
	free(s);
	return ok;
}

bool fc_write_svg_native(const struct fc_layout *l, const struct fc_style *st,
			 const struct fc_paint_options *o, struct fc_output *out,
			 struct fc_error *err)
{
	struct fc_painter *p = fc_painter_create(l, st, o, err);
	bool ok;

	if (!p) {
		fc_paint_error_file(err, out);
		return false;
	}
	ok = write_native(p, o, out, err);
	fc_painter_destroy(p);
	if (!ok)
		fc_paint_error_file(err, out);
	return ok;
}

bool fc_write_svg(const struct fc_layout *l, const struct fc_style *st,
		  const struct fc_paint_options *o, struct fc_output *out, struct fc_error *err)
{
	if (o->svg_cairo)
		return fc_write_svg_cairo(l, st, o, out, err);
	return fc_write_svg_native(l, st, o, out, err);
}
