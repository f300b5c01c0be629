// SPDX-License-Identifier: MIT
/*
 * load.c — read a file's .truesig sections and parse them.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errmsg.h"
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

/*
 * A record names its symbol as GCC emitted it; a later step may have
 * renamed the symbol (objcopy --prefix-symbols).  Readers, tracers and
 * BTF want the name the file has, so take it where the record's own is
 * not at the record's address.  The address index is made on the first
 * such record, for all of the file's sections; 0 or -ENOMEM.
 */
static int name_symbols_as_in_file(const struct elf_input *elf,
				   struct truesig_section *s,
				   struct elf_function_index *by_address)
{
	for (size_t u = 0; u < s->n_units; u++) {
		struct truesig_unit *unit = &s->units[u];

		for (uint32_t k = 0; k < unit->n_records; k++) {
			struct truesig_record *r = &unit->records[k];
			const struct elf_symbol *sym;

			if (elf_input_find_symbol(elf, r->symbol, r->address))
				continue;
			if (!by_address->functions &&
			    elf_input_index_functions(elf, by_address))
				return -ENOMEM;
			sym = elf_input_find_renamed_symbol(by_address,
							    r->symbol,
							    r->address);
			if (sym)
				r->symbol = sym->name;
		}
	}
	return 0;
}

/* Parse the sections of f->elf; 0, or -errno with "PATH: problem". */
static int parse_sections(struct loaded_file *f, char *err, size_t err_size)
{
	const char *path = f->elf->path;
	struct elf_function_index by_address = { 0 };
	char why[512];
	int ret = 0;

	if (!f->elf->n_sections)
		return errmsg(err, err_size, -ENODATA, path, "no %s section",
			      TRUESIG_SECTION);
	f->sections = calloc(f->elf->n_sections, sizeof(*f->sections));
	if (!f->sections)
		return errmsg(err, err_size, -ENOMEM, path, "out of memory");
	for (size_t i = 0; i < f->elf->n_sections && !ret; i++) {
		const struct truesig_bytes *b = &f->elf->sections[i];

		ret = truesig_parse(b->data, b->size, &f->sections[i], why,
				    sizeof(why));
		if (ret) {
			if (f->elf->n_sections > 1)
				errmsg(err, err_size, ret, path,
				       "%s (section %zu): %s", b->name,
				       b->section_index, why);
			else
				errmsg(err, err_size, ret, path, "%s: %s",
				       b->name, why);
			break;
		}
		f->n_sections++;
		ret = name_symbols_as_in_file(f->elf, f->sections[i],
					      &by_address);
		if (ret)
			errmsg(err, err_size, ret, path, "out of memory");
	}
	elf_function_index_free(&by_address);
	return ret;
}

int load_path(const char *path, struct loaded_file *f, char *err,
	      size_t err_size)
{
	int ret;

	memset(f, 0, sizeof(*f));
	ret = elf_input_open(path, &f->elf, err, err_size);
	if (!ret)
		ret = parse_sections(f, err, err_size);
	if (ret)
		unload_file(f);
	return ret;
}

int load_memory(const char *name, void *image, size_t size,
		struct loaded_file *f, char *err, size_t err_size)
{
	int ret;

	memset(f, 0, sizeof(*f));
	ret = elf_input_open_memory(name, image, size, &f->elf, err,
				    err_size);
	if (!ret)
		ret = parse_sections(f, err, err_size);
	if (ret)
		unload_file(f);
	return ret;
}

size_t loaded_record_count(const struct loaded_file *f)
{
	struct truesig_walk w = truesig_walk(f->sections, f->n_sections);
	const struct truesig_unit *u;
	size_t n = 0;

	while ((u = truesig_walk_next_unit(&w)))
		n += u->n_records;
	return n;
}
