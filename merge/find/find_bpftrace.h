/* SPDX-License-Identifier: MIT */
/*
 * find_bpftrace.h — `truesig find --bpftrace`: a lookup as a bpftrace
 * program (find_bpftrace.c).
 */
#ifndef TRUESIG_FIND_BPFTRACE_H
#define TRUESIG_FIND_BPFTRACE_H

#include <stddef.h>
#include <stdio.h>

#include "btf_source.h"

/*
 * The bpftrace program for l's functions: with args (n_args > 0), those
 * arguments, in that order; otherwise every source argument.
 */
void find_print_bpftrace(FILE *out, const struct truesig_lookup *l,
			 const char *const *args, size_t n_args);

#endif /* TRUESIG_FIND_BPFTRACE_H */
