/* The diff as Markdown for a pull-request comment (docs/diff.md): a summary
 * line with the verdict, the top significant regressions and improvements,
 * tiers and packages, everything else in <details>. Written with the shared
 * Markdown writer (write/markdown.h), which escapes every name from the
 * profiles and keeps the comment under GitHub's 65 536 characters. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff/internal.h"
#include "write/markdown.h"
#include "util/util.h"
#include "model/profile.h"

/* room kept for the note fc_md_doc_render adds and the closing lines */
#define RESERVE 400

/* The summary's line of matched threads, which is never cut: at most this
 * many pairs (a run can have thousands of threads), each label at most
 * this many bytes. */
#define THREAD_PAIRS_SHOWN 10
#define THREAD_LABEL_MAX 60

static const char *const fn_titles[] = { "Function",    "File",       "Base ms", "Head ms",
					 "\xce\x94 ms", "\xce\x94 %", NULL };
static const char *const agg_titles[] = { "Name",       "Base ms",     "Head ms", "\xce\x94 ms",
					  "\xce\x94 %", "Significant", NULL };

/* a heap profile's tables: bytes, not ms */
static const char *const fn_bytes[] = { "Function", "File",       "Base", "Head",
					"\xce\x94", "\xce\x94 %", NULL };
static const char *const agg_bytes[] = { "Name",       "Base",        "Head", "\xce\x94",
					 "\xce\x94 %", "Significant", NULL };

static void numbers(struct fc_md *md, const struct fc_diff_item *x)
{
	char d[32], p[32], b[32];

	fc_diff_format_ms(x->bytes, fc_diff_delta_self(x), d, sizeof(d));
	fc_diff_format_pct(fc_diff_delta_self(x), x->side[0].self_us, p, sizeof(p));
	fc_md_cell(md);
	if (x->bytes) {
		fc_diff_format_amount(true, x->side[0].self_us, b, sizeof(b));
		fc_md_raw(md, b);
		fc_md_cell(md);
		fc_diff_format_amount(true, x->side[1].self_us, b, sizeof(b));
		fc_md_raw(md, b);
	} else {
		fc_md_printf(md, "%.1f", x->side[0].self_us / 1000);
		fc_md_cell(md);
		fc_md_printf(md, "%.1f", x->side[1].self_us / 1000);
	}
	fc_md_cell(md);
	fc_md_raw(md, d);
	fc_md_cell(md);
	fc_md_raw(md, p);
}

static void fn_row(struct fc_md *md, const struct fc_diff_item *x)
{
	fc_md_cell(md);
	fc_md_text(md, x->name);
	if (x->thread >= 0) /* functions per thread slot */
		fc_md_printf(md, " (thread %d)", (int)x->thread + 1);
	fc_md_cell(md);
	if (x->file[0])
		fc_md_code(md, x->file);
	numbers(md, x);
	fc_md_row_end(md);
}

static void agg_row(struct fc_md *md, const struct fc_diff_item *x)
{
	fc_md_cell(md);
	fc_md_text(md, x->name);
	numbers(md, x);
	fc_md_cell(md);
	fc_md_raw(md, x->significant ? "yes" : "no");
	fc_md_row_end(md);
}

/* With one run on a side the functions are tested on their share of the
 * samples, which the total (all of them, on both sides) cannot be: say so
 * where the changes are listed (docs/diff.md, Significance). */
static void one_run_note(struct fc_md *md)
{
	fc_md_raw(md, "*One run on a side: each function's change was tested against "
		      "sampling noise only (its share of the samples); the total, all of the "
		      "samples on both sides, has no such test and is never significant. "
		      "Several runs a side test both against the run-to-run noise.*\n");
	fc_md_blank_line(md);
}

/* The top significant changes in one direction; returns how many. */
static size_t top_table(struct fc_md *md, const struct fc_diff *d, const size_t *order, size_t top,
			bool regressions)
{
	size_t i, shown = 0;

	for (i = 0; i < d->n_functions && shown < top; i++) {
		const struct fc_diff_item *x =
			&d->functions[regressions ? order[i] : order[d->n_functions - 1 - i]];
		if (!x->significant ||
		    (regressions ? fc_diff_delta_self(x) <= 0 : fc_diff_delta_self(x) >= 0))
			continue;
		if (!shown)
			fc_md_table_head(md, d->bytes ? fn_bytes : fn_titles, "llrrrr");
		fn_row(md, x);
		shown++;
	}
	return shown;
}

/* The first line is the answer, the top change named: "### ❌ regression:
 * normalizeRecord (parse.js) +320 ms (+94.5%), 1 more". */
static void answer_line(struct fc_md *md, const struct fc_diff *d)
{
	struct fc_diff_answer a;
	char cut[FC_DIFF_NAME_MAX + 4], change[80];

	fc_diff_answer(d, &a);
	fc_md_raw(md,
		  a.kind == FC_DIFF_ANSWER_REGRESSION ? "### \xe2\x9d\x8c " : "### \xe2\x9c\x85 ");
	fc_md_raw(md, fc_diff_answer_word(&a));
	if (a.top) {
		const struct fc_diff_item *x = a.top;
		fc_md_raw(md, ": ");
		fc_md_text(md, fc_diff_short_name(x->name, FC_DIFF_NAME_MAX, cut, sizeof(cut)));
		if (x->file[0] || x->thread >= 0) {
			fc_md_raw(md, " (");
			fc_md_text(md, x->file);
			if (x->thread >= 0)
				fc_md_printf(md, "%sthread %d", x->file[0] ? ", " : "",
					     (int)x->thread + 1);
			fc_md_raw(md, ")");
		}
		fc_diff_answer_change(x, change, sizeof(change));
		fc_md_printf(md, " %s", change);
		if (a.more)
			fc_md_printf(md, ", %zu more", a.more);
	} else if (a.rule) {
		fc_md_raw(md, ": ");
		fc_md_code(md, a.rule);
		fc_md_raw(md, " crossed");
	}
	fc_md_raw(md, "\n\n");
}

static void summary(struct fc_md *md, const struct fc_diff *d, const char *image_url)
{
	const struct fc_diff_input *b = &d->side[0], *h = &d->side[1];
	char delta[32], p[32], a[32], b2[32], least[32];
	size_t i, n_sig = 0;

	for (i = 0; i < d->n_functions; i++)
		n_sig += d->functions[i].significant;
	fc_diff_format_ms(d->bytes, fc_diff_delta_self(&d->total), delta, sizeof(delta));
	fc_diff_format_pct(fc_diff_delta_self(&d->total), d->total.side[0].self_us, p, sizeof(p));
	answer_line(md, d);
	fc_diff_format_amount(d->bytes, d->total.side[0].self_us, a, sizeof(a));
	fc_diff_format_amount(d->bytes, d->total.side[1].self_us, b2, sizeof(b2));
	fc_diff_format_amount(d->bytes, d->threshold_us, least, sizeof(least));
	fc_md_printf(md,
		     "**Total %s per run:** %s \xe2\x86\x92 %s (%s, %s, %s) \xc2\xb7 "
		     "%zu significant function change%s\n\n",
		     d->bytes ? "allocated" : "CPU", a, b2, delta, p,
		     d->total.significant ? "significant" : "not significant", n_sig,
		     n_sig == 1 ? "" : "s");
	fc_md_raw(md, "BASE ");
	fc_md_code(md, b->path);
	fc_md_printf(md, ": %zu run%s \xc2\xb7 HEAD ", b->n_runs, b->n_runs == 1 ? "" : "s");
	fc_md_code(md, h->path);
	fc_md_printf(md,
		     ": %zu run%s \xc2\xb7 %s test, \xce\xb1 = %g, smallest change counted %s "
		     "\xc2\xb7 normalisation: %s\n",
		     h->n_runs, h->n_runs == 1 ? "" : "s",
		     strcmp(d->test, "welch") == 0 ? "Welch's t" : "two-proportion z",
		     d->options.alpha, least, d->options.normalize_total ? "total" : "none");
	/* which thread matched which, when a run has several */
	{
		size_t n = 0, t;
		int s;
		for (s = 0; s < 2; s++)
			if (d->side[s].n_runs && d->side[s].runs[0].n > n)
				n = d->side[s].runs[0].n;
		if (n > 1) {
			/* the summary is never cut: the first pairs, each label
			 * short, and how many more the JSON lists */
			char buf[THREAD_LABEL_MAX + 1];
			fc_md_blank_line(md);
			fc_md_raw(md, "Threads, matched by their order in a run (first run):");
			for (t = 0; t < n && t < THREAD_PAIRS_SHOWN; t++) {
				fc_md_printf(md, "%s %zu. ", t ? ";" : "", t + 1);
				for (s = 0; s < 2; s++) {
					const struct fc_diff_input *in = &d->side[s];
					if (s)
						fc_md_raw(md, " \xe2\x86\x94 ");
					if (in->n_runs && t < in->runs[0].n)
						fc_md_code(md,
							   fc_diff_text_cut(in->runs[0].threads[t],
									    THREAD_LABEL_MAX, buf));
					else
						fc_md_raw(md, "none");
				}
			}
			if (n > THREAD_PAIRS_SHOWN)
				fc_md_printf(md,
					     "; and %zu more (the JSON's `threads` lists them all)",
					     n - THREAD_PAIRS_SHOWN);
			fc_md_raw(md, "\n");
		}
	}
	if (d->options.n_scope) {
		fc_md_blank_line(md);
		fc_md_raw(md, "Both sides: ");
		for (i = 0; i < d->options.n_scope; i++) {
			if (i)
				fc_md_raw(md, "; ");
			fc_md_code(md, d->options.scope[i]);
		}
		fc_md_raw(md, "\n");
	}
	if (d->n_rules)
		fc_md_blank_line(md);
	for (i = 0; i < d->n_rules; i++) {
		fc_md_raw(md, d->rules[i].crossed ? "- **Failed** " : "- Passed ");
		fc_md_code(md, d->rules[i].text);
		if (d->rules[i].crossed) {
			fc_md_raw(md, ": ");
			fc_md_text(md, d->rules[i].why);
		}
		fc_md_raw(md, "\n");
	}
	if (image_url) {
		fc_md_blank_line(md);
		if (fc_md_image(md, "differential flame graph", image_url))
			fc_md_raw(md, "\n");
	}
}

bool fc_diff_write_md(const struct fc_diff *d, size_t top, const char *image_url, size_t max_chars,
		      struct fc_output *out, struct fc_error *err)
{
	size_t *order = fc_diff_order(d, d->functions, d->n_functions);
	size_t *tord = fc_diff_order(d, d->tiers, d->n_tiers);
	size_t *pord = fc_diff_order(d, d->packages, d->n_packages);
	size_t budget = max_chars ? max_chars : FC_MD_GITHUB_LIMIT, used = 0, i, shown;
	size_t n_fn = d->n_functions; /* less the thread slots' roots */
	size_t n_small = 0;           /* functions under the size threshold */
	struct fc_md_doc doc;
	struct fc_md text, *md, *parts[6];
	size_t n_parts = 0;
	bool ok = false;

	fc_md_doc_init(&doc);
	fc_md_init(&text);
	if (!order || !tord || !pord)
		goto nomem;
	md = parts[n_parts++] = fc_md_doc_add(&doc, "summary", false);
	summary(md, d, image_url);
	fc_md_blank_line(md);
	md = parts[n_parts++] = fc_md_doc_add(&doc, "top changes", false);
	fc_md_raw(md, d->bytes ? "#### Top regressions (self bytes allocated per run)\n\n"
			       : "#### Top regressions (self time per run)\n\n");
	if (!top_table(md, d, order, top, true))
		fc_md_raw(md, "None significant.\n");
	fc_md_blank_line(md);
	fc_md_raw(md, "#### Top improvements\n\n");
	if (!top_table(md, d, order, top, false))
		fc_md_raw(md, "None significant.\n");
	fc_md_blank_line(md);
	if (strcmp(d->test, "welch") != 0)
		one_run_note(md);
	if (d->n_threads) {
		/* each matched thread slot on its own: which thread changed */
		md = parts[n_parts++] = fc_md_doc_add(&doc, "threads", true);
		fc_md_raw(md, "#### Threads (CPU time per run)\n");
		fc_md_table_head(md, d->bytes ? agg_bytes : agg_titles, "lrrrrl");
		for (i = 0; i < d->n_threads; i++)
			agg_row(md, &d->threads[i]);
		fc_md_blank_line(md);
	}
	md = parts[n_parts++] = fc_md_doc_add(&doc, "tiers", true);
	fc_md_raw(md, "#### Tiers\n");
	fc_md_table_head(md, d->bytes ? agg_bytes : agg_titles, "lrrrrl");
	for (i = 0; i < d->n_tiers; i++)
		agg_row(md, &d->tiers[tord[i]]);
	fc_md_blank_line(md);
	if (d->n_packages) {
		md = parts[n_parts++] = fc_md_doc_add(&doc, "packages", true);
		fc_md_raw(md, "#### Packages\n");
		fc_md_table_head(md, d->bytes ? agg_bytes : agg_titles, "lrrrrl");
		for (i = 0; i < d->n_packages && i < top; i++)
			agg_row(md, &d->packages[pord[i]]);
		fc_md_blank_line(md);
	}
	for (i = 0; i < n_parts; i++)
		used += parts[i]->buf.len;
	/* everything else that changed by the smallest change that counts or
	 * more, as many rows as the budget leaves room for; the rest (0.0 |
	 * 0.0 rows, mostly) is counted, not listed */
	md = fc_md_doc_add(&doc, "all functions", true);
	{
		char summary_text[128], least[32];
		fc_diff_format_amount(d->bytes, d->threshold_us, least, sizeof(least));
		for (i = 0; i < d->n_functions; i++) {
			const struct fc_diff_item *x = &d->functions[i];
			n_fn -= x->thread_root;
			n_small += !x->thread_root && fabs(fc_diff_delta_self(x)) < d->threshold_us;
		}
		snprintf(summary_text, sizeof(summary_text),
			 "The %zu of %zu functions that changed by %s or more%s", n_fn - n_small,
			 n_fn, least, d->n_threads ? ", per thread" : "");
		fc_md_details_begin(md, summary_text);
	}
	fc_md_table_head(md, d->bytes ? fn_bytes : fn_titles, "llrrrr");
	for (i = shown = 0; i < d->n_functions; i++) {
		size_t before = md->buf.len;
		if (d->functions[order[i]].thread_root)
			continue; /* a thread slot's root, not a function */
		if (fabs(fc_diff_delta_self(&d->functions[order[i]])) < d->threshold_us)
			continue;
		fn_row(md, &d->functions[order[i]]);
		if (used + md->buf.len + RESERVE > budget) {
			md->buf.len = before;
			if (md->buf.data)
				md->buf.data[before] = '\0';
			break;
		}
		shown++;
	}
	if (shown < n_fn - n_small) {
		fc_md_blank_line(md);
		fc_md_printf(md, "%zu more functions left out to stay under %zu characters.\n",
			     n_fn - n_small - shown, budget);
	}
	if (n_small) {
		char least[32];
		fc_diff_format_amount(d->bytes, d->threshold_us, least, sizeof(least));
		fc_md_blank_line(md);
		fc_md_printf(md,
			     "%zu function%s that changed by less than %s (the smallest "
			     "change that counts, `--min-change`) left out.\n",
			     n_small, n_small == 1 ? "" : "s", least);
	}
	fc_md_details_end(md);
	fc_md_raw(md, "\n");
	if (!fc_md_doc_render(&doc, budget, &text) || text.buf.failed)
		goto nomem;
	ok = fc_output_write(out, text.buf.data ? text.buf.data : "", text.buf.len);
	if (!ok)
		fc_error_set(err, FC_ERR_OUTPUT, "write error");
	goto done;
nomem:
	fc_error_set(err, FC_ERR_NOMEM, "out of memory");
done:
	fc_md_finish(&text);
	fc_md_doc_finish(&doc);
	free(order);
	free(tord);
	free(pord);
	return ok;
}
