/* SPDX-License-Identifier: MIT */
/*
 * verify_trace.h — run a program for `truesig verify`, stop it at
 * breakpoints, give its registers and memory to a callback.
 *
 * Two ways to run it, chosen by the program's machine:
 *   - x86-64 and i386 programs on this (x86-64) machine, under ptrace
 *     (verify_ptrace.c);
 *   - other targets' programs under qemu-user, driven through its gdb
 *     stub (verify_remote.c); the emulator and the stub's register
 *     numbers come from the tool's target table (target.h).
 * The rest of verify sees only this interface.
 */
#ifndef TRUESIG_VERIFY_TRACE_H
#define TRUESIG_VERIFY_TRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "target.h"
#include "verify_child.h"

/* What the program is. */
struct trace_program {
	const struct target *target;
	bool		 word32;	/* 32-bit */
	bool		 big_endian;
};

/*
 * Whether programs of `target` can be run here, and if not why ("verify
 * runs ... programs, not ..."), in why.
 */
bool trace_supported(const struct target *target, char *why,
		     size_t why_size);

/*
 * Start argv[0] (a path) stopped at its first instruction: under ptrace, or
 * under qemu-<target> with its gdb stub (QEMU_LD_PREFIX, read by qemu-user,
 * says where the target's libraries are).  Returns 0, or -errno with a
 * message in err.
 */
int trace_spawn(char **argv, const struct trace_program *program,
		struct trace_child *child, char *err, size_t err_size);

/* The value of the auxiliary vector entry `type' (AT_*), 0 if absent. */
uint64_t trace_auxv(const struct trace_child *child, uint64_t type);

/* Copy memory of the stopped child.  0, or -errno (-EFAULT: unmapped). */
int trace_read(const struct trace_child *child, uint64_t address, void *buf,
	       size_t size);
int trace_write(const struct trace_child *child, uint64_t address,
		const void *buf, size_t size);

/*
 * Set breakpoints at `n' addresses (before trace_run).  0, or -errno with
 * a message in err.
 */
int trace_set_breakpoints(struct trace_child *child, const uint64_t *addresses,
			  size_t n, char *err, size_t err_size);

/*
 * Run the child to its end.  Sets *status to its wait status.  Returns 0,
 * or -errno with a message in err (the child is killed then).
 */
int trace_run(struct trace_child *child, trace_hit_fn hit, void *ctx,
	      int *status, char *err, size_t err_size);

/* Kill a child that trace_run has not reaped, free what trace_spawn took. */
void trace_release(struct trace_child *child);

#endif /* TRUESIG_VERIFY_TRACE_H */
