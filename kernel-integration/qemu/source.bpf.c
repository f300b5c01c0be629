// SPDX-License-Identifier: GPL-2.0
/*
 * source.bpf.c — fentry programs written only against the functions as
 * the kernel's source writes them: each section names a function as
 * written, each argument is read by its source name through
 * <truesig/truesig_bpf.h>.  Nothing here knows which clones the kernel
 * has, nor where their arguments went; libtruesig's truesig_bpf__open()
 * attaches each program to every function that stands for its function
 * (fentry-test.c), and fills in, for each, where each argument is.
 *
 * Each program records, for the test process only, the arguments it
 * could read and which it could not (source-test.h).
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>
#include <truesig/truesig_bpf.h>

#include "source-test.h"

int source_pid;
struct source_seen source_seen[N_SOURCE_PROBES];

static __always_inline struct source_seen *seen(int probe)
{
	struct source_seen *s;

	if ((bpf_get_current_pid_tgid() >> 32) != (__u32)source_pid)
		return 0;
	if (probe < 0 || probe >= N_SOURCE_PROBES)
		return 0;
	s = &source_seen[probe];
	s->hits++;
	return s;
}

/* Read argument ARG of FUNC into s->v[I] and say so in s->read, or its
   fate into s->fate[I]. */
#define READ(s, i, func, arg)						\
	do {								\
		__u64 value_;						\
									\
		if (TRUESIG_ARG(ctx, func, arg, &value_) == 0) {	\
			(s)->v[i] = value_;				\
			(s)->read |= 1u << (i);				\
		}							\
		(s)->fate[i] = TRUESIG_ARG_FATE(func, arg);		\
	} while (0)

/* do_sigaltstack(const stack_t *ss, stack_t *oss, unsigned long sp,
   size_t min_ss_size) */
TRUESIG_ARG_DECLARE(do_sigaltstack, ss);
TRUESIG_ARG_DECLARE(do_sigaltstack, oss);
TRUESIG_ARG_DECLARE(do_sigaltstack, sp);
TRUESIG_ARG_DECLARE(do_sigaltstack, min_ss_size);

SEC("fentry/do_sigaltstack")
int sigaltstack_by_name(unsigned long long *ctx)
{
	struct source_seen *s = seen(SOURCE_SIGALTSTACK);

	if (!s)
		return 0;
	READ(s, 0, do_sigaltstack, ss);
	READ(s, 1, do_sigaltstack, oss);
	READ(s, 2, do_sigaltstack, sp);
	READ(s, 3, do_sigaltstack, min_ss_size);
	if (s->read & 1) {
		/* A local first: CO-RE relocates what the macro reads. */
		const stack_t *ss = (const stack_t *)s->v[0];

		s->v[4] = BPF_CORE_READ(ss, ss_size);
	}
	return 0;
}

/* _sched_setscheduler(struct task_struct *p, int policy,
   const struct sched_param *param, bool check); param->sched_priority is
   param__sched_priority where IPA-SRA loaded it. */
TRUESIG_ARG_DECLARE(_sched_setscheduler, p);
TRUESIG_ARG_DECLARE(_sched_setscheduler, policy);
TRUESIG_ARG_DECLARE(_sched_setscheduler, param);
TRUESIG_ARG_DECLARE(_sched_setscheduler, check);
TRUESIG_ARG_DECLARE(_sched_setscheduler, param__sched_priority);

SEC("fentry/_sched_setscheduler")
int setscheduler_by_name(unsigned long long *ctx)
{
	struct source_seen *s = seen(SOURCE_SETSCHEDULER);

	if (!s)
		return 0;
	READ(s, 0, _sched_setscheduler, p);
	READ(s, 1, _sched_setscheduler, policy);
	READ(s, 2, _sched_setscheduler, param);
	READ(s, 3, _sched_setscheduler, check);
	READ(s, 4, _sched_setscheduler, param__sched_priority);
	if (s->read & 1) {
		struct task_struct *p = (struct task_struct *)s->v[0];

		s->v[5] = BPF_CORE_READ(p, tgid);
	}
	return 0;
}

/* post_copy_siginfo_from_user(kernel_siginfo_t *info,
   const siginfo_t __user *from): info->si_signo and ->si_code are
   info__si_signo and info__si_code where IPA-SRA loaded them. */
TRUESIG_ARG_DECLARE(post_copy_siginfo_from_user, info);
TRUESIG_ARG_DECLARE(post_copy_siginfo_from_user, from);
TRUESIG_ARG_DECLARE(post_copy_siginfo_from_user, info__si_signo);
TRUESIG_ARG_DECLARE(post_copy_siginfo_from_user, info__si_code);

SEC("fentry/post_copy_siginfo_from_user")
int siginfo_by_name(unsigned long long *ctx)
{
	struct source_seen *s = seen(SOURCE_SIGINFO);

	if (!s)
		return 0;
	READ(s, 0, post_copy_siginfo_from_user, info);
	READ(s, 1, post_copy_siginfo_from_user, from);
	READ(s, 2, post_copy_siginfo_from_user, info__si_signo);
	READ(s, 3, post_copy_siginfo_from_user, info__si_code);
	return 0;
}

/* snmp_seq_show_ipstats(struct seq_file *seq, void *v): v, unused, is
   removed where IPA-SRA removed it. */
TRUESIG_ARG_DECLARE(snmp_seq_show_ipstats, seq);
TRUESIG_ARG_DECLARE(snmp_seq_show_ipstats, v);

SEC("fentry/snmp_seq_show_ipstats")
int ipstats_by_name(unsigned long long *ctx)
{
	struct source_seen *s = seen(SOURCE_IPSTATS);

	if (!s)
		return 0;
	READ(s, 0, snmp_seq_show_ipstats, seq);
	READ(s, 1, snmp_seq_show_ipstats, v);
	if (s->read & 1) {
		struct seq_file *seq = (struct seq_file *)s->v[0];

		s->v[2] = BPF_CORE_READ(seq, file, f_inode, i_ino);
	}
	return 0;
}

/*
 * perf_event_namespaces(struct task_struct *task): the kernel has the
 * function as written (unshare and setns call it) and the .part clone of
 * its tail (reached only with namespace perf events); the program runs on
 * both.  v[0] task, v[1] task->tgid.
 */
TRUESIG_ARG_DECLARE(perf_event_namespaces, task);

SEC("fentry/perf_event_namespaces")
int namespaces_by_name(unsigned long long *ctx)
{
	struct source_seen *s = seen(SOURCE_NAMESPACES);

	if (!s)
		return 0;
	READ(s, 0, perf_event_namespaces, task);
	if (s->read & 1) {
		struct task_struct *task = (struct task_struct *)s->v[0];

		s->v[1] = BPF_CORE_READ(task, tgid);
	}
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
