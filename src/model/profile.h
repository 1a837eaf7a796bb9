/* The profile model, inside the library (the installed
 * flamechart/profile.h keeps struct fc_profile opaque): one sampled thread as interned frames, a
 * flat call tree and time-sorted samples. No stage after import knows the input format. */
#ifndef FC_MODEL_PROFILE_H
#define FC_MODEL_PROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "flamechart/common.h"
#include "flamechart/profile.h"
#include "flamechart/error.h"
#include "util/strpool.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Sub-tags the classifier adds (input-rules §E2). */
enum fc_tag {
	FC_TAG_REGEXP = 1 << 0,
	FC_TAG_WASM = 1 << 1,
	FC_TAG_EVAL = 1 << 2,
	FC_TAG_EXT = 1 << 3,
	/* a trace event drawn with --tasks; its package is DevTools' category
	 * ("scripting", "rendering"...: devtools-rules §13.2) */
	FC_TAG_EVENT = 1 << 4,
};

/* Synthetic frames recognised by name. Only the root's direct children count
 * as (program)/(idle)/GC for the chart rules (devtools-rules §2). */
enum fc_meta {
	FC_META_NONE,
	FC_META_ROOT,
	FC_META_PROGRAM,
	FC_META_IDLE,
	FC_META_GC,
	FC_META_UNKNOWN, /* our "(unknown)" frame for samples naming unknown nodes */
};

/* The weight unit of a heap profile (fc_profile.weight_unit). */
#define FC_UNIT_BYTES "bytes"

/* An interned call frame. Equal (name, url, line, column, has-script) give one
 * frame -- and, for a script without a URL (eval, new Function), equal
 * script ids, as DevTools keys them; that is the identity the merged graph
 * uses (--merge-by location). */
struct fc_annotations;

struct fc_frame {
	uint32_t name; /* string ids into fc_profile.strings */
	uint32_t url;
	uint32_t script_id; /* first script id seen for this frame ("0" = none) */
	int32_t line;       /* 0-based definition line, -1 = unknown, <= FC_POS_MAX */
	int32_t column;     /* 0-based, -1 = unknown, <= FC_POS_MAX */
	uint32_t package;   /* string id of the npm package or host, 0 = none */
	uint8_t tier;       /* enum fc_tier, set by fc_profile_classify */
	uint8_t tags;       /* enum fc_tag bits */
	uint8_t meta;       /* enum fc_meta */
	uint8_t has_script; /* script id present and not "0" */
};

/* Lines and columns are int32_t everywhere: 0-based, -1 = unknown, and at most
 * FC_POS_MAX, so that the 1-based number people read (line + 1, in labels,
 * info, report manifests) fits an int32_t too. Interning a frame turns a
 * larger position into -1. */
#define FC_POS_MAX (INT32_MAX - 1)

/* A frame's position before source maps moved it: url 0 = not mapped. */
struct fc_screenshots; /* model/screenshots.h */

struct fc_frame_generated {
	uint32_t url; /* string id */
	int32_t line, column;
};

/* Samples a node spent on one source line: a .cpuprofile node's
 * positionTicks entry, or a trace's per-sample `lines` counted per node
 * (docs/lines.md). */
struct fc_line_ticks {
	uint32_t url;  /* string id of the script, or of the original source
			* once source maps moved the line */
	uint32_t text; /* string id of the line's text when a source map
			* carried it (sourcesContent), 0 = not at hand */
	int32_t line;  /* 1-based, as V8 writes them */
	uint32_t ticks;
};

/* A repaired defect, reported as a warning (or an error under --strict). */
struct fc_warning {
	char *path; /* JSON path or "line N" for text formats; may be "" */
	long line, column;
	char *text;
};

/* An entry of a trace's Timings lane (devtools-rules §13.9): a user timing
 * measure or console timing (a span), or a mark or time stamp (a point,
 * dur_us 0), on the trace clock, at the row DevTools' Timings track gives
 * it. Its node in the lane's profile is its index + 1. */
enum fc_timing_kind { FC_TIMING_MEASURE, FC_TIMING_CONSOLE, FC_TIMING_STAMP, FC_TIMING_MARK };

struct fc_timing {
	int64_t start_us, dur_us;
	uint32_t row;
	uint8_t kind; /* enum fc_timing_kind */
};

struct fc_profile {
	char *name;         /* display title: file name, or process/thread name */
	char *source;       /* input path as given ("-" for stdin) */
	char *thread_name;  /* NULL when unknown */
	char *process_name; /* NULL when unknown */
	char *note;         /* NULL, or a remark for the header (e.g. which of several profiles) */
	int64_t pid, tid;   /* -1 when unknown */
	enum fc_format format;

	/* Header times on the profile's own clock, in µs. A .cpuprofile's
	 * startTime/endTime; for traces the Profile event's ts. */
	int64_t start_us, end_us;
	/* False for folded stacks: sample "times" are cumulative weights. */
	bool has_time;
	/* Unit of a weight when has_time is false (e.g. "samples", or
	 * FC_UNIT_BYTES for a heap profile). */
	const char *weight_unit;
	/* A heap profile's bytes per sampled allocation (its total over the
	 * length of its samples array, or V8's default sampling interval when
	 * there is none): diff's tests count events, not bytes. 0 otherwise. */
	double bytes_per_event;

	struct fc_strpool strings;
	struct fc_frame *frames;
	uint32_t n_frames;

	/* The call tree in pre-order: node 0 is the root, parent[i] < i. */
	uint32_t n_nodes;
	uint32_t *node_parent; /* FC_NONE for the root */
	uint32_t *node_frame;
	uint32_t *node_depth; /* root 0, its children 1 (chart row = depth - 1) */
	int64_t *node_id;     /* id in the input file, for messages and JSON */
	uint32_t max_depth;

	/* Samples stably sorted by time, as DevTools does (devtools-rules §1.3). */
	uint32_t n_samples;
	uint32_t *sample_node;
	int64_t *sample_time_us;
	/* End of the last sample when the input says it (legacy timestamps with
	 * one extra entry, folded weights); INT64_MIN when it must be derived. */
	int64_t last_end_us;

	/* Per-line ticks by node: node i's entries are lines[node_lines[i] ..
	 * node_lines[i + 1]), sorted by (url, line). node_lines is NULL when
	 * the input has no line data. */
	uint32_t *node_lines; /* n_nodes + 1 offsets */
	struct fc_line_ticks *lines;
	uint32_t n_lines;

	/* The root's (program), (idle) and (garbage collector) children. */
	uint32_t program_node, idle_node, gc_node;

	/* A differential folded file's two sides (docs/diff.md): 1 = BASE (the
	 * first counts), 2 = HEAD (the second); 0 for every other profile. */
	uint8_t diff_side;

	/* Tiers whose frames fc_hide_tiers removed (bit per enum fc_tier), so
	 * that legends can say what is not drawn. */
	unsigned hidden_tiers;

	/* What the scope transforms (--focus, --exclude, ...; transform/scope.c)
	 * did to this profile, one phrase each, for headers and the layout
	 * JSON. Owned; freed with the profile. */
	char **transforms;
	size_t n_transforms;
	/* --sandwich: which half of the sandwich this profile is (enum
	 * fc_sandwich_part in transform/scope.h), 0 for neither */
	uint8_t sandwich_part;
	/* Source maps (sourcemap.h): per frame, where in the bundle it was
	 * mapped from (NULL when nothing was mapped); how many frames were
	 * mapped through how many maps, and the maps that could not be read
	 * (count, and their names for the header, NULL when none). */
	struct fc_frame_generated *generated; /* n_generated entries */
	uint32_t n_generated;
	uint32_t sourcemap_frames, sourcemap_maps, sourcemap_unreadable;
	char *sourcemap_unreadable_names;

	/* A trace's screenshots (model/screenshots.h), read with --screenshots;
	 * on the trace's first lane only, NULL elsewhere. Owned. */
	struct fc_screenshots *screenshots;
	/* A trace's Timings lane (--tasks): its entries in the order DevTools
	 * lays them out, node i + 1 for timings[i]; NULL for every other
	 * profile. Such a profile has no samples. */
	struct fc_timing *timings;
	uint32_t n_timings;
	/* --tasks: the trace's async events other than user timings (on its
	 * first thread's lane, else 0): read, begins paired with an end, and
	 * ends or begins left unpaired (devtools-rules §13.10) */
	uint64_t async_events, async_pairs, async_unmatched;

	struct fc_warning *warnings; /* the first FC_PROFILE_MAX_WARNINGS */
	size_t n_warnings;
	size_t n_repairs; /* all repairs, including those not kept */

	size_t frames_cap; /* frames allocated */
	/* private (src/model/profile.c): the frame interning table, NULL when
	 * dropped or not made yet */
	struct fc_frame_index *frame_index;

	/* A trace's embedded source maps and annotations (model/annotations.h),
	 * on the first profile of the trace; NULL for none. Owned. */
	struct fc_annotations *annotations;
};

#define FC_PROFILE_MAX_WARNINGS 64

/* Allocates an empty profile; NULL on allocation failure. */
struct fc_profile *fc_profile_create(void);
void fc_profile_destroy(struct fc_profile *p);

static inline const char *fc_profile_str(const struct fc_profile *p, uint32_t id)
{
	return fc_strpool_get(&p->strings, id);
}

static inline const struct fc_frame *fc_profile_node_frame(const struct fc_profile *p,
							   uint32_t node)
{
	return &p->frames[p->node_frame[node]];
}

/* Interns a frame and returns its index, FC_NONE on allocation failure.
 * Strings need not be NUL-terminated. */
uint32_t fc_profile_intern_frame(struct fc_profile *p, const char *name, size_t name_len,
				 const char *url, size_t url_len, const char *script_id,
				 size_t sid_len, int32_t line, int32_t column);

/* For a streaming importer: the hash a frame is interned by, a hint that a
 * frame of that hash comes soon (record false: start loading its table
 * slot; later, record true: the key the lookup will compare), and the
 * interning itself with the hash given. The hint never changes a result. */
uint32_t fc_profile_frame_hash(const char *name, size_t name_len, const char *url, size_t url_len,
			       const char *script_id, size_t sid_len, int32_t line, int32_t column);
void fc_profile_frame_prefetch(const struct fc_profile *p, uint32_t hash, bool record);
uint32_t fc_profile_intern_frame_hashed(struct fc_profile *p, uint32_t hash, const char *name,
					size_t name_len, const char *url, size_t url_len,
					const char *script_id, size_t sid_len, int32_t line,
					int32_t column);

/* Frees the index that interning looks frames up in: an importer that is
 * done keeps only the frames. Interning again makes it anew. */
void fc_profile_drop_frame_index(struct fc_profile *p);

/* Appends f, whose strings are p's already and which names no frame of p
 * yet (the caller keeps frames unique; no index is consulted or kept: the
 * index is dropped), with its meta set from its name as interning sets it.
 * For a profile built from frames known to be distinct, without paying for
 * the index. Its index, FC_NONE on allocation failure. */
uint32_t fc_profile_append_frame(struct fc_profile *p, const struct fc_frame *f);

/* Gives dst, which has no frames yet, src's frames with the same indices
 * and string ids (tier, tags and package included). false on allocation
 * failure or when dst already has frames; dst is then unchanged. */
bool fc_profile_copy_frames(struct fc_profile *dst, const struct fc_profile *src);

/* Moves the line ticks to a new call tree of n_nodes nodes: node i's
 * entries go to map[i] (FC_NONE: dropped). Entries that meet on a node are
 * summed. false on allocation failure, p then unchanged. */
bool fc_profile_remap_lines(struct fc_profile *p, const uint32_t *map, uint32_t n_nodes);

/* Sorts entries by (node, url, line), sums duplicates and installs them as
 * p's line ticks (taking ownership of nothing: entries is scratch). node[k]
 * is entry k's node; n entries. false on allocation failure. */
bool fc_profile_set_lines(struct fc_profile *p, const uint32_t *node,
			  const struct fc_line_ticks *entries, size_t n);

/* Records a repair warning (keeps the first FC_PROFILE_MAX_WARNINGS). */
bool fc_profile_warn(struct fc_profile *p, const char *path, long line, long column,
		     const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* The time the last sample ends: the recorded end when the input gives one,
 * else DevTools' rule -- last sample + average interval, or the header
 * endTime when there is a single sample (devtools-rules §1.4-1.5). In µs, as a
 * double because the average interval is fractional. */
double fc_profile_samples_end(const struct fc_profile *p);

/* Duration of sample i in µs: up to the next sample, the last one up to
 * fc_profile_samples_end. */
double fc_profile_sample_duration(const struct fc_profile *p, uint32_t i);

/* Median interval between consecutive samples in µs (0 with < 2 samples). */
double fc_profile_median_interval(const struct fc_profile *p);

/* DevTools' repair of a lone (program) sample between two samples under the
 * same top-level frame (devtools-rules §2): out (n_samples) gets the sample
 * nodes with each such sample given the node before it. Returns how many. */
uint32_t fc_profile_heal_program(const struct fc_profile *p, uint32_t *out);

/* Sets program_node, idle_node and gc_node: the first (program), (idle) and
 * GC node among the root's children, FC_NONE when there is none (the chart's
 * rules follow only those, devtools-rules §2). */
void fc_profile_find_meta_nodes(struct fc_profile *p);

/* Sets tier, tags and package of every frame (fc_classify per frame). */
void fc_profile_classify(struct fc_profile *p);

/* Adds p to s, which then owns it. */
bool fc_profile_set_add(struct fc_profile_set *s, struct fc_profile *p);

#ifdef __cplusplus
}
#endif

#endif
