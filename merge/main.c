// SPDX-License-Identifier: MIT
/*
 * main.c — the truesig command: subcommand dispatch.  Each subcommand is
 * a folder of merge/ over the reader library (merge/lib/): dump/, btf/,
 * compare/, verify/, diff/, find/.
 *
 *   truesig COMMAND [ARGS]	(each command's synopsis is its cli_command)
 *   truesig --help | --version
 *
 * Exit status (cli.h): 0 on success, 1 when a file cannot be read or its
 * records are malformed ("truesig: FILE: problem" on stderr, nothing on
 * stdout), 2 for a usage error.  diff, as diff(1): 0 the same, 1
 * different, 2 bad input or usage; find, as grep(1): 0 found, 1 not
 * found, 2 bad input or usage.  Each command parses its options with
 * cli_getopt().
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "btf_cmd.h"
#include "cli.h"
#include "compare_cmd.h"
#include "diff_cmd.h"
#include "dump_cmd.h"
#include "find_cmd.h"
#include "truesig_format.h"
#include "verify_cmd.h"

#define TRUESIG_TOOL_VERSION	"0.1"

/*
 * The subcommands.  A new one is a folder with a cli_command (cli.h) and
 * one line here.
 */
static const struct cli_command *const commands[] = {
	&dump_command, &btf_command, &verify_command, &compare_command,
	&diff_command, &find_command,
};

#define N_COMMANDS	(sizeof(commands) / sizeof(commands[0]))

static void usage(FILE *out)
{
	fprintf(out, "usage: truesig COMMAND [ARGS]\n"
		     "       truesig --help | --version\n\ncommands:\n");
	for (size_t i = 0; i < N_COMMANDS; i++)
		fprintf(out, "  truesig %s %s\n      %s\n", commands[i]->name,
			commands[i]->synopsis, commands[i]->summary);
	fprintf(out,
		"\nExit status: 0 success, 1 unreadable or malformed input, "
		"2 usage error; diff: 0 the same, 1 different, 2 trouble;\n"
		"find: 0 found, 1 not found, 2 trouble.\n");
}

int main(int argc, char **argv)
{
	if (argc < 2)
		return cli_usage_error(NULL, "no command given");
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		usage(stdout);
		return cli_flush_output() ? CLI_EXIT_OK : CLI_EXIT_FAIL;
	}
	if (!strcmp(argv[1], "--version")) {
		printf("truesig %s (reads .truesig format versions %d to %d)\n",
		       TRUESIG_TOOL_VERSION, TRUESIG_VERSION_MIN,
		       TRUESIG_VERSION);
		return cli_flush_output() ? CLI_EXIT_OK : CLI_EXIT_FAIL;
	}
	for (size_t i = 0; i < N_COMMANDS; i++)
		if (!strcmp(argv[1], commands[i]->name))
			return commands[i]->run(argc - 1, argv + 1);
	return cli_usage_error(NULL, "unknown command '%s'", argv[1]);
}
