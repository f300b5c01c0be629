/* SPDX-License-Identifier: GPL-2.0 */
/* fentry-test.h — what fentry.bpf.c records and fentry-test.c checks. */
#ifndef FENTRY_TEST_H
#define FENTRY_TEST_H

enum fentry_probe {
	PROBE_SETSCHEDULER,
	PROBE_SIGALTSTACK,
	PROBE_SIGINFO,
	PROBE_IPSTATS,
	PROBE_LPORT_INUSE,
	PROBE_LOOP_READV,
	PROBE_MAP_VALUE_SIZE,
	PROBE_PROC_OPTIONS,
	PROBE_VMA_NAME,
	PROBE_FIRST_POS,
	PROBE_EXEC_COUNT,
	PROBE_SYSCALL_INFO,
	N_PROBES
};

/* One probe's last hit by the test process: the values it read. */
struct fentry_seen {
	unsigned long long hits;
	unsigned long long v[5];
};

#endif
