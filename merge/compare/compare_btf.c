// SPDX-License-Identifier: MIT
/*
 * compare_btf.c — a BTF's FUNCs against the records (see compare_btf.h).
 *
 * A record's type and a BTF type are the same when `truesig btf` would
 * reuse the one for the other (btf_types_describes: kind and name, what
 * they refer to); a typedef is not its target.  Messages spell types as C
 * does: the record's with type_name(), the BTF's with libbpf's btf_dump.
 * A static function's name may have several FUNCs (one per file that has
 * a function of that name); the record is right when one of them is.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>

#include "btf_index.h"
#include "btf_input.h"
#include "btf_types.h"
#include "compare_btf.h"
#include "errmsg.h"
#include "type_name.h"

struct btf_judge {
	struct btf	*base;
	struct btf	*btf;
	struct btf_index *index;
	struct btf_dump	*dump;
	char		*text;		/* what dump printed */
	size_t		 len;
};

static const char *const verdict_names[BTF_N_VERDICTS] = {
	[BTF_VERDICT_MISSING] = "missing",
	[BTF_VERDICT_RIGHT] = "right",
	[BTF_VERDICT_WRONG] = "wrong",
};

const char *btf_verdict_name(enum btf_verdict v)
{
	return v < BTF_N_VERDICTS ? verdict_names[v] : "?";
}

static void dump_printf(void *ctx, const char *fmt, va_list ap)
{
	struct btf_judge *j = ctx;
	char piece[TYPE_NAME_MAX];
	int n = vsnprintf(piece, sizeof(piece), fmt, ap);

	if (n < 0)
		return;
	if ((size_t)n >= sizeof(piece))
		n = sizeof(piece) - 1;
	if (j->len + (size_t)n < TYPE_NAME_MAX) {
		memcpy(j->text + j->len, piece, (size_t)n);
		j->len += (size_t)n;
		j->text[j->len] = '\0';
	}
}

int btf_judge_open(const char *path, const char *base,
		   struct btf_judge **out, char *err, size_t err_size)
{
	struct btf_judge *j = calloc(1, sizeof(*j));
	int ret;

	*out = NULL;
	if (!j || !(j->text = calloc(1, TYPE_NAME_MAX))) {
		free(j);
		return errmsg(err, err_size, -ENOMEM, path, "out of memory");
	}
	ret = base ? btf_input_read(base, NULL, &j->base, err, err_size) : 0;
	if (!ret)
		ret = btf_input_read(path, j->base, &j->btf, err, err_size);
	if (ret) {
		btf_judge_close(j);
		return ret;
	}
	j->index = btf_index_new(j->btf);
	j->dump = btf_dump__new(j->btf, dump_printf, j, NULL);
	if (!j->index || !j->dump) {
		j->dump = NULL;
		btf_judge_close(j);
		return errmsg(err, err_size, -ENOMEM, path, "out of memory");
	}
	*out = j;
	return 0;
}

void btf_judge_close(struct btf_judge *j)
{
	if (!j)
		return;
	btf_dump__free(j->dump);
	btf_index_free(j->index);
	btf__free(j->btf);
	btf__free(j->base);
	free(j->text);
	free(j);
}

/* The first FUNC called `name` from `it` on, or 0. */
static uint32_t next_func(const struct btf_judge *j, const char *name,
			  uint32_t id, struct btf_index_iter *it)
{
	for (; id; id = btf_index_next(it)) {
		const struct btf_type *t = btf__type_by_id(j->btf, id);

		if (btf_is_func(t) &&
		    !strcmp(btf__name_by_offset(j->btf, t->name_off), name))
			return id;
	}
	return 0;
}

static uint32_t first_func(const struct btf_judge *j, const char *name,
			   struct btf_index_iter *it)
{
	return next_func(j, name, btf_index_first(
				 j->index, btf_key_name(BTF_KIND_FUNC, name),
				 it), it);
}

/* BTF type `id` as C spells it, into buf. */
static const char *btf_type_text(struct btf_judge *j, uint32_t id, char *buf)
{
	LIBBPF_OPTS(btf_dump_emit_type_decl_opts, opts, .field_name = "");

	j->len = 0;
	j->text[0] = '\0';
	if (btf_dump__emit_type_decl(j->dump, id, &opts))
		snprintf(buf, TYPE_NAME_MAX, "type %u", id);
	else
		snprintf(buf, TYPE_NAME_MAX, "%s", j->text);
	return buf;
}

/* What became of the source signature, as "parameter 2 (b) removed, ...". */
static void describe_changes(const struct truesig_record *r, char *buf,
			     size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	for (unsigned i = 0; i < r->n_source_params && len < size; i++) {
		const struct truesig_source_param *s = &r->source_params[i];
		const char *what = s->fate == TS_FATE_REMOVED ? "removed" :
				   s->fate == TS_FATE_CONSTANT ? "constant" :
				   s->fate == TS_FATE_SPLIT ? "split" : NULL;

		if (what)
			len += (size_t)snprintf(buf + len, size - len,
						"%sparameter %u (%s) %s",
						len ? ", " : "", i + 1,
						s->name[0] ? s->name : "?",
						what);
	}
	if ((r->flags & TS_RF_RETURN_DROPPED) && len < size)
		len += (size_t)snprintf(buf + len, size - len,
					"%sreturn dropped", len ? ", " : "");
	if (!len)
		snprintf(buf, size, "a change of calling convention");
}

/* Whether proto's return and parameters are `ret` and types[0..n). */
static bool proto_is(const struct btf_judge *j, const struct btf_type *proto,
		     const struct truesig_unit *u, uint32_t ret,
		     const uint32_t *types, unsigned n, bool varargs)
{
	const struct btf_param *params = btf_params(proto);

	if (btf_vlen(proto) != n + varargs || (varargs && params[n].type))
		return false;
	if (!btf_types_describes(u, ret, j->btf, proto->type))
		return false;
	for (unsigned i = 0; i < n; i++)
		if (!btf_types_describes(u, types[i], j->btf, params[i].type))
			return false;
	return true;
}

/* The differences between proto and the real signature. */
static void explain(struct btf_judge *j, const struct btf_type *proto,
		    const struct truesig_record *r, const uint32_t *real,
		    struct compare_reasons *reasons)
{
	const struct btf_param *params = btf_params(proto);
	bool varargs = r->flags & TS_RF_VARARGS;
	bool btf_varargs = btf_vlen(proto) && !params[btf_vlen(proto) - 1].type;
	unsigned n = btf_vlen(proto) - btf_varargs;
	char a[TYPE_NAME_MAX], b[TYPE_NAME_MAX];

	btf_type_text(j, proto->type, a);
	type_name(r->unit, r->return_type, "", b, sizeof(b));
	if (!btf_types_describes(r->unit, r->return_type, j->btf,
				 proto->type)) {
		if (r->flags & TS_RF_RETURN_DROPPED)
			compare_reason(reasons, "return type %s, but the "
				       "return was dropped", a);
		else
			compare_reason(reasons, "return type %s, truly %s",
				       a, b);
	}
	if (n != r->n_params)
		compare_reason(reasons, "%u parameters, truly %u", n,
			       r->n_params);
	for (unsigned i = 0; i < n && i < r->n_params; i++)
		if (!btf_types_describes(r->unit, real[i], j->btf,
					 params[i].type))
			compare_reason(reasons, "parameter %u is %s, truly %s",
				       i + 1, btf_type_text(j, params[i].type, a),
				       type_name(r->unit, real[i], "", b,
						 sizeof(b)));
	if (varargs != btf_varargs)
		compare_reason(reasons, "%s ..., truly %s", btf_varargs ?
			       "ends in" : "does not end in", varargs ?
			       "it does" : "it does not");
}

/* The prototype of FUNC id, or NULL when it has none. */
static const struct btf_type *proto_of(const struct btf_judge *j, uint32_t id)
{
	const struct btf_type *proto =
		btf__type_by_id(j->btf, btf__type_by_id(j->btf, id)->type);

	return proto && btf_is_func_proto(proto) ? proto : NULL;
}

enum btf_verdict btf_judge_record(struct btf_judge *j,
				  const struct truesig_record *r,
				  bool source_name_taken,
				  struct compare_reasons *reasons)
{
	const struct btf_type *proto = NULL;
	bool varargs = r->flags & TS_RF_VARARGS;
	char kinds[64], changes[COMPARE_REASON_SIZE];
	enum btf_verdict verdict = BTF_VERDICT_WRONG;
	const char *name = r->symbol;
	struct btf_index_iter it;
	uint32_t id, first, *real, *source;

	memset(reasons, 0, sizeof(*reasons));
	first = first_func(j, name, &it);
	if (!first && strcmp(r->function, r->symbol) && r->function[0] &&
	    !source_name_taken && (first = first_func(j, r->function, &it))) {
		name = r->function;
		compare_reason(reasons, "no FUNC %s; FUNC %s (the source name) "
			       "stands for it", r->symbol, r->function);
	}
	if (!first) {
		compare_reason(reasons, "no FUNC %s", r->symbol);
		return BTF_VERDICT_MISSING;
	}
	real = calloc(r->n_params + 1u, sizeof(*real));
	source = calloc(r->n_source_params + 1u, sizeof(*source));
	if (!real || !source) {
		compare_reason(reasons, "out of memory");
		goto out;
	}
	for (unsigned i = 0; i < r->n_params; i++)
		real[i] = r->params[i].type;
	for (unsigned i = 0; i < r->n_source_params; i++)
		source[i] = r->source_params[i].type;
	for (id = first; id; id = next_func(j, name, btf_index_next(&it), &it)) {
		const struct btf_type *p = proto_of(j, id);

		if (p && proto_is(j, p, r->unit, r->return_type, real,
				  r->n_params, varargs)) {
			/* Right, unless found under the source name only. */
			if (!reasons->n)
				verdict = BTF_VERDICT_RIGHT;
			goto out;
		}
	}
	proto = proto_of(j, first);
	if (!proto) {
		compare_reason(reasons, "FUNC %u does not refer to a "
			       "FUNC_PROTO", first);
		goto out;
	}
	if (proto_is(j, proto, r->unit, r->source_return_type, source,
		     r->n_source_params, varargs)) {
		if (!truesig_kinds_text(r, ".", kinds, sizeof(kinds))[0])
			snprintf(kinds, sizeof(kinds), "changed");
		describe_changes(r, changes, sizeof(changes));
		compare_reason(reasons, "source prototype for a%s %s clone: %s",
			       strchr("aeiou", kinds[0]) ? "n" : "", kinds,
			       changes);
	}
	explain(j, proto, r, real, reasons);
out:
	free(real);
	free(source);
	return verdict;
}
