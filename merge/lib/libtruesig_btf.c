// SPDX-License-Identifier: MIT
/*
 * libtruesig_btf.c — the public API of <truesig/truesig.h>'s "source
 * functions in BTF" over btf_source.c, whose structures are the header's
 * opaque types.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <truesig/truesig.h>

#include "btf_source.h"
#include "print.h"

int truesig_lookup__new(const char *function, struct truesig_lookup **lookup)
{
	struct truesig_lookup *l;
	int ret;

	if (!lookup || !function || !function[0])
		return -EINVAL;
	*lookup = NULL;
	l = calloc(1, sizeof(*l));
	if (!l)
		return -ENOMEM;
	ret = source_lookup_init(l, function);
	if (ret) {
		free(l);
		return ret;
	}
	*lookup = l;
	return 0;
}

int truesig_lookup__add_btf(struct truesig_lookup *lookup,
			    const struct btf *btf, const struct btf *base,
			    const char *btf_name)
{
	char err[1024] = "";
	int ret;

	if (!lookup || !btf || !btf_name)
		return -EINVAL;
	ret = source_lookup_add(lookup, btf, base, btf_name, err,
				sizeof(err));
	if (ret)
		truesig_warn("%s\n", err[0] ? err : strerror(-ret));
	return ret;
}

void truesig_lookup__free(struct truesig_lookup *lookup)
{
	if (!lookup)
		return;
	source_lookup_release(lookup);
	free(lookup);
}

const char *truesig_lookup__function(const struct truesig_lookup *lookup)
{
	return lookup->function;
}

size_t truesig_lookup__func_cnt(const struct truesig_lookup *lookup)
{
	return lookup->n_funcs;
}

const struct truesig_func *
truesig_lookup__func(const struct truesig_lookup *lookup, size_t index)
{
	return index < lookup->n_funcs ? &lookup->funcs[index] : NULL;
}

/* ---- functions -------------------------------------------------------------- */

const char *truesig_func__symbol(const struct truesig_func *func)
{
	return func->symbol;
}

const char *truesig_func__btf_name(const struct truesig_func *func)
{
	return func->btf_name;
}

const struct btf *truesig_func__btf(const struct truesig_func *func)
{
	return func->btf;
}

uint32_t truesig_func__btf_id(const struct truesig_func *func)
{
	return func->id;
}

int truesig_func__is_clone(const struct truesig_func *func)
{
	return func->clone;
}

int truesig_func__verified(const struct truesig_func *func)
{
	return func->verified;
}

int truesig_func__return_dropped(const struct truesig_func *func)
{
	return func->return_dropped;
}

const char *truesig_func__kinds(const struct truesig_func *func)
{
	return func->kinds;
}

const char *truesig_func__prototype(const struct truesig_func *func)
{
	return func->prototype;
}

unsigned truesig_func__param_cnt(const struct truesig_func *func)
{
	return func->n_params;
}

unsigned truesig_func__arg_cnt(const struct truesig_func *func)
{
	return (unsigned)func->n_args;
}

const struct truesig_arg *truesig_func__arg(const struct truesig_func *func,
					    unsigned index)
{
	return index < func->n_args ? &func->args[index] : NULL;
}

const struct truesig_arg *
truesig_func__arg_by_name(const struct truesig_func *func, const char *name)
{
	return name ? source_func_arg(func, name) : NULL;
}

/* ---- arguments ------------------------------------------------------------ */

const char *truesig_arg__name(const struct truesig_arg *arg)
{
	return arg->name;
}

unsigned truesig_arg__fate(const struct truesig_arg *arg)
{
	return arg->fate;
}

unsigned truesig_arg__how(const struct truesig_arg *arg)
{
	return arg->fate == TS_FATE_PASSED ? arg->how : 0;
}

int truesig_arg__param(const struct truesig_arg *arg)
{
	return arg->param;
}

unsigned truesig_arg__piece_cnt(const struct truesig_arg *arg)
{
	return (unsigned)arg->n_pieces;
}

const struct truesig_piece *truesig_arg__piece(const struct truesig_arg *arg,
					       unsigned index)
{
	return index < arg->n_pieces ? &arg->pieces[index] : NULL;
}

unsigned truesig_arg__const_kind(const struct truesig_arg *arg)
{
	return arg->constant.kind;
}

uint64_t truesig_arg__const_value(const struct truesig_arg *arg)
{
	return arg->constant.value;
}

const char *truesig_arg__const_text(const struct truesig_arg *arg)
{
	return arg->constant.text;
}

unsigned truesig_arg__known_piece_cnt(const struct truesig_arg *arg)
{
	return (unsigned)arg->n_known;
}

const struct truesig_piece *
truesig_arg__known_piece(const struct truesig_arg *arg, unsigned index)
{
	return index < arg->n_known ? &arg->known[index] : NULL;
}

/* ---- pieces ----------------------------------------------------------------- */

unsigned truesig_piece__how(const struct truesig_piece *piece)
{
	return piece->how;
}

int truesig_piece__param(const struct truesig_piece *piece)
{
	return piece->param;
}

unsigned truesig_piece__offset(const struct truesig_piece *piece)
{
	return piece->offset;
}

unsigned truesig_piece__size(const struct truesig_piece *piece)
{
	return piece->size;
}

const char *truesig_piece__path(const struct truesig_piece *piece)
{
	return piece->path;
}

unsigned truesig_piece__const_kind(const struct truesig_piece *piece)
{
	return piece->constant.kind;
}

uint64_t truesig_piece__const_value(const struct truesig_piece *piece)
{
	return piece->constant.value;
}

const char *truesig_piece__const_text(const struct truesig_piece *piece)
{
	return piece->constant.text;
}
