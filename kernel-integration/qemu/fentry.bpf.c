// SPDX-License-Identifier: GPL-2.0
/*
 * fentry.bpf.c — fentry and fexit programs on clone functions, attached
 * through the FUNCs `truesig btf' put into the kernel's BTF (foo.isra.0
 * and its true prototype).  Each program records, for the test process
 * only, what it read from the function's real arguments; fentry-test.c
 * chooses the clone each program attaches to (the names differ from one
 * kernel and compiler to another), reaches it with known values and
 * compares.
 *
 * The kernel's verifier admits an access to argument i only when the
 * FUNC's prototype has more than i parameters, and gives each argument
 * its BTF type: a wrong prototype fails to load or reads the wrong
 * register.  Integer arguments are read at the size of their type.
 * Pointers to user memory are only compared, never dereferenced.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>

#include "fentry-test.h"

int target_pid;
__u64 target_vma;		/* the start of the mapping PROBE_VMA_NAME waits for */
struct fentry_seen seen[N_PROBES];

static __always_inline struct fentry_seen *hit(int probe)
{
	struct fentry_seen *s;

	if ((bpf_get_current_pid_tgid() >> 32) != (__u32)target_pid)
		return 0;
	if (probe < 0 || probe >= N_PROBES)
		return 0;
	s = &seen[probe];
	s->hits++;
	return s;
}

/* isra: `const struct sched_param *param' became param->sched_priority. */
SEC("fentry")
int BPF_PROG(setscheduler, struct task_struct *p, int policy, int priority,
	     __u8 check)
{
	struct fentry_seen *s = hit(PROBE_SETSCHEDULER);

	if (s) {
		s->v[0] = BPF_CORE_READ(p, tgid);
		s->v[1] = (__u64)(__s64)policy;
		s->v[2] = (__u64)(__s64)priority;
		s->v[3] = check;
	}
	return 0;
}

/*
 * isra: `loff_t *ppos' became *ppos, the file position of a write to a
 * sysctl (where x86-64 has _sched_setscheduler.isra, arm64 inlines it).
 */
SEC("fentry")
int BPF_PROG(first_pos, loff_t pos, const struct ctl_table *table)
{
	struct fentry_seen *s = hit(PROBE_FIRST_POS);

	if (s) {
		s->v[0] = (__u64)pos;
		/* The first 8 bytes of the sysctl's name. */
		bpf_probe_read_kernel(&s->v[1], sizeof(s->v[1]),
				      BPF_CORE_READ(table, procname));
	}
	return 0;
}

/*
 * constprop and isra: execve's count(argv, MAX_ARG_STRINGS) without the
 * constant, its struct user_arg_ptr (passed by value) split into ptr and
 * is_compat, on a kernel with CONFIG_COMPAT.  Called for argv, then envp.
 */
SEC("fentry")
int BPF_PROG(exec_count, const char *const *ptr, bool is_compat)
{
	struct fentry_seen *s = hit(PROBE_EXEC_COUNT);

	if (s && s->hits == 1) {
		s->v[0] = (__u64)ptr;
		s->v[1] = is_compat;
	} else if (s && s->hits == 2) {
		s->v[2] = (__u64)ptr;
		s->v[3] = is_compat;
	}
	return 0;
}

/*
 * constprop and isra: PTRACE_GET_SYSCALL_INFO at a system-call-entry stop
 * calls ptrace_get_syscall_info_entry(child, regs, &info), on arm64 with
 * child unused (removed), info->arch known to IPA-CP, the return dropped.
 * regs are the tracee's registers, info the caller's, filled in already.
 */
SEC("fentry")
int BPF_PROG(syscall_info_entry, struct pt_regs *regs,
	     struct ptrace_syscall_info *info)
{
	struct fentry_seen *s = hit(PROBE_SYSCALL_INFO);

	if (s) {
		s->v[0] = BPF_CORE_READ(info, arch);
		s->v[1] = BPF_CORE_READ(info, instruction_pointer);
		s->v[2] = PT_REGS_IP_CORE(regs);
		s->v[3] = PT_REGS_SP_CORE(regs);
	}
	return 0;
}

/* constprop: min_ss_size (MINSIGSTKSZ, a constant) is not passed. */
SEC("fentry")
int BPF_PROG(sigaltstack, const stack_t *ss, stack_t *oss, unsigned long sp)
{
	struct fentry_seen *s = hit(PROBE_SIGALTSTACK);

	if (s) {
		s->v[0] = (__u64)BPF_CORE_READ(ss, ss_sp);
		s->v[1] = BPF_CORE_READ(ss, ss_size);
		s->v[2] = (__u64)(__s64)BPF_CORE_READ(ss, ss_flags);
		s->v[3] = (__u64)oss;
		s->v[4] = sp;
	}
	return 0;
}

/* isra: `kernel_siginfo_t *info' became info->si_signo and info->si_code. */
SEC("fentry")
int BPF_PROG(siginfo, int signo, int code, const siginfo_t *from)
{
	struct fentry_seen *s = hit(PROBE_SIGINFO);

	if (s) {
		s->v[0] = (__u64)(__s64)signo;
		s->v[1] = (__u64)(__s64)code;
		s->v[2] = (__u64)from;
	}
	return 0;
}

/*
 * The unused `void *v' is removed, and the return (always 0) dropped: the
 * FUNC returns void, so an fexit program sees the arguments only.
 */
SEC("fexit")
int BPF_PROG(ipstats, struct seq_file *seq)
{
	struct fentry_seen *s = hit(PROBE_IPSTATS);

	if (s)
		s->v[0] = BPF_CORE_READ(seq, file, f_inode, i_ino);
	return 0;
}

/*
 * The same with the declared `int' return read: the verifier must refuse
 * it, as the function returns nothing (fentry-test.c loads it alone).
 */
SEC("fexit")
int BPF_PROG(ipstats_return, struct seq_file *seq, int ret)
{
	struct fentry_seen *s = hit(PROBE_IPSTATS);

	if (s)
		s->v[1] = (__u64)(__s64)ret;
	return 0;
}

/*
 * IPA-CP made `net' the constant &init_net; IPA-SRA, where it also ran,
 * passes hslot->head.first in place of hslot (read here as a number only).
 */
SEC("fentry")
int BPF_PROG(lport_inuse, __u16 num, void *hslot, unsigned long *bitmap,
	     struct sock *sk, unsigned int log)
{
	struct fentry_seen *s = hit(PROBE_LPORT_INUSE);

	if (s) {
		s->v[0] = num;
		s->v[1] = (__u64)hslot;
		s->v[2] = (__u64)bitmap;
		s->v[3] = BPF_CORE_READ(sk, sk_socket, file, f_inode, i_ino);
		s->v[4] = log;
	}
	return 0;
}

/* part: the outlined tail; `flags', tested in the head, is not passed. */
SEC("fentry")
int BPF_PROG(loop_readv, struct file *filp, struct iov_iter *iter,
	     loff_t *ppos, int type)
{
	struct fentry_seen *s = hit(PROBE_LOOP_READV);

	if (s) {
		s->v[0] = BPF_CORE_READ(filp, f_inode, i_ino);
		s->v[1] = BPF_CORE_READ(iter, count);
		s->v[2] = (__u64)(__s64)type;
	}
	return 0;
}

/* part: the outlined tail; `flags', tested in the head, is not passed. */
SEC("fexit")
int BPF_PROG(map_value_size, const struct bpf_map *map, __u32 ret)
{
	struct fentry_seen *s = hit(PROBE_MAP_VALUE_SIZE);

	if (s) {
		s->v[0] = BPF_CORE_READ(map, id);
		s->v[1] = BPF_CORE_READ(map, value_size);
		s->v[2] = ret;
	}
	return 0;
}

/*
 * constprop and isra: `user_ns' the constant &init_user_ns, and of `fc'
 * only fc->fs_private, the mount's parsed options.
 */
SEC("fentry")
int BPF_PROG(proc_options, struct proc_fs_info *fs_info, void *fs_private)
{
	struct proc_fs_context *options = fs_private;
	struct fentry_seen *s = hit(PROBE_PROC_OPTIONS);

	if (s) {
		s->v[0] = (__u64)BPF_CORE_READ(fs_info, pid_ns);
		s->v[1] = BPF_CORE_READ(options, hidepid);
		s->v[2] = (__u64)(__s64)BPF_CORE_READ(options, gid);
	}
	return 0;
}

/*
 * part: the tail for mappings without a file; `path' and `name_fmt' gone.
 * `name' (a char **) is not read: Linux 6.12's verifier admits no
 * pointer to a pointer.
 */
SEC("fentry")
int BPF_PROG(vma_name, struct vm_area_struct *vma)
{
	struct fentry_seen *s;

	if (BPF_CORE_READ(vma, vm_start) != target_vma)
		return 0;
	s = hit(PROBE_VMA_NAME);
	if (s) {
		s->v[0] = BPF_CORE_READ(vma, vm_start);
		s->v[1] = BPF_CORE_READ(vma, vm_end);
		s->v[2] = (__u64)BPF_CORE_READ(vma, vm_file);
	}
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
