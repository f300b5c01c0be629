/* SPDX-License-Identifier: MIT */
/*
 * dump_cmd.h — `truesig dump`: a file's records, as text or JSON.
 */
#ifndef TRUESIG_DUMP_CMD_H
#define TRUESIG_DUMP_CMD_H

#include "cli.h"

extern const struct cli_command dump_command;

/* argv[0] is "dump".  Exit status: 0, 1 (bad input, cannot write), 2
   (usage). */
int cmd_dump(int argc, char **argv);

#endif /* TRUESIG_DUMP_CMD_H */
