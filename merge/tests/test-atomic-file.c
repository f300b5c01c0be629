// SPDX-License-Identifier: MIT
/*
 * test-atomic-file.c — atomic_file.h: a file replaced as a whole, through
 * a symbolic link too, keeping nothing else in its directory; nothing
 * changed or left when given up; no name for the new file while it is
 * written, where the file system allows it.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>

#include "atomic_file.h"
#include "test_util.h"

static char dir[200];

static const char *path_of(const char *name)
{
	return test_path(dir, name);
}

/* The names in the scratch directory, sorted, space-separated. */
static const char *listing(void)
{
	static char out[1024];
	struct dirent **names;
	int n = scandir(dir, &names, NULL, alphasort);

	out[0] = '\0';
	for (int i = 0; i < n; i++) {
		if (strcmp(names[i]->d_name, ".") &&
		    strcmp(names[i]->d_name, "..")) {
			if (out[0])
				strncat(out, " ", sizeof(out) - strlen(out) - 1);
			strncat(out, names[i]->d_name,
				sizeof(out) - strlen(out) - 1);
		}
		free(names[i]);
	}
	free(names);
	return out;
}

static bool has_contents(const char *path, const char *text)
{
	size_t size;
	char *data = read_file(path, &size);
	bool same = data && size == strlen(text) && !memcmp(data, text, size);

	free(data);
	return same;
}

static bool write_text(int fd, const char *text)
{
	return write(fd, text, strlen(text)) == (ssize_t)strlen(text);
}

static void test_replace(void)
{
	struct atomic_file f;
	char why[256] = "";
	int ret;

	write_file(path_of("target"), "old", 3);
	ret = atomic_file_open(&f, path_of("target"));
	if (ret) {
		fail("replaced", "open: %s", strerror(-ret));
		return;
	}
	if (!write_text(f.fd, "new contents"))
		snprintf(why, sizeof(why), "cannot write");
	if (!why[0] && f.unnamed && strcmp(listing(), "target"))
		snprintf(why, sizeof(why), "while written, the directory has %s",
			 listing());
	if (!why[0] && !has_contents(path_of("target"), "old"))
		snprintf(why, sizeof(why), "changed before the commit");
	ret = atomic_file_commit(&f);
	if (!why[0] && ret)
		snprintf(why, sizeof(why), "commit: %s", strerror(-ret));
	if (!why[0] && !has_contents(path_of("target"), "new contents"))
		snprintf(why, sizeof(why), "not replaced");
	if (!why[0] && strcmp(listing(), "target"))
		snprintf(why, sizeof(why), "the directory has %s", listing());
	check(f.unnamed ? "replaced (the new file unnamed until then)" :
			  "replaced (the file system has no O_TMPFILE)",
	      !why[0], why);
}

static void test_discard(void)
{
	struct atomic_file f;
	int ret = atomic_file_open(&f, path_of("target"));

	if (ret) {
		fail("given up", "open: %s", strerror(-ret));
		return;
	}
	write_text(f.fd, "never seen");
	atomic_file_discard(&f);
	check("given up: the file as it was, nothing left",
	      has_contents(path_of("target"), "new contents") &&
	      !strcmp(listing(), "target"), listing());
}

/* Through a symbolic link: the file it points to is replaced. */
static void test_symlink(void)
{
	struct atomic_file f;
	struct stat st;
	int ret;

	if (symlink("target", path_of("link"))) {
		fail("through a symbolic link", "symlink: %s", strerror(errno));
		return;
	}
	ret = atomic_file_open(&f, path_of("link"));
	if (!ret) {
		write_text(f.fd, "via link");
		ret = atomic_file_commit(&f);
	}
	check("through a symbolic link: its target replaced, the link kept",
	      !ret && has_contents(path_of("target"), "via link") &&
	      !lstat(path_of("link"), &st) && S_ISLNK(st.st_mode) &&
	      !strcmp(listing(), "link target"),
	      ret ? strerror(-ret) : listing());
	unlink(path_of("link"));
}

static void test_no_directory(void)
{
	struct atomic_file f;
	int ret = atomic_file_open(&f, path_of("no-such-dir/file"));

	if (!ret)
		atomic_file_discard(&f);
	check("a directory that does not exist: ENOENT", ret == -ENOENT,
	      ret ? strerror(-ret) : "opened");
}

int main(void)
{
	snprintf(dir, sizeof(dir), "%s", test_make_dir());
	test_replace();
	test_discard();
	test_symlink();
	test_no_directory();
	test_cleanup_dir(dir);
	return test_exit();
}
