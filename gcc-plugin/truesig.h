/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * truesig.h — what the plugin's files share: the records of one unit as
 * they are collected (host byte order, string and type indices already
 * resolved), and the entry points of each file.
 */
#ifndef TRUESIG_PLUGIN_H
#define TRUESIG_PLUGIN_H

#include "gcc-compat.h"
#include "truesig_format.h"

/* One record being collected: the fixed part, its arrays, and the assembler
   name its address is relocated against. */
struct ts_collected_record {
	struct ts_record head;			/* size/n_* filled at emission */
	const char *asm_label;			/* xstrdup'd, for the relocation */
	vec<ts_source_param> source_params;
	vec<ts_param> params;
	vec<ts_location> locations;		/* return, sret, chain, params */
	vec<ts_known_piece> known_pieces;
};

/* plugin.cc: options. */
extern bool ts_opt_all;

/* strings.cc: the string table. */
unsigned ts_string (const char *s);		/* index in the string table */
unsigned ts_file_name (const char *file);	/* ts_string of the name the
						   debug info gives FILE */
void ts_strings_serialize (vec<char> *out);

/* section.cc: the records of the unit and its output. */
ts_collected_record *ts_new_record (void);	/* zeroed */
void ts_add_record (ts_collected_record *r);	/* to the unit, in order */
void ts_emit_section (void);			/* at PLUGIN_FINISH_UNIT */

/* types.cc: the type table. */
unsigned ts_type_index (tree type);		/* 0 = void */
void ts_types_serialize (vec<ts_type> *out);

/* clones.cc: what must be read before clones materialize. */
struct ts_known_value {			/* an IPA-CP aggregate constant */
	unsigned source;		/* source parameter index */
	unsigned offset;		/* bytes into the value, or into what
					   it points to (by_ref) */
	bool by_ref;
	tree value;
};
struct ts_source_view {
	tree source_decl;		/* the function as written */
	vec<tree> source_parms;		/* its PARM_DECLs, in order (not the
					   ones strub adds); or only their
					   types where the PARM_DECLs are not
					   available (LTO) */
	vec<int> root_to_source;	/* root parameter j -> source index,
					   TS_ROOT_UNKNOWN, TS_ROOT_ADDED */
	vec<tree> constants;		/* per source index: value or NULL */
	vec<ts_known_value> known;	/* by source index, then offset */
	tree root_decl;			/* top of the clone tree */
};
#define TS_ROOT_UNKNOWN	(-1)	/* no source parameter found */
#define TS_ROOT_ADDED	(-2)	/* added by GCC: strub's watermark, ... */
void ts_snapshot_clones (void);		/* at PLUGIN_ALL_IPA_PASSES_END */
bool ts_strub_parm_p (tree parm);	/* a parameter strub added */
const ts_source_view *ts_source_view_for (cgraph_node *node);
void ts_register_gc_roots (void);

/* locations.cc: where values live at the entry instruction. */
bool ts_locations_of_rtl (rtx x, unsigned size, vec<ts_location> *out);
unsigned ts_mode_size (machine_mode mode);
bool ts_abi_differs_from_type (tree fndecl);
bool ts_sret_location (tree fndecl, vec<ts_location> *out);
bool ts_static_chain_location (tree fndecl, vec<ts_location> *out);

/* target.cc: the one place the plugin knows its target architecture. */
unsigned ts_elf_machine (void);
const char *ts_reg_asm_name (unsigned regno, machine_mode mode, char *buf,
			     size_t len);

/* describe.cc: the per-function passes. */
unsigned int ts_describe_function (function *fun);
unsigned int ts_note_cold_fragment (function *fun);

#endif /* TRUESIG_PLUGIN_H */
