/* The scope transforms in their fixed order (docs/scope.md), the patterns
 * they follow, and the phrases that tell the reader what was done. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "transform/scope_internal.h"
#include "util/util.h"
#include "model/profile.h"

void fc_scope_init(struct fc_scope *s)
{
	memset(s, 0, sizeof(*s));
}

void fc_scope_free_patterns(struct fc_scope_re *r)
{
	while (r) {
		struct fc_scope_re *next = r->next;
		regfree(&r->re);
		free(r->pattern);
		free(r);
		r = next;
	}
}

void fc_scope_finish(struct fc_scope *s)
{
	fc_scope_free_patterns(s->focus);
	fc_scope_free_patterns(s->exclude);
	fc_scope_free_patterns(s->prune);
	fc_scope_free_patterns(s->sandwich);
	memset(s, 0, sizeof(*s));
}

bool fc_scope_add_pattern(struct fc_scope_re **list, const char *option, const char *pattern,
			  struct fc_error *err)
{
	struct fc_scope_re *r = calloc(1, sizeof(*r)), **at;
	char why[160];
	int rc;

	if (!r || !(r->pattern = fc_strdup(pattern))) {
		free(r);
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		return false;
	}
	rc = regcomp(&r->re, pattern, REG_EXTENDED | REG_NOSUB);
	if (rc != 0) {
		regerror(rc, &r->re, why, sizeof(why));
		fc_error_set(err, FC_ERR_USAGE, "%s: '%s' is not a regular expression: %s", option,
			     pattern, why);
		free(r->pattern);
		free(r);
		return false;
	}
	for (at = list; *at; at = &(*at)->next)
		;
	*at = r;
	return true;
}

bool fc_scope_active(const struct fc_scope *s)
{
	return s->merge_by != FC_MERGE_LOCATION || s->focus || s->exclude || s->prune ||
	       s->sandwich || s->recursion != FC_RECURSION_KEEP || s->reverse;
}

bool fc_profile_note_transform(struct fc_profile *p, const char *fmt, ...)
{
	char text[512], **t;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	t = realloc(p->transforms, (p->n_transforms + 1) * sizeof(*t));
	if (!t)
		return false;
	p->transforms = t;
	t[p->n_transforms] = fc_strdup_clean(text);
	if (!t[p->n_transforms])
		return false;
	p->n_transforms++;
	return true;
}

/* "/a/ or /b/": the patterns of a list, as the header quotes them. */
static void quote(const struct fc_scope_re *r, char *out, size_t size)
{
	size_t n = 0;

	out[0] = '\0';
	for (; r && n + 1 < size; r = r->next) {
		int w = snprintf(out + n, size - n, "%s/%s/", n ? " or " : "", r->pattern);
		if (w < 0)
			break;
		n += (size_t)w;
	}
	if (n >= size && size > 4)
		memcpy(out + size - 4, "...", 4);
}

char **fc_scope_phrases(const struct fc_scope *s, size_t *n)
{
	static const char *const by_names[] = { "location", "function", "name" };
	char **v = calloc(8, sizeof(*v)), q[200];
	size_t k = 0, i;
	bool ok = v != NULL;

	*n = 0;
	if (ok && s->merge_by != FC_MERGE_LOCATION)
		ok = (v[k++] = fc_asprintf("merged by %s", by_names[s->merge_by])) != NULL;
	if (ok && s->match_on == FC_MATCH_NAME_FILE && (s->exclude || s->focus || s->prune))
		ok = (v[k++] = fc_strdup("patterns matched on name and file")) != NULL;
	if (ok && s->exclude) {
		quote(s->exclude, q, sizeof(q));
		ok = (v[k++] = fc_asprintf("excluded %s", q)) != NULL;
	}
	if (ok && s->focus) {
		quote(s->focus, q, sizeof(q));
		ok = (v[k++] = fc_asprintf("focus %s", q)) != NULL;
	}
	if (ok && s->prune) {
		quote(s->prune, q, sizeof(q));
		ok = (v[k++] = fc_asprintf("pruned %s", q)) != NULL;
	}
	if (ok && s->recursion != FC_RECURSION_KEEP)
		ok = (v[k++] = fc_strdup(s->recursion == FC_RECURSION_ALL
						 ? "all recursion collapsed"
						 : "direct recursion collapsed")) != NULL;
	if (ok && s->reverse)
		ok = (v[k++] = fc_strdup("reversed (bottom-up)")) != NULL;
	if (ok) {
		*n = k;
		return v;
	}
	for (i = 0; v && i < k; i++)
		free(v[i]);
	free(v);
	return NULL;
}

/* A weight for the header: ms (or s) for times, else the bare number. */
static void weight(const struct fc_profile *p, double w, char *out, size_t size)
{
	if (fc_unit_is_bytes(p->weight_unit))
		fc_format_bytes(w, false, out, size);
	else if (!p->has_time)
		snprintf(out, size, "%.0f %s", w, p->weight_unit ? p->weight_unit : "");
	else if (w >= 1e6)
		snprintf(out, size, "%.2f s", w / 1e6);
	else
		snprintf(out, size, "%.1f ms", w / 1e3);
}

static double pct(double part, double whole)
{
	return whole > 0 ? 100 * part / whole : 0;
}

static const char *frame_name(const struct fc_profile *p, uint32_t f)
{
	const char *s;

	if (f == FC_NONE)
		return "(root)";
	s = fc_profile_str(p, p->frames[f].name);
	return s[0] ? s : "(anonymous)";
}

static bool no_match(struct fc_profile *p, const char *what, const char *q, bool strict,
		     struct fc_error *err)
{
	if (strict) {
		fc_error_set(err, FC_ERR_STRICT, "%s %s matches no frame", what, q);
		fc_error_set_file(err, p->source ? p->source : "");
		return false;
	}
	return fc_profile_note_transform(p, "%s %s matches no frame", what, q) ||
	       (fc_error_set(err, FC_ERR_NOMEM, "out of memory"), false);
}

static bool nomem(struct fc_error *err)
{
	fc_error_set(err, FC_ERR_NOMEM, "out of memory");
	return false;
}

/* One pattern transform on p, and its phrase. */
static bool pattern_step(struct fc_profile *p, const struct fc_scope *s, const char *what,
			 const struct fc_scope_re *re, struct fc_error *err)
{
	struct fc_scope_stats st;
	uint8_t *m = fc_scope_match_frames(p, re, s->match_on);
	char q[200], a[48], b[48], callers[320];
	bool ok;
	uint32_t k;

	if (!m)
		return nomem(err);
	quote(re, q, sizeof(q));
	if (what[2] == 'e')
		ok = fc_scope_exclude_x(p, m, &st, err);
	else if (what[2] == 'f')
		ok = fc_scope_focus_x(p, m, &st, err);
	else
		ok = fc_scope_prune_x(p, m, &st, err);
	free(m);
	if (!ok)
		return false;
	if (!st.matched)
		return no_match(p, what, q, s->strict, err);
	if (what[2] == 'e') {
		weight(p, st.before - st.after, a, sizeof(a));
		ok = fc_profile_note_transform(p, "excluded %s: %s (%.1f%%) dropped", q, a,
					       pct(st.before - st.after, st.before));
	} else if (what[2] == 'f') {
		size_t n = 0;
		weight(p, st.after, a, sizeof(a));
		callers[0] = '\0';
		for (k = 0; k < 3 && k < st.n_callers; k++)
			n += (size_t)snprintf(callers + n, sizeof(callers) - n, "%s%s %.0f%%",
					      k ? ", " : "", frame_name(p, st.caller[k]),
					      pct(st.caller_w[k], st.after));
		if (st.n_callers > 3 && n < sizeof(callers))
			snprintf(callers + n, sizeof(callers) - n, ", %u more", st.n_callers - 3);
		ok = fc_profile_note_transform(p, "focus %s: %s (%.1f%%)%s%s", q, a,
					       pct(st.after, st.before),
					       st.n_callers ? ", called from " : "", callers);
	} else {
		(void)b;
		ok = fc_profile_note_transform(p, "pruned %s and what it calls", q);
	}
	return ok || nomem(err);
}

static bool one_profile(struct fc_profile *p, const struct fc_scope *s, struct fc_error *err)
{
	struct fc_scope_stats st;
	static const char *const by_names[] = { "location", "function", "name" };

	if (s->merge_by != FC_MERGE_LOCATION) {
		uint32_t before = p->n_nodes;
		if (!fc_scope_merge_by(p, s->merge_by, err))
			return false;
		if (!fc_profile_note_transform(p, "merged by %s (%u nodes became %u)",
					       by_names[s->merge_by], before, p->n_nodes))
			return nomem(err);
	}
	if (s->exclude && !pattern_step(p, s, "--exclude", s->exclude, err))
		return false;
	if (s->focus && !pattern_step(p, s, "--focus", s->focus, err))
		return false;
	if (s->prune && !pattern_step(p, s, "--prune", s->prune, err))
		return false;
	if (s->recursion != FC_RECURSION_KEEP) {
		if (!fc_scope_recursion_x(p, s->recursion, &st, err))
			return false;
		if (!fc_profile_note_transform(
			    p,
			    "%srecursion collapsed: %u call%s folded, up to %u level%s per stack",
			    s->recursion == FC_RECURSION_ALL ? "all " : "", st.folded,
			    st.folded == 1 ? "" : "s", st.levels, st.levels == 1 ? "" : "s"))
			return nomem(err);
	}
	if (s->reverse && !s->sandwich) {
		if (!fc_scope_reverse_x(p, &st, err))
			return false;
		if (!(st.cut ? fc_profile_note_transform(
				       p, "reversed (bottom-up); %u stack%s cut at %d frames",
				       st.cut, st.cut == 1 ? "" : "s", FC_SCOPE_REVERSE_MAX_DEPTH)
			     : fc_profile_note_transform(p, "reversed (bottom-up)")))
			return nomem(err);
	}
	return true;
}

/* --sandwich: p becomes two profiles, callers then callees, at *at. */
static bool sandwich(struct fc_profile_set *set, size_t at, const struct fc_scope *s,
		     struct fc_error *err)
{
	struct fc_profile *p = set->items[at], *halves[2], **items;
	uint8_t *m = fc_scope_match_frames(p, s->sandwich, s->match_on);
	double self = 0, total;
	char q[200], a[48], b[48], *title;
	uint32_t i, matched = 0, fn = FC_NONE;
	int h;

	if (!m)
		return nomem(err);
	quote(s->sandwich, q, sizeof(q));
	for (i = 0; i < p->n_frames; i++) {
		if (m[i] && fn == FC_NONE)
			fn = i;
		matched += m[i];
	}
	for (i = 0; i < p->n_samples; i++)
		if (p->sample_node[i] && m[p->node_frame[p->sample_node[i]]])
			self += fc_profile_sample_duration(p, i);
	if (!fc_scope_sandwich(p, m, &halves[0], &halves[1], err)) {
		free(m);
		return false;
	}
	free(m);
	total = fc_scope_weight(halves[1]);
	weight(p, total, a, sizeof(a));
	weight(p, self, b, sizeof(b));
	for (h = 0; h < 2; h++) {
		struct fc_profile *x = halves[h];
		bool ok;
		if (!matched) {
			ok = no_match(x, "--sandwich", q, s->strict, err);
			if (!ok && err->code == FC_ERR_STRICT) {
				fc_profile_destroy(halves[0]);
				fc_profile_destroy(halves[1]);
				return false;
			}
		} else {
			ok = fc_profile_note_transform(x, "sandwich %s: total %s, self %s", q, a,
						       b);
		}
		title = matched ? fc_asprintf(h == 0 ? "callers of %s" : "%s and its callees",
					      matched == 1 ? frame_name(p, fn) : q)
				: fc_strdup(h == 0 ? "callers" : "callees");
		if (!ok || !title) {
			free(title);
			fc_profile_destroy(halves[0]);
			fc_profile_destroy(halves[1]);
			return nomem(err);
		}
		free(x->thread_name);
		x->thread_name = title;
		free(x->process_name);
		x->process_name = NULL;
	}
	/* room for one more profile in the set */
	items = realloc(set->items, (set->count + 1) * sizeof(*items));
	if (!items) {
		fc_profile_destroy(halves[0]);
		fc_profile_destroy(halves[1]);
		return nomem(err);
	}
	set->items = items;
	if (set->cap < set->count + 1)
		set->cap = set->count + 1;
	memmove(&items[at + 2], &items[at + 1], (set->count - at - 1) * sizeof(*items));
	items[at] = halves[0];
	items[at + 1] = halves[1];
	set->count++;
	fc_profile_destroy(p);
	return true;
}

bool fc_scope_apply(struct fc_profile_set *set, const struct fc_scope *s, struct fc_error *err)
{
	size_t i;

	if (!fc_scope_active(s))
		return true;
	for (i = 0; i < set->count; i++) {
		/* a trace's Timings lane holds user timings, not call stacks:
		 * nothing to focus, hide or fold (devtools-rules §13.9) */
		if (set->items[i]->timings)
			continue;
		if (!one_profile(set->items[i], s, err))
			goto fail;
		if (s->sandwich) {
			if (!sandwich(set, i, s, err))
				goto fail;
			i++; /* past the callees half */
		}
	}
	return true;
fail:
	if (!err->file[0])
		fc_error_set_file(err, set->items[i]->source ? set->items[i]->source : "");
	return false;
}
