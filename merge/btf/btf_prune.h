/* SPDX-License-Identifier: MIT */
/*
 * btf_prune.h — remove types from a BTF object.
 *
 * libbpf can add types but not remove them.  btf_prune() copies a BTF
 * object without some of its types and renumbers every reference to the
 * ones after them.  Only types nothing refers to (decl tags) may be
 * removed.
 */
#ifndef TRUESIG_BTF_PRUNE_H
#define TRUESIG_BTF_PRUNE_H

#include <stddef.h>
#include <stdint.h>

#include <bpf/btf.h>

/*
 * A copy of btf (split on the same base, if any) without the types listed
 * in `remove` (sorted, all of btf's own, none in the base).  Returns NULL
 * with errno set on failure.
 */
struct btf *btf_prune(const struct btf *btf, const uint32_t *remove,
		      size_t n_remove);

/*
 * Call fn on every type id field of type t (the type a PTR points to, the
 * members' types, an array's element and index types, ...).  Stops at the
 * first non-zero return, and returns it.
 */
int btf_visit_type_ids(struct btf_type *t,
		       int (*fn)(uint32_t *id, void *ctx), void *ctx);

#endif /* TRUESIG_BTF_PRUNE_H */
