#include "cli/cli.h"
bool fc_cli_render_set(const struct fc_cli *cli, const struct fc_profile_set *set,
		       enum fc_out_format format, int mode, int width_px, bool thumb,
		       const char *path, struct fc_error *err) { (void)cli;(void)set;(void)format;(void)mode;(void)width_px;(void)thumb;(void)path; fc_error_set(err, FC_ERR_USAGE, "x"); return false; }
