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

static const char help_text[] =
"\n"
"Print every record of FILE's .debug_truesig sections (docs/FORMAT.md): each\n"
"function the compiler changed, with its source function, what was done to\n"
"it, where each real parameter comes from and where it arrives at entry.\n"
"FILE is an object, an executable, a shared library, a vmlinux or a kernel\n"
"module.\n"
"\n"
"  --json          the records as one JSON document\n";

const struct cli_command dump_command = {
	.name = "dump",
	.synopsis = "[--json] FILE",
	.summary = "print the records of FILE's .debug_truesig section",
	.help = help_text,
	.run = cmd_dump,
	.trouble = CLI_EXIT_FAIL,
};

int cmd_dump(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ NULL, 0, NULL, 0 },
	};
	const char *path;
	bool json = false;
	struct loaded_file f;
	struct dump_input in;
	int c, status, ret = CLI_EXIT_OK;

	cli_getopt_reset();
	while ((c = cli_getopt(&dump_command, argc, argv, "", longopts,
			       &status)) != -1)
		if (c == 'j')
			json = true;
	if (status != CLI_GO_ON)
		return status;
	path = cli_one_operand(&dump_command, argc, argv, "FILE");
	if (!path)
		return CLI_EXIT_USAGE;

	if (!load_file(path, &f))
		return CLI_EXIT_FAIL;
	in = (struct dump_input){
		.elf = f.elf, .sections = f.sections,
		.n_sections = f.n_sections,
	};
	if (json) {
		if (dump_json(stdout, &in))
			ret = CLI_EXIT_FAIL;
	} else {
		dump_text(stdout, &in);
	}
	unload_file(&f);
	if (!cli_flush_output())
		ret = CLI_EXIT_FAIL;
	return ret;
}
