/* The differential flame graph (docs/diff.md): HEAD's merged graph (BASE's
 * with base_widths) drawn by the ordinary painter, every frame filled by
 * its function's change in self time -- red more, blue less, saturation by
 * size, near-white when the change is not significant -- with a legend
 * that gives the scale and lists what only BASE has. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff/internal.h"
#include "flamechart/layout.h"
#include "flamechart/legend.h"
#include "flamechart/paint.h"
#include "flamechart/render.h"
#include "util/util.h"

static const struct fc_rgb neutral = { 238, 238, 234 };
static const struct fc_rgb red = { 214, 39, 40 }, blue = { 31, 99, 190 };
static const struct fc_rgb pale_red = { 250, 205, 195 }, pale_blue = { 198, 219, 246 };

struct picture {
	const struct fc_diff *d;
	struct fc_diff_table keys; /* function key -> index into d->functions */
	uint32_t *frame_fn;        /* lane profile frame -> function + 1, 0 = unknown */
	const struct fc_profile *frames_of;
	double ref_us; /* the change drawn fully saturated */
};

static struct fc_rgb mix(struct fc_rgb a, struct fc_rgb b, double t)
{
	struct fc_rgb c = { (uint8_t)lround(a.r + (b.r - a.r) * t),
			    (uint8_t)lround(a.g + (b.g - a.g) * t),
			    (uint8_t)lround(a.b + (b.b - a.b) * t) };
	return c;
}

/* The fill of a change: pale at the threshold, full at ref_us. */
static struct fc_rgb change_color(const struct picture *pc, double delta_us)
{
	double th = pc->d->threshold_us, t;

	if (pc->ref_us <= th)
		t = 1;
	else
		t = (fabs(delta_us) - th) / (pc->ref_us - th);
	t = t < 0 ? 0 : t > 1 ? 1 : sqrt(t);
	return delta_us > 0 ? mix(pale_red, red, t) : mix(pale_blue, blue, t);
}

static const struct fc_diff_item *frame_item(struct picture *pc, const struct fc_profile *p,
					     uint32_t frame)
{
	uint32_t idx;
	char *key;

	if (pc->frames_of != p) {
		free(pc->frame_fn);
		pc->frame_fn = calloc(p->n_frames + 1, sizeof(*pc->frame_fn));
		pc->frames_of = pc->frame_fn ? p : NULL;
	}
	if (!pc->frame_fn || frame >= p->n_frames)
		return NULL;
	if (!pc->frame_fn[frame]) {
		key = fc_diff_key_string(p, &p->frames[frame]);
		if (!key || !fc_diff_table_find(&pc->keys, key, false, &idx) || idx == FC_NONE) {
			free(key);
			return NULL;
		}
		free(key);
		pc->frame_fn[frame] = idx + 1;
	}
	return &pc->d->functions[pc->frame_fn[frame] - 1];
}

static struct fc_rgb fill(void *ctx, const struct fc_profile *p, const struct fc_box *box)
{
	const struct fc_diff_item *x = frame_item(ctx, p, box->frame);

	if (!x || !x->significant)
		return neutral;
	return change_color(ctx, x->delta_self_us);
}

static void note(void *ctx, const struct fc_profile *p, uint32_t frame, char *out, size_t size)
{
	const struct fc_diff_item *x = frame_item(ctx, p, frame);
	char ms[32], pct[32];

	if (!x || !x->significant)
		return;
	fc_diff_format_ms(x->delta_self_us, ms, sizeof(ms));
	fc_diff_format_pct(x->delta_self_us, x->side[FC_DIFF_BASE].self_us, pct, sizeof(pct));
	snprintf(out, size, "%s %s", ms, pct);
}

static bool entry(struct fc_legend *lg, struct fc_rgb c, bool swatch, char *label)
{
	struct fc_legend_entry *e;

	if (!label)
		return false;
	e = realloc(lg->entries, (lg->n + 1) * sizeof(*e));
	if (!e) {
		free(label);
		return false;
	}
	lg->entries = e;
	e[lg->n].color = c;
	e[lg->n].swatch = swatch;
	e[lg->n].label = label;
	e[lg->n++].share = -1;
	return true;
}

static int lost_cmp(const void *a, const void *b, void *ctx)
{
	const struct fc_diff_item *v = ctx;
	const struct fc_diff_item *x = &v[*(const size_t *)a], *y = &v[*(const size_t *)b];
	if (x->side[0].self_us != y->side[0].self_us)
		return x->side[0].self_us > y->side[0].self_us ? -1 : 1;
	return strcmp(x->key, y->key);
}

/* The scale (strongest regression, threshold, neutral, threshold, strongest
 * improvement) and the functions only the other side has. */
static bool build_legend(struct picture *pc, struct fc_legend *lg, bool base_widths)
{
	const struct fc_diff *d = pc->d;
	char a[32], b[32];
	size_t i, n = 0, *lost = malloc((d->n_functions + 1) * sizeof(*lost)), shown;
	bool ok;

	memset(lg, 0, sizeof(*lg));
	lg->title = fc_strdup("Change in self time per run (red: more in HEAD, blue: less)");
	if (!lost || !lg->title) {
		free(lost);
		return false;
	}
	fc_diff_format_ms(pc->ref_us, a, sizeof(a));
	fc_diff_format_ms(d->threshold_us, b, sizeof(b));
	ok = entry(lg, red, true, fc_asprintf("%s or more", a)) &&
	     entry(lg, pale_red, true, fc_asprintf("%s", b)) &&
	     entry(lg, neutral, true,
		   fc_asprintf("not significant (p \xe2\x89\xa5 %g or under %.1f ms)",
			       d->options.alpha, d->threshold_us / 1000));
	fc_diff_format_ms(-d->threshold_us, b, sizeof(b));
	fc_diff_format_ms(-pc->ref_us, a, sizeof(a));
	ok = ok && entry(lg, pale_blue, true, fc_asprintf("%s", b)) &&
	     entry(lg, blue, true, fc_asprintf("%s or more", a));
	/* what has no box: only in BASE (or only in HEAD with base_widths) */
	for (i = 0; i < d->n_functions; i++) {
		const struct fc_diff_item *x = &d->functions[i];
		if (base_widths ? (x->in_head && !x->in_base) : (x->in_base && !x->in_head))
			lost[n++] = i;
	}
	if (ok && n && fc_sort(lost, n, sizeof(*lost), lost_cmp, (void *)d->functions)) {
		shown = n < 6 ? n : 6;
		for (i = 0; ok && i < shown; i++) {
			const struct fc_diff_item *x = &d->functions[lost[i]];
			double v = base_widths ? x->side[1].self_us : -x->side[0].self_us;
			fc_diff_format_ms(v, a, sizeof(a));
			ok = entry(lg, x->significant ? change_color(pc, v) : neutral, true,
				   fc_asprintf("only in %s: %s%s%s %s",
					       base_widths ? "HEAD" : "BASE", x->name,
					       x->file[0] ? " " : "", fc_basename(x->file), a));
		}
		if (ok && n > shown)
			ok = entry(lg, neutral, false,
				   fc_asprintf("and %zu more only in %s", n - shown,
					       base_widths ? "HEAD" : "BASE"));
	}
	free(lost);
	return ok;
}

static char *subtitle(const struct fc_diff *d)
{
	char ms[32], pct[32], scope[512];
	size_t i, n = 0;
	const struct fc_diff_input *b = &d->side[0], *h = &d->side[1];

	fc_diff_format_ms(d->total.delta_self_us, ms, sizeof(ms));
	fc_diff_format_pct(d->total.delta_self_us, d->total.side[0].self_us, pct, sizeof(pct));
	scope[0] = '\0';
	for (i = 0; i < d->options.n_scope && n < sizeof(scope); i++)
		n += (size_t)snprintf(scope + n, sizeof(scope) - n, "%s%s",
				      i ? "; " : "  \xc2\xb7  both sides: ", d->options.scope[i]);
	return fc_asprintf("BASE %s: %zu run%s, %.1f ms/run  \xc2\xb7  HEAD %s: %zu run%s, "
			   "%.1f ms/run  \xc2\xb7  %s (%s)%s  \xc2\xb7  "
			   "normalisation: %s  \xc2\xb7  %s, \xce\xb1 %g%s",
			   b->path, b->n_runs, b->n_runs == 1 ? "" : "s", b->total_us / 1000,
			   h->path, h->n_runs, h->n_runs == 1 ? "" : "s", h->total_us / 1000, ms,
			   pct, d->total.significant ? "" : ", not significant",
			   d->options.normalize_total ? "BASE scaled to HEAD's total" : "none",
			   strcmp(d->test, "welch") == 0 ? "Welch's t-test"
							 : "two-proportion z-test",
			   d->options.alpha, scope);
}

bool fc_diff_write_image(const struct fc_diff *d, const struct fc_diff_image_options *io,
			 const char *path, struct fc_error *err)
{
	struct picture pc = { .d = d };
	struct fc_profile_set set;
	struct fc_layout layout;
	struct fc_layout_options lo = { .mode = FC_MODE_GRAPH };
	struct fc_paint_options po = { 0 };
	struct fc_style st = { 0 };
	struct fc_legend lg = { 0 };
	struct fc_output out;
	char *title = NULL, *sub = NULL;
	bool ok = false, have_layout = false;
	size_t i;
	uint32_t idx;

	fc_profile_set_init(&set);
	for (i = 0; i < d->n_functions; i++) {
		const struct fc_diff_item *x = &d->functions[i];
		if (!fc_diff_table_find(&pc.keys, x->key, true, &idx))
			goto nomem;
		if (x->significant && fabs(x->delta_self_us) > pc.ref_us)
			pc.ref_us = fabs(x->delta_self_us);
	}
	if (pc.ref_us < d->threshold_us * 4)
		pc.ref_us = d->threshold_us * 4;
	if (!fc_diff_keyed_side(&d->options, &d->side[io->base_widths ? 0 : 1], &set))
		goto nomem;
	po.width_px = io->width_px;
	lo.keep_idle = d->options.keep_idle;
	lo.gc_root = d->options.gc_root;
	lo.sort_weight = io->sort_weight;
	lo.plot_width_px = fc_paint_plot_width(&po);
	lo.minwidth = 1;
	if (!fc_layout_build(&layout, &set, &lo, err))
		goto done;
	have_layout = true;
	title = io->title ? fc_strdup(io->title)
			  : fc_asprintf("diff %s \xe2\x86\x92 %s%s", d->side[0].path,
					d->side[1].path, io->base_widths ? " (BASE's widths)" : "");
	sub = subtitle(d);
	if (!title || !sub || !build_legend(&pc, &lg, io->base_widths))
		goto nomem;
	st.theme = io->theme;
	st.scheme = FC_SCHEME_TIER;
	st.fill_hook = fill;
	st.hook_ctx = &pc;
	po.title = title;
	po.subtitle = sub;
	po.legend = &lg;
	po.label_note = note;
	po.note_ctx = &pc;
	if (!fc_output_open(&out, path, err))
		goto done;
	switch (io->format) {
	case FC_DIFF_PNG:
		ok = fc_write_png(&layout, &st, &po, &out, err);
		break;
	case FC_DIFF_PDF:
		ok = fc_write_pdf(&layout, &st, &po, &out, err);
		break;
	default:
		ok = fc_write_svg(&layout, &st, &po, &out, err);
		break;
	}
	if (ok)
		ok = fc_output_commit(&out, err);
	else
		fc_output_abort(&out);
	goto done;
nomem:
	fc_error_set(err, FC_ERR_NOMEM, "out of memory");
done:
	fc_legend_finish(&lg);
	free(title);
	free(sub);
	free(pc.frame_fn);
	fc_diff_table_finish(&pc.keys);
	if (have_layout)
		fc_layout_finish(&layout);
	fc_profile_set_finish(&set);
	return ok;
}
