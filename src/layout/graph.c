/* Merged flame graph (placeholder until the graph layout lands). */
#include "layout/internal.h"

bool fc_graph_lane(struct fc_lane *lane, const struct fc_profile *const *profiles, size_t n,
		   const struct fc_layout_options *o, struct fc_error *err)
{
	(void)lane;
	(void)profiles;
	(void)n;
	(void)o;
	fc_error_set(err, FC_ERR_USAGE, "graph mode is not available yet");
	return false;
}
