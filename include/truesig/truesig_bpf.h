/* SPDX-License-Identifier: MIT */
/*
 * truesig_bpf.h — in a BPF fentry or fexit program, read the traced
 * function's arguments by the names its source gives them, whichever of
 * its clones the program runs on (foo, foo.isra.0, foo.constprop.0, ...).
 *
 * The program is written against the function as written: its section
 * names it ("fentry/finish_task_switch") and TRUESIG_ARG() names the
 * arguments.  At load time libtruesig's truesig_bpf__open() (truesig.h)
 * finds every function that stands for it in the running kernel's BTF,
 * makes one instance of the program for each (the maps are shared), and
 * tells each instance, in a read-only variable per argument, where that
 * argument is in that function: which word of the context, or the
 * constant it was replaced by, or that it does not arrive (removed, or
 * split into pieces).  Nothing is compiled again.
 *
 *	#include "vmlinux.h"
 *	#include <bpf/bpf_helpers.h>
 *	#include <truesig/truesig_bpf.h>
 *
 *	TRUESIG_ARG_DECLARE(finish_task_switch, prev);
 *
 *	SEC("fentry/finish_task_switch")
 *	int trace(unsigned long long *ctx)
 *	{
 *		unsigned long long prev;
 *
 *		if (TRUESIG_ARG(ctx, finish_task_switch, prev, &prev) == 0)
 *			bpf_printk("prev %llx", prev);
 *		else if (TRUESIG_ARG_FATE(finish_task_switch, prev) ==
 *			 TRUESIG_FATE_REMOVED)
 *			bpf_printk("prev is not passed to this clone");
 *		return 0;
 *	}
 *
 * A piece of a split argument is read by the name `truesig btf` gives its
 * parameter (docs/FORMAT.md 13.3): p.in.x is p__in__x, b->flags is
 * b__flags.  A function may have several programs; an argument is
 * declared once.  Values are read with bpf_get_func_arg() (Linux 5.17 and
 * later), sign- or zero-extended from their size as their type says.
 *
 * Only this header is needed in the BPF program; it includes nothing and
 * expects bpf_helpers.h (for bpf_get_func_arg) before it.  Compiled for
 * anything but BPF, it declares only the layout the library fills in.
 */
#ifndef TRUESIG_TRUESIG_BPF_H
#define TRUESIG_TRUESIG_BPF_H

/* Where an argument is in the function an instance runs on. */
enum truesig_bpf_where {
	TRUESIG_WHERE_UNSET	= 0,	/* not filled in: loaded without
					   truesig_bpf__open() */
	TRUESIG_WHERE_SLOT	= 1,	/* context word `slot`, `size` bytes */
	TRUESIG_WHERE_CONSTANT	= 2,	/* not passed; its value is `value` */
	TRUESIG_WHERE_NONE	= 3,	/* not available: see `fate` */
};

/* What became of it: truesig_format.h's TS_FATE_* (0: not known). */
enum truesig_bpf_fate {
	TRUESIG_FATE_UNKNOWN	= 0,
	TRUESIG_FATE_PASSED	= 1,
	TRUESIG_FATE_SPLIT	= 2,	/* pieces of it arrive, not it */
	TRUESIG_FATE_REMOVED	= 3,	/* not passed: the function does not
					   use it */
	TRUESIG_FATE_CONSTANT	= 4,
};

/* One argument's place, filled in by truesig_bpf__open() for each
   instance.  24 bytes; the layout is the interface with the library. */
struct truesig_bpf_arg {
	unsigned int		where;		/* enum truesig_bpf_where */
	unsigned int		fate;		/* enum truesig_bpf_fate */
	unsigned int		slot;
	unsigned int		size;		/* 1, 2, 4 or 8 */
	unsigned int		is_signed;
	unsigned int		reserved;
	unsigned long long	value;
};

#define TRUESIG_BPF_VAR(func, arg)	truesig__##func##__##arg

/* At file scope, once for each argument a program reads: the read-only
   variable truesig_bpf__open() fills in for each instance. */
#define TRUESIG_ARG_DECLARE(func, arg)					\
	const volatile struct truesig_bpf_arg TRUESIG_BPF_VAR(func, arg) = { 0 }

#if defined(__bpf__)	/* what follows is the BPF program's */

/* Not available in this function (removed, split, not known). */
#define TRUESIG_UNAVAILABLE	(-1)

/*
 * Read argument `arg` of function `func` into *out (an integer or a
 * pointer, 1 to 8 bytes): 0, or TRUESIG_UNAVAILABLE.
 */
#define TRUESIG_ARG(ctx, func, arg, out)				\
	truesig_bpf_read((ctx), &TRUESIG_BPF_VAR(func, arg), (out),	\
			 sizeof(*(out)))

/* Its fate in this function: TRUESIG_FATE_*. */
#define TRUESIG_ARG_FATE(func, arg)	(TRUESIG_BPF_VAR(func, arg).fate)

static __attribute__((always_inline)) inline long
truesig_bpf_read(void *ctx, const volatile struct truesig_bpf_arg *a,
		 void *out, unsigned int out_size)
{
	unsigned long long v = 0;
	unsigned int size = a->size;

	if (a->where == TRUESIG_WHERE_CONSTANT) {
		v = a->value;
	} else if (a->where == TRUESIG_WHERE_SLOT) {
		if (bpf_get_func_arg(ctx, a->slot, &v))
			return TRUESIG_UNAVAILABLE;
		if (size && size < 8) {
			unsigned int shift = 64 - 8 * size;

			v <<= shift;
			v = a->is_signed ? (unsigned long long)
					   ((long long)v >> shift)
					 : v >> shift;
		}
	} else {
		return TRUESIG_UNAVAILABLE;
	}
	switch (out_size) {
	case 1: *(unsigned char *)out = (unsigned char)v; break;
	case 2: *(unsigned short *)out = (unsigned short)v; break;
	case 4: *(unsigned int *)out = (unsigned int)v; break;
	default: *(unsigned long long *)out = v; break;
	}
	return 0;
}

#endif /* __bpf__ */

#endif /* TRUESIG_TRUESIG_BPF_H */
