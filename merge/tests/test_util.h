/* SPDX-License-Identifier: MIT */
/*
 * test_util.h — the unit tests' reporting and scratch-file helpers.
 *
 * Each case prints "PASS: name" or "FAIL: name: detail"; test_exit()
 * returns non-zero if any case failed.
 */
#ifndef TRUESIG_TEST_UTIL_H
#define TRUESIG_TEST_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int test_failures;

static inline void pass(const char *name)
{
	printf("PASS: %s\n", name);
	fflush(stdout);
}

__attribute__((format(printf, 2, 3)))
static inline void fail(const char *name, const char *fmt, ...)
{
	va_list ap;

	printf("FAIL: %s: ", name);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
	test_failures++;
}

/* Report one case from a condition; `detail` says what went wrong (NULL:
   nothing more to say). */
static inline bool check(const char *name, bool ok, const char *detail)
{
	if (ok)
		pass(name);
	else
		fail(name, "%s", detail ? detail : "");
	return ok;
}

static inline int test_exit(void)
{
	return test_failures ? 1 : 0;
}

/* A fresh scratch directory (removed by test_cleanup_dir). */
static inline char *test_make_dir(void)
{
	static char dir[64];
	const char *tmp = getenv("TMPDIR");

	snprintf(dir, sizeof(dir), "%.40s/truesig-test.XXXXXX",
		 tmp && tmp[0] ? tmp : "/tmp");
	return mkdtemp(dir);
}

/* DIR/NAME, in one of 16 buffers used in turn (so a few at once). */
static inline const char *test_path(const char *dir, const char *name)
{
	static char paths[16][512];
	static unsigned next;
	char *p = paths[next++ % 16];

	snprintf(p, sizeof(paths[0]), "%.400s/%.100s", dir, name);
	return p;
}

static inline void test_cleanup_dir(const char *dir)
{
	char cmd[256];

	if (!dir || getenv("TRUESIG_KEEP_TMP"))
		return;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		fprintf(stderr, "warning: could not remove %s\n", dir);
}

/* Run a shell command; returns its exit status, or -1 if it did not exit. */
__attribute__((format(printf, 1, 2)))
static inline int run(const char *fmt, ...)
{
	char cmd[4096];
	va_list ap;
	int status;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	status = system(cmd);
	if (status == -1 || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

static inline bool write_file(const char *path, const void *data, size_t size)
{
	FILE *f = fopen(path, "wb");
	bool ok;

	if (!f)
		return false;
	ok = fwrite(data, 1, size, f) == size;
	return fclose(f) == 0 && ok;
}

/* The whole file as a NUL-terminated string (free it), or NULL. */
static inline char *read_file(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t len = 0, cap = 0, n;

	if (!f)
		return NULL;
	do {
		if (len + 4096 + 1 > cap) {
			cap = (len + 4096 + 1) * 2;
			buf = realloc(buf, cap);
			if (!buf)
				abort();
		}
		n = fread(buf + len, 1, 4096, f);
		len += n;
	} while (n);
	fclose(f);
	buf[len] = '\0';
	if (size)
		*size = len;
	return buf;
}

#endif /* TRUESIG_TEST_UTIL_H */
