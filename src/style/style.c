/* Colour schemes over a theme. */
#include <math.h>
#include <string.h>

#include "flamechart/style.h"
#include "util/util.h"

static const struct fc_theme light_theme = {
	.name = "light",
	.background = { 255, 255, 255 },
	.background_end = { 255, 255, 255 },
	.text = { 31, 31, 31 },
	.text_muted = { 95, 99, 104 },
	.label_dark = { 51, 51, 51 }, /* DevTools' #333 */
	.label_light = { 255, 255, 255 },
	.ruler_text = { 31, 31, 31 },
	.grid = { 11, 87, 208 }, /* DevTools --app-color-strokestyle */
	.grid_alpha = 0.10,
	.coalesced = { 184, 184, 184 },
	/* Okabe-Ito, a palette published for colour-vision deficiency */
	.tier = {
		[FC_TIER_APP] = { 230, 159, 0 },
		[FC_TIER_DEPS] = { 86, 180, 233 },
		[FC_TIER_CORE] = { 0, 158, 115 },
		[FC_TIER_NATIVE] = { 240, 228, 66 },
		[FC_TIER_V8] = { 204, 121, 167 },
		[FC_TIER_GC] = { 213, 94, 0 },
		[FC_TIER_IDLE] = { 221, 221, 221 },
	},
	.font_family = "DejaVu Sans",
	.font_size_px = 11,
	.bar_height_px = 17,
	.text_pad_px = 4,
	/* JS Profiler spaces (devtools.md §5.2) */
	.hue = { 30, 330, 0 },
	.saturation = { 50, 80, 5 },
	.lightness = { 80, 90, 3 },
	.url_performance_keys = false,
	.url_empty = { 242, 236, 220 },
	.url_system = { 250, 204, 21 },
	.program = { 204, 204, 204 }, /* hsl(0, 0%, 80%) */
	.gc = { 204, 204, 204 },
	.idle = { 240, 240, 240 },    /* hsl(0, 0%, 94%) */
	.heat_min_lightness = 55,
	.heat_max_lightness = 80,
};

const struct fc_theme *fc_theme_default(void)
{
	return &light_theme;
}

static struct fc_rgb url_color(const struct fc_theme *t, const struct fc_profile *p,
			       const struct fc_frame *f)
{
	const char *url = fc_profile_str(p, f->url);
	const char *sid = fc_profile_str(p, f->script_id);
	const char *key;
	int h, s, l;

	if (t->url_performance_keys) {
		/* Performance panel rules, in order (devtools.md §5.3) */
		if (f->meta == FC_META_IDLE)
			return t->idle;
		if (strcmp(sid, "0") == 0 || !sid[0])
			return t->url_system;
		if (!url[0])
			return t->url_empty;
		key = url;
	} else {
		/* JS Profiler rules (devtools.md §5.2) */
		switch (f->meta) {
		case FC_META_IDLE:
			return t->idle;
		case FC_META_PROGRAM:
			return t->program;
		case FC_META_GC:
			return t->gc;
		default:
			break;
		}
		key = url[0] ? url : (sid[0] && strcmp(sid, "0") != 0) ? sid
									: fc_profile_str(p, f->name);
	}
	fc_devtools_hsl(key, &t->hue, &t->saturation, &t->lightness, &h, &s, &l);
	return fc_hsl_to_rgb(h, s, l);
}

/* One hue per package from a stable hash; app and core keep their tier
 * colours so that the packages stand out. */
static struct fc_rgb package_color(const struct fc_theme *t, const struct fc_profile *p,
				   const struct fc_frame *f)
{
	const char *pkg;
	uint64_t h;

	if (f->tier != FC_TIER_DEPS || !f->package)
		return t->tier[f->tier];
	pkg = fc_profile_str(p, f->package);
	h = fc_hash_bytes(pkg, strlen(pkg));
	return fc_hsl_to_rgb((double)(h % 360), 55 + (double)((h >> 16) % 3) * 10,
			     70 + (double)((h >> 24) % 2) * 8);
}

/* FlameGraph/0x heat: redder and darker with a larger self share. */
static struct fc_rgb heat_color(const struct fc_theme *t, const struct fc_box *b, double total)
{
	double share = total > 0 ? b->self / total : 0;
	double k = share > 0 ? sqrt(share) : 0; /* spread the many small shares */

	if (k > 1)
		k = 1;
	return fc_hsl_to_rgb(50 - 50 * k, 75 + 20 * k,
			     t->heat_max_lightness -
				     (t->heat_max_lightness - t->heat_min_lightness) * k);
}

static struct fc_rgb mono_color(const struct fc_profile *p, const struct fc_frame *f)
{
	const char *name = fc_profile_str(p, f->name);
	uint64_t h = fc_hash_bytes(name, strlen(name));
	int v = 190 + (int)(h % 40);
	return (struct fc_rgb){ (uint8_t)v, (uint8_t)v, (uint8_t)v };
}

static struct fc_rgb dim(const struct fc_theme *t, struct fc_rgb c)
{
	/* DevTools: NTSC grey at alpha 0.5 (devtools.md §7.2), over the background */
	double g = 0.299 * c.r + 0.587 * c.g + 0.114 * c.b;
	struct fc_rgb bg = t->background;
	return (struct fc_rgb){
		(uint8_t)lround(0.5 * g + 0.5 * bg.r),
		(uint8_t)lround(0.5 * g + 0.5 * bg.g),
		(uint8_t)lround(0.5 * g + 0.5 * bg.b),
	};
}

struct fc_rgb fc_style_fill(const struct fc_style *st, const struct fc_profile *p,
			    const struct fc_box *box, double total)
{
	const struct fc_theme *t = st->theme ? st->theme : &light_theme;
	const struct fc_frame *f;
	struct fc_rgb c;

	if (box->frame == FC_NONE || (box->flags & FC_BOX_COALESCED))
		return t->coalesced;
	f = &p->frames[box->frame];
	switch (st->scheme) {
	case FC_SCHEME_URL:
		c = url_color(t, p, f);
		break;
	case FC_SCHEME_TIER:
		c = t->tier[f->tier];
		break;
	case FC_SCHEME_PACKAGE:
		c = package_color(t, p, f);
		break;
	case FC_SCHEME_HEAT:
		c = heat_color(t, box, total);
		break;
	case FC_SCHEME_MONO:
	default:
		c = mono_color(p, f);
		break;
	}
	if (st->dim_tiers & (1u << f->tier))
		c = dim(t, c);
	return c;
}

static double channel(uint8_t v)
{
	double c = v / 255.0;
	return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

static double luminance(struct fc_rgb c)
{
	return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
}

double fc_contrast_ratio(struct fc_rgb a, struct fc_rgb b)
{
	double la = luminance(a), lb = luminance(b);
	return la > lb ? (la + 0.05) / (lb + 0.05) : (lb + 0.05) / (la + 0.05);
}

struct fc_rgb fc_style_label(const struct fc_style *st, struct fc_rgb fill)
{
	const struct fc_theme *t = st->theme ? st->theme : &light_theme;
	return fc_contrast_ratio(t->label_dark, fill) >= fc_contrast_ratio(t->label_light, fill)
		       ? t->label_dark
		       : t->label_light;
}
