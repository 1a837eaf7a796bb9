/* The public entry points' error contract (docs/api.md, "Errors"): each
 * fallible call clears the caller's error on entry, whatever it held, so
 * that a success leaves FC_OK and nothing else, and a failure says only
 * what this call found; each accepts a NULL error; and a request it cannot
 * honour (a NULL argument, a value outside its enum) fails with
 * FC_ERR_USAGE before anything is read or written. Only the installed
 * headers are used, as an embedder would. */
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

#include "flamechart/flamechart.h"
#include "flamechart/report.h"
#include "flamechart/summary.h"
#include "model/profile.h"

static char dir[256];
static char profile_path[1024];

/* An error as a caller's stack leaves it: every byte 'X', no terminator. */
static void garbage(struct fc_error *e)
{
	memset(e, 'X', sizeof(*e));
}

static void is_clear(const struct fc_error *e)
{
	assert_int_equal(e->code, FC_OK);
	assert_int_equal(e->line, 0);
	assert_int_equal(e->column, 0);
	assert_string_equal(e->file, "");
	assert_string_equal(e->path, "");
	assert_string_equal(e->text, "");
}

/* A failure with code, naming file ("" for none) and no JSON path: the
 * formatted message is "FILE: text" or "text", nothing of the garbage. */
static void failed(const struct fc_error *e, enum fc_error_code code, const char *file)
{
	char msg[2048], want[2048];

	if (e->code != code)
		fail_msg("code %d, expected %d (%.100s)", (int)e->code, (int)code,
			 memchr(e->text, '\0', sizeof(e->text)) ? e->text : "(unterminated)");
	assert_non_null(memchr(e->file, '\0', sizeof(e->file)));
	assert_non_null(memchr(e->path, '\0', sizeof(e->path)));
	assert_non_null(memchr(e->text, '\0', sizeof(e->text)));
	assert_string_equal(e->file, file);
	assert_string_equal(e->path, "");
	assert_int_equal(e->line, 0);
	assert_int_equal(e->column, 0);
	assert_true(e->text[0] != '\0');
	assert_null(strstr(e->text, "XXXX"));
	fc_error_format(e, msg, sizeof(msg));
	snprintf(want, sizeof(want), "%s%s%s", file, file[0] ? ": " : "", e->text);
	assert_string_equal(msg, want);
}

static bool exists(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0;
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	assert_non_null(f);
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	n = ftell(f);
	assert_true(n > 0);
	rewind(f);
	buf = malloc((size_t)n);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	*len = (size_t)n;
	return buf;
}

static void load(struct fc_profile_set *set)
{
	fc_profile_set_init(set);
	assert_true(fc_import_file(profile_path, NULL, set, NULL));
	assert_int_equal(set->count, 1);
}

static void test_error_helpers(void **state)
{
	struct fc_error e;
	char buf[16] = "junk";

	(void)state;
	garbage(&e);
	fc_error_init(&e);
	is_clear(&e);
	fc_error_init(NULL);
	assert_int_equal(fc_error_format(NULL, buf, sizeof(buf)), 0);
	assert_string_equal(buf, "");
	assert_int_equal(fc_format_parse(NULL), -1);
	assert_int_equal(fc_scheme_parse(NULL), -1);
	/* the lists read through functions end in NULL, and say "?" or NULL
	 * outside their range instead of reading past it */
	assert_string_equal(fc_scheme_name(0), "url");
	assert_null(fc_scheme_name(-1));
	assert_null(fc_scheme_name(1000));
	assert_string_equal(fc_theme_builtin_name(0), "light");
	assert_null(fc_theme_builtin_name(1000));
	assert_string_equal(fc_format_name((enum fc_format)99), "?");
	assert_int_equal(fc_format_parse("folded"), FC_FORMAT_FOLDED);
}

static void test_import_file(void **state)
{
	struct fc_import_options bad = { .version = FC_IMPORT_OPTIONS_VERSION,
					 .format = (enum fc_format)42 };
	struct fc_profile_set set;
	struct fc_error e;
	char missing[512];

	(void)state;
	snprintf(missing, sizeof(missing), "%s/missing.cpuprofile", dir);
	fc_profile_set_init(&set);
	garbage(&e);
	assert_true(fc_import_file(profile_path, NULL, &set, &e));
	is_clear(&e);
	assert_int_equal(set.count, 1);

	garbage(&e);
	assert_false(fc_import_file(missing, NULL, &set, &e));
	failed(&e, FC_ERR_IO, missing);
	assert_false(fc_import_file(missing, NULL, &set, NULL));

	garbage(&e);
	assert_false(fc_import_file(profile_path, &bad, &set, &e));
	failed(&e, FC_ERR_USAGE, profile_path);
	bad = (struct fc_import_options){ .version = FC_IMPORT_OPTIONS_VERSION,
					  .count_unit = (enum fc_count_unit)9 };
	garbage(&e);
	assert_false(fc_import_file(profile_path, &bad, &set, &e));
	failed(&e, FC_ERR_USAGE, profile_path);
	/* options of a layout this library does not know */
	bad = (struct fc_import_options){ .version = 0 };
	garbage(&e);
	assert_false(fc_import_file(profile_path, &bad, &set, &e));
	failed(&e, FC_ERR_USAGE, profile_path);
	fc_import_options_init(&bad);
	bad.version++;
	garbage(&e);
	assert_false(fc_import_file(profile_path, &bad, &set, &e));
	failed(&e, FC_ERR_USAGE, profile_path);
	{
		/* a program built against version 1, whose struct ends before
		 * tasks: read as the defaults for the rest, never past its end
		 * (ASan would tell) */
		size_t v1_size = offsetof(struct fc_import_options, tasks);
		unsigned char *v1 = calloc(1, v1_size);
		unsigned version = 1;
		assert_non_null(v1);
		memcpy(v1, &version, sizeof(version)); /* the first member */
		garbage(&e);
		assert_true(fc_import_file(profile_path,
					   (const struct fc_import_options *)(void *)v1, &set, &e));
		is_clear(&e);
		free(v1);
	}
	{
		/* version 3 ends before screenshots: none kept and the default
		 * thread count, never a read past its end */
		size_t v3_size = offsetof(struct fc_import_options, screenshots);
		unsigned char *v3 = calloc(1, v3_size);
		unsigned version = 3;
		assert_non_null(v3);
		memcpy(v3, &version, sizeof(version));
		garbage(&e);
		assert_true(fc_import_file(profile_path,
					   (const struct fc_import_options *)(void *)v3, &set, &e));
		is_clear(&e);
		free(v3);
	}
	{
		/* version 4 ends before threads: the default count */
		size_t v4_size = offsetof(struct fc_import_options, threads);
		unsigned char *v4 = calloc(1, v4_size);
		unsigned version = 4;
		assert_non_null(v4);
		memcpy(v4, &version, sizeof(version));
		garbage(&e);
		assert_true(fc_import_file(profile_path,
					   (const struct fc_import_options *)(void *)v4, &set, &e));
		is_clear(&e);
		free(v4);
	}
	fc_import_options_init(&bad);
	assert_int_equal(bad.version, FC_IMPORT_OPTIONS_VERSION);
	assert_int_equal(bad.format, FC_FORMAT_AUTO);
	assert_true(fc_import_file(profile_path, &bad, &set, NULL));
	fc_profile_set_finish(&set);
	fc_profile_set_init(&set);
	assert_true(fc_import_file(profile_path, NULL, &set, NULL));
	garbage(&e);
	assert_false(fc_import_file(NULL, NULL, &set, &e));
	failed(&e, FC_ERR_USAGE, "");
	garbage(&e);
	assert_false(fc_import_file(profile_path, NULL, NULL, &e));
	failed(&e, FC_ERR_USAGE, profile_path);
	assert_false(fc_import_file(NULL, NULL, NULL, NULL));
	/* nothing was added by the failures */
	assert_int_equal(set.count, 1);
	fc_profile_set_finish(&set);
}

static void test_import_memory(void **state)
{
	struct fc_import_options bad = { .version = FC_IMPORT_OPTIONS_VERSION,
					 .format = (enum fc_format) - 1 };
	struct fc_profile_set set;
	struct fc_error e;
	size_t len;
	char *data = slurp(profile_path, &len);

	(void)state;
	fc_profile_set_init(&set);
	garbage(&e);
	assert_true(fc_import_memory("a.cpuprofile", data, len, NULL, &set, &e));
	is_clear(&e);
	assert_true(fc_import_memory(NULL, data, len, NULL, &set, NULL));
	assert_int_equal(set.count, 2);
	/* the installed header's accessors agree with the model */
	assert_string_equal(fc_profile_name(set.items[0]), set.items[0]->name);
	assert_int_equal(fc_profile_sample_count(set.items[0]), set.items[0]->n_samples);
	assert_int_equal(fc_profile_frame_count(set.items[0]), set.items[0]->n_frames);
	assert_int_equal(fc_profile_format(set.items[0]), FC_FORMAT_CPUPROFILE);
	assert_string_equal(fc_profile_unit(set.items[0]), "us");
	assert_true(fc_profile_total(set.items[0]) > 0);
	assert_true(fc_profile_total(set.items[0]) <=
		    (double)(set.items[0]->end_us - set.items[0]->start_us) + 1e6);
	assert_string_equal(fc_profile_name(NULL), "");
	assert_null(fc_profile_thread_name(NULL));
	assert_int_equal(fc_profile_sample_count(NULL), 0);
	assert_string_equal(fc_profile_unit(NULL), "us");

	/* nothing to read is an empty input, whether data points anywhere or not
	 * (NULL once read an unopened file descriptor: "Bad file descriptor") */
	garbage(&e);
	assert_false(fc_import_memory("e.json", "", 0, NULL, &set, &e));
	assert_int_equal(e.code, FC_ERR_FORMAT);
	assert_string_equal(e.text, "the file is empty");
	garbage(&e);
	assert_false(fc_import_memory("e.json", NULL, 0, NULL, &set, &e));
	assert_string_equal(e.file, "e.json");
	assert_int_equal(e.code, FC_ERR_FORMAT);
	assert_string_equal(e.text, "the file is empty");
	assert_int_equal(set.count, 2);

	garbage(&e);
	assert_false(fc_import_memory("b.json", "{", 1, NULL, &set, &e));
	assert_int_equal(e.code, FC_ERR_SYNTAX);
	assert_string_equal(e.file, "b.json");
	assert_null(strstr(e.text, "XXXX"));
	assert_false(fc_import_memory("b.json", "{", 1, NULL, &set, NULL));

	garbage(&e);
	assert_false(fc_import_memory("c", data, len, &bad, &set, &e));
	failed(&e, FC_ERR_USAGE, "c");
	garbage(&e);
	assert_false(fc_import_memory("d", NULL, 10, NULL, &set, &e));
	failed(&e, FC_ERR_USAGE, "d");
	garbage(&e);
	assert_false(fc_import_memory("e", data, len, NULL, NULL, &e));
	failed(&e, FC_ERR_USAGE, "e");
	assert_int_equal(set.count, 2);
	fc_profile_set_finish(&set);
	free(data);
}

static void test_import_detect(void **state)
{
	enum fc_format f = FC_FORMAT_AUTO;
	struct fc_error e;
	char text[512];
	FILE *fp;

	(void)state;
	garbage(&e);
	assert_true(fc_import_detect_file(profile_path, 0, &f, &e));
	is_clear(&e);
	assert_int_equal(f, FC_FORMAT_CPUPROFILE);
	assert_true(fc_import_detect_file(profile_path, 0, &f, NULL));

	snprintf(text, sizeof(text), "%s/notes.txt", dir);
	fp = fopen(text, "w");
	assert_non_null(fp);
	fputs("shopping list: milk, eggs\n", fp);
	fclose(fp);
	garbage(&e);
	assert_false(fc_import_detect_file(text, 0, &f, &e));
	failed(&e, FC_ERR_FORMAT, text);
	assert_false(fc_import_detect_file(text, 0, &f, NULL));

	garbage(&e);
	assert_false(fc_import_detect_file(profile_path, 0, NULL, &e));
	failed(&e, FC_ERR_USAGE, profile_path);
	garbage(&e);
	assert_false(fc_import_detect_file(NULL, 0, &f, &e));
	failed(&e, FC_ERR_USAGE, "");
}

static void test_context_theme(void **state)
{
	struct fc_context *ctx = fc_context_create();
	struct fc_error e;
	char path[512];

	(void)state;
	assert_non_null(ctx);
	garbage(&e);
	assert_non_null(fc_context_theme(ctx, "dark", &e));
	is_clear(&e);
	assert_non_null(fc_context_theme(ctx, NULL, NULL));

	snprintf(path, sizeof(path), "%s/no-such-theme.json", dir);
	garbage(&e);
	assert_null(fc_context_theme(ctx, path, &e));
	assert_int_equal(e.code, FC_ERR_USAGE);
	assert_string_equal(e.file, path);
	assert_null(strstr(e.text, "XXXX"));
	assert_null(fc_context_theme(ctx, path, NULL));

	garbage(&e);
	assert_null(fc_context_theme(NULL, "light", &e));
	failed(&e, FC_ERR_USAGE, "");
	fc_context_destroy(ctx);
	fc_context_destroy(NULL);
}

/* Each request fc_render cannot honour: false, FC_ERR_USAGE, no file. */
static void render_refuses(struct fc_context *ctx, const struct fc_profile_set *set,
			   const struct fc_render_request *req)
{
	struct fc_error e;

	garbage(&e);
	assert_false(fc_render(ctx, set, req, &e));
	failed(&e, FC_ERR_USAGE, "");
	assert_false(fc_render(ctx, set, req, NULL));
	if (req && req->output)
		assert_false(exists(req->output));
}

static void test_render(void **state)
{
	struct fc_context *ctx = fc_context_create();
	struct fc_render_request req,
		good = { .version = FC_RENDER_REQUEST_VERSION, .format = FC_OUT_SVG };
	struct fc_profile_set set;
	struct fc_error e;
	char out[512];

	(void)state;
	assert_non_null(ctx);
	load(&set);
	snprintf(out, sizeof(out), "%s/chart.svg", dir);
	good.output = out;
	garbage(&e);
	assert_true(fc_render(ctx, &set, &good, &e));
	is_clear(&e);
	assert_true(exists(out));
	assert_int_equal(unlink(out), 0);
	assert_true(fc_render(ctx, &set, &good, NULL));
	assert_true(exists(out));
	assert_int_equal(unlink(out), 0);

	/* the Markdown summary is fc_summary_markdown_write's */
	req = good;
	req.format = FC_OUT_MD;
	render_refuses(ctx, &set, &req);
	req.format = FC_OUT_COUNT;
	render_refuses(ctx, &set, &req);
	req.format = (enum fc_out_format)42;
	render_refuses(ctx, &set, &req);
	req.format = (enum fc_out_format) - 1;
	render_refuses(ctx, &set, &req);
	req = good;
	req.version = 0;
	render_refuses(ctx, &set, &req);
	req.version = FC_RENDER_REQUEST_VERSION + 1;
	render_refuses(ctx, &set, &req);
	fc_render_request_init(&req);
	assert_int_equal(req.version, FC_RENDER_REQUEST_VERSION);
	assert_int_equal(req.format, FC_OUT_AUTO);
	req = good;
	req.mode = (enum fc_mode)2;
	render_refuses(ctx, &set, &req);
	req = good;
	req.dim_tiers = 1u << FC_TIER_COUNT;
	render_refuses(ctx, &set, &req);
	req = good;
	req.width_px = -5;
	render_refuses(ctx, &set, &req);
	req = good;
	req.n_breaks = 2;
	render_refuses(ctx, &set, &req);
	req = good;
	req.color_by = "rainbow";
	render_refuses(ctx, &set, &req);
	req = good;
	req.output = NULL;
	render_refuses(ctx, &set, &req);
	render_refuses(ctx, &set, NULL);
	render_refuses(ctx, NULL, &good);
	render_refuses(NULL, &set, &good);

	/* a failure after the checks names the output file */
	snprintf(out, sizeof(out), "%s/no/such/dir/chart.svg", dir);
	good.output = out;
	garbage(&e);
	assert_false(fc_render(ctx, &set, &good, &e));
	assert_int_equal(e.code, FC_ERR_OUTPUT);
	assert_string_equal(e.file, out);
	assert_null(strstr(e.text, "XXXX"));
	fc_profile_set_finish(&set);
	fc_context_destroy(ctx);
}

static void test_summary(void **state)
{
	struct fc_summary_options o = { .version = FC_SUMMARY_OPTIONS_VERSION, .top = 3 };
	struct fc_profile_set set;
	struct fc_error e;
	char out[512];

	(void)state;
	load(&set);
	snprintf(out, sizeof(out), "%s/summary.md", dir);
	garbage(&e);
	assert_true(fc_summary_markdown_write(&set, &o, out, &e));
	is_clear(&e);
	assert_true(exists(out));
	assert_true(fc_summary_markdown_write(&set, NULL, out, NULL));

	snprintf(out, sizeof(out), "%s/no/such/dir/summary.md", dir);
	garbage(&e);
	assert_false(fc_summary_markdown_write(&set, &o, out, &e));
	assert_int_equal(e.code, FC_ERR_OUTPUT);
	assert_string_equal(e.file, out);
	assert_null(strstr(e.text, "XXXX"));
	assert_false(fc_summary_markdown_write(&set, &o, out, NULL));

	o.version = 2;
	garbage(&e);
	assert_false(fc_summary_markdown_write(&set, &o, out, &e));
	failed(&e, FC_ERR_USAGE, "");
	o.version = FC_SUMMARY_OPTIONS_VERSION;
	garbage(&e);
	assert_false(fc_summary_markdown_write(NULL, &o, out, &e));
	failed(&e, FC_ERR_USAGE, "");
	fc_profile_set_finish(&set);
}

/* A report through the public header, read and drawn by an embedder's
 * hooks on the public calls. */
static bool report_import(void *ctx, const char *const *paths, size_t n, struct fc_profile_set *set,
			  struct fc_error *err)
{
	size_t i;

	(void)ctx;
	for (i = 0; i < n; i++)
		if (!fc_import_file(paths[i], NULL, set, err))
			return false;
	return true;
}

static bool report_render(void *ctx, const struct fc_profile_set *set,
			  const struct fc_report_image *img, const char *path, struct fc_error *err)
{
	struct fc_render_request req = { .version = FC_RENDER_REQUEST_VERSION,
					 .format = img->format,
					 .mode = (enum fc_mode)img->mode,
					 .output = path,
					 .width_px = img->width_px,
					 .title = img->title,
					 .max_rows = img->max_rows,
					 .interactive = img->interactive };

	if (img->format == FC_OUT_MD)
		return fc_summary_markdown_write(set, NULL, path, err);
	return fc_render(ctx, set, &req, err);
}

static void test_report(void **state)
{
	struct fc_context *ctx = fc_context_create();
	struct fc_report_options o = FC_REPORT_OPTIONS_INIT;
	struct fc_report_outcome out;
	struct fc_error e;
	char in[512], outdir[512], cmd[2048], path[1024];

	(void)state;
	assert_non_null(ctx);
	snprintf(in, sizeof(in), "%s/report-in", dir);
	snprintf(outdir, sizeof(outdir), "%s/report-out", dir);
	snprintf(cmd, sizeof(cmd), "mkdir -p '%s' && cp '%s' '%s/p.cpuprofile'", in, profile_path,
		 in);
	assert_int_equal(system(cmd), 0);
	o.dir = in;
	o.outdir = outdir;
	o.jobs = 1;
	o.hooks = (struct fc_report_hooks){ .ctx = ctx,
					    .import = report_import,
					    .render = report_render };
	garbage(&e);
	assert_true(fc_report_run(&o, &out, &e));
	is_clear(&e);
	assert_int_equal(out.profiles, 1);
	assert_int_equal(out.failed, 0);
	fc_report_outcome_finish(&out);
	snprintf(path, sizeof(path), "%s/index.html", outdir);
	assert_true(exists(path));
	snprintf(path, sizeof(path), "%s/p.html", outdir);
	assert_true(exists(path));
	assert_true(fc_report_run(&o, NULL, NULL));
	/* a version 1 caller's struct ends before history: the library reads
	 * nothing past it (AddressSanitizer would see it in this allocation) */
	{
		size_t v1 = offsetof(struct fc_report_options, history);
		struct fc_report_options copy = o;
		unsigned char *old = malloc(v1);
		assert_non_null(old);
		copy.version = 1;
		memcpy(old, &copy, v1);
		assert_true(
			fc_report_run((const struct fc_report_options *)(void *)old, NULL, NULL));
		free(old);
	}

	o.version = FC_REPORT_OPTIONS_VERSION + 1;
	garbage(&e);
	assert_false(fc_report_run(&o, &out, &e));
	failed(&e, FC_ERR_USAGE, "");
	fc_report_outcome_finish(&out);
	o.version = FC_REPORT_OPTIONS_VERSION;
	o.hooks.render = NULL;
	garbage(&e);
	assert_false(fc_report_run(&o, &out, &e));
	failed(&e, FC_ERR_USAGE, "");
	garbage(&e);
	assert_false(fc_report_run(NULL, &out, &e));
	failed(&e, FC_ERR_USAGE, "");
	fc_report_outcome_finish(NULL);
	fc_context_destroy(ctx);
}

/* The temporary-file hook: each temporary is announced before it exists
 * and withdrawn once it is gone; it lies beside the target. */
struct temp_log {
	char path[512];
	int live, gone;
	bool existed_when_gone;
};

static void on_temp(const char *path, bool live, void *data)
{
	struct temp_log *log = data;

	if (live) {
		assert_false(exists(path));
		snprintf(log->path, sizeof(log->path), "%s", path);
		log->live++;
	} else {
		assert_string_equal(path, log->path);
		log->existed_when_gone = exists(path);
		log->gone++;
	}
}

static void test_temp_file_hook(void **state)
{
	struct fc_render_request req = { .version = FC_RENDER_REQUEST_VERSION,
					 .format = FC_OUT_SVG };
	struct fc_context *ctx = fc_context_create();
	struct temp_log log = { .live = 0 };
	struct fc_profile_set set;
	char out[512], prefix[512];

	(void)state;
	load(&set);
	snprintf(out, sizeof(out), "%s/hooked.svg", dir);
	snprintf(prefix, sizeof(prefix), "%s/.hooked.svg.", dir);
	req.output = out;
	fc_set_temp_file_hook(on_temp, &log);
	assert_true(fc_render(ctx, &set, &req, NULL));
	assert_int_equal(log.live, 1);
	assert_int_equal(log.gone, 1);
	assert_false(log.existed_when_gone);
	assert_int_equal(strncmp(log.path, prefix, strlen(prefix)), 0);
	assert_int_equal(strlen(log.path), strlen(prefix) + 6);
	assert_true(exists(out));
	fc_set_temp_file_hook(NULL, NULL);
	assert_true(fc_render(ctx, &set, &req, NULL));
	assert_int_equal(log.live, 1);
	fc_profile_set_finish(&set);
	fc_context_destroy(ctx);
}

static int setup(void **state)
{
	const char *data = getenv("FC_TEST_DATA");
	const char *tmp = getenv("TMPDIR");

	(void)state;
	if (!data)
		return -1;
	snprintf(profile_path, sizeof(profile_path),
		 "%s/corpus/seed-examples/minimal-cpu-profile-timing-data-samples.cpuprofile",
		 data);
	snprintf(dir, sizeof(dir), "%s/fc-api-XXXXXX", tmp && tmp[0] ? tmp : "/tmp");
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[512];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_error_helpers), cmocka_unit_test(test_import_file),
		cmocka_unit_test(test_import_memory), cmocka_unit_test(test_import_detect),
		cmocka_unit_test(test_context_theme), cmocka_unit_test(test_render),
		cmocka_unit_test(test_summary),       cmocka_unit_test(test_temp_file_hook),
		cmocka_unit_test(test_report),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
