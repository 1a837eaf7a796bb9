/* The hottest lines of a frame for its SVG tooltip (line_notes.c): pass
 * fc_line_notes_title as fc_paint_options.title_note with a zeroed struct
 * fc_line_notes as note_ctx; fc_line_notes_finish frees what it kept.
 * Private to src/render/. */
#ifndef FC_RENDER_LINE_NOTES_H
#define FC_RENDER_LINE_NOTES_H

#include <stddef.h>
#include <stdint.h>

#include "model/profile.h"

struct fc_line_notes {
	struct fc_line_notes_profile *items; /* one per profile met */
	size_t count;
};

/* Up to three lines "line FILE:LINE: 12.3 ms self" (the frame's own self
 * time on that line, over the whole profile); "" when the frame has none. */
void fc_line_notes_title(void *ctx, const struct fc_profile *p, uint32_t frame, char *out,
			 size_t size);
void fc_line_notes_finish(struct fc_line_notes *n);

#endif
