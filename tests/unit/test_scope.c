/* The scope transforms (src/transform/): each on a small hand-made tree,
 * given as folded stacks, whose result is written out below as folded
 * stacks too (every stack with weight, sorted); then the identity rules
 * (--merge-by, a url-less script told apart by its id), the option
 * patterns, and a 100 000-deep stack through every transform (no
 * recursion, linear time). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "flamechart/import.h"
#include "transform/scope.h"
#include "model/profile.h"

static struct fc_profile *load(const char *name, const char *text)
{
	struct fc_import_options io = FC_IMPORT_OPTIONS_INIT;
	struct fc_profile_set set;
	struct fc_profile *p;
	struct fc_error err;

	if (strstr(name, ".folded"))
		io.format = FC_FORMAT_FOLDED;
	fc_profile_set_init(&set);
	if (!fc_import_memory(name, text, strlen(text), &io, &set, &err))
		fail_msg("import: %s", err.text);
	assert_int_equal(set.count, 1);
	p = set.items[0];
	set.count = 0; /* the test owns it now */
	fc_profile_set_finish(&set);
	return p;
}

static int by_text(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The profile as folded stacks: "a;b;c W" per node with weight W, sorted,
 * one per line. Also checks the model's invariants (pre-order, depths). */
static char *folded(const struct fc_profile *p)
{
	double *w = calloc(p->n_nodes, sizeof(*w));
	char **lines = calloc(p->n_nodes, sizeof(*lines)), *out;
	size_t n = 0, len = 1, i;

	assert_non_null(w);
	assert_non_null(lines);
	for (i = 1; i < p->n_nodes; i++) {
		assert_true(p->node_parent[i] < i);
		assert_int_equal(p->node_depth[i], p->node_depth[p->node_parent[i]] + 1);
	}
	for (i = 0; i < p->n_samples; i++)
		w[p->sample_node[i]] += fc_profile_sample_duration(p, (uint32_t)i);
	for (i = 0; i < p->n_nodes; i++) {
		char path[1024] = "", tmp[1024];
		uint32_t k;
		if (w[i] <= 0)
			continue;
		for (k = (uint32_t)i; k != 0; k = p->node_parent[k]) {
			snprintf(tmp, sizeof(tmp), "%s%s%s",
				 fc_profile_str(p, fc_profile_node_frame(p, k)->name),
				 path[0] ? ";" : "", path);
			memcpy(path, tmp, sizeof(path));
		}
		snprintf(tmp, sizeof(tmp), "%s %g\n", i ? path : "(root)", w[i]);
		lines[n++] = strdup(tmp);
		len += strlen(tmp);
	}
	qsort(lines, n, sizeof(*lines), by_text);
	out = calloc(len, 1);
	assert_non_null(out);
	for (i = 0; i < n; i++) {
		strcat(out, lines[i]);
		free(lines[i]);
	}
	free(lines);
	free(w);
	return out;
}

static void expect_folded(const struct fc_profile *p, const char *want)
{
	char *got = folded(p);
	if (strcmp(got, want) != 0)
		fail_msg("got:\n%s\nexpected:\n%s", got, want);
	free(got);
}

static struct fc_scope_re *pattern(const char *re)
{
	struct fc_scope_re *list = NULL;
	struct fc_error err;

	if (!fc_scope_add_pattern(&list, "--test", re, &err))
		fail_msg("%s", err.text);
	return list;
}

static uint8_t *match(const struct fc_profile *p, const char *re)
{
	struct fc_scope s;
	uint8_t *m;

	fc_scope_init(&s);
	s.focus = pattern(re);
	m = fc_scope_match_frames(p, s.focus, FC_MATCH_NAME);
	assert_non_null(m);
	fc_scope_finish(&s);
	return m;
}

/* main calls parse (which recurses) and render; parse calls lex. */
static const char tree[] = "main;parse;lex 1\n"
			   "main;parse;parse;lex 2\n"
			   "main;parse;parse;parse 4\n"
			   "main;render;parse;lex 8\n"
			   "main;render 16\n"
			   "idle 32\n";

static void test_exclude(void **state)
{
	struct fc_profile *p = load("t.folded", tree);
	uint8_t *m = match(p, "^lex$");
	struct fc_error err;

	(void)state;
	assert_true(fc_scope_exclude(p, m, &err));
	/* stacks through lex go (their weight to the root: a gap) */
	expect_folded(p, "(root) 11\n"
			 "idle 32\n"
			 "main;parse;parse;parse 4\n"
			 "main;render 16\n");
	free(m);
	fc_profile_destroy(p);
}

static void test_focus(void **state)
{
	struct fc_profile *p = load("t.folded", tree);
	uint8_t *m = match(p, "^parse$");
	struct fc_error err;

	(void)state;
	assert_true(fc_scope_focus(p, m, &err));
	/* re-rooted at the outermost parse; the rest goes to the root */
	expect_folded(p, "(root) 48\n"
			 "parse;lex 9\n"
			 "parse;parse;lex 2\n"
			 "parse;parse;parse 4\n");
	free(m);
	fc_profile_destroy(p);
}

static void test_prune(void **state)
{
	struct fc_profile *p = load("t.folded", tree);
	uint8_t *m = match(p, "^parse$");
	struct fc_error err;

	(void)state;
	assert_true(fc_scope_prune(p, m, &err));
	/* parse and what it calls cut; the time stays in the caller */
	expect_folded(p, "idle 32\n"
			 "main 7\n"
			 "main;render 24\n");
	free(m);
	fc_profile_destroy(p);
}

static void test_collapse_direct(void **state)
{
	struct fc_profile *p = load("t.folded", tree);
	struct fc_error err;

	(void)state;
	assert_true(fc_scope_collapse_recursion(p, FC_RECURSION_DIRECT, &err));
	expect_folded(p, "idle 32\n"
			 "main;parse 4\n"
			 "main;parse;lex 3\n"
			 "main;render 16\n"
			 "main;render;parse;lex 8\n");
	fc_profile_destroy(p);
}

static void test_collapse_all(void **state)
{
	/* indirect: a > b > a > c; and a > b > a > b > d */
	struct fc_profile *p = load("t.folded", "a;b;a;c 1\n"
						"a;b;a;b;d 2\n"
						"a;a;b 4\n"
						"x;a 8\n");
	struct fc_error err;

	(void)state;
	assert_true(fc_scope_collapse_recursion(p, FC_RECURSION_ALL, &err));
	expect_folded(p, "a;b 4\n"
			 "a;b;c 1\n"
			 "a;b;d 2\n"
			 "x;a 8\n");
	fc_profile_destroy(p);
}

static void test_reverse(void **state)
{
	struct fc_profile *p = load("t.folded", tree);
	struct fc_error err;

	(void)state;
	assert_true(fc_scope_reverse(p, &err));
	/* each stack read from its leaf; lex's callers merge */
	expect_folded(p, "idle 32\n"
			 "lex;parse;main 1\n"
			 "lex;parse;parse;main 2\n"
			 "lex;parse;render;main 8\n"
			 "parse;parse;parse;main 4\n"
			 "render;main 16\n");
	/* the chart's root-children rules do not apply to reversed stacks */
	assert_int_equal(p->gc_node, FC_NONE);
	assert_int_equal(p->program_node, FC_NONE);
	fc_profile_destroy(p);
}

static void test_sandwich(void **state)
{
	struct fc_profile *p = load("t.folded", tree), *callers, *callees;
	uint8_t *m = match(p, "^parse$");
	struct fc_error err;

	(void)state;
	assert_true(fc_scope_sandwich(p, m, &callers, &callees, &err));
	/* callers of the outermost parse, the function at the root */
	expect_folded(callers, "(root) 48\n"
			       "parse;main 7\n"
			       "parse;render;main 8\n");
	expect_folded(callees, "(root) 48\n"
			       "parse;lex 9\n"
			       "parse;parse;lex 2\n"
			       "parse;parse;parse 4\n");
	assert_int_equal(callers->sandwich_part, FC_SANDWICH_CALLERS);
	assert_int_equal(callees->sandwich_part, FC_SANDWICH_CALLEES);
	/* p itself is unchanged */
	expect_folded(p, "idle 32\n"
			 "main;parse;lex 1\n"
			 "main;parse;parse;lex 2\n"
			 "main;parse;parse;parse 4\n"
			 "main;render 16\n"
			 "main;render;parse;lex 8\n");
	free(m);
	fc_profile_destroy(callers);
	fc_profile_destroy(callees);
	fc_profile_destroy(p);
}

/* fc_scope_apply: the documented order, the phrases, no match. */
static void test_apply_order_and_notes(void **state)
{
	struct fc_profile_set set;
	struct fc_scope s;
	struct fc_error err;

	(void)state;
	fc_profile_set_init(&set);
	assert_true(fc_profile_set_add(&set, load("t.folded", tree)));
	fc_scope_init(&s);
	/* exclude runs before focus: stacks through render go first */
	assert_true(fc_scope_add_pattern(&s.exclude, "--exclude", "^render$", &err));
	assert_true(fc_scope_add_pattern(&s.focus, "--focus", "^parse$", &err));
	s.recursion = FC_RECURSION_DIRECT;
	assert_true(fc_scope_apply(&set, &s, &err));
	expect_folded(set.items[0], "(root) 56\n"
				    "parse 4\n"
				    "parse;lex 3\n");
	assert_int_equal(set.items[0]->n_transforms, 3);
	assert_string_equal(set.items[0]->transforms[0],
			    "excluded /^render$/: 24 samples (38.1%) dropped");
	assert_string_equal(set.items[0]->transforms[1],
			    "focus /^parse$/: 7 samples (17.9%), called from main 100%");
	assert_string_equal(set.items[0]->transforms[2],
			    "recursion collapsed: 2 calls folded, up to 2 levels per stack");
	fc_scope_finish(&s);
	fc_profile_set_finish(&set);

	/* a pattern that matches nothing: an empty profile that says so, or
	 * an error when strict */
	fc_profile_set_init(&set);
	assert_true(fc_profile_set_add(&set, load("t.folded", tree)));
	fc_scope_init(&s);
	assert_true(fc_scope_add_pattern(&s.focus, "--focus", "nothing", &err));
	assert_true(fc_scope_apply(&set, &s, &err));
	expect_folded(set.items[0], "(root) 63\n");
	assert_string_equal(set.items[0]->transforms[0], "--focus /nothing/ matches no frame");
	s.strict = true;
	assert_false(fc_scope_apply(&set, &s, &err));
	assert_int_equal(err.code, FC_ERR_STRICT);
	fc_scope_finish(&s);
	fc_profile_set_finish(&set);
}

static void test_bad_pattern(void **state)
{
	struct fc_scope_re *list = NULL;
	struct fc_error err;

	(void)state;
	assert_false(fc_scope_add_pattern(&list, "--focus", "a(b", &err));
	assert_int_equal(err.code, FC_ERR_USAGE);
	assert_non_null(strstr(err.text, "--focus: 'a(b' is not a regular expression"));
	assert_null(list);
}

#define CF(name, sid, url, line)                                                               \
	"\"callFrame\":{\"functionName\":\"" name "\",\"scriptId\":\"" sid "\",\"url\":\"" url \
	"\",\"lineNumber\":" line ",\"columnNumber\":0}"

/* Two `new Function` scripts (no URL, ids 7 and 8) with the same name and
 * position, and one function of app.js seen at two lines. */
/* clang-format off */
static const char ids_json[] =
	"{\"nodes\":["
	"{\"id\":1," CF("(root)", "0", "", "-1") ",\"children\":[2,3,4,5]},"
	"{\"id\":2," CF("anonymous", "7", "", "0") "},"
	"{\"id\":3," CF("anonymous", "8", "", "0") "},"
	"{\"id\":4," CF("f", "1", "file:///app.js", "3") "},"
	"{\"id\":5," CF("f", "1", "file:///app.js", "9") "}],"
	"\"startTime\":0,\"endTime\":40,\"samples\":[2,3,4,5],"
	"\"timeDeltas\":[0,10,10,10]}";
/* clang-format on */

static void test_merge_by(void **state)
{
	struct fc_profile *p = load("t.cpuprofile", ids_json);
	struct fc_frame_key a, b;
	struct fc_error err;

	(void)state;
	/* location: the two scripts are two frames (DevTools keys by id) */
	assert_int_equal(p->n_nodes, 5);
	assert_int_not_equal(p->node_frame[1], p->node_frame[2]);
	fc_frame_key_of(p, p->node_frame[1], FC_MERGE_FUNCTION, &a);
	fc_frame_key_of(p, p->node_frame[2], FC_MERGE_FUNCTION, &b);
	assert_true(a.script_is_id);
	assert_false(fc_frame_key_equal(&a, &b));
	/* function: f at lines 3 and 9 is one function */
	fc_frame_key_of(p, p->node_frame[3], FC_MERGE_FUNCTION, &a);
	fc_frame_key_of(p, p->node_frame[4], FC_MERGE_FUNCTION, &b);
	assert_true(fc_frame_key_equal(&a, &b));
	assert_true(fc_frame_key_hash(&a) == fc_frame_key_hash(&b));
	fc_frame_key_of(p, p->node_frame[3], FC_MERGE_LOCATION, &a);
	fc_frame_key_of(p, p->node_frame[4], FC_MERGE_LOCATION, &b);
	assert_false(fc_frame_key_equal(&a, &b));

	assert_true(fc_scope_merge_by(p, FC_MERGE_FUNCTION, &err));
	expect_folded(p, "anonymous 10\n"
			 "anonymous 10\n"
			 "f 20\n");
	assert_int_equal(fc_profile_node_frame(p, 3)->line, -1);
	assert_int_equal(fc_profile_node_frame(p, 3)->tier, FC_TIER_APP);
	assert_true(fc_scope_merge_by(p, FC_MERGE_NAME, &err));
	expect_folded(p, "anonymous 20\n"
			 "f 20\n");
	fc_profile_destroy(p);
}

/* A 100 000-deep stack f > g > f > g ... with a sample at every level:
 * every transform in one pass, no recursion. */
static void test_deep(void **state)
{
	enum { DEPTH = 100000 };
	size_t len = (size_t)DEPTH * 2 + 16, i, at = 0;
	char *text = malloc(len * 2);
	struct fc_profile *p;
	struct fc_profile *callers, *callees;
	uint8_t *m;
	struct fc_error err;

	(void)state;
	assert_non_null(text);
	/* one folded line: the deepest stack, weight 1 */
	for (i = 0; i < DEPTH; i++) {
		text[at++] = i % 2 ? 'g' : 'f';
		text[at++] = i + 1 < DEPTH ? ';' : ' ';
	}
	memcpy(text + at, "1\nf;g 1\n", 9);
	p = load("deep.folded", text);
	assert_int_equal(p->max_depth, DEPTH);
	m = match(p, "^g$");
	assert_true(fc_scope_sandwich(p, m, &callers, &callees, &err));
	assert_int_equal(callees->max_depth, DEPTH - 1);
	/* callers of the outermost g: f */
	assert_int_equal(callers->max_depth, 2);
	fc_profile_destroy(callers);
	fc_profile_destroy(callees);
	assert_true(fc_scope_reverse(p, &err));
	/* cut at the cap */
	assert_int_equal(p->max_depth, FC_SCOPE_REVERSE_MAX_DEPTH);
	fc_profile_destroy(p);

	p = load("deep.folded", text);
	assert_true(fc_scope_collapse_recursion(p, FC_RECURSION_DIRECT, &err));
	assert_int_equal(p->max_depth, DEPTH);
	assert_true(fc_scope_collapse_recursion(p, FC_RECURSION_ALL, &err));
	expect_folded(p, "f;g 2\n");
	fc_profile_destroy(p);

	p = load("deep.folded", text);
	assert_true(fc_scope_focus(p, m, &err));
	assert_int_equal(p->max_depth, DEPTH - 1);
	assert_true(fc_scope_prune(p, m, &err));
	expect_folded(p, "(root) 2\n");
	fc_profile_destroy(p);
	p = load("deep.folded", text);
	assert_true(fc_scope_exclude(p, m, &err));
	expect_folded(p, "(root) 2\n");
	fc_profile_destroy(p);
	free(m);
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_exclude),      cmocka_unit_test(test_focus),
		cmocka_unit_test(test_prune),        cmocka_unit_test(test_collapse_direct),
		cmocka_unit_test(test_collapse_all), cmocka_unit_test(test_reverse),
		cmocka_unit_test(test_sandwich),     cmocka_unit_test(test_apply_order_and_notes),
		cmocka_unit_test(test_bad_pattern),  cmocka_unit_test(test_merge_by),
		cmocka_unit_test(test_deep),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
