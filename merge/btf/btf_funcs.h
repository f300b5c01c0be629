/* SPDX-License-Identifier: MIT */
/*
 * btf_funcs.h — one BTF FUNC per record, with its true prototype and the
 * decl tags that say where each parameter comes from.
 *
 * For each record (cold fragments excepted) in section order: the FUNC
 * named as the ELF symbol, linkage from the symbol's binding, a
 * FUNC_PROTO with the real return and the real parameters.  A FUNC of that
 * name that is already right is kept (and its truesig tags brought up to
 * date); one whose prototype is wrong is pointed at the right prototype
 * (when it is in the BTF being written, not in a base); otherwise a FUNC is
 * added.  Tags that no longer apply are collected for btf_prune().
 */
#ifndef TRUESIG_BTF_FUNCS_H
#define TRUESIG_BTF_FUNCS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "btf_types.h"
#include "load.h"

struct btf_func_stats {
	unsigned	 records;	/* read, cold fragments included */
	unsigned	 cold;		/* cold fragments: no FUNC */
	unsigned	 added;		/* records given a new FUNC */
	unsigned	 corrected;	/* ... an existing FUNC, corrected */
	unsigned	 right;		/* ... an existing FUNC already right */
	unsigned	 shared;	/* ... the FUNC of an identical record */
	unsigned	 skipped;	/* no FUNC possible (said why) */
	unsigned	 tags_added;
};

struct btf_funcs_opts {
	const char	*path;		/* FILE, for messages */
	bool		 quiet;		/* no notes on stderr */
	uint32_t	 start_id;	/* first type of the BTF being written:
					   types before it (a base) are kept */
};

/*
 * Describe every record of f in t->btf.  Type ids of decl tags to remove
 * are returned in *remove (sorted; free it), *n_remove of them.  Returns 0,
 * or a negative errno with the reason in err.
 */
int btf_funcs_apply(struct btf_types *t, const struct loaded_file *f,
		    const struct btf_funcs_opts *opts,
		    struct btf_func_stats *stats, uint32_t **remove,
		    size_t *n_remove, char *err, size_t err_size);

#endif /* TRUESIG_BTF_FUNCS_H */
