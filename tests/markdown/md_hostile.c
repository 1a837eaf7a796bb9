/* Writes a Markdown table of hostile names (as text and as code spans), a
 * refused link and image, and a <details> block; tests/markdown/gfm-check.js
 * renders it with a GFM renderer and checks what came out. The names are
 * printed one a line to the file given as the second argument (tabs and
 * newlines in them shown as spaces, as the writer shows them). */
#include <stdio.h>
#include <string.h>

#include "write/markdown.h"

static const char *const names[] = {
	"a|b",
	"`tick`",
	"``double`` tick",
	"<img src=x onerror=alert(1)>",
	"<script>alert(1)</script>",
	"[x](javascript:alert(1))",
	"![i](https://e.x/i.png)",
	"*em* **strong** _u_ ~~del~~",
	"back\\slash \\| pipe",
	"&amp; &lt; &#124;",
	"line\nbreak",
	"https://example.com/path www.example.com a@example.com",
	"# heading $math$ :+1:",
	"(parens) {braces} <https://e.x>",
	" space ",
	"\\",
	"|",
};

int main(int argc, char **argv)
{
	static const char *const titles[] = { "text", "code" };
	struct fc_md md;
	FILE *f;

	if (argc != 3 || !(f = fopen(argv[2], "w"))) {
		fprintf(stderr, "usage: md_hostile OUT.md NAMES.txt\n");
		return 2;
	}
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		for (const char *p = names[i]; *p; p++)
			fputc(*p == '\n' || *p == '\t' ? ' ' : *p, f);
		fputc('\n', f);
	}
	fclose(f);

	fc_md_init(&md);
	fc_md_raw(&md, "Summary: ");
	fc_md_text(&md, names[5]);
	fc_md_table_head(&md, titles, "ll");
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		fc_md_cell(&md);
		fc_md_text(&md, names[i]);
		fc_md_cell(&md);
		fc_md_code(&md, names[i]);
		fc_md_row_end(&md);
	}
	fc_md_blank_line(&md);
	fc_md_link(&md, "refused", "javascript:alert(1)");
	fc_md_raw(&md, " ");
	fc_md_image(&md, "refused", "data:image/png;base64,AAAA");
	fc_md_link(&md, "kept", "https://example.com/a b");
	fc_md_details_begin(&md, "</summary><img src=x onerror=alert(1)>");
	fc_md_raw(&md, "inside\n");
	fc_md_details_end(&md);
	if (md.buf.failed || !(f = fopen(argv[1], "w")))
		return 1;
	fwrite(md.buf.data, 1, md.buf.len, f);
	fc_md_finish(&md);
	return fclose(f) == 0 ? 0 : 1;
}
