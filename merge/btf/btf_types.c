// SPDX-License-Identifier: MIT
/*
 * btf_types.c — map .truesig types to BTF types, reusing what exists.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/btf.h>

#include "array.h"
#include "btf_names.h"
#include "btf_types.h"

#define MATCH_DEPTH	32

static const char *name_of(const struct btf *btf, const struct btf_type *bt)
{
	const char *name = btf__name_by_offset(btf, bt->name_off);

	return name ? name : "";
}

int btf_types_init(struct btf_types *t, struct btf *btf,
		   struct btf_index *index)
{
	memset(t, 0, sizeof(*t));
	t->btf = btf;
	t->index = index;
	t->first_new = btf__type_cnt(btf);
	t->seen = calloc(t->first_new / 8 + 1, 1);
	return t->seen ? 0 : -ENOMEM;
}

void btf_types_fini(struct btf_types *t)
{
	free(t->seen);
	free(t->map);
	free(t->hint);
	free(t->needed);
	memset(t, 0, sizeof(*t));
}

int btf_types_begin_unit(struct btf_types *t, const struct truesig_unit *u)
{
	void *grown;

	grown = array_grow(t->map, &t->map_cap, sizeof(*t->map), u->n_types);
	if (!grown)
		return -ENOMEM;
	t->map = grown;
	grown = array_grow(t->hint, &t->hint_cap, sizeof(*t->hint),
			   u->n_types);
	if (!grown)
		return -ENOMEM;
	t->hint = grown;
	grown = array_grow(t->needed, &t->needed_cap, sizeof(*t->needed),
			   u->n_types);
	if (!grown)
		return -ENOMEM;
	t->needed = grown;
	t->unit = u;
	memset(t->map, 0xff, u->n_types * sizeof(*t->map));
	memset(t->hint, 0, u->n_types * sizeof(*t->hint));
	memset(t->needed, 0, u->n_types);
	return 0;
}

void btf_types_need(struct btf_types *t, uint32_t index)
{
	t->needed[index] = 1;
}

uint32_t btf_types_id(const struct btf_types *t, uint32_t index)
{
	return index && t->map[index] > 0 ? (uint32_t)t->map[index] : 0;
}

int btf_types_added(struct btf_types *t, int id)
{
	int err;

	if (id < 0) {
		snprintf(t->err, sizeof(t->err), "libbpf cannot add a type: %s",
			 strerror(-id));
		return id;
	}
	err = btf_index_add(t->index, (uint32_t)id);
	if (err) {
		snprintf(t->err, sizeof(t->err), "out of memory");
		return err;
	}
	return id;
}

/* ---- comparing BTF types ----------------------------------------------- */

static bool equal(const struct btf *btf, uint32_t a, uint32_t b, int depth)
{
	const struct btf_type *x, *y;
	unsigned kx, ky;

	if (a == b)
		return true;
	if (!a || !b || depth > MATCH_DEPTH)
		return false;
	x = btf__type_by_id(btf, a);
	y = btf__type_by_id(btf, b);
	if (!x || !y)
		return false;
	kx = btf_kind(x) == BTF_KIND_ENUM64 ? BTF_KIND_ENUM : btf_kind(x);
	ky = btf_kind(y) == BTF_KIND_ENUM64 ? BTF_KIND_ENUM : btf_kind(y);

	/* a declaration and a definition of the same struct or union */
	if (kx == BTF_KIND_FWD || ky == BTF_KIND_FWD) {
		const struct btf_type *f = kx == BTF_KIND_FWD ? x : y;
		const struct btf_type *o = kx == BTF_KIND_FWD ? y : x;
		unsigned ko = btf_kind(o);

		if (ko != BTF_KIND_FWD && ko != BTF_KIND_STRUCT &&
		    ko != BTF_KIND_UNION)
			return false;
		if (ko == BTF_KIND_FWD ? btf_kflag(f) != btf_kflag(o) :
		    btf_kflag(f) != (ko == BTF_KIND_UNION))
			return false;
		return !strcmp(name_of(btf, x), name_of(btf, y));
	}
	if (kx != ky)
		return false;

	switch (kx) {
	case BTF_KIND_INT:
	case BTF_KIND_FLOAT:
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
	case BTF_KIND_ENUM:
		if (x->size != y->size ||
		    strcmp(name_of(btf, x), name_of(btf, y)))
			return false;
		/* two anonymous bodies: the same only if the same id */
		return name_of(btf, x)[0] || kx == BTF_KIND_INT ||
		       kx == BTF_KIND_FLOAT || (!btf_vlen(x) && !btf_vlen(y));
	case BTF_KIND_TYPEDEF:
		if (strcmp(name_of(btf, x), name_of(btf, y)))
			return false;
		/* fall through */
	case BTF_KIND_PTR:
	case BTF_KIND_CONST:
	case BTF_KIND_VOLATILE:
	case BTF_KIND_RESTRICT:
		return equal(btf, x->type, y->type, depth + 1);
	case BTF_KIND_TYPE_TAG:
		return !strcmp(name_of(btf, x), name_of(btf, y)) &&
		       equal(btf, x->type, y->type, depth + 1);
	case BTF_KIND_ARRAY:
		return btf_array(x)->nelems == btf_array(y)->nelems &&
		       equal(btf, btf_array(x)->type, btf_array(y)->type,
			     depth + 1);
	case BTF_KIND_FUNC_PROTO:
		if (btf_vlen(x) != btf_vlen(y) ||
		    !equal(btf, x->type, y->type, depth + 1))
			return false;
		for (unsigned i = 0; i < btf_vlen(x); i++)
			if (!equal(btf, btf_params(x)[i].type,
				   btf_params(y)[i].type, depth + 1))
				return false;
		return true;
	default:
		return false;
	}
}

bool btf_types_equal(const struct btf *btf, uint32_t a, uint32_t b)
{
	return equal(btf, a, b, 0);
}

/* ---- does a .truesig type describe this BTF type? ------------------------ */

/* What matching needs: a unit's types, a BTF, and (while converting) the
   BTF ids the unit's types are already mapped to, or NULL. */
struct match_ctx {
	const struct truesig_unit *unit;
	const struct btf *btf;
	const int32_t	*map;
};

static bool matches(const struct match_ctx *t, uint32_t ti, uint32_t id,
		    int depth);

static bool is_int_name(unsigned kind, const struct btf_type *bt,
			const struct truesig_type *tt, const char *name)
{
	return kind == BTF_KIND_INT && bt->size == tt->size &&
	       !strcmp(name, tt->name);
}

static bool matches_aggregate(const struct truesig_type *tt, unsigned want,
			      unsigned kind, const struct btf_type *bt,
			      const char *name)
{
	bool incomplete = tt->flags & TS_TF_INCOMPLETE;

	/* a name BTF cannot hold was dropped: anonymous */
	if (!tt->name[0] || !btf_name_valid(tt->name))
		return kind == want && !name[0] && bt->size == tt->size;
	if (strcmp(name, tt->name))
		return false;
	if (kind == BTF_KIND_FWD)
		return want != BTF_KIND_ENUM &&
		       btf_kflag(bt) == (want == BTF_KIND_UNION);
	return kind == want && (incomplete || bt->size == tt->size);
}

static bool matches(const struct match_ctx *t, uint32_t ti, uint32_t id,
		    int depth)
{
	const struct truesig_type *tt = &t->unit->types[ti];
	const struct btf_type *bt;
	const char *name;
	unsigned kind;

	/* a typedef BTF cannot name is the type it names (see map_type) */
	while (ti && tt->kind == TS_TYPE_TYPEDEF && !btf_name_valid(tt->name)) {
		ti = tt->ref;
		tt = &t->unit->types[ti];
	}
	if (!ti || !id)
		return !ti && !id;
	if (depth > MATCH_DEPTH)
		return false;
	if (t->map && t->map[ti] > 0)
		return btf_types_equal(t->btf, (uint32_t)t->map[ti], id);
	bt = btf__type_by_id(t->btf, id);
	if (!bt)
		return false;
	kind = btf_kind(bt) == BTF_KIND_ENUM64 ? BTF_KIND_ENUM : btf_kind(bt);
	name = name_of(t->btf, bt);

	switch (tt->kind) {
	case TS_TYPE_INT:
	case TS_TYPE_BOOL:
		return is_int_name(kind, bt, tt, name);
	case TS_TYPE_FLOAT:
	case TS_TYPE_COMPLEX:
		return (kind == BTF_KIND_FLOAT || kind == BTF_KIND_INT) &&
		       bt->size == tt->size && !strcmp(name, tt->name);
	case TS_TYPE_STRUCT:
		return matches_aggregate(tt, BTF_KIND_STRUCT, kind, bt, name);
	case TS_TYPE_UNION:
		return matches_aggregate(tt, BTF_KIND_UNION, kind, bt, name);
	case TS_TYPE_ENUM:
		return matches_aggregate(tt, BTF_KIND_ENUM, kind, bt, name);
	case TS_TYPE_OPAQUE:
		return kind == BTF_KIND_STRUCT && bt->size == tt->size &&
		       !strcmp(name, tt->name);
	case TS_TYPE_PTR:
		return kind == BTF_KIND_PTR &&
		       matches(t, tt->ref, bt->type, depth + 1);
	case TS_TYPE_CONST:
		return kind == BTF_KIND_CONST &&
		       matches(t, tt->ref, bt->type, depth + 1);
	case TS_TYPE_VOLATILE:
		return kind == BTF_KIND_VOLATILE &&
		       matches(t, tt->ref, bt->type, depth + 1);
	case TS_TYPE_RESTRICT:
		return kind == BTF_KIND_RESTRICT &&
		       matches(t, tt->ref, bt->type, depth + 1);
	case TS_TYPE_TYPEDEF:
		return kind == BTF_KIND_TYPEDEF && !strcmp(name, tt->name) &&
		       matches(t, tt->ref, bt->type, depth + 1);
	case TS_TYPE_ARRAY:
	case TS_TYPE_VECTOR:
		return kind == BTF_KIND_ARRAY &&
		       btf_array(bt)->nelems ==
		       (tt->flags & TS_TF_INCOMPLETE ? 0 : tt->count) &&
		       matches(t, tt->ref, btf_array(bt)->type, depth + 1);
	case TS_TYPE_FUNC: {
		unsigned n = tt->count + !!(tt->flags & TS_TF_VARARGS);
		const struct btf_param *p = btf_params(bt);

		if (kind != BTF_KIND_FUNC_PROTO || btf_vlen(bt) != n ||
		    !matches(t, tt->ref, bt->type, depth + 1))
			return false;
		for (unsigned i = 0; i < tt->count; i++) {
			uint32_t pi = t->unit->types[ti + 1 + i].ref;

			if (pi == ti || !matches(t, pi, p[i].type, depth + 1))
				return false;
		}
		return n == tt->count || !p[n - 1].type;
	}
	default:
		return false;
	}
}

bool btf_types_describes(const struct truesig_unit *u, uint32_t ti,
			 const struct btf *btf, uint32_t id)
{
	struct match_ctx m = { u, btf, NULL };

	return matches(&m, ti, id, 0);
}

/* ---- finding or adding one type --------------------------------------------- */

/* The first indexed type under `key` that type ti matches. */
static uint32_t find(const struct btf_types *t, uint64_t key, uint32_t ti)
{
	struct match_ctx m = { t->unit, t->btf, t->map };
	struct btf_index_iter it;

	for (uint32_t id = btf_index_first(t->index, key, &it); id;
	     id = btf_index_next(&it))
		if (matches(&m, ti, id, 0))
			return id;
	return 0;
}

static bool int_size_ok(uint32_t size)
{
	return size == 1 || size == 2 || size == 4 || size == 8 || size == 16;
}

static bool float_size_ok(uint32_t size)
{
	return size == 2 || size == 4 || size == 8 || size == 12 || size == 16;
}

/* A body-less stand-in: a struct of that size without members. */
static int add_blob(struct btf_types *t, const char *name, uint32_t size)
{
	struct btf_index_iter it;
	uint64_t key;

	if (name && !btf_name_valid(name))
		name = NULL;
	key = name ? btf_key_name(BTF_KIND_STRUCT, name) :
		     btf_key_anon(BTF_KIND_STRUCT, size);
	for (uint32_t id = btf_index_first(t->index, key, &it); id;
	     id = btf_index_next(&it)) {
		const struct btf_type *bt = btf__type_by_id(t->btf, id);

		if (btf_is_struct(bt) && bt->size == size &&
		    !strcmp(name_of(t->btf, bt), name ? name : "") &&
		    (name || !btf_vlen(bt)))
			return (int)id;
	}
	return btf_types_added(t, btf__add_struct(t->btf, name, size));
}

static uint32_t lookup_int(const struct btf_types *t, const char *name,
			   uint32_t size)
{
	struct btf_index_iter it;

	for (uint32_t id = btf_index_first(t->index,
					   btf_key_name(BTF_KIND_INT, name), &it);
	     id; id = btf_index_next(&it)) {
		const struct btf_type *bt = btf__type_by_id(t->btf, id);

		if (btf_is_int(bt) && bt->size == size &&
		    !strcmp(name_of(t->btf, bt), name))
			return id;
	}
	return 0;
}

/* The index type of new arrays, as pahole makes it. */
static int array_index_type(struct btf_types *t)
{
	static const char *const names[] = {
		"__ARRAY_SIZE_TYPE__", "unsigned int", "int",
	};
	int id;

	if (t->array_index)
		return (int)t->array_index;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		uint32_t found = lookup_int(t, names[i], 4);

		if (found) {
			t->array_index = found;
			return (int)found;
		}
	}
	id = btf_types_added(t, btf__add_int(t->btf, names[0], 4, 0));
	if (id > 0)
		t->array_index = (uint32_t)id;
	return id;
}

static int add_int(struct btf_types *t, const struct truesig_type *tt)
{
	int encoding = 0;

	if (tt->kind == TS_TYPE_BOOL)
		encoding = BTF_INT_BOOL;
	else if (tt->kind == TS_TYPE_INT && (tt->flags & TS_TF_SIGNED))
		encoding = BTF_INT_SIGNED;
	if (!tt->name[0] || !int_size_ok(tt->size))
		return add_blob(t, NULL, tt->size);
	return btf_types_added(t, btf__add_int(t->btf, tt->name, tt->size,
					       encoding));
}

static int add_aggregate(struct btf_types *t, uint32_t ti)
{
	const struct truesig_type *tt = &t->unit->types[ti];
	bool incomplete = tt->flags & TS_TF_INCOMPLETE;
	bool named = tt->name[0] && btf_name_valid(tt->name);
	unsigned kind = tt->kind == TS_TYPE_STRUCT ? BTF_KIND_STRUCT :
			tt->kind == TS_TYPE_UNION ? BTF_KIND_UNION :
			BTF_KIND_ENUM;
	uint32_t id;

	if (named) {
		/*
		 * A declaration takes a forward declaration first: had it
		 * taken a definition, a run over this run's BTF could find
		 * one added after its FWD (an enum BTF cannot hold is a
		 * struct of its name) and not be the same.
		 */
		id = 0;
		if (incomplete && kind != BTF_KIND_ENUM)
			id = find(t, btf_key_name(BTF_KIND_FWD, tt->name), ti);
		if (!id)
			id = find(t, btf_key_name(kind, tt->name), ti);
		if (id)
			return (int)id;
		if (incomplete)
			return btf_types_added(t, btf__add_fwd(t->btf, tt->name,
				kind == BTF_KIND_STRUCT ? BTF_FWD_STRUCT :
				kind == BTF_KIND_UNION ? BTF_FWD_UNION :
				BTF_FWD_ENUM));
	} else {
		id = find(t, btf_key_anon(kind, tt->size), ti);
		if (id)
			return (int)id;
	}
	switch (kind) {
	case BTF_KIND_STRUCT:
		return btf_types_added(t, btf__add_struct(t->btf,
			named ? tt->name : NULL, tt->size));
	case BTF_KIND_UNION:
		return btf_types_added(t, btf__add_union(t->btf,
			named ? tt->name : NULL, tt->size));
	default:
		if (tt->size != 1 && tt->size != 2 && tt->size != 4 &&
		    tt->size != 8)
			return add_blob(t, named ? tt->name : NULL, tt->size);
		return btf_types_added(t, btf__add_enum(t->btf,
			named ? tt->name : NULL, tt->size));
	}
}

static int add_ref(struct btf_types *t, unsigned kind, uint32_t ref)
{
	struct btf_index_iter it;
	int id;

	for (uint32_t c = btf_index_first(t->index, btf_key_ref(kind, ref), &it);
	     c; c = btf_index_next(&it)) {
		const struct btf_type *bt = btf__type_by_id(t->btf, c);

		if (btf_kind(bt) == kind && bt->type == ref)
			return (int)c;
	}
	switch (kind) {
	case BTF_KIND_PTR:
		id = btf__add_ptr(t->btf, (int)ref);
		break;
	case BTF_KIND_CONST:
		id = btf__add_const(t->btf, (int)ref);
		break;
	case BTF_KIND_VOLATILE:
		id = btf__add_volatile(t->btf, (int)ref);
		break;
	default:
		id = btf__add_restrict(t->btf, (int)ref);
		break;
	}
	return btf_types_added(t, id);
}

static int add_array(struct btf_types *t, uint32_t elem, uint32_t nelems)
{
	struct btf_index_iter it;
	int index;

	for (uint32_t c = btf_index_first(t->index,
					  btf_key_array(elem, nelems), &it);
	     c; c = btf_index_next(&it)) {
		const struct btf_type *bt = btf__type_by_id(t->btf, c);

		if (btf_is_array(bt) && btf_array(bt)->type == elem &&
		    btf_array(bt)->nelems == nelems)
			return (int)c;
	}
	index = array_index_type(t);
	if (index < 0)
		return index;
	return btf_types_added(t, btf__add_array(t->btf, index, (int)elem,
						 nelems));
}

static bool same_proto(const struct btf *btf, const struct btf_type *bt,
		       uint32_t ret, const uint32_t *params,
		       char *const *names, unsigned n)
{
	const struct btf_param *p = btf_params(bt);

	if (!btf_is_func_proto(bt) || bt->type != ret || btf_vlen(bt) != n)
		return false;
	for (unsigned i = 0; i < n; i++) {
		const char *name = btf__name_by_offset(btf, p[i].name_off);

		if (p[i].type != params[i])
			return false;
		if (names && strcmp(name ? name : "", names[i] ? names[i] : ""))
			return false;
	}
	return true;
}

int btf_types_proto(struct btf_types *t, uint32_t ret, const uint32_t *params,
		    char *const *names, unsigned n)
{
	struct btf_index_iter it;
	int id, err;

	for (uint32_t c = btf_index_first(t->index,
					  btf_key_proto(ret, params, n), &it);
	     c; c = btf_index_next(&it))
		if (same_proto(t->btf, btf__type_by_id(t->btf, c), ret, params,
			       names, n))
			return (int)c;

	id = btf__add_func_proto(t->btf, (int)ret);
	if (id < 0)
		return btf_types_added(t, id);
	for (unsigned i = 0; i < n; i++) {
		err = btf__add_func_param(t->btf, names ? names[i] : NULL,
					  (int)params[i]);
		if (err)
			return btf_types_added(t, err);
	}
	return btf_types_added(t, id);	/* indexed with its parameters */
}

static int add_func_type(struct btf_types *t, uint32_t ti)
{
	const struct truesig_type *tt = &t->unit->types[ti];
	unsigned n = tt->count + !!(tt->flags & TS_TF_VARARGS);
	uint32_t *params;
	int id;

	params = calloc(n ? n : 1, sizeof(*params));
	if (!params) {
		snprintf(t->err, sizeof(t->err), "out of memory");
		return -ENOMEM;
	}
	for (unsigned i = 0; i < tt->count; i++) {
		uint32_t pi = t->unit->types[ti + 1 + i].ref;

		if (pi == ti) {
			snprintf(t->err, sizeof(t->err),
				 "type %u: a function type that takes itself",
				 ti);
			free(params);
			return -EINVAL;
		}
		params[i] = btf_types_id(t, pi);
	}
	id = btf_types_proto(t, btf_types_id(t, tt->ref), params, NULL, n);
	free(params);
	return id;
}

static int map_type(struct btf_types *t, uint32_t ti)
{
	const struct truesig_type *tt = &t->unit->types[ti];
	uint32_t ref = btf_types_id(t, tt->ref);
	uint32_t id;

	switch (tt->kind) {
	case TS_TYPE_INT:
	case TS_TYPE_BOOL:
		id = tt->name[0] ? lookup_int(t, tt->name, tt->size) : 0;
		return id ? (int)id : add_int(t, tt);
	case TS_TYPE_FLOAT:
	case TS_TYPE_COMPLEX:
		if (tt->name[0]) {
			id = find(t, btf_key_name(BTF_KIND_FLOAT, tt->name), ti);
			if (!id)
				id = lookup_int(t, tt->name, tt->size);
			if (id)
				return (int)id;
		}
		if (!tt->name[0])
			return add_blob(t, NULL, tt->size);
		if (tt->kind == TS_TYPE_FLOAT && float_size_ok(tt->size))
			return btf_types_added(t, btf__add_float(t->btf,
							tt->name, tt->size));
		if (int_size_ok(tt->size))
			return btf_types_added(t, btf__add_int(t->btf,
							tt->name, tt->size, 0));
		return add_blob(t, NULL, tt->size);
	case TS_TYPE_STRUCT:
	case TS_TYPE_UNION:
	case TS_TYPE_ENUM:
		if (t->hint[ti])
			return (int)t->hint[ti];
		return add_aggregate(t, ti);
	case TS_TYPE_OPAQUE:
		if (tt->name[0] && btf_name_valid(tt->name)) {
			id = find(t, btf_key_name(BTF_KIND_STRUCT, tt->name), ti);
			if (id)
				return (int)id;
			return btf_types_added(t, btf__add_struct(t->btf,
							tt->name, tt->size));
		}
		return add_blob(t, NULL, tt->size);
	case TS_TYPE_PTR:
		return add_ref(t, BTF_KIND_PTR, ref);
	case TS_TYPE_CONST:
		return add_ref(t, BTF_KIND_CONST, ref);
	case TS_TYPE_VOLATILE:
		return add_ref(t, BTF_KIND_VOLATILE, ref);
	case TS_TYPE_RESTRICT:
		return add_ref(t, BTF_KIND_RESTRICT, ref);
	case TS_TYPE_TYPEDEF:
		if (!btf_name_valid(tt->name))
			return (int)ref;	/* no BTF name: the type itself */
		id = find(t, btf_key_name(BTF_KIND_TYPEDEF, tt->name), ti);
		if (id)
			return (int)id;
		return btf_types_added(t, btf__add_typedef(t->btf, tt->name,
							   (int)ref));
	case TS_TYPE_ARRAY:
	case TS_TYPE_VECTOR:
		return add_array(t, ref, tt->flags & TS_TF_INCOMPLETE ? 0 :
				 tt->count);
	case TS_TYPE_FUNC:
		return add_func_type(t, ti);
	default:
		snprintf(t->err, sizeof(t->err), "type %u: unknown kind %u",
			 ti, tt->kind);
		return -EINVAL;
	}
}

/*
 * `typedef struct { ... } name_t;': the section stores the struct without
 * a name or a body, so it cannot be found by itself; but a typedef of that
 * name in the BTF whose target is an anonymous struct of the same size is
 * it.  Note those before mapping, which goes from the struct up.
 */
static void find_typedef_bodies(struct btf_types *t)
{
	const struct truesig_unit *u = t->unit;

	for (uint32_t i = 1; i < u->n_types; i++) {
		const struct truesig_type *tt = &u->types[i];
		const struct truesig_type *rt = &u->types[tt->ref];
		unsigned want = rt->kind == TS_TYPE_STRUCT ? BTF_KIND_STRUCT :
				rt->kind == TS_TYPE_UNION ? BTF_KIND_UNION :
				BTF_KIND_ENUM;
		struct btf_index_iter it;

		if (!t->needed[i] || tt->kind != TS_TYPE_TYPEDEF || !tt->ref ||
		    rt->name[0] || t->hint[tt->ref] ||
		    (rt->kind != TS_TYPE_STRUCT && rt->kind != TS_TYPE_UNION &&
		     rt->kind != TS_TYPE_ENUM) || !btf_name_valid(tt->name))
			continue;
		for (uint32_t c = btf_index_first(t->index,
				btf_key_name(BTF_KIND_TYPEDEF, tt->name), &it);
		     c; c = btf_index_next(&it)) {
			const struct btf_type *td = btf__type_by_id(t->btf, c);
			const struct btf_type *bt;
			unsigned kind;

			if (!btf_is_typedef(td) ||
			    strcmp(name_of(t->btf, td), tt->name))
				continue;
			bt = btf__type_by_id(t->btf, td->type);
			kind = bt ? btf_kind(bt) : 0;
			if (kind == BTF_KIND_ENUM64)
				kind = BTF_KIND_ENUM;
			if (kind == want && !bt->name_off &&
			    bt->size == rt->size) {
				t->hint[tt->ref] = td->type;
				break;
			}
		}
	}
}

int btf_types_resolve(struct btf_types *t)
{
	const struct truesig_unit *u = t->unit;

	/* Everything a needed type refers to is needed: refs are smaller. */
	for (uint32_t i = u->n_types; i-- > 1;) {
		const struct truesig_type *tt = &u->types[i];

		if (!t->needed[i])
			continue;
		t->needed[tt->ref] = 1;
		if (tt->kind == TS_TYPE_FUNC)
			for (uint32_t k = 1; k <= tt->count; k++)
				t->needed[u->types[i + k].ref] = 1;
	}
	find_typedef_bodies(t);
	for (uint32_t i = 1; i < u->n_types; i++) {
		int id;

		if (!t->needed[i] || t->map[i] >= 0 ||
		    u->types[i].kind == TS_TYPE_PARAM)
			continue;
		id = map_type(t, i);
		if (id < 0)
			return id;
		t->map[i] = id;
		if ((uint32_t)id < t->first_new &&
		    !(t->seen[id / 8] & (1u << (id % 8)))) {
			t->seen[id / 8] |= (uint8_t)(1u << (id % 8));
			t->reused++;
		}
	}
	return 0;
}
