/* SPDX-License-Identifier: MIT */
/*
 * verify_child.h — a program run by `truesig verify`, as verify_trace.h
 * and its two backends (verify_backend.h) share it: the child, its
 * registers at a stop, its breakpoint table (verify_child.c).
 */
#ifndef TRUESIG_VERIFY_CHILD_H
#define TRUESIG_VERIFY_CHILD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "target.h"

/* DWARF register numbers 0 .. TRACE_MAX_REGS-1 (aarch64's v31 is 95). */
#define TRACE_MAX_REGS	96

/*
 * The registers at a stop, by DWARF number: each register's bytes as a
 * number, low byte first (whatever the target's byte order), and its size;
 * size 0 for a register not read.
 */
struct trace_regs {
	uint8_t		 value[TRACE_MAX_REGS][16];
	uint8_t		 size[TRACE_MAX_REGS];
};

struct trace_breakpoint {
	uint64_t	 address;	/* in the child */
	uint8_t		 saved;		/* ptrace: the byte int3 replaced */
	bool		 enabled;
	unsigned long	 hits;
};

struct trace_child {
	const struct target *target;
	bool		 word32;	/* a 32-bit child */
	bool		 big_endian;
	bool		 remote;	/* under qemu-user's gdb stub */
	pid_t		 pid;		/* the child, or qemu-user */
	int		 fd;		/* ptrace: /proc/PID/mem; remote: the
					   stub's socket */
	char		*stub_path;	/* remote: where that socket is */
	struct trace_breakpoint *breakpoints;	/* sorted by address */
	size_t		 n_breakpoints;
};

/*
 * Called at each breakpoint hit, the child stopped at `address' (its pc
 * already set back to it).  Return false to remove the breakpoint.
 */
typedef bool (*trace_hit_fn)(void *ctx, struct trace_child *child,
			     struct trace_breakpoint *bp,
			     const struct trace_regs *regs);

/* The breakpoint at `address', or NULL. */
struct trace_breakpoint *trace_find_breakpoint(struct trace_child *child,
					       uint64_t address);

/*
 * child->breakpoints from `n' addresses, sorted and without duplicates,
 * none set yet.  0, or -errno with a message in err.
 */
int trace_make_breakpoints(struct trace_child *child,
			   const uint64_t *addresses, size_t n, char *err,
			   size_t err_size);

#endif /* TRUESIG_VERIFY_CHILD_H */
