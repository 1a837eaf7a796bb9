/* Fuzz target: a diff of many runs a side (docs/diff.md), where the memory
 * of every function x every run once grew. The input is folded stacks cut
 * into runs: a line "--" starts the next run (BASE and HEAD take turns), a
 * line "==" the next thread of the same run. Every run is compared, the
 * JSON, folded and Markdown outputs are written to /dev/null, and then:
 * every p-value is in [0, 1], every mean is finite and not negative, and
 * each side's functions' self times sum to its total. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "diff/diff.h"
#include "flamechart/import.h"
#include "harness.h"
#include "model/profile.h"

#define MAX_RUNS 256

/* The next piece of data[*at..size): up to a line "--" or "==" (its kind in
 * *sep: 0 at the end, '-' or '='), as [*start, *len). */
static void next_piece(const uint8_t *data, size_t size, size_t *at, size_t *start, size_t *len,
		       int *sep)
{
	size_t i = *at;

	*start = i;
	*sep = 0;
	while (i < size) {
		size_t e = i;
		while (e < size && data[e] != '\n')
			e++;
		if (e - i == 2 && data[i] == data[i + 1] && (data[i] == '-' || data[i] == '=')) {
			*len = i - *start;
			*sep = data[i];
			*at = e < size ? e + 1 : e;
			return;
		}
		i = e < size ? e + 1 : e;
	}
	*len = size - *start;
	*at = size;
}

static bool p_ok(double p)
{
	return p >= 0 && p <= 1;
}

static bool mean_ok(double us)
{
	return isfinite(us) && us >= 0;
}

static void check_items(const struct fc_diff_item *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		fuzz_check(p_ok(v[i].p_value), "p-value outside [0, 1]");
		fuzz_check(mean_ok(v[i].side[0].self_us) && mean_ok(v[i].side[1].self_us),
			   "self time per run not finite or negative");
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fc_import_options o = { .version = FC_IMPORT_OPTIONS_VERSION,
				       .format = FC_FORMAT_FOLDED,
				       .max_bytes = FUZZ_MAX_BYTES };
	struct fc_diff_options opts = { .alpha = 0.05, .min_change = 0.01 };
	struct fc_diff_input in[2];
	struct fc_diff d;
	struct fc_error err;
	struct fc_output out;
	size_t at = 0, start, len, i;
	int s, side = 0, sep = '-';
	bool new_run = true;

	memset(in, 0, sizeof(in));
	for (s = 0; s < 2; s++) {
		fc_profile_set_init(&in[s].set);
		in[s].scale = 1;
		/* the memory bound is checked as for files of these sizes */
		in[s].input_sized = true;
		in[s].path = strdup(s ? "head" : "base");
		in[s].runs = calloc(MAX_RUNS, sizeof(*in[s].runs));
		fuzz_check(in[s].path && in[s].runs, "allocation");
	}
	while (at < size) {
		struct fc_diff_input *x;
		size_t before;
		next_piece(data, size, &at, &start, &len, &sep);
		if (new_run && in[0].n_runs + in[1].n_runs > 0)
			side ^= 1;
		x = &in[side];
		if (new_run && x->n_runs == MAX_RUNS)
			break;
		before = x->set.count;
		x->input_bytes += len;
		fc_error_init(&err);
		if (fc_import_memory("fuzz.folded", data + start, len, &o, &x->set, &err) &&
		    x->set.count > before) {
			if (new_run || !x->n_runs) {
				struct fc_diff_run *r = &x->runs[x->n_runs++];
				r->label = strdup("run");
				r->first = before;
				fuzz_check(r->label != NULL, "allocation");
			}
			x->runs[x->n_runs - 1].n = x->set.count - x->runs[x->n_runs - 1].first;
		}
		new_run = sep != '=';
	}
	if (!in[0].n_runs || !in[1].n_runs) {
		for (s = 0; s < 2; s++) {
			memset(&d, 0, sizeof(d));
			d.side[s] = in[s];
			fc_diff_finish(&d);
		}
		return 0;
	}
	fc_error_init(&err);
	fuzz_check(fc_diff_compute(&d, &in[0], &in[1], &opts, &err), "compute");
	fuzz_check(fc_output_open(&out, "/dev/null", &err), "open /dev/null");
	fuzz_check(fc_diff_write_json(&d, &out, &err), "json");
	fuzz_check(fc_diff_write_folded(&d, &out, &err), "folded");
	fuzz_check(fc_diff_write_md(&d, 3, NULL, 4000, &out, &err), "markdown");
	fuzz_check(fc_output_commit(&out, &err), "commit");
	check_items(d.functions, d.n_functions);
	check_items(d.tiers, d.n_tiers);
	check_items(d.packages, d.n_packages);
	check_items(d.threads, d.n_threads);
	check_items(&d.total, 1);
	for (i = 0; i < d.n_nodes; i++)
		fuzz_check(p_ok(d.node_p[i]), "a path's p-value outside [0, 1]");
	for (s = 0; s < 2; s++) {
		double sum = 0, total = d.total.side[s].self_us;
		for (i = 0; i < d.n_functions; i++)
			sum += d.functions[i].side[s].self_us;
		fuzz_check(fabs(sum - total) <= 1e-6 * (1 + total),
			   "functions' self times do not sum to the total");
	}
	fc_diff_finish(&d);
	return 0;
}
