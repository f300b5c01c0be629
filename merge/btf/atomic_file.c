// SPDX-License-Identifier: MIT
/*
 * atomic_file.c — replace a file all at once (see atomic_file.h).
 */
#define _GNU_SOURCE	/* O_TMPFILE, mkostemp */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "atomic_file.h"

/* Where `path` really is: a symbolic link's target, when it resolves. */
static void resolve(const char *path, char *buf, size_t size)
{
	char real[PATH_MAX];

	if (realpath(path, real))
		snprintf(buf, size, "%s", real);
	else
		snprintf(buf, size, "%s", path);
}

/* The directory of `target`, and its last component. */
static void split_path(const char *target, char *dir, char *base, size_t size)
{
	char dir_buf[PATH_MAX], base_buf[PATH_MAX];

	snprintf(dir_buf, sizeof(dir_buf), "%s", target);
	snprintf(base_buf, sizeof(base_buf), "%s", target);
	snprintf(dir, size, "%s", dirname(dir_buf));
	snprintf(base, size, "%s", basename(base_buf));
}

/* ".NAME.tmp-" and six characters, random ones or the X of mkstemp. */
static int temp_name(const char *target, bool random, char *buf, size_t size)
{
	static const char chars[] =
		"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
	char dir[PATH_MAX], base[PATH_MAX], suffix[7] = "XXXXXX";

	if (random) {
		uint8_t r[6];

		if (getrandom(r, sizeof(r), GRND_NONBLOCK) != sizeof(r)) {
			struct timespec ts;
			uint64_t v;

			clock_gettime(CLOCK_MONOTONIC, &ts);
			v = (uint64_t)ts.tv_nsec * 2654435761u ^
			    (uint64_t)getpid() << 20;
			for (size_t i = 0; i < sizeof(r); i++, v >>= 8)
				r[i] = (uint8_t)v;
		}
		for (size_t i = 0; i < sizeof(r); i++)
			suffix[i] = chars[r[i] % (sizeof(chars) - 1)];
	}
	split_path(target, dir, base, sizeof(dir));
	if ((size_t)snprintf(buf, size, "%s/.%s.tmp-%s", dir, base, suffix) >=
	    size)
		return -ENAMETOOLONG;
	return 0;
}

int atomic_file_open(struct atomic_file *f, const char *path)
{
	char dir[PATH_MAX], base[PATH_MAX];
	int ret;

	f->fd = -1;
	f->unnamed = false;
	f->temp[0] = '\0';
	resolve(path, f->target, sizeof(f->target));

	/* Without /proc, an unnamed file could not be given a name. */
	if (!access("/proc/self/fd", X_OK)) {
		split_path(f->target, dir, base, sizeof(dir));
		f->fd = open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
		if (f->fd >= 0) {
			f->unnamed = true;
			return 0;
		}
		/* EISDIR: a kernel older than O_TMPFILE */
		if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL)
			return -errno;
	}
	ret = temp_name(f->target, false, f->temp, sizeof(f->temp));
	if (ret)
		return ret;
	f->fd = mkostemp(f->temp, O_CLOEXEC);
	if (f->fd < 0) {
		ret = -errno;
		f->temp[0] = '\0';
		return ret;
	}
	return 0;
}

/* Link the unnamed file into its directory under a new hidden name. */
static int give_name(struct atomic_file *f)
{
	char proc[64];
	int ret;

	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", f->fd);
	for (int tries = 0; tries < 100; tries++) {
		ret = temp_name(f->target, true, f->temp, sizeof(f->temp));
		if (!ret && linkat(AT_FDCWD, proc, AT_FDCWD, f->temp,
				   AT_SYMLINK_FOLLOW))
			ret = -errno;
		if (ret != -EEXIST)
			break;
	}
	if (ret)
		f->temp[0] = '\0';
	return ret;
}

int atomic_file_commit(struct atomic_file *f)
{
	int ret = 0;

	if (f->unnamed)
		ret = give_name(f);
	if (close(f->fd) && !ret)
		ret = -errno;
	f->fd = -1;
	if (!ret && rename(f->temp, f->target))
		ret = -errno;
	if (ret && f->temp[0])
		unlink(f->temp);
	f->temp[0] = '\0';
	return ret;
}

void atomic_file_discard(struct atomic_file *f)
{
	if (f->fd >= 0)
		close(f->fd);
	f->fd = -1;
	if (f->temp[0])
		unlink(f->temp);
	f->temp[0] = '\0';
}

int write_full(int fd, const void *data, size_t size, long long offset)
{
	const char *p = data;

	while (size) {
		ssize_t n = offset < 0 ? write(fd, p, size)
				       : pwrite(fd, p, size, (off_t)offset);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		p += n;
		size -= (size_t)n;
		if (offset >= 0)
			offset += n;
	}
	return 0;
}
