// SPDX-License-Identifier: MIT
/*
 * test-elf-rewrite.c — elf_rewrite_section() on ELF files of both word
 * sizes and byte orders: a section added, then replaced by one of another
 * size; every other section keeps its index, header, offset and bytes; a
 * section loaded with a linked image is rewritten where it is or refused;
 * sections that may not be replaced; extended section numbering; files
 * whose headers lie.
 */
#include <errno.h>
#include <sys/stat.h>

#include "elf_rewrite.h"
#include "elf_writer.h"
#include "test_util.h"
#include "truesig_format.h"

static char dir[200];

static const char *path_of(const char *name)
{
	return test_path(dir, name);
}

/* Rewrite section `name` of `from` into `to`; 0 or the error. */
static int rewrite_named(const char *from, const char *to, const char *name,
			 const void *data, size_t size, char *err,
			 size_t err_size)
{
	int in = open(from, O_RDONLY), out, ret;

	if (in < 0)
		return -errno;
	out = open(to, O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (out < 0) {
		close(in);
		return -errno;
	}
	ret = elf_rewrite_section(in, out, name, data, size, 4, err,
				  err_size);
	close(in);
	close(out);
	return ret;
}

/* Rewrite .BTF of `from` into `to`; 0 or the error (message in err). */
static int rewrite_file(const char *from, const char *to, const void *data,
			size_t size, char *err, size_t err_size)
{
	return rewrite_named(from, to, ".BTF", data, size, err, err_size);
}

struct image {
	int		 fd;
	Elf		*elf;
	size_t		 shnum, shstrndx;
};

static bool open_image(const char *path, struct image *im)
{
	im->fd = open(path, O_RDONLY);
	im->elf = im->fd < 0 ? NULL : elf_begin(im->fd, ELF_C_READ, NULL);
	return im->elf && !elf_getshdrnum(im->elf, &im->shnum) &&
	       !elf_getshdrstrndx(im->elf, &im->shstrndx);
}

static void close_image(struct image *im)
{
	elf_end(im->elf);
	if (im->fd >= 0)
		close(im->fd);
}

static const char *name_of(struct image *im, size_t i, GElf_Shdr *sh)
{
	Elf_Scn *scn = elf_getscn(im->elf, i);

	if (!scn || !gelf_getshdr(scn, sh))
		return NULL;
	return elf_strptr(im->elf, im->shstrndx, sh->sh_name);
}

/* The raw bytes of section i. */
static bool bytes_of(struct image *im, const GElf_Shdr *sh, uint8_t **out)
{
	*out = malloc(sh->sh_size ? sh->sh_size : 1);
	return *out && pread(im->fd, *out, sh->sh_size, (off_t)sh->sh_offset) ==
		       (ssize_t)sh->sh_size;
}

/*
 * `after` is `before` with .BTF holding data: the sections of `before`
 * (but .BTF and the name table, which may move) at the same index with the
 * same header and bytes; .BTF with data; nothing else.
 */
static const char *compare(const char *before, const char *after,
			   const void *data, size_t size)
{
	static char why[256];
	struct image a, b;
	bool found = false;

	why[0] = '\0';
	if (!open_image(before, &a) || !open_image(after, &b)) {
		snprintf(why, sizeof(why), "cannot read: %s", elf_errmsg(-1));
		goto out;
	}
	if (b.shstrndx != a.shstrndx) {
		snprintf(why, sizeof(why), "e_shstrndx %zu, was %zu",
			 b.shstrndx, a.shstrndx);
		goto out;
	}
	for (size_t i = 1; i < b.shnum && !why[0]; i++) {
		GElf_Shdr sa, sb;
		const char *na = i < a.shnum ? name_of(&a, i, &sa) : NULL;
		const char *nb = name_of(&b, i, &sb);
		uint8_t *ba = NULL, *bb = NULL;

		if (!nb) {
			snprintf(why, sizeof(why), "section %zu unnamed", i);
		} else if (!strcmp(nb, ".BTF")) {
			found = true;
			if (sb.sh_size != size || !bytes_of(&b, &sb, &bb) ||
			    memcmp(bb, data, size))
				snprintf(why, sizeof(why), ".BTF differs");
		} else if (!na || strcmp(na, nb)) {
			snprintf(why, sizeof(why), "section %zu is %s, was %s",
				 i, nb, na ? na : "none");
		} else if (i != a.shstrndx &&
			   (sa.sh_offset != sb.sh_offset ||
			    sa.sh_size != sb.sh_size ||
			    sa.sh_type != sb.sh_type ||
			    sa.sh_flags != sb.sh_flags ||
			    sa.sh_link != sb.sh_link ||
			    sa.sh_info != sb.sh_info)) {
			snprintf(why, sizeof(why), "header of %s changed", nb);
		} else if (sa.sh_type != SHT_NOBITS &&
			   (!bytes_of(&a, &sa, &ba) || !bytes_of(&b, &sb, &bb) ||
			    memcmp(ba, bb, sa.sh_size))) {
			snprintf(why, sizeof(why), "contents of %s changed", nb);
		}
		free(ba);
		free(bb);
	}
	if (!why[0] && !found)
		snprintf(why, sizeof(why), "no .BTF");
	if (!why[0] && b.shnum != a.shnum && b.shnum != a.shnum + 1)
		snprintf(why, sizeof(why), "%zu sections, was %zu", b.shnum,
			 a.shnum);
out:
	close_image(&a);
	close_image(&b);
	return why[0] ? why : NULL;
}

static void test_layout(int elf_class, int data)
{
	static const uint8_t image[40] = { 1, 2, 3, 4, 5 };
	struct ew_file f = {
		.elf_class = elf_class, .data = data, .machine = EM_X86_64,
		.rela = true, .image = image, .image_size = sizeof(image),
	};
	uint8_t btf1[100], btf2[37];
	char name[128], err[256];
	const char *why;
	int ret;

	for (size_t i = 0; i < sizeof(btf1); i++)
		btf1[i] = (uint8_t)(i * 7 + 1);
	memset(btf2, 0xab, sizeof(btf2));
	snprintf(name, sizeof(name), "%d-bit %s",
		 elf_class == ELFCLASS64 ? 64 : 32,
		 data == ELFDATA2MSB ? "big-endian" : "little-endian");
	if (!ew_write(path_of("orig.o"), &f)) {
		fail(name, "cannot write the input");
		return;
	}
	ret = rewrite_file(path_of("orig.o"), path_of("added.o"), btf1,
			   sizeof(btf1), err, sizeof(err));
	why = ret ? err : compare(path_of("orig.o"), path_of("added.o"),
				  btf1, sizeof(btf1));
	check(name, !why, why ? why : "");
	ret = rewrite_file(path_of("added.o"), path_of("replaced.o"), btf2,
			   sizeof(btf2), err, sizeof(err));
	why = ret ? err : compare(path_of("added.o"), path_of("replaced.o"),
				  btf2, sizeof(btf2));
	snprintf(name + strlen(name), sizeof(name) - strlen(name),
		 ": replaced");
	check(name, !why, why ? why : "");
}

/* Make `path` a linked file whose .BTF is loaded with its image. */
static bool make_loaded(const char *path)
{
	int fd = open(path, O_RDWR);
	Elf *elf = fd < 0 ? NULL : elf_begin(fd, ELF_C_RDWR, NULL);
	GElf_Ehdr ehdr;
	size_t shnum, shstrndx;
	bool ok = false;

	if (!elf || elf_getshdrnum(elf, &shnum) ||
	    elf_getshdrstrndx(elf, &shstrndx) || !gelf_getehdr(elf, &ehdr))
		goto out;
	elf_flagelf(elf, ELF_C_SET, ELF_F_LAYOUT);
	ehdr.e_type = ET_EXEC;
	gelf_update_ehdr(elf, &ehdr);
	for (size_t i = 1; i < shnum; i++) {
		Elf_Scn *scn = elf_getscn(elf, i);
		GElf_Shdr sh;

		if (gelf_getshdr(scn, &sh) &&
		    !strcmp(elf_strptr(elf, shstrndx, sh.sh_name), ".BTF")) {
			sh.sh_flags |= SHF_ALLOC;
			gelf_update_shdr(scn, &sh);
			ok = true;
		}
	}
	ok = ok && elf_update(elf, ELF_C_WRITE) >= 0;
out:
	elf_end(elf);
	if (fd >= 0)
		close(fd);
	return ok;
}

static void test_loaded(void)
{
	uint8_t btf1[100], btf2[64];
	struct ew_file f = {
		.elf_class = ELFCLASS64, .data = ELFDATA2LSB,
		.machine = EM_X86_64, .rela = true,
	};
	char err[256];
	const char *why;
	int ret;

	memset(btf1, 1, sizeof(btf1));
	memset(btf2, 2, sizeof(btf2));
	if (!ew_write(path_of("l.o"), &f) ||
	    rewrite_file(path_of("l.o"), path_of("l1"), btf1, sizeof(btf1),
			 err, sizeof(err)) || !make_loaded(path_of("l1"))) {
		fail("loaded .BTF", "cannot make the input");
		return;
	}
	memset(btf1, 3, sizeof(btf1));
	ret = rewrite_file(path_of("l1"), path_of("l2"), btf1, sizeof(btf1),
			   err, sizeof(err));
	why = ret ? err : compare(path_of("l1"), path_of("l2"), btf1,
				  sizeof(btf1));
	check("loaded .BTF: rewritten where it is", !why, why ? why : "");
	ret = rewrite_file(path_of("l1"), path_of("l3"), btf2, sizeof(btf2),
			   err, sizeof(err));
	if (ret == -EINVAL && strstr(err, "cannot change size"))
		pass("loaded .BTF: another size is refused");
	else
		fail("loaded .BTF: another size is refused", "%d: %s", ret, err);
}

/* A section relocations apply to, and the name table, stay as they are. */
static void test_not_replaced(void)
{
	static const uint8_t image[32] = { 1 };
	static const struct ew_symbol syms[] = { { "f", 0, STB_GLOBAL } };
	static const struct ew_reloc relocs[] = { { 8, R_X86_64_64, 2, 0 } };
	struct ew_file f = {
		.elf_class = ELFCLASS64, .data = ELFDATA2LSB,
		.machine = EM_X86_64, .rela = true, .image = image,
		.image_size = sizeof(image), .symbols = syms, .n_symbols = 1,
		.relocs = relocs, .n_relocs = 1,
	};
	uint8_t data[32] = { 2 };
	char err[256] = "";
	int ret;

	if (!ew_write(path_of("rel.o"), &f)) {
		fail("a relocated section", "cannot write the input");
		return;
	}
	ret = rewrite_named(path_of("rel.o"), path_of("rel2.o"), TRUESIG_SECTION,
			    data, sizeof(data), err, sizeof(err));
	if (ret == -EINVAL && strstr(err, "has relocations"))
		pass("a section relocations apply to is not replaced");
	else
		fail("a section relocations apply to is not replaced",
		     "%d: %s", ret, err);
	ret = rewrite_named(path_of("rel.o"), path_of("rel3.o"), ".shstrtab",
			    data, sizeof(data), err, sizeof(err));
	if (ret == -EINVAL && strstr(err, "section name table"))
		pass("the section name table is not replaced");
	else
		fail("the section name table is not replaced", "%d: %s", ret,
		     err);
	/* a .BTF of type SHT_REL: libelf would read it back as relocations */
	ret = rewrite_named(path_of("rel.o"), path_of("rel4.o"), ".symtab",
			    data, sizeof(data), err, sizeof(err));
	check("a section not of type SHT_PROGBITS is not replaced",
	      ret == -EINVAL &&
	      !strcmp(err, "section 4 is of type 2, not SHT_PROGBITS"), err);
}

/* 65,279 sections and a name table: the added one needs SHN_XINDEX. */
static void test_extended_numbering(void)
{
	const char *path = path_of("many.o");
	static const char shstr[] = "\0.shstrtab\0.x";
	uint8_t btf[16] = { 9 };
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	Elf *elf = fd < 0 ? NULL : elf_begin(fd, ELF_C_WRITE, NULL);
	struct image im = { .fd = -1 };
	GElf_Ehdr ehdr;
	char err[256];
	const char *why = NULL;
	bool ok;

	ok = elf && gelf_newehdr(elf, ELFCLASS64);
	if (ok) {
		gelf_getehdr(elf, &ehdr);
		ehdr.e_ident[EI_DATA] = ELFDATA2LSB;
		ehdr.e_type = ET_REL;
		ehdr.e_machine = EM_X86_64;
		ehdr.e_shstrndx = 1;
		gelf_update_ehdr(elf, &ehdr);
		ew_section(elf, 1, SHT_STRTAB, 0, ELF_T_BYTE, (void *)shstr,
			   sizeof(shstr), 1);
		for (unsigned i = 2; i < SHN_LORESERVE - 1; i++)
			ew_section(elf, 11, SHT_PROGBITS, 0, ELF_T_BYTE,
				   (void *)shstr, 0, 1);
		ok = elf_update(elf, ELF_C_WRITE) >= 0;
	}
	elf_end(elf);
	if (fd >= 0)
		close(fd);
	if (!ok) {
		fail("extended numbering", "cannot write the input: %s",
		     elf_errmsg(-1));
		return;
	}
	if (rewrite_file(path, path_of("many2.o"), btf, sizeof(btf), err,
			 sizeof(err)))
		why = err;
	if (!why)
		why = compare(path, path_of("many2.o"), btf, sizeof(btf));
	if (!why && (!open_image(path_of("many2.o"), &im) ||
		     im.shnum != SHN_LORESERVE))
		why = "not SHN_LORESERVE sections";
	close_image(&im);
	check("extended numbering: section 65280 added", !why, why ? why : "");
}

static void test_lies(void)
{
	static const uint8_t image[16];
	struct ew_file f = {
		.elf_class = ELFCLASS64, .data = ELFDATA2LSB,
		.machine = EM_X86_64, .rela = true, .image = image,
		.image_size = sizeof(image),
	};
	uint8_t btf[8] = { 0 };
	char err[256] = "";
	struct stat st;
	int ret;

	if (!ew_write(path_of("cut.o"), &f) || stat(path_of("cut.o"), &st) ||
	    truncate(path_of("cut.o"), st.st_size - 200)) {
		fail("a truncated file", "cannot make it");
		return;
	}
	ret = rewrite_file(path_of("cut.o"), path_of("cut2.o"), btf,
			   sizeof(btf), err, sizeof(err));
	if (ret == -EINVAL && (strstr(err, "past the end") ||
			       strstr(err, "cannot read")))
		pass("a truncated file is refused");
	else
		fail("a truncated file is refused", "%d: %s", ret, err);
	ret = rewrite_file("/dev/null", path_of("null2"), btf, sizeof(btf),
			   err, sizeof(err));
	if (ret == -EINVAL && strstr(err, "not an ELF file"))
		pass("not an ELF file");
	else
		fail("not an ELF file", "%d: %s", ret, err);
}

int main(void)
{
	snprintf(dir, sizeof(dir), "%s", test_make_dir());
	elf_version(EV_CURRENT);
	test_layout(ELFCLASS64, ELFDATA2LSB);
	test_layout(ELFCLASS64, ELFDATA2MSB);
	test_layout(ELFCLASS32, ELFDATA2LSB);
	test_layout(ELFCLASS32, ELFDATA2MSB);
	test_loaded();
	test_not_replaced();
	test_extended_numbering();
	test_lies();
	test_cleanup_dir(dir);
	return test_exit();
}
