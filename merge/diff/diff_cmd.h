/* SPDX-License-Identifier: MIT */
/*
 * diff_cmd.h — `truesig diff A B`: the records of two builds of the same
 * sources side by side, function by function.
 */
#ifndef TRUESIG_DIFF_CMD_H
#define TRUESIG_DIFF_CMD_H

#include "cli.h"

extern const struct cli_command diff_command;

/* argv[0] is "diff".  Exit status, as diff(1)'s: 0 the true signatures
   are the same, 1 they differ, 2 bad input or usage (nothing written). */
int cmd_diff(int argc, char **argv);

#endif /* TRUESIG_DIFF_CMD_H */
