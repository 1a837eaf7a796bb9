/* Fuzz target: the Markdown document cutter (fc_md_doc_render, the code
 * that fits -f md, index.md and diff's comment into GitHub's 65 536
 * characters), on many sections. The input: two bytes choose the budget,
 * then sections separated by NUL bytes, each "flags title\nbody": the low
 * bit of flags makes it cuttable. Up to 4096 sections of a few bytes each,
 * or a few long ones. The oracles, beyond the sanitizers:
 *   - rendering succeeds, and the output is within the budget when the
 *     budget leaves room for the note (at least 8 KiB);
 *   - a section that is not cuttable is kept, or the note says the text
 *     was cut at a line break;
 *   - the sections kept come whole and in order; one left out was cuttable,
 *     and the note says what was left out (the first ones by name, then a
 *     count);
 *   - rendering twice gives the same bytes. */
#include <stdlib.h>
#include <string.h>

#include "flamechart/markdown.h"
#include "harness.h"

#define MAX_SECTIONS 4096

struct kept {
	const char *body;
	size_t len;
	bool cuttable;
};

/* needle[0..n) in hay[0..len) (memmem is not C11) */
static bool has(const char *hay, size_t len, const char *needle, size_t n)
{
	for (size_t i = 0; hay && n <= len && i <= len - n; i++)
		if (memcmp(hay + i, needle, n) == 0)
			return true;
	return false;
}

static void render(const struct fc_md_doc *doc, size_t budget, struct fc_md *out)
{
	fc_md_init(out);
	fuzz_check(fc_md_doc_render(doc, budget, out), "fc_md_doc_render failed");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct kept sec[MAX_SECTIONS];
	struct fc_md_doc doc;
	struct fc_md out, again;
	size_t budget, i, n = 0, at;
	bool truncated, noted;

	if (size < 2)
		return 0;
	/* budgets from 256 bytes to 65 536: small ones cut often */
	budget = 256 + ((size_t)data[0] << 8 | data[1]) % 65281;
	fc_md_doc_init(&doc);
	for (at = 2; at < size && n < MAX_SECTIONS; n++) {
		const char *s = (const char *)data + at;
		const char *end = memchr(s, '\0', size - at);
		size_t len = end ? (size_t)(end - s) : size - at;
		const char *nl = memchr(s, '\n', len);
		size_t tl = nl ? (size_t)(nl - s) : len;
		char *title = tl > 1 ? malloc(tl) : NULL;
		bool cuttable = len > 0 && (s[0] & 1);
		struct fc_md *md;

		if (title) {
			memcpy(title, s + 1, tl - 1);
			title[tl - 1] = '\0';
		}
		md = fc_md_doc_add(&doc, title ? title : "", cuttable);
		sec[n].body = nl ? nl + 1 : "";
		sec[n].len = nl ? len - tl - 1 : 0;
		sec[n].cuttable = cuttable;
		fc_md_write(md, sec[n].body, sec[n].len);
		free(title);
		at += len + 1;
	}
	render(&doc, budget, &out);
	if (budget >= 8192)
		fuzz_check(out.len <= budget, "the document is over its budget");
	truncated = out.data && has(out.data, out.len, "*Cut at a line break", 20);
	noted = out.data && has(out.data, out.len, "*Left out to stay under", 23);
	/* the kept sections come in order, each after at most two line breaks */
	for (i = 0, at = 0; i < n && !truncated; i++) {
		bool found = !sec[i].len;
		for (size_t k = 0; !found && k <= 2 && at + k + sec[i].len <= out.len; k++)
			if (memcmp(out.data + at + k, sec[i].body, sec[i].len) == 0) {
				found = true;
				at += k + sec[i].len;
			}
		fuzz_check(found || sec[i].cuttable, "a section that is not cuttable was left out");
		fuzz_check(found || noted, "a section was left out without a note");
	}
	render(&doc, budget, &again);
	fuzz_check(out.len == again.len && (!out.len || memcmp(out.data, again.data, out.len) == 0),
		   "two renderings differ");
	fc_md_finish(&out);
	fc_md_finish(&again);
	fc_md_doc_finish(&doc);
	return 0;
}
