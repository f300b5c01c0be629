// SPDX-License-Identifier: MIT
/*
 * dwarf_entry.c — a function's parameters as DWARF describes them at its
 * entry address (see dwarf_entry.h).
 *
 * The file is opened with libdwfl's offline mode, which relocates the DWARF
 * of a relocatable file and lays its sections out at distinct addresses;
 * symbols are looked up through the same module, so a record (which names
 * its symbol) and a DIE meet at one address in every kind of file.
 */
#include <dwarf.h>
#include <elf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dwarf_entry.h"
#include "errmsg.h"
#include "target.h"

struct dwarf_file {
	Dwfl		*dwfl;
	Dwfl_Module	*module;
	Dwarf		*dwarf;
	Dwarf_Addr	 bias;		/* module address - DWARF address */
	unsigned	 machine;
	int		 stack_pointer;	/* DWARF register, or -1 */
	int		 cfa_at_entry;	/* CFA - sp at the entry instruction */
};

/* ---- opening -------------------------------------------------------------- */

static char *debuginfo_path;

static const Dwfl_Callbacks offline_callbacks = {
	.find_debuginfo = dwfl_standard_find_debuginfo,
	.debuginfo_path = &debuginfo_path,
	.section_address = dwfl_offline_section_address,
};

int dwarf_file_open(const char *path, struct dwarf_file **out, char *err,
		    size_t err_size)
{
	struct dwarf_file *f = calloc(1, sizeof(*f));
	const struct target *t;
	GElf_Ehdr ehdr;
	Dwarf_Addr bias;
	Elf *elf;

	*out = NULL;
	if (!f)
		return errmsg(err, err_size, -ENOMEM, path, "out of memory");
	f->dwfl = dwfl_begin(&offline_callbacks);
	if (!f->dwfl)
		goto dwfl_error;
	f->module = dwfl_report_offline(f->dwfl, path, path, -1);
	if (!f->module || dwfl_report_end(f->dwfl, NULL, NULL))
		goto dwfl_error;
	elf = dwfl_module_getelf(f->module, &bias);
	if (!elf || !gelf_getehdr(elf, &ehdr))
		goto dwfl_error;
	f->machine = ehdr.e_machine;
	t = target_find(f->machine);
	f->stack_pointer = t ? t->stack_pointer : -1;
	f->cfa_at_entry = t ? t->cfa_at_entry : 0;
	f->dwarf = dwfl_module_getdwarf(f->module, &f->bias);
	if (!f->dwarf) {
		errmsg(err, err_size, -ENODATA, path, "no DWARF (%s)",
		       dwfl_errmsg(-1));
		dwarf_file_close(f);
		return -ENODATA;
	}
	*out = f;
	return 0;

dwfl_error:
	errmsg(err, err_size, -EINVAL, path, "cannot read its DWARF: %s",
	       dwfl_errmsg(-1));
	dwarf_file_close(f);
	return -EINVAL;
}

void dwarf_file_close(struct dwarf_file *f)
{
	if (!f)
		return;
	if (f->dwfl)
		dwfl_end(f->dwfl);
	free(f);
}

/* ---- finding functions ---------------------------------------------------- */

struct symbol_address {
	const char	*name;
	uint64_t	 value;		/* st_value */
	Dwarf_Addr	 address;	/* in the module */
};

static int compare_symbol(const void *a, const void *b)
{
	const struct symbol_address *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	if (c)
		return c;
	return x->value < y->value ? -1 : x->value > y->value;
}

/* A lookup being resolved: where its DIE must start, in which unit. */
struct target_pc {
	size_t		 lookup;
	Dwarf_Addr	 pc;		/* a DWARF address */
	Dwarf_Off	 cu;
};

static int compare_target_pc(const void *a, const void *b)
{
	const struct target_pc *x = a, *y = b;

	if (x->cu != y->cu)
		return x->cu < y->cu ? -1 : 1;
	return x->pc < y->pc ? -1 : x->pc > y->pc;
}

/* The targets of one unit, sorted by pc, while its functions are walked. */
struct unit_walk {
	struct target_pc *targets;
	size_t		 n;
	struct dwarf_lookup *lookups;
};

/* Whether `die` starts at `pc`: its entry address, or the start of one of
   its ranges when it has no single one. */
static bool starts_at(Dwarf_Die *die, Dwarf_Addr pc)
{
	Dwarf_Addr entry, base, start, end;
	ptrdiff_t offset = 0;

	if (dwarf_entrypc(die, &entry) == 0)
		return entry == pc;
	while ((offset = dwarf_ranges(die, offset, &base, &start, &end)) > 0)
		if (start == pc)
			return true;
	return false;
}

static int visit_function(Dwarf_Die *die, void *arg)
{
	struct unit_walk *w = arg;
	Dwarf_Addr entry;

	if (dwarf_hasattr(die, DW_AT_declaration))
		return DWARF_CB_OK;
	if (dwarf_entrypc(die, &entry) != 0 &&
	    !dwarf_hasattr(die, DW_AT_ranges))
		return DWARF_CB_OK;
	for (size_t i = 0; i < w->n; i++) {
		struct dwarf_lookup *l = &w->lookups[w->targets[i].lookup];

		if (!l->found && starts_at(die, w->targets[i].pc)) {
			l->found = true;
			l->die_offset = dwarf_dieoffset(die);
		}
	}
	return DWARF_CB_OK;
}

static int read_symbols(struct dwarf_file *f, struct symbol_address **out,
			size_t *count)
{
	int n = dwfl_module_getsymtab(f->module);
	struct symbol_address *s;
	size_t k = 0;

	*out = NULL;
	*count = 0;
	if (n <= 0)
		return 0;
	s = calloc((size_t)n, sizeof(*s));
	if (!s)
		return -ENOMEM;
	for (int i = 0; i < n; i++) {
		GElf_Sym sym;
		GElf_Addr address;
		GElf_Word shndx;
		const char *name = dwfl_module_getsym_info(f->module, i, &sym,
							   &address, &shndx,
							   NULL, NULL);

		if (!name || !*name || GELF_ST_TYPE(sym.st_info) != STT_FUNC ||
		    sym.st_shndx == SHN_UNDEF)
			continue;
		s[k++] = (struct symbol_address){ name, sym.st_value,
						  address };
	}
	qsort(s, k, sizeof(*s), compare_symbol);
	*out = s;
	*count = k;
	return 0;
}

int dwarf_file_lookup(struct dwarf_file *f, struct dwarf_lookup *l, size_t n)
{
	struct symbol_address *symbols;
	struct target_pc *pcs;
	size_t n_symbols, n_pcs = 0;

	if (read_symbols(f, &symbols, &n_symbols))
		return -ENOMEM;
	pcs = calloc(n ? n : 1, sizeof(*pcs));
	if (!pcs) {
		free(symbols);
		return -ENOMEM;
	}
	for (size_t i = 0; i < n; i++) {
		struct symbol_address key = { l[i].symbol, l[i].value, 0 };
		struct symbol_address *s = n_symbols ?
			bsearch(&key, symbols, n_symbols, sizeof(*symbols),
				compare_symbol) : NULL;
		Dwarf_Die *cu_die;
		Dwarf_Addr bias;

		l[i].symbol_found = s != NULL;
		l[i].found = false;
		if (!s || !(cu_die = dwfl_module_addrdie(f->module, s->address,
							 &bias)))
			continue;
		pcs[n_pcs++] = (struct target_pc){
			.lookup = i, .pc = s->address - bias,
			.cu = dwarf_dieoffset(cu_die),
		};
	}
	free(symbols);
	qsort(pcs, n_pcs, sizeof(*pcs), compare_target_pc);
	for (size_t i = 0; i < n_pcs;) {
		size_t j = i;
		struct unit_walk w;
		Dwarf_Die cu_die;

		while (j < n_pcs && pcs[j].cu == pcs[i].cu)
			j++;
		w = (struct unit_walk){ pcs + i, j - i, l };
		if (dwarf_offdie(f->dwarf, pcs[i].cu, &cu_die))
			dwarf_getfuncs(&cu_die, visit_function, &w, 0);
		i = j;
	}
	free(pcs);
	return 0;
}

/* ---- locations ------------------------------------------------------------ */

static bool is_stack_value(const Dwarf_Op *op)
{
	return op->atom == DW_OP_stack_value;
}

/* The register of a one-operation register expression, or -1. */
static int register_of(const Dwarf_Op *op)
{
	if (op->atom >= DW_OP_reg0 && op->atom <= DW_OP_reg31)
		return op->atom - DW_OP_reg0;
	if (op->atom == DW_OP_regx)
		return op->number <= INT32_MAX ? (int)op->number : -1;
	return -1;
}

/* The base register of a DW_OP_breg*, or -1. */
static int base_register_of(const Dwarf_Op *op)
{
	if (op->atom >= DW_OP_breg0 && op->atom <= DW_OP_breg31)
		return op->atom - DW_OP_breg0;
	if (op->atom == DW_OP_bregx)
		return op->number <= INT32_MAX ? (int)op->number : -1;
	return -1;
}

static int64_t breg_offset(const Dwarf_Op *op)
{
	return (int64_t)(op->atom == DW_OP_bregx ? op->number2 : op->number);
}

/* A constant pushed by one operation, if it is one. */
static bool constant_of(const Dwarf_Op *op, uint64_t *value)
{
	switch (op->atom) {
	case DW_OP_lit0 ... DW_OP_lit31:
		*value = op->atom - DW_OP_lit0;
		return true;
	case DW_OP_const1u: case DW_OP_const2u: case DW_OP_const4u:
	case DW_OP_const8u: case DW_OP_constu:
	case DW_OP_const1s: case DW_OP_const2s: case DW_OP_const4s:
	case DW_OP_const8s: case DW_OP_consts:
		*value = op->number;
		return true;
	default:
		return false;
	}
}

/* The register whose entry value DW_OP_entry_value `op` takes, or -1. */
static int entry_value_register(Dwarf_Attribute *attr, const Dwarf_Op *op)
{
	Dwarf_Attribute block;
	Dwarf_Op *ops;
	size_t n;

	if (dwarf_getlocation_attr(attr, op, &block) != 0 ||
	    dwarf_getlocation(&block, &ops, &n) != 0 || n != 1)
		return -1;
	return register_of(&ops[0]);
}

/* Where the frame base is at entry, as an offset from sp: false if it is
   not a form we know. */
static bool frame_base_at_entry(struct dwarf_file *f, Dwarf_Die *function,
				Dwarf_Addr pc, int64_t *sp_offset)
{
	Dwarf_Attribute attr;
	Dwarf_Op *ops;
	size_t n;

	if (!dwarf_attr(function, DW_AT_frame_base, &attr) ||
	    dwarf_getlocation_addr(&attr, pc, &ops, &n, 1) != 1 || n != 1)
		return false;
	if (ops[0].atom == DW_OP_call_frame_cfa && f->stack_pointer >= 0) {
		*sp_offset = f->cfa_at_entry;
		return true;
	}
	if (f->stack_pointer >= 0 && base_register_of(&ops[0]) ==
				     f->stack_pointer) {
		*sp_offset = breg_offset(&ops[0]);
		return true;
	}
	return false;
}

struct entry_context {
	struct dwarf_file *f;
	bool		 frame_base_known;
	int64_t		 frame_base;	/* sp offset at entry */
};

/* One piece's operations (without its DW_OP_piece). */
static void decode_piece(const struct entry_context *c, Dwarf_Attribute *attr,
			 const Dwarf_Op *ops, size_t n, struct dwarf_piece *p)
{
	uint64_t value;
	int reg;

	p->kind = DWARF_PIECE_COMPUTED;
	if (n == 0) {
		p->kind = DWARF_PIECE_NONE;
		return;
	}
	if (ops[0].atom == DW_OP_GNU_parameter_ref) {
		p->kind = DWARF_PIECE_CALLER;
		return;
	}
	if (n == 1) {
		if ((reg = register_of(&ops[0])) >= 0) {
			p->kind = DWARF_PIECE_REG;
			p->reg = reg;
		} else if ((reg = base_register_of(&ops[0])) >= 0) {
			if (reg == c->f->stack_pointer) {
				p->kind = DWARF_PIECE_STACK;
			} else {
				p->kind = DWARF_PIECE_REG_INDIRECT;
				p->reg = reg;
			}
			p->offset = breg_offset(&ops[0]);
		} else if (ops[0].atom == DW_OP_fbreg && c->frame_base_known) {
			p->kind = DWARF_PIECE_STACK;
			p->offset = c->frame_base + (int64_t)ops[0].number;
		} else if (ops[0].atom == DW_OP_implicit_value) {
			p->kind = DWARF_PIECE_CONST;
		}
		return;
	}
	if (n != 2 || !is_stack_value(&ops[1]))
		return;
	if (constant_of(&ops[0], &value)) {
		p->kind = DWARF_PIECE_CONST;
		p->value_known = true;
		p->value = value;
	} else if ((ops[0].atom == DW_OP_entry_value ||
		    ops[0].atom == DW_OP_GNU_entry_value) &&
		   (reg = entry_value_register(attr, &ops[0])) >= 0) {
		/* The register's value at entry: at entry, the register. */
		p->kind = DWARF_PIECE_REG;
		p->reg = reg;
	} else if ((reg = base_register_of(&ops[0])) >= 0 &&
		   reg != c->f->stack_pointer && breg_offset(&ops[0]) == 0) {
		p->kind = DWARF_PIECE_REG;
		p->reg = reg;
	}
}

/* Split a location expression at its DW_OP_piece operations. */
static void decode_location(const struct entry_context *c,
			    Dwarf_Attribute *attr, const Dwarf_Op *ops,
			    size_t n, struct dwarf_param *param)
{
	size_t start = 0;
	uint64_t offset = 0;
	bool pieces = false;

	for (size_t i = 0; i < n; i++) {
		struct dwarf_piece *p;

		if (ops[i].atom != DW_OP_piece)
			continue;
		pieces = true;
		if (param->n_pieces == DWARF_MAX_PIECES) {
			param->too_many_pieces = true;
			return;
		}
		p = &param->pieces[param->n_pieces++];
		decode_piece(c, attr, ops + start, i - start, p);
		p->offset_in_value = (uint32_t)offset;
		p->size = (uint32_t)ops[i].number;
		offset += ops[i].number;
		start = i + 1;
	}
	if (!pieces) {
		param->n_pieces = 1;
		decode_piece(c, attr, ops, n, &param->pieces[0]);
		param->pieces[0].size = (uint32_t)param->size;
	}
}

/* ---- describing a function ------------------------------------------------ */

/* The DIE `die` refers to by `name` (abstract origin, specification). */
static bool follow(Dwarf_Die *die, unsigned name, Dwarf_Die *out)
{
	Dwarf_Attribute attr;

	return dwarf_attr(die, name, &attr) && dwarf_formref_die(&attr, out);
}

/* The declaration a concrete DIE stands for: its abstract origin's, or its
   specification's, followed to the end (at most a few steps). */
static void origin_of(Dwarf_Die *die, Dwarf_Die *out)
{
	Dwarf_Die next;

	*out = *die;
	for (int i = 0; i < 8; i++) {
		if (!follow(out, DW_AT_abstract_origin, &next) &&
		    !follow(out, DW_AT_specification, &next))
			return;
		*out = next;
	}
}

static uint64_t type_size(Dwarf_Die *param)
{
	Dwarf_Die type;
	Dwarf_Word size;

	if (!follow(param, DW_AT_type, &type) ||
	    dwarf_aggregate_size(&type, &size) != 0)
		return 0;
	return size;
}

/* The declared parameters: the origin's formal parameters, in order. */
static void list_params(Dwarf_Die *origin, struct dwarf_function *out)
{
	Dwarf_Die child;

	if (dwarf_child(origin, &child) != 0)
		return;
	do {
		int tag = dwarf_tag(&child);
		struct dwarf_param *p;

		if (tag == DW_TAG_unspecified_parameters)
			out->varargs = true;
		if (tag != DW_TAG_formal_parameter)
			continue;
		if (out->n_params == DWARF_MAX_PARAMS) {
			out->too_many_params = true;
			return;
		}
		p = &out->params[out->n_params++];
		p->name = dwarf_diename(&child);
		if (!p->name)
			p->name = "";
		p->size = type_size(&child);
	} while (dwarf_siblingof(&child, &child) == 0);
}

/* The index in out->params of the declared parameter a concrete formal
   parameter stands for, or -1. */
static int param_index(Dwarf_Die *origin, Dwarf_Die *param)
{
	Dwarf_Die declared, child;
	Dwarf_Off want;
	int index = 0;

	origin_of(param, &declared);
	want = dwarf_dieoffset(&declared);
	if (dwarf_child(origin, &child) != 0)
		return -1;
	do {
		if (dwarf_tag(&child) != DW_TAG_formal_parameter)
			continue;
		if (dwarf_dieoffset(&child) == want)
			return index < DWARF_MAX_PARAMS ? index : -1;
		index++;
	} while (dwarf_siblingof(&child, &child) == 0);
	return -1;
}

/* A parameter with DW_AT_const_value: the same constant everywhere. */
static void describe_const_value(Dwarf_Die *param, struct dwarf_param *p)
{
	Dwarf_Attribute attr;
	Dwarf_Sword sval;
	Dwarf_Word uval;

	if (!dwarf_attr(param, DW_AT_const_value, &attr))
		return;
	p->has_location = p->at_entry = true;
	p->n_pieces = 1;
	p->pieces[0] = (struct dwarf_piece){ .kind = DWARF_PIECE_CONST,
					     .size = (uint32_t)p->size };
	if (dwarf_whatform(&attr) == DW_FORM_sdata &&
	    dwarf_formsdata(&attr, &sval) == 0) {
		p->pieces[0].value = (uint64_t)sval;
		p->pieces[0].value_known = true;
	} else if (dwarf_whatform(&attr) != DW_FORM_block &&
		   dwarf_whatform(&attr) != DW_FORM_block1 &&
		   dwarf_formudata(&attr, &uval) == 0) {
		p->pieces[0].value = uval;
		p->pieces[0].value_known = true;
	}
}

int dwarf_file_describe(struct dwarf_file *f, const struct dwarf_lookup *l,
			struct dwarf_function *out)
{
	struct entry_context c = { .f = f };
	Dwarf_Die die, origin, child;
	Dwarf_Attribute attr;
	Dwarf_Word cc;
	Dwarf_Addr pc;

	memset(out, 0, sizeof(*out));
	if (!l->found || !dwarf_offdie(f->dwarf, l->die_offset, &die))
		return -EINVAL;
	out->die_offset = l->die_offset;
	if (dwarf_entrypc(&die, &pc) != 0) {
		Dwarf_Addr base, end;

		if (dwarf_ranges(&die, 0, &base, &pc, &end) <= 0)
			return -EINVAL;
	}
	origin_of(&die, &origin);
	out->name = dwarf_diename(&origin);
	if (!out->name)
		out->name = "";
	out->returns_void = !dwarf_hasattr(&origin, DW_AT_type);
	if (dwarf_attr(&die, DW_AT_calling_convention, &attr) ||
	    dwarf_attr(&origin, DW_AT_calling_convention, &attr))
		if (dwarf_formudata(&attr, &cc) == 0)
			out->calling_convention = (unsigned)cc;
	list_params(&origin, out);
	c.frame_base_known = frame_base_at_entry(f, &die, pc, &c.frame_base);

	/* The concrete instance's formal parameters carry the locations;
	   when the DIE is its own origin, they are the declared ones. */
	if (dwarf_child(&die, &child) != 0)
		return 0;
	do {
		struct dwarf_param *p;
		Dwarf_Op *ops;
		size_t n;
		int index;

		if (dwarf_tag(&child) != DW_TAG_formal_parameter)
			continue;
		index = param_index(&origin, &child);
		if (index < 0 || (unsigned)index >= out->n_params)
			continue;
		p = &out->params[index];
		if (!dwarf_attr(&child, DW_AT_location, &attr)) {
			describe_const_value(&child, p);
			continue;
		}
		p->has_location = true;
		if (dwarf_getlocation_addr(&attr, pc, &ops, &n, 1) != 1)
			continue;
		p->at_entry = true;
		decode_location(&c, &attr, ops, n, p);
	} while (dwarf_siblingof(&child, &child) == 0);
	return 0;
}
