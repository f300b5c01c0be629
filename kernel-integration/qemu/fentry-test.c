// SPDX-License-Identifier: GPL-2.0
/*
 * fentry-test.c — /init of the test initramfs: load the modules listed in
 * /modules, one path a line, in order (the kernel checks their split
 * BTF), find in the kernel's BTF
 * the clone each of fentry.bpf.c's programs is written for, attach the
 * programs to them through their true prototypes, reach each function
 * from user space with known values, and compare what the programs read
 * with those values.
 *
 * A probe names the function as written and the true prototype it
 * expects (parameter names as `truesig btf' gives them, and whether the
 * return is dropped); clone numbers and whether GCC made an isra, a
 * constprop or both are the kernel's and compiler's own, so the probe
 * takes whichever clone of that function has its prototype, or is
 * skipped, saying so.  What must hold on every kernel is the list of
 * kinds at the end: each kind of signature change is traced by at least
 * one probe that passed.
 *
 * Prints one line per check and a last line "qemu-fentry: PASS" or
 * "qemu-fentry: FAIL", then reboots, which ends QEMU.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <netinet/in.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/ptrace.h>
#include <sys/reboot.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "fentry-test.h"
#include "fentry.skel.h"
#include "source-test.h"

static int failures;
static bool quiet;	/* libbpf's messages off: a failure is expected */

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

/* Reports a failed call: its errno is read first. */
static void fail(const char *fmt, ...)
{
	int err = errno;
	va_list ap;

	va_start(ap, fmt);
	printf("qemu-fentry: ");
	vprintf(fmt, ap);
	printf(": %s\n", strerror(err));
	va_end(ap);
	failures++;
}

static int print_libbpf(enum libbpf_print_level level, const char *fmt,
			va_list ap)
{
	if (level == LIBBPF_DEBUG || quiet)
		return 0;
	return vfprintf(stdout, fmt, ap);
}

/* The kinds of signature change every kernel's run must trace. */
enum kind {
	KIND_POINTER_TO_VALUE,	/* isra: a pointer became the value it pointed to */
	KIND_SPLIT,		/* isra: a pointed-to struct became fields */
	KIND_CONSTANT,		/* constprop: a constant parameter removed */
	KIND_CHAIN,		/* constprop and isra, one after the other */
	KIND_PART,		/* part: a tail outlined by ipa-split */
	KIND_RETURN_DROPPED,	/* the return removed, traced with fexit */
	N_KINDS
};

static const char *const kind_names[N_KINDS] = {
	[KIND_POINTER_TO_VALUE] = "isra, a pointer turned into the value it pointed to",
	[KIND_SPLIT] = "isra, a pointed-to struct split into fields",
	[KIND_CONSTANT] = "constprop, a constant parameter removed",
	[KIND_CHAIN] = "constprop and isra in a chain",
	[KIND_PART] = "part, an outlined tail",
	[KIND_RETURN_DROPPED] = "return dropped, traced with fexit",
};

struct probe {
	enum fentry_probe id;
	const char *source;	/* the function as written */
	const char *params;	/* the true parameters: fnmatch patterns */
	bool returns_void;	/* the true prototype returns nothing */
	unsigned kinds;		/* what its prototype shows (1 << enum kind) */
	const char *program;	/* its program in fentry.bpf.c */
	void (*test)(struct fentry_bpf *skel, const char *clone);
};

/*
 * Whether the program named PROGRAM loads, attached to CLONE, in an
 * object of its own (its failure is what some tests expect).
 */
static bool loads_alone(const char *program, const char *clone)
{
	struct fentry_bpf *skel = fentry_bpf__open();
	struct bpf_program *prog;
	bool loaded;

	if (!skel)
		return false;
	bpf_object__for_each_program(prog, skel->obj)
		bpf_program__set_autoload(prog, !strcmp(bpf_program__name(prog),
							program));
	quiet = true;
	prog = bpf_object__find_program_by_name(skel->obj, program);
	loaded = prog && !bpf_program__set_attach_target(prog, 0, clone) &&
		 !fentry_bpf__load(skel);
	quiet = false;
	fentry_bpf__destroy(skel);
	return loaded;
}

static struct fentry_seen *reset(struct fentry_bpf *skel, enum fentry_probe p)
{
	memset(&skel->bss->seen[p], 0, sizeof(skel->bss->seen[p]));
	return &skel->bss->seen[p];
}

static void test_setscheduler(struct fentry_bpf *skel, const char *clone)
{
	struct sched_param param = { .sched_priority = 7 };
	struct fentry_seen *s = reset(skel, PROBE_SETSCHEDULER);

	if (sched_setscheduler(0, SCHED_FIFO, &param)) {
		fail("sched_setscheduler");
		return;
	}
	check_true(clone, "hit", s->hits > 0);
	check(clone, "p->tgid", s->v[0], getpid());
	check(clone, "policy", s->v[1], SCHED_FIFO);
	check(clone, "param->sched_priority", s->v[2], 7);
	check(clone, "check", s->v[3], 1);
}

static void test_first_pos(struct fentry_bpf *skel, const char *clone)
{
	static const char sysctl[] = "/proc/sys/net/ipv4/ip_default_ttl";
	struct fentry_seen *s = reset(skel, PROBE_FIRST_POS);
	unsigned long long name = 0;
	int fd = open(sysctl, O_WRONLY);

	/* A write at position 3: the kernel ignores it (sysctl_writes_strict)
	   after asking proc_first_pos_non_zero_ignore about *ppos. */
	if (fd < 0 || pwrite(fd, "64\n", 3, 3) < 0) {
		fail("writing to %s at position 3", sysctl);
		if (fd >= 0)
			close(fd);
		return;
	}
	close(fd);
	memcpy(&name, "ip_default_ttl", sizeof(name));
	check_true(clone, "hit", s->hits > 0);
	check(clone, "*ppos", s->v[0], 3);
	check(clone, "table->procname's first 8 bytes (ip_defau)", s->v[1],
	      name);
}

static void test_exec_count(struct fentry_bpf *skel, const char *clone)
{
	static const char path[] = "/not-a-program";
	static char *const argv[] = { (char *)path, "a", "b", NULL };
	static char *const envp[] = { "X=1", NULL };
	struct fentry_seen *s;
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0755);

	/* An executable file of no known format: execve counts its
	   arguments and environment, then fails with ENOEXEC. */
	if (fd < 0 || write(fd, "\0\0\0\0\0\0\0\0", 8) != 8) {
		fail("writing %s", path);
		if (fd >= 0)
			close(fd);
		return;
	}
	close(fd);
	s = reset(skel, PROBE_EXEC_COUNT);
	if (execve(path, argv, envp) == 0 || errno != ENOEXEC) {
		fail("execve of %s (expected ENOEXEC)", path);
		return;
	}
	unlink(path);
	check(clone, "hits (argv, envp)", s->hits, 2);
	check(clone, "argv.ptr", s->v[0], (unsigned long)argv);
	check(clone, "argv.is_compat", s->v[1], 0);
	check(clone, "envp.ptr", s->v[2], (unsigned long)envp);
	check(clone, "envp.is_compat", s->v[3], 0);
}

/* A child of ours, stopped at the entry of a system call: its pid, or -1. */
static pid_t traced_child_at_syscall(void)
{
	int status;
	pid_t child = fork();

	if (child == 0) {
		ptrace(PTRACE_TRACEME, 0, NULL, NULL);
		raise(SIGSTOP);
		syscall(SYS_getppid);
		_exit(0);
	}
	if (child < 0)
		return -1;
	if (waitpid(child, &status, 0) == child && WIFSTOPPED(status) &&
	    !ptrace(PTRACE_SETOPTIONS, child, NULL,
		    (void *)(long)PTRACE_O_TRACESYSGOOD) &&
	    !ptrace(PTRACE_SYSCALL, child, NULL, NULL) &&
	    waitpid(child, &status, 0) == child && WIFSTOPPED(status) &&
	    WSTOPSIG(status) == (SIGTRAP | 0x80))
		return child;
	kill(child, SIGKILL);
	waitpid(child, NULL, 0);
	return -1;
}

static void test_syscall_info(struct fentry_bpf *skel, const char *clone)
{
	struct __ptrace_syscall_info info;
	struct fentry_seen *s;
	pid_t child = traced_child_at_syscall();
	long n;

	if (child < 0) {
		fail("stopping a traced child at a system call");
		return;
	}
	memset(&info, 0, sizeof(info));
	s = reset(skel, PROBE_SYSCALL_INFO);
	n = ptrace(PTRACE_GET_SYSCALL_INFO, child, (void *)sizeof(info), &info);
	kill(child, SIGKILL);
	waitpid(child, NULL, 0);
	if (n <= 0 || info.op != PTRACE_SYSCALL_INFO_ENTRY) {
		fail("PTRACE_GET_SYSCALL_INFO at a system-call entry");
		return;
	}
	check_true(clone, "hit", s->hits > 0);
	check(clone, "info->arch", s->v[0], info.arch);
	check(clone, "info->instruction_pointer", s->v[1],
	      info.instruction_pointer);
	check(clone, "regs' instruction pointer", s->v[2],
	      info.instruction_pointer);
	check(clone, "regs' stack pointer", s->v[3], info.stack_pointer);
}

static void test_sigaltstack(struct fentry_bpf *skel, const char *clone)
{
	static char altstack[65536];
	stack_t ss = { .ss_sp = altstack, .ss_size = sizeof(altstack) };
	struct fentry_seen *s = reset(skel, PROBE_SIGALTSTACK);
	unsigned long long here = (unsigned long)&ss;

	if (sigaltstack(&ss, NULL)) {
		fail("sigaltstack");
		return;
	}
	check_true(clone, "hit", s->hits > 0);
	check(clone, "ss->ss_sp", s->v[0], (unsigned long)altstack);
	check(clone, "ss->ss_size", s->v[1], sizeof(altstack));
	check(clone, "ss->ss_flags", s->v[2], 0);
	check(clone, "oss", s->v[3], 0);
	/* sp: the user stack pointer at the system call, just below `ss' */
	printf("fentry %s: sp = %#llx, &ss = %#llx\n", clone, s->v[4], here);
	check_true(clone, "sp within 4 KiB below &ss",
		   s->v[4] <= here && here - s->v[4] < 4096);
}

static void test_siginfo(struct fentry_bpf *skel, const char *clone)
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
	check_true(clone, "hit", s->hits > 0);
	check(clone, "info->si_signo", s->v[0], SIGUSR1);
	check(clone, "info->si_code", s->v[1],
	      (unsigned long long)(long long)SI_QUEUE);
	check(clone, "from", s->v[2], (unsigned long)&info);
}

static void test_ipstats(struct fentry_bpf *skel, const char *clone)
{
	struct fentry_seen *s = reset(skel, PROBE_IPSTATS);
	char buf[4096];
	struct stat st;
	int fd = open("/proc/net/snmp", O_RDONLY);

	if (fd < 0 || fstat(fd, &st)) {
		fail("/proc/net/snmp");
		if (fd >= 0)
			close(fd);
		return;
	}
	while (read(fd, buf, sizeof(buf)) > 0)
		;
	close(fd);
	check_true(clone, "hit at exit", s->hits > 0);
	check(clone, "seq->file->f_inode->i_ino", s->v[0], st.st_ino);
	check_true(clone, "the program alone loads",
		   loads_alone("ipstats", clone));
	check_true(clone, "a program reading the declared int return is refused",
		   !loads_alone("ipstats_return", clone));
}

static void test_lport_inuse(struct fentry_bpf *skel, const char *clone)
{
	struct fentry_seen *s = reset(skel, PROBE_LPORT_INUSE);
	struct sockaddr_in addr = {
		.sin_family = AF_INET,
		.sin_port = htons(4242),
		.sin_addr.s_addr = htonl(INADDR_ANY),
	};
	struct stat st;
	int fd = socket(AF_INET, SOCK_DGRAM, 0);

	if (fd < 0 || fstat(fd, &st) ||
	    bind(fd, (struct sockaddr *)&addr, sizeof(addr))) {
		fail("binding a UDP socket to port 4242");
		if (fd >= 0)
			close(fd);
		return;
	}
	check_true(clone, "hit", s->hits > 0);
	check(clone, "num", s->v[0], 4242);
	printf("fentry %s: hslot (or its first socket) = %#llx\n", clone, s->v[1]);
	check(clone, "bitmap", s->v[2], 0);
	check(clone, "sk->sk_socket->file->f_inode->i_ino", s->v[3], st.st_ino);
	check(clone, "log", s->v[4], 0);
	close(fd);
}

static void test_loop_readv(struct fentry_bpf *skel, const char *clone)
{
	struct fentry_seen *s = reset(skel, PROBE_LOOP_READV);
	static char a[16], b[4096];
	struct iovec iov[2] = { { a, sizeof(a) }, { b, sizeof(b) } };
	struct stat st;
	/* Its file operations have read and no read_iter. */
	int fd = open("/proc/self/environ", O_RDONLY);

	if (fd < 0 || fstat(fd, &st) || readv(fd, iov, 2) < 0) {
		fail("readv of /proc/self/environ");
		if (fd >= 0)
			close(fd);
		return;
	}
	close(fd);
	check_true(clone, "hit", s->hits > 0);
	check(clone, "filp->f_inode->i_ino", s->v[0], st.st_ino);
	check(clone, "iter->count", s->v[1], sizeof(a) + sizeof(b));
	check(clone, "type (READ)", s->v[2], 0);
}

static void test_map_value_size(struct fentry_bpf *skel, const char *clone)
{
	struct fentry_seen *s = reset(skel, PROBE_MAP_VALUE_SIZE);
	struct bpf_map_info info;
	__u32 len = sizeof(info), key = 0;
	int fd = bpf_map__fd(skel->maps.bss);
	static char value[1 << 16];

	memset(&info, 0, sizeof(info));
	if (bpf_obj_get_info_by_fd(fd, &info, &len) ||
	    info.value_size > sizeof(value) ||
	    bpf_map_lookup_elem(fd, &key, value)) {
		fail("looking up the .bss map");
		return;
	}
	check_true(clone, "hit at exit", s->hits > 0);
	check(clone, "map->id", s->v[0], info.id);
	check(clone, "map->value_size", s->v[1], info.value_size);
	check(clone, "return", s->v[2], info.value_size);
}

static void test_proc_options(struct fentry_bpf *skel, const char *clone)
{
	struct fentry_seen *s = reset(skel, PROBE_PROC_OPTIONS);

	/* A second proc instance, with options of its own. */
	if (mkdir("/mnt", 0755) && errno != EEXIST) {
		fail("mkdir /mnt");
		return;
	}
	if (mount("proc", "/mnt", "proc", 0, "hidepid=2,gid=7")) {
		fail("mounting proc with hidepid=2,gid=7");
		return;
	}
	check_true(clone, "hit", s->hits > 0);
	check_true(clone, "fs_info->pid_ns, a pointer", s->v[0] != 0);
	check(clone, "fc->fs_private->hidepid", s->v[1], 2);
	check(clone, "fc->fs_private->gid", s->v[2], 7);
	umount("/mnt");
}

static void test_vma_name(struct fentry_bpf *skel, const char *clone)
{
	struct fentry_seen *s = reset(skel, PROBE_VMA_NAME);
	size_t size = 3 * 4096;
	char buf[4096];
	void *map = mmap(NULL, size, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS,
			 -1, 0);
	int fd = open("/proc/self/maps", O_RDONLY);

	if (map == MAP_FAILED || fd < 0) {
		fail("mapping memory and opening /proc/self/maps");
		if (fd >= 0)
			close(fd);
		return;
	}
	skel->bss->target_vma = (unsigned long)map;
	while (read(fd, buf, sizeof(buf)) > 0)
		;
	close(fd);
	check_true(clone, "hit for the new mapping", s->hits > 0);
	check(clone, "vma->vm_start", s->v[0], (unsigned long)map);
	check(clone, "vma->vm_end", s->v[1], (unsigned long)map + size);
	check(clone, "vma->vm_file", s->v[2], 0);
	munmap(map, size);
}

static const struct probe probes[] = {
	{ PROBE_SETSCHEDULER, "_sched_setscheduler",
	  "p policy param__sched_priority check", false,
	  1 << KIND_POINTER_TO_VALUE, "setscheduler", test_setscheduler },
	{ PROBE_SIGALTSTACK, "do_sigaltstack", "ss oss sp", false,
	  1 << KIND_CONSTANT, "sigaltstack", test_sigaltstack },
	{ PROBE_SIGINFO, "post_copy_siginfo_from_user",
	  "info__si_signo info__si_code from", false,
	  1 << KIND_SPLIT, "siginfo", test_siginfo },
	{ PROBE_IPSTATS, "snmp_seq_show_ipstats", "seq", true,
	  1 << KIND_RETURN_DROPPED, "ipstats", test_ipstats },
	{ PROBE_LPORT_INUSE, "udp_lib_lport_inuse",
	  "num hslot* bitmap sk log", false,
	  1 << KIND_CONSTANT, "lport_inuse", test_lport_inuse },
	{ PROBE_LOOP_READV, "do_loop_readv_writev", "filp iter ppos type", false,
	  0, "loop_readv", test_loop_readv },
	{ PROBE_MAP_VALUE_SIZE, "bpf_map_value_size", "map", false,
	  0, "map_value_size", test_map_value_size },
	{ PROBE_PROC_OPTIONS, "proc_apply_options", "fs_info fc__fs_private",
	  true, 1 << KIND_CONSTANT, "proc_options", test_proc_options },
	{ PROBE_VMA_NAME, "get_vma_name", "vma name", true,
	  0, "vma_name", test_vma_name },
	{ PROBE_FIRST_POS, "proc_first_pos_non_zero_ignore", "ppos* table",
	  false, 1 << KIND_POINTER_TO_VALUE, "first_pos", test_first_pos },
	{ PROBE_EXEC_COUNT, "count", "argv__ptr argv__is_compat", false,
	  1 << KIND_CONSTANT, "exec_count", test_exec_count },
	{ PROBE_SYSCALL_INFO, "ptrace_get_syscall_info_entry", "regs info",
	  true, 0, "syscall_info_entry", test_syscall_info },
};

/* Whether NAME is SOURCE followed by clone suffixes only. */
static bool is_clone_of(const char *name, const char *source)
{
	size_t n = strlen(source);

	if (strncmp(name, source, n) || name[n] != '.')
		return false;
	for (const char *p = name + n; *p; ) {
		size_t word = strcspn(++p, ".");

		if (word == 0)
			return false;
		if (!(word == 4 && !strncmp(p, "isra", 4)) &&
		    !(word == 9 && !strncmp(p, "constprop", 9)) &&
		    !(word == 4 && !strncmp(p, "part", 4)) &&
		    strspn(p, "0123456789") != word)
			return false;
		p += word;
	}
	return true;
}

static bool has_suffix(const char *name, const char *suffix)
{
	size_t n = strlen(suffix);

	for (const char *p = strchr(name, '.'); p; p = strchr(p + 1, '.'))
		if (!strncmp(p + 1, suffix, n) && p[n + 1] == '.')
			return true;
	return false;
}

/* Whether FUNC's prototype has PROBE's parameters and return. */
static bool prototype_fits(const struct btf *btf, const struct btf_type *func,
			   const struct probe *probe)
{
	const struct btf_type *proto = btf__type_by_id(btf, func->type);
	const struct btf_param *param = btf_params(proto);
	char patterns[128], *save = NULL, *pattern;
	int i = 0;

	if ((proto->type == 0) != probe->returns_void)
		return false;
	snprintf(patterns, sizeof(patterns), "%s", probe->params);
	for (pattern = strtok_r(patterns, " ", &save); pattern;
	     pattern = strtok_r(NULL, " ", &save), i++) {
		if (i >= btf_vlen(proto) ||
		    fnmatch(pattern, btf__name_by_offset(btf, param[i].name_off), 0))
			return false;
	}
	return i == btf_vlen(proto);
}

/* Prints FUNC's parameter names and whether it returns nothing. */
static void print_parameters(const struct btf *btf, const struct btf_type *func)
{
	const struct btf_type *proto = btf__type_by_id(btf, func->type);
	const struct btf_param *param = btf_params(proto);

	for (int i = 0; i < btf_vlen(proto); i++)
		printf("%s%s", i ? " " : "",
		       btf__name_by_offset(btf, param[i].name_off));
	printf(")%s", proto->type ? "" : ", returning nothing");
}

/*
 * The clone of PROBE's function with its prototype, or NULL; a clone with
 * another prototype is named, with its parameters.
 */
static const char *find_clone(const struct btf *btf, const struct probe *probe)
{
	for (__u32 id = 1; id < btf__type_cnt(btf); id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);
		const char *name = btf__name_by_offset(btf, t->name_off);

		if (!btf_is_func(t) || !is_clone_of(name, probe->source))
			continue;
		if (prototype_fits(btf, t, probe))
			return name;
		printf("fentry %s: another prototype: (", name);
		print_parameters(btf, t);
		printf("\n");
	}
	return NULL;
}

/*
 * Chooses each probe's clone and sets its program's target; a probe
 * without one is not loaded.  Fills CLONES with the clone names (NULL:
 * skipped).
 */
static void choose_clones(struct fentry_bpf *skel, const char **clones)
{
	struct btf *btf = btf__load_vmlinux_btf();

	if (!btf)
		fail("reading /sys/kernel/btf/vmlinux");
	for (size_t i = 0; i < sizeof(probes) / sizeof(probes[0]); i++) {
		const struct probe *probe = &probes[i];
		struct bpf_program *prog =
			bpf_object__find_program_by_name(skel->obj, probe->program);
		const char *clone = btf ? find_clone(btf, probe) : NULL;

		clones[i] = NULL;
		if (!prog) {
			errno = ENOENT;
			fail("finding program %s", probe->program);
			continue;
		}
		bpf_program__set_autoload(prog, false);
		if (!clone) {
			printf("fentry %s: skipped: this kernel has no clone of it "
			       "with the parameters %s%s\n", probe->source,
			       probe->params,
			       probe->returns_void ? " returning nothing" : "");
			continue;
		}
		if (bpf_program__set_attach_target(prog, 0, clone)) {
			fail("attaching program %s to %s", bpf_program__name(prog),
			     clone);
			continue;
		}
		bpf_program__set_autoload(prog, true);
		clones[i] = strdup(clone);
		printf("fentry %s: a clone of %s(%s)%s\n", clone, probe->source,
		       probe->params, probe->returns_void ? ", returning nothing" : "");
	}
	btf__free(btf);
}

/* Runs the probes that have a clone; returns the kinds they traced. */
static unsigned run_probes(struct fentry_bpf *skel, const char **clones)
{
	unsigned traced = 0;

	for (size_t i = 0; i < sizeof(probes) / sizeof(probes[0]); i++) {
		int before = failures;
		unsigned kinds;

		if (!clones[i])
			continue;
		probes[i].test(skel, clones[i]);
		if (failures != before)
			continue;
		kinds = probes[i].kinds;
		/* A constant parameter is removed by IPA-CP only. */
		if (!has_suffix(clones[i], "constprop"))
			kinds &= ~(1u << KIND_CONSTANT);
		if (has_suffix(clones[i], "constprop") && has_suffix(clones[i], "isra"))
			kinds |= 1u << KIND_CHAIN;
		if (has_suffix(clones[i], "part"))
			kinds |= 1u << KIND_PART;
		traced |= kinds;
	}
	return traced;
}

static void load_module(const char *path)
{
	struct stat st;
	char btf[256];
	const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0 || syscall(SYS_finit_module, fd, "", 0)) {
		fail("loading %s", path);
		if (fd >= 0)
			close(fd);
		return;
	}
	close(fd);
	/* The module's name: its file's, up to the dot, with - as _. */
	snprintf(btf, sizeof(btf), "/sys/kernel/btf/%.*s", (int)strcspn(name, "."),
		 name);
	for (char *c = btf; *c; c++)
		if (*c == '-')
			*c = '_';
	check_true("module", btf, !stat(btf, &st));
}

/* Loads the modules LIST names, one path a line, in order. */
static void load_modules(const char *list)
{
	char line[256];
	FILE *f = fopen(list, "r");

	if (!f) {
		fail("reading %s", list);
		return;
	}
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (line[0])
			load_module(line);
	}
	fclose(f);
}

int main(void)
{
	const char *clones[sizeof(probes) / sizeof(probes[0])] = { 0 };
	struct fentry_bpf *skel;
	unsigned traced;
	struct stat st;

	setvbuf(stdout, NULL, _IOLBF, 0);
	mount("proc", "/proc", "proc", 0, NULL);
	mount("sysfs", "/sys", "sysfs", 0, NULL);
	check_true("vmlinux", "/sys/kernel/btf/vmlinux",
		   !stat("/sys/kernel/btf/vmlinux", &st));
	load_modules("/modules");

	libbpf_set_print(print_libbpf);
	skel = fentry_bpf__open();
	if (!skel) {
		fail("opening the BPF object");
		goto out;
	}
	skel->bss->target_pid = getpid();
	choose_clones(skel, clones);
	bpf_program__set_autoload(skel->progs.ipstats_return, false);
	if (fentry_bpf__load(skel)) {
		fail("loading the BPF programs");
		goto out;
	}
	if (fentry_bpf__attach(skel)) {
		fail("attaching the BPF programs");
		goto out;
	}
	traced = run_probes(skel, clones);
	for (int k = 0; k < N_KINDS; k++) {
		printf("fentry kind: %s: %s\n", kind_names[k],
		       traced & (1u << k) ? "traced" : "FAIL: no probe traced it");
		failures += !(traced & (1u << k));
	}
out:
	fentry_bpf__destroy(skel);
	printf("qemu-fentry: %s\n", failures ? "FAIL" : "PASS");
	/* The same kernel, programs written against source names alone,
	   by libtruesig and by bpftrace. */
	source_test();
	bpftrace_test();
	fflush(stdout);
	sync();
	/*
	 * The small config has no ACPI, so power-off would only halt; a
	 * reboot ends qemu, which runs with -no-reboot.
	 */
	reboot(RB_AUTOBOOT);
	return 0;
}
