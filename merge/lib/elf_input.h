/* SPDX-License-Identifier: MIT */
/*
 * elf_input.h — read the .truesig section(s) and the symbols of an ELF file.
 *
 * The sections are named .debug_truesig, or .truesig by plugins before
 * that name (truesig_format.h); both are read.  Any ELF file: object,
 * executable, shared library, vmlinux, kernel module; 32- or 64-bit;
 * either byte order.  In a relocatable object (ET_REL) the relocations
 * that target a section (.rela.debug_truesig, .rel.debug_truesig) are
 * applied to the copy, so its record addresses are those of the symbols
 * (section relative, as st_value is in an object).  In a linked file the
 * linker has already done so.
 */
#ifndef TRUESIG_ELF_INPUT_H
#define TRUESIG_ELF_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

/* A relocated copy of one .truesig section. */
struct truesig_bytes {
	const char	*name;		/* TRUESIG_SECTION or _OLD */
	size_t		 section_index;
	uint8_t		*data;
	size_t		 size;
};

struct elf_symbol {
	const char	*name;		/* valid until elf_input_close */
	uint64_t	 value;
	uint64_t	 size;
	unsigned char	 binding;	/* STB_* */
	unsigned char	 type;		/* STT_* */
	unsigned	 order;		/* position in the file's tables */
};

/* Read only, after elf_input_open. */
struct elf_input {
	const char	*path;
	uint16_t	 type;		/* ET_* */
	uint16_t	 machine;	/* EM_* */
	unsigned	 addr_size;	/* 4 or 8 */
	bool		 big_endian;

	struct truesig_bytes *sections;	/* every .debug_truesig and
					   .truesig, in file order */
	size_t		 n_sections, sections_cap;

	struct elf_symbol *symbols;	/* .symtab and .dynsym, sorted by
					   name then value; no section or file
					   symbols */
	size_t		 n_symbols, symbols_cap;

	int		 fd;		/* -1 for an image in memory */
	struct stat	 stat;		/* of fd when it was opened */
	void		*elf;		/* Elf * */
};

/*
 * Sort in->symbols into the order elf_input_find_symbol expects (name,
 * then value, then order): for callers that fill the table themselves.
 */
void elf_input_sort_symbols(struct elf_input *in);

/*
 * Open `path` and read its .truesig sections (there may be none: then
 * n_sections is 0).  Returns 0, or a negative errno value with a message
 * "PATH: problem" in err ("PATH: changed while being read" when another
 * program wrote it meanwhile).
 */
int elf_input_open(const char *path, struct elf_input **out, char *err,
		   size_t err_size);

/*
 * The same for an ELF image of `size` bytes in memory, which must stay
 * until elf_input_close (libelf may change it, as it may a private
 * mapping); `name` stands for the file in messages.
 */
int elf_input_open_memory(const char *name, void *image, size_t size,
			  struct elf_input **out, char *err, size_t err_size);

/*
 * Whether the file at in->path is still the one elf_input_open read (same
 * file, size and modification time); always true for an image in memory.
 */
bool elf_input_unchanged(const struct elf_input *in);

void elf_input_close(struct elf_input *in);

/*
 * The symbol called `name` whose value is `address` (a function symbol if
 * there are several).  NULL if there is none.
 */
const struct elf_symbol *elf_input_find_symbol(const struct elf_input *in,
					       const char *name,
					       uint64_t address);

/* The function symbols of a file in address order (then file order). */
struct elf_function_index {
	const struct elf_symbol **functions;
	size_t		 n_functions;
};

/* Fill *index for `in` (valid while `in` is open): 0 or -ENOMEM. */
int elf_input_index_functions(const struct elf_input *in,
			      struct elf_function_index *index);
void elf_function_index_free(struct elf_function_index *index);

/*
 * The function symbol at `address` whose name is `name` with something
 * put before it: `name` as a later step renamed it (Linux's arm64 pi/ and
 * EFI stub objects go through objcopy --prefix-symbols).  NULL if there is
 * none.
 */
const struct elf_symbol *
elf_input_find_renamed_symbol(const struct elf_function_index *index,
			      const char *name, uint64_t address);

/*
 * The symbols called `name` (every type and value; they are consecutive
 * in in->symbols): the first, with their number in *count; NULL and 0 if
 * there is none.
 */
const struct elf_symbol *elf_input_symbols_named(const struct elf_input *in,
						 const char *name,
						 size_t *count);

/* The first symbol called `name` of type `type` (STT_*), or NULL. */
const struct elf_symbol *elf_input_find_typed(const struct elf_input *in,
					      const char *name, unsigned type);

/* "global", "local" or "weak" (STB_GNU_UNIQUE counts as global); NULL for
   anything else. */
const char *elf_binding_name(unsigned binding);

#endif /* TRUESIG_ELF_INPUT_H */
