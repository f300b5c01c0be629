// SPDX-License-Identifier: MIT
/*
 * same-name.bpf.c — a program on `pick' of find-cli.exp's kernel made of
 * two files, each with its own static pick and its own clone of it,
 * pick.constprop.0 twice, with mode 3 in one and 5 in the other.  A
 * target is found by its name, so the two are one target: `a' is in word
 * 0 in both, `mode' is no one number (places.c prints it).
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include <truesig/truesig_bpf.h>

unsigned long long out[2];

TRUESIG_ARG_DECLARE(pick, a);
TRUESIG_ARG_DECLARE(pick, mode);

SEC("fentry/pick")
int on_pick(unsigned long long *ctx)
{
	TRUESIG_ARG(ctx, pick, a, &out[0]);
	TRUESIG_ARG(ctx, pick, mode, &out[1]);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
