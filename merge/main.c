// SPDX-License-Identifier: MIT
/*
 * main.c — the truesig command: subcommand dispatch.  Each subcommand is
 * a folder of merge/ over the reader library (merge/lib/): dump/, btf/,
 * compare/, verify/, diff/, find/.
 *
 *   truesig dump [--json] FILE
 *   truesig btf [-q] (-o OUT | --in-place) [--base BTF_OR_ELF] [--btf BTF_OR_ELF] FILE
 *   truesig verify [--require-hits] [--no-capture] [-q] PROGRAM [ARGS...]
 *   truesig compare [--json] [-q] [--btf BTF_OR_ELF [--base BTF_OR_ELF]] FILE
 *   truesig diff [--json] A B
 *   truesig find [--btf FILE [--base FILE] | --btf-dir DIR | --running]
 *                [-q] [--json | --bpftrace] NAME [ARG...]
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

struct command {
	const char	*name;
	const char	*args;
	const char	*summary;
	int		(*run)(int argc, char **argv);
};

/*
 * The subcommands.  A new one is a cmd_NAME function in its own folder
 * and one line here.
 */
static const struct command commands[] = {
	{ "dump", "[--json] FILE",
	  "print the records of FILE's .debug_truesig section", cmd_dump },
	{ "btf", "[-q] (-o OUT | --in-place) [--base BTF_OR_ELF] [--btf BTF_OR_ELF] FILE",
	  "describe the true signatures of FILE's functions in BTF", cmd_btf },
	{ "verify", "[--require-hits] [--no-capture] [-q] PROGRAM [ARGS...]",
	  "run PROGRAM and check each recorded parameter at function entry",
	  cmd_verify },
	{ "compare", "[--json] [-q] [--btf BTF_OR_ELF [--base BTF_OR_ELF]] FILE",
	  "judge FILE's DWARF (and a BTF) against its records", cmd_compare },
	{ "diff", "[--json] A B",
	  "the functions whose true signature differs between two builds "
	  "(exit 1 when any does)", cmd_diff },
	{ "find", "[--btf FILE [--base FILE] | --btf-dir DIR | --running] "
		  "[-q] [--json | --bpftrace] NAME [ARG...]",
	  "from BTF, every function that stands for NAME as written and "
	  "where each argument is", cmd_find },
};

#define N_COMMANDS	(sizeof(commands) / sizeof(commands[0]))

static void usage(FILE *out)
{
	fprintf(out, "usage: truesig COMMAND [ARGS]\n"
		     "       truesig --help | --version\n\ncommands:\n");
	for (size_t i = 0; i < N_COMMANDS; i++)
		fprintf(out, "  truesig %s %s\n      %s\n", commands[i].name,
			commands[i].args, commands[i].summary);
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
		if (!strcmp(argv[1], commands[i].name))
			return commands[i].run(argc - 1, argv + 1);
	return cli_usage_error(NULL, "unknown command '%s'", argv[1]);
}
