// SPDX-License-Identifier: MIT
/*
 * corrupt-record FILE SYMBOL [PARAM] — spoil the record of SYMBOL in FILE,
 * a linked program, on purpose: the first location of its real parameter
 * PARAM (default 0) is moved to another register (DWARF number n -> n^1:
 * rdi <-> rsi, eax <-> ecx, ...) or, on the stack, one word further, in
 * the unit's byte order.  The verify tests run `truesig verify` on the
 * result and expect it to fail: the check can fail.
 *
 * Prints what it changed.  Exit 0, or 1 with a message (no record of that
 * name, no parameter with a location, cannot write).
 */
#include <elf.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "byteorder.h"
#include "elf_input.h"
#include "records.h"

/* Another general register of the same machine: 0 <-> 1, 2 <-> 3, ... */
static int other_register(int dwarf)
{
	return dwarf ^ 1;
}

int main(int argc, char **argv)
{
	struct elf_input *in;
	char err[512];
	int status = 1;

	unsigned k = 0;

	if (argc != 3 && argc != 4) {
		fprintf(stderr, "usage: corrupt-record FILE SYMBOL [PARAM]\n");
		return 2;
	}
	if (argc == 4)
		k = (unsigned)strtoul(argv[3], NULL, 10);
	if (elf_input_open(argv[1], &in, err, sizeof(err))) {
		fprintf(stderr, "corrupt-record: %s\n", err);
		return 1;
	}
	for (size_t s = 0; s < in->n_sections && status; s++) {
		struct truesig_section *sec;
		const struct truesig_record *rec;
		struct truesig_walk w;
		GElf_Shdr shdr;

		if (truesig_parse(in->sections[s].data, in->sections[s].size,
				  &sec, err, sizeof(err))) {
			fprintf(stderr, "corrupt-record: %s: %s\n", argv[1], err);
			break;
		}
		if (!gelf_getshdr(elf_getscn(in->elf,
					     in->sections[s].section_index),
				  &shdr)) {
			truesig_section_free(sec);
			break;
		}
		w = truesig_walk(&sec, 1);
		while (status && (rec = truesig_walk_next_record(&w))) {
			const struct truesig_location *loc;
			bool big = rec->unit->byte_order != TRUESIG_LITTLE_ENDIAN;
			uint8_t bytes[4];
			uint64_t at;
			int32_t value;
			int fd;

			if (strcmp(rec->symbol, argv[2]) ||
			    k >= rec->n_params || !rec->params[k].loc_count)
				continue;
			loc = truesig_param_locs(rec, &rec->params[k]);
			value = loc->kind == TS_LOC_REG ||
				loc->kind == TS_LOC_REG_INDIRECT
				? other_register(loc->value)
				: loc->value + rec->unit->addr_size;
			/* the `value' field of the location entry */
			at = shdr.sh_offset + rec->offset + 64 +
			     24 * rec->n_source_params + 32 * rec->n_params +
			     16 * rec->params[k].loc_first + 8;
			store_uint(bytes, 4, big, (uint32_t)value);
			fd = open(argv[1], O_WRONLY | O_CLOEXEC);
			if (fd < 0 || pwrite(fd, bytes, 4, (off_t)at) != 4 ||
			    close(fd)) {
				perror("corrupt-record: write");
				break;
			}
			printf("%s: parameter %u location %d -> %d\n",
			       rec->symbol, k, loc->value, value);
			status = 0;
		}
		truesig_section_free(sec);
	}
	if (status)
		fprintf(stderr, "corrupt-record: %s: no record of %s with a "
			"located parameter %u\n", argv[1], argv[2], k);
	elf_input_close(in);
	return status;
}
