// SPDX-License-Identifier: MIT
/*
 * test-cli.c — the truesig command: exit statuses, messages, the exact text
 * dump, and JSON that jq accepts.  Runs the truesig next to this test
 * binary (build/asan/truesig; `make check` builds it).
 */
#include <errno.h>
#include <libgen.h>

#include "elf_writer.h"
#include "section_builder.h"
#include "test_util.h"

static char *dir;
static char tool[1024];

static const char *path(const char *name)
{
	return test_path(dir, name);
}

/* Run truesig with args; capture stdout and stderr (free them). */
static int truesig(const char *args, char **out, char **err)
{
	int status = run("%s %s >%s 2>%s", tool, args, path("out"),
			 path("err"));

	*out = read_file(path("out"), NULL);
	*err = read_file(path("err"), NULL);
	if (!*out)
		*out = strdup("");
	if (!*err)
		*err = strdup("");
	return status;
}

/* Expect an exit status, and stdout/stderr equal to these (NULL: any). */
static void expect(const char *name, const char *args, int status,
		   const char *want_out, const char *want_err)
{
	char *out, *err;
	int got = truesig(args, &out, &err);

	if (got != status)
		fail(name, "exit %d, expected %d; stderr: %s", got, status, err);
	else if (want_out && strcmp(out, want_out))
		fail(name, "stdout <<%s>>, expected <<%s>>", out, want_out);
	else if (want_err && strcmp(err, want_err))
		fail(name, "stderr <<%s>>, expected <<%s>>", err, want_err);
	else
		pass(name);
	free(out);
	free(err);
}

/*
 * Expect `truesig CMD ARGS` to be a usage error: status 2, nothing on
 * stdout, "truesig: CMD: PROBLEM" and the --help hint on stderr.  The
 * test is called CMD_TEST.
 */
static void expect_usage_error(const char *cmd, const char *test,
			       const char *args, const char *problem)
{
	char name[64], line[256], want[512];

	snprintf(name, sizeof(name), "%s_%s", cmd, test);
	snprintf(line, sizeof(line), "%s %s", cmd, args);
	snprintf(want, sizeof(want), "truesig: %s: %s\nTry 'truesig %s --help'.\n",
		 cmd, problem, cmd);
	expect(name, line, 2, "", want);
}

/* TEXT's first paragraph with each run of white space made one space. */
static char *first_paragraph(const char *text)
{
	const char *end = strstr(text, "\n\n");
	size_t n = end ? (size_t)(end - text) : strlen(text);
	char *s = malloc(n + 1), *o = s;

	if (!s)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		bool space = text[i] == ' ' || text[i] == '\n';

		if (!space)
			*o++ = text[i];
		else if (o > s && o[-1] != ' ')
			*o++ = ' ';
	}
	while (o > s && o[-1] == ' ')
		o--;
	*o = '\0';
	return s;
}

/*
 * The synopsis of CMD is written once: its --help's usage line, unwrapped,
 * is the line `truesig --help` lists for it.
 */
static void expect_same_synopsis(const char *cmd)
{
	char *out, *err, *list, *usage, want[512], name[64];

	snprintf(name, sizeof(name), "%s_synopsis_once", cmd);
	snprintf(want, sizeof(want), "%s --help", cmd);
	if (truesig(want, &out, &err)) {
		fail(name, "%s --help failed: %s", cmd, err);
		free(out);
		free(err);
		return;
	}
	usage = first_paragraph(out);
	free(out);
	free(err);
	truesig("--help", &list, &err);
	free(err);
	/* "  truesig CMD SYNOPSIS\n      summary" in the list */
	snprintf(want, sizeof(want), "\n  truesig %s ", cmd);
	out = strstr(list, want);
	if (!usage || !out) {
		fail(name, "no line for %s in truesig --help", cmd);
	} else {
		char *eol = strchr(out + 1, '\n');

		snprintf(want, sizeof(want), "usage: %.*s",
			 (int)(eol ? eol - out - 3 : 0), out + 3);
		if (strcmp(usage, want))
			fail(name, "--help says <<%s>>, truesig --help <<%s>>",
			     usage, want);
		else
			pass(name);
	}
	free(usage);
	free(list);
}

/* Expect stdout to start with `prefix` (and exit 0, stderr empty). */
static void expect_prefix(const char *name, const char *args,
			  const char *prefix)
{
	char *out, *err;
	int got = truesig(args, &out, &err);

	if (got != 0 || err[0])
		fail(name, "exit %d, stderr: %s", got, err);
	else if (strncmp(out, prefix, strlen(prefix)))
		fail(name, "stdout <<%s>> does not start with <<%s>>", out,
		     prefix);
	else
		pass(name);
	free(out);
	free(err);
}

static const char *cc(void)
{
	const char *c = getenv("CC");

	return c && c[0] ? c : "gcc";
}

/* An object with foo.isra.0 at 0 and the sample unit plus bar.constprop.0
   as its section `name` (.debug_truesig, or .truesig as older plugins
   named it); version patched to `version`. */
static bool make_object(const char *file, const char *name, unsigned version)
{
	static const char src[] =
		"int foo_isra(int x) __asm__(\"foo.isra.0\");\n"
		"int foo_isra(int x) { return x; }\n";
	struct sb_buf img = { 0 };
	struct sb_unit u;
	bool ok;

	sb_unit_init(&u, false, 8, EM_X86_64);
	sb_sample_types(&u);
	sb_sample_records(&u, 0, 0x10);
	sb_extra_record(&u, 0x20);
	sb_finish(&u, &img, NULL);
	sb_unit_free(&u);
	img.data[offsetof(struct ts_unit_header, version)] = (uint8_t)version;

	ok = write_file(path("img"), img.data, img.len) &&
	     write_file(path("foo.c"), src, sizeof(src) - 1) &&
	     !run("%s -c -o %s %s", cc(), path("foo.o"), path("foo.c")) &&
	     !run("objcopy --add-section %s=%s --set-section-flags "
		  "%s=noload,readonly %s %s", name, path("img"), name,
		  path("foo.o"), file);
	sb_free(&img);
	return ok;
}

static const char golden_text[] =
"unit test.c (GCC 12.2.0, truesig 2): x86-64, 64-bit, little-endian, 3 records\n"
"\n"
"foo.isra.0 at 0x0000000000000000 (global): isra\n"
"  source:   foo, declared at test.c:3\n"
"  declared: int foo(int x, struct s p, int *q, int n)\n"
"  true:     int foo.isra.0(int x, int p.b)\n"
"  flags:    changed\n"
"  return:   int in eax\n"
"  param 0:  int x: copy of x; in edi\n"
"  param 1:  int p.b: value piece of p at offset 4 (4 bytes); in [sp+8]\n"
"  source 0: int x: passed\n"
"  source 1: struct s p: split\n"
"  source 2: int *q: removed\n"
"  source 3: int n: constant -5\n"
"\n"
"foo.cold at 0x0000000000000010 (no symbol): isra, cold\n"
"  source:   foo, declared at test.c:3\n"
"  cold fragment of foo.isra.0, not an entry point\n"
"  flags:    changed\n"
"\n"
"bar.constprop.0 at 0x0000000000000020 (no symbol): constprop, isra\n"
"  source:   bar, declared at lib/bar.c:42\n"
"  declared: const char *bar(int (*cb)(int, const char *, ...), const char *name, struct s big, int u)\n"
"  true:     void bar.constprop.0(const char *name, struct s big, int arg2, char name[2])\n"
"  flags:    changed, incomplete (unmapped parameters are new)\n"
"  return:   dropped (the declared const char * is not returned)\n"
"  sret:     pointer in rdi\n"
"  chain:    static chain in r10\n"
"  param 0:  const char *name: copy of name; in rsi\n"
"  param 1:  struct s big: copy of big; in rdx (bytes 0-3), rcx (bytes 4-7)\n"
"  param 2:  int arg2: new, no source parameter; in [sp+8]\n"
"  param 3:  char name[2]: loaded through name from offset 2 (1 byte); in [[sp+16]]\n"
"  source 0: int (*cb)(int, const char *, ...): constant &handler\n"
"  source 1: const char *name: split\n"
"  source 2: struct s big: passed\n"
"  source 3: int u: constant 4000000000\n";

/* A version 3 unit in a section called `section`: refused, by that name. */
static void expect_bad_version(const char *name, const char *section)
{
	char obj[512], args[1200], want[1200];

	snprintf(obj, sizeof(obj), "%s/%s.o", dir, name);
	if (!make_object(obj, section, 3)) {
		fail(name, "could not build the object");
		return;
	}
	snprintf(args, sizeof(args), "dump --json %s", obj);
	snprintf(want, sizeof(want),
		 "truesig: %s: %s: offset 0x0: unsupported .truesig version 3 (this tool reads 1 to 2)\n",
		 obj, section);
	expect(name, args, 1, "", want);
}

static void test_dump(void)
{
	char obj[512], args[1200], want[1200];

	/* Copies: path() reuses its buffers. */
	snprintf(obj, sizeof(obj), "%s", path("dump.o"));

	if (!make_object(obj, TRUESIG_SECTION, 1)) {
		fail("dump_text", "could not build the object");
		return;
	}
	snprintf(args, sizeof(args), "dump %s", obj);
	expect("dump_text", args, 0, golden_text, "");

	snprintf(args, sizeof(args), "dump --json %s | jq -e '"
		 ".records | length == 3 and "
		 ".[0].binding == \"global\" and .[1].binding == null and "
		 ".[0].params[1].origin.path == \"p.b\" and "
		 ".[0].params[1].location[0].stack == 8 and "
		 ".[0].source_params[3].constant == -5 and "
		 ".[1].cold_fragment and .[1].parent == \"foo.isra.0\" and "
		 ".[2].return.dropped and .[2].return.type == \"void\" and "
		 ".[2].source_params[0].constant == \"&handler\" and "
		 ".[2].source_params[3].constant == 4000000000 and "
		 ".[2].params[2].origin.param == null and "
		 ".[2].params[3].location[0].indirect and "
		 ".[2].sret[0].reg == \"rdi\" and "
		 ".[2].static_chain[0].dwarf_reg == 10 and "
		 ".[2].kinds == [\"constprop\", \"isra\"]'", obj);
	expect("dump_json_jq", args, 0, "true\n", "");

	snprintf(args, sizeof(args), "dump --json %s | jq -e '"
		 ".units == [{\"producer\": \"GCC 12.2.0, truesig 2\", "
		 "\"name\": \"test.c\", \"machine\": 62, \"addr_size\": 8, "
		 "\"byte_order\": \"little\"}]'", obj);
	expect("dump_json_units", args, 0, "true\n", "");

	snprintf(args, sizeof(args), "dump -- %s", obj);
	expect_prefix("dump_double_dash", args, "unit test.c");

	/* The section's name before .debug_truesig: read the same. */
	snprintf(obj, sizeof(obj), "%s", path("old-name.o"));
	if (!make_object(obj, TRUESIG_SECTION_OLD, 1)) {
		fail("dump_old_name", "could not build the object");
		return;
	}
	snprintf(args, sizeof(args), "dump %s", obj);
	expect("dump_old_name", args, 0, golden_text, "");

	/* A message names the section as the file does. */
	expect_bad_version("dump_bad_version", TRUESIG_SECTION);
	expect_bad_version("dump_bad_version_old_name", TRUESIG_SECTION_OLD);

	snprintf(args, sizeof(args), "dump %s", path("foo.o"));
	snprintf(want, sizeof(want), "truesig: %s: no .debug_truesig section\n",
		 path("foo.o"));
	expect("dump_no_section", args, 1, "", want);

	snprintf(args, sizeof(args), "dump %s", path("foo.c"));
	snprintf(want, sizeof(want), "truesig: %s: not an ELF file\n",
		 path("foo.c"));
	expect("dump_not_elf", args, 1, "", want);
}

/* A big-endian aarch64 object written with libelf. */
static void test_big_endian(void)
{
	struct sb_buf img = { 0 };
	struct sb_unit u;
	struct ew_file f = {
		.elf_class = ELFCLASS64, .data = ELFDATA2MSB,
		.machine = EM_AARCH64, .rela = true,
	};
	char args[1200];

	sb_unit_init(&u, true, 8, EM_AARCH64);
	sb_sample_types(&u);
	sb_sample_records(&u, 0x40, 0x80);
	sb_finish(&u, &img, NULL);
	sb_unit_free(&u);
	f.image = img.data;
	f.image_size = img.len;
	if (!ew_write(path("be.o"), &f)) {
		fail("dump_big_endian", "could not write the ELF file");
	} else {
		snprintf(args, sizeof(args), "dump %s", path("be.o"));
		expect_prefix("dump_big_endian", args,
			      "unit test.c (GCC 12.2.0, truesig 2): aarch64, 64-bit, big-endian, 2 records\n"
			      "\n"
			      "foo.isra.0 at 0x0000000000000040 (no symbol): isra\n");
		snprintf(args, sizeof(args),
			 "dump --json %s | jq -e '.units[0].byte_order == \"big\" and "
			 ".records[0].address == 64'", path("be.o"));
		expect("dump_big_endian_json", args, 0, "true\n", "");
	}
	sb_free(&img);
}

/* Every command's command line follows one convention (cli.h). */
static void test_conventions(void)
{
	static const char *const commands[] = {	/* those of one FILE first */
		"dump", "btf", "compare", "verify", "diff", "find",
	};

	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
		const char *c = commands[i];
		char name[64], args[64], want[160];

		expect_usage_error(c, "unknown_option", "--frob x y",
				   "unknown option '--frob'");
		expect_usage_error(c, "unknown_short", "-Z x y",
				   "unknown option '-Z'");
		for (int h = 0; h < 2; h++) {
			snprintf(name, sizeof(name), "%s_help_%d", c, h);
			snprintf(args, sizeof(args), "%s %s", c, h ? "--help" : "-h");
			snprintf(want, sizeof(want), "usage: truesig %s ", c);
			expect_prefix(name, args, want);
		}
		expect_same_synopsis(c);
	}
	/* The commands of one FILE say the same of none and of two. */
	for (size_t i = 0; i < 3; i++) {
		expect_usage_error(commands[i], "no_file", "", "no FILE given");
		expect_usage_error(commands[i], "two_files", "a.o b.o",
				   "more than one FILE ('b.o')");
	}
	expect_usage_error("diff", "quiet_json", "-q --json a.o b.o",
			   "--json and -q exclude each other");
	expect_usage_error("btf", "missing_argument", "x.o --base",
			   "--base needs an argument");
	expect_usage_error("btf", "empty_argument", "-o '' x.o",
			   "-o needs an argument");
	/* verify's options end at PROGRAM: the rest are PROGRAM's. */
	expect_usage_error("verify", "no_program", "-q", "no PROGRAM given");
}

int main(int argc, char **argv)
{
	char self[1024];

	(void)argc;
	snprintf(self, sizeof(self), "%s", argv[0]);
	snprintf(tool, sizeof(tool), "%s/truesig", dirname(self));
	if (access(tool, X_OK)) {
		fail("setup", "%s not found (make it first)", tool);
		return test_exit();
	}
	dir = test_make_dir();
	if (!dir) {
		fail("setup", "mkdtemp: %s", strerror(errno));
		return test_exit();
	}

	expect_prefix("help", "--help", "usage: truesig COMMAND [ARGS]\n");
	expect("version", "--version", 0,
	       "truesig 0.1 (reads .truesig format versions 1 to 2)\n", "");
	expect("no_arguments", "", 2, "", NULL);
	expect("unknown_command", "frobnicate", 2, "",
	       "truesig: unknown command 'frobnicate'\nTry 'truesig --help'.\n");
	expect("dump_without_file", "dump", 2, "", NULL);
	expect_usage_error("dump", "xml_option", "--xml x.o",
			   "unknown option '--xml'");
	expect("dump_two_files", "dump a.o b.o", 2, "", NULL);
	expect_prefix("dump_help", "dump --help", "usage: truesig dump");
	expect("dump_missing_file", "dump /nonexistent/x.o", 1, "",
	       "truesig: /nonexistent/x.o: No such file or directory\n");
	expect("dump_directory", "dump /", 1, "",
	       "truesig: /: a directory, not an ELF file\n");
	expect("dump_not_regular", "dump /dev/null", 1, "",
	       "truesig: /dev/null: not a regular file\n");
	test_conventions();
	test_dump();
	test_big_endian();

	test_cleanup_dir(dir);
	return test_exit();
}
