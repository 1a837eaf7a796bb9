/* Reading profiles: format detection and the importers (docs/ARCHITECTURE.md). */
#ifndef FC_IMPORT_H
#define FC_IMPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "flamechart/common.h"
#include "flamechart/error.h"
#include "flamechart/profile.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Default --max-input-size: 2 GiB (the model needs well under half of that). */
#define FC_IMPORT_DEFAULT_MAX ((uint64_t)2 << 30)

/* What the counts of folded stacks are (--count-unit): FlameGraph's sample
 * counts, or durations in µs or ms (flamechart -f folded --weight time). */
enum fc_count_unit { FC_COUNT_SAMPLES, FC_COUNT_US, FC_COUNT_MS };

/* Where maps are looked for (docs/sourcemaps.md). Start from
 * FC_SOURCEMAP_OPTIONS_INIT: version is the struct's layout, refused when
 * unknown. */
#define FC_SOURCEMAP_OPTIONS_VERSION 1
#define FC_SOURCEMAP_OPTIONS_INIT                       \
	{                                               \
		.version = FC_SOURCEMAP_OPTIONS_VERSION \
	}
struct fc_sourcemap_options {
	unsigned version;        /* FC_SOURCEMAP_OPTIONS_VERSION */
	const char *const *dirs; /* --sourcemap-dir, searched in order */
	size_t n_dirs;
	const char *const *roots; /* --sourcemap-root PREFIX=DIR */
	size_t n_roots;
};

/* Start from FC_IMPORT_OPTIONS_INIT or fc_import_options_init (a NULL
 * options pointer means the defaults): version is the struct's layout the
 * caller was compiled with, refused when unknown; zero means the default
 * in every other field. */
#define FC_IMPORT_OPTIONS_VERSION 5 /* 2: sample_type; 3: tasks; 4: screenshots; 5: threads */
#define FC_IMPORT_OPTIONS_INIT                       \
	{                                            \
		.version = FC_IMPORT_OPTIONS_VERSION \
	}
struct fc_import_options {
	unsigned version;              /* FC_IMPORT_OPTIONS_VERSION */
	enum fc_format format;         /* FC_FORMAT_AUTO detects from the content */
	enum fc_count_unit count_unit; /* folded stacks only */
	bool strict;                   /* repairs become errors */
	uint64_t max_bytes;            /* 0 = FC_IMPORT_DEFAULT_MAX */
	/* non-NULL: frames are mapped through source maps (sourcemap.h) */
	const struct fc_sourcemap_options *sourcemaps;
	/* version 2: pprof's sample type to read ("cpu", "alloc_space"...),
	 * NULL for the profile's default (input-rules §I1) */
	const char *sample_type;
	/* version 3: traces: each thread's tasks and trace events with its JS, as DevTools'
	 * Performance panel draws them (devtools-rules §13) */
	bool tasks;
	/* version 4: traces: keep the screenshots (a few dozen, evenly spread)
	 * so that a chart draws them as a filmstrip above the timeline */
	bool screenshots;
	/* version 5: threads the import may use: 0 = as many as the CPUs available to
	 * the process, 1 = none beside the caller's. A second one reads (and inflates
	 * gzip) ahead of the parse; the profile is the same whatever the count
	 * (docs/threads.md) */
	unsigned threads;
};

/* Clears o and sets its version. */
FC_API void fc_import_options_init(struct fc_import_options *o);

/* Reads path ("-" = stdin) and appends one profile per sampled thread to out.
 * On failure err names the file and, where it can, the JSON path, line and
 * column; out is left as it was. Profiles are classified (fc_profile_classify). */
FC_API bool fc_import_file(const char *path, const struct fc_import_options *opts,
			   struct fc_profile_set *out, struct fc_error *err);

/* The same from memory; name is used in messages and as the title. data may
 * be NULL when len is 0 (an empty input: "the file is empty"). */
FC_API bool fc_import_memory(const char *name, const void *data, size_t len,
			     const struct fc_import_options *opts, struct fc_profile_set *out,
			     struct fc_error *err);

/* Detects the format of path by its content without importing it (a batch
 * uses it to tell profiles from other files). false with err: FC_ERR_FORMAT
 * when the content is no profile format (text, another JSON document, an
 * image...), other codes when the file cannot be read. A damaged profile
 * (broken JSON that starts like one) is detected as its format. It reads on
 * the caller's thread only, whatever fc_import_options.threads would allow. */
FC_API bool fc_import_detect_file(const char *path, uint64_t max_bytes, enum fc_format *format,
				  struct fc_error *err);

/* "cpuprofile", "trace", "self-profiling", "folded", "heapprofile",
 * "pprof"; and the inverse
 * (FC_FORMAT_AUTO for "auto", -1 when unknown). */
FC_API const char *fc_format_name(enum fc_format f);
FC_API int fc_format_parse(const char *name);

#ifdef __cplusplus
}
#endif

#endif
