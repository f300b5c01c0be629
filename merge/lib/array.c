// SPDX-License-Identifier: MIT
/*
 * array.c — growing an array (array.h).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"

void *array_grow(void *data, size_t *cap, size_t elem_size, size_t need)
{
	size_t n = *cap;
	char *grown;

	if (need <= n && data)
		return data;
	n = n > SIZE_MAX / 2 ? SIZE_MAX : n * 2;
	if (n < 16)
		n = 16;
	if (n < need)
		n = need;
	if (!elem_size || n > SIZE_MAX / elem_size)
		return NULL;
	grown = realloc(data, n * elem_size);
	if (!grown)
		return NULL;
	if (n > *cap)
		memset(grown + *cap * elem_size, 0, (n - *cap) * elem_size);
	*cap = n;
	return grown;
}
