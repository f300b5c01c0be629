/* SPDX-License-Identifier: MIT */
/*
 * verify_cmd.h — `truesig verify`: run a program and check, at the entry of
 * every recorded function, that each real parameter is where its record
 * says, against what the caller passed.
 */
#ifndef TRUESIG_VERIFY_CMD_H
#define TRUESIG_VERIFY_CMD_H

#include "cli.h"

extern const struct cli_command verify_command;

/* argv[0] is "verify".  Exit status: 0 all checked parameters agree, 1 a
   mismatch, a function never hit under --require-hits, a program that
   failed or bad input, 2 usage. */
int cmd_verify(int argc, char **argv);

#endif /* TRUESIG_VERIFY_CMD_H */
