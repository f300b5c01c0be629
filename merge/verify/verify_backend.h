/* SPDX-License-Identifier: MIT */
/*
 * verify_backend.h — the two ways verify_trace.c runs a program: ptrace
 * for this machine's own programs (verify_ptrace.c), qemu-user's gdb stub
 * for other targets' (verify_remote.c).  Each function is the
 * trace_* function of the same name in verify_trace.h, over the child of
 * verify_child.h.
 */
#ifndef TRUESIG_VERIFY_BACKEND_H
#define TRUESIG_VERIFY_BACKEND_H

#include "verify_child.h"

int ptrace_spawn(char **argv, struct trace_child *child, char *err,
		 size_t err_size);
uint64_t ptrace_auxv(const struct trace_child *child, uint64_t type);
int ptrace_read(const struct trace_child *child, uint64_t address, void *buf,
		size_t size);
int ptrace_write(const struct trace_child *child, uint64_t address,
		 const void *buf, size_t size);
int ptrace_set_breakpoints(struct trace_child *child, char *err,
			   size_t err_size);
int ptrace_run(struct trace_child *child, trace_hit_fn hit, void *ctx,
	       int *status, char *err, size_t err_size);
void ptrace_release(struct trace_child *child);

int remote_spawn(char **argv, struct trace_child *child, char *err,
		 size_t err_size);
uint64_t remote_auxv(const struct trace_child *child, uint64_t type);
int remote_read(const struct trace_child *child, uint64_t address, void *buf,
		size_t size);
int remote_write(const struct trace_child *child, uint64_t address,
		 const void *buf, size_t size);
int remote_set_breakpoints(struct trace_child *child, char *err,
			   size_t err_size);
int remote_run(struct trace_child *child, trace_hit_fn hit, void *ctx,
	       int *status, char *err, size_t err_size);
void remote_release(struct trace_child *child);

#endif /* TRUESIG_VERIFY_BACKEND_H */
