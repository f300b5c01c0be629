// SPDX-License-Identifier: MIT
/*
 * dump_cmd.c — `truesig dump [--json] FILE`: load FILE and print its
 * records with dump_text() or dump_json().
 */
#include <stdbool.h>
#include <stdio.h>

#include "cli.h"
#include "dump.h"
#include "dump_cmd.h"
#include "load.h"

const struct cli_command dump_command = {
	.name = "dump",
	.synopsis = "[--json] FILE",
	.summary = "print the records of FILE's .debug_truesig section",
	.run = cmd_dump,
};

static const char help_text[] =
"\n"
"Print every record of FILE's .debug_truesig sections (docs/FORMAT.md): each\n"
"function the compiler changed, with its source function, what was done to\n"
"it, where each real parameter comes from and where it arrives at entry.\n"
"FILE is an object, an executable, a shared library, a vmlinux or a kernel\n"
"module.\n"
"\n"
"  --json          the records as one JSON document\n";

int cmd_dump(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *path;
	bool json = false;
	struct loaded_file f;
	struct dump_input in;
	int c, ret = CLI_EXIT_OK;

	cli_getopt_reset();
	while ((c = cli_getopt(argc, argv, "h", longopts)) != -1) {
		switch (c) {
		case 'j':
			json = true;
			break;
		case 'h':
			if (!cli_help(&dump_command, help_text))
				return CLI_EXIT_FAIL;
			return CLI_EXIT_OK;
		default:
			return CLI_EXIT_USAGE;
		}
	}
	if (optind == argc)
		return cli_usage_error("dump", "no FILE given");
	if (argc - optind > 1)
		return cli_usage_error("dump", "more than one file ('%s')",
				       argv[optind + 1]);
	path = argv[optind];

	if (!load_file(path, &f))
		return CLI_EXIT_FAIL;
	in = (struct dump_input){
		.elf = f.elf, .sections = f.sections,
		.n_sections = f.n_sections,
	};
	if (json) {
		if (dump_json(stdout, &in)) {
			fprintf(stderr, "truesig: internal error: bad JSON nesting\n");
			ret = CLI_EXIT_FAIL;
		}
	} else {
		dump_text(stdout, &in);
	}
	unload_file(&f);
	if (!cli_flush_output())
		ret = CLI_EXIT_FAIL;
	return ret;
}
