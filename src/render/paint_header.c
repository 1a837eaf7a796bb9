/* The header: title (default: the input file name), subtitle, then what the
 * image shows -- duration, samples, the median sampling interval -- and what
 * was changed on the way: frames merged into grey boxes, (program) samples
 * healed, repairs to the input. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flamechart/scope.h"
#include "render/paint_internal.h"
#include "util/util.h"

#define SEP " \xc2\xb7 " /* " · " */

size_t fc_format_duration(double us, char *out, size_t size)
{
	double ms = us / 1000;

	if (us < 1000)
		return (size_t)snprintf(out, size, us == floor(us) ? "%.0f µs" : "%.1f µs", us);
	if (ms < 10)
		return (size_t)snprintf(out, size, "%.2f ms", ms);
	if (ms < 1000)
		return (size_t)snprintf(out, size, "%.1f ms", ms);
	return (size_t)snprintf(out, size, "%.2f s", ms / 1000);
}

size_t fc_format_weight(double v, const char *unit, char *out, size_t size)
{
	char n[48];

	if (!unit || strcmp(unit, "µs") == 0)
		return fc_format_duration(v, out, size);
	if (fc_unit_is_bytes(unit))
		return fc_format_bytes(v, false, out, size);
	fc_format_grouped(v, v == floor(v) ? 0 : 2, n, sizeof(n));
	return (size_t)snprintf(out, size, "%s %s", n, unit);
}

/* Appends to a growing string; false on allocation failure. */
static bool append(char **s, const char *sep, const char *text)
{
	char *n = fc_asprintf("%s%s%s", *s ? *s : "", *s && **s ? sep : "", text);

	if (!n)
		return false;
	free(*s);
	*s = n;
	return true;
}

/* Title: the option, else the first input's file name (+ "and N more"). */
static char *default_title(const struct fc_layout *l)
{
	const char *first = NULL, *src;
	size_t i, more = 0;

	for (i = 0; i < l->n_lanes; i++) {
		const struct fc_profile *p = l->lanes[i].profile;
		if (!p)
			continue;
		src = p->source && strcmp(p->source, "-") != 0 ? fc_basename(p->source)
		      : p->name                                ? p->name
							       : "profile";
		if (!first)
			first = src;
		else if (strcmp(first, src) != 0)
			more++;
	}
	if (!first)
		return fc_strdup("flamechart");
	if (more)
		return fc_asprintf("%s and %zu more", first, more);
	return fc_strdup(first);
}

static bool info_line(struct fc_painter *p)
{
	const struct fc_layout *l = p->layout;
	double lo = 0, hi = 0, span = l->x_max - l->x_min;
	uint64_t samples = 0;
	char buf[128], a[48], b[48];
	size_t i, n_profiles = 0;

	for (i = 0; i < l->n_lanes; i++) {
		const struct fc_lane *lane = &l->lanes[i];
		size_t k;
		for (k = 0; k < lane->n_sources; k++) {
			const struct fc_profile *q = lane->sources[k];
			double med = fc_profile_median_interval(q);
			/* a sandwich's two halves are one profile's samples */
			if (q->sandwich_part == FC_SANDWICH_CALLERS)
				continue;
			samples += q->n_samples;
			if (med > 0 && (n_profiles == 0 || med < lo))
				lo = med;
			if (med > hi)
				hi = med;
			n_profiles++;
		}
	}
	if (n_profiles > 1) {
		snprintf(buf, sizeof(buf), "%zu %s", n_profiles,
			 l->mode == FC_MODE_CHART ? "lanes" : "profiles");
		if (!append(&p->info, SEP, buf))
			return false;
	}
	if (l->mode == FC_MODE_CHART && l->has_time) {
		/* wall time, and the CPU time in it: samples that are not idle */
		double cpu = 0;
		for (i = 0; i < l->n_lanes; i++) {
			for (size_t k = 0; k < l->lanes[i].n_sources; k++) {
				const struct fc_profile *q = l->lanes[i].sources[k];
				for (uint32_t s = 0; s < q->n_samples; s++)
					if (q->frames[q->node_frame[q->sample_node[s]]].tier !=
					    FC_TIER_IDLE)
						cpu += fc_profile_sample_duration(q, s);
			}
		}
		fc_format_duration(span, a, sizeof(a));
		fc_format_duration(cpu, b, sizeof(b));
		snprintf(buf, sizeof(buf), "%s wall, %s CPU (idle excluded)", a, b);
		if (!append(&p->info, SEP, buf))
			return false;
	} else {
		/* --per-thread: the lanes' sum, not the widest lane */
		if (l->mode == FC_MODE_GRAPH && l->options.per_thread)
			for (i = 0, span = 0; i < l->n_lanes; i++)
				span += l->lanes[i].total;
		/* a graph or folded weights: the total weight (folded counts in
		 * µs or ms with --count-unit are durations) */
		if (strcmp(l->unit, "µs") == 0) {
			fc_format_duration(span, a, sizeof(a));
			snprintf(buf, sizeof(buf), "%s total", a);
		} else if (fc_unit_is_bytes(l->unit)) {
			fc_format_bytes(span, false, a, sizeof(a));
			snprintf(buf, sizeof(buf), "%s allocated", a);
		} else {
			fc_format_grouped(span, 0, a, sizeof(a));
			snprintf(buf, sizeof(buf), "%s %s total", a, l->unit ? l->unit : "");
		}
		if (!append(&p->info, SEP, buf))
			return false;
	}
	fc_format_grouped((double)samples, 0, a, sizeof(a));
	/* folded stacks: one "sample" per line, which is a stack, not a sample */
	if (l->has_time)
		snprintf(buf, sizeof(buf), "%s sample%s", a, samples == 1 ? "" : "s");
	else
		snprintf(buf, sizeof(buf), "%s stack%s", a, samples == 1 ? "" : "s");
	if (!append(&p->info, SEP, buf))
		return false;
	if (l->has_time && hi > 0) {
		fc_format_duration(lo, a, sizeof(a));
		fc_format_duration(hi, b, sizeof(b));
		if (strcmp(a, b) == 0)
			snprintf(buf, sizeof(buf), "sampled every %s (median)", a);
		else
			snprintf(buf, sizeof(buf), "sampled every %s to %s (median)", a, b);
		if (!append(&p->info, SEP, buf))
			return false;
	}
	return p->info != NULL;
}

/* --sourcemaps: frames mapped, through how many maps, and the maps that
 * could not be read (their warnings name them in full). */
static bool sourcemap_note(struct fc_painter *p)
{
	const struct fc_layout *l = p->layout;
	size_t i, k, frames = 0, maps = 0, bad = 0;
	const char *names = NULL;
	char buf[200];

	for (i = 0; i < l->n_lanes; i++)
		for (k = 0; k < l->lanes[i].n_sources; k++) {
			const struct fc_profile *s = l->lanes[i].sources[k];
			frames += s->sourcemap_frames;
			maps += s->sourcemap_maps;
			bad += s->sourcemap_unreadable;
			if (!names)
				names = s->sourcemap_unreadable_names;
		}
	if (frames) {
		snprintf(buf, sizeof(buf), "%zu frame%s mapped through %zu source map%s", frames,
			 frames == 1 ? "" : "s", maps, maps == 1 ? "" : "s");
		if (!append(&p->notes, SEP, buf))
			return false;
	}
	if (bad) {
		snprintf(buf, sizeof(buf), "warning: %zu source map%s unreadable (%s)", bad,
			 bad == 1 ? "" : "s", names ? names : "?");
		if (!append(&p->notes, SEP, buf))
			return false;
	}
	return true;
}

static bool notes_line(struct fc_painter *p)
{
	const struct fc_layout *l = p->layout;
	size_t i, k, coalesced = 0, repairs = 0, healed = 0, cut = 0;
	uint32_t cap = fc_painter_max_rows(p);
	double idle = 0;
	char buf[160], w[32], a[48];

	/* the scope transforms first: they say what the image is of; each
	 * phrase once, however many lanes share it */
	for (i = 0; i < l->n_lanes; i++) {
		for (k = 0; k < l->lanes[i].n_sources; k++) {
			const struct fc_profile *q = l->lanes[i].sources[k];
			size_t t;
			for (t = 0; t < q->n_transforms; t++) {
				if (p->notes && strstr(p->notes, q->transforms[t]))
					continue;
				if (!append(&p->notes, SEP, q->transforms[t]))
					return false;
			}
		}
	}
	for (i = 0; i < l->n_lanes; i++) {
		coalesced += l->lanes[i].coalesced_frames;
		healed += l->lanes[i].healed;
		idle += l->lanes[i].idle_left_out;
		for (k = 0; k < l->lanes[i].n_sources; k++)
			repairs += l->lanes[i].sources[k]->n_repairs;
		/* rows the layout left out, and rows the painter does not draw
		 * (paint.c: place) */
		cut += l->lanes[i].rows_cut;
		if (l->lanes[i].rows > FC_LAYOUT_MAX_ROWS)
			cut += l->lanes[i].rows - FC_LAYOUT_MAX_ROWS;
	}
	if (l->mode == FC_MODE_CHART && l->options.clocks > 1) {
		/* fc_clock_separate: different processes or runs */
		snprintf(buf, sizeof(buf),
			 "%u unrelated recordings, each on its own clock from 0 (--same-clock: one "
			 "axis)",
			 l->options.clocks);
		if (!append(&p->notes, SEP, buf))
			return false;
	}
	if (cut && cap == FC_LAYOUT_MAX_ROWS) {
		fc_format_grouped((double)cut, 0, w, sizeof(w));
		snprintf(buf, sizeof(buf), "%s deeper row%s not drawn (at most %d rows per %s)", w,
			 cut == 1 ? "" : "s", FC_LAYOUT_MAX_ROWS,
			 l->n_lanes > 1 ? "lane" : "chart");
		if (!append(&p->notes, SEP, buf))
			return false;
	}
	if (l->mode == FC_MODE_GRAPH && idle > 0) {
		/* (idle) is not CPU work: the graph leaves it out unless --idle */
		if (l->has_time && strcmp(l->unit, "µs") == 0)
			fc_format_duration(idle, a, sizeof(a));
		else
			fc_format_grouped(idle, 0, a, sizeof(a));
		snprintf(buf, sizeof(buf), "%s idle left out (--idle keeps it)", a);
		if (!append(&p->notes, SEP, buf))
			return false;
	}
	if (coalesced) {
		if (l->options.minwidth_pct)
			snprintf(w, sizeof(w), "%g%% of the width", l->options.minwidth);
		else
			snprintf(w, sizeof(w), "%g px",
				 l->options.minwidth > 0 ? l->options.minwidth : 1);
		snprintf(buf, sizeof(buf), "%zu frame%s narrower than %s merged into grey boxes",
			 coalesced, coalesced == 1 ? "" : "s", w);
		if (!append(&p->notes, SEP, buf))
			return false;
	}
	for (i = 0, k = 0; i < l->n_lanes; i++)
		if (l->lanes[i].rows > cap || l->lanes[i].rows_cut)
			k++;
	if (k && cap < FC_LAYOUT_MAX_ROWS) {
		snprintf(buf, sizeof(buf), "rows deeper than %u not drawn in %zu lane%s", cap, k,
			 k == 1 ? "" : "s");
		if (!append(&p->notes, SEP, buf))
			return false;
	}
	if (healed) {
		/* DevTools' fixMissingSamples (devtools.md §2) */
		snprintf(buf, sizeof(buf),
			 "%zu (program) sample%s inside a call drawn as that call", healed,
			 healed == 1 ? "" : "s");
		if (!append(&p->notes, SEP, buf))
			return false;
	}
	if (!sourcemap_note(p))
		return false;
	if (repairs) {
		snprintf(buf, sizeof(buf), "%zu repair%s to the input", repairs,
			 repairs == 1 ? "" : "s");
		if (!append(&p->notes, SEP, buf))
			return false;
	}
	return true;
}

bool fc_header_build(struct fc_painter *p)
{
	/* clean text: the title also goes into the PDF's metadata */
	if (p->opts.title) {
		p->title = fc_strdup_clean(p->opts.title);
	} else {
		char *t = default_title(p->layout); /* file names need not be UTF-8 */
		p->title = t ? fc_strdup_clean(t) : NULL;
		free(t);
	}
	if (!p->title)
		return false;
	if (p->opts.subtitle && p->opts.subtitle[0]) {
		/* two lines at most: a '\n' starts the second (later ones are
		 * control characters like any other) */
		const char *nl = strchr(p->opts.subtitle, '\n');
		char *first =
			nl ? fc_strndup(p->opts.subtitle, (size_t)(nl - p->opts.subtitle)) : NULL;
		if (nl && !first)
			return false;
		p->subtitle = fc_strdup_clean(nl ? first : p->opts.subtitle);
		free(first);
		if (!p->subtitle)
			return false;
		if (nl && nl[1] && !(p->subtitle2 = fc_strdup_clean(nl + 1)))
			return false;
	}
	return info_line(p) && notes_line(p);
}

/* One header line, cut with an end ellipsis at the plot width. */
static void line(struct fc_painter *p, enum fc_font font, const char *s, double baseline,
		 struct fc_rgb c)
{
	fc_text_draw(p, FC_TEXT_HEADER, font, s, p->plot_x, baseline, c, FC_FIT_END, p->plot_w);
}

void fc_paint_header(struct fc_painter *p)
{
	const struct fc_theme *t = p->theme;

	line(p, FC_FONT_TITLE, p->title, p->title_y, t->text);
	if (p->subtitle)
		line(p, FC_FONT_SUB, p->subtitle, p->subtitle_y, t->text);
	if (p->subtitle2)
		line(p, FC_FONT_SUB, p->subtitle2, p->subtitle2_y, t->text);
	line(p, FC_FONT_TEXT, p->info, p->info_y, t->text_muted);
	if (p->notes)
		line(p, FC_FONT_TEXT, p->notes, p->notes_y, t->text_muted);
}
