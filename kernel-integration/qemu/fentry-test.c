// SPDX-License-Identifier: GPL-2.0
/*
 * fentry-test.c — /init of the test initramfs: load the module given as
 * argument (its split BTF is checked by the kernel), attach fentry.bpf.c's
 * programs to four clone functions through their true prototypes, reach
 * each function from user space with known values, and compare what the
 * programs read with those values.  Prints one line per check and a last
 * line "qemu-fentry: PASS" or "qemu-fentry: FAIL", then reboots, which
 * ends QEMU.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <bpf/libbpf.h>

#include "fentry-test.h"
#include "fentry.skel.h"

static int failures;

static void check(const char *probe, const char *what, unsigned long long got,
		  unsigned long long want)
{
	bool ok = got == want;

	printf("fentry %s: %s = %#llx, expected %#llx: %s\n", probe, what, got,
	       want, ok ? "ok" : "FAIL");
	failures += !ok;
}

static void check_true(const char *probe, const char *what, bool ok)
{
	printf("fentry %s: %s: %s\n", probe, what, ok ? "ok" : "FAIL");
	failures += !ok;
}

static void fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	printf("qemu-fentry: ");
	vprintf(fmt, ap);
	printf(": %s\n", strerror(errno));
	va_end(ap);
	failures++;
}

static int print_libbpf(enum libbpf_print_level level, const char *fmt,
			va_list ap)
{
	if (level == LIBBPF_DEBUG)
		return 0;
	return vfprintf(stdout, fmt, ap);
}

static struct fentry_seen *reset(struct fentry_bpf *skel, enum fentry_probe p)
{
	memset(&skel->bss->seen[p], 0, sizeof(skel->bss->seen[p]));
	return &skel->bss->seen[p];
}

static void test_setscheduler(struct fentry_bpf *skel)
{
	struct sched_param param = { .sched_priority = 7 };
	struct fentry_seen *s = reset(skel, PROBE_SETSCHEDULER);

	if (sched_setscheduler(0, SCHED_FIFO, &param)) {
		fail("sched_setscheduler");
		return;
	}
	check_true("_sched_setscheduler.isra.0", "hit", s->hits > 0);
	check("_sched_setscheduler.isra.0", "p->tgid", s->v[0], getpid());
	check("_sched_setscheduler.isra.0", "policy", s->v[1], SCHED_FIFO);
	check("_sched_setscheduler.isra.0", "param->sched_priority", s->v[2], 7);
	check("_sched_setscheduler.isra.0", "check", s->v[3], 1);
}

static void test_sigaltstack(struct fentry_bpf *skel)
{
	static char altstack[65536];
	stack_t ss = { .ss_sp = altstack, .ss_size = sizeof(altstack) };
	struct fentry_seen *s = reset(skel, PROBE_SIGALTSTACK);
	unsigned long long here = (unsigned long)&ss;

	if (sigaltstack(&ss, NULL)) {
		fail("sigaltstack");
		return;
	}
	check_true("do_sigaltstack.constprop.0", "hit", s->hits > 0);
	check("do_sigaltstack.constprop.0", "ss->ss_sp", s->v[0],
	      (unsigned long)altstack);
	check("do_sigaltstack.constprop.0", "ss->ss_size", s->v[1],
	      sizeof(altstack));
	check("do_sigaltstack.constprop.0", "ss->ss_flags", s->v[2], 0);
	check("do_sigaltstack.constprop.0", "oss", s->v[3], 0);
	/* sp: the user stack pointer at the system call, just below `ss' */
	printf("fentry do_sigaltstack.constprop.0: sp = %#llx, &ss = %#llx\n",
	       s->v[4], here);
	check_true("do_sigaltstack.constprop.0", "sp within 4 KiB below &ss",
		   s->v[4] <= here && here - s->v[4] < 4096);
}

static void test_siginfo(struct fentry_bpf *skel)
{
	struct fentry_seen *s = reset(skel, PROBE_SIGINFO);
	siginfo_t info;

	memset(&info, 0, sizeof(info));
	info.si_signo = SIGUSR1;
	info.si_code = SI_QUEUE;
	signal(SIGUSR1, SIG_IGN);
	if (syscall(SYS_rt_sigqueueinfo, getpid(), SIGUSR1, &info)) {
		fail("rt_sigqueueinfo");
		return;
	}
	check_true("post_copy_siginfo_from_user.isra.0", "hit", s->hits > 0);
	check("post_copy_siginfo_from_user.isra.0", "info->si_signo", s->v[0],
	      SIGUSR1);
	check("post_copy_siginfo_from_user.isra.0", "info->si_code", s->v[1],
	      (unsigned long long)(long long)SI_QUEUE);
	check("post_copy_siginfo_from_user.isra.0", "from", s->v[2],
	      (unsigned long)&info);
}

static void test_ipstats(struct fentry_bpf *skel)
{
	struct fentry_seen *s = reset(skel, PROBE_IPSTATS);
	char buf[4096];
	struct stat st;
	int fd = open("/proc/net/snmp", O_RDONLY);

	if (fd < 0 || fstat(fd, &st)) {
		fail("/proc/net/snmp");
		return;
	}
	while (read(fd, buf, sizeof(buf)) > 0)
		;
	close(fd);
	check_true("snmp_seq_show_ipstats.constprop.0.isra.0", "hit",
		   s->hits > 0);
	check("snmp_seq_show_ipstats.constprop.0.isra.0",
	      "seq->file->f_inode->i_ino", s->v[0], st.st_ino);
}

static void load_module(const char *path)
{
	struct stat st;
	char btf[256];
	const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0 || syscall(SYS_finit_module, fd, "", 0)) {
		fail("loading %s", path);
		return;
	}
	close(fd);
	snprintf(btf, sizeof(btf), "/sys/kernel/btf/%.*s", (int)strcspn(name, "."),
		 name);
	check_true("module", btf, !stat(btf, &st));
}

int main(int argc, char **argv)
{
	struct fentry_bpf *skel;
	struct stat st;

	setvbuf(stdout, NULL, _IOLBF, 0);
	mount("proc", "/proc", "proc", 0, NULL);
	mount("sysfs", "/sys", "sysfs", 0, NULL);
	check_true("vmlinux", "/sys/kernel/btf/vmlinux",
		   !stat("/sys/kernel/btf/vmlinux", &st));
	for (int i = 1; i < argc; i++)
		load_module(argv[i]);

	libbpf_set_print(print_libbpf);
	skel = fentry_bpf__open();
	if (!skel) {
		fail("opening the BPF object");
		goto out;
	}
	skel->bss->target_pid = getpid();
	if (fentry_bpf__load(skel)) {
		fail("loading the BPF programs");
		goto out;
	}
	if (fentry_bpf__attach(skel)) {
		fail("attaching the BPF programs");
		goto out;
	}
	test_setscheduler(skel);
	test_sigaltstack(skel);
	test_siginfo(skel);
	test_ipstats(skel);
out:
	fentry_bpf__destroy(skel);
	printf("qemu-fentry: %s\n", failures ? "FAIL" : "PASS");
	fflush(stdout);
	sync();
	/*
	 * The small config has no ACPI, so power-off would only halt; a
	 * reboot ends qemu, which runs with -no-reboot.
	 */
	reboot(RB_AUTOBOOT);
	return 0;
}
