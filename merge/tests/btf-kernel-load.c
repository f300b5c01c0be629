// SPDX-License-Identifier: MIT
/*
 * btf-kernel-load.c — let the running kernel judge a BTF file.
 *
 *   btf-kernel-load FILE
 *
 * Loads FILE's BTF (raw BTF, or an ELF file's .BTF) into the kernel with
 * BPF_BTF_LOAD, which runs the kernel's BTF verifier, and prints one line:
 *
 *   loaded                        exit 0: the kernel accepts it
 *   rejected: LOG                 exit 1: the kernel's reason (its log)
 *   unsupported: REASON           exit 77: the kernel may not be asked
 *                                 (no permission, no bpf(2), no BTF)
 *   error: REASON                 exit 2: FILE could not be read
 *
 * The testsuite (testsuite/truesig.btf) runs it on what `truesig btf`
 * writes.  It is a test helper, not part of the tool.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <bpf/btf.h>
#include <bpf/libbpf.h>

static char log_text[8192];

/* libbpf prints the kernel's log when a load fails: keep all of it. */
static int keep(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	size_t len = strlen(log_text);

	(void)level;
	if (len + 1 < sizeof(log_text))
		vsnprintf(log_text + len, sizeof(log_text) - len, fmt, ap);
	return 0;
}

static void one_line(char *s)
{
	for (; *s; s++)
		if (*s == '\n' || *s == '\t')
			*s = ' ';
}

int main(int argc, char **argv)
{
	unsigned char magic[4] = { 0 };
	struct btf *btf;
	int fd, err;

	if (argc != 2) {
		fprintf(stderr, "usage: %s FILE\n", argv[0]);
		return 2;
	}
	libbpf_set_print(keep);
	fd = open(argv[1], O_RDONLY);
	if (fd < 0 || read(fd, magic, 4) != 4) {
		printf("error: %s: %s\n", argv[1], strerror(errno));
		return 2;
	}
	close(fd);
	btf = memcmp(magic, "\177ELF", 4) ? btf__parse_raw(argv[1]) :
					    btf__parse_elf(argv[1], NULL);
	if (!btf) {
		printf("error: %s: cannot parse BTF: %s\n", argv[1],
		       strerror(errno));
		return 2;
	}
	log_text[0] = '\0';
	err = btf__load_into_kernel(btf);
	btf__free(btf);
	if (!err) {
		printf("loaded\n");
		return 0;
	}
	if (err == -EPERM || err == -EACCES || err == -ENOSYS ||
	    err == -EOPNOTSUPP) {
		printf("unsupported: the kernel does not let this process load BTF (%s)\n",
		       strerror(-err));
		return 77;
	}
	one_line(log_text);
	printf("rejected: %s: %s\n", strerror(-err), log_text);
	return 1;
}
