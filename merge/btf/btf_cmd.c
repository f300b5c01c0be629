// SPDX-License-Identifier: MIT
/*
 * btf_cmd.c — `truesig btf`: describe the true signatures of a file's
 * functions in BTF.
 *
 *   truesig btf [-q] (-o OUT | --in-place) [--base BTF_OR_ELF]
 *               [--btf BTF_OR_ELF] FILE
 *
 * Reads FILE's records and its .BTF (if any; or the BTF --btf names), adds
 * what the records need (btf_types.c, btf_funcs.c), drops tags that no
 * longer apply (btf_prune.c) and writes the result (btf_output.c).  Nothing
 * is written before everything has been read and checked.
 */
#include <elf.h>
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "btf_cmd.h"
#include "btf_convert.h"
#include "cli.h"
#include "btf_input.h"
#include "btf_output.h"
#include "load.h"


static const char help_text[] =
"\n"
"Describe the true signature of each function recorded in FILE's\n"
".debug_truesig section as BTF: a FUNC named as the function's symbol\n"
"(foo.isra.0) with the prototype it really has, and decl tags saying where\n"
"each parameter comes from (docs/FORMAT.md, \"BTF produced by truesig\n"
"btf\").  Types that FILE's .BTF (or the base) already has are used, not\n"
"added again; a FUNC of the symbol's name with a wrong prototype is\n"
"corrected.\n"
"\n"
"  -o OUT          write the BTF (FILE's .BTF with the additions) to OUT,\n"
"                  as a raw BTF file ('-': standard output)\n"
"  --in-place      replace FILE's .BTF section, or add one; FILE is\n"
"                  replaced atomically and unchanged when nothing is new\n"
"  --base FILE2    split BTF on FILE2's BTF (raw BTF or an ELF file's\n"
"                  .BTF), as a kernel module's is on vmlinux's\n"
"  --btf FILE3     extend FILE3's BTF (raw BTF or an ELF file's .BTF), not\n"
"                  FILE's .BTF: BTF the build keeps apart from FILE, as\n"
"                  pahole --btf_encode_detached writes it (with -o; OUT\n"
"                  may be FILE3)\n"
"  -q, --quiet     no summary and no notes on stderr, only errors\n"
"\n"
"The summary on stderr counts records read, FUNCs added, corrected and\n"
"already right, and BTF types reused and added.  --in-place keeps every\n"
"other byte of FILE where it is and puts the new .BTF and section headers\n"
"after them.\n";

const struct cli_command btf_command = {
	.name = "btf",
	.synopsis = "[-q] (-o OUT | --in-place) [--base BTF_OR_ELF] "
		    "[--btf BTF_OR_ELF] FILE",
	.summary = "describe the true signatures of FILE's functions in BTF",
	.help = help_text,
	.run = cmd_btf,
	.trouble = CLI_EXIT_FAIL,
};

struct options {
	const char	*file;
	const char	*out;
	const char	*base;
	const char	*btf;
	bool		 in_place;
	bool		 quiet;
};

static bool same_file(const char *a, const char *b)
{
	struct stat x, y;

	return !stat(a, &x) && !stat(b, &y) && x.st_dev == y.st_dev &&
	       x.st_ino == y.st_ino;
}

/* CLI_GO_ON, or the status to exit with now (cli_getopt). */
static int parse_options(int argc, char **argv, struct options *o)
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "in-place", no_argument, NULL, 'i' },
		{ "base", required_argument, NULL, 'b' },
		{ "btf", required_argument, NULL, 'B' },
		{ "quiet", no_argument, NULL, 'q' },
		{ NULL, 0, NULL, 0 },
	};
	int c, status;

	memset(o, 0, sizeof(*o));
	cli_getopt_reset();
	while ((c = cli_getopt(&btf_command, argc, argv, "o:q", longopts,
			       &status)) != -1) {
		if ((c == 'o' || c == 'b' || c == 'B') && !optarg[0])
			return cli_usage_error("btf", "%s needs an argument",
					       c == 'o' ? "-o" : c == 'b' ? "--base" : "--btf");
		switch (c) {
		case 'o': o->out = optarg; break;
		case 'i': o->in_place = true; break;
		case 'b': o->base = optarg; break;
		case 'B': o->btf = optarg; break;
		case 'q': o->quiet = true; break;
		}
	}
	if (status != CLI_GO_ON)
		return status;
	o->file = cli_one_operand(&btf_command, argc, argv, "FILE");
	if (!o->file)
		return CLI_EXIT_USAGE;
	if (!o->out == !o->in_place)
		return cli_usage_error("btf", "give exactly one of -o OUT and --in-place");
	if (o->out && same_file(o->out, o->file))
		return cli_usage_error("btf", "-o %s would overwrite FILE: use --in-place",
				       o->out);
	if (o->btf && o->in_place)
		return cli_usage_error("btf", "--btf %s: the BTF is not FILE's; write it with -o",
				       o->btf);
	return CLI_GO_ON;
}

static const char *plural(unsigned n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

int cmd_btf(int argc, char **argv)
{
	struct btf_convert_result res;
	struct btf_input in;
	struct loaded_file f;
	struct options o;
	const void *data;
	uint32_t size;
	char err[1024];
	char done[1100];
	int ret;

	ret = parse_options(argc, argv, &o);
	if (ret != CLI_GO_ON)
		return ret;
	/* Past a file size limit, writes fail and we clean up. */
	signal(SIGXFSZ, SIG_IGN);

	if (!load_file(o.file, &f))
		return CLI_EXIT_FAIL;
	if (btf_input_open(f.elf, o.btf, o.base, &in, err, sizeof(err))) {
		fprintf(stderr, "truesig: %s\n", err);
		unload_file(&f);
		return CLI_EXIT_FAIL;
	}
	ret = CLI_EXIT_FAIL;
	if (btf_convert(&in, &f, o.file, o.quiet, &res, err, sizeof(err))) {
		fprintf(stderr, "truesig: %s\n", err);
		goto out;
	}
	data = btf__raw_data(in.btf, &size);
	if (!data) {
		fprintf(stderr, "truesig: %s: cannot encode BTF: %s\n", o.file,
			strerror(errno));
		goto out;
	}

	if (o.out) {
		/* libbpf read .BTF on its own: was it from the same file? */
		if (!elf_input_unchanged(f.elf)) {
			fprintf(stderr,
				"truesig: %s: changed while truesig worked on it; nothing written\n",
				o.file);
			goto out;
		}
		if (btf_output_raw(o.out, data, size, err, sizeof(err))) {
			fprintf(stderr, "truesig: %s\n", err);
			goto out;
		}
		snprintf(done, sizeof(done), "wrote %s", o.out);
	} else if (in.has_section && !res.added && !res.funcs.corrected &&
		   !res.removed) {
		snprintf(done, sizeof(done), "%s unchanged", o.file);
	} else {
		if (in.has_section && in.section_alloc &&
		    f.elf->type != ET_REL && size != in.section_size) {
			fprintf(stderr,
				"truesig: %s: .BTF is part of the loaded image (SHF_ALLOC): it cannot change size (%llu to %u bytes) without relinking; write it with -o and link it in\n",
				o.file, (unsigned long long)in.section_size,
				size);
			goto out;
		}
		if (btf_output_elf(o.file, &f.elf->stat, data, size, err,
				   sizeof(err))) {
			fprintf(stderr, "truesig: %s\n", err);
			goto out;
		}
		snprintf(done, sizeof(done), "%s .BTF in %s",
			 in.has_section ? "replaced" : "added", o.file);
	}
	ret = 0;
	if (!o.quiet)
		fprintf(stderr,
			"truesig: %s: %u %s read (%u cold %s); FUNCs: %u added, %u corrected, %u already right, %u shared, %u skipped; types: %u reused, %u added, %zu removed; %s\n",
			o.file, res.funcs.records,
			plural(res.funcs.records, "record", "records"),
			res.funcs.cold,
			plural(res.funcs.cold, "fragment", "fragments"),
			res.funcs.added, res.funcs.corrected, res.funcs.right,
			res.funcs.shared, res.funcs.skipped, res.reused,
			res.added, res.removed, done);
out:
	btf_input_close(&in);
	unload_file(&f);
	return ret;
}
