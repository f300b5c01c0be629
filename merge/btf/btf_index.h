/* SPDX-License-Identifier: MIT */
/*
 * btf_index.h — lookup indexes over the types of a BTF object.
 *
 * Built once over every type (a base's too, for split BTF), then kept up to
 * date as types are added, so that finding "the struct called s", "the
 * pointer to type 42" or "the decl tags of FUNC 7" costs a hash lookup even
 * in a vmlinux BTF of 100k types.  Each type is filed under one key:
 *
 *   STRUCT, UNION, ENUM (and ENUM64, filed as ENUM), FWD, TYPEDEF, INT,
 *   FLOAT, FUNC          kind + name (anonymous memberless STRUCT, UNION
 *                        and ENUM: kind + size instead)
 *   PTR, CONST, VOLATILE, RESTRICT, DECL_TAG
 *                        kind + referenced type
 *   ARRAY                element type + number of elements
 *   FUNC_PROTO           return type + parameter types
 *
 * A key's candidates come in increasing type id order, so "the first one
 * that fits" is the same on every run.  Keys are hashes: a candidate may
 * not match, and the caller checks each one.
 */
#ifndef TRUESIG_BTF_INDEX_H
#define TRUESIG_BTF_INDEX_H

#include <stdint.h>

#include <bpf/btf.h>

struct btf_index;

struct btf_index_iter {
	const struct btf_index *index;
	uint64_t	 key;
	uint32_t	 next;		/* entry, or UINT32_MAX at the end */
};

/* Index types 1 .. btf__type_cnt(btf) - 1.  NULL when out of memory. */
struct btf_index *btf_index_new(const struct btf *btf);
void btf_index_free(struct btf_index *index);

/* File type `id` (just added to the BTF) under its key.  0 or -ENOMEM. */
int btf_index_add(struct btf_index *index, uint32_t id);

/* The first candidate for `key`, then the next ones: a type id, or 0 when
   there are no more (type 0, void, is never indexed). */
uint32_t btf_index_first(const struct btf_index *index, uint64_t key,
			 struct btf_index_iter *it);
uint32_t btf_index_next(struct btf_index_iter *it);

/* The keys. */
uint64_t btf_key_name(unsigned kind, const char *name);
uint64_t btf_key_anon(unsigned kind, uint32_t size);
uint64_t btf_key_ref(unsigned kind, uint32_t ref);
uint64_t btf_key_array(uint32_t elem, uint32_t nelems);
uint64_t btf_key_proto(uint32_t ret, const uint32_t *params, unsigned n);

#endif /* TRUESIG_BTF_INDEX_H */
