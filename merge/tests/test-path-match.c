// SPDX-License-Identifier: MIT
/*
 * test-path-match.c — pairing the source paths of two builds.
 */
#include "path_match.h"
#include "test_util.h"

static void tail(const char *x, const char *y, size_t want)
{
	char name[256];
	size_t got = path_common_tail(x, y);

	snprintf(name, sizeof(name), "common tail of '%s' and '%s'", x, y);
	if (got != want)
		fail(name, "got %zu, expected %zu", got, want);
	else
		pass(name);
}

/* Pair A with B; WANT[i] is a[i]'s partner's index in B, or -1. */
static void pairs(const char *name, const char *const *a, size_t na,
		  const char *const *b, size_t nb, const int *want)
{
	size_t pair[16];

	if (!path_match(a, na, b, nb, pair)) {
		fail(name, "out of memory");
		return;
	}
	for (size_t i = 0; i < na; i++) {
		int got = pair[i] == PATH_UNPAIRED ? -1 : (int)pair[i];

		if (got != want[i]) {
			fail(name, "'%s' paired with %d, expected %d", a[i],
			     got, want[i]);
			return;
		}
	}
	pass(name);
}

int main(void)
{
	tail("/b12/src/kernel/fork.c", "/b15/src/kernel/fork.c", 3);
	tail("/x/lib/core.c", "/y/drivers/core.c", 1);
	tail("core.c", "/y/lib/core.c", 1);
	tail("/a/f.c", "/a/g.c", 0);
	tail("a/bf.c", "b/f.c", 0);	/* components, not characters */
	tail("dir/", "dir/", 0);	/* no file name */
	tail("", "", 0);

	{
		const char *a[] = { "/o1/net/core.c", "/o1/drivers/core.c",
				    "/o1/init/main.c", "/o1/only-a.c" };
		const char *b[] = { "/o2/init/main.c", "/o2/drivers/core.c",
				    "/o2/net/core.c", "/o2/only-b.c" };
		const int want[] = { 2, 1, 0, -1 };

		pairs("two folders: each pairs with its own path", a, 4, b, 4,
		      want);
	}
	{
		const char *a[] = { "/o1/x.c", "/same/y.c" };
		const char *b[] = { "/same/y.c", "/o2/x.c" };
		const int want[] = { 1, 0 };

		pairs("the same name pairs first", a, 2, b, 2, want);
	}
	{
		const char *a[] = { "/o1/net/core.c", "/o1/drivers/core.c" };
		const char *b[] = { "/o2/lib/core.c" };
		const int want[] = { -1, -1 };

		pairs("two equally near: no pairing guessed", a, 2, b, 1, want);
	}
	{
		const char *a[] = { "/o1/net/ipv4/core.c", "/o1/fs/core.c" };
		const char *b[] = { "/o2/ipv4/core.c" };
		const int want[] = { 0, -1 };

		pairs("the nearer of two pairs", a, 2, b, 1, want);
	}
	{
		const char *b[] = { "/o2/x.c" };

		pairs("an empty side", NULL, 0, b, 1, NULL);
	}
	return test_exit();
}
