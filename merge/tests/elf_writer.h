/* SPDX-License-Identifier: MIT */
/*
 * elf_writer.h — write small relocatable ELF files with libelf, for tests
 * of targets this machine has no compiler for (big-endian, aarch64, ...).
 *
 * The file has .text (zeros), .debug_truesig (the image, as given: already in
 * the target's byte order), its relocation section, .symtab, .strtab and
 * .shstrtab.  Symbol 1 is the .text section symbol; the given symbols
 * follow, all defined in .text.
 */
#ifndef TRUESIG_ELF_WRITER_H
#define TRUESIG_ELF_WRITER_H

#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct ew_symbol {
	const char	*name;
	uint64_t	 value;
	unsigned char	 binding;	/* STB_* */
};

struct ew_reloc {
	uint64_t	 offset;	/* in .truesig */
	uint32_t	 type;
	uint32_t	 symbol;	/* 1: .text; 2..: the given symbols */
	int64_t		 addend;	/* RELA only */
};

struct ew_file {
	int		 elf_class;	/* ELFCLASS32 / ELFCLASS64 */
	int		 data;		/* ELFDATA2LSB / ELFDATA2MSB */
	uint16_t	 machine;
	bool		 rela;
	const void	*image;
	size_t		 image_size;
	const struct ew_symbol *symbols;
	size_t		 n_symbols;	/* at most 8 */
	const struct ew_reloc *relocs;
	size_t		 n_relocs;	/* at most 16 */
	bool		 empty_dynsym;	/* add a .dynsym without entries */
};

static inline Elf_Scn *ew_section(Elf *elf, uint32_t name, uint32_t type,
				  uint64_t flags, Elf_Type dtype, void *buf,
				  size_t size, uint64_t align)
{
	Elf_Scn *scn = elf_newscn(elf);
	Elf_Data *d = elf_newdata(scn);
	GElf_Shdr sh;

	d->d_buf = buf;
	d->d_size = size;
	d->d_type = dtype;
	d->d_align = align;
	d->d_version = EV_CURRENT;
	gelf_getshdr(scn, &sh);
	sh.sh_name = name;
	sh.sh_type = type;
	sh.sh_flags = flags;
	sh.sh_addralign = align;
	gelf_update_shdr(scn, &sh);
	return scn;
}

/* Returns true on success. */
static inline bool ew_write(const char *path, const struct ew_file *f)
{
	static const char shstr[] =
		"\0.text\0.debug_truesig\0.rela.debug_truesig\0.rel.debug_truesig\0"
		".symtab\0.strtab\0.shstrtab\0.dynsym";
	enum { N_TEXT = 1, N_TRUESIG = 7, N_RELA = 22, N_REL = 42,
	       N_SYMTAB = 61, N_STRTAB = 69, N_SHSTRTAB = 77, N_DYNSYM = 87 };
	bool is64 = f->elf_class == ELFCLASS64;
	size_t sym_size = is64 ? sizeof(Elf64_Sym) : sizeof(Elf32_Sym);
	size_t rel_size = is64 ? (f->rela ? sizeof(Elf64_Rela) : sizeof(Elf64_Rel))
			       : (f->rela ? sizeof(Elf32_Rela) : sizeof(Elf32_Rel));
	size_t n_syms = 2 + f->n_symbols, n_local = 2;
	static uint8_t text[256];
	char strtab[256] = "";
	size_t strtab_len = 1;
	void *syms = NULL, *rels = NULL, *image = NULL;
	Elf_Scn *scn_text, *scn_truesig, *scn_rel, *scn_symtab, *scn_strtab;
	GElf_Ehdr ehdr;
	GElf_Shdr sh;
	Elf *elf;
	int fd;
	bool ok = false;

	elf_version(EV_CURRENT);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		return false;
	elf = elf_begin(fd, ELF_C_WRITE, NULL);
	if (!elf || !gelf_newehdr(elf, f->elf_class))
		goto out;
	gelf_getehdr(elf, &ehdr);
	ehdr.e_ident[EI_DATA] = (unsigned char)f->data;
	ehdr.e_type = ET_REL;
	ehdr.e_machine = f->machine;
	ehdr.e_version = EV_CURRENT;
	ehdr.e_shstrndx = 6;	/* the sections are made in this order */
	gelf_update_ehdr(elf, &ehdr);

	syms = calloc(n_syms, sym_size);
	rels = calloc(f->n_relocs ? f->n_relocs : 1, rel_size);
	image = malloc(f->image_size ? f->image_size : 1);
	if (!syms || !rels || !image)
		goto out;
	if (f->image_size)
		memcpy(image, f->image, f->image_size);

	scn_text = ew_section(elf, N_TEXT, SHT_PROGBITS,
			      SHF_ALLOC | SHF_EXECINSTR, ELF_T_BYTE, text,
			      sizeof(text), 16);
	scn_truesig = ew_section(elf, N_TRUESIG, SHT_PROGBITS, 0, ELF_T_BYTE,
				 image, f->image_size, 8);
	scn_rel = ew_section(elf, f->rela ? N_RELA : N_REL,
			     f->rela ? SHT_RELA : SHT_REL, SHF_INFO_LINK,
			     f->rela ? ELF_T_RELA : ELF_T_REL, rels,
			     f->n_relocs * rel_size, is64 ? 8 : 4);
	scn_symtab = ew_section(elf, N_SYMTAB, SHT_SYMTAB, 0, ELF_T_SYM, syms,
				n_syms * sym_size, is64 ? 8 : 4);
	scn_strtab = ew_section(elf, N_STRTAB, SHT_STRTAB, 0, ELF_T_BYTE,
				strtab, 0, 1);
	ew_section(elf, N_SHSTRTAB, SHT_STRTAB, 0, ELF_T_BYTE,
		   (void *)shstr, sizeof(shstr), 1);
	if (f->empty_dynsym) {
		Elf_Scn *dynsym = ew_section(elf, N_DYNSYM, SHT_DYNSYM, 0,
					     ELF_T_SYM, syms, 0, is64 ? 8 : 4);

		gelf_getshdr(dynsym, &sh);
		sh.sh_link = (uint32_t)elf_ndxscn(scn_strtab);
		sh.sh_entsize = sym_size;
		gelf_update_shdr(dynsym, &sh);
	}

	/* Symbols: 0 null, 1 the .text section, then the given ones. */
	{
		Elf_Data *d = elf_getdata(scn_symtab, NULL);
		GElf_Sym s = { 0 };

		gelf_update_sym(d, 0, &s);
		s.st_info = GELF_ST_INFO(STB_LOCAL, STT_SECTION);
		s.st_shndx = (uint16_t)elf_ndxscn(scn_text);
		gelf_update_sym(d, 1, &s);
		for (size_t i = 0; i < f->n_symbols; i++) {
			const struct ew_symbol *e = &f->symbols[i];
			size_t len = strlen(e->name) + 1;

			if (strtab_len + len > sizeof(strtab))
				goto out;
			memcpy(strtab + strtab_len, e->name, len);
			s.st_name = (uint32_t)strtab_len;
			strtab_len += len;
			s.st_value = e->value;
			s.st_size = 4;
			s.st_info = GELF_ST_INFO(e->binding, STT_FUNC);
			gelf_update_sym(d, (int)(2 + i), &s);
			if (e->binding == STB_LOCAL)
				n_local = 2 + i + 1;
		}
		elf_getdata(scn_strtab, NULL)->d_size = strtab_len;
	}
	{
		Elf_Data *d = elf_getdata(scn_rel, NULL);

		for (size_t i = 0; i < f->n_relocs; i++) {
			const struct ew_reloc *r = &f->relocs[i];

			if (f->rela) {
				GElf_Rela rela = {
					.r_offset = r->offset,
					.r_info = GELF_R_INFO(r->symbol,
							      r->type),
					.r_addend = r->addend,
				};
				gelf_update_rela(d, (int)i, &rela);
			} else {
				GElf_Rel rel = {
					.r_offset = r->offset,
					.r_info = GELF_R_INFO(r->symbol,
							      r->type),
				};
				gelf_update_rel(d, (int)i, &rel);
			}
		}
	}

	gelf_getshdr(scn_rel, &sh);
	sh.sh_link = (uint32_t)elf_ndxscn(scn_symtab);
	sh.sh_info = (uint32_t)elf_ndxscn(scn_truesig);
	sh.sh_entsize = rel_size;
	gelf_update_shdr(scn_rel, &sh);
	gelf_getshdr(scn_symtab, &sh);
	sh.sh_link = (uint32_t)elf_ndxscn(scn_strtab);
	sh.sh_info = (uint32_t)n_local;
	sh.sh_entsize = sym_size;
	gelf_update_shdr(scn_symtab, &sh);

	ok = elf_update(elf, ELF_C_WRITE) >= 0;
out:
	if (elf)
		elf_end(elf);
	close(fd);
	free(syms);
	free(rels);
	free(image);
	return ok;
}

#endif /* TRUESIG_ELF_WRITER_H */
