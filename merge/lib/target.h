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

struct target {
	uint16_t	 machine;	/* EM_* */
	const char	*name;		/* "x86-64", for messages */
	int		 stack_pointer;	/* DWARF register number */
	int		 cfa_at_entry;	/* CFA - sp at the entry instruction:
					   what the call left on the stack */
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
	const struct reloc_kind *relocs;
	size_t		 n_relocs;
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

/* The data relocation `type` of `machine`, or NULL if unsupported. */
const struct reloc_kind *target_reloc_kind(unsigned machine, uint32_t type);

#endif /* TRUESIG_TARGET_H */
