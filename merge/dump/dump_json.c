// SPDX-License-Identifier: MIT
/*
 * dump_json.c — print parsed .truesig sections as one JSON document:
 *
 *   {"records": [record...], "units": [unit...]}
 *
 * The shape is documented in docs/FORMAT.md ("JSON dump"); records are in
 * section order, each naming its unit.
 */
#include <inttypes.h>
#include "dump.h"
#include "json.h"
#include "type_name.h"

static void write_type(struct json_writer *w, const struct truesig_unit *u,
		       uint32_t type)
{
	char name[TYPE_NAME_MAX];

	json_string(w, type_name(u, type, "", name, sizeof(name)));
}

static void write_locations(struct json_writer *w,
			    const struct truesig_location *locs, unsigned n)
{
	json_begin_array(w);
	for (unsigned i = 0; i < n; i++) {
		const struct truesig_location *l = &locs[i];
		bool in_reg = l->kind == TS_LOC_REG ||
			      l->kind == TS_LOC_REG_INDIRECT;

		json_begin_object(w);
		if (in_reg) {
			json_key(w, "reg");
			json_string_or_null(w, l->reg_name);
			json_key(w, "dwarf_reg");
			json_int(w, l->value);
		} else {
			json_key(w, "stack");
			json_int(w, l->value);
		}
		json_key(w, "size");
		json_uint(w, l->size);
		json_key(w, "piece_offset");
		json_uint(w, l->piece_offset);
		if (l->kind == TS_LOC_REG_INDIRECT ||
		    l->kind == TS_LOC_STACK_INDIRECT) {
			json_key(w, "indirect");
			json_bool(w, true);
		}
		json_end_object(w);
	}
	json_end_array(w);
}

static void write_origin(struct json_writer *w,
			 const struct truesig_record *r,
			 const struct truesig_param *p)
{
	bool has_source = p->how != TS_HOW_NEW;

	json_begin_object(w);
	json_key(w, "how");
	json_string(w, truesig_how_name(p->how));
	json_key(w, "param");
	if (has_source)
		json_uint(w, p->source);
	else
		json_null(w);
	json_key(w, "param_name");
	json_string_or_null(w, has_source ?
			    r->source_params[p->source].name : NULL);
	json_key(w, "path");
	json_string_or_null(w, p->path);
	json_key(w, "offset");
	json_uint(w, p->offset);
	json_key(w, "size");
	json_uint(w, p->size);
	json_end_object(w);
}

static void write_params(struct json_writer *w,
			 const struct truesig_record *r)
{
	json_begin_array(w);
	for (unsigned i = 0; i < r->n_params; i++) {
		const struct truesig_param *p = &r->params[i];

		json_begin_object(w);
		json_key(w, "name");
		json_string_or_null(w, p->name);
		json_key(w, "type");
		write_type(w, r->unit, p->type);
		json_key(w, "size");
		json_uint(w, p->size);
		json_key(w, "origin");
		write_origin(w, r, p);
		json_key(w, "location");
		write_locations(w, truesig_param_locs(r, p), p->loc_count);
		json_end_object(w);
	}
	json_end_array(w);
}

static void write_constant(struct json_writer *w, uint8_t kind,
			   uint64_t value, const char *text)
{
	switch (kind) {
	case TS_CONST_SIGNED:
		json_int(w, (int64_t)value);
		break;
	case TS_CONST_UNSIGNED:
		json_uint(w, value);
		break;
	case TS_CONST_TEXT:
		json_string(w, text);
		break;
	default:
		json_null(w);
		break;
	}
}

static void write_known_pieces(struct json_writer *w,
			       const struct truesig_record *r, unsigned index)
{
	json_begin_array(w);
	for (unsigned i = 0; i < r->n_known_pieces; i++) {
		const struct truesig_known_piece *k = &r->known_pieces[i];

		if (k->source != index)
			continue;
		json_begin_object(w);
		json_key(w, "path");
		json_string_or_null(w, k->path);
		json_key(w, "how");
		json_string(w, truesig_how_name(k->how));
		json_key(w, "offset");
		json_uint(w, k->offset);
		json_key(w, "size");
		json_uint(w, k->size);
		json_key(w, "type");
		write_type(w, r->unit, k->type);
		json_key(w, "value");
		write_constant(w, k->const_kind, k->value, k->text);
		json_end_object(w);
	}
	json_end_array(w);
}

static void write_source_params(struct json_writer *w,
				const struct truesig_record *r)
{
	json_begin_array(w);
	for (unsigned i = 0; i < r->n_source_params; i++) {
		const struct truesig_source_param *sp = &r->source_params[i];

		json_begin_object(w);
		json_key(w, "name");
		json_string_or_null(w, sp->name);
		json_key(w, "type");
		write_type(w, r->unit, sp->type);
		json_key(w, "fate");
		json_string(w, truesig_fate_name(sp->fate));
		json_key(w, "constant");
		write_constant(w, sp->const_kind, sp->const_value,
			       sp->const_text);
		json_key(w, "known_pieces");
		write_known_pieces(w, r, i);
		json_end_object(w);
	}
	json_end_array(w);
}

static void write_record(struct json_writer *w, const struct dump_input *in,
			 const struct truesig_record *r)
{
	json_begin_object(w);
	json_key(w, "symbol");
	json_string(w, r->symbol);
	json_key(w, "address");
	json_uint(w, r->address);
	/* The same as text: exact for readers that parse numbers as doubles
	   (jq 1.6 rounds kernel addresses). */
	char hex[2 + 16 + 1];
	snprintf(hex, sizeof(hex), "0x%" PRIx64, r->address);
	json_key(w, "address_hex");
	json_string(w, hex);
	json_key(w, "binding");
	json_string_or_null(w, dump_binding(in, r));
	json_key(w, "function");
	json_string_or_null(w, r->function);
	json_key(w, "kinds");
	json_begin_array(w);
	for (unsigned i = 0; i < r->n_kinds; i++)
		json_string(w, truesig_kind_name(r->kinds[i]));
	json_end_array(w);
	json_key(w, "decl_file");
	json_string_or_null(w, r->decl_file);
	json_key(w, "decl_line");
	json_uint(w, r->decl_line);
	json_key(w, "cold_fragment");
	json_bool(w, r->flags & TS_RF_COLD_FRAGMENT);
	json_key(w, "parent");
	json_string_or_null(w, r->parent);
	json_key(w, "alias");
	json_bool(w, r->flags & TS_RF_ALIAS);
	json_key(w, "changed");
	json_bool(w, r->flags & TS_RF_CHANGED);
	json_key(w, "incomplete");
	json_bool(w, r->flags & TS_RF_INCOMPLETE);
	json_key(w, "varargs");
	json_bool(w, r->flags & TS_RF_VARARGS);

	json_key(w, "return");
	json_begin_object(w);
	json_key(w, "type");
	write_type(w, r->unit, r->return_type);
	json_key(w, "dropped");
	json_bool(w, r->flags & TS_RF_RETURN_DROPPED);
	json_key(w, "location");
	write_locations(w, truesig_return_locs(r), r->return_locs);
	json_end_object(w);

	json_key(w, "sret");
	write_locations(w, truesig_sret_locs(r), r->sret_locs);
	json_key(w, "static_chain");
	write_locations(w, truesig_chain_locs(r), r->chain_locs);
	json_key(w, "params");
	write_params(w, r);
	json_key(w, "source_params");
	write_source_params(w, r);
	json_key(w, "unit");
	json_string(w, r->unit->name);
	json_end_object(w);
}

static void write_unit(struct json_writer *w, const struct truesig_unit *u)
{
	json_begin_object(w);
	json_key(w, "producer");
	json_string(w, u->producer);
	json_key(w, "name");
	json_string(w, u->name);
	json_key(w, "machine");
	json_uint(w, u->machine);
	json_key(w, "addr_size");
	json_uint(w, u->addr_size);
	json_key(w, "byte_order");
	json_string(w, u->byte_order == TRUESIG_BIG_ENDIAN ? "big" : "little");
	json_end_object(w);
}

int dump_json(FILE *out, const struct dump_input *in)
{
	struct truesig_walk records = truesig_walk(in->sections, in->n_sections);
	struct truesig_walk units = records;
	const struct truesig_record *r;
	const struct truesig_unit *u;
	struct json_writer w;

	json_init(&w, out);
	json_begin_object(&w);
	json_key(&w, "records");
	json_begin_array(&w);
	while ((r = truesig_walk_next_record(&records)))
		write_record(&w, in, r);
	json_end_array(&w);
	json_key(&w, "units");
	json_begin_array(&w);
	while ((u = truesig_walk_next_unit(&units)))
		write_unit(&w, u);
	json_end_array(&w);
	json_end_object(&w);
	return json_finish(&w) ? 0 : -1;
}
