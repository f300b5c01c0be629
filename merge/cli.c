// SPDX-License-Identifier: MIT
/* cli.c — the command-line conventions of cli.h. */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "truesig: %s%s", cmd ? cmd : "", cmd ? ": " : "");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry 'truesig %s%s--help'.\n", cmd ? cmd : "",
		cmd ? " " : "");
	return CLI_EXIT_USAGE;
}

/* The length of the synopsis word at S: up to a space outside brackets. */
static size_t word_length(const char *s)
{
	int depth = 0;
	size_t n = 0;

	for (; s[n] && (s[n] != ' ' || depth > 0); n++) {
		if (s[n] == '[' || s[n] == '(')
			depth++;
		else if ((s[n] == ']' || s[n] == ')') && depth > 0)
			depth--;
	}
	return n;
}

void cli_print_usage(FILE *out, const struct cli_command *cmd)
{
	enum { WIDTH = 80 };
	const char *s = cmd->synopsis;
	int indent = fprintf(out, "usage: truesig %s", cmd->name);
	int column = indent;

	indent++;
	while (*s) {
		size_t n = word_length(s);

		if (column > indent && column + 1 + (int)n > WIDTH)
			column = fprintf(out, "\n%*s", indent - 1, "") - 1;
		column += fprintf(out, " %.*s", (int)n, s);
		s += n;
		while (*s == ' ')
			s++;
	}
	fputc('\n', out);
}

void cli_getopt_reset(void)
{
	optind = 0;		/* GNU: a full reset, for a new argv */
	opterr = 0;		/* the messages are ours */
}

int cli_getopt(const struct cli_command *cmd, int argc, char **argv,
	       const char *shortopts, const struct option *longopts,
	       int *status)
{
	struct option all[CLI_MAX_OPTIONS + 2];
	bool stop = shortopts[0] == '+';
	char spec[64];
	size_t n = 0;
	int c;

	for (; longopts[n].name; n++) {
		if (n == CLI_MAX_OPTIONS) {	/* a bug of ours */
			fprintf(stderr, "truesig: internal error: %s has more "
				"than %d options\n", cmd->name,
				CLI_MAX_OPTIONS);
			*status = cmd->trouble;
			return -1;
		}
		all[n] = longopts[n];
	}
	all[n++] = (struct option){ "help", no_argument, NULL, 'h' };
	all[n] = (struct option){ NULL, 0, NULL, 0 };
	/* ':' first (after '+'): a missing argument returns ':'. */
	snprintf(spec, sizeof(spec), "%s:h%s", stop ? "+" : "",
		 shortopts + stop);

	*status = CLI_GO_ON;
	c = getopt_long(argc, argv, spec, all, NULL);
	switch (c) {
	case 'h':
		cli_print_usage(stdout, cmd);
		fputs(cmd->help, stdout);
		*status = cli_flush_output() ? CLI_EXIT_OK : cmd->trouble;
		return -1;
	case ':':
		*status = cli_usage_error(cmd->name, "%s needs an argument",
					  argv[optind - 1]);
		return -1;
	case '?':
		if (optopt)
			*status = cli_usage_error(cmd->name,
						  "unknown option '-%c'", optopt);
		else
			*status = cli_usage_error(cmd->name,
						  "unknown option '%s'",
						  argv[optind - 1]);
		return -1;
	}
	return c;
}

const char *cli_one_operand(const struct cli_command *cmd, int argc,
			    char **argv, const char *what)
{
	if (optind >= argc) {
		cli_usage_error(cmd->name, "no %s given", what);
		return NULL;
	}
	if (argc - optind > 1) {
		cli_usage_error(cmd->name, "more than one %s ('%s')", what,
				argv[optind + 1]);
		return NULL;
	}
	return argv[optind];
}

bool load_file(const char *path, struct loaded_file *f)
{
	char err[1024];

	if (load_path(path, f, err, sizeof(err))) {
		fprintf(stderr, "truesig: %s\n", err);
		return false;
	}
	return true;
}

bool cli_flush_output(void)
{
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "truesig: write error: %s\n", strerror(errno));
		return false;
	}
	return true;
}
