// SPDX-License-Identifier: MIT
/*
 * test-compare.c — the classification rules of compare_dwarf(), one case
 * each: a record (x86-64 register numbers) against what DWARF says at
 * entry, as dwarf_entry.c would have read it.  The DejaGnu tests of
 * testsuite/truesig.compare check the same on real compiler output.
 */
#include <elf.h>

#include "compare_dwarf.h"
#include "test_util.h"

#define RDI	5
#define RSI	4
#define RDX	1
#define RBX	3

static struct truesig_type types[] = {
	{ .kind = TS_TYPE_VOID },
	{ .kind = TS_TYPE_INT, .flags = TS_TF_SIGNED, .name = "int", .size = 4 },
	{ .kind = TS_TYPE_STRUCT, .name = "s", .size = 16 },
	{ .kind = TS_TYPE_PTR, .size = 8, .ref = 2 },
};

static struct truesig_unit unit = {
	.machine = EM_X86_64, .types = types, .n_types = 4,
};

#define INT	1
#define STRUCT	2
#define PTR	3

/* A record being built: two source parameters `a` and `b`. */
struct fixture {
	struct truesig_record r;
	struct truesig_source_param src[2];
	struct truesig_param params[3];
	struct truesig_location locs[4];
	struct dwarf_function d;
};

static void setup(struct fixture *f, uint32_t type_a, uint32_t type_b)
{
	memset(f, 0, sizeof(*f));
	f->r.unit = &unit;
	f->r.symbol = "f.isra.0";
	f->r.function = "f";
	f->r.return_type = INT;
	f->r.source_return_type = INT;
	f->r.kinds[0] = TS_KIND_ISRA;
	f->r.n_kinds = 1;
	f->r.source_params = f->src;
	f->r.n_source_params = 2;
	f->r.params = f->params;
	f->r.locations = f->locs;
	f->src[0] = (struct truesig_source_param){ "a", type_a, TS_FATE_PASSED,
						   0, 0, "" };
	f->src[1] = (struct truesig_source_param){ "b", type_b, TS_FATE_PASSED,
						   0, 0, "" };
	f->d.name = "f";
	f->d.n_params = 2;
	f->d.params[0] = (struct dwarf_param){ .name = "a", .size = 4 };
	f->d.params[1] = (struct dwarf_param){ .name = "b", .size = 4 };
}

/* Real parameter: source s, how, offset, size, one location. */
static void real(struct fixture *f, unsigned s, unsigned how, uint32_t offset,
		 uint32_t size, uint8_t loc_kind, int32_t value)
{
	unsigned i = f->r.n_params++, l = f->r.n_locations++;

	f->params[i] = (struct truesig_param){
		.name = "", .type = INT, .size = size, .how = how,
		.source = (uint16_t)s, .path = "", .offset = offset,
		.loc_first = (uint16_t)l, .loc_count = 1,
	};
	f->locs[l] = (struct truesig_location){
		.kind = loc_kind, .size = (uint16_t)size, .reg_name = "",
		.value = value,
	};
}

/* DWARF for source s: one piece (at `at`, `size` bytes). */
static void dwarf(struct fixture *f, unsigned s, uint32_t at, uint32_t size,
		  uint8_t kind, int32_t reg, int64_t offset)
{
	struct dwarf_param *p = &f->d.params[s];

	p->has_location = p->at_entry = true;
	p->pieces[p->n_pieces++] = (struct dwarf_piece){
		.kind = kind, .offset_in_value = at, .size = size, .reg = reg,
		.offset = offset,
	};
}

static void expect(const char *name, struct fixture *f, bool found,
		   enum compare_class want, const char *reason)
{
	struct compare_reasons reasons;
	enum compare_class got = compare_dwarf(&f->r, found ? &f->d : NULL,
					       "no DIE", EM_X86_64, &reasons);
	bool has = !reason;

	for (unsigned i = 0; i < reasons.n && !has; i++)
		has = strstr(reasons.text[i], reason) != NULL;
	if (got != want || !has)
		fail(name, "got %s (%s), expected %s with \"%s\"",
		     compare_class_name(got),
		     reasons.n ? reasons.text[0] : "no reason",
		     compare_class_name(want), reason ? reason : "");
	else
		pass(name);
}

int main(void)
{
	struct fixture f;

	setup(&f, INT, INT);
	real(&f, 0, TS_HOW_COPY, 0, 4, TS_LOC_REG, RDI);
	real(&f, 1, TS_HOW_COPY, 0, 4, TS_LOC_REG, RSI);
	dwarf(&f, 0, 0, 4, DWARF_PIECE_REG, RDI, 0);
	dwarf(&f, 1, 0, 4, DWARF_PIECE_REG, RSI, 0);
	expect("agree: both in their registers", &f, true, COMPARE_AGREE, NULL);
	f.r.flags |= TS_RF_RETURN_DROPPED;
	f.r.return_type = 0;
	expect("invisible: dropped return", &f, true, COMPARE_INVISIBLE,
	       "the return value was dropped; DWARF still declares int");
	f.d.returns_void = true;
	expect("agree: DWARF declares void too", &f, true, COMPARE_AGREE,
	       NULL);
	f.d.returns_void = false;
	f.r.flags = 0;
	f.r.return_type = INT;
	f.r.kinds[0] = TS_KIND_ABI;
	expect("invisible: unrenamed convention change", &f, true,
	       COMPARE_INVISIBLE, "without a new name");
	f.d.calling_convention = 3;	/* DW_CC_nocall */
	expect("agree: DW_AT_calling_convention marks it", &f, true,
	       COMPARE_AGREE, NULL);

	setup(&f, INT, INT);
	real(&f, 0, TS_HOW_COPY, 0, 4, TS_LOC_REG, RDI);
	real(&f, 1, TS_HOW_COPY, 0, 4, TS_LOC_REG, RSI);
	dwarf(&f, 0, 0, 4, DWARF_PIECE_REG, RBX, 0);
	expect("contradicts: another register", &f, true, COMPARE_CONTRADICTS,
	       "real parameter 0 (a): DWARF has a in rbx at entry, the "
	       "record rdi");
	expect("contradicts wins: b has no location too", &f, true,
	       COMPARE_CONTRADICTS,
	       "real parameter 1 (b): DWARF has no location at all for b");
	f.d.params[0].n_pieces = 0;
	f.d.params[0].at_entry = false;
	expect("incomplete: a's location does not cover the entry", &f, true,
	       COMPARE_INCOMPLETE, "DWARF has no location for a at entry");
	dwarf(&f, 0, 0, 4, DWARF_PIECE_CONST, 0, 0);
	f.d.params[0].pieces[0].value_known = true;
	f.d.params[0].pieces[0].value = 3264;
	expect("incomplete: a passed, DWARF only a constant", &f, true,
	       COMPARE_INCOMPLETE, "DWARF gives a only as the constant 3264");
	f.d.params[0].pieces[0].kind = DWARF_PIECE_CALLER;
	expect("contradicts: a copy DWARF says is not passed", &f, true,
	       COMPARE_CONTRADICTS, "says a is not passed");
	f.d.params[0].pieces[0].kind = DWARF_PIECE_COMPUTED;
	expect("incomplete: an expression", &f, true, COMPARE_INCOMPLETE,
	       "only as an expression of other values");

	/* b removed: DWARF may say nothing, a constant, or the call sites; a
	   register is a contradiction. */
	setup(&f, INT, INT);
	f.src[1].fate = TS_FATE_REMOVED;
	real(&f, 0, TS_HOW_COPY, 0, 4, TS_LOC_REG, RDI);
	dwarf(&f, 0, 0, 4, DWARF_PIECE_REG, RDI, 0);
	expect("agree: removed b without a location", &f, true, COMPARE_AGREE,
	       NULL);
	dwarf(&f, 1, 0, 4, DWARF_PIECE_CALLER, 0, 0);
	expect("agree: removed b known at the call sites", &f, true,
	       COMPARE_AGREE, NULL);
	f.d.params[1].pieces[0] = (struct dwarf_piece){
		.kind = DWARF_PIECE_REG, .size = 4, .reg = RSI };
	expect("contradicts: removed b in rsi", &f, true, COMPARE_CONTRADICTS,
	       "DWARF has b in rsi at entry, but the record removed it: "
	       "nothing is passed there");
	f.d.params[1].pieces[0].reg = RDI;
	expect("contradicts: removed b where a arrives", &f, true,
	       COMPARE_CONTRADICTS, "real parameter 0 (a) arrives there");

	/* b constant 7. */
	setup(&f, INT, INT);
	f.src[1].fate = TS_FATE_CONSTANT;
	f.src[1].const_kind = TS_CONST_SIGNED;
	f.src[1].const_value = 7;
	real(&f, 0, TS_HOW_COPY, 0, 4, TS_LOC_REG, RDI);
	dwarf(&f, 0, 0, 4, DWARF_PIECE_REG, RDI, 0);
	dwarf(&f, 1, 0, 4, DWARF_PIECE_CONST, 0, 0);
	f.d.params[1].pieces[0].value_known = true;
	f.d.params[1].pieces[0].value = 7;
	expect("agree: the same constant", &f, true, COMPARE_AGREE, NULL);
	f.d.params[1].pieces[0].value = 8;
	expect("contradicts: another constant", &f, true, COMPARE_CONTRADICTS,
	       "b: DWARF says the constant 8, the record 7");
	f.src[1].const_value = (uint64_t)-1;
	f.d.params[1].pieces[0].value = 0xffffffff;
	expect("agree: -1 as a 4-byte constant", &f, true, COMPARE_AGREE,
	       NULL);

	/* a struct s (16 bytes) split: bytes 8..12 in rdi, 12..16 in rsi. */
	setup(&f, STRUCT, INT);
	f.src[0].fate = TS_FATE_SPLIT;
	f.src[1].fate = TS_FATE_REMOVED;
	f.d.params[0].size = 16;
	real(&f, 0, TS_HOW_VALUE_PIECE, 8, 4, TS_LOC_REG, RDI);
	real(&f, 0, TS_HOW_VALUE_PIECE, 12, 4, TS_LOC_REG, RSI);
	expect("incomplete: split struct without a location", &f, true,
	       COMPARE_INCOMPLETE, "DWARF has no location at all for a");
	dwarf(&f, 0, 0, 8, DWARF_PIECE_NONE, 0, 0);
	dwarf(&f, 0, 8, 4, DWARF_PIECE_REG, RDI, 0);
	dwarf(&f, 0, 12, 4, DWARF_PIECE_REG, RSI, 0);
	expect("agree: split struct in DWARF pieces", &f, true, COMPARE_AGREE,
	       NULL);
	f.d.params[0].pieces[2].reg = RDX;
	expect("contradicts: a piece in another register", &f, true,
	       COMPARE_CONTRADICTS, "DWARF has a in rdx at entry");
	f.d.params[0].pieces[2].kind = DWARF_PIECE_NONE;
	expect("incomplete: a piece optimized out", &f, true,
	       COMPARE_INCOMPLETE, "that part of a is optimized out");
	f.d.params[0].pieces[2].kind = DWARF_PIECE_CALLER;
	expect("incomplete: a piece of a value known at the call sites", &f,
	       true, COMPARE_INCOMPLETE, "cannot name the piece");

	/* Stack: [sp+8], and an empty struct at [sp+16]. */
	setup(&f, INT, STRUCT);
	real(&f, 0, TS_HOW_COPY, 0, 4, TS_LOC_STACK, 8);
	real(&f, 1, TS_HOW_COPY, 0, 0, TS_LOC_STACK, 16);
	dwarf(&f, 0, 0, 4, DWARF_PIECE_STACK, 0, 8);
	dwarf(&f, 1, 0, 0, DWARF_PIECE_STACK, 0, 16);
	expect("agree: on the stack, an empty struct too", &f, true,
	       COMPARE_AGREE, NULL);
	f.d.params[0].pieces[0].offset = 16;
	expect("contradicts: another stack slot", &f, true,
	       COMPARE_CONTRADICTS, "DWARF has a in [sp+16] at entry, the "
	       "record [sp+8]");

	/* Pointer piece: the callers pass a->x (offset 0) in rdi. */
	setup(&f, PTR, INT);
	f.src[0].fate = TS_FATE_SPLIT;
	f.src[1].fate = TS_FATE_REMOVED;
	f.d.params[0].size = 8;
	real(&f, 0, TS_HOW_POINTER_PIECE, 0, 4, TS_LOC_REG, RDI);
	f.params[0].path = "a->x";
	expect("incomplete: a value loaded through a pointer", &f, true,
	       COMPARE_INCOMPLETE, "real parameter 0 (a->x) is loaded through "
	       "a by the callers: DWARF cannot name it");
	dwarf(&f, 0, 0, 8, DWARF_PIECE_REG, RDI, 0);
	expect("contradicts: the pointer where its pointee's value is", &f,
	       true, COMPARE_CONTRADICTS, "DWARF says pointer a is in rdi");

	setup(&f, INT, INT);
	real(&f, 0, TS_HOW_COPY, 0, 4, TS_LOC_REG, RDI);
	expect("incomplete: no DIE", &f, false, COMPARE_INCOMPLETE, "no DIE");
	f.params[0].how = TS_HOW_NEW;
	f.params[0].source = TS_NO_SOURCE;
	f.d.params[0].n_pieces = 0;
	expect("incomplete: a parameter without source", &f, true,
	       COMPARE_INCOMPLETE, "has no source parameter DWARF could name");
	f.d.n_params = 1;
	expect("incomplete: DWARF declares fewer parameters", &f, true,
	       COMPARE_INCOMPLETE, "DWARF declares 1 parameters, the source 2");
	return test_exit();
}
