// SPDX-License-Identifier: MIT
/*
 * places.bpf.c — fentry programs written against the functions as
 * written of find-cli.exp's "kernel" (its vmlinux's work and twin, and the
 * module's twin), reading their arguments by source name
 * (<truesig/truesig_bpf.h>).  It is never loaded: places.c opens it with
 * truesig_bpf__open() on that kernel's BTF and prints where each instance
 * was told each argument is.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include <truesig/truesig_bpf.h>

unsigned long long out[8];

/* work (const struct cfg *c, int level, int unused): c->b is c__b. */
TRUESIG_ARG_DECLARE(work, c);
TRUESIG_ARG_DECLARE(work, c__b);
TRUESIG_ARG_DECLARE(work, level);
TRUESIG_ARG_DECLARE(work, unused);
TRUESIG_ARG_DECLARE(work, nothing);

SEC("fentry/work")
int on_work(unsigned long long *ctx)
{
	TRUESIG_ARG(ctx, work, c, &out[0]);
	TRUESIG_ARG(ctx, work, c__b, &out[1]);
	TRUESIG_ARG(ctx, work, level, &out[2]);
	TRUESIG_ARG(ctx, work, unused, &out[3]);
	TRUESIG_ARG(ctx, work, nothing, &out[4]);
	return 0;
}

/* twin (int a, int unused, int c) in vmlinux; (int a, int b, int dropped)
   in the module. */
TRUESIG_ARG_DECLARE(twin, a);
TRUESIG_ARG_DECLARE(twin, b);
TRUESIG_ARG_DECLARE(twin, c);
TRUESIG_ARG_DECLARE(twin, unused);
TRUESIG_ARG_DECLARE(twin, dropped);

SEC("fexit/twin")
int on_twin(unsigned long long *ctx)
{
	TRUESIG_ARG(ctx, twin, a, &out[5]);
	TRUESIG_ARG(ctx, twin, b, &out[6]);
	TRUESIG_ARG(ctx, twin, c, &out[7]);
	TRUESIG_ARG(ctx, twin, unused, &out[7]);
	TRUESIG_ARG(ctx, twin, dropped, &out[7]);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
