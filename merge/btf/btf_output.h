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
 * Make `data` the .BTF section of ELF file `path` (replacing it, or adding
 * it; elf_rewrite.h), keeping the file's mode and owner, once the section
 * read back from the new file is `data`.  With read_as (the file's state
 * when it was read), the file is replaced only if it is still that file,
 * same size and modification time, both when the copy begins and before
 * the new file replaces it ("PATH: changed while truesig worked on it;
 * left as it is").  0, or -errno with "PATH: problem" in err.
 */
int btf_output_elf(const char *path, const struct stat *read_as,
		   const void *data, size_t size, char *err, size_t err_size);

#endif /* TRUESIG_BTF_OUTPUT_H */
