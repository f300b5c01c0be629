/* SPDX-License-Identifier: MIT */
/*
 * btf_cmd.h — `truesig btf`: the records of a file as BTF.
 */
#ifndef TRUESIG_BTF_CMD_H
#define TRUESIG_BTF_CMD_H

#include "cli.h"

extern const struct cli_command btf_command;

/* argv[0] is "btf".  Exit status: 0, 1 (bad input, cannot write), 2
   (usage). */
int cmd_btf(int argc, char **argv);

#endif /* TRUESIG_BTF_CMD_H */
