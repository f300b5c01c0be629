/* SPDX-License-Identifier: MIT */
/*
 * target.h — what the reader knows of each target architecture, one table
 * entry a machine: its name, the DWARF numbers and names of its registers,
 * its stack pointer and what a call leaves on the stack, and the data
 * relocations a .debug_truesig section of an object may carry.  Nothing
 * else in merge/ tests a machine number to learn these.
 */
#ifndef TRUESIG_TARGET_H
#define TRUESIG_TARGET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* How a data relocation type computes and stores S + A. */
enum reloc_range {
	RANGE_WRAP,		/* truncated to the width */
	RANGE_UNSIGNED,		/* must fit unsigned */
	RANGE_SIGNED,		/* must fit signed */
	RANGE_EITHER,		/* must fit signed or unsigned */
};

struct reloc_kind {
	uint32_t	 type;		/* R_* */
	unsigned	 width;		/* bytes stored; 0: R_*_NONE */
	enum reloc_range range;
};

/* A run of registers as qemu-user's gdb stub numbers them ('p' packet). */
struct gdb_register_run {
	uint16_t	 dwarf;		/* the first one's DWARF number */
	uint16_t	 count;
	uint16_t	 gdb;		/* the first one's number in the stub */
	uint16_t	 size;		/* bytes each (the stub may send more:
					   aarch64's SVE z registers) */
};

struct target {
	uint16_t	 machine;	/* EM_* */
	const char	*name;		/* "x86-64", for messages */
	int		 stack_pointer;	/* DWARF register number */
	int		 cfa_at_entry;	/* CFA - sp at the entry instruction:
					   what the call left on the stack */
	bool		 return_address_on_stack;	/* at [sp] at entry */
	int		 return_address;	/* else the DWARF register
						   holding it at entry */
	/* Register names by DWARF number: registers[0 .. n_registers-1],
	   then, for targets that number them, prefix + number (aarch64's
	   x0-x30), then the vector registers from vector_first on. */
	const char *const *registers;
	unsigned	 n_registers;
	const char	*numbered_prefix;
	unsigned	 n_numbered;
	const char	*vector_prefix;	/* "xmm", "v" */
	int		 vector_first;
	unsigned	 n_vectors;
	/* Registers that hold a value narrower than themselves in their
	   high bytes (s390x's f registers: a float is the high half), by
	   DWARF number; the others hold it in their low bytes. */
	int		 high_aligned_first;
	unsigned	 n_high_aligned;
	const struct reloc_kind *relocs;
	size_t		 n_relocs;
	/* Running its programs under qemu-user (truesig verify): the
	   emulator's name (qemu-aarch64), and the stub's numbers of the pc
	   and of the registers that hold parameters, sp and the return
	   address. */
	const char	*qemu;
	int		 gdb_pc;
	const struct gdb_register_run *gdb_registers;
	size_t		 n_gdb_registers;
};

/* The entry of ELF machine `machine`, or NULL for one the reader does not
   know. */
const struct target *target_find(unsigned machine);

/* "x86-64", "i386", "aarch64", ...; "unknown machine" for others. */
const char *target_name(unsigned machine);

/*
 * The name of DWARF register `reg` on `machine`: "rdi", "xmm0", "x3"; for
 * a register the table does not name, "dwarf reg N".  Writes into buf and
 * returns it.
 */
char *target_register_name(unsigned machine, int reg, char *buf,
			   size_t size);

/* The same from the table alone: false, buf untouched, for a register
   the table does not name (size must not be 0). */
bool target_table_register_name(unsigned machine, int reg, char *buf,
				size_t size);

/* The data relocation `type` of `machine`, or NULL if unsupported. */
const struct reloc_kind *target_reloc_kind(unsigned machine, uint32_t type);

#endif /* TRUESIG_TARGET_H */
