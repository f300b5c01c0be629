// SPDX-License-Identifier: MIT
/*
 * verify_locate.c — values at the locations of docs/FORMAT.md section 9.
 *
 * Registers come by DWARF number from the backend that stopped the child
 * (verify_trace.h); the stack pointer and where the return address is are
 * the target table's (target.h).
 */
#include <elf.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "byteorder.h"
#include "errmsg.h"
#include "target.h"
#include "verify_locate.h"

static unsigned word_size(const struct locate_state *st)
{
	return st->child->word32 ? 4 : 8;
}

/* A register's low word, as a number (trace_regs keeps it low byte
   first); 0 for a number out of range. */
static uint64_t register_number(const struct locate_state *st, int dwarf_reg)
{
	if (dwarf_reg < 0 || dwarf_reg >= TRACE_MAX_REGS)
		return 0;
	return load_uint(st->regs->value[dwarf_reg], word_size(st), false);
}

uint64_t locate_sp(const struct locate_state *st)
{
	return register_number(st, st->child->target->stack_pointer);
}

int locate_return_address(const struct locate_state *st, uint64_t *ra,
			  char *err, size_t err_size)
{
	const struct target *t = st->child->target;
	uint64_t sp = locate_sp(st);
	uint8_t word[8];

	*ra = 0;
	if (!t->return_address_on_stack) {
		*ra = register_number(st, t->return_address);
		return 0;
	}
	if (trace_read(st->child, sp, word, word_size(st)))
		return errmsg(err, err_size, -EFAULT, NULL,
			      "cannot read the return address at 0x%llx",
			      (unsigned long long)sp);
	*ra = load_uint(word, word_size(st), st->child->big_endian);
	return 0;
}

int locate_register(const struct locate_state *st, int dwarf_reg, void *out,
		    size_t size, char *err, size_t err_size)
{
	const struct target *t = st->child->target;
	unsigned have = dwarf_reg >= 0 && dwarf_reg < TRACE_MAX_REGS
			? st->regs->size[dwarf_reg] : 0;
	const uint8_t *value;
	uint8_t *bytes = out;
	bool high;
	char name[32];

	if (!have || size > have) {
		target_register_name(st->machine, dwarf_reg, name,
				     sizeof(name));
		if (!have)
			return errmsg(err, err_size, -EINVAL, NULL,
				      "register %s (DWARF %d) is not read on %s",
				      name, dwarf_reg, t->name);
		return errmsg(err, err_size, -EINVAL, NULL,
			      "%zu bytes in a %u-byte register (%s, DWARF %d)",
			      size, have, name, dwarf_reg);
	}
	/* The value's bytes as the program would store it: the low (or,
	   in a high-aligned register, the high) `size' bytes, in the
	   program's byte order. */
	value = st->regs->value[dwarf_reg];
	high = dwarf_reg >= t->high_aligned_first &&
	       (unsigned)(dwarf_reg - t->high_aligned_first) <
	       t->n_high_aligned;
	if (high)
		value += have - size;
	for (size_t i = 0; i < size; i++)
		bytes[i] = st->child->big_endian ? value[size - 1 - i]
						 : value[i];
	return 0;
}

/* A pointer-sized value from a register or the stack. */
static int read_address(const struct locate_state *st,
			const struct truesig_location *loc, uint64_t *address,
			char *err, size_t err_size)
{
	uint8_t word[8];

	if (loc->kind == TS_LOC_REG_INDIRECT) {
		if (loc->value < 0 || loc->value >= TRACE_MAX_REGS ||
		    st->regs->size[loc->value] < word_size(st))
			return errmsg(err, err_size, -EINVAL, NULL,
				      "no address in DWARF register %d",
				      loc->value);
		*address = register_number(st, loc->value);
		return 0;
	}
	if (trace_read(st->child, locate_sp(st) + (int64_t)loc->value, word,
		       word_size(st)))
		return errmsg(err, err_size, -EFAULT, NULL,
			      "cannot read the stack at sp%+d", loc->value);
	*address = load_uint(word, word_size(st), st->child->big_endian);
	return 0;
}

int locate_read(const struct locate_state *st,
		const struct truesig_location *loc, void *out, size_t size,
		char *err, size_t err_size)
{
	uint64_t address = 0;
	int ret;

	if (size > loc->size)
		return errmsg(err, err_size, -EINVAL, NULL,
			      "%zu bytes from a %u-byte location", size,
			      loc->size);
	switch (loc->kind) {
	case TS_LOC_REG:
		return locate_register(st, loc->value, out, size, err,
				       err_size);
	case TS_LOC_STACK:
		if (trace_read(st->child, locate_sp(st) + (int64_t)loc->value,
			       out, size))
			return errmsg(err, err_size, -EFAULT, NULL,
				      "cannot read the stack at sp%+d",
				      loc->value);
		return 0;
	case TS_LOC_REG_INDIRECT:
	case TS_LOC_STACK_INDIRECT:
		ret = read_address(st, loc, &address, err, err_size);
		if (ret)
			return ret;
		if (trace_read(st->child, address, out, size))
			return errmsg(err, err_size, -EFAULT, NULL,
				      "cannot read memory at 0x%llx",
				      (unsigned long long)address);
		return 0;
	default:
		return errmsg(err, err_size, -EINVAL, NULL, "location kind %u",
			      loc->kind);
	}
}

void locate_describe(const struct truesig_location *loc, uint16_t machine,
		     char *buf, size_t buf_size)
{
	/* The register read, by its number (the record's name aside). */
	struct truesig_location named = *loc;
	char reg[32];

	named.reg_name = target_register_name(machine, loc->value, reg,
					      sizeof(reg));
	truesig_location_text(&named, machine, TS_LOCATION_PLAIN, buf,
			      buf_size);
}
