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
 *   - the sections kept come whole and in order, each after the line
 *     breaks fc_md_blank_line puts between two; one left out was cuttable,
 *     and the note says what was left out (the first ones by name, then a
 *     count); after the last section comes the note or the end;
 *   - rendering twice gives the same bytes. */
#include <stdlib.h>
#include <string.h>

#include "write/markdown.h"
#include "harness.h"

#define MAX_SECTIONS 4096
/* ends of the sections read so far followed at once (reads_as) */
#define MAX_ENDS 1024

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

/* The line breaks fc_md_blank_line writes before a section that starts at
 * offset at of text: none at the start or after an empty line, one after a
 * line break, two after other text. */
static size_t gap_before(const char *text, size_t at)
{
	if (at == 0)
		return 0;
	if (text[at - 1] != '\n')
		return 2;
	return at >= 2 && text[at - 2] == '\n' ? 0 : 1;
}

/* Whether text reads as sec[0..n) in order, where a cuttable section may be
 * missing when skip_ok, followed by the end or by tail. A section's body
 * can also occur where a later one starts ("\n\nbY" cut, "bY" kept after
 * "a": the cut one reads from the line breaks before the kept one), so every
 * offset at which the sections read so far can end is followed, not only the
 * first. *failed names the invariant broken; false with *failed NULL: more
 * than MAX_ENDS readings, not decided. */
static bool reads_as(const char *text, size_t len, const struct kept *sec, size_t n, bool skip_ok,
		     const char *tail, const char **failed)
{
	static size_t ends[2][MAX_ENDS];
	/* seen[at] == i + 1: offset at is already among the ends after sec[i] */
	uint32_t *seen = calloc(len + 1, sizeof(*seen));
	size_t cur = 0, n_ends = 1;
	bool decided = true;

	*failed = NULL;
	if (!seen)
		return false;
	ends[0][0] = 0;
	for (size_t i = 0; i < n && decided && !*failed; i++) {
		size_t *from = ends[cur], *to = ends[!cur], n_to = 0;
		for (size_t e = 0; e < n_ends && decided; e++) {
			size_t at = from[e], next[2], m = 0;
			if (!sec[i].len || (sec[i].cuttable && skip_ok))
				next[m++] = at;
			if (sec[i].len) {
				size_t p = at + gap_before(text, at);
				if (p <= len && sec[i].len <= len - p &&
				    memcmp(text + p, sec[i].body, sec[i].len) == 0)
					next[m++] = p + sec[i].len;
			}
			for (size_t j = 0; j < m && decided; j++) {
				if (seen[next[j]] == i + 1)
					continue;
				seen[next[j]] = (uint32_t)(i + 1);
				decided = n_to < MAX_ENDS;
				if (decided)
					to[n_to++] = next[j];
			}
		}
		if (decided && !n_to)
			*failed = sec[i].cuttable ? "a section was left out without a note"
						  : "a section that is not cuttable was left out";
		cur = !cur;
		n_ends = n_to;
	}
	free(seen);
	if (!decided || *failed)
		return false;
	for (size_t e = 0; e < n_ends; e++) {
		size_t at = ends[cur][e];
		if (at == len || (tail && len - at >= strlen(tail) &&
				  memcmp(text + at, tail, strlen(tail)) == 0))
			return true;
	}
	*failed = "the sections are followed by text that is not the note";
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
	size_t budget, n = 0, at;
	bool truncated, noted;
	const char *failed;

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
		fuzz_check(out.buf.len <= budget, "the document is over its budget");
	truncated = out.buf.data && has(out.buf.data, out.buf.len, "*Cut at a line break", 20);
	noted = out.buf.data && has(out.buf.data, out.buf.len, "*Left out to stay under", 23);
	/* the kept sections come whole and in order, then the note */
	if (!truncated && !reads_as(out.buf.data, out.buf.len, sec, n, noted,
				    noted ? "\n*Left out to stay under" : NULL, &failed))
		fuzz_check(!failed, failed);
	render(&doc, budget, &again);
	fuzz_check(out.buf.len == again.buf.len &&
			   (!out.buf.len || memcmp(out.buf.data, again.buf.data, out.buf.len) == 0),
		   "two renderings differ");
	fc_md_finish(&out);
	fc_md_finish(&again);
	fc_md_doc_finish(&doc);
	return 0;
}
