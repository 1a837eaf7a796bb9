/* The Markdown writer: escaping of hostile names, code spans, URLs, tables,
 * details, and documents cut to a budget. How the text renders is checked
 * with a GFM renderer in tests/cli/markdown.sh; here the exact bytes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "write/markdown.h"

static void expect_text(void (*fn)(struct fc_md *, const char *), const char *in, const char *want)
{
	struct fc_md md;

	fc_md_init(&md);
	fn(&md, in);
	assert_false(md.buf.failed);
	assert_string_equal(md.buf.data ? md.buf.data : "", want);
	fc_md_finish(&md);
}

static void text_escapes(void **state)
{
	(void)state;
	expect_text(fc_md_text, "plain name", "plain name");
	expect_text(fc_md_text, "a|b", "a\\|b");
	expect_text(fc_md_text, "<img src=x onerror=alert(1)>",
		    "&lt;img src=x onerror=alert\\(1\\)&gt;");
	expect_text(fc_md_text, "[x](javascript:alert(1))",
		    "\\[x\\]\\(javascript\\:alert\\(1\\)\\)");
	expect_text(fc_md_text, "*a* _b_ ~c~ `d` \\e", "\\*a\\* \\_b\\_ \\~c\\~ \\`d\\` \\\\e");
	expect_text(fc_md_text, "line\nbreak\r\ttab", "line break  tab");
	expect_text(fc_md_text, "&amp; & #1 $x$", "&amp;amp; &amp; \\#\u20601 \\$x\\$");
	expect_text(fc_md_text, "see https://x.io and www.y.io, a@b.c",
		    "see https\\://x.io and www\\.y.io, a\\@\u2060b.c");
	/* "www" inside a word is no autolink; the dot stays */
	expect_text(fc_md_text, "awww.b", "awww.b");
	expect_text(fc_md_text, "", "");
	expect_text(fc_md_text, NULL, "");
	expect_text(fc_md_text, "Ünïcode ✓", "Ünïcode ✓");
}

static void code_spans(void **state)
{
	(void)state;
	expect_text(fc_md_code, "fn", "`fn`");
	expect_text(fc_md_code, "a`b", "``a`b``");
	expect_text(fc_md_code, "``x", "``` ``x ```");
	expect_text(fc_md_code, " lead", "`  lead `"); /* GFM strips one space each end */
	expect_text(fc_md_code, "<b>&", "`<b>&`");
	expect_text(fc_md_code, "a|b", "`a|b`"); /* outside a table */
	expect_text(fc_md_code, "a\nb", "`a b`");
	expect_text(fc_md_code, "", "");
}

static void code_in_table(void **state)
{
	struct fc_md md;

	(void)state;
	fc_md_init(&md);
	fc_md_cell(&md);
	fc_md_code(&md, "a|b");
	fc_md_cell(&md);
	fc_md_code(&md, "x\\|y"); /* cannot be a code span in a table */
	fc_md_row_end(&md);
	assert_string_equal(md.buf.data, "| `a\\|b` | x\\\\\\|y |\n");
	fc_md_finish(&md);
}

static void urls(void **state)
{
	struct fc_md md;

	(void)state;
	fc_md_init(&md);
	assert_true(fc_md_url(&md, "https://e.x/a b(1)?q=1&r=<2>"));
	assert_string_equal(md.buf.data, "https://e.x/a%20b%281%29?q=1&amp;r=%3C2%3E");
	fc_md_finish(&md);

	fc_md_init(&md);
	assert_false(fc_md_url(&md, "javascript:alert(1)"));
	assert_false(fc_md_url(&md, "JavaScript:alert(1)"));
	assert_false(fc_md_url(&md, "data:text/html,x"));
	assert_false(fc_md_url(&md, "file:///etc/passwd"));
	assert_null(md.buf.data);
	assert_true(fc_md_url(&md, "img/a.png"));
	assert_true(fc_md_url(&md, " javascript:x")); /* relative: a space first */
	assert_string_equal(md.buf.data, "img/a.png%20javascript:x");
	fc_md_finish(&md);

	fc_md_init(&md);
	assert_false(fc_md_link(&md, "[x]", "javascript:alert(1)"));
	assert_string_equal(md.buf.data, "\\[x\\]");
	assert_true(fc_md_link(&md, "ok", "HTTP://e.x/"));
	assert_false(fc_md_image(&md, "alt", "data:image/png;base64,AAAA"));
	assert_true(fc_md_image(&md, "a]b", "https://e.x/i.png"));
	assert_string_equal(md.buf.data, "\\[x\\][ok](HTTP://e.x/)![a\\]b](https://e.x/i.png)");
	fc_md_finish(&md);
}

static void table_and_details(void **state)
{
	static const char *const titles[] = { "function", "ms" };
	struct fc_md md;

	(void)state;
	fc_md_init(&md);
	fc_md_raw(&md, "text");
	fc_md_table_head(&md, titles, "lr");
	fc_md_cell(&md);
	fc_md_code(&md, "f|g");
	fc_md_cell(&md);
	fc_md_printf(&md, "%.1f", 2.5);
	fc_md_row_end(&md);
	fc_md_details_begin(&md, "More <rows> & \"so\"");
	fc_md_raw(&md, "x\n");
	fc_md_details_end(&md);
	assert_string_equal(md.buf.data,
			    "text\n\n| function | ms |\n|:---|---:|\n| `f\\|g` | 2.5 |\n"
			    "\n<details><summary>More &lt;rows&gt; &amp; &quot;so&quot;"
			    "</summary>\n\nx\n\n</details>\n");
	assert_int_equal(md.cells, -1);
	fc_md_finish(&md);
	fc_md_finish(&md); /* a second finish is harmless */
}

static void fill(struct fc_md *md, char c, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char s[2] = { c, '\n' };
		fc_md_write(md, s, (i % 40 == 39) ? 2 : 1);
	}
}

static void doc_fits(void **state)
{
	struct fc_md_doc doc;
	struct fc_md out;

	(void)state;
	fc_md_doc_init(&doc);
	fc_md_raw(fc_md_doc_add(&doc, "head", false), "# Title\n");
	fc_md_raw(fc_md_doc_add(&doc, "body", true), "body\n");
	fc_md_init(&out);
	assert_true(fc_md_doc_render(&doc, 100, &out));
	assert_string_equal(out.buf.data, "# Title\n\nbody\n");
	fc_md_finish(&out);
	fc_md_doc_finish(&doc);
}

static void doc_cuts_longest_first(void **state)
{
	struct fc_md_doc doc;
	struct fc_md out;

	(void)state;
	fc_md_doc_init(&doc);
	fc_md_raw(fc_md_doc_add(&doc, "summary", false), "S\n");
	fill(fc_md_doc_add(&doc, "Small table", true), 'a', 300);
	fill(fc_md_doc_add(&doc, "All functions", true), 'b', 3000);
	fill(fc_md_doc_add(&doc, "Medium | table", true), 'c', 1000);
	fc_md_init(&out);
	assert_true(fc_md_doc_render(&doc, 1500, &out));
	assert_true(out.buf.len <= 1500);
	assert_non_null(strstr(out.buf.data, "aaaa"));
	assert_non_null(strstr(out.buf.data, "cccc"));
	assert_null(strstr(out.buf.data, "bbbb"));
	assert_non_null(
		strstr(out.buf.data, "*Left out to stay under 1,500 characters: All functions.*"));
	fc_md_finish(&out);

	/* tighter: the next longest goes too, and the note names both */
	fc_md_init(&out);
	assert_true(fc_md_doc_render(&doc, 800, &out));
	assert_true(out.buf.len <= 800);
	assert_null(strstr(out.buf.data, "cccc"));
	assert_non_null(strstr(out.buf.data, "aaaa"));
	assert_non_null(strstr(out.buf.data, ": All functions, Medium \\| table.*"));
	assert_int_equal(strncmp(out.buf.data, "S\n", 2), 0);
	fc_md_finish(&out);
	fc_md_doc_finish(&doc);
}

static void doc_truncates_kept_text(void **state)
{
	struct fc_md_doc doc;
	struct fc_md out, *kept;

	(void)state;
	fc_md_doc_init(&doc);
	kept = fc_md_doc_add(&doc, "kept", false);
	fc_md_details_begin(kept, "all");
	fill(kept, 'k', 5000);
	fc_md_details_end(kept);
	fill(fc_md_doc_add(&doc, "cuttable", true), 'z', 100);
	fc_md_init(&out);
	assert_true(fc_md_doc_render(&doc, 1000, &out));
	assert_true(out.buf.len <= 1000);
	assert_null(strstr(out.buf.data, "zzz"));
	assert_non_null(strstr(out.buf.data, "kkk"));
	/* the cut closed the <details> it left open */
	assert_non_null(strstr(out.buf.data, "</details>"));
	assert_non_null(
		strstr(out.buf.data, "*Cut at a line break to stay under 1,000 characters.*"));
	fc_md_finish(&out);
	fc_md_doc_finish(&doc);
	fc_md_doc_finish(&doc);
}

/* Thousands of sections cut: the note names the first of them and counts
 * the rest, so that it fits the budget itself and the kept text is not
 * cut at a line break (with every title named, the note alone was longer
 * than the budget). */
static void doc_cuts_thousands(void **state)
{
	struct fc_md_doc doc;
	struct fc_md out;
	char title[64];

	(void)state;
	fc_md_doc_init(&doc);
	fc_md_raw(fc_md_doc_add(&doc, "summary", false), "S\n");
	for (int i = 0; i < 20000; i++) {
		snprintf(title, sizeof(title), "Top functions of thread %d", i);
		fill(fc_md_doc_add(&doc, title, true), 'a', 10 + (size_t)i % 7);
	}
	fc_md_init(&out);
	assert_true(fc_md_doc_render(&doc, 65536, &out));
	assert_true(out.buf.len <= 65536);
	assert_int_equal(strncmp(out.buf.data, "S\n", 2), 0);
	assert_null(strstr(out.buf.data, "Cut at a line break"));
	assert_non_null(strstr(out.buf.data,
			       "*Left out to stay under 65,536 characters: Top functions "
			       "of thread "));
	assert_non_null(strstr(out.buf.data, " more.*\n"));
	fc_md_finish(&out);
	fc_md_doc_finish(&doc);
}

/* The input of tests/data/regress/md_doc/cut-section-read-across-the-gap:
 * the cut section's body ("\n\nbY…") is the line breaks after "a" and the
 * kept section that follows, so a reader that takes the first place a body
 * occurs finds the cut one there and loses the kept one. The cutter is
 * right: "a", an empty line, the kept section whole, then the note. */
static void doc_cut_body_overlaps_kept(void **state)
{
	const char *note = "\n*Left out to stay under 256 characters: cut.*\n";
	char ys[131] = { 0 };
	struct fc_md_doc doc;
	struct fc_md out, *cut, *kept;

	(void)state;
	memset(ys, 'Y', 130);
	fc_md_doc_init(&doc);
	fc_md_raw(fc_md_doc_add(&doc, "", false), "a");
	cut = fc_md_doc_add(&doc, "cut", true);
	fc_md_raw(cut, "\n\nb");
	fc_md_raw(cut, ys);
	kept = fc_md_doc_add(&doc, "", false);
	fc_md_raw(kept, "b");
	fc_md_raw(kept, ys);
	fc_md_init(&out);
	/* 1 + 133 + 131 bytes and two line breaks after each: 271, over 256 */
	assert_true(fc_md_doc_render(&doc, 256, &out));
	assert_int_equal(out.buf.len, 4 + 130 + strlen(note));
	assert_int_equal(memcmp(out.buf.data, "a\n\nb", 4), 0);
	assert_int_equal(memcmp(out.buf.data + 4, ys, 130), 0);
	assert_string_equal(out.buf.data + 134, note);
	fc_md_finish(&out);
	fc_md_doc_finish(&doc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(text_escapes),
		cmocka_unit_test(code_spans),
		cmocka_unit_test(code_in_table),
		cmocka_unit_test(urls),
		cmocka_unit_test(table_and_details),
		cmocka_unit_test(doc_fits),
		cmocka_unit_test(doc_cuts_longest_first),
		cmocka_unit_test(doc_truncates_kept_text),
		cmocka_unit_test(doc_cuts_thousands),
		cmocka_unit_test(doc_cut_body_overlaps_kept),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
