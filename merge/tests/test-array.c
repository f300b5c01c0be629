// SPDX-License-Identifier: MIT
/*
 * test-array.c — array_grow: room from nothing, doubling, zeroed room,
 * and a size that cannot be had leaving the array as it was.
 */
#include <stdint.h>

#include "array.h"
#include "test_util.h"

int main(void)
{
	size_t cap = 0, n = 0;
	int *v = NULL, *grown;
	bool zeroed = true;

	grown = array_grow(v, &cap, sizeof(*v), 1);
	check("room from nothing: 16", grown && cap == 16, "");
	v = grown;
	for (size_t i = 0; i < cap; i++)
		zeroed = zeroed && v[i] == 0;
	check("the new room is zeroed", zeroed, "");
	check("no move while there is room",
	      array_grow(v, &cap, sizeof(*v), 16) == v && cap == 16, "");

	for (n = 0; n < 1000; n++) {
		grown = array_grow(v, &cap, sizeof(*v), n + 1);
		if (!grown)
			break;
		v = grown;
		v[n] = (int)n;
	}
	check("a thousand pushes", n == 1000 && cap == 1024, "");
	zeroed = true;
	for (size_t i = 0; i < 1000; i++)
		zeroed = zeroed && v[i] == (int)i;
	check("the elements survive each move", zeroed, "");
	grown = array_grow(v, &cap, sizeof(*v), 5000);
	check("a need past twice the room is met exactly",
	      grown && cap == 5000, "");
	v = grown ? grown : v;

	grown = array_grow(v, &cap, sizeof(*v), SIZE_MAX / 2);
	check("an impossible size: NULL, the array and its room as they were",
	      !grown && cap == 5000 && v[999] == 999, "");
	free(v);
	return test_exit();
}
