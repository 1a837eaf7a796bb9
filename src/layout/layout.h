/* Layout: profile(s) + options -> boxes in logical units (docs/graph.md).
 * Pure functions: no cairo, no text measurement, no colours. */
#ifndef FC_LAYOUT_H
#define FC_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "flamechart/error.h"
#include "flamechart/flamechart.h"
#include "model/profile.h"

#ifdef __cplusplus
extern "C" {
#endif

enum fc_box_flags {
	FC_BOX_COALESCED = 1 << 0,  /* stands for several frames narrower than minwidth */
	FC_BOX_GC_STACKED = 1 << 1, /* a GC sample drawn on top of the previous stack */
	FC_BOX_HEALED = 1 << 2,     /* contains a (program) sample healed as DevTools does */
};

/* One bar. Chart: x in µs on the profile's own clock. Graph: x in weight
 * units (µs or samples) from 0. */
struct fc_box {
	double x0, x1;
	double self;    /* x1 - x0 minus the children's extent, same unit */
	uint32_t depth; /* row: 0 = the root's children (the root is never drawn) */
	uint32_t frame; /* index into the lane's profile frames; FC_NONE if coalesced */
	/* chart: profile node; graph: merged node while the lane keeps the
	 * merged tree (bars_on_demand), FC_NONE once its boxes are placed and
	 * the tree released; FC_NONE if coalesced */
	uint32_t node;
	uint32_t flags; /* enum fc_box_flags */
	uint32_t count; /* coalesced boxes: how many frames it stands for; else 1 */
};

struct fc_layout_options {
	enum fc_mode mode;
	bool keep_idle;      /* graph: keep (idle) (the chart always draws it) */
	bool gc_root;        /* GC at the root instead of on the previous stack */
	bool sort_weight;    /* graph: heaviest sibling first instead of alphabetical */
	bool weight_samples; /* graph: width = sample count instead of time */
	bool inverted;       /* graph: icicle (recorded for paint; rows are unchanged) */
	bool per_thread;     /* graph: one graph per profile instead of one merged */
	/* Target: the plot width in pixels. 0 = the exact layout, nothing culled
	 * (the layout JSON). Otherwise boxes narrower than minwidth are coalesced
	 * into grey "…" boxes and what lies under them is dropped, so the box
	 * count is bounded by pixels, not samples. */
	double plot_width_px;
	double minwidth; /* px, or percent of the lane's total when minwidth_pct */
	bool minwidth_pct;
	/* Exact layouts hold no boxes, and fc_lane_each makes them again as it
	 * hands them out: a chart keeps 4 bytes per bar (where it ends) and
	 * walks the samples again, a graph keeps its merged tree and places it
	 * again. For the layout JSON, whose bars outnumber the input's nodes. */
	bool bars_on_demand;
	/* Chart: where the ruler's 0 is, in x units (µs on the profiles'
	 * clock), when the chart shows a window of it (--from, --trim-idle);
	 * else the ruler starts at 0 at the left edge. */
	bool has_x_zero;
	double x_zero;
	/* chart: idle cut out of the axis (--trim-idle), in x order; the
	 * ruler keeps the profiles' clock on each side of a break and the
	 * painter marks it. Borrowed: must outlive the layout. */
	const struct fc_axis_break *breaks;
	size_t n_breaks;
	/* chart: the lanes are this many unrelated recordings, each shifted to
	 * its own clock from 0 by fc_clock_separate (the header says so); 0 or
	 * 1 = one clock */
	uint32_t clocks;
	/* graph: the profiles' nodes are distinct call paths already (no two
	 * siblings share a frame; what diff draws from its aligned tree), so
	 * the merge takes each node as it is, without looking it up */
	bool distinct_paths;
};

/* A culled layout (plot_width_px > 0, for images) keeps at most this many
 * rows per lane: deeper rows are left out and counted in fc_lane.rows_cut,
 * so that an image and the work to make it stay bounded however deep the
 * call tree is (100 000 rows of 17 px would be 1.7 M px tall). */
#define FC_LAYOUT_MAX_ROWS 512
/* An exact layout (the layout JSON) holds every bar; a lane with more than
 * this many bars per sample and per node (and at least FC_LAYOUT_EXACT_MIN)
 * is refused with FC_ERR_LIMIT: the output stays within a small multiple of
 * the input. Real profiles have up to about 40 per sample (a 400-deep tree
 * whose samples move through it) and 4 per node; a hostile one, samples
 * jumping between the top and the bottom of a deep chain, one per level per
 * sample. */
#define FC_LAYOUT_EXACT_PER_SAMPLE 32
#define FC_LAYOUT_EXACT_PER_NODE 8
#define FC_LAYOUT_EXACT_MIN ((size_t)1 << 20)

/* One profile's boxes (or, for a merged graph, several profiles'). */
struct fc_lane {
	const struct fc_profile *profile; /* frames are looked up here */
	char *title;                      /* lane heading */
	struct fc_box *boxes;             /* chart: open order; graph: depth-first */
	size_t n_boxes, cap;
	uint32_t rows;           /* number of rows in use */
	double x_min, x_max;     /* extent in x units */
	double total;            /* sum of the row-0 boxes */
	double idle_left_out;    /* graph: (idle) time not drawn */
	double coalesced;        /* x extent held by coalesced boxes */
	size_t coalesced_frames; /* frames folded into coalesced boxes */
	uint32_t healed;         /* (program) samples healed */
	/* graph: the merged profile (frames matched by their strings across
	 * profiles, nodes = the merged tree) that lane->profile points to;
	 * owned by the lane, freed by fc_layout_finish. NULL for charts. */
	struct fc_profile *merged;
	double root_left_out; /* graph: samples on the root itself (no frame), not drawn */
	uint64_t samples;     /* graph: samples merged into the lane */
	uint32_t n_profiles;  /* graph: profiles merged into the lane */
	/* The input profiles drawn in this lane (one for a chart, the merged ones
	 * for a graph), borrowed from the profile set: headers read their
	 * intervals and repairs. */
	const struct fc_profile **sources;
	size_t n_sources;
	/* graph: self weight per frame of lane->profile, exact whatever was
	 * coalesced (legends use it); NULL for charts. Owned by the lane. */
	double *frame_self;
	uint32_t rows_cut; /* rows past FC_LAYOUT_MAX_ROWS left out */
	/* lanes built with bars_on_demand: no boxes, but what fc_lane_each
	 * needs to make them (a chart's bar ends, a graph's merged tree).
	 * Owned by the lane. */
	struct fc_chart_bars *bars;
	struct fc_graph *graph;
};

struct fc_layout {
	enum fc_mode mode;
	struct fc_layout_options options;
	struct fc_lane *lanes;
	size_t n_lanes;
	double x_min, x_max; /* shared axis: union of the lanes' extents */
	double x_zero;       /* the ruler's 0 (x_min unless options.has_x_zero) */
	bool has_time;       /* false when x is a weight, not time */
	const char *unit;    /* "µs" or "samples" */
};

/* Builds the layout of every profile in set: exact when plot_width_px is 0,
 * else culled to the pixel grid. Chart: one lane per profile on a shared
 * time axis. Graph: one merged lane (or one per profile with per_thread).
 * The layout borrows the profiles; they must outlive it. false with err on
 * failure. */
bool fc_layout_build(struct fc_layout *out, const struct fc_profile_set *set,
		     const struct fc_layout_options *opts, struct fc_error *err);
void fc_layout_finish(struct fc_layout *l);

/* Calls visit with every box of lane in its order (chart: open order; graph:
 * depth-first), whether the lane holds its boxes or they are walked again
 * (bars_on_demand). false when visit returns false or on allocation
 * failure. */
typedef bool (*fc_lane_visit)(void *ctx, const struct fc_box *box);
bool fc_lane_each(const struct fc_lane *lane, fc_lane_visit visit, void *ctx);

/* --- the chart rules, one function each (devtools-rules §1-3) ------------------ */

/* DevTools' fixMissingSamples: a lone (program) sample between two samples
 * with the same depth-1 ancestor is replaced by the previous sample. Writes
 * the effective node of each sample to out (n_samples entries) and returns
 * how many were healed. */
uint32_t fc_chart_heal_program(const struct fc_profile *p, uint32_t *out);

/* What fc_chart_walk reports about each bar; seq numbers bars in open
 * order. */
struct fc_chart_visit {
	/* A bar opens (may be NULL): x0, depth, node, frame, flags and count
	 * are set; x1 is x0 and self 0 until it closes. */
	bool (*open)(void *ctx, const struct fc_box *box, uint64_t seq);
	/* A bar closes (children before parents), with every field set.
	 * parent_seq is the seq of the bar below (UINT64_MAX at row 0); end is
	 * the sample at which it closes (its time is x1), n_samples when it
	 * lasts to the end of the last sample. */
	bool (*close)(void *ctx, const struct fc_box *box, uint64_t seq, uint64_t parent_seq,
		      uint32_t end);
	void *ctx;
};

/* Walks the samples as DevTools' forEachFrame. nodes is the effective
 * sample list from fc_chart_heal_program (or NULL for the raw samples).
 * gc_root puts GC samples at row 0 instead of on the previous stack. false
 * when a callback returns false or on allocation failure. */
bool fc_chart_walk(const struct fc_profile *p, const uint32_t *nodes, bool gc_root,
		   const struct fc_chart_visit *v);

/* The chart's x extent: from the header startTime (or the first sample if
 * earlier) to the later of endTime and the end of the last sample. */
void fc_chart_extent(const struct fc_profile *p, double *x_min, double *x_max);

#ifdef __cplusplus
}
#endif

#endif
