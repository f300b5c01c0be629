// SPDX-License-Identifier: MIT
/*
 * verify_locate.c — values at the locations of docs/FORMAT.md section 9.
 *
 * DWARF register numbers (System V psABIs):
 *   x86-64: 0 rax, 1 rdx, 2 rcx, 3 rbx, 4 rsi, 5 rdi, 6 rbp, 7 rsp,
 *           8-15 r8-r15, 17-32 xmm0-xmm15
 *   i386:   0 eax, 1 ecx, 2 edx, 3 ebx, 4 esp, 5 ebp, 6 esi, 7 edi,
 *           21-28 xmm0-xmm7
 * The tracer is 64-bit, so an i386 child's registers are the low halves of
 * the 64-bit user_regs_struct, and its xmm registers the first eight of
 * the FXSAVE area.
 */
#include <elf.h>
#include <stdio.h>
#include <string.h>

#include "target.h"
#include "verify_locate.h"

/* The general register numbered `dwarf_reg', or NULL. */
static const unsigned long long *gp_register(const struct locate_state *st,
					     int dwarf_reg)
{
	const struct user_regs_struct *r = &st->regs->gp;

	if (st->machine == EM_386) {
		switch (dwarf_reg) {
		case 0: return &r->rax;
		case 1: return &r->rcx;
		case 2: return &r->rdx;
		case 3: return &r->rbx;
		case 4: return &r->rsp;
		case 5: return &r->rbp;
		case 6: return &r->rsi;
		case 7: return &r->rdi;
		default: return NULL;
		}
	}
	switch (dwarf_reg) {
	case 0: return &r->rax;
	case 1: return &r->rdx;
	case 2: return &r->rcx;
	case 3: return &r->rbx;
	case 4: return &r->rsi;
	case 5: return &r->rdi;
	case 6: return &r->rbp;
	case 7: return &r->rsp;
	case 8: return &r->r8;
	case 9: return &r->r9;
	case 10: return &r->r10;
	case 11: return &r->r11;
	case 12: return &r->r12;
	case 13: return &r->r13;
	case 14: return &r->r14;
	case 15: return &r->r15;
	default: return NULL;
	}
}

/* The index of the xmm register numbered `dwarf_reg', or -1. */
static int xmm_index(const struct locate_state *st, int dwarf_reg)
{
	if (st->machine == EM_386)
		return dwarf_reg >= 21 && dwarf_reg <= 28 ? dwarf_reg - 21 : -1;
	return dwarf_reg >= 17 && dwarf_reg <= 32 ? dwarf_reg - 17 : -1;
}

static unsigned word_size(const struct locate_state *st)
{
	return st->machine == EM_386 ? 4 : 8;
}

uint64_t locate_sp(const struct locate_state *st)
{
	uint64_t sp = st->regs->gp.rsp;

	return st->machine == EM_386 ? (uint32_t)sp : sp;
}

int locate_register(const struct locate_state *st, int dwarf_reg, void *out,
		    size_t size, char *err, size_t err_size)
{
	const unsigned long long *gp = gp_register(st, dwarf_reg);
	int xmm = xmm_index(st, dwarf_reg);

	if (gp) {
		if (size > word_size(st)) {
			snprintf(err, err_size,
				 "%zu bytes in a %u-byte register (DWARF %d)",
				 size, word_size(st), dwarf_reg);
			return -1;
		}
		memcpy(out, gp, size);		/* the host is little-endian */
		return 0;
	}
	if (xmm >= 0) {
		if (size > 16) {
			snprintf(err, err_size,
				 "%zu bytes in xmm%d", size, xmm);
			return -1;
		}
		memcpy(out, (const uint8_t *)st->regs->fp.xmm_space + 16 * xmm,
		       size);
		return 0;
	}
	snprintf(err, err_size, "DWARF register %d is not supported on %s",
		 dwarf_reg, st->machine == EM_386 ? "i386" : "x86-64");
	return -1;
}

/* A pointer-sized value from a register or the stack. */
static int read_address(const struct locate_state *st,
			const struct truesig_location *loc, uint64_t *address,
			char *err, size_t err_size)
{
	uint64_t value = 0;

	if (loc->kind == TS_LOC_REG_INDIRECT) {
		if (locate_register(st, loc->value, &value, word_size(st), err,
				    err_size))
			return -1;
	} else if (trace_read(st->child, locate_sp(st) + (int64_t)loc->value,
			      &value, word_size(st))) {
		snprintf(err, err_size, "cannot read the stack at sp%+d",
			 loc->value);
		return -1;
	}
	*address = value;
	return 0;
}

int locate_read(const struct locate_state *st,
		const struct truesig_location *loc, void *out, size_t size,
		char *err, size_t err_size)
{
	uint64_t address;

	if (size > loc->size) {
		snprintf(err, err_size, "%zu bytes from a %u-byte location",
			 size, loc->size);
		return -1;
	}
	switch (loc->kind) {
	case TS_LOC_REG:
		return locate_register(st, loc->value, out, size, err,
				       err_size);
	case TS_LOC_STACK:
		if (trace_read(st->child, locate_sp(st) + (int64_t)loc->value,
			       out, size)) {
			snprintf(err, err_size, "cannot read the stack at sp%+d",
				 loc->value);
			return -1;
		}
		return 0;
	case TS_LOC_REG_INDIRECT:
	case TS_LOC_STACK_INDIRECT:
		if (read_address(st, loc, &address, err, err_size))
			return -1;
		if (trace_read(st->child, address, out, size)) {
			snprintf(err, err_size, "cannot read memory at 0x%llx",
				 (unsigned long long)address);
			return -1;
		}
		return 0;
	default:
		snprintf(err, err_size, "location kind %u", loc->kind);
		return -1;
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
	truesig_location_text(&named, buf, buf_size);
}
