// SPDX-License-Identifier: MIT
/*
 * find_output.c — `truesig find` as text and as JSON.
 *
 * Text, a paragraph a function:
 *
 *	pick.isra.0: long int pick.isra.0(long int p__b, int p__in__x, int k)
 *	  isra clone of pick
 *	  p: split: p.b in parameter 0 (p__b), p.in.x in parameter 1 (p__in__x)
 *	  k: parameter 2 (k)
 *
 * JSON (docs/FIND.md): {"function": NAME, "clones": [{"symbol", "btf",
 * "kinds", "verified", "prototype", "return", "args": [{"name", "fate",
 * "how", "param", "path", "offset", "size", "constant"}]}]}, one args
 * entry a piece for a split argument.
 */
#include <bpf/btf.h>
#include <inttypes.h>
#include <string.h>

#include "find_bpftrace.h"
#include "find_output.h"
#include "json.h"
#include "records.h"
#include "truesig_format.h"

/* The arguments to print: the ARGs named (NULL where f has none of that
   name), or all of f's. */
static const struct truesig_arg *nth_arg(const struct truesig_func *f,
					const char *const *args,
					size_t n_args, size_t i)
{
	return n_args ? source_func_arg(f, args[i]) : &f->args[i];
}

static size_t arg_count(const struct truesig_func *f, size_t n_args)
{
	return n_args ? n_args : f->n_args;
}

/* How many functions found share f's name in f's BTF (1: f alone).  A
   tracer attaching by name (libbpf, the kernel) reaches one of them. */
static size_t same_name_count(const struct truesig_lookup *l,
			      const struct truesig_func *f)
{
	size_t n = 0;

	for (size_t i = 0; i < l->n_funcs; i++)
		n += l->funcs[i].btf == f->btf &&
		     !strcmp(l->funcs[i].symbol, f->symbol);
	return n;
}

/* ---- text -------------------------------------------------------------- */

static void print_piece_place(FILE *out, const struct truesig_piece *p,
			      const char *arg)
{
	if (p->path[0])
		fputs(p->path, out);
	else
		fprintf(out, "%s%s bytes %" PRIu32 "-%" PRIu32,
			p->how == TS_HOW_POINTER_PIECE ? "*" : "",
			arg[0] ? arg : "?", p->offset,
			p->offset + p->size - 1);
}

static void print_constant(FILE *out, const struct truesig_constant *c)
{
	if (c->kind == TS_CONST_NONE)
		fputs("(its value not recorded)", out);
	else
		fputs(c->text, out);
}

static void print_known(FILE *out, const struct truesig_arg *a,
			const char *lead)
{
	for (size_t k = 0; k < a->n_known; k++) {
		fputs(k ? ", " : lead, out);
		print_piece_place(out, &a->known[k], a->name);
		fputs(" = ", out);
		print_constant(out, &a->known[k].constant);
	}
}

static void print_arg_text(FILE *out, const struct truesig_func *f,
			   const struct truesig_arg *a, const char *wanted)
{
	fprintf(out, "  %s: ", a ? (a->name[0] ? a->name : "?") : wanted);
	if (!a) {
		fputs("not available (no tag of this function names it)\n",
		      out);
		return;
	}
	switch (a->fate) {
	case TS_FATE_PASSED:
		fprintf(out, "%sparameter %d (%s)",
			a->how == TS_HOW_REFERENCE ? "by reference: the "
						     "address of a copy in "
						   : "",
			a->param, source_func_param_name(f, a->param));
		if (a->constant.kind != TS_CONST_NONE &&
		    a->constant.kind != TS_CONST_PIECES) {
			fputs(", known to be ", out);
			print_constant(out, &a->constant);
		}
		print_known(out, a, ", known: ");
		break;
	case TS_FATE_SPLIT:
		fputs("split: ", out);
		for (size_t k = 0; k < a->n_pieces; k++) {
			const struct truesig_piece *p = &a->pieces[k];

			fputs(k ? ", " : "", out);
			print_piece_place(out, p, a->name);
			fprintf(out, " in parameter %d (%s)", p->param,
				source_func_param_name(f, p->param));
		}
		print_known(out, a, "; known: ");
		break;
	case TS_FATE_REMOVED:
		fputs("removed (not passed)", out);
		break;
	case TS_FATE_CONSTANT:
		fputs("constant", out);
		if (a->constant.kind == TS_CONST_PIECES)
			print_known(out, a, ": ");
		else {
			fputs(" ", out);
			print_constant(out, &a->constant);
		}
		break;
	default:
		fputs("not available (unverified)", out);
	}
	fputs("\n", out);
}

static void print_text(FILE *out, const struct truesig_lookup *l,
		       const char *const *args, size_t n_args, bool show_btf)
{
	for (size_t i = 0; i < l->n_funcs; i++) {
		const struct truesig_func *f = &l->funcs[i];

		fprintf(out, "%s%s: %s\n", i ? "\n" : "", f->symbol,
			f->prototype);
		if (!f->clone && !f->tagged)
			fprintf(out, "  %s as written", l->function);
		else if (!f->kinds[0])
			fprintf(out, "  clone of %s by its name",
				l->function);
		else {
			fprintf(out, "  %s of %s (", f->clone ? "clone"
							      : "changed",
				l->function);
			for (const char *k = f->kinds; *k; k++)
				if (*k == ',')
					fputs(", ", out);
				else
					fputc(*k, out);
			fputs(")", out);
		}
		if (show_btf)
			fprintf(out, ", in %s", f->btf_name);
		fputs(f->verified ? "\n" : "; unverified: no truesig tags "
					  "describe it\n", out);
		if (same_name_count(l, f) > 1)
			fprintf(out, "  one of %zu functions of this name: a "
				"tracer attaching by name reaches the one the "
				"kernel finds first\n", same_name_count(l, f));
		if (f->return_dropped)
			fputs("  return: dropped (returns nothing)\n", out);
		for (size_t k = 0; k < arg_count(f, n_args); k++)
			print_arg_text(out, f, nth_arg(f, args, n_args, k),
				       n_args ? args[k] : NULL);
	}
}

/* ---- JSON ---------------------------------------------------------------- */

static void json_constant(struct json_writer *w,
			  const struct truesig_constant *c)
{
	json_key(w, "constant");
	switch (c->kind) {
	case TS_CONST_SIGNED:	json_int(w, (int64_t)c->value); break;
	case TS_CONST_UNSIGNED:	json_uint(w, c->value); break;
	case TS_CONST_TEXT:	json_string(w, c->text); break;
	default:		json_null(w);
	}
}

/* The record's word for how a value arrives, or NULL for none. */
static const char *how_str(unsigned how)
{
	return how ? truesig_how_name(how) : NULL;
}

/* One "args" entry: the argument, or one of its pieces. */
static void json_arg_entry(struct json_writer *w, const char *name,
			   const struct truesig_arg *a,
			   const struct truesig_piece *piece)
{
	json_begin_object(w);
	json_key(w, "name");
	json_string(w, name);
	json_key(w, "fate");
	json_string(w, a ? source_fate_str(a->fate) : "unknown");
	json_key(w, "how");
	json_string_or_null(w, piece ? how_str(piece->how)
				     : a ? how_str(a->how) : NULL);
	json_key(w, "param");
	if (piece)
		json_int(w, piece->param);
	else if (a && a->param >= 0)
		json_int(w, a->param);
	else
		json_null(w);
	json_key(w, "path");
	json_string_or_null(w, piece ? piece->path : NULL);
	if (piece) {
		json_key(w, "offset");
		json_uint(w, piece->offset);
		json_key(w, "size");
		json_uint(w, piece->size);
	}
	if (a && !piece)
		json_constant(w, &a->constant);
	else {
		json_key(w, "constant");
		json_null(w);
	}
	if (a && a->n_known) {	/* on each entry of a split one */
		json_key(w, "known_pieces");
		json_begin_array(w);
		for (size_t k = 0; k < a->n_known; k++) {
			const struct truesig_piece *p = &a->known[k];

			json_begin_object(w);
			json_key(w, "how");
			json_string_or_null(w, how_str(p->how));
			json_key(w, "path");
			json_string_or_null(w, p->path);
			json_key(w, "offset");
			json_uint(w, p->offset);
			json_key(w, "size");
			json_uint(w, p->size);
			json_constant(w, &p->constant);
			json_end_object(w);
		}
		json_end_array(w);
	}
	json_end_object(w);
}

static void json_kinds(struct json_writer *w, const char *kinds)
{
	const char *p = kinds;

	json_key(w, "kinds");
	json_begin_array(w);
	while (*p) {
		const char *comma = strchr(p, ',');
		size_t n = comma ? (size_t)(comma - p) : strlen(p);
		char kind[64];

		snprintf(kind, sizeof(kind), "%.*s", (int)n, p);
		json_string(w, kind);
		p += n + (comma != NULL);
	}
	json_end_array(w);
}

static void print_json(FILE *out, const struct truesig_lookup *l,
		       const char *const *args, size_t n_args)
{
	struct json_writer w;

	json_init(&w, out);
	json_begin_object(&w);
	json_key(&w, "function");
	json_string(&w, l->function);
	json_key(&w, "clones");
	json_begin_array(&w);
	for (size_t i = 0; i < l->n_funcs; i++) {
		const struct truesig_func *f = &l->funcs[i];

		json_begin_object(&w);
		json_key(&w, "symbol");
		json_string(&w, f->symbol);
		json_key(&w, "btf");
		json_string(&w, f->btf_name);
		json_key(&w, "btf_id");
		json_uint(&w, f->id);
		json_key(&w, "clone");
		json_bool(&w, f->clone);
		json_kinds(&w, f->kinds);
		json_key(&w, "verified");
		json_bool(&w, f->verified);
		json_key(&w, "same_name");
		json_uint(&w, same_name_count(l, f));
		json_key(&w, "prototype");
		json_string(&w, f->prototype);
		json_key(&w, "return");
		json_string(&w, f->return_dropped ? "dropped" : "passed");
		json_key(&w, "args");
		json_begin_array(&w);
		for (size_t k = 0; k < arg_count(f, n_args); k++) {
			const struct truesig_arg *a = nth_arg(f, args, n_args,
							     k);
			const char *name = a ? a->name : args[k];

			if (a && a->fate == TS_FATE_SPLIT)
				for (size_t p = 0; p < a->n_pieces; p++)
					json_arg_entry(&w, name, a,
						       &a->pieces[p]);
			else
				json_arg_entry(&w, name, a, NULL);
		}
		json_end_array(&w);
		json_end_object(&w);
	}
	json_end_array(&w);
	json_end_object(&w);
	json_finish(&w);
}

void find_print(FILE *out, const struct truesig_lookup *l,
		enum find_format format, const char *const *args,
		size_t n_args, bool show_btf)
{
	switch (format) {
	case FIND_TEXT:
		print_text(out, l, args, n_args, show_btf);
		break;
	case FIND_JSON:
		print_json(out, l, args, n_args);
		break;
	case FIND_BPFTRACE:
		find_print_bpftrace(out, l, args, n_args);
		break;
	}
}
