// SPDX-License-Identifier: MIT
/*
 * btf_output.c — write BTF atomically: raw, or into an ELF file.
 *
 * Always through atomic_file.h: a new file next to the target, renamed
 * over it when whole.  For an ELF file, the bytes that stay are copied by
 * the kernel (elf_rewrite.c), and the section is read back before the
 * rename.
 * Nothing is flushed to disk (fsync), as ld, objcopy and pahole do not:
 * right after `pahole -J` wrote a 93 MB vmlinux, a flush waited for
 * pahole's writes too and took 0.3 s, more than everything else.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic_file.h"
#include "btf_output.h"
#include "elf_rewrite.h"
#include "errmsg.h"

static mode_t default_mode(void)
{
	mode_t mask = umask(0);

	umask(mask);
	return 0666 & ~mask;
}

static int write_stream(int fd, const char *name, const void *data,
			size_t size, char *err, size_t err_size)
{
	int ret = write_full(fd, data, size, -1);

	if (ret)
		return errmsg(err, err_size, ret, name, "cannot write: %s",
			      strerror(-ret));
	return 0;
}

int btf_output_raw(const char *out, const void *data, size_t size,
		   char *err, size_t err_size)
{
	struct atomic_file f;
	struct stat st;
	int fd, ret;

	if (!strcmp(out, "-"))
		return write_stream(STDOUT_FILENO, "standard output", data,
				    size, err, err_size);
	if (!stat(out, &st) && S_ISDIR(st.st_mode))
		return errmsg(err, err_size, -EISDIR, out, "%s",
			      strerror(EISDIR));
	if (!stat(out, &st) && !S_ISREG(st.st_mode)) {
		/* a pipe or a device: nothing to replace, just write */
		fd = open(out, O_WRONLY | O_CLOEXEC);
		if (fd < 0)
			return errmsg(err, err_size, -errno, out, "%s",
				      strerror(errno));
		ret = write_stream(fd, out, data, size, err, err_size);
		close(fd);
		return ret;
	}
	ret = atomic_file_open(&f, out);
	if (ret)
		return errmsg(err, err_size, ret, out,
			      "cannot create a file next to it: %s",
			      strerror(-ret));
	ret = write_full(f.fd, data, size, -1);
	if (!ret && fchmod(f.fd, default_mode()))
		ret = -errno;
	if (ret) {
		atomic_file_discard(&f);
		return errmsg(err, err_size, ret, out, "cannot write: %s",
			      strerror(-ret));
	}
	ret = atomic_file_commit(&f);
	if (ret)
		return errmsg(err, err_size, ret, out, "cannot write: %s",
			      strerror(-ret));
	return 0;
}

struct elf_output {
	const char		*path;		/* as given, for messages */
	struct atomic_file	 file;
	struct elf_rewrite	*rewrite;
	struct stat		 st;		/* of the file, when begun */
	struct stat		 read_as;
	bool			 check;		/* read_as was given */
};

/* Whether the ELF file open as fd has a .BTF section holding `data`. */
static bool has_btf(int fd, const void *data, size_t size)
{
	bool same = false;
	size_t shstrndx;
	Elf *elf;

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

static int changed(const struct elf_output *o, char *err, size_t err_size)
{
	return errmsg(err, err_size, -EAGAIN, o->path,
		      "changed while truesig worked on it; left as it is");
}

/* The new file, with every byte of the old one that stays. */
static int begin(struct elf_output *o, char *err, size_t err_size)
{
	char why[256];
	int in, ret;

	in = open(o->path, O_RDONLY | O_CLOEXEC);
	if (in < 0 || fstat(in, &o->st)) {
		ret = -errno;
		if (in >= 0)
			close(in);
		return errmsg(err, err_size, ret, o->path, "%s",
			      strerror(-ret));
	}
	if (o->check && !unchanged(&o->read_as, &o->st)) {
		close(in);
		return changed(o, err, err_size);
	}
	ret = atomic_file_open(&o->file, o->path);
	if (ret) {
		close(in);
		return errmsg(err, err_size, ret, o->path,
			      "cannot create a file next to it: %s",
			      strerror(-ret));
	}
	ret = elf_rewrite_begin(in, o->file.fd, ".BTF", &o->rewrite, why,
				sizeof(why));
	close(in);
	if (ret) {
		atomic_file_discard(&o->file);
		return errmsg(err, err_size, ret, o->path,
			      "cannot write it: %s", why);
	}
	return 0;
}

static int commit(struct elf_output *o, const void *data, size_t size,
		  char *err, size_t err_size)
{
	int fd = o->file.fd, ret;
	char why[256];
	struct stat now;

	ret = elf_rewrite_finish(o->rewrite, data, size, 4, why, sizeof(why));
	if (ret)
		return errmsg(err, err_size, ret, o->path,
			      "cannot write it: %s", why);
	if (fchmod(fd, o->st.st_mode & 07777) ||
	    (geteuid() == 0 && o->st.st_uid != 0 &&
	     fchown(fd, o->st.st_uid, o->st.st_gid)))
		return errmsg(err, err_size, -errno, o->path,
			      "cannot write it: %s", strerror(errno));
	if (!has_btf(fd, data, size))
		return errmsg(err, err_size, -EIO, o->path,
			      "the .BTF section read back differs from the "
			      "one written");
	/* Was the file, while it was copied, the one truesig read? */
	if (o->check && (stat(o->file.target, &now) ||
			 !unchanged(&o->read_as, &now)))
		return changed(o, err, err_size);
	return 0;
}

int btf_output_elf(const char *path, const struct stat *read_as,
		   const void *data, size_t size, char *err, size_t err_size)
{
	struct elf_output o = {
		.path = path, .check = read_as != NULL,
		.read_as = read_as ? *read_as : (struct stat){ 0 },
	};
	int ret = begin(&o, err, err_size);

	if (ret)
		return ret;
	ret = commit(&o, data, size, err, err_size);
	if (ret)
		atomic_file_discard(&o.file);
	else if ((ret = atomic_file_commit(&o.file)))
		errmsg(err, err_size, ret, path, "cannot replace it: %s",
		       strerror(-ret));
	elf_rewrite_free(o.rewrite);
	return ret;
}
