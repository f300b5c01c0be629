// SPDX-License-Identifier: MIT
/*
 * test-elf-input.c — reading .truesig out of ELF files, with relocations.
 *
 * Real files come from gcc and objcopy (x86-64, and i386 when gcc -m32
 * works); other targets (aarch64 big-endian, ppc, ...) are written with
 * libelf by elf_writer.h.
 */
#include <errno.h>

#include "elf_input.h"
#include "elf_writer.h"
#include "records.h"
#include "section_builder.h"
#include "test_util.h"

static char *dir;

/* A path in the scratch directory (16 may be in use at once). */
static const char *path(const char *name)
{
	return test_path(dir, name);
}

static const char *cc(void)
{
	const char *c = getenv("CC");

	return c && c[0] ? c : "gcc";
}

/* The sample image with both record addresses set as given. */
static void sample(struct sb_buf *img, bool big_endian, unsigned addr_size,
		   uint16_t machine, uint64_t foo, uint64_t cold,
		   struct sb_layout *layout)
{
	struct sb_unit u;

	sb_unit_init(&u, big_endian, addr_size, machine);
	sb_sample_types(&u);
	sb_sample_records(&u, foo, cold);
	sb_finish(&u, img, layout);
	sb_unit_free(&u);
}

/* Open, expect one .truesig, parse it; NULL (and a FAIL) otherwise. */
static struct elf_input *open_and_parse(const char *name, const char *file,
					struct truesig_section **s)
{
	struct elf_input *in;
	char err[512];

	*s = NULL;
	if (elf_input_open(file, &in, err, sizeof(err))) {
		fail(name, "open: %s", err);
		return NULL;
	}
	if (in->n_sections != 1) {
		fail(name, "%zu .truesig sections", in->n_sections);
		elf_input_close(in);
		return NULL;
	}
	if (truesig_parse(in->sections[0].data, in->sections[0].size, s, err,
			  sizeof(err))) {
		fail(name, "parse: %s", err);
		elf_input_close(in);
		return NULL;
	}
	return in;
}

/* Both sample records resolve to their symbols, with these bindings. */
static bool symbols_match(const char *name, const struct elf_input *in,
			  const struct truesig_section *s,
			  const char *foo_binding, const char *cold_binding)
{
	const struct truesig_record *r = s->units[0].records;
	const struct elf_symbol *foo, *cold;

	foo = elf_input_find_symbol(in, r[0].symbol, r[0].address);
	cold = elf_input_find_symbol(in, r[1].symbol, r[1].address);
	if (!foo || !cold) {
		fail(name, "no symbol for %s at 0x%llx or %s at 0x%llx",
		     r[0].symbol, (unsigned long long)r[0].address,
		     r[1].symbol, (unsigned long long)r[1].address);
		return false;
	}
	if (strcmp(elf_binding_name(foo->binding), foo_binding) ||
	    strcmp(elf_binding_name(cold->binding), cold_binding)) {
		fail(name, "bindings %s, %s", elf_binding_name(foo->binding),
		     elf_binding_name(cold->binding));
		return false;
	}
	if (r[0].address == r[1].address) {
		fail(name, "both records at 0x%llx",
		     (unsigned long long)r[0].address);
		return false;
	}
	return true;
}

/* ---- files made by gcc ------------------------------------------------------ */

/* An object given the image as SECTION by objcopy: .debug_truesig, or
   .truesig as plugins before that name wrote it. */
static void test_objcopy(const char *section, const char *name)
{
	struct truesig_section *s;
	struct sb_buf img = { 0 };
	struct elf_input *in;

	sample(&img, false, 8, EM_X86_64, 0, 0x10, NULL);
	if (!write_file(path("img"), img.data, img.len) ||
	    !write_file(path("plain.c"), "int plain(void) { return 1; }\n", 30) ||
	    run("%s -c -o %s %s", cc(), path("plain.o"), path("plain.c")) ||
	    run("objcopy --add-section %s=%s --set-section-flags "
		"%s=noload,readonly %s %s", section, path("img"), section,
		path("plain.o"), path("with.o"))) {
		fail(name, "could not build the object");
		goto out;
	}
	in = open_and_parse(name, path("with.o"), &s);
	if (!in)
		goto out;
	if (in->sections[0].size != img.len ||
	    memcmp(in->sections[0].data, img.data, img.len))
		fail(name, "section bytes differ");
	else if (strcmp(in->sections[0].name, section))
		fail(name, "the section is called %s", in->sections[0].name);
	else if (in->type != ET_REL || in->machine != EM_X86_64 ||
		 in->addr_size != 8 || in->big_endian)
		fail(name, "wrong ELF header fields");
	else if (!elf_input_find_symbol(in, "plain", 0) ||
		 strcmp(elf_binding_name(elf_input_find_symbol(in, "plain", 0)->binding), "global"))
		fail(name, "symbol plain not found as global");
	else
		pass(name);
	truesig_section_free(s);
	elf_input_close(in);

	in = NULL;
	{
		char err[512];

		if (elf_input_open(path("plain.o"), &in, err, sizeof(err)) ||
		    in->n_sections)
			fail("no_truesig_section", "%s", err);
		else
			pass("no_truesig_section");
		elf_input_close(in);
	}
out:
	sb_free(&img);
}

/*
 * Compile a C file whose .debug_truesig is the image with both address slots
 * filled by the assembler: `.quad foo.isra.0` (a global: relocated against
 * the symbol) and `.quad foo.cold` (a static: against .text plus addend).
 */
static bool build_relocated(const char *out, const char *flags, bool link,
			    unsigned addr_size)
{
	struct sb_buf img = { 0 }, src = { 0 };
	struct sb_layout l;
	char text[4096];
	const char *slot = addr_size == 8 ? ".quad %s\\n" : ".long %s\\n.long 0\\n";
	char slot0[64], slot1[64];
	bool ok;

	sample(&img, false, addr_size, addr_size == 8 ? EM_X86_64 : EM_386,
	       0, 0, &l);
	snprintf(slot0, sizeof(slot0), slot, "foo.isra.0");
	snprintf(slot1, sizeof(slot1), slot, "foo.cold");
	snprintf(text, sizeof(text),
		 "int foo_isra(int x) __asm__(\"foo.isra.0\");\n"
		 "int foo_isra(int x) { return x + 1; }\n"
		 "static int foo_cold(int x) __asm__(\"foo.cold\");\n"
		 "static __attribute__((used, noinline)) int foo_cold(int x)\n"
		 "{ return x * 2; }\n"
		 "%s"
		 "__asm__(\".pushsection .debug_truesig,\\\"\\\",@progbits\\n\"\n"
		 "\".balign 8\\n\"\n"
		 "\".incbin \\\"%s\\\", 0, %zu\\n\"\n"
		 "\"%s\"\n"
		 "\".incbin \\\"%s\\\", %zu, %zu\\n\"\n"
		 "\"%s\"\n"
		 "\".incbin \\\"%s\\\", %zu\\n\"\n"
		 "\".popsection\\n\");\n",
		 link ? "int main(void) { return foo_isra(1) + foo_cold(2); }\n" : "",
		 path("rimg"), l.record[0] + 8, slot0,
		 path("rimg"), l.record[0] + 16,
		 l.record[1] + 8 - (l.record[0] + 16), slot1,
		 path("rimg"), l.record[1] + 16);
	ok = write_file(path("rimg"), img.data, img.len) &&
	     write_file(path("rel.c"), text, strlen(text)) &&
	     !run("%s %s %s -o %s %s 2>%s", cc(), flags, link ? "" : "-c",
		  out, path("rel.c"), path("cc.log"));
	sb_free(&img);
	sb_free(&src);
	return ok;
}

static void test_gcc_relocated(const char *name, const char *flags,
			       bool link, unsigned addr_size, bool required)
{
	const char *out = path("rel.out");
	struct truesig_section *s;
	struct elf_input *in;

	if (!build_relocated(out, flags, link, addr_size)) {
		if (required)
			fail(name, "could not compile (see %s)", path("cc.log"));
		else
			printf("PASS: %s # skipped: '%s %s' does not work here\n",
			       name, cc(), flags);
		return;
	}
	in = open_and_parse(name, out, &s);
	if (!in)
		return;
	if (in->addr_size != addr_size)
		fail(name, "addr_size %u", in->addr_size);
	else if (symbols_match(name, in, s, "global", "local"))
		pass(name);
	truesig_section_free(s);
	elf_input_close(in);
}

/* ---- files written with libelf ---------------------------------------------- */

static const struct ew_symbol sample_symbols[] = {
	{ "foo.isra.0", 0x40, STB_GLOBAL },
	{ "foo.cold", 0x80, STB_LOCAL },
};

/*
 * A relocatable file for `machine` with the sample image: record 0's slot
 * relocated against foo.isra.0 (symbol 2), record 1's against .text
 * (symbol 1) plus 0x80, as an explicit (RELA) or implicit (REL) addend.
 */
static bool write_sample_elf(const char *file, int elf_class, int data,
			     uint16_t machine, bool rela, uint32_t type,
			     unsigned width, struct sb_buf *img)
{
	bool big = data == ELFDATA2MSB;
	unsigned addr_size = elf_class == ELFCLASS64 ? 8 : 4;
	struct sb_layout l;
	struct ew_reloc relocs[2];
	struct ew_file f = {
		.elf_class = elf_class, .data = data, .machine = machine,
		.rela = rela, .symbols = sample_symbols, .n_symbols = 2,
		.relocs = relocs, .n_relocs = 2,
	};

	if (width < addr_size)
		addr_size = width;
	sample(img, big, addr_size, machine, 0, rela ? 0 : 0x80, &l);
	relocs[0] = (struct ew_reloc){ l.record[0] + 8, type, 2, 0 };
	relocs[1] = (struct ew_reloc){ l.record[1] + 8, type, 1, 0x80 };
	f.image = img->data;
	f.image_size = img->len;
	return ew_write(file, &f);
}

static void test_libelf_target(const char *name, int elf_class, int data,
			       uint16_t machine, bool rela, uint32_t type,
			       unsigned width)
{
	const char *file = path("target.o");
	struct truesig_section *s;
	struct sb_buf img = { 0 };
	struct elf_input *in;

	if (!write_sample_elf(file, elf_class, data, machine, rela, type,
			      width, &img)) {
		fail(name, "could not write the ELF file: %s", elf_errmsg(-1));
		goto out;
	}
	in = open_and_parse(name, file, &s);
	if (!in)
		goto out;
	if (in->machine != machine || in->big_endian != (data == ELFDATA2MSB))
		fail(name, "wrong ELF header fields");
	else if (s->units[0].records[0].address != 0x40 ||
		 s->units[0].records[1].address != 0x80)
		fail(name, "addresses 0x%llx 0x%llx",
		     (unsigned long long)s->units[0].records[0].address,
		     (unsigned long long)s->units[0].records[1].address);
	else if (symbols_match(name, in, s, "global", "local"))
		pass(name);
	truesig_section_free(s);
	elf_input_close(in);
out:
	sb_free(&img);
}

/*
 * A symbol table whose entries are all skipped (here only .text's section
 * symbol), then an empty .dynsym: no symbol, and no realloc(p, 0), which
 * freed the table and left the pointer to be freed again (found by
 * fuzz-elf).
 */
static void test_empty_symbol_tables(void)
{
	const char *name = "empty_symbol_tables";
	const char *file = path("empty-symtab.o");
	struct ew_file f = {
		.elf_class = ELFCLASS64, .data = ELFDATA2LSB,
		.machine = EM_X86_64, .rela = true, .empty_dynsym = true,
	};
	struct truesig_section *s;
	struct sb_buf img = { 0 };
	struct elf_input *in;

	sample(&img, false, 8, EM_X86_64, 0, 0, NULL);
	f.image = img.data;
	f.image_size = img.len;
	if (!ew_write(file, &f)) {
		fail(name, "could not write the ELF file: %s", elf_errmsg(-1));
		goto out;
	}
	in = open_and_parse(name, file, &s);
	if (in) {
		if (in->n_symbols)
			fail(name, "%zu symbols, expected none", in->n_symbols);
		else
			pass(name);
		truesig_section_free(s);
		elf_input_close(in);
	}
out:
	sb_free(&img);
}

static void expect_open_error(const char *name, const char *file,
			      const char *want)
{
	struct elf_input *in = (void *)1;
	char err[512];

	if (!elf_input_open(file, &in, err, sizeof(err))) {
		fail(name, "opened; expected \"%s\"", want);
		elf_input_close(in);
	} else if (in) {
		fail(name, "*out not NULL on error");
	} else if (strcmp(err, want)) {
		fail(name, "got \"%s\", expected \"%s\"", err, want);
	} else {
		pass(name);
	}
}

/* A bad relocation: one of the sample's, changed. */
static void test_bad_reloc(const char *name, struct ew_reloc bad,
			   const char *want_tail)
{
	const char *file = path("bad.o");
	struct sb_buf img = { 0 };
	struct sb_layout l;
	struct ew_reloc relocs[2];
	struct ew_file f = {
		.elf_class = ELFCLASS64, .data = ELFDATA2LSB,
		.machine = EM_X86_64, .rela = true,
		.symbols = sample_symbols, .n_symbols = 2,
		.relocs = relocs, .n_relocs = 2,
	};
	char want[512];

	sample(&img, false, 8, EM_X86_64, 0, 0, &l);
	relocs[0] = (struct ew_reloc){ l.record[0] + 8, R_X86_64_64, 2, 0 };
	relocs[1] = bad;
	f.image = img.data;
	f.image_size = img.len;
	if (!ew_write(file, &f)) {
		fail(name, "could not write the ELF file");
	} else {
		snprintf(want, sizeof(want), "%s: %s", file, want_tail);
		expect_open_error(name, file, want);
	}
	sb_free(&img);
}

static void test_errors(void)
{
	char want[600];

	test_bad_reloc("unknown_relocation_type",
		       (struct ew_reloc){ 0x228, 9999, 1, 0 },
		       ".rela.debug_truesig: relocation 1 has unsupported type 9999 for x86-64");
	test_bad_reloc("relocation_outside_section",
		       (struct ew_reloc){ 0x2dc, R_X86_64_64, 1, 0 },
		       ".rela.debug_truesig: relocation 1 at offset 0x2dc is outside .debug_truesig (736 bytes)");
	test_bad_reloc("relocation_bad_symbol",
		       (struct ew_reloc){ 0x228, R_X86_64_64, 50, 0 },
		       ".rela.debug_truesig: relocation 1 names symbol 50, which does not exist");
	test_bad_reloc("relocation_overflow",
		       (struct ew_reloc){ 0x228, R_X86_64_32, 1, 0x100000000LL },
		       ".rela.debug_truesig: relocation 1: value 0x100000000 does not fit in 4 bytes");

	write_file(path("text.txt"), "hello\n", 6);
	snprintf(want, sizeof(want), "%s: not an ELF file", path("text.txt"));
	expect_open_error("not_elf", path("text.txt"), want);
	snprintf(want, sizeof(want), "%s: %s", path("missing"),
		 strerror(ENOENT));
	expect_open_error("missing_file", path("missing"), want);
}

/* Symbols by name and by address, on a table filled by hand. */
static void test_symbol_lookups(void)
{
	struct elf_symbol symbols[] = {
		{ "foo", 0x10, 8, STB_LOCAL, STT_FUNC, 0 },
		{ "__pi_foo", 0x20, 8, STB_LOCAL, STT_FUNC, 1 },
		{ "x__pi_foo", 0x20, 8, STB_LOCAL, STT_OBJECT, 2 },
		{ "bar", 0x20, 8, STB_GLOBAL, STT_FUNC, 3 },
		{ "foo", 0x30, 4, STB_GLOBAL, STT_OBJECT, 4 },
		{ "efi_foo", 0x40, 8, STB_LOCAL, STT_FUNC, 5 },
	};
	struct elf_input in = { .path = "table", .fd = -1,
				.symbols = symbols,
				.n_symbols = sizeof(symbols) / sizeof(symbols[0]) };
	struct elf_function_index index;
	const struct elf_symbol *s;

	elf_input_sort_symbols(&in);
	s = elf_input_find_symbol(&in, "foo", 0x10);
	check("lookups: foo at 0x10", s && s->value == 0x10 &&
	      s->type == STT_FUNC, NULL);
	check("lookups: no foo at 0x20", !elf_input_find_symbol(&in, "foo", 0x20),
	      NULL);
	s = elf_input_find_typed(&in, "foo", STT_OBJECT);
	check("lookups: the object foo", s && s->value == 0x30, NULL);
	check("lookups: no function bar2",
	      !elf_input_find_typed(&in, "bar2", STT_FUNC), NULL);

	if (elf_input_index_functions(&in, &index)) {
		fail("lookups: index", "out of memory");
		return;
	}
	check("lookups: the index holds the 4 functions",
	      index.n_functions == 4, "another count");
	s = elf_input_find_renamed_symbol(&index, "foo", 0x20);
	check("lookups: foo renamed __pi_foo at 0x20",
	      s && !strcmp(s->name, "__pi_foo"), s ? s->name : "none");
	s = elf_input_find_renamed_symbol(&index, "foo", 0x40);
	check("lookups: foo renamed efi_foo at 0x40",
	      s && !strcmp(s->name, "efi_foo"), s ? s->name : "none");
	check("lookups: the name itself is no renaming",
	      !elf_input_find_renamed_symbol(&index, "foo", 0x10), NULL);
	check("lookups: nothing at 0x30 (an object) or 0x50",
	      !elf_input_find_renamed_symbol(&index, "foo", 0x30) &&
	      !elf_input_find_renamed_symbol(&index, "foo", 0x50), NULL);
	elf_function_index_free(&index);
}

int main(void)
{
	dir = test_make_dir();
	if (!dir) {
		fail("setup", "mkdtemp: %s", strerror(errno));
		return test_exit();
	}

	test_objcopy(TRUESIG_SECTION, "objcopy_roundtrip");
	test_objcopy(TRUESIG_SECTION_OLD, "objcopy_roundtrip_old_name");
	test_gcc_relocated("gcc_rela_x86_64", "-O0", false, 8, true);
	test_gcc_relocated("gcc_linked_x86_64", "-O0", true, 8, true);
	test_gcc_relocated("gcc_rel_i386", "-m32 -O0", false, 4, false);
	test_libelf_target("aarch64_be_abs64", ELFCLASS64, ELFDATA2MSB,
			   EM_AARCH64, true, R_AARCH64_ABS64, 8);
	test_libelf_target("aarch64_abs32", ELFCLASS64, ELFDATA2LSB,
			   EM_AARCH64, true, R_AARCH64_ABS32, 4);
	test_libelf_target("x86_64_abs32", ELFCLASS64, ELFDATA2LSB,
			   EM_X86_64, true, R_X86_64_32, 4);
	test_libelf_target("i386_rel_implicit_addend", ELFCLASS32, ELFDATA2LSB,
			   EM_386, false, R_386_32, 4);
	test_libelf_target("ppc_be_32", ELFCLASS32, ELFDATA2MSB, EM_PPC, true,
			   R_PPC_ADDR32, 4);
	test_libelf_target("arm_rel_32", ELFCLASS32, ELFDATA2LSB, EM_ARM,
			   false, R_ARM_ABS32, 4);
	test_errors();
	test_empty_symbol_tables();
	test_symbol_lookups();

	test_cleanup_dir(dir);
	return test_exit();
}
