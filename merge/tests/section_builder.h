/* SPDX-License-Identifier: MIT */
/*
 * section_builder.h — build .truesig section images in memory, for tests.
 *
 * Header-only (the Makefile links each test from one file).  A unit is
 * laid out as the plugin does: header, type table, records (8-aligned),
 * string table, zero padding to a multiple of 8.  Tests that need a
 * malformed image build a valid one and then patch it with sb_put().
 */
#ifndef TRUESIG_SECTION_BUILDER_H
#define TRUESIG_SECTION_BUILDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "byteorder.h"
#include "truesig_format.h"

#define SB_MAX		16
#define SB_MAX_RECORDS	16

struct sb_buf {
	uint8_t		*data;
	size_t		 len;
	size_t		 cap;
};

static inline void sb_reserve(struct sb_buf *b, size_t more)
{
	if (b->len + more <= b->cap)
		return;
	b->cap = (b->len + more) * 2 + 64;
	b->data = realloc(b->data, b->cap);
	if (!b->data)
		abort();
}

static inline size_t sb_append(struct sb_buf *b, const void *p, size_t n)
{
	size_t at = b->len;

	sb_reserve(b, n);
	if (p)
		memcpy(b->data + at, p, n);
	else
		memset(b->data + at, 0, n);
	b->len += n;
	return at;
}

static inline void sb_pad(struct sb_buf *b, size_t align)
{
	while (b->len % align)
		sb_append(b, NULL, 1);
}

static inline void sb_free(struct sb_buf *b)
{
	free(b->data);
	memset(b, 0, sizeof(*b));
}

/* Store an integer at b->data + off. */
static inline void sb_put(struct sb_buf *b, size_t off, unsigned width,
			  bool big_endian, uint64_t v)
{
	store_uint(b->data + off, width, big_endian, v);
}

struct sb_location {
	uint8_t		 kind;
	uint16_t	 size;
	const char	*reg;
	int32_t		 value;
	uint32_t	 piece_offset;
};

struct sb_source_param {
	const char	*name;
	uint32_t	 type;
	uint8_t		 fate;
	uint8_t		 const_kind;
	uint64_t	 const_value;	/* for TEXT: use const_text */
	const char	*const_text;
};

struct sb_param {
	const char	*name;
	uint32_t	 type;
	uint32_t	 size;
	uint8_t		 how;
	uint16_t	 source;
	const char	*path;
	uint32_t	 offset;
	uint16_t	 loc_first;
	uint16_t	 loc_count;
};

struct sb_known_piece {
	uint16_t	 source;
	uint8_t		 how;
	uint8_t		 const_kind;
	uint32_t	 offset;
	uint32_t	 size;
	uint32_t	 type;
	const char	*path;
	uint64_t	 value;		/* for TEXT: use text */
	const char	*text;
};

struct sb_record {
	uint32_t	 flags;
	uint64_t	 address;
	const char	*symbol;
	const char	*function;
	const char	*decl_file;
	uint32_t	 decl_line;
	const char	*parent;
	uint32_t	 return_type;
	uint32_t	 source_return_type;
	uint8_t		 kinds[8];
	unsigned	 n_source_params, n_params, n_locations;
	struct sb_source_param source_params[SB_MAX];
	struct sb_param	 params[SB_MAX];
	struct sb_location locations[SB_MAX];
	uint8_t		 return_locs, sret_locs, chain_locs;
	unsigned	 n_known_pieces;
	struct sb_known_piece known_pieces[SB_MAX];
};

struct sb_unit {
	bool		 big_endian;
	unsigned	 addr_size;
	uint16_t	 machine;
	const char	*producer;
	const char	*name;
	struct sb_buf	 strings;
	struct sb_buf	 types;
	uint32_t	 n_types;
	struct sb_buf	 records;
	uint32_t	 n_records;
	size_t		 record_at[SB_MAX_RECORDS];	/* in records */
};

/* Where sb_finish() put things, as offsets in the output buffer. */
struct sb_layout {
	size_t		 unit;
	size_t		 types;
	size_t		 records;
	size_t		 record[SB_MAX_RECORDS];
	size_t		 strings;
	size_t		 size;
};

static inline void sb_unit_init(struct sb_unit *u, bool big_endian,
				unsigned addr_size, uint16_t machine)
{
	memset(u, 0, sizeof(*u));
	u->big_endian = big_endian;
	u->addr_size = addr_size;
	u->machine = machine;
	u->producer = "GCC 12.2.0, truesig 2";
	u->name = "test.c";
	sb_append(&u->strings, NULL, 1);	/* offset 0: "" */
}

static inline void sb_unit_free(struct sb_unit *u)
{
	sb_free(&u->strings);
	sb_free(&u->types);
	sb_free(&u->records);
}

static inline uint32_t sb_string(struct sb_unit *u, const char *s)
{
	if (!s || !s[0])
		return 0;
	return (uint32_t)sb_append(&u->strings, s, strlen(s) + 1);
}

/* Append a type entry; returns its index. */
static inline uint32_t sb_type(struct sb_unit *u, uint8_t kind, uint8_t flags,
			       const char *name, uint32_t size, uint32_t ref,
			       uint32_t count)
{
	uint8_t e[sizeof(struct ts_type)] = { kind, flags };
	bool be = u->big_endian;

	store_uint(e + offsetof(struct ts_type, name), 4, be, sb_string(u, name));
	store_uint(e + offsetof(struct ts_type, size), 4, be, size);
	store_uint(e + offsetof(struct ts_type, ref), 4, be, ref);
	store_uint(e + offsetof(struct ts_type, count), 4, be, count);
	sb_append(&u->types, e, sizeof(e));
	return ++u->n_types;
}

#define SB_PUT(buf, type, field, width, value) \
	store_uint((buf) + offsetof(struct type, field), width, be, value)

static inline void sb_record(struct sb_unit *u, const struct sb_record *r)
{
	size_t size = sizeof(struct ts_record) +
		      r->n_source_params * sizeof(struct ts_source_param) +
		      r->n_params * sizeof(struct ts_param) +
		      r->n_locations * sizeof(struct ts_location) +
		      r->n_known_pieces * sizeof(struct ts_known_piece);
	bool be = u->big_endian;
	uint8_t *p;
	size_t at;

	size = (size + 7) & ~(size_t)7;
	at = sb_append(&u->records, NULL, size);
	u->record_at[u->n_records++] = at;
	p = u->records.data + at;

	SB_PUT(p, ts_record, size, 4, size);
	SB_PUT(p, ts_record, flags, 4, r->flags);
	SB_PUT(p, ts_record, address, u->addr_size, r->address);
	SB_PUT(p, ts_record, symbol, 4, sb_string(u, r->symbol));
	SB_PUT(p, ts_record, function, 4, sb_string(u, r->function));
	SB_PUT(p, ts_record, decl_file, 4, sb_string(u, r->decl_file));
	SB_PUT(p, ts_record, decl_line, 4, r->decl_line);
	SB_PUT(p, ts_record, parent, 4, sb_string(u, r->parent));
	SB_PUT(p, ts_record, return_type, 4, r->return_type);
	SB_PUT(p, ts_record, source_return_type, 4, r->source_return_type);
	memcpy(p + offsetof(struct ts_record, kinds), r->kinds, 8);
	SB_PUT(p, ts_record, n_source_params, 2, r->n_source_params);
	SB_PUT(p, ts_record, n_params, 2, r->n_params);
	SB_PUT(p, ts_record, n_locations, 2, r->n_locations);
	SB_PUT(p, ts_record, n_known_pieces, 2, r->n_known_pieces);
	p[offsetof(struct ts_record, return_locs)] = r->return_locs;
	p[offsetof(struct ts_record, sret_locs)] = r->sret_locs;
	p[offsetof(struct ts_record, chain_locs)] = r->chain_locs;
	p += sizeof(struct ts_record);

	for (unsigned i = 0; i < r->n_source_params; i++) {
		const struct sb_source_param *s = &r->source_params[i];
		uint64_t value = s->const_kind == TS_CONST_TEXT ?
				 sb_string(u, s->const_text) : s->const_value;

		SB_PUT(p, ts_source_param, name, 4, sb_string(u, s->name));
		SB_PUT(p, ts_source_param, type, 4, s->type);
		p[offsetof(struct ts_source_param, fate)] = s->fate;
		p[offsetof(struct ts_source_param, const_kind)] = s->const_kind;
		SB_PUT(p, ts_source_param, const_value, 8, value);
		p += sizeof(struct ts_source_param);
	}
	for (unsigned i = 0; i < r->n_params; i++) {
		const struct sb_param *q = &r->params[i];

		SB_PUT(p, ts_param, name, 4, sb_string(u, q->name));
		SB_PUT(p, ts_param, type, 4, q->type);
		SB_PUT(p, ts_param, size, 4, q->size);
		p[offsetof(struct ts_param, how)] = q->how;
		SB_PUT(p, ts_param, source, 2, q->source);
		SB_PUT(p, ts_param, path, 4, sb_string(u, q->path));
		SB_PUT(p, ts_param, offset, 4, q->offset);
		SB_PUT(p, ts_param, loc_first, 2, q->loc_first);
		SB_PUT(p, ts_param, loc_count, 2, q->loc_count);
		p += sizeof(struct ts_param);
	}
	for (unsigned i = 0; i < r->n_locations; i++) {
		const struct sb_location *l = &r->locations[i];

		p[offsetof(struct ts_location, kind)] = l->kind;
		SB_PUT(p, ts_location, size, 2, l->size);
		SB_PUT(p, ts_location, reg_name, 4, sb_string(u, l->reg));
		SB_PUT(p, ts_location, value, 4, (uint32_t)l->value);
		SB_PUT(p, ts_location, piece_offset, 4, l->piece_offset);
		p += sizeof(struct ts_location);
	}
	for (unsigned i = 0; i < r->n_known_pieces; i++) {
		const struct sb_known_piece *k = &r->known_pieces[i];
		uint64_t value = k->const_kind == TS_CONST_TEXT ?
				 sb_string(u, k->text) : k->value;

		SB_PUT(p, ts_known_piece, source, 2, k->source);
		p[offsetof(struct ts_known_piece, how)] = k->how;
		p[offsetof(struct ts_known_piece, const_kind)] = k->const_kind;
		SB_PUT(p, ts_known_piece, offset, 4, k->offset);
		SB_PUT(p, ts_known_piece, size, 4, k->size);
		SB_PUT(p, ts_known_piece, type, 4, k->type);
		SB_PUT(p, ts_known_piece, path, 4, sb_string(u, k->path));
		SB_PUT(p, ts_known_piece, value, 8, value);
		p += sizeof(struct ts_known_piece);
	}
}

/* Append the unit to out; fills *layout if not NULL. */
static inline void sb_finish(struct sb_unit *u, struct sb_buf *out,
			     struct sb_layout *layout)
{
	struct sb_layout l;
	uint8_t h[sizeof(struct ts_unit_header)] = "TSIG";
	bool be = u->big_endian;
	uint32_t producer = sb_string(u, u->producer);
	uint32_t name = sb_string(u, u->name);

	sb_pad(out, 8);
	l.unit = out->len;
	sb_append(out, NULL, sizeof(h));
	l.types = out->len;
	sb_append(out, u->types.data, u->types.len);
	sb_pad(out, 8);
	l.records = out->len;
	for (unsigned i = 0; i < u->n_records; i++)
		l.record[i] = l.records + u->record_at[i];
	sb_append(out, u->records.data, u->records.len);
	l.strings = out->len;
	sb_append(out, u->strings.data, u->strings.len);
	sb_pad(out, 8);
	l.size = out->len - l.unit;

	h[offsetof(struct ts_unit_header, version)] = TRUESIG_VERSION;
	h[offsetof(struct ts_unit_header, byte_order)] =
		be ? TRUESIG_BIG_ENDIAN : TRUESIG_LITTLE_ENDIAN;
	h[offsetof(struct ts_unit_header, addr_size)] = (uint8_t)u->addr_size;
	h[offsetof(struct ts_unit_header, header_size)] = sizeof(h);
	SB_PUT(h, ts_unit_header, unit_size, 4, l.size);
	SB_PUT(h, ts_unit_header, machine, 2, u->machine);
	SB_PUT(h, ts_unit_header, producer, 4, producer);
	SB_PUT(h, ts_unit_header, unit_name, 4, name);
	SB_PUT(h, ts_unit_header, types_off, 4, l.types - l.unit);
	SB_PUT(h, ts_unit_header, types_count, 4, u->n_types);
	SB_PUT(h, ts_unit_header, records_off, 4, l.records - l.unit);
	SB_PUT(h, ts_unit_header, records_count, 4, u->n_records);
	SB_PUT(h, ts_unit_header, strings_off, 4, l.strings - l.unit);
	SB_PUT(h, ts_unit_header, strings_size, 4, u->strings.len);
	memcpy(out->data + l.unit, h, sizeof(h));
	if (layout)
		*layout = l;
}

/*
 * The sample unit most tests start from, modelled on
 *   struct s { int a, b; };
 *   static int foo(int x, struct s p, int *q, int n);   // foo.isra.0
 * where IPA-SRA kept x, passed p.b alone, dropped q, and n is always 5;
 * plus a cold fragment foo.cold with no parameters.
 */
enum {
	SB_T_INT = 1, SB_T_STRUCT_S, SB_T_PTR_INT, SB_T_CHAR, SB_T_CONST_CHAR,
	SB_T_PTR_CONST_CHAR, SB_T_FUNC, SB_T_FUNC_P1, SB_T_FUNC_P2,
	SB_T_PTR_FUNC, SB_T_ARRAY,
};

static inline void sb_sample_types(struct sb_unit *u)
{
	sb_type(u, TS_TYPE_INT, TS_TF_SIGNED, "int", 4, 0, 0);
	sb_type(u, TS_TYPE_STRUCT, 0, "s", 8, 0, 0);
	sb_type(u, TS_TYPE_PTR, 0, NULL, u->addr_size, SB_T_INT, 0);
	sb_type(u, TS_TYPE_INT, TS_TF_SIGNED, "char", 1, 0, 0);
	sb_type(u, TS_TYPE_CONST, 0, NULL, 1, SB_T_CHAR, 0);
	sb_type(u, TS_TYPE_PTR, 0, NULL, u->addr_size, SB_T_CONST_CHAR, 0);
	sb_type(u, TS_TYPE_FUNC, TS_TF_VARARGS, NULL, 0, SB_T_INT, 2);
	sb_type(u, TS_TYPE_PARAM, 0, NULL, 0, SB_T_INT, 0);
	sb_type(u, TS_TYPE_PARAM, 0, NULL, 0, SB_T_PTR_CONST_CHAR, 0);
	sb_type(u, TS_TYPE_PTR, 0, NULL, u->addr_size, SB_T_FUNC, 0);
	sb_type(u, TS_TYPE_ARRAY, 0, NULL, 16, SB_T_CHAR, 16);
}

static inline void sb_sample_records(struct sb_unit *u, uint64_t foo_address,
				     uint64_t cold_address)
{
	struct sb_record r = {
		.flags = TS_RF_CHANGED,
		.address = foo_address,
		.symbol = "foo.isra.0", .function = "foo",
		.decl_file = "test.c", .decl_line = 3,
		.return_type = SB_T_INT, .source_return_type = SB_T_INT,
		.kinds = { TS_KIND_ISRA },
		.n_source_params = 4,
		.source_params = {
			{ "x", SB_T_INT, TS_FATE_PASSED, 0, 0, NULL },
			{ "p", SB_T_STRUCT_S, TS_FATE_SPLIT, 0, 0, NULL },
			{ "q", SB_T_PTR_INT, TS_FATE_REMOVED, 0, 0, NULL },
			{ "n", SB_T_INT, TS_FATE_CONSTANT, TS_CONST_SIGNED,
			  (uint64_t)-5, NULL },
		},
		.n_params = 2,
		.params = {
			{ "x", SB_T_INT, 4, TS_HOW_COPY, 0, NULL, 0, 1, 1 },
			{ "ISRA.3", SB_T_INT, 4, TS_HOW_VALUE_PIECE, 1, "p.b",
			  4, 2, 1 },
		},
		.n_locations = 3,
		.locations = {
			{ TS_LOC_REG, 4, "eax", 0, 0 },
			{ TS_LOC_REG, 4, "edi", 5, 0 },
			{ TS_LOC_STACK, 4, NULL, 8, 0 },
		},
		.return_locs = 1,
	};
	struct sb_record cold = {
		.flags = TS_RF_COLD_FRAGMENT | TS_RF_CHANGED,
		.address = cold_address,
		.symbol = "foo.cold", .function = "foo", .parent = "foo.isra.0",
		.decl_file = "test.c", .decl_line = 3,
		.source_return_type = SB_T_INT,
		.kinds = { TS_KIND_ISRA, TS_KIND_COLD },
	};

	sb_record(u, &r);
	sb_record(u, &cold);
}

/*
 * A record with the rarer parts: a dropped return, an sret pointer and a
 * static chain, a text and an unsigned constant, a parameter in two
 * registers, a new one, indirect locations.
 */
static inline void sb_extra_record(struct sb_unit *u, uint64_t address)
{
	struct sb_record r = {
		.flags = TS_RF_CHANGED | TS_RF_RETURN_DROPPED |
			 TS_RF_INCOMPLETE,
		.address = address,
		.symbol = "bar.constprop.0", .function = "bar",
		.decl_file = "lib/bar.c", .decl_line = 42,
		.return_type = 0, .source_return_type = SB_T_PTR_CONST_CHAR,
		.kinds = { TS_KIND_CONSTPROP, TS_KIND_ISRA },
		.n_source_params = 4,
		.source_params = {
			{ "cb", SB_T_PTR_FUNC, TS_FATE_CONSTANT, TS_CONST_TEXT,
			  0, "&handler" },
			{ "name", SB_T_PTR_CONST_CHAR, TS_FATE_SPLIT, 0, 0, NULL },
			{ "big", SB_T_STRUCT_S, TS_FATE_PASSED, 0, 0, NULL },
			{ "u", SB_T_INT, TS_FATE_CONSTANT, TS_CONST_UNSIGNED,
			  4000000000u, NULL },
		},
		.n_params = 4,
		.params = {
			{ "name", SB_T_PTR_CONST_CHAR, 8, TS_HOW_COPY, 1, NULL,
			  0, 2, 1 },
			{ "big", SB_T_STRUCT_S, 8, TS_HOW_COPY, 2, NULL, 0, 3, 2 },
			{ NULL, SB_T_INT, 4, TS_HOW_NEW, TS_NO_SOURCE, NULL, 0,
			  5, 1 },
			{ "ISRA.7", SB_T_CHAR, 1, TS_HOW_POINTER_PIECE, 1,
			  "name[2]", 2, 6, 1 },
		},
		.n_locations = 7,
		.locations = {
			{ TS_LOC_REG, 8, "rdi", 5, 0 },
			{ TS_LOC_REG, 8, "r10", 10, 0 },
			{ TS_LOC_REG, 8, "rsi", 4, 0 },
			{ TS_LOC_REG, 4, "rdx", 1, 0 },
			{ TS_LOC_REG, 4, "rcx", 2, 4 },
			{ TS_LOC_STACK, 4, NULL, 8, 0 },
			{ TS_LOC_STACK_INDIRECT, 1, NULL, 16, 0 },
		},
		.sret_locs = 1, .chain_locs = 1,
	};

	sb_record(u, &r);
}

#endif /* TRUESIG_SECTION_BUILDER_H */
