/* SPDX-License-Identifier: MIT */
/*
 * btf_types.h — the BTF type for each .truesig type.
 *
 * A unit's types are mapped to BTF types that already exist wherever one
 * fits (by kind and name, or by what it refers to, through btf_index), and
 * added otherwise: a struct, union or enum whose body the section does not
 * store becomes one of the right size without members (a FWD when
 * incomplete), a vector an array, a complex number an INT of its name.
 * Only the types some record needs are mapped, so nothing unused is added.
 *
 * Use: btf_types_begin_unit(), btf_types_need() for each type a record
 * uses, btf_types_resolve(), then btf_types_id().
 */
#ifndef TRUESIG_BTF_TYPES_H
#define TRUESIG_BTF_TYPES_H

#include <stdbool.h>
#include <stdint.h>

#include <bpf/btf.h>

#include "btf_index.h"
#include "records.h"

struct btf_types {
	struct btf	*btf;
	struct btf_index *index;
	uint32_t	 first_new;	/* ids from here on were added by us */
	uint32_t	 reused;	/* distinct pre-existing types mapped to */
	uint8_t		*seen;		/* bitmap over [0, first_new) */
	uint32_t	 array_index;	/* index type of new arrays, 0: none yet */

	const struct truesig_unit *unit;
	int32_t		*map;		/* per unit type: BTF id, -1 if none */
	uint32_t	*hint;		/* per unit type: for an anonymous
					   aggregate, the BTF type a typedef
					   of it names (0: none) */
	uint8_t		*needed;	/* per unit type */
	size_t		 map_cap, hint_cap, needed_cap;
	char		 err[256];	/* why the last call failed */
};

int btf_types_init(struct btf_types *t, struct btf *btf,
		   struct btf_index *index);
void btf_types_fini(struct btf_types *t);

/* Start mapping the types of unit u (forgets the previous unit's). */
int btf_types_begin_unit(struct btf_types *t, const struct truesig_unit *u);

/* Type `index` of the current unit will be asked for. */
void btf_types_need(struct btf_types *t, uint32_t index);

/* Map every needed type (and what it refers to).  0, or a negative errno
   with the reason in t->err. */
int btf_types_resolve(struct btf_types *t);

/* The BTF id of needed type `index` of the current unit (0 for void). */
uint32_t btf_types_id(const struct btf_types *t, uint32_t index);

/*
 * A FUNC_PROTO returning `ret` with parameters `params` (n of them; a last
 * 0 is "..."): an existing one with the same types and, when `names` is
 * not NULL, the same parameter names, else a new one.  Returns its id or a
 * negative errno.
 */
int btf_types_proto(struct btf_types *t, uint32_t ret, const uint32_t *params,
		    char *const *names, unsigned n);

/*
 * Whether validated type `ti` of unit u is described by BTF type `id` as
 * this file reuses types: by kind and name for named types, by what they
 * refer to otherwise (0 and 0 for void).
 */
bool btf_types_describes(const struct truesig_unit *u, uint32_t ti,
			 const struct btf *btf, uint32_t id);

/* Index a type just added to t->btf by the caller.  Returns id, or a
   negative errno. */
int btf_types_added(struct btf_types *t, int id);

/* Whether two BTF types are the same C type, compared by kind, name, size
   and structure (not by id). */
bool btf_types_equal(const struct btf *btf, uint32_t a, uint32_t b);

#endif /* TRUESIG_BTF_TYPES_H */
