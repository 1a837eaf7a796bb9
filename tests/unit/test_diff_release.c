/* The diff stage leaves the heap to its caller: it never trims it
 * (malloc_trim, counted by wrapping it at link time with -Wl,--wrap), and
 * calls fc_diff_options.release instead each time FC_DIFF_RELEASE_BYTES of
 * the runs' graphs have been summed and freed; the CLI trims there
 * (docs/diff.md). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "diff/diff.h"
#include "flamechart/import.h"
#include "model/profile.h"

int __real_malloc_trim(size_t pad);
int __wrap_malloc_trim(size_t pad);

static int trims;

int __wrap_malloc_trim(size_t pad)
{
	trims++;
	return __real_malloc_trim(pad);
}

#define RUNS 6         /* a side */
#define FUNCTIONS 2500 /* a run's distinct functions, each on its own stack */

/* A side of folded runs, each with FUNCTIONS distinct functions (their
 * names long enough that a side's graphs pass FC_DIFF_RELEASE_BYTES). */
static void side(struct fc_diff_input *in, const char *path, int shift)
{
	struct fc_import_options io = { .version = FC_IMPORT_OPTIONS_VERSION,
					.format = FC_FORMAT_FOLDED };
	size_t cap = (size_t)FUNCTIONS * 1100, r;
	char *text = malloc(cap);
	struct fc_error err;

	assert_non_null(text);
	fc_error_init(&err);
	memset(in, 0, sizeof(*in));
	fc_profile_set_init(&in->set);
	in->scale = 1;
	in->path = strdup(path);
	in->runs = calloc(RUNS, sizeof(*in->runs));
	assert_non_null(in->runs);
	for (r = 0; r < RUNS; r++) {
		size_t len = 0;
		int f;
		for (f = 0; f < FUNCTIONS; f++)
			len += (size_t)snprintf(text + len, cap - len, "main;fn_%d_%01000d %d\n", f,
						f, 1 + (f + shift + (int)r) % 7);
		in->runs[r].label = strdup("run");
		in->runs[r].first = in->set.count;
		assert_true(fc_import_memory("run.folded", text, len, &io, &in->set, &err));
		in->runs[r].n = 1;
	}
	in->n_runs = RUNS;
	free(text);
}

static void count_release(void *ctx)
{
	(*(int *)ctx)++;
}

static void compare(void (*release)(void *), int *released)
{
	struct fc_diff_options o = {
		.alpha = 0.05, .min_change = 0.01, .release = release, .release_ctx = released
	};
	struct fc_diff_input in[2];
	struct fc_diff d;
	struct fc_error err;

	side(&in[0], "base", 0);
	side(&in[1], "head", 3);
	fc_error_init(&err);
	assert_true(fc_diff_compute(&d, &in[0], &in[1], &o, &err));
	assert_true(d.n_functions >= FUNCTIONS);
	fc_diff_finish(&d);
}

/* no hook: the heap is not trimmed behind the caller's back */
static void test_no_trim(void **state)
{
	(void)state;
	trims = 0;
	compare(NULL, NULL);
	assert_int_equal(trims, 0);
}

/* with the hook: called in steps as the graphs go (12 runs of ~2.6 MB of
 * names: at least one step) and at the end, and still no trim */
static void test_release_hook(void **state)
{
	int released = 0;

	(void)state;
	trims = 0;
	compare(count_release, &released);
	assert_true(released >= 3);
	assert_int_equal(trims, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_no_trim),
		cmocka_unit_test(test_release_hook),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
