/* SPDX-License-Identifier: MIT */
/*
 * dwarf_entry.h — what a file's DWARF alone says about a function at its
 * entry address: for `truesig compare`.
 *
 * For a function symbol, dwarf_entry_find() finds the subprogram DIE whose
 * entry address is the symbol's (the out-of-line concrete instance of a
 * clone), follows its abstract origin to the declared parameters, and for
 * each parameter evaluates its location at the entry address: registers,
 * stack slots (DW_OP_fbreg over DW_OP_call_frame_cfa, DW_OP_breg of the
 * stack pointer), DW_OP_piece, DW_OP_entry_value of a register, constants,
 * GCC's DW_OP_GNU_parameter_ref (a value only the callers know), or
 * nothing.  Relocatable files (objects, kernel modules) have their DWARF
 * relocated first, by libdwfl, as a debugger would.
 *
 * Stack offsets are, like a record's, from the stack pointer at the entry
 * instruction; DWARF register numbers are the target's, as in a record.
 */
#ifndef TRUESIG_DWARF_ENTRY_H
#define TRUESIG_DWARF_ENTRY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What one piece of a parameter is at entry. */
enum dwarf_piece_kind {
	DWARF_PIECE_NONE,	/* no location: optimized out */
	DWARF_PIECE_REG,	/* in register `reg` */
	DWARF_PIECE_STACK,	/* in memory at sp + `offset` */
	DWARF_PIECE_REG_INDIRECT, /* in memory at `reg` + `offset` */
	DWARF_PIECE_CONST,	/* the constant `value` (if `value_known`) */
	DWARF_PIECE_CALLER,	/* DW_OP_GNU_parameter_ref: not passed, known
				   only at the call sites */
	DWARF_PIECE_COMPUTED,	/* an expression of other values */
};

struct dwarf_piece {
	uint8_t		 kind;		/* DWARF_PIECE_* */
	bool		 value_known;	/* CONST */
	uint32_t	 offset_in_value;
	uint32_t	 size;		/* bytes; 0 when the size is unknown */
	int32_t		 reg;		/* REG, REG_INDIRECT */
	int64_t		 offset;	/* STACK, REG_INDIRECT */
	uint64_t	 value;		/* CONST */
};

#define DWARF_MAX_PIECES	16

/* One declared parameter, in declaration order. */
struct dwarf_param {
	const char	*name;		/* "" when unnamed */
	uint64_t	 size;		/* of its type; 0 when unknown */
	bool		 has_location;	/* a DW_AT_location at all */
	bool		 at_entry;	/* ... and one that covers the entry */
	unsigned	 n_pieces;	/* 0 when not at_entry */
	struct dwarf_piece pieces[DWARF_MAX_PIECES];
	bool		 too_many_pieces;
};

#define DWARF_MAX_PARAMS	64

struct dwarf_function {
	uint64_t	 die_offset;	/* of the concrete instance */
	const char	*name;		/* of the abstract origin */
	bool		 returns_void;	/* declared without a return type */
	unsigned	 calling_convention;	/* DW_AT_calling_convention, or
						   0 */
	unsigned	 n_params;
	struct dwarf_param params[DWARF_MAX_PARAMS];
	bool		 too_many_params;
	bool		 varargs;	/* DW_TAG_unspecified_parameters */
};

struct dwarf_file;

/*
 * Open `path`'s DWARF.  Returns 0, or a negative errno with "PATH:
 * problem" in err (no DWARF at all is -ENODATA).
 */
int dwarf_file_open(const char *path, struct dwarf_file **out, char *err,
		    size_t err_size);
void dwarf_file_close(struct dwarf_file *f);

/*
 * Resolve, for `n` functions given by symbol name and symbol value
 * (st_value, as in the file: section relative in a relocatable file),
 * where DWARF describes each: found[i] is set to whether a subprogram DIE
 * with that entry address exists.  One pass over the compilation units
 * concerned, so that a vmlinux costs no more than its recorded functions'
 * units.  Returns 0 or -ENOMEM.
 */
struct dwarf_lookup {
	const char	*symbol;
	uint64_t	 value;
	/* out */
	bool		 symbol_found;	/* the symbol exists in the file */
	bool		 found;		/* a DIE starts at its address */
	uint64_t	 die_offset;
};

int dwarf_file_lookup(struct dwarf_file *f, struct dwarf_lookup *l,
		      size_t n);

/*
 * Describe the function of a found lookup.  Returns 0, or -EINVAL when its
 * DIE cannot be read.  Strings point into the DWARF: valid until
 * dwarf_file_close.
 */
int dwarf_file_describe(struct dwarf_file *f, const struct dwarf_lookup *l,
			struct dwarf_function *out);

#endif /* TRUESIG_DWARF_ENTRY_H */
