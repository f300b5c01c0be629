// SPDX-License-Identifier: MIT
/*
 * verify_remote.c — the qemu-user backend of verify_trace.h, for programs
 * of other targets (aarch64, riscv64, s390x).
 *
 * The program runs under `qemu-ARCH -g SOCKET PROGRAM ARGS`, which stops it
 * before its first instruction and waits for a debugger on SOCKET, a Unix
 * socket in a directory of its own under TMPDIR (no port to race for, and
 * no one else's).  This file is that debugger,
 * speaking the GDB remote serial protocol, packets "$DATA#CS" each
 * acknowledged by '+':
 *   Z0/z0 ADDR,KIND	set/remove a breakpoint (QEMU keeps them; nothing
 *			is written over the code)
 *   c, C SIG		continue (delivering SIG); s: one instruction
 *   T/S SIG, W CODE,	the stop replies: stopped by SIG, exited with
 *   X SIG		CODE, killed by SIG
 *   p N		register N as the stub numbers it (the target
 *			table's gdb_registers), in target byte order
 *   m/M ADDR,LEN	read/write memory, in hex
 *   qXfer:auxv:read	the auxiliary vector (for a PIE's load address)
 *   qXfer:features:read:target.xml
 *			read once: QEMU answers 'p' only to a debugger that
 *			has asked for the registers' description
 *   k			kill
 * As under ptrace, a hit removes the breakpoint, steps one instruction and
 * sets it again.  A stub that does not answer within REPLY_TIMEOUT_MS is an
 * error, never a hang.
 */
#define _GNU_SOURCE	/* asprintf */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "byteorder.h"
#include "errmsg.h"
#include "verify_backend.h"

#define PACKET_MAX		16384	/* bytes of a packet's data */
#define MEMORY_CHUNK		2048	/* bytes a 'm'/'M' packet moves */
#define REPLY_TIMEOUT_MS	300000	/* a program may run this long */
#define CONNECT_TRIES		400	/* of CONNECT_WAIT_MS each */
#define CONNECT_WAIT_MS		25
#define GDB_SIGTRAP		5

/* One reply's data, unescaped. */
struct packet {
	char	 data[PACKET_MAX + 1];
	size_t	 len;
};

static int hex_digit(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* `n' bytes from 2n hex digits.  0, or -EPROTO if they are not hex. */
static int from_hex(const char *hex, uint8_t *out, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		int hi = hex_digit(hex[2 * i]), lo = hex_digit(hex[2 * i + 1]);

		if (hi < 0 || lo < 0)
			return -EPROTO;
		out[i] = (uint8_t)(hi << 4 | lo);
	}
	return 0;
}

static int write_all(int fd, const char *buf, size_t len)
{
	while (len) {
		ssize_t n = write(fd, buf, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -EIO;
		buf += n;
		len -= (size_t)n;
	}
	return 0;
}

/* One byte from the stub, waiting at most REPLY_TIMEOUT_MS.  -1: none. */
static int read_byte(int fd)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	unsigned char c;
	ssize_t n;

	for (;;) {
		int r = poll(&p, 1, REPLY_TIMEOUT_MS);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		n = read(fd, &c, 1);
		if (n < 0 && errno == EINTR)
			continue;
		return n == 1 ? c : -1;
	}
}

/* Send "$data#cs" until the stub acknowledges it.  0, or -errno. */
static int send_packet(int fd, const char *data)
{
	size_t len = strlen(data);
	char *frame = malloc(len + 5);
	unsigned sum = 0;
	int c, tries = 0;

	if (!frame)
		return -ENOMEM;
	for (size_t i = 0; i < len; i++)
		sum += (unsigned char)data[i];
	frame[0] = '$';
	memcpy(frame + 1, data, len);
	snprintf(frame + 1 + len, 4, "#%02x", sum & 0xff);
	do {
		if (write_all(fd, frame, len + 4))
			break;
		/* '+' acknowledges; '-' asks again. */
		while ((c = read_byte(fd)) >= 0 && c != '+' && c != '-')
			;
	} while (c == '-' && ++tries < 3);
	free(frame);
	return c == '+' ? 0 : -EIO;
}

/*
 * Receive one packet, acknowledge it, undo the stub's escapes ('}' then
 * the byte xor 0x20) and run-length encoding ("X*N": N - 29 more X).
 * 0, or -EIO (no answer, too long, a bad checksum twice).
 */
static int receive_packet(int fd, struct packet *p)
{
	for (int tries = 0; tries < 2; tries++) {
		unsigned sum = 0, cs;
		int c, hi, lo;

		p->len = 0;
		while ((c = read_byte(fd)) >= 0 && c != '$')
			;
		while ((c = read_byte(fd)) >= 0 && c != '#') {
			sum += (unsigned)c;
			if (c == '}') {
				c = read_byte(fd);
				if (c < 0)
					return -EIO;
				sum += (unsigned)c;
				c ^= 0x20;
			} else if (c == '*' && p->len) {
				int n = read_byte(fd);

				if (n < 0)
					return -EIO;
				sum += (unsigned)n;
				for (int k = 0; k < n - 29; k++) {
					if (p->len >= PACKET_MAX)
						return -EIO;
					p->data[p->len] = p->data[p->len - 1];
					p->len++;
				}
				continue;
			}
			if (p->len >= PACKET_MAX)
				return -EIO;
			p->data[p->len++] = (char)c;
		}
		if (c < 0)
			return -EIO;
		hi = hex_digit(read_byte(fd));
		lo = hex_digit(read_byte(fd));
		if (hi < 0 || lo < 0)
			return -EIO;
		cs = (unsigned)(hi << 4 | lo);
		p->data[p->len] = '\0';
		if (cs == (sum & 0xff))
			return write_all(fd, "+", 1);
		if (write_all(fd, "-", 1))
			return -EIO;
	}
	return -EIO;
}

/* A request and its reply.  0, or -errno. */
static int exchange(const struct trace_child *child, const char *request,
		    struct packet *reply)
{
	if (send_packet(child->fd, request))
		return -EIO;
	return receive_packet(child->fd, reply);
}

/* A request answered "OK".  0, or -errno. */
static int exchange_ok(const struct trace_child *child, const char *request)
{
	struct packet *reply = malloc(sizeof(*reply));
	int r = reply ? exchange(child, request, reply) : -ENOMEM;

	if (!r && strcmp(reply->data, "OK"))
		r = -EIO;
	free(reply);
	return r;
}

static const char *emulator(const struct trace_child *child, char *buf,
			    size_t size)
{
	snprintf(buf, size, "qemu-%s", child->target->qemu);
	return buf;
}

/* A new directory for the stub's socket: child->stub_path is DIR/gdb. */
static int make_stub_path(struct trace_child *child)
{
	const char *tmp = getenv("TMPDIR");
	char *dir;

	if (!tmp || !*tmp)
		tmp = "/tmp";
	if (asprintf(&dir, "%s/truesig-verify-XXXXXX", tmp) < 0)
		return -ENOMEM;
	if (!mkdtemp(dir) ||
	    asprintf(&child->stub_path, "%s/gdb", dir) < 0) {
		int ret = -errno;

		free(dir);
		child->stub_path = NULL;
		return ret;
	}
	free(dir);
	return 0;
}

static void sleep_ms(long ms)
{
	struct timespec t = { .tv_sec = ms / 1000,
			      .tv_nsec = (ms % 1000) * 1000000L };

	nanosleep(&t, NULL);
}

/* Connect to the stub of the emulator started as child->pid. */
static int connect_stub(struct trace_child *child, char *err,
			size_t err_size)
{
	struct sockaddr_un a = { .sun_family = AF_UNIX };
	char name[64];
	int status;

	if (strlen(child->stub_path) >= sizeof(a.sun_path))
		return errmsg(err, err_size, -EINVAL, child->stub_path,
			      "too long for a socket");
	strcpy(a.sun_path, child->stub_path);
	emulator(child, name, sizeof(name));
	for (int i = 0; i < CONNECT_TRIES; i++) {
		int fd;

		if (waitpid(child->pid, &status, WNOHANG) == child->pid) {
			child->pid = 0;
			if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
				return errmsg(err, err_size, -ENOENT, NULL,
					      "%s could not be run (is "
					      "qemu-user installed?)", name);
			return errmsg(err, err_size, -ECHILD, NULL,
				      "%s ended before its gdb stub answered",
				      name);
		}
		fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
		if (fd < 0)
			break;
		if (!connect(fd, (struct sockaddr *)&a, sizeof(a))) {
			child->fd = fd;
			return 0;
		}
		close(fd);
		sleep_ms(CONNECT_WAIT_MS);
	}
	return errmsg(err, err_size, -ETIMEDOUT, NULL,
		      "%s's gdb stub did not answer at %s", name,
		      child->stub_path);
}

int remote_spawn(char **argv, struct trace_child *child, char *err,
		 size_t err_size)
{
	char name[64];
	struct packet *reply;
	size_t argc = 0;
	char **args;
	int r;
	pid_t pid;

	emulator(child, name, sizeof(name));
	r = make_stub_path(child);
	if (r)
		return errmsg(err, err_size, r, NULL,
			      "no directory for %s's gdb stub: %s", name,
			      strerror(-r));
	while (argv[argc])
		argc++;
	args = calloc(argc + 4, sizeof(*args));
	if (!args)
		return errmsg(err, err_size, -ENOMEM, NULL, "out of memory");
	args[0] = name;
	args[1] = (char *)"-g";
	args[2] = child->stub_path;
	memcpy(args + 3, argv, argc * sizeof(*args));
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		free(args);
		return errmsg(err, err_size, -errno, NULL, "fork: %s",
			      strerror(errno));
	}
	if (pid == 0) {
		execvp(name, args);
		fprintf(stderr, "truesig: %s: %s\n", name, strerror(errno));
		_exit(127);
	}
	free(args);
	child->pid = pid;
	r = connect_stub(child, err, err_size);
	if (r)
		return r;
	reply = malloc(sizeof(*reply));
	r = reply && !exchange(child, "?", reply) &&
	    (reply->data[0] == 'T' || reply->data[0] == 'S') ? 0 : -1;
	if (r)
		r = errmsg(err, err_size, reply ? -EIO : -ENOMEM, NULL,
			   "%s's gdb stub did not say where %s stopped", name,
			   argv[0]);
	else if (exchange(child, "qXfer:features:read:target.xml:0,ffb",
			  reply) ||
		 (reply->data[0] != 'l' && reply->data[0] != 'm'))
		r = errmsg(err, err_size, -EIO, NULL,
			   "%s's gdb stub did not describe its registers",
			   name);
	free(reply);
	return r;
}

uint64_t remote_auxv(const struct trace_child *child, uint64_t type)
{
	size_t word = child->word32 ? 4 : 8, len = 0;
	uint8_t *buf = malloc(8192);
	struct packet *reply = malloc(sizeof(*reply));
	uint64_t result = 0;
	bool last = false;

	while (buf && reply && !last && len < 8192) {
		char request[64];
		size_t n;

		snprintf(request, sizeof(request),
			 "qXfer:auxv:read::%zx,%zx", len, 8192 - len);
		if (exchange(child, request, reply) ||
		    (reply->data[0] != 'm' && reply->data[0] != 'l'))
			break;
		last = reply->data[0] == 'l';
		n = reply->len - 1;
		if (n > 8192 - len)
			n = 8192 - len;
		memcpy(buf + len, reply->data + 1, n);
		len += n;
		if (!n)
			break;
	}
	for (size_t pos = 0; buf && pos + 2 * word <= len; pos += 2 * word) {
		uint64_t key = load_uint(buf + pos, (unsigned)word,
					 child->big_endian);
		uint64_t value = load_uint(buf + pos + word, (unsigned)word,
					   child->big_endian);

		if (key == 0)
			break;
		if (key == type)
			result = value;
	}
	free(buf);
	free(reply);
	return result;
}

int remote_read(const struct trace_child *child, uint64_t address, void *buf,
		size_t size)
{
	struct packet *reply = malloc(sizeof(*reply));
	uint8_t *out = buf;
	int r = reply ? 0 : -ENOMEM;

	while (!r && size) {
		size_t n = size < MEMORY_CHUNK ? size : MEMORY_CHUNK;
		char request[64];

		snprintf(request, sizeof(request), "m%llx,%zx",
			 (unsigned long long)address, n);
		if (exchange(child, request, reply) || reply->len != 2 * n ||
		    from_hex(reply->data, out, n))
			r = -EIO;
		address += n;
		out += n;
		size -= n;
	}
	free(reply);
	return r;
}

int remote_write(const struct trace_child *child, uint64_t address,
		 const void *buf, size_t size)
{
	char *request = malloc(64 + 2 * MEMORY_CHUNK);
	const uint8_t *in = buf;
	int r = request ? 0 : -ENOMEM;

	while (!r && size) {
		size_t n = size < MEMORY_CHUNK ? size : MEMORY_CHUNK;
		int len = snprintf(request, 64, "M%llx,%zx:",
				   (unsigned long long)address, n);

		for (size_t i = 0; i < n; i++)
			snprintf(request + len + 2 * i, 3, "%02x", in[i]);
		r = exchange_ok(child, request);
		address += n;
		in += n;
		size -= n;
	}
	free(request);
	return r;
}

/* Set (Z0) or remove (z0) the breakpoint of bp.  0, or -errno. */
static int breakpoint(const struct trace_child *child,
		      const struct trace_breakpoint *bp, bool set)
{
	char request[64];

	/* The kind (the instruction's size) is QEMU's to ignore. */
	snprintf(request, sizeof(request), "%c0,%llx,4", set ? 'Z' : 'z',
		 (unsigned long long)bp->address);
	return exchange_ok(child, request);
}

int remote_set_breakpoints(struct trace_child *child, char *err,
			   size_t err_size)
{
	for (size_t i = 0; i < child->n_breakpoints; i++) {
		struct trace_breakpoint *bp = &child->breakpoints[i];

		if (breakpoint(child, bp, true))
			return errmsg(err, err_size, -EIO, NULL,
				      "the gdb stub set no breakpoint at 0x%llx",
				      (unsigned long long)bp->address);
		bp->enabled = true;
	}
	return 0;
}

/* Register `gdb' as a number (low byte first) in out[size].  0, or -errno. */
static int read_register(const struct trace_child *child, unsigned gdb,
			 uint8_t *out, size_t size, struct packet *reply)
{
	char request[32];
	uint8_t bytes[256];
	size_t have;

	snprintf(request, sizeof(request), "p%x", gdb);
	if (exchange(child, request, reply) || reply->len % 2 ||
	    reply->len / 2 < size || reply->len / 2 > sizeof(bytes) ||
	    from_hex(reply->data, bytes, reply->len / 2))
		return -EIO;
	/* The register in target byte order, perhaps wider than asked
	   (aarch64's SVE z registers): its low bytes. */
	have = reply->len / 2;
	for (size_t i = 0; i < size; i++)
		out[i] = child->big_endian ? bytes[have - 1 - i] : bytes[i];
	return 0;
}

static int read_registers(const struct trace_child *child,
			  struct trace_regs *regs, struct packet *reply,
			  char *err, size_t err_size)
{
	const struct target *t = child->target;

	memset(regs->size, 0, sizeof(regs->size));
	for (size_t i = 0; i < t->n_gdb_registers; i++) {
		const struct gdb_register_run *run = &t->gdb_registers[i];

		for (unsigned k = 0; k < run->count; k++) {
			unsigned dwarf = run->dwarf + k;

			if (dwarf >= TRACE_MAX_REGS || run->size > 16 ||
			    read_register(child, run->gdb + k,
					  regs->value[dwarf], run->size,
					  reply))
				return errmsg(err, err_size, -EIO, NULL,
					      "the gdb stub gave no register "
					      "%u (DWARF %u)", run->gdb + k,
					      dwarf);
			regs->size[dwarf] = (uint8_t)run->size;
		}
	}
	return 0;
}

/* The wait status of a 'W' or 'X' reply. */
static int exit_status(const struct packet *reply)
{
	int value = (int)strtol(reply->data + 1, NULL, 16);

	return reply->data[0] == 'W' ? (value & 0xff) << 8 : value & 0x7f;
}

/*
 * Resume with `request' ("c", "C0b", "s") and wait for the stop reply.
 * Returns the signal of a stop, 0 when the program ended (*status set),
 * -1 on error.
 */
static int resume(struct trace_child *child, const char *request,
		  struct packet *reply, int *status, char *err,
		  size_t err_size)
{
	char name[64];
	int sig;

	if (exchange(child, request, reply))
		return errmsg(err, err_size, -EIO, NULL,
			      "%s's gdb stub stopped answering",
			      emulator(child, name, sizeof(name)));
	switch (reply->data[0]) {
	case 'W':
	case 'X':
		*status = exit_status(reply);
		waitpid(child->pid, &sig, 0);	/* the emulator ends too */
		child->pid = 0;
		return 0;
	case 'T':
	case 'S':
		if (reply->len >= 3) {
			sig = hex_digit(reply->data[1]) << 4 |
			      hex_digit(reply->data[2]);
			if (sig > 0)
				return sig;
		}
		break;
	}
	return errmsg(err, err_size, -EPROTO, NULL,
		      "unexpected reply \"%.40s\" of %s's gdb stub",
		      reply->data, emulator(child, name, sizeof(name)));
}

/* The pc of the stopped child.  0, or -errno. */
static int read_pc(const struct trace_child *child, uint64_t *pc,
		   struct packet *reply)
{
	uint8_t bytes[8] = { 0 };

	if (read_register(child, (unsigned)child->target->gdb_pc, bytes,
			  child->word32 ? 4 : 8, reply))
		return -EIO;
	*pc = load_u64(bytes, false);		/* low byte first */
	return 0;
}

/*
 * Execute the instruction under a breakpoint: remove it, step, set it
 * again unless `keep' is false.  A signal that stops the step is kept in
 * *pending_sig.  1 when the child has ended, 0 after the step, -1 on error.
 */
static int step_over(struct trace_child *child, struct trace_breakpoint *bp,
		     bool keep, int *pending_sig, struct packet *reply,
		     int *status, char *err, size_t err_size)
{
	int sig;

	if (breakpoint(child, bp, false))
		return errmsg(err, err_size, -EIO, NULL,
			      "cannot remove the breakpoint at 0x%llx",
			      (unsigned long long)bp->address);
	bp->enabled = false;
	sig = resume(child, "s", reply, status, err, err_size);
	if (sig <= 0)
		return sig < 0 ? -1 : 1;
	if (sig != GDB_SIGTRAP)
		*pending_sig = sig;
	if (keep) {
		if (breakpoint(child, bp, true))
			return errmsg(err, err_size, -EIO, NULL,
				      "cannot set the breakpoint at 0x%llx "
				      "again",
				      (unsigned long long)bp->address);
		bp->enabled = true;
	}
	return 0;
}

int remote_run(struct trace_child *child, trace_hit_fn hit, void *ctx,
	       int *status, char *err, size_t err_size)
{
	struct packet *reply = malloc(sizeof(*reply));
	struct trace_regs *regs = malloc(sizeof(*regs));
	int sig = 0, r = -1;

	if (!reply || !regs) {
		r = errmsg(err, err_size, -ENOMEM, NULL, "out of memory");
		goto out;
	}
	for (;;) {
		struct trace_breakpoint *bp;
		char request[16];
		uint64_t pc = 0;
		int stop;

		snprintf(request, sizeof(request), sig ? "C%02x" : "c", sig);
		sig = 0;
		stop = resume(child, request, reply, status, err, err_size);
		if (stop <= 0) {
			r = stop;
			break;
		}
		if (stop != GDB_SIGTRAP) {
			sig = stop;		/* the program's own signal */
			continue;
		}
		if (read_pc(child, &pc, reply)) {
			r = errmsg(err, err_size, -EIO, NULL,
				   "the gdb stub gave no pc");
			break;
		}
		bp = trace_find_breakpoint(child, pc);
		if (!bp || !bp->enabled) {
			sig = GDB_SIGTRAP;	/* not ours */
			continue;
		}
		r = read_registers(child, regs, reply, err, err_size);
		if (r)
			break;
		bp->hits++;
		stop = step_over(child, bp, hit(ctx, child, bp, regs), &sig,
				 reply, status, err, err_size);
		if (stop) {
			r = stop > 0 ? 0 : stop;
			break;
		}
	}
out:
	free(reply);
	free(regs);
	return r;
}

void remote_release(struct trace_child *child)
{
	if (child->fd >= 0) {
		if (child->pid > 0)
			send_packet(child->fd, "k");
		close(child->fd);
		child->fd = -1;
	}
	if (child->pid > 0) {
		int status;

		kill(child->pid, SIGKILL);
		waitpid(child->pid, &status, 0);
		child->pid = 0;
	}
	if (child->stub_path) {
		char *slash = strrchr(child->stub_path, '/');

		unlink(child->stub_path);
		*slash = '\0';
		rmdir(child->stub_path);
		free(child->stub_path);
		child->stub_path = NULL;
	}
}
