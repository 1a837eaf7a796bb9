/* Comparing two runs (docs/diff.md): both sides' profiles go
 * through the same import, frames are matched by a function key (name +
 * script path made relative, line ignored), each side is merged, and the
 * per-function, per-tier and per-package self times of every run feed a
 * significance test. One result feeds the image, the JSON, the folded
 * stacks, the Markdown and the --fail-on verdict. */
#ifndef FC_DIFF_H
#define FC_DIFF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "flamechart/error.h"
#include "flamechart/import.h"
#include "render/output.h"
#include "model/profile.h"
#include "transform/scope.h"
#include "util/strpool.h"

#ifdef __cplusplus
extern "C" {
#endif

enum fc_diff_match { FC_DIFF_MATCH_FUNCTION, FC_DIFF_MATCH_EXACT, FC_DIFF_MATCH_NAME };
enum fc_diff_side { FC_DIFF_BASE, FC_DIFF_HEAD };

/* --- the function key (src/diff/key.c), pure ---------------------------------- */

/* The script path a function is matched by, written to out (NUL-terminated,
 * truncated to size): "file://" stripped, then the first of strip[0..n_strip)
 * that prefixes it, else everything up to and including the last
 * "node_modules/", else app_prefix when it prefixes it (a directory ending
 * in '/', or NULL). Other URLs (node:internal/..., https://..., "") are kept.
 * Returns the length written. */
size_t fc_diff_key_path(const char *url, const char *app_prefix, const char *const *strip,
			size_t n_strip, char *out, size_t size);

/* Whether a URL names an app script: a file path (file:// or '/') outside
 * node_modules. */
bool fc_diff_is_app_script(const char *url);

/* The longest directory prefix (ending in '/') common to two paths, as a
 * length of a; 0 when they share none. */
size_t fc_diff_common_dir(const char *a, size_t a_len, const char *b);

/* --- statistics (src/diff/stats.c), pure -------------------------------------- */

/* Welch's t-test on two samples (n >= 2 each): the two-sided p-value, and
 * t and the Welch-Satterthwaite degrees of freedom when not NULL. Equal
 * samples with no spread give p = 1; different means with no spread p = 0. */
double fc_diff_welch(const double *a, size_t na, const double *b, size_t nb, double *t, double *df);

/* The two-proportion z-test (normal approximation, pooled variance) for
 * x1 of n1 against x2 of n2: the two-sided p-value, and z when not NULL. */
double fc_diff_two_proportions(double x1, double n1, double x2, double n2, double *z);

/* The regularised incomplete beta function I_x(a, b), and the two-sided
 * tail of Student's t with df degrees of freedom, P(|T| >= |t|). */
double fc_diff_incbeta(double a, double b, double x);
double fc_diff_t_tail(double t, double df);

/* --- --fail-on rules (src/diff/rules.c) --------------------------------------- */

enum fc_diff_rule_subject {
	FC_RULE_TOTAL,   /* the total CPU time */
	FC_RULE_SELF,    /* any single function's self time */
	FC_RULE_PACKAGE, /* one package's self time */
	FC_RULE_TIER,    /* one tier's self time */
};

struct fc_diff_rule {
	char *text; /* as given, owned */
	enum fc_diff_rule_subject subject;
	char *name;   /* package or tier name (owned), NULL otherwise */
	bool less;    /* '<': an improvement beyond value; '>': a regression */
	double value; /* signed: ms, bytes, or percent of the subject's BASE amount */
	bool percent; /* value is a percentage */
	bool bytes;   /* value is in bytes (B, kB, MB, GB: heap profiles) */
	bool crossed; /* set by fc_diff_evaluate */
	char *why;    /* owned, set by fc_diff_evaluate: what crossed it, or NULL */
};

/* Parses "total>+5%", "self>+20ms", "self>+10%", "package:NAME>+2%",
 * "tier:gc>+25%", "self>+10MB" (units ms, s, us, %, and B, kB, MB, GB for
 * heap profiles; '<' for improvements). false with err
 * (FC_ERR_USAGE) naming what is wrong. */
bool fc_diff_rule_parse(const char *text, struct fc_diff_rule *out, struct fc_error *err);
void fc_diff_rule_finish(struct fc_diff_rule *r);

/* --- the comparison (src/diff/load.c, align.c, sum.c) ------------------------ */

struct fc_diff_options {
	enum fc_diff_match match;
	const char *const *strip; /* --strip-prefix, borrowed */
	size_t n_strip;
	bool normalize_total; /* scale BASE to HEAD's total */
	double alpha;         /* significance level, default 0.05 */
	double min_change;    /* size threshold: fraction of HEAD's total (0.01) ... */
	double min_change_us; /* ... or, when > 0, µs per run */
	bool keep_idle;
	bool gc_root;
	/* what both sides went through before matching (--hide, --focus,
	 * --exclude, ...: docs/scope.md), one phrase each, stated in the
	 * header, the JSON and the Markdown; borrowed */
	const char *const *scope;
	size_t n_scope;
	/* what the outputs need of the aligned tree of call paths, which only
	 * the folded stacks and the picture use: with no_paths none is built
	 * (n_nodes 0: for the JSON and the Markdown); with no_path_tests its
	 * paths are not tested (node_p and node_significant NULL: no picture)
	 * and keep no value per run. Both false: everything. */
	bool no_paths, no_path_tests;
	/* called each time FC_DIFF_RELEASE_BYTES of the runs' graphs have been
	 * summed and freed, and as the summing tables and the pool's index go
	 * after the last run: the caller may hand its heap's free pages back to
	 * the system there, so that the sums take the graphs' place (the CLI
	 * trims glibc's heap, docs/diff.md). NULL: nothing is called. The
	 * stage never trims the heap itself: the heap is its caller's. */
	void (*release)(void *ctx);
	void *release_ctx;
};

/* The graphs freed between two calls of fc_diff_options.release, at least
 * (a trim walks the heap, and the pages it gives back fault in again when
 * reused) */
#define FC_DIFF_RELEASE_BYTES ((size_t)4 << 20)

/* One side's values of a function, tier or package: the mean over runs
 * (µs per run). (Each run's value, which the test reads, is kept only
 * while the comparison is computed, and only for the runs the function
 * has samples in.) */
struct fc_diff_values {
	double self_us, total_us;
};

/* An item's strings are d->strings' (every distinct name, key path and
 * package once, however many functions share it). A function is keyed by
 * its name, key path, line and column and thread slot, compared whole.
 * There is one per distinct function of the comparison: its fields are
 * ordered so that little pads (96 bytes). */
struct fc_diff_item {
	const char *name;    /* function name ("(anonymous 12:5)" for anonymous ones) */
	const char *file;    /* the key path ("" for none); package or tier name for those */
	const char *package; /* "" for none */
	struct fc_diff_values side[2]; /* the change is HEAD's minus BASE's */
	double p_value;                /* of the self time change */
	double stat;                   /* t (Welch) or z (proportions) */
	int32_t line, column;          /* of the key: -1 unless --match exact */
	/* when a run has several threads, functions are per thread slot: the
	 * slot (0 = every run's first thread), else -1 */
	int32_t thread;
	uint8_t tier; /* enum fc_tier */
	uint8_t tags; /* enum fc_tag bits */
	bool bytes;   /* the amounts (the _us fields) are bytes: heap profiles */
	bool significant;
	bool in_base, in_head; /* has samples on that side */
	/* the root of a thread slot's call paths ("thread 2"), not a function:
	 * the writers leave it out of the function lists */
	bool thread_root;
};

/* An item's change of self and of total time (or bytes), per run. */
static inline double fc_diff_delta_self(const struct fc_diff_item *x)
{
	return x->side[1].self_us - x->side[0].self_us;
}

static inline double fc_diff_delta_total(const struct fc_diff_item *x)
{
	return x->side[1].total_us - x->side[0].total_us;
}

struct fc_graph;

struct fc_diff_run {
	char *label;     /* the file or sub-directory */
	size_t first, n; /* its profiles (threads) in the side's set, while there */
	char **threads;  /* the n thread labels, once the run is merged */
	/* the run merged as -m graph merges it, until fc_diff_compute has
	 * summed it; NULL before */
	struct fc_graph *graph;
	/* a run of several threads: one merged graph per thread instead
	 * (graph NULL), n of them, until summed */
	struct fc_graph **thread_graphs;
	/* each thread's CPU time (the graph's sample rules: (idle) left out
	 * unless keep_idle), n of them, once the run is merged */
	double *thread_us;
};

struct fc_diff_input {
	char *path; /* as given */
	/* profiles not merged yet, run by run (fc_diff_side_from_profile, or
	 * filled by hand); fc_diff_load_side merges each run as it reads it
	 * and leaves this empty, so that one run's profiles at a time are in
	 * memory */
	struct fc_profile_set set;
	struct fc_diff_run *runs;
	size_t n_runs;
	char *app_prefix;      /* the app scripts' common directory, NULL if none */
	size_t app_prefix_len; /* while loading: its length so far */
	double total_us;       /* mean CPU time per run (after normalisation for BASE) */
	double *run_total_us;
	double samples; /* samples summed over runs */
	double scale;   /* normalisation factor applied to the side (1 for HEAD) */
	/* the bytes of the files read (as stored), and whether every one was
	 * a regular file whose size is known (fc_diff_load_side): only then
	 * does fc_diff_compute hold the comparison to the memory bound */
	uint64_t input_bytes;
	bool input_sized;
	uint64_t graph_bytes; /* about what its runs' merged graphs hold, while held */
};

struct fc_diff {
	struct fc_diff_options options;
	struct fc_diff_input side[2];
	struct fc_diff_item *functions, *tiers, *packages;
	size_t n_functions, n_tiers, n_packages;
	struct fc_diff_item total; /* the whole profile */
	/* each matched thread slot's CPU time ("thread 1" is every run's first
	 * thread, ...), compared like a tier; only when a run has several
	 * threads (n_threads 0 otherwise) */
	struct fc_diff_item *threads;
	size_t n_threads;
	double threshold_us; /* the size threshold per run */
	bool bytes;          /* heap profiles: every amount (_us) is in bytes */
	const char *test;    /* "welch" or "two-proportion" */
	/* the aligned tree: key paths of both sides' merged trees (call
	 * paths), parent < index (FC_NONE for the root's children); self per
	 * run (mean) on each side, and the change of each path with its own
	 * test (the same test, threshold and alpha as for functions): the
	 * picture colours each box by its path's change */
	size_t n_nodes;
	uint32_t *node_parent, *node_function;
	double *node_self[2];
	double *node_p;            /* p-value of the path's self time change */
	uint8_t *node_significant; /* 1 when the path's change is significant */
	struct fc_diff_rule *rules;
	size_t n_rules;
	bool failed; /* a rule was crossed */
	/* the items' names, key paths and packages; without its index once
	 * the comparison is made (nothing is interned after) */
	struct fc_strpool strings;
};

/* How a side is read: the import options, then per run (every thread
 * profile of it) --hide, the scope transforms, a callback (warnings), and
 * the merge (keep_idle and gc_root as in fc_diff_options). */
struct fc_diff_load {
	const struct fc_import_options *import;
	unsigned hide_tiers;          /* bit per enum fc_tier */
	const struct fc_scope *scope; /* NULL = none */
	bool keep_idle, gc_root;
	void (*loaded)(void *ctx, const struct fc_profile_set *run); /* may be NULL */
	void *ctx;
	/* what a directory holds and is not read, as clean text: a file whose
	 * content is no profile ("skipped PATH: why"; with FC_FORMAT_AUTO, and
	 * never a *.cpuprofile[.gz]) or a symbolic link that leads out of BASE
	 * or HEAD ("PATH: a symbolic link out of the input folder: not
	 * followed"); may be NULL */
	void (*note)(void *ctx, const char *text);
	/* the side read before this one (BASE while HEAD is read), whose
	 * graphs are held too: the memory bound counts both; may be NULL */
	const struct fc_diff_input *before;
};

/* Imports a side: a profile file, or a directory whose profile files are
 * runs (other files skipped, links out of it not followed: l->note) and
 * whose sub-directories are runs of several threads (ordered by
 * node's CPU.<date>.<time>.<pid>.<tid>.<seq> thread id and sequence, else by
 * name). Each run is transformed and merged as soon as it is read, and its
 * profiles freed. false with err. */
bool fc_diff_load_side(struct fc_diff_input *in, const char *path, const struct fc_diff_load *l,
		       struct fc_error *err);

/* A side of one run made of profile p (taken; destroyed on failure), e.g.
 * one half of a differential folded file. false with err. */
bool fc_diff_side_from_profile(struct fc_diff_input *in, const char *path, struct fc_profile *p,
			       struct fc_error *err);

/* Compares the two loaded sides (base and head are moved into d; the runs
 * still in a side's set are merged first). false with err on allocation
 * failure. */
bool fc_diff_compute(struct fc_diff *d, struct fc_diff_input *base, struct fc_diff_input *head,
		     const struct fc_diff_options *o, struct fc_error *err);

/* Evaluates rules (moved into d) against d; sets d->failed. */
bool fc_diff_evaluate(struct fc_diff *d, struct fc_diff_rule *rules, size_t n,
		      struct fc_error *err);
void fc_diff_finish(struct fc_diff *d);

/* The thread label of profile p of a run for "which matched which". */
const char *fc_diff_thread_label(const struct fc_profile *p);

/* Indices of d->functions sorted by delta self (regressions first, largest
 * first; ties by name). Caller frees. NULL on allocation failure. */
size_t *fc_diff_order(const struct fc_diff *d, const struct fc_diff_item *items, size_t n);

/* --- writers (src/diff/write_*.c) --------------------------------------------- */

/* The JSON summary (docs/diff.md). */
bool fc_diff_write_json(const struct fc_diff *d, struct fc_output *out, struct fc_error *err);

/* FlameGraph's differential folded stacks: "a;b;c BASE HEAD" per aligned
 * path with self weight on either side, counts in µs per run, rounded. */
bool fc_diff_write_folded(const struct fc_diff *d, struct fc_output *out, struct fc_error *err);

/* The differential flame graph (src/diff/picture.c) written to path. */
enum fc_diff_image_format { FC_DIFF_SVG, FC_DIFF_PNG, FC_DIFF_PDF };
struct fc_theme;
struct fc_diff_image_options {
	enum fc_diff_image_format format;
	int width_px;                 /* 0 = the default 1200 */
	const struct fc_theme *theme; /* NULL = light */
	const char *title;            /* NULL = "BASE -> HEAD", as names[] say */
	const char *names[2];         /* the sides as the user named them (NULL = paths) */
	double scale;                 /* PNG only: device pixels per px (0 or 1 = none) */
	bool sort_weight;             /* heaviest sibling first */
	bool base_widths;             /* draw BASE's graph instead of HEAD's */
	double max_aspect; /* height budget: at most this x the width (0 = FC_RENDER_ASPECT) */
};
bool fc_diff_write_image(const struct fc_diff *d, const struct fc_diff_image_options *o,
			 const char *path, struct fc_error *err);

/* Markdown for a pull-request comment, at most max_chars characters (0 =
 * GitHub's 65 536). top rows per table; image_url may be NULL. */
bool fc_diff_write_md(const struct fc_diff *d, size_t top, const char *image_url, size_t max_chars,
		      struct fc_output *out, struct fc_error *err);

#ifdef __cplusplus
}
#endif

#endif
