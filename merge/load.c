// SPDX-License-Identifier: MIT
/*
 * load.c — read a file's .truesig sections and parse them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "load.h"
#include "truesig_format.h"

void unload_file(struct loaded_file *f)
{
	for (size_t i = 0; i < f->n_sections; i++)
		truesig_section_free(f->sections[i]);
	free(f->sections);
	elf_input_close(f->elf);
	memset(f, 0, sizeof(*f));
}

bool load_file(const char *path, struct loaded_file *f)
{
	char err[512];

	memset(f, 0, sizeof(*f));
	if (elf_input_open(path, &f->elf, err, sizeof(err))) {
		fprintf(stderr, "truesig: %s\n", err);
		return false;
	}
	if (!f->elf->n_sections) {
		fprintf(stderr, "truesig: %s: no %s section\n", path,
			TRUESIG_SECTION);
		unload_file(f);
		return false;
	}
	f->sections = calloc(f->elf->n_sections, sizeof(*f->sections));
	if (!f->sections) {
		fprintf(stderr, "truesig: %s: out of memory\n", path);
		unload_file(f);
		return false;
	}
	for (size_t i = 0; i < f->elf->n_sections; i++) {
		const struct truesig_bytes *b = &f->elf->sections[i];

		if (truesig_parse(b->data, b->size, &f->sections[i], err,
				  sizeof(err))) {
			if (f->elf->n_sections > 1)
				fprintf(stderr, "truesig: %s: %s (section %zu): %s\n",
					path, TRUESIG_SECTION,
					b->section_index, err);
			else
				fprintf(stderr, "truesig: %s: %s: %s\n", path,
					TRUESIG_SECTION, err);
			unload_file(f);
			return false;
		}
		f->n_sections++;
	}
	return true;
}

size_t loaded_record_count(const struct loaded_file *f)
{
	size_t n = 0;

	for (size_t s = 0; s < f->n_sections; s++)
		for (size_t u = 0; u < f->sections[s]->n_units; u++)
			n += f->sections[s]->units[u].n_records;
	return n;
}
