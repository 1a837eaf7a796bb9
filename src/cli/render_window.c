/* --trim-idle, --from, --to: which window of the profiles' clock a chart
 * shows, and the header line that says so. */
#include <stdio.h>

#include "cli/cli.h"
#include "transform/crop.h"
#include "write/summary.h"
#include "util/util.h"
#include "model/profile.h"

bool fc_cli_crop(const struct fc_cli *cli, struct fc_profile_set *set, struct fc_render_tweaks *tw,
		 char *note_buf, size_t size, struct fc_error *err)
{
	double lo = 0, hi = 0, from, to, dropped = 0, inside = 0;
	char a[48], b[48], c[48], cut[160] = "";

	if (!cli->trim_idle && !cli->has_from && !cli->has_to)
		return true;
	if (!fc_crop_extent(set, &lo, &hi))
		return true;
	from = cli->has_from ? lo + cli->from_ms * 1000.0 : lo;
	to = cli->has_to ? lo + cli->to_ms * 1000.0 : hi;
	if (cli->trim_idle) {
		double busy_lo, busy_hi;
		if (fc_crop_busy_span(set, &busy_lo, &busy_hi, &dropped)) {
			if (busy_lo > from)
				from = busy_lo;
			if (busy_hi < to)
				to = busy_hi;
		}
	}
	if (to > hi)
		to = hi;
	if (!(to > from)) {
		fc_error_init(err);
		fc_error_set(
			err, FC_ERR_USAGE,
			"the window --from/--to asks for is outside the profile (0 to %.3f ms)",
			(hi - lo) / 1000.0);
		return false;
	}
	fc_crop_apply(set, from, to);
	/* idle inside the busy span (the main thread waiting for its workers):
	 * stretches longer than 1% of the span are cut out of the axis */
	if (cli->trim_idle)
		tw->n_breaks = fc_crop_collapse_idle(set, from, to, (to - from) * 0.01, tw->breaks,
						     &inside);
	tw->has_x_zero = true;
	tw->x_zero = lo;
	fc_format_grouped((from - lo) / 1000.0, 1, a, sizeof(a));
	fc_format_grouped((to - lo) / 1000.0, 1, b, sizeof(b));
	fc_format_grouped((hi - lo) / 1000.0, 1, c, sizeof(c));
	if (tw->n_breaks) {
		char d[48];
		fc_format_grouped(inside / 1000.0, 1, d, sizeof(d));
		snprintf(cut, sizeof(cut),
			 ", after and inside (%s ms in %zu stretch%s, grey lines)", d, tw->n_breaks,
			 tw->n_breaks > 1 ? "es" : "");
	} else {
		snprintf(cut, sizeof(cut), " and after");
	}
	if (!cli->trim_idle)
		snprintf(note_buf, size, "showing %s to %s ms of %s ms", a, b, c);
	else if (dropped > 0)
		snprintf(note_buf, size,
			 "showing %s to %s ms of %s ms; the idle time before%s was cut, and "
			 "%.1f ms of work in it",
			 a, b, c, cut, dropped / 1000.0);
	else
		snprintf(note_buf, size,
			 "showing %s to %s ms of %s ms; the idle time before%s was cut", a, b, c,
			 cut);
	tw->note = note_buf;
	return true;
}
