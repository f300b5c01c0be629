// SPDX-License-Identifier: MIT
/*
 * verify_trace.c — the ptrace driver of `truesig verify`.
 *
 * The child is started with PTRACE_TRACEME and stops at its exec.  Each
 * breakpoint is an int3 byte written over the first byte of a function
 * (through /proc/PID/mem, which may write read-only text).  A hit stops the
 * child with SIGTRAP and its pc one byte past the breakpoint: the driver
 * sets the pc back, calls the callback, restores the original byte,
 * single-steps over it and plants the int3 again.  Other signals are
 * delivered to the child as they came.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/wait.h>
#include <unistd.h>

#include "verify_trace.h"

#define INT3	0xcc

static void set_err(char *err, size_t err_size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void set_err(char *err, size_t err_size, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, err_size, fmt, ap);
	va_end(ap);
}

int trace_spawn(char **argv, bool word32, struct trace_child *child,
		char *err, size_t err_size)
{
	char path[64];
	int status;
	pid_t pid;

	memset(child, 0, sizeof(*child));
	child->mem_fd = -1;
	child->word32 = word32;
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		set_err(err, err_size, "fork: %s", strerror(errno));
		return -1;
	}
	if (pid == 0) {
		if (ptrace(PTRACE_TRACEME, 0, NULL, NULL) == 0)
			execvp(argv[0], argv);
		fprintf(stderr, "truesig: %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	child->pid = pid;
	if (waitpid(pid, &status, 0) != pid) {
		set_err(err, err_size, "waitpid: %s", strerror(errno));
		return -1;
	}
	if (!WIFSTOPPED(status) || WSTOPSIG(status) != SIGTRAP) {
		child->pid = 0;
		set_err(err, err_size, "%s: could not be started under ptrace",
			argv[0]);
		return -1;
	}
	/* The child dies with the tracer. */
	if (ptrace(PTRACE_SETOPTIONS, pid, NULL,
		   (void *)(long)PTRACE_O_EXITKILL) != 0) {
		set_err(err, err_size, "PTRACE_SETOPTIONS: %s", strerror(errno));
		return -1;
	}
	snprintf(path, sizeof(path), "/proc/%d/mem", (int)pid);
	child->mem_fd = open(path, O_RDWR | O_CLOEXEC);
	if (child->mem_fd < 0) {
		set_err(err, err_size, "%s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

uint64_t trace_auxv(const struct trace_child *child, uint64_t type)
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

int trace_read(const struct trace_child *child, uint64_t address, void *buf,
	       size_t size)
{
	if (child->word32 && (address > UINT32_MAX ||
			      size > UINT32_MAX - address + 1))
		return -1;
	return pread(child->mem_fd, buf, size, (off_t)address) == (ssize_t)size
	       ? 0 : -1;
}

int trace_write(const struct trace_child *child, uint64_t address,
		const void *buf, size_t size)
{
	return pwrite(child->mem_fd, buf, size, (off_t)address) == (ssize_t)size
	       ? 0 : -1;
}

static int compare_addresses(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

int trace_set_breakpoints(struct trace_child *child, const uint64_t *addresses,
			  size_t n, char *err, size_t err_size)
{
	uint64_t *sorted = malloc((n ? n : 1) * sizeof(*sorted));
	size_t m = 0;

	if (!sorted) {
		set_err(err, err_size, "out of memory");
		return -1;
	}
	memcpy(sorted, addresses, n * sizeof(*sorted));
	qsort(sorted, n, sizeof(*sorted), compare_addresses);
	free(child->breakpoints);
	child->breakpoints = calloc(n ? n : 1, sizeof(*child->breakpoints));
	child->n_breakpoints = 0;
	if (!child->breakpoints) {
		free(sorted);
		set_err(err, err_size, "out of memory");
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		struct trace_breakpoint *bp;
		uint8_t int3 = INT3;

		if (m && sorted[i] == child->breakpoints[m - 1].address)
			continue;
		bp = &child->breakpoints[m];
		bp->address = sorted[i];
		if (trace_read(child, bp->address, &bp->saved, 1) ||
		    trace_write(child, bp->address, &int3, 1)) {
			set_err(err, err_size,
				"cannot plant a breakpoint at 0x%llx: %s",
				(unsigned long long)bp->address,
				strerror(errno));
			free(sorted);
			return -1;
		}
		bp->enabled = true;
		m++;
	}
	child->n_breakpoints = m;
	free(sorted);
	return 0;
}

static struct trace_breakpoint *find_breakpoint(struct trace_child *child,
						uint64_t address)
{
	size_t lo = 0, hi = child->n_breakpoints;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		uint64_t a = child->breakpoints[mid].address;

		if (a == address)
			return &child->breakpoints[mid];
		if (a < address)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/*
 * Execute the instruction under a breakpoint: put its byte back, step,
 * re-plant unless `keep' is false.  A signal that arrives meanwhile is
 * kept in *pending_sig for the next PTRACE_CONT.  Returns 1 when the child
 * has ended (status in *status), 0 when stopped after the step, -1 on error.
 */
static int step_over(struct trace_child *child, struct trace_breakpoint *bp,
		     bool keep, int *pending_sig, int *status, char *err,
		     size_t err_size)
{
	uint8_t int3 = INT3;

	if (trace_write(child, bp->address, &bp->saved, 1)) {
		set_err(err, err_size, "cannot restore the byte at 0x%llx",
			(unsigned long long)bp->address);
		return -1;
	}
	bp->enabled = false;
	for (;;) {
		if (ptrace(PTRACE_SINGLESTEP, child->pid, NULL, NULL) != 0) {
			set_err(err, err_size, "PTRACE_SINGLESTEP: %s",
				strerror(errno));
			return -1;
		}
		if (waitpid(child->pid, status, 0) != child->pid) {
			set_err(err, err_size, "waitpid: %s", strerror(errno));
			return -1;
		}
		if (WIFEXITED(*status) || WIFSIGNALED(*status))
			return 1;
		if (WIFSTOPPED(*status) && WSTOPSIG(*status) == SIGTRAP)
			break;
		if (WIFSTOPPED(*status))
			*pending_sig = WSTOPSIG(*status);
	}
	if (keep) {
		if (trace_write(child, bp->address, &int3, 1)) {
			set_err(err, err_size,
				"cannot re-plant the breakpoint at 0x%llx",
				(unsigned long long)bp->address);
			return -1;
		}
		bp->enabled = true;
	}
	return 0;
}

int trace_run(struct trace_child *child, trace_hit_fn hit, void *ctx,
	      int *status, char *err, size_t err_size)
{
	int sig = 0;

	for (;;) {
		struct trace_breakpoint *bp;
		struct trace_regs regs;
		int r;

		if (ptrace(PTRACE_CONT, child->pid, NULL,
			   (void *)(long)sig) != 0) {
			set_err(err, err_size, "PTRACE_CONT: %s",
				strerror(errno));
			return -1;
		}
		sig = 0;
		if (waitpid(child->pid, status, 0) != child->pid) {
			set_err(err, err_size, "waitpid: %s", strerror(errno));
			return -1;
		}
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
		if (ptrace(PTRACE_GETREGS, child->pid, NULL, &regs.gp) != 0) {
			set_err(err, err_size, "PTRACE_GETREGS: %s",
				strerror(errno));
			return -1;
		}
		bp = find_breakpoint(child, regs.gp.rip - 1);
		if (!bp || !bp->enabled) {
			sig = SIGTRAP;		/* not ours */
			continue;
		}
		regs.gp.rip = bp->address;
		if (ptrace(PTRACE_SETREGS, child->pid, NULL, &regs.gp) != 0 ||
		    ptrace(PTRACE_GETFPREGS, child->pid, NULL, &regs.fp) != 0) {
			set_err(err, err_size, "PTRACE_SETREGS/GETFPREGS: %s",
				strerror(errno));
			return -1;
		}
		bp->hits++;
		r = step_over(child, bp, hit(ctx, child, bp, &regs), &sig,
			      status, err, err_size);
		if (r < 0)
			return -1;
		if (r > 0) {
			child->pid = 0;
			return 0;
		}
	}
}

void trace_release(struct trace_child *child)
{
	if (child->pid > 0) {
		int status;

		kill(child->pid, SIGKILL);
		waitpid(child->pid, &status, 0);
		child->pid = 0;
	}
	if (child->mem_fd >= 0)
		close(child->mem_fd);
	child->mem_fd = -1;
	free(child->breakpoints);
	child->breakpoints = NULL;
	child->n_breakpoints = 0;
}
