/* Time per source line (docs/lines.md): each node's self time spread over
 * the lines it was sampled on in proportion to their ticks, so that the
 * lines of a function sum to its self time. Shared by `info`, `-f md` and
 * the SVG tooltips. */
#ifndef FC_LINES_H
#define FC_LINES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/profile.h"

/* One source line of one function. */
struct fc_hot_line {
	uint32_t frame; /* the function sampled there */
	uint32_t url;   /* string id of the script or original source */
	uint32_t text;  /* string id of the line's text from a source map, 0 = none */
	int32_t line;   /* 1-based */
	uint64_t ticks;
	double self_us;
};

struct fc_hot_lines {
	struct fc_hot_line *items; /* heaviest first (ties: url, line, frame) */
	size_t n;                  /* items kept (at most the top asked for) */
	size_t n_all;              /* lines with time before the cut */
	double lines_us;           /* self time that has a line, all lines */
	double self_us;            /* all self time (of the frame asked for) */
};

/* The heaviest lines of p, of every frame (frame FC_NONE) or of one; top
 * SIZE_MAX keeps all. An empty result (n_all 0) when p has no line data.
 * false on allocation failure. */
bool fc_lines_compute(const struct fc_profile *p, uint32_t frame, size_t top,
		      struct fc_hot_lines *out);
void fc_lines_finish(struct fc_hot_lines *h);

/* The text of line (1-based) of a script on this machine: a file:// URL or
 * an absolute path, read up to FC_LINES_MAX_FILE bytes. Leading blanks are
 * dropped; the text is cut to about max bytes at a UTF-8 boundary with
 * "…", made valid UTF-8 without control characters (tabs become spaces);
 * out must hold 3 * max + 4 bytes, max is at most 256. false when the file
 * cannot be read or has no such line. */
#define FC_LINES_MAX_FILE ((size_t)64 << 20)
bool fc_lines_source_text(const char *url, int32_t line, char *out, size_t size, size_t max);

/* The same cut for a text at hand (one line, no newline). */
void fc_lines_cut_text(const char *text, size_t len, char *out, size_t size, size_t max);

#endif
