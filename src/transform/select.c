/* --thread / --pid: keep the profiles of some threads. A number is a tid
 * (or a name equal to it); any other argument matches the thread names that
 * contain it, ignoring case, or that a POSIX extended regex of it finds
 * (ignoring case too), so that "--thread worker" finds "DedicatedWorker
 * thread" as speedscope's and DevTools' thread pickers would. */
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "transform/select.h"
#include "util/util.h"
#include "model/profile.h"

bool fc_select_active(const struct fc_select *sel)
{
	return sel->thread || sel->pid >= 0;
}

static bool is_number(const char *s, long long *out)
{
	char *end;

	if (!s[0] || (s[0] < '0' || s[0] > '9'))
		return false;
	*out = strtoll(s, &end, 10);
	return *end == '\0';
}

/* strcasestr for ASCII letters (thread names are mostly ASCII; other bytes
 * compare exactly) */
static bool contains_nocase(const char *hay, const char *needle)
{
	size_t n = strlen(needle);

	for (; *hay; hay++)
		if (strncasecmp(hay, needle, n) == 0)
			return true;
	return n == 0;
}

static bool name_matches(const char *name, const char *pattern)
{
	regex_t re;
	bool hit;

	if (strcmp(name, pattern) == 0 || contains_nocase(name, pattern))
		return true;
	/* a pattern that is no valid regex is only a substring */
	if (regcomp(&re, pattern, REG_EXTENDED | REG_ICASE | REG_NOSUB) != 0)
		return false;
	hit = regexec(&re, name, 0, NULL, 0) == 0;
	regfree(&re);
	return hit;
}

bool fc_select_match(const struct fc_profile *p, const struct fc_select *sel)
{
	long long tid;

	if (sel->pid >= 0 && p->pid != sel->pid)
		return false;
	if (!sel->thread)
		return true;
	if (is_number(sel->thread, &tid))
		return (p->tid >= 0 && p->tid == tid) ||
		       (p->thread_name && strcmp(p->thread_name, sel->thread) == 0);
	return p->thread_name && name_matches(p->thread_name, sel->thread);
}

/* A trace's annotations hang on its first profile: when that one is left
 * out, a kept profile of the same file takes them. */
static void keep_annotations(struct fc_profile_set *set, const struct fc_select *sel)
{
	size_t i, j;

	for (i = 0; i < set->count; i++) {
		struct fc_profile *p = set->items[i];
		if (!p->annotations || fc_select_match(p, sel))
			continue;
		for (j = 0; j < set->count; j++) {
			struct fc_profile *q = set->items[j];
			if (q->annotations || !fc_select_match(q, sel) || !p->source ||
			    !q->source || strcmp(p->source, q->source) != 0)
				continue;
			q->annotations = p->annotations;
			p->annotations = NULL;
			break;
		}
	}
}

size_t fc_select_filter(struct fc_profile_set *set, const struct fc_select *sel)
{
	size_t i, kept = 0;

	keep_annotations(set, sel);
	for (i = 0; i < set->count; i++) {
		if (fc_select_match(set->items[i], sel))
			set->items[kept++] = set->items[i];
		else
			fc_profile_destroy(set->items[i]);
	}
	set->count = kept;
	return kept;
}

void fc_select_describe(const struct fc_profile_set *set, char *buf, size_t size)
{
	size_t i, n = strlen(buf);

	for (i = 0; i < set->count && n + 1 < size; i++) {
		const struct fc_profile *p = set->items[i];
		int w;

		if (p->thread_name || p->pid >= 0 || p->tid >= 0)
			w = snprintf(buf + n, size - n, "%s%s (pid %lld, tid %lld)", n ? ", " : "",
				     p->thread_name ? p->thread_name : "unnamed thread",
				     (long long)p->pid, (long long)p->tid);
		else
			w = snprintf(buf + n, size - n, "%s%s (no thread information)",
				     n ? ", " : "", p->name ? p->name : "profile");
		if (w < 0 || (size_t)w >= size - n) {
			/* cut: end with an ellipsis (3 bytes in UTF-8) */
			if (size >= 4)
				snprintf(buf + size - 4, 4, "…");
			return;
		}
		n += (size_t)w;
	}
}

void fc_select_error(const struct fc_select *sel, const char *available, struct fc_error *err)
{
	char what[160];

	if (sel->thread && sel->pid >= 0)
		snprintf(what, sizeof(what), "--thread %s --pid %lld", sel->thread,
			 (long long)sel->pid);
	else if (sel->thread)
		snprintf(what, sizeof(what), "--thread %s", sel->thread);
	else
		snprintf(what, sizeof(what), "--pid %lld", (long long)sel->pid);
	fc_error_set(err, FC_ERR_USAGE, "no thread matches %s; the input has: %s", what,
		     available[0] ? available : "no profiles");
}

bool fc_select_apply(struct fc_profile_set *set, const struct fc_select *sel, struct fc_error *err)
{
	char available[400] = "";
	size_t i;
	bool any = false;

	if (!fc_select_active(sel))
		return true;
	for (i = 0; i < set->count; i++)
		any = any || fc_select_match(set->items[i], sel);
	if (!any) {
		fc_select_describe(set, available, sizeof(available));
		fc_select_error(sel, available, err);
		return false;
	}
	fc_select_filter(set, sel);
	return true;
}
