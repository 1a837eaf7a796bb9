/* GitHub-flavoured Markdown in memory (include/flamechart/markdown.h). The
 * escaping follows the GFM spec (github.github.com/gfm): §6.1 backslash
 * escapes (any ASCII punctuation), §6.2 entity references, §6.3 code spans,
 * §4.10 tables (a `|` is escaped with a backslash even inside a code span)
 * and §6.9 extended autolinks (`www.`, `http://`, `https://`, e-mail). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "write/markdown.h"
#include "util/util.h"
#include "model/profile.h"

struct fc_md_section {
	char *title;
	bool cuttable;
	struct fc_md body;
};

void fc_md_init(struct fc_md *md)
{
	memset(md, 0, sizeof(*md));
	md->cells = -1;
}

void fc_md_finish(struct fc_md *md)
{
	fc_buf_free(&md->buf);
	fc_md_init(md);
}

/* Room for len more bytes and the NUL; false (and failed) when there is none. */
static bool reserve(struct fc_md *md, size_t len)
{
	if (len > SIZE_MAX - md->buf.len - 1)
		md->buf.failed = true;
	return !md->buf.failed && fc_buf_room(&md->buf, len + 1) != NULL;
}

void fc_md_write(struct fc_md *md, const char *s, size_t len)
{
	if (len == 0 || !reserve(md, len))
		return;
	fc_buf_add(&md->buf, s, len);
	md->buf.data[md->buf.len] = '\0';
}

void fc_md_raw(struct fc_md *md, const char *s)
{
	if (s)
		fc_md_write(md, s, strlen(s));
}

void fc_md_printf(struct fc_md *md, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0) {
		md->buf.failed = true;
		return;
	}
	if (n == 0 || !reserve(md, (size_t)n))
		return;
	va_start(ap, fmt);
	vsnprintf(md->buf.data + md->buf.len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	md->buf.len += (size_t)n;
}

void fc_md_blank_line(struct fc_md *md)
{
	if (md->buf.len == 0)
		return;
	if (md->buf.data[md->buf.len - 1] != '\n')
		fc_md_raw(md, "\n");
	if (md->buf.len < 2 || md->buf.data[md->buf.len - 2] != '\n')
		fc_md_raw(md, "\n");
}

static bool is_control(unsigned char c)
{
	return c < 0x20 || c == 0x7f;
}

/* "www" just before s[i], at the start of a word (an extended autolink
 * would start there). */
static bool after_www(const char *s, size_t i)
{
	if (i < 3)
		return false;
	for (size_t k = i - 3; k < i; k++)
		if (s[k] != 'w' && s[k] != 'W')
			return false;
	if (i == 3)
		return true;
	unsigned char before = (unsigned char)s[i - 4];
	return !((before >= 'a' && before <= 'z') || (before >= 'A' && before <= 'Z') ||
		 (before >= '0' && before <= '9'));
}

#define WORD_JOINER "\xe2\x81\xa0"

void fc_md_text(struct fc_md *md, const char *s)
{
	/* What GFM gives a meaning inline: emphasis and strikethrough (`*_~`),
	 * code (backtick), links and images (`[]()!`), the escape itself, table
	 * cells (`|`), headings (`#`), GitHub's math (`$`), and the e-mail and
	 * scheme autolink triggers (`@`, `:`). A backslash does not stop the
	 * e-mail autolinks (cmark-gfm links `a\@b.com`, `xmpp\:a\@b.com`), nor
	 * GitHub's @mentions and #123 references, which are found in the
	 * rendered text: `@` and `#` are followed by a word joiner (U+2060,
	 * invisible), after which no address, user or number can start. */
	static const char escaped[] = "\\`*_~[]()!|#$@:";
	size_t i, run = 0;

	if (!s)
		return;
	for (i = 0; s[i]; i++) {
		unsigned char c = (unsigned char)s[i];
		const char *entity = NULL;

		if (c == '&')
			entity = "&amp;";
		else if (c == '<')
			entity = "&lt;";
		else if (c == '>')
			entity = "&gt;";
		if (!entity && !is_control(c) && !(c && strchr(escaped, c)) &&
		    !(c == '.' && after_www(s, i)))
			continue;
		fc_md_write(md, s + run, i - run);
		run = i + 1;
		if (entity)
			fc_md_raw(md, entity);
		else if (is_control(c))
			fc_md_raw(md, " ");
		else {
			char esc[2] = { '\\', (char)c };
			fc_md_write(md, esc, 2);
			if (c == '@' || c == '#')
				fc_md_raw(md, WORD_JOINER);
		}
	}
	fc_md_write(md, s + run, i - run);
}

void fc_md_code(struct fc_md *md, const char *s)
{
	size_t i, longest = 0, cur = 0, len, ticks;
	bool in_table = md->cells >= 0, pad;

	if (!s || !*s)
		return;
	len = strlen(s);
	for (i = 0; i < len; i++) {
		if (s[i] == '`') {
			if (++cur > longest)
				longest = cur;
		} else {
			cur = 0;
		}
		/* A table turns `\|` into `|` before the code span is parsed, so
		 * a backslash that precedes a pipe cannot be shown in one. */
		if (in_table && s[i] == '\\' && s[i + 1] == '|') {
			fc_md_text(md, s);
			return;
		}
	}
	/* GFM strips one space from each end when both ends have one: pad when
	 * the text starts or ends with a backtick (it would join the fence) or
	 * a space (it would be stripped). */
	pad = s[0] == '`' || s[len - 1] == '`' || s[0] == ' ' || s[len - 1] == ' ';
	ticks = longest + 1;
	for (i = 0; i < ticks; i++)
		fc_md_raw(md, "`");
	if (pad)
		fc_md_raw(md, " ");
	size_t run = 0;
	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		if (!is_control(c) && !(in_table && c == '|'))
			continue;
		fc_md_write(md, s + run, i - run);
		run = i + 1;
		fc_md_raw(md, is_control(c) ? " " : "\\|");
	}
	fc_md_write(md, s + run, len - run);
	if (pad)
		fc_md_raw(md, " ");
	for (i = 0; i < ticks; i++)
		fc_md_raw(md, "`");
}

void fc_md_html_text(struct fc_md *md, const char *s)
{
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '&')
			fc_md_raw(md, "&amp;");
		else if (c == '<')
			fc_md_raw(md, "&lt;");
		else if (c == '>')
			fc_md_raw(md, "&gt;");
		else if (c == '"')
			fc_md_raw(md, "&quot;");
		else if (is_control(c))
			fc_md_raw(md, " ");
		else
			fc_md_write(md, s, 1);
	}
}

/* The scheme of a URL (RFC 3986 §3.1: a letter, then letters, digits, `+-.`,
 * then `:`), as a length; 0 when the URL is relative. */
static size_t scheme_len(const char *url)
{
	size_t i = 0;

	if (!((url[0] >= 'a' && url[0] <= 'z') || (url[0] >= 'A' && url[0] <= 'Z')))
		return 0;
	for (i = 1; url[i]; i++) {
		char c = url[i];
		if (c == ':')
			return i;
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		      c == '+' || c == '-' || c == '.'))
			return 0;
	}
	return 0;
}

static bool url_allowed(const char *url)
{
	size_t n = scheme_len(url);

	if (n == 0)
		return true;
	return (n == 4 && strncasecmp(url, "http", 4) == 0) ||
	       (n == 5 && strncasecmp(url, "https", 5) == 0);
}

bool fc_md_url(struct fc_md *md, const char *url)
{
	if (!url || !url_allowed(url))
		return false;
	for (const char *p = url; *p; p++) {
		unsigned char c = (unsigned char)*p;
		bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
			    (c >= '0' && c <= '9') || (c >= 0x80) ||
			    strchr("-._~:/?#@!$'*+,;=%", c);
		if (c == '&')
			fc_md_raw(md, "&amp;");
		else if (keep && c)
			fc_md_write(md, p, 1);
		else
			fc_md_printf(md, "%%%02X", c);
	}
	return true;
}

bool fc_md_link(struct fc_md *md, const char *text, const char *url)
{
	if (!url || !url_allowed(url)) {
		fc_md_text(md, text);
		return false;
	}
	fc_md_raw(md, "[");
	fc_md_text(md, text);
	fc_md_raw(md, "](");
	fc_md_url(md, url);
	fc_md_raw(md, ")");
	return true;
}

bool fc_md_image(struct fc_md *md, const char *alt, const char *url)
{
	if (!url || !url_allowed(url))
		return false;
	fc_md_raw(md, "![");
	fc_md_text(md, alt);
	fc_md_raw(md, "](");
	fc_md_url(md, url);
	fc_md_raw(md, ")");
	return true;
}

void fc_md_table_head(struct fc_md *md, const char *const *titles, const char *align)
{
	size_t i, n = strlen(align);

	fc_md_blank_line(md);
	for (i = 0; i < n; i++) {
		fc_md_cell(md);
		fc_md_text(md, titles[i]);
	}
	fc_md_row_end(md);
	for (i = 0; i < n; i++)
		fc_md_raw(md, align[i] == 'r' ? "|---:" : align[i] == 'c' ? "|:---:" : "|:---");
	fc_md_raw(md, "|\n");
}

void fc_md_cell(struct fc_md *md)
{
	fc_md_raw(md, md->cells < 0 ? "| " : " | ");
	md->cells = md->cells < 0 ? 1 : md->cells + 1;
}

void fc_md_row_end(struct fc_md *md)
{
	fc_md_raw(md, md->cells < 0 ? "|\n" : " |\n");
	md->cells = -1;
}

void fc_md_details_begin(struct fc_md *md, const char *summary)
{
	fc_md_blank_line(md);
	fc_md_raw(md, "<details><summary>");
	fc_md_html_text(md, summary);
	fc_md_raw(md, "</summary>\n\n");
}

void fc_md_details_end(struct fc_md *md)
{
	fc_md_blank_line(md);
	fc_md_raw(md, "</details>\n");
}

/* --- documents -------------------------------------------------------------- */

void fc_md_doc_init(struct fc_md_doc *doc)
{
	memset(doc, 0, sizeof(*doc));
	fc_md_init(&doc->sink);
}

void fc_md_doc_finish(struct fc_md_doc *doc)
{
	for (size_t i = 0; i < doc->n; i++) {
		fc_md_finish(&doc->sections[i]->body);
		free(doc->sections[i]->title);
		free(doc->sections[i]);
	}
	free(doc->sections);
	fc_md_finish(&doc->sink);
	fc_md_doc_init(doc);
}

struct fc_md *fc_md_doc_add(struct fc_md_doc *doc, const char *title, bool cuttable)
{
	struct fc_md_section *s = NULL;

	if (doc->sink.buf.failed || !FC_GROW(doc->sections, doc->cap, doc->n + 1) ||
	    !(s = calloc(1, sizeof(*s))) || !(s->title = fc_strdup(title ? title : ""))) {
		free(s);
		doc->sink.buf.failed = true;
		return &doc->sink;
	}
	s->cuttable = cuttable;
	fc_md_init(&s->body);
	doc->sections[doc->n++] = s;
	return &s->body;
}

/* The note names cut sections up to this many bytes, then counts the rest
 * ("and 4,980 more"): with thousands of sections cut, a note that named
 * them all would not fit the budget itself. */
#define NOTE_NAMES_MAX ((size_t)4096)

/* The note that names the cut sections (cut[i] true), or says that the text
 * itself was cut. Built once, after the cutting: its length while cutting
 * is note_bound's. */
static void cut_note(const struct fc_md_doc *doc, const bool *cut, bool truncated, size_t budget,
		     struct fc_md *note)
{
	size_t named = 0, left = 0;
	char num[32];

	fc_format_grouped((double)budget, 0, num, sizeof(num));
	fc_md_raw(note, "\n*");
	if (truncated)
		fc_md_printf(note, "Cut at a line break to stay under %s characters", num);
	else
		fc_md_printf(note, "Left out to stay under %s characters:", num);
	size_t start = note->buf.len;
	for (size_t i = 0; i < doc->n && !truncated; i++) {
		if (!cut[i])
			continue;
		if (note->buf.len - start >= NOTE_NAMES_MAX) {
			left++;
			continue;
		}
		fc_md_raw(note, named ? ", " : " ");
		fc_md_text(note, doc->sections[i]->title);
		named++;
	}
	if (left) {
		fc_format_grouped((double)left, 0, num, sizeof(num));
		fc_md_printf(note, " and %s more", num);
	}
	fc_md_raw(note, ".*\n");
}

/* The cuttable sections, longest first (the first of equal ones first). */
static int longer_first(const void *a, const void *b, void *ctx)
{
	const struct fc_md_doc *doc = ctx;
	size_t x = doc->sections[*(const size_t *)a]->body.buf.len,
	       y = doc->sections[*(const size_t *)b]->body.buf.len;
	return (x < y) - (x > y);
}

/* <details> opened and not closed in text[0..len): lines that start with
 * "<details>" minus lines that start with "</details>". */
static long open_details(const char *text, size_t len)
{
	long open = 0;

	for (size_t i = 0; i < len; i++) {
		if (i > 0 && text[i - 1] != '\n')
			continue;
		if (len - i >= 9 && memcmp(text + i, "<details>", 9) == 0)
			open++;
		else if (len - i >= 10 && memcmp(text + i, "</details>", 10) == 0 && open > 0)
			open--;
	}
	return open;
}

bool fc_md_doc_render(const struct fc_md_doc *doc, size_t budget, struct fc_md *out)
{
	bool *cut = calloc(doc->n ? doc->n : 1, sizeof(*cut));
	size_t *order = malloc((doc->n ? doc->n : 1) * sizeof(*order));
	struct fc_md note, title;
	size_t total = 0, i, ncut = 0, n_order = 0, note_len = 0, names = 0, frame,
	       longest_title = 0;
	bool ok = !doc->sink.buf.failed;

	fc_md_init(&note);
	fc_md_init(&title);
	if (!cut || !order) {
		free(cut);
		free(order);
		out->buf.failed = true;
		return false;
	}
	/* each section is followed by up to two line breaks (sep_len) */
	for (i = 0; i < doc->n; i++) {
		ok = ok && !doc->sections[i]->body.buf.failed;
		total += doc->sections[i]->body.buf.len + 2;
		if (doc->sections[i]->cuttable)
			order[n_order++] = i;
	}
	if (!fc_sort(order, n_order, sizeof(*order), longer_first, (void *)doc)) {
		free(cut);
		free(order);
		out->buf.failed = true;
		return false;
	}
	/* Drop the longest cuttable section until the rest and the note fit.
	 * The note's length is kept as sections are cut, not rebuilt: its
	 * frame, plus each cut title and its separator (names); exact while
	 * all are named, past NOTE_NAMES_MAX a bound (the names up to the
	 * longest title past it, the count of the rest). Work linear in the
	 * sections, however many are cut. */
	cut_note(doc, cut, false, budget, &note); /* the frame, no names */
	frame = note.buf.len;
	fc_md_finish(&note);
	for (size_t k = 0;
	     k < n_order && (total > budget || (ncut > 0 && total + note_len > budget)); k++) {
		size_t c = order[k];
		cut[c] = true;
		ncut++;
		total -= doc->sections[c]->body.buf.len + 2;
		title.buf.len = 0;
		fc_md_text(&title, doc->sections[c]->title);
		names += title.buf.len + 2;
		if (title.buf.len > longest_title)
			longest_title = title.buf.len;
		note_len = names < NOTE_NAMES_MAX ? frame + names - 1
						  : frame + NOTE_NAMES_MAX + longest_title + 2 + 32;
	}
	fc_md_finish(&title);
	if (ncut)
		cut_note(doc, cut, false, budget, &note);
	size_t start = out->buf.len;
	for (i = 0; i < doc->n; i++) {
		if (cut[i] || doc->sections[i]->body.buf.len == 0)
			continue;
		if (out->buf.len > start)
			fc_md_blank_line(out);
		fc_md_write(out, doc->sections[i]->body.buf.data, doc->sections[i]->body.buf.len);
	}
	total = out->buf.len - start;
	if (total + note.buf.len > budget && !out->buf.failed) {
		/* Still too long: cut the text at a line break and close what
		 * the cut left open. */
		fc_md_finish(&note);
		cut_note(doc, cut, true, budget, &note);
		size_t room = budget > note.buf.len + 64 ? budget - note.buf.len - 64 : 0, keep = 0;
		for (i = 0; i < room && i < total; i++)
			if (out->buf.data[start + i] == '\n')
				keep = i + 1;
		out->buf.len = start + keep;
		if (out->buf.data)
			out->buf.data[out->buf.len] = '\0';
		/* nothing kept at all: out may have no buffer yet */
		for (long open = out->buf.data ? open_details(out->buf.data + start, keep) : 0;
		     open > 0; open--)
			fc_md_raw(out, "\n</details>\n");
	}
	fc_md_write(out, note.buf.data, note.buf.len);
	ok = ok && !note.buf.failed && !out->buf.failed;
	fc_md_finish(&note);
	free(cut);
	free(order);
	return ok;
}
