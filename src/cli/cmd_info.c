/* flamechart info: a text summary of each profile on stdout. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cli/cli.h"
#include "model/classify.h"
#include "flamechart/import.h"
#include "transform/scope.h"
#include "transform/select.h"
#include "model/stacks.h"
#include "model/stats.h"
#include "util/util.h"
#include "model/profile.h"

#define TOP_FUNCTIONS 15

static void print_ms(FILE *out, double us)
{
	fprintf(out, "%.3f ms", us / 1000.0);
}

/* A weight in the profile's unit: time as ms (also folded counts read as
 * us or ms), bytes as B/kB/MB, sample counts as counts. */
static void print_weight(FILE *out, const struct fc_profile *p, double w, int width)
{
	char b[32];

	if (fc_unit_is_bytes(p->weight_unit)) {
		fc_format_bytes(w, false, b, sizeof(b));
		fprintf(out, "%*s", width ? width + 3 : 0, b);
	} else if (p->has_time || strcmp(p->weight_unit, "µs") == 0)
		fprintf(out, "%*.3f ms", width, w / 1000.0);
	else if (strcmp(p->weight_unit, "samples") == 0)
		fprintf(out, "%*.0f samples", width, w);
	else
		fprintf(out, "%*.3f samples", width, w / 1000.0); /* thousandths */
}

/* a self or total amount: ms, bytes, or a folded count in its own unit */
static void print_amount(FILE *out, const struct fc_profile *p, bool timed, double v)
{
	char b[32];

	if (fc_unit_is_bytes(p->weight_unit)) {
		fc_format_bytes(v, false, b, sizeof(b));
		fprintf(out, "%12s", b);
	} else if (!timed && strcmp(p->weight_unit, "samples") == 0)
		fprintf(out, "%12.0f", v);
	else
		fprintf(out, "%12.3f", v / 1000.0);
}

static double pct(double part, double whole)
{
	return whole > 0 ? 100.0 * part / whole : 0.0;
}

static void print_profile(FILE *out, const struct fc_profile *p, const struct fc_stats *s,
			  size_t top)
{
	size_t i;
	int t;
	bool timed = p->has_time || strcmp(p->weight_unit, "µs") == 0;
	bool bytes = fc_unit_is_bytes(p->weight_unit);

	fprintf(out, "%s\n", p->name);
	if (p->timings)
		fputs("  lane          Timings (user timings of every thread)\n", out);
	else if (p->process_name || p->thread_name || p->pid >= 0)
		fprintf(out, "  thread        %s%s%s (pid %lld, tid %lld)\n",
			p->process_name ? p->process_name : "",
			p->process_name && p->thread_name ? " / " : "",
			p->thread_name ? p->thread_name : "", (long long)p->pid, (long long)p->tid);
	if (p->note)
		fprintf(out, "  note          %s\n", p->note);
	if (p->sourcemap_frames || p->sourcemap_unreadable) {
		fprintf(out, "  source maps   %u frame%s mapped through %u map%s",
			p->sourcemap_frames, p->sourcemap_frames == 1 ? "" : "s", p->sourcemap_maps,
			p->sourcemap_maps == 1 ? "" : "s");
		if (p->sourcemap_unreadable)
			fprintf(out, "; %u unreadable (%s)", p->sourcemap_unreadable,
				p->sourcemap_unreadable_names ? p->sourcemap_unreadable_names
							      : "?");
		fputc('\n', out);
	}
	fprintf(out, "  format        %s\n", fc_format_name(p->format));
	if (p->timings) {
		fc_cli_info_timings(out, p);
		return;
	}
	if (p->has_time) {
		fputs("  duration      ", out);
		print_ms(out, s->duration_us);
		fputs("\n  sampled       ", out);
		print_ms(out, s->sampled_us);
		fputs("\n  CPU time      ", out);
		print_ms(out, s->sampled_us - s->tier_us[FC_TIER_IDLE]);
		fputs(" (excluding idle)\n", out);
	} else {
		fputs(bytes ? "  allocated     " : "  total weight  ", out);
		print_weight(out, p, s->sampled_us, 0);
		fputc('\n', out);
	}
	/* folded stacks: one line per stack, not a sample; a heap profile:
	 * one per node that allocated */
	fprintf(out, "  %-13s %u\n", p->has_time ? "samples" : "stacks", s->n_samples);
	if (p->has_time) {
		fputs("  interval      ", out);
		print_ms(out, s->interval_us);
		fputs(" (median)\n", out);
	}
	fprintf(out, "  nodes         %u\n", s->n_nodes);
	fprintf(out, "  functions     %u\n", s->n_functions);
	fprintf(out, "  max depth     %u\n", s->max_depth);
	fprintf(out, "  repairs       %zu\n", p->n_repairs);
	fprintf(out, "  %s by tier\n", timed ? "time" : bytes ? "bytes" : "samples");
	for (t = 0; t < FC_TIER_COUNT; t++) {
		if (s->tier_us[t] <= 0)
			continue;
		fprintf(out, "    %-8s ", fc_tier_name((enum fc_tier)t));
		print_weight(out, p, s->tier_us[t], 12);
		fprintf(out, " %6.1f%%\n", pct(s->tier_us[t], s->sampled_us));
	}
	fprintf(out, "  top %zu functions by self %s\n", top,
		timed   ? "time"
		: bytes ? "bytes allocated"
			: "samples");
	fprintf(out, "    %12s %6s %12s  %-6s  %s\n", timed ? "self ms" : "self", "%",
		timed ? "total ms" : "total", "tier", "function  url:line");
	for (i = 0; i < s->n_functions_with_self && i < top; i++) {
		const struct fc_frame *f = &p->frames[s->functions[i].frame];
		const char *name = fc_profile_str(p, f->name);
		const char *url = fc_profile_str(p, f->url);

		fputs("    ", out);
		print_amount(out, p, timed, s->functions[i].self_us);
		fprintf(out, " %5.1f%% ", pct(s->functions[i].self_us, s->sampled_us));
		print_amount(out, p, timed, s->functions[i].total_us);
		fprintf(out, "  %-6s  %s", fc_tier_name(f->tier), name[0] ? name : "(anonymous)");
		if (url[0]) {
			fprintf(out, "  %s", url);
			if (f->line >= 0)
				fprintf(out, ":%d", fc_pos_shown(f->line));
		}
		fputc('\n', out);
	}
}

int fc_cmd_info(const struct fc_cli *cli)
{
	struct fc_import_options opts = fc_cli_import_options(cli);
	struct fc_select sel = { .thread = cli->thread, .pid = cli->pid };
	char available[400] = "";
	size_t selected = 0, imported = 0, top = cli->top ? cli->top : TOP_FUNCTIONS;
	json_t *profiles = cli->json ? json_array() : NULL;
	int rc = FC_EXIT_OK;
	size_t i, j, k;
	bool first = true;

	for (i = 0; i < cli->n_inputs; i++) {
		struct fc_profile_set set;
		struct fc_error err;

		fc_profile_set_init(&set);
		if (!fc_import_file(cli->inputs[i], &opts, &set, &err)) {
			fc_log_error(&err);
			if (rc == FC_EXIT_OK)
				rc = (int)fc_error_exit_code(err.code);
			/* a failure after profiles were made (--strict and a
			 * source map) leaves the set's array behind */
			fc_profile_set_finish(&set);
			continue;
		}
		fc_log_profile_warnings(cli, &set);
		imported++;
		if (fc_select_active(&sel)) {
			fc_select_describe(&set, available, sizeof(available));
			selected += fc_select_filter(&set, &sel);
		}
		/* the scope transforms (docs/scope.md), as render applies them */
		if (!fc_scope_apply(&set, &cli->scope, &err)) {
			fc_log_error(&err);
			if (rc == FC_EXIT_OK)
				rc = (int)fc_error_exit_code(err.code);
			fc_profile_set_finish(&set);
			continue;
		}
		for (j = 0; j < set.count; j++) {
			struct fc_stats s;
			json_t *one = NULL;
			if (!fc_stats_compute_top(set.items[j], top, &s) ||
			    (cli->json &&
			     (!profiles || !(one = fc_cli_info_json(set.items[j], &s, top, cli)) ||
			      json_array_append_new(profiles, one) != 0))) {
				fc_log("out of memory");
				fc_stats_finish(&s);
				fc_profile_set_finish(&set);
				json_decref(profiles);
				return FC_EXIT_INTERNAL;
			}
			if (!cli->json && cli->compact) {
				if (!fc_cli_info_compact(stdout, set.items[j], &s, top,
							 cli->budget ? cli->budget : 4096)) {
					fc_log("out of memory");
					rc = FC_EXIT_INTERNAL;
				}
			} else if (!cli->json) {
				if (!first)
					fputc('\n', stdout);
				first = false;
				print_profile(stdout, set.items[j], &s, top);
				if (!fc_cli_info_tasks(stdout, set.items[j])) {
					fc_log("out of memory");
					rc = FC_EXIT_INTERNAL;
				}
				if (set.items[j]->has_time && !set.items[j]->timings &&
				    (!fc_cli_info_hot_lines(stdout, set.items[j], FC_NONE, top,
							    s.sampled_us) ||
				     !fc_cli_info_stacks(stdout, set.items[j], FC_STACKS_DEFAULT) ||
				     (cli->function &&
				      !fc_cli_info_functions(stdout, set.items[j], cli, top,
							     s.sampled_us)))) {
					fc_log("out of memory");
					rc = FC_EXIT_INTERNAL;
				}
				for (k = 0; k < set.items[j]->n_transforms; k++)
					printf("  scope         %s\n", set.items[j]->transforms[k]);
			}
			fc_stats_finish(&s);
		}
		fc_profile_set_finish(&set);
	}
	if (fc_select_active(&sel) && imported && !selected) {
		struct fc_error err;
		fc_error_init(&err);
		fc_select_error(&sel, available, &err);
		fc_log_error(&err);
		if (rc == FC_EXIT_OK)
			rc = FC_EXIT_USAGE;
	}
	if (profiles) {
		json_t *root = json_object();
		char *text = NULL;
		if (root && json_object_set_new(root, "version", json_integer(1)) == 0 &&
		    json_object_set(root, "profiles", profiles) == 0)
			text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER |
							JSON_REAL_PRECISION(12));
		json_decref(root);
		json_decref(profiles);
		if (!text) {
			fc_log("out of memory");
			return FC_EXIT_INTERNAL;
		}
		fputs(text, stdout);
		fputc('\n', stdout);
		free(text);
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		if (errno == EPIPE)
			return rc; /* the reader stopped early (| head): not an error */
		fc_log("<stdout>: write error");
		return FC_EXIT_OUTPUT;
	}
	return rc;
}
