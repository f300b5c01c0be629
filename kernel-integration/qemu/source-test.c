// SPDX-License-Identifier: GPL-2.0
/*
 * source-test.c — the source-name half of /init: source.bpf.c's programs,
 * written against functions as the kernel's source writes them, are
 * attached by libtruesig's truesig_bpf__open() to every function that
 * stands for each (the function itself, its clones); the test reaches
 * them from user space with values it chooses and checks that the
 * arguments that arrive are read right and the others are reported
 * unavailable, with their fates.
 *
 * Prints one line per check; returns the number of failures.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <truesig/truesig.h>
#include <truesig/truesig_bpf.h>

#include "source-test.h"
#include "source.skel.h"

static int failures;

/* The kernel's MINSIGSTKSZ (its uapi asm/signal.h: do_sigaltstack's
   min_ss_size, a constant where IPA-CP made it one).  glibc's may be a
   call to sysconf. */
#if defined(__aarch64__)
#define KERNEL_MINSIGSTKSZ	5120
#else
#define KERNEL_MINSIGSTKSZ	2048
#endif
#define TEXT_OF(x)		#x
#define NUMBER_TEXT(x)		TEXT_OF(x)

static void check(const char *what, unsigned long long got,
		  unsigned long long want)
{
	bool ok = got == want;

	printf("source-name %s = %#llx, expected %#llx: %s\n", what, got, want,
	       ok ? "ok" : "FAIL");
	failures += !ok;
}

static void check_true(const char *what, bool ok)
{
	printf("source-name %s: %s\n", what, ok ? "ok" : "FAIL");
	failures += !ok;
}

static int print_truesig(enum truesig_print_level level, const char *fmt,
			 va_list ap)
{
	if (level == TRUESIG_DEBUG)
		return 0;
	printf("source-name: libtruesig: ");
	return vprintf(fmt, ap);
}

static const char *fate_name(unsigned fate)
{
	switch (fate) {
	case TRUESIG_FATE_PASSED:	return "passed";
	case TRUESIG_FATE_SPLIT:	return "split";
	case TRUESIG_FATE_REMOVED:	return "removed";
	case TRUESIG_FATE_CONSTANT:	return "constant";
	default:			return "unknown";
	}
}

/* The programs, their functions as written, and the arguments each reads
   (in the order of source_seen.v). */
static const struct {
	const char *prog, *function, *args[6];
} programs[N_SOURCE_PROBES] = {
	[SOURCE_SIGALTSTACK] = { "sigaltstack_by_name", "do_sigaltstack",
				 { "ss", "oss", "sp", "min_ss_size" } },
	[SOURCE_SETSCHEDULER] = { "setscheduler_by_name", "_sched_setscheduler",
				  { "p", "policy", "param", "check",
				    "param__sched_priority" } },
	[SOURCE_SIGINFO] = { "siginfo_by_name", "post_copy_siginfo_from_user",
			     { "info", "from", "info__si_signo",
			       "info__si_code" } },
	[SOURCE_IPSTATS] = { "ipstats_by_name", "snmp_seq_show_ipstats",
			     { "seq", "v" } },
	[SOURCE_NAMESPACES] = { "namespaces_by_name", "perf_event_namespaces",
				{ "task" } },
};

/* Each instance's function for each program, as the lookup found it. */
static void print_targets(const struct truesig_bpf *tb)
{
	for (size_t i = 0; i < truesig_bpf__object_cnt(tb); i++)
		for (int p = 0; p < N_SOURCE_PROBES; p++) {
			const struct truesig_func *f =
				truesig_bpf__target(tb, i, programs[p].prog);

			if (!f)
				continue;
			printf("source-name instance %zu: %s on %s (%s%s%s)\n", i,
			       programs[p].function, truesig_func__symbol(f),
			       truesig_func__is_clone(f) ? "clone: " : "as written",
			       truesig_func__kinds(f),
			       truesig_func__verified(f) ? "" : ", unverified");
		}
}

/* The functions program p runs on that are clones, and that are not. */
static void count_targets(const struct truesig_bpf *tb, int p,
			  unsigned *clones, unsigned *originals)
{
	*clones = *originals = 0;
	for (size_t i = 0; i < truesig_bpf__object_cnt(tb); i++) {
		const struct truesig_func *f =
			truesig_bpf__target(tb, i, programs[p].prog);

		if (f && truesig_func__is_clone(f))
			++*clones;
		else if (f)
			++*originals;
	}
}

/* What /proc/kallsyms has of each program's function. */
struct kallsyms_seen {
	bool written[N_SOURCE_PROBES];	/* FUNCTION itself */
	bool any[N_SOURCE_PROBES];	/* FUNCTION or a clone, FUNCTION.* */
};

/* One pass over /proc/kallsyms for every program; false if unreadable. */
static bool read_kallsyms(struct kallsyms_seen *k)
{
	char line[512], sym[256];
	FILE *f = fopen("/proc/kallsyms", "r");

	memset(k, 0, sizeof(*k));
	if (!f)
		return false;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%*s %*s %255s", sym) != 1)
			continue;
		for (int p = 0; p < N_SOURCE_PROBES; p++) {
			size_t n = strlen(programs[p].function);

			if (strncmp(sym, programs[p].function, n))
				continue;
			k->written[p] |= sym[n] == '\0';
			k->any[p] |= sym[n] == '\0' || sym[n] == '.';
		}
	}
	fclose(f);
	return true;
}

/*
 * The first probe among those attached only to clones (clone_only[p])
 * whose function /proc/kallsyms also has as written, or -1: its BTF has
 * no FUNC of that name (truesig found none to attach to), as pahole 1.25
 * and later leave out a function whose DWARF holds two prototypes under
 * one name.  Such a kernel cannot answer the "both" check.
 */
static int written_but_not_in_btf(const struct kallsyms_seen *k,
				  const bool clone_only[N_SOURCE_PROBES])
{
	for (int p = 0; p < N_SOURCE_PROBES; p++)
		if (clone_only[p] && k->written[p])
			return p;
	return -1;
}

/* What program p saw, read from the .bss map (its layout the skeleton's). */
static struct source_seen *seen_of(struct bpf_map *bss,
				   struct source_bpf__bss *value, int p)
{
	__u32 key = 0;

	if (bpf_map_lookup_elem(bpf_map__fd(bss), &key, value))
		return NULL;
	return &value->source_seen[p];
}

/* A system call that failed. */
static void failed(const char *call)
{
	printf("source-name: %s: %s: FAIL\n", call, strerror(errno));
	failures++;
}

/* An argument read: its value.  Not read: a failure. */
static void expect_read(const struct source_seen *s, int p, int i,
			unsigned long long want)
{
	char what[160];

	snprintf(what, sizeof(what), "%s(%s) read", programs[p].function,
		 programs[p].args[i]);
	check_true(what, s->read & (1u << i));
	if (s->read & (1u << i)) {
		snprintf(what, sizeof(what), "%s(%s)", programs[p].function,
			 programs[p].args[i]);
		check(what, s->v[i], want);
	}
}

/* An argument that must not be read: unavailable, with its fate. */
static void expect_unavailable(const struct source_seen *s, int p, int i,
			       unsigned fate)
{
	char what[160];

	snprintf(what, sizeof(what), "%s(%s) unavailable, %s (got: %s%s)",
		 programs[p].function, programs[p].args[i], fate_name(fate),
		 s->read & (1u << i) ? "read, " : "", fate_name(s->fate[i]));
	check_true(what, !(s->read & (1u << i)) && s->fate[i] == fate);
}

int source_test(void)
{
	size_t size, value_size;
	const void *bytes = source_bpf__elf_bytes(&size);
	struct truesig_bpf *tb = NULL;
	struct bpf_map *bss = NULL, *m;
	struct source_bpf__bss *value = NULL;
	struct source_seen *s;
	unsigned clones, originals, all_clones = 0, both = 0;
	bool clone_only[N_SOURCE_PROBES] = { false };
	struct kallsyms_seen kallsyms;
	int unanswerable;
	unsigned pieces = 0, removed = 0;	/* read where it moved;
						   unavailable, removed */

	/* A function some builds inline at every call (arm64's
	   _sched_setscheduler): its program is left out, and checked below
	   against kallsyms. */
	struct truesig_bpf_opts opts = { .sz = sizeof(opts),
					 .flags = TRUESIG_BPF_SKIP_MISSING };
	bool absent[N_SOURCE_PROBES] = { false };

	truesig_set_print(print_truesig);
	if (truesig_bpf__open_image(bytes, size, "source.bpf.o", &opts, &tb)) {
		printf("source-name: opening source.bpf.o: FAIL\n");
		return 1;
	}
	print_targets(tb);
	if (!read_kallsyms(&kallsyms)) {
		failed("reading /proc/kallsyms");
		goto out;
	}
	/* .bss is instance 0's, and every instance's. */
	bpf_object__for_each_map(m, truesig_bpf__object(tb, 0))
		if (strstr(bpf_map__name(m), ".bss"))
			bss = m;
	if (!bss) {
		printf("source-name: no .bss map: FAIL\n");
		failures++;
		goto out;
	}
	value = bpf_map__initial_value(bss, &value_size) &&
		value_size == sizeof(*value) ? calloc(1, value_size) : NULL;
	if (!value) {
		printf("source-name: no .bss value: FAIL\n");
		failures++;
		goto out;
	}
	value->source_pid = getpid();
	if (bpf_map__set_initial_value(bss, value, value_size) ||
	    truesig_bpf__load(tb) || truesig_bpf__attach(tb)) {
		printf("source-name: loading and attaching: FAIL\n");
		failures++;
		goto out;
	}

	for (int p = 0; p < N_SOURCE_PROBES; p++) {
		char what[128];

		count_targets(tb, p, &clones, &originals);
		if (clones + originals == 0 &&
		    !kallsyms.any[p]) {
			printf("source-name %s: not checked: this kernel has "
			       "it neither as written nor as a clone (inlined "
			       "at every call)\n", programs[p].function);
			absent[p] = true;
			continue;
		}
		snprintf(what, sizeof(what), "%s: attached to %u clones and %u "
			 "functions as written", programs[p].function, clones,
			 originals);
		check_true(what, clones + originals > 0);
		clone_only[p] = originals == 0 && clones > 0;
		all_clones += clone_only[p];
		both += originals > 0 && clones > 0;
	}

	/* do_sigaltstack: min_ss_size a constant where IPA-CP made it
	   one, passed (as MINSIGSTKSZ) elsewhere. */
	if (!absent[SOURCE_SIGALTSTACK]) {
		static char altstack[65536];
		stack_t ss = { .ss_sp = altstack, .ss_size = sizeof(altstack) };
		unsigned long here = (unsigned long)&ss;

		if (sigaltstack(&ss, NULL))
			failed("sigaltstack");
		s = seen_of(bss, value, SOURCE_SIGALTSTACK);
		check_true("do_sigaltstack hit", s && s->hits > 0);
		if (s && s->hits) {
			expect_read(s, SOURCE_SIGALTSTACK, 1, 0);
			check_true("do_sigaltstack(ss) read", s->read & 1);
			check("do_sigaltstack(ss)->ss_size", s->v[4],
			      sizeof(altstack));
			check_true("do_sigaltstack(sp) read, within 4 KiB below &ss",
				   (s->read & 4) && s->v[2] <= here &&
				   here - s->v[2] < 4096);
			/* MINSIGSTKSZ, passed or IPA-CP's constant. */
			expect_read(s, SOURCE_SIGALTSTACK, 3,
				    KERNEL_MINSIGSTKSZ);
			printf("source-name do_sigaltstack(min_ss_size): %s\n",
			       fate_name(s->fate[3]));
		}
	}
	/* _sched_setscheduler: param split where IPA-SRA split it. */
	if (!absent[SOURCE_SETSCHEDULER]) {
		struct sched_param param = { .sched_priority = 7 };

		if (sched_setscheduler(0, SCHED_FIFO, &param))
			failed("sched_setscheduler");
		s = seen_of(bss, value, SOURCE_SETSCHEDULER);
		check_true("_sched_setscheduler hit", s && s->hits > 0);
		if (s && s->hits) {
			check_true("_sched_setscheduler(p) read", s->read & 1);
			check("_sched_setscheduler(p)->tgid", s->v[5], getpid());
			expect_read(s, SOURCE_SETSCHEDULER, 1, SCHED_FIFO);
			expect_read(s, SOURCE_SETSCHEDULER, 3, 1);
			/* The function hit says what became of param. */
			if (s->fate[2] == TRUESIG_FATE_SPLIT) {
				expect_unavailable(s, SOURCE_SETSCHEDULER, 2,
						   TRUESIG_FATE_SPLIT);
				expect_read(s, SOURCE_SETSCHEDULER, 4, 7);
				pieces++;
			}
		}
	}
	/* post_copy_siginfo_from_user: info split into two fields. */
	if (!absent[SOURCE_SIGINFO]) {
		siginfo_t info;

		memset(&info, 0, sizeof(info));
		info.si_signo = SIGUSR1;
		info.si_code = SI_QUEUE;
		signal(SIGUSR1, SIG_IGN);
		if (syscall(SYS_rt_sigqueueinfo, getpid(), SIGUSR1, &info))
			failed("rt_sigqueueinfo");
		s = seen_of(bss, value, SOURCE_SIGINFO);
		check_true("post_copy_siginfo_from_user hit", s && s->hits > 0);
		if (s && s->hits) {
			expect_read(s, SOURCE_SIGINFO, 1, (unsigned long)&info);
			if (s->fate[0] == TRUESIG_FATE_SPLIT) {
				expect_unavailable(s, SOURCE_SIGINFO, 0,
						   TRUESIG_FATE_SPLIT);
				expect_read(s, SOURCE_SIGINFO, 2, SIGUSR1);
				expect_read(s, SOURCE_SIGINFO, 3,
					    (unsigned long long)(long long)SI_QUEUE);
				pieces++;
			}
		}
	}
	/* snmp_seq_show_ipstats: the unused v removed. */
	if (!absent[SOURCE_IPSTATS]) {
		char buf[4096];
		struct stat st;
		int fd = open("/proc/net/snmp", O_RDONLY);

		if (fd < 0 || fstat(fd, &st))
			failed("/proc/net/snmp");
		while (fd >= 0 && read(fd, buf, sizeof(buf)) > 0)
			;
		if (fd >= 0)
			close(fd);
		s = seen_of(bss, value, SOURCE_IPSTATS);
		check_true("snmp_seq_show_ipstats hit", s && s->hits > 0);
		if (s && s->hits) {
			check_true("snmp_seq_show_ipstats(seq) read", s->read & 1);
			check("snmp_seq_show_ipstats(seq)->file->f_inode->i_ino",
			      s->v[2], st.st_ino);
			if (s->fate[1] == TRUESIG_FATE_REMOVED) {
				expect_unavailable(s, SOURCE_IPSTATS, 1,
						   TRUESIG_FATE_REMOVED);
				removed++;
			}
		}
	}
	/* perf_event_namespaces, as written (which unshare calls)
	   and as its .part clone: task is the caller. */
	if (!absent[SOURCE_NAMESPACES]) {
		if (unshare(0))
			failed("unshare(0)");
		s = seen_of(bss, value, SOURCE_NAMESPACES);
		check_true("perf_event_namespaces hit", s && s->hits > 0);
		if (s && s->hits) {
			check_true("perf_event_namespaces(task) read", s->read & 1);
			check("perf_event_namespaces(task)->tgid", s->v[1],
			      getpid());
		}
	}
	check_true("a piece of a split argument was read by its name",
		   pieces > 0);
	check_true("a removed argument was reported unavailable", removed > 0);
	check_true("functions that exist only as clones were traced",
		   all_clones > 0);
	unanswerable = both ? -1
			    : written_but_not_in_btf(&kallsyms, clone_only);
	if (unanswerable >= 0)
		printf("source-name a function with both its original and a "
		       "clone was traced: not checked: %s is in kallsyms as "
		       "written, but its BTF has only its clones, no FUNC %s "
		       "(pahole leaves such functions out)\n",
		       programs[unanswerable].function,
		       programs[unanswerable].function);
	else
		check_true("a function with both its original and a clone "
			   "was traced", both > 0);
out:
	truesig_bpf__destroy(tb);
	free(value);
	printf("qemu-source-name: %s\n", failures ? "FAIL" : "PASS");
	return failures;
}

/*
 * bpftrace, when run.sh put it in the image (/usr/bin/bpftrace and its
 * libraries, from this machine) with /bpftrace/sigaltstack.bt, the program
 * `truesig find --bpftrace do_sigaltstack' wrote for this kernel: started,
 * given time to attach, then sigaltstack with known values; its output
 * must hold a line of a function that stands for do_sigaltstack with
 * them, under their source names.  Returns the number of failures; none
 * when the image has no bpftrace (said so).
 */
int bpftrace_test(void)
{
	static char *const bpftrace_env[] = {
		"PATH=/usr/bin:/bin", "HOME=/", "TERM=dumb", "LANG=C", NULL
	};
	static char altstack[65536];
	stack_t ss = { .ss_sp = altstack, .ss_size = sizeof(altstack) };
	const char *out = "/bpftrace/out";
	char buf[65536], *line;
	bool attached = false, seen = false;
	size_t n = 0;
	struct stat st;
	int fd, status;
	time_t started;
	pid_t pid;

	if (stat("/usr/bin/bpftrace", &st) || stat("/bpftrace/sigaltstack.bt", &st)) {
		printf("qemu-bpftrace: not run: the image has no bpftrace\n");
		return 0;
	}
	/* The probes left this process SCHED_FIFO (sched_setscheduler's
	   test): bpftrace, its child, would starve its own threads. */
	{
		struct sched_param normal = { .sched_priority = 0 };

		sched_setscheduler(0, SCHED_OTHER, &normal);
	}
	started = time(NULL);
	mkdir("/tmp", 01777);
	mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
	/* bpftrace 0.2x has clang write to /dev/fd/N, which devtmpfs lacks. */
	symlink("/proc/self/fd", "/dev/fd");
	mount("tracefs", "/sys/kernel/tracing", "tracefs", 0, NULL);
	/* First that it runs at all, then the program. */
	pid = fork();
	if (pid == 0) {
		execle("/usr/bin/bpftrace", "bpftrace", "--version", (char *)NULL,
		       bpftrace_env);
		_exit(127);
	}
	if (pid > 0 && waitpid(pid, &status, 0) == pid)
		printf("qemu-bpftrace: bpftrace --version: %s %d\n",
		       WIFSIGNALED(status) ? "killed by signal" : "exit",
		       WIFSIGNALED(status) ? WTERMSIG(status)
					   : WEXITSTATUS(status));
	pid = fork();
	if (pid == 0) {
		fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		dup2(fd, 1);
		dup2(fd, 2);
		execle("/usr/bin/bpftrace", "bpftrace", "-B", "line",
		       "/bpftrace/sigaltstack.bt", (char *)NULL, bpftrace_env);
		_exit(127);
	}
	/* bpftrace 0.17 says "Attaching N probes...", 0.2x "Attached N
	   probes", once it has; under emulation its compiler takes a while
	   (0.17: some 20 s).  Five minutes at most, well inside QEMU's
	   time. */
	for (int i = 0; i < 600 && !attached && pid > 0; i++) {
		fd = open(out, O_RDONLY);
		n = fd >= 0 ? (size_t)read(fd, buf, sizeof(buf) - 1) : 0;
		if (fd >= 0)
			close(fd);
		buf[n < sizeof(buf) ? n : 0] = '\0';
		attached = strstr(buf, "Attaching ") ||
			   strstr(buf, "Attached ");
		if (!attached && waitpid(pid, &status, WNOHANG) == pid)
			break;
		if (!attached)
			usleep(500000);
	}
	/* 0.17 prints "Attaching" before it has; emulated, it takes its
	   time.  Then a few calls, and time to print what it saw. */
	for (int i = 0; attached && i < 5; i++) {
		sleep(3);
		if (sigaltstack(&ss, NULL))
			printf("qemu-bpftrace: sigaltstack: %s\n", strerror(errno));
	}
	if (attached)
		sleep(5);
	/* SIGINT has it print and end; one that never attached may not
	   be listening. */
	kill(pid, attached ? SIGINT : SIGKILL);
	waitpid(pid, &status, 0);
	printf("qemu-bpftrace: bpftrace %s %d, after %ld s\n",
	       WIFSIGNALED(status) ? "ended by signal" : "exited with",
	       WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status),
	       (long)(time(NULL) - started));
	fd = open(out, O_RDONLY);
	n = fd >= 0 ? (size_t)read(fd, buf, sizeof(buf) - 1) : 0;
	if (fd >= 0)
		close(fd);
	buf[n < sizeof(buf) ? n : 0] = '\0';
	/* What it said, when it did not attach (an error quotes the
	   program, whose printf holds the text looked for below). */
	if (!attached || !strstr(buf, "(do_sigaltstack): ")) {
		for (line = buf; *line; ) {
			size_t len = strcspn(line, "\n");

			if (len)
				printf("qemu-bpftrace: | %.*s\n",
				       (int)(len < 400 ? len : 400), line);
			line += len + (line[len] == '\n');
		}
	}
	if (!attached)
		buf[0] = '\0';
	/* A line such as
	   do_sigaltstack.constprop.0(do_sigaltstack): ss=0x... oss=0x0
	   sp=140737... min_ss_size=2048 (x86-64's MINSIGSTKSZ) */
	for (line = strtok(buf, "\n"); line; line = strtok(NULL, "\n")) {
		unsigned long long sp;
		const char *p = strstr(line, "(do_sigaltstack): ");
		const char *s = strstr(line, " sp=");

		if (!p)
			continue;
		printf("qemu-bpftrace: bpftrace printed: %s\n", line);
		if (!s || !strstr(line, " oss=0x0 ") ||
		    !strstr(line, " min_ss_size="
			    NUMBER_TEXT(KERNEL_MINSIGSTKSZ)))
			continue;
		sp = strtoull(s + 4, NULL, 10);
		seen |= sp <= (unsigned long)&ss &&
			(unsigned long)&ss - sp < 4096;
	}
	printf("qemu-bpftrace: %s (%s; &ss %p)\n", seen ? "PASS" : "FAIL",
	       attached ? "attached" : "bpftrace did not attach", (void *)&ss);
	return !seen;
}
