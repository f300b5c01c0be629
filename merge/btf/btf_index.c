// SPDX-License-Identifier: MIT
/*
 * btf_index.c — hash indexes over the types of a BTF object.
 *
 * Entries are kept in the order they were filed (increasing type id); each
 * bucket chains its entries in that order, head to tail.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <linux/btf.h>

#include "array.h"
#include "btf_index.h"

#define NO_ENTRY	UINT32_MAX

struct index_entry {
	uint64_t	 key;
	uint32_t	 id;
	uint32_t	 next;		/* in its bucket */
};

struct btf_index {
	const struct btf *btf;
	struct index_entry *entries;
	uint32_t	 n_entries;
	size_t		 cap_entries;
	uint32_t	*heads;		/* per bucket: first entry */
	uint32_t	*tails;		/* per bucket: last entry */
	uint32_t	 n_buckets;	/* a power of two */
};

/* ---- keys ------------------------------------------------------------------ */

/* Key classes, so that a name and a reference never collide by design. */
enum { CLASS_NAME = 1, CLASS_ANON, CLASS_REF, CLASS_ARRAY, CLASS_PROTO };

static uint64_t mix(uint64_t h, uint64_t v)
{
	/* splitmix64 finalizer over the running hash */
	h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
	h ^= h >> 30;
	h *= 0xbf58476d1ce4e5b9ULL;
	h ^= h >> 27;
	h *= 0x94d049bb133111ebULL;
	h ^= h >> 31;
	return h;
}

uint64_t btf_key_name(unsigned kind, const char *name)
{
	uint64_t h = 0xcbf29ce484222325ULL;	/* FNV-1a */

	for (const unsigned char *p = (const unsigned char *)name; *p; p++) {
		h ^= *p;
		h *= 0x100000001b3ULL;
	}
	return mix(mix(CLASS_NAME, kind), h);
}

uint64_t btf_key_anon(unsigned kind, uint32_t size)
{
	return mix(mix(CLASS_ANON, kind), size);
}

uint64_t btf_key_ref(unsigned kind, uint32_t ref)
{
	return mix(mix(CLASS_REF, kind), ref);
}

uint64_t btf_key_array(uint32_t elem, uint32_t nelems)
{
	return mix(mix(CLASS_ARRAY, elem), nelems);
}

uint64_t btf_key_proto(uint32_t ret, const uint32_t *params, unsigned n)
{
	uint64_t h = mix(mix(CLASS_PROTO, ret), n);

	for (unsigned i = 0; i < n; i++)
		h = mix(h, params[i]);
	return h;
}

/* The key type `id` is filed under; false for kinds that are not indexed. */
static bool key_of(const struct btf *btf, uint32_t id, uint64_t *key)
{
	const struct btf_type *t = btf__type_by_id(btf, id);
	unsigned kind = btf_kind(t);
	const char *name;

	switch (kind) {
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		if (kind == BTF_KIND_ENUM64)
			kind = BTF_KIND_ENUM;
		name = btf__name_by_offset(btf, t->name_off);
		if (name && name[0]) {
			*key = btf_key_name(kind, name);
			return true;
		}
		if (btf_vlen(t))
			return false;	/* an anonymous body: found by context */
		*key = btf_key_anon(kind, t->size);
		return true;
	case BTF_KIND_FWD:
	case BTF_KIND_TYPEDEF:
	case BTF_KIND_INT:
	case BTF_KIND_FLOAT:
	case BTF_KIND_FUNC:
		name = btf__name_by_offset(btf, t->name_off);
		if (!name || !name[0])
			return false;
		*key = btf_key_name(kind, name);
		return true;
	case BTF_KIND_PTR:
	case BTF_KIND_CONST:
	case BTF_KIND_VOLATILE:
	case BTF_KIND_RESTRICT:
	case BTF_KIND_DECL_TAG:
		*key = btf_key_ref(kind, t->type);
		return true;
	case BTF_KIND_ARRAY:
		*key = btf_key_array(btf_array(t)->type, btf_array(t)->nelems);
		return true;
	case BTF_KIND_FUNC_PROTO: {
		const struct btf_param *p = btf_params(t);
		uint64_t h = mix(mix(CLASS_PROTO, t->type), btf_vlen(t));

		for (unsigned i = 0; i < btf_vlen(t); i++)
			h = mix(h, p[i].type);
		*key = h;
		return true;
	}
	default:
		return false;
	}
}

/* ---- the table ------------------------------------------------------------- */

static void link_entry(struct btf_index *x, uint32_t e)
{
	uint32_t b = (uint32_t)(x->entries[e].key & (x->n_buckets - 1));

	x->entries[e].next = NO_ENTRY;
	if (x->heads[b] == NO_ENTRY)
		x->heads[b] = e;
	else
		x->entries[x->tails[b]].next = e;
	x->tails[b] = e;
}

static int rehash(struct btf_index *x, uint32_t n_buckets)
{
	uint32_t *heads = malloc(n_buckets * sizeof(*heads));
	uint32_t *tails = malloc(n_buckets * sizeof(*tails));

	if (!heads || !tails) {
		free(heads);
		free(tails);
		return -ENOMEM;
	}
	free(x->heads);
	free(x->tails);
	x->heads = heads;
	x->tails = tails;
	x->n_buckets = n_buckets;
	memset(heads, 0xff, n_buckets * sizeof(*heads));
	for (uint32_t e = 0; e < x->n_entries; e++)
		link_entry(x, e);
	return 0;
}

int btf_index_add(struct btf_index *x, uint32_t id)
{
	struct index_entry *grown;
	uint64_t key;

	if (!key_of(x->btf, id, &key))
		return 0;
	grown = array_grow(x->entries, &x->cap_entries, sizeof(*grown),
			   (size_t)x->n_entries + 1);
	if (!grown)
		return -ENOMEM;
	x->entries = grown;
	x->entries[x->n_entries].key = key;
	x->entries[x->n_entries].id = id;
	x->n_entries++;
	if (x->n_entries > x->n_buckets)
		return rehash(x, x->n_buckets * 2);
	link_entry(x, x->n_entries - 1);
	return 0;
}

struct btf_index *btf_index_new(const struct btf *btf)
{
	struct btf_index *x = calloc(1, sizeof(*x));
	uint32_t n = btf__type_cnt(btf);

	if (!x)
		return NULL;
	x->btf = btf;
	if (rehash(x, 1024)) {
		free(x);
		return NULL;
	}
	for (uint32_t id = 1; id < n; id++) {
		if (btf_index_add(x, id)) {
			btf_index_free(x);
			return NULL;
		}
	}
	return x;
}

void btf_index_free(struct btf_index *x)
{
	if (!x)
		return;
	free(x->entries);
	free(x->heads);
	free(x->tails);
	free(x);
}

static uint32_t scan(struct btf_index_iter *it, uint32_t e)
{
	const struct btf_index *x = it->index;

	while (e != NO_ENTRY && x->entries[e].key != it->key)
		e = x->entries[e].next;
	if (e == NO_ENTRY) {
		it->next = NO_ENTRY;
		return 0;
	}
	it->next = x->entries[e].next;
	return x->entries[e].id;
}

uint32_t btf_index_first(const struct btf_index *x, uint64_t key,
			 struct btf_index_iter *it)
{
	it->index = x;
	it->key = key;
	return scan(it, x->heads[key & (x->n_buckets - 1)]);
}

uint32_t btf_index_next(struct btf_index_iter *it)
{
	if (it->next == NO_ENTRY)
		return 0;
	return scan(it, it->next);
}
