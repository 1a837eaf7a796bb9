/* fc_import_file: open the input, detect its format by content, run the
 * importer, name the profiles. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/sourcemap.h"
#include "import/importers.h"
#include "util/util.h"
#include "model/profile.h"
#include "import/jstream.h"

static const char *const format_names[] = {
	[FC_FORMAT_AUTO] = "auto",
	[FC_FORMAT_CPUPROFILE] = "cpuprofile",
	[FC_FORMAT_TRACE] = "trace",
	[FC_FORMAT_SELF_PROFILING] = "self-profiling",
	[FC_FORMAT_FOLDED] = "folded",
	[FC_FORMAT_HEAPPROFILE] = "heapprofile",
	[FC_FORMAT_SPEEDSCOPE] = "speedscope",
	[FC_FORMAT_HERMES] = "hermes",
	[FC_FORMAT_PPROF] = "pprof",
};

const char *fc_format_name(enum fc_format f)
{
	return (unsigned)f < FC_ARRAY_LEN(format_names) ? format_names[f] : "?";
}

int fc_format_parse(const char *name)
{
	size_t i;

	for (i = 0; name && i < FC_ARRAY_LEN(format_names); i++)
		if (strcmp(name, format_names[i]) == 0)
			return (int)i;
	return -1;
}

/* Names each new profile after its file unless the importer named it. */
static bool name_profiles(struct fc_profile_set *out, size_t first, const char *path)
{
	const char *base = strcmp(path, "-") == 0 ? "<stdin>" : fc_basename(path);
	size_t i;

	for (i = first; i < out->count; i++) {
		struct fc_profile *p = out->items[i];
		if (!p->source && !(p->source = fc_strdup(path)))
			return false;
		/* the title: a file name need not be UTF-8 */
		if (!p->name && !(p->name = fc_strdup_clean(base)))
			return false;
	}
	return true;
}

/* A damaged gzip stream explains whatever its bytes looked like, so its
 * error is the one reported, wherever the damage lies: the decoder hands
 * bytes out before it reaches the checksum, and how many depends on how the
 * input arrives. When an importer found the content bad, the rest of the
 * stream is decoded (within the input bound) to look for that damage. */
static void prefer_gzip_error(struct fc_source *src, struct fc_error *err)
{
	struct fc_error gz = *err;
	const unsigned char *d;
	size_t n;

	if (!fc_source_is_gzip(src) ||
	    (err->code != FC_ERR_SYNTAX && err->code != FC_ERR_FORMAT && err->code != FC_ERR_TYPE &&
	     err->code != FC_ERR_INVALID && err->code != FC_ERR_STRICT))
		return;
	while (fc_source_next(src, &d, &n, &gz) && n)
		;
	/* the source's own errors are gzip's (read errors are FC_ERR_IO) */
	if (gz.code == FC_ERR_SYNTAX && strstr(gz.text, "gzip")) {
		*err = gz;
		err->path[0] = '\0';
		err->line = err->column = 0;
	}
}

bool fc_import_feed(struct fc_source *src, struct jstream *js, struct fc_error *err)
{
	const unsigned char *chunk;
	size_t len;

	for (;;) {
		if (!fc_source_next(src, &chunk, &len, err))
			return false;
		if (!len)
			return jstream_end(js);
		if (!jstream_feed(js, chunk, len))
			return false;
	}
}

bool fc_import_source(struct fc_source *src, const char *path, const struct fc_import_options *opts,
		      struct fc_profile_set *out, struct fc_error *err)
{
	size_t first = out->count;
	enum fc_format format = opts->format;
	bool ok;

	/* --input-format overrides detection by content */
	if (format == FC_FORMAT_AUTO && !fc_import_detect(src, &format, err))
		return false;
	switch (format) {
	case FC_FORMAT_CPUPROFILE:
	case FC_FORMAT_HEAPPROFILE: /* the same reader (cpuprofile.c) */
		ok = fc_import_cpuprofile(src, opts, out, err);
		break;
	case FC_FORMAT_TRACE:
		ok = fc_import_trace(src, opts, out, err);
		break;
	case FC_FORMAT_SELF_PROFILING:
		ok = fc_import_self_profiling(src, opts, out, err);
		break;
	case FC_FORMAT_FOLDED:
		ok = fc_import_folded(src, opts, out, err);
		break;
	case FC_FORMAT_SPEEDSCOPE:
		ok = fc_import_speedscope(src, opts, out, err);
		break;
	case FC_FORMAT_HERMES:
		ok = fc_import_hermes(src, opts, out, err);
		break;
	case FC_FORMAT_PPROF:
		ok = fc_import_pprof(src, opts, out, err);
		break;
	default:
		fc_error_set(err, FC_ERR_USAGE, "input format %s is not supported",
			     fc_format_name(format));
		ok = false;
		break;
	}
	if (ok && !name_profiles(out, first, path)) {
		fc_error_set(err, FC_ERR_NOMEM, "out of memory");
		ok = false;
	}
	/* the one place source maps apply: every command imports through here */
	if (ok && opts->sourcemaps)
		ok = fc_sourcemap_apply(out, first, opts->sourcemaps, opts->strict, err);
	if (!ok) {
		prefer_gzip_error(src, err);
		while (out->count > first)
			fc_profile_destroy(out->items[--out->count]);
	}
	return ok;
}

/* The public calls' arguments: what they cannot honour is a usage error. */
static bool check_call(const char *name, const void *input, const void *out, struct fc_error *err)
{
	if (input && out)
		return true;
	fc_error_set_file(err, name);
	fc_error_set(err, FC_ERR_USAGE, "no %s", !input ? "input" : "place for the result");
	return false;
}

void fc_import_options_init(struct fc_import_options *o)
{
	if (o)
		*o = (struct fc_import_options)FC_IMPORT_OPTIONS_INIT;
}

/* Options of an older layout, read as the current one with the fields it
 * lacks at their defaults. */
static const struct fc_import_options *upgrade(const struct fc_import_options *o,
					       struct fc_import_options *buf)
{
	size_t have;

	if (o->version < 1 || o->version > 4)
		return o; /* current, or refused by check_options */
	/* version 1 ends before sample_type, 2 before tasks, 3 before screenshots,
	 * 4 before threads */
	have = o->version == 1   ? offsetof(struct fc_import_options, sample_type)
	       : o->version == 2 ? offsetof(struct fc_import_options, tasks)
	       : o->version == 3 ? offsetof(struct fc_import_options, screenshots)
				 : offsetof(struct fc_import_options, threads);
	memset(buf, 0, sizeof(*buf));
	memcpy(buf, o, have);
	buf->version = FC_IMPORT_OPTIONS_VERSION;
	return buf;
}

static bool check_options(const struct fc_import_options *o, struct fc_error *err)
{
	/* version 1 lacks sample_type and what follows, 2 tasks, 3 screenshots,
	 * 4 threads */
	bool known = o->version >= 1 && o->version <= FC_IMPORT_OPTIONS_VERSION;

	if (!known || (o->sourcemaps && o->sourcemaps->version != FC_SOURCEMAP_OPTIONS_VERSION)) {
		fc_error_set(err, FC_ERR_USAGE, "%s version %u is not one this library knows (%d)",
			     !known ? "import options" : "source map options",
			     !known ? o->version : o->sourcemaps->version,
			     !known ? FC_IMPORT_OPTIONS_VERSION : FC_SOURCEMAP_OPTIONS_VERSION);
		return false;
	}
	if ((unsigned)o->format > FC_FORMAT_PPROF) {
		fc_error_set(err, FC_ERR_USAGE, "unknown input format %d", (int)o->format);
		return false;
	}
	if ((unsigned)o->count_unit > FC_COUNT_MS) {
		fc_error_set(err, FC_ERR_USAGE, "unknown count unit %d", (int)o->count_unit);
		return false;
	}
	return true;
}

bool fc_import_file(const char *path, const struct fc_import_options *opts,
		    struct fc_profile_set *out, struct fc_error *err)
{
	static const struct fc_import_options defaults = FC_IMPORT_OPTIONS_INIT;
	struct fc_import_options v1;
	struct fc_error scratch;
	struct fc_source src;
	uint64_t max;
	bool ok;

	err = fc_error_begin(err, &scratch);
	if (!check_call(path ? path : "", path, out, err))
		return false;
	opts = opts ? opts : &defaults;
	max = opts->max_bytes ? opts->max_bytes : FC_IMPORT_DEFAULT_MAX;
	fc_error_set_file(err, strcmp(path, "-") == 0 ? "<stdin>" : path);
	opts = upgrade(opts, &v1);
	if (!check_options(opts, err))
		return false;
	if (!fc_source_open(&src, path, max, err))
		return false;
	src.threads = opts->threads;
	ok = fc_import_source(&src, path, opts, out, err);
	fc_source_close(&src);
	if (ok)
		fc_error_init(err); /* the file named for a failure */
	return ok;
}

bool fc_import_memory(const char *name, const void *data, size_t len,
		      const struct fc_import_options *opts, struct fc_profile_set *out,
		      struct fc_error *err)
{
	static const struct fc_import_options defaults = FC_IMPORT_OPTIONS_INIT;
	struct fc_import_options v1;
	struct fc_error scratch;
	struct fc_source src;
	bool ok;

	err = fc_error_begin(err, &scratch);
	if (!check_call(name ? name : "", len ? data : "", out, err))
		return false;
	opts = opts ? opts : &defaults;
	name = name ? name : "<memory>";
	fc_error_set_file(err, name);
	opts = upgrade(opts, &v1);
	if (!check_options(opts, err))
		return false;
	/* no data and no length is an empty input, not a file descriptor
	 * to read: the source reads memory only where it has a pointer */
	fc_source_memory(&src, name, len ? data : "", len);
	src.max_bytes = opts->max_bytes ? opts->max_bytes : FC_IMPORT_DEFAULT_MAX;
	ok = fc_import_source(&src, name, opts, out, err);
	fc_source_close(&src);
	if (ok)
		fc_error_init(err); /* the file named for a failure */
	return ok;
}

bool fc_import_detect_file(const char *path, uint64_t max_bytes, enum fc_format *format,
			   struct fc_error *err)
{
	struct fc_error scratch;
	struct fc_source src;
	bool ok;

	err = fc_error_begin(err, &scratch);
	if (!check_call(path ? path : "", path, format, err))
		return false;
	fc_error_set_file(err, path);
	if (!fc_source_open(&src, path, max_bytes ? max_bytes : FC_IMPORT_DEFAULT_MAX, err))
		return false;
	/* detection reads a window, on the caller's thread: a read-ahead
	 * thread here would be one past the caller's budget (report -j
	 * detects files while other files render: docs/threads.md) */
	src.threads = 1;
	ok = fc_import_detect(&src, format, err);
	fc_source_close(&src);
	if (ok)
		fc_error_init(err); /* the file named for a failure */
	return ok;
}
