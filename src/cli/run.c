/* fc_cli_main: parse, dispatch, and the logging helpers. */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "util/util.h"
#include "model/profile.h"

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

/* The one hint after a usage error: none when the message already makes a
 * suggestion, else where the help is. */
static void try_help(const struct fc_error *err, enum fc_command command, int argc, char **argv)
{
	if (strstr(err->text, "did you mean"))
		return;
	if (argc > 1 && fc_cli_command_parse(argv[1]) == (int)command)
		fprintf(stderr, "Try 'flamechart %s --help' for more information.\n", argv[1]);
	else
		fputs("Try 'flamechart --help' for more information.\n", stderr);
}

/* flamechart help [COMMAND] */
static int help_command(int argc, char **argv)
{
	int command = argc > 2 ? fc_cli_command_parse(argv[2]) : -1;

	if (argc == 3 && strcmp(argv[2], "trend") == 0) {
		fc_cmd_trend_help(stdout);
		return fflush(stdout) == 0 || errno == EPIPE ? FC_EXIT_OK : FC_EXIT_OUTPUT;
	}
	if (argc == 3 && strcmp(argv[2], "diff") == 0) {
		fc_cmd_diff_help(stdout);
		return fflush(stdout) == 0 || errno == EPIPE ? FC_EXIT_OK : FC_EXIT_OUTPUT;
	}
	if (argc > 3 || (argc == 3 && command < 0)) {
		fc_log("help takes one command name (render, info, report, diff, trend)%s%s%s",
		       argc == 3 ? ", not '" : "", argc == 3 ? argv[2] : "", argc == 3 ? "'" : "");
		return FC_EXIT_USAGE;
	}
	if (command < 0)
		fc_cli_help(stdout);
	else
		fc_cli_help_command(stdout, (enum fc_command)command);
	return fflush(stdout) == 0 || errno == EPIPE ? FC_EXIT_OK : FC_EXIT_OUTPUT;
}

int fc_cli_main(int argc, char **argv)
{
	struct fc_cli cli;
	struct fc_error err;
	int rc;

	/* A write to a closed pipe fails with EPIPE instead of killing us, so
	 * that the output is cleaned up; the commands then end quietly with 0. */
	signal(SIGPIPE, SIG_IGN);
	/* an interrupted render or report leaves no temporary file behind */
	fc_cli_cleanup_on_signals();

	if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
		fc_cli_help(stdout);
		return fflush(stdout) == 0 || errno == EPIPE ? FC_EXIT_OK : FC_EXIT_OUTPUT;
	}
	if (argc == 2 && strcmp(argv[1], "--man") == 0) { /* the build writes flamechart.1 */
		fc_cli_man(stdout);
		return fflush(stdout) == 0 ? FC_EXIT_OK : FC_EXIT_OUTPUT;
	}
	if (argc == 2 && (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0)) {
		printf("flamechart %s\n", fc_version());
		return fflush(stdout) == 0 || errno == EPIPE ? FC_EXIT_OK : FC_EXIT_OUTPUT;
	}
	if (argc >= 2 && strcmp(argv[1], "help") == 0)
		return help_command(argc, argv);
	if (argc >= 2 && strcmp(argv[1], "diff") == 0)
		return fc_cmd_diff(argc - 1, argv + 1);
	if (argc >= 2 && strcmp(argv[1], "trend") == 0)
		return fc_cmd_trend(argc - 1, argv + 1);
	fc_error_init(&err);
	if (!fc_cli_parse(&cli, argc, argv, &err)) {
		fc_log_error(&err);
		if (err.code == FC_ERR_USAGE)
			try_help(&err, cli.command, argc, argv);
		fc_cli_finish(&cli);
		return fc_error_exit_code(err.code);
	}
	if (cli.help) {
		fc_cli_help_command(stdout, cli.command);
		fc_cli_finish(&cli);
		return fflush(stdout) == 0 || errno == EPIPE ? FC_EXIT_OK : FC_EXIT_OUTPUT;
	}
	if (cli.n_inputs == 0 && !(cli.command == FC_CMD_REPORT && cli.merge)) {
		fc_error_set(&err, FC_ERR_USAGE, "no input");
		fc_log_error(&err);
		try_help(&err, cli.command, argc, argv);
		fc_cli_finish(&cli);
		return FC_EXIT_USAGE;
	}
	cli.ctx = fc_context_create();
	if (!cli.ctx) {
		fc_log("out of memory");
		fc_cli_finish(&cli);
		return FC_EXIT_INTERNAL;
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
	fc_context_destroy(cli.ctx);
	fc_cli_finish(&cli);
	return rc;
}

enum fc_exit fc_error_exit_code(enum fc_error_code code)
{
	switch (code) {
	case FC_OK:
		return FC_EXIT_OK;
	case FC_ERR_USAGE:
		return FC_EXIT_USAGE;
	case FC_ERR_OUTPUT:
	case FC_ERR_PIPE:
		return FC_EXIT_OUTPUT;
	case FC_ERR_NOMEM:
		return FC_EXIT_INTERNAL;
	case FC_ERR_IO:
	case FC_ERR_SYNTAX:
	case FC_ERR_FORMAT:
	case FC_ERR_TYPE:
	case FC_ERR_INVALID:
	case FC_ERR_LIMIT:
	case FC_ERR_STRICT:
		return FC_EXIT_INPUT;
	}
	return FC_EXIT_INTERNAL;
}
