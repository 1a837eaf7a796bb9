/* --fail-on rules (docs/diff.md): "SUBJECT>VALUE[UNIT]" with SUBJECT total,
 * self, package:NAME or tier:NAME and UNIT ms, s, us or %. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "diff/internal.h"
#include "util/util.h"
#include "model/profile.h"

static bool bad(struct fc_error *err, const char *text, const char *why)
{
	fc_error_set(err, FC_ERR_USAGE, "--fail-on '%s': %s", text, why);
	return false;
}

/* Whether s starts a plain decimal number ("+10", "-2.5", ".5", "1e3"):
 * strtod also takes "inf", "nan" and hexadecimal, which a threshold never
 * means ("self>+infms" could never fire). */
static bool decimal(const char *s)
{
	if (*s == '+' || *s == '-')
		s++;
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		return false;
	return isdigit((unsigned char)s[0]) || (s[0] == '.' && isdigit((unsigned char)s[1]));
}

/* The bytes in one of a byte unit (powers of 1000, as flamechart writes
 * them; KiB, MiB and GiB in powers of 1024), 0 when s is not one. */
static double byte_unit(const char *s)
{
	static const struct {
		const char *name;
		double bytes;
	} units[] = { { "B", 1 },           { "kB", 1e3 },          { "KB", 1e3 },
		      { "MB", 1e6 },        { "GB", 1e9 },          { "KiB", 1024.0 },
		      { "MiB", 1048576.0 }, { "GiB", 1073741824.0 } };

	for (size_t i = 0; i < FC_ARRAY_LEN(units); i++)
		if (strcmp(s, units[i].name) == 0)
			return units[i].bytes;
	return 0;
}

bool fc_diff_rule_parse(const char *text, struct fc_diff_rule *out, struct fc_error *err)
{
	const char *op = strpbrk(text, "<>"), *colon;
	char *end;
	size_t subj_len;
	double v, bytes;

	memset(out, 0, sizeof(*out));
	if (!op)
		return bad(err, text, "expected SUBJECT>VALUE, e.g. self>+10% or total>+20ms");
	subj_len = (size_t)(op - text);
	colon = memchr(text, ':', subj_len);
	if (subj_len == 5 && strncmp(text, "total", 5) == 0) {
		out->subject = FC_RULE_TOTAL;
	} else if (subj_len == 4 && strncmp(text, "self", 4) == 0) {
		out->subject = FC_RULE_SELF;
	} else if (colon && colon > text && (size_t)(colon - text) == 7 &&
		   strncmp(text, "package", 7) == 0) {
		out->subject = FC_RULE_PACKAGE;
	} else if (colon && (size_t)(colon - text) == 4 && strncmp(text, "tier", 4) == 0) {
		out->subject = FC_RULE_TIER;
	} else {
		return bad(err, text, "the subject is total, self, package:NAME or tier:NAME");
	}
	if (colon) {
		if (op - colon < 2)
			return bad(err, text, "a package or tier name is missing");
		out->name = fc_strndup(colon + 1, (size_t)(op - colon - 1));
		if (!out->name) {
			fc_error_set(err, FC_ERR_NOMEM, "out of memory");
			return false;
		}
		if (out->subject == FC_RULE_TIER) {
			static const char *const tiers[] = { "app", "deps", "core", "native",
							     "v8",  "gc",   "idle" };
			size_t i;
			for (i = 0; i < FC_ARRAY_LEN(tiers); i++)
				if (strcmp(out->name, tiers[i]) == 0)
					break;
			if (i == FC_ARRAY_LEN(tiers)) {
				fc_diff_rule_finish(out);
				return bad(err, text,
					   "tiers are app, deps, core, native, v8, gc, idle");
			}
		}
	}
	out->less = *op == '<';
	op++;
	if (!*op || isspace((unsigned char)*op)) {
		fc_diff_rule_finish(out);
		return bad(err, text, "a value is missing after the comparison");
	}
	errno = 0;
	v = decimal(op) ? strtod(op, &end) : 0;
	if (!decimal(op) || errno || end == op || !isfinite(v)) {
		fc_diff_rule_finish(out);
		return bad(err, text, "the value is not a decimal number (e.g. +10, -2.5)");
	}
	if (strcmp(end, "%") == 0) {
		out->percent = true;
	} else if (strcmp(end, "ms") == 0) {
	} else if (strcmp(end, "s") == 0) {
		v *= 1000;
	} else if (strcmp(end, "us") == 0 || strcmp(end, "\xc2\xb5s") == 0) {
		v /= 1000;
	} else if ((bytes = byte_unit(end)) > 0) {
		out->bytes = true;
		v *= bytes;
	} else {
		fc_diff_rule_finish(out);
		return bad(err, text,
			   "the unit is %, ms, s, us, or B, kB, MB, GB for heap profiles");
	}
	if (out->percent && out->subject == FC_RULE_TOTAL && v <= -100 && !out->less) {
		fc_diff_rule_finish(out);
		return bad(err, text, "a change cannot be below -100%");
	}
	out->value = v;
	out->text = fc_strdup(text);
	if (!out->text) {
		fc_diff_rule_finish(out);
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	return true;
}

void fc_diff_rule_finish(struct fc_diff_rule *r)
{
	if (!r)
		return;
	free(r->text);
	free(r->name);
	free(r->why);
	memset(r, 0, sizeof(*r));
}

void fc_diff_format_amount(bool bytes, double us, char *out, size_t size)
{
	if (bytes)
		fc_format_bytes(us, false, out, size);
	else
		snprintf(out, size, "%.1f ms", us / 1000);
}

void fc_diff_format_ms(bool bytes, double us, char *out, size_t size)
{
	double ms = us / 1000;
	const char *sign = ms > 0 ? "+" : ms < 0 ? "\xe2\x88\x92" : "";
	char b[32];

	if (bytes) {
		fc_format_bytes(fabs(us), false, b, sizeof(b));
		snprintf(out, size, "%s%s", us > 0 ? "+" : us < 0 ? "\xe2\x88\x92" : "", b);
		return;
	}

	if (fabs(ms) >= 100)
		snprintf(out, size, "%s%.0f ms", sign, fabs(ms));
	else
		snprintf(out, size, "%s%.1f ms", sign, fabs(ms));
}

void fc_diff_format_pct(double delta, double base, char *out, size_t size)
{
	double pct;

	if (!(base > 0)) {
		snprintf(out, size, delta > 0 ? "new" : "\xe2\x80\x94");
		return;
	}
	pct = delta / base * 100;
	snprintf(out, size, "%s%.1f%%", pct > 0 ? "+" : pct < 0 ? "\xe2\x88\x92" : "", fabs(pct));
}

/* Whether a change crosses a rule's bound. */
static bool crosses(const struct fc_diff_rule *r, const struct fc_diff_item *x)
{
	double v;

	if (!x->significant)
		return false;
	if (r->percent) {
		double base = x->side[FC_DIFF_BASE].self_us;
		if (!(base > 0))
			v = fc_diff_delta_self(x) > 0   ? INFINITY
			    : fc_diff_delta_self(x) < 0 ? -INFINITY
							: 0;
		else
			v = fc_diff_delta_self(x) / base * 100;
	} else {
		v = r->bytes ? fc_diff_delta_self(x) : fc_diff_delta_self(x) / 1000;
	}
	return r->less ? v < r->value : v > r->value;
}

static bool explain(struct fc_diff_rule *r, const struct fc_diff_item *x, const char *what)
{
	char ms[32], pct[32];

	fc_diff_format_ms(x->bytes, fc_diff_delta_self(x), ms, sizeof(ms));
	fc_diff_format_pct(fc_diff_delta_self(x), x->side[FC_DIFF_BASE].self_us, pct, sizeof(pct));
	r->why = fc_asprintf("%s: %s (%s), p = %.2g", what, ms, pct, x->p_value);
	return r->why != NULL;
}

bool fc_diff_evaluate(struct fc_diff *d, struct fc_diff_rule *rules, size_t n, struct fc_error *err)
{
	size_t i, j, *order = NULL;

	d->rules = rules;
	d->n_rules = n;
	if (n) {
		order = fc_diff_order(d, d->functions, d->n_functions);
		if (!order)
			goto nomem;
	}
	for (i = 0; i < n; i++) {
		struct fc_diff_rule *r = &rules[i];
		const struct fc_diff_item *hit = NULL;
		char *what = NULL;

		if (!r->percent && r->bytes != d->bytes) {
			free(order);
			fc_error_set(
				err, FC_ERR_USAGE,
				"--fail-on '%s' is in %s, but the profiles weigh %s; use %s or %%",
				r->text, r->bytes ? "bytes" : "time",
				d->bytes ? "bytes allocated" : "time",
				d->bytes ? "B, kB, MB or GB" : "ms, s or us");
			return false;
		}

		switch (r->subject) {
		case FC_RULE_TOTAL:
			if (crosses(r, &d->total))
				hit = &d->total;
			break;
		case FC_RULE_SELF:
			/* regressions from the largest, improvements from the largest */
			for (j = 0; j < d->n_functions && !hit; j++) {
				size_t k = r->less ? order[d->n_functions - 1 - j] : order[j];
				if (crosses(r, &d->functions[k]))
					hit = &d->functions[k];
			}
			break;
		case FC_RULE_PACKAGE:
		case FC_RULE_TIER: {
			const struct fc_diff_item *v =
				r->subject == FC_RULE_TIER ? d->tiers : d->packages;
			size_t nv = r->subject == FC_RULE_TIER ? d->n_tiers : d->n_packages;
			for (j = 0; j < nv; j++)
				if (strcmp(v[j].name, r->name) == 0 && crosses(r, &v[j]))
					hit = &v[j];
			break;
		}
		}
		r->crossed = hit != NULL;
		if (!hit)
			continue;
		d->failed = true;
		if (r->subject == FC_RULE_SELF) {
			char label[512];
			fc_diff_item_label(hit, false, label, sizeof(label));
			what = fc_strdup(label);
		} else if (r->subject == FC_RULE_TOTAL) {
			what = fc_strdup(d->bytes ? "total bytes allocated" : "total CPU time");
		} else {
			what = fc_asprintf("%s %s", r->subject == FC_RULE_TIER ? "tier" : "package",
					   hit->name);
		}
		if (!what || !explain(r, hit, what)) {
			free(what);
			goto nomem;
		}
		free(what);
	}
	free(order);
	return true;
nomem:
	free(order);
	fc_error_set(err, FC_ERR_NOMEM, "out of memory");
	return false;
}
