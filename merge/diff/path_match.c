// SPDX-License-Identifier: MIT
/*
 * path_match.c — pair the source paths of two builds of the same tree.
 *
 * Same names pair first.  The rest are grouped by file name (the last
 * component: only paths that share it can share a tail), and within a
 * group a path pairs with its partner when each is the other's unique
 * best by path_common_tail().  Groups are small (a kernel has a few dozen
 * core.c), so the pairwise scores within one cost little.
 */
#include <stdlib.h>
#include <string.h>

#include "path_match.h"

struct path_ref {
	const char	*path;
	const char	*base;	/* after the last '/' */
	size_t		 index;	/* in the caller's array */
};

/* The best partner found so far for one path of a group. */
struct best {
	size_t	 score;
	size_t	 who;		/* index in the other side's group */
	bool	 tied;
};

size_t path_common_tail(const char *x, const char *y)
{
	const char *p = x + strlen(x), *q = y + strlen(y);
	size_t n = 0;

	for (;;) {
		const char *ps = p, *qs = q;

		while (ps > x && ps[-1] != '/')
			ps--;
		while (qs > y && qs[-1] != '/')
			qs--;
		if (p - ps != q - qs || memcmp(ps, qs, (size_t)(p - ps)) ||
		    (!n && p == ps))
			return n;
		n++;
		if (ps == x || qs == y)
			return n;
		p = ps - 1;
		q = qs - 1;
	}
}

static int by_path(const void *x, const void *y)
{
	const struct path_ref *a = x, *b = y;

	return strcmp(a->path, b->path);
}

static int by_base(const void *x, const void *y)
{
	const struct path_ref *a = x, *b = y;
	int c = strcmp(a->base, b->base);

	return c ? c : strcmp(a->path, b->path);
}

static struct path_ref ref_of(const char *path, size_t index)
{
	const char *slash = strrchr(path, '/');

	return (struct path_ref){ path, slash ? slash + 1 : path, index };
}

static void consider(struct best *b, size_t score, size_t who)
{
	if (score > b->score) {
		*b = (struct best){ score, who, false };
	} else if (score == b->score) {
		b->tied = true;
	}
}

/* Pair within one group of paths that share their file name. */
static void pair_group(const struct path_ref *ga, size_t na,
		       const struct path_ref *gb, size_t nb,
		       struct best *best_a, struct best *best_b, size_t *pair)
{
	for (size_t i = 0; i < na; i++)
		best_a[i] = (struct best){ 0, 0, false };
	for (size_t j = 0; j < nb; j++)
		best_b[j] = (struct best){ 0, 0, false };
	for (size_t i = 0; i < na; i++)
		for (size_t j = 0; j < nb; j++) {
			size_t s = path_common_tail(ga[i].path, gb[j].path);

			consider(&best_a[i], s, j);
			consider(&best_b[j], s, i);
		}
	for (size_t i = 0; i < na; i++) {
		const struct best *x = &best_a[i];

		if (x->score && !x->tied && !best_b[x->who].tied &&
		    best_b[x->who].who == i)
			pair[ga[i].index] = gb[x->who].index;
	}
}

bool path_match(const char *const *a, size_t na, const char *const *b,
		size_t nb, size_t *pair)
{
	struct path_ref *ra = calloc(na + 1, sizeof(*ra));
	struct path_ref *rb = calloc(nb + 1, sizeof(*rb));
	struct best *best_a = calloc(na + 1, sizeof(*best_a));
	struct best *best_b = calloc(nb + 1, sizeof(*best_b));
	bool *taken = calloc(nb + 1, sizeof(*taken));
	size_t ua = 0, ub = 0;
	bool ok = ra && rb && best_a && best_b && taken;

	if (!ok)
		goto out;
	for (size_t j = 0; j < nb; j++)
		rb[j] = ref_of(b[j], j);
	qsort(rb, nb, sizeof(*rb), by_path);
	for (size_t i = 0; i < na; i++) {
		struct path_ref key = ref_of(a[i], i);
		const struct path_ref *hit = nb ?
			bsearch(&key, rb, nb, sizeof(*rb), by_path) : NULL;

		pair[i] = hit ? hit->index : PATH_UNPAIRED;
		if (hit)
			taken[hit->index] = true;
		else
			ra[ua++] = key;
	}
	for (size_t j = 0; j < nb; j++)
		if (!taken[j])
			rb[ub++] = ref_of(b[j], j);
	qsort(ra, ua, sizeof(*ra), by_base);
	qsort(rb, ub, sizeof(*rb), by_base);
	for (size_t i = 0, j = 0; i < ua && j < ub;) {
		int c = strcmp(ra[i].base, rb[j].base);
		size_t ie = i, je = j;

		if (c < 0) {
			i++;
			continue;
		}
		if (c > 0) {
			j++;
			continue;
		}
		while (ie < ua && !strcmp(ra[ie].base, ra[i].base))
			ie++;
		while (je < ub && !strcmp(rb[je].base, rb[j].base))
			je++;
		pair_group(ra + i, ie - i, rb + j, je - j, best_a, best_b,
			   pair);
		i = ie;
		j = je;
	}
out:
	free(ra);
	free(rb);
	free(best_a);
	free(best_b);
	free(taken);
	return ok;
}
