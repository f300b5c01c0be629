// SPDX-License-Identifier: MIT
/*
 * verify_child.c — the breakpoint table of verify_child.h: sorted by
 * address, found by binary search at each stop.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "errmsg.h"
#include "verify_child.h"

static int compare_addresses(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

int trace_make_breakpoints(struct trace_child *child,
			   const uint64_t *addresses, size_t n, char *err,
			   size_t err_size)
{
	uint64_t *sorted = malloc((n ? n : 1) * sizeof(*sorted));
	size_t m = 0;

	free(child->breakpoints);
	child->n_breakpoints = 0;
	child->breakpoints = calloc(n ? n : 1, sizeof(*child->breakpoints));
	if (!sorted || !child->breakpoints) {
		free(sorted);
		return errmsg(err, err_size, -ENOMEM, NULL, "out of memory");
	}
	memcpy(sorted, addresses, n * sizeof(*sorted));
	qsort(sorted, n, sizeof(*sorted), compare_addresses);
	for (size_t i = 0; i < n; i++)
		if (!m || sorted[i] != child->breakpoints[m - 1].address)
			child->breakpoints[m++].address = sorted[i];
	child->n_breakpoints = m;
	free(sorted);
	return 0;
}

struct trace_breakpoint *trace_find_breakpoint(struct trace_child *child,
					       uint64_t address)
{
	size_t lo = 0, hi = child->n_breakpoints;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		uint64_t a = child->breakpoints[mid].address;

		if (a == address)
			return &child->breakpoints[mid];
		if (a < address)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}
