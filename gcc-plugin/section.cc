/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * section.cc — the records of the unit being collected and their output,
 * with the type table (types.cc) and the string table (strings.cc), as
 * one .debug_truesig unit at the end of the compilation.  The layout is
 * include/truesig_format.h; this file is its only writer.
 */
#include "truesig.h"

static vec<ts_collected_record *> records;

ts_collected_record *
ts_new_record (void)
{
	return XCNEW (ts_collected_record);
}

void
ts_add_record (ts_collected_record *r)
{
	records.safe_push (r);
}

/* ---- serialization, in the target's byte order ---------------------- */

struct out_buf {
	vec<unsigned char> bytes;
	vec<unsigned> reloc_at;			/* offsets of address slots */
	vec<const char *> reloc_label;
};

static void
put (out_buf *b, unsigned long long v, unsigned size)
{
	for (unsigned i = 0; i < size; i++) {
		unsigned shift = BYTES_BIG_ENDIAN ? (size - 1 - i) * 8 : i * 8;
		b->bytes.safe_push ((unsigned char) (v >> shift));
	}
}
static void put8 (out_buf *b, unsigned v) { put (b, v, 1); }
static void put16 (out_buf *b, unsigned v) { put (b, v, 2); }
static void put32 (out_buf *b, unsigned v) { put (b, v, 4); }
static void put64 (out_buf *b, unsigned long long v) { put (b, v, 8); }

static void
pad_to (out_buf *b, unsigned align)
{
	while (b->bytes.length () % align)
		b->bytes.safe_push (0);
}

static void
patch32 (out_buf *b, unsigned at, unsigned v)
{
	out_buf tmp = out_buf ();
	put32 (&tmp, v);
	memcpy (&b->bytes[at], tmp.bytes.address (), 4);
	tmp.bytes.release ();
}

static void
put_type (out_buf *b, const ts_type *t)
{
	put8 (b, t->kind);
	put8 (b, t->flags);
	put16 (b, 0);
	put32 (b, t->name);
	put32 (b, t->size);
	put32 (b, t->ref);
	put32 (b, t->count);
}

static void
put_record (out_buf *b, ts_collected_record *r)
{
	unsigned start = b->bytes.length ();
	const ts_record *h = &r->head;

	put32 (b, 0);				/* size, patched below */
	put32 (b, h->flags);
	b->reloc_at.safe_push (b->bytes.length ());
	b->reloc_label.safe_push (r->asm_label);
	put64 (b, 0);				/* address slot */
	put32 (b, h->symbol);
	put32 (b, h->function);
	put32 (b, h->decl_file);
	put32 (b, h->decl_line);
	put32 (b, h->parent);
	put32 (b, h->return_type);
	for (unsigned i = 0; i < 8; i++)
		put8 (b, h->kinds[i]);
	put16 (b, r->source_params.length ());
	put16 (b, r->params.length ());
	put16 (b, r->locations.length ());
	put8 (b, h->return_locs);
	put8 (b, h->sret_locs);
	put8 (b, h->chain_locs);
	put8 (b, 0);
	put16 (b, r->known_pieces.length ());
	put32 (b, h->source_return_type);

	for (const ts_source_param &s : r->source_params) {
		put32 (b, s.name);
		put32 (b, s.type);
		put8 (b, s.fate);
		put8 (b, s.const_kind);
		put16 (b, 0);
		put32 (b, 0);
		put64 (b, s.const_value);
	}
	for (const ts_param &p : r->params) {
		put32 (b, p.name);
		put32 (b, p.type);
		put32 (b, p.size);
		put8 (b, p.how);
		put8 (b, 0);
		put16 (b, p.source);
		put32 (b, p.path);
		put32 (b, p.offset);
		put16 (b, p.loc_first);
		put16 (b, p.loc_count);
		put32 (b, 0);
	}
	for (const ts_location &l : r->locations) {
		put8 (b, l.kind);
		put8 (b, 0);
		put16 (b, l.size);
		put32 (b, l.reg_name);
		put32 (b, (unsigned) l.value);
		put32 (b, l.piece_offset);
	}
	for (const ts_known_piece &k : r->known_pieces) {
		put16 (b, k.source);
		put8 (b, k.how);
		put8 (b, k.const_kind);
		put32 (b, k.offset);
		put32 (b, k.size);
		put32 (b, k.type);
		put32 (b, k.path);
		put32 (b, 0);
		put64 (b, k.value);
	}
	pad_to (b, TRUESIG_ALIGN);
	patch32 (b, start, b->bytes.length () - start);
}

/* Lay out the whole unit; address slots stay zero and are listed in
   b->reloc_at for the assembler to fill. */
static void
serialize_unit (out_buf *b)
{
	char producer[64];
	snprintf (producer, sizeof producer, "GCC %d.%d.%d, truesig %d",
		  BUILDING_GCC_MAJOR, BUILDING_GCC_MINOR, BUILDING_GCC_PATCHLEVEL,
		  TRUESIG_VERSION);
	unsigned producer_s = ts_string (producer);
	unsigned name_s = ts_file_name (main_input_filename);
	vec<ts_type> types = vNULL;
	ts_types_serialize (&types);
	vec<char> strtab = vNULL;

	b->bytes.safe_push ('T');
	b->bytes.safe_push ('S');
	b->bytes.safe_push ('I');
	b->bytes.safe_push ('G');
	put8 (b, TRUESIG_VERSION);
	put8 (b, BYTES_BIG_ENDIAN ? TRUESIG_BIG_ENDIAN : TRUESIG_LITTLE_ENDIAN);
	put8 (b, POINTER_SIZE / BITS_PER_UNIT);
	put8 (b, sizeof (struct ts_unit_header));
	put32 (b, 0);				/* unit_size, patched */
	put16 (b, ts_elf_machine ());
	put16 (b, ts_opt_all ? TS_UNIT_ALL : 0);
	put32 (b, producer_s);
	put32 (b, name_s);
	put32 (b, 0);				/* types_off, patched */
	put32 (b, types.length ());
	put32 (b, 0);				/* records_off, patched */
	put32 (b, records.length ());
	put32 (b, 0);				/* strings_off, patched */
	put32 (b, 0);				/* strings_size, patched */
	gcc_checking_assert (b->bytes.length () == sizeof (struct ts_unit_header));

	patch32 (b, offsetof (ts_unit_header, types_off), b->bytes.length ());
	for (const ts_type &t : types)
		put_type (b, &t);
	pad_to (b, TRUESIG_ALIGN);

	patch32 (b, offsetof (ts_unit_header, records_off), b->bytes.length ());
	for (ts_collected_record *r : records)
		put_record (b, r);

	patch32 (b, offsetof (ts_unit_header, strings_off), b->bytes.length ());
	ts_strings_serialize (&strtab);		/* last: every name is in */
	patch32 (b, offsetof (ts_unit_header, strings_size), strtab.length ());
	for (char c : strtab)
		b->bytes.safe_push ((unsigned char) c);
	pad_to (b, TRUESIG_ALIGN);
	patch32 (b, offsetof (ts_unit_header, unit_size), b->bytes.length ());
	types.release ();
	strtab.release ();
}

static void
output_bytes (const unsigned char *p, unsigned n)
{
	if (n)
		assemble_string ((const char *) p, n);
}

void
ts_emit_section (void)
{
	if (records.is_empty () || !asm_out_file)
		return;

	out_buf b = out_buf ();
	serialize_unit (&b);

	unsigned addr_size = POINTER_SIZE / BITS_PER_UNIT;
	switch_to_section (get_section (TRUESIG_SECTION, SECTION_DEBUG, NULL));
	assemble_align (TRUESIG_ALIGN * BITS_PER_UNIT);
	unsigned pos = 0;
	for (unsigned i = 0; i < b.reloc_at.length (); i++) {
		unsigned at = b.reloc_at[i];
		output_bytes (b.bytes.address () + pos, at - pos);
		rtx sym = gen_rtx_SYMBOL_REF (Pmode, ggc_strdup (b.reloc_label[i]));
		assemble_integer (sym, addr_size, addr_size * BITS_PER_UNIT, 1);
		pos = at + addr_size;
	}
	output_bytes (b.bytes.address () + pos, b.bytes.length () - pos);

	b.bytes.release ();
	b.reloc_at.release ();
	b.reloc_label.release ();
}
