// SPDX-License-Identifier: MIT
/*
 * gen.c — a seeded generator of C programs whose functions provoke the
 * signature changes truesig records, each call made through TV_CALL of
 * testsuite/verify/truesig_verify.h so that `truesig verify` can check the
 * records at run time.
 *
 *   torture-gen [-g GROUPS] [-k LIST] SEED > prog.c
 *
 * A program is GROUPS independent groups (default 12).  Each group is a
 * function under test, sometimes a second one that calls it (a chain:
 * clones of clones), and a driver that calls them twice with different
 * arguments; main calls every driver.  -k LIST (comma-separated group
 * numbers) writes only those groups, the same as in the full program: a
 * failing program is reduced by dropping groups (reduce.sh).
 *
 * What the functions contain, drawn from the seed: unused parameters;
 * structs and unions by value of which some members are read; read-only
 * pointers to structs and scalars; parameters every caller passes as the
 * same constant (also whole structs of constants); return values the
 * callers ignore; more parameters than registers; float and double;
 * small, large and nested structs, arrays in structs, bit-fields; a fast
 * path before a loop (ipa-split's .part).  Structs have no implicit
 * padding (explicit pad members, natural alignment, 8-byte multiple
 * sizes), so their bytes are the same on x86-64 and i386 and every byte
 * passed is a defined one.  Values are small: no arithmetic overflows.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- random numbers ------------------------------------------------------ */

static uint64_t rng_state;

static uint64_t rng(void)
{
	/* xorshift64* */
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1dULL;
}

/* 0 .. n-1 */
static int pick(int n)
{
	return (int)(rng() % (uint64_t)n);
}

static bool chance(int percent)
{
	return pick(100) < percent;
}

/* ---- types --------------------------------------------------------------- */

enum scalar { I8, I16, I32, I64, U8, U16, U32, U64, F32, F64, N_SCALARS };

static const char *const scalar_name[N_SCALARS] = {
	"int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t",
	"uint32_t", "uint64_t", "float", "double",
};
static const int scalar_size[N_SCALARS] = { 1, 2, 4, 8, 1, 2, 4, 8, 4, 8 };

static bool is_float(int s)
{
	return s == F32 || s == F64;
}

enum field_kind { FK_SCALAR, FK_ARRAY, FK_NESTED, FK_BITS, FK_PAD };

struct field {
	int	 kind;
	int	 scalar;	/* FK_SCALAR, FK_ARRAY: element */
	int	 count;		/* FK_ARRAY, FK_PAD: elements/bytes */
	int	 nested;	/* FK_NESTED: aggregate index */
	int	 bits[3], n_bits;	/* FK_BITS: widths summing to 32 */
	int	 size, align;
};

#define MAX_FIELDS	24
#define MAX_AGGS	10

struct aggregate {
	bool	 is_union;
	struct field fields[MAX_FIELDS];
	int	 n_fields;
	int	 size, align;
};

static struct aggregate aggs[MAX_AGGS];
static int n_aggs;

/* A readable scalar inside an aggregate: "f2.f0", "f3[1]", "f1.b0". */
struct leaf {
	char	 path[96];
	int	 scalar;	/* U32 for bit-fields */
	bool	 bitfield;
	int	 bit_width;
};

#define MAX_LEAVES	64

static int collect_leaves(int a, const char *prefix, struct leaf *out,
			  int n)
{
	const struct aggregate *g = &aggs[a];

	for (int i = 0; i < g->n_fields && n < MAX_LEAVES; i++) {
		const struct field *f = &g->fields[i];
		char path[64];

		snprintf(path, sizeof(path), "%sf%d", prefix, i);
		switch (f->kind) {
		case FK_SCALAR:
			snprintf(out[n].path, sizeof(out[n].path), "%s", path);
			out[n].scalar = f->scalar;
			out[n].bitfield = false;
			n++;
			break;
		case FK_ARRAY:
			for (int e = 0; e < f->count && n < MAX_LEAVES; e++) {
				snprintf(out[n].path, sizeof(out[n].path),
					 "%s[%d]", path, e);
				out[n].scalar = f->scalar;
				out[n].bitfield = false;
				n++;
			}
			break;
		case FK_NESTED: {
			char p2[72];

			snprintf(p2, sizeof(p2), "%s.", path);
			n = collect_leaves(f->nested, p2, out, n);
			break;
		}
		case FK_BITS:
			for (int b = 0; b < f->n_bits && n < MAX_LEAVES; b++) {
				snprintf(out[n].path, sizeof(out[n].path),
					 "%s.b%d", path, b);
				out[n].scalar = U32;
				out[n].bitfield = true;
				out[n].bit_width = f->bits[b];
				n++;
			}
			break;
		default:
			break;
		}
		if (g->is_union)
			break;		/* a union's leaves: its first member */
	}
	return n;
}

static void add_field(struct aggregate *g, struct field f)
{
	int misalign = g->size % f.align;

	if (!g->is_union && misalign) {
		struct field pad = { .kind = FK_PAD, .count = f.align - misalign,
				     .size = f.align - misalign, .align = 1 };

		g->fields[g->n_fields++] = pad;
		g->size += pad.size;
	}
	g->fields[g->n_fields++] = f;
	if (g->is_union) {
		if (f.size > g->size)
			g->size = f.size;
	} else {
		g->size += f.size;
	}
	if (f.align > g->align)
		g->align = f.align;
}

static struct field scalar_field(int s)
{
	return (struct field){ .kind = FK_SCALAR, .scalar = s,
			       .size = scalar_size[s], .align = scalar_size[s] };
}

static void make_struct(int a, bool large)
{
	struct aggregate *g = &aggs[a];
	int n = large ? 6 + pick(8) : 1 + pick(4);

	memset(g, 0, sizeof(*g));
	g->align = 1;
	for (int i = 0; i < n && g->n_fields < MAX_FIELDS - 4; i++) {
		int r = pick(10);

		if (r < 6) {
			add_field(g, scalar_field(pick(N_SCALARS)));
		} else if (r == 6) {
			int e = pick(N_SCALARS), count = 2 + pick(3);

			add_field(g, (struct field){ .kind = FK_ARRAY,
				.scalar = e, .count = count,
				.size = count * scalar_size[e],
				.align = scalar_size[e] });
		} else if (r == 7 && a > 0) {
			int inner = pick(a);

			add_field(g, (struct field){ .kind = FK_NESTED,
				.nested = inner, .size = aggs[inner].size,
				.align = aggs[inner].align });
		} else {
			struct field f = { .kind = FK_BITS, .size = 4,
					   .align = 4 };
			int left = 32;

			f.n_bits = 2 + pick(2);
			for (int b = 0; b < f.n_bits - 1; b++) {
				f.bits[b] = 1 + pick(left - (f.n_bits - b) + 1);
				if (f.bits[b] > 16)
					f.bits[b] = 16;
				left -= f.bits[b];
			}
			f.bits[f.n_bits - 1] = left;
			add_field(g, f);
		}
	}
	/* Tail padding to a multiple of the alignment: none implicit. */
	if (g->size % g->align) {
		struct field pad = { .kind = FK_PAD,
				     .count = g->align - g->size % g->align,
				     .align = 1 };

		pad.size = pad.count;
		g->fields[g->n_fields++] = pad;
		g->size += pad.size;
	}
}

/* A union of members of one size: every byte defined by any member. */
static void make_union(int a)
{
	struct aggregate *g = &aggs[a];
	bool wide = chance(50);

	memset(g, 0, sizeof(*g));
	g->is_union = true;
	g->align = 1;
	if (wide) {
		add_field(g, scalar_field(pick(2) ? I64 : F64));
		add_field(g, scalar_field(F64));
		add_field(g, (struct field){ .kind = FK_ARRAY, .scalar = I32,
					     .count = 2, .size = 8, .align = 4 });
	} else {
		add_field(g, scalar_field(pick(2) ? I32 : F32));
		add_field(g, scalar_field(F32));
		add_field(g, (struct field){ .kind = FK_ARRAY, .scalar = U8,
					     .count = 4, .size = 4, .align = 1 });
	}
}

static void print_aggregate(int a)
{
	const struct aggregate *g = &aggs[a];

	printf("%s %s%d {\n", g->is_union ? "union" : "struct",
	       g->is_union ? "u" : "s", a);
	for (int i = 0; i < g->n_fields; i++) {
		const struct field *f = &g->fields[i];

		switch (f->kind) {
		case FK_SCALAR:
			printf("\t%s f%d;\n", scalar_name[f->scalar], i);
			break;
		case FK_ARRAY:
			printf("\t%s f%d[%d];\n", scalar_name[f->scalar], i,
			       f->count);
			break;
		case FK_NESTED:
			printf("\t%s %s%d f%d;\n",
			       aggs[f->nested].is_union ? "union" : "struct",
			       aggs[f->nested].is_union ? "u" : "s", f->nested,
			       i);
			break;
		case FK_BITS:
			printf("\tstruct {");
			for (int b = 0; b < f->n_bits; b++)
				printf(" uint32_t b%d : %d;", b, f->bits[b]);
			printf(" } f%d;\n", i);
			break;
		case FK_PAD:
			printf("\tuint8_t f%d[%d];\n", i, f->count);
			break;
		}
	}
	printf("};\n\n");
}

static const char *agg_type(int a)
{
	static char buf[4][32];
	static int next;
	char *b = buf[next++ % 4];

	snprintf(b, 32, "%s %s%d", aggs[a].is_union ? "union" : "struct",
		 aggs[a].is_union ? "u" : "s", a);
	return b;
}

/* ---- values -------------------------------------------------------------- */

/* A constant of scalar s, as C: exact in binary for floats. */
static void constant(int s, char *buf, size_t size)
{
	int v = pick(200) - 100;

	switch (s) {
	case U8: case U16: case U32: case U64:
		v = v < 0 ? -v : v;
		/* fall through */
	case I8: case I16: case I32: case I64:
		snprintf(buf, size, "(%s)%d", scalar_name[s], v);
		break;
	case F32:
		snprintf(buf, size, "%d.%02df", v, 25 * pick(4));
		break;
	default:
		snprintf(buf, size, "%d.%02d", v, 25 * pick(4));
	}
}

/* A value of scalar s that depends on the driver's k (1 or 2). */
static void varying(int s, char *buf, size_t size)
{
	int a = 1 + pick(9), b = pick(50);

	snprintf(buf, size, "(%s)(k * %d + %d)", scalar_name[s], a, b);
}

/* ---- functions ----------------------------------------------------------- */

enum param_kind {
	PK_USED, PK_UNUSED, PK_CONST, PK_BYVAL, PK_BYVAL_CONST, PK_PTR_RO,
	PK_PTR_SCALAR, PK_PTR_OUT, PK_FAST, N_PARAM_KINDS
};

#define MAX_PARAMS	12
#define MAX_USES	3

struct param {
	int	 kind;
	int	 scalar;	/* scalars, PK_PTR_SCALAR, PK_PTR_OUT */
	int	 agg;		/* PK_BYVAL*, PK_PTR_RO */
	int	 uses[MAX_USES];	/* leaf indices read */
	int	 n_uses;
	char	 value[2][64];	/* PK_CONST: [0] at every call */
	char	 cvalues[MAX_LEAVES][48];	/* PK_BYVAL_CONST leaves */
};

enum ret_kind { RET_USED, RET_IGNORED, RET_VOID };

struct function {
	char	 name[16];
	struct param params[MAX_PARAMS];
	int	 n_params;
	int	 ret;
	bool	 part;		/* fast path, then a loop */
	int	 calls;		/* -1, or the function it calls (chain) */
};

struct group {
	struct function fns[2];	/* [0] under test, [1] its caller */
	int	 n_fns;
};

static int leaves_of(int a, struct leaf *out)
{
	return collect_leaves(a, "", out, 0);
}

static void make_param(struct param *p, bool allow_fast)
{
	int r = pick(100);
	struct leaf leaves[MAX_LEAVES];

	memset(p, 0, sizeof(*p));
	p->scalar = pick(N_SCALARS);
	p->agg = pick(n_aggs);
	if (allow_fast) {
		p->kind = PK_FAST;
		p->scalar = I32;
		return;
	}
	p->kind = r < 28 ? PK_USED : r < 42 ? PK_UNUSED : r < 54 ? PK_CONST :
		  r < 72 ? PK_BYVAL : r < 77 ? PK_BYVAL_CONST :
		  r < 89 ? PK_PTR_RO : r < 95 ? PK_PTR_SCALAR : PK_PTR_OUT;
	if (p->kind == PK_PTR_OUT)
		p->scalar = I64;
	if (p->kind == PK_PTR_RO && aggs[p->agg].is_union)
		p->kind = PK_BYVAL;
	if (p->kind == PK_CONST)
		constant(p->scalar, p->value[0], sizeof(p->value[0]));
	if (p->kind == PK_BYVAL || p->kind == PK_BYVAL_CONST ||
	    p->kind == PK_PTR_RO) {
		int n = leaves_of(p->agg, leaves);

		p->n_uses = n ? 1 + pick(n < MAX_USES ? n : MAX_USES) : 0;
		if (chance(10))
			p->n_uses = 0;		/* read nothing */
		for (int i = 0; i < p->n_uses; i++)
			p->uses[i] = pick(n);
		if (p->kind == PK_BYVAL_CONST)
			for (int i = 0; i < n; i++)
				constant(leaves[i].scalar, p->cvalues[i],
					 sizeof(p->cvalues[i]));
	}
}

static void make_function(struct function *f, const char *name, bool part,
			  bool many)
{
	memset(f, 0, sizeof(*f));
	snprintf(f->name, sizeof(f->name), "%s", name);
	f->part = part;
	f->calls = -1;
	f->n_params = many ? 7 + pick(5) : 1 + pick(6);
	for (int i = 0; i < f->n_params; i++)
		make_param(&f->params[i], part && i == 0);
	if (part && f->n_params < 2)
		make_param(&f->params[f->n_params++], false);
	/* ipa-split cannot pass an aggregate parameter to the part. */
	for (int i = 0; part && i < f->n_params; i++)
		if (f->params[i].kind == PK_BYVAL ||
		    f->params[i].kind == PK_BYVAL_CONST)
			f->params[i].kind = PK_USED;
	f->ret = pick(3);
}

/* The declared type of a parameter. */
static void param_type(const struct param *p, char *buf, size_t size)
{
	switch (p->kind) {
	case PK_BYVAL:
	case PK_BYVAL_CONST:
		snprintf(buf, size, "%s", agg_type(p->agg));
		break;
	case PK_PTR_RO:
		snprintf(buf, size, "const %s *", agg_type(p->agg));
		break;
	case PK_PTR_SCALAR:
		snprintf(buf, size, "const %s *", scalar_name[p->scalar]);
		break;
	case PK_PTR_OUT:
		snprintf(buf, size, "int64_t *");
		break;
	default:
		snprintf(buf, size, "%s", scalar_name[p->scalar]);
	}
}

/* "acc += ..." for one scalar expression. */
static void accumulate(const char *expr, int scalar, int weight)
{
	if (is_float(scalar))
		printf("\tacc += (uint64_t)(int64_t)(%s * %d);\n", expr,
		       weight);
	else
		printf("\tacc += (uint64_t)%s * %d;\n", expr, weight);
}

static void print_uses(const struct function *f)
{
	for (int i = 0; i < f->n_params; i++) {
		const struct param *p = &f->params[i];
		struct leaf leaves[MAX_LEAVES];
		char expr[96];

		switch (p->kind) {
		case PK_USED:
		case PK_CONST:
			snprintf(expr, sizeof(expr), "p%d", i);
			accumulate(expr, p->scalar, i + 1);
			break;
		case PK_BYVAL:
		case PK_BYVAL_CONST:
		case PK_PTR_RO:
			leaves_of(p->agg, leaves);
			for (int u = 0; u < p->n_uses; u++) {
				snprintf(expr, sizeof(expr), "p%d%s%s", i,
					 p->kind == PK_PTR_RO ? "->" : ".",
					 leaves[p->uses[u]].path);
				accumulate(expr, leaves[p->uses[u]].scalar,
					   i + u + 1);
			}
			break;
		case PK_PTR_SCALAR:
			snprintf(expr, sizeof(expr), "*p%d", i);
			accumulate(expr, p->scalar, i + 1);
			break;
		default:
			break;
		}
	}
}

static void print_signature(const struct function *f)
{
	char type[64];

	/* A part's function is global: static, it would be inlined whole. */
	printf("%s%s\n%s (", f->part ? "" : "static __attribute__((noinline)) ",
	       f->ret == RET_VOID ? "void" : "int64_t", f->name);
	for (int i = 0; i < f->n_params; i++) {
		param_type(&f->params[i], type, sizeof(type));
		printf("%s%s%sp%d", i ? ", " : "", type,
		       type[strlen(type) - 1] == '*' ? "" : " ", i);
	}
	printf(")");
}

/* The arguments of one call; `k' is the driver's or caller's varying. */
static void print_call(const struct function *f, int site, const char *lhs)
{
	struct leaf leaves[MAX_LEAVES];
	char v[64];

	/* Locals for the aggregates and pointees. */
	printf("\t{\n");
	for (int i = 0; i < f->n_params; i++) {
		const struct param *p = &f->params[i];
		int n;

		switch (p->kind) {
		case PK_BYVAL:
		case PK_BYVAL_CONST:
		case PK_PTR_RO:
			printf("\t%s a%d;\n\tmemset(&a%d, 0, sizeof a%d);\n",
			       agg_type(p->agg), i, i, i);
			n = leaves_of(p->agg, leaves);
			for (int l = 0; l < n; l++) {
				if (p->kind == PK_BYVAL_CONST)
					snprintf(v, sizeof(v), "%s",
						 p->cvalues[l]);
				else
					varying(leaves[l].scalar, v, sizeof(v));
				if (leaves[l].bitfield)
					printf("\ta%d.%s = (uint32_t)(%s) & "
					       "0x%" PRIx32 ";\n", i,
					       leaves[l].path, v,
					       (uint32_t)((1ULL << leaves[l]
							   .bit_width) - 1));
				else
					printf("\ta%d.%s = %s;\n", i,
					       leaves[l].path, v);
			}
			break;
		case PK_PTR_SCALAR:
			varying(p->scalar, v, sizeof(v));
			printf("\t%s a%d = %s;\n", scalar_name[p->scalar], i, v);
			break;
		case PK_PTR_OUT:
			printf("\tint64_t a%d = 0;\n", i);
			break;
		default:
			break;
		}
	}
	printf("\t%sTV_CALL(%s", lhs, f->name);
	for (int i = 0; i < f->n_params; i++) {
		const struct param *p = &f->params[i];

		printf(", ");
		switch (p->kind) {
		case PK_CONST:
			printf("%s", p->value[0]);
			break;
		case PK_FAST:
			/* Not constant: IPA-CP would specialize the head
			   and leave the part to the unused original. */
			printf("(int32_t)(k %s 1)", site == 0 ? "==" : "!=");
			break;
		case PK_BYVAL:
		case PK_BYVAL_CONST:
			printf("a%d", i);
			break;
		case PK_PTR_RO:
			printf("(const %s *)&a%d", agg_type(p->agg), i);
			break;
		case PK_PTR_SCALAR:
			printf("(const %s *)&a%d", scalar_name[p->scalar], i);
			break;
		case PK_PTR_OUT:
			printf("&a%d", i);
			break;
		default:
			varying(p->scalar, v, sizeof(v));
			printf("%s", v);
		}
	}
	printf(");\n");
	for (int i = 0; i < f->n_params; i++)
		if (f->params[i].kind == PK_PTR_OUT)
			printf("\ttg_sink += (uint64_t)a%d;\n", i);
	printf("\t}\n");
}

static void print_calls(const struct function *f, int site)
{
	print_call(f, site, f->ret == RET_USED ? "tg_sink += (uint64_t)" : "");
}

static void print_function(const struct function *f,
			   const struct function *callee)
{
	print_signature(f);
	printf("\n{\n\tuint64_t acc = 1;\n\n");
	if (f->part) {
		/* A cheap head and a costly tail: ipa-split's .part. */
		printf("\tif (p0) {\n\t\ttg_sink += 1;\n\t\treturn%s;\n\t}\n",
		       f->ret == RET_VOID ? "" : " (int64_t)tg_sink");
		printf("\tfor (int i = 0; i < 3; i++) {\n"
		       "\t\ttg_ext(acc + (uint64_t)i, acc * 3);\n"
		       "\t\ttg_table[(i * 7) & 63] += acc;\n"
		       "\t\ttg_ext(acc - (uint64_t)i, tg_table[i & 63]);\n"
		       "\t\ttg_ext(acc ^ (uint64_t)i, tg_table[i & 7]);\n"
		       "\t\ttg_ext(acc | (uint64_t)i, tg_table[i & 15]);\n"
		       "\t\tacc += tg_table[i & 63] & 0xff;\n\t}\n");
	}
	print_uses(f);
	if (callee) {
		/* A chain: call the function under test from here. */
		printf("\tint64_t k = (int64_t)(acc & 1) + 1;\n");
		print_calls(callee, 0);
		print_calls(callee, 1);
	}
	for (int i = 0; i < f->n_params; i++)
		if (f->params[i].kind == PK_PTR_OUT)
			printf("\t*p%d = (int64_t)(acc & 0xffff);\n", i);
	printf("\ttg_sink ^= acc;\n");
	if (f->ret != RET_VOID)
		printf("\treturn (int64_t)(acc & 0xffffff);\n");
	printf("}\n\n");
}

static void make_group(struct group *g, int index)
{
	int shape = pick(100);
	char name[16];

	snprintf(name, sizeof(name), "t%d", index);
	g->n_fns = 1;
	make_function(&g->fns[0], name, shape < 15, shape >= 15 && shape < 30);
	if (shape >= 75) {
		/* A chain: c<i> calls t<i> with arguments of its own. */
		snprintf(name, sizeof(name), "c%d", index);
		make_function(&g->fns[1], name, false, false);
		g->fns[1].calls = 0;
		g->n_fns = 2;
	}
}

static void print_group(const struct group *g, int index)
{
	const struct function *top = &g->fns[g->n_fns - 1];

	print_function(&g->fns[0], NULL);
	if (g->n_fns == 2)
		print_function(&g->fns[1], &g->fns[0]);
	printf("static __attribute__((noinline)) void\ndrive%d (int32_t k)\n"
	       "{\n", index);
	print_calls(top, 0);
	print_calls(top, 1);
	printf("}\n\n");
}

/* ---- main ---------------------------------------------------------------- */

static bool kept(const char *list, int index)
{
	const char *p = list;

	if (!list)
		return true;
	while (*p) {
		char *end;
		long v = strtol(p, &end, 10);

		if (end == p)
			return false;
		if (v == index)
			return true;
		p = *end == ',' ? end + 1 : end;
	}
	return false;
}

static int usage(void)
{
	fprintf(stderr, "usage: torture-gen [-g GROUPS] [-k LIST] SEED\n");
	return 2;
}

int main(int argc, char **argv)
{
	const char *keep = NULL;
	struct group *groups;
	int n_groups = 12, i;
	uint64_t seed;
	char *end;

	for (i = 1; i < argc - 1 && argv[i][0] == '-'; i += 2) {
		if (!strcmp(argv[i], "-g")) {
			n_groups = atoi(argv[i + 1]);
			if (n_groups < 1 || n_groups > 1000)
				return usage();
		} else if (!strcmp(argv[i], "-k")) {
			keep = argv[i + 1];
		} else {
			return usage();
		}
	}
	if (i != argc - 1)
		return usage();
	seed = strtoull(argv[i], &end, 10);
	if (*end || end == argv[i])
		return usage();
	rng_state = seed * 0x9e3779b97f4a7c15ULL + 0x632be59bd9b4e019ULL;
	if (!rng_state)
		rng_state = 1;

	n_aggs = 3 + pick(MAX_AGGS - 3);
	for (int a = 0; a < n_aggs; a++) {
		if (a > 0 && chance(20))
			make_union(a);
		else
			make_struct(a, chance(30));
	}
	groups = calloc((size_t)n_groups, sizeof(*groups));
	if (!groups)
		return 1;
	for (int g = 0; g < n_groups; g++)
		make_group(&groups[g], g);

	printf("/* Generated by torture-gen %s%s%s %" PRIu64 ". */\n",
	       keep ? "-k " : "", keep ? keep : "", keep ? "" : "", seed);
	printf("#include <stdint.h>\n#include <string.h>\n"
	       "#include \"truesig_verify.h\"\n\n"
	       "volatile uint64_t tg_sink;\nuint64_t tg_table[64];\n"
	       "volatile int32_t tg_one = 1;\n\n"
	       "__attribute__((noipa)) void\ntg_ext (uint64_t a, uint64_t b)\n"
	       "{\n\ttg_sink += a ^ b;\n}\n\n");
	for (int a = 0; a < n_aggs; a++)
		print_aggregate(a);
	for (int g = 0; g < n_groups; g++)
		if (kept(keep, g))
			print_group(&groups[g], g);
	printf("int\nmain (void)\n{\n\tint32_t k = tg_one;\n\n");
	for (int g = 0; g < n_groups; g++)
		if (kept(keep, g))
			printf("\tTV_CALL(drive%d, k);\n"
			       "\tTV_CALL(drive%d, (int32_t)(k + 1));\n", g, g);
	printf("\treturn 0;\n}\n");
	free(groups);
	return 0;
}
