/* SPDX-License-Identifier: MIT */
/*
 * fuzz_common.h — what the fuzz targets share: printing what parsed, and
 * converting records to BTF with the checks every result must pass.
 *
 * A broken invariant is reported on stderr and abort()s, which libFuzzer
 * (and the replay driver) count as a crash.  Header-only: each target is
 * one file linked with the tool's sources, which defines _GNU_SOURCE
 * before any include.
 */
#ifndef TRUESIG_FUZZ_COMMON_H
#define TRUESIG_FUZZ_COMMON_H

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "btf_convert.h"
#include "btf_input.h"
#include "dump.h"
#include "load.h"
#include "records.h"

__attribute__((format(printf, 1, 2), noreturn))
static inline void fuzz_broken(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "fuzz: invariant broken: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

static inline int fuzz_quiet_libbpf(enum libbpf_print_level level, const char *fmt,
			     va_list ap)
{
	(void)level;
	(void)fmt;
	(void)ap;
	return 0;
}

static inline FILE *fuzz_sink(void)
{
	static FILE *sink;

	if (!sink)
		sink = fopen("/dev/null", "w");
	if (!sink)
		fuzz_broken("cannot open /dev/null");
	return sink;
}

/* Print the sections as text and as JSON, as `truesig dump` would. */
static inline void fuzz_dump(const struct elf_input *elf,
		      struct truesig_section *const *sections, size_t n)
{
	struct dump_input in = { elf, sections, n };

	dump_text(fuzz_sink(), &in);
	if (dump_json(fuzz_sink(), &in))
		fuzz_broken("dump_json: bad nesting");
}

/* The message of a parse failure must be "offset 0xN: ...". */
static inline void fuzz_check_parse_error(int ret, const struct truesig_section *s,
				   const char *err)
{
	if (s)
		fuzz_broken("truesig_parse failed (%d) but set *out", ret);
	if (ret != -EINVAL && ret != -ENOTSUP && ret != -ENOMEM)
		fuzz_broken("truesig_parse returned %d", ret);
	if (strncmp(err, "offset 0x", 9))
		fuzz_broken("truesig_parse message \"%s\"", err);
}

/*
 * Raw BTF read back as libbpf reads a file written with -o (through a
 * memfd: the libbpf of some distributions does not export btf__new_split).
 */
static inline struct btf *fuzz_reread(const void *data, uint32_t size,
				      struct btf *base)
{
	static int fd = -1;
	static char path[64];
	struct btf *btf;

	if (fd < 0) {
		fd = memfd_create("fuzz-btf-out", MFD_CLOEXEC);
		if (fd < 0)
			fuzz_broken("memfd_create: %s", strerror(errno));
		snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	}
	if (ftruncate(fd, 0) || pwrite(fd, data, size, 0) != (ssize_t)size)
		fuzz_broken("cannot write the memfd: %s", strerror(errno));
	btf = btf__parse_raw_split(path, base);
	if (!btf)
		fuzz_broken("libbpf cannot read the BTF written (%s)",
			    strerror(errno));
	return btf;
}

/*
 * Convert f's records into in->btf, as `truesig btf` does.  On success the
 * BTF written must be read back by libbpf, pass btf_input_check (the
 * kernel's rules), and a second run on it must change nothing.  Consumes
 * in->btf; in->base is left to the caller.
 */
static inline void fuzz_convert(struct btf_input *in, const struct loaded_file *f)
{
	struct btf_convert_result res, again;
	struct btf_input second;
	const void *data, *data2;
	uint32_t size, size2;
	char err[1024];
	void *copy;

	if (btf_convert(in, f, "fuzz", true, &res, err, sizeof(err))) {
		if (strncmp(err, "fuzz: ", 6))
			fuzz_broken("btf_convert message \"%s\"", err);
		goto out;
	}
	data = btf__raw_data(in->btf, &size);
	if (!data)
		fuzz_broken("btf__raw_data: %s", strerror(errno));
	copy = malloc(size ? size : 1);
	if (!copy)
		abort();
	memcpy(copy, data, size);

	second = *in;
	second.btf = fuzz_reread(copy, size, in->base);
	if (btf_input_check(second.btf, in->base != NULL, err, sizeof(err)))
		fuzz_broken("the BTF written fails the check: %s", err);
	if (btf_convert(&second, f, "fuzz", true, &again, err, sizeof(err)))
		fuzz_broken("a second run fails: %s", err);
	data2 = btf__raw_data(second.btf, &size2);
	if (!data2)
		fuzz_broken("btf__raw_data (second run): %s", strerror(errno));
	if (again.added || again.funcs.corrected || again.removed ||
	    size2 != size || memcmp(data2, copy, size))
		fuzz_broken("a second run changed the BTF: %u added, %u corrected, %zu removed, %u bytes, were %u",
			    again.added, again.funcs.corrected, again.removed,
			    size2, size);
	btf__free(second.btf);
	free(copy);
out:
	btf__free(in->btf);
	in->btf = NULL;
}

#endif /* TRUESIG_FUZZ_COMMON_H */
