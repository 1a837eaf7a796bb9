#include "cli/cli.h"

int main(int argc, char **argv)
{
	return fc_cli_main(argc, argv);
}
