/* SPDX-License-Identifier: GPL-2.0 */
/* source-test.h — what source.bpf.c records and fentry-test.c checks. */
#ifndef SOURCE_TEST_H
#define SOURCE_TEST_H

enum source_probe {
	SOURCE_SIGALTSTACK,
	SOURCE_SETSCHEDULER,
	SOURCE_SIGINFO,
	SOURCE_IPSTATS,
	SOURCE_NAMESPACES,
	N_SOURCE_PROBES
};

/* One probe's last hit by the test process. */
struct source_seen {
	unsigned long long hits;
	unsigned long long v[6];	/* the arguments read, by position */
	unsigned int read;		/* bit i: v[i] was read */
	unsigned int fate[6];		/* TRUESIG_FATE_* of each */
};

/* In /init (source-test.c): the source-name test; its failures. */
int source_test(void);
/* bpftrace on the program `truesig find --bpftrace' wrote, when the image
   has it; its failures. */
int bpftrace_test(void);

#endif
