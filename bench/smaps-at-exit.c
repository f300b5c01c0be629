// SPDX-License-Identifier: MIT
/*
 * smaps-at-exit.c — preloaded (LD_PRELOAD) into a compile by
 * plugin-memory.sh: when cc1 exits, copy its /proc/self/smaps to
 * $SMAPS_AT_EXIT_DIR/smaps.PID, so that its resident memory can be told
 * apart by mapping.  It uses nothing of cc1's, so that it does not itself
 * make the dynamic linker read cc1's symbol tables (which is what it
 * measures); other programs of the compile (gcc, as) are left alone.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void copy(int from, int to)
{
	char buf[65536];
	ssize_t n;

	while ((n = read(from, buf, sizeof(buf))) > 0)
		if (write(to, buf, (size_t)n) != n)
			return;
}

__attribute__((destructor))
static void smaps_at_exit(void)
{
	const char *dir = getenv("SMAPS_AT_EXIT_DIR");
	char exe[PATH_MAX], path[PATH_MAX + 32];
	ssize_t len;
	const char *base;
	int in, out;

	len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (!dir || len <= 0)
		return;
	exe[len] = '\0';
	base = strrchr(exe, '/');
	if (strcmp(base ? base + 1 : exe, "cc1"))
		return;
	snprintf(path, sizeof(path), "%s/smaps.%ld", dir, (long)getpid());
	in = open("/proc/self/smaps", O_RDONLY | O_CLOEXEC);
	out = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (in >= 0 && out >= 0)
		copy(in, out);
	if (in >= 0)
		close(in);
	if (out >= 0)
		close(out);
}
