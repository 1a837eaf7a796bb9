/* A page per profile of a report (SLUG.html, docs/report.md): its chart
 * and its graph as the interactive SVGs (search, zoom, reset) with a switch
 * between them and its process's lanes, its numbers, its Markdown summary
 * and links to every file made from it. Written from the manifests alone,
 * like the index; nothing is loaded from outside the folder. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/output.h"
#include "flamechart/report.h"
#include "report/internal.h"
#include "util/util.h"
#include "model/profile.h"

#define MAX_MD ((off_t)1 << 20) /* bytes of a Markdown summary shown in the page */

/* The width and height in px an SVG made by flamechart states on its root
 * (the first kilobyte of OUTDIR/rel); false when it cannot be read. */
static bool svg_size(const char *outdir, const char *rel, int *w, int *h)
{
	FILE *f = fc_report_open_inside(outdir, rel, FC_REPORT_MAX_INLINE * 16);
	char head[1024], *p, *q;
	size_t n;

	if (!f)
		return false;
	n = fread(head, 1, sizeof(head) - 1, f);
	fclose(f);
	head[n] = '\0';
	p = strstr(head, "<svg ");
	q = p ? strstr(p, " width=\"") : NULL;
	p = p ? strstr(p, " height=\"") : NULL;
	*w = q ? atoi(q + 8) : 0;
	*h = p ? atoi(p + 9) : 0;
	return *w > 0 && *w <= 1000000 && *h > 0 && *h <= 1000000;
}

/* One view: the interactive SVG in a frame where there is room, the still
 * image fitted where there is not, and links to both. */
static void pane(struct fc_output *o, const struct fc_report *r, const char *cls, const char *slug,
		 const char *mode, const char *what)
{
	bool svg = r->formats & (1u << FC_OUT_SVG), png = r->formats & (1u << FC_OUT_PNG);
	char *svg_name = fc_report_image_name(slug, mode, "svg");
	char *png_name = fc_report_image_name(slug, mode, "png");
	int w = 0, h = 0;
	bool sized = svg && svg_name && svg_size(r->outdir, svg_name, &w, &h);

	fc_output_printf(o, "<div class=\"pane %s\">", cls);
	if (svg && svg_name) {
		/* the frame's scroll bar, if the page is narrower than the
		 * picture, below the picture rather than over it */
		fc_output_printf(o, "<iframe class=\"svg\" loading=\"lazy\" title=\"%s\" src=\"",
				 what);
		fc_report_url_path(o, svg_name);
		if (sized)
			fc_output_printf(o, "\" style=\"height:%dpx;max-width:%dpx\"></iframe>",
					 h + 20, w + 2);
		else
			fc_output_printf(o, "\" style=\"height:820px\"></iframe>");
	}
	if (png && png_name) {
		fc_output_printf(o, "<img class=\"still\" loading=\"lazy\" alt=\"%s\" src=\"",
				 what);
		fc_report_url_path(o, png_name);
		fc_output_printf(o, "\"%s>", svg ? "" : " style=\"display:block\"");
	}
	fc_output_printf(o, "<p class=\"small files\">");
	if (!svg && !png) {
		/* PDF only: nothing to show in the page, a link to it */
		char *pdf = fc_report_image_name(slug, mode, "pdf");
		if (pdf) {
			fc_output_printf(o, "<a href=\"");
			fc_report_url_path(o, pdf);
			fc_output_printf(o, "\">open the %s (PDF)</a>", what);
		}
		free(pdf);
	}
	if (svg && svg_name) {
		fc_output_printf(o, "<a href=\"");
		fc_report_url_path(o, svg_name);
		fc_output_printf(o,
				 "\">open the %s alone</a> (click a bar to zoom, Search "
				 "above it or Ctrl+F to search)",
				 what);
	}
	fc_output_printf(o, "</p></div>\n");
	free(svg_name);
	free(png_name);
}

/* The Markdown summary, as its text (the page renders no Markdown: what is
 * shown is exactly what a pull request would get). */
static void markdown(struct fc_output *o, const struct fc_report *r, const char *name)
{
	FILE *f = fc_report_open_inside(r->outdir, name, MAX_MD);
	char buf[4096];
	size_t n;
	off_t total = 0;

	if (!f)
		return;
	fc_output_printf(o, "<details><summary>Markdown summary</summary><pre class=\"md\">");
	while (total < MAX_MD && (n = fread(buf, 1, sizeof(buf) - 1, f)) > 0) {
		buf[n] = '\0';
		total += (off_t)n;
		/* fc_report_html_text stops at a NUL byte: the file has none */
		fc_report_html_text(o, buf);
	}
	fclose(f);
	fc_output_printf(o, "</pre></details>\n");
}

/* Every file made from the profile and, for a process, its lanes. */
static void files(struct fc_output *o, const struct fc_report *r, const struct fc_report_file *f,
		  const struct fc_report_group *g)
{
	char *names[3] = { 0 };
	int m, x;
	size_t i;

	fc_output_printf(o, "<h2>Files</h2>\n<p class=\"files\">");
	for (m = 0; m < 3; m++) {
		const char *mode = m < 2 ? fc_report_mode_names[m] : "lanes";
		const char *slug = m < 2 ? f->slug : g ? g->slug : NULL;
		if (m < 2 && !fc_report_draws(r, f, m))
			continue;
		if (m == 2 && (!g || !g->ok))
			continue;
		for (x = FC_OUT_SVG; x <= FC_OUT_PDF; x++) {
			char *name;
			if (!(r->formats & (1u << x)) ||
			    !(name = fc_report_image_name(slug, mode, fc_report_ext(x))))
				continue;
			fc_output_printf(o, "<a href=\"");
			fc_report_url_path(o, name);
			fc_output_printf(o, "\">%s&nbsp;%s</a> ", mode, fc_report_ext(x));
			free(name);
		}
	}
	names[0] = fc_report_summary_md_name(f->slug);
	names[1] = fc_report_thumb_name(f->slug);
	for (i = 0; i < 2; i++) {
		FILE *e = names[i] ? fc_report_open_inside(r->outdir, names[i], MAX_MD * 4) : NULL;
		if (!e)
			continue;
		fclose(e);
		fc_output_printf(o, "<a href=\"");
		fc_report_url_path(o, names[i]);
		fc_output_printf(o, "\">%s</a> ",
				 i == 0 ? "summary&nbsp;md" : "thumbnail&nbsp;png");
	}
	fc_output_printf(o, "</p>\n");
	markdown(o, r, names[0]);
	free(names[0]);
	free(names[1]);
}

static bool write_page(const struct fc_report *r, const struct fc_report_file *f,
		       struct fc_error *err)
{
	const struct fc_report_group *g = f->group >= 0 ? &r->groups[f->group] : NULL;
	char *label = fc_report_label(f, g != NULL), *name = fc_report_page_name(f->slug);
	char *path = name ? fc_asprintf("%s/%s", r->outdir, name) : NULL;
	bool chart = fc_report_draws(r, f, FC_MODE_CHART);
	bool graph = fc_report_draws(r, f, FC_MODE_GRAPH);
	bool lanes = g && g->ok;
	const char *first = chart ? "chart" : graph ? "graph" : "lanes";
	struct fc_output o;
	char a[48], b[48];
	double cpu = 0;
	int t;

	free(name);
	if (!label || !path || !fc_output_open(&o, path, err)) {
		if (!label || !path)
			fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		free(label);
		free(path);
		return false;
	}
	free(path);
	fc_report_html_head(&o, label);
	fc_output_printf(&o, "<p class=\"small\"><a href=\"index.html\">All profiles</a>");
	if (g) {
		fc_output_printf(&o, " · ");
		fc_report_html_text(&o, g->title);
	}
	fc_output_printf(&o, "</p>\n<h1>");
	fc_report_html_text(&o, label);
	fc_output_printf(&o, "</h1>\n<p class=\"small\">");
	/* the file's name, unless it is the name above */
	if (strcmp(label, f->rel) != 0) {
		fc_output_printf(&o, "<code>");
		fc_report_html_text(&o, f->rel);
		fc_output_printf(&o, "</code><br>");
	}
	for (t = 0; t < FC_TIER_COUNT; t++)
		if (t != FC_TIER_IDLE)
			cpu += f->tier_ms[t];
	fc_report_weight(a, sizeof(a), f, f->timeless ? cpu : f->duration_ms);
	fc_report_thousands(b, sizeof(b), (double)f->samples, 0);
	if (f->timeless) {
		/* no wall time: the weights in all, and why there is no chart */
		fc_output_printf(&o,
				 "%s %s · %s stacks · no time order: drawn as a graph, not a "
				 "chart",
				 a, f->bytes ? "allocated" : "in all", b);
	} else {
		fc_output_printf(&o, "%s wall · ", a);
		fc_report_weight(a, sizeof(a), f, cpu);
		fc_output_printf(&o, "%s CPU (idle left out) · %s samples", a, b);
	}
	fc_output_printf(&o, "</p>\n");
	/* the switch: radio buttons before what they show, CSS shows one */
	if (chart)
		fc_output_printf(&o,
				 "<input class=\"view\" type=\"radio\" name=\"view\" "
				 "id=\"v-chart\"%s>",
				 strcmp(first, "chart") == 0 ? " checked" : "");
	if (graph)
		fc_output_printf(&o,
				 "<input class=\"view\" type=\"radio\" name=\"view\" "
				 "id=\"v-graph\"%s>",
				 strcmp(first, "graph") == 0 ? " checked" : "");
	if (lanes)
		fc_output_printf(&o,
				 "<input class=\"view\" type=\"radio\" name=\"view\" "
				 "id=\"v-lanes\"%s>",
				 strcmp(first, "lanes") == 0 ? " checked" : "");
	fc_output_printf(&o, "\n<div class=\"switch\">");
	if (chart)
		fc_output_printf(&o, "<label for=\"v-chart\">Flame chart</label>");
	if (graph)
		fc_output_printf(&o, "<label for=\"v-graph\">%s</label>",
				 f->bytes ? "Allocation graph" : "Flame graph");
	if (lanes)
		fc_output_printf(&o, "<label for=\"v-lanes\">Threads</label>");
	fc_output_printf(&o, "</div>\n<div class=\"panes\">\n");
	if (chart)
		pane(&o, r, "p-chart", f->slug, "chart", "flame chart");
	if (graph)
		pane(&o, r, "p-graph", f->slug, "graph", "flame graph");
	if (lanes)
		pane(&o, r, "p-lanes", g->slug, "lanes", "threads of the process");
	fc_output_printf(&o, "</div>\n<div class=\"facts\"><div><h2>%s per tier</h2>",
			 f->bytes    ? "Bytes"
			 : f->counts ? "Samples"
				     : "Time");
	fc_report_html_tiers(&o, r, f);
	fc_output_printf(&o, "</div><div><h2>%s</h2>",
			 f->bytes    ? "Most bytes allocated (self)"
			 : f->counts ? "Most samples (self), waits left out"
				     : "Top self time, waits left out");
	fc_report_html_top(&o, f);
	fc_output_printf(&o, "</div></div>\n");
	files(&o, r, f, g);
	fc_output_printf(&o, "</body></html>\n");
	free(label);
	return fc_output_commit(&o, err);
}

bool fc_report_write_pages(const struct fc_report *r, struct fc_error *err)
{
	size_t i;

	for (i = 0; i < r->n_files; i++)
		if (r->files[i].ok && !write_page(r, &r->files[i], err))
			return false;
	return true;
}
