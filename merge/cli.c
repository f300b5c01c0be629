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

bool cli_help(const struct cli_command *cmd, const char *text)
{
	cli_print_usage(stdout, cmd);
	if (text)
		fputs(text, stdout);
	return cli_flush_output();
}

void cli_getopt_reset(void)
{
	optind = 0;		/* GNU: a full reset, for a new argv */
	opterr = 0;		/* the messages are ours */
}

int cli_getopt(int argc, char **argv, const char *shortopts,
	       const struct option *longopts)
{
	char spec[64];
	bool stop = shortopts[0] == '+';
	int c;

	/* ':' first (after '+'): a missing argument returns ':'. */
	snprintf(spec, sizeof(spec), "%s:%s", stop ? "+" : "",
		 shortopts + stop);
	c = getopt_long(argc, argv, spec, longopts, NULL);
	if (c == ':') {
		cli_usage_error(argv[0], "%s needs an argument", argv[optind - 1]);
		return '?';
	}
	if (c == '?') {
		if (optopt)
			cli_usage_error(argv[0], "unknown option '-%c'", optopt);
		else
			cli_usage_error(argv[0], "unknown option '%s'",
					argv[optind - 1]);
		return '?';
	}
	return c;
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
