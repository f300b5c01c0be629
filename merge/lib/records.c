// SPDX-License-Identifier: MIT
/*
 * records.c — parse and validate a .truesig section image.
 *
 * The image is untrusted: every offset, count and index is checked against
 * what contains it before it is used, in 64-bit arithmetic so no sum can
 * wrap.  Fields are loaded byte by byte in the unit's byte order
 * (byteorder.h); the structures of truesig_format.h only provide the field
 * offsets.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "byteorder.h"
#include "errmsg.h"
#include "target.h"
#include "records.h"

#define HEADER_SIZE	sizeof(struct ts_unit_header)
#define TYPE_SIZE	sizeof(struct ts_type)
#define RECORD_SIZE	sizeof(struct ts_record)
#define SPARAM_SIZE	sizeof(struct ts_source_param)
#define PARAM_SIZE	sizeof(struct ts_param)
#define LOC_SIZE	sizeof(struct ts_location)
#define KNOWN_SIZE	sizeof(struct ts_known_piece)

/* The on-disk sizes; the format has no implicit padding. */
_Static_assert(sizeof(struct ts_unit_header) == 48, "header size");
_Static_assert(sizeof(struct ts_type) == 20, "type entry size");
_Static_assert(sizeof(struct ts_record) == 64, "record size");
_Static_assert(sizeof(struct ts_source_param) == 24, "source param size");
_Static_assert(sizeof(struct ts_param) == 32, "param size");
_Static_assert(sizeof(struct ts_location) == 16, "location size");
_Static_assert(offsetof(struct ts_record, kinds) == 40, "record layout");
_Static_assert(offsetof(struct ts_record, source_return_type) == 60,
	       "record layout");
_Static_assert(offsetof(struct ts_source_param, const_value) == 16,
	       "source param layout");

#define FIELD(type, member)	offsetof(struct type, member)

struct parser {
	const uint8_t	*data;
	size_t		 size;
	bool		 big_endian;	/* of the unit being parsed */
	char		*err;
	size_t		 err_size;
};

/* The unit being parsed, with where its tables are. */
struct unit_parse {
	struct truesig_unit *unit;
	uint64_t	 base;		/* section offset of the unit */
	uint64_t	 types_off;	/* unit-relative */
	uint64_t	 types_end;
	uint64_t	 strings_off;
	uint64_t	 strings_end;
};

__attribute__((format(printf, 4, 5)))
static int fail(struct parser *p, uint64_t offset, int code,
		const char *fmt, ...)
{
	char where[32];
	va_list ap;

	snprintf(where, sizeof(where), "offset 0x%llx",
		 (unsigned long long)offset);
	va_start(ap, fmt);
	errmsgv(p->err, p->err_size, code, where, fmt, ap);
	va_end(ap);
	return code;
}

static int out_of_memory(struct parser *p, uint64_t offset)
{
	return fail(p, offset, -ENOMEM, "out of memory");
}

/* Loads at a section offset; callers have checked the bounds. */
static uint8_t get_u8(const struct parser *p, uint64_t off)
{
	return off < p->size ? p->data[off] : 0;
}

static uint64_t get_uint(const struct parser *p, uint64_t off, unsigned width)
{
	if (off > p->size || p->size - off < width)
		return 0;
	return load_uint(p->data + off, width, p->big_endian);
}

static uint16_t get_u16(const struct parser *p, uint64_t off)
{
	return (uint16_t)get_uint(p, off, 2);
}

static uint32_t get_u32(const struct parser *p, uint64_t off)
{
	return (uint32_t)get_uint(p, off, 4);
}

static bool all_zero(const struct parser *p, uint64_t off, uint64_t len)
{
	for (uint64_t i = 0; i < len; i++)
		if (get_u8(p, off + i))
			return false;
	return true;
}

static bool overlaps(uint64_t a_off, uint64_t a_len, uint64_t b_off,
		     uint64_t b_len)
{
	return a_len && b_len && a_off < b_off + b_len && b_off < a_off + a_len;
}

/*
 * Resolve string offset `str` (loaded from section offset `at`, described
 * by `what`) to a pointer into the unit's copy of its string table.
 */
static int get_string(struct parser *p, const struct unit_parse *up,
		      uint64_t at, uint64_t str, const char *what,
		      const char **out)
{
	const struct truesig_unit *u = up->unit;

	if (str >= u->strings_size)
		return fail(p, at, -EINVAL,
			    "%s: string offset %llu outside the string table (%u bytes)",
			    what, (unsigned long long)str, u->strings_size);
	if (!memchr(u->strings + str, '\0', u->strings_size - str))
		return fail(p, at, -EINVAL,
			    "%s: string at offset %llu is not NUL-terminated within the string table",
			    what, (unsigned long long)str);
	*out = u->strings + str;
	return 0;
}

/* A type index used by a record: in range and not a PARAM entry. */
static int check_type_index(struct parser *p, const struct truesig_unit *u,
			    uint64_t at, uint32_t index, const char *what)
{
	if (index >= u->n_types)
		return fail(p, at, -EINVAL,
			    "%s: type index %u out of range (the unit has %u types)",
			    what, index, u->n_types - 1);
	if (u->types[index].kind == TS_TYPE_PARAM)
		return fail(p, at, -EINVAL,
			    "%s: type index %u is a PARAM entry, not a type",
			    what, index);
	return 0;
}

/* ---- type table ---------------------------------------------------------- */

static int parse_types(struct parser *p, struct unit_parse *up,
		       uint32_t count)
{
	struct truesig_unit *u = up->unit;
	uint32_t func = 0, params_left = 0;
	char what[64];
	int err;

	u->types = calloc((size_t)count + 1, sizeof(*u->types));
	if (!u->types)
		return out_of_memory(p, up->base + up->types_off);
	u->n_types = count + 1;
	u->types[0].kind = TS_TYPE_VOID;
	u->types[0].name = "";

	for (uint32_t i = 1; i <= count; i++) {
		uint64_t at = up->base + up->types_off + (uint64_t)(i - 1) * TYPE_SIZE;
		struct truesig_type *t = &u->types[i];

		t->kind = get_u8(p, at + FIELD(ts_type, kind));
		t->flags = get_u8(p, at + FIELD(ts_type, flags));
		t->size = get_u32(p, at + FIELD(ts_type, size));
		t->ref = get_u32(p, at + FIELD(ts_type, ref));
		t->count = get_u32(p, at + FIELD(ts_type, count));
		snprintf(what, sizeof(what), "type %u", i);

		if (t->kind == TS_TYPE_VOID)
			return fail(p, at, -EINVAL,
				    "%s: kind VOID is only valid as the implicit index 0",
				    what);
		if (t->kind > TS_TYPE_KIND_MAX)
			return fail(p, at, -EINVAL, "%s: unknown kind %u",
				    what, t->kind);
		if (get_u16(p, at + FIELD(ts_type, reserved)))
			return fail(p, at, -EINVAL,
				    "%s: reserved field is not zero", what);
		err = get_string(p, up, at + FIELD(ts_type, name),
				 get_u32(p, at + FIELD(ts_type, name)), what,
				 &t->name);
		if (err)
			return err;
		if (t->ref >= i)
			return fail(p, at, -EINVAL,
				    "%s: ref %u is not smaller than the entry's own index (forward reference or cycle)",
				    what, t->ref);
		if (t->ref && u->types[t->ref].kind == TS_TYPE_PARAM)
			return fail(p, at, -EINVAL,
				    "%s: ref %u is a PARAM entry, not a type",
				    what, t->ref);

		if (params_left) {
			if (t->kind != TS_TYPE_PARAM)
				return fail(p, at, -EINVAL,
					    "%s: is a %s, but FUNC type %u still expects %u PARAM entries",
					    what,
					    truesig_type_kind_name(t->kind),
					    func, params_left);
			params_left--;
		} else if (t->kind == TS_TYPE_PARAM) {
			return fail(p, at, -EINVAL,
				    "%s: PARAM entry that does not follow a FUNC",
				    what);
		}
		if (t->kind == TS_TYPE_FUNC) {
			if (t->count > count - i)
				return fail(p, at, -EINVAL,
					    "%s: FUNC with %u parameters runs past the end of the type table (%u types)",
					    what, t->count, count);
			func = i;
			params_left = t->count;
		}
	}
	return 0;
}

/* ---- records --------------------------------------------------------------- */

static int parse_locations(struct parser *p, struct unit_parse *up,
			   struct truesig_record *r, uint64_t at,
			   const char *rwhat)
{
	char what[128];
	int err;

	for (unsigned i = 0; i < r->n_locations; i++, at += LOC_SIZE) {
		struct truesig_location *l = &r->locations[i];

		snprintf(what, sizeof(what), "%s: location %u", rwhat, i);
		l->kind = get_u8(p, at + FIELD(ts_location, kind));
		l->size = get_u16(p, at + FIELD(ts_location, size));
		l->value = (int32_t)get_u32(p, at + FIELD(ts_location, value));
		l->piece_offset = get_u32(p, at + FIELD(ts_location, piece_offset));
		if (l->kind < TS_LOC_REG || l->kind > TS_LOC_STACK_INDIRECT)
			return fail(p, at, -EINVAL, "%s: unknown kind %u",
				    what, l->kind);
		if (get_u8(p, at + FIELD(ts_location, reserved)))
			return fail(p, at, -EINVAL,
				    "%s: reserved field is not zero", what);
		err = get_string(p, up, at + FIELD(ts_location, reg_name),
				 get_u32(p, at + FIELD(ts_location, reg_name)),
				 what, &l->reg_name);
		if (err)
			return err;
	}
	return 0;
}

static int parse_source_params(struct parser *p, struct unit_parse *up,
			       struct truesig_record *r, uint64_t at,
			       const char *rwhat)
{
	char what[128];
	int err;

	for (unsigned i = 0; i < r->n_source_params; i++, at += SPARAM_SIZE) {
		struct truesig_source_param *sp = &r->source_params[i];

		snprintf(what, sizeof(what), "%s: source param %u", rwhat, i);
		sp->type = get_u32(p, at + FIELD(ts_source_param, type));
		sp->fate = get_u8(p, at + FIELD(ts_source_param, fate));
		sp->const_kind = get_u8(p, at + FIELD(ts_source_param, const_kind));
		sp->const_value = get_uint(p, at + FIELD(ts_source_param, const_value), 8);
		sp->const_text = "";

		err = get_string(p, up, at + FIELD(ts_source_param, name),
				 get_u32(p, at + FIELD(ts_source_param, name)),
				 what, &sp->name);
		if (err)
			return err;
		err = check_type_index(p, up->unit, at, sp->type, what);
		if (err)
			return err;
		if (sp->fate < TS_FATE_PASSED || sp->fate > TS_FATE_CONSTANT)
			return fail(p, at, -EINVAL, "%s: unknown fate %u",
				    what, sp->fate);
		if (sp->const_kind > TS_CONST_PIECES)
			return fail(p, at, -EINVAL,
				    "%s: unknown const_kind %u", what,
				    sp->const_kind);
		if (sp->const_kind == TS_CONST_PIECES) {
			if (sp->fate == TS_FATE_REMOVED)
				return fail(p, at, -EINVAL,
					    "%s: has known pieces but its fate is removed",
					    what);
			if (sp->const_value)
				return fail(p, at, -EINVAL,
					    "%s: const_value is not zero but const_kind is pieces",
					    what);
		} else if (sp->const_kind != TS_CONST_NONE &&
		    sp->fate != TS_FATE_CONSTANT && sp->fate != TS_FATE_PASSED)
			return fail(p, at, -EINVAL,
				    "%s: has a constant but its fate is %s",
				    what, truesig_fate_name(sp->fate));
		if (sp->const_kind == TS_CONST_NONE && sp->const_value)
			return fail(p, at, -EINVAL,
				    "%s: const_value is not zero but const_kind is none",
				    what);
		if (get_u16(p, at + FIELD(ts_source_param, reserved)) ||
		    get_u32(p, at + FIELD(ts_source_param, reserved2)))
			return fail(p, at, -EINVAL,
				    "%s: reserved field is not zero", what);
		if (sp->const_kind == TS_CONST_TEXT) {
			err = get_string(p, up,
					 at + FIELD(ts_source_param, const_value),
					 sp->const_value, what,
					 &sp->const_text);
			if (err)
				return err;
		}
	}
	return 0;
}

static int parse_params(struct parser *p, struct unit_parse *up,
			struct truesig_record *r, uint64_t at,
			const char *rwhat)
{
	unsigned fixed_locs = r->return_locs + r->sret_locs + r->chain_locs;
	char what[128];
	int err;

	for (unsigned i = 0; i < r->n_params; i++, at += PARAM_SIZE) {
		struct truesig_param *pa = &r->params[i];

		snprintf(what, sizeof(what), "%s: param %u", rwhat, i);
		pa->record = r;
		pa->type = get_u32(p, at + FIELD(ts_param, type));
		pa->size = get_u32(p, at + FIELD(ts_param, size));
		pa->how = get_u8(p, at + FIELD(ts_param, how));
		pa->source = get_u16(p, at + FIELD(ts_param, source));
		pa->offset = get_u32(p, at + FIELD(ts_param, offset));
		pa->loc_first = get_u16(p, at + FIELD(ts_param, loc_first));
		pa->loc_count = get_u16(p, at + FIELD(ts_param, loc_count));

		err = get_string(p, up, at + FIELD(ts_param, name),
				 get_u32(p, at + FIELD(ts_param, name)), what,
				 &pa->name);
		if (!err)
			err = get_string(p, up, at + FIELD(ts_param, path),
					 get_u32(p, at + FIELD(ts_param, path)),
					 what, &pa->path);
		if (!err)
			err = check_type_index(p, up->unit, at, pa->type, what);
		if (err)
			return err;
		if (pa->how < TS_HOW_COPY || pa->how > TS_HOW_MAX)
			return fail(p, at, -EINVAL, "%s: unknown how %u",
				    what, pa->how);
		if (pa->how == TS_HOW_NEW && pa->source != TS_NO_SOURCE)
			return fail(p, at, -EINVAL,
				    "%s: how is new but source is %u, not TS_NO_SOURCE",
				    what, pa->source);
		if (pa->how != TS_HOW_NEW && pa->source >= r->n_source_params)
			return fail(p, at, -EINVAL,
				    "%s: source %u out of range (%u source params)",
				    what, pa->source, r->n_source_params);
		if ((uint32_t)pa->loc_first + pa->loc_count > r->n_locations)
			return fail(p, at, -EINVAL,
				    "%s: locations %u+%u past the record's %u locations",
				    what, pa->loc_first, pa->loc_count,
				    r->n_locations);
		if (pa->loc_count && pa->loc_first < fixed_locs)
			return fail(p, at, -EINVAL,
				    "%s: locations start at %u, inside the %u return/sret/chain locations",
				    what, pa->loc_first, fixed_locs);
		if (get_u8(p, at + FIELD(ts_param, reserved)) ||
		    get_u32(p, at + FIELD(ts_param, reserved2)))
			return fail(p, at, -EINVAL,
				    "%s: reserved field is not zero", what);
	}
	return 0;
}

static int parse_known_pieces(struct parser *p, struct unit_parse *up,
			      struct truesig_record *r, uint64_t at,
			      const char *rwhat)
{
	char what[128];
	int err;

	for (unsigned i = 0; i < r->n_known_pieces; i++, at += KNOWN_SIZE) {
		struct truesig_known_piece *k = &r->known_pieces[i];
		const struct truesig_source_param *sp;
		uint32_t path;

		snprintf(what, sizeof(what), "%s: known piece %u", rwhat, i);
		k->source = get_u16(p, at + FIELD(ts_known_piece, source));
		k->how = get_u8(p, at + FIELD(ts_known_piece, how));
		k->const_kind = get_u8(p, at + FIELD(ts_known_piece, const_kind));
		k->offset = get_u32(p, at + FIELD(ts_known_piece, offset));
		k->size = get_u32(p, at + FIELD(ts_known_piece, size));
		k->type = get_u32(p, at + FIELD(ts_known_piece, type));
		k->value = get_uint(p, at + FIELD(ts_known_piece, value), 8);
		k->text = "";
		path = get_u32(p, at + FIELD(ts_known_piece, path));

		err = get_string(p, up, at + FIELD(ts_known_piece, path), path,
				 what, &k->path);
		if (!err)
			err = check_type_index(p, up->unit, at, k->type, what);
		if (err)
			return err;
		if (k->source >= r->n_source_params)
			return fail(p, at, -EINVAL,
				    "%s: source %u out of range (%u source params)",
				    what, k->source, r->n_source_params);
		if (k->how != TS_HOW_VALUE_PIECE &&
		    k->how != TS_HOW_POINTER_PIECE)
			return fail(p, at, -EINVAL,
				    "%s: how %u is not a value or pointer piece",
				    what, k->how);
		if (k->const_kind < TS_CONST_SIGNED ||
		    k->const_kind > TS_CONST_TEXT)
			return fail(p, at, -EINVAL,
				    "%s: const_kind %u is not signed, unsigned or text",
				    what, k->const_kind);
		if (get_u32(p, at + FIELD(ts_known_piece, reserved)))
			return fail(p, at, -EINVAL,
				    "%s: reserved field is not zero", what);
		if (i && (k->source < k[-1].source ||
			  (k->source == k[-1].source &&
			   k->offset <= k[-1].offset)))
			return fail(p, at, -EINVAL,
				    "%s: not after the previous piece (by source, then offset)",
				    what);
		sp = &r->source_params[k->source];
		if (sp->const_kind == TS_CONST_NONE ||
		    sp->fate == TS_FATE_REMOVED)
			return fail(p, at, -EINVAL,
				    "%s: its source param %u is %s without a constant",
				    what, k->source, truesig_fate_name(sp->fate));
		if (k->how == TS_HOW_VALUE_PIECE) {
			uint32_t whole = truesig_type(up->unit, sp->type)->size;

			if (whole && (uint64_t)k->offset + k->size > whole)
				return fail(p, at, -EINVAL,
					    "%s: bytes %u+%u past its source param's %u",
					    what, k->offset, k->size, whole);
		}
		if (k->const_kind == TS_CONST_TEXT) {
			err = get_string(p, up,
					 at + FIELD(ts_known_piece, value),
					 k->value, what, &k->text);
			if (err)
				return err;
		}
	}
	for (unsigned i = 0; i < r->n_source_params; i++) {
		const struct truesig_source_param *sp = &r->source_params[i];
		bool found = false;

		for (unsigned j = 0; j < r->n_known_pieces && !found; j++)
			found = r->known_pieces[j].source == i;
		if (sp->const_kind == TS_CONST_PIECES && !found)
			return fail(p, at, -EINVAL,
				    "%s: source param %u has known pieces but none is listed",
				    rwhat, i);
	}
	return 0;
}

static int parse_kinds(struct parser *p, struct truesig_record *r,
		       uint64_t at, const char *what)
{
	bool ended = false;

	for (unsigned i = 0; i < 8; i++) {
		uint8_t k = get_u8(p, at + FIELD(ts_record, kinds) + i);

		if (ended) {
			if (k)
				return fail(p, at, -EINVAL,
					    "%s: kinds[%u] = %u after the terminating 0",
					    what, i, k);
			continue;
		}
		if (!k) {
			ended = true;
			continue;
		}
		if (k > TS_KIND_MAX)
			return fail(p, at, -EINVAL,
				    "%s: unknown kind %u in kinds[%u]", what,
				    k, i);
		r->kinds[r->n_kinds++] = k;
	}
	return 0;
}

/*
 * Parse the record at unit-relative offset `rel`; returns its size in
 * *size.
 */
static int parse_record(struct parser *p, struct unit_parse *up,
			uint32_t index, uint64_t rel, uint64_t *size)
{
	struct truesig_unit *u = up->unit;
	struct truesig_record *r = &u->records[index];
	uint64_t at = up->base + rel;
	uint64_t left = u->size - rel, rsize, need, arrays;
	unsigned addr_size = u->addr_size;
	char what[80];
	int err;

	snprintf(what, sizeof(what), "record %u", index);
	r->unit = u;
	r->offset = at;
	if (left < RECORD_SIZE)
		return fail(p, at, -EINVAL,
			    "%s truncated: %llu bytes left in the unit, a record needs %zu",
			    what, (unsigned long long)left, RECORD_SIZE);
	if (overlaps(rel, RECORD_SIZE, up->types_off, up->types_end - up->types_off) ||
	    overlaps(rel, RECORD_SIZE, up->strings_off, up->strings_end - up->strings_off))
		return fail(p, at, -EINVAL,
			    "%s overlaps the type table or the string table",
			    what);
	rsize = get_u32(p, at + FIELD(ts_record, size));
	if (rsize < RECORD_SIZE)
		return fail(p, at, -EINVAL,
			    "%s: size %llu smaller than a record (%zu)", what,
			    (unsigned long long)rsize, RECORD_SIZE);
	if (rsize % TRUESIG_ALIGN)
		return fail(p, at, -EINVAL,
			    "%s: size %llu is not a multiple of %d", what,
			    (unsigned long long)rsize, TRUESIG_ALIGN);
	if (rsize > left)
		return fail(p, at, -EINVAL,
			    "%s: size %llu runs past the end of the unit (%llu bytes left)",
			    what, (unsigned long long)rsize,
			    (unsigned long long)left);
	if (overlaps(rel, rsize, up->types_off, up->types_end - up->types_off) ||
	    overlaps(rel, rsize, up->strings_off, up->strings_end - up->strings_off))
		return fail(p, at, -EINVAL,
			    "%s overlaps the type table or the string table",
			    what);

	r->n_source_params = get_u16(p, at + FIELD(ts_record, n_source_params));
	r->n_params = get_u16(p, at + FIELD(ts_record, n_params));
	r->n_locations = get_u16(p, at + FIELD(ts_record, n_locations));
	r->n_known_pieces = get_u16(p, at + FIELD(ts_record, n_known_pieces));
	if (r->n_known_pieces && u->version < 2)
		return fail(p, at, -EINVAL,
			    "%s: reserved field is not zero (known pieces in a version %u unit)",
			    what, u->version);
	arrays = (uint64_t)r->n_source_params * SPARAM_SIZE +
		 (uint64_t)r->n_params * PARAM_SIZE +
		 (uint64_t)r->n_locations * LOC_SIZE +
		 (uint64_t)r->n_known_pieces * KNOWN_SIZE;
	need = RECORD_SIZE + arrays;
	if (need > rsize)
		return fail(p, at, -EINVAL,
			    "%s: %u source params, %u params, %u locations and %u known pieces need %llu bytes, more than its size %llu",
			    what, r->n_source_params, r->n_params,
			    r->n_locations, r->n_known_pieces,
			    (unsigned long long)need,
			    (unsigned long long)rsize);
	if (!all_zero(p, at + need, rsize - need))
		return fail(p, at + need, -EINVAL,
			    "%s: padding after its arrays is not zero", what);

	r->flags = get_u32(p, at + FIELD(ts_record, flags));
	r->address = get_uint(p, at + FIELD(ts_record, address), addr_size);
	if (!all_zero(p, at + FIELD(ts_record, address) + addr_size,
		      8 - addr_size))
		return fail(p, at, -EINVAL,
			    "%s: address slot has non-zero bytes after its %u address bytes",
			    what, addr_size);

	err = get_string(p, up, at + FIELD(ts_record, symbol),
			 get_u32(p, at + FIELD(ts_record, symbol)), what,
			 &r->symbol);
	if (err)
		return err;
	if (!r->symbol[0])
		return fail(p, at, -EINVAL, "%s: no symbol name", what);
	snprintf(what, sizeof(what), "record %u (%.40s)", index, r->symbol);
	err = get_string(p, up, at + FIELD(ts_record, function),
			 get_u32(p, at + FIELD(ts_record, function)), what,
			 &r->function);
	if (!err)
		err = get_string(p, up, at + FIELD(ts_record, decl_file),
				 get_u32(p, at + FIELD(ts_record, decl_file)),
				 what, &r->decl_file);
	if (!err)
		err = get_string(p, up, at + FIELD(ts_record, parent),
				 get_u32(p, at + FIELD(ts_record, parent)),
				 what, &r->parent);
	if (err)
		return err;
	r->decl_line = get_u32(p, at + FIELD(ts_record, decl_line));
	if ((r->flags & TS_RF_COLD_FRAGMENT) && !r->parent[0])
		return fail(p, at, -EINVAL,
			    "%s: cold fragment without a parent", what);

	r->return_type = get_u32(p, at + FIELD(ts_record, return_type));
	err = check_type_index(p, u, at, r->return_type, what);
	if (err)
		return err;
	r->source_return_type =
		get_u32(p, at + FIELD(ts_record, source_return_type));
	err = check_type_index(p, u, at, r->source_return_type, what);
	if (err)
		return err;
	err = parse_kinds(p, r, at, what);
	if (err)
		return err;

	r->return_locs = get_u8(p, at + FIELD(ts_record, return_locs));
	r->sret_locs = get_u8(p, at + FIELD(ts_record, sret_locs));
	r->chain_locs = get_u8(p, at + FIELD(ts_record, chain_locs));
	if ((unsigned)r->return_locs + r->sret_locs + r->chain_locs >
	    r->n_locations)
		return fail(p, at, -EINVAL,
			    "%s: %u return + %u sret + %u chain locations exceed its %u locations",
			    what, r->return_locs, r->sret_locs, r->chain_locs,
			    r->n_locations);
	if (!all_zero(p, at + FIELD(ts_record, reserved),
		      sizeof(((struct ts_record *)0)->reserved)))
		return fail(p, at, -EINVAL, "%s: reserved field is not zero",
			    what);

	if (r->n_source_params) {
		r->source_params = calloc(r->n_source_params,
					  sizeof(*r->source_params));
		if (!r->source_params)
			return out_of_memory(p, at);
	}
	if (r->n_params) {
		r->params = calloc(r->n_params, sizeof(*r->params));
		if (!r->params)
			return out_of_memory(p, at);
	}
	if (r->n_locations) {
		r->locations = calloc(r->n_locations, sizeof(*r->locations));
		if (!r->locations)
			return out_of_memory(p, at);
	}
	if (r->n_known_pieces) {
		r->known_pieces = calloc(r->n_known_pieces,
					 sizeof(*r->known_pieces));
		if (!r->known_pieces)
			return out_of_memory(p, at);
	}

	at += RECORD_SIZE;
	err = parse_source_params(p, up, r, at, what);
	if (err)
		return err;
	at += (uint64_t)r->n_source_params * SPARAM_SIZE;
	err = parse_params(p, up, r, at, what);
	if (err)
		return err;
	at += (uint64_t)r->n_params * PARAM_SIZE;
	err = parse_locations(p, up, r, at, what);
	if (err)
		return err;
	at += (uint64_t)r->n_locations * LOC_SIZE;
	err = parse_known_pieces(p, up, r, at, what);
	if (err)
		return err;

	*size = rsize;
	return 0;
}

/* ---- units ----------------------------------------------------------------- */

static int parse_unit(struct parser *p, uint64_t base,
		      struct truesig_unit *u)
{
	const uint8_t *h = p->data + base;
	uint64_t left = p->size - base;
	struct unit_parse up = { .unit = u, .base = base };
	uint64_t header_size, strings_size, types_count, records_count;
	uint64_t records_off, rel;
	int err;

	u->offset = base;
	if (left < 8)
		return fail(p, base, -EINVAL,
			    "unit header truncated: %llu bytes left, a header needs %zu",
			    (unsigned long long)left, HEADER_SIZE);
	if (memcmp(h, TRUESIG_MAGIC, 4))
		return fail(p, base, -EINVAL,
			    "bad magic %02x %02x %02x %02x (expected \"TSIG\")",
			    h[0], h[1], h[2], h[3]);
	u->version = h[FIELD(ts_unit_header, version)];
	if (u->version < TRUESIG_VERSION_MIN || u->version > TRUESIG_VERSION)
		return fail(p, base, -ENOTSUP,
			    "unsupported .truesig version %u (this tool reads %d to %d)",
			    u->version, TRUESIG_VERSION_MIN, TRUESIG_VERSION);
	if (left < HEADER_SIZE)
		return fail(p, base, -EINVAL,
			    "unit header truncated: %llu bytes left, a header needs %zu",
			    (unsigned long long)left, HEADER_SIZE);

	u->byte_order = h[FIELD(ts_unit_header, byte_order)];
	if (u->byte_order != TRUESIG_LITTLE_ENDIAN &&
	    u->byte_order != TRUESIG_BIG_ENDIAN)
		return fail(p, base, -EINVAL,
			    "bad byte_order %u (expected 1, little-endian, or 2, big-endian)",
			    u->byte_order);
	p->big_endian = u->byte_order == TRUESIG_BIG_ENDIAN;
	u->addr_size = h[FIELD(ts_unit_header, addr_size)];
	if (u->addr_size != 4 && u->addr_size != 8)
		return fail(p, base, -EINVAL,
			    "bad addr_size %u (expected 4 or 8)", u->addr_size);
	header_size = h[FIELD(ts_unit_header, header_size)];
	if (header_size < HEADER_SIZE)
		return fail(p, base, -EINVAL,
			    "header_size %llu smaller than the version 1 header (%zu)",
			    (unsigned long long)header_size, HEADER_SIZE);

	u->size = get_u32(p, base + FIELD(ts_unit_header, unit_size));
	if (u->size < header_size)
		return fail(p, base, -EINVAL,
			    "unit_size %u smaller than its header (%llu)",
			    u->size, (unsigned long long)header_size);
	if (u->size % TRUESIG_ALIGN)
		return fail(p, base, -EINVAL,
			    "unit_size %u is not a multiple of %d", u->size,
			    TRUESIG_ALIGN);
	if (u->size > left)
		return fail(p, base, -EINVAL,
			    "unit_size %u runs past the end of the section (%llu bytes left)",
			    u->size, (unsigned long long)left);
	u->machine = get_u16(p, base + FIELD(ts_unit_header, machine));
	u->flags = get_u16(p, base + FIELD(ts_unit_header, flags));

	/* The string table first: everything else names strings. */
	up.strings_off = get_u32(p, base + FIELD(ts_unit_header, strings_off));
	strings_size = get_u32(p, base + FIELD(ts_unit_header, strings_size));
	up.strings_end = up.strings_off + strings_size;
	if (up.strings_off < header_size || up.strings_end > u->size)
		return fail(p, base, -EINVAL,
			    "string table (offset %llu, %llu bytes) is not inside the unit (%llu-byte header, %u bytes in all)",
			    (unsigned long long)up.strings_off,
			    (unsigned long long)strings_size,
			    (unsigned long long)header_size, u->size);
	if (!strings_size || p->data[base + up.strings_off])
		return fail(p, base + up.strings_off, -EINVAL,
			    "string table does not start with a NUL byte");
	u->strings = malloc(strings_size);
	if (!u->strings)
		return out_of_memory(p, base);
	memcpy(u->strings, p->data + base + up.strings_off, strings_size);
	u->strings_size = (uint32_t)strings_size;

	err = get_string(p, &up, base + FIELD(ts_unit_header, producer),
			 get_u32(p, base + FIELD(ts_unit_header, producer)),
			 "unit producer", &u->producer);
	if (!err)
		err = get_string(p, &up, base + FIELD(ts_unit_header, unit_name),
				 get_u32(p, base + FIELD(ts_unit_header, unit_name)),
				 "unit name", &u->name);
	if (err)
		return err;

	/* Counts are checked against the room they need before allocating. */
	up.types_off = get_u32(p, base + FIELD(ts_unit_header, types_off));
	types_count = get_u32(p, base + FIELD(ts_unit_header, types_count));
	if (types_count > (u->size - header_size) / TYPE_SIZE)
		return fail(p, base, -EINVAL,
			    "types_count %llu cannot fit in a %u-byte unit",
			    (unsigned long long)types_count, u->size);
	up.types_end = up.types_off + types_count * TYPE_SIZE;
	if (types_count &&
	    (up.types_off < header_size || up.types_end > u->size))
		return fail(p, base, -EINVAL,
			    "type table (offset %llu, %llu entries) is not inside the unit (%llu-byte header, %u bytes in all)",
			    (unsigned long long)up.types_off,
			    (unsigned long long)types_count,
			    (unsigned long long)header_size, u->size);
	if (!types_count)
		up.types_off = up.types_end = 0;
	if (overlaps(up.types_off, up.types_end - up.types_off,
		     up.strings_off, strings_size))
		return fail(p, base, -EINVAL,
			    "type table and string table overlap");

	records_off = get_u32(p, base + FIELD(ts_unit_header, records_off));
	records_count = get_u32(p, base + FIELD(ts_unit_header, records_count));
	if (records_count > (u->size - header_size) / RECORD_SIZE)
		return fail(p, base, -EINVAL,
			    "records_count %llu cannot fit in a %u-byte unit",
			    (unsigned long long)records_count, u->size);
	if (records_count &&
	    (records_off < header_size || records_off > u->size))
		return fail(p, base, -EINVAL,
			    "records_off %llu is not inside the unit (%llu-byte header, %u bytes in all)",
			    (unsigned long long)records_off,
			    (unsigned long long)header_size, u->size);
	if (records_count && records_off % TRUESIG_ALIGN)
		return fail(p, base, -EINVAL,
			    "records_off %llu is not a multiple of %d",
			    (unsigned long long)records_off, TRUESIG_ALIGN);

	err = parse_types(p, &up, (uint32_t)types_count);
	if (err)
		return err;

	if (records_count) {
		u->records = calloc(records_count, sizeof(*u->records));
		if (!u->records)
			return out_of_memory(p, base);
	}
	rel = records_off;
	for (uint32_t i = 0; i < records_count; i++) {
		uint64_t rsize = 0;

		/* n_records counts the entries that may own memory. */
		u->n_records = i + 1;
		err = parse_record(p, &up, i, rel, &rsize);
		if (err)
			return err;
		rel += rsize;
	}
	return 0;
}

static void unit_free(struct truesig_unit *u)
{
	for (uint32_t i = 0; i < u->n_records; i++) {
		free(u->records[i].source_params);
		free(u->records[i].params);
		free(u->records[i].locations);
		free(u->records[i].known_pieces);
	}
	free(u->records);
	free(u->types);
	free(u->strings);
}

void truesig_section_free(struct truesig_section *section)
{
	if (!section)
		return;
	for (size_t i = 0; i < section->n_units; i++)
		unit_free(&section->units[i]);
	free(section->units);
	free(section);
}

int truesig_parse(const void *data, size_t size, struct truesig_section **out,
		  char *err, size_t err_size)
{
	struct parser p = {
		.data = data, .size = size, .err = err, .err_size = err_size,
	};
	struct truesig_section *s;
	size_t capacity = 0;
	uint64_t pos = 0;
	int ret = 0;

	*out = NULL;
	if (err && err_size)
		err[0] = '\0';
	s = calloc(1, sizeof(*s));
	if (!s)
		return out_of_memory(&p, 0);

	for (;;) {
		struct truesig_unit *u, *units;

		/* Linker padding: zero bytes before, between, after units. */
		while (pos < size && !p.data[pos])
			pos++;
		if (pos == size)
			break;
		if (pos % TRUESIG_ALIGN) {
			ret = fail(&p, pos, -EINVAL,
				   "non-zero byte 0x%02x between units (a unit starts at a multiple of %d)",
				   p.data[pos], TRUESIG_ALIGN);
			break;
		}
		units = array_grow(s->units, &capacity, sizeof(*units),
				   s->n_units + 1);
		if (!units) {
			ret = out_of_memory(&p, pos);
			break;
		}
		s->units = units;
		u = &s->units[s->n_units++];
		memset(u, 0, sizeof(*u));
		ret = parse_unit(&p, pos, u);
		if (ret)
			break;
		pos += u->size;
	}
	if (ret) {
		truesig_section_free(s);
		return ret;
	}
	/* The units array moved as it grew: point records at their unit's
	   final place. */
	for (size_t i = 0; i < s->n_units; i++)
		for (uint32_t j = 0; j < s->units[i].n_records; j++)
			s->units[i].records[j].unit = &s->units[i];
	*out = s;
	return 0;
}

/* ---- walks ----------------------------------------------------------------- */

const struct truesig_unit *truesig_walk_next_unit(struct truesig_walk *w)
{
	while (w->section < w->n_sections) {
		const struct truesig_section *s = w->sections[w->section];

		if (w->unit < s->n_units)
			return &s->units[w->unit++];
		w->section++;
		w->unit = 0;
	}
	return NULL;
}

const struct truesig_record *truesig_walk_next_record(struct truesig_walk *w)
{
	while (w->section < w->n_sections) {
		const struct truesig_section *s = w->sections[w->section];

		if (w->unit < s->n_units) {
			const struct truesig_unit *u = &s->units[w->unit];

			if (w->record < u->n_records)
				return &u->records[w->record++];
			w->unit++;
			w->record = 0;
			continue;
		}
		w->section++;
		w->unit = 0;
	}
	return NULL;
}

/* ---- names ----------------------------------------------------------------- */

const char *truesig_kind_name(unsigned kind)
{
	static const char *const names[] = {
		[TS_KIND_ISRA] = "isra",
		[TS_KIND_CONSTPROP] = "constprop",
		[TS_KIND_PART] = "part",
		[TS_KIND_COLD] = "cold",
		[TS_KIND_ABI] = "abi",
		[TS_KIND_LTO_PRIV] = "lto_priv",
		[TS_KIND_STRUB] = "strub",
		[TS_KIND_LOCALITY] = "locality",
	};

	return kind < sizeof(names) / sizeof(names[0]) && names[kind] ?
	       names[kind] : "?";
}

const char *truesig_fate_name(unsigned fate)
{
	static const char *const names[] = {
		[TS_FATE_PASSED] = "passed",
		[TS_FATE_SPLIT] = "split",
		[TS_FATE_REMOVED] = "removed",
		[TS_FATE_CONSTANT] = "constant",
	};

	return fate < sizeof(names) / sizeof(names[0]) && names[fate] ?
	       names[fate] : "?";
}

const char *truesig_how_name(unsigned how)
{
	static const char *const names[] = {
		[TS_HOW_COPY] = "copy",
		[TS_HOW_VALUE_PIECE] = "value_piece",
		[TS_HOW_POINTER_PIECE] = "pointer_piece",
		[TS_HOW_NEW] = "new",
		[TS_HOW_REFERENCE] = "reference",
	};

	return how < sizeof(names) / sizeof(names[0]) && names[how] ?
	       names[how] : "?";
}

const char *truesig_type_kind_name(unsigned kind)
{
	static const char *const names[] = {
		[TS_TYPE_VOID] = "VOID", [TS_TYPE_INT] = "INT",
		[TS_TYPE_BOOL] = "BOOL", [TS_TYPE_FLOAT] = "FLOAT",
		[TS_TYPE_PTR] = "PTR", [TS_TYPE_STRUCT] = "STRUCT",
		[TS_TYPE_UNION] = "UNION", [TS_TYPE_ENUM] = "ENUM",
		[TS_TYPE_ARRAY] = "ARRAY", [TS_TYPE_TYPEDEF] = "TYPEDEF",
		[TS_TYPE_CONST] = "CONST", [TS_TYPE_VOLATILE] = "VOLATILE",
		[TS_TYPE_RESTRICT] = "RESTRICT", [TS_TYPE_FUNC] = "FUNC",
		[TS_TYPE_PARAM] = "PARAM", [TS_TYPE_COMPLEX] = "COMPLEX",
		[TS_TYPE_VECTOR] = "VECTOR", [TS_TYPE_OPAQUE] = "OPAQUE",
	};

	return kind < sizeof(names) / sizeof(names[0]) && names[kind] ?
	       names[kind] : "?";
}

char *truesig_kinds_text(const struct truesig_record *r, const char *sep,
			 char *buf, size_t size)
{
	size_t len = 0;

	if (size)
		buf[0] = '\0';
	for (unsigned i = 0; i < r->n_kinds && len < size; i++) {
		int n = snprintf(buf + len, size - len, "%s%s", i ? sep : "",
				 truesig_kind_name(r->kinds[i]));

		if (n < 0)
			break;
		len += (size_t)n;
	}
	return buf;
}

char *truesig_location_text(const struct truesig_location *l,
			    unsigned machine, enum truesig_location_style style,
			    char *buf, size_t size)
{
	char reg[64];

	if (!size)
		return buf;
	if (l->reg_name[0])
		snprintf(reg, sizeof(reg), "%s", l->reg_name);
	else if (!target_table_register_name(machine, l->value, reg,
					     sizeof(reg)))
		snprintf(reg, sizeof(reg), style == TS_LOCATION_TAG ?
			 "dwarf:%d" : "dwarf reg %d", (int)l->value);

	switch (l->kind) {
	case TS_LOC_REG:
		snprintf(buf, size, "%s", reg);
		break;
	case TS_LOC_STACK:
		snprintf(buf, size, "[sp%+d]", (int)l->value);
		break;
	case TS_LOC_REG_INDIRECT:
		snprintf(buf, size, "[%s]", reg);
		break;
	case TS_LOC_STACK_INDIRECT:
		snprintf(buf, size, "[[sp%+d]]", (int)l->value);
		break;
	default:
		snprintf(buf, size, "location kind %u", (unsigned)l->kind);
		break;
	}
	return buf;
}
