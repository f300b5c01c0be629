/* SPDX-License-Identifier: MIT */
/*
 * cli.h — the conventions every truesig subcommand follows on its command
 * line: the exit statuses, getopt_long with one set of messages, -h and
 * --help; and how a file that cannot be read is reported.
 *
 * A usage error prints
 *	truesig: CMD: problem
 *	Try 'truesig CMD --help'.
 * on stderr and exits with CLI_EXIT_USAGE; nothing goes to stdout.
 */
#ifndef TRUESIG_CLI_H
#define TRUESIG_CLI_H

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>

#include "load.h"

/* Every command's exit statuses (the README's table). */
enum {
	CLI_EXIT_OK = 0,
	CLI_EXIT_FAIL = 1,	/* bad input, a failed check */
	CLI_EXIT_USAGE = 2,	/* a usage error */
	/* diff, as diff(1): 0 the same, 1 different, 2 trouble */
	CLI_EXIT_DIFFER = CLI_EXIT_FAIL,
	/* find, as grep(1): 0 found, 1 not found, 2 trouble */
	CLI_EXIT_NOT_FOUND = CLI_EXIT_FAIL,
	CLI_EXIT_TROUBLE = CLI_EXIT_USAGE,
};

/*
 * A subcommand, described once, in its own file: `truesig --help` lists
 * NAME SYNOPSIS and SUMMARY; the command's --help is the same synopsis
 * (cli_print_usage), then HELP.
 */
struct cli_command {
	const char	*name;		/* "dump" */
	const char	*synopsis;	/* its arguments: "[--json] FILE" */
	const char	*summary;	/* what it does, in a line */
	const char	*help;		/* the rest of its --help */
	int		(*run)(int argc, char **argv);	/* argv[0]: name */
	/* its status when it cannot do its job: CLI_EXIT_FAIL, or
	 * CLI_EXIT_TROUBLE where 1 is an answer (diff, find) */
	int		trouble;
};

/* A command's option parse: the command goes on to its operands. */
#define CLI_GO_ON	(-1)

/*
 * "usage: truesig NAME SYNOPSIS" on OUT, in lines of at most 80 columns cut
 * between the synopsis's top-level words ("[--base FILE]" stays whole), each
 * further line under the first argument.
 */
void cli_print_usage(FILE *out, const struct cli_command *cmd);

/*
 * Reports a usage error of subcommand CMD (NULL: of the command line as a
 * whole, before any subcommand); returns CLI_EXIT_USAGE.
 */
int cli_usage_error(const char *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * The next option of command CMD in ARGV (ARGV[0] is its name), by
 * getopt_long with SHORTOPTS and LONGOPTS (at most CLI_MAX_OPTIONS: more is
 * reported as an internal error, with CMD->trouble), to
 * which cli_getopt adds -h/--help and answers it: the option's value, or
 * -1 when the options end.  Then *STATUS says what comes next: CLI_GO_ON,
 * the operands from optind; or the status to exit with now: CLI_EXIT_OK
 * after CMD's help was printed on stdout (CMD->trouble when it could not
 * be written), CLI_EXIT_USAGE after an unknown option or a missing
 * argument was reported.  SHORTOPTS as getopt's; a leading '+' stops at
 * the first operand (for commands that run a program with its own
 * arguments).  Start each command's parse with cli_getopt_reset().
 */
#define CLI_MAX_OPTIONS	15
int cli_getopt(const struct cli_command *cmd, int argc, char **argv,
	       const char *shortopts, const struct option *longopts,
	       int *status);
void cli_getopt_reset(void);

/*
 * CMD's one operand after its options, WHAT in its synopsis ("FILE"): it,
 * or NULL once "no WHAT given" or "more than one WHAT ('...')" is reported
 * as a usage error.
 */
const char *cli_one_operand(const struct cli_command *cmd, int argc,
			    char **argv, const char *what);

/*
 * Flush stdout at a command's end: true, or false once "truesig: write
 * error: REASON" is printed (a full disk, a closed pipe).
 */
bool cli_flush_output(void);

/*
 * Read and validate all of PATH for a subcommand: true, or false with
 * "truesig: PATH: problem" printed on stderr and nothing to free.
 */
bool load_file(const char *path, struct loaded_file *f);

#endif
