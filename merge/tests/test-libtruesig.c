// SPDX-License-Identifier: MIT
/*
 * test-libtruesig.c — the public API of <truesig/truesig.h> on ELF files
 * written with libelf: every accessor on records with every part, the
 * name indexes over two units, open from memory, the errno values and
 * messages of files it cannot read, and silence without a callback.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <truesig/truesig.h>

#include "elf_writer.h"
#include "section_builder.h"
#include "test_util.h"

static char message[1024];
static int messages;

static int capture(enum truesig_print_level level, const char *format,
		   va_list args)
{
	messages++;
	if (level == TRUESIG_WARN)
		vsnprintf(message, sizeof(message), format, args);
	return 0;
}

static void expect_str(const char *name, const char *got, const char *want)
{
	if (!got || strcmp(got, want))
		fail(name, "got \"%s\", expected \"%s\"", got ? got : "(null)",
		     want);
	else
		pass(name);
}

static void expect_uint(const char *name, unsigned long long got,
			unsigned long long want)
{
	if (got != want)
		fail(name, "got %llu, expected %llu", got, want);
	else
		pass(name);
}

/* Two units: the sample records and the extra one in "test.c", the
   sample again (another static foo) in "other.c". */
static bool write_file_with_records(const char *path, struct sb_buf *img)
{
	struct sb_unit u;
	struct ew_file f = {
		.elf_class = ELFCLASS64, .data = ELFDATA2LSB,
		.machine = EM_X86_64,
	};

	sb_unit_init(&u, false, 8, EM_X86_64);
	sb_sample_types(&u);
	sb_sample_records(&u, 0x40, 0x80);
	sb_extra_record(&u, 0x20);
	sb_finish(&u, img, NULL);
	sb_unit_free(&u);

	sb_unit_init(&u, false, 8, EM_X86_64);
	u.name = "other.c";
	sb_sample_types(&u);
	sb_sample_records(&u, 0x100, 0x180);
	sb_finish(&u, img, NULL);
	sb_unit_free(&u);

	f.image = img->data;
	f.image_size = img->len;
	return ew_write(path, &f);
}

static void check_file(const char *how, const struct truesig_file *f)
{
	const struct truesig_record *foo, *cold, *bar, *r;
	const struct truesig_unit *unit;
	const struct truesig_param *p;
	const struct truesig_source_param *sp;
	char buf[128], name[160];

#define NAME(what) (snprintf(name, sizeof(name), "%s: %s", how, what), name)
	expect_uint(NAME("machine"), truesig_file__machine(f), EM_X86_64);
	expect_uint(NAME("address size"), truesig_file__addr_size(f), 8);
	expect_uint(NAME("little-endian"), truesig_file__big_endian(f), 0);
	expect_uint(NAME("two units"), truesig_file__unit_cnt(f), 2);
	expect_uint(NAME("five records"), truesig_file__record_cnt(f), 5);
	check(NAME("no record past the last"),
	      !truesig_file__record(f, 5) && !truesig_file__unit(f, 2), "");

	unit = truesig_file__unit(f, 0);
	expect_str(NAME("unit name"), truesig_unit__name(unit), "test.c");
	expect_str(NAME("producer"), truesig_unit__producer(unit),
		   "GCC 12.2.0, truesig 2");
	expect_uint(NAME("unit version"), truesig_unit__version(unit),
		    TRUESIG_VERSION);
	expect_uint(NAME("unit records"), truesig_unit__record_cnt(unit), 3);
	expect_str(NAME("second unit"),
		   truesig_unit__name(truesig_file__unit(f, 1)), "other.c");

	/* File order: unit by unit. */
	foo = truesig_file__record(f, 0);
	cold = truesig_file__record(f, 1);
	bar = truesig_file__record(f, 2);
	check(NAME("file order is unit order"),
	      truesig_unit__record(unit, 2) == bar &&
	      truesig_record__unit(bar) == unit &&
	      truesig_file__record(f, 3) ==
	      truesig_unit__record(truesig_file__unit(f, 1), 0), "");

	/* foo.isra.0 */
	expect_str(NAME("symbol"), truesig_record__symbol(foo), "foo.isra.0");
	expect_str(NAME("function"), truesig_record__function(foo), "foo");
	expect_str(NAME("decl file"), truesig_record__decl_file(foo), "test.c");
	expect_uint(NAME("decl line"), truesig_record__decl_line(foo), 3);
	expect_uint(NAME("address"), truesig_record__address(foo), 0x40);
	expect_uint(NAME("flags"), truesig_record__flags(foo), TS_RF_CHANGED);
	expect_str(NAME("kinds"), truesig_record__kinds_str(foo, ".", buf,
							   sizeof(buf)), "isra");
	expect_uint(NAME("return type"), truesig_record__return_type(foo),
		    SB_T_INT);
	expect_str(NAME("return location"),
		   truesig_location__str(truesig_record__loc(foo, TRUESIG_LOC_RETURN, 0),
					 buf, sizeof(buf)), "eax");
	expect_uint(NAME("four source parameters"),
		    truesig_record__source_param_cnt(foo), 4);
	sp = truesig_record__source_param(foo, 3);
	expect_str(NAME("source parameter name"),
		   truesig_source_param__name(sp), "n");
	expect_uint(NAME("constant fate"), truesig_source_param__fate(sp),
		    TS_FATE_CONSTANT);
	check(NAME("signed constant -5"),
	      truesig_source_param__const_kind(sp) == TS_CONST_SIGNED &&
	      (int64_t)truesig_source_param__const_value(sp) == -5, "");
	expect_uint(NAME("split fate"),
		    truesig_source_param__fate(truesig_record__source_param(foo, 1)),
		    TS_FATE_SPLIT);
	check(NAME("no source parameter past the last"),
	      !truesig_record__source_param(foo, 4), "");

	expect_uint(NAME("two real parameters"), truesig_record__param_cnt(foo),
		    2);
	p = truesig_record__param(foo, 1);
	expect_str(NAME("piece name"), truesig_param__name(p), "ISRA.3");
	expect_uint(NAME("piece how"), truesig_param__how(p),
		    TS_HOW_VALUE_PIECE);
	expect_uint(NAME("piece source"), truesig_param__source(p), 1);
	expect_str(NAME("piece path"), truesig_param__path(p), "p.b");
	expect_uint(NAME("piece offset"), truesig_param__offset(p), 4);
	expect_uint(NAME("piece size"), truesig_param__size(p), 4);
	expect_uint(NAME("piece locations"), truesig_param__loc_cnt(p), 1);
	expect_str(NAME("piece on the stack"),
		   truesig_location__str(truesig_param__loc(p, 0), buf,
					 sizeof(buf)), "[sp+8]");
	expect_uint(NAME("stack offset"),
		    truesig_location__stack_offset(truesig_param__loc(p, 0)), 8);
	expect_uint(NAME("no register for a stack location"),
		    (unsigned)truesig_location__reg(truesig_param__loc(p, 0)),
		    (unsigned)-1);
	p = truesig_record__param(foo, 0);
	expect_uint(NAME("register number"),
		    truesig_location__reg(truesig_param__loc(p, 0)), 5);
	expect_str(NAME("register name"),
		   truesig_location__reg_name(truesig_param__loc(p, 0)), "edi");
	check(NAME("no location past the last"), !truesig_param__loc(p, 1),
	      "");
	expect_str(NAME("type text"),
		   truesig_unit__type_str(unit, truesig_param__type(p), "x",
					  buf, sizeof(buf)), "int x");
	expect_str(NAME("pointer type text"),
		   truesig_unit__type_str(unit, SB_T_PTR_CONST_CHAR, "",
					  buf, sizeof(buf)), "const char *");
	expect_str(NAME("type out of range"),
		   truesig_unit__type_str(unit, 9999, "", buf, sizeof(buf)),
		   "?");
	expect_uint(NAME("type kind"), truesig_unit__type_kind(unit, SB_T_STRUCT_S),
		    TS_TYPE_STRUCT);
	expect_str(NAME("type name"), truesig_unit__type_name(unit, SB_T_STRUCT_S),
		   "s");
	expect_uint(NAME("type size"), truesig_unit__type_size(unit, SB_T_STRUCT_S),
		    8);

	/* foo.cold */
	expect_str(NAME("cold parent"), truesig_record__parent(cold),
		   "foo.isra.0");
	expect_str(NAME("cold kinds"), truesig_record__kinds_str(cold, ",", buf,
								sizeof(buf)),
		   "isra,cold");
	expect_uint(NAME("cold kind 1"), truesig_record__kind(cold, 1),
		    TS_KIND_COLD);
	expect_uint(NAME("no kind past the last"),
		    truesig_record__kind(cold, 2), TS_KIND_NONE);

	/* bar.constprop.0: the rarer parts. */
	check(NAME("return dropped"),
	      truesig_record__flags(bar) & TS_RF_RETURN_DROPPED, "");
	expect_uint(NAME("no return location"),
		    truesig_record__loc_cnt(bar, TRUESIG_LOC_RETURN), 0);
	expect_str(NAME("sret"),
		   truesig_location__str(truesig_record__loc(bar, TRUESIG_LOC_SRET, 0),
					 buf, sizeof(buf)), "rdi");
	expect_str(NAME("static chain"),
		   truesig_location__str(truesig_record__loc(bar, TRUESIG_LOC_CHAIN, 0),
					 buf, sizeof(buf)), "r10");
	sp = truesig_record__source_param(bar, 0);
	check(NAME("text constant"),
	      truesig_source_param__const_kind(sp) == TS_CONST_TEXT &&
	      !strcmp(truesig_source_param__const_text(sp), "&handler"), "");
	expect_uint(NAME("unsigned constant"),
		    truesig_source_param__const_value(truesig_record__source_param(bar, 3)),
		    4000000000u);
	p = truesig_record__param(bar, 1);
	expect_uint(NAME("a parameter in two registers"),
		    truesig_param__loc_cnt(p), 2);
	expect_uint(NAME("second piece offset"),
		    truesig_location__piece_offset(truesig_param__loc(p, 1)), 4);
	p = truesig_record__param(bar, 2);
	check(NAME("a new parameter has no source"),
	      truesig_param__how(p) == TS_HOW_NEW &&
	      truesig_param__source(p) == -1 && !truesig_param__name(p)[0],
	      "");
	p = truesig_record__param(bar, 3);
	expect_str(NAME("through a pointer, indirect"),
		   truesig_location__str(truesig_param__loc(p, 0), buf,
					 sizeof(buf)), "[[sp+16]]");
	expect_uint(NAME("no known pieces"),
		    truesig_record__known_piece_cnt(bar), 0);

	/* The name indexes, in file order across units. */
	r = truesig_file__find_symbol(f, "foo.isra.0", 0);
	check(NAME("find the first foo.isra.0"), r == foo, "");
	r = truesig_file__find_symbol(f, "foo.isra.0", 1);
	check(NAME("find the second, in other.c"),
	      r && r == truesig_file__record(f, 3), "");
	check(NAME("no third"), !truesig_file__find_symbol(f, "foo.isra.0", 2),
	      "");
	check(NAME("find bar.constprop.0"),
	      truesig_file__find_symbol(f, "bar.constprop.0", 0) == bar &&
	      !truesig_file__find_symbol(f, "bar.constprop.0", 1), "");
	check(NAME("no such symbol"),
	      !truesig_file__find_symbol(f, "foo", 0) &&
	      !truesig_file__find_symbol(f, "zzz", 0) &&
	      !truesig_file__find_symbol(f, "", 0) &&
	      !truesig_file__find_symbol(f, NULL, 0), "");
	check(NAME("function foo: its four records in file order"),
	      truesig_file__find_function(f, "foo", 0) == foo &&
	      truesig_file__find_function(f, "foo", 1) == cold &&
	      truesig_file__find_function(f, "foo", 2) ==
	      truesig_file__record(f, 3) &&
	      truesig_file__find_function(f, "foo", 3) ==
	      truesig_file__record(f, 4) &&
	      !truesig_file__find_function(f, "foo", 4), "");
	check(NAME("function bar"),
	      truesig_file__find_function(f, "bar", 0) == bar, "");
#undef NAME
}

/* Open `path`, expecting `want` (an errno) and `message`. */
static void expect_open_error(const char *name, const char *path, int want,
			      const char *want_message)
{
	struct truesig_file *f = (struct truesig_file *)1;
	char expected[1024];
	int ret;

	messages = 0;
	message[0] = '\0';
	ret = truesig_file__open(path, &f);
	snprintf(expected, sizeof(expected), "%s: %s\n", path, want_message);
	if (ret != -want)
		fail(name, "returned %d, expected -%d", ret, want);
	else if (f)
		fail(name, "*file is not NULL after a failure");
	else if (messages != 1 || strcmp(message, expected))
		fail(name, "%d messages, the last \"%s\", expected \"%s\"",
		     messages, message, expected);
	else
		pass(name);
}

int main(void)
{
	struct sb_buf img = { 0 };
	struct truesig_file *f;
	char *dir = test_make_dir();
	char path[512], bad[512], text[512], err_path[512];
	void *image;
	size_t size;
	int ret, saved, fd;

	snprintf(path, sizeof(path), "%s", test_path(dir, "two-units.o"));
	if (!write_file_with_records(path, &img)) {
		fail("write the test file", "libelf: %s", elf_errmsg(-1));
		return test_exit();
	}

	{
		char want[32];

		snprintf(want, sizeof(want), "%d.%d", LIBTRUESIG_MAJOR_VERSION,
			 LIBTRUESIG_MINOR_VERSION);
		expect_str("truesig_version is the header's", truesig_version(),
			   want);
	}
	check("the default callback is none", truesig_set_print(capture) == NULL,
	      "");

	ret = truesig_file__open(path, &f);
	if (ret) {
		fail("open", "%d: %s", ret, message);
	} else {
		check_file("open", f);
		truesig_file__close(f);
	}

	image = read_file(path, &size);
	ret = image ? truesig_file__open_mem("image", image, size, &f) : -1;
	if (image) {
		/* The library copied it: spoil ours. */
		memset(image, 0xff, size);
		free(image);
	}
	if (ret) {
		fail("open_mem", "%d: %s", ret, message);
	} else {
		check_file("open_mem", f);
		truesig_file__close(f);
	}
	truesig_file__close(NULL);
	pass("close NULL");

	check("open: NULL arguments are -EINVAL",
	      truesig_file__open(NULL, &f) == -EINVAL &&
	      truesig_file__open(path, NULL) == -EINVAL &&
	      truesig_file__open_mem("x", NULL, 4, &f) == -EINVAL, "");

	snprintf(bad, sizeof(bad), "%s", test_path(dir, "missing.o"));
	expect_open_error("a missing file: -ENOENT", bad, ENOENT,
			  strerror(ENOENT));
	expect_open_error("a directory: -EISDIR", dir, EISDIR,
			  "a directory, not an ELF file");
	snprintf(text, sizeof(text), "%s", test_path(dir, "text"));
	write_file(text, "hello\n", 6);
	expect_open_error("not ELF: -EINVAL", text, EINVAL, "not an ELF file");

	/* ELF without records: an object the compiler makes alone. */
	{
		const char *c = getenv("CC");
		char plain_path[512];

		snprintf(plain_path, sizeof(plain_path), "%s",
			 test_path(dir, "plain.o"));
		if (run("echo 'int x;' | %s -x c -c -o %s -",
			c && c[0] ? c : "gcc", plain_path))
			fail("no section: -ENODATA", "cannot compile %s",
			     plain_path);
		else
			expect_open_error("no section: -ENODATA", plain_path,
					  ENODATA, "no .debug_truesig section");
	}

	/* An empty section is no records, not an error. */
	{
		struct ew_file empty = {
			.elf_class = ELFCLASS64, .data = ELFDATA2LSB,
			.machine = EM_X86_64,
		};
		char empty_path[512];

		snprintf(empty_path, sizeof(empty_path), "%s",
			 test_path(dir, "empty.o"));
		ew_write(empty_path, &empty);
		ret = truesig_file__open(empty_path, &f);
		check("an empty section: no records",
		      !ret && truesig_file__record_cnt(f) == 0 &&
		      !truesig_file__record(f, 0) &&
		      !truesig_file__find_symbol(f, "foo", 0), message);
		if (!ret)
			truesig_file__close(f);
	}

	/* A malformed section: its name and the byte offset at fault. */
	{
		struct ew_file broken = {
			.elf_class = ELFCLASS64, .data = ELFDATA2LSB,
			.machine = EM_X86_64,
		};
		char broken_path[512];

		img.data[4] = 99;	/* the first unit's version */
		broken.image = img.data;
		broken.image_size = img.len;
		snprintf(broken_path, sizeof(broken_path), "%s",
			 test_path(dir, "broken.o"));
		ew_write(broken_path, &broken);
		messages = 0;
		ret = truesig_file__open(broken_path, &f);
		check("a unit of another version: -ENOTSUP", ret == -ENOTSUP,
		      message);
		check("its message names the section and the offset",
		      strstr(message, broken_path) &&
		      strstr(message, ".debug_truesig: offset 0x0"), message);
	}

	/* Without a callback the library says nothing. */
	truesig_set_print(NULL);
	snprintf(err_path, sizeof(err_path), "%s", test_path(dir, "stderr"));
	fflush(stderr);
	saved = dup(2);
	fd = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	dup2(fd, 2);
	close(fd);
	ret = truesig_file__open(bad, &f);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	image = read_file(err_path, &size);
	check("no callback: the failure prints nothing",
	      ret == -ENOENT && image && size == 0, "");
	free(image);

	sb_free(&img);
	test_cleanup_dir(dir);
	return test_exit();
}
