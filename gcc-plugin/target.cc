/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * target.cc — what the plugin must know of the architecture the GCC it is
 * built for compiles to, one block an architecture: the ELF machine number
 * the unit header carries, and a register's name as that target's
 * assembler writes it for a value of a given mode ("edi"/"rdi"/"xmm0",
 * "w1"/"x1"/"d0"/"v2", "r2"/"f0", "a0"/"fa1").  Everything else the records
 * say (DWARF numbers, stack offsets from the stack pointer at entry) comes
 * from GCC's target-independent macros.
 *
 * A plugin is built against one target's headers; each block is chosen by
 * the include guard or a macro of that target's config header.  Adding a
 * target is adding a block here and an entry in the tool's table
 * (merge/lib/target.c); docs/TARGETS.md says what each one passes where.
 */
#include "truesig.h"

/* GCC's name for the register, without the '%' some targets prefix
   (s390's "%r2"). */
static const char *
base_name (unsigned regno, char *buf, size_t len)
{
	const char *name = reg_names[regno];
	while (*name == '%')
		name++;
	snprintf (buf, len, "%s", name);
	return buf;
}

#if defined (LEGACY_INT_REGNO_P)	/* ---- i386 and x86-64 (i386.h) ---- */

unsigned
ts_elf_machine (void)
{
	return TARGET_64BIT ? 62 /* EM_X86_64 */ : 3 /* EM_386 */;
}

/* Could print_operand complain (a diagnostic in the user's compile) about
   this register in this mode? */
static bool
reg_printable (unsigned regno, machine_mode mode)
{
	unsigned size = ts_mode_size (mode);
	if (regno == ARG_POINTER_REGNUM || regno == FRAME_POINTER_REGNUM
	    || regno == FPSR_REG || regno == FLAGS_REG)
		return false;
	if (GENERAL_REGNO_P (regno))
		return size == 2 || size == 4 || size == UNITS_PER_WORD
		       || (size == 1 && ANY_QI_REGNO_P (regno));
	return size != 0;
}

/* The operand printer knows the sized names ("edi", "rdi", "dil"). */
const char *
ts_reg_asm_name (unsigned regno, machine_mode mode, char *buf, size_t len)
{
	if (!reg_printable (regno, mode))
		return base_name (regno, buf, len);
	char *text = NULL;
	size_t text_len = 0;
	FILE *f = open_memstream (&text, &text_len);
	if (!f)
		return base_name (regno, buf, len);
	targetm.asm_out.print_operand (f, gen_rtx_REG (mode, regno), 0);
	fclose (f);
	const char *p = text;
	while (*p == '%')
		p++;
	if (*p)
		snprintf (buf, len, "%s", p);
	else
		base_name (regno, buf, len);
	free (text);
	return buf;
}

#elif defined (GCC_AARCH64_H)		/* ---- aarch64 (aarch64.h) ---- */

unsigned
ts_elf_machine (void)
{
	return 183;			/* EM_AARCH64, LP64 and ILP32 alike */
}

/* AAPCS64's names: w/x for 32/64-bit values in a general register,
   b/h/s/d/q for a scalar of 1-16 bytes in a SIMD&FP register, v for a
   vector. */
const char *
ts_reg_asm_name (unsigned regno, machine_mode mode, char *buf, size_t len)
{
	unsigned size = ts_mode_size (mode);
	if (GP_REGNUM_P (regno)) {
		snprintf (buf, len, "%c%u", size && size <= 4 ? 'w' : 'x',
			  regno - R0_REGNUM);
		return buf;
	}
	if (FP_REGNUM_P (regno)) {
		char letter = 'v';
		if (!VECTOR_MODE_P (mode))
			switch (size) {
			case 1: letter = 'b'; break;
			case 2: letter = 'h'; break;
			case 4: letter = 's'; break;
			case 8: letter = 'd'; break;
			case 16: letter = 'q'; break;
			}
		snprintf (buf, len, "%c%u", letter, regno - V0_REGNUM);
		return buf;
	}
	return base_name (regno, buf, len);	/* "sp", "p0", ... */
}

#elif defined (_S390_H)			/* ---- s390 and s390x (s390.h) ---- */

/* EM_S390, 31- and 64-bit alike.  The assembler's register names are
   GCC's: r0-r15, f0-f15, whatever the size. */
unsigned
ts_elf_machine (void)
{
	return 22;
}
#define TS_REG_NAMES_ARE_GCCS

#elif defined (GCC_RISCV_H)		/* ---- riscv (riscv.h) ---- */

/* EM_RISCV, 32- and 64-bit alike.  GCC's register names are the ABI's:
   a0-a7, fa0-fa7, ... */
unsigned
ts_elf_machine (void)
{
	return 243;
}
#define TS_REG_NAMES_ARE_GCCS

#else					/* ---- any other target ---- */

unsigned
ts_elf_machine (void)
{
	return 0;			/* EM_NONE: a consumer must not guess */
}
#define TS_REG_NAMES_ARE_GCCS

#endif

#ifdef TS_REG_NAMES_ARE_GCCS
const char *
ts_reg_asm_name (unsigned regno, machine_mode, char *buf, size_t len)
{
	return base_name (regno, buf, len);
}
#endif
