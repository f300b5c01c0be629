// SPDX-License-Identifier: MIT
/*
 * test-target.c — the table of target architectures: names, register
 * names by DWARF number, stack pointers and data relocations.
 */
#include <elf.h>

#include "records.h"
#include "target.h"
#include "test_util.h"

static void expect_register(unsigned machine, int reg, const char *want)
{
	char buf[32], name[96];

	snprintf(name, sizeof(name), "%s register %d is %s",
		 target_name(machine), reg, want);
	target_register_name(machine, reg, buf, sizeof(buf));
	if (strcmp(buf, want))
		fail(name, "got \"%s\"", buf);
	else
		pass(name);
}

static void expect_location(uint8_t kind, const char *reg_name, int value,
			    unsigned machine,
			    enum truesig_location_style style, const char *want)
{
	struct truesig_location l = { .kind = kind, .reg_name = reg_name,
				      .value = value };
	char buf[32], name[128];

	snprintf(name, sizeof(name), "location %s on %s%s", want,
		 target_name(machine), style == TS_LOCATION_TAG ? ", tag" : "");
	truesig_location_text(&l, machine, style, buf, sizeof(buf));
	if (strcmp(buf, want))
		fail(name, "got \"%s\"", buf);
	else
		pass(name);
}

int main(void)
{
	const struct reloc_kind *k;
	char small[4];

	check("x86-64's name", !strcmp(target_name(EM_X86_64), "x86-64"), NULL);
	check("i386's name", !strcmp(target_name(EM_386), "i386"), NULL);
	check("an unknown machine", !strcmp(target_name(9999), "unknown machine") &&
	      !target_find(9999), NULL);

	expect_register(EM_X86_64, 0, "rax");
	expect_register(EM_X86_64, 5, "rdi");
	expect_register(EM_X86_64, 16, "rip");
	expect_register(EM_X86_64, 17, "xmm0");
	expect_register(EM_X86_64, 32, "xmm15");
	expect_register(EM_X86_64, 33, "dwarf reg 33");
	expect_register(EM_386, 1, "ecx");
	expect_register(EM_386, 8, "dwarf reg 8");
	expect_register(EM_386, 21, "xmm0");
	expect_register(EM_386, 28, "xmm7");
	expect_register(EM_386, 29, "dwarf reg 29");
	expect_register(EM_AARCH64, 0, "x0");
	expect_register(EM_AARCH64, 30, "x30");
	expect_register(EM_AARCH64, 64, "v0");
	expect_register(EM_AARCH64, 95, "v31");
	expect_register(EM_AARCH64, 96, "dwarf reg 96");
	expect_register(EM_RISCV, 10, "a0");
	expect_register(EM_RISCV, 17, "a7");
	expect_register(EM_RISCV, 42, "fa0");
	expect_register(EM_RISCV, 63, "ft11");
	expect_register(EM_RISCV, 64, "dwarf reg 64");
	expect_register(EM_S390, 2, "r2");
	expect_register(EM_S390, 15, "r15");
	expect_register(EM_S390, 16, "f0");
	expect_register(EM_S390, 17, "f2");
	expect_register(EM_S390, 20, "f1");
	expect_register(EM_S390, 31, "f15");
	expect_register(EM_S390, 32, "dwarf reg 32");
	expect_register(EM_X86_64, -1, "dwarf reg -1");
	expect_register(9999, 3, "dwarf reg 3");
	target_register_name(EM_X86_64, 5, small, sizeof(small));
	check("a short buffer is cut, terminated", !strcmp(small, "rdi"), small);

	check("stack pointers: rsp, esp, sp (31), r15",
	      target_find(EM_X86_64)->stack_pointer == 7 &&
	      target_find(EM_386)->stack_pointer == 4 &&
	      target_find(EM_AARCH64)->stack_pointer == 31 &&
	      target_find(EM_S390)->stack_pointer == 15, NULL);
	check("what a call leaves: 8 on x86-64, 160 on s390",
	      target_find(EM_X86_64)->cfa_at_entry == 8 &&
	      target_find(EM_S390)->cfa_at_entry == 160 &&
	      target_find(EM_AARCH64)->cfa_at_entry == 0, NULL);

	check("return addresses: at [sp] on x86, in x30, ra (x1), r14",
	      target_find(EM_X86_64)->return_address_on_stack &&
	      target_find(EM_386)->return_address_on_stack &&
	      !target_find(EM_AARCH64)->return_address_on_stack &&
	      target_find(EM_AARCH64)->return_address == 30 &&
	      target_find(EM_RISCV)->return_address == 1 &&
	      target_find(EM_S390)->return_address == 14,
	      "another register");
	for (unsigned machine = 0; machine < 400; machine++) {
		const struct target *t = target_find(machine);
		char what[96];
		bool ok = true;

		if (!t || !t->qemu)
			continue;
		/* Every register a record may name for parameters, sp and
		   the return address has a number in the gdb stub, once. */
		for (size_t i = 0; i < t->n_gdb_registers; i++) {
			const struct gdb_register_run *r = &t->gdb_registers[i];

			ok = ok && r->count && r->size && r->size <= 16 &&
			     r->dwarf + r->count <= 96;
			for (size_t j = 0; j < i; j++) {
				const struct gdb_register_run *q =
					&t->gdb_registers[j];

				ok = ok && (r->dwarf >= q->dwarf + q->count ||
					    q->dwarf >= r->dwarf + r->count);
			}
		}
		snprintf(what, sizeof(what), "%s: the gdb stub's registers "
			 "are sane", t->name);
		check(what, ok && t->n_gdb_registers && t->gdb_pc > 0,
		      "a run is empty, too wide, or overlaps another");
	}
	check("qemu-user runs aarch64, riscv64 and s390x programs",
	      !strcmp(target_find(EM_AARCH64)->qemu, "aarch64") &&
	      !strcmp(target_find(EM_RISCV)->qemu, "riscv64") &&
	      !strcmp(target_find(EM_S390)->qemu, "s390x") &&
	      !target_find(EM_X86_64)->qemu, "another emulator name");

	check("s390x's f registers hold a float in their high half",
	      target_find(EM_S390)->high_aligned_first == 16 &&
	      target_find(EM_S390)->n_high_aligned == 16 &&
	      !target_find(EM_AARCH64)->n_high_aligned, "not f0-f15 only");

	/* Locations as text: the record's register name first, else the
	   table's; one the table lacks by number, spelt for its use. */
	expect_location(TS_LOC_REG, "edi", 5, EM_386, TS_LOCATION_PLAIN, "edi");
	expect_location(TS_LOC_REG, "", 5, EM_X86_64, TS_LOCATION_PLAIN, "rdi");
	expect_location(TS_LOC_REG, "", 5, EM_X86_64, TS_LOCATION_TAG, "rdi");
	expect_location(TS_LOC_REG_INDIRECT, "", 1, EM_AARCH64,
			TS_LOCATION_PLAIN, "[x1]");
	expect_location(TS_LOC_REG, "", 3, 9999, TS_LOCATION_PLAIN,
			"dwarf reg 3");
	expect_location(TS_LOC_REG_INDIRECT, "", 3, 9999, TS_LOCATION_TAG,
			"[dwarf:3]");
	expect_location(TS_LOC_REG, "", 33, EM_X86_64, TS_LOCATION_TAG,
			"dwarf:33");
	expect_location(TS_LOC_STACK, "", 8, EM_X86_64, TS_LOCATION_PLAIN,
			"[sp+8]");
	expect_location(TS_LOC_STACK_INDIRECT, "", -4, EM_S390,
			TS_LOCATION_TAG, "[[sp-4]]");
	check("a register the table names is named",
	      target_table_register_name(EM_RISCV, 10, small, sizeof(small)) &&
	      !strcmp(small, "a0") &&
	      !target_table_register_name(EM_X86_64, 33, small, sizeof(small)) &&
	      !target_table_register_name(9999, 0, small, sizeof(small)) &&
	      !target_table_register_name(EM_X86_64, -1, small, sizeof(small)),
	      NULL);

	k = target_reloc_kind(EM_X86_64, R_X86_64_32S);
	check("R_X86_64_32S: 4 bytes, signed",
	      k && k->width == 4 && k->range == RANGE_SIGNED, NULL);
	k = target_reloc_kind(EM_AARCH64, 256);
	check("aarch64's newer R_AARCH64_NONE", k && k->width == 0, NULL);
	check("a code relocation is not a data one",
	      !target_reloc_kind(EM_X86_64, R_X86_64_PC32), NULL);
	check("no relocations for a machine named only",
	      !target_reloc_kind(EM_MIPS, R_MIPS_32), NULL);
	return test_exit();
}
