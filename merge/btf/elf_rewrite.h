/* SPDX-License-Identifier: MIT */
/*
 * elf_rewrite.h — copy an ELF file with one section's contents replaced or
 * added, every other byte where it was.
 *
 * The copy keeps the file's bytes up to the end of everything its headers
 * still describe (ELF and program headers, every section but the one
 * replaced, every segment), so that program headers, loaded contents,
 * section offsets and section indices stay as they are.  After them come
 * the new contents, the section name table when a name was added, and a
 * new section header table; the ELF header points to it.  The new section
 * is the last one; a replaced section keeps its index.  A section loaded
 * with a linked image (SHF_ALLOC) is rewritten where it is, so it cannot
 * change size.  A section that relocations apply to is not replaced.
 *
 * 32- and 64-bit files of either byte order; extended section numbering
 * (SHN_XINDEX) is kept, and used when the new section needs it.
 *
 * elf_rewrite_begin() reads the headers and copies the bytes that stay,
 * elf_rewrite_finish() writes the rest; elf_rewrite_section() does both.
 */
#ifndef TRUESIG_ELF_REWRITE_H
#define TRUESIG_ELF_REWRITE_H

#include <stddef.h>

struct elf_rewrite;

/*
 * Read the headers of the ELF file in_fd and copy to out_fd (empty, at
 * offset 0) the bytes of it that stay when section `name` changes.  in_fd
 * is not used afterwards; `name` and out_fd are, until elf_rewrite_free().
 * Returns 0 with *wp set, or a negative errno with a message (without the
 * file's name) in err.
 */
int elf_rewrite_begin(int in_fd, int out_fd, const char *name,
		      struct elf_rewrite **wp, char *err, size_t err_size);

/*
 * Complete out_fd with section `name` holding `size` bytes of `data`: a
 * replaced section keeps its type and flags; an added one is
 * SHT_PROGBITS, not allocated, aligned to `align`.  Once for each w.
 * Returns 0, or a negative errno with a message in err.  Does not free w.
 */
int elf_rewrite_finish(struct elf_rewrite *w, const void *data, size_t size,
		       size_t align, char *err, size_t err_size);

void elf_rewrite_free(struct elf_rewrite *w);

/* Both steps at once. */
int elf_rewrite_section(int in_fd, int out_fd, const char *name,
			const void *data, size_t size, size_t align,
			char *err, size_t err_size);

#endif /* TRUESIG_ELF_REWRITE_H */
