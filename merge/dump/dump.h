/* SPDX-License-Identifier: MIT */
/*
 * dump.h — print parsed .truesig sections, as text or as JSON.
 */
#ifndef TRUESIG_DUMP_H
#define TRUESIG_DUMP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "elf_input.h"
#include "records.h"

/* What to print: the parsed sections of one file, and its symbols. */
struct dump_input {
	const struct elf_input *elf;	/* symbol bindings; may be NULL */
	struct truesig_section *const *sections;
	size_t		 n_sections;
};

/* Readable text, records in section order (dump.c). */
void dump_text(FILE *out, const struct dump_input *in);

/* One JSON document {"records": [...], "units": [...]} (dump_json.c);
   returns 0, or -1 if the writer's nesting went wrong (a bug). */
int dump_json(FILE *out, const struct dump_input *in);

/* The binding of a record's symbol ("global", "local", "weak"), or NULL
   when the file has no such symbol at that address. */
const char *dump_binding(const struct dump_input *in,
			 const struct truesig_record *r);

/* Pieces of the text dump, for other commands that describe records. */

/* The true (or, with declared, the source) prototype and a newline:
   "int scale.isra.0(int value, int factor)". */
void dump_signature(FILE *out, const struct truesig_record *r, bool declared);
/* Where a real parameter comes from: "copy of v", "value piece of p at
   offset 4 (4 bytes)", ... */
void dump_origin(FILE *out, const struct truesig_record *r,
		 const struct truesig_param *p);
/* What became of source parameter `index`: "removed", "constant 3",
   "passed, its value known: &foo", "constant, known pieces: p->a = 7,
   p->b = 9". */
void dump_fate(FILE *out, const struct truesig_record *r, unsigned index);
/* Locations as "rdi", "[sp+8]", "rdi (bytes 0-7), esi (bytes 8-11)",
   registers named for `machine` (truesig_location_text); returns buf. */
const char *dump_locations(const struct truesig_location *locs, unsigned n,
			   unsigned machine, char *buf, size_t size);

#endif /* TRUESIG_DUMP_H */
