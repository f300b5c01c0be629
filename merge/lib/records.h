/* SPDX-License-Identifier: MIT */
/*
 * records.h — the .truesig section as an in-memory model.
 *
 * truesig_parse() validates a section image (see docs/FORMAT.md) and turns
 * it into host-byte-order structures: units, each with its type table and
 * records; each record with its source parameters, real parameters and
 * locations.  String offsets are resolved: every `const char *` below points
 * into the unit's own copy of its string table and is "" for offset 0, never
 * NULL.  The model does not point into the caller's buffer, which may be
 * freed as soon as truesig_parse() returns.
 */
#ifndef TRUESIG_RECORDS_H
#define TRUESIG_RECORDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "truesig_format.h"

struct truesig_unit;

/* One entry of a unit's type table; index 0 is void. */
struct truesig_type {
	uint8_t		 kind;		/* TS_TYPE_* */
	uint8_t		 flags;		/* TS_TF_* */
	const char	*name;
	uint32_t	 size;
	uint32_t	 ref;		/* always < own index */
	uint32_t	 count;		/* FUNC: parameters; ARRAY, VECTOR:
					   elements */
};

struct truesig_location {
	uint8_t		 kind;		/* TS_LOC_* */
	uint16_t	 size;
	const char	*reg_name;
	int32_t		 value;		/* DWARF register or stack offset */
	uint32_t	 piece_offset;
};

struct truesig_source_param {
	const char	*name;
	uint32_t	 type;
	uint8_t		 fate;		/* TS_FATE_* */
	uint8_t		 const_kind;	/* TS_CONST_* */
	uint64_t	 const_value;	/* SIGNED: cast to int64_t */
	const char	*const_text;	/* TEXT: the expression; else "" */
};

struct truesig_param {
	const struct truesig_record *record;	/* the one it belongs to */
	const char	*name;		/* GCC's PARM_DECL name, or "" */
	uint32_t	 type;
	uint32_t	 size;
	uint8_t		 how;		/* TS_HOW_* */
	uint16_t	 source;	/* < n_source_params, or TS_NO_SOURCE
					   exactly when how is TS_HOW_NEW */
	const char	*path;
	uint32_t	 offset;
	uint16_t	 loc_first;	/* into the record's locations */
	uint16_t	 loc_count;
};

/* A piece of a source parameter whose value IPA-CP knows. */
struct truesig_known_piece {
	uint16_t	 source;	/* < n_source_params */
	uint8_t		 how;		/* TS_HOW_VALUE_PIECE / _POINTER_PIECE */
	uint8_t		 const_kind;	/* TS_CONST_SIGNED, _UNSIGNED, _TEXT */
	uint32_t	 offset;
	uint32_t	 size;
	uint32_t	 type;
	const char	*path;
	uint64_t	 value;		/* SIGNED: cast to int64_t */
	const char	*text;		/* TEXT: the expression; else "" */
};

struct truesig_record {
	const struct truesig_unit *unit;
	uint64_t	 offset;	/* of the record in the section */
	uint32_t	 flags;		/* TS_RF_* (unknown bits kept) */
	uint64_t	 address;
	const char	*symbol;	/* never "" */
	const char	*function;
	const char	*decl_file;
	uint32_t	 decl_line;
	const char	*parent;
	uint32_t	 return_type;	/* the real one: void if dropped */
	uint32_t	 source_return_type;	/* the declared one */
	uint8_t		 kinds[8];	/* TS_KIND_*, n_kinds of them */
	unsigned	 n_kinds;

	struct truesig_source_param *source_params;
	uint16_t	 n_source_params;
	struct truesig_param *params;
	uint16_t	 n_params;
	struct truesig_location *locations;
	uint16_t	 n_locations;
	uint8_t		 return_locs;	/* locations[0 ..] */
	uint8_t		 sret_locs;	/* then these */
	uint8_t		 chain_locs;	/* then these; then the params' own */
	struct truesig_known_piece *known_pieces;	/* by source, offset */
	uint16_t	 n_known_pieces;
};

struct truesig_unit {
	uint64_t	 offset;	/* of the unit in the section */
	uint32_t	 size;
	uint8_t		 version;
	uint8_t		 byte_order;	/* TRUESIG_LITTLE_ENDIAN / _BIG_ENDIAN */
	uint8_t		 addr_size;
	uint16_t	 machine;	/* ELF e_machine */
	uint16_t	 flags;		/* TS_UNIT_* (unknown bits kept) */
	const char	*producer;
	const char	*name;

	struct truesig_type *types;	/* [0] is void */
	uint32_t	 n_types;	/* types_count + 1 */
	struct truesig_record *records;
	uint32_t	 n_records;

	char		*strings;	/* copy of the string table */
	uint32_t	 strings_size;
};

struct truesig_section {
	struct truesig_unit *units;	/* in section order */
	size_t		 n_units;
};

/*
 * Parse and validate a .truesig section image of `size` bytes (already
 * relocated).  On success returns 0 and sets *out (free it with
 * truesig_section_free).  On failure returns -EINVAL (malformed), -ENOTSUP
 * (a unit of another format version) or -ENOMEM, leaves *out NULL and writes
 * a one-line message to err, "offset 0xN: problem", N being the byte offset
 * in the section of the structure at fault (of the field, for a bad string
 * offset).  An empty or all-zero image
 * parses to zero units.
 */
int truesig_parse(const void *data, size_t size, struct truesig_section **out,
		  char *err, size_t err_size);

void truesig_section_free(struct truesig_section *section);

/*
 * The groups of a record's locations.  A record without locations has
 * `locations` NULL: no arithmetic on it then (NULL + 0 is undefined).
 */
static inline const struct truesig_location *
truesig_loc_at(const struct truesig_record *r, unsigned index)
{
	return index ? r->locations + index : r->locations;
}

static inline const struct truesig_location *
truesig_return_locs(const struct truesig_record *r)
{
	return r->locations;
}

static inline const struct truesig_location *
truesig_sret_locs(const struct truesig_record *r)
{
	return truesig_loc_at(r, r->return_locs);
}

static inline const struct truesig_location *
truesig_chain_locs(const struct truesig_record *r)
{
	return truesig_loc_at(r, (unsigned)r->return_locs + r->sret_locs);
}

static inline const struct truesig_location *
truesig_param_locs(const struct truesig_record *r,
		   const struct truesig_param *p)
{
	return truesig_loc_at(r, p->loc_first);
}

/* A validated type index's entry. */
static inline const struct truesig_type *
truesig_type(const struct truesig_unit *u, uint32_t index)
{
	return &u->types[index];
}

/*
 * A walk over the units, or the records, of parsed sections in order
 * (section, then unit, then record):
 *	struct truesig_walk w = truesig_walk(sections, n_sections);
 *	const struct truesig_record *r;
 *
 *	while ((r = truesig_walk_next_record(&w)))
 *		...
 * Walk either the units or the records of one walk, not both.
 */
struct truesig_walk {
	struct truesig_section *const *sections;
	size_t		 n_sections;
	size_t		 section;	/* the position: next unit */
	size_t		 unit;
	uint32_t	 record;	/* next record of that unit */
};

static inline struct truesig_walk
truesig_walk(struct truesig_section *const *sections, size_t n_sections)
{
	struct truesig_walk w = { sections, n_sections, 0, 0, 0 };

	return w;
}

const struct truesig_unit *truesig_walk_next_unit(struct truesig_walk *w);
const struct truesig_record *truesig_walk_next_record(struct truesig_walk *w);

/* Names of enumerators, as used in the dumps; "?" when out of range. */
const char *truesig_kind_name(unsigned kind);		/* "isra", ... */
const char *truesig_fate_name(unsigned fate);		/* "passed", ... */
const char *truesig_how_name(unsigned how);		/* "copy", ... */
const char *truesig_type_kind_name(unsigned kind);	/* "INT", ... */

/* Whether GCC did `kind` (TS_KIND_*) to make r's function. */
static inline bool truesig_has_kind(const struct truesig_record *r,
				    unsigned kind)
{
	for (unsigned i = 0; i < r->n_kinds; i++)
		if (r->kinds[i] == kind)
			return true;
	return false;
}

/* A record's kinds joined by `sep`: "constprop.isra" with "."; "" when it
   has none.  Writes into buf and returns it. */
char *truesig_kinds_text(const struct truesig_record *r, const char *sep,
			 char *buf, size_t size);

/* How truesig_location_text writes a register that neither the record
   nor `machine`'s table (target.h) names. */
enum truesig_location_style {
	TS_LOCATION_PLAIN,	/* "dwarf reg N", for people */
	TS_LOCATION_TAG,	/* "dwarf:N", in BTF tags (fields have no
				   spaces; docs/FORMAT.md 13.4) */
};

/* One location: "rdi", "[sp+8]", "[rdi]" (by reference), "[[sp+8]]".
   The register's name is the record's, else the table's of `machine`
   (ELF e_machine; 0 for none).  Writes into buf and returns it. */
char *truesig_location_text(const struct truesig_location *l,
			    unsigned machine, enum truesig_location_style style,
			    char *buf, size_t size);

#endif /* TRUESIG_RECORDS_H */
