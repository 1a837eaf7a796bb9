/* The diff as Markdown for a pull-request comment (docs/diff.md): a summary
 * line with the verdict, the top significant regressions and improvements,
 * tiers and packages, everything else in <details>. Names are escaped so
 * that nothing in a profile can break a table or inject HTML, and the whole
 * comment stays under a character budget (GitHub refuses more than 65 536).
 * The escaping is local to the diff until the shared Markdown writer lands. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff/internal.h"
#include "flamechart/classify.h"
#include "util/util.h"

#define GITHUB_MAX 65536
/* kept free for the closing lines after the last row that fits */
#define RESERVE 600

size_t fc_diff_md_escape(const char *s, char *out, size_t size)
{
	size_t n = 0;

	if (!size)
		return 0;
	for (; *s; s++) {
		char tmp[8];
		const char *r = tmp;
		unsigned char ch = (unsigned char)*s;
		size_t len;

		if (ch == '<')
			r = "&lt;";
		else if (ch == '>')
			r = "&gt;";
		else if (ch == '&')
			r = "&amp;";
		else if (ch == '"')
			r = "&quot;";
		else if (ch == '\n' || ch == '\r' || ch == '\t')
			r = " ";
		else if (ch < 0x20 || ch == 0x7f)
			r = "";
		else if (strchr("\\`*_[]|~#!", ch)) {
			tmp[0] = '\\';
			tmp[1] = (char)ch;
			tmp[2] = '\0';
		} else {
			tmp[0] = (char)ch;
			tmp[1] = '\0';
		}
		len = strlen(r);
		if (n + len + 1 > size)
			break;
		memcpy(out + n, r, len);
		n += len;
	}
	/* never leave half a UTF-8 sequence when out is too small */
	if (*s) {
		size_t i = n;
		while (i > 0 && ((unsigned char)out[i - 1] & 0xc0) == 0x80)
			i--;
		if (i > 0 && (unsigned char)out[i - 1] >= 0xc0 &&
		    fc_utf8_seqlen((unsigned char)out[i - 1]) > n - (i - 1))
			n = i - 1;
	}
	out[n] = '\0';
	return n;
}

struct md {
	char *text;
	size_t len, cap, budget;
	bool nomem;
};

static bool add(struct md *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static bool add(struct md *m, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || !FC_GROW(m->text, m->cap, m->len + (size_t)n + 1)) {
		m->nomem = true;
		return false;
	}
	va_start(ap, fmt);
	vsnprintf(m->text + m->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	m->len += (size_t)n;
	return true;
}

static double ms(double us)
{
	return us / 1000;
}

static void pct(const struct fc_diff_item *x, char *out, size_t size)
{
	fc_diff_format_pct(x->delta_self_us, x->side[0].self_us, out, size);
}

/* Escaped name, at most 120 bytes of the original. */
static void cell(const char *s, char *out, size_t size)
{
	char cut[128];
	size_t n = strlen(s);

	if (n > 120) {
		n = 120;
		while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
			n--;
		memcpy(cut, s, n);
		memcpy(cut + n, "\xe2\x80\xa6", 4);
		s = cut;
	}
	fc_diff_md_escape(s, out, size);
}

static void row(struct md *m, const struct fc_diff_item *x, bool function)
{
	char name[1024], file[1024], p[32], d[32];

	cell(x->name, name, sizeof(name));
	cell(function ? x->file : "", file, sizeof(file));
	pct(x, p, sizeof(p));
	fc_diff_format_ms(x->delta_self_us, d, sizeof(d));
	if (function)
		add(m, "| %s | %s | %.1f | %.1f | %s | %s |\n", name, file, ms(x->side[0].self_us),
		    ms(x->side[1].self_us), d, p);
	else
		add(m, "| %s | %.1f | %.1f | %s | %s | %s |\n", name, ms(x->side[0].self_us),
		    ms(x->side[1].self_us), d, p, x->significant ? "yes" : "no");
}

static void table_head(struct md *m, bool function)
{
	if (function)
		add(m, "| Function | File | Base ms | Head ms | \xce\x94 ms | \xce\x94 %% |\n"
		       "|---|---|--:|--:|--:|--:|\n");
	else
		add(m, "| Name | Base ms | Head ms | \xce\x94 ms | \xce\x94 %% | Significant |\n"
		       "|---|--:|--:|--:|--:|---|\n");
}

/* The top significant changes in one direction; returns how many. */
static size_t top_table(struct md *m, const struct fc_diff *d, const size_t *order, size_t top,
			bool regressions)
{
	size_t i, shown = 0;

	for (i = 0; i < d->n_functions && shown < top; i++) {
		const struct fc_diff_item *x =
			&d->functions[regressions ? order[i] : order[d->n_functions - 1 - i]];
		if (!x->significant ||
		    (regressions ? x->delta_self_us <= 0 : x->delta_self_us >= 0))
			continue;
		if (!shown)
			table_head(m, true);
		row(m, x, true);
		shown++;
	}
	return shown;
}

bool fc_diff_write_md(const struct fc_diff *d, size_t top, const char *image_url, size_t max_chars,
		      struct fc_output *out, struct fc_error *err)
{
	struct md m = { 0 };
	size_t *order = fc_diff_order(d, d->functions, d->n_functions), i, n_sig = 0, shown;
	size_t *tord = fc_diff_order(d, d->tiers, d->n_tiers);
	size_t *pord = fc_diff_order(d, d->packages, d->n_packages);
	char delta[32], p[32], esc[1024];
	const struct fc_diff_input *b = &d->side[0], *h = &d->side[1];
	bool ok;

	m.budget = max_chars ? max_chars : GITHUB_MAX;
	if (m.budget < 2 * RESERVE)
		m.budget = 2 * RESERVE;
	if (!order || !tord || !pord)
		goto nomem;
	for (i = 0; i < d->n_functions; i++)
		n_sig += d->functions[i].significant;
	fc_diff_format_ms(d->total.delta_self_us, delta, sizeof(delta));
	pct(&d->total, p, sizeof(p));
	add(&m, "### flamechart diff: %s\n\n",
	    d->failed ? "\xe2\x9d\x8c regression"
	    : n_sig   ? "changes found"
		      : "no significant change");
	add(&m,
	    "**Total CPU** per run: %.1f ms \xe2\x86\x92 %.1f ms (%s, %s, %s). "
	    "%zu significant function change%s.\n\n",
	    ms(d->total.side[0].self_us), ms(d->total.side[1].self_us), delta, p,
	    d->total.significant ? "significant" : "not significant", n_sig, n_sig == 1 ? "" : "s");
	cell(b->path, esc, sizeof(esc));
	add(&m, "BASE %s: %zu run%s \xc2\xb7 ", esc, b->n_runs, b->n_runs == 1 ? "" : "s");
	cell(h->path, esc, sizeof(esc));
	add(&m,
	    "HEAD %s: %zu run%s \xc2\xb7 %s test, \xce\xb1 = %g, minimum change %.1f ms \xc2\xb7 "
	    "normalisation: %s\n\n",
	    esc, h->n_runs, h->n_runs == 1 ? "" : "s",
	    strcmp(d->test, "welch") == 0 ? "Welch's t" : "two-proportion z", d->options.alpha,
	    ms(d->threshold_us), d->options.normalize_total ? "total" : "none");
	for (i = 0; i < d->n_rules; i++) {
		cell(d->rules[i].text, esc, sizeof(esc));
		if (d->rules[i].crossed) {
			char why[1024];
			cell(d->rules[i].why ? d->rules[i].why : "", why, sizeof(why));
			add(&m, "- **Failed** `--fail-on` %s: %s\n", esc, why);
		} else {
			add(&m, "- Passed `--fail-on` %s\n", esc);
		}
	}
	if (d->n_rules)
		add(&m, "\n");
	if (image_url) {
		char url[2048];
		size_t k = 0;
		/* a URL in <...>: only the characters that would end it are escaped */
		for (i = 0; image_url[i] && k + 4 < sizeof(url); i++) {
			unsigned char ch = (unsigned char)image_url[i];
			if (ch == '<' || ch == '>' || ch == ' ' || ch < 0x20)
				k += (size_t)snprintf(url + k, sizeof(url) - k, "%%%02X", ch);
			else
				url[k++] = (char)ch;
		}
		url[k] = '\0';
		add(&m, "![differential flame graph](<%s>)\n\n", url);
	}
	add(&m, "#### Top regressions (self time per run)\n\n");
	if (!top_table(&m, d, order, top, true))
		add(&m, "None significant.\n");
	add(&m, "\n#### Top improvements\n\n");
	if (!top_table(&m, d, order, top, false))
		add(&m, "None significant.\n");
	add(&m, "\n#### Tiers\n\n");
	table_head(&m, false);
	for (i = 0; i < d->n_tiers; i++)
		row(&m, &d->tiers[tord[i]], false);
	if (d->n_packages) {
		add(&m, "\n#### Packages\n\n");
		table_head(&m, false);
		for (i = 0; i < d->n_packages && i < top; i++)
			row(&m, &d->packages[pord[i]], false);
	}
	add(&m, "\n<details><summary>All %zu functions</summary>\n\n", d->n_functions);
	table_head(&m, true);
	for (i = shown = 0; i < d->n_functions; i++) {
		size_t before = m.len;
		row(&m, &d->functions[order[i]], true);
		if (m.len + RESERVE > m.budget) {
			m.len = before;
			m.text[m.len] = '\0';
			break;
		}
		shown++;
	}
	if (shown < d->n_functions)
		add(&m, "\n%zu more functions left out to stay under %zu characters.\n",
		    d->n_functions - shown, m.budget);
	add(&m, "\n</details>\n");
	if (m.nomem)
		goto nomem;
	/* the parts before the long table can only be long with a huge --top */
	if (m.len > m.budget) {
		m.len = m.budget - 64;
		while (m.len > 0 && ((unsigned char)m.text[m.len] & 0xc0) == 0x80)
			m.len--;
		m.text[m.len] = '\0';
		add(&m, "\n\n(cut to %zu characters)\n", m.budget);
	}
	ok = fc_output_write(out, m.text, m.len);
	free(m.text);
	free(order);
	free(tord);
	free(pord);
	if (!ok)
		fc_error_set(err, FC_ERR_OUTPUT, "write error");
	return ok;
nomem:
	free(m.text);
	free(order);
	free(tord);
	free(pord);
	fc_error_set(err, FC_ERR_NOMEM, "out of memory");
	return false;
}
