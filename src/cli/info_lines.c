/* info's hot lines (docs/lines.md): as text for `info` and as JSON for
 * `info --json` (docs/info-json.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cli/cli.h"
#include "model/drill.h"
#include "model/lines.h"
#include "transform/scope.h"
#include "model/stacks.h"
#include "write/summary.h"
#include "model/profile.h"

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

/* "name  file:line" of a frame */
static void frame_label(const struct fc_profile *p, uint32_t frame, char *out, size_t size)
{
	const struct fc_frame *f = &p->frames[frame];
	char where[200];

	fc_summary_location(fc_profile_str(p, f->url), f->line, where, sizeof(where), 60);
	snprintf(out, size, "%s%s%s", fn_name(p, frame), where[0] ? "  " : "", where);
}

static void print_edges(FILE *out, const struct fc_profile *p, const char *title,
			const struct fc_drill_edge *e, size_t n, size_t top, double total_us)
{
	char label[512];
	size_t i;

	fprintf(out, "    %s (%zu)\n", title, n);
	for (i = 0; i < n && i < top; i++) {
		frame_label(p, e[i].frame, label, sizeof(label));
		fprintf(out, "      %12.3f %5.1f%%  %s\n", e[i].us / 1000.0,
			total_us > 0 ? 100.0 * e[i].us / total_us : 0.0, label);
	}
	if (n > top)
		fprintf(out, "      … %zu more\n", n - top);
}

/* The frames --function picks in p (FC_DRILL_MAX at most); NULL with
 * *n 0 on allocation failure (then *failed). */
static bool pick(const struct fc_profile *p, const struct fc_cli *cli, uint32_t *frames, size_t *n,
		 size_t *n_all)
{
	uint8_t *match = fc_scope_match_frames(p, cli->function, cli->scope.match_on);
	bool ok = match && fc_drill_pick(p, match, frames, FC_DRILL_MAX, n, n_all);

	free(match);
	return ok;
}

bool fc_cli_info_functions(FILE *out, const struct fc_profile *p, const struct fc_cli *cli,
			   size_t top, double whole_us)
{
	uint32_t frames[FC_DRILL_MAX];
	char label[512];
	size_t n, n_all, i;

	if (!pick(p, cli, frames, &n, &n_all))
		return false;
	if (!n_all)
		fputs("  function      none matches --function\n", out);
	for (i = 0; i < n; i++) {
		struct fc_drill d;
		if (!fc_drill_compute(p, frames[i], &d))
			return false;
		frame_label(p, frames[i], label, sizeof(label));
		fprintf(out, "  function      %s\n", label);
		fprintf(out, "    total       %12.3f ms %5.1f%% of the sampled time\n",
			d.total_us / 1000.0, whole_us > 0 ? 100.0 * d.total_us / whole_us : 0.0);
		fprintf(out, "    self        %12.3f ms %5.1f%% of its total\n", d.self_us / 1000.0,
			d.total_us > 0 ? 100.0 * d.self_us / d.total_us : 0.0);
		print_edges(out, p, "callers: ms in calls from each, share of its total", d.callers,
			    d.n_callers, top, d.total_us);
		print_edges(out, p, "callees: ms in calls to each, share of its total", d.callees,
			    d.n_callees, top, d.total_us);
		fc_drill_finish(&d);
		if (!fc_cli_info_hot_lines(out, p, frames[i], top, whole_us))
			return false;
	}
	if (n_all > n)
		fprintf(out,
			"  function      %zu more match --function (the %zu with the most total "
			"time are shown)\n",
			n_all - n, n);
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

static json_t *edges_json(const struct fc_profile *p, const struct fc_drill_edge *e, size_t n,
			  size_t top, double total_us)
{
	json_t *a = json_array();

	for (size_t i = 0; a && i < n && i < top; i++) {
		const struct fc_frame *f = &p->frames[e[i].frame];
		json_t *o = json_object();
		if (!o || !put(o, "name", json_string(fc_profile_str(p, f->name))) ||
		    !put(o, "url", json_string(fc_profile_str(p, f->url))) ||
		    !put(o, "line", json_integer(f->line >= 0 ? f->line + 1 : 0)) ||
		    !put(o, "ms", json_real(e[i].us / 1000.0)) ||
		    !put(o, "share", json_real(total_us > 0 ? e[i].us / total_us : 0.0)) ||
		    json_array_append_new(a, o) != 0) {
			json_decref(o);
			json_decref(a);
			return NULL;
		}
	}
	return a;
}

json_t *fc_cli_info_functions_json(const struct fc_profile *p, const struct fc_cli *cli, size_t top)
{
	uint32_t frames[FC_DRILL_MAX];
	size_t n, n_all, i;
	json_t *a;

	if (!pick(p, cli, frames, &n, &n_all) || !(a = json_array()))
		return NULL;
	for (i = 0; i < n; i++) {
		const struct fc_frame *f = &p->frames[frames[i]];
		struct fc_drill d;
		json_t *o = json_object();
		bool ok = o && fc_drill_compute(p, frames[i], &d);

		ok = ok && put(o, "name", json_string(fc_profile_str(p, f->name))) &&
		     put(o, "url", json_string(fc_profile_str(p, f->url))) &&
		     put(o, "line", json_integer(f->line >= 0 ? f->line + 1 : 0)) &&
		     put(o, "total_ms", json_real(d.total_us / 1000.0)) &&
		     put(o, "self_ms", json_real(d.self_us / 1000.0)) &&
		     put(o, "callers", edges_json(p, d.callers, d.n_callers, top, d.total_us)) &&
		     put(o, "callees", edges_json(p, d.callees, d.n_callees, top, d.total_us)) &&
		     put(o, "hot_lines", fc_cli_info_lines_json(p, frames[i], top)) &&
		     json_array_append_new(a, o) == 0;
		if (o) /* d was computed (or zeroed on failure) */
			fc_drill_finish(&d);
		if (!ok) {
			json_decref(o);
			json_decref(a);
			return NULL;
		}
	}
	return a;
}
