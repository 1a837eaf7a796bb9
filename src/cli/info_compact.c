/* info --compact: a plain-text answer for tools and agents within a byte
 * budget (docs/lines.md, "Compact text"): one record a line, its kind
 * first, fields separated by tabs. The format is stable: new record kinds
 * and new fields at the end of a record may come, nothing else changes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "model/classify.h"
#include "model/lines.h"
#include "model/stacks.h"
#include "model/stats.h"
#include "write/summary.h"
#include "model/profile.h"

/* a record's text, at most */
#define RECORD_MAX 1200

/* Tabs and newlines in a field would start a new field or record. */
static void field(char *s)
{
	for (; *s; s++)
		if (*s == '\t' || *s == '\n' || *s == '\r')
			*s = ' ';
}

struct budget {
	FILE *out;
	size_t left;  /* bytes still allowed */
	size_t cut;   /* records left out */
	bool stopped; /* a record did not fit: the rest of its section goes */
};

/* Writes a record when it fits the budget; false when it does not. */
static bool emit(struct budget *b, const char *rec)
{
	size_t n = strlen(rec) + 1;

	if (b->stopped || n > b->left) {
		b->stopped = true;
		b->cut++;
		return false;
	}
	fprintf(b->out, "%s\n", rec);
	b->left -= n;
	return true;
}

static void where(const struct fc_profile *p, uint32_t url, int32_t line0, char *out, size_t size)
{
	fc_summary_location(fc_profile_str(p, url), line0, out, size, 60);
	field(out);
}

static const char *name_of(const struct fc_profile *p, uint32_t frame, char *buf, size_t size)
{
	const char *n = fc_profile_str(p, p->frames[frame].name);
	snprintf(buf, size, "%s", n[0] ? n : "(anonymous)");
	field(buf);
	return buf;
}

bool fc_cli_info_compact(FILE *out, const struct fc_profile *p, const struct fc_stats *s,
			 size_t top, size_t budget)
{
	struct budget b = { out, budget, 0, false };
	double idle = s->tier_us[FC_TIER_IDLE], cpu = s->sampled_us - idle;
	char rec[RECORD_MAX], loc[200], name[600], text[3 * 100 + 4];
	struct fc_hot_lines h;
	struct fc_stacks st;
	size_t i, shown, section;
	/* times in ms; folded stacks' weights in their unit (µs counts as ms) */
	bool ms = p->has_time || strcmp(p->weight_unit, "µs") == 0;
	double k = ms ? 1000.0 : 1.0;

	snprintf(name, sizeof(name), "%s", p->name);
	field(name);
	/* the profile and its summary are always written */
	fprintf(out, "profile\t%s\t%s\t%s\n", name, fc_format_name(p->format),
		ms ? "ms" : p->weight_unit);
	fprintf(out, "summary\t%.3f\t%.3f\t%.3f\t%u\t%.3f\n", s->duration_us / k, cpu / k, idle / k,
		s->n_samples, s->interval_us / k);
	b.left = budget > 160 ? budget - 160 : 0;
	/* each section may take up to a third of what is left, so the last
	 * ones are not crowded out */
	section = b.left / 3;
	b.left = section;
	for (i = shown = 0; i < s->n_functions_with_self && shown < top; i++) {
		const struct fc_stats_entry *e = &s->functions[i];
		const struct fc_frame *f = &p->frames[e->frame];
		if (f->tier == FC_TIER_IDLE)
			continue;
		where(p, f->url, f->line, loc, sizeof(loc));
		snprintf(rec, sizeof(rec), "function\t%.3f\t%.1f\t%.3f\t%s\t%s\t%s", e->self_us / k,
			 cpu > 0 ? 100.0 * e->self_us / cpu : 0.0, e->total_us / k,
			 fc_tier_name((enum fc_tier)f->tier),
			 name_of(p, e->frame, name, sizeof(name)), loc);
		if (!emit(&b, rec))
			break;
		shown++;
	}
	b.left += section;
	b.stopped = false;
	if (!fc_lines_compute(p, FC_NONE, top, &h))
		return false;
	if (!h.n_all && p->has_time)
		emit(&b, "note\tno line data");
	for (i = 0; i < h.n; i++) {
		const struct fc_hot_line *l = &h.items[i];
		text[0] = '\0';
		if (l->text) {
			const char *t = fc_profile_str(p, l->text);
			fc_lines_cut_text(t, strlen(t), text, sizeof(text), 100);
		} else {
			fc_lines_source_text(fc_profile_str(p, l->url), l->line, text, sizeof(text),
					     100);
		}
		field(text);
		where(p, l->url, l->line - 1, loc, sizeof(loc));
		snprintf(rec, sizeof(rec), "line\t%.3f\t%.1f\t%s\t%s\t%s", l->self_us / 1000.0,
			 cpu > 0 ? 100.0 * l->self_us / cpu : 0.0, loc,
			 name_of(p, l->frame, name, sizeof(name)), text);
		if (!emit(&b, rec))
			break;
	}
	fc_lines_finish(&h);
	b.left += section;
	b.stopped = false;
	if (!fc_stacks_heaviest(p, FC_STACKS_DEFAULT, &st))
		return false;
	for (i = 0; i < st.n; i++) {
		const struct fc_stack_row *r = &st.rows[i];
		if (r->node == FC_NONE) {
			snprintf(rec, sizeof(rec), "stack\t%u\t\t\t… %u frames\t", r->level,
				 r->elided);
		} else {
			const struct fc_frame *f = fc_profile_node_frame(p, r->node);
			where(p, f->url, f->line, loc, sizeof(loc));
			snprintf(rec, sizeof(rec), "stack\t%u\t%.3f\t%.3f\t%s\t%s", r->level,
				 r->total_us / k, r->self_us / k,
				 name_of(p, p->node_frame[r->node], name, sizeof(name)), loc);
		}
		if (!emit(&b, rec))
			break;
	}
	fc_stacks_finish(&st);
	if (b.cut)
		fprintf(out, "cut\t%zu\n", b.cut);
	return true;
}
