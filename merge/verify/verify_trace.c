// SPDX-License-Identifier: MIT
/*
 * verify_trace.c — the interface of verify_trace.h: each call goes to the
 * backend that runs the child (verify_backend.h).
 */
#include <elf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errmsg.h"
#include "verify_backend.h"
#include "verify_trace.h"

/* This machine's own programs run under ptrace. */
static bool runs_natively(const struct target *target)
{
#if defined(__x86_64__)
	return target->machine == EM_X86_64 || target->machine == EM_386;
#else
	(void)target;
	return false;
#endif
}

bool trace_supported(const struct target *target, char *why,
		     size_t why_size)
{
	if (!target)
		errmsg(why, why_size, -ENOSYS, NULL, "verify cannot run "
		       "programs of an unknown machine");
	else if (runs_natively(target) ||
		 (target->qemu && target->n_gdb_registers))
		return true;
	else
		errmsg(why, why_size, -ENOSYS, NULL, "verify cannot yet run "
		       "%s programs (it runs this machine's under ptrace, "
		       "aarch64's, riscv64's and s390x's under qemu-user)",
		       target->name);
	return false;
}

int trace_spawn(char **argv, const struct trace_program *program,
		struct trace_child *child, char *err, size_t err_size)
{
	memset(child, 0, sizeof(*child));
	child->target = program->target;
	child->word32 = program->word32;
	child->big_endian = program->big_endian;
	child->fd = -1;
	if (!trace_supported(child->target, err, err_size))
		return -ENOSYS;
	child->remote = !runs_natively(child->target);
	return child->remote ? remote_spawn(argv, child, err, err_size)
			     : ptrace_spawn(argv, child, err, err_size);
}

uint64_t trace_auxv(const struct trace_child *child, uint64_t type)
{
	return child->remote ? remote_auxv(child, type)
			     : ptrace_auxv(child, type);
}

int trace_read(const struct trace_child *child, uint64_t address, void *buf,
	       size_t size)
{
	if (child->word32 && (address > UINT32_MAX ||
			      size > UINT32_MAX - address + 1))
		return -EFAULT;
	return child->remote ? remote_read(child, address, buf, size)
			     : ptrace_read(child, address, buf, size);
}

int trace_write(const struct trace_child *child, uint64_t address,
		const void *buf, size_t size)
{
	return child->remote ? remote_write(child, address, buf, size)
			     : ptrace_write(child, address, buf, size);
}

int trace_set_breakpoints(struct trace_child *child, const uint64_t *addresses,
			  size_t n, char *err, size_t err_size)
{
	int ret = trace_make_breakpoints(child, addresses, n, err, err_size);

	if (ret)
		return ret;
	return child->remote ? remote_set_breakpoints(child, err, err_size)
			     : ptrace_set_breakpoints(child, err, err_size);
}

int trace_run(struct trace_child *child, trace_hit_fn hit, void *ctx,
	      int *status, char *err, size_t err_size)
{
	return child->remote ? remote_run(child, hit, ctx, status, err,
					  err_size)
			     : ptrace_run(child, hit, ctx, status, err,
					  err_size);
}

void trace_release(struct trace_child *child)
{
	if (child->remote)
		remote_release(child);
	else
		ptrace_release(child);
	free(child->breakpoints);
	child->breakpoints = NULL;
	child->n_breakpoints = 0;
}
