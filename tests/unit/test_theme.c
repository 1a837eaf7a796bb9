/* Themes: the built-in ones (embedded from themes/<name>.json, complete, with
 * the facts of devtools-rules where they claim DevTools' or FlameGraph's look),
 * user themes that extend them, and every kind of error with its file, key
 * path, line and column. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "style/style.h"
#include "model/profile.h"

static void rgb_is(struct fc_rgb c, int r, int g, int b)
{
	if (c.r != r || c.g != g || c.b != b)
		fail_msg("colour (%d, %d, %d), expected (%d, %d, %d)", c.r, c.g, c.b, r, g, b);
}

static char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t)n + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	fclose(f);
	*len = (size_t)n;
	return buf;
}

/* The library holds exactly the bytes of themes/<name>.json (so an edit to a
 * file cannot be forgotten by the build), and loading the file by path
 * gives the same theme as the built-in name. */
static void test_embedded_equals_files(void **state)
{
	const char *root = getenv("FC_SOURCE_ROOT");
	size_t i, n = 0;

	(void)state;
	assert_non_null(root);
	for (i = 0; fc_theme_builtin_name(i); i++, n++) {
		const char *name = fc_theme_builtin_name(i);
		char path[1024];
		size_t len, elen;
		char *text;
		const char *emb = fc_theme_builtin_json(name, &elen);
		struct fc_error err;
		struct fc_theme *a, *b;

		snprintf(path, sizeof(path), "%s/themes/%s.json", root, name);
		text = read_file(path, &len);
		assert_non_null(emb);
		assert_int_equal(elen, len);
		assert_memory_equal(emb, text, len);
		free(text);

		a = fc_theme_open(name, &err);
		assert_non_null(a);
		assert_string_equal(a->name, name);
		b = fc_theme_load(path, &err);
		assert_non_null(b);
		assert_string_equal(b->name, name);
		assert_string_equal(a->font_family, b->font_family);
		/* the rest is plain values: compare past the two strings */
		assert_memory_equal(&a->background, &b->background,
				    offsetof(struct fc_theme, font_family) -
					    offsetof(struct fc_theme, background));
		assert_memory_equal(&a->font_size_px, &b->font_size_px,
				    sizeof(*a) - offsetof(struct fc_theme, font_size_px));
		fc_theme_destroy(a);
		fc_theme_destroy(b);
	}
	assert_int_equal(n, 4);
	assert_null(fc_theme_builtin_json("nosuch", NULL));
}

/* A typo in a copy of light.json is caught, with a suggestion (were it
 * ignored, the key would silently keep light's value). */
static void test_typo(void **state)
{
	size_t len;
	const char *light = fc_theme_builtin_json("light", &len);
	char *text = malloc(len + 1), *at;
	struct fc_error err;
	struct fc_theme *t;

	(void)state;
	memcpy(text, light, len + 1);
	at = strstr(text, "\"idle\": \"#dddddd\"");
	assert_non_null(at);
	memcpy(at, "\"ydle\"", 6); /* misspelt: unknown, and idle then missing */
	fc_error_init(&err);
	t = fc_theme_parse(text, len, "user.json", &err);
	assert_null(t);
	assert_string_equal(err.path, "tiers.ydle");
	assert_non_null(strstr(err.text, "did you mean \"idle\"?"));
	free(text);
}

/* DevTools' and FlameGraph's looks, as the references state them. */
static void test_builtin_facts(void **state)
{
	struct fc_error err;
	struct fc_theme *dt = fc_theme_open("devtools", &err), *cl, *dk;
	const struct fc_theme *lt = fc_theme_default();

	(void)state;
	assert_non_null(dt);
	/* devtools-rules §5.3: saturation 50/65/80, lightness fixed at 85 */
	assert_true(dt->url_performance_keys);
	assert_int_equal(dt->hue.min, 30);
	assert_int_equal(dt->hue.max, 330);
	assert_int_equal(dt->saturation.min, 50);
	assert_int_equal(dt->saturation.max, 80);
	assert_int_equal(dt->saturation.count, 3);
	assert_int_equal(dt->lightness.min, 85);
	assert_int_equal(dt->lightness.max, 85);
	rgb_is(dt->url_system, 250, 204, 21); /* --ref-palette-yellow70 */
	rgb_is(dt->idle, 227, 227, 227);      /* --ref-palette-neutral90 */
	rgb_is(dt->url_empty, 0xf2, 0xec, 0xdc);
	rgb_is(dt->label_dark, 0x33, 0x33, 0x33);
	/* §6.1, §6.4, §6.5: bar 17, 11 px text, padding 5, grid rgb(11 87 208 / 10%) */
	assert_true(dt->bar_height_px == 17);
	assert_true(dt->font_size_px == 11);
	assert_true(dt->text_pad_px == 5);
	rgb_is(dt->grid, 11, 87, 208);
	assert_true(dt->grid_alpha == 0.1);

	/* light: the JS Profiler's fixed colours (§5.2) */
	rgb_is(lt->idle, 240, 240, 240);    /* hsl(0, 0%, 94%) */
	rgb_is(lt->program, 204, 204, 204); /* hsl(0, 0%, 80%) */
	rgb_is(lt->gc, 204, 204, 204);
	assert_false(lt->url_performance_keys);

	/* classic: FlameGraph's yellow gradient, 16 px frames, 12 px Verdana */
	cl = fc_theme_open("classic", &err);
	assert_non_null(cl);
	rgb_is(cl->background, 0xee, 0xee, 0xee);
	rgb_is(cl->background_end, 0xee, 0xee, 0xb0);
	assert_true(cl->bar_height_px == 16);
	assert_true(cl->font_size_px == 12);
	assert_int_equal(strncmp(cl->font_family, "Verdana", 7), 0);
	assert_non_null(strstr(cl->font_family, "DejaVu Sans")); /* the fallback */

	/* dark: light text on a dark background, flat */
	dk = fc_theme_open("dark", &err);
	assert_non_null(dk);
	assert_true(fc_contrast_ratio(dk->text, dk->background) >= 7);
	assert_memory_equal(&dk->background, &dk->background_end, sizeof(struct fc_rgb));
	fc_theme_destroy(dt);
	fc_theme_destroy(cl);
	fc_theme_destroy(dk);
}

/* A user theme starts from "extends" (default light) and changes only what
 * it names; a new background without an end is flat. */
static void test_extends(void **state)
{
	static const char text[] = "{\n"
				   "  \"extends\": \"classic\",\n"
				   "  \"name\": \"mine\",\n"
				   "  \"background\": \"#102030\",\n"
				   "  \"tiers\": { \"app\": \"#abc\" },\n"
				   "  \"url\": { \"hue\": { \"min\": 10, \"max\": 20 } }\n"
				   "}\n";
	static const char bare[] = "{ \"font\": { \"size\": 13 } }";
	struct fc_error err;
	struct fc_theme *t = fc_theme_parse(text, sizeof(text) - 1, "x/mine.json", &err);
	struct fc_theme *cl = fc_theme_open("classic", &err), *u;

	(void)state;
	assert_non_null(t);
	assert_non_null(cl);
	assert_string_equal(t->name, "mine");
	rgb_is(t->background, 0x10, 0x20, 0x30);
	rgb_is(t->background_end, 0x10, 0x20, 0x30);
	rgb_is(t->tier[FC_TIER_APP], 0xaa, 0xbb, 0xcc);
	assert_memory_equal(&t->tier[FC_TIER_DEPS], &cl->tier[FC_TIER_DEPS], sizeof(struct fc_rgb));
	assert_int_equal(t->hue.min, 10);
	assert_int_equal(t->hue.max, 20);
	assert_int_equal(t->hue.count, 0);
	assert_int_equal(t->saturation.count, cl->saturation.count); /* untouched */
	assert_string_equal(t->font_family, cl->font_family);
	assert_true(t->bar_height_px == 16);

	/* no extends: light; no name: the file's */
	u = fc_theme_parse(bare, sizeof(bare) - 1, "/tmp/my-theme.json", &err);
	assert_non_null(u);
	assert_string_equal(u->name, "my-theme");
	assert_true(u->font_size_px == 13);
	assert_true(u->bar_height_px == fc_theme_default()->bar_height_px);
	assert_false(u->url_performance_keys);
	fc_theme_destroy(t);
	fc_theme_destroy(cl);
	fc_theme_destroy(u);
}

struct bad {
	const char *json;
	enum fc_error_code code;
	const char *path;  /* expected err.path */
	long line, column; /* expected position; 0 = unknown */
	const char *text;  /* a part of the message */
};

/* Every error names the key path and where it is; columns count
 * characters ("é" is one). */
static const struct bad bad_themes[] = {
	{ "{\n  \"tier\": {}\n}", FC_ERR_INVALID, "tier", 2, 3, "did you mean \"tiers\"?" },
	{ "{\n  \"tiers\": {\n    \"ap\": \"#ffffff\"\n  }\n}", FC_ERR_INVALID, "tiers.ap", 3, 5,
	  "did you mean \"app\"?" },
	{ "{\"tiers\": {\"app\": \"orange\"}}", FC_ERR_INVALID, "tiers.app", 1, 12,
	  "expected a colour \"#rrggbb\", not \"orange\"" },
	{ "{\"tiers\": {\"app\": 12}}", FC_ERR_TYPE, "tiers.app", 1, 12, "not 12" },
	{ "{\"name\": \"é\", \"url\": {\"hue\": {\"min\": 1, \"max\": 400}}}", FC_ERR_INVALID,
	  "url.hue.max", 1, 41, "from 0 to 360, not 400" },
	{ "{\"url\": {\"hue\": {\"min\": 50, \"max\": 40}}}", FC_ERR_INVALID, "url.hue", 1, 10,
	  "min (50) is greater than max (40)" },
	{ "{\"url\": {\"lightness\": {\"min\": 50, \"max\": 60, \"count\": 1}}}", FC_ERR_INVALID,
	  "url.lightness.count", 1, 46, "at least 2" },
	{ "{\"url\": {\"lightness\": {\"min\": 50, \"max\": 60, \"steps\": 3}}}", FC_ERR_INVALID,
	  "url.lightness.steps", 1, 46, "keys here: min, max, count" },
	{ "{\"url\": {\"rules\": \"chrome\"}}", FC_ERR_INVALID, "url.rules", 1, 10,
	  "\"profiler\"" },
	{ "{\"heat\": {\"hot\": [0, 85]}}", FC_ERR_TYPE, "heat.hot", 1, 11,
	  "[hue, saturation, lightness]" },
	{ "{\"heat\": {\"hot\": [0, 185, 4]}}", FC_ERR_INVALID, "heat.hot", 1, 11, "item 2" },
	{ "{\"font\": {\"size\": 2}}", FC_ERR_INVALID, "font.size", 1, 11, "from 6 to 48, not 2" },
	{ "{\"font\": {\"family\": \"\"}}", FC_ERR_TYPE, "font.family", 1, 11, "a text" },
	{ "{\"bar\": 17}", FC_ERR_TYPE, "bar", 1, 2, "expected an object, not 17" },
	{ "{\"extends\": \"solarized\"}", FC_ERR_INVALID, "extends", 1, 2,
	  "built-in theme (light, dark, devtools, classic)" },
	{ "[1, 2]", FC_ERR_TYPE, "", 0, 0, "a theme is a JSON object" },
	/* jansson's syntax errors: its line and column */
	{ "{\n  \"text\": \"#000\",\n  \"grid\": #000\n}", FC_ERR_SYNTAX, "", 3, 11,
	  "invalid token" },
	{ "{\"grid_alpha\": 0.1, \"grid_alpha\": 0.2}", FC_ERR_SYNTAX, "", 1, 32,
	  "duplicate object key" },
};

static void test_errors(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad_themes) / sizeof(bad_themes[0]); i++) {
		const struct bad *b = &bad_themes[i];
		struct fc_error err;
		struct fc_theme *t;

		fc_error_init(&err);
		t = fc_theme_parse(b->json, strlen(b->json), "bad.json", &err);
		if (t)
			fail_msg("case %zu: accepted %s", i, b->json);
		if (err.code != b->code || strcmp(err.path, b->path) != 0 || err.line != b->line ||
		    err.column != b->column || !strstr(err.text, b->text) ||
		    strcmp(err.file, "bad.json") != 0)
			fail_msg("case %zu: code %d path '%s' line %ld column %ld file '%s' text "
				 "'%s'",
				 i, err.code, err.path, err.line, err.column, err.file, err.text);
	}
}

/* The whole message, as the CLI prints it. */
static void test_message(void **state)
{
	static const char json[] = "{\n  \"tiers\": {\n    \"app\": \"red\"\n  }\n}\n";
	struct fc_error err;
	char buf[600];

	(void)state;
	fc_error_init(&err);
	assert_null(fc_theme_parse(json, sizeof(json) - 1, "mine.json", &err));
	fc_error_format(&err, buf, sizeof(buf));
	assert_string_equal(buf, "mine.json: tiers.app (line 3, column 5): expected a colour "
				 "\"#rrggbb\", not \"red\"");
}

static void test_files(void **state)
{
	char dir[] = "/tmp/fc-theme-XXXXXX", path[256];
	struct fc_error err;
	struct fc_theme *t;
	FILE *f;
	size_t i;

	(void)state;
	assert_non_null(mkdtemp(dir));
	/* an unknown name is a usage error; a missing path cannot be opened */
	fc_error_init(&err);
	assert_null(fc_theme_open("solarized", &err));
	assert_int_equal(err.code, FC_ERR_USAGE);
	assert_non_null(strstr(err.text, "unknown theme 'solarized'"));
	snprintf(path, sizeof(path), "%s/missing.json", dir);
	assert_null(fc_theme_open(path, &err));
	assert_int_equal(err.code, FC_ERR_IO);
	assert_string_equal(err.file, path);

	/* a file by path */
	snprintf(path, sizeof(path), "%s/ok.json", dir);
	f = fopen(path, "w");
	fputs("{\"extends\": \"dark\", \"text\": \"#ff0000\"}", f);
	fclose(f);
	t = fc_theme_open(path, &err);
	assert_non_null(t);
	assert_string_equal(t->name, "ok");
	rgb_is(t->text, 255, 0, 0);
	fc_theme_destroy(t);
	unlink(path);

	/* larger than the bound: refused before parsing */
	snprintf(path, sizeof(path), "%s/big.json", dir);
	f = fopen(path, "w");
	fputc('{', f);
	for (i = 0; i < 1100000; i++)
		fputc(' ', f);
	fputc('}', f);
	fclose(f);
	assert_null(fc_theme_load(path, &err));
	assert_int_equal(err.code, FC_ERR_LIMIT);
	unlink(path);
	rmdir(dir);
}

static void *default_in_thread(void *arg)
{
	(void)arg;
	return (void *)fc_theme_default();
}

/* The first fc_theme_default() parses light.json once, whichever thread
 * gets there first; everyone gets the same theme. */
static void test_default_threads(void **state)
{
	pthread_t th[8];
	void *got[8];
	size_t i;

	(void)state;
	for (i = 0; i < 8; i++)
		assert_int_equal(pthread_create(&th[i], NULL, default_in_thread, NULL), 0);
	for (i = 0; i < 8; i++)
		pthread_join(th[i], &got[i]);
	for (i = 0; i < 8; i++)
		assert_ptr_equal(got[i], fc_theme_default());
	assert_string_equal(fc_theme_default()->name, "light");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_default_threads), /* first: it must do the parse */
		cmocka_unit_test(test_embedded_equals_files),
		cmocka_unit_test(test_typo),
		cmocka_unit_test(test_builtin_facts),
		cmocka_unit_test(test_extends),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_message),
		cmocka_unit_test(test_files),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
