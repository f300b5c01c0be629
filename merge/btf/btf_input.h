/* SPDX-License-Identifier: MIT */
/*
 * btf_input.h — the BTF truesig extends: the file's own .BTF (split on a
 * base when given one), or a new BTF object; checked before it is used.
 */
#ifndef TRUESIG_BTF_INPUT_H
#define TRUESIG_BTF_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <bpf/btf.h>

#include "elf_input.h"

struct btf_input {
	struct btf	*base;		/* from --base, or NULL */
	struct btf	*btf;		/* what truesig adds to */
	bool		 has_section;	/* the file has a .BTF section */
	bool		 section_alloc;	/* ... loaded with the image */
	uint64_t	 section_size;
};

/*
 * Read the BTF of `elf`: its .BTF, or the BTF at btf_path when that is not
 * NULL (raw BTF, or an ELF file's .BTF: BTF a build keeps apart from the
 * file); and the base BTF at base_path (the same kinds; NULL for none).
 * Returns 0, or a negative errno with a message "FILE: problem" in err.
 */
int btf_input_open(const struct elf_input *elf, const char *btf_path,
		   const char *base_path, struct btf_input *in, char *err,
		   size_t err_size);
void btf_input_close(struct btf_input *in);

/*
 * Read the BTF at `path` (raw BTF, or an ELF file's .BTF), split on `base`
 * when it is not NULL, and check it (btf_input_check).  Returns 0 with
 * *out set, or a negative errno with "PATH: problem" in err.
 */
int btf_input_read(const char *path, struct btf *base, struct btf **out,
		   char *err, size_t err_size);

/*
 * The same for the running kernel's own BTF (/sys/kernel/btf/...), which
 * the kernel checked when it loaded it: read by libbpf, not checked again.
 */
int btf_input_read_kernel(const char *path, struct btf *base,
			  struct btf **out, char *err, size_t err_size);

/*
 * Check btf's own types (not its base's) as the kernel would before using
 * them: every type id in range and of a kind that may be referred to from
 * there, every name a string.  `split_names` also requires each name to
 * start a string, which a split BTF read on the wrong base rarely does.
 * Returns 0, or -EINVAL with "type N: problem" in err.
 */
int btf_input_check(const struct btf *btf, bool split_names, char *err,
		    size_t err_size);

#endif /* TRUESIG_BTF_INPUT_H */
