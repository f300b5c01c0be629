// SPDX-License-Identifier: MIT
/*
 * verify_ptrace.c — the ptrace backend of verify_trace.h, for x86-64 and
 * i386 programs on an x86-64 machine.
 *
 * The child is started with PTRACE_TRACEME and stops at its exec.  Each
 * breakpoint is an int3 byte written over the first byte of a function
 * (through /proc/PID/mem, which may write read-only text).  A hit stops the
 * child with SIGTRAP and its pc one byte past the breakpoint: the driver
 * sets the pc back, calls the callback, restores the original byte,
 * single-steps over it and plants the int3 again.  Other signals are
 * delivered to the child as they came.
 *
 * The tracer is 64-bit, so an i386 child's registers are the low halves of
 * the 64-bit user_regs_struct, and its xmm registers the first eight of
 * the FXSAVE area.
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

#include "errmsg.h"
#include "target.h"
#include "verify_backend.h"

#if defined(__x86_64__)

#define INT3	0xcc

int ptrace_spawn(char **argv, struct trace_child *child, char *err,
		 size_t err_size)
{
	char path[64];
	int status;
	pid_t pid;

	fflush(NULL);
	pid = fork();
	if (pid < 0)
		return errmsg(err, err_size, -errno, NULL, "fork: %s",
			      strerror(errno));
	if (pid == 0) {
		if (ptrace(PTRACE_TRACEME, 0, NULL, NULL) == 0)
			execvp(argv[0], argv);
		fprintf(stderr, "truesig: %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	child->pid = pid;
	if (waitpid(pid, &status, 0) != pid)
		return errmsg(err, err_size, -errno, NULL, "waitpid: %s",
			      strerror(errno));
	if (!WIFSTOPPED(status) || WSTOPSIG(status) != SIGTRAP) {
		child->pid = 0;
		return errmsg(err, err_size, -EINVAL, NULL,
			      "%s: could not be started under ptrace", argv[0]);
	}
	/* The child dies with the tracer. */
	if (ptrace(PTRACE_SETOPTIONS, pid, NULL,
		   (void *)(long)PTRACE_O_EXITKILL) != 0)
		return errmsg(err, err_size, -errno, NULL,
			      "PTRACE_SETOPTIONS: %s", strerror(errno));
	snprintf(path, sizeof(path), "/proc/%d/mem", (int)pid);
	child->fd = open(path, O_RDWR | O_CLOEXEC);
	if (child->fd < 0)
		return errmsg(err, err_size, -errno, path, "%s",
			      strerror(errno));
	return 0;
}

uint64_t ptrace_auxv(const struct trace_child *child, uint64_t type)
{
	char path[64];
	unsigned char buf[8192];
	size_t word = child->word32 ? 4 : 8, len = 0;
	ssize_t got;
	uint64_t result = 0;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/auxv", (int)child->pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	while (len < sizeof(buf) &&
	       (got = read(fd, buf + len, sizeof(buf) - len)) > 0)
		len += (size_t)got;
	close(fd);
	for (size_t pos = 0; pos + 2 * word <= len; pos += 2 * word) {
		uint64_t key = 0, value = 0;

		memcpy(&key, buf + pos, word);		/* little-endian */
		memcpy(&value, buf + pos + word, word);
		if (key == 0)
			break;
		if (key == type)
			result = value;
	}
	return result;
}

int ptrace_read(const struct trace_child *child, uint64_t address, void *buf,
		size_t size)
{
	ssize_t n = pread(child->fd, buf, size, (off_t)address);

	return n == (ssize_t)size ? 0 : n < 0 ? -errno : -EFAULT;
}

int ptrace_write(const struct trace_child *child, uint64_t address,
		 const void *buf, size_t size)
{
	ssize_t n = pwrite(child->fd, buf, size, (off_t)address);

	return n == (ssize_t)size ? 0 : n < 0 ? -errno : -EFAULT;
}

int ptrace_set_breakpoints(struct trace_child *child, char *err,
			   size_t err_size)
{
	for (size_t i = 0; i < child->n_breakpoints; i++) {
		struct trace_breakpoint *bp = &child->breakpoints[i];
		uint8_t int3 = INT3;
		int ret = ptrace_read(child, bp->address, &bp->saved, 1);

		if (!ret)
			ret = ptrace_write(child, bp->address, &int3, 1);
		if (ret)
			return errmsg(err, err_size, ret, NULL,
				      "cannot plant a breakpoint at 0x%llx: %s",
				      (unsigned long long)bp->address,
				      strerror(-ret));
		bp->enabled = true;
	}
	return 0;
}

static void put_register(struct trace_regs *regs, int dwarf_reg,
			 const void *value, unsigned size)
{
	memcpy(regs->value[dwarf_reg], value, size);	/* little-endian */
	regs->size[dwarf_reg] = (uint8_t)size;
}

/*
 * The registers by DWARF number (System V psABIs): ptrace's general
 * registers in DWARF order here,
 *   x86-64: 0 rax, 1 rdx, 2 rcx, 3 rbx, 4 rsi, 5 rdi, 6 rbp, 7 rsp,
 *           8-15 r8-r15
 *   i386:   0 eax, 1 ecx, 2 edx, 3 ebx, 4 esp, 5 ebp, 6 esi, 7 edi,
 * and the xmm registers where the target table puts them (x86-64's
 * 17-32, i386's 21-28).
 */
static void fill_registers(const struct trace_child *child,
			   const struct user_regs_struct *gp,
			   const struct user_fpregs_struct *fp,
			   struct trace_regs *regs)
{
	const unsigned long long x86_64[16] = {
		gp->rax, gp->rdx, gp->rcx, gp->rbx, gp->rsi, gp->rdi,
		gp->rbp, gp->rsp, gp->r8, gp->r9, gp->r10, gp->r11, gp->r12,
		gp->r13, gp->r14, gp->r15,
	};
	const unsigned long long i386[8] = {
		gp->rax, gp->rcx, gp->rdx, gp->rbx, gp->rsp, gp->rbp,
		gp->rsi, gp->rdi,
	};
	const uint8_t *xmm = (const uint8_t *)fp->xmm_space;
	const struct target *t = target_find(child->word32 ? EM_386
							   : EM_X86_64);

	memset(regs->size, 0, sizeof(regs->size));
	if (child->word32) {
		for (int r = 0; r < 8; r++) {
			uint32_t low = (uint32_t)i386[r];

			put_register(regs, r, &low, 4);
		}
	} else {
		for (int r = 0; r < 16; r++)
			put_register(regs, r, &x86_64[r], 8);
	}
	for (unsigned x = 0; x < t->n_vectors; x++)
		put_register(regs, t->vector_first + (int)x, xmm + 16 * x, 16);
}

/*
 * Execute the instruction under a breakpoint: put its byte back, step,
 * re-plant unless `keep' is false.  A signal that arrives meanwhile is
 * kept in *pending_sig for the next PTRACE_CONT.  Returns 1 when the child
 * has ended (status in *status), 0 when stopped after the step, -errno on
 * error.
 */
static int step_over(struct trace_child *child, struct trace_breakpoint *bp,
		     bool keep, int *pending_sig, int *status, char *err,
		     size_t err_size)
{
	uint8_t int3 = INT3;

	if (ptrace_write(child, bp->address, &bp->saved, 1))
		return errmsg(err, err_size, -EFAULT, NULL,
			      "cannot restore the byte at 0x%llx",
			      (unsigned long long)bp->address);
	bp->enabled = false;
	for (;;) {
		if (ptrace(PTRACE_SINGLESTEP, child->pid, NULL, NULL) != 0)
			return errmsg(err, err_size, -errno, NULL,
				      "PTRACE_SINGLESTEP: %s", strerror(errno));
		if (waitpid(child->pid, status, 0) != child->pid)
			return errmsg(err, err_size, -errno, NULL,
				      "waitpid: %s", strerror(errno));
		if (WIFEXITED(*status) || WIFSIGNALED(*status))
			return 1;
		if (WIFSTOPPED(*status) && WSTOPSIG(*status) == SIGTRAP)
			break;
		if (WIFSTOPPED(*status))
			*pending_sig = WSTOPSIG(*status);
	}
	if (keep) {
		if (ptrace_write(child, bp->address, &int3, 1))
			return errmsg(err, err_size, -EFAULT, NULL,
				      "cannot re-plant the breakpoint at 0x%llx",
				      (unsigned long long)bp->address);
		bp->enabled = true;
	}
	return 0;
}

int ptrace_run(struct trace_child *child, trace_hit_fn hit, void *ctx,
	      int *status, char *err, size_t err_size)
{
	int sig = 0;

	for (;;) {
		struct trace_breakpoint *bp;
		struct user_regs_struct gp;
		struct user_fpregs_struct fp;
		struct trace_regs regs;
		int r;

		if (ptrace(PTRACE_CONT, child->pid, NULL,
			   (void *)(long)sig) != 0)
			return errmsg(err, err_size, -errno, NULL,
				      "PTRACE_CONT: %s", strerror(errno));
		sig = 0;
		if (waitpid(child->pid, status, 0) != child->pid)
			return errmsg(err, err_size, -errno, NULL,
				      "waitpid: %s", strerror(errno));
		if (WIFEXITED(*status) || WIFSIGNALED(*status)) {
			child->pid = 0;
			return 0;
		}
		if (!WIFSTOPPED(*status))
			continue;
		if (WSTOPSIG(*status) != SIGTRAP) {
			sig = WSTOPSIG(*status);
			continue;
		}
		if (ptrace(PTRACE_GETREGS, child->pid, NULL, &gp) != 0)
			return errmsg(err, err_size, -errno, NULL,
				      "PTRACE_GETREGS: %s", strerror(errno));
		bp = trace_find_breakpoint(child, gp.rip - 1);
		if (!bp || !bp->enabled) {
			sig = SIGTRAP;		/* not ours */
			continue;
		}
		gp.rip = bp->address;
		if (ptrace(PTRACE_SETREGS, child->pid, NULL, &gp) != 0 ||
		    ptrace(PTRACE_GETFPREGS, child->pid, NULL, &fp) != 0)
			return errmsg(err, err_size, -errno, NULL,
				      "PTRACE_SETREGS/GETFPREGS: %s",
				      strerror(errno));
		fill_registers(child, &gp, &fp, &regs);
		bp->hits++;
		r = step_over(child, bp, hit(ctx, child, bp, &regs), &sig,
			      status, err, err_size);
		if (r < 0)
			return r;
		if (r > 0) {
			child->pid = 0;
			return 0;
		}
	}
}

void ptrace_release(struct trace_child *child)
{
	if (child->pid > 0) {
		int status;

		kill(child->pid, SIGKILL);
		waitpid(child->pid, &status, 0);
		child->pid = 0;
	}
	if (child->fd >= 0)
		close(child->fd);
	child->fd = -1;
}

#else	/* not an x86-64 machine: verify_trace.c never asks for ptrace */

int ptrace_spawn(char **argv, struct trace_child *child, char *err,
		 size_t err_size)
{
	(void)argv;
	(void)child;
	return errmsg(err, err_size, -EINVAL, NULL,
		      "tracing by ptrace is x86-64's only");
}

uint64_t ptrace_auxv(const struct trace_child *child, uint64_t type)
{
	(void)child;
	(void)type;
	return 0;
}

int ptrace_read(const struct trace_child *child, uint64_t address, void *buf,
		size_t size)
{
	(void)child, (void)address, (void)buf, (void)size;
	return -ENOSYS;
}

int ptrace_write(const struct trace_child *child, uint64_t address,
		 const void *buf, size_t size)
{
	(void)child, (void)address, (void)buf, (void)size;
	return -ENOSYS;
}

int ptrace_set_breakpoints(struct trace_child *child, char *err,
			   size_t err_size)
{
	(void)child;
	return errmsg(err, err_size, -EINVAL, NULL,
		      "tracing by ptrace is x86-64's only");
}

int ptrace_run(struct trace_child *child, trace_hit_fn hit, void *ctx,
	       int *status, char *err, size_t err_size)
{
	(void)child, (void)hit, (void)ctx, (void)status;
	return errmsg(err, err_size, -EINVAL, NULL,
		      "tracing by ptrace is x86-64's only");
}

void ptrace_release(struct trace_child *child)
{
	(void)child;
}

#endif
