/* Writers: the layout JSON, folded stacks, and images painted with cairo
 * (DESIGN §1, §6). Each writes to an fc_output. */
#ifndef FC_RENDER_H
#define FC_RENDER_H

#include <stdbool.h>

#include "flamechart/error.h"
#include "flamechart/layout.h"
#include "flamechart/output.h"
#include "flamechart/style.h"

/* The exact layout as JSON (schema in docs/layout-json.md). */
bool fc_write_layout_json(const struct fc_layout *l, const struct fc_style *st,
			  struct fc_output *out, struct fc_error *err);

#endif
