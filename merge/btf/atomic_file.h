/* SPDX-License-Identifier: MIT */
/*
 * atomic_file.h — replace a file all at once.
 *
 * The new contents go into a new file in the same directory, which is
 * then renamed over the old one: readers, and a truesig killed at any
 * moment, see the old file or the whole new one.  It is not flushed to
 * disk first (see btf_output.c); file systems such as ext4 write a file
 * renamed over another before the rename itself.
 * Where the file system allows it (O_TMPFILE), the new file has no name
 * until it is complete, so that a truesig killed while writing it leaves
 * nothing behind; elsewhere it is ".NAME.tmp-XXXXXX" next to NAME from
 * the start, removed on every failure truesig lives through.
 */
#ifndef TRUESIG_ATOMIC_FILE_H
#define TRUESIG_ATOMIC_FILE_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

struct atomic_file {
	int	 fd;			/* the new file, read and write */
	bool	 unnamed;		/* O_TMPFILE: named at commit */
	char	 target[PATH_MAX];	/* the file replaced, links resolved */
	char	 temp[PATH_MAX];	/* the new file's name, once it has one */
};

/*
 * Start replacing `path` (a symbolic link's target when it resolves): an
 * empty new file, mode 0600, in f->fd.  0 or -errno.
 */
int atomic_file_open(struct atomic_file *f, const char *path);

/*
 * Give the new file a name and rename it over the target.  Closes f->fd; on failure nothing is left.  0 or -errno.
 */
int atomic_file_commit(struct atomic_file *f);

/* Give up: close and remove the new file. */
void atomic_file_discard(struct atomic_file *f);

/*
 * Writes all SIZE bytes of DATA to FD, at OFFSET (pwrite) or, OFFSET
 * negative, at its file offset (write); retries after EINTR and short
 * writes.  0 or -errno.
 */
int write_full(int fd, const void *data, size_t size, long long offset);

#endif /* TRUESIG_ATOMIC_FILE_H */
