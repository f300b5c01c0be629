/* SPDX-License-Identifier: MIT */
/*
 * find_cmd.h — `truesig find`: from BTF alone, every function that stands
 * for a function as written, and where each of its arguments is.
 */
#ifndef TRUESIG_FIND_CMD_H
#define TRUESIG_FIND_CMD_H

#include "cli.h"

extern const struct cli_command find_command;

/* argv[0] is "find".  Exit status: 0 found, 1 no such function or
   argument, 2 usage error or unreadable BTF. */
int cmd_find(int argc, char **argv);

#endif /* TRUESIG_FIND_CMD_H */
