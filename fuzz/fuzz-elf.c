// SPDX-License-Identifier: MIT
/*
 * fuzz-elf.c — libFuzzer target: a whole ELF file, as `truesig dump` and
 * `truesig btf -o` read it.
 *
 * The input is loaded from memory (load_memory: sections, relocations,
 * symbols, parsing), printed as text and JSON, and, when it loads, its
 * records are converted into its own .BTF (read by libbpf from the same
 * bytes, through a memfd) with the checks of fuzz_convert().  Errors must
 * name the file.
 */
#define _GNU_SOURCE
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

	if (!btf_input_open(f.elf, NULL, &in, err, sizeof(err))) {
		fuzz_convert(&in, &f);
		btf_input_close(&in);
	} else if (strncmp(err, name, strlen(name))) {
		fuzz_broken("btf_input_open message \"%s\"", err);
	}
	unload_file(&f);
	free(image);
	return 0;
}
