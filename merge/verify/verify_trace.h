/* SPDX-License-Identifier: MIT */
/*
 * verify_trace.h — the ptrace driver of `truesig verify`: run a program,
 * stop it at breakpoints, give its registers and memory to a callback.
 *
 * x86 only (x86-64 and i386 children; the tracer is x86-64, so a 32-bit
 * child's registers come in the 64-bit user_regs_struct, its SSE registers
 * in the 64-bit FXSAVE layout).
 */
#ifndef TRUESIG_VERIFY_TRACE_H
#define TRUESIG_VERIFY_TRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/user.h>

/* The registers at a stop. */
struct trace_regs {
	struct user_regs_struct	  gp;
	struct user_fpregs_struct fp;	/* FXSAVE: xmm_space, st_space */
};

struct trace_breakpoint {
	uint64_t	 address;	/* in the child */
	uint8_t		 saved;		/* the byte the int3 replaced */
	bool		 enabled;
	unsigned long	 hits;
};

struct trace_child {
	pid_t		 pid;
	int		 mem_fd;	/* /proc/PID/mem */
	bool		 word32;	/* an i386 child */
	struct trace_breakpoint *breakpoints;	/* sorted by address */
	size_t		 n_breakpoints;
};

/*
 * Start argv[0] (searched in PATH like execvp) under ptrace, stopped at its
 * first instruction after exec.  Returns 0, or -1 with a message in err.
 */
int trace_spawn(char **argv, bool word32, struct trace_child *child,
		char *err, size_t err_size);

/* The value of the auxiliary vector entry `type' (AT_*), 0 if absent. */
uint64_t trace_auxv(const struct trace_child *child, uint64_t type);

/* Copy memory of the stopped child.  0, or -1 (unmapped, ...). */
int trace_read(const struct trace_child *child, uint64_t address, void *buf,
	       size_t size);
int trace_write(const struct trace_child *child, uint64_t address,
		const void *buf, size_t size);

/* Plant int3 breakpoints at `n' addresses (before trace_run).  0 or -1. */
int trace_set_breakpoints(struct trace_child *child, const uint64_t *addresses,
			  size_t n, char *err, size_t err_size);

/*
 * Called at each breakpoint hit, the child stopped at `address' (its pc
 * already set back to it).  Return false to remove the breakpoint.
 */
typedef bool (*trace_hit_fn)(void *ctx, struct trace_child *child,
			     struct trace_breakpoint *bp,
			     const struct trace_regs *regs);

/*
 * Run the child to its end.  Sets *status to its wait status.  Returns 0,
 * or -1 with a message in err (the child is killed then).
 */
int trace_run(struct trace_child *child, trace_hit_fn hit, void *ctx,
	      int *status, char *err, size_t err_size);

/* Kill a child that trace_run has not reaped, free what trace_spawn took. */
void trace_release(struct trace_child *child);

#endif /* TRUESIG_VERIFY_TRACE_H */
