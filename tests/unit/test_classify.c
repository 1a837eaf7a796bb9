/* The classifier table: every case of input-rules §E3 and every rule of §E2. */
#include <setjmp.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "model/classify.h"
#include "model/profile.h"

struct row {
	const char *rule;
	const char *name;
	const char *url;
	int has_script;
	const char *code_type;
	const char *first_party;
	enum fc_tier tier;
	unsigned tags;
	const char *package;
};

static const struct row rows[] = {
	/* §E2, one row per rule (at least) */
	{ "1", "(idle)", "", 0, NULL, NULL, FC_TIER_IDLE, 0, "" },
	{ "2", "(garbage collector)", "", 0, NULL, NULL, FC_TIER_GC, 0, "" },
	{ "3", "(root)", "", 0, NULL, NULL, FC_TIER_V8, 0, "" },
	{ "4", "(program)", "", 0, NULL, NULL, FC_TIER_V8, 0, "" },
	{ "5", "(unresolved function)", "", 0, NULL, NULL, FC_TIER_V8, 0, "" },
	{ "5", "(no samples)", "", 0, NULL, NULL, FC_TIER_V8, 0, "" },
	{ "6", "RegExp: ^\\s*<", "", 0, NULL, NULL, FC_TIER_NATIVE, FC_TAG_REGEXP, "" },
	{ "7", "read", "", 0, NULL, NULL, FC_TIER_NATIVE, 0, "" },
	{ "7", "", "", 0, NULL, NULL, FC_TIER_NATIVE, 0, "" },
	{ "7", "get stack", "", 0, "other", NULL, FC_TIER_NATIVE, 0, "" },
	{ "8", "push", "native array.js", 1, NULL, NULL, FC_TIER_NATIVE, 0, "" },
	{ "8", "x", "native dummy.js", 1, NULL, NULL, FC_TIER_NATIVE, 0, "" },
	{ "9", "f", "extensions::SafeBuiltins", 1, NULL, NULL, FC_TIER_NATIVE, 0, "" },
	{ "9", "f", "v8/gc", 1, NULL, NULL, FC_TIER_NATIVE, 0, "" },
	/* wasm is a dependency's compiled code: deps, package wasm[:module] */
	{ "10", "wasm-function[0]", "wasm://wasm/f3e6cada", 1, NULL, NULL, FC_TIER_DEPS,
	  FC_TAG_WASM, "wasm" },
	{ "10", "$func12", "wasm://wasm/0001787e", 1, NULL, NULL, FC_TIER_DEPS, FC_TAG_WASM,
	  "wasm" },
	{ "10", "parse", "wasm://wasm/esbuild-0001787e", 1, NULL, NULL, FC_TIER_DEPS, FC_TAG_WASM,
	  "wasm:esbuild" },
	{ "10", "f", "https://a.example/x.wasm", 1, "wasm", "https://a.example", FC_TIER_DEPS,
	  FC_TAG_WASM, "wasm:x" },
	{ "10", "wasm-function[12]", "/x/y.js", 1, NULL, NULL, FC_TIER_DEPS, FC_TAG_WASM, "wasm" },
	{ "11", "f", "node:electron/js2c/browser_init", 1, NULL, NULL, FC_TIER_CORE, 0, "" },
	{ "11", "f", "electron/js2c/renderer_init", 1, NULL, NULL, FC_TIER_CORE, 0, "" },
	{ "12", "f", "node:internal/timers", 1, NULL, NULL, FC_TIER_CORE, 0, "" },
	{ "13", "f", "ext:core/01_core.js", 1, NULL, NULL, FC_TIER_CORE, 0, "" },
	{ "13", "f", "ext:deno_web/02_timers.js", 1, NULL, NULL, FC_TIER_CORE, 0, "" },
	{ "14", "f", "[eval]-wrapper", 1, NULL, NULL, FC_TIER_CORE, 0, "" },
	{ "14", "f", "[worker eval]-wrapper", 1, NULL, NULL, FC_TIER_CORE, 0, "" },
	{ "15", "f", "[eval]", 1, NULL, NULL, FC_TIER_APP, FC_TAG_EVAL, "" },
	{ "15", "f", "[worker eval]", 1, NULL, NULL, FC_TIER_APP, FC_TAG_EVAL, "" },
	{ "15", "f", "evalmachine.<anonymous>", 1, NULL, NULL, FC_TIER_APP, FC_TAG_EVAL, "" },
	{ "16", "evalNoUrlFn", "", 1, NULL, NULL, FC_TIER_APP, FC_TAG_EVAL, "" },
	{ "17", "f", "chrome-extension://fmkadmapgofadopljbjfkapdkoienihi/build/x.js", 1, NULL,
	  NULL, FC_TIER_DEPS, FC_TAG_EXT, "ext:fmkadmapgofadopljbjfkapdkoienihi" },
	{ "17", "f", "moz-extension://abc/x.js", 1, NULL, NULL, FC_TIER_DEPS, FC_TAG_EXT,
	  "ext:abc" },
	{ "18", "f", "webpack:///./node_modules/@babel/runtime/helpers/x.js?", 1, NULL, NULL,
	  FC_TIER_DEPS, 0, "@babel/runtime" },
	{ "18", "f", "webpack://app/./src/a.css?./node_modules/css-loader/dist/cjs.js", 1, NULL,
	  NULL, FC_TIER_APP, 0, "" },
	{ "18", "f", "webpack-internal:///./node_modules/react/index.js", 1, NULL, NULL,
	  FC_TIER_DEPS, 0, "react" },
	{ "19", "f", "webpack/runtime/jsonp chunk loading", 1, NULL, NULL, FC_TIER_APP, 0, "" },
	{ "20", "f", "http://localhost:5173/node_modules/.vite/deps/chunk-ABC.js?v=1", 1, NULL,
	  "http://localhost:5173", FC_TIER_DEPS, 0, "(vite deps)" },
	{ "20", "f", "https://cdn.jsdelivr.net/npm/@scope/pkg@1.0.0/dist/x.js", 1, NULL,
	  "https://shop.example", FC_TIER_DEPS, 0, "@scope/pkg" },
	{ "20", "f", "https://unpkg.com/react@18.2.0/umd/react.js", 1, NULL, NULL, FC_TIER_DEPS, 0,
	  "react" },
	{ "20", "f", "https://esm.sh/v135/preact@10.0.0/es2022/preact.mjs", 1, NULL, NULL,
	  FC_TIER_DEPS, 0, "preact" },
	{ "20", "f", "https://ga.jspm.io/npm:lodash@4.17.21/lodash.js", 1, NULL, NULL, FC_TIER_DEPS,
	  0, "lodash" },
	{ "20", "f", "https://www.googletagmanager.com/gtm.js", 1, NULL, "https://shop.example",
	  FC_TIER_DEPS, 0, "www.googletagmanager.com" },
	{ "20", "f", "https://shop.example/app.js?v=2", 1, NULL, "https://shop.example",
	  FC_TIER_APP, 0, "" },
	{ "21", "f", "file:///C:/Users/a%20b/proj/node_modules/%40scope/pkg/i.js", 1, NULL, NULL,
	  FC_TIER_DEPS, 0, "@scope/pkg" },
	{ "21", "f", "C:\\proj\\node_modules\\x\\node_modules\\y\\i.js", 1, NULL, NULL,
	  FC_TIER_DEPS, 0, "y" },
	{ "21", "f", "\\\\srv\\share\\my_node_modules\\m\\i.js", 1, NULL, NULL, FC_TIER_APP, 0,
	  "" },
	{ "21", "f", "/home/u/node_modules-bob/m/i.js", 1, NULL, NULL, FC_TIER_APP, 0, "" },
	{ "21", "f",
	  "file:///app/node_modules/.pnpm/@babel+core@7.20.0/node_modules/@babel/core/lib/x.js", 1,
	  NULL, NULL, FC_TIER_DEPS, 0, "@babel/core" },
	{ "21", "f",
	  "/p/.yarn/cache/lodash-npm-4.17.21-6382451519-eb835a2e51.zip/node_modules/"
	  "lodash/lodash.js",
	  1, NULL, NULL, FC_TIER_DEPS, 0, "lodash" },
	{ "21", "f", "/p/bower_components/jquery/dist/jquery.js", 1, NULL, NULL, FC_TIER_DEPS, 0,
	  "jquery" },
	{ "21", "f", "file:///tmp/x/main.js", 1, NULL, NULL, FC_TIER_APP, 0, "" },
	{ "21", "f", "/tmp/x/main.js", 1, NULL, NULL, FC_TIER_APP, 0, "" },
	{ "21", "f", "file:///a/node_modules/.pnpm/node_modules/x.js", 1, NULL, NULL, FC_TIER_DEPS,
	  0, "x.js" },
	{ "21", "f", "/a/node_modules/.pnpm/x.js", 1, NULL, NULL, FC_TIER_DEPS, 0, "(pnpm store)" },
	{ "21", "f", "/a/node_modules/_weird/x.js", 1, NULL, NULL, FC_TIER_DEPS, 0, "(unknown)" },
	{ "21", "f", "/a/node_modules/JSONStream/index.js", 1, NULL, NULL, FC_TIER_DEPS, 0,
	  "JSONStream" },
	{ "22", "f", "internal/timers.js", 1, NULL, NULL, FC_TIER_CORE, 0, "" },
	{ "22", "f", "events.js", 1, NULL, NULL, FC_TIER_CORE, 0, "" },
	{ "22", "f", "_http_common.js", 1, NULL, NULL, FC_TIER_CORE, 0, "" },
	{ "23", "f", "data:text/javascript,foo()", 1, NULL, NULL, FC_TIER_APP, 0, "" },
	{ "23", "f", "blob:https://a.example/uuid", 1, NULL, NULL, FC_TIER_APP, 0, "" },
	{ "23", "f", "pptr:evaluate;x", 1, NULL, NULL, FC_TIER_APP, 0, "" },
	{ "23", "f", "chrome://resources/x.js", 1, NULL, NULL, FC_TIER_V8, 0, "" },
	{ "23", "f", "devtools://devtools/x.js", 1, NULL, NULL, FC_TIER_V8, 0, "" },
	{ "24", "f", "some/relative/thing", 1, NULL, NULL, FC_TIER_APP, 0, "" },
	{ "24", "f", "__puppeteer_evaluation_script__", 1, NULL, NULL, FC_TIER_APP, 0, "" },
	/* §E5: Go frames by their file */
	{ "E5", "runtime.mallocgc", "/usr/lib/go-1.19/src/runtime/malloc.go", 1, NULL, NULL,
	  FC_TIER_CORE, 0, "" },
	{ "E5", "runtime.asyncPreempt", "/usr/lib/go-1.19/src/runtime/preempt_amd64.s", 1, NULL,
	  NULL, FC_TIER_CORE, 0, "" },
	{ "E5", "encoding/json.Marshal", "/usr/local/go/src/encoding/json/encode.go", 1, NULL, NULL,
	  FC_TIER_CORE, 0, "" },
	{ "E5", "sort.Slice", "/root/sdk/go1.21.0/src/sort/slice.go", 1, NULL, NULL, FC_TIER_CORE,
	  0, "" },
	{ "E5", "runtime.main", "runtime/proc.go", 1, NULL, NULL, FC_TIER_CORE, 0, "" },
	{ "E5", "runtime.gcBgMarkWorker", "/usr/local/go/src/runtime/mgc.go", 1, NULL, NULL,
	  FC_TIER_GC, 0, "" },
	{ "E5", "runtime.scanobject", "runtime/mgcmark.go", 1, NULL, NULL, FC_TIER_GC, 0, "" },
	{ "E5", "x.F", "/home/u/go/pkg/mod/github.com/x/y@v1.2.3/z/f.go", 1, NULL, NULL,
	  FC_TIER_DEPS, 0, "github.com/x/y" },
	{ "E5", "c.Adler", "/src/app/vendor/example.com/checksum/c.go", 1, NULL, NULL, FC_TIER_DEPS,
	  0, "example.com/checksum" },
	{ "E5", "x.F", "github.com/x/y@v1.2.3/f.go", 1, NULL, NULL, FC_TIER_DEPS, 0,
	  "github.com/x/y" },
	{ "E5", "main.main", "/home/u/src/app/main.go", 1, NULL, NULL, FC_TIER_APP, 0, "" },
	{ "E5", "main.main", "example.com/app/main.go", 1, NULL, NULL, FC_TIER_APP, 0, "" },
	/* a source tree under a src/ that no toolchain owns is the app's */
	{ "E5", "main.f", "/home/gopher/src/app/f.go", 1, NULL, NULL, FC_TIER_APP, 0, "" },
	/* a Go symbol without a file (a stripped binary, C code): native */
	{ "E5", "runtime.cgocall", "", 0, NULL, NULL, FC_TIER_NATIVE, 0, "" },
};

static void test_table(void **state)
{
	size_t i;
	(void)state;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		const struct row *r = &rows[i];
		struct fc_callframe in = {
			.name = r->name,
			.url = r->url,
			.has_script = r->has_script,
			.code_type = r->code_type,
			.first_party = r->first_party,
		};
		struct fc_class out;

		fc_classify(&in, &out);
		if (out.tier != r->tier || out.tags != r->tags || strcmp(out.package, r->package)) {
			print_error(
				"rule %s: name '%s' url '%s': got %s/%u/'%s', want %s/%u/'%s'\n",
				r->rule, r->name, r->url, fc_tier_name(out.tier), out.tags,
				out.package, fc_tier_name(r->tier), r->tags, r->package);
			fail();
		}
	}
}

static bool is_http(const char *url)
{
	return strncmp(url, "http://", 7) == 0 || strncmp(url, "https://", 8) == 0;
}

/* Frames of profile p classified by fc_profile_classify, which works a
 * class out once per URL, against fc_classify on each frame alone. */
static void check_profile(struct fc_profile *p, const char *first_party)
{
	uint32_t f;

	fc_profile_classify(p);
	for (f = 0; f < p->n_frames; f++) {
		const struct fc_frame *fr = &p->frames[f];
		const char *sid = fc_profile_str(p, fr->script_id);
		struct fc_callframe in = {
			.name = fc_profile_str(p, fr->name),
			.url = fc_profile_str(p, fr->url),
			.has_script = sid[0] && strcmp(sid, "0") != 0,
			.first_party = first_party,
		};
		struct fc_class want;

		fc_classify(&in, &want);
		if (fr->tier != want.tier || fr->tags != want.tags ||
		    strcmp(fc_profile_str(p, fr->package), want.package) != 0) {
			print_error("name '%s' url '%s' script %d: profile %s/%u/'%s', alone "
				    "%s/%u/'%s'\n",
				    in.name, in.url, in.has_script, fc_tier_name(fr->tier),
				    fr->tags, fc_profile_str(p, fr->package),
				    fc_tier_name(want.tier), want.tags, want.package);
			fail();
		}
	}
}

/* A profile's frames take their URL's class only where the name does not
 * count: every name of the table with every URL of the table (those that
 * carry no code type), with and without a script, in both orders. */
static void test_profile(void **state)
{
	const size_t n = sizeof(rows) / sizeof(rows[0]);
	static const char *const http[] = { "https://app.example/a.js",
					    "https://app.example/node_modules/lit/x.js",
					    "https://cdn.example/b.js" };
	struct fc_profile *p;
	size_t i, j, k;
	int pass;
	(void)state;

	for (pass = 0; pass < 2; pass++) {
		p = fc_profile_create();
		assert_non_null(p);
		for (k = 0; k < n * n; k++) {
			/* pass 0 takes each URL with every name in turn, pass 1
			 * each name with every URL */
			const struct row *u = &rows[pass ? k % n : k / n];
			const struct row *r = &rows[pass ? k / n : k % n];
			if (u->code_type || is_http(u->url))
				continue;
			for (j = 0; j < 2; j++) {
				const char *sid = j ? "7" : "";
				assert_int_not_equal(
					fc_profile_intern_frame(p, r->name, strlen(r->name), u->url,
								strlen(u->url), sid, strlen(sid), 1,
								1),
					FC_NONE);
			}
		}
		assert_true(p->n_frames > 1000);
		check_profile(p, NULL);
		fc_profile_destroy(p);
	}
	/* with http frames, the origin with the most self time (here: all
	 * none, the least origin) is the first party */
	p = fc_profile_create();
	assert_non_null(p);
	for (i = 0; i < n; i++)
		for (j = 0; j < sizeof(http) / sizeof(http[0]); j++)
			assert_int_not_equal(fc_profile_intern_frame(p, rows[i].name,
								     strlen(rows[i].name), http[j],
								     strlen(http[j]), "3", 1, 2, 0),
					     FC_NONE);
	check_profile(p, "https://app.example");
	fc_profile_destroy(p);
}

/* Rule order matters: a url-less frame with a script is eval (16), not
 * native (7); a RegExp name with a script is not native. */
static void test_order(void **state)
{
	struct fc_class out;
	struct fc_callframe in = { .name = "RegExp: a", .url = "", .has_script = true };
	(void)state;

	fc_classify(&in, &out);
	assert_int_equal(out.tier, FC_TIER_APP);
	assert_int_equal(out.tags, FC_TAG_EVAL);
	in.has_script = false;
	fc_classify(&in, &out);
	assert_int_equal(out.tier, FC_TIER_NATIVE);
	assert_int_equal(out.tags, FC_TAG_REGEXP);
}

static void test_labels(void **state)
{
	char buf[64];
	(void)state;

	fc_classify_label("", buf, sizeof(buf));
	assert_string_equal(buf, "(anonymous)");
	fc_classify_label("RegExp: ^\\s*<", buf, sizeof(buf));
	assert_string_equal(buf, "/^\\s*</");
	fc_classify_label("Module._compile", buf, sizeof(buf));
	assert_string_equal(buf, "Module._compile");
}

/* The tier names as the docs, the legend and --hide spell them, written
 * here rather than read from the table: each tier's name, and the parser
 * taking exactly those bytes (the length counts, case matters). */
static void test_waits(void **state)
{
	(void)state;
	assert_true(fc_classify_is_wait("atomicsWaitLoop"));
	assert_true(fc_classify_is_wait("(idle)"));
	assert_true(fc_classify_is_wait("(program)"));
	assert_true(fc_classify_is_wait("epoll_pwait"));
	assert_false(fc_classify_is_wait("atomicsWaitLoopX"));
	assert_false(fc_classify_is_wait("wait"));
	assert_false(fc_classify_is_wait("(garbage collector)"));
	assert_false(fc_classify_is_wait(""));
	assert_false(fc_classify_is_wait(NULL));
}

static void test_tier_names(void **state)
{
	static const struct {
		const char *name;
		enum fc_tier tier;
	} want[] = {
		{ "app", FC_TIER_APP },       { "deps", FC_TIER_DEPS }, { "core", FC_TIER_CORE },
		{ "native", FC_TIER_NATIVE }, { "v8", FC_TIER_V8 },     { "gc", FC_TIER_GC },
		{ "idle", FC_TIER_IDLE },
	};
	size_t i;
	(void)state;

	assert_int_equal(sizeof(want) / sizeof(want[0]), FC_TIER_COUNT);
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		assert_string_equal(fc_tier_name(want[i].tier), want[i].name);
		assert_int_equal(fc_tier_parse(want[i].name, strlen(want[i].name)), want[i].tier);
	}
	assert_int_equal(fc_tier_parse("gcx", 2), FC_TIER_GC);
	assert_int_equal(fc_tier_parse("apps", 4), -1);
	assert_int_equal(fc_tier_parse("app", 2), -1);
	assert_int_equal(fc_tier_parse("GC", 2), -1);
	assert_int_equal(fc_tier_parse("", 0), -1);
	assert_string_equal(fc_tier_name(FC_TIER_COUNT), "?");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table),      cmocka_unit_test(test_order),
		cmocka_unit_test(test_labels),     cmocka_unit_test(test_waits),
		cmocka_unit_test(test_tier_names), cmocka_unit_test(test_profile),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
