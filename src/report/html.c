/* What the report's HTML pages share: escaping, links, numbers, images
 * inlined from OUTDIR (read only where they are safe to read), and the
 * head every page starts with: its Content-Security-Policy, viewport and
 * styles (docs/report.md). */
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "model/classify.h"
#include "render/output.h"
#include "style/style.h"
#include "report/internal.h"
#include "util/base64.h"
#include "util/util.h"
#include "model/profile.h"

void fc_report_html_text(struct fc_output *o, const char *s)
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
void fc_report_url_path(struct fc_output *o, const char *s)
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

void fc_report_thousands(char *buf, size_t size, double v, int decimals)
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

/* Opens OUTDIR/rel for reading only when it is a regular file inside OUTDIR
 * of at most max bytes: no component may be a symbolic link, and a FIFO or
 * device is refused without blocking (the folder may come from a stranger:
 * docs/robustness.md, "report --merge"). */
FILE *fc_report_open_inside(const char *outdir, const char *rel, off_t max)
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

bool fc_report_data_uri(struct fc_output *o, const char *outdir, const char *rel)
{
	const char *ext = strrchr(rel, '.');
	FILE *f = fc_report_open_inside(outdir, rel, FC_REPORT_MAX_INLINE);
	unsigned char in[3 * 1024]; /* whole groups of 3: padding only at the end */
	struct fc_buf out = { 0 };
	size_t n, total = 0;

	if (!f)
		return false;
	/* room for a whole block's base64 first: nothing is written when
	 * memory runs out, and the blocks then never need more */
	if (!fc_buf_room(&out, sizeof(in) / 3 * 4)) {
		fclose(f);
		return false;
	}
	fc_output_printf(o, "data:image/%s;base64,",
			 ext && strcmp(ext, ".svg") == 0 ? "svg+xml" : "png");
	/* the size was checked, but a file can grow while it is read */
	while (total < FC_REPORT_MAX_INLINE && (n = fread(in, 1, sizeof(in), f)) > 0) {
		total += n;
		out.len = 0;
		fc_base64_encode(in, n, &out);
		fc_output_write(o, out.data, out.len);
	}
	fc_buf_free(&out);
	fclose(f);
	return true;
}

const char *const fc_report_mode_names[2] = { "chart", "graph" };

const char *fc_report_ext(int x)
{
	return x == FC_OUT_SVG ? "svg" : x == FC_OUT_PNG ? "png" : "pdf";
}

const char *fc_report_main_ext(const struct fc_report *r)
{
	return (r->formats & (1u << FC_OUT_PNG))   ? "png"
	       : (r->formats & (1u << FC_OUT_SVG)) ? "svg"
						   : "pdf";
}

void fc_report_weight(char *buf, size_t size, const struct fc_report_file *f, double value)
{
	char n[48];

	if (f->bytes) {
		fc_format_bytes(value, false, buf, size);
		return;
	}
	if (f->counts) {
		/* whole samples, unless the counts had decimals */
		fc_report_thousands(n, sizeof(n), value, value == floor(value) ? 0 : 1);
		snprintf(buf, size, "%s samples", n);
		return;
	}
	fc_report_thousands(n, sizeof(n), value, 1);
	snprintf(buf, size, "%s ms", n);
}

enum fc_report_kind fc_report_kind_of(const struct fc_report_file *f)
{
	return f->bytes ? FC_REPORT_BYTES : f->counts ? FC_REPORT_COUNTS : FC_REPORT_TIME;
}

bool fc_report_draws(const struct fc_report *r, const struct fc_report_file *f, int m)
{
	if (f->timeless)
		return m == FC_MODE_GRAPH;
	return (r->modes & (1u << m)) != 0;
}

char *fc_report_label(const struct fc_report_file *f, bool in_group)
{
	const char *kind = f->bytes ? " \xc2\xb7 allocations" : "";

	if (f->pid < 0 || f->tid < 0)
		return fc_strdup(f->title ? f->title : fc_basename(f->rel));
	if (in_group && f->tid == 0)
		return fc_asprintf("main thread%s", kind);
	if (in_group)
		return fc_asprintf("worker thread %lld%s", (long long)f->tid, kind);
	if (f->tid == 0)
		return fc_asprintf("pid %lld \xc2\xb7 main thread%s", (long long)f->pid, kind);
	return fc_asprintf("pid %lld \xc2\xb7 worker thread %lld%s", (long long)f->pid,
			   (long long)f->tid, kind);
}

/* Nothing from elsewhere: a report is opened from a CI artifact or a
 * folder (file://), and a profile's names are a stranger's text. */
static const char csp[] = "default-src 'none'; img-src 'self' data:; frame-src 'self'; "
			  "style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
			  "base-uri 'none'; form-action 'none'";

/* One column of text from 360 px; at 1000 px and up the tables are tables
 * and the thumbnails sit beside the numbers. Long names break anywhere
 * rather than push the page wider than the screen. */
static const char styles[] =
	"*{box-sizing:border-box}\n"
	"html{-webkit-text-size-adjust:100%;text-size-adjust:100%}\n"
	"body{font:15px/1.45 system-ui,'DejaVu Sans',sans-serif;color:#1f1f1f;background:#fff;"
	"margin:0 auto;max-width:1960px;padding:12px clamp(10px,2.5vw,32px) 32px}\n"
	"h1{font-size:24px;margin:8px 0 4px}h2{font-size:19px;margin:36px 0 8px}"
	"h3{font-size:16px;margin:20px 0 6px}\n"
	"a{color:#1a56c4}img{max-width:100%;height:auto}\n"
	"p,li,td,th,h1,h2,h3,code{overflow-wrap:anywhere}\n"
	".small{font-size:13px;color:#555}.error{color:#a00}\n"
	"code{font:13px/1.35 'DejaVu Sans Mono',ui-monospace,monospace}\n"
	".lanes{margin:8px 0}.lanes img{display:block;border:1px solid #ccc}\n"
	"table{border-collapse:collapse;width:100%}\n"
	"th,td{padding:8px;border-bottom:1px solid #ddd;vertical-align:top;text-align:left}\n"
	"th{background:#f3f4f6;font-size:13px;white-space:nowrap}\n"
	"th[aria-sort=ascending]::after{content:' \\25B2'}"
	"th[aria-sort=descending]::after{content:' \\25BC'}\n"
	".sortable th{cursor:pointer}\n"
	".num{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}\n"
	".thumb{display:block;width:240px;max-width:100%;border:1px solid #ccc;margin:0 0 6px;"
	"flex:none}\n"
	".files a{margin-right:8px;white-space:nowrap}\n"
	".who{display:flex;gap:12px;align-items:flex-start}"
	".who>div{min-width:0;flex:1}\n"
	"ol.top{margin:0;padding:0;list-style:none;font-size:13px}ol.top li{margin:0 0 2px}\n"
	".bar{display:flex;width:160px;max-width:100%;height:10px;background:#eee;margin:2px 0 "
	"4px}\n"
	".bar span{display:block;height:10px}\n"
	"tr.failed td{background:#fff4f4}\n"
	/* a profile's page: a switch of radio buttons and CSS, no script */
	"input.view{position:absolute;opacity:0;pointer-events:none}\n"
	".switch{display:flex;flex-wrap:wrap;gap:6px;margin:14px 0 8px}\n"
	".switch label{padding:5px 14px;border:1px solid #aab;border-radius:4px;cursor:pointer;"
	"background:#f6f7f9}\n"
	".pane{display:none}\n"
	"#v-chart:checked~.panes .p-chart,#v-graph:checked~.panes .p-graph,"
	"#v-lanes:checked~.panes .p-lanes{display:block}\n"
	"#v-chart:checked~.switch [for=v-chart],#v-graph:checked~.switch [for=v-graph],"
	"#v-lanes:checked~.switch [for=v-lanes]{background:#1a56c4;color:#fff;"
	"border-color:#1a56c4}\n"
	"input.view:focus-visible~.switch{outline:2px solid #1a56c4}\n"
	"iframe.svg{display:block;width:100%;border:1px solid #ccc;background:#fff}\n"
	".pane img.still{display:none;border:1px solid #ccc}\n"
	"pre.md{white-space:pre-wrap;overflow-wrap:anywhere;background:#f6f7f9;padding:10px;"
	"font-size:12px}\n"
	".facts{display:grid;grid-template-columns:repeat(auto-fit,minmax(260px,1fr));gap:8px 24px}"
	"\n"
	/* the History section (report --history) */
	"img.trend{display:block;width:880px;max-width:100%;border:1px solid #ccc;margin:8px 0}\n"
	"ul.steps{padding-left:20px}ul.steps li{margin:0 0 4px}\n"
	"table.trend{max-width:1200px}\n"
	"table.trend td.spark{font:16px/1 'DejaVu Sans Mono',ui-monospace,monospace;"
	"overflow-wrap:anywhere;color:#1a56c4}\n"
	"@media (max-width:1100px){.thumb{width:160px}}\n"
	"@media (max-width:999px){\n"
	" table.profiles,table.profiles tbody,table.profiles tr,table.profiles td{display:block;"
	"width:auto}\n"
	" table.profiles thead{display:none}\n"
	" table.profiles tr{border:1px solid #ddd;border-radius:6px;margin:0 0 14px;padding:8px}\n"
	" table.profiles td{border:0;padding:3px 0;text-align:left}\n"
	" table.profiles td[data-label]::before{content:attr(data-label) ': ';color:#555;"
	"font-size:13px}\n"
	" table.profiles td.blk::before{display:block}\n"
	" .who{display:block;min-width:0}.thumb{width:auto}.bar{width:100%;max-width:480px}\n"
	" table.trend,table.trend tbody,table.trend tr,table.trend td{display:block;width:auto}\n"
	" table.trend thead{display:none}\n"
	" table.trend tr{border:1px solid #ddd;border-radius:6px;margin:0 0 10px;padding:6px 8px}\n"
	" table.trend td{border:0;padding:2px 0;text-align:left}\n"
	" table.trend td.num{display:inline-block;margin-right:16px}\n"
	" table.trend td[data-label]::before{content:attr(data-label) ': ';color:#555;"
	"font:13px system-ui,'DejaVu Sans',sans-serif}\n"
	/* a frame of a 1200 px picture does not read on a phone: the still
	 * image, fitted, and a link to the picture to zoom */
	" iframe.svg{display:none}.pane img.still{display:block}\n"
	"}\n";

void fc_report_html_head(struct fc_output *o, const char *title)
{
	fc_output_printf(o,
			 "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
			 "<meta http-equiv=\"Content-Security-Policy\" content=\"%s\">\n"
			 "<meta name=\"viewport\" content=\"width=device-width, "
			 "initial-scale=1\">\n<title>",
			 csp);
	fc_report_html_text(o, title);
	fc_output_printf(o, "</title>\n<style>\n%s</style></head><body>\n", styles);
}

/* A few lines, and the tables read the same without them: the first click
 * on a column of numbers puts the largest first. */
static const char sort_script[] =
	"<script>\n"
	"document.querySelectorAll('table.profiles').forEach(function(t){\n"
	" var hs=t.tHead.rows[0].cells;t.classList.add('sortable');\n"
	" [].forEach.call(hs,function(th,i){th.tabIndex=0;\n"
	"  function go(){var b=t.tBodies[0],rows=[].slice.call(b.rows),\n"
	"   num=th.classList.contains('num'),now=th.getAttribute('aria-sort'),\n"
	"   up=now?now==='descending':!num;\n"
	"   [].forEach.call(hs,function(h){h.removeAttribute('aria-sort');});\n"
	"   th.setAttribute('aria-sort',up?'ascending':'descending');\n"
	"   rows.sort(function(a,c){var x=a.cells[i].getAttribute('data-v')||'',\n"
	"    y=c.cells[i].getAttribute('data-v')||'',r=num?(+x)-(+y):x.localeCompare(y);\n"
	"    return up?r:-r;});\n"
	"   rows.forEach(function(r){b.appendChild(r);});}\n"
	"  th.addEventListener('click',go);\n"
	"  th.addEventListener('keydown',function(e){if(e.key==='Enter')go();});});});\n"
	"</script>\n";

void fc_report_html_end(struct fc_output *o)
{
	fc_output_write(o, sort_script, sizeof(sort_script) - 1);
	fc_output_printf(o, "</body></html>\n");
}

/* Tier colours of the theme the images use (--theme), so that the bars
 * here match their legends. */
static const struct fc_theme *report_theme(const struct fc_report *r)
{
	return r->o && r->o->theme ? r->o->theme : fc_theme_default();
}

void fc_report_html_tiers(struct fc_output *o, const struct fc_report *r,
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
		char w[48];
		if (f->tier_ms[i] <= 0)
			continue;
		fc_report_weight(w, sizeof(w), f, f->tier_ms[i]);
		fc_output_printf(o, "%s %s (%.1f%%)<br>", fc_tier_name((enum fc_tier)i), w,
				 100.0 * f->tier_ms[i] / total);
	}
	fc_output_printf(o, "</div>");
}

void fc_report_html_top(struct fc_output *o, const struct fc_report_file *f)
{
	size_t i;

	fc_output_printf(o, "<ol class=\"top\">");
	for (i = 0; i < f->n_top; i++) {
		char w[48];
		fc_report_weight(w, sizeof(w), f, f->top[i].self_ms);
		fc_output_printf(o, "<li>%s <code>", w);
		fc_report_html_text(o, f->top[i].name[0] ? f->top[i].name : "(anonymous)");
		fc_output_printf(o, "</code>");
		if (f->top[i].url[0]) {
			fc_output_printf(o, " <span class=\"small\">");
			fc_report_html_text(o, fc_basename(f->top[i].url));
			if (f->top[i].line > 0)
				fc_output_printf(o, ":%d", f->top[i].line);
			fc_output_printf(o, "</span>");
		}
		fc_output_printf(o, "</li>");
	}
	fc_output_printf(o, "</ol>");
}

char *fc_report_page_name(const char *slug)
{
	return fc_asprintf("%s.html", slug);
}

char *fc_report_summary_md_name(const char *slug)
{
	return fc_asprintf("%s.summary.md", slug);
}

void fc_report_group_count(char *buf, size_t size, const struct fc_report *r,
			   const struct fc_report_group *g)
{
	size_t k, heap = 0;

	for (k = 0; k < g->n_members; k++)
		heap += r->files[g->members[k]].bytes;
	if (!heap)
		snprintf(buf, size, "%zu threads", g->n_members);
	else
		snprintf(buf, size, "%zu CPU profile%s, %zu heap profile%s", g->n_members - heap,
			 g->n_members - heap == 1 ? "" : "s", heap, heap == 1 ? "" : "s");
}
