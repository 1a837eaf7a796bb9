/* The text on a bar and DevTools' middle ellipsis (devtools-rules §6.4). Pure
 * functions: the width of a string comes from the caller. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "model/classify.h"
#include "render/paint.h"
#include "util/util.h"
#include "model/profile.h"

/* DevTools trims a label to 200 characters before it measures anything. */
#define MAX_LABEL_CHARS 200

/* The secant search converges in a handful of steps; the cap only guards
 * against a measure function that is not monotonic. */
#define MAX_FIT_STEPS 64

static const char ellipsis[] = "\xe2\x80\xa6"; /* U+2026 */

/* Cuts s (length len) back to a code point boundary; returns the new length. */
static size_t utf8_cut(char *s, size_t len)
{
	len = fc_utf8_complete(s, len);
	s[len] = '\0';
	return len;
}

/* snprintf that never leaves half a UTF-8 sequence at the end. */
static size_t put(char *out, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static size_t put(char *out, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!size)
		return 0;
	va_start(ap, fmt);
	n = vsnprintf(out, size, fmt, ap);
	va_end(ap);
	if (n < 0) {
		out[0] = '\0';
		return 0;
	}
	if ((size_t)n >= size)
		return utf8_cut(out, size - 1);
	return (size_t)n;
}

static size_t count_points(const char *s, size_t len)
{
	size_t i = 0, n = 0;

	while (i < len) {
		i += fc_utf8_seqlen((unsigned char)s[i]);
		n++;
	}
	return n;
}

/* Byte offset of code point k (k <= the number of code points). */
static size_t point_offset(const char *s, size_t len, size_t k)
{
	size_t i = 0;

	while (k-- && i < len)
		i += fc_utf8_seqlen((unsigned char)s[i]);
	return i < len ? i : len;
}

size_t fc_label_trim_middle(const char *s, size_t n, char *out, size_t size)
{
	size_t len = strlen(s), points = count_points(s, len), left, right, lb, rb;

	if (points <= n)
		return put(out, size, "%s", s);
	/* DevTools: leftHalf = n >> 1, rightHalf = n - leftHalf - 1 */
	left = n / 2;
	right = n > left ? n - left - 1 : 0;
	lb = point_offset(s, len, left);
	rb = point_offset(s, len, points - right);
	return put(out, size, "%.*s%s%s", (int)lb, s, ellipsis, s + rb);
}

size_t fc_label_fit(const char *s, double max_width, fc_label_measure measure, void *ctx, char *out,
		    size_t size)
{
	char text[MAX_LABEL_CHARS * 4 + 8], trial[MAX_LABEL_CHARS * 4 + 8];
	size_t len, l, r, m, steps;
	double lv, rv, mv, width;

	if (size)
		out[0] = '\0';
	if (max_width <= 10)
		return 0;
	fc_label_trim_middle(s, MAX_LABEL_CHARS, text, sizeof(text));
	width = measure(ctx, text);
	if (width <= max_width)
		return put(out, size, "%s", text);

	/* Secant search on the number of code points (UIUtils.trimText). */
	len = strlen(text);
	l = 0;
	r = count_points(text, len);
	lv = 0;
	rv = width;
	for (steps = 0; l < r && lv != rv && lv != max_width && steps < MAX_FIT_STEPS; steps++) {
		double k = (double)l + (double)(r - l) * (max_width - lv) / (rv - lv);
		m = (size_t)k;
		if ((double)m < k)
			m++; /* Math.ceil */
		if (m > r)
			m = r;
		fc_label_trim_middle(text, m, trial, sizeof(trial));
		mv = measure(ctx, trial);
		if (mv <= max_width) {
			l = m;
			lv = mv;
		} else {
			r = m ? m - 1 : 0;
			rv = mv;
		}
	}
	fc_label_trim_middle(text, l, trial, sizeof(trial));
	if (strcmp(trial, ellipsis) == 0 || !trial[0])
		return 0;
	return put(out, size, "%s", trial);
}

size_t fc_label_fit_front(const char *s, double max_width, fc_label_measure measure, void *ctx,
			  char *out, size_t size)
{
	char trial[MAX_LABEL_CHARS * 4 + 8];
	size_t len = strlen(s), points, tail, lo, hi, keep, cut;
	const char *slash;

	if (size)
		out[0] = '\0';
	if (max_width <= 10)
		return 0;
	points = count_points(s, len);
	if (points <= MAX_LABEL_CHARS && measure(ctx, s) <= max_width)
		return put(out, size, "%s", s);
	/* the most code points of the end that fit after "…": the width grows
	 * with every code point kept, so a bisection finds it */
	tail = points < MAX_LABEL_CHARS ? points : MAX_LABEL_CHARS;
	lo = 0;
	hi = tail;
	while (lo < hi) {
		size_t mid = lo + (hi - lo + 1) / 2;
		put(trial, sizeof(trial), "%s%s", ellipsis, s + point_offset(s, len, points - mid));
		if (measure(ctx, trial) <= max_width)
			lo = mid;
		else
			hi = mid - 1;
	}
	keep = lo;
	if (!keep)
		return 0;
	cut = point_offset(s, len, points - keep);
	/* start at a path segment ("…/lib/typescript.js") unless that drops
	 * more than half of what fits */
	slash = strchr(s + cut, '/');
	if (slash && slash[1] && count_points(slash, strlen(slash)) * 2 >= keep)
		cut = (size_t)(slash - s);
	return put(out, size, "%s%s", ellipsis, s + cut);
}

size_t fc_label_spine(const char *first, const char *last, size_t n, double max_width,
		      fc_label_measure measure, void *ctx, char *out, size_t size)
{
	char buf[1200], name[1024], count[48];
	bool by_first = strcmp(first, "(anonymous)") != 0;
	const char *keep = by_first ? first : last;
	double room;

	if (size)
		out[0] = '\0';
	/* the whole: "run_main … require · 14 frames" */
	put(buf, sizeof(buf), "%s %s %s \xc2\xb7 %zu frames", first, ellipsis, last, n);
	if (measure(ctx, buf) <= max_width)
		return put(out, size, "%s", buf);
	/* one end, the first unless it is "(anonymous)": "run_main … · 14
	 * frames" or "… require · 14 frames", its name cut if need be */
	put(count, sizeof(count), " \xc2\xb7 %zu frames", n);
	put(buf, sizeof(buf), by_first ? "%s%s" : "%s %s", by_first ? " " : "", ellipsis);
	room = max_width - measure(ctx, buf) - measure(ctx, count);
	if (fc_label_fit(keep, room, measure, ctx, name, sizeof(name)) &&
	    fc_label_says_enough(keep, name))
		return by_first ? put(out, size, "%s %s%s", name, ellipsis, count)
				: put(out, size, "%s %s%s", ellipsis, name, count);
	/* that name alone */
	if (fc_label_fit(keep, max_width, measure, ctx, name, sizeof(name)) &&
	    fc_label_says_enough(keep, name))
		return put(out, size, "%s", name);
	return 0;
}

/* "file.js" from a URL: no query or fragment, the last path segment (a URL
 * that ends in "/" keeps its whole path). */
static void url_file(const char *url, char *out, size_t size)
{
	size_t n = strcspn(url, "?#");
	const char *base;
	char buf[1024];

	if (n >= sizeof(buf))
		n = sizeof(buf) - 1;
	memcpy(buf, url, n);
	buf[n] = '\0';
	while (n > 0 && buf[n - 1] == '/')
		buf[--n] = '\0';
	base = fc_basename(buf);
	put(out, size, "%s", base[0] ? base : url);
}

static size_t label(const struct fc_lane *lane, const struct fc_box *b, bool located, char *out,
		    size_t size);

size_t fc_label_box(const struct fc_layout *l, const struct fc_lane *lane, const struct fc_box *b,
		    char *out, size_t size)
{
	return label(lane, b, l->mode != FC_MODE_CHART, out, size);
}

size_t fc_label_box_located(const struct fc_lane *lane, const struct fc_box *b, char *out,
			    size_t size)
{
	return label(lane, b, true, out, size);
}

static size_t label(const struct fc_lane *lane, const struct fc_box *b, bool located, char *out,
		    size_t size)
{
	const struct fc_profile *p = lane->profile;
	const struct fc_frame *f;
	char name[1024], file[512];
	const char *url;

	if (b->frame == FC_NONE || (b->flags & FC_BOX_COALESCED))
		return put(out, size, "%u frames", b->count);
	f = &p->frames[b->frame];
	fc_classify_label(fc_profile_str(p, f->name), name, sizeof(name));
	utf8_cut(name, strlen(name));
	url = fc_profile_str(p, f->url);
	if (!located || !url[0])
		return put(out, size, "%s", name);
	url_file(url, file, sizeof(file));
	if (f->line >= 0)
		return put(out, size, "%s  %s:%d", name, file, fc_pos_shown(f->line));
	return put(out, size, "%s  %s", name, file);
}

/* Letters and digits in s[0, n): ASCII ones and the lead byte of any other
 * code point but the ellipsis (punctuation and brackets say nothing). */
static size_t letters(const unsigned char *s, size_t n)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		if (i + 3 <= n && memcmp(s + i, ellipsis, 3) == 0) {
			i += 2;
			continue;
		}
		if ((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
		    (s[i] >= '0' && s[i] <= '9') || s[i] >= 0xc0)
			k++;
	}
	return k;
}

bool fc_label_says_enough(const char *full, const char *fit)
{
	const char *cut;

	if (strcmp(full, fit) == 0)
		return fit[0] != '\0';
	/* one side of the "…" must say something: "Mo…ad" and "fi…le" keep
	 * four letters but two of each end; "pp$5…rOps" keeps its tail */
	cut = strstr(fit, ellipsis);
	if (!cut)
		return letters((const unsigned char *)fit, strlen(fit)) >= FC_LABEL_MIN_CHARS;
	return letters((const unsigned char *)fit, (size_t)(cut - fit)) >= FC_LABEL_MIN_CHARS ||
	       letters((const unsigned char *)cut + 3, strlen(cut + 3)) >= FC_LABEL_MIN_CHARS;
}
