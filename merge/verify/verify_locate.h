/* SPDX-License-Identifier: MIT */
/*
 * verify_locate.h — read a value where a record's location says it is, at
 * a function's entry: a register (by DWARF number), the stack at the entry
 * stack pointer plus an offset, or memory addressed by either.
 */
#ifndef TRUESIG_VERIFY_LOCATE_H
#define TRUESIG_VERIFY_LOCATE_H

#include <stddef.h>
#include <stdint.h>

#include "records.h"
#include "verify_trace.h"

/* A stopped child at a function's first instruction. */
struct locate_state {
	const struct trace_child *child;
	const struct trace_regs	 *regs;
	uint16_t		  machine;	/* EM_* */
};

/* The stack pointer at entry. */
uint64_t locate_sp(const struct locate_state *st);

/* The return address at entry: 0, or -errno with a message in err. */
int locate_return_address(const struct locate_state *st, uint64_t *ra,
			  char *err, size_t err_size);

/*
 * The `size'-byte value held in the register numbered `dwarf_reg', as the
 * program would store it in memory: its low bytes (the high ones in a
 * register the target table calls high-aligned, s390x's f registers), in
 * the program's byte order.  0, or -EINVAL with a message in err for a register
 * not read at the stop or a size larger than the register.
 */
int locate_register(const struct locate_state *st, int dwarf_reg, void *out,
		    size_t size, char *err, size_t err_size);

/*
 * The first `size' bytes (size <= loc->size) of the piece at `loc'.  0, or
 * -errno with a message in err.
 */
int locate_read(const struct locate_state *st,
		const struct truesig_location *loc, void *out, size_t size,
		char *err, size_t err_size);

/* "rdi", "xmm1", "[sp+8]", "[[sp+8]]", "[rdi]": for messages. */
void locate_describe(const struct truesig_location *loc, uint16_t machine,
		     char *buf, size_t buf_size);

#endif /* TRUESIG_VERIFY_LOCATE_H */
