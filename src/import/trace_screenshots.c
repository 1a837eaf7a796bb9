#include "import/trace_screenshots.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/base64.h"

void tshots_init(struct trace_shots *t)
{
	memset(t, 0, sizeof(*t));
	fc_screenshots_init(&t->set);
}

void tshots_finish(struct trace_shots *t)
{
	fc_screenshots_finish(&t->set);
	fc_buf_free(&t->pending);
	memset(t, 0, sizeof(*t));
}

void tshots_reset(struct trace_shots *t)
{
	t->have_pending = t->pending_wanted = t->pending_bad = false;
	t->pending.len = 0;
}

bool tshots_snapshot(struct trace_shots *t, const char *s, size_t len)
{
	t->have_pending = true;
	t->pending_wanted = fc_screenshots_wanted(&t->set);
	t->pending_bad = false;
	t->pending.len = 0;
	if (!t->pending_wanted)
		return true; /* not kept: not decoded either */
	if (len / 4 * 3 > FC_SHOT_MAX_BYTES + 3) {
		/* decoded only to be refused: fc_jpeg_check says how large */
		t->pending_bad = true;
		t->pending_bad_at = SIZE_MAX;
		return true;
	}
	if (!fc_base64_decode(s, len, &t->pending, &t->pending_bad_at))
		t->pending_bad = true;
	return !t->pending.failed;
}

bool tshots_event(struct trace_shots *t, const char *name, bool have_ts, double ts_us,
		  int64_t index, char *why, size_t why_size)
{
	uint32_t w, h;
	unsigned char *copy;
	char msg[200];

	why[0] = '\0';
	if (!t->have_pending || strcmp(name, "Screenshot") != 0 || !have_ts)
		return true;
	if (!t->pending_wanted) {
		fc_screenshots_skip(&t->set);
		return true;
	}
	if (t->pending_bad) {
		t->set.bad++;
		fc_screenshots_skip(&t->set);
		if (t->pending_bad_at == SIZE_MAX)
			snprintf(why, why_size, "more than %zu bytes", FC_SHOT_MAX_BYTES);
		else
			snprintf(why, why_size, "args.snapshot is not base64 (at character %zu)",
				 t->pending_bad_at + 1);
		return true;
	}
	if (!fc_jpeg_check((const unsigned char *)t->pending.data, t->pending.len, &w, &h, msg,
			   sizeof(msg))) {
		t->set.bad++;
		fc_screenshots_skip(&t->set);
		snprintf(why, why_size, "args.snapshot is not a JPEG that decodes: %s", msg);
		return true;
	}
	if (!(copy = malloc(t->pending.len ? t->pending.len : 1)))
		return false;
	memcpy(copy, t->pending.data, t->pending.len);
	return fc_screenshots_add(&t->set, ts_us, index, copy, t->pending.len, w, h);
}

bool tshots_take(struct trace_shots *t, struct fc_screenshots **out)
{
	struct fc_screenshots *s;

	if (!t->set.seen)
		return true;
	if (!fc_screenshots_sort(&t->set) || !(s = malloc(sizeof(*s))))
		return false;
	*s = t->set;
	fc_screenshots_init(&t->set);
	*out = s;
	return true;
}
