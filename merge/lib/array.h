/* SPDX-License-Identifier: MIT */
/*
 * array.h — growing an array: the one way merge/ makes room for more
 * elements.
 *
 *	struct item *grown = array_grow(v, &v_cap, sizeof(*v), n + 1);
 *
 *	if (!grown)
 *		return -ENOMEM;
 *	v = grown;
 *	v[n++] = x;
 */
#ifndef TRUESIG_ARRAY_H
#define TRUESIG_ARRAY_H

#include <stddef.h>

/*
 * Make room for `need` (at least 1) elements of `elem_size` bytes in the
 * array `data` (NULL at first), which has room for *cap: grown to twice
 * its room, or 16, or `need`, whichever is most, the new room zeroed.
 * Returns the array, moved or not, with *cap its new room; or NULL when
 * memory runs out, `data` and *cap then as they were.
 */
void *array_grow(void *data, size_t *cap, size_t elem_size, size_t need);

#endif /* TRUESIG_ARRAY_H */
