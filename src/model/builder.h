/* Builds an fc_profile from what an importer streams: nodes keyed by their
 * file ids with children and/or parent links, samples as ids, times as deltas
 * or absolute timestamps. fc_builder_finish resolves links, checks the tree,
 * renumbers nodes in pre-order and sorts the samples (docs/ARCHITECTURE.md). */
#ifndef FC_MODEL_BUILDER_H
#define FC_MODEL_BUILDER_H

#include <stdbool.h>
#include <stdint.h>

#include "model/profile.h"

struct fc_builder {
	struct fc_profile *profile; /* borrowed; filled by finish */
	const char *file;           /* for messages */
	bool strict;                /* repairs become FC_ERR_STRICT errors */
	/* Prefix for node paths in messages ("nodes" or e.g.
	 * "traceEvents[5].args.data.cpuProfile.nodes"). */
	const char *nodes_path;
	const char *samples_path;

	/* raw nodes, in input order */
	size_t n, cap;
	int64_t *id;
	bool id_shared; /* id became the profile's node_id (already in pre-order) */
	uint32_t *frame;
	int64_t *parent_id; /* NULL until a node has a parent field; INT64_MIN = none */
	uint32_t *pos_line, *pos_col;

	/* children links: parent slot and child id; a parent's links are
	 * contiguous, in the order of its children array */
	size_t n_edges, edges_cap;
	uint32_t *edge_parent;
	int64_t *edge_child;

	/* samples as ids (32-bit while they fit) and times (deltas or absolute
	 * timestamps); finish converts both in place into the profile's arrays */
	size_t n_samples, samples_cap;
	uint32_t *sample_id32;
	int64_t *sample_id64; /* used instead once an id does not fit 32 bits */
	size_t n_times, times_cap;
	int64_t *times;
	bool times_absolute;
	bool have_times; /* a timeDeltas/timestamps array was present */
	long samples_line, samples_col;

	/* id -> slot, built by finish: dense array when ids are compact */
	int64_t map_base;
	uint32_t *map_dense;
	size_t map_dense_len;
	struct fc_map map_table; /* sparse ids: hash of the id -> node */

	bool have_start, have_end;
	int64_t start_us, end_us;

	/* line ticks (docs/lines.md): per node slot (positionTicks), and per
	 * sample (a trace's lines; 0 = none), turned into the profile's
	 * per-node lines by finish */
	size_t n_slot_lines, slot_lines_cap, slot_line_slot_cap;
	uint32_t *slot_line_slot;
	struct fc_line_ticks *slot_lines;
	size_t n_sample_lines, sample_lines_cap;
	int32_t *sample_line;
};

/* The builder borrows profile; on failure of finish the profile is left
 * partly filled and must be destroyed by the caller. */
void fc_builder_init(struct fc_builder *b, struct fc_profile *profile, const char *file,
		     bool strict);
void fc_builder_finish_free(struct fc_builder *b);

/* Adds a node; returns its slot (its index in the nodes array), or FC_NONE
 * with err set on allocation failure. Duplicate ids are found by finish.
 * line/col locate the node in the file for messages. */
uint32_t fc_builder_node(struct fc_builder *b, int64_t id, uint32_t frame, long line, long col,
			 struct fc_error *err);
bool fc_builder_child(struct fc_builder *b, uint32_t slot, int64_t child_id, uint32_t index);
void fc_builder_parent(struct fc_builder *b, uint32_t slot, int64_t parent_id);
bool fc_builder_sample(struct fc_builder *b, int64_t id);
bool fc_builder_time(struct fc_builder *b, int64_t t);

/* Line data: ticks of a 1-based line of the script url (a string id) in
 * node slot; or the line (0 = none) of the sample added last, for every
 * sample from it on (samples before it get 0). false on allocation
 * failure. */
bool fc_builder_line_ticks(struct fc_builder *b, uint32_t slot, uint32_t url, int32_t line,
			   uint32_t ticks);
bool fc_builder_sample_line(struct fc_builder *b, int32_t line);

/* Records a repair: a warning, or under strict mode an FC_ERR_STRICT error
 * (returns false). */
bool fc_builder_repair(struct fc_builder *b, struct fc_error *err, const char *path, long line,
		       long col, const char *fmt, ...) __attribute__((format(printf, 6, 7)));

/* Resolves everything into b->profile. False with err set on invalid data. */
bool fc_builder_finish(struct fc_builder *b, struct fc_error *err);

#endif
