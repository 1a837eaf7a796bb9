/* Chrome trace events (input-rules §C): small traces written for each rule,
 * with the numbers worked out by hand from the rule. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "flamechart/import.h"
#include "model/profile.h"

static bool import(const char *json, bool strict, struct fc_profile_set *set, struct fc_error *err)
{
	struct fc_import_options o = { .version = FC_IMPORT_OPTIONS_VERSION,
				       .format = FC_FORMAT_AUTO,
				       .strict = strict };

	fc_profile_set_init(set);
	return fc_import_memory("t.json", json, strlen(json), &o, set, err);
}

static const struct fc_frame *leaf_frame(const struct fc_profile *p, uint32_t sample)
{
	return fc_profile_node_frame(p, p->sample_node[sample]);
}

static bool warned(const struct fc_profile *p, const char *text)
{
	size_t i;

	for (i = 0; i < p->n_warnings; i++)
		if (strstr(p->warnings[i].text, text))
			return true;
	return false;
}

/* input-rules §C7: the start is the Profile event's ts (5000), not
 * args.data.startTime (900, another clock); samples at ts + running sum of
 * deltas; the {endTime} chunk ends the profile at its ts. */
static const char *c7 =
	"{\"traceEvents\":["
	"{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":7,\"tid\":1,\"args\":{\"name\":"
	"\"CrRendererMain\"}},"
	"{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":7,\"tid\":0,\"args\":{\"name\":"
	"\"Renderer\"}},"
	"{\"args\":{\"data\":{\"startTime\":900}},\"ph\":\"P\",\"name\":\"Profile\",\"id\":\"0x1\","
	"\"pid\":7,\"tid\":1,\"ts\":5000},"
	"{\"ph\":\"P\",\"name\":\"ProfileChunk\",\"id\":\"0x1\",\"pid\":7,\"tid\":9,\"ts\":6200,"
	"\"args\":{\"data\":{"
	" \"cpuProfile\":{\"nodes\":[{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\","
	"\"scriptId\":0,\"codeType\":\"other\"}},"
	"  "
	"{\"id\":2,\"parent\":1,\"callFrame\":{\"functionName\":\"tick\",\"scriptId\":12,\"url\":"
	"\"https://a.example/app.js\",\"lineNumber\":3,\"columnNumber\":8,\"codeType\":\"JS\"}}],"
	"  \"samples\":[2,2]},\"timeDeltas\":[150,1000],\"lines\":[5,6]}}},"
	"{\"ph\":\"P\",\"name\":\"ProfileChunk\",\"id\":\"0x1\",\"pid\":7,\"tid\":1,\"ts\":8000,"
	"\"args\":{\"data\":{\"endTime\":3900}}}]}";

static void test_c7_example(void **state)
{
	struct fc_profile_set set;
	struct fc_error err;
	const struct fc_profile *p;
	(void)state;

	assert_true(import(c7, false, &set, &err));
	assert_int_equal(set.count, 1);
	p = set.items[0];
	assert_int_equal(p->format, FC_FORMAT_TRACE);
	assert_int_equal(p->pid, 7);
	assert_int_equal(p->tid, 1); /* the Profile's thread, not the chunk's 9 */
	assert_string_equal(p->thread_name, "CrRendererMain");
	assert_string_equal(p->process_name, "Renderer");
	assert_int_equal(p->start_us, 5000);
	assert_int_equal(p->end_us, 8000);
	assert_int_equal(p->n_samples, 2);
	assert_int_equal(p->sample_time_us[0], 5150);
	assert_int_equal(p->sample_time_us[1], 6150);
	assert_int_equal(p->n_nodes, 2);
	assert_string_equal(fc_profile_str(p, leaf_frame(p, 0)->name), "tick");
	assert_string_equal(fc_profile_str(p, leaf_frame(p, 0)->url), "https://a.example/app.js");
	assert_int_equal(leaf_frame(p, 0)->line, 3);
	assert_int_equal(leaf_frame(p, 0)->column, 8);
	assert_string_equal(fc_profile_str(p, leaf_frame(p, 0)->script_id), "12");
	assert_int_equal(p->n_warnings, 0);
	assert_null(p->note);
	fc_profile_set_finish(&set);
}

/* Chunks are joined in ts order whatever the file order; a chunk with args
 * {} is skipped; missing url/line/column get DevTools' defaults. */
static void test_chunk_order_and_defaults(void **state)
{
	const char *json =
		"[{\"name\":\"ProfileChunk\",\"id\":\"0x2\",\"pid\":1,\"ts\":300,\"args\":{"
		"\"data\":{\"cpuProfile\":{\"samples\":[3,3]},\"timeDeltas\":[5,5]}}},"
		"{\"name\":\"ProfileChunk\",\"id\":\"0x2\",\"pid\":1,\"ts\":250,\"args\":{}},"
		"{\"name\":\"Profile\",\"id\":\"0x2\",\"pid\":1,\"tid\":4,\"ts\":100,\"args\":{"
		"\"data\":{}}},"
		"{\"name\":\"ProfileChunk\",\"id\":\"0x2\",\"pid\":1,\"ts\":200,\"args\":{\"data\":"
		"{\"cpuProfile\":{"
		" \"nodes\":[{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\"}},{\"id\":2,"
		"\"parent\":1,\"callFrame\":{\"functionName\":\"a\",\"scriptId\":5}},"
		"  "
		"{\"id\":3,\"parent\":2,\"callFrame\":{\"functionName\":\"b\",\"scriptId\":5,"
		"\"url\":\"u.js\"}}],"
		" \"samples\":[2,2]},\"timeDeltas\":[10,20]}}}]";
	struct fc_profile_set set;
	struct fc_error err;
	const struct fc_profile *p;
	const struct fc_frame *f;
	(void)state;

	assert_true(import(json, false, &set, &err));
	p = set.items[0];
	assert_int_equal(p->n_samples, 4);
	/* ts 200 chunk first: 100+10, +20; then the ts 300 chunk: +5, +5 */
	assert_int_equal(p->sample_time_us[0], 110);
	assert_int_equal(p->sample_time_us[1], 130);
	assert_int_equal(p->sample_time_us[2], 135);
	assert_int_equal(p->sample_time_us[3], 140);
	assert_string_equal(fc_profile_str(p, leaf_frame(p, 1)->name), "a");
	assert_string_equal(fc_profile_str(p, leaf_frame(p, 2)->name), "b");
	f = leaf_frame(p, 0);
	assert_string_equal(fc_profile_str(p, f->url), "");
	assert_int_equal(f->line, -1);
	assert_int_equal(f->column, -1);
	assert_string_equal(fc_profile_str(p, f->script_id), "5");
	assert_int_equal(p->tid, 4);
	assert_int_equal(p->n_warnings, 0);
	fc_profile_set_finish(&set);
}

#define PROFILE(id, tid, ts, source)                                                     \
	"{\"name\":\"Profile\",\"id\":\"" id "\",\"pid\":1,\"tid\":" #tid ",\"ts\":" #ts \
	",\"args\":{\"data\":{" source "}}}"
#define CHUNK(id, samples, deltas)                                                            \
	"{\"name\":\"ProfileChunk\",\"id\":\"" id "\",\"pid\":1,\"tid\":99,\"ts\":500,"       \
	"\"args\":{\"data\":{\"cpuProfile\":{\"nodes\":[{\"id\":1,\"callFrame\":{"            \
	"\"functionName\":"                                                                   \
	"\"(root)\"}},{\"id\":2,\"parent\":1,\"callFrame\":{\"functionName\":\"f" id "\"}}]," \
	"\"samples\":" samples "},\"timeDeltas\":" deltas "}}}"

/* Several profiles on one thread overlap and are never merged: source
 * Internal first, then Inspector, then the most samples (devtools-rules §8.1). */
static void test_profile_choice(void **state)
{
	/* clang-format off */
	const char *by_source = "[" PROFILE("0xa", 3, 100, "\"source\":\"Inspector\"") ","
		CHUNK("0xa", "[2,2,2]", "[1,1,1]") "," PROFILE("0xb", 3, 100, "\"source\":\"Internal\"") ","
		CHUNK("0xb", "[2]", "[1]") "]";
	const char *by_count = "[" PROFILE("0xa", 3, 100, "") "," CHUNK("0xa", "[2]", "[1]") ","
		PROFILE("0xb", 3, 100, "") "," CHUNK("0xb", "[2,2]", "[1,1]") "]";
	/* clang-format on */
	struct fc_profile_set set;
	struct fc_error err;
	const struct fc_profile *p;
	(void)state;

	assert_true(import(by_source, false, &set, &err));
	assert_int_equal(set.count, 1);
	p = set.items[0];
	assert_string_equal(fc_profile_str(p, leaf_frame(p, 0)->name), "f0xb");
	assert_non_null(p->note);
	assert_non_null(strstr(p->note, "2 CPU profiles"));
	assert_non_null(strstr(p->note, "showing 0xb (source Internal)"));
	fc_profile_set_finish(&set);

	assert_true(import(by_count, false, &set, &err));
	assert_int_equal(set.count, 1);
	p = set.items[0];
	assert_int_equal(p->n_samples, 2);
	assert_non_null(strstr(p->note, "showing 0xb (most samples)"));
	fc_profile_set_finish(&set);
}

/* One profile per thread, in order of their start; whole-profile CpuProfile
 * events (ph I and X) keep their own startTime. */
static void test_threads_and_cpuprofile_events(void **state)
{
	/* clang-format off */
	const char *json =
		"{\"traceEvents\":[" PROFILE("0x1", 5, 900, "") "," CHUNK("0x1", "[2]", "[10]") ","
		"{\"name\":\"CpuProfile\",\"ph\":\"I\",\"pid\":1,\"tid\":6,\"ts\":99999,\"args\":{\"data\":{\"cpuProfile\":{"
		" \"nodes\":[{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\",\"scriptId\":\"0\",\"url\":\"\",\"lineNumber\":-1,\"columnNumber\":-1},\"children\":[2]},"
		"  {\"id\":2,\"callFrame\":{\"functionName\":\"w\",\"scriptId\":\"3\",\"url\":\"w.js\",\"lineNumber\":0,\"columnNumber\":0}}],"
		" \"startTime\":400,\"endTime\":700,\"samples\":[2,2],\"timeDeltas\":[100,100]}}}},"
		"{\"name\":\"CpuProfile\",\"ph\":\"X\",\"pid\":1,\"tid\":8,\"ts\":50,\"args\":{\"data\":null}}]}";
	/* clang-format on */
	struct fc_profile_set set;
	struct fc_error err;
	(void)state;

	assert_true(import(json, false, &set, &err));
	assert_int_equal(set.count, 2);
	assert_int_equal(set.items[0]->tid, 6); /* starts at 400, before 900 */
	assert_int_equal(set.items[0]->start_us, 400);
	assert_int_equal(set.items[0]->end_us, 700);
	assert_int_equal(set.items[0]->sample_time_us[1], 600);
	assert_int_equal(set.items[1]->tid, 5);
	assert_int_equal(set.items[1]->sample_time_us[0], 910);
	fc_profile_set_finish(&set);
}

/* The last sample of a trace lasts the average interval, kept fractional,
 * as DevTools' CPUProfileDataModel does for every profile with deltas: the
 * end the trace records (a CpuProfile's endTime, the {endTime} chunk's ts)
 * ends the extent only. One sample: up to a CpuProfile's endTime; no width
 * in a chunk stream (DevTools' trace endTime is the first chunk's last
 * sample). Chrome-65-simple-timeline.json is the real case (docs/graph.md). */
static void test_last_sample_end(void **state)
{
	/* clang-format off */
	const char *one_chunked = "[" PROFILE("0x1", 5, 100, "") "," CHUNK("0x1", "[2]", "[50]") ","
		"{\"name\":\"ProfileChunk\",\"id\":\"0x1\",\"pid\":1,\"tid\":5,\"ts\":900,"
		"\"args\":{\"data\":{\"endTime\":1}}}]";
#define CPUPROFILE_EVENT(samples, deltas)                                                        \
	"[{\"name\":\"CpuProfile\",\"ph\":\"I\",\"pid\":1,\"tid\":6,\"ts\":1,\"args\":{\"data\":"     \
	"{\"cpuProfile\":{\"nodes\":[{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\"},"          \
	"\"children\":[2]},{\"id\":2,\"callFrame\":{\"functionName\":\"w\"}}],\"startTime\":400,"     \
	"\"endTime\":2000,\"samples\":" samples ",\"timeDeltas\":" deltas "}}}}]"
	const char *whole = CPUPROFILE_EVENT("[2,2,2]", "[100,100,50]");
	const char *one_whole = CPUPROFILE_EVENT("[2]", "[100]");
#undef CPUPROFILE_EVENT
	/* clang-format on */
	struct fc_profile_set set;
	struct fc_error err;
	const struct fc_profile *p;
	(void)state;

	/* samples at 5150 and 6150, {endTime} chunk at ts 8000 */
	assert_true(import(c7, false, &set, &err));
	p = set.items[0];
	assert_int_equal(p->end_us, 8000);
	assert_true(fc_profile_samples_end(p) == 7150.0);
	fc_profile_set_finish(&set);

	/* samples at 500, 600, 650: average 75, not endTime 2000 */
	assert_true(import(whole, false, &set, &err));
	p = set.items[0];
	assert_int_equal(p->end_us, 2000);
	assert_true(fc_profile_samples_end(p) == 725.0);
	fc_profile_set_finish(&set);

	assert_true(import(one_whole, false, &set, &err));
	p = set.items[0];
	assert_true(fc_profile_samples_end(p) == 2000.0);
	fc_profile_set_finish(&set);

	/* one sample at 150 in a chunk stream ended by an {endTime} chunk at 900 */
	assert_true(import(one_chunked, false, &set, &err));
	p = set.items[0];
	assert_int_equal(p->n_samples, 1);
	assert_int_equal(p->end_us, 900);
	assert_true(fc_profile_samples_end(p) == 150.0);
	assert_true(fc_profile_sample_duration(p, 0) == 0.0);
	fc_profile_set_finish(&set);
}

/* Repairs: an open array (with or without a comma), chunks whose samples
 * and deltas disagree, chunks without a Profile event. */
static void test_repairs(void **state)
{
	/* clang-format off */
	const char *open_array = "[" PROFILE("0x1", 5, 0, "") "," CHUNK("0x1", "[2,2]", "[1,1]") ",\n";
	const char *mismatch = "[" PROFILE("0x1", 5, 0, "") "," CHUNK("0x1", "[2,2,2]", "[1,1]") "]";
	const char *orphan = "[" PROFILE("0x1", 5, 0, "") "," CHUNK("0x1", "[2]", "[1]") ","
		CHUNK("0x9", "[2]", "[1]") "]";
	/* clang-format on */
	struct fc_profile_set set;
	struct fc_error err;
	(void)state;

	assert_true(import(open_array, false, &set, &err));
	assert_int_equal(set.items[0]->n_samples, 2);
	assert_true(warned(set.items[0], "not terminated and ends with a comma"));
	fc_profile_set_finish(&set);
	assert_false(import(open_array, true, &set, &err));
	assert_int_equal(err.code, FC_ERR_STRICT);

	assert_true(import(mismatch, false, &set, &err));
	assert_int_equal(set.items[0]->n_samples, 2);
	assert_true(warned(set.items[0], "3 samples but 2 timeDeltas in this chunk"));
	fc_profile_set_finish(&set);

	assert_true(import(orphan, false, &set, &err));
	assert_int_equal(set.count, 1);
	assert_true(warned(set.items[0], "id 0x9 in process 1 have no Profile event"));
	fc_profile_set_finish(&set);
}

static void test_errors(void **state)
{
	/* clang-format off */
	const char *cut_object = "{\"traceEvents\":[" PROFILE("0x1", 5, 0, "") ",";
	const char *cut_event = "[" PROFILE("0x1", 5, 0, "") ",{\"name\":\"Prof";
	/* clang-format on */
	const char *none =
		"{\"traceEvents\":[{\"name\":\"RunTask\",\"ph\":\"X\",\"ts\":1,\"dur\":2}]}";
	/* clang-format off */
	const char *bad_chunk = "[" PROFILE("0x1", 5, 0, "") ",{\"args\":{\"data\":{\"cpuProfile\":"
		"{\"samples\":\"x\"}}},\"name\":\"ProfileChunk\",\"id\":\"0x1\",\"pid\":1}]";
	const char *bad_other = "[" PROFILE("0x1", 5, 0, "") "," CHUNK("0x1", "[2]", "[1]") ","
		"{\"args\":{\"data\":{\"cpuProfile\":{\"samples\":\"x\"}}},\"name\":\"Other\"}]";
	/* clang-format on */
	struct fc_profile_set set;
	struct fc_error err;
	(void)state;

	assert_false(import(cut_object, false, &set, &err));
	assert_int_equal(err.code, FC_ERR_SYNTAX);
	assert_non_null(strstr(err.text, "truncated JSON"));
	assert_false(import(cut_event, false, &set, &err));
	assert_int_equal(err.code, FC_ERR_SYNTAX);
	assert_int_equal(set.count, 0);

	assert_false(import(none, false, &set, &err));
	assert_int_equal(err.code, FC_ERR_FORMAT);
	assert_string_equal(err.text, "trace has no CPU profile samples (record with the "
				      "disabled-by-default-v8.cpu_profiler category)");

	/* a wrong type matters in a profile event ... */
	assert_false(import(bad_chunk, false, &set, &err));
	assert_int_equal(err.code, FC_ERR_TYPE);
	assert_string_equal(err.path, "[1].args.data.cpuProfile.samples");
	/* ... and not in an event that is not read */
	assert_true(import(bad_other, false, &set, &err));
	fc_profile_set_finish(&set);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_c7_example),
		cmocka_unit_test(test_chunk_order_and_defaults),
		cmocka_unit_test(test_profile_choice),
		cmocka_unit_test(test_threads_and_cpuprofile_events),
		cmocka_unit_test(test_last_sample_end),
		cmocka_unit_test(test_repairs),
		cmocka_unit_test(test_errors),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
