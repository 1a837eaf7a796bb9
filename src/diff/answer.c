/* The answer in one line (docs/diff.md): what the Markdown's first line and
 * the picture's header say, from the same significant changes the tables
 * list. */
#include <stdio.h>
#include <string.h>

#include "diff/internal.h"
#include "util/util.h"
#include "model/profile.h"

const char *fc_diff_short_name(const char *name, size_t max, char *buf, size_t size)
{
	size_t n = strlen(name);

	if (n <= max || size < max + 4)
		return name;
	n = max;
	while (n && ((unsigned char)name[n] & 0xc0) == 0x80)
		n--;
	memcpy(buf, name, n);
	memcpy(buf + n, "\xe2\x80\xa6", 4);
	return buf;
}

size_t fc_diff_item_label(const struct fc_diff_item *x, bool compact, char *out, size_t size)
{
	char cut[FC_DIFF_NAME_MAX + 4], thread[32] = "";
	const char *name = fc_diff_short_name(
		x->name, compact ? FC_DIFF_NAME_MAX / 2 : FC_DIFF_NAME_MAX, cut, sizeof(cut));
	const char *file = compact ? fc_basename(x->file) : x->file;
	int w;

	if (x->thread >= 0)
		snprintf(thread, sizeof(thread), "thread %d", (int)x->thread + 1);
	if (file[0] && thread[0])
		w = snprintf(out, size, "%s (%s, %s)", name, file, thread);
	else if (file[0] || thread[0])
		w = snprintf(out, size, "%s (%s)", name, file[0] ? file : thread);
	else
		w = snprintf(out, size, "%s", name);
	if (w < 0)
		return 0;
	return (size_t)w < size ? (size_t)w : (size ? size - 1 : 0);
}

void fc_diff_answer(const struct fc_diff *d, struct fc_diff_answer *a)
{
	const struct fc_diff_item *top[2] = { NULL, NULL }; /* regression, improvement */
	size_t count[2] = { 0, 0 }, i;
	int k;

	memset(a, 0, sizeof(*a));
	for (i = 0; i < d->n_functions; i++) {
		const struct fc_diff_item *x = &d->functions[i];
		if (!x->significant || x->thread_root || fc_diff_delta_self(x) == 0)
			continue;
		k = fc_diff_delta_self(x) > 0 ? 0 : 1;
		count[k]++;
		if (!top[k] || (k ? fc_diff_delta_self(x) < fc_diff_delta_self(top[k])
				  : fc_diff_delta_self(x) > fc_diff_delta_self(top[k])))
			top[k] = x;
	}
	if (!top[0] && d->failed) {
		/* a rule crossed by a total, tier or package, no function */
		a->kind = FC_DIFF_ANSWER_REGRESSION;
		for (i = 0; i < d->n_rules && !a->rule; i++)
			if (d->rules[i].crossed)
				a->rule = d->rules[i].text;
		return;
	}
	k = top[0] ? 0 : 1;
	if (!top[k])
		return;
	a->kind = k ? FC_DIFF_ANSWER_IMPROVEMENT : FC_DIFF_ANSWER_REGRESSION;
	a->top = top[k];
	a->more = count[k] - 1;
}

const char *fc_diff_answer_word(const struct fc_diff_answer *a)
{
	return a->kind == FC_DIFF_ANSWER_REGRESSION    ? "regression"
	       : a->kind == FC_DIFF_ANSWER_IMPROVEMENT ? "improvement"
						       : "no significant change";
}

void fc_diff_answer_change(const struct fc_diff_item *x, char *out, size_t size)
{
	char ms[32], pct[32];

	fc_diff_format_ms(x->bytes, fc_diff_delta_self(x), ms, sizeof(ms));
	fc_diff_format_pct(fc_diff_delta_self(x), x->side[FC_DIFF_BASE].self_us, pct, sizeof(pct));
	snprintf(out, size, "%s (%s)", ms, pct);
}

size_t fc_diff_answer_text(const struct fc_diff_answer *a, bool compact, char *out, size_t size)
{
	char label[512], change[80], more[40] = "";
	int w;

	if (a->top) {
		fc_diff_item_label(a->top, compact, label, sizeof(label));
		fc_diff_answer_change(a->top, change, sizeof(change));
		if (a->more)
			snprintf(more, sizeof(more), ", %zu more", a->more);
		w = snprintf(out, size, "%s: %s %s%s", fc_diff_answer_word(a), label, change, more);
	} else if (a->rule) {
		w = snprintf(out, size, "%s: --fail-on '%s' crossed", fc_diff_answer_word(a),
			     a->rule);
	} else {
		w = snprintf(out, size, "%s", fc_diff_answer_word(a));
	}
	if (w < 0)
		return 0;
	return (size_t)w < size ? (size_t)w : (size ? size - 1 : 0);
}
