/* Colour schemes over a theme (docs/themes.md). Every colour is a pure function
 * of the frame (its strings, tier, package and, for heat, its self share in
 * the profile) and the theme: never random, never dependent on the order in
 * which frames are met. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/classify.h"
#include "style/style.h"
#include "model/tasks.h"
#include "style/internal.h"
#include "util/util.h"
#include "model/profile.h"

/* One profile's heat: the self share of each of its frames. */
struct fc_style_heat {
	const struct fc_profile *profile;
	double *share; /* n_frames entries, 0..1 */
};

/* One profile's url or package colours per frame, before shade and dim
 * (0x1rrggbb), made by fc_style_prepare: one script's URL or one package
 * is the key of thousands of frames, and DevTools' hash walks its string
 * a character at a time, so each key is hashed once. Read-only after. */
struct fc_style_keyed {
	const struct fc_profile *profile;
	uint32_t *rgb; /* n_frames entries */
};

static const struct fc_theme *theme_of(const struct fc_style *st)
{
	return st->theme ? st->theme : fc_theme_default();
}

static struct fc_rgb generated(const char *key, const struct fc_hsl_space *h,
			       const struct fc_hsl_space *s, const struct fc_hsl_space *l)
{
	int hue, sat, light;

	fc_devtools_hsl(key, h, s, l, &hue, &sat, &light);
	return fc_hsl_to_rgb(hue, sat, light);
}

/* The string a url colour is generated from (devtools-rules §5.2, §5.3), or
 * FC_NONE when the colour is a fixed one of the theme (*fixed). */
static uint32_t url_key(const struct fc_theme *t, const struct fc_profile *p,
			const struct fc_frame *f, struct fc_rgb *fixed)
{
	const char *url = fc_profile_str(p, f->url);
	const char *sid = fc_profile_str(p, f->script_id);

	if (t->url_performance_keys) {
		/* Performance panel rules, in order (devtools-rules §5.3); a script
		 * id is a string here whatever the file had (trace events
		 * normalise it too) */
		if (f->meta == FC_META_IDLE)
			*fixed = t->idle;
		else if (strcmp(sid, "0") == 0 || !sid[0])
			*fixed = t->url_system;
		else if (!url[0])
			*fixed = t->url_empty;
		else
			return f->url;
		return FC_NONE;
	}
	/* JS Profiler rules (devtools-rules §5.2) */
	switch (f->meta) {
	case FC_META_IDLE:
		*fixed = t->idle;
		return FC_NONE;
	case FC_META_PROGRAM:
		*fixed = t->program;
		return FC_NONE;
	case FC_META_GC:
		*fixed = t->gc;
		return FC_NONE;
	default:
		break;
	}
	return url[0] ? f->url : (sid[0] && strcmp(sid, "0") != 0) ? f->script_id : f->name;
}

/* One colour per npm package (or host, or extension), from DevTools'
 * generator over the package name in the theme's package spaces; the other
 * tiers keep their tier colours, so that app and core stand out from the
 * packages. The package's string, or FC_NONE and the tier's colour. */
static uint32_t package_key(const struct fc_theme *t, const struct fc_frame *f,
			    struct fc_rgb *fixed)
{
	if (f->tier != FC_TIER_DEPS || !f->package) {
		*fixed = t->tier[f->tier];
		return FC_NONE;
	}
	return f->package;
}

/* The url or package scheme's colour of a frame, before shade and dim:
 * DevTools' generator over the key's string in the scheme's spaces. */
static struct fc_rgb keyed_color(const struct fc_theme *t, enum fc_scheme scheme,
				 const struct fc_profile *p, const struct fc_frame *f)
{
	struct fc_rgb c;
	uint32_t key = scheme == FC_SCHEME_URL ? url_key(t, p, f, &c) : package_key(t, f, &c);

	if (key == FC_NONE)
		return c;
	if (scheme == FC_SCHEME_URL)
		return generated(fc_profile_str(p, key), &t->hue, &t->saturation, &t->lightness);
	return generated(fc_profile_str(p, key), &t->package_hue, &t->package_saturation,
			 &t->package_lightness);
}

struct fc_rgb fc_style_heat(const struct fc_theme *t, double share)
{
	const struct fc_hsl *a = &t->heat_cold, *b = &t->heat_hot;
	double full = t->heat_full_share > 0 ? t->heat_full_share : 1;
	/* square root: the shares that matter (1-20 %) spread over the ramp
	 * instead of bunching at its cold end */
	double k = share > 0 ? sqrt(share / full) : 0;

	if (k > 1)
		k = 1;
	return fc_hsl_to_rgb(a->h + (b->h - a->h) * k, a->s + (b->s - a->s) * k,
			     a->l + (b->l - a->l) * k);
}

/* Greys told apart by function name: a few well-separated steps. */
static struct fc_rgb mono_color(const struct fc_theme *t, const struct fc_profile *p,
				const struct fc_frame *f)
{
	static const struct fc_hsl_space none = { 0, 0, 0 };
	struct fc_hsl_space light = { (int)lround(t->mono_darkest), (int)lround(t->mono_lightest),
				      4 };

	if (light.min > light.max) {
		int x = light.min;
		light.min = light.max;
		light.max = x;
	}
	return generated(fc_profile_str(p, f->name), &none, &none, &light);
}

struct fc_rgb fc_style_dim(const struct fc_theme *t, struct fc_rgb c)
{
	/* DevTools: NTSC grey at alpha 0.5 (devtools-rules §7.2), over the background */
	double g = 0.299 * c.r + 0.587 * c.g + 0.114 * c.b;
	struct fc_rgb bg = t->background;
	return (struct fc_rgb){
		(uint8_t)lround(0.5 * g + 0.5 * bg.r),
		(uint8_t)lround(0.5 * g + 0.5 * bg.g),
		(uint8_t)lround(0.5 * g + 0.5 * bg.b),
	};
}

bool fc_style_heat_waits(const struct fc_profile *p, const struct fc_frame *f)
{
	return f->meta == FC_META_IDLE || fc_classify_is_wait(fc_profile_str(p, f->name));
}

static struct fc_rgb frame_keyed_color(const struct fc_style *st, const struct fc_theme *t,
				       const struct fc_profile *p, uint32_t frame)
{
	size_t i;

	for (i = 0; i < st->n_keyed; i++)
		if (st->keyed[i].profile == p) {
			uint32_t v = st->keyed[i].rgb[frame];
			return (struct fc_rgb){ (uint8_t)(v >> 16), (uint8_t)(v >> 8), (uint8_t)v };
		}
	return keyed_color(t, st->scheme, p, &p->frames[frame]);
}

/* Fills a profile's table of keyed colours: each key's colour generated
 * once, on the frame that meets it first. */
static bool keyed_colors(struct fc_style_keyed *k, const struct fc_theme *t, enum fc_scheme scheme,
			 const struct fc_profile *p)
{
	uint32_t *by_key = calloc(p->strings.count + 1, sizeof(*by_key));
	size_t i;

	k->profile = p;
	k->rgb = malloc((p->n_frames + 1) * sizeof(*k->rgb));
	if (!by_key || !k->rgb) {
		free(by_key);
		return false;
	}
	for (i = 0; i < p->n_frames; i++) {
		const struct fc_frame *f = &p->frames[i];
		struct fc_rgb c;
		uint32_t key =
			scheme == FC_SCHEME_URL ? url_key(t, p, f, &c) : package_key(t, f, &c);

		if (key != FC_NONE && by_key[key]) {
			k->rgb[i] = by_key[key];
			continue;
		}
		if (key != FC_NONE)
			c = keyed_color(t, scheme, p, f);
		k->rgb[i] = 0x1000000u | (uint32_t)c.r << 16 | (uint32_t)c.g << 8 | c.b;
		if (key != FC_NONE)
			by_key[key] = k->rgb[i];
	}
	free(by_key);
	return true;
}

static const double *heat_shares(const struct fc_style *st, const struct fc_profile *p)
{
	size_t i;

	for (i = 0; i < st->n_heat; i++)
		if (st->heat[i].profile == p)
			return st->heat[i].share;
	return NULL;
}

/* A stable lightness step per function, as FlameGraph varies its colours
 * by name: 0, 5, 10 or 15 % darker. The tier scheme steps by package, so
 * that a tier one package dominates still shows where packages change. */
static struct fc_rgb shade(const struct fc_profile *p, const struct fc_frame *f, bool by_package,
			   struct fc_rgb c)
{
	const char *key = fc_profile_str(p, by_package && f->package ? f->package : f->name);
	double k = 1 - 0.05 * (double)(fc_hash_bytes(key, strlen(key)) % 4);

	if (f->tier == FC_TIER_IDLE)
		return c;
	return (struct fc_rgb){ (uint8_t)lround(c.r * k), (uint8_t)lround(c.g * k),
				(uint8_t)lround(c.b * k) };
}

/* DevTools' timeline categories' colours in the light theme
 * (devtools-rules §13.2). */
static const struct fc_rgb event_colors[FC_CAT_COUNT] = {
	[FC_CAT_LOADING] = { 124, 172, 248 },   [FC_CAT_EXPERIENCE] = { 197, 138, 249 },
	[FC_CAT_MESSAGING] = { 78, 205, 230 },  [FC_CAT_SCRIPTING] = { 250, 204, 21 },
	[FC_CAT_RENDERING] = { 197, 138, 249 }, [FC_CAT_PAINTING] = { 109, 213, 140 },
	[FC_CAT_GPU] = { 109, 213, 140 },       [FC_CAT_ASYNC] = { 228, 105, 98 },
	[FC_CAT_SYSTEM] = { 199, 199, 199 },    [FC_CAT_IDLE] = { 227, 227, 227 },
	[FC_CAT_TIMING] = { 242, 196, 90 },
};

/* A user timing's colour (devtools-rules §13.9): as DevTools, a shade per
 * name, hue 30-55, saturation 70-100 %, lightness 50 %, 70 % opaque on
 * white. */
static struct fc_rgb timing_color(const char *name)
{
	uint64_t h = fc_hash_bytes(name, strlen(name));
	double hue = 30 + (double)(h % 26), sat = (70 + (double)((h >> 8) % 6) * 6) / 100;
	double c = sat, x = c * (1 - fabs(fmod(hue / 60, 2) - 1)), m = 0.5 - c / 2;
	double rgb[3] = { c + m, x + m, m };
	uint8_t out[3];
	int i;

	for (i = 0; i < 3; i++)
		out[i] = (uint8_t)lround((0.7 * rgb[i] + 0.3) * 255);
	return (struct fc_rgb){ out[0], out[1], out[2] };
}

struct fc_rgb fc_style_event_color(const struct fc_profile *p, const struct fc_frame *f)
{
	enum fc_task_category c = fc_task_category_parse(fc_profile_str(p, f->package));

	if (c == FC_CAT_TIMING)
		return timing_color(fc_profile_str(p, f->name));
	return event_colors[c];
}

const char *fc_style_event_category(const struct fc_profile *p, const struct fc_frame *f)
{
	return fc_task_category_name(fc_task_category_parse(fc_profile_str(p, f->package)));
}

struct fc_rgb fc_style_fill(const struct fc_style *st, const struct fc_profile *p,
			    const struct fc_box *box, double total)
{
	const struct fc_theme *t = theme_of(st);
	const struct fc_frame *f;
	const double *shares;
	struct fc_rgb c;

	if (box->frame == FC_NONE || (box->flags & FC_BOX_COALESCED))
		return t->coalesced;
	f = &p->frames[box->frame];
	if (st->fill_hook)
		return st->fill_hook(st->hook_ctx, p, box);
	switch (st->scheme) {
	case FC_SCHEME_URL:
	case FC_SCHEME_PACKAGE:
		c = f->tags & FC_TAG_EVENT ? fc_style_event_color(p, f)
					   : frame_keyed_color(st, t, p, box->frame);
		break;
	case FC_SCHEME_TIER:
		c = f->tags & FC_TAG_EVENT ? fc_style_event_color(p, f) : t->tier[f->tier];
		break;
	case FC_SCHEME_HEAT:
		/* a thread waiting is not hot code, however long it waits */
		if (fc_style_heat_waits(p, f)) {
			c = t->tier[FC_TIER_IDLE];
			break;
		}
		shares = heat_shares(st, p);
		c = fc_style_heat(t, shares      ? shares[box->frame]
				     : total > 0 ? box->self / total
						 : 0);
		break;
	case FC_SCHEME_MONO:
	default:
		c = mono_color(t, p, f);
		break;
	}
	if (st->shade && st->scheme != FC_SCHEME_HEAT && st->scheme != FC_SCHEME_MONO)
		c = shade(p, f, st->scheme == FC_SCHEME_TIER, c);
	if (st->dim_tiers & (1u << f->tier))
		c = fc_style_dim(t, c);
	return c;
}

bool fc_style_prepare(struct fc_style *st, const struct fc_layout *l, struct fc_error *err)
{
	size_t i, j;

	fc_style_finish(st);
	if (st->scheme == FC_SCHEME_URL || st->scheme == FC_SCHEME_PACKAGE) {
		st->keyed = calloc(l->n_lanes ? l->n_lanes : 1, sizeof(*st->keyed));
		if (!st->keyed)
			goto nomem;
		for (i = 0; i < l->n_lanes; i++) {
			const struct fc_profile *p = l->lanes[i].profile;
			bool seen = false;

			for (j = 0; j < st->n_keyed; j++)
				seen = seen || st->keyed[j].profile == p;
			if (!p || seen)
				continue;
			if (!keyed_colors(&st->keyed[st->n_keyed++], theme_of(st), st->scheme, p))
				goto nomem;
		}
	}
	if (st->scheme != FC_SCHEME_HEAT)
		return true;
	st->heat = calloc(l->n_lanes ? l->n_lanes : 1, sizeof(*st->heat));
	if (!st->heat)
		goto nomem;
	for (i = 0; i < l->n_lanes; i++) {
		const struct fc_profile *p = l->lanes[i].profile;
		struct fc_style_heat *h;
		double total = 0, gaps = 0, cpu = 0;
		bool seen = false;

		for (j = 0; j < st->n_heat; j++)
			seen = seen || st->heat[j].profile == p;
		if (!p || seen)
			continue;
		h = &st->heat[st->n_heat++];
		h->profile = p;
		h->share = calloc(p->n_frames + 1, sizeof(*h->share));
		if (!h->share)
			goto nomem;
		/* every lane of this profile adds its self time (a profile is
		 * one lane in practice; summing keeps the rule simple) */
		for (j = i; j < l->n_lanes; j++)
			if (l->lanes[j].profile == p &&
			    !fc_style_frame_self(l, &l->lanes[j], h->share, &total, &gaps))
				goto nomem;
		/* shares of the CPU time, as the header's "most self time" has
		 * them: the gaps and (idle) are not in it, so the same work is
		 * as hot in a recording that idles twice as long */
		for (j = 0; j < p->n_frames; j++)
			if (p->frames[j].tier != FC_TIER_IDLE)
				cpu += h->share[j];
		for (j = 0; j < p->n_frames; j++)
			h->share[j] = cpu > 0 ? h->share[j] / cpu : 0;
	}
	return true;
nomem:
	fc_style_finish(st);
	fc_error_set(err, FC_ERR_NOMEM, "out of memory");
	return false;
}

void fc_style_finish(struct fc_style *st)
{
	size_t i;

	for (i = 0; i < st->n_heat; i++)
		free(st->heat[i].share);
	free(st->heat);
	st->heat = NULL;
	st->n_heat = 0;
	for (i = 0; i < st->n_keyed; i++)
		free(st->keyed[i].rgb);
	free(st->keyed);
	st->keyed = NULL;
	st->n_keyed = 0;
}

/* --- contrast ------------------------------------------------------------------------ */

static double channel(uint8_t v)
{
	double c = v / 255.0;
	return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

/* WCAG 2 relative luminance. */
static double luminance(struct fc_rgb c)
{
	return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
}

double fc_contrast_ratio(struct fc_rgb a, struct fc_rgb b)
{
	double la = luminance(a), lb = luminance(b);
	return la > lb ? (la + 0.05) / (lb + 0.05) : (lb + 0.05) / (la + 0.05);
}

/* WCAG AA for normal text. Black or white always reaches it: their ratios
 * with a colour of luminance L are (L + 0.05) / 0.05 and 1.05 / (L + 0.05),
 * whose smaller is largest, 4.58, where they meet (L = 0.179). */
#define LABEL_MIN_CONTRAST 4.5

struct fc_rgb fc_style_label(const struct fc_style *st, struct fc_rgb fill)
{
	static const struct fc_rgb black = { 0, 0, 0 }, white = { 255, 255, 255 };
	const struct fc_theme *t = theme_of(st);
	double dark = fc_contrast_ratio(t->label_dark, fill);
	double light = fc_contrast_ratio(t->label_light, fill);

	if (dark >= LABEL_MIN_CONTRAST || light >= LABEL_MIN_CONTRAST)
		return dark >= light ? t->label_dark : t->label_light;
	return fc_contrast_ratio(black, fill) >= fc_contrast_ratio(white, fill) ? black : white;
}
