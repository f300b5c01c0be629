// SPDX-License-Identifier: MIT
/*
 * fuzz-elf.c — libFuzzer target: a whole ELF file, as `truesig dump` and
 * `truesig btf -o` read it.
 *
 * The input is loaded from memory (load_memory: sections, relocations,
 * symbols, parsing), printed as text and JSON, and, when it loads, its
 * records are converted into its own .BTF (read by libbpf from the same
 * bytes, through a memfd) with the checks of fuzz_convert().  Errors must
 * name the file.  Then a .BTF is written into a copy of the file as
 * `truesig btf --in-place` would (elf_rewrite_section): it succeeds with
 * the section read back as written, or fails with a message.
 */
#define _GNU_SOURCE
#include <gelf.h>
#include <libelf.h>

#include "elf_rewrite.h"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A file holding the input, for libbpf, which reads .BTF by path. */
static int memfd = -1;
static char name[64];

static void put_in_file(const uint8_t *data, size_t size)
{
	if (memfd < 0) {
		memfd = memfd_create("fuzz-elf", MFD_CLOEXEC);
		if (memfd < 0)
			fuzz_broken("memfd_create: %s", strerror(errno));
		snprintf(name, sizeof(name), "/proc/self/fd/%d", memfd);
	}
	if (ftruncate(memfd, 0) || pwrite(memfd, data, size, 0) != (ssize_t)size)
		fuzz_broken("cannot write the memfd: %s", strerror(errno));
}

/* The .BTF of the file at fd, into *out (NULL when none); its size. */
static ssize_t read_btf_section(int fd, uint8_t **out)
{
	Elf *elf = elf_begin(fd, ELF_C_READ, NULL);
	size_t shstrndx;
	ssize_t found = -1;

	*out = NULL;
	if (!elf || elf_getshdrstrndx(elf, &shstrndx)) {
		elf_end(elf);
		return -1;
	}
	for (Elf_Scn *scn = NULL; found < 0 && (scn = elf_nextscn(elf, scn));) {
		GElf_Shdr sh;
		const char *n;
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh) ||
		    !(n = elf_strptr(elf, shstrndx, sh.sh_name)) ||
		    strcmp(n, ".BTF") || !(d = elf_rawdata(scn, NULL)))
			continue;
		*out = malloc(d->d_size ? d->d_size : 1);
		if (!*out)
			abort();
		memcpy(*out, d->d_buf, d->d_size);
		found = (ssize_t)d->d_size;
	}
	elf_end(elf);
	return found;
}

/* Write a .BTF into a copy of the file; the copy must read it back. */
static void rewrite(void)
{
	static const uint8_t section[] = "a .BTF of 24 bytes here";
	static int out = -1;
	char err[256] = "";
	uint8_t *back;
	ssize_t n;

	if (out < 0 && (out = memfd_create("fuzz-elf-out", MFD_CLOEXEC)) < 0)
		fuzz_broken("memfd_create: %s", strerror(errno));
	if (ftruncate(out, 0))
		fuzz_broken("ftruncate: %s", strerror(errno));
	if (elf_rewrite_section(memfd, out, ".BTF", section, sizeof(section),
				4, err, sizeof(err))) {
		if (!err[0])
			fuzz_broken("elf_rewrite_section failed without a message");
		return;
	}
	n = read_btf_section(out, &back);
	if (n != (ssize_t)sizeof(section) || memcmp(back, section, sizeof(section)))
		fuzz_broken("the rewritten file's .BTF is not the one written");
	free(back);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct loaded_file f;
	struct btf_input in;
	char err[1024];
	uint8_t *image;

	libbpf_set_print(fuzz_quiet_libbpf);
	put_in_file(data, size);
	image = malloc(size ? size : 1);
	if (!image)
		abort();
	memcpy(image, data, size);

	if (load_memory(name, image, size, &f, err, sizeof(err))) {
		if (strncmp(err, name, strlen(name)) ||
		    strncmp(err + strlen(name), ": ", 2))
			fuzz_broken("load_memory message \"%s\"", err);
		free(image);
		return 0;
	}
	fuzz_dump(f.elf, f.sections, f.n_sections);
	rewrite();

	if (!btf_input_open(f.elf, NULL, NULL, &in, err, sizeof(err))) {
		fuzz_convert(&in, &f);
		btf_input_close(&in);
	} else if (strncmp(err, name, strlen(name))) {
		fuzz_broken("btf_input_open message \"%s\"", err);
	}
	unload_file(&f);
	free(image);
	return 0;
}
