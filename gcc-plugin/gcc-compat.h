/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * gcc-compat.h — every difference between the GCC versions truesig builds
 * against, in one place.  Tested: GCC 11, 12, 15 and 16 (15 and 16 in the
 * toolchain root, see the README).  Written from the sources of 10, 13 and
 * 14, not yet tested there.
 */
#ifndef TRUESIG_GCC_COMPAT_H
#define TRUESIG_GCC_COMPAT_H

#include "gcc-plugin.h"
#include "bversion.h"

#define TS_GCC_VERSION (BUILDING_GCC_MAJOR * 1000 + BUILDING_GCC_MINOR)

#if TS_GCC_VERSION < 10000
#error "truesig needs GCC 10 or newer (ipa_param_adjustments)"
#endif

#include "config.h"
#include "system.h"
#include "coretypes.h"
#include "backend.h"
#include "target.h"
#include "tree.h"
#include "rtl.h"
#include "memmodel.h"
#include "tm_p.h"
#include "tree-pass.h"
#include "function.h"
#include "emit-rtl.h"
#include "cgraph.h"
#include "alloc-pool.h"
#include "symbol-summary.h"
#include "ipa-param-manipulation.h"
#include "value-range.h"
#if TS_GCC_VERSION >= 14000
#include "sreal.h"
#include "ipa-cp.h"		/* the lattices ipa-prop.h names */
#endif
#include "ipa-prop.h"
#include "stringpool.h"
#include "attribs.h"
#include "calls.h"
#include "output.h"
#include "varasm.h"
#include "stor-layout.h"
#include "diagnostic-core.h"
#include "tree-pretty-print.h"
#include "langhooks.h"
#include "print-tree.h"
#include "context.h"
#include "file-prefix-map.h"

#if TS_GCC_VERSION >= 11000
#include "symtab-clones.h"
#endif

/* Where a clone keeps its parameter adjustments and IPA-CP constants. */
static inline ipa_param_adjustments *
ts_param_adjustments (cgraph_node *node)
{
#if TS_GCC_VERSION >= 11000
	clone_info *info = clone_info::get (node);
	return info ? info->param_adjustments : NULL;
#else
	return node->clone.param_adjustments;
#endif
}

static inline vec<ipa_replace_map *, va_gc> *
ts_tree_map (cgraph_node *node)
{
#if TS_GCC_VERSION >= 11000
	clone_info *info = clone_info::get (node);
	return info ? info->tree_map : NULL;
#else
	return node->clone.tree_map;
#endif
}

/* The aggregate constants IPA-CP specialized NODE for ("aggregate
   replacements"): parameter INDEX (of the root of the clone tree) holds,
   or points to (BY_REF), VALUE at byte UNIT_OFFSET.  A vector since GCC
   13, a linked list with bit offsets before. */
struct ts_agg_value {
	tree value;
	unsigned index;
	unsigned unit_offset;
	bool by_ref;
};

static inline void
ts_ipcp_agg_values (cgraph_node *node, vec<ts_agg_value> *out)
{
	ipcp_transformation *ts = ipcp_get_transformation_summary (node);
	if (!ts)
		return;
#if TS_GCC_VERSION >= 13000
	vec<ipa_argagg_value, va_gc> *values = ts->m_agg_values;
	for (unsigned i = 0; i < vec_safe_length (values); i++) {
		const ipa_argagg_value &v = (*values)[i];
		ts_agg_value a = { v.value, v.index, v.unit_offset,
				   (bool) v.by_ref };
		if (v.value)
			out->safe_push (a);
	}
#else
	for (ipa_agg_replacement_value *v = ts->agg_values; v; v = v->next) {
		if (!v->value || v->index < 0 || v->offset < 0
		    || v->offset % BITS_PER_UNIT)
			continue;
		ts_agg_value a = { v->value, (unsigned) v->index,
				   (unsigned) (v->offset / BITS_PER_UNIT),
				   v->by_ref };
		out->safe_push (a);
	}
#endif
}

/* The register number DWARF uses (renamed in GCC 13). */
#if TS_GCC_VERSION >= 13000
#define TS_DWARF_REGNO(r)	DEBUGGER_REGNO (r)
#else
#define TS_DWARF_REGNO(r)	DBX_REGISTER_NUMBER (r)
#endif

/* The ".cold" label of the function being finished (global since GCC 8). */
#define TS_COLD_FUNCTION_NAME	cold_function_name

#endif /* TRUESIG_GCC_COMPAT_H */
