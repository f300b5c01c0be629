/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * clones.cc — the source view of a function: which function it was written
 * as, that function's parameters, how the parameters of the root of its
 * clone tree map to them, the constants IPA-CP put in place of removed
 * ones, and the pieces of aggregates it knows.
 *
 * IPA-CP's constants (tree_map) live only on the clone IPA-CP made, and a
 * clone of it does not copy them; its aggregate constants live in a
 * summary that materialization consumes; after materialization the clone
 * tree is gone.  So the views of all clones are taken at PLUGIN_ALL_IPA_PASSES_END,
 * while every clone is still virtual and linked to its clone_of.  Functions
 * that are not clones get their view on demand.
 *
 * The trees a view holds are kept alive by one garbage-collector root.
 */
#include "truesig.h"

static GTY(()) vec<tree, va_gc> *kept_trees;

static const struct ggc_root_tab gc_roots[] = {
	{ &kept_trees, 1, sizeof (kept_trees), &gt_ggc_mx_vec_tree_va_gc_,
	  &gt_pch_nx_vec_tree_va_gc_ },
	LAST_GGC_ROOT_TAB
};

void
ts_register_gc_roots (void)
{
	register_callback ("truesig", PLUGIN_REGISTER_GGC_ROOTS, NULL,
			   const_cast<ggc_root_tab *> (gc_roots));
}

static tree
keep (tree t)
{
	if (t)
		vec_safe_push (kept_trees, t);
	return t;
}

/* Views by DECL_UID of the function they describe. */
static hash_map<int_hash<int, -1, -2>, ts_source_view *> *views;

/* The parameters stack scrubbing (GCC 14+, ipa-strub.cc) adds to a
   function it changes: the watermark pointer, and for the wrapped body
   of a variadic or __builtin_apply_args function a va_list or argument
   block pointer.  They are named ".strub.watermark_ptr", ... */
bool
ts_strub_parm_p (tree parm)
{
	return parm && TREE_CODE (parm) == PARM_DECL && DECL_NAME (parm)
	       && !strncmp (IDENTIFIER_POINTER (DECL_NAME (parm)), ".strub.",
			    strlen (".strub."));
}

static tree
ultimate_origin (tree decl)
{
	for (int guard = 0; guard < 100; guard++) {
		tree origin = DECL_ABSTRACT_ORIGIN (decl);
		if (!origin || origin == decl)
			break;
		decl = origin;
	}
	return decl;
}

/* Fill the source side of a view from the root of a clone tree. */
static void
fill_source (ts_source_view *view, tree root_decl)
{
	tree source = ultimate_origin (root_decl);
	view->root_decl = keep (root_decl);
	view->source_decl = keep (source);

	for (tree p = DECL_ARGUMENTS (source); p; p = DECL_CHAIN (p))
		if (!ts_strub_parm_p (p))
			view->source_parms.safe_push (keep (p));
	/* In an LTO partition a body is read only when it is needed, so the
	   source's PARM_DECLs may not exist (yet): fall back to the types of
	   its prototype; names are then unknown. */
	if (!DECL_ARGUMENTS (source) && source == root_decl
	    && prototype_p (TREE_TYPE (source)))
		for (tree a = TYPE_ARG_TYPES (TREE_TYPE (source));
		     a && a != void_list_node; a = TREE_CHAIN (a))
			view->source_parms.safe_push (keep (TREE_VALUE (a)));

	/* A root that is the source function maps one to one; a split part's
	   parameters are a subset of its origin's. */
	if (source == root_decl && !DECL_ARGUMENTS (source)) {
		for (unsigned k = 0; k < view->source_parms.length (); k++)
			view->root_to_source.safe_push (k);
		view->constants.safe_grow_cleared (view->source_parms.length ());
		return;
	}
	unsigned position = 0;		/* among the parameters not added */
	for (tree p = DECL_ARGUMENTS (root_decl); p; p = DECL_CHAIN (p)) {
		int k = TS_ROOT_UNKNOWN;
		if (ts_strub_parm_p (p)) {
			view->root_to_source.safe_push (TS_ROOT_ADDED);
			continue;
		}
		tree origin = ultimate_origin (p);
		for (unsigned i = 0; i < view->source_parms.length (); i++)
			if (view->source_parms[i] == origin)
				k = i;
		/* strub passes a large parameter of the wrapped body by
		   reference and cuts its origin: the one at the same place
		   whose type it refers to. */
		if (k < 0 && TREE_CODE (TREE_TYPE (p)) == REFERENCE_TYPE
		    && position < view->source_parms.length ()
		    && DECL_P (view->source_parms[position])
		    && TYPE_MAIN_VARIANT (TREE_TYPE (TREE_TYPE (p)))
		       == TYPE_MAIN_VARIANT (TREE_TYPE (view->source_parms[position])))
			k = position;
		position++;
		/* The source's PARM_DECLs may already be released: take the
		   origins themselves as the source list. */
		if (k < 0 && DECL_ARGUMENTS (source) == NULL_TREE && origin != p) {
			k = view->source_parms.length ();
			view->source_parms.safe_push (keep (origin));
		}
		view->root_to_source.safe_push (k);
	}
	view->constants.safe_grow_cleared (view->source_parms.length ());
}

static ts_source_view *
new_view (cgraph_node *node)
{
	ts_source_view *view = new ts_source_view ();
	if (!views)
		views = new hash_map<int_hash<int, -1, -2>, ts_source_view *>;
	views->put (DECL_UID (node->decl), view);
	return view;
}

static int
known_order (const void *a, const void *b)
{
	const ts_known_value *x = (const ts_known_value *) a;
	const ts_known_value *y = (const ts_known_value *) b;
	if (x->source != y->source)
		return x->source < y->source ? -1 : 1;
	if (x->offset != y->offset)
		return x->offset < y->offset ? -1 : 1;
	return 0;
}

/* The aggregate constants of the nearest node of NODE's clone chain that
   has any; their indices count the root's parameters. */
static void
snapshot_known_pieces (ts_source_view *view, cgraph_node *node)
{
	for (cgraph_node *n = node; n; n = n->clone_of) {
		auto_vec<ts_agg_value> values;
		ts_ipcp_agg_values (n, &values);
		for (const ts_agg_value &v : values) {
			if (v.index >= view->root_to_source.length ()
			    || view->root_to_source[v.index] < 0)
				continue;
			ts_known_value known = {
				(unsigned) view->root_to_source[v.index],
				v.unit_offset, v.by_ref, keep (v.value)
			};
			view->known.safe_push (known);
		}
		if (!values.is_empty ())
			break;
	}
	view->known.qsort (known_order);
}

void
ts_snapshot_clones (void)
{
	cgraph_node *node;
	FOR_EACH_FUNCTION (node) {
		if (node->inlined_to || (!node->clone_of && !node->split_part))
			continue;

		cgraph_node *root = node;
		while (root->clone_of)
			root = root->clone_of;
		ts_source_view *view = new_view (node);
		fill_source (view, root->decl);

		/* Constants of this clone and of the clones it was made from;
		   parm_num counts the root's parameters. */
		for (cgraph_node *n = node; n; n = n->clone_of) {
			vec<ipa_replace_map *, va_gc> *map = ts_tree_map (n);
			for (unsigned i = 0; i < vec_safe_length (map); i++) {
				ipa_replace_map *m = (*map)[i];
				if (m->parm_num < 0 || (unsigned) m->parm_num
				    >= view->root_to_source.length ())
					continue;
				int k = view->root_to_source[m->parm_num];
				if (k >= 0 && !view->constants[k])
					view->constants[k] = keep (m->new_tree);
			}
		}
		snapshot_known_pieces (view, node);
	}
}

const ts_source_view *
ts_source_view_for (cgraph_node *node)
{
	if (views)
		if (ts_source_view **found = views->get (DECL_UID (node->decl))) {
			ts_source_view *view = *found;
			/* Taken from types at the end of IPA; the body has
			   been read since: take the PARM_DECLs now. */
			tree source = view->source_decl;
			if (!view->source_parms.is_empty ()
			    && TYPE_P (view->source_parms[0])
			    && list_length (DECL_ARGUMENTS (source))
			       == (int) view->source_parms.length ()) {
				unsigned k = 0;
				for (tree p = DECL_ARGUMENTS (source); p;
				     p = DECL_CHAIN (p))
					view->source_parms[k++] = keep (p);
			}
			return view;
		}

	/* Not a clone at the end of IPA (or a pass made it later): the root
	   is what the clone was materialized from, or the function itself. */
	tree root = node->decl;
	if (node->former_clone_of)
		root = node->former_clone_of;
	else
		for (cgraph_node *n = node; n; n = n->clone_of)
			root = n->decl;
	ts_source_view *view = new_view (node);
	fill_source (view, root);
	return view;
}
