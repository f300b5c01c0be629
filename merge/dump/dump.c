// SPDX-License-Identifier: MIT
/*
 * dump.c — print parsed .truesig sections as readable text.
 *
 *   unit t.c (GCC 12.2.0, truesig 2): x86-64, 64-bit, little-endian, 1 record
 *
 *   foo.isra.0 at 0x0000000000000000 (local): isra
 *     source:   foo, declared at t.c:3
 *     declared: int foo(int x, struct s p, int *q)
 *     true:     int foo.isra.0(int x, int p.b)
 *     flags:    changed
 *     return:   int in rax
 *     param 0:  int x: copy of x; in rdi
 *     param 1:  int p.b: value piece of p at offset 4 (4 bytes); in rsi
 *     source 0: int x: passed
 *     source 1: struct s p: split
 *     source 2: int *q: removed
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "target.h"
#include "dump.h"
#include "text.h"
#include "type_name.h"

#define SIG_MAX		4096
#define LOCS_MAX	512

const char *dump_binding(const struct dump_input *in,
			 const struct truesig_record *r)
{
	const struct elf_symbol *sym;

	if (!in->elf)
		return NULL;
	sym = elf_input_find_symbol(in->elf, r->symbol, r->address);
	return sym ? elf_binding_name(sym->binding) : NULL;
}

/* One location as is; several with the bytes each holds. */
const char *dump_locations(const struct truesig_location *locs,
			     unsigned n, unsigned machine, char *buf,
			     size_t size)
{
	buf[0] = '\0';
	if (!n)
		return "no location";
	for (unsigned i = 0; i < n; i++) {
		char one[96];

		if (i)
			text_append(buf, size, ", ");
		text_append(buf, size, "%s",
		       truesig_location_text(&locs[i], machine,
					     TS_LOCATION_PLAIN, one,
					     sizeof(one)));
		if (n > 1 || locs[i].piece_offset)
			text_append(buf, size, " (bytes %u-%u)",
			       locs[i].piece_offset,
			       locs[i].piece_offset +
			       (locs[i].size ? locs[i].size - 1u : 0u));
	}
	return buf;
}

static const char *source_name(const struct truesig_record *r,
			       unsigned index, char *buf, size_t size)
{
	if (index < r->n_source_params && r->source_params[index].name[0])
		return r->source_params[index].name;
	snprintf(buf, size, "parameter %u", index);
	return buf;
}

/* The name a real parameter goes by in the true signature. */
static const char *param_name(const struct truesig_record *r,
			      unsigned index, char *buf, size_t size)
{
	const struct truesig_param *p = &r->params[index];

	/* "(*v)": a bare "*v" after the type would read as a pointer. */
	if (p->path[0] == '*') {
		snprintf(buf, size, "(%s)", p->path);
		return buf;
	}
	if (p->path[0])
		return p->path;
	if (p->how == TS_HOW_COPY && r->source_params[p->source].name[0])
		return r->source_params[p->source].name;
	if (p->name[0])
		return p->name;
	snprintf(buf, size, "arg%u", index);
	return buf;
}

void dump_signature(FILE *out, const struct truesig_record *r,
			    bool declared)
{
	const struct truesig_unit *u = r->unit;
	char sig[SIG_MAX] = "", piece[TYPE_NAME_MAX], name[TYPE_NAME_MAX];
	unsigned n = declared ? r->n_source_params : r->n_params;
	const char *fname = r->symbol;

	if (declared && r->function[0])
		fname = r->function;
	for (unsigned i = 0; i < n; i++) {
		const char *pname;
		uint32_t type;

		if (declared) {
			pname = r->source_params[i].name;
			type = r->source_params[i].type;
		} else {
			pname = param_name(r, i, name, sizeof(name));
			type = r->params[i].type;
		}
		type_name(u, type, pname, piece, sizeof(piece));
		text_append(sig, sizeof(sig), "%s%s", i ? ", " : "", piece);
	}
	if (r->flags & TS_RF_VARARGS)
		text_append(sig, sizeof(sig), "%s...", n ? ", " : "");
	else if (!n)
		text_append(sig, sizeof(sig), "void");

	/* The function itself as the declarator: "int (*f(void))[4]". */
	char decl[SIG_MAX + 256];

	snprintf(decl, sizeof(decl), "%s(%s)", fname, sig);
	if (!declared && (r->flags & TS_RF_RETURN_DROPPED))
		fprintf(out, "void %s\n", decl);
	else
		fprintf(out, "%s\n",
			type_name(u, declared ? r->source_return_type :
				  r->return_type, decl, sig, sizeof(sig)));
}

void dump_origin(FILE *out, const struct truesig_record *r,
			 const struct truesig_param *p)
{
	char buf[32];
	const char *src = p->how == TS_HOW_NEW ? "" :
			  source_name(r, p->source, buf, sizeof(buf));

	switch (p->how) {
	case TS_HOW_COPY:
		fprintf(out, "copy of %s", src);
		break;
	case TS_HOW_VALUE_PIECE:
		fprintf(out, "value piece of %s at offset %u (%u byte%s)", src,
			p->offset, p->size, p->size == 1 ? "" : "s");
		break;
	case TS_HOW_POINTER_PIECE:
		fprintf(out, "loaded through %s from offset %u (%u byte%s)",
			src, p->offset, p->size, p->size == 1 ? "" : "s");
		break;
	case TS_HOW_NEW:
		fprintf(out, "new, no source parameter");
		break;
	case TS_HOW_REFERENCE:
		fprintf(out, "address of a copy of %s", src);
		break;
	}
}

static void print_constant(FILE *out, uint8_t kind, uint64_t value,
			   const char *text)
{
	switch (kind) {
	case TS_CONST_SIGNED:
		fprintf(out, " %" PRId64, (int64_t)value);
		break;
	case TS_CONST_UNSIGNED:
		fprintf(out, " %" PRIu64, value);
		break;
	case TS_CONST_TEXT:
		fprintf(out, " %s", text);
		break;
	default:
		fprintf(out, " (value not recorded)");
		break;
	}
}

/* " p->a = 7, p->b = 9"; a piece no member names: " bytes 8-15 of v". */
static void print_known_pieces(FILE *out, const struct truesig_record *r,
			       unsigned index)
{
	const char *name = r->source_params[index].name;
	bool first = true;

	for (unsigned i = 0; i < r->n_known_pieces; i++) {
		const struct truesig_known_piece *k = &r->known_pieces[i];

		if (k->source != index)
			continue;
		fputs(first ? " " : ", ", out);
		first = false;
		if (k->path[0])
			fputs(k->path, out);
		else
			fprintf(out, "bytes %u-%u of %s%s", k->offset,
				k->offset + (k->size ? k->size - 1 : 0),
				k->how == TS_HOW_POINTER_PIECE ? "*" : "",
				name[0] ? name : "it");
		fputs(" =", out);
		print_constant(out, k->const_kind, k->value, k->text);
	}
}

void dump_fate(FILE *out, const struct truesig_record *r, unsigned index)
{
	const struct truesig_source_param *sp = &r->source_params[index];

	fputs(truesig_fate_name(sp->fate), out);
	if (sp->const_kind == TS_CONST_PIECES) {
		/* Only pieces known: they follow. */
	} else if (sp->fate == TS_FATE_CONSTANT) {
		print_constant(out, sp->const_kind, sp->const_value,
			       sp->const_text);
	} else if (sp->const_kind != TS_CONST_NONE) {
		fputs(", its value known:", out);
		print_constant(out, sp->const_kind, sp->const_value,
			       sp->const_text);
	}
	/* Pieces are listed whether or not the value itself is known too
	   (a pointer to a known object: "&gs", and what lies there). */
	for (unsigned i = 0; i < r->n_known_pieces; i++)
		if (r->known_pieces[i].source == index) {
			fputs(", known pieces:", out);
			print_known_pieces(out, r, index);
			break;
		}
}

static void print_record(FILE *out, const struct dump_input *in,
			 const struct truesig_record *r)
{
	const struct truesig_unit *u = r->unit;
	const char *binding = dump_binding(in, r);
	char type[TYPE_NAME_MAX], locs[LOCS_MAX], name[TYPE_NAME_MAX];

	fprintf(out, "\n%s at 0x%0*" PRIx64 " (%s):", r->symbol,
		u->addr_size * 2, r->address, binding ? binding : "no symbol");
	if (!r->n_kinds)
		fprintf(out, " unchanged");
	for (unsigned i = 0; i < r->n_kinds; i++)
		fprintf(out, "%s %s", i ? "," : "",
			truesig_kind_name(r->kinds[i]));
	fputc('\n', out);

	fprintf(out, "  source:   %s", r->function[0] ? r->function : "?");
	if (r->decl_file[0])
		fprintf(out, ", declared at %s:%u", r->decl_file, r->decl_line);
	fputc('\n', out);
	if (r->flags & TS_RF_COLD_FRAGMENT) {
		/* Jumped to from its parent, never called: no signature. */
		fprintf(out, "  cold fragment of %s, not an entry point\n",
			r->parent);
	} else {
		fprintf(out, "  declared: ");
		dump_signature(out, r, true);
		fprintf(out, "  true:     ");
		dump_signature(out, r, false);
	}
	if (r->flags & TS_RF_ALIAS)
		fprintf(out, "  alias of %s: the same code\n", r->parent);

	if (r->flags & (TS_RF_CHANGED | TS_RF_INCOMPLETE | TS_RF_VARARGS)) {
		const char *sep = "";

		fprintf(out, "  flags:   ");
		if (r->flags & TS_RF_CHANGED)
			fprintf(out, "%s changed", sep), sep = ",";
		if (r->flags & TS_RF_INCOMPLETE)
			fprintf(out, "%s incomplete (unmapped parameters are new)",
				sep), sep = ",";
		if (r->flags & TS_RF_VARARGS)
			fprintf(out, "%s varargs", sep);
		fputc('\n', out);
	}

	if (r->flags & TS_RF_RETURN_DROPPED) {
		type_name(u, r->source_return_type, "", type, sizeof(type));
		fprintf(out, "  return:   dropped (the declared %s is not returned)\n",
			type);
	} else if (r->return_type || r->return_locs) {
		type_name(u, r->return_type, "", type, sizeof(type));
		if (!r->return_locs && r->sret_locs)	/* aarch64's x8 */
			fprintf(out, "  return:   %s in the caller's buffer (sret)",
				type);
		else
			fprintf(out, "  return:   %s in %s", type,
				dump_locations(truesig_return_locs(r),
					       r->return_locs, u->machine,
					       locs, sizeof(locs)));
		if (r->return_type != r->source_return_type) {
			type_name(u, r->source_return_type, "", type,
				  sizeof(type));
			fprintf(out, " (declared %s)", type);
		}
		fputc('\n', out);
	}
	if (r->sret_locs)
		fprintf(out, "  sret:     pointer in %s\n",
			dump_locations(truesig_sret_locs(r), r->sret_locs,
				       u->machine, locs, sizeof(locs)));
	if (r->chain_locs)
		fprintf(out, "  chain:    static chain in %s\n",
			dump_locations(truesig_chain_locs(r), r->chain_locs,
				       u->machine, locs, sizeof(locs)));

	for (unsigned i = 0; i < r->n_params; i++) {
		const struct truesig_param *p = &r->params[i];

		type_name(u, p->type, param_name(r, i, name, sizeof(name)),
			  type, sizeof(type));
		fprintf(out, "  param %u:%*s%s: ", i, i < 10 ? 2 : 1, "", type);
		dump_origin(out, r, p);
		fprintf(out, "; in %s\n",
			dump_locations(truesig_param_locs(r, p), p->loc_count,
				       u->machine, locs, sizeof(locs)));
	}
	for (unsigned i = 0; i < r->n_source_params; i++) {
		const struct truesig_source_param *sp = &r->source_params[i];

		type_name(u, sp->type, sp->name, type, sizeof(type));
		fprintf(out, "  source %u:%*s%s: ", i, i < 10 ? 1 : 0, "",
			type);
		dump_fate(out, r, i);
		fputc('\n', out);
	}
}

static void print_unit(FILE *out, const struct truesig_unit *u)
{
	fprintf(out, "unit %s (%s): %s, %u-bit, %s-endian, %u record%s\n",
		u->name[0] ? u->name : "?",
		u->producer[0] ? u->producer : "unknown producer",
		target_name(u->machine), u->addr_size * 8,
		u->byte_order == TRUESIG_BIG_ENDIAN ? "big" : "little",
		u->n_records, u->n_records == 1 ? "" : "s");
}

void dump_text(FILE *out, const struct dump_input *in)
{
	struct truesig_walk w = truesig_walk(in->sections, in->n_sections);
	const struct truesig_unit *u;
	bool first = true;

	while ((u = truesig_walk_next_unit(&w))) {
		if (!first)
			fputc('\n', out);
		first = false;
		print_unit(out, u);
		for (uint32_t j = 0; j < u->n_records; j++)
			print_record(out, in, &u->records[j]);
	}
}
