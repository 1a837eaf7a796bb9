/* Source maps (src/import/vlq.c, sourcemap.c, sourcemap_url.c,
 * sourcemap_apply.c): Base64 VLQ against the values the reference encoders
 * give (and their edge cases), lookups on hand-made maps whose answers are
 * worked out in the comments, index maps, hostile maps and the memory
 * bound, URL resolution, and the merge of frames that map to one function. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "flamechart/import.h"
#include "import/sourcemap.h"
#include "import/sourcemap_url.h"
#include "model/profile.h"

static enum fc_vlq_status vlq(const char *s, int32_t *v, size_t *used)
{
	const char *p = s;
	enum fc_vlq_status st = fc_vlq_decode(&p, s + strlen(s), v);

	*used = (size_t)(p - s);
	return st;
}

/* Values and encodings of ECMA-426's Base64 VLQ as Mozilla's source-map,
 * Closure Compiler and the `vlq` package encode them. */
static void test_vlq_values(void **state)
{
	static const struct {
		const char *text;
		int32_t value;
	} cases[] = {
		{ "A", 0 },
		{ "C", 1 },
		{ "D", -1 },
		{ "e", 15 },
		{ "gB", 16 },
		{ "hB", -16 },
		{ "2H", 123 },
		{ "qxmvrH", 123456789 },
		{ "+/////D", INT32_MAX },
		{ "//////D", -INT32_MAX },
		{ "ggggggC", 1073741824 },
		/* "negative zero" is -2^31, as the fixed encoders round-trip it */
		{ "B", INT32_MIN },
	};
	size_t i, used;
	int32_t v;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assert_int_equal(vlq(cases[i].text, &v, &used), FC_VLQ_OK);
		assert_int_equal(v, cases[i].value);
		assert_int_equal(used, strlen(cases[i].text));
	}
	/* one value per call: "CEG" is 1, 2, 3 */
	{
		const char *s = "CEG", *p = s;
		int32_t out[3];
		for (i = 0; i < 3; i++)
			assert_int_equal(fc_vlq_decode(&p, s + 3, &out[i]), FC_VLQ_OK);
		assert_int_equal(out[0], 1);
		assert_int_equal(out[1], 2);
		assert_int_equal(out[2], 3);
	}
}

static void test_vlq_errors(void **state)
{
	size_t used;
	int32_t v;

	(void)state;
	/* beyond 32 bits: a 7th digit above 3, an 8th digit, or a long run of
	 * continuation digits that would overflow a 64-bit accumulator */
	assert_int_equal(vlq("ggggggE", &v, &used), FC_VLQ_OVERFLOW);
	assert_int_equal(used, 6);
	assert_int_equal(vlq("gggggggA", &v, &used), FC_VLQ_OVERFLOW);
	assert_int_equal(vlq("gggggggggggggggggggggggggggggggggggggA", &v, &used), FC_VLQ_OVERFLOW);
	assert_int_equal(vlq("//////////////////////", &v, &used), FC_VLQ_OVERFLOW);
	/* truncated: the input ends after a continuation digit */
	assert_int_equal(vlq("g", &v, &used), FC_VLQ_TRUNCATED);
	assert_int_equal(vlq("ggg", &v, &used), FC_VLQ_TRUNCATED);
	assert_int_equal(vlq("", &v, &used), FC_VLQ_TRUNCATED);
	/* not Base64 (padding is not part of VLQ either) */
	assert_int_equal(vlq("!", &v, &used), FC_VLQ_BAD_CHAR);
	assert_int_equal(vlq("g=", &v, &used), FC_VLQ_BAD_CHAR);
	assert_int_equal(used, 1);
	assert_int_equal(vlq("\xc3\xa9", &v, &used), FC_VLQ_BAD_CHAR);
}

static struct fc_sourcemap *parse(const char *json, struct fc_error *err)
{
	return fc_sourcemap_parse(json, strlen(json), "file:///b/dist/app.js.map", "app.js.map",
				  err);
}

static bool look(struct fc_sourcemap *m, int32_t line, int32_t col, struct fc_sourcemap_pos *pos)
{
	struct fc_error err;

	fc_error_init(&err);
	return fc_sourcemap_lookup(m, line, col, pos, &err);
}

/* mappings "AAAA,KAAKA,GAAG;;IACE,WCCAC" (K = 5, G = 3, I = 4, E = 2,
 * W = 11, C = 1):
 *   line 0: col 0 -> src 0 (../src/a.ts) 0:0; col 5 -> 0:5 name 0 (alpha);
 *           col 8 -> 0:8
 *   line 1: no segments
 *   line 2: "IACE" col 4 -> src 0, line 0+1, col 8+2: 1:10;
 *           "WCCAC" col 4+11 = 15 -> src 1 (lib/b.ts), line 2, col 10,
 *           name 1 (beta) */
static const char PLAIN[] = "{\"version\":3,\"file\":\"app.js\",\"sourceRoot\":\"../src\","
			    "\"sources\":[\"a.ts\",\"lib/b.ts\"],"
			    "\"sourcesContent\":[\"function alpha() {}\",null],"
			    "\"names\":[\"alpha\",\"beta\"],"
			    "\"mappings\":\"AAAA,KAAKA,GAAG;;IACE,WCCAC\"}";

static void test_lookup(void **state)
{
	struct fc_sourcemap_pos pos;
	struct fc_error err;
	struct fc_sourcemap *m = parse(PLAIN, &err);

	(void)state;
	assert_non_null(m);
	/* greatest lower bound on the line */
	assert_true(look(m, 0, 0, &pos));
	assert_string_equal(pos.source, "file:///b/src/a.ts");
	assert_int_equal(pos.line, 0);
	assert_int_equal(pos.column, 0);
	assert_null(pos.name);
	assert_string_equal(pos.content, "function alpha() {}");
	assert_true(look(m, 0, 4, &pos));
	assert_int_equal(pos.column, 0);
	assert_true(look(m, 0, 5, &pos));
	assert_int_equal(pos.column, 5);
	assert_string_equal(pos.name, "alpha");
	assert_true(look(m, 0, 7, &pos));
	assert_int_equal(pos.column, 5);
	assert_true(look(m, 0, 1000, &pos));
	assert_int_equal(pos.column, 8);
	assert_null(pos.name);
	/* lines are not crossed: line 1 has no segment, line 2 none before 4 */
	assert_false(look(m, 1, 0, &pos));
	assert_false(look(m, 2, 3, &pos));
	assert_true(look(m, 2, 4, &pos));
	assert_string_equal(pos.source, "file:///b/src/a.ts");
	assert_int_equal(pos.line, 1);
	assert_int_equal(pos.column, 10);
	assert_true(look(m, 2, 15, &pos));
	assert_string_equal(pos.source, "file:///b/src/lib/b.ts");
	assert_int_equal(pos.line, 2);
	assert_int_equal(pos.column, 10);
	assert_string_equal(pos.name, "beta");
	assert_null(pos.content);
	/* past the last line, negative positions */
	assert_false(look(m, 3, 0, &pos));
	assert_false(look(m, -1, 0, &pos));
	assert_int_equal(fc_sourcemap_ignored(m), 0);
	fc_sourcemap_destroy(m);
}

/* A 1-field segment ends the mapping before it; segments out of order on
 * a line are sorted; fields out of range are ignored and counted. */
static void test_segments(void **state)
{
	struct fc_sourcemap_pos pos;
	struct fc_error err;
	struct fc_sourcemap *m;

	(void)state;
	/* col 0 -> a:0:0; col 4: unmapped; col 8 -> a:0:8 */
	m = parse("{\"version\":3,\"sources\":[\"a\"],\"names\":[],\"mappings\":\"AAAA,I,IAAQ\"}",
		  &err);
	assert_non_null(m);
	assert_true(look(m, 0, 3, &pos));
	assert_false(look(m, 0, 5, &pos));
	assert_true(look(m, 0, 9, &pos));
	assert_int_equal(pos.column, 8);
	fc_sourcemap_destroy(m);

	/* "UAAU,VAAV": col 10 -> 0:10, then col 10-10=0 -> 0:0 (out of order) */
	m = parse("{\"version\":3,\"sources\":[\"a\"],\"mappings\":\"UAAU,VAAV\"}", &err);
	assert_non_null(m);
	assert_true(look(m, 0, 3, &pos));
	assert_int_equal(pos.column, 0);
	assert_true(look(m, 0, 12, &pos));
	assert_int_equal(pos.column, 10);
	fc_sourcemap_destroy(m);

	/* source 1 of 1, name 0 of 0, a 2-field and a 6-field segment, a
	 * negative column: five ignored, the good one at col 0 kept */
	m = parse("{\"version\":3,\"sources\":[\"a\"],\"names\":[],"
		  "\"mappings\":\"AAAA,CCAA,CDAAA,CA,CAAAAA,CAAD\"}",
		  &err);
	assert_non_null(m);
	assert_true(look(m, 0, 0, &pos));
	assert_int_equal(fc_sourcemap_ignored(m), 5);
	assert_true(look(m, 0, 100, &pos)); /* still the col-0 segment */
	assert_int_equal(pos.column, 0);
	fc_sourcemap_destroy(m);

	/* a bad digit fails the whole map, once, naming it */
	m = parse("{\"version\":3,\"sources\":[\"a\"],\"mappings\":\"AAAA;AA!A\"}", &err);
	assert_non_null(m);
	fc_error_init(&err);
	assert_false(fc_sourcemap_lookup(m, 0, 0, &pos, &err));
	assert_int_equal(err.code, FC_ERR_SYNTAX);
	assert_string_equal(err.file, "app.js.map");
	assert_non_null(strstr(err.text, "not Base64 at offset 7 (generated line 2)"));
	fc_error_init(&err);
	assert_false(fc_sourcemap_lookup(m, 0, 0, &pos, &err));
	assert_int_equal(err.code, FC_OK);
	fc_sourcemap_destroy(m);

	/* truncated, and beyond 32 bits */
	m = parse("{\"version\":3,\"sources\":[\"a\"],\"mappings\":\"AAAg\"}", &err);
	fc_error_init(&err);
	assert_false(fc_sourcemap_lookup(m, 0, 0, &pos, &err));
	assert_non_null(strstr(err.text, "a truncated number"));
	fc_sourcemap_destroy(m);
	m = parse("{\"version\":3,\"sources\":[\"a\"],\"mappings\":\"AAAggggggE\"}", &err);
	fc_error_init(&err);
	assert_false(fc_sourcemap_lookup(m, 0, 0, &pos, &err));
	assert_non_null(strstr(err.text, "beyond 32 bits"));
	fc_sourcemap_destroy(m);
}

/* Index maps: sections at offsets; a lookup in a section is relative to its
 * offset (the column only on the offset's own line). */
static void test_sections(void **state)
{
	static const char INDEX[] =
		"{\"version\":3,\"sections\":["
		"{\"offset\":{\"line\":0,\"column\":0},\"map\":{\"version\":3,"
		"\"sources\":[\"one.ts\"],\"names\":[\"f\"],\"mappings\":\"AAAAA\"}},"
		"{\"offset\":{\"line\":2,\"column\":10},\"map\":{\"version\":3,"
		"\"sources\":[\"two.ts\"],\"mappings\":\"AAAA,EAAE;AACA\"}}]}";
	struct fc_sourcemap_pos pos;
	struct fc_error err;
	struct fc_sourcemap *m = parse(INDEX, &err);

	(void)state;
	assert_non_null(m);
	assert_true(look(m, 0, 3, &pos));
	assert_string_equal(pos.source, "file:///b/dist/one.ts");
	assert_string_equal(pos.name, "f");
	assert_false(look(m, 1, 0, &pos)); /* section 0 has one line */
	assert_false(look(m, 2, 9, &pos)); /* before section 1: section 0, line 2 */
	assert_true(look(m, 2, 10, &pos)); /* section 1, 0:0 */
	assert_string_equal(pos.source, "file:///b/dist/two.ts");
	assert_int_equal(pos.column, 0);
	assert_true(look(m, 2, 12, &pos)); /* 0:2 */
	assert_int_equal(pos.column, 2);
	assert_true(look(m, 3, 0, &pos)); /* section line 1: 1:2 */
	assert_int_equal(pos.line, 1);
	assert_int_equal(pos.column, 2);
	fc_sourcemap_destroy(m);
}

static void expect_error(const char *json, enum fc_error_code code, const char *text)
{
	struct fc_error err;
	struct fc_sourcemap *m = parse(json, &err);

	assert_null(m);
	assert_int_equal(err.code, code);
	assert_string_equal(err.file, "app.js.map");
	if (!strstr(err.text, text))
		fail_msg("'%s' lacks '%s'", err.text, text);
}

static void test_bad_maps(void **state)
{
	(void)state;
	expect_error("", FC_ERR_SYNTAX, "not a JSON source map");
	expect_error("{\"version\":3,", FC_ERR_SYNTAX, "not a JSON source map");
	expect_error("[3]", FC_ERR_FORMAT, "not a JSON object");
	expect_error("{\"version\":2,\"mappings\":\"\"}", FC_ERR_FORMAT, "not a version 3");
	expect_error("{\"version\":\"3\",\"mappings\":\"\"}", FC_ERR_FORMAT, "not a version 3");
	expect_error("{\"version\":3}", FC_ERR_TYPE, "\"mappings\" is not a string");
	expect_error("{\"version\":3,\"mappings\":\"\",\"sources\":{}}", FC_ERR_TYPE,
		     "is not an array");
	expect_error("{\"version\":3,\"sections\":{}}", FC_ERR_TYPE,
		     "\"sections\" is not an array");
	/* no recursion: an index map inside an index map is refused */
	expect_error("{\"version\":3,\"sections\":[{\"offset\":{\"line\":0,\"column\":0},"
		     "\"map\":{\"version\":3,\"sections\":[]}}]}",
		     FC_ERR_FORMAT, "sections[0]: an index map inside an index map");
	expect_error("{\"version\":3,\"sections\":[{\"offset\":{\"line\":0,\"column\":0},"
		     "\"url\":\"x.map\"}]}",
		     FC_ERR_FORMAT, "sections with a \"url\" are not supported");
	expect_error(
		"{\"version\":3,\"sections\":["
		"{\"offset\":{\"line\":5,\"column\":0},\"map\":{\"version\":3,\"mappings\":\"\"}},"
		"{\"offset\":{\"line\":1,\"column\":0},\"map\":{\"version\":3,\"mappings\":\"\"}}"
		"]}",
		FC_ERR_INVALID, "sections[1]: sections out of order");
	expect_error("{\"version\":3,\"sections\":[{\"offset\":{\"line\":-1,\"column\":0},"
		     "\"map\":{\"version\":3,\"mappings\":\"\"}}]}",
		     FC_ERR_TYPE, "no valid \"offset\"");
}

/* Documented bound (docs/sourcemaps.md): at most 16 times the map's size
 * once parsed and decoded, whatever the map holds. */
static void check_bound(const char *json)
{
	struct fc_sourcemap_pos pos;
	struct fc_error err;
	struct fc_sourcemap *m = parse(json, &err);
	size_t len = strlen(json);
	int32_t line;

	assert_non_null(m);
	for (line = 0; line < 4; line++) /* decode */
		look(m, line, 0, &pos);
	if (fc_sourcemap_memory(m) > 16 * len + 256)
		fail_msg("%zu bytes for a map of %zu", fc_sourcemap_memory(m), len);
	fc_sourcemap_destroy(m);
}

static char *repeat(const char *head, const char *unit, size_t n, const char *tail)
{
	size_t hl = strlen(head), ul = strlen(unit), i;
	char *s = malloc(hl + ul * n + strlen(tail) + 1);

	assert_non_null(s);
	memcpy(s, head, hl);
	for (i = 0; i < n; i++)
		memcpy(s + hl + i * ul, unit, ul);
	strcpy(s + hl + n * ul, tail);
	return s;
}

static void test_memory_bound(void **state)
{
	static const char *const units[] = { ";", "A,", "A;", "AAAA,", "AAAAA;" };
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		char *s = repeat(
			"{\"version\":3,\"sources\":[\"a\"],\"names\":[\"n\"],\"mappings\":\"",
			units[i], 100000, "\"}");
		check_bound(s);
		free(s);
	}
	{ /* many sources and names, each two pointers */
		char *s = repeat("{\"version\":3,\"mappings\":\"\",\"sources\":[\"\"", ",\"\"",
				 100000, "]}");
		check_bound(s);
		free(s);
		s = repeat("{\"version\":3,\"mappings\":\"\",\"names\":[0", ",0", 100000, "]}");
		check_bound(s);
		free(s);
	}
	{ /* a sourcesContent of line breaks, its lines indexed by a lookup */
		char *s = repeat("{\"version\":3,\"sources\":[\"a\"],\"sourcesContent\":[\"", "\\n",
				 100000, "\"],\"mappings\":\"AAAA;AACA;AACA\"}");
		check_bound(s);
		free(s);
	}
	{ /* many sections and a long URL: the URL is kept once, not per section */
		char *s =
			repeat("{\"version\":3,\"sections\":[{\"offset\":{\"line\":0,\"column\":0},"
			       "\"map\":{\"version\":3,\"mappings\":\"\"}}",
			       ",{\"offset\":{\"line\":0,\"column\":0},\"map\":{\"version\":3,"
			       "\"mappings\":\"\"}}",
			       2000, "]}");
		char *url = repeat("https://example.com/app.js.map?", "q", 100000, "");
		struct fc_error err;
		struct fc_sourcemap *m = fc_sourcemap_parse(s, strlen(s), url, "app.js.map", &err);

		assert_non_null(m);
		if (fc_sourcemap_memory(m) > 16 * strlen(s) + strlen(url) + 256)
			fail_msg("%zu bytes for a map of %zu and a URL of %zu",
				 fc_sourcemap_memory(m), strlen(s), strlen(url));
		fc_sourcemap_destroy(m);
		free(url);
		free(s);
	}
}

static void resolves(const char *base, const char *ref, const char *want)
{
	char *got = fc_sourcemap_url_resolve(base, ref);

	assert_non_null(got);
	if (strcmp(got, want) != 0)
		fail_msg("resolve(%s, %s) = %s, want %s", base, ref, got, want);
	free(got);
}

static void test_urls(void **state)
{
	char *s;

	(void)state;
	resolves("file:///srv/shop/dist/app.js", "app.js.map", "file:///srv/shop/dist/app.js.map");
	resolves("file:///srv/shop/v/dist/app.js.map", "../../app/src/main.ts",
		 "file:///srv/shop/app/src/main.ts");
	resolves("file:///srv/shop/dist/app.js.map", "../../../../../x.ts", "file:///x.ts");
	resolves("https://h.example/static/js/a.js?v=3", "a.js.map",
		 "https://h.example/static/js/a.js.map");
	resolves("https://h.example/static/a.js", "/maps/a.js.map",
		 "https://h.example/maps/a.js.map");
	resolves("https://h.example/static/a.js", "//cdn.example/a.map",
		 "https://cdn.example/a.map");
	resolves("https://h.example", "a.map", "https://h.example/a.map");
	resolves("file:///b/a.js.map", "webpack://app/./src/x.ts", "webpack://app/src/x.ts");
	resolves("dist/app.js", "app.js.map", "dist/app.js.map");
	resolves("/abs/dist/app.js", "./x/../y.map", "/abs/dist/y.map");
	resolves("app.js", "a.map", "a.map");
	/* sourceRoot joins with a '/' */
	s = fc_sourcemap_source_url("src", "a.ts", "file:///b/m.map");
	assert_string_equal(s, "file:///b/src/a.ts");
	free(s);
	s = fc_sourcemap_source_url("https://x.example/src/", "a.ts", "file:///b/m.map");
	assert_string_equal(s, "https://x.example/src/a.ts");
	free(s);
	assert_int_equal(fc_sourcemap_url_scheme("file:///x"), 5);
	assert_int_equal(fc_sourcemap_url_scheme("C:/x"), 0);
	assert_int_equal(fc_sourcemap_url_scheme("/x:y"), 0);
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

/* Two bundle frames that map to one original function merge into one
 * frame; a frame outside any mapping and one without a map stay. */
static void test_apply_merges(void **state)
{
	char dir[] = "/tmp/fc-sourcemap-XXXXXX", path[256], prof[4096], root[300];
	struct fc_import_options opts = { .version = FC_IMPORT_OPTIONS_VERSION,
					  .format = FC_FORMAT_CPUPROFILE };
	const char *roots[1];
	struct fc_sourcemap_options smo = { .version = FC_SOURCEMAP_OPTIONS_VERSION,
					    .roots = roots,
					    .n_roots = 1 };
	struct fc_profile_set set;
	struct fc_error err;
	const struct fc_profile *p;
	uint32_t i, f2 = 0, f3 = 1, f4 = 2;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/app.js", dir);
	write_file(path, "function a(){}function b(){}\n//# sourceMappingURL=app.js.map\n");
	/* col 9 and col 23 both -> src/x.ts 0:9 name "work"; col 30 unmapped */
	snprintf(path, sizeof(path), "%s/app.js.map", dir);
	write_file(path, "{\"version\":3,\"sources\":[\"src/x.ts\"],\"names\":[\"work\"],"
			 "\"mappings\":\"SAASA,cAAAA,O\"}");
	snprintf(root, sizeof(root), "https://app.example/=%s", dir);
	roots[0] = root;
#define FRAME(id, name, url, col)                                                         \
	"{\"id\":" id ",\"callFrame\":{\"functionName\":\"" name "\",\"scriptId\":\"7\"," \
	"\"url\":\"" url "\",\"lineNumber\":0,\"columnNumber\":" col "}"
	snprintf(
		prof, sizeof(prof),
		"{\"nodes\":[{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\",\"scriptId\":"
		"\"0\","
		"\"url\":\"\",\"lineNumber\":-1,\"columnNumber\":-1},\"children\":[2,3]}," FRAME(
			"2", "a", "https://app.example/app.js",
			"9") ",\"children\":[4]}," FRAME("3", "b", "https://app.example/app.js",
							 "23") "}," FRAME("4", "c",
									  "https://app.example/"
									  "app.js",
									  "30") ",\"children\":[5]}"
										"," FRAME("5", "d",
											  "https://"
											  "app."
											  "example/"
											  "other."
											  "js",
											  "3") "}],"
											       "\"s"
											       "tar"
											       "tTi"
											       "me"
											       "\":"
											       "0,"
											       "\"e"
											       "ndT"
											       "ime"
											       "\":"
											       "40,"
											       "\"s"
											       "amp"
											       "les"
											       "\":"
											       "[2,"
											       "3,"
											       "5,"
											       "4],"
											       "\"t"
											       "ime"
											       "Del"
											       "tas"
											       "\":"
											       "[0,"
											       "10,"
											       "10,"
											       "10]"
											       "}");
	opts.sourcemaps = &smo;
	fc_profile_set_init(&set);
	if (!fc_import_memory("t.cpuprofile", prof, strlen(prof), &opts, &set, &err)) {
		char buf[1024];
		fc_error_format(&err, buf, sizeof(buf));
		fail_msg("%s", buf);
	}
	p = set.items[0];
	for (i = 0; i < p->n_nodes; i++)
		if (p->node_id[i] == 2)
			f2 = p->node_frame[i];
		else if (p->node_id[i] == 3)
			f3 = p->node_frame[i];
		else if (p->node_id[i] == 4)
			f4 = p->node_frame[i];
	assert_int_equal(f2, f3); /* one original function */
	assert_string_equal(fc_profile_str(p, p->frames[f2].name), "work");
	assert_string_equal(fc_profile_str(p, p->frames[f2].url), "https://app.example/src/x.ts");
	assert_int_equal(p->frames[f2].column, 9);
	assert_true(f2 < p->n_generated);
	assert_string_equal(fc_profile_str(p, p->generated[f2].url), "https://app.example/app.js");
	assert_int_equal(p->generated[f2].column, 9); /* the first one mapped */
	/* col 30: a 1-field segment, unmapped; other.js: no map */
	assert_string_equal(fc_profile_str(p, p->frames[f4].name), "c");
	assert_int_equal(p->frames[f4].column, 30);
	assert_true(f4 >= p->n_generated || p->generated[f4].url == 0);
	assert_int_equal(p->sourcemap_frames, 2);
	assert_int_equal(p->sourcemap_maps, 1);
	assert_int_equal(p->sourcemap_unreadable, 0);
	assert_int_equal(p->n_warnings, 0);
	assert_int_equal(p->n_repairs, 0);
	fc_profile_set_finish(&set);

	/* the map broken: the frames stay, one warning names the map */
	write_file(path, "{\"version\":3,");
	fc_profile_set_init(&set);
	assert_true(fc_import_memory("t.cpuprofile", prof, strlen(prof), &opts, &set, &err));
	p = set.items[0];
	assert_int_equal(p->sourcemap_frames, 0);
	assert_int_equal(p->sourcemap_unreadable, 1);
	assert_int_equal(p->n_warnings, 1);
	assert_non_null(strstr(p->warnings[0].text, path));
	assert_non_null(strstr(p->warnings[0].text, "not a JSON source map"));
	fc_profile_set_finish(&set);
	/* under --strict: an error naming the map */
	opts.strict = true;
	fc_profile_set_init(&set);
	assert_false(fc_import_memory("t.cpuprofile", prof, strlen(prof), &opts, &set, &err));
	assert_string_equal(err.file, path);
	assert_int_equal(set.count, 0);
	fc_profile_set_finish(&set);

	unlink(path);
	snprintf(path, sizeof(path), "%s/app.js", dir);
	unlink(path);
	rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_vlq_values),   cmocka_unit_test(test_vlq_errors),
		cmocka_unit_test(test_lookup),       cmocka_unit_test(test_segments),
		cmocka_unit_test(test_sections),     cmocka_unit_test(test_bad_maps),
		cmocka_unit_test(test_memory_bound), cmocka_unit_test(test_urls),
		cmocka_unit_test(test_apply_merges),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
