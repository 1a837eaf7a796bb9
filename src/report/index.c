/* The report's index pages: index.html (one self-contained file: styles and
 * thumbnails inline, no network) and index.md (GitHub-flavoured Markdown),
 * plus the JSON summary. Nothing in them depends on the run (no dates, no
 * timings, no job count), so every run over the same inputs writes the
 * same bytes. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "flamechart/report.h"
#include "flamechart/classify.h"
#include "flamechart/markdown.h"
#include "flamechart/output.h"
#include "flamechart/style.h"
#include "util/util.h"

/* --- small writers ---------------------------------------------------------- */

static void html_text(struct fc_output *o, const char *s)
{
	for (; s && *s; s++) {
		switch (*s) {
		case '&':
			fc_output_printf(o, "&amp;");
			break;
		case '<':
			fc_output_printf(o, "&lt;");
			break;
		case '>':
			fc_output_printf(o, "&gt;");
			break;
		case '"':
			fc_output_printf(o, "&quot;");
			break;
		default:
			fc_output_write(o, s, 1);
		}
	}
}

/* File names in links: percent-encode what a URL path cannot hold. */
static void url_path(struct fc_output *o, const char *s)
{
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;
		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		    strchr("-._~/", c))
			fc_output_write(o, s, 1);
		else
			fc_output_printf(o, "%%%02X", c);
	}
}

static void thousands(char *buf, size_t size, double v, int decimals)
{
	char raw[64], *dot;
	size_t n, i, o = 0, int_len;

	snprintf(raw, sizeof(raw), "%.*f", decimals, v);
	dot = strchr(raw, '.');
	int_len = dot ? (size_t)(dot - raw) : strlen(raw);
	n = strlen(raw);
	for (i = 0; i < n && o + 2 < size; i++) {
		if (i > 0 && i < int_len && raw[i - 1] != '-' && (int_len - i) % 3 == 0)
			buf[o++] = ',';
		buf[o++] = raw[i];
	}
	buf[o] = '\0';
}

static const char base64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* Inlines an image from OUTDIR as a data: URI (PNG or SVG by extension);
 * false when it cannot be read. */
/* Opens OUTDIR/rel for reading only when it is a regular file inside OUTDIR
 * of at most max bytes: no component may be a symbolic link, and a FIFO or
 * device is refused without blocking (the folder may come from a stranger:
 * docs/robustness.md, "report --merge"). */
static FILE *open_inside(const char *outdir, const char *rel, off_t max)
{
	int dfd = open(outdir, O_RDONLY | O_DIRECTORY | O_CLOEXEC), fd = -1;
	const char *p = rel;
	struct stat st;
	FILE *f;

	while (dfd >= 0) {
		const char *slash = strchr(p, '/');
		char part[256];
		size_t n = slash ? (size_t)(slash - p) : strlen(p);
		int next;

		if (n == 0 || n >= sizeof(part) || (n <= 2 && strncmp(p, "..", n) == 0))
			break;
		memcpy(part, p, n);
		part[n] = '\0';
		if (!slash) {
			fd = openat(dfd, part, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
			break;
		}
		next = openat(dfd, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		close(dfd);
		dfd = next;
		p = slash + 1;
	}
	if (dfd >= 0)
		close(dfd);
	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > max ||
	    !(f = fdopen(fd, "rb"))) {
		close(fd);
		return NULL;
	}
	return f;
}

static bool data_uri(struct fc_output *o, const char *outdir, const char *rel)
{
	const char *ext = strrchr(rel, '.');
	FILE *f = open_inside(outdir, rel, FC_REPORT_MAX_INLINE);
	unsigned char in[3 * 1024];
	char out[4 * 1024];
	size_t n, total = 0;

	if (!f)
		return false;
	fc_output_printf(o, "data:image/%s;base64,",
			 ext && strcmp(ext, ".svg") == 0 ? "svg+xml" : "png");
	/* the size was checked, but a file can grow while it is read */
	while (total < FC_REPORT_MAX_INLINE && (n = fread(in, 1, sizeof(in), f)) > 0) {
		size_t i, k = 0;
		total += n;
		for (i = 0; i + 2 < n; i += 3) {
			unsigned v = (unsigned)in[i] << 16 | (unsigned)in[i + 1] << 8 | in[i + 2];
			out[k++] = base64[v >> 18];
			out[k++] = base64[(v >> 12) & 63];
			out[k++] = base64[(v >> 6) & 63];
			out[k++] = base64[v & 63];
		}
		if (i < n) {
			unsigned v =
				(unsigned)in[i] << 16 | (i + 1 < n ? (unsigned)in[i + 1] << 8 : 0);
			out[k++] = base64[v >> 18];
			out[k++] = base64[(v >> 12) & 63];
			out[k++] = i + 1 < n ? base64[(v >> 6) & 63] : '=';
			out[k++] = '=';
		}
		fc_output_write(o, out, k);
	}
	fclose(f);
	return true;
}

static const char *const mode_names[] = { "chart", "graph" };

/* The image a link or thumbnail should use: PNG when rendered, else SVG. */
static const char *fmt_ext(int x)
{
	return x == FC_OUT_SVG ? "svg" : x == FC_OUT_PNG ? "png" : "pdf";
}

static const char *main_ext(const struct fc_report *r)
{
	return (r->formats & (1u << FC_OUT_PNG))   ? "png"
	       : (r->formats & (1u << FC_OUT_SVG)) ? "svg"
						   : "pdf";
}

/* --- index.html ------------------------------------------------------------- */

/* Tier colours of the theme the images use (--theme), so that the bars
 * here match their legends. */
static const struct fc_theme *report_theme(const struct fc_report *r)
{
	return r->o && r->o->theme ? r->o->theme : fc_theme_default();
}

static void html_tiers(struct fc_output *o, const struct fc_report *r,
		       const struct fc_report_file *f)
{
	const struct fc_theme *t = report_theme(r);
	double total = 0;
	int i;

	for (i = 0; i < FC_TIER_COUNT; i++)
		total += f->tier_ms[i];
	fc_output_printf(o, "<div class=\"bar\">");
	for (i = 0; i < FC_TIER_COUNT && total > 0; i++) {
		char hex[8];
		if (f->tier_ms[i] <= 0)
			continue;
		fc_rgb_hex(t->tier[i], hex);
		fc_output_printf(
			o, "<span style=\"width:%.2f%%;background:%s\" title=\"%s %.1f%%\"></span>",
			100.0 * f->tier_ms[i] / total, hex, fc_tier_name((enum fc_tier)i),
			100.0 * f->tier_ms[i] / total);
	}
	fc_output_printf(o, "</div><div class=\"small\">");
	for (i = 0; i < FC_TIER_COUNT && total > 0; i++) {
		char ms[32];
		if (f->tier_ms[i] <= 0)
			continue;
		thousands(ms, sizeof(ms), f->tier_ms[i], 1);
		fc_output_printf(o, "%s %s ms (%.1f%%)<br>", fc_tier_name((enum fc_tier)i), ms,
				 100.0 * f->tier_ms[i] / total);
	}
	fc_output_printf(o, "</div>");
}

static void html_links(struct fc_output *o, const struct fc_report *r, const char *slug, bool group)
{
	int m, x;

	for (m = 0; m < 2; m++) {
		if (!(r->modes & (1u << m)) || (group && m == 1))
			continue;
		for (x = FC_OUT_SVG; x <= FC_OUT_PDF; x++) {
			const char *ext = fmt_ext(x);
			char *name;
			if (!(r->formats & (1u << x)))
				continue;
			name = fc_report_image_name(slug, group ? "lanes" : mode_names[m], ext);
			if (!name)
				continue;
			fc_output_printf(o, "<a href=\"");
			url_path(o, name);
			fc_output_printf(o, "\">%s %s</a> ", group ? "lanes" : mode_names[m], ext);
			free(name);
		}
	}
}

static void html_row(struct fc_output *o, const struct fc_report *r, const struct fc_report_file *f)
{
	char dur[32], smp[32];
	size_t i;

	fc_output_printf(o, "<tr%s><td class=\"thumb\">", f->ok ? "" : " class=\"failed\"");
	if (f->ok) {
		char *thumb = fc_report_thumb_name(f->slug);
		char *full = fc_report_image_name(
			f->slug, (r->modes & (1u << FC_MODE_CHART)) ? "chart" : "graph",
			main_ext(r));
		if (thumb && full) {
			fc_output_printf(o, "<a href=\"");
			url_path(o, full);
			fc_output_printf(o, "\"><img alt=\"\" src=\"");
			if (!data_uri(o, r->outdir, thumb))
				url_path(o, thumb);
			fc_output_printf(o, "\"></a>");
		}
		free(thumb);
		free(full);
	}
	fc_output_printf(o, "</td><td><b>");
	html_text(o, f->ok && f->title ? f->title : fc_basename(f->rel));
	fc_output_printf(o, "</b><br><span class=\"small\">");
	html_text(o, f->rel);
	fc_output_printf(o, "</span>");
	if (!f->ok) {
		fc_output_printf(o, "<br><span class=\"error\">failed: ");
		html_text(o, f->error);
		fc_output_printf(
			o, "</span></td><td></td><td></td><td></td><td></td><td></td></tr>\n");
		return;
	}
	thousands(dur, sizeof(dur), f->duration_ms, 1);
	thousands(smp, sizeof(smp), (double)f->samples, 0);
	fc_output_printf(o, "</td><td class=\"num\">%s ms</td><td class=\"num\">%s</td><td>", dur,
			 smp);
	html_tiers(o, r, f);
	fc_output_printf(o, "</td><td class=\"small\">");
	for (i = 0; i < f->n_top; i++) {
		char ms[32];
		thousands(ms, sizeof(ms), f->top[i].self_ms, 1);
		fc_output_printf(o, "%s ms <code>", ms);
		html_text(o, f->top[i].name[0] ? f->top[i].name : "(anonymous)");
		fc_output_printf(o, "</code>");
		if (f->top[i].url[0]) {
			fc_output_printf(o, " <span class=\"url\">");
			html_text(o, fc_basename(f->top[i].url));
			if (f->top[i].line > 0)
				fc_output_printf(o, ":%d", f->top[i].line);
			fc_output_printf(o, "</span>");
		}
		fc_output_printf(o, "<br>");
	}
	fc_output_printf(o, "</td><td class=\"small\">");
	html_links(o, r, f->slug, false);
	fc_output_printf(o, "</td></tr>\n");
}

static const char html_head[] =
	"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
	"<style>\n"
	"body{font:14px/1.4 'DejaVu Sans',system-ui,sans-serif;margin:24px;color:#1f1f1f}\n"
	"h1{font-size:22px}h2{font-size:17px;margin-top:28px}\n"
	"table{border-collapse:collapse;width:100%}\n"
	"th,td{border-bottom:1px solid #ddd;padding:6px 8px;vertical-align:top;text-align:left}\n"
	"th{background:#f4f4f4}td.num{text-align:right;white-space:nowrap}\n"
	".thumb img{width:240px;border:1px solid #ccc;display:block}\n"
	".lanes img{max-width:100%;border:1px solid #ccc}\n"
	".small{font-size:12px;color:#444}.url{color:#666}\n"
	".bar{display:flex;width:160px;height:10px;background:#eee;margin-bottom:4px}\n"
	".bar span{display:block;height:10px}\n"
	"tr.failed td{background:#fff4f4}.error{color:#a00}\n"
	"code{font-size:12px}\n"
	"</style></head><body>\n";

static void html_table_head(struct fc_output *o)
{
	fc_output_printf(o, "<table><tr><th>Chart</th><th>Profile</th><th>Duration</th>"
			    "<th>Samples</th><th>Time per tier</th><th>Top 5 self time</th>"
			    "<th>Images</th></tr>\n");
}

static size_t count_failed(const struct fc_report *r)
{
	size_t i, n = 0;

	for (i = 0; i < r->n_files; i++)
		n += !r->files[i].ok;
	return n;
}

static bool write_html(const struct fc_report *r, struct fc_error *err)
{
	char *path = fc_asprintf("%s/index.html", r->outdir);
	struct fc_output o;
	size_t i, k, lone = 0;

	if (!path || !fc_output_open(&o, path, err)) {
		if (!path)
			fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		free(path);
		return false;
	}
	free(path);
	/* the title (--title) comes before html_head's viewport and styles */
	fc_output_printf(&o, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
			     "<title>");
	html_text(&o, r->title ? r->title : "flamechart report");
	fc_output_printf(&o, "</title>\n");
	fc_output_write(&o, html_head, sizeof(html_head) - 1);
	fc_output_printf(&o, "<h1>");
	html_text(&o, r->title ? r->title : "flamechart report");
	fc_output_printf(&o, "</h1>\n<p>%zu profiles, %zu failed.</p>\n", r->n_files,
			 count_failed(r));
	for (i = 0; i < r->n_groups; i++) {
		const struct fc_report_group *g = &r->groups[i];
		fc_output_printf(&o, "<h2>");
		html_text(&o, g->title);
		fc_output_printf(&o, " — %zu threads</h2>\n<div class=\"lanes\">", g->n_members);
		if (g->ok) {
			char *img = fc_report_image_name(g->slug, "lanes", main_ext(r));
			if (img) {
				fc_output_printf(&o, "<a href=\"");
				url_path(&o, img);
				fc_output_printf(&o, "\"><img alt=\"lanes of ");
				html_text(&o, g->title);
				fc_output_printf(&o, "\" src=\"");
				if (!data_uri(&o, r->outdir, img))
					url_path(&o, img);
				fc_output_printf(&o, "\"></a><br><span class=\"small\">");
				html_links(&o, r, g->slug, true);
				fc_output_printf(&o, "</span>");
			}
			free(img);
		} else {
			fc_output_printf(&o, "<span class=\"error\">lanes failed: ");
			html_text(&o, g->error);
			fc_output_printf(&o, "</span>");
		}
		fc_output_printf(&o, "</div>\n");
		html_table_head(&o);
		for (k = 0; k < g->n_members; k++)
			html_row(&o, r, &r->files[g->members[k]]);
		fc_output_printf(&o, "</table>\n");
	}
	for (i = 0; i < r->n_files; i++)
		lone += r->files[i].group < 0;
	if (lone) {
		if (r->n_groups)
			fc_output_printf(&o, "<h2>Other profiles</h2>\n");
		html_table_head(&o);
		for (i = 0; i < r->n_files; i++)
			if (r->files[i].group < 0)
				html_row(&o, r, &r->files[i]);
		fc_output_printf(&o, "</table>\n");
	}
	fc_output_printf(&o,
			 "<p class=\"small\">Made with flamechart. Tiers: app (your code), "
			 "deps (node_modules), core (Node.js built-ins), native (V8 builtins and "
			 "bindings), v8 ((program) and other engine work), gc, idle.</p>\n"
			 "</body></html>\n");
	return fc_output_commit(&o, err);
}

/* --- index.md --------------------------------------------------------------- */

/* Written with the Markdown writer (flamechart/markdown.h): names from the
 * inputs stay text, links are percent-encoded. */
static void md_row(struct fc_md *md, const struct fc_report *r, const struct fc_report_file *f)
{
	char dur[32], smp[32];
	double total = 0;
	size_t i;
	int t, m, x;

	fc_md_cell(md);
	fc_md_text(md, f->rel);
	if (!f->ok) {
		fc_md_cell(md);
		fc_md_raw(md, "**failed**");
		fc_md_cell(md);
		fc_md_cell(md);
		fc_md_cell(md);
		fc_md_text(md, f->error);
		fc_md_cell(md);
		fc_md_row_end(md);
		return;
	}
	thousands(dur, sizeof(dur), f->duration_ms, 1);
	thousands(smp, sizeof(smp), (double)f->samples, 0);
	fc_md_cell(md);
	fc_md_printf(md, "%s ms", dur);
	fc_md_cell(md);
	fc_md_raw(md, smp);
	fc_md_cell(md);
	for (t = 0; t < FC_TIER_COUNT; t++)
		total += f->tier_ms[t];
	for (t = 0; t < FC_TIER_COUNT && total > 0; t++) {
		if (f->tier_ms[t] > 0)
			fc_md_printf(md, "%s %.1f%%<br>", fc_tier_name((enum fc_tier)t),
				     100.0 * f->tier_ms[t] / total);
	}
	fc_md_cell(md);
	for (i = 0; i < f->n_top; i++) {
		char ms[32];
		thousands(ms, sizeof(ms), f->top[i].self_ms, 1);
		fc_md_printf(md, "%s ms ", ms);
		fc_md_code(md, f->top[i].name[0] ? f->top[i].name : "(anonymous)");
		fc_md_raw(md, "<br>");
	}
	fc_md_cell(md);
	for (m = 0; m < 2; m++) {
		if (!(r->modes & (1u << m)))
			continue;
		for (x = FC_OUT_SVG; x <= FC_OUT_PDF; x++) {
			const char *ext = fmt_ext(x);
			char *name, label[16];
			if (!(r->formats & (1u << x)))
				continue;
			name = fc_report_image_name(f->slug, mode_names[m], ext);
			if (!name)
				continue;
			snprintf(label, sizeof(label), "%s %s", mode_names[m], ext);
			fc_md_link(md, label, name);
			fc_md_raw(md, " ");
			free(name);
		}
	}
	fc_md_row_end(md);
}

static void md_table_head(struct fc_md *md)
{
	static const char *const titles[] = {
		"Profile", "Duration", "Samples", "Time per tier", "Top 5 self time", "Images",
	};
	fc_md_table_head(md, titles, "lrrlll");
}

static bool write_md(const struct fc_report *r, struct fc_error *err)
{
	char *path = fc_asprintf("%s/index.md", r->outdir);
	struct fc_output o;
	struct fc_md md;
	size_t i, k, lone = 0;

	if (!path || !fc_output_open(&o, path, err)) {
		if (!path)
			fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		free(path);
		return false;
	}
	free(path);
	fc_md_init(&md);
	fc_md_raw(&md, "# ");
	fc_md_text(&md, r->title ? r->title : "flamechart report");
	fc_md_printf(&md, "\n\n%zu profiles, %zu failed.\n", r->n_files, count_failed(r));
	for (i = 0; i < r->n_groups; i++) {
		const struct fc_report_group *g = &r->groups[i];
		fc_md_blank_line(&md);
		fc_md_raw(&md, "## ");
		fc_md_text(&md, g->title);
		fc_md_printf(&md, " (%zu threads)\n\n", g->n_members);
		if (g->ok) {
			char *img = fc_report_image_name(g->slug, "lanes", main_ext(r));
			char *alt = fc_asprintf("threads of %s on one time axis", g->title);
			if (img && alt) {
				fc_md_image(&md, alt, img);
				fc_md_raw(&md, "\n");
			}
			free(alt);
			free(img);
		} else {
			fc_md_raw(&md, "Lanes failed: ");
			fc_md_text(&md, g->error);
			fc_md_raw(&md, "\n");
		}
		md_table_head(&md);
		for (k = 0; k < g->n_members; k++)
			md_row(&md, r, &r->files[g->members[k]]);
	}
	for (i = 0; i < r->n_files; i++)
		lone += r->files[i].group < 0;
	if (lone) {
		if (r->n_groups) {
			fc_md_blank_line(&md);
			fc_md_raw(&md, "## Other profiles\n");
		}
		md_table_head(&md);
		for (i = 0; i < r->n_files; i++)
			if (r->files[i].group < 0)
				md_row(&md, r, &r->files[i]);
	}
	if (md.failed) {
		fc_md_finish(&md);
		fc_output_abort(&o);
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	fc_output_write(&o, md.data, md.len);
	fc_md_finish(&md);
	return fc_output_commit(&o, err);
}

bool fc_report_write_index(const struct fc_report *r, struct fc_error *err)
{
	return write_html(r, err) && write_md(r, err);
}
