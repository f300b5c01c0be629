/* SPDX-License-Identifier: MIT */
/*
 * compare_cmd.h — `truesig compare`: DWARF inference, and optionally a BTF,
 * against the records.
 */
#ifndef TRUESIG_COMPARE_CMD_H
#define TRUESIG_COMPARE_CMD_H

#include "cli.h"

extern const struct cli_command compare_command;

/* argv[0] is "compare".  Exit status: 0, 1 (unreadable input), 2 (usage). */
int cmd_compare(int argc, char **argv);

#endif /* TRUESIG_COMPARE_CMD_H */
