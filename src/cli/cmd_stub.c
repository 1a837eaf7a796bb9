#include "cli/cli.h"

int fc_cmd_report(const struct fc_cli *cli)
{
	(void)cli;
	fc_log("report: not built yet");
	return FC_EXIT_INTERNAL;
}
