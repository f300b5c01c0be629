/* SPDX-License-Identifier: MIT */
/*
 * truesig_format.h — the layout of the .truesig ELF section.
 *
 * This header and docs/FORMAT.md are the whole specification; a consumer
 * never needs to read the plugin.  Every multi-byte integer is stored in the
 * byte order named by the unit header (the target's), so a reader converts
 * each field it loads.  The structures below describe the layout; a careful
 * reader copies fields out with memcpy and byte-swaps, it does not cast.
 *
 * Section = a sequence of units.  The linker concatenates the sections of
 * many objects, possibly with zero padding in between (every unit is a
 * multiple of 8 bytes and the section is 8-aligned), so a reader loops:
 * skip zero bytes up to the next 8-byte boundary, read a unit header,
 * consume unit_size bytes.
 *
 * Unit = header, type table, records, string table (offsets from the
 * unit's first byte).
 */
#ifndef TRUESIG_FORMAT_H
#define TRUESIG_FORMAT_H

#include <stdint.h>

/*
 * The section's name.  A .debug_ name, as .debug_gdb_scripts has, makes
 * the tools that know debug sections treat it as one: strip -g removes it,
 * objcopy --only-keep-debug keeps it, --compress-debug-sections compresses
 * it, and the kernel's objtool leaves its references to functions alone
 * (they are not address-taken functions).  Plugins before this name wrote
 * ".truesig", with the same contents; readers read both.
 */
#define TRUESIG_SECTION		".debug_truesig"
#define TRUESIG_SECTION_OLD	".truesig"
#define TRUESIG_MAGIC		"TSIG"	/* 4 bytes, no NUL */
#define TRUESIG_VERSION		2	/* 2: known pieces */
#define TRUESIG_VERSION_MIN	1	/* oldest a reader still reads */
#define TRUESIG_ALIGN		8	/* unit and record alignment */

/* ts_unit_header.byte_order, same values as ELF's EI_DATA. */
#define TRUESIG_LITTLE_ENDIAN	1
#define TRUESIG_BIG_ENDIAN	2

struct ts_unit_header {			/* 48 bytes */
	char	 magic[4];		/* "TSIG" */
	uint8_t	 version;		/* TRUESIG_VERSION */
	uint8_t	 byte_order;		/* TRUESIG_LITTLE_ENDIAN / _BIG_ENDIAN */
	uint8_t	 addr_size;		/* 4 or 8: size of a record's address */
	uint8_t	 header_size;		/* sizeof (struct ts_unit_header) */
	uint32_t unit_size;		/* whole unit, header included; % 8 == 0 */
	uint16_t machine;		/* ELF e_machine of the target */
	uint16_t flags;			/* TS_UNIT_* */
	uint32_t producer;		/* string: "GCC 15.3.0, truesig 2" */
	uint32_t unit_name;		/* string: the main input file, as
					   DWARF names it (prefix maps) */
	uint32_t types_off;		/* offset of the type table */
	uint32_t types_count;		/* entries; index 0 is void, implicit */
	uint32_t records_off;		/* offset of the first record */
	uint32_t records_count;
	uint32_t strings_off;		/* offset of the string table */
	uint32_t strings_size;		/* bytes; first byte is NUL */
};

/* ts_unit_header.flags */
#define TS_UNIT_ALL		0x1	/* built with -fplugin-arg-truesig-all */

/*
 * Strings: a uint32_t offset into the unit's string table; the string is
 * NUL-terminated inside the table.  Offset 0 is the empty string, used for
 * "none".
 */

/*
 * Types.  Entry i of the table (i >= 1) is type index i; index 0 is void
 * and is not stored (types_off points at entry 1).  Every `ref` of an entry
 * is smaller than the entry's own index, so the table has no cycles.
 * Struct, union and enum bodies are not stored: a consumer finds them by
 * kind, name and size in existing BTF or DWARF.
 */
struct ts_type {			/* 20 bytes */
	uint8_t	 kind;			/* TS_TYPE_* */
	uint8_t	 flags;			/* TS_TF_* */
	uint16_t reserved;		/* 0 */
	uint32_t name;			/* string; 0 for anonymous */
	uint32_t size;			/* bytes (0: incomplete or function) */
	uint32_t ref;			/* type index, see below */
	uint32_t count;			/* see below */
};

enum ts_type_kind {
	TS_TYPE_VOID	 = 0,	/* only as index 0 */
	TS_TYPE_INT	 = 1,	/* name, size, TS_TF_SIGNED */
	TS_TYPE_BOOL	 = 2,	/* name, size */
	TS_TYPE_FLOAT	 = 3,	/* name, size */
	TS_TYPE_PTR	 = 4,	/* ref = pointee, size */
	TS_TYPE_STRUCT	 = 5,	/* name, size */
	TS_TYPE_UNION	 = 6,	/* name, size */
	TS_TYPE_ENUM	 = 7,	/* name, size, TS_TF_SIGNED */
	TS_TYPE_ARRAY	 = 8,	/* ref = element, count = elements, size */
	TS_TYPE_TYPEDEF	 = 9,	/* name, ref = aliased type, size */
	TS_TYPE_CONST	 = 10,	/* ref, size */
	TS_TYPE_VOLATILE = 11,	/* ref, size */
	TS_TYPE_RESTRICT = 12,	/* ref, size */
	TS_TYPE_FUNC	 = 13,	/* ref = return type, count = parameters: the
				   next `count` entries are TS_TYPE_PARAM */
	TS_TYPE_PARAM	 = 14,	/* ref = a parameter's type (after a FUNC) */
	TS_TYPE_COMPLEX	 = 15,	/* ref = component type, size */
	TS_TYPE_VECTOR	 = 16,	/* ref = element, count = elements, size */
	TS_TYPE_OPAQUE	 = 17,	/* anything else: name (may be 0), size */
	TS_TYPE_KIND_MAX = 17,
};

#define TS_TF_SIGNED		0x1	/* INT, ENUM */
#define TS_TF_INCOMPLETE	0x2	/* STRUCT, UNION, ENUM, ARRAY: no size */
#define TS_TF_VARARGS		0x4	/* FUNC: ends in ... */
#define TS_TF_UNPROTOTYPED	0x8	/* FUNC: K&R, parameters unknown */

/*
 * Records.  Each starts 8-aligned at records_off or right after the previous
 * record, and is laid out as:
 *
 *   struct ts_record
 *   struct ts_source_param  [n_source_params]
 *   struct ts_param         [n_params]
 *   struct ts_location      [n_locations]
 *   struct ts_known_piece   [n_known_pieces]
 *   zero padding to a multiple of 8
 *
 * Locations are grouped: first return_locs entries for the return value,
 * then sret_locs for the hidden struct-return pointer, then chain_locs for
 * the static chain, then the parameters' own (ts_param.loc_first/loc_count
 * index the whole array).
 */
struct ts_record {			/* 64 bytes */
	uint32_t size;			/* whole record; % 8 == 0 */
	uint32_t flags;			/* TS_RF_* */
	uint64_t address;		/* addr_size bytes at the start of this
					   slot (relocated; the rest is 0):
					   the symbol's address */
	uint32_t symbol;		/* string: the emitted symbol */
	uint32_t function;		/* string: the source function's name */
	uint32_t decl_file;		/* string */
	uint32_t decl_line;
	uint32_t parent;		/* string: a cold fragment's function,
					   or the function an alias names */
	uint32_t return_type;		/* type index: the real return type */
	uint8_t	 kinds[8];		/* TS_KIND_*, in derivation order,
					   0-terminated unless all 8 used */
	uint16_t n_source_params;
	uint16_t n_params;		/* real parameters */
	uint16_t n_locations;
	uint8_t	 return_locs;
	uint8_t	 sret_locs;
	uint8_t	 chain_locs;
	uint8_t	 reserved;		/* 0 */
	uint16_t n_known_pieces;	/* pieces of source parameters that
					   IPA-CP knows (version 2; reserved,
					   0, in version 1) */
	uint32_t source_return_type;	/* type index: the declared return */
};

#define TS_RF_COLD_FRAGMENT	0x01	/* not an entry point: part of `parent` */
#define TS_RF_RETURN_DROPPED	0x02	/* callers get no value back */
#define TS_RF_VARARGS		0x04	/* real signature ends in ... */
#define TS_RF_CHANGED		0x08	/* a clone, or a calling convention
					   that differs from the declaration's
					   (clear only for -all's extra ones) */
#define TS_RF_INCOMPLETE	0x10	/* the plugin could not map every real
					   parameter; unmapped ones are "new" */
#define TS_RF_ALIAS		0x20	/* another name of `parent`'s code
					   (identical code folding): described
					   as `parent` is */

enum ts_kind {
	TS_KIND_NONE	  = 0,
	TS_KIND_ISRA	  = 1,	/* IPA-SRA clone (.isra.N) */
	TS_KIND_CONSTPROP = 2,	/* IPA-CP clone (.constprop.N) */
	TS_KIND_PART	  = 3,	/* ipa-split outlined part (.part.N) */
	TS_KIND_COLD	  = 4,	/* cold fragment (.cold) */
	TS_KIND_ABI	  = 5,	/* ABI changed without a new name */
	TS_KIND_LTO_PRIV  = 6,	/* LTO-privatised static (.lto_priv.N) */
	TS_KIND_STRUB	  = 7,	/* stack scrubbing (GCC 14+): the wrapped
				   body of a strub function (.strub.N), or a
				   strub "at-calls" function, each with an
				   added watermark pointer */
	TS_KIND_LOCALITY  = 8,	/* a copy for code locality (GCC 15+,
				   -fipa-reorder-for-locality, LTO):
				   .locality_clone.N, the signature of the
				   source function */
	TS_KIND_MAX	  = 8,
};

struct ts_source_param {		/* 24 bytes */
	uint32_t name;			/* string; 0 if unnamed */
	uint32_t type;			/* type index */
	uint8_t	 fate;			/* TS_FATE_* */
	uint8_t	 const_kind;		/* TS_CONST_* */
	uint16_t reserved;		/* 0 */
	uint32_t reserved2;		/* 0 */
	uint64_t const_value;		/* per const_kind */
};

enum ts_fate {
	TS_FATE_PASSED	 = 1,	/* reaches the function as is */
	TS_FATE_SPLIT	 = 2,	/* some pieces of it are real parameters */
	TS_FATE_REMOVED	 = 3,	/* not passed */
	TS_FATE_CONSTANT = 4,	/* not passed, replaced by a known constant */
};

enum ts_const_kind {
	TS_CONST_NONE	  = 0,
	TS_CONST_SIGNED	  = 1,	/* const_value is an int64_t */
	TS_CONST_UNSIGNED = 2,	/* const_value is a uint64_t */
	TS_CONST_TEXT	  = 3,	/* const_value is a string offset: the
				   expression as GCC prints it, e.g. "&foo" */
	TS_CONST_PIECES	  = 4,	/* known in part: the record's known pieces
				   with this source index give them;
				   const_value is 0 */
};

struct ts_param {			/* 32 bytes */
	uint32_t name;			/* string: the emitted PARM_DECL's name
					   (GCC's, e.g. "ISRA.5"); 0 if none */
	uint32_t type;			/* type index */
	uint32_t size;			/* bytes of the value passed */
	uint8_t	 how;			/* TS_HOW_* */
	uint8_t	 reserved;		/* 0 */
	uint16_t source;		/* source parameter index, or
					   TS_NO_SOURCE for TS_HOW_NEW */
	uint32_t path;			/* string: "p.a", "b->x[1]"; 0 if no
					   member matches (or for a copy) */
	uint32_t offset;		/* byte offset in the source value
					   (value piece) or pointee (pointer
					   piece); 0 for a copy */
	uint16_t loc_first;		/* index into the record's locations */
	uint16_t loc_count;
	uint32_t reserved2;		/* 0 */
};

#define TS_NO_SOURCE		0xffff

enum ts_how {
	TS_HOW_COPY	     = 1,	/* the source parameter itself */
	TS_HOW_VALUE_PIECE   = 2,	/* piece of a by-value aggregate */
	TS_HOW_POINTER_PIECE = 3,	/* value loaded through a pointer */
	TS_HOW_NEW	     = 4,	/* no source counterpart */
	TS_HOW_REFERENCE     = 5,	/* the address of a copy of the source
					   parameter (strub passes large ones
					   to the wrapped body so) */
	TS_HOW_MAX	     = 5,
};

struct ts_location {			/* 16 bytes */
	uint8_t	 kind;			/* TS_LOC_* */
	uint8_t	 reserved;		/* 0 */
	uint16_t size;			/* bytes of this piece */
	uint32_t reg_name;		/* string: as the assembler writes it */
	int32_t	 value;			/* DWARF register number (REG*), or
					   byte offset from the stack pointer
					   at the entry instruction (STACK*) */
	uint32_t piece_offset;		/* byte offset of the piece in the
					   value */
};

enum ts_loc_kind {
	TS_LOC_REG	      = 1,	/* in a register */
	TS_LOC_STACK	      = 2,	/* in memory at sp + value */
	TS_LOC_REG_INDIRECT   = 3,	/* in memory at the address in a reg
					   (passed by invisible reference) */
	TS_LOC_STACK_INDIRECT = 4,	/* in memory at the address stored at
					   sp + value */
};

/*
 * A piece of a source parameter whose value IPA-CP knows in this function
 * (an "aggregate replacement"): a member of a struct passed by value, or a
 * value the function loads through a pointer parameter.  The body uses the
 * constant; the piece is passed only if a ts_param also names it.  Sorted
 * by source, then offset.
 */
struct ts_known_piece {			/* 32 bytes */
	uint16_t source;		/* source parameter index */
	uint8_t	 how;			/* TS_HOW_VALUE_PIECE or
					   TS_HOW_POINTER_PIECE */
	uint8_t	 const_kind;		/* TS_CONST_SIGNED, _UNSIGNED or _TEXT */
	uint32_t offset;		/* byte offset in the source value
					   (value piece) or pointee (pointer
					   piece) */
	uint32_t size;			/* bytes */
	uint32_t type;			/* type index: the constant's type */
	uint32_t path;			/* string: "v.x", "p->b"; 0 if no
					   member matches */
	uint32_t reserved;		/* 0 */
	uint64_t value;			/* per const_kind */
};

#endif /* TRUESIG_FORMAT_H */
