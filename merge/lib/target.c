// SPDX-License-Identifier: MIT
/*
 * target.c — the table of target architectures (target.h).  Register
 * numbers are those of each architecture's DWARF ABI supplement; the
 * relocations are those a compiler uses for an address or a 32-bit value
 * in a data section.
 */
#include <elf.h>
#include <stdio.h>

#include "target.h"

#define COUNT(a)	(sizeof(a) / sizeof((a)[0]))

#ifndef EM_LOONGARCH
#define EM_LOONGARCH	258
#endif

static const char *const x86_64_registers[] = {
	"rax", "rdx", "rcx", "rbx", "rsi", "rdi", "rbp", "rsp",
	"r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "rip",
};

static const char *const i386_registers[] = {
	"eax", "ecx", "edx", "ebx", "esp", "ebp", "esi", "edi",
};

/* riscv's DWARF numbers 0-63 are x0-x31 and f0-f31, named as the ABI
   (and GCC, and the records) name them. */
static const char *const riscv_registers[] = {
	"zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2",
	"s0", "s1", "a0", "a1", "a2", "a3", "a4", "a5",
	"a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7",
	"s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6",
	"ft0", "ft1", "ft2", "ft3", "ft4", "ft5", "ft6", "ft7",
	"fs0", "fs1", "fa0", "fa1", "fa2", "fa3", "fa4", "fa5",
	"fa6", "fa7", "fs2", "fs3", "fs4", "fs5", "fs6", "fs7",
	"fs8", "fs9", "fs10", "fs11", "ft8", "ft9", "ft10", "ft11",
};

/* s390's DWARF numbers 16-31 take the floating-point registers in the
   order the ELF ABI supplement gives: the argument registers first. */
static const char *const s390_registers[] = {
	"r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7",
	"r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15",
	"f0", "f2", "f4", "f6", "f1", "f3", "f5", "f7",
	"f8", "f10", "f12", "f14", "f9", "f11", "f13", "f15",
};

static const struct reloc_kind x86_64_relocs[] = {
	{ R_X86_64_NONE,	0, RANGE_WRAP },
	{ R_X86_64_64,		8, RANGE_WRAP },
	{ R_X86_64_32,		4, RANGE_UNSIGNED },
	{ R_X86_64_32S,		4, RANGE_SIGNED },
};

static const struct reloc_kind i386_relocs[] = {
	{ R_386_NONE,		0, RANGE_WRAP },
	{ R_386_32,		4, RANGE_WRAP },
};

static const struct reloc_kind aarch64_relocs[] = {
	{ R_AARCH64_NONE,	0, RANGE_WRAP },
	{ 256,			0, RANGE_WRAP },	/* R_AARCH64_NONE, the
							   newer number */
	{ R_AARCH64_ABS64,	8, RANGE_WRAP },
	{ R_AARCH64_ABS32,	4, RANGE_EITHER },
};

static const struct reloc_kind arm_relocs[] = {
	{ R_ARM_NONE,		0, RANGE_WRAP },
	{ R_ARM_ABS32,		4, RANGE_WRAP },
};

static const struct reloc_kind riscv_relocs[] = {
	{ R_RISCV_NONE,		0, RANGE_WRAP },
	{ R_RISCV_32,		4, RANGE_WRAP },
	{ R_RISCV_64,		8, RANGE_WRAP },
};

static const struct reloc_kind ppc64_relocs[] = {
	{ R_PPC64_NONE,		0, RANGE_WRAP },
	{ R_PPC64_ADDR32,	4, RANGE_EITHER },
	{ R_PPC64_ADDR64,	8, RANGE_WRAP },
};

static const struct reloc_kind ppc_relocs[] = {
	{ R_PPC_NONE,		0, RANGE_WRAP },
	{ R_PPC_ADDR32,		4, RANGE_WRAP },
};

static const struct reloc_kind s390_relocs[] = {
	{ R_390_NONE,		0, RANGE_WRAP },
	{ R_390_32,		4, RANGE_WRAP },
	{ R_390_64,		8, RANGE_WRAP },
};

/* x0-x30, sp; v0-v31 (z0-z31 where the emulated CPU has SVE). */
static const struct gdb_register_run aarch64_gdb_registers[] = {
	{ .dwarf = 0, .count = 32, .gdb = 0, .size = 8 },
	{ .dwarf = 64, .count = 32, .gdb = 34, .size = 16 },
};

/* x0-x31 (ra is x1, sp x2); f0-f31. */
static const struct gdb_register_run riscv_gdb_registers[] = {
	{ .dwarf = 0, .count = 32, .gdb = 0, .size = 8 },
	{ .dwarf = 32, .count = 32, .gdb = 33, .size = 8 },
};

/* pswa is 1; r0-r15; a0-a15 and fpc come between them and f0-f15, which
   the stub numbers in order (35 + n) and DWARF as f0 f2 f4 f6 f1 f3 ... */
#define S390_F(reg, n)	{ .dwarf = (reg), .count = 1, .gdb = 35 + (n), \
			  .size = 8 }
static const struct gdb_register_run s390_gdb_registers[] = {
	{ .dwarf = 0, .count = 16, .gdb = 2, .size = 8 },
	S390_F(16, 0), S390_F(17, 2), S390_F(18, 4), S390_F(19, 6),
	S390_F(20, 1), S390_F(21, 3), S390_F(22, 5), S390_F(23, 7),
	S390_F(24, 8), S390_F(25, 10), S390_F(26, 12), S390_F(27, 14),
	S390_F(28, 9), S390_F(29, 11), S390_F(30, 13), S390_F(31, 15),
};

#define RELOCS(r)	.relocs = (r), .n_relocs = COUNT(r)
#define REGISTERS(r)	.registers = (r), .n_registers = COUNT(r)

static const struct target targets[] = {
	{ .machine = EM_X86_64, .name = "x86-64",
	  .stack_pointer = 7, .cfa_at_entry = 8,	/* rsp; the return
							   address */
	  .return_address_on_stack = true,
	  REGISTERS(x86_64_registers),
	  .vector_prefix = "xmm", .vector_first = 17, .n_vectors = 16,
	  RELOCS(x86_64_relocs) },
	{ .machine = EM_386, .name = "i386",
	  .stack_pointer = 4, .cfa_at_entry = 4,	/* esp; the return
							   address */
	  .return_address_on_stack = true,
	  REGISTERS(i386_registers),
	  .vector_prefix = "xmm", .vector_first = 21, .n_vectors = 8,
	  RELOCS(i386_relocs) },
	{ .machine = EM_AARCH64, .name = "aarch64",
	  .stack_pointer = 31, .cfa_at_entry = 0,	/* the return address
							   is in x30 */
	  .return_address = 30,
	  .numbered_prefix = "x", .n_numbered = 31,
	  .vector_prefix = "v", .vector_first = 64, .n_vectors = 32,
	  RELOCS(aarch64_relocs),
	  .qemu = "aarch64", .gdb_pc = 32,
	  .gdb_registers = aarch64_gdb_registers,
	  .n_gdb_registers = COUNT(aarch64_gdb_registers) },
	{ .machine = EM_ARM, .name = "arm", .stack_pointer = 13,
	  RELOCS(arm_relocs) },
	{ .machine = EM_RISCV, .name = "riscv",
	  .stack_pointer = 2, .cfa_at_entry = 0,	/* the return address
							   is in ra */
	  .return_address = 1,
	  REGISTERS(riscv_registers),
	  RELOCS(riscv_relocs),
	  .qemu = "riscv64", .gdb_pc = 32,
	  .gdb_registers = riscv_gdb_registers,
	  .n_gdb_registers = COUNT(riscv_gdb_registers) },
	{ .machine = EM_PPC64, .name = "ppc64", .stack_pointer = 1,
	  RELOCS(ppc64_relocs) },
	{ .machine = EM_PPC, .name = "ppc", .stack_pointer = 1,
	  RELOCS(ppc_relocs) },
	{ .machine = EM_S390, .name = "s390",
	  .stack_pointer = 15, .cfa_at_entry = 160,	/* the register save
							   area */
	  .return_address = 14,
	  REGISTERS(s390_registers),
	  .high_aligned_first = 16, .n_high_aligned = 16,	/* f0-f15 */
	  RELOCS(s390_relocs),
	  .qemu = "s390x", .gdb_pc = 1,
	  .gdb_registers = s390_gdb_registers,
	  .n_gdb_registers = COUNT(s390_gdb_registers) },
	/* Named in messages only. */
	{ .machine = EM_MIPS, .name = "mips", .stack_pointer = -1 },
	{ .machine = EM_SPARCV9, .name = "sparc64", .stack_pointer = -1 },
	{ .machine = EM_LOONGARCH, .name = "loongarch", .stack_pointer = -1 },
};

const struct target *target_find(unsigned machine)
{
	for (size_t i = 0; i < COUNT(targets); i++)
		if (targets[i].machine == machine)
			return &targets[i];
	return NULL;
}

const char *target_name(unsigned machine)
{
	const struct target *t = target_find(machine);

	return t ? t->name : "unknown machine";
}

bool target_table_register_name(unsigned machine, int reg, char *buf,
				size_t size)
{
	const struct target *t = target_find(machine);
	unsigned r = (unsigned)reg;

	if (!t || reg < 0)
		return false;
	if (r < t->n_registers)
		snprintf(buf, size, "%s", t->registers[r]);
	else if (t->numbered_prefix && r < t->n_numbered)
		snprintf(buf, size, "%s%u", t->numbered_prefix, r);
	else if (t->vector_prefix && reg >= t->vector_first &&
		 r - (unsigned)t->vector_first < t->n_vectors)
		snprintf(buf, size, "%s%u", t->vector_prefix,
			 r - (unsigned)t->vector_first);
	else
		return false;
	return true;
}

char *target_register_name(unsigned machine, int reg, char *buf,
			   size_t size)
{
	if (size && !target_table_register_name(machine, reg, buf, size))
		snprintf(buf, size, "dwarf reg %d", reg);
	return buf;
}

const struct reloc_kind *target_reloc_kind(unsigned machine, uint32_t type)
{
	const struct target *t = target_find(machine);

	for (size_t i = 0; t && i < t->n_relocs; i++)
		if (t->relocs[i].type == type)
			return &t->relocs[i];
	return NULL;
}
