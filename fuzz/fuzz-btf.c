// SPDX-License-Identifier: MIT
/*
 * fuzz-btf.c — libFuzzer target: records to BTF.
 *
 * Input: one mode byte, then a .truesig section image.  What parses is
 * converted to BTF as `truesig btf` converts a file's records, every
 * record's symbol being defined at its address (so that every record gets
 * as far as its FUNC), with the checks of fuzz_convert().  Mode bits:
 *   0x01  split BTF on a base (base_btf() below)
 *   0x02  the file already has BTF (own_btf()): a FUNC foo.isra.0 with a
 *         stale prototype and stale tags, types to reuse
 *   0x04  the symbols are global (else local)
 */
#define _GNU_SOURCE
#include <elf.h>

#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MODE_BASE	0x01
#define MODE_OWN	0x02
#define MODE_GLOBAL	0x04

/* Types a kernel's BTF would have, and a FUNC a module's record names. */
static struct btf *base_btf(bool big_endian, unsigned addr_size)
{
	struct btf *b = btf__new_empty();
	int i, c, l, s, p, proto;

	if (!b)
		abort();
	btf__set_endianness(b, big_endian ? BTF_BIG_ENDIAN : BTF_LITTLE_ENDIAN);
	btf__set_pointer_size(b, addr_size);
	i = btf__add_int(b, "int", 4, BTF_INT_SIGNED);
	c = btf__add_int(b, "char", 1, BTF_INT_SIGNED);
	l = btf__add_int(b, "long int", addr_size, BTF_INT_SIGNED);
	s = btf__add_struct(b, "s", 8);
	btf__add_field(b, "a", i, 0, 0);
	btf__add_field(b, "b", i, 32, 0);
	btf__add_typedef(b, "u32", i);
	p = btf__add_ptr(b, c);
	btf__add_const(b, c);
	btf__add_fwd(b, "device", BTF_FWD_STRUCT);
	btf__add_enum(b, "mode", 4);
	btf__add_enum_value(b, "MODE_A", 0);
	proto = btf__add_func_proto(b, l);
	btf__add_func_param(b, "x", i);
	btf__add_func_param(b, "p", p);
	btf__add_func(b, "foo.isra.0", BTF_FUNC_STATIC, proto);
	btf__add_func(b, "bar", BTF_FUNC_GLOBAL, proto);
	(void)s;
	return b;
}

/* A file's own BTF, from an older build: foo.isra.0 is stale. */
static struct btf *own_btf(struct btf *base, bool big_endian,
			   unsigned addr_size)
{
	struct btf *b = base ? btf__new_empty_split(base) : btf__new_empty();
	int i, proto, fn;

	if (!b)
		abort();
	btf__set_endianness(b, big_endian ? BTF_BIG_ENDIAN : BTF_LITTLE_ENDIAN);
	btf__set_pointer_size(b, addr_size);
	i = btf__add_int(b, "int", 4, BTF_INT_SIGNED);
	btf__add_int(b, "unsigned int", 4, 0);
	btf__add_ptr(b, i);
	btf__add_struct(b, "s", 8);
	proto = btf__add_func_proto(b, i);
	btf__add_func_param(b, "x", i);
	btf__add_func_param(b, "ISRA.3", i);
	fn = btf__add_func(b, "foo.isra.0", BTF_FUNC_STATIC, proto);
	btf__add_decl_tag(b, "truesig:source=foo", fn, -1);
	btf__add_decl_tag(b, "truesig:kinds=constprop", fn, -1);
	btf__add_decl_tag(b, "truesig:origin=copy src=0 path=x", fn, 0);
	btf__add_decl_tag(b, "user tag", fn, 1);
	btf__add_func(b, "foo.cold", BTF_FUNC_STATIC, proto);
	return b;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct truesig_section *s = (void *)1;
	struct elf_input elf = { .path = "fuzz", .fd = -1 };
	struct loaded_file f = { 0 };
	struct btf_input in = { 0 };
	const struct truesig_unit *u0;
	const struct truesig_record *r;
	struct truesig_walk w;
	size_t n = 0;
	char err[512];
	uint8_t mode;
	int ret;

	if (!size)
		return 0;
	mode = data[0];
	libbpf_set_print(fuzz_quiet_libbpf);
	ret = truesig_parse(data + 1, size - 1, &s, err, sizeof(err));
	if (ret) {
		fuzz_check_parse_error(ret, s, err);
		return 0;
	}
	if (!s->n_units) {
		truesig_section_free(s);
		return 0;
	}
	u0 = &s->units[0];

	/* The file: the section's target, a symbol for every record. */
	elf.type = ET_REL;
	elf.machine = u0->machine;
	elf.addr_size = u0->addr_size;
	elf.big_endian = u0->byte_order == TRUESIG_BIG_ENDIAN;
	w = truesig_walk(&s, 1);
	while (truesig_walk_next_record(&w))
		n++;
	elf.symbols = calloc(n ? n : 1, sizeof(*elf.symbols));
	if (!elf.symbols)
		abort();
	w = truesig_walk(&s, 1);
	while ((r = truesig_walk_next_record(&w))) {
		struct elf_symbol *sym = &elf.symbols[elf.n_symbols];

		sym->name = r->symbol;
		sym->value = r->address;
		sym->binding = mode & MODE_GLOBAL ? STB_GLOBAL : STB_LOCAL;
		sym->type = STT_FUNC;
		sym->order = (unsigned)elf.n_symbols++;
	}
	elf_input_sort_symbols(&elf);
	f.elf = &elf;
	f.sections = &s;
	f.n_sections = 1;

	if (mode & MODE_BASE)
		in.base = base_btf(elf.big_endian, elf.addr_size);
	if (mode & MODE_OWN) {
		in.btf = own_btf(in.base, elf.big_endian, elf.addr_size);
		in.has_section = true;
	} else {
		in.btf = in.base ? btf__new_empty_split(in.base) :
				   btf__new_empty();
		if (!in.btf)
			abort();
		btf__set_endianness(in.btf, elf.big_endian ? BTF_BIG_ENDIAN :
							      BTF_LITTLE_ENDIAN);
		btf__set_pointer_size(in.btf, elf.addr_size);
	}
	fuzz_convert(&in, &f);

	btf__free(in.base);
	free(elf.symbols);
	truesig_section_free(s);
	return 0;
}
