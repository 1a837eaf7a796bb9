/* info's hot lines (docs/lines.md): as text for `info` and as JSON for
 * `info --json` (docs/info-json.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cli/cli.h"
#include "flamechart/lines.h"
#include "flamechart/stacks.h"
#include "flamechart/summary.h"

/* width of a line's text in the text form, in bytes */
#define TEXT_MAX 100

/* The text of a hot line: carried by a source map, else read from the
 * script on this machine; "" when neither. */
static void line_source(const struct fc_profile *p, const struct fc_hot_line *h, char *out,
			size_t size)
{
	out[0] = '\0';
	if (h->text) {
		const char *t = fc_profile_str(p, h->text);
		fc_lines_cut_text(t, strlen(t), out, size, TEXT_MAX);
	} else {
		fc_lines_source_text(fc_profile_str(p, h->url), h->line, out, size, TEXT_MAX);
	}
}

static const char *fn_name(const struct fc_profile *p, uint32_t frame)
{
	const char *name = fc_profile_str(p, p->frames[frame].name);
	return name[0] ? name : "(anonymous)";
}

bool fc_cli_info_hot_lines(FILE *out, const struct fc_profile *p, uint32_t frame, size_t top,
			   double whole_us)
{
	struct fc_hot_lines h;
	char where[200], text[3 * TEXT_MAX + 4];
	size_t i;

	if (!fc_lines_compute(p, frame, top, &h))
		return false;
	if (!h.n_all) {
		fputs("  hot lines     none: the profile has no line data\n", out);
		fc_lines_finish(&h);
		return true;
	}
	fprintf(out, "  top %zu lines by self time (lines hold %.1f%% of the self time)\n", h.n,
		h.self_us > 0 ? 100.0 * h.lines_us / h.self_us : 0.0);
	fprintf(out, "    %12s %6s  %s\n", "self ms", "%", "file:line  function");
	for (i = 0; i < h.n; i++) {
		const struct fc_hot_line *l = &h.items[i];
		fc_summary_location(fc_profile_str(p, l->url), l->line - 1, where, sizeof(where),
				    60);
		fprintf(out, "    %12.3f %5.1f%%  %s  %s\n", l->self_us / 1000.0,
			whole_us > 0 ? 100.0 * l->self_us / whole_us : 0.0, where,
			fn_name(p, l->frame));
		line_source(p, l, text, sizeof(text));
		if (text[0])
			fprintf(out, "    %12s %6s  | %s\n", "", "", text);
	}
	fc_lines_finish(&h);
	return true;
}

bool fc_cli_info_stacks(FILE *out, const struct fc_profile *p, size_t count)
{
	struct fc_stacks st;
	char line[1024];
	size_t i;

	if (!fc_stacks_heaviest(p, count, &st))
		return false;
	if (st.n) {
		fprintf(out, "  heaviest %zu stacks (total and self time per frame)\n",
			st.n_stacks);
		fprintf(out, "    %12s %12s  %s\n", "total ms", "self ms", "frame");
	}
	for (i = 0; i < st.n; i++) {
		fc_summary_stack_row(p, &st.rows[i], line, sizeof(line));
		fprintf(out, "    %s\n", line);
	}
	fc_stacks_finish(&st);
	return true;
}

static bool put(json_t *o, const char *k, json_t *v)
{
	return v && json_object_set_new(o, k, v) == 0;
}

json_t *fc_cli_info_lines_json(const struct fc_profile *p, uint32_t frame, size_t top)
{
	struct fc_hot_lines h;
	char text[3 * TEXT_MAX + 4];
	json_t *a;
	size_t i;

	if (!fc_lines_compute(p, frame, top, &h))
		return NULL;
	a = json_array();
	for (i = 0; a && i < h.n; i++) {
		const struct fc_hot_line *l = &h.items[i];
		json_t *e = json_object();

		line_source(p, l, text, sizeof(text));
		if (!e || !put(e, "url", json_string(fc_profile_str(p, l->url))) ||
		    !put(e, "line", json_integer(l->line)) ||
		    !put(e, "name", json_string(fc_profile_str(p, p->frames[l->frame].name))) ||
		    !put(e, "function_line", json_integer(p->frames[l->frame].line + 1)) ||
		    !put(e, "function_column", json_integer(p->frames[l->frame].column + 1)) ||
		    !put(e, "self_ms", json_real(l->self_us / 1000.0)) ||
		    !put(e, "ticks", json_integer((json_int_t)l->ticks)) ||
		    !put(e, "text", text[0] ? json_string(text) : json_null()) ||
		    json_array_append_new(a, e) != 0) {
			json_decref(e);
			json_decref(a);
			a = NULL;
		}
	}
	fc_lines_finish(&h);
	return a;
}
