/* SPDX-License-Identifier: MIT */
/*
 * load.h — read a file's .truesig sections and parse them.
 */
#ifndef TRUESIG_LOAD_H
#define TRUESIG_LOAD_H

#include <stdbool.h>
#include <stddef.h>

#include "elf_input.h"
#include "records.h"

/* The parsed contents of one file: its sections, each parsed. */
struct loaded_file {
	struct elf_input *elf;
	struct truesig_section **sections;
	size_t		 n_sections;
};

/*
 * Read and validate all of `path`: 0, or a negative errno value with
 * "PATH: problem" in err (a file without a .truesig section is an error,
 * -ENODATA).  Nothing to free after a failure.
 */
int load_path(const char *path, struct loaded_file *f, char *err,
	      size_t err_size);

/* The same for an ELF image in memory (see elf_input_open_memory). */
int load_memory(const char *name, void *image, size_t size,
		struct loaded_file *f, char *err, size_t err_size);

void unload_file(struct loaded_file *f);

/* Records of every section and unit, in section order. */
size_t loaded_record_count(const struct loaded_file *f);

#endif /* TRUESIG_LOAD_H */
