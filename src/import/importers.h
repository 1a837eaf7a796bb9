/* The importers behind fc_import_file. Each reads one source and appends
 * profiles to a set; on failure err is set and the set is unchanged. */
#ifndef FC_IMPORT_IMPORTERS_H
#define FC_IMPORT_IMPORTERS_H

#include "flamechart/import.h"
#include "import/source.h"

bool fc_import_cpuprofile(struct fc_source *src, const struct fc_import_options *opts,
			  struct fc_profile_set *out, struct fc_error *err);
bool fc_import_trace(struct fc_source *src, const struct fc_import_options *opts,
		     struct fc_profile_set *out, struct fc_error *err);
bool fc_import_self_profiling(struct fc_source *src, const struct fc_import_options *opts,
			      struct fc_profile_set *out, struct fc_error *err);
bool fc_import_pprof(struct fc_source *src, const struct fc_import_options *opts,
		     struct fc_profile_set *out, struct fc_error *err);
bool fc_import_folded(struct fc_source *src, const struct fc_import_options *opts,
		      struct fc_profile_set *out, struct fc_error *err);
bool fc_import_speedscope(struct fc_source *src, const struct fc_import_options *opts,
			  struct fc_profile_set *out, struct fc_error *err);
bool fc_import_hermes(struct fc_source *src, const struct fc_import_options *opts,
		      struct fc_profile_set *out, struct fc_error *err);

/* Whether a $schema value names speedscope's file format
 * (https://www.speedscope.app/file-format-schema.json, any version). */
bool fc_speedscope_schema(const char *s, size_t len);

struct jstream;

/* Feeds every byte of src to js and ends the document: false with err (or
 * js's error) set when reading or the JSON fails. */
bool fc_import_feed(struct fc_source *src, struct jstream *js, struct fc_error *err);

/* What fc_import_file does with an open source: detection (unless
 * opts->format names one), the importer, the profiles named after path
 * (their file), and on failure a damaged gzip stream's error in preference
 * to what its bytes looked like. */
bool fc_import_source(struct fc_source *src, const char *path, const struct fc_import_options *opts,
		      struct fc_profile_set *out, struct fc_error *err);

/* Detects the format from the content (src/import/detect.c). The source is
 * left at its first byte: what detection read stays in the look-ahead
 * buffer, or the source is rewound. False with err set (FC_ERR_FORMAT, with
 * a description of what was found) when the input is none of the formats. */
bool fc_import_detect(struct fc_source *src, enum fc_format *format, struct fc_error *err);

/* One line of folded stacks (input-rules §D2), split but not copied. */
struct fc_folded_line {
	const char *stack; /* frames separated by ';', root first */
	size_t stack_len;
	double count;
	double count2;   /* the second count of a differential line */
	bool decimal;    /* a count has a fractional part */
	bool has_count2; /* a differential line: "stack count1 count2" */
};

/* Parses "stack count" with flamegraph.pl's tolerances: space or tab before
 * the count, a decimal count, an optional second count (then count is the
 * first), surrounding whitespace and a trailing '\r'. False when the line is
 * not of that shape (including an empty stack). Comments and blank lines are
 * the caller's business. */
bool fc_folded_parse_line(const char *s, size_t len, struct fc_folded_line *out);

#endif
