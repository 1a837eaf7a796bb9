/* GitHub-flavoured Markdown written into memory: for `-f md`, report's
 * index.md and diff's comment body.
 *
 * Two pieces:
 * - struct fc_md, a growable text buffer with writers that make what comes
 *   from a profile (function names, file names, URLs) safe: escaped so that
 *   `|`, backticks, `<img onerror=…>`, `[x](javascript:…)`, `*`, `_`, `\`,
 *   newlines and the like cannot end a table cell, open a tag, make a link
 *   or change emphasis.
 * - struct fc_md_doc, a document built as separate sections and joined under
 *   a budget (GitHub refuses comments over 65 536 characters): when the
 *   sections do not fit, the longest cuttable ones are left out first and a
 *   note at the end names them.
 *
 * Failure: writers never fail one by one. An allocation failure sets
 * md->failed; every later write to that buffer is ignored; check `failed`
 * (or the result of fc_md_doc_render) once at the end.
 *
 * "Inline" means inside a paragraph or a table cell: fc_md_text does not
 * protect a line's first character against block syntax (`- `, `1. `), so
 * callers start lines with their own markup. */
#ifndef FC_MARKDOWN_H
#define FC_MARKDOWN_H

#include <stdbool.h>
#include <stddef.h>

#include "util/buf.h"

#ifdef __cplusplus
extern "C" {
#endif

/* GitHub's limit for an issue or pull-request comment, in characters. The
 * budget is counted in bytes, which are never fewer than characters. */
#define FC_MD_GITHUB_LIMIT 65536

/* Caller-owned: fc_md_init / fc_md_finish. The text is the byte buffer
 * buf (util/buf.h): buf.data is NUL-terminated (or NULL while nothing was
 * written), buf.failed set when an allocation failed. */
struct fc_md {
	struct fc_buf buf;
	int cells; /* cells written in the open table row, -1 outside a row */
};

void fc_md_init(struct fc_md *md);
void fc_md_finish(struct fc_md *md);

/* Markup written as it is (the caller's own syntax, never input text). */
void fc_md_raw(struct fc_md *md, const char *s);
void fc_md_write(struct fc_md *md, const char *s, size_t len);
void fc_md_printf(struct fc_md *md, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Ends the text with an empty line (nothing when the buffer is empty), so
 * that a table, a heading or an HTML block can start. */
void fc_md_blank_line(struct fc_md *md);

/* Input text as inline text that renders as exactly these characters:
 * ASCII punctuation that means something to GFM gets a backslash, `<`, `>`
 * and `&` become entities, newlines and other control characters become
 * spaces, and the triggers of GFM's autolinks (`://`, `www.`, `@`) are
 * broken so that nothing becomes a link. NULL writes nothing. */
void fc_md_text(struct fc_md *md, const char *s);

/* Input text as a code span (monospace; GitHub turns no @mention or #123
 * inside it into a link): a fence longer than any run of backticks inside,
 * `|` escaped while a table row is open. Text that a code span cannot hold
 * inside a table (a backslash before `|`) is written with fc_md_text. */
void fc_md_code(struct fc_md *md, const char *s);

/* Input text for HTML context (<summary>…</summary>): `&<>"` as entities,
 * newlines as spaces. */
void fc_md_html_text(struct fc_md *md, const char *s);

/* A link destination: relative, http: or https: only. Bytes a destination
 * cannot hold are percent-encoded (space, `()<>[]|\``…), `&` is written as
 * `&amp;`. Returns false and writes nothing for any other scheme
 * (javascript:, data:, file:…). */
bool fc_md_url(struct fc_md *md, const char *url);

/* [text](url) and ![alt](url). When the URL is refused, the text alone is
 * written (nothing for an image) and false is returned. */
bool fc_md_link(struct fc_md *md, const char *text, const char *url);
bool fc_md_image(struct fc_md *md, const char *alt, const char *url);

/* A table: the header row (titles as text) and the delimiter row; align
 * holds one character per column, 'l', 'r' or 'c'. Starts on a fresh
 * paragraph (fc_md_blank_line). Then each row is fc_md_cell before each
 * cell's content and fc_md_row_end after the last cell. */
void fc_md_table_head(struct fc_md *md, const char *const *titles, const char *align);
void fc_md_cell(struct fc_md *md);
void fc_md_row_end(struct fc_md *md);

/* <details><summary>summary</summary> … </details>, each on a paragraph
 * of its own so that the Markdown between them is rendered. */
void fc_md_details_begin(struct fc_md *md, const char *summary);
void fc_md_details_end(struct fc_md *md);

/* A document of sections, joined in the order they were added. Caller-owned:
 * fc_md_doc_init / fc_md_doc_finish (which frees every section). */
struct fc_md_section;
struct fc_md_doc {
	struct fc_md_section **sections;
	size_t n;
	size_t cap;
	struct fc_md sink; /* where writes go after an allocation failure */
};

void fc_md_doc_init(struct fc_md_doc *doc);
void fc_md_doc_finish(struct fc_md_doc *doc);

/* Adds a section and returns its buffer (owned by doc, valid until
 * fc_md_doc_finish). title names it in the note when it is cut; a section
 * that is not cuttable is always kept. On allocation failure the returned
 * buffer is a failed sink and fc_md_doc_render will return false. */
struct fc_md *fc_md_doc_add(struct fc_md_doc *doc, const char *title, bool cuttable);

/* Appends the sections to out in order, an empty line between two, at most
 * budget bytes in all.
 * While they do not fit, the longest cuttable section left is dropped; a
 * note in italics at the end names what was dropped. If the kept sections
 * alone are over the budget, the text is cut at the last line break that
 * fits and the note says so. Returns false when an allocation failed
 * (here or while writing a section). */
bool fc_md_doc_render(const struct fc_md_doc *doc, size_t budget, struct fc_md *out);

#ifdef __cplusplus
}
#endif

#endif
