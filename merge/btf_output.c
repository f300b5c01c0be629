// SPDX-License-Identifier: MIT
/*
 * btf_output.c — write BTF atomically: raw, or into an ELF file.
 *
 * Always into a new file next to the target, renamed over it when whole:
 * readers, and a truesig killed at any moment, see the old file or the new
 * one.  Like the linker and objcopy, truesig leaves durability across a
 * power loss to the file system: it does not fsync (on a vmlinux, that
 * alone would take as long as the rest of `--in-place`).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <libgen.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "btf_output.h"
#include "elf_rewrite.h"

__attribute__((format(printf, 4, 5)))
static int fail(char *err, size_t err_size, int ret, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, err_size, fmt, ap);
	va_end(ap);
	return ret < 0 ? ret : -EIO;
}

/* Where `path` really is: a symbolic link's target, when it resolves. */
static void resolve(const char *path, char *buf, size_t size)
{
	char real[PATH_MAX];

	if (realpath(path, real))
		snprintf(buf, size, "%s", real);
	else
		snprintf(buf, size, "%s", path);
}

/* A new empty file ".NAME.WHAT-XXXXXX" next to `target`; its fd, or -errno. */
static int temp_next_to(const char *target, const char *what, char *tmp,
			size_t size)
{
	char dir_buf[PATH_MAX], base_buf[PATH_MAX];
	int fd;

	snprintf(dir_buf, sizeof(dir_buf), "%s", target);
	snprintf(base_buf, sizeof(base_buf), "%s", target);
	if ((size_t)snprintf(tmp, size, "%s/.%s.%s-XXXXXX", dirname(dir_buf),
			     basename(base_buf), what) >= size)
		return -ENAMETOOLONG;
	fd = mkstemp(tmp);
	return fd < 0 ? -errno : fd;
}

static int write_all(int fd, const void *data, size_t size)
{
	const char *p = data;

	while (size) {
		ssize_t n = write(fd, p, size);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		p += n;
		size -= (size_t)n;
	}
	return 0;
}

static mode_t default_mode(void)
{
	mode_t mask = umask(0);

	umask(mask);
	return 0666 & ~mask;
}

static int write_stream(int fd, const char *name, const void *data,
			size_t size, char *err, size_t err_size)
{
	int ret = write_all(fd, data, size);

	if (ret)
		return fail(err, err_size, ret, "%s: cannot write: %s", name,
			    strerror(-ret));
	return 0;
}

int btf_output_raw(const char *out, const void *data, size_t size,
		   char *err, size_t err_size)
{
	char target[PATH_MAX], tmp[PATH_MAX];
	struct stat st;
	int fd, ret;

	if (!strcmp(out, "-"))
		return write_stream(STDOUT_FILENO, "standard output", data,
				    size, err, err_size);
	resolve(out, target, sizeof(target));
	if (!stat(target, &st) && S_ISDIR(st.st_mode))
		return fail(err, err_size, -EISDIR, "%s: %s", out,
			    strerror(EISDIR));
	if (!stat(target, &st) && !S_ISREG(st.st_mode)) {
		/* a pipe or a device: nothing to replace, just write */
		fd = open(target, O_WRONLY | O_CLOEXEC);
		if (fd < 0)
			return fail(err, err_size, -errno, "%s: %s", out,
				    strerror(errno));
		ret = write_stream(fd, out, data, size, err, err_size);
		close(fd);
		return ret;
	}
	fd = temp_next_to(target, "tmp", tmp, sizeof(tmp));
	if (fd < 0)
		return fail(err, err_size, fd,
			    "%s: cannot create a file next to it: %s", out,
			    strerror(-fd));
	ret = write_all(fd, data, size);
	if (!ret && fchmod(fd, default_mode()))
		ret = -errno;
	if (close(fd) && !ret)
		ret = -errno;
	if (!ret && rename(tmp, target))
		ret = -errno;
	if (ret) {
		unlink(tmp);
		return fail(err, err_size, ret, "%s: cannot write: %s", out,
			    strerror(-ret));
	}
	return 0;
}

static bool has_btf(const char *path, const void *data, size_t size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	bool same = false;
	size_t shstrndx;
	Elf *elf;

	if (fd < 0)
		return false;
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (elf && !elf_getshdrstrndx(elf, &shstrndx)) {
		for (Elf_Scn *scn = NULL; (scn = elf_nextscn(elf, scn));) {
			GElf_Shdr sh;
			const char *name;
			Elf_Data *d;

			if (!gelf_getshdr(scn, &sh))
				break;
			name = elf_strptr(elf, shstrndx, sh.sh_name);
			if (!name || strcmp(name, ".BTF"))
				continue;
			d = elf_getdata(scn, NULL);
			same = d && d->d_size == size &&
			       (!size || !memcmp(d->d_buf, data, size));
			break;
		}
	}
	elf_end(elf);
	close(fd);
	return same;
}

/* Whether `now` is still the file `then` was (same inode, size, mtime). */
static bool unchanged(const struct stat *then, const struct stat *now)
{
	return then->st_dev == now->st_dev && then->st_ino == now->st_ino &&
	       then->st_size == now->st_size &&
	       then->st_mtim.tv_sec == now->st_mtim.tv_sec &&
	       then->st_mtim.tv_nsec == now->st_mtim.tv_nsec;
}

int btf_output_elf(const char *path, const struct stat *read_as,
		   const void *data, size_t size, char *err, size_t err_size)
{
	char target[PATH_MAX], tmp[PATH_MAX], why[256];
	struct stat st;
	int in, out, ret;

	resolve(path, target, sizeof(target));
	in = open(target, O_RDONLY | O_CLOEXEC);
	if (in < 0 || fstat(in, &st)) {
		ret = -errno;
		if (in >= 0)
			close(in);
		return fail(err, err_size, ret, "%s: %s", path,
			    strerror(-ret));
	}
	if (read_as && !unchanged(read_as, &st)) {
		close(in);
		return fail(err, err_size, -EAGAIN,
			    "%s: changed while truesig worked on it; left as it is",
			    path);
	}

	/* the new file, next to the old one */
	out = temp_next_to(target, "tmp", tmp, sizeof(tmp));
	if (out < 0) {
		close(in);
		return fail(err, err_size, out,
			    "%s: cannot create a file next to it: %s", path,
			    strerror(-out));
	}
	ret = elf_rewrite_section(in, out, ".BTF", data, size, 4, why,
				  sizeof(why));
	close(in);
	if (ret) {
		close(out);
		unlink(tmp);
		return fail(err, err_size, ret, "%s: cannot write it: %s", path,
			    why);
	}
	if (fchmod(out, st.st_mode & 07777))
		ret = -errno;
	if (!ret && geteuid() == 0 && st.st_uid != 0 &&
	    fchown(out, st.st_uid, st.st_gid))
		ret = -errno;
	if (close(out) && !ret)
		ret = -errno;
	if (!ret && !has_btf(tmp, data, size)) {
		unlink(tmp);
		return fail(err, err_size, -EIO,
			    "%s: the .BTF section read back differs from the one "
			    "written", path);
	}
	/* Was the file, while it was copied, the one truesig read? */
	if (!ret && read_as) {
		struct stat now;

		if (stat(target, &now) || !unchanged(read_as, &now)) {
			unlink(tmp);
			return fail(err, err_size, -EAGAIN,
				    "%s: changed while truesig worked on it; left as it is",
				    path);
		}
	}
	if (!ret && rename(tmp, target))
		ret = -errno;
	if (ret) {
		unlink(tmp);
		return fail(err, err_size, ret, "%s: cannot replace it: %s", path,
			    strerror(-ret));
	}
	return 0;
}
