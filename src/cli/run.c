/* fc_cli_main: parse, dispatch, and the logging helpers. */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

#ifndef FC_VERSION
#define FC_VERSION "0.1.0"
#endif

void fc_log(const char *fmt, ...)
{
	va_list ap;

	fputs("flamechart: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void fc_log_error(const struct fc_error *err)
{
	char buf[1536];

	fc_error_format(err, buf, sizeof(buf));
	fprintf(stderr, "flamechart: %s\n", buf);
}

void fc_log_warning(const char *file, const struct fc_warning *w)
{
	fprintf(stderr, "flamechart: warning: %s: ", file);
	if (w->path && w->path[0])
		fprintf(stderr, "%s", w->path);
	if (w->line > 0)
		fprintf(stderr, "%s(line %ld, column %ld)", w->path && w->path[0] ? " " : "",
			w->line, w->column);
	if ((w->path && w->path[0]) || w->line > 0)
		fputs(": ", stderr);
	fprintf(stderr, "%s\n", w->text);
}

void fc_log_profile_warnings(const struct fc_cli *cli, const struct fc_profile_set *set)
{
	size_t i, j;

	if (cli->quiet)
		return;
	for (i = 0; i < set->count; i++) {
		const struct fc_profile *p = set->items[i];
		const char *file = p->source && strcmp(p->source, "-") ? p->source : "<stdin>";
		for (j = 0; j < p->n_warnings; j++)
			fc_log_warning(file, &p->warnings[j]);
		if (p->n_repairs > p->n_warnings)
			fprintf(stderr, "flamechart: warning: %s: %zu more repairs not shown\n",
				file, p->n_repairs - p->n_warnings);
	}
}

int fc_cli_main(int argc, char **argv)
{
	struct fc_cli cli;
	struct fc_error err;
	int rc;

	/* A write to a closed pipe fails with EPIPE instead of killing us, so
	 * that the output is cleaned up; the commands then end quietly with 0. */
	signal(SIGPIPE, SIG_IGN);

	if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
		fc_cli_help(stdout);
		return fflush(stdout) == 0 || errno == EPIPE ? FC_EXIT_OK : FC_EXIT_OUTPUT;
	}
	if (argc == 2 && (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0)) {
		printf("flamechart %s\n", FC_VERSION);
		return fflush(stdout) == 0 || errno == EPIPE ? FC_EXIT_OK : FC_EXIT_OUTPUT;
	}
	if (argc >= 2 && strcmp(argv[1], "diff") == 0)
		return fc_cmd_diff(argc - 1, argv + 1);
	fc_error_init(&err);
	if (!fc_cli_parse(&cli, argc, argv, &err)) {
		fc_log_error(&err);
		if (err.code == FC_ERR_USAGE)
			fputs("Try 'flamechart --help' for more information.\n", stderr);
		fc_cli_finish(&cli);
		return fc_error_exit_code(err.code);
	}
	if (cli.n_inputs == 0 && !(cli.command == FC_CMD_REPORT && cli.merge)) {
		fc_log("no input (see --help)");
		fc_cli_finish(&cli);
		return FC_EXIT_USAGE;
	}
	switch (cli.command) {
	case FC_CMD_INFO:
		rc = fc_cmd_info(&cli);
		break;
	case FC_CMD_REPORT:
		rc = fc_cmd_report(&cli);
		break;
	case FC_CMD_RENDER:
	default:
		rc = fc_cmd_render(&cli);
		break;
	}
	fc_cli_finish(&cli);
	return rc;
}
