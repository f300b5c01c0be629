/* SPDX-License-Identifier: MIT */
/*
 * btf_output.h — write BTF: as a raw file, or as an ELF file's .BTF.
 *
 * Both replace the destination as a whole (atomic_file.h): a reader sees
 * the old file or the new one, and on any failure the destination is
 * untouched and no temporary file is left.
 */
#ifndef TRUESIG_BTF_OUTPUT_H
#define TRUESIG_BTF_OUTPUT_H

#include <stddef.h>
#include <sys/stat.h>

/* Write `size` bytes of raw BTF to `out` ("-": standard output; a pipe or
   a device is written to, not replaced).  0, or -errno with a message
   "OUT: problem" in err. */
int btf_output_raw(const char *out, const void *data, size_t size,
		   char *err, size_t err_size);

/*
 * Make new contents the .BTF section of ELF file `path` (replacing it, or
 * adding it), keeping the file's mode and owner, in two steps, so that the
 * bytes of the file that stay are copied, and go to disk, while the BTF
 * is being made:
 *
 * btf_output_elf_begin() makes the new file (elf_rewrite_begin());
 * btf_output_elf_commit() completes it with `data` (elf_rewrite_finish()),
 * checks that the section read back from it is `data`, and replaces the
 * file; btf_output_elf_discard() gives up.  Both free *o.
 *
 * With read_as (the file's state when it was read), the file is replaced
 * only if it is still that file, same size and modification time, both
 * when the copy begins and before the new file replaces it ("PATH: changed
 * while truesig worked on it; left as it is").  Each returns 0, or -errno
 * with "PATH: problem" in err.
 */
struct btf_output_elf;

int btf_output_elf_begin(const char *path, const struct stat *read_as,
			 struct btf_output_elf **o, char *err, size_t err_size);
int btf_output_elf_commit(struct btf_output_elf *o, const void *data,
			  size_t size, char *err, size_t err_size);
void btf_output_elf_discard(struct btf_output_elf *o);

#endif /* TRUESIG_BTF_OUTPUT_H */
