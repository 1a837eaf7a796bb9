/* The header: title (default: the input file name), subtitle, then what the
 * image shows -- duration, samples, the median sampling interval -- and what
 * was changed on the way: frames merged into grey boxes, (program) samples
 * healed, repairs to the input. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/classify.h"
#include "transform/scope.h"
#include "render/paint_internal.h"
#include "util/util.h"
#include "model/profile.h"

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

/* A duration as the ruler counts it: in ms (or s), never µs, so that the
 * header and the ruler under it speak one unit ("0.159 ms"). */
size_t fc_format_header_duration(double us, char *out, size_t size)
{
	if (us < 1000 && us > 0)
		return (size_t)snprintf(out, size, "%.3g ms", us / 1000);
	return fc_format_duration(us, out, size);
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
	unsigned long pid = 0, other;
	int end;

	/* node --cpu-prof's files of one process (lanes "pid 90620 · …"):
	 * titled as report titles that process */
	for (i = 0; i < l->n_lanes; i++) {
		const char *t = l->lanes[i].title;
		end = 0;
		if (!t || sscanf(t, "pid %lu \xc2\xb7 %n", &other, &end) != 1 || !end ||
		    (i && other != pid))
			break;
		pid = other;
	}
	if (l->n_lanes > 1 && i == l->n_lanes)
		return fc_asprintf("process %lu", pid);

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
			if (med > 0 && (lo == 0 || med < lo))
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
		fc_format_header_duration(span, a, sizeof(a));
		fc_format_header_duration(cpu, b, sizeof(b));
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
			fc_format_header_duration(span, a, sizeof(a));
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
		fc_format_header_duration(lo, a, sizeof(a));
		fc_format_header_duration(hi, b, sizeof(b));
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

/* What folding to the height budget left out, in plain words. */
static bool fold_notes(struct fc_painter *p)
{
	const struct fc_layout *l = p->layout;
	size_t spines = 0, frames = 0, side = 0, towers = 0, i;
	uint32_t cut = 0, deepest = 0;
	char buf[200];

	if (!p->folds)
		return true;
	for (i = 0; i < l->n_lanes; i++) {
		const struct fc_fold *f = &p->folds[i];
		spines += f->spines;
		frames += f->spine_frames;
		side += f->spine_side;
		towers += f->towers;
		if (f->rows_cut) {
			cut++;
			if (f->rows > deepest)
				deepest = f->rows;
		}
	}
	if (spines) {
		snprintf(buf, sizeof(buf), "%zu call chain%s of %zu frames drawn as one bar%s",
			 spines, spines == 1 ? "" : "s", frames, spines == 1 ? "" : " each");
		if (!append(&p->notes, SEP, buf))
			return false;
	}
	if (side) {
		snprintf(buf, sizeof(buf), "%zu short call%s beside %s not drawn", side,
			 side == 1 ? "" : "s", spines == 1 ? "it" : "them");
		if (!append(&p->notes, SEP, buf))
			return false;
	}
	if (towers) {
		snprintf(buf, sizeof(buf), "%zu narrow stack%s cut %d rows up (grey cap)", towers,
			 towers == 1 ? "" : "s", FC_FOLD_TOWER_KEEP);
		if (!append(&p->notes, SEP, buf))
			return false;
	}
	if (cut) {
		if (l->n_lanes > 1)
			snprintf(buf, sizeof(buf),
				 "rows past %u not drawn in %u lane%s (--full-height draws them)",
				 deepest, cut, cut == 1 ? "" : "s");
		else
			snprintf(buf, sizeof(buf),
				 "rows past %u not drawn (--full-height draws them)", deepest);
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
			fc_format_header_duration(idle, a, sizeof(a));
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
	if (!fold_notes(p))
		return false;
	if (healed) {
		/* DevTools' fixMissingSamples (devtools-rules §2) */
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

/* --- the functions with the most self time --------------------------------- */

struct named {
	const char *name; /* as in the profile */
	double self;      /* µs or weight */
};

static int by_name(const void *a, const void *b, void *ctx)
{
	(void)ctx;
	return strcmp(((const struct named *)a)->name, ((const struct named *)b)->name);
}

static int by_self_desc(const void *a, const void *b, void *ctx)
{
	const struct named *x = a, *y = b;
	(void)ctx;
	if (x->self != y->self)
		return x->self > y->self ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* Idle, (program), wait loops, GC and the root are not code anyone can make faster. */
static bool is_code(const struct fc_profile *q, const struct fc_frame *f)
{
	const char *name = fc_profile_str(q, f->name);

	return f->tier != FC_TIER_IDLE && f->tier != FC_TIER_GC && !fc_classify_is_wait(name) &&
	       strcmp(name, "(garbage collector)") != 0;
}

/* A lane's self time per frame of lane->profile: the graph keeps it
 * exact; a chart sums its samples. self has n_frames entries. */
static void lane_self(const struct fc_lane *lane, double *self)
{
	const struct fc_profile *q = lane->profile;

	if (lane->frame_self) {
		memcpy(self, lane->frame_self, q->n_frames * sizeof(*self));
		return;
	}
	memset(self, 0, q->n_frames * sizeof(*self));
	for (uint32_t s = 0; s < q->n_samples; s++)
		self[q->node_frame[q->sample_node[s]]] += fc_profile_sample_duration(q, s);
}

/* Per lane: its CPU time and the frames with the most self time; for the
 * image: the functions with the most self time, by name, over every lane. */
static bool self_time_line(struct fc_painter *p)
{
	const struct fc_layout *l = p->layout;
	struct named *all = NULL;
	size_t n_all = 0, cap = 0, i, k, n;
	double cpu = 0;
	char buf[512], label[128], share[32];
	bool ok = false;

	p->lane_cpu = calloc(l->n_lanes + 1, sizeof(*p->lane_cpu));
	p->keep = calloc(l->n_lanes + 1, sizeof(*p->keep));
	p->n_keep = calloc(l->n_lanes + 1, sizeof(*p->n_keep));
	if (!p->lane_cpu || !p->keep || !p->n_keep)
		return false;
	for (i = 0; i < l->n_lanes; i++) {
		const struct fc_lane *lane = &l->lanes[i];
		const struct fc_profile *q = lane->profile;
		double *self;

		/* a sandwich's callers are the callees' samples again */
		if (!q || !q->n_frames ||
		    (lane->n_sources && lane->sources[0]->sandwich_part == FC_SANDWICH_CALLERS))
			continue;
		if (!(self = malloc(q->n_frames * sizeof(*self))))
			goto out;
		lane_self(lane, self);
		for (uint32_t f = 0; f < q->n_frames; f++) {
			if (self[f] <= 0 || q->frames[f].tier == FC_TIER_IDLE)
				continue;
			p->lane_cpu[i] += self[f];
			if (!is_code(q, &q->frames[f]))
				continue;
			/* this lane's heaviest, kept by the fold */
			for (k = p->n_keep[i]; k > 0 && self[p->keep[i][k - 1]] < self[f]; k--)
				if (k < FC_PAINT_KEEP)
					p->keep[i][k] = p->keep[i][k - 1];
			if (k < FC_PAINT_KEEP) {
				p->keep[i][k] = f;
				if (p->n_keep[i] < FC_PAINT_KEEP)
					p->n_keep[i]++;
			}
			if (n_all == cap) {
				struct named *g;
				cap = cap ? 2 * cap : 256;
				if (!(g = realloc(all, cap * sizeof(*all)))) {
					free(self);
					goto out;
				}
				all = g;
			}
			all[n_all].name = fc_profile_str(q, q->frames[f].name);
			all[n_all++].self = self[f];
		}
		cpu += p->lane_cpu[i];
		free(self);
	}
	/* one entry per name, heaviest first */
	if (!fc_sort(all, n_all, sizeof(*all), by_name, NULL))
		goto out;
	for (i = 0, n = 0; i < n_all; i++) {
		if (n && strcmp(all[n - 1].name, all[i].name) == 0)
			all[n - 1].self += all[i].self;
		else
			all[n++] = all[i];
	}
	if (!fc_sort(all, n, sizeof(*all), by_self_desc, NULL))
		goto out;
	buf[0] = '\0';
	for (i = 0, k = 0; i < n && k < 5 && cpu > 0; i++) {
		double pct = 100 * all[i].self / cpu;
		size_t len = strlen(buf);
		/* the first three always; then while they hold 1 % */
		if (k >= 3 && pct < 1)
			break;
		fc_classify_label(all[i].name, label, sizeof(label));
		snprintf(share, sizeof(share), pct >= 9.95 ? "%.0f %%" : "%.1f %%", pct);
		snprintf(buf + len, sizeof(buf) - len, "%s%s %s",
			 k                           ? ", "
			 : fc_unit_is_bytes(l->unit) ? "most bytes allocated: "
						     : "most self time: ",
			 label, share);
		/* the first three always (wrapped if they must be); more while
		 * the line stays one line */
		if (k >= 3 && fc_text_width(p->text, buf) > fc_paint_plot_width(&p->opts)) {
			buf[len] = '\0';
			break;
		}
		k++;
	}
	ok = !buf[0] || (p->self_time = fc_strdup_clean(buf)) != NULL;
out:
	free(all);
	return ok;
}

bool fc_header_notes(struct fc_painter *p)
{
	free(p->notes);
	p->notes = NULL;
	return notes_line(p);
}

/* Appends one wrapped line (owned) to the header's lines. */
static bool push_line(struct fc_painter *p, const char *s, size_t len)
{
	char **g = realloc(p->lines, (p->n_lines + 1) * sizeof(*g));

	if (!g)
		return false;
	p->lines = g;
	if (!(g[p->n_lines] = fc_strndup(s, len)))
		return false;
	p->n_lines++;
	return true;
}

/* s broken after its separators (sep) into lines no wider than the plot;
 * a phrase wider than the plot is a line of its own (cut when drawn). */
static bool wrap(struct fc_painter *p, const char *s, const char *sep)
{
	size_t start = 0, end = 0, n = strlen(s), seplen = strlen(sep);
	char *tmp = malloc(n + 1);

	if (!tmp)
		return false;
	while (start < n) {
		/* the longest run of phrases from start that fits */
		const char *next = strstr(s + end, sep);
		size_t stop = next ? (size_t)(next - s) : n;

		memcpy(tmp, s + start, stop - start);
		tmp[stop - start] = '\0';
		if (end > start && fc_text_width(p->text, tmp) > p->plot_w) {
			if (!push_line(p, s + start, end - start - seplen))
				goto fail;
			start = end;
			continue;
		}
		if (!next) {
			if (!push_line(p, s + start, n - start))
				goto fail;
			break;
		}
		end = stop + seplen;
	}
	free(tmp);
	return true;
fail:
	free(tmp);
	return false;
}

bool fc_header_wrap(struct fc_painter *p)
{
	for (size_t i = 0; i < p->n_lines; i++)
		free(p->lines[i]);
	p->n_lines = 0;
	if (p->self_time && !wrap(p, p->self_time, ", "))
		return false;
	return !p->notes || wrap(p, p->notes, SEP);
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
	return info_line(p) && self_time_line(p) && notes_line(p);
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
	for (size_t i = 0; i < p->n_lines; i++)
		line(p, FC_FONT_TEXT, p->lines[i], p->lines_y[i], t->text_muted);
}
