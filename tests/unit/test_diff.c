/* flamechart diff: the function key, the statistics (against values from
 * tests/data/diff/stats-reference.js, which integrates the densities
 * numerically instead of using the incomplete beta), the --fail-on parser,
 * and a whole comparison of two tiny profiles with its Markdown under a
 * budget. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "diff/align.h"
#include "diff/internal.h"
#include "diff/diff.h"
#include "flamechart/import.h"
#include "model/profile.h"

static void near_rel(double got, double want, double rel)
{
	if (!(fabs(got - want) <= rel * fabs(want))) {
		fail_msg("got %.12g, want %.12g (relative %g)", got, want, rel);
	}
}

static void test_key_path(void **state)
{
	char out[256];
	const char *strip[] = { "/builds/ci/", "/srv/x" };
	(void)state;

	/* app scripts: the side's common directory goes */
	fc_diff_key_path("file:///home/me/proj/src/app.js", "/home/me/proj/", NULL, 0, out,
			 sizeof(out));
	assert_string_equal(out, "src/app.js");
	fc_diff_key_path("/ci/work/proj/src/app.js", "/ci/work/proj/", NULL, 0, out, sizeof(out));
	assert_string_equal(out, "src/app.js");
	/* dependencies: after the last node_modules/ */
	fc_diff_key_path("file:///a/node_modules/x/node_modules/lodash/index.js", "/a/", NULL, 0,
			 out, sizeof(out));
	assert_string_equal(out, "lodash/index.js");
	fc_diff_key_path("file:///a/node_modules/@scope/pkg/lib.js", NULL, NULL, 0, out,
			 sizeof(out));
	assert_string_equal(out, "@scope/pkg/lib.js");
	/* "my_node_modules/" is not node_modules */
	fc_diff_key_path("/a/my_node_modules/b.js", "/a/", NULL, 0, out, sizeof(out));
	assert_string_equal(out, "my_node_modules/b.js");
	/* node's own and other URLs are kept */
	fc_diff_key_path("node:internal/modules/cjs/loader", "/a/", NULL, 0, out, sizeof(out));
	assert_string_equal(out, "node:internal/modules/cjs/loader");
	fc_diff_key_path("https://example.com/app.js", "/a/", NULL, 0, out, sizeof(out));
	assert_string_equal(out, "https://example.com/app.js");
	fc_diff_key_path("", "/a/", NULL, 0, out, sizeof(out));
	assert_string_equal(out, "");
	/* --strip-prefix first, with or without the trailing slash */
	fc_diff_key_path("file:///builds/ci/pkg/a.js", "/builds/", strip, 2, out, sizeof(out));
	assert_string_equal(out, "pkg/a.js");
	fc_diff_key_path("/srv/x/y/node_modules/q/a.js", NULL, strip, 2, out, sizeof(out));
	assert_string_equal(out, "y/node_modules/q/a.js");
	/* truncated to the buffer */
	fc_diff_key_path("/a/abcdef.js", "/a/", NULL, 0, out, 5);
	assert_string_equal(out, "abcd");

	assert_true(fc_diff_is_app_script("file:///x/a.js"));
	assert_true(fc_diff_is_app_script("/x/a.js"));
	assert_false(fc_diff_is_app_script("/x/node_modules/a/b.js"));
	assert_false(fc_diff_is_app_script("node:fs"));
	assert_false(fc_diff_is_app_script(""));

	assert_int_equal(fc_diff_common_dir("/a/b/c.js", 9, "/a/b/d.js"), 5);
	assert_int_equal(fc_diff_common_dir("/a/bc/x.js", 10, "/a/bd/x.js"), 3);
	assert_int_equal(fc_diff_common_dir("/a/b/c.js", 9, "/a/b/c.js"), 5);
	assert_int_equal(fc_diff_common_dir("a.js", 4, "b.js"), 0);
}

static void test_welch(void **state)
{
	static const double a1[] = { 10, 12, 11, 13, 12 }, b1[] = { 14, 15, 13, 16, 15 };
	static const double a2[] = { 100, 102, 98, 101 }, b2[] = { 99, 103, 100, 98, 102, 101 };
	static const double a3[] = { 1.5, 2.5, 2.0 }, b3[] = { 2.0, 3.5, 5.0, 4.5 };
	static const double a4[] = { 201.6, 199.7, 207.6, 194.8, 195.3, 228.4, 203.3, 207.8 };
	static const double b4[] = { 320.8, 318.6, 330.0, 323.3, 341.0, 346.8, 333.9, 328.2 };
	static const double same[] = { 5, 5, 5 }, other[] = { 6, 6, 6 };
	double t, df, p;
	(void)state;

	p = fc_diff_welch(a1, 5, b1, 5, &t, &df);
	near_rel(t, 4.160251472, 1e-8);
	near_rel(df, 8.0, 1e-8);
	near_rel(p, 0.0031641238, 1e-6);
	p = fc_diff_welch(a2, 4, b2, 6, &t, &df);
	near_rel(t, 0.2182178902, 1e-8);
	near_rel(df, 7.023121387, 1e-8);
	near_rel(p, 0.83346459, 1e-6);
	p = fc_diff_welch(a3, 3, b3, 4, &t, &df);
	near_rel(t, 2.424871131, 1e-8);
	near_rel(df, 4.032258065, 1e-8);
	near_rel(p, 0.071871545, 1e-6);
	/* the reference's integral loses digits this far out: 1e-11 absolute */
	p = fc_diff_welch(a4, 8, b4, 8, &t, &df);
	near_rel(t, 24.39087837, 1e-8);
	near_rel(df, 13.90554738, 1e-8);
	assert_true(fabs(p - 7.6172402e-13) < 1e-11);
	/* a decrease has the same p */
	near_rel(fc_diff_welch(b1, 5, a1, 5, &t, NULL), 0.0031641238, 1e-6);
	near_rel(t, -4.160251472, 1e-8);
	/* no spread */
	assert_true(fc_diff_welch(same, 3, same, 3, NULL, NULL) == 1);
	assert_true(fc_diff_welch(same, 3, other, 3, NULL, NULL) == 0);
	/* one run: no test */
	assert_true(fc_diff_welch(a1, 1, b1, 5, NULL, NULL) == 1);
}

static void test_proportions(void **state)
{
	double z;
	(void)state;

	near_rel(fc_diff_two_proportions(30, 1000, 45, 1000, &z), 0.077484865, 1e-6);
	near_rel(z, 1.765469659, 1e-8);
	near_rel(fc_diff_two_proportions(200, 2290, 330, 3300, &z), 0.11197282, 1e-6);
	near_rel(z, 1.589388028, 1e-8);
	near_rel(fc_diff_two_proportions(5, 100, 5, 120, &z), 0.76763607, 1e-6);
	near_rel(z, -0.2954684201, 1e-8);
	assert_true(fc_diff_two_proportions(0, 100, 0, 100, NULL) == 1);
	assert_true(fc_diff_two_proportions(1, 0, 1, 10, NULL) == 1);
	/* the incomplete beta at its edges and at a value known in closed
	 * form: I_x(1, 1) = x, I_x(a, 1) = x^a */
	assert_true(fc_diff_incbeta(2, 3, 0) == 0);
	assert_true(fc_diff_incbeta(2, 3, 1) == 1);
	near_rel(fc_diff_incbeta(1, 1, 0.3), 0.3, 1e-12);
	near_rel(fc_diff_incbeta(2.5, 1, 0.6), pow(0.6, 2.5), 1e-12);
	near_rel(fc_diff_t_tail(0, 5), 1, 1e-12);
	assert_true(fc_diff_t_tail(INFINITY, 5) == 0);
}

static void test_rules(void **state)
{
	struct fc_diff_rule r;
	struct fc_error err;
	static const char *const bad[] = {
		"",           "self",        "self>",        "self>+10",
		"self>+10kg", "selfish>+1%", "tier:cpu>+1%", "package:>+1%",
		"total>abc%", "total>-200%", "x:y>1%",       "self>+ 10%",
	};
	size_t i;
	(void)state;

	fc_error_init(&err);
	assert_true(fc_diff_rule_parse("total>+5%", &r, &err));
	assert_int_equal(r.subject, FC_RULE_TOTAL);
	assert_true(r.percent && !r.less && r.value == 5);
	fc_diff_rule_finish(&r);
	assert_true(fc_diff_rule_parse("self>+20ms", &r, &err));
	assert_int_equal(r.subject, FC_RULE_SELF);
	assert_true(!r.percent && r.value == 20);
	fc_diff_rule_finish(&r);
	assert_true(fc_diff_rule_parse("self>0.5s", &r, &err));
	assert_true(r.value == 500);
	fc_diff_rule_finish(&r);
	assert_true(fc_diff_rule_parse("self>1500us", &r, &err));
	assert_true(r.value == 1.5);
	fc_diff_rule_finish(&r);
	/* heap profiles: bytes, powers of 1000 (and 1024 for the -iB units) */
	assert_true(fc_diff_rule_parse("self>+10MB", &r, &err));
	assert_true(r.bytes && !r.percent && r.value == 10000000);
	fc_diff_rule_finish(&r);
	assert_true(fc_diff_rule_parse("self>512kB", &r, &err));
	assert_true(r.bytes && r.value == 512000);
	fc_diff_rule_finish(&r);
	assert_true(fc_diff_rule_parse("total<-2MiB", &r, &err));
	assert_true(r.bytes && r.less && r.value == -2097152);
	fc_diff_rule_finish(&r);
	assert_false(fc_diff_rule_parse("self>+10mb", &r, &err));
	assert_true(fc_diff_rule_parse("package:lodash>+2%", &r, &err));
	assert_int_equal(r.subject, FC_RULE_PACKAGE);
	assert_string_equal(r.name, "lodash");
	assert_string_equal(r.text, "package:lodash>+2%");
	fc_diff_rule_finish(&r);
	assert_true(fc_diff_rule_parse("package:@scope/pkg>+2%", &r, &err));
	assert_string_equal(r.name, "@scope/pkg");
	fc_diff_rule_finish(&r);
	assert_true(fc_diff_rule_parse("tier:gc>+25%", &r, &err));
	assert_int_equal(r.subject, FC_RULE_TIER);
	assert_string_equal(r.name, "gc");
	fc_diff_rule_finish(&r);
	assert_true(fc_diff_rule_parse("total<-10%", &r, &err));
	assert_true(r.less && r.value == -10);
	fc_diff_rule_finish(&r);
	fc_diff_rule_finish(&r); /* twice is harmless */
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		fc_error_init(&err);
		if (fc_diff_rule_parse(bad[i], &r, &err))
			fail_msg("'%s' parsed", bad[i]);
		assert_int_equal(err.code, FC_ERR_USAGE);
		assert_non_null(strstr(err.text, "--fail-on"));
	}
}

/* A profile with one function per (name, self samples), all under main. */
static char *profile_json(const char *url, const char *const *names, const int *counts, size_t n)
{
	char *s = malloc(65536);
	size_t len = 0, i, total = 0;
	int k;

	len += (size_t)sprintf(
		s + len,
		"{\"nodes\":[{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\","
		"\"scriptId\":\"0\",\"url\":\"\",\"lineNumber\":-1,\"columnNumber\":-1},"
		"\"children\":[2]},{\"id\":2,\"callFrame\":{\"functionName\":\"main\","
		"\"scriptId\":\"1\",\"url\":\"%s/main.js\",\"lineNumber\":0,"
		"\"columnNumber\":0},\"children\":[",
		url);
	for (i = 0; i < n; i++)
		len += (size_t)sprintf(s + len, "%s%zu", i ? "," : "", i + 3);
	len += (size_t)sprintf(s + len, "]}");
	for (i = 0; i < n; i++)
		len += (size_t)sprintf(
			s + len,
			",{\"id\":%zu,\"callFrame\":{\"functionName\":\"%s\","
			"\"scriptId\":\"1\",\"url\":\"%s/lib/f.js\",\"lineNumber\":%zu,"
			"\"columnNumber\":2}}",
			i + 3, names[i], url, 10 * i + (strstr(url, "/ci/") ? 7 : 0));
	len += (size_t)sprintf(s + len, "],\"samples\":[");
	for (i = 0; i < n; i++)
		for (k = 0; k < counts[i]; k++)
			len += (size_t)sprintf(s + len, "%s%zu", total++ ? "," : "", i + 3);
	len += (size_t)sprintf(s + len, "],\"timeDeltas\":[");
	for (i = 0; i < total; i++)
		len += (size_t)sprintf(s + len, "%s1000", i ? "," : "");
	sprintf(s + len, "],\"startTime\":0,\"endTime\":%zu}", total * 1000);
	return s;
}

static void side(struct fc_diff_input *in, const char *path, const char *url, const int *counts)
{
	static const char *const names[] = { "alpha", "beta", "(anonymous)", "" };
	char *json = profile_json(url, names, counts, 4);
	struct fc_import_options io = FC_IMPORT_OPTIONS_INIT;
	struct fc_error err;

	fc_error_init(&err);
	memset(in, 0, sizeof(*in));
	fc_profile_set_init(&in->set);
	in->scale = 1;
	in->path = strdup(path);
	assert_true(fc_import_memory(path, json, strlen(json), &io, &in->set, &err));
	in->runs = calloc(1, sizeof(*in->runs));
	in->runs[0].label = strdup(path);
	in->runs[0].n = 1;
	in->n_runs = 1;
	free(json);
}

static const struct fc_diff_item *find(const struct fc_diff *d, const char *name)
{
	size_t i;
	for (i = 0; i < d->n_functions; i++)
		if (strcmp(d->functions[i].name, name) == 0)
			return &d->functions[i];
	return NULL;
}

/* Two checkouts in different places with lines moved (7 lines more above
 * every function in HEAD): every function is matched, anonymous ones by
 * their place in HEAD's lines (line 20 and 30 in BASE, 0-based, are 28 and
 * 38 in HEAD, 1-based). */
static void test_compare(void **state)
{
	static const int base[] = { 100, 100, 50, 20 }, head[] = { 300, 100, 50, 20 };
	struct fc_diff_input b, h;
	struct fc_diff_options o = { .alpha = 0.05, .min_change = 0.01 };
	struct fc_diff d;
	struct fc_error err;
	const struct fc_diff_item *x;
	struct fc_diff_rule *rules = calloc(2, sizeof(*rules));
	(void)state;

	fc_error_init(&err);
	side(&b, "base", "file:///home/me/proj", base);
	side(&h, "head", "file:///ci/checkout/proj", head);
	assert_true(fc_diff_compute(&d, &b, &h, &o, &err));
	assert_string_equal(d.test, "two-proportion");
	assert_string_equal(d.side[0].app_prefix, "/home/me/proj/");
	assert_string_equal(d.side[1].app_prefix, "/ci/checkout/proj/");
	/* main, alpha, beta, two anonymous, (root) is not a function */
	assert_int_equal(d.n_functions, 5);
	x = find(&d, "alpha");
	assert_non_null(x);
	assert_string_equal(x->file, "lib/f.js");
	assert_true(x->in_base && x->in_head);
	assert_true(fabs(fc_diff_delta_self(x) - 200000) < 1);
	assert_true(x->significant);
	x = find(&d, "(anonymous 28:3)");
	assert_non_null(x);
	assert_true(x->in_base && x->in_head && !x->significant);
	x = find(&d, "(anonymous 38:3)");
	assert_non_null(x);
	assert_true(x->in_base && x->in_head);
	x = find(&d, "beta");
	assert_true(x->in_base && x->in_head && fabs(fc_diff_delta_self(x)) < 1);
	assert_true(fc_diff_rule_parse("self>+50%", &rules[0], &err));
	assert_true(fc_diff_rule_parse("self>+300ms", &rules[1], &err));
	assert_true(fc_diff_evaluate(&d, rules, 2, &err));
	assert_true(d.rules[0].crossed && !d.rules[1].crossed && d.failed);
	assert_non_null(strstr(d.rules[0].why, "alpha (lib/f.js)"));
	/* the Markdown stays within its budget */
	{
		char path[] = "/tmp/fc-test-diff-XXXXXX";
		int fd = mkstemp(path);
		struct fc_output out;
		FILE *f;
		long size;
		assert_true(fd >= 0);
		close(fd);
		assert_true(fc_output_open(&out, path, &err));
		assert_true(
			fc_diff_write_md(&d, 10, "https://example.com/d.png", 1500, &out, &err));
		assert_true(fc_output_commit(&out, &err));
		f = fopen(path, "rb");
		assert_non_null(f);
		fseek(f, 0, SEEK_END);
		size = ftell(f);
		fclose(f);
		unlink(path);
		assert_true(size > 200 && size <= 1500);
	}
	fc_diff_finish(&d);
	fc_diff_finish(&d);
}

/* An anonymous function sampled on one side only leaves the others' keys
 * alone: BASE never hit the first anonymous function (line 20), and the
 * second (line 30) is still the same function on both sides. Keyed by order
 * among the sampled ones, it would be the first in BASE and the second in
 * HEAD: "new" in one, "only in BASE" in the other. */
static void test_anonymous_sampled_one_side(void **state)
{
	static const int base[] = { 100, 100, 0, 20 }, head[] = { 100, 100, 50, 20 };
	struct fc_diff_input b, h;
	struct fc_diff_options o = { .alpha = 0.05, .min_change = 0.01 };
	struct fc_diff d;
	struct fc_error err;
	const struct fc_diff_item *x;
	(void)state;

	fc_error_init(&err);
	side(&b, "base", "file:///home/me/proj", base);
	side(&h, "head", "file:///ci/checkout/proj", head);
	assert_true(fc_diff_compute(&d, &b, &h, &o, &err));
	x = find(&d, "(anonymous 38:3)");
	assert_non_null(x);
	assert_true(x->in_base && x->in_head && fabs(fc_diff_delta_self(x)) < 1);
	x = find(&d, "(anonymous 28:3)");
	assert_non_null(x);
	assert_true(!x->in_base && x->in_head);
	assert_int_equal(d.n_functions, 5);
	fc_diff_finish(&d);
}

/* A BASE line in HEAD's lines: moved as the nearest named function above it
 * moved, the file's first when none is above, not at all in a file without
 * one, and never line 0 (the script's own code). */
static void test_moves_line(void **state)
{
	struct fc_diff_move v[] = { { "a.js", 10, 3 }, { "a.js", 50, -2 }, { "b.js", 5, 1 } };
	struct fc_diff_moves m = { v, 3 };
	(void)state;

	assert_int_equal(fc_diff_moves_line(&m, "a.js", 10), 13);
	assert_int_equal(fc_diff_moves_line(&m, "a.js", 20), 23);
	assert_int_equal(fc_diff_moves_line(&m, "a.js", 49), 52);
	assert_int_equal(fc_diff_moves_line(&m, "a.js", 60), 58);
	assert_int_equal(fc_diff_moves_line(&m, "a.js", 4), 7);
	assert_int_equal(fc_diff_moves_line(&m, "a.js", 0), 0);
	assert_int_equal(fc_diff_moves_line(&m, "b.js", 900), 901);
	assert_int_equal(fc_diff_moves_line(&m, "c.js", 20), 20);
	assert_int_equal(fc_diff_moves_line(&m, "a.js", -1), -1);
}

/* The answer names the largest significant regression and counts the
 * others; else the largest improvement; else no change; a rule crossed by
 * a total with no function: the rule. */
static void test_answer(void **state)
{
	struct fc_diff_item f[4];
	struct fc_diff_rule rule = { .text = "total>+5%", .crossed = true };
	struct fc_diff d;
	struct fc_diff_answer a;
	char out[256];
	(void)state;

	memset(&d, 0, sizeof(d));
	memset(f, 0, sizeof(f));
	f[0] = (struct fc_diff_item){ .name = "small",
				      .file = "a.js",
				      .thread = -1,
				      .significant = true,
				      .side[1].self_us = 20000 };
	f[1] = (struct fc_diff_item){ .name = "normalizeRecord",
				      .file = "src/parse.js",
				      .thread = 1,
				      .significant = true,
				      .side[1].self_us = 338624 + 320000 };
	f[2] = (struct fc_diff_item){
		.name = "noise", .file = "a.js", .thread = -1, .side[1].self_us = 900000
	};
	f[3] = (struct fc_diff_item){ .name = "faster",
				      .file = "",
				      .thread = -1,
				      .significant = true,
				      .side[1].self_us = 468571 - 164000 };
	f[1].side[0].self_us = 338624; /* +94.5% */
	f[3].side[0].self_us = 468571; /* -35.0% */
	d.functions = f;
	d.n_functions = 4;
	fc_diff_answer(&d, &a);
	fc_diff_answer_text(&a, false, out, sizeof(out));
	assert_string_equal(out, "regression: normalizeRecord (src/parse.js, thread 2) +320 ms "
				 "(+94.5%), 1 more");
	/* for an image's header: the file's base name, a long name cut */
	fc_diff_answer_text(&a, true, out, sizeof(out));
	assert_string_equal(out, "regression: normalizeRecord (parse.js, thread 2) +320 ms "
				 "(+94.5%), 1 more");
	f[1].name = "aVeryLongFunctionNameThatGoesOnAndOnForMoreThanFortyBytes";
	fc_diff_answer_text(&a, true, out, sizeof(out));
	assert_string_equal(out, "regression: aVeryLongFunctionNameThatGoesOnAndOnForM\xe2\x80\xa6 "
				 "(parse.js, thread 2) +320 ms (+94.5%), 1 more");
	f[1].name = "normalizeRecord";
	f[0].significant = f[1].significant = false;
	fc_diff_answer(&d, &a);
	fc_diff_answer_text(&a, false, out, sizeof(out));
	assert_string_equal(out, "improvement: faster \xe2\x88\x92"
				 "164 ms (\xe2\x88\x92"
				 "35.0%)");
	f[3].significant = false;
	fc_diff_answer(&d, &a);
	fc_diff_answer_text(&a, false, out, sizeof(out));
	assert_string_equal(out, "no significant change");
	assert_int_equal(a.kind, FC_DIFF_ANSWER_NONE);
	d.rules = &rule;
	d.n_rules = 1;
	d.failed = true;
	fc_diff_answer(&d, &a);
	fc_diff_answer_text(&a, false, out, sizeof(out));
	assert_string_equal(out, "regression: --fail-on 'total>+5%' crossed");
	assert_int_equal(a.kind, FC_DIFF_ANSWER_REGRESSION);
}

/* A side of folded runs, each "main;g N" (g only where N > 0) beside
 * "main;h 5", as the command line would load them. */
static void folded_side(struct fc_diff_input *in, const char *path, const int *g, size_t n)
{
	struct fc_import_options io = { .version = FC_IMPORT_OPTIONS_VERSION,
					.format = FC_FORMAT_FOLDED };
	struct fc_error err;
	size_t r;

	fc_error_init(&err);
	memset(in, 0, sizeof(*in));
	fc_profile_set_init(&in->set);
	in->scale = 1;
	in->path = strdup(path);
	in->runs = calloc(n, sizeof(*in->runs));
	for (r = 0; r < n; r++) {
		char text[64];
		int len = g[r] ? snprintf(text, sizeof(text), "main;g %d\nmain;h 5\n", g[r])
			       : snprintf(text, sizeof(text), "main;h 5\n");
		in->runs[r].label = strdup("run");
		in->runs[r].first = in->set.count;
		assert_true(fc_import_memory("run.folded", text, (size_t)len, &io, &in->set, &err));
		in->runs[r].n = 1;
	}
	in->n_runs = n;
}

/* Runs are kept only where a function has time: its test is the test of
 * every run's value, 0 where it is absent (Welch's on the full arrays). */
static void test_sparse_runs(void **state)
{
	static const int base[] = { 3, 0, 4, 0, 0, 2 }, head[] = { 0, 9, 7, 0, 11 };
	double vb[6], vh[5], t, p;
	struct fc_diff_options o = { .alpha = 0.05, .min_change = 0.01 };
	struct fc_diff_input in[2];
	struct fc_diff d;
	struct fc_error err;
	const struct fc_diff_item *g = NULL;
	size_t i;

	(void)state;
	for (i = 0; i < 6; i++)
		vb[i] = base[i];
	for (i = 0; i < 5; i++)
		vh[i] = head[i];
	p = fc_diff_welch(vb, 6, vh, 5, &t, NULL);
	folded_side(&in[0], "base", base, 6);
	folded_side(&in[1], "head", head, 5);
	fc_error_init(&err);
	assert_true(fc_diff_compute(&d, &in[0], &in[1], &o, &err));
	g = find(&d, "g");
	assert_non_null(g);
	assert_string_equal(d.test, "welch");
	assert_true(fabs(g->p_value - p) <= 1e-12 * p);
	assert_true(fabs(g->stat - t) <= 1e-12 * fabs(t));
	assert_true(fabs(g->side[0].self_us - 1.5) < 1e-12 &&
		    fabs(g->side[1].self_us - 5.4) < 1e-12);
	fc_diff_finish(&d);
}

/* A run's values: what follows fc_diff_run_start is a new run's, what
 * does not adds to the current one, and a list's moments count the runs
 * it does not name as 0. */
static void test_run_values(void **state)
{
	struct run_values rv = { 0 };
	struct run_list a = FC_DIFF_NO_RUNS, b = FC_DIFF_NO_RUNS;
	double sum, mean, var;

	(void)state;
	/* run 0: a gets 1 + 2, b 4; run 1: nothing; run 2: a 6 */
	fc_diff_run_start(&rv);
	assert_true(fc_diff_run_add(&rv, &a, 1));
	assert_true(fc_diff_run_add(&rv, &b, 4));
	assert_true(fc_diff_run_add(&rv, &a, 2));
	fc_diff_run_start(&rv);
	fc_diff_run_start(&rv);
	assert_true(fc_diff_run_add(&rv, &a, 6));
	assert_true(fc_diff_run_add(&rv, &b, 0)); /* no time: nothing kept */
	assert_int_equal(rv.n, 3);
	/* a: 3, 0, 6; the list is left as it was, so twice the same */
	fc_diff_run_moments(&rv, a, 0, 3, 1, &sum, &mean, &var);
	assert_true(sum == 9 && mean == 3 && var == 9);
	fc_diff_run_moments(&rv, a, 0, 3, 1, &sum, &mean, &var);
	assert_true(sum == 9 && mean == 3 && var == 9);
	/* b: 4, 0, 0, scaled by 2 (a lone value counts only for an empty list) */
	fc_diff_run_moments(&rv, b, 7, 3, 2, &sum, &mean, &var);
	assert_true(fabs(sum - 8) < 1e-12 && fabs(var - 64.0 / 3) < 1e-12);
	/* nothing listed, one run's 5 of 2 runs: 5, 0 */
	fc_diff_run_moments(&rv, FC_DIFF_NO_RUNS, 5, 2, 1, &sum, &mean, &var);
	assert_true(sum == 5 && mean == 2.5 && var == 12.5);
	/* a value of its own even in the current run */
	assert_true(fc_diff_run_push(&rv, &b, 1));
	assert_int_equal(rv.n, 4);
	fc_diff_run_moments(&rv, b, 0, 3, 1, &sum, &mean, &var);
	assert_true(sum == 5);
	free(rv.us);
	free(rv.next);
}

/* The memory bound: what is counted against 8 x the files + 64 MiB, and
 * the message that names the side and the run; unchecked unless both
 * sides' sizes are known. */
static void test_bound(void **state)
{
	struct fc_diff_run runs[2] = { { .label = "r1.folded" }, { .label = "r2.folded" } };
	struct fc_diff_input base = { .path = "base",
				      .runs = runs,
				      .n_runs = 2,
				      .input_sized = true,
				      .input_bytes = 5 << 20 };
	struct fc_diff_input head = base;
	struct diff_count c = { 0 };
	struct fc_error err;

	(void)state;
	head.path = "head";
	/* 10 MiB of files: 144 MiB allowed, 16 MiB of it the program's */
	c.items = c.nodes = 700000; /* made: 700 000 x 170 bytes = 113.5 MiB */
	fc_error_init(&err);
	assert_true(fc_diff_within_bound(&c, &base, &head, FC_DIFF_HEAD, 1, "while summed", &err));
	c.items = c.nodes = 800000; /* 129.7 MiB, and a sixteenth: 137.8 + 16 > 144 */
	assert_false(fc_diff_within_bound(&c, &base, &head, FC_DIFF_HEAD, 1, "while summed", &err));
	assert_int_equal(err.code, FC_ERR_LIMIT);
	assert_string_equal(err.file, "head");
	assert_non_null(strstr(err.text,
			       "HEAD run 2 (r2.folded), while summed: 800000 distinct "
			       "functions and 800000 call paths so far from 10485760 bytes"));
	assert_non_null(strstr(err.text, "need about 154 MiB, more than the bound of 8 x the "
					 "input + 64 MiB (144 MiB)"));
	/* while summing, the graphs held count 5/4, the tables as touched */
	memset(&c, 0, sizeof(c));
	c.graphs = (uint64_t)80 << 20; /* 100 MiB, and a sixteenth: 106.25 + 16 < 144 */
	assert_true(fc_diff_within_bound(&c, &base, &head, FC_DIFF_BASE, 0, "while read", &err));
	c.table_bytes = (uint64_t)24 << 20; /* 124 MiB: 131.75 + 16 > 144 */
	fc_error_init(&err);
	assert_false(fc_diff_within_bound(&c, &base, &head, FC_DIFF_BASE, 0, "while read", &err));
	assert_string_equal(err.file, "base");
	assert_non_null(strstr(err.text, "BASE run 1 (r1.folded), while read: 0 distinct"));
	/* a side of unknown size (a pipe): not checked */
	head.input_sized = false;
	assert_true(fc_diff_within_bound(&c, &base, &head, FC_DIFF_BASE, 0, "while read", &err));
	/* a table's resident slots: a page an entry at most, its slots at most */
	{
		struct fc_map m = { 0 };
		assert_int_equal(fc_diff_table_bytes(&m), 0);
		assert_true(fc_map_reserve(&m, 100000));
		assert_int_equal(fc_diff_table_bytes(&m), 0);
		assert_true(fc_map_add(&m, 7, 1) && fc_map_add(&m, 9, 2));
		assert_int_equal(fc_diff_table_bytes(&m), 2 * 4096);
		for (uint32_t i = 3; i < 2000; i++)
			assert_true(fc_map_add(&m, i * 2654435761u, i));
		assert_int_equal(fc_diff_table_bytes(&m), (m.mask + 1) * 8);
		fc_map_finish(&m);
	}
}

/* Without the aligned tree (the JSON and the Markdown need none) every
 * function, tier and test is the same, and the writers that need the
 * tree, or its tests, refuse the comparison instead of writing nothing. */
static void test_no_paths(void **state)
{
	static const int base[] = { 3, 0, 4, 0, 0, 2 }, head[] = { 0, 9, 7, 0, 11 };
	struct fc_diff_options o = { .alpha = 0.05, .min_change = 0.01 };
	struct fc_diff_input in[2];
	struct fc_diff d[3];
	struct fc_error err;
	struct fc_output out;
	struct fc_diff_image_options io = { .format = FC_DIFF_SVG };
	size_t i, k;

	(void)state;
	fc_error_init(&err);
	for (k = 0; k < 3; k++) {
		/* everything; no tests of the paths; no paths */
		o.no_path_tests = k >= 1;
		o.no_paths = k == 2;
		folded_side(&in[0], "base", base, 6);
		folded_side(&in[1], "head", head, 5);
		assert_true(fc_diff_compute(&d[k], &in[0], &in[1], &o, &err));
	}
	assert_true(d[0].n_nodes > 0 && d[0].node_p && d[0].node_significant);
	assert_true(d[1].n_nodes == d[0].n_nodes && !d[1].node_p);
	assert_true(d[2].n_nodes == 0);
	for (k = 1; k < 3; k++) {
		assert_int_equal(d[k].n_functions, d[0].n_functions);
		for (i = 0; i < d[0].n_functions; i++) {
			const struct fc_diff_item *x = &d[0].functions[i], *y = &d[k].functions[i];
			assert_string_equal(x->name, y->name);
			assert_true(x->side[0].self_us == y->side[0].self_us &&
				    x->side[1].total_us == y->side[1].total_us &&
				    x->p_value == y->p_value && x->significant == y->significant);
		}
		assert_false(fc_diff_write_image(&d[k], &io, "/dev/null", &err));
		assert_int_equal(err.code, FC_ERR_INVALID);
		fc_error_init(&err);
	}
	assert_true(fc_output_open(&out, "/dev/null", &err));
	assert_false(fc_diff_write_folded(&d[2], &out, &err));
	assert_int_equal(err.code, FC_ERR_INVALID);
	assert_non_null(strstr(err.text, "no_paths"));
	fc_output_commit(&out, &err);
	for (k = 0; k < 3; k++)
		fc_diff_finish(&d[k]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_key_path),
		cmocka_unit_test(test_welch),
		cmocka_unit_test(test_proportions),
		cmocka_unit_test(test_rules),
		cmocka_unit_test(test_compare),
		cmocka_unit_test(test_anonymous_sampled_one_side),
		cmocka_unit_test(test_moves_line),
		cmocka_unit_test(test_answer),
		cmocka_unit_test(test_sparse_runs),
		cmocka_unit_test(test_run_values),
		cmocka_unit_test(test_no_paths),
		cmocka_unit_test(test_bound),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
