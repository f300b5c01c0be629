/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * types.cc — the unit's type table.  A GCC type becomes a chain of small
 * entries (qualifiers, typedefs, pointers, arrays, function types) ending in
 * a base type or a named struct, union or enum, whose body is not written:
 * consumers find it by kind, name and size.  Entries are deduplicated by
 * content, so no GCC tree is remembered across garbage collections.
 */
#include "truesig.h"

static vec<ts_type> types;			/* types[i - 1] is index i */
static hash_map<nofree_string_hash, unsigned> *types_index;

#define MAX_TYPE_DEPTH 64

static unsigned type_index_1 (tree type, unsigned depth);

static const char *
type_name (tree type)
{
	tree name = TYPE_NAME (type);
	if (name && TREE_CODE (name) == TYPE_DECL)
		name = DECL_NAME (name);
	if (!name || TREE_CODE (name) != IDENTIFIER_NODE)
		return NULL;
	return IDENTIFIER_POINTER (name);
}

static unsigned
type_size (tree type)
{
	if (!COMPLETE_TYPE_P (type))
		return 0;
	HOST_WIDE_INT size = int_size_in_bytes (type);
	return size > 0 && size < (1LL << 32) ? (unsigned) size : 0;
}

/* Append a run of entries (one, or a FUNC and its PARAMs) unless the same
   run is already there; return the index of its first entry. */
static unsigned
add_entries (const ts_type *run, unsigned n)
{
	if (!types_index)
		types_index = new hash_map<nofree_string_hash, unsigned>;

	auto_vec<char, 128> key;
	char item[80];
	for (unsigned i = 0; i < n; i++) {
		int len = snprintf (item, sizeof item, "%u,%u,%u,%u,%u,%u;",
				    run[i].kind, run[i].flags, run[i].name,
				    run[i].size, run[i].ref, run[i].count);
		for (int c = 0; c < len; c++)
			key.safe_push (item[c]);
	}
	key.safe_push ('\0');
	if (unsigned *found = types_index->get (key.address ()))
		return *found;

	unsigned first = types.length () + 1;
	for (unsigned i = 0; i < n; i++)
		types.safe_push (run[i]);
	types_index->put (xstrdup (key.address ()), first);
	return first;
}

static unsigned
add_entry (unsigned kind, unsigned flags, const char *name, unsigned size,
	   unsigned ref, unsigned count)
{
	ts_type t = ts_type ();
	t.kind = kind;
	t.flags = flags;
	t.name = ts_string (name);
	t.size = size;
	t.ref = ref;
	t.count = count;
	return add_entries (&t, 1);
}

static unsigned
function_type_index (tree fntype, unsigned depth)
{
	unsigned ret = type_index_1 (TREE_TYPE (fntype), depth + 1);
	auto_vec<ts_type, 8> run;
	ts_type func = ts_type ();
	func.kind = TS_TYPE_FUNC;
	func.ref = ret;
	run.safe_push (func);

	if (!prototype_p (fntype))
		run[0].flags |= TS_TF_UNPROTOTYPED;
	else if (stdarg_p (fntype))
		run[0].flags |= TS_TF_VARARGS;
	for (tree a = TYPE_ARG_TYPES (fntype); a && a != void_list_node;
	     a = TREE_CHAIN (a)) {
		ts_type p = ts_type ();
		p.kind = TS_TYPE_PARAM;
		p.ref = type_index_1 (TREE_VALUE (a), depth + 1);
		run.safe_push (p);
	}
	run[0].count = run.length () - 1;
	return add_entries (run.address (), run.length ());
}

static unsigned
array_length (tree type)
{
	tree domain = TYPE_DOMAIN (type);
	if (!domain || !TYPE_MAX_VALUE (domain)
	    || !tree_fits_shwi_p (TYPE_MAX_VALUE (domain))
	    || !TYPE_MIN_VALUE (domain)
	    || !tree_fits_shwi_p (TYPE_MIN_VALUE (domain)))
		return 0;
	HOST_WIDE_INT n = tree_to_shwi (TYPE_MAX_VALUE (domain))
			  - tree_to_shwi (TYPE_MIN_VALUE (domain)) + 1;
	return n > 0 && n < (1LL << 32) ? (unsigned) n : 0;
}

/* A type without its qualifiers and not through a typedef. */
static unsigned
main_variant_index (tree type, unsigned depth)
{
	const char *name = type_name (type);
	unsigned size = type_size (type);
	unsigned sign = TYPE_UNSIGNED (type) ? 0 : TS_TF_SIGNED;
	unsigned incomplete = COMPLETE_TYPE_P (type) ? 0 : TS_TF_INCOMPLETE;

	switch (TREE_CODE (type)) {
	case VOID_TYPE:
		return 0;
	case INTEGER_TYPE:
		return add_entry (TS_TYPE_INT, sign, name, size, 0, 0);
	case BOOLEAN_TYPE:
		return add_entry (TS_TYPE_BOOL, 0, name, size, 0, 0);
	case REAL_TYPE:
		return add_entry (TS_TYPE_FLOAT, 0, name, size, 0, 0);
	case POINTER_TYPE:
	case REFERENCE_TYPE:
		return add_entry (TS_TYPE_PTR, 0, NULL, size,
				  type_index_1 (TREE_TYPE (type), depth + 1), 0);
	case RECORD_TYPE:
		return add_entry (TS_TYPE_STRUCT, incomplete, name, size, 0, 0);
	case UNION_TYPE:
	case QUAL_UNION_TYPE:
		return add_entry (TS_TYPE_UNION, incomplete, name, size, 0, 0);
	case ENUMERAL_TYPE:
		return add_entry (TS_TYPE_ENUM, sign | incomplete, name, size, 0, 0);
	case ARRAY_TYPE: {
		unsigned elem = type_index_1 (TREE_TYPE (type), depth + 1);
		unsigned n = array_length (type);
		return add_entry (TS_TYPE_ARRAY, n ? 0 : TS_TF_INCOMPLETE, NULL,
				  size, elem, n);
	}
	case FUNCTION_TYPE:
	case METHOD_TYPE:
		return function_type_index (type, depth);
	case COMPLEX_TYPE:
		return add_entry (TS_TYPE_COMPLEX, 0, name, size,
				  type_index_1 (TREE_TYPE (type), depth + 1), 0);
	case VECTOR_TYPE: {
		unsigned elem = type_index_1 (TREE_TYPE (type), depth + 1);
		unsigned n = 0;
		if (TYPE_VECTOR_SUBPARTS (type).is_constant ())
			n = TYPE_VECTOR_SUBPARTS (type).to_constant ();
		return add_entry (TS_TYPE_VECTOR, 0, name, size, elem, n);
	}
	default:
		return add_entry (TS_TYPE_OPAQUE, 0, name, size, 0, 0);
	}
}

static unsigned
type_index_1 (tree type, unsigned depth)
{
	if (!type || type == error_mark_node || !TYPE_P (type))
		return 0;
	if (depth > MAX_TYPE_DEPTH)
		return add_entry (TS_TYPE_OPAQUE, 0, NULL, type_size (type), 0, 0);

	int quals = TYPE_QUALS (type);
	unsigned index;
	tree name = TYPE_NAME (type);
	if (name && TREE_CODE (name) == TYPE_DECL && DECL_ORIGINAL_TYPE (name)
	    && DECL_ORIGINAL_TYPE (name) != type) {
		/* A typedef: its qualifiers are the typedef's own. */
		quals &= ~TYPE_QUALS (TREE_TYPE (name));
		unsigned aliased = type_index_1 (DECL_ORIGINAL_TYPE (name),
						 depth + 1);
		index = add_entry (TS_TYPE_TYPEDEF, 0, type_name (type),
				   type_size (type), aliased, 0);
	} else {
		index = main_variant_index (TYPE_MAIN_VARIANT (type), depth);
	}

	unsigned size = type_size (type);
	if (quals & TYPE_QUAL_CONST)
		index = add_entry (TS_TYPE_CONST, 0, NULL, size, index, 0);
	if (quals & TYPE_QUAL_VOLATILE)
		index = add_entry (TS_TYPE_VOLATILE, 0, NULL, size, index, 0);
	if (quals & TYPE_QUAL_RESTRICT)
		index = add_entry (TS_TYPE_RESTRICT, 0, NULL, size, index, 0);
	return index;
}

unsigned
ts_type_index (tree type)
{
	return type_index_1 (type, 0);
}

void
ts_types_serialize (vec<ts_type> *out)
{
	out->safe_splice (types);
}
