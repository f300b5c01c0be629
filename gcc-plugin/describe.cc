/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * describe.cc — one record per emitted function whose calling signature
 * differs from its declaration: how each real parameter maps to the source
 * parameters, where each arrives, and the return.
 *
 * ts_describe_function runs right after "expand" (DECL_ARGUMENTS and the
 * incoming RTL are there; the body is released after final, crtl wiped at
 * *clean_state); ts_note_cold_fragment runs after "final", when the
 * function's .cold label, if any, has been named.
 */
#include "truesig.h"

/* The record of the function being compiled, for the cold-fragment pass. */
static ts_collected_record *current_record;

/* The name of a declaration; NULL for a type standing in for a parameter
   whose declaration is not available (see ts_source_view). */
static const char *
name_of (tree decl)
{
	if (!DECL_P (decl))
		return NULL;
	tree name = DECL_NAME (decl);
	return name ? IDENTIFIER_POINTER (name) : NULL;
}

/* ---- derivation: the suffixes of the symbol, in order ---------------- */

static unsigned
kind_of_suffix (const char *s, size_t len)
{
	static const struct { const char *name; unsigned kind; } suffixes[] = {
		{ "isra", TS_KIND_ISRA },
		{ "constprop", TS_KIND_CONSTPROP },
		{ "part", TS_KIND_PART },
		{ "cold", TS_KIND_COLD },
		{ "lto_priv", TS_KIND_LTO_PRIV },
		{ "strub", TS_KIND_STRUB },
		{ "locality_clone", TS_KIND_LOCALITY },
	};
	for (unsigned i = 0; i < ARRAY_SIZE (suffixes); i++)
		if (strlen (suffixes[i].name) == len
		    && !memcmp (suffixes[i].name, s, len))
			return suffixes[i].kind;
	return TS_KIND_NONE;
}

static unsigned
add_kind (uint8_t kinds[8], unsigned n, unsigned kind)
{
	if (n < 8)
		kinds[n++] = kind;
	return n;
}

static unsigned
kinds_of_symbol (const char *symbol, uint8_t kinds[8])
{
	unsigned n = 0;
	const char *p = strchr (symbol, '.');
	while (p) {
		const char *next = strchr (p + 1, '.');
		size_t len = next ? (size_t) (next - p - 1) : strlen (p + 1);
		unsigned kind = kind_of_suffix (p + 1, len);
		if (kind)
			n = add_kind (kinds, n, kind);
		p = next;
	}
	return n;
}

/* The symbol as it appears in the object's symbol table (free it). */
static char *
symbol_of (const char *asm_name)
{
	if (asm_name[0] == '*')
		return xstrdup (asm_name + 1);
	return concat (user_label_prefix, targetm.strip_name_encoding (asm_name),
		       NULL);
}

/* ---- member paths: "p.a", "p.in.x", "b->x[1]" ----------------------- */

/* Append to PATH the member of TYPE at BITPOS spanning BITS; false if no
   member starts and ends exactly there. */
static bool
member_path (tree type, HOST_WIDE_INT bitpos, HOST_WIDE_INT bits,
	     char *path, size_t len, unsigned depth)
{
	if (depth > 16)
		return false;
	HOST_WIDE_INT type_bits = -1;
	if (TYPE_SIZE (type) && tree_fits_shwi_p (TYPE_SIZE (type)))
		type_bits = tree_to_shwi (TYPE_SIZE (type));
	if (bitpos == 0 && bits == type_bits && depth > 0)
		return true;

	if (RECORD_OR_UNION_TYPE_P (type)) {
		for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f)) {
			if (TREE_CODE (f) != FIELD_DECL || !DECL_SIZE (f)
			    || !tree_fits_shwi_p (DECL_SIZE (f))
			    || !tree_fits_shwi_p (bit_position (f)))
				continue;
			HOST_WIDE_INT start = int_bit_position (f);
			HOST_WIDE_INT size = tree_to_shwi (DECL_SIZE (f));
			if (bitpos < start || bitpos + bits > start + size)
				continue;
			size_t used = strlen (path);
			if (DECL_NAME (f))
				snprintf (path + used, len - used, ".%s",
					  IDENTIFIER_POINTER (DECL_NAME (f)));
			if (member_path (TREE_TYPE (f), bitpos - start, bits,
					 path, len, depth + 1))
				return true;
			path[used] = '\0';
		}
		return false;
	}
	if (TREE_CODE (type) == ARRAY_TYPE) {
		tree elem = TREE_TYPE (type);
		if (!TYPE_SIZE (elem) || !tree_fits_shwi_p (TYPE_SIZE (elem)))
			return false;
		HOST_WIDE_INT elem_bits = tree_to_shwi (TYPE_SIZE (elem));
		if (elem_bits <= 0)
			return false;
		HOST_WIDE_INT index = bitpos / elem_bits;
		size_t used = strlen (path);
		snprintf (path + used, len - used, "[" HOST_WIDE_INT_PRINT_DEC "]",
			  index);
		if (member_path (elem, bitpos - index * elem_bits, bits, path,
				 len, depth + 1))
			return true;
		path[used] = '\0';
		return false;
	}
	return false;
}

/* "p.a" for a piece of a by-value aggregate, "b->flags" for a value
   loaded through a pointer; 0 when no member matches.  When the source
   parameter's name is unknown the path starts at the member: ".a",
   "->flags". */
static unsigned
piece_path (tree source_parm, bool through_pointer, unsigned offset,
	    unsigned size)
{
	const char *name = name_of (source_parm);
	tree type = DECL_P (source_parm) ? TREE_TYPE (source_parm) : source_parm;
	if (through_pointer)
		type = TREE_TYPE (type);
	if (!name)
		name = "";
	if (!type)
		return 0;
	char path[512];
	/* An element of what a scalar pointer points to: "a[1]", "*a". */
	HOST_WIDE_INT elem = int_size_in_bytes (type);
	if (through_pointer && !AGGREGATE_TYPE_P (type) && elem > 0
	    && size == elem && offset % elem == 0) {
		if (offset == 0)
			snprintf (path, sizeof path, "*%s", name);
		else
			snprintf (path, sizeof path, "%s[%u]", name,
				  (unsigned) (offset / elem));
		return ts_string (path);
	}
	snprintf (path, sizeof path, "%s", name);
	if (!member_path (type, (HOST_WIDE_INT) offset * BITS_PER_UNIT,
			  (HOST_WIDE_INT) size * BITS_PER_UNIT, path,
			  sizeof path, 0))
		return 0;
	if (through_pointer) {
		/* "b.flags" -> "b->flags", "b[1]" stays "b[1]" */
		size_t n = strlen (name);
		if (path[n] == '.') {
			char rest[512];
			snprintf (rest, sizeof rest, "%s", path + n + 1);
			snprintf (path + n, sizeof path - n, "->%s", rest);
		} else if (path[n] == '\0') {
			char deref[512];
			snprintf (deref, sizeof deref, "*%s", name);
			return ts_string (deref);
		}
	}
	return ts_string (path);
}

/* ---- the record ------------------------------------------------------ */

/* A constant as TS_CONST_* and its const_value. */
static uint8_t
constant_of (tree value, uint64_t *out)
{
	if (TREE_CODE (value) == INTEGER_CST && tree_fits_shwi_p (value)
	    && !TYPE_UNSIGNED (TREE_TYPE (value))) {
		*out = (uint64_t) tree_to_shwi (value);
		return TS_CONST_SIGNED;
	}
	if (TREE_CODE (value) == INTEGER_CST && tree_fits_uhwi_p (value)) {
		*out = tree_to_uhwi (value);
		return TS_CONST_UNSIGNED;
	}
	char *text = print_generic_expr_to_str (value);
	*out = ts_string (text);
	free (text);
	return TS_CONST_TEXT;
}

/* The pieces of source parameters IPA-CP knows.  A parameter removed
   because all it was read for is known is a constant, not unused. */
static void
describe_known_pieces (ts_collected_record *r, const ts_source_view *view)
{
	for (const ts_known_value &v : view->known) {
		if (v.source >= r->source_params.length ())
			continue;
		tree source_parm = view->source_parms[v.source];
		tree source_type = DECL_P (source_parm) ? TREE_TYPE (source_parm)
						       : source_parm;
		/* by_ref is IPA-CP's word for a pointer parameter. */
		if (v.by_ref != POINTER_TYPE_P (source_type))
			continue;
		ts_known_piece k = ts_known_piece ();
		HOST_WIDE_INT size = int_size_in_bytes (TREE_TYPE (v.value));
		k.source = v.source;
		k.how = v.by_ref ? TS_HOW_POINTER_PIECE : TS_HOW_VALUE_PIECE;
		k.offset = v.offset;
		k.size = size > 0 ? size : 0;
		k.type = ts_type_index (TREE_TYPE (v.value));
		k.path = piece_path (source_parm, v.by_ref, v.offset, k.size);
		k.const_kind = constant_of (v.value, &k.value);
		r->known_pieces.safe_push (k);

		ts_source_param *s = &r->source_params[v.source];
		if (s->fate == TS_FATE_REMOVED)
			s->fate = TS_FATE_CONSTANT;
		if (s->const_kind == TS_CONST_NONE)
			s->const_kind = TS_CONST_PIECES;
	}
}

static void
describe_source_params (ts_collected_record *r, const ts_source_view *view)
{
	for (unsigned k = 0; k < view->source_parms.length (); k++) {
		tree p = view->source_parms[k];
		ts_source_param s = ts_source_param ();
		s.name = ts_string (name_of (p));
		s.type = ts_type_index (DECL_P (p) ? TREE_TYPE (p) : p);
		s.fate = TS_FATE_REMOVED;
		r->source_params.safe_push (s);
	}
}

/* Where real parameter I of FNDECL comes from. */
static void
describe_origin (ts_collected_record *r, const ts_source_view *view,
		 ipa_param_adjustments *adj, unsigned i, tree parm, ts_param *p)
{
	int root_index = i;
	unsigned op = IPA_PARAM_OP_COPY;
	unsigned unit_offset = 0;

	p->how = TS_HOW_NEW;
	p->source = TS_NO_SOURCE;
	if (adj) {
		if (i >= vec_safe_length (adj->m_adj_params)) {
			r->head.flags |= TS_RF_INCOMPLETE;
			return;
		}
		const ipa_adjusted_param &ap = (*adj->m_adj_params)[i];
		op = ap.op;
		root_index = ap.base_index;
		unit_offset = ap.unit_offset;
		if (op == IPA_PARAM_OP_NEW)
			return;
	}
	if (root_index >= 0 && (unsigned) root_index < view->root_to_source.length ()
	    && view->root_to_source[root_index] == TS_ROOT_ADDED)
		return;
	if (root_index < 0 || (unsigned) root_index >= view->root_to_source.length ()
	    || view->root_to_source[root_index] < 0) {
		r->head.flags |= TS_RF_INCOMPLETE;
		return;
	}
	unsigned k = view->root_to_source[root_index];
	tree source_parm = view->source_parms[k];
	ts_source_param *s = &r->source_params[k];
	p->source = k;

	tree source_type = DECL_P (source_parm) ? TREE_TYPE (source_parm)
					       : source_parm;
	if (op == IPA_PARAM_OP_COPY) {
		/* strub's wrapped body takes a large parameter by reference
		   to the wrapper's copy. */
		p->how = TREE_CODE (TREE_TYPE (parm)) == REFERENCE_TYPE
			 && TREE_CODE (source_type) != REFERENCE_TYPE
			 ? TS_HOW_REFERENCE : TS_HOW_COPY;
		s->fate = TS_FATE_PASSED;
		return;
	}
	bool through_pointer = POINTER_TYPE_P (source_type);
	p->how = through_pointer ? TS_HOW_POINTER_PIECE : TS_HOW_VALUE_PIECE;
	p->offset = unit_offset;
	p->path = piece_path (source_parm, through_pointer, unit_offset,
			      int_size_in_bytes (TREE_TYPE (parm)));
	if (s->fate != TS_FATE_PASSED)
		s->fate = TS_FATE_SPLIT;
}

static void
describe_return (ts_collected_record *r, tree fndecl, tree source_decl)
{
	tree result = DECL_RESULT (fndecl);
	tree restype = TREE_TYPE (result);
	r->head.return_type = ts_type_index (restype);

	tree source_ret = TREE_TYPE (TREE_TYPE (source_decl));
	r->head.source_return_type = ts_type_index (source_ret);
	if (VOID_TYPE_P (restype) && source_ret && !VOID_TYPE_P (source_ret))
		r->head.flags |= TS_RF_RETURN_DROPPED;

	/* An aggregate returned in memory, on a target whose functions do not
	   hand the buffer's address back (aarch64): the value has no location
	   of its own at return; the caller knows its buffer (sret below). */
	bool returns_nothing = aggregate_value_p (result, fndecl)
			       && targetm.calls.omit_struct_return_reg;
	if (!VOID_TYPE_P (restype) && crtl->return_rtx && !returns_nothing) {
		unsigned before = r->locations.length ();
		HOST_WIDE_INT size = int_size_in_bytes (restype);
		if (!ts_locations_of_rtl (crtl->return_rtx, size > 0 ? size : 0,
					  &r->locations))
			r->head.flags |= TS_RF_INCOMPLETE;
		/* An aggregate returned in memory: the register holds its
		   address. */
		if (aggregate_value_p (result, fndecl))
			for (unsigned i = before; i < r->locations.length (); i++)
				if (r->locations[i].kind == TS_LOC_REG)
					r->locations[i].kind = TS_LOC_REG_INDIRECT;
		r->head.return_locs = r->locations.length () - before;
	}

	unsigned before = r->locations.length ();
	ts_sret_location (fndecl, &r->locations);
	r->head.sret_locs = r->locations.length () - before;

	before = r->locations.length ();
	ts_static_chain_location (fndecl, &r->locations);
	r->head.chain_locs = r->locations.length () - before;
}

static bool
has_kind (const uint8_t *kinds, unsigned n_kinds, unsigned kind)
{
	for (unsigned i = 0; i < n_kinds; i++)
		if (kinds[i] == kind)
			return true;
	return false;
}

/* A function made from another one.  split_part alone does not say so:
   strub sets it on the wrapper it leaves under the original's name and
   signature, whose body it moved into a .strub.N clone. */
static bool
is_clone (cgraph_node *node, const uint8_t *kinds, unsigned n_kinds)
{
	tree origin = DECL_ABSTRACT_ORIGIN (node->decl);
	if (node->clone_of || node->former_clone_of
	    || (node->split_part && origin && origin != node->decl)
	    || ts_param_adjustments (node))
		return true;
	return (has_kind (kinds, n_kinds, TS_KIND_ISRA)
		|| has_kind (kinds, n_kinds, TS_KIND_CONSTPROP)
		|| has_kind (kinds, n_kinds, TS_KIND_PART)
		|| has_kind (kinds, n_kinds, TS_KIND_STRUB));
}

/* Whether strub added a parameter to FNDECL: its wrapped body, or a
   function of strub mode "at-calls" (renamed or not). */
static bool
has_strub_parm (tree fndecl)
{
	for (tree p = DECL_ARGUMENTS (fndecl); p; p = DECL_CHAIN (p))
		if (ts_strub_parm_p (p))
			return true;
	return false;
}

/* The record of FNDECL as it was emitted, not yet added to the unit. */
static ts_collected_record *
describe (cgraph_node *node, tree fndecl, const char *asm_name,
	  const char *symbol, const uint8_t kinds[8], bool changed)
{
	const ts_source_view *view = ts_source_view_for (node);
	ipa_param_adjustments *adj = ts_param_adjustments (node);

	ts_collected_record *r = ts_new_record ();
	r->asm_label = xstrdup (asm_name);
	r->head.flags = changed ? TS_RF_CHANGED : 0;
	if (stdarg_p (TREE_TYPE (fndecl)))
		r->head.flags |= TS_RF_VARARGS;
	memcpy (r->head.kinds, kinds, sizeof r->head.kinds);
	r->head.symbol = ts_string (symbol);
	r->head.function = ts_string (name_of (view->source_decl));
	expanded_location loc = expand_location (DECL_SOURCE_LOCATION (view->source_decl));
	r->head.decl_file = ts_file_name (loc.file);
	r->head.decl_line = loc.line;

	describe_source_params (r, view);
	describe_return (r, fndecl, view->source_decl);

	unsigned i = 0;
	for (tree parm = DECL_ARGUMENTS (fndecl); parm; parm = DECL_CHAIN (parm), i++) {
		ts_param p = ts_param ();
		tree type = TREE_TYPE (parm);
		HOST_WIDE_INT size = int_size_in_bytes (type);
		p.name = ts_string (name_of (parm));
		p.type = ts_type_index (type);
		p.size = size > 0 ? size : 0;
		describe_origin (r, view, adj, i, parm, &p);
		p.loc_first = r->locations.length ();
		if (!ts_locations_of_rtl (DECL_INCOMING_RTL (parm), p.size,
					  &r->locations))
			r->head.flags |= TS_RF_INCOMPLETE;
		p.loc_count = r->locations.length () - p.loc_first;
		r->params.safe_push (p);
	}
	if (adj && i != vec_safe_length (adj->m_adj_params))
		r->head.flags |= TS_RF_INCOMPLETE;

	/* IPA-CP's constants: of a parameter removed, or of one still
	   passed whose value the body takes as known (a clone that cannot
	   change its signature, e.g. for attribute nonnull). */
	for (unsigned k = 0; k < r->source_params.length (); k++) {
		ts_source_param *s = &r->source_params[k];
		if (k >= view->constants.length () || !view->constants[k])
			continue;
		if (s->fate == TS_FATE_REMOVED)
			s->fate = TS_FATE_CONSTANT;
		if (s->fate == TS_FATE_CONSTANT || s->fate == TS_FATE_PASSED)
			s->const_kind = constant_of (view->constants[k],
						     &s->const_value);
	}
	describe_known_pieces (r, view);
	return r;
}

/* Identical code folding leaves other functions as aliases of this one
   (my_ffsll.part.0 = my_ffsl.part.0): each is the same code under another
   symbol, so it gets a copy of the record, marked as an alias. */
static void
add_alias_records (cgraph_node *node, const ts_collected_record *r,
		   bool recorded, bool abi)
{
	ipa_ref *ref;
	FOR_EACH_ALIAS (node, ref) {
		cgraph_node *alias = dyn_cast <cgraph_node *> (ref->referring);
		if (!alias || !alias->definition || alias->weakref
		    || alias->transparent_alias
		    || !DECL_ASSEMBLER_NAME_SET_P (alias->decl)
		    || DECL_COMDAT_GROUP (alias->decl))
			continue;
		const char *asm_name = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (alias->decl));
		char *symbol = symbol_of (asm_name);
		uint8_t kinds[8] = { 0 };
		unsigned n = kinds_of_symbol (symbol, kinds);
		bool clone = is_clone (alias, kinds, n);
		if (clone || recorded || ts_opt_all) {
			if (abi)
				add_kind (kinds, n, TS_KIND_ABI);
			ts_collected_record *copy = ts_new_record ();
			copy->head = r->head;
			copy->head.flags |= TS_RF_ALIAS;
			if (clone || abi)
				copy->head.flags |= TS_RF_CHANGED;
			copy->head.parent = r->head.symbol;
			copy->head.symbol = ts_string (symbol);
			memcpy (copy->head.kinds, kinds, sizeof kinds);
			copy->asm_label = xstrdup (asm_name);
			copy->source_params = r->source_params.copy ();
			copy->params = r->params.copy ();
			copy->locations = r->locations.copy ();
			copy->known_pieces = r->known_pieces.copy ();
			ts_add_record (copy);
		}
		free (symbol);
	}
}

unsigned int
ts_describe_function (function *fun)
{
	current_record = NULL;
	tree fndecl = fun->decl;
	cgraph_node *node = cgraph_node::get (fndecl);
	if (!node || !DECL_ASSEMBLER_NAME_SET_P (fndecl))
		return 0;
	/* A comdat copy may be discarded by the linker, and a relocation from
	   a non-debug section into a discarded one is an error. */
	if (DECL_COMDAT_GROUP (fndecl))
		return 0;

	const char *asm_name = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (fndecl));
	char *symbol = symbol_of (asm_name);
	uint8_t kinds[8] = { 0 };
	unsigned n_kinds = kinds_of_symbol (symbol, kinds);
	if (has_strub_parm (fndecl) && !has_kind (kinds, n_kinds, TS_KIND_STRUB))
		n_kinds = add_kind (kinds, n_kinds, TS_KIND_STRUB);
	bool clone = is_clone (node, kinds, n_kinds);
	bool abi = ts_abi_differs_from_type (fndecl);
	if (abi)
		add_kind (kinds, n_kinds, TS_KIND_ABI);
	bool wanted = clone || abi || ts_opt_all;

	if (wanted || node->has_aliases_p ()) {
		ts_collected_record *r = describe (node, fndecl, asm_name, symbol,
						   kinds, clone || abi);
		if (wanted) {
			ts_add_record (r);
			current_record = r;
		}
		add_alias_records (node, r, wanted, abi);
		/* Unwanted itself (only its aliases were): its arrays were
		   copied; the strings and types stay in the unit, unused. */
		if (!wanted) {
			r->source_params.release ();
			r->params.release ();
			r->locations.release ();
			r->known_pieces.release ();
			free (const_cast<char *> (r->asm_label));
			free (r);
		}
	}
	free (symbol);
	return 0;
}

unsigned int
ts_note_cold_fragment (function *)
{
	ts_collected_record *parent = current_record;
	current_record = NULL;
	if (!parent || !crtl->has_bb_partition || !TS_COLD_FUNCTION_NAME)
		return 0;

	const char *asm_name = IDENTIFIER_POINTER (TS_COLD_FUNCTION_NAME);
	char *symbol = symbol_of (asm_name);

	ts_collected_record *r = ts_new_record ();
	ts_add_record (r);
	r->asm_label = xstrdup (asm_name);
	r->head.flags = TS_RF_COLD_FRAGMENT | (parent->head.flags & TS_RF_CHANGED);
	unsigned n = 0;
	while (n < 8 && parent->head.kinds[n]) {
		r->head.kinds[n] = parent->head.kinds[n];
		n++;
	}
	add_kind (r->head.kinds, n, TS_KIND_COLD);
	r->head.symbol = ts_string (symbol);
	free (symbol);
	r->head.parent = parent->head.symbol;
	r->head.function = parent->head.function;
	r->head.decl_file = parent->head.decl_file;
	r->head.decl_line = parent->head.decl_line;
	r->head.source_return_type = parent->head.source_return_type;
	return 0;
}
