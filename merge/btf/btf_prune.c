// SPDX-License-Identifier: MIT
/*
 * btf_prune.c — copy a BTF object without some of its types.
 */
#include <errno.h>
#include <stdlib.h>

#include <linux/btf.h>

#include "btf_prune.h"

int btf_visit_type_ids(struct btf_type *t,
		       int (*fn)(uint32_t *id, void *ctx), void *ctx)
{
	int ret = 0;

	switch (btf_kind(t)) {
	case BTF_KIND_INT:
	case BTF_KIND_FLOAT:
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
	case BTF_KIND_FWD:
		return 0;
	case BTF_KIND_PTR:
	case BTF_KIND_TYPEDEF:
	case BTF_KIND_VOLATILE:
	case BTF_KIND_CONST:
	case BTF_KIND_RESTRICT:
	case BTF_KIND_FUNC:
	case BTF_KIND_VAR:
	case BTF_KIND_DECL_TAG:
	case BTF_KIND_TYPE_TAG:
		return fn(&t->type, ctx);
	case BTF_KIND_ARRAY:
		ret = fn(&btf_array(t)->type, ctx);
		return ret ? ret : fn(&btf_array(t)->index_type, ctx);
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION: {
		struct btf_member *m = btf_members(t);

		for (unsigned i = 0; i < btf_vlen(t) && !ret; i++)
			ret = fn(&m[i].type, ctx);
		return ret;
	}
	case BTF_KIND_FUNC_PROTO: {
		struct btf_param *p = btf_params(t);

		ret = fn(&t->type, ctx);
		for (unsigned i = 0; i < btf_vlen(t) && !ret; i++)
			ret = fn(&p[i].type, ctx);
		return ret;
	}
	case BTF_KIND_DATASEC: {
		struct btf_var_secinfo *v = btf_var_secinfos(t);

		for (unsigned i = 0; i < btf_vlen(t) && !ret; i++)
			ret = fn(&v[i].type, ctx);
		return ret;
	}
	default:
		return -EINVAL;
	}
}

struct renumber {
	const uint32_t	*map;		/* old id - start -> new id */
	uint32_t	 start;
	uint32_t	 end;		/* old type count */
};

static int renumber_id(uint32_t *id, void *ctx)
{
	const struct renumber *r = ctx;

	if (*id < r->start)
		return 0;	/* void, or a base type */
	if (*id >= r->end || !r->map[*id - r->start])
		return -EINVAL;	/* a removed type is still referred to */
	*id = r->map[*id - r->start];
	return 0;
}

struct btf *btf_prune(const struct btf *btf, const uint32_t *remove,
		      size_t n_remove)
{
	const struct btf *base = btf__base_btf(btf);
	uint32_t start = base ? btf__type_cnt(base) : 1;
	uint32_t end = btf__type_cnt(btf);
	struct renumber r = { .start = start, .end = end };
	uint32_t *map = calloc(end - start + 1, sizeof(*map));
	struct btf *out;
	size_t next = 0;
	int err = 0;

	if (!map) {
		errno = ENOMEM;
		return NULL;
	}
	out = base ? btf__new_empty_split((struct btf *)base) :
		     btf__new_empty();
	if (!out) {
		err = -errno;
		goto done;
	}
	btf__set_endianness(out, btf__endianness(btf));
	btf__set_pointer_size(out, btf__pointer_size(btf));

	for (uint32_t id = start; id < end; id++) {
		int new_id;

		while (next < n_remove && remove[next] < id)
			next++;
		if (next < n_remove && remove[next] == id)
			continue;
		new_id = btf__add_type(out, btf, btf__type_by_id(btf, id));
		if (new_id < 0) {
			err = new_id;
			goto done;
		}
		map[id - start] = (uint32_t)new_id;
	}
	r.map = map;
	for (uint32_t id = start; id < btf__type_cnt(out); id++) {
		err = btf_visit_type_ids((struct btf_type *)btf__type_by_id(out, id),
					 renumber_id, &r);
		if (err)
			goto done;
	}
done:
	free(map);
	if (err) {
		btf__free(out);
		errno = -err;
		return NULL;
	}
	return out;
}
