/* SPDX-License-Identifier: MIT */
/*
 * path_match.h — pair the source paths of two builds of the same tree.
 *
 * Two builds made in different directories (two Kbuild O= trees, two
 * checkouts) name the same source file by different absolute paths.  A
 * path of A is paired with the path of B that has the same name, or else
 * with the one that shares the most trailing components with it, when
 * that one is the best for both and no other path ties with it:
 *
 *   /b12/src/kernel/fork.c   <->  /b15/src/kernel/fork.c   (3 components)
 *   /b12/src/lib/core.c      <->  /b15/src/lib/core.c, not drivers/core.c
 *
 * Paths that share not even their last component stay unpaired.
 */
#ifndef TRUESIG_PATH_MATCH_H
#define TRUESIG_PATH_MATCH_H

#include <stdbool.h>
#include <stddef.h>

#define PATH_UNPAIRED	((size_t)-1)

/*
 * Pair a[0..na) with b[0..nb); the paths of each side are distinct.
 * pair[i] is the index in b of a[i]'s partner, or PATH_UNPAIRED.  false
 * when out of memory (pair is then undefined).
 */
bool path_match(const char *const *a, size_t na, const char *const *b,
		size_t nb, size_t *pair);

/* The number of trailing '/'-separated components X and Y share. */
size_t path_common_tail(const char *x, const char *y);

#endif
