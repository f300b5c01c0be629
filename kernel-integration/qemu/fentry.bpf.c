// SPDX-License-Identifier: GPL-2.0
/*
 * fentry.bpf.c — fentry programs on clone functions, attached through the
 * FUNCs `truesig btf' put into vmlinux's BTF (foo.isra.0 and its real
 * prototype).  Each program records, for the test process only, what it
 * read from the function's real arguments; fentry-test.c compares that
 * with what it passed to the system call that reached the function.
 *
 * The kernel's verifier admits an access to argument i only when the
 * FUNC's prototype has more than i parameters, and gives each argument
 * its BTF type: a wrong prototype fails to load or reads the wrong
 * register.  Integer arguments are read at the size of their type.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>

#include "fentry-test.h"

int target_pid;
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
SEC("fentry/_sched_setscheduler.isra.0")
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

/* constprop: min_ss_size (MINSIGSTKSZ, a constant) is not passed. */
SEC("fentry/do_sigaltstack.constprop.0")
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
SEC("fentry/post_copy_siginfo_from_user.isra.0")
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

/* constprop and isra: the unused `void *v' is removed. */
SEC("fentry/snmp_seq_show_ipstats.constprop.0.isra.0")
int BPF_PROG(ipstats, struct seq_file *seq)
{
	struct fentry_seen *s = hit(PROBE_IPSTATS);

	if (s)
		s->v[0] = BPF_CORE_READ(seq, file, f_inode, i_ino);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
