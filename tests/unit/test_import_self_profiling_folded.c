/* JS Self-Profiling traces (input-rules §B) and folded stacks (§D): small
 * inputs with the expected model worked out by hand from the spec. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "flamechart/import.h"
#include "import/importers.h"
#include "model/profile.h"

static bool import(const char *text, bool strict, struct fc_profile_set *set, struct fc_error *err)
{
	struct fc_import_options o = { .version = FC_IMPORT_OPTIONS_VERSION,
				       .format = FC_FORMAT_AUTO,
				       .strict = strict };

	fc_profile_set_init(set);
	return fc_import_memory("t", text, strlen(text), &o, set, err);
}

static const char *leaf_name(const struct fc_profile *p, uint32_t i)
{
	return fc_profile_str(p, fc_profile_node_frame(p, p->sample_node[i])->name);
}

static bool warned(const struct fc_profile *p, const char *text)
{
	size_t i;

	for (i = 0; i < p->n_warnings; i++)
		if (strstr(p->warnings[i].text, text))
			return true;
	return false;
}

/* input-rules §B4, verbatim. */
static const char *b4 =
	"{\"resources\":[\"https://a.example/app.js\"],"
	" \"frames\":[{\"name\":\"main\",\"resourceId\":0,\"line\":1,\"column\":1},{\"name\":"
	"\"draw\",\"resourceId\":0,\"line\":40,\"column\":9},{\"name\":\"sort\"}],"
	" \"stacks\":[{\"frameId\":0},{\"frameId\":1,\"parentId\":0},{\"frameId\":2,\"parentId\":1}"
	"],"
	" \"samples\":[{\"timestamp\":120.5,\"stackId\":1},{\"timestamp\":130.6,\"stackId\":2},{"
	"\"timestamp\":140.4},{\"timestamp\":150.5,\"stackId\":0,\"marker\":\"script\"}]}";

static void test_spec_example(void **state)
{
	struct fc_profile_set set;
	struct fc_error err;
	const struct fc_profile *p;
	const struct fc_frame *f;
	(void)state;

	assert_true(import(b4, false, &set, &err));
	p = set.items[0];
	assert_int_equal(p->format, FC_FORMAT_SELF_PROFILING);
	assert_int_equal(p->n_nodes, 5); /* (root), 3 stacks, (idle) */
	assert_int_equal(p->n_samples, 4);
	/* ms from the time origin -> µs */
	assert_int_equal(p->sample_time_us[0], 120500);
	assert_int_equal(p->sample_time_us[1], 130600);
	assert_int_equal(p->sample_time_us[2], 140400);
	assert_int_equal(p->sample_time_us[3], 150500);
	/* intervals 10.1, 9.8, 10.1 ms: the last sample lasts the median */
	assert_int_equal(p->last_end_us, 160600);
	assert_int_equal(p->end_us, 160600);
	assert_string_equal(leaf_name(p, 0), "draw");
	assert_string_equal(leaf_name(p, 1), "sort");
	assert_string_equal(leaf_name(p, 2), "(idle)");
	assert_int_equal(p->sample_node[2], p->idle_node);
	assert_string_equal(leaf_name(p, 3), "main");
	/* 1-based in the trace, 0-based in the model */
	f = fc_profile_node_frame(p, p->sample_node[0]);
	assert_int_equal(f->line, 39);
	assert_int_equal(f->column, 8);
	assert_string_equal(fc_profile_str(p, f->url), "https://a.example/app.js");
	assert_int_equal(f->tier, FC_TIER_APP);
	/* sort has no resource: no script, so a native frame */
	f = fc_profile_node_frame(p, p->sample_node[1]);
	assert_string_equal(fc_profile_str(p, f->script_id), "0");
	assert_string_equal(fc_profile_str(p, f->url), "");
	assert_int_equal(f->line, -1);
	assert_int_equal(f->tier, FC_TIER_NATIVE);
	/* main -> draw -> sort */
	assert_string_equal(
		fc_profile_str(p,
			       fc_profile_node_frame(p, p->node_parent[p->sample_node[1]])->name),
		"draw");
	fc_profile_set_finish(&set);
}

/* Wrapped one level down; markers (input-rules §B3): gc with no stack is the
 * root's (garbage collector); layout on a stack is a leaf above it; a script
 * marker with no stack is (script); negative timestamps are kept. */
static void test_wrapped_and_markers(void **state)
{
	const char *json = "{\"page\":1,\"trace\":{"
			   "\"samples\":[{\"timestamp\":-20,\"stackId\":1},{\"timestamp\":-10,"
			   "\"stackId\":1,\"marker\":\"layout\"},"
			   " {\"timestamp\":0,\"marker\":\"gc\"},{\"timestamp\":10,\"marker\":"
			   "\"style\"},{\"timestamp\":20},"
			   " {\"timestamp\":30,\"marker\":\"script\"},{\"timestamp\":40,\"marker\":"
			   "\"blink\"}],"
			   "\"stacks\":[{\"frameId\":0},{\"frameId\":1,\"parentId\":0}],"
			   "\"frames\":[{\"name\":\"onClick\",\"resourceId\":0},{\"name\":\"\","
			   "\"resourceId\":5}],"
			   "\"resources\":[\"https://a.example/ui.js\"]}}";
	struct fc_profile_set set;
	struct fc_error err;
	const struct fc_profile *p;
	uint32_t layout;
	(void)state;

	assert_true(import(json, false, &set, &err));
	p = set.items[0];
	assert_int_equal(p->sample_time_us[0], -20000);
	assert_string_equal(leaf_name(p, 1), "(layout)");
	layout = p->sample_node[1];
	assert_int_equal(p->node_parent[layout], p->sample_node[0]);
	assert_int_equal(p->sample_node[2], p->gc_node);
	assert_string_equal(leaf_name(p, 3), "(style)");
	assert_int_equal(p->node_parent[p->sample_node[3]], 0);
	assert_int_equal(p->sample_node[4], p->idle_node);
	assert_string_equal(leaf_name(p, 5), "(script)");
	assert_int_equal(p->sample_node[6], p->idle_node); /* unknown marker: none */
	assert_true(warned(p, "1 sample has an unknown marker (first: \"blink\")"));
	assert_true(warned(p, "resourceId 5 is not a resource"));
	fc_profile_set_finish(&set);
	assert_false(import(json, true, &set, &err));
	assert_int_equal(err.code, FC_ERR_STRICT);
}

static void test_self_profiling_errors(void **state)
{
	struct fc_profile_set set;
	struct fc_error err;
	const char *bad_frame = "{\"frames\":[],\"stacks\":[{\"frameId\":3}],\"samples\":[{"
				"\"timestamp\":1,\"stackId\":0}]}";
	const char *no_samples = "{\"frames\":[],\"stacks\":[],\"samples\":[]}";
	const char *no_stacks = "{\"trace\":{\"frames\":[],\"samples\":[{\"timestamp\":1}]}}";
	const char *one = "{\"frames\":[],\"stacks\":[],\"samples\":[{\"timestamp\":1}]}";
	(void)state;

	assert_false(import(bad_frame, false, &set, &err));
	assert_int_equal(err.code, FC_ERR_INVALID);
	assert_string_equal(err.path, "stacks[0].frameId");
	assert_string_equal(err.text, "frameId 3 is not a frame (there are 0)");
	assert_false(import(no_samples, false, &set, &err));
	assert_int_equal(err.code, FC_ERR_FORMAT);
	assert_false(import(no_stacks, false, &set, &err));
	assert_int_equal(err.code, FC_ERR_FORMAT);
	/* a lone sample has no interval: Chromium's 10 ms */
	assert_true(import(one, false, &set, &err));
	assert_int_equal(set.items[0]->last_end_us - set.items[0]->sample_time_us[0], 10000);
	fc_profile_set_finish(&set);
}

/* --- folded stacks ------------------------------------------------------------ */

static void test_folded_lines(void **state)
{
	struct fc_folded_line l;
	(void)state;

	assert_true(fc_folded_parse_line("a;b;c 12", 8, &l));
	assert_int_equal(l.stack_len, 5);
	assert_true(l.count == 12 && !l.decimal && !l.has_count2);
	assert_true(fc_folded_parse_line("  a b;c\t7\r", 10, &l));
	assert_int_equal(l.stack_len, 5);
	assert_memory_equal(l.stack, "a b;c", 5);
	assert_true(l.count == 7);
	assert_true(fc_folded_parse_line("a 2.50", 6, &l));
	assert_true(l.count == 2.5 && l.decimal);
	assert_true(fc_folded_parse_line("a 3.0", 5, &l));
	assert_false(l.decimal);
	assert_true(fc_folded_parse_line("a;b 10 12", 9, &l));
	assert_true(l.has_count2 && l.count == 10 && l.count2 == 12);
	assert_int_equal(l.stack_len, 3);
	assert_false(fc_folded_parse_line("a;b", 3, &l));
	assert_false(fc_folded_parse_line(" 12", 3, &l));
	assert_false(fc_folded_parse_line("a 1.2.3", 7, &l));
	assert_false(fc_folded_parse_line("a -3", 4, &l));
	assert_false(fc_folded_parse_line("a;b12", 5, &l));
}

static void test_folded_import(void **state)
{
	const char *text = "# comment\n"
			   "\n"
			   "main;parse;tokenize 30\n"
			   "main;render;layout /app/src/layout.js:40:3 25\n"
			   "main;parse;tokenize 12\n"
			   "main;sys_read_[k] 0\n"
			   "broken line\n"
			   "JS:*hot /srv/a.js:12:10;ksys_read_[k] 5\r\n"
			   "main;parse\t8";
	struct fc_profile_set set;
	struct fc_error err;
	const struct fc_profile *p;
	const struct fc_frame *f;
	(void)state;

	assert_true(import(text, false, &set, &err));
	p = set.items[0];
	assert_int_equal(p->format, FC_FORMAT_FOLDED);
	assert_false(p->has_time);
	assert_string_equal(p->weight_unit, "samples");
	/* one sample per counted line, "time" advancing by the counts */
	assert_int_equal(p->n_samples, 5);
	assert_int_equal(p->sample_time_us[0], 0);
	assert_int_equal(p->sample_time_us[1], 30);
	assert_int_equal(p->sample_time_us[2], 55);
	assert_int_equal(p->sample_time_us[3], 67);
	assert_int_equal(p->sample_time_us[4], 72);
	assert_int_equal(p->last_end_us, 80);
	/* identical stacks share their node */
	assert_int_equal(p->sample_node[0], p->sample_node[2]);
	/* (root) main parse tokenize render layout hot ksys_read */
	assert_int_equal(p->n_nodes, 8);
	f = fc_profile_node_frame(p, p->sample_node[1]);
	assert_string_equal(fc_profile_str(p, f->name), "layout");
	assert_string_equal(fc_profile_str(p, f->url), "/app/src/layout.js");
	assert_int_equal(f->line, 39);
	assert_int_equal(f->column, 2);
	assert_int_equal(f->tier, FC_TIER_APP);
	f = fc_profile_node_frame(p, p->sample_node[3]);
	assert_string_equal(fc_profile_str(p, f->name), "ksys_read");
	assert_int_equal(f->tier, FC_TIER_NATIVE);
	f = fc_profile_node_frame(p, p->node_parent[p->sample_node[3]]);
	assert_string_equal(fc_profile_str(p, f->name), "hot");
	assert_string_equal(fc_profile_str(p, f->url), "/srv/a.js");
	assert_int_equal(p->n_warnings, 1);
	assert_string_equal(p->warnings[0].path, "line 7");
	assert_string_equal(p->warnings[0].text,
			    "1 line is not `stack count` and was skipped (the first is line 7)");
	assert_null(p->note);
	fc_profile_set_finish(&set);

	assert_false(import(text, true, &set, &err));
	assert_int_equal(err.code, FC_ERR_STRICT);
}

static void test_folded_decimal_and_differential(void **state)
{
	struct fc_profile_set set;
	struct fc_error err;
	const struct fc_profile *p;
	(void)state;

	assert_true(import("a;b 1.5 2\na;c 2 4\n", false, &set, &err));
	p = set.items[0];
	assert_string_equal(p->weight_unit, "1/1000 samples");
	assert_int_equal(p->sample_time_us[1], 1500);
	assert_int_equal(p->last_end_us, 3500);
	assert_non_null(strstr(p->note, "the first count of each line is used"));
	fc_profile_set_finish(&set);
}

static void test_folded_errors(void **state)
{
	struct fc_import_options o = { .version = FC_IMPORT_OPTIONS_VERSION,
				       .format = FC_FORMAT_FOLDED };
	struct fc_profile_set set;
	struct fc_error err;
	const char *json = "{\n\"nodes\": [],\n\"samples\": 1\n}\n";
	(void)state;

	fc_profile_set_init(&set);
	assert_false(fc_import_memory("t", json, strlen(json), &o, &set, &err));
	assert_int_equal(err.code, FC_ERR_SYNTAX);
	assert_non_null(strstr(err.text, "3 of 4 lines are not `stack count`"));
	assert_false(import("# only a comment\n\na 0\n", false, &set, &err));
	assert_int_equal(err.code, FC_ERR_FORMAT);
	assert_int_equal(set.count, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_spec_example),
		cmocka_unit_test(test_wrapped_and_markers),
		cmocka_unit_test(test_self_profiling_errors),
		cmocka_unit_test(test_folded_lines),
		cmocka_unit_test(test_folded_import),
		cmocka_unit_test(test_folded_decimal_and_differential),
		cmocka_unit_test(test_folded_errors),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
