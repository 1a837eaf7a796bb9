/* The .cpuprofile importer: every corpus profile with numbers checked
 * independently (tests/oracle/profile-stats.js), the accepted shapes, every
 * error and every repair (issue: foundation, item 5). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "flamechart/import.h"
#include "model/profile.h"

static const char *data_dir(void)
{
	const char *d = getenv("FC_TEST_DATA");
	return d ? d : "tests/data";
}

/* --- corpus --------------------------------------------------------------- */

struct expect {
	const char *file;
	uint32_t nodes, samples, max_depth;
	int64_t start_us, end_us;
};

/* From tests/oracle/profile-stats.js (JSON.parse, no shared code). The legacy
 * node-10 profile has startTime == endTime in seconds, so its end comes from
 * the samples: 163140645206 is its 30th (extra) timestamp. */
static const struct expect corpus[] = {
	{ "chrome-versions/Chrome-65-simple.cpuprofile", 7, 29, 4, 163140599286, 163140647178 },
	{ "chrome-versions/Chrome-65-sucrase.cpuprofile", 3493, 17138, 107, 214572794143,
	  214594806433 },
	{ "chrome-versions/node-10.11.0-example.cpuprofile", 7, 29, 4, 163140000000, 163140000000 },
	{ "minimal/alternating-peaks.20250519.000070.10001.0.001.cpuprofile", 6, 8, 3, 100000000000,
	  100000000070 },
	{ "minimal/flat-line.20250519.050090.10002.0.001.cpuprofile", 4, 6, 3, 100000000040,
	  100000000090 },
	{ "minimal/pyramide.20250519.110180.10003.0.001.cpuprofile", 4, 8, 3, 100000000110,
	  100000000180 },
	{ "minimal/stair-down.20250519.200250.10004.0.001.cpuprofile", 4, 6, 3, 100000000200,
	  100000000250 },
	{ "minimal/stair-up.20250519.200250.10004.1.001.cpuprofile", 4, 6, 3, 100000000200,
	  100000000250 },
	{ "minimal/valley.20250519.270340.10004.2.001.cpuprofile", 4, 7, 3, 100000000270,
	  100000000340 },
	{ "seed-examples/minimal-cpu-profile-nodes-call-frame-source-location.cpuprofile", 4, 4, 2,
	  1, 40 },
	{ "seed-examples/minimal-cpu-profile-nodes-call-frame-synthetic-frames.cpuprofile", 6, 6, 2,
	  1, 700 },
	{ "seed-examples/minimal-cpu-profile-nodes-call-frame-url.cpuprofile", 6, 6, 1, 1, 70 },
	{ "seed-examples/minimal-cpu-profile-nodes-parent-child.cpuprofile", 6, 1, 4, 1, 10 },
	{ "seed-examples/minimal-cpu-profile-timing-data-samples.cpuprofile", 7, 16, 3, 1, 160 },
	{ "seed-examples/minimal-cpu-profile-timing-data-time-deltas.cpuprofile", 3, 8, 1, 4, 27 },
	{ "seed-examples/minimal-cpu-profile-timing-data.cpuprofile", 2, 4, 1, 1, 400 },
	{ "seed-examples/minimal-cpu-profile.cpuprofile", 5, 3, 3, 1, 400 },
	{ "real/ng-build/CPU.20250519.000215.90620.0.001.cpuprofile", 7080, 5532, 381,
	  1132601379959, 1132608517334 },
	{ "real/ng-build/CPU.20250519.000216.90620.1.002.cpuprofile", 13192, 1973, 155,
	  1132601959001, 1132604066376 },
	{ "real/ng-build/CPU.20250519.000216.90620.2.003.cpuprofile", 938, 1600, 102, 1132602097751,
	  1132604127751 },
	{ "real/ng-build/CPU.20250519.000217.90620.3.004.cpuprofile", 197, 4111, 32, 1132603111209,
	  1132608465167 },
	{ "real/ng-build/CPU.20250519.000217.90620.4.005.cpuprofile", 208, 860, 32, 1132603111917,
	  1132604257459 },
	{ "real/ng-build/CPU.20250519.000217.90620.5.006.cpuprofile", 226, 865, 35, 1132603112584,
	  1132604259334 },
	{ "real/ng-build/CPU.20250519.000218.90620.7.007.cpuprofile", 231, 1371, 51, 1132604468167,
	  1132606154209 },
	{ "real/ng-build/CPU.20250519.000220.90620.13.008.cpuprofile", 205, 1887, 47, 1132606161709,
	  1132608505501 },
	{ "real/ng-build/CPU.20250519.000220.90620.14.009.cpuprofile", 206, 1893, 45, 1132606162459,
	  1132608505917 },
	{ "real/ng-build/CPU.20250519.000220.90620.15.010.cpuprofile", 196, 1899, 45, 1132606162792,
	  1132608505626 },
	{ "real/ng-build/CPU.20250519.000220.90620.16.011.cpuprofile", 190, 1888, 52, 1132606163042,
	  1132608508001 },
	{ "real/ng-serve/CPU.20250519.000247.22170.0.001.cpuprofile", 10382, 16010, 256,
	  1132633806334, 1132653649667 },
	{ "real/ng-serve/CPU.20250519.000248.22170.1.002.cpuprofile", 13770, 15857, 159,
	  1132634501709, 1132653718459 },
	{ "real/ng-serve/CPU.20250519.000248.22170.2.003.cpuprofile", 910, 15420, 102,
	  1132634585709, 1132653707001 },
	{ "real/nx-run-lint/CPU.20250526.173254.19960.0.001.cpuprofile", 2705, 9646, 108,
	  285459220417, 285471597167 },
	{ "real/nx-run-lint/CPU.20250526.173255.22216.0.001.cpuprofile", 8106, 8692, 210,
	  285460393626, 285471335167 },
};

static struct fc_profile *load_file(const char *rel, struct fc_profile_set *set)
{
	struct fc_import_options opts = FC_IMPORT_OPTIONS_INIT;
	struct fc_error err;
	char path[1024];

	snprintf(path, sizeof(path), "%s/corpus/%s", data_dir(), rel);
	fc_profile_set_init(set);
	if (!fc_import_file(path, &opts, set, &err)) {
		char msg[1600];
		fc_error_format(&err, msg, sizeof(msg));
		print_error("%s\n", msg);
		fail();
	}
	assert_int_equal(set->count, 1);
	return set->items[0];
}

static void test_corpus(void **state)
{
	size_t i;
	(void)state;

	for (i = 0; i < sizeof(corpus) / sizeof(corpus[0]); i++) {
		const struct expect *e = &corpus[i];
		struct fc_profile_set set;
		struct fc_profile *p = load_file(e->file, &set);
		uint32_t k;

		if (p->n_nodes != e->nodes || p->n_samples != e->samples ||
		    p->max_depth != e->max_depth || p->start_us != e->start_us) {
			print_error("%s: nodes %u samples %u depth %u start %lld\n", e->file,
				    p->n_nodes, p->n_samples, p->max_depth, (long long)p->start_us);
			fail();
		}
		if (e->end_us > e->start_us)
			assert_int_equal(p->end_us, e->end_us);
		/* the model's invariants */
		assert_int_equal(p->node_parent[0], FC_NONE);
		for (k = 1; k < p->n_nodes; k++) {
			assert_true(p->node_parent[k] < k);
			assert_int_equal(p->node_depth[k], p->node_depth[p->node_parent[k]] + 1);
		}
		for (k = 1; k < p->n_samples; k++)
			assert_true(p->sample_time_us[k - 1] <= p->sample_time_us[k]);
		fc_profile_set_finish(&set);
	}
}

/* --- accepted shapes ------------------------------------------------------ */

struct loaded {
	struct fc_profile_set set;
	struct fc_error err;
	bool ok;
};

static enum fc_format forced_format = FC_FORMAT_AUTO;

static bool load(const char *json, bool strict, struct loaded *l)
{
	struct fc_import_options opts = { .version = FC_IMPORT_OPTIONS_VERSION,
					  .strict = strict,
					  .format = forced_format };

	fc_profile_set_init(&l->set);
	l->ok = fc_import_memory("t.cpuprofile", json, strlen(json), &opts, &l->set, &l->err);
	return l->ok;
}

static struct fc_profile *must_load(const char *json, struct loaded *l)
{
	if (!load(json, false, l)) {
		char msg[1600];
		fc_error_format(&l->err, msg, sizeof(msg));
		print_error("unexpected error: %s\n", msg);
		fail();
	}
	return l->set.items[0];
}

#define CF(name, url)                                                                    \
	"\"callFrame\":{\"functionName\":\"" name "\",\"scriptId\":\"1\",\"url\":\"" url \
	"\",\"lineNumber\":1,\"columnNumber\":2}"
#define ROOTCF                                                                        \
	"\"callFrame\":{\"functionName\":\"(root)\",\"scriptId\":\"0\",\"url\":\"\"," \
	"\"lineNumber\":-1,\"columnNumber\":-1}"

static const char *node_name(const struct fc_profile *p, uint32_t n)
{
	return fc_profile_str(p, p->frames[p->node_frame[n]].name);
}

static void test_key_order_and_links(void **state)
{
	/* samples before nodes, parent links only, unsorted non-contiguous ids,
	 * numeric scriptId, missing url/line/column */
	const char *json = "{\"samples\":[70,9,70],\"timeDeltas\":[5,10,10],\"endTime\":100,"
			   "\"nodes\":[{\"id\":70,\"parent\":9,\"callFrame\":{\"functionName\":"
			   "\"b\",\"scriptId\":3}},"
			   "{\"callFrame\":{\"functionName\":\"a\",\"scriptId\":3,\"url\":\"file://"
			   "/a.js\"},\"parent\":1000,\"id\":9},"
			   "{\"id\":1000," ROOTCF "}],\"startTime\":0}";
	struct loaded l;
	struct fc_profile *p = must_load(json, &l);
	const struct fc_frame *fb;
	(void)state;

	assert_int_equal(p->n_nodes, 3);
	assert_string_equal(node_name(p, 0), "(root)");
	assert_string_equal(node_name(p, 1), "a");
	assert_string_equal(node_name(p, 2), "b");
	assert_int_equal(p->node_id[2], 70);
	fb = &p->frames[p->node_frame[2]];
	assert_string_equal(fc_profile_str(p, fb->url), "");
	assert_string_equal(fc_profile_str(p, fb->script_id), "3");
	assert_int_equal(fb->line, -1);
	assert_int_equal(fb->column, -1);
	assert_int_equal(p->n_samples, 3);
	assert_int_equal(p->sample_time_us[0], 5);
	assert_int_equal(p->sample_time_us[2], 25);
	assert_int_equal(p->sample_node[0], 2);
	assert_int_equal(p->sample_node[1], 1);
	assert_int_equal(p->n_repairs, 0);
	fc_profile_set_finish(&l.set);
}

static void test_children_then_parent(void **state)
{
	/* children give node 2 its parent; node 3 has only a parent field */
	/* clang-format off */
	const char *json = "{\"nodes\":[{\"id\":1," ROOTCF ",\"children\":[2]},"
			   "{\"id\":2," CF("f", "file:///x.js") "},"
			   "{\"id\":3,\"parent\":2," CF("g", "file:///x.js") "}],"
			   "\"startTime\":0,\"endTime\":10,\"samples\":[3],\"timeDeltas\":[1]}";
	/* clang-format on */
	struct loaded l;
	struct fc_profile *p = must_load(json, &l);
	(void)state;

	assert_int_equal(p->max_depth, 2);
	assert_string_equal(node_name(p, 2), "g");
	assert_int_equal(p->node_parent[2], 1);
	fc_profile_set_finish(&l.set);
}

/* One tree, two node orders: in pre-order the file's order is kept (node i
 * is the file's i-th node); breadth-first, the tree is renumbered into
 * pre-order (siblings in file order). Both give the same profile. The ids are sparse (so they are
 * looked up by hash) and a sample names an unknown id (so "(unknown)" is
 * added after the kept arrays). */
static void test_preorder_kept(void **state)
{
	/* root 10 -> a 500 -> b 7000, c 30; root -> d 2 */
	/* clang-format off */
	const char *pre = "{\"nodes\":[{\"id\":10," ROOTCF ",\"children\":[500,2]},"
			  "{\"id\":500," CF("a", "file:///a.js") ",\"children\":[7000,30]},"
			  "{\"id\":7000," CF("b", "file:///a.js") "},"
			  "{\"id\":30," CF("c", "file:///a.js") "},"
			  "{\"id\":2," CF("d", "file:///a.js") "}],"
			  "\"startTime\":0,\"samples\":[7000,30,99999999999,2,500],"
			  "\"timeDeltas\":[1,1,1,1,1]}";
	/* breadth-first: siblings keep their file order, but this is not pre-order */
	const char *other = "{\"nodes\":[{\"id\":10," ROOTCF ",\"children\":[500,2]},"
			    "{\"id\":500," CF("a", "file:///a.js") ",\"children\":[7000,30]},"
			    "{\"id\":2," CF("d", "file:///a.js") "},"
			    "{\"id\":7000," CF("b", "file:///a.js") "},"
			    "{\"id\":30," CF("c", "file:///a.js") "}],"
			    "\"startTime\":0,\"samples\":[7000,30,99999999999,2,500],"
			    "\"timeDeltas\":[1,1,1,1,1]}";
	/* clang-format on */
	static const int64_t ids[] = { 10, 500, 7000, 30, 2, -1 };
	static const char *const names[] = { "(root)", "a", "b", "c", "d", "(unknown)" };
	static const uint32_t parents[] = { FC_NONE, 0, 1, 1, 0, 0 };
	static const uint32_t samples[] = { 2, 3, 5, 4, 1 };
	struct loaded l[2];
	int k;
	uint32_t i;
	(void)state;

	for (k = 0; k < 2; k++) {
		struct fc_profile *p = must_load(k ? other : pre, &l[k]);
		assert_int_equal(p->n_nodes, 6);
		for (i = 0; i < 6; i++) {
			assert_int_equal(p->node_id[i], ids[i]);
			assert_string_equal(node_name(p, i), names[i]);
			assert_int_equal(p->node_parent[i], parents[i]);
			assert_int_equal(p->node_depth[i],
					 i == 0 ? 0 : p->node_depth[parents[i]] + 1);
		}
		assert_int_equal(p->max_depth, 2);
		assert_int_equal(p->n_samples, 5);
		for (i = 0; i < 5; i++)
			assert_int_equal(p->sample_node[i], samples[i]);
		assert_int_equal(p->n_repairs, 1); /* the unknown id */
		fc_profile_set_finish(&l[k].set);
	}
}

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return x < y ? -1 : x > y;
}

/* The median interval equals a sort's, for intervals that differ in the
 * low digit only, across digits, up to 2^53, all equal, and few. */
static void test_median_interval(void **state)
{
	static const int64_t spans[] = { 1, 3, 1000, 70000, 5000000000LL, INT64_C(1) << 52 };
	uint64_t r = 88172645463325252ULL;
	size_t s, c;
	(void)state;

	for (s = 0; s < sizeof(spans) / sizeof(spans[0]); s++) {
		for (c = 0; c < 4; c++) {
			struct fc_profile *p = fc_profile_create();
			size_t n = c == 0 ? 2 : c == 1 ? 3 : c == 2 ? 1000 : 20001, i;
			int64_t *d = malloc(n * sizeof(*d)), t = 0;
			/* the times stay within 2^53, as the importers keep them */
			int64_t span = spans[s] < (INT64_C(1) << 53) / (int64_t)n
					       ? spans[s]
					       : (INT64_C(1) << 53) / (int64_t)n;
			double want;

			p->n_samples = (uint32_t)n;
			p->sample_time_us = malloc(n * sizeof(int64_t));
			for (i = 0; i < n; i++) {
				r ^= r << 13;
				r ^= r >> 7;
				r ^= r << 17;
				if (i)
					t += (int64_t)(r % (uint64_t)span) /
					     (i % 7 ? 1 : 1 + (int64_t)c);
				p->sample_time_us[i] = t;
				if (i)
					d[i - 1] = t - p->sample_time_us[i - 1];
			}
			qsort(d, n - 1, sizeof(*d), cmp_i64);
			want = (n - 1) % 2
				       ? (double)d[(n - 1) / 2]
				       : ((double)d[(n - 1) / 2 - 1] + (double)d[(n - 1) / 2]) / 2;
			assert_true(fc_profile_median_interval(p) == want);
			free(d);
			fc_profile_destroy(p);
		}
	}
}

static void test_negative_deltas_sorted(void **state)
{
	/* DevTools sorts by time, stably: the sample moved back comes first */
	/* clang-format off */
	const char *json = "{\"nodes\":[{\"id\":1," ROOTCF ",\"children\":[2,3]},"
			   "{\"id\":2," CF("f", "file:///x.js") "},{\"id\":3," CF("g", "file:///x.js") "}],"
			   "\"startTime\":100,\"endTime\":200,\"samples\":[2,3,2],"
			   "\"timeDeltas\":[10,10,-15],\"hitCount\":7}";
	/* clang-format on */
	struct loaded l;
	struct fc_profile *p = must_load(json, &l);
	(void)state;

	assert_int_equal(p->n_samples, 3);
	assert_int_equal(p->sample_time_us[0], 105);
	assert_int_equal(p->sample_time_us[1], 110);
	assert_int_equal(p->sample_time_us[2], 120);
	assert_string_equal(node_name(p, p->sample_node[0]), "f");
	assert_string_equal(node_name(p, p->sample_node[2]), "g");
	assert_int_equal(p->n_repairs, 0);
	fc_profile_set_finish(&l.set);
}

static void test_legacy_head(void **state)
{
	/* legacy: 1-based lines, seconds, absolute timestamps with one extra */
	const char *json =
		"{\"head\":{\"functionName\":\"(root)\",\"url\":\"\",\"lineNumber\":0,\"id\":1,"
		"\"scriptId\":0,\"children\":[{\"children\":[{\"functionName\":\"d\",\"url\":\"\","
		"\"lineNumber\":14,\"id\":5,\"scriptId\":0,\"children\":[]}],\"functionName\":"
		"\"b\","
		"\"url\":\"/x.js\",\"lineNumber\":6,\"id\":4,\"scriptId\":7}]},"
		"\"startTime\":2,\"endTime\":3,\"samples\":[4,5],"
		"\"timestamps\":[2000000,2001000,2003000]}";
	struct loaded l;
	struct fc_profile *p = must_load(json, &l);
	(void)state;

	assert_int_equal(p->n_nodes, 3);
	assert_string_equal(node_name(p, 1), "b");
	assert_string_equal(node_name(p, 2), "d");
	assert_int_equal(p->frames[p->node_frame[1]].line, 5);
	assert_int_equal(p->frames[p->node_frame[0]].line, -1);
	assert_int_equal(p->start_us, 2000000);
	assert_int_equal(p->end_us, 3000000);
	assert_int_equal(p->sample_time_us[1], 2001000);
	assert_true(fc_profile_samples_end(p) == 2003000.0);
	fc_profile_set_finish(&l.set);
}

static void test_bom_and_utf8(void **state)
{
	/* a BOM is skipped; invalid UTF-8 and control characters are replaced */
	const char *json = "\xef\xbb\xbf{\"nodes\":[{\"id\":1," ROOTCF ",\"children\":[2]},"
			   "{\"id\":2,\"callFrame\":{\"functionName\":\"a\\u0000b\xff\","
			   "\"scriptId\":\"1\",\"url\":\"\"}}],\"startTime\":0,\"endTime\":1}";
	struct loaded l;
	struct fc_profile *p = must_load(json, &l);
	(void)state;

	assert_string_equal(node_name(p, 1), "a\xef\xbf\xbd"
					     "b\xef\xbf\xbd");
	assert_int_equal(p->n_samples, 0);
	fc_profile_set_finish(&l.set);
}

/* --- errors --------------------------------------------------------------- */

struct err_case {
	const char *what;
	const char *json;
	enum fc_error_code code;
	const char *path; /* NULL = don't care */
	const char *text; /* substring */
	long line;        /* 0 = don't care */
	bool forced;      /* with --input-format cpuprofile */
};

static const struct err_case errors[] = {
	/* clang-format off */
	{ "not JSON", "hello", FC_ERR_FORMAT, "", "the file is not JSON: not a profile", 0 },
	{ "bad JSON", "{\"nodes\":[{\"id\":1,,}]}", FC_ERR_SYNTAX, "nodes[0]",
	  "not valid JSON: expected a string key, found ','", 1 },
	{ "truncated", "{\"nodes\":[{\"id\":1,\"callFrame\":{\"functionName\":\"(ro", FC_ERR_SYNTAX,
	  "nodes[0].callFrame.functionName", "truncated JSON: the file ends inside this value", 1 },
	{ "trailing garbage", "{\"nodes\":[]} x", FC_ERR_SYNTAX, NULL, "not valid JSON", 1 },
	{ "not a profile", "{\"a\":1,\"b\":[2]}", FC_ERR_FORMAT, NULL,
	  "JSON object with keys a, b: not a profile", 0 },
	{ "a trace", "{\"traceEvents\":[]}", FC_ERR_FORMAT, "traceEvents",
	  "Chrome trace-event file, not a .cpuprofile; it needs the trace importer", 1, true },
	{ "a trace array", "[{\"ph\":\"M\"}]", FC_ERR_FORMAT, NULL, "array form of a Chrome trace",
	  1, true },
	{ "self-profiling", "{\"resources\":[],\"frames\":[],\"stacks\":[],\"samples\":[]}",
	  FC_ERR_FORMAT, "resources", "JS Self-Profiling trace", 1, true },
	{ "a number", "42", FC_ERR_FORMAT, NULL, "not a profile", 1, true },
	{ "missing nodes", "{\"startTime\":1,\"samples\":[1],\"timeDeltas\":[1]}", FC_ERR_FORMAT,
	  NULL, "missing \"nodes\"", 0 },
	{ "no nodes", "{\"nodes\":[],\"startTime\":1}", FC_ERR_INVALID, "nodes",
	  "no nodes", 0 },
	{ "duplicate id",
	  "{\"nodes\":[{\"id\":1," ROOTCF ",\"children\":[2]},\n{\"id\":2," CF("a", "") "},\n"
	  "{\"id\":2," CF("b", "") "}]}",
	  FC_ERR_INVALID, "nodes[2].id", "duplicate node id 2 (also nodes[1]", 3 },
	{ "cycle",
	  "{\"nodes\":[{\"id\":1," ROOTCF ",\"children\":[2]},{\"id\":2," CF("a", "")
	  ",\"children\":[3]},{\"id\":3," CF("b", "") ",\"children\":[4]},{\"id\":4," CF("c", "")
	  ",\"children\":[3]}]}",
	  FC_ERR_INVALID, NULL, "node 3 is a child of both node 2 and node 4", 0 },
	{ "cycle without root",
	  "{\"nodes\":[{\"id\":1," CF("a", "") ",\"parent\":2},{\"id\":2," CF("b", "")
	  ",\"parent\":1}]}",
	  FC_ERR_INVALID, NULL, "the call tree has a cycle through node id", 0 },
	{ "self child", "{\"nodes\":[{\"id\":1," ROOTCF ",\"children\":[1]}]}", FC_ERR_INVALID,
	  "nodes[0].children[0]", "lists itself as its child", 0 },
	{ "string id", "{\"nodes\":[{\"id\":\"1\"," ROOTCF "}]}", FC_ERR_TYPE, "nodes[0].id",
	  "expected an integer id, found a string", 1 },
	{ "non-integer id", "{\"nodes\":[{\"id\":1.5," ROOTCF "}]}", FC_ERR_INVALID, "nodes[0].id",
	  "expected an integer, found 1.5", 1 },
	{ "huge id", "{\"nodes\":[{\"id\":99999999999999999999," ROOTCF "}]}", FC_ERR_INVALID,
	  "nodes[0].id", "integer out of range", 1 },
	{ "string timeDeltas",
	  "{\"nodes\":[{\"id\":1," ROOTCF "}],\"samples\":[1],\"timeDeltas\":\"1\"}", FC_ERR_TYPE,
	  "timeDeltas", "expected an array, found a string", 1 },
	{ "string in timeDeltas",
	  "{\"nodes\":[{\"id\":1," ROOTCF "}],\"samples\":[1],\n\"timeDeltas\":[\"1\"]}",
	  FC_ERR_TYPE, "timeDeltas[0]", "expected a number, found a string", 2 },
	{ "non-object callFrame", "{\"nodes\":[{\"id\":1,\"callFrame\":\"(root)\"}]}", FC_ERR_TYPE,
	  "nodes[0].callFrame", "expected an object, found a string", 1 },
	{ "array callFrame", "{\"nodes\":[{\"id\":1,\"callFrame\":[]}]}", FC_ERR_TYPE,
	  "nodes[0].callFrame", "expected an object, found an array", 1 },
	{ "nodes not array", "{\"nodes\":{}}", FC_ERR_TYPE, "nodes",
	  "expected an array, found an object", 1 },
	{ "no callFrame", "{\"nodes\":[{\"id\":1}]}", FC_ERR_TYPE, "nodes[0]",
	  "node 1 has no \"callFrame\"", 1 },
	{ "no id", "{\"nodes\":[{" ROOTCF "}]}", FC_ERR_TYPE, "nodes[0]", "node has no \"id\"", 1 },
	{ "string sample", "{\"nodes\":[{\"id\":1," ROOTCF "}],\"samples\":[\"1\"]}", FC_ERR_TYPE,
	  "samples[0]", "expected an integer, found a string", 1 },
	{ "duplicate key", "{\"nodes\":[{\"id\":1,\"id\":2," ROOTCF "}]}", FC_ERR_INVALID,
	  "nodes[0].id", "duplicate key \"id\"", 1 },
	{ "time overflow",
	  "{\"nodes\":[{\"id\":1," ROOTCF "}],\"samples\":[1,1],"
	  "\"timeDeltas\":[9007199254740000,9007199254740000]}",
	  FC_ERR_INVALID, "timeDeltas[1]", "exceeds 2^53", 0 },
	{ "huge startTime", "{\"nodes\":[{\"id\":1," ROOTCF "}],\"startTime\":1e300}",
	  FC_ERR_INVALID, "startTime", "out of range", 1 },
	{ "line out of range",
	  "{\"nodes\":[{\"id\":1,\"callFrame\":{\"functionName\":\"x\",\"lineNumber\":4294967296}}]}",
	  FC_ERR_INVALID, "nodes[0].callFrame.lineNumber", "out of range", 1 },
	{ "both shapes", "{\"nodes\":[],\"head\":{}}", FC_ERR_FORMAT, "head",
	  "both \"nodes\" and \"head\"", 1 },
	{ "empty", "", FC_ERR_FORMAT, "", "the file is empty", 0 },
	{ "whitespace", " \n\t\r\n ", FC_ERR_FORMAT, "", "only whitespace", 0 },
};
/* clang-format on */

static void test_errors(void **state)
{
	size_t i;
	(void)state;

	for (i = 0; i < sizeof(errors) / sizeof(errors[0]); i++) {
		const struct err_case *c = &errors[i];
		struct loaded l;
		char msg[1600];

		forced_format = c->forced ? FC_FORMAT_CPUPROFILE : FC_FORMAT_AUTO;
		if (load(c->json, false, &l)) {
			print_error("%s: accepted\n", c->what);
			fail();
		}
		fc_error_format(&l.err, msg, sizeof(msg));
		if (l.err.code != c->code || !strstr(l.err.text, c->text) ||
		    (c->path && strcmp(l.err.path, c->path) != 0) ||
		    (c->line && l.err.line != c->line) || strcmp(l.err.file, "t.cpuprofile") != 0) {
			print_error("%s: code %d: %s\n", c->what, l.err.code, msg);
			fail();
		}
		assert_int_equal(l.set.count, 0);
		/* an input's fault (the command line's exit code 2) */
		assert_true(l.err.code >= FC_ERR_IO && l.err.code <= FC_ERR_STRICT);
	}
	forced_format = FC_FORMAT_AUTO;
}

static void test_error_position(void **state)
{
	/* line and column count while streaming */
	const char *json = "{\n  \"nodes\": [\n    {\"id\": 1, \"callFrame\": 7}\n  ]\n}\n";
	struct loaded l;
	char msg[256];
	(void)state;

	assert_false(load(json, false, &l));
	assert_int_equal(l.err.line, 3);
	assert_int_equal(l.err.column, 28);
	fc_error_format(&l.err, msg, sizeof(msg));
	assert_string_equal(msg, "t.cpuprofile: nodes[0].callFrame (line 3, column 28): "
				 "expected an object, found an integer");
}

static void test_file_errors(void **state)
{
	struct fc_import_options opts = FC_IMPORT_OPTIONS_INIT;
	struct fc_profile_set set;
	struct fc_error err;
	char dir[] = "/tmp/fc-test-XXXXXX", path[64];
	FILE *f;
	(void)state;

	assert_non_null(mkdtemp(dir));
	fc_profile_set_init(&set);
	assert_false(fc_import_file(dir, &opts, &set, &err));
	assert_int_equal(err.code, FC_ERR_IO);
	assert_non_null(strstr(err.text, "is a directory"));
	assert_string_equal(err.file, dir);

	snprintf(path, sizeof(path), "%s/missing.cpuprofile", dir);
	assert_false(fc_import_file(path, &opts, &set, &err));
	assert_int_equal(err.code, FC_ERR_IO);
	assert_non_null(strstr(err.text, "No such file"));

	snprintf(path, sizeof(path), "%s/big.cpuprofile", dir);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs("{\"nodes\":[]}                                   ", f);
	fclose(f);
	opts.max_bytes = 16;
	assert_false(fc_import_file(path, &opts, &set, &err));
	assert_int_equal(err.code, FC_ERR_LIMIT);
	opts.max_bytes = 0;

	if (geteuid() != 0) {
		/* root can read anything; the CLI test covers this as a user */
		chmod(path, 0);
		assert_false(fc_import_file(path, &opts, &set, &err));
		assert_int_equal(err.code, FC_ERR_IO);
	}
	unlink(path);
	rmdir(dir);
	assert_int_equal(set.count, 0);
}

/* --- repairs -------------------------------------------------------------- */

struct repair_case {
	const char *what;
	const char *json;
	const char *path;
	const char *text;
};

static const struct repair_case repairs[] = {
	/* clang-format off */
	{ "unknown sample id",
	  "{\"nodes\":[{\"id\":1," ROOTCF ",\"children\":[2]},{\"id\":2," CF("a", "file:///a.js")
	  "}],\"startTime\":0,\"endTime\":40,\"samples\":[2,99,99,2],\"timeDeltas\":[0,10,10,10]}",
	  "samples[1]", "2 samples name unknown node ids (first: 99); their time goes to (unknown)" },
	{ "length mismatch",
	  "{\"nodes\":[{\"id\":1," ROOTCF ",\"children\":[2]},{\"id\":2," CF("a", "file:///a.js")
	  "}],\"startTime\":0,\"endTime\":40,\"samples\":[2,2,2],\"timeDeltas\":[0,10]}",
	  "samples", "3 samples but 2 timeDeltas; using the first 2" },
	{ "unknown child",
	  "{\"nodes\":[{\"id\":1," ROOTCF ",\"children\":[2,77]},{\"id\":2," CF("a", "file:///a.js")
	  "}],\"startTime\":0,\"endTime\":40,\"samples\":[2],\"timeDeltas\":[0]}",
	  "nodes[0].children[1]", "unknown node id 77 (ignored)" },
	{ "several roots",
	  "{\"nodes\":[{\"id\":1," CF("a", "file:///a.js") "},{\"id\":2," CF("b", "file:///a.js")
	  "}],\"startTime\":0,\"endTime\":40,\"samples\":[1,2],\"timeDeltas\":[0,10]}",
	  "nodes", "2 nodes have no parent; a synthetic (root) was added above them" },
	{ "orphans under (root)",
	  "{\"nodes\":[{\"id\":1," ROOTCF "},{\"id\":2," CF("b", "file:///a.js")
	  "}],\"startTime\":0,\"endTime\":40,\"samples\":[2],\"timeDeltas\":[0]}",
	  "nodes[0]", "2 nodes have no parent; they were placed under the (root) node" },
	{ "unknown parent",
	  "{\"nodes\":[{\"id\":1," ROOTCF "},{\"id\":2,\"parent\":1," CF("a", "") "},{\"id\":3,\"parent\":55,"
	  CF("b", "file:///a.js") "}]}",
	  NULL, NULL },
	{ "no timeDeltas",
	  "{\"nodes\":[{\"id\":1," ROOTCF ",\"children\":[2]},{\"id\":2," CF("a", "file:///a.js")
	  "}],\"startTime\":0,\"endTime\":40,\"samples\":[2,2]}",
	  "samples", "no timeDeltas; 2 samples spread evenly from startTime to endTime" },
	{ "parent disagrees",
	  "{\"nodes\":[{\"id\":1," ROOTCF ",\"children\":[2,3]},{\"id\":2," CF("a", "file:///a.js")
	  "},{\"id\":3,\"parent\":2," CF("b", "file:///a.js") "}]}",
	  "nodes[2].parent", "parent 2 disagrees with the children lists, which name 1" },
};
/* clang-format on */

static void test_repairs(void **state)
{
	size_t i;
	(void)state;

	for (i = 0; i < sizeof(repairs) / sizeof(repairs[0]); i++) {
		const struct repair_case *c = &repairs[i];
		struct loaded l;

		if (!c->path)
			continue; /* checked in test_repair_details */
		if (!load(c->json, false, &l)) {
			char msg[1600];
			fc_error_format(&l.err, msg, sizeof(msg));
			print_error("%s: %s\n", c->what, msg);
			fail();
		}
		if (l.set.items[0]->n_repairs != 1 ||
		    strcmp(l.set.items[0]->warnings[0].path, c->path) != 0 ||
		    !strstr(l.set.items[0]->warnings[0].text, c->text)) {
			print_error(
				"%s: %zu repairs, first '%s' '%s'\n", c->what,
				l.set.items[0]->n_repairs,
				l.set.items[0]->n_warnings ? l.set.items[0]->warnings[0].path : "",
				l.set.items[0]->n_warnings ? l.set.items[0]->warnings[0].text : "");
			fail();
		}
		fc_profile_set_finish(&l.set);

		/* --strict: the same damage is an error */
		assert_false(load(c->json, true, &l));
		assert_int_equal(l.err.code, FC_ERR_STRICT);
		assert_string_equal(l.err.path, c->path);
		assert_non_null(strstr(l.err.text, c->text));
		assert_non_null(strstr(l.err.text, "--strict"));
	}
}

static void test_repair_details(void **state)
{
	struct loaded l;
	struct fc_profile *p;
	uint32_t i, unknown = FC_NONE;
	(void)state;

	/* the unknown samples' time is kept, on an (unknown) frame under the root */
	p = must_load(repairs[0].json, &l);
	for (i = 0; i < p->n_nodes; i++)
		if (p->frames[p->node_frame[i]].meta == FC_META_UNKNOWN)
			unknown = i;
	assert_int_not_equal(unknown, FC_NONE);
	assert_int_equal(p->node_parent[unknown], 0);
	assert_int_equal(p->sample_node[1], unknown);
	assert_int_equal(p->sample_node[2], unknown);
	assert_true(fc_profile_sample_duration(p, 1) + fc_profile_sample_duration(p, 2) == 20.0);
	fc_profile_set_finish(&l.set);

	/* the common prefix */
	p = must_load(repairs[1].json, &l);
	assert_int_equal(p->n_samples, 2);
	fc_profile_set_finish(&l.set);

	/* synthetic root above two parentless nodes */
	p = must_load(repairs[3].json, &l);
	assert_int_equal(p->n_nodes, 3);
	assert_string_equal(node_name(p, 0), "(root)");
	assert_int_equal(p->node_parent[1], 0);
	assert_int_equal(p->node_parent[2], 0);
	fc_profile_set_finish(&l.set);

	/* unknown parent id: the node becomes parentless (then goes under (root)) */
	p = must_load(repairs[5].json, &l);
	assert_int_equal(p->n_repairs, 2);
	assert_non_null(strstr(p->warnings[0].text, "unknown parent id 55"));
	assert_string_equal(p->warnings[0].path, "nodes[2].parent");
	fc_profile_set_finish(&l.set);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_corpus),
		cmocka_unit_test(test_key_order_and_links),
		cmocka_unit_test(test_children_then_parent),
		cmocka_unit_test(test_preorder_kept),
		cmocka_unit_test(test_median_interval),
		cmocka_unit_test(test_negative_deltas_sorted),
		cmocka_unit_test(test_legacy_head),
		cmocka_unit_test(test_bom_and_utf8),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_error_position),
		cmocka_unit_test(test_file_errors),
		cmocka_unit_test(test_repairs),
		cmocka_unit_test(test_repair_details),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
