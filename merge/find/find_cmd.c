// SPDX-License-Identifier: MIT
/*
 * find_cmd.c — `truesig find [--btf FILE [--base FILE] | --btf-dir DIR |
 * --running] [--json | --bpftrace] NAME [ARG...]`.
 *
 * Reads BTF only (a vmlinux or module, an object, raw BTF, or a kernel's
 * /sys/kernel/btf: vmlinux and every module split on it) and prints each
 * function that stands for NAME (btf_source.h): NAME itself when the BTF
 * has it, and every clone, each with its prototype and, for each source
 * argument (or the ARGs named), where it is at entry.  --bpftrace prints a
 * bpftrace program instead (find_bpftrace.c).
 *
 * Everything is read before anything is written: bad input leaves
 * standard output empty.
 */
#define _GNU_SOURCE	/* asprintf */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>

#include "array.h"
#include "btf_input.h"
#include "btf_source.h"
#include "cli.h"
#include "find_cmd.h"
#include "find_output.h"

#define KERNEL_BTF_DIR	"/sys/kernel/btf"

struct find_options {
	const char	*btf;
	const char	*base;
	const char	*dir;		/* --btf-dir, or --running's */
	bool		 running;	/* the running kernel's own BTF */
	enum find_format format;
	bool		 quiet;		/* -q: the exit status alone */
	const char	*name;
	char	       **args;		/* the ARGs, NULL-terminated */
	int		 n_args;
};

/* The BTFs read: the first is the base of the others when dir is set. */
struct inputs {
	struct btf	**btf;
	char		**name;
	size_t		  n, cap_btf, cap_name;
	struct btf	 *base;		/* --base's */
};

static const char help_text[] =
"\n"
"Every function that stands for the function NAME as written (NAME itself\n"
"and its clones: NAME.isra.0, NAME.constprop.0, NAME.part.0, ...), with its\n"
"true prototype and where each source argument (or each ARG) is at entry,\n"
"from the truesig: tags `truesig btf` writes.\n"
"\n"
"  --btf FILE      BTF of a vmlinux, module or object, or raw BTF\n"
"  --base FILE     the base of FILE's split BTF (a module's vmlinux)\n"
"  --btf-dir DIR   vmlinux and the modules' BTF in DIR, laid out as\n"
"                  /sys/kernel/btf\n"
"  --running       the running kernel's: --btf-dir " KERNEL_BTF_DIR " (the default)\n"
"  --json          {\"function\", \"clones\": [{\"symbol\", \"prototype\", \"args\": [...]}]}\n"
"  --bpftrace      a bpftrace program attached to every one of them\n"
"  -q, --quiet     print nothing; the exit status says whether it is\n"
"                  there (messages on unreadable BTF still go to stderr)\n"
"\n"
"Exit status: 0 found, 1 no such function or argument, 2 usage error or\n"
"unreadable BTF.\n";

const struct cli_command find_command = {
	.name = "find",
	.synopsis = "[--btf FILE [--base FILE] | --btf-dir DIR | --running] "
		    "[-q] [--json | --bpftrace] NAME [ARG...]",
	.summary = "from BTF, every function that stands for NAME as written "
		   "and where each argument is",
	.help = help_text,
	.run = cmd_find,
	.trouble = CLI_EXIT_TROUBLE,
};

/* CLI_GO_ON, or the status to exit with now (cli_getopt). */
static int parse_options(int argc, char **argv, struct find_options *o)
{
	static const struct option longopts[] = {
		{ "btf", required_argument, NULL, 'B' },
		{ "base", required_argument, NULL, 'b' },
		{ "btf-dir", required_argument, NULL, 'D' },
		{ "running", no_argument, NULL, 'r' },
		{ "json", no_argument, NULL, 'j' },
		{ "bpftrace", no_argument, NULL, 't' },
		{ "quiet", no_argument, NULL, 'q' },
		{ NULL, 0, NULL, 0 },
	};
	bool running = false;
	int c, status;

	memset(o, 0, sizeof(*o));
	cli_getopt_reset();
	while ((c = cli_getopt(&find_command, argc, argv, "q", longopts,
			       &status)) != -1) {
		switch (c) {
		case 'q': o->quiet = true; break;
		case 'B': o->btf = optarg; break;
		case 'b': o->base = optarg; break;
		case 'D': o->dir = optarg; break;
		case 'r': running = true; break;
		case 'j':
		case 't':
			if (o->format != FIND_TEXT)
				return cli_usage_error("find", "--json and "
						       "--bpftrace exclude "
						       "each other");
			o->format = c == 'j' ? FIND_JSON : FIND_BPFTRACE;
			break;
		}
	}
	if (status != CLI_GO_ON)
		return status;
	if ((o->btf != NULL) + (o->dir != NULL) + running > 1)
		return cli_usage_error("find", "--btf, --btf-dir and --running "
				       "exclude each other");
	if (o->base && !o->btf)
		return cli_usage_error("find", "--base goes with --btf");
	if (!o->btf && !o->dir) {
		o->dir = KERNEL_BTF_DIR;
		o->running = true;
	}
	if (optind == argc)
		return cli_usage_error("find", "no NAME given");
	o->name = argv[optind];
	if (!o->name[0])
		return cli_usage_error("find", "an empty NAME");
	o->args = argv + optind + 1;
	o->n_args = argc - optind - 1;
	return CLI_GO_ON;
}

static void release_inputs(struct inputs *in)
{
	/* Split BTF before its base. */
	for (size_t i = in->n; i-- > 0;) {
		btf__free(in->btf[i]);
		free(in->name[i]);
	}
	btf__free(in->base);
	free(in->btf);
	free(in->name);
}

static int add_input(struct inputs *in, struct btf *btf, const char *name)
{
	struct btf **b = array_grow(in->btf, &in->cap_btf, sizeof(*b),
				    in->n + 1);
	char **n, *copy = strdup(name);

	if (b)
		in->btf = b;
	n = array_grow(in->name, &in->cap_name, sizeof(*n), in->n + 1);
	if (n)
		in->name = n;
	if (!b || !n || !copy) {
		free(copy);
		btf__free(btf);
		fprintf(stderr, "truesig: find: out of memory\n");
		return -ENOMEM;
	}
	in->btf[in->n] = btf;
	in->name[in->n++] = copy;
	return 0;
}

/* Read one BTF, checked unless it is the running kernel's own (which the
   kernel checked when it loaded it): false after saying why. */
static bool read_one(const char *path, struct btf *base, bool running,
		     struct btf **out)
{
	char err[1024];
	int ret;

	if (running)
		ret = btf_input_read_kernel(path, base, out, err, sizeof(err));
	else
		ret = btf_input_read(path, base, out, err, sizeof(err));
	if (ret == 0)
		return true;
	fprintf(stderr, "truesig: %s\n", err);
	return false;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* DIR/vmlinux, then every other file of DIR (a module's), split on it. */
static int read_dir(const char *dir, bool running, struct inputs *in)
{
	char *path = NULL, **names = NULL;
	size_t n = 0, cap = 0;
	struct btf *vmlinux;
	struct dirent *e;
	DIR *d;
	int ret = 0;

	if (asprintf(&path, "%s/vmlinux", dir) < 0)
		return -ENOMEM;
	if (!read_one(path, NULL, running, &vmlinux)) {
		free(path);
		return -EINVAL;
	}
	free(path);
	ret = add_input(in, vmlinux, "vmlinux");
	d = ret ? NULL : opendir(dir);
	if (!ret && !d) {
		fprintf(stderr, "truesig: %s: %s\n", dir, strerror(errno));
		return -errno;
	}
	/* In name order, so that the output does not depend on the
	   directory's. */
	while (d && !ret && (e = readdir(d))) {
		char **grown;

		if (e->d_name[0] == '.' || !strcmp(e->d_name, "vmlinux"))
			continue;
		grown = array_grow(names, &cap, sizeof(*names), n + 1);
		if (!grown || !(grown[n] = strdup(e->d_name))) {
			names = grown ? grown : names;
			ret = -ENOMEM;
			break;
		}
		names = grown;
		n++;
	}
	if (d)
		closedir(d);
	qsort(names, n, sizeof(*names), by_name);
	for (size_t i = 0; i < n && !ret; i++) {
		struct btf *module;

		if (asprintf(&path, "%s/%s", dir, names[i]) < 0) {
			ret = -ENOMEM;
			break;
		}
		if (read_one(path, vmlinux, running, &module))
			ret = add_input(in, module, names[i]);
		else
			ret = -EINVAL;
		free(path);
	}
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	if (ret == -ENOMEM)
		fprintf(stderr, "truesig: find: out of memory\n");
	return ret;
}

static int read_inputs(const struct find_options *o, struct inputs *in)
{
	struct btf *btf;

	if (o->dir)
		return read_dir(o->dir, o->running, in);
	if (o->base && !read_one(o->base, NULL, false, &in->base))
		return -EINVAL;
	if (!read_one(o->btf, in->base, false, &btf))
		return -EINVAL;
	return add_input(in, btf, o->btf);
}

/* The base of input i, or NULL. */
static const struct btf *base_of(const struct find_options *o,
				 const struct inputs *in, size_t i)
{
	if (o->dir)
		return i ? in->btf[0] : NULL;
	return in->base;
}

/* Every ARG is some function's argument: true, or false after saying
   which is not. */
static bool args_known(const struct find_options *o,
		       const struct truesig_lookup *l)
{
	for (int k = 0; k < o->n_args; k++) {
		bool known = false;

		for (size_t i = 0; i < l->n_funcs && !known; i++)
			known = source_func_arg(&l->funcs[i], o->args[k]);
		if (!known) {
			if (!o->quiet)
				fprintf(stderr, "truesig: find: %s has no "
					"argument '%s' that its BTF names\n",
					o->name, o->args[k]);
			return false;
		}
	}
	return true;
}

int cmd_find(int argc, char **argv)
{
	struct find_options o;
	struct inputs in = { 0 };
	struct truesig_lookup l;
	char err[1024];
	int ret;

	ret = parse_options(argc, argv, &o);
	if (ret != CLI_GO_ON)
		return ret;
	if (source_lookup_init(&l, o.name)) {
		fprintf(stderr, "truesig: find: out of memory\n");
		return CLI_EXIT_TROUBLE;
	}
	ret = read_inputs(&o, &in) ? CLI_EXIT_TROUBLE : CLI_EXIT_OK;
	for (size_t i = 0; i < in.n && !ret; i++)
		if (source_lookup_add(&l, in.btf[i], base_of(&o, &in, i),
				      in.name[i], err, sizeof(err))) {
			fprintf(stderr, "truesig: %s\n", err);
			ret = CLI_EXIT_TROUBLE;
		}
	if (!ret && !l.n_funcs) {
		if (!o.quiet)
			fprintf(stderr, "truesig: find: no function %s in %s\n",
				o.name, o.btf ? o.btf : o.dir);
		ret = CLI_EXIT_NOT_FOUND;
	}
	if (!ret && !args_known(&o, &l))
		ret = CLI_EXIT_NOT_FOUND;
	if (!ret && !o.quiet) {
		find_print(stdout, &l, o.format, (const char *const *)o.args,
			   (size_t)o.n_args, in.n > 1);
		ret = cli_flush_output() ? CLI_EXIT_OK : CLI_EXIT_TROUBLE;
	}
	source_lookup_release(&l);
	release_inputs(&in);
	return ret;
}
