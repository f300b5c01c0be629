// SPDX-License-Identifier: MIT
/*
 * elf_rewrite.c — an ELF file with one section's contents replaced or added
 * (see elf_rewrite.h).
 *
 * libelf reads the headers; the bytes are copied with copy_file_range (the
 * kernel copies, or shares, them) and the few new ones written with
 * pwrite, in the file's own byte order and word size.
 */
#define _GNU_SOURCE	/* copy_file_range */
#include <errno.h>
#include <gelf.h>
#include <libelf.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic_file.h"
#include "byteorder.h"
#include "elf_rewrite.h"
#include "errmsg.h"

struct elf_rewrite {
	int		 out;		/* the new file */
	bool		 elf64;
	bool		 big_endian;
	uint16_t	 type;		/* e_type */
	uint64_t	 file_size;
	size_t		 shnum;		/* sections, section 0 included */
	size_t		 shstrndx;
	GElf_Shdr	*shdrs;		/* shnum + 1: room for one more */
	size_t		 target;	/* index of the section, or shnum */
	const char	*name;		/* its name */
	bool		 in_place;	/* loaded: rewritten where it is */
	uint64_t	 keep;		/* bytes copied from the old file */
	uint8_t		*names;		/* the name table, when name is added */
	char		*err;
	size_t		 err_size;
};

static uint64_t align_up(uint64_t v, uint64_t a)
{
	return a > 1 ? (v + a - 1) / a * a : v;
}

/* ---- reading -------------------------------------------------------------- */

static int read_headers(struct elf_rewrite *w, Elf *elf, int fd)
{
	GElf_Ehdr ehdr;
	struct stat st;

	if (fstat(fd, &st))
		return errmsg(w->err, w->err_size, -errno, NULL, "%s",
			      strerror(errno));
	w->file_size = (uint64_t)st.st_size;
	if (!elf || elf_kind(elf) != ELF_K_ELF || !gelf_getehdr(elf, &ehdr))
		return errmsg(w->err, w->err_size, -EINVAL, NULL,
			      "not an ELF file: %s", elf_errmsg(-1));
	if (ehdr.e_shoff > w->file_size ||
	    (uint64_t)(ehdr.e_shnum ? ehdr.e_shnum : 1) * ehdr.e_shentsize >
	    w->file_size - ehdr.e_shoff)
		return errmsg(w->err, w->err_size, -EINVAL, NULL,
			      "its section headers lie past the end "
			      "of the file");
	w->elf64 = gelf_getclass(elf) == ELFCLASS64;
	w->big_endian = ehdr.e_ident[EI_DATA] == ELFDATA2MSB;
	w->type = ehdr.e_type;
	if (elf_getshdrnum(elf, &w->shnum) || elf_getshdrstrndx(elf, &w->shstrndx))
		return errmsg(w->err, w->err_size, -EINVAL, NULL,
			      "cannot read its section headers: %s",
			      elf_errmsg(-1));
	if (!w->shnum || w->shstrndx >= w->shnum)
		return errmsg(w->err, w->err_size, -EINVAL, NULL,
			      "it has no section name table");
	if (ehdr.e_shentsize != (w->elf64 ? sizeof(Elf64_Shdr) : sizeof(Elf32_Shdr)))
		return errmsg(w->err, w->err_size, -EINVAL, NULL,
			      "section headers of %u bytes", ehdr.e_shentsize);
	w->shdrs = calloc(w->shnum + 1, sizeof(*w->shdrs));
	if (!w->shdrs)
		return errmsg(w->err, w->err_size, -ENOMEM, NULL,
			      "out of memory");
	w->target = w->shnum;
	for (size_t i = 0; i < w->shnum; i++) {
		Elf_Scn *scn = elf_getscn(elf, i);
		const char *n;

		if (!scn || !gelf_getshdr(scn, &w->shdrs[i]))
			return errmsg(w->err, w->err_size, -EINVAL, NULL,
				      "cannot read section header %zu: %s", i,
				      elf_errmsg(-1));
		if (i && w->shdrs[i].sh_type != SHT_NOBITS &&
		    (w->shdrs[i].sh_offset > w->file_size ||
		     w->shdrs[i].sh_size > w->file_size - w->shdrs[i].sh_offset))
			return errmsg(w->err, w->err_size, -EINVAL, NULL,
				      "section %zu lies past the end "
				      "of the file", i);
		n = i ? elf_strptr(elf, w->shstrndx, w->shdrs[i].sh_name) : NULL;
		if (n && !strcmp(n, w->name) && w->target == w->shnum)
			w->target = i;
	}
	return 0;
}

/* The end of everything the headers describe, but section `skip`. */
static int described_end(struct elf_rewrite *w, Elf *elf, size_t skip,
			 uint64_t *end)
{
	GElf_Ehdr ehdr;
	size_t phnum;

	gelf_getehdr(elf, &ehdr);
	*end = ehdr.e_ehsize;
	if (elf_getphdrnum(elf, &phnum))
		return errmsg(w->err, w->err_size, -EINVAL, NULL,
			      "cannot read its program headers: %s",
			      elf_errmsg(-1));
	if (phnum && ehdr.e_phoff + (uint64_t)phnum * ehdr.e_phentsize > *end)
		*end = ehdr.e_phoff + (uint64_t)phnum * ehdr.e_phentsize;
	for (size_t i = 0; i < phnum; i++) {
		GElf_Phdr ph;

		if (!gelf_getphdr(elf, (int)i, &ph))
			return errmsg(w->err, w->err_size, -EINVAL, NULL,
				      "cannot read program header %zu", i);
		if (ph.p_offset + ph.p_filesz > *end)
			*end = ph.p_offset + ph.p_filesz;
	}
	for (size_t i = 1; i < w->shnum; i++) {
		const GElf_Shdr *s = &w->shdrs[i];

		if (i != skip && s->sh_type != SHT_NOBITS &&
		    s->sh_offset + s->sh_size > *end)
			*end = s->sh_offset + s->sh_size;
	}
	if (*end > w->file_size)
		return errmsg(w->err, w->err_size, -EINVAL, NULL,
			      "its headers describe bytes past the "
			      "end of the file");
	return 0;
}

/*
 * What may not be replaced: no contents, contents of a type libelf and
 * linkers read as records (relocations, symbols: only SHT_PROGBITS holds
 * bytes as they are), the name table, relocated.
 */
static int check_target(struct elf_rewrite *w)
{
	const GElf_Shdr *s = &w->shdrs[w->target];

	if (w->target == w->shnum)
		return 0;
	if (s->sh_type == SHT_NOBITS)
		return errmsg(w->err, w->err_size, -EINVAL, NULL,
			      "section %zu has no contents (SHT_NOBITS)",
			      w->target);
	if (w->target == w->shstrndx)
		return errmsg(w->err, w->err_size, -EINVAL, NULL,
			      "section %zu is the section name table",
			      w->target);
	if (s->sh_type != SHT_PROGBITS)
		return errmsg(w->err, w->err_size, -EINVAL, NULL,
			      "section %zu is of type %u, not SHT_PROGBITS",
			      w->target, (unsigned)s->sh_type);
	for (size_t i = 1; i < w->shnum; i++)
		if ((w->shdrs[i].sh_type == SHT_REL ||
		     w->shdrs[i].sh_type == SHT_RELA) &&
		    w->shdrs[i].sh_info == w->target && w->shdrs[i].sh_size)
			return errmsg(w->err, w->err_size, -EINVAL, NULL,
				      "section %zu has relocations "
				      "(section %zu): its contents cannot be "
				      "replaced", w->target, i);
	return 0;
}

/* The section name table, to add a name to. */
static int read_names(struct elf_rewrite *w, int in)
{
	const GElf_Shdr *strtab = &w->shdrs[w->shstrndx];
	size_t name_len = strlen(w->name) + 1;

	if (strtab->sh_type == SHT_NOBITS ||
	    strtab->sh_size > UINT32_MAX - name_len)
		return errmsg(w->err, w->err_size, -EINVAL, NULL,
			      "its section name table cannot "
			      "take another name");
	if ((strtab->sh_flags & SHF_ALLOC) && w->type != ET_REL)
		return errmsg(w->err, w->err_size, -EINVAL, NULL,
			      "its section name table is loaded "
			      "with the image (SHF_ALLOC): it cannot grow");
	w->names = malloc(strtab->sh_size + name_len);
	if (!w->names)
		return errmsg(w->err, w->err_size, -ENOMEM, NULL,
			      "out of memory");
	if (pread(in, w->names, strtab->sh_size, (off_t)strtab->sh_offset) !=
	    (ssize_t)strtab->sh_size)
		return errmsg(w->err, w->err_size, -EIO, NULL,
			      "cannot read its section name table");
	memcpy(w->names + strtab->sh_size, w->name, name_len);
	return 0;
}

/* ---- writing -------------------------------------------------------------- */

/* Copy the first `len` bytes of in to out. */
static int copy_prefix(int in, int out, uint64_t len)
{
	off_t in_off = 0, out_off = 0;
	static uint8_t buf[1 << 20];

	while (len) {
		size_t chunk = len > (1u << 30) ? (1u << 30) : (size_t)len;
		ssize_t n = copy_file_range(in, &in_off, out, &out_off, chunk, 0);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EXDEV || errno == ENOSYS ||
			      errno == EINVAL || errno == EOPNOTSUPP))
			break;		/* copy it ourselves */
		if (n < 0)
			return -errno;
		if (n == 0)
			return -EIO;	/* the file got shorter */
		len -= (uint64_t)n;
	}
	while (len) {
		size_t chunk = len > sizeof(buf) ? sizeof(buf) : (size_t)len;
		ssize_t n = pread(in, buf, chunk, in_off);
		int ret;

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		if (n == 0)
			return -EIO;
		ret = write_full(out, buf, (size_t)n, (uint64_t)out_off);
		if (ret)
			return ret;
		in_off += n;
		out_off += n;
		len -= (uint64_t)n;
	}
	return 0;
}

/* Section header sh in the file's encoding, into out. */
static size_t encode_shdr(const struct elf_rewrite *w, const GElf_Shdr *sh,
			  uint8_t *out)
{
	bool be = w->big_endian;

	if (w->elf64) {
		store_uint(out + 0, 4, be, sh->sh_name);
		store_uint(out + 4, 4, be, sh->sh_type);
		store_uint(out + 8, 8, be, sh->sh_flags);
		store_uint(out + 16, 8, be, sh->sh_addr);
		store_uint(out + 24, 8, be, sh->sh_offset);
		store_uint(out + 32, 8, be, sh->sh_size);
		store_uint(out + 40, 4, be, sh->sh_link);
		store_uint(out + 44, 4, be, sh->sh_info);
		store_uint(out + 48, 8, be, sh->sh_addralign);
		store_uint(out + 56, 8, be, sh->sh_entsize);
		return sizeof(Elf64_Shdr);
	}
	store_uint(out + 0, 4, be, sh->sh_name);
	store_uint(out + 4, 4, be, sh->sh_type);
	store_uint(out + 8, 4, be, sh->sh_flags);
	store_uint(out + 12, 4, be, sh->sh_addr);
	store_uint(out + 16, 4, be, sh->sh_offset);
	store_uint(out + 20, 4, be, sh->sh_size);
	store_uint(out + 24, 4, be, sh->sh_link);
	store_uint(out + 28, 4, be, sh->sh_info);
	store_uint(out + 32, 4, be, sh->sh_addralign);
	store_uint(out + 36, 4, be, sh->sh_entsize);
	return sizeof(Elf32_Shdr);
}

/* Point the ELF header at the new table of n sections. */
static int patch_ehdr(const struct elf_rewrite *w, uint64_t shoff, size_t n)
{
	uint8_t b[8];
	int ret;

	store_uint(b, w->elf64 ? 8 : 4, w->big_endian, shoff);
	ret = write_full(w->out, b, w->elf64 ? 8 : 4, w->elf64 ? 0x28 : 0x20);
	if (ret)
		return ret;
	store_uint(b, 2, w->big_endian, n < SHN_LORESERVE ? n : 0);
	return write_full(w->out, b, 2, w->elf64 ? 0x3c : 0x30);
}

/* The section's new bytes where the old ones were (same size). */
static int finish_in_place(struct elf_rewrite *w, const void *data,
			   size_t size)
{
	const GElf_Shdr *s = &w->shdrs[w->target];
	int ret;

	if (size != s->sh_size)
		return errmsg(w->err, w->err_size, -EINVAL, NULL,
			      "section %zu is loaded with the image "
			      "(SHF_ALLOC): it cannot change size", w->target);
	ret = write_full(w->out, data, size, s->sh_offset);
	return ret ? errmsg(w->err, w->err_size, ret, NULL, "%s",
			    strerror(-ret)) : 0;
}

/* After the bytes kept: the section, the name table, the header table. */
static int finish_at_end(struct elf_rewrite *w, const void *data, size_t size,
			 size_t align)
{
	bool adding = w->target == w->shnum;
	size_t n = w->shnum + adding;
	size_t entsize = w->elf64 ? sizeof(Elf64_Shdr) : sizeof(Elf32_Shdr);
	GElf_Shdr *strtab = &w->shdrs[w->shstrndx];
	GElf_Shdr *s = &w->shdrs[w->target];
	uint64_t offset, shoff;
	uint8_t *table;
	int ret;

	offset = align_up(w->keep, align > 8 ? align : 8);
	if (adding) {
		*s = (GElf_Shdr){
			.sh_name = (GElf_Word)strtab->sh_size,
			.sh_type = SHT_PROGBITS,
			.sh_addralign = align,
		};
		strtab->sh_offset = offset + size;
		strtab->sh_size += strlen(w->name) + 1;
	}
	s->sh_offset = offset;
	s->sh_size = size;
	shoff = align_up(adding ? strtab->sh_offset + strtab->sh_size :
				  offset + size, w->elf64 ? 8 : 4);
	if (!w->elf64 && shoff + n * entsize > UINT32_MAX)
		return errmsg(w->err, w->err_size, -EFBIG, NULL,
			      "a 32-bit ELF file cannot be that large");
	/* Extended numbering: the count in section 0, and only there. */
	w->shdrs[0].sh_size = n < SHN_LORESERVE ? 0 : n;

	table = calloc(n, entsize);
	if (!table)
		return errmsg(w->err, w->err_size, -ENOMEM, NULL,
			      "out of memory");
	for (size_t i = 0; i < n; i++)
		encode_shdr(w, &w->shdrs[i], table + i * entsize);
	ret = write_full(w->out, data, size, offset);
	if (!ret && adding)
		ret = write_full(w->out, w->names, strtab->sh_size,
				 strtab->sh_offset);
	if (!ret)
		ret = write_full(w->out, table, n * entsize, shoff);
	if (!ret)
		ret = patch_ehdr(w, shoff, n);
	free(table);
	return ret ? errmsg(w->err, w->err_size, ret, NULL, "%s",
			    strerror(-ret)) : 0;
}

/* ---- the steps ------------------------------------------------------------ */

static int begin(struct elf_rewrite *w, int in)
{
	Elf *elf;
	int ret;

	elf_version(EV_CURRENT);
	elf = elf_begin(in, ELF_C_READ, NULL);
	ret = read_headers(w, elf, in);
	if (!ret)
		ret = check_target(w);
	if (!ret) {
		w->in_place = w->target < w->shnum && w->type != ET_REL &&
			      (w->shdrs[w->target].sh_flags & SHF_ALLOC);
		if (w->in_place)
			w->keep = w->file_size;
		else
			ret = described_end(w, elf, w->target, &w->keep);
	}
	if (!ret && w->target == w->shnum)
		ret = read_names(w, in);
	elf_end(elf);
	if (!ret) {
		ret = copy_prefix(in, w->out, w->keep);
		if (ret)
			errmsg(w->err, w->err_size, ret, NULL, "%s",
			       strerror(-ret));
	}
	return ret;
}

int elf_rewrite_begin(int in_fd, int out_fd, const char *name,
		      struct elf_rewrite **wp, char *err, size_t err_size)
{
	struct elf_rewrite *w = calloc(1, sizeof(*w));
	int ret;

	*wp = NULL;
	if (!w)
		return errmsg(err, err_size, -ENOMEM, NULL, "out of memory");
	w->out = out_fd;
	w->name = name;
	w->err = err;
	w->err_size = err_size;
	ret = begin(w, in_fd);
	if (ret) {
		elf_rewrite_free(w);
		return ret;
	}
	*wp = w;
	return 0;
}

int elf_rewrite_finish(struct elf_rewrite *w, const void *data, size_t size,
		       size_t align, char *err, size_t err_size)
{
	w->err = err;
	w->err_size = err_size;
	if (w->in_place)
		return finish_in_place(w, data, size);
	return finish_at_end(w, data, size, align);
}

void elf_rewrite_free(struct elf_rewrite *w)
{
	if (!w)
		return;
	free(w->names);
	free(w->shdrs);
	free(w);
}

int elf_rewrite_section(int in_fd, int out_fd, const char *name,
			const void *data, size_t size, size_t align,
			char *err, size_t err_size)
{
	struct elf_rewrite *w;
	int ret = elf_rewrite_begin(in_fd, out_fd, name, &w, err, err_size);

	if (!ret)
		ret = elf_rewrite_finish(w, data, size, align, err, err_size);
	elf_rewrite_free(w);
	return ret;
}
