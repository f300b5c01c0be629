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
 * NAME SYNOPSIS and SUMMARY; the command's --help begins with the same
 * synopsis (cli_print_usage).
 */
struct cli_command {
	const char	*name;		/* "dump" */
	const char	*synopsis;	/* its arguments: "[--json] FILE" */
	const char	*summary;	/* what it does, in a line */
	int		(*run)(int argc, char **argv);	/* argv[0]: name */
};

/*
 * "usage: truesig NAME SYNOPSIS" on OUT, in lines of at most 80 columns cut
 * between the synopsis's top-level words ("[--base FILE]" stays whole), each
 * further line under the first argument.
 */
void cli_print_usage(FILE *out, const struct cli_command *cmd);

/*
 * A command's --help on stdout: its usage line, then TEXT (NULL: none),
 * flushed.  False once "truesig: write error: ..." is printed.
 */
bool cli_help(const struct cli_command *cmd, const char *text);

/*
 * Reports a usage error of subcommand CMD (NULL: of the command line as a
 * whole, before any subcommand); returns CLI_EXIT_USAGE.
 */
int cli_usage_error(const char *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * getopt_long over a subcommand's ARGV (ARGV[0] is its name): the next
 * option's value, -1 after the last (operands from optind), or '?' once
 * an unknown option or a missing argument is reported.  SHORTOPTS as
 * getopt's; a leading '+' stops at the first operand (for commands that
 * run a program with its own arguments).  Start each command's parse with
 * cli_getopt_reset().
 */
int cli_getopt(int argc, char **argv, const char *shortopts,
	       const struct option *longopts);
void cli_getopt_reset(void);

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
