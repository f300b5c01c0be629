/* SPDX-License-Identifier: MIT */
/*
 * find_output.h — what `truesig find` prints of a lookup: text, JSON, or
 * a bpftrace program (find_bpftrace.c).
 */
#ifndef TRUESIG_FIND_OUTPUT_H
#define TRUESIG_FIND_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "btf_source.h"

enum find_format {
	FIND_TEXT,
	FIND_JSON,
	FIND_BPFTRACE,
};

/*
 * Print l's functions.  With args (n_args > 0), only those arguments, in
 * that order; otherwise every source argument.  show_btf: say which BTF
 * each function is in (several were read).
 */
void find_print(FILE *out, const struct truesig_lookup *l,
		enum find_format format, const char *const *args,
		size_t n_args, bool show_btf);

#endif /* TRUESIG_FIND_OUTPUT_H */
