// SPDX-License-Identifier: MIT
/*
 * test-btf.c — `truesig btf`: parameter names, tag values, the mapping of
 * .truesig types to BTF (reusing what exists), indexes, pruning, checks of
 * input BTF, and the command on crafted files (big-endian, duplicates,
 * records without a symbol).  The command's runs use the truesig next to
 * this test binary (build/asan/truesig).
 */
#include <errno.h>
#include <libgen.h>
#include <time.h>

#include <bpf/btf.h>
#include <linux/btf.h>

#include "btf_funcs.h"
#include "btf_index.h"
#include "btf_input.h"
#include "btf_names.h"
#include "btf_prune.h"
#include "btf_types.h"
#include "elf_writer.h"
#include "records.h"
#include "section_builder.h"
#include "test_util.h"

static char *dir;
static char tool[1024];

static const char *path(const char *name)
{
	return test_path(dir, name);
}

/* Parse unit u (freed) into a section; NULL on failure. */
static struct truesig_section *parse_unit(struct sb_unit *u)
{
	struct truesig_section *s = NULL;
	struct sb_buf img = { 0 };
	char err[256];

	sb_finish(u, &img, NULL);
	sb_unit_free(u);
	if (truesig_parse(img.data, img.len, &s, err, sizeof(err)))
		printf("parse: %s\n", err);
	sb_free(&img);
	return s;
}

static void test_name_valid(void)
{
	char longest[BTF_NAME_MAX + 2];
	bool ok = true;

	memset(longest, 'a', sizeof(longest));
	longest[BTF_NAME_MAX] = '\0';
	ok &= btf_name_valid("foo.isra.0");
	ok &= btf_name_valid("_x1");
	ok &= btf_name_valid(".L1");
	ok &= btf_name_valid(longest);
	longest[BTF_NAME_MAX] = 'a';
	longest[BTF_NAME_MAX + 1] = '\0';
	ok &= !btf_name_valid(longest);
	ok &= !btf_name_valid("");
	ok &= !btf_name_valid("1abc");
	ok &= !btf_name_valid("a b");
	ok &= !btf_name_valid("a-b");
	ok &= !btf_name_valid("foo<int>");
	ok &= !btf_name_valid(NULL);
	check("btf_name_valid", ok, "the kernel's rules are not followed");
}

/* ---- parameter names ------------------------------------------------------- */

static void test_param_names(void)
{
	static const char *const want[] = {
		"q", "p__in__x", "b__flags", "b__x_1", "v__deref", "a_2",
		"p__off8", "arg7", "param4__a", "param4__off12", "b__flags_2",
		"q_2", "a_2_2", "v__deref_2",
	};
	struct sb_record r = {
		.flags = TS_RF_CHANGED | TS_RF_INCOMPLETE,
		.symbol = "f.isra.0", .function = "f",
		.return_type = 1, .source_return_type = 1,
		.kinds = { TS_KIND_ISRA },
		.n_source_params = 6,
		.source_params = {
			{ "p", 1, TS_FATE_SPLIT, 0, 0, NULL },
			{ "b", 1, TS_FATE_SPLIT, 0, 0, NULL },
			{ "v", 1, TS_FATE_SPLIT, 0, 0, NULL },
			{ "a", 1, TS_FATE_SPLIT, 0, 0, NULL },
			{ NULL, 1, TS_FATE_SPLIT, 0, 0, NULL },
			{ "q", 1, TS_FATE_PASSED, 0, 0, NULL },
		},
		.n_params = 14,
		.params = {
			{ NULL, 1, 4, TS_HOW_COPY, 5, NULL, 0, 0, 0 },
			{ NULL, 1, 4, TS_HOW_VALUE_PIECE, 0, "p.in.x", 20, 0, 0 },
			{ NULL, 1, 4, TS_HOW_POINTER_PIECE, 1, "b->flags", 0, 0, 0 },
			{ NULL, 1, 4, TS_HOW_POINTER_PIECE, 1, "b->x[1]", 8, 0, 0 },
			{ NULL, 1, 4, TS_HOW_POINTER_PIECE, 2, "*v", 0, 0, 0 },
			{ NULL, 1, 4, TS_HOW_POINTER_PIECE, 3, "a[2]", 8, 0, 0 },
			{ NULL, 1, 4, TS_HOW_VALUE_PIECE, 0, NULL, 8, 0, 0 },
			{ NULL, 1, 4, TS_HOW_NEW, TS_NO_SOURCE, NULL, 0, 0, 0 },
			{ NULL, 1, 4, TS_HOW_VALUE_PIECE, 4, ".a", 0, 0, 0 },
			{ NULL, 1, 4, TS_HOW_VALUE_PIECE, 4, NULL, 12, 0, 0 },
			{ NULL, 1, 4, TS_HOW_POINTER_PIECE, 1, "->flags", 0, 0, 0 },
			{ NULL, 1, 4, TS_HOW_COPY, 5, NULL, 0, 0, 0 },
			{ NULL, 1, 4, TS_HOW_POINTER_PIECE, 3, "a[2]", 8, 0, 0 },
			{ NULL, 1, 4, TS_HOW_POINTER_PIECE, 2, "*", 0, 0, 0 },
		},
	};
	struct truesig_section *s;
	struct sb_unit u;
	char **names;
	char got[1024] = "";
	bool ok = true;

	sb_unit_init(&u, false, 8, EM_X86_64);
	sb_type(&u, TS_TYPE_INT, TS_TF_SIGNED, "int", 4, 0, 0);
	sb_record(&u, &r);
	s = parse_unit(&u);
	if (!s) {
		fail("btf_param_names", "the record does not parse");
		return;
	}
	names = btf_param_names(&s->units[0].records[0]);
	for (unsigned i = 0; names && i < 14; i++) {
		snprintf(got + strlen(got), sizeof(got) - strlen(got), "%s ",
			 names[i]);
		ok &= !strcmp(names[i], want[i]);
	}
	check("btf_param_names", names && ok, got);
	btf_names_free(names, 14);
	truesig_section_free(s);
}

/* A long path is cut, and the cut names stay distinct. */
static void test_param_names_long(void)
{
	char path1[300], path2[300];
	struct sb_record r = {
		.symbol = "g.isra.0", .function = "g", .return_type = 1,
		.source_return_type = 1, .kinds = { TS_KIND_ISRA },
		.n_source_params = 1,
		.source_params = { { "p", 1, TS_FATE_SPLIT, 0, 0, NULL } },
		.n_params = 2,
	};
	struct truesig_section *s;
	struct sb_unit u;
	char **names;
	bool ok;

	memset(path1, 'x', sizeof(path1));
	memcpy(path1, "p.", 2);
	path1[sizeof(path1) - 1] = '\0';
	memcpy(path2, path1, sizeof(path2));
	path2[sizeof(path2) - 2] = 'y';
	r.params[0] = (struct sb_param){ NULL, 1, 4, TS_HOW_VALUE_PIECE, 0,
					 path1, 0, 0, 0 };
	r.params[1] = (struct sb_param){ NULL, 1, 4, TS_HOW_VALUE_PIECE, 0,
					 path2, 4, 0, 0 };
	sb_unit_init(&u, false, 8, EM_X86_64);
	sb_type(&u, TS_TYPE_INT, TS_TF_SIGNED, "int", 4, 0, 0);
	sb_record(&u, &r);
	s = parse_unit(&u);
	names = s ? btf_param_names(&s->units[0].records[0]) : NULL;
	ok = names && strlen(names[0]) == BTF_PARAM_NAME_MAX &&
	     !strcmp(names[1] + BTF_PARAM_NAME_MAX, "_2") &&
	     !strncmp(names[0], "p__xxx", 6) && btf_name_valid(names[1]);
	check("btf_param_names_long", ok,
	      names ? names[1] : "no names");
	btf_names_free(names, 2);
	truesig_section_free(s);
}

/* ---- tags ------------------------------------------------------------------- */

static bool tags_are(const char *name, const struct truesig_record *r,
		     const char *const *want, unsigned n_want)
{
	struct btf_tag *tags;
	unsigned n;
	char got[2048] = "";
	bool ok;

	if (btf_record_tags(r, &tags, &n)) {
		fail(name, "btf_record_tags failed");
		return false;
	}
	ok = n == n_want;
	for (unsigned i = 0; i < n; i++) {
		char one[300];

		snprintf(one, sizeof(one), "%d:%s", tags[i].component,
			 tags[i].value);
		snprintf(got + strlen(got), sizeof(got) - strlen(got), "%s | ",
			 one);
		if (i < n_want && strcmp(one, want[i]))
			ok = false;
	}
	btf_tags_free(tags, n);
	return check(name, ok, got);
}

static void test_tags(void)
{
	static const char *const sample[] = {
		"-1:truesig:source=foo",
		"-1:truesig:kinds=isra",
		"-1:truesig:removed=q src=2",
		"-1:truesig:constant=n src=3 value=-5",
		"0:truesig:origin=copy src=0 path=x",
		"1:truesig:origin=value_piece src=1 off=4 size=4 path=p.b",
	};
	static const char *const extra[] = {
		"-1:truesig:source=bar",
		"-1:truesig:kinds=constprop,isra",
		"-1:truesig:return=dropped",
		"-1:truesig:incomplete=yes",
		"-1:truesig:constant=cb src=0 expr=&handler",
		"-1:truesig:constant=u src=3 value=4000000000u",
		"0:truesig:origin=copy src=1 path=name",
		"1:truesig:origin=copy src=2 path=big",
		"2:truesig:origin=new size=4",
		"3:truesig:origin=pointer_piece src=1 off=2 size=1 path=name[2]",
	};
	/* On i386, where values are is tagged too. */
	static const char *const sample_386[] = {
		"-1:truesig:source=foo",
		"-1:truesig:kinds=isra",
		"-1:truesig:return_loc=eax",
		"-1:truesig:removed=q src=2",
		"-1:truesig:constant=n src=3 value=-5",
		"0:truesig:origin=copy src=0 path=x",
		"0:truesig:loc=edi",
		"1:truesig:origin=value_piece src=1 off=4 size=4 path=p.b",
		"1:truesig:loc=[sp+8]",
	};
	static const char *const extra_386[] = {
		"-1:truesig:source=bar",
		"-1:truesig:kinds=constprop,isra",
		"-1:truesig:return=dropped",
		"-1:truesig:incomplete=yes",
		"-1:truesig:constant=cb src=0 expr=&handler",
		"-1:truesig:constant=u src=3 value=4000000000u",
		"0:truesig:origin=copy src=1 path=name",
		"0:truesig:loc=rsi",
		"1:truesig:origin=copy src=2 path=big",
		"1:truesig:loc=rdx@0:4,rcx@4:4",
		"2:truesig:origin=new size=4",
		"2:truesig:loc=[sp+8]",
		"3:truesig:origin=pointer_piece src=1 off=2 size=1 path=name[2]",
		"3:truesig:loc=[[sp+16]]",
	};
	struct truesig_section *s;
	struct sb_unit u;

	sb_unit_init(&u, false, 8, EM_X86_64);
	sb_sample_types(&u);
	sb_sample_records(&u, 0, 0x10);
	sb_extra_record(&u, 0x20);
	s = parse_unit(&u);
	if (!s) {
		fail("btf_record_tags", "no section");
		return;
	}
	tags_are("btf_record_tags", &s->units[0].records[0], sample, 6);
	tags_are("btf_record_tags_extra", &s->units[0].records[2], extra, 10);
	truesig_section_free(s);

	sb_unit_init(&u, false, 4, EM_386);
	sb_sample_types(&u);
	sb_sample_records(&u, 0, 0x10);
	sb_extra_record(&u, 0x20);
	s = parse_unit(&u);
	if (!s) {
		fail("btf_record_tags_i386", "no section");
		return;
	}
	tags_are("btf_record_tags_i386", &s->units[0].records[0], sample_386,
		 9);
	tags_are("btf_record_tags_i386_extra", &s->units[0].records[2],
		 extra_386, 14);
	truesig_section_free(s);
}

/* ---- type mapping ---------------------------------------------------------- */

struct mapped {
	struct btf	*btf;
	struct btf_index *index;
	struct btf_types types;
	struct truesig_section *section;
	uint32_t	 before;
};

/* Map every type of the section's first unit into btf (owned by m). */
static bool map_all(struct mapped *m, struct btf *btf,
		    struct truesig_section *s)
{
	const struct truesig_unit *u = &s->units[0];

	memset(m, 0, sizeof(*m));
	m->btf = btf;
	m->section = s;
	m->before = btf__type_cnt(btf);
	m->index = btf_index_new(btf);
	if (!m->index || btf_types_init(&m->types, btf, m->index) ||
	    btf_types_begin_unit(&m->types, u))
		return false;
	for (uint32_t i = 1; i < u->n_types; i++)
		if (u->types[i].kind != TS_TYPE_PARAM)
			btf_types_need(&m->types, i);
	if (btf_types_resolve(&m->types)) {
		printf("resolve: %s\n", m->types.err);
		return false;
	}
	return true;
}

static void unmap(struct mapped *m, bool keep_btf)
{
	btf_types_fini(&m->types);
	btf_index_free(m->index);
	if (!keep_btf)
		btf__free(m->btf);
}

static const struct btf_type *type_of(const struct mapped *m, uint32_t ti,
				      uint32_t *id)
{
	*id = btf_types_id(&m->types, ti);
	return btf__type_by_id(m->btf, *id);
}

static const char *name_of(const struct btf *btf, const struct btf_type *t)
{
	const char *n = btf__name_by_offset(btf, t->name_off);

	return n ? n : "";
}

enum {
	X_INT = 1, X_CHAR, X_STRUCT_S, X_STRUCT_FWD, X_ANON_UNION, X_ENUM,
	X_ENUM_ODD, X_DOUBLE, X_COMPLEX, X_VECTOR, X_OPAQUE, X_TYPEDEF,
	X_ANON_STRUCT, X_TYPEDEF_ANON_STRUCT, X_CONST_CHAR, X_PTR_CONST_CHAR,
	X_ARRAY, X_ARRAY_OPEN, X_FUNC, X_FUNC_P1, X_FUNC_P2, X_PTR_FUNC,
	X_BOOL, X_VOLATILE_INT, X_RESTRICT_PTR, X_ENUM_FWD, X_BAD_NAME,
	X_COUNT,
};

static void sb_x_types(struct sb_unit *u)
{
	sb_type(u, TS_TYPE_INT, TS_TF_SIGNED, "int", 4, 0, 0);
	sb_type(u, TS_TYPE_INT, TS_TF_SIGNED, "char", 1, 0, 0);
	sb_type(u, TS_TYPE_STRUCT, 0, "s", 8, 0, 0);
	sb_type(u, TS_TYPE_STRUCT, TS_TF_INCOMPLETE, "opaque_dev", 0, 0, 0);
	sb_type(u, TS_TYPE_UNION, 0, NULL, 12, 0, 0);
	sb_type(u, TS_TYPE_ENUM, 0, "state", 4, 0, 0);
	sb_type(u, TS_TYPE_ENUM, 0, "odd", 3, 0, 0);
	sb_type(u, TS_TYPE_FLOAT, 0, "double", 8, 0, 0);
	sb_type(u, TS_TYPE_COMPLEX, 0, "complex double", 16, X_DOUBLE, 0);
	sb_type(u, TS_TYPE_VECTOR, 0, NULL, 16, X_INT, 4);
	sb_type(u, TS_TYPE_OPAQUE, 0, "__m256_thing", 32, 0, 0);
	sb_type(u, TS_TYPE_TYPEDEF, 0, "u32", 4, X_INT, 0);
	sb_type(u, TS_TYPE_STRUCT, 0, NULL, 8, 0, 0);
	sb_type(u, TS_TYPE_TYPEDEF, 0, "pair_t", 8, X_ANON_STRUCT, 0);
	sb_type(u, TS_TYPE_CONST, 0, NULL, 1, X_CHAR, 0);
	sb_type(u, TS_TYPE_PTR, 0, NULL, 8, X_CONST_CHAR, 0);
	sb_type(u, TS_TYPE_ARRAY, 0, NULL, 16, X_CHAR, 16);
	sb_type(u, TS_TYPE_ARRAY, TS_TF_INCOMPLETE, NULL, 0, X_INT, 0);
	sb_type(u, TS_TYPE_FUNC, TS_TF_VARARGS, NULL, 0, X_INT, 2);
	sb_type(u, TS_TYPE_PARAM, 0, NULL, 0, X_INT, 0);
	sb_type(u, TS_TYPE_PARAM, 0, NULL, 0, X_PTR_CONST_CHAR, 0);
	sb_type(u, TS_TYPE_PTR, 0, NULL, 8, X_FUNC, 0);
	sb_type(u, TS_TYPE_BOOL, 0, "_Bool", 1, 0, 0);
	sb_type(u, TS_TYPE_VOLATILE, 0, NULL, 4, X_INT, 0);
	sb_type(u, TS_TYPE_RESTRICT, 0, NULL, 8, X_PTR_CONST_CHAR, 0);
	sb_type(u, TS_TYPE_ENUM, TS_TF_INCOMPLETE, "later", 0, 0, 0);
	sb_type(u, TS_TYPE_STRUCT, 0, "ns::thing", 4, 0, 0);
}

static struct truesig_section *x_section(void)
{
	struct sb_unit u;

	sb_unit_init(&u, false, 8, EM_X86_64);
	sb_x_types(&u);
	return parse_unit(&u);
}

/* Each expectation: what type X_* became. */
static void test_types_fresh(void)
{
	struct truesig_section *s = x_section();
	struct mapped m, again;
	const struct btf_type *t, *u;
	char why[256] = "";
	uint32_t id, id2;
	bool ok = true;

#define EXPECT(cond) do { if (ok && !(cond)) { ok = false; \
	snprintf(why, sizeof(why), "line %d: %s", __LINE__, #cond); } } while (0)

	if (!s || !map_all(&m, btf__new_empty(), s)) {
		fail("btf_types_fresh", "mapping failed");
		if (s)
			unmap(&m, false);
		truesig_section_free(s);
		return;
	}
	t = type_of(&m, X_INT, &id);
	EXPECT(btf_is_int(t) && t->size == 4 && !strcmp(name_of(m.btf, t), "int") &&
	       btf_int_encoding(t) == BTF_INT_SIGNED);
	t = type_of(&m, X_STRUCT_S, &id);
	EXPECT(btf_is_struct(t) && t->size == 8 && !btf_vlen(t) &&
	       !strcmp(name_of(m.btf, t), "s"));
	t = type_of(&m, X_STRUCT_FWD, &id);
	EXPECT(btf_is_fwd(t) && !btf_kflag(t) &&
	       !strcmp(name_of(m.btf, t), "opaque_dev"));
	t = type_of(&m, X_ANON_UNION, &id);
	EXPECT(btf_is_union(t) && t->size == 12 && !t->name_off);
	t = type_of(&m, X_ENUM, &id);
	EXPECT(btf_is_enum(t) && t->size == 4 && !btf_vlen(t));
	t = type_of(&m, X_ENUM_ODD, &id);
	EXPECT(btf_is_struct(t) && t->size == 3);
	t = type_of(&m, X_DOUBLE, &id);
	EXPECT(btf_is_float(t) && t->size == 8);
	t = type_of(&m, X_COMPLEX, &id);
	EXPECT(btf_is_int(t) && t->size == 16 &&
	       !strcmp(name_of(m.btf, t), "complex double"));
	t = type_of(&m, X_VECTOR, &id);
	EXPECT(btf_is_array(t) && btf_array(t)->nelems == 4 &&
	       btf_array(t)->type == btf_types_id(&m.types, X_INT));
	t = type_of(&m, X_OPAQUE, &id);
	EXPECT(btf_is_struct(t) && t->size == 32 && !btf_vlen(t));
	t = type_of(&m, X_TYPEDEF, &id);
	EXPECT(btf_is_typedef(t) && t->type == btf_types_id(&m.types, X_INT));
	t = type_of(&m, X_PTR_CONST_CHAR, &id);
	u = btf__type_by_id(m.btf, t->type);
	EXPECT(btf_is_ptr(t) && btf_is_const(u) &&
	       u->type == btf_types_id(&m.types, X_CHAR));
	t = type_of(&m, X_ARRAY, &id);
	u = btf__type_by_id(m.btf, btf_array(t)->index_type);
	EXPECT(btf_is_array(t) && btf_array(t)->nelems == 16 &&
	       btf_is_int(u) && u->size == 4);
	t = type_of(&m, X_ARRAY_OPEN, &id);
	EXPECT(btf_is_array(t) && btf_array(t)->nelems == 0);
	t = type_of(&m, X_PTR_FUNC, &id);
	u = btf__type_by_id(m.btf, t->type);
	EXPECT(btf_is_func_proto(u) && btf_vlen(u) == 3 &&
	       btf_params(u)[0].type == btf_types_id(&m.types, X_INT) &&
	       btf_params(u)[1].type == btf_types_id(&m.types, X_PTR_CONST_CHAR) &&
	       btf_params(u)[2].type == 0 && !btf_params(u)[0].name_off);
	t = type_of(&m, X_BOOL, &id);
	EXPECT(btf_is_int(t) && btf_int_encoding(t) == BTF_INT_BOOL);
	t = type_of(&m, X_VOLATILE_INT, &id);
	EXPECT(btf_is_volatile(t));
	t = type_of(&m, X_RESTRICT_PTR, &id);
	EXPECT(btf_is_restrict(t) &&
	       t->type == btf_types_id(&m.types, X_PTR_CONST_CHAR));
	t = type_of(&m, X_ENUM_FWD, &id);
	EXPECT(btf_is_enum(t) && !btf_vlen(t) &&
	       !strcmp(name_of(m.btf, t), "later"));
	t = type_of(&m, X_BAD_NAME, &id);
	EXPECT(btf_is_struct(t) && !t->name_off && t->size == 4);
	/* two anonymous 8-byte structs of the unit are one BTF type */
	t = type_of(&m, X_TYPEDEF_ANON_STRUCT, &id);
	EXPECT(t->type == btf_types_id(&m.types, X_ANON_STRUCT));

	/* Again into the result: nothing is added, every type is found. */
	EXPECT(map_all(&again, m.btf, s));
	if (getenv("TEST_DEBUG"))
		for (uint32_t i = again.before; i < btf__type_cnt(m.btf); i++)
			printf("added %u kind %u '%s'\n", i,
			       btf_kind(btf__type_by_id(m.btf, i)),
			       name_of(m.btf, btf__type_by_id(m.btf, i)));
	EXPECT(btf__type_cnt(m.btf) == again.before);
	for (uint32_t i = 1; ok && i < X_COUNT; i++) {
		if (i == X_FUNC_P1 || i == X_FUNC_P2 || i == X_FUNC)
			continue;
		id = btf_types_id(&m.types, i);
		id2 = btf_types_id(&again.types, i);
		if (id != id2) {
			ok = false;
			snprintf(why, sizeof(why), "type %u: %u, then %u", i,
				 id, id2);
		}
	}
	check("btf_types_fresh", ok, why);
	unmap(&again, true);
	unmap(&m, false);
	truesig_section_free(s);
}

/* A BTF as pahole makes it: bodies, typedefs; the unit's types use them. */
static void test_types_reuse(void)
{
	struct truesig_section *s = x_section();
	struct btf *btf = btf__new_empty();
	int i_int, i_char, i_s, i_fwd, i_u32, i_anon, i_pair, i_cc, i_pcc;
	int i_double, i_state;
	struct mapped m;
	char why[256] = "";
	bool ok = true;
	uint32_t before, id;

	i_int = btf__add_int(btf, "int", 4, BTF_INT_SIGNED);
	i_char = btf__add_int(btf, "char", 1, BTF_INT_SIGNED);
	i_s = btf__add_struct(btf, "s", 8);
	btf__add_field(btf, "a", i_int, 0, 0);
	btf__add_field(btf, "b", i_int, 32, 0);
	btf__add_struct(btf, "s", 16);		/* another s */
	i_fwd = btf__add_struct(btf, "opaque_dev", 64);
	i_u32 = btf__add_typedef(btf, "u32", i_int);
	i_anon = btf__add_struct(btf, NULL, 8);
	btf__add_field(btf, "lo", i_int, 0, 0);
	btf__add_field(btf, "hi", i_int, 32, 0);
	i_pair = btf__add_typedef(btf, "pair_t", i_anon);
	i_cc = btf__add_const(btf, i_char);
	i_pcc = btf__add_ptr(btf, i_cc);
	i_double = btf__add_int(btf, "double", 8, 0);	/* pahole 1.24 */
	i_state = btf__add_enum(btf, "state", 4);
	btf__add_enum_value(btf, "IDLE", 0);
	before = btf__type_cnt(btf);

	if (!s || !map_all(&m, btf, s)) {
		fail("btf_types_reuse", "mapping failed");
		if (s)
			unmap(&m, false);
		else
			btf__free(btf);
		truesig_section_free(s);
		return;
	}
	EXPECT(btf_types_id(&m.types, X_INT) == (uint32_t)i_int);
	EXPECT(btf_types_id(&m.types, X_STRUCT_S) == (uint32_t)i_s);
	EXPECT(btf_types_id(&m.types, X_STRUCT_FWD) == (uint32_t)i_fwd);
	EXPECT(btf_types_id(&m.types, X_TYPEDEF) == (uint32_t)i_u32);
	EXPECT(btf_types_id(&m.types, X_TYPEDEF_ANON_STRUCT) == (uint32_t)i_pair);
	EXPECT(btf_types_id(&m.types, X_PTR_CONST_CHAR) == (uint32_t)i_pcc);
	EXPECT(btf_types_id(&m.types, X_DOUBLE) == (uint32_t)i_double);
	EXPECT(btf_types_id(&m.types, X_ENUM) == (uint32_t)i_state);
	/* the anonymous struct is the one pahole's typedef names */
	id = btf_types_id(&m.types, X_ANON_STRUCT);
	EXPECT(id == (uint32_t)i_anon);
	EXPECT(m.types.reused >= 9);
	/* nothing named was added again */
	for (uint32_t t = before; ok && t < btf__type_cnt(btf); t++) {
		const struct btf_type *bt = btf__type_by_id(btf, t);
		const char *n = name_of(btf, bt);

		if (!strcmp(n, "s") || !strcmp(n, "u32") ||
		    !strcmp(n, "pair_t") || !strcmp(n, "int") ||
		    !strcmp(n, "state") || !strcmp(n, "opaque_dev")) {
			ok = false;
			snprintf(why, sizeof(why), "type %u '%s' added again",
				 t, n);
		}
	}
	check("btf_types_reuse", ok, why);
	unmap(&m, false);
	truesig_section_free(s);
}

static void test_types_equal(void)
{
	struct btf *btf = btf__new_empty();
	int i_int, i_uint, s1, s2, fwd, p1, p2, t1, t2, a1, a2, a3, fp1, fp2;
	bool ok = true;

	i_int = btf__add_int(btf, "int", 4, BTF_INT_SIGNED);
	i_uint = btf__add_int(btf, "unsigned int", 4, 0);
	s1 = btf__add_struct(btf, "s", 8);
	s2 = btf__add_struct(btf, "s", 8);
	fwd = btf__add_fwd(btf, "s", BTF_FWD_STRUCT);
	p1 = btf__add_ptr(btf, s1);
	p2 = btf__add_ptr(btf, fwd);
	t1 = btf__add_typedef(btf, "u32", i_uint);
	t2 = btf__add_typedef(btf, "u32", i_int);
	a1 = btf__add_array(btf, i_int, i_int, 4);
	a2 = btf__add_array(btf, i_int, i_int, 5);
	a3 = btf__add_array(btf, i_uint, i_int, 4);
	fp1 = btf__add_func_proto(btf, i_int);
	btf__add_func_param(btf, "a", p1);
	fp2 = btf__add_func_proto(btf, i_int);
	btf__add_func_param(btf, "b", p2);

	ok &= btf_types_equal(btf, s1, s2);
	ok &= btf_types_equal(btf, s1, fwd);
	ok &= btf_types_equal(btf, p1, p2);
	ok &= !btf_types_equal(btf, t1, t2);
	ok &= !btf_types_equal(btf, i_int, i_uint);
	ok &= btf_types_equal(btf, a1, a3);
	ok &= !btf_types_equal(btf, a1, a2);
	ok &= btf_types_equal(btf, fp1, fp2);
	ok &= !btf_types_equal(btf, p1, s1);
	ok &= !btf_types_equal(btf, 0, i_int);
	check("btf_types_equal", ok, "a comparison went wrong");
	btf__free(btf);
}

/* 100k types, as a vmlinux has: indexing and finding stay fast. */
static void test_index_big(void)
{
	struct btf *btf = btf__new_empty();
	struct btf_index *index;
	struct btf_index_iter it;
	char name[32];
	struct timespec t0, t1;
	int i_int = btf__add_int(btf, "int", 4, BTF_INT_SIGNED);
	bool ok = true;
	double secs;

	for (int i = 0; i < 50000; i++) {
		int id;

		snprintf(name, sizeof(name), "s%d", i);
		id = btf__add_struct(btf, name, 4);
		btf__add_field(btf, "x", i_int, 0, 0);
		btf__add_ptr(btf, id);
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	index = btf_index_new(btf);
	for (int i = 0; index && ok && i < 50000; i += 7) {
		uint32_t id;

		snprintf(name, sizeof(name), "s%d", i);
		id = btf_index_first(index, btf_key_name(BTF_KIND_STRUCT, name),
				     &it);
		while (id && strcmp(btf__name_by_offset(btf,
				btf__type_by_id(btf, id)->name_off), name))
			id = btf_index_next(&it);
		ok = id == (uint32_t)(2 + 2 * i) &&
		     btf_index_first(index, btf_key_ref(BTF_KIND_PTR, id), &it) ==
		     id + 1;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	secs = (double)(t1.tv_sec - t0.tv_sec) +
	       (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	check("btf_index_big", index && ok, "a type was not found");
	if (secs > 5.0)
		fail("btf_index_big_fast", "%.2f s for 100k types", secs);
	else
		pass("btf_index_big_fast");
	btf_index_free(index);
	btf__free(btf);
}

/* ---- pruning, checking -------------------------------------------------------- */

static void test_prune(void)
{
	struct btf *btf = btf__new_empty(), *out;
	int i_int, proto, func, tag1, tag2, st, ptr, tag3;
	uint32_t remove[2];
	const struct btf_type *t;
	const void *raw;
	struct btf *back;
	uint32_t size;
	bool ok;

	i_int = btf__add_int(btf, "int", 4, BTF_INT_SIGNED);
	proto = btf__add_func_proto(btf, i_int);
	btf__add_func_param(btf, "a", i_int);
	func = btf__add_func(btf, "f.isra.0", BTF_FUNC_STATIC, proto);
	tag1 = btf__add_decl_tag(btf, "truesig:old", func, -1);
	tag2 = btf__add_decl_tag(btf, "truesig:old2", func, 0);
	st = btf__add_struct(btf, "s", 4);
	btf__add_field(btf, "x", i_int, 0, 0);
	ptr = btf__add_ptr(btf, st);
	tag3 = btf__add_decl_tag(btf, "keep", func, -1);
	(void)ptr;
	remove[0] = (uint32_t)tag1;
	remove[1] = (uint32_t)tag2;
	out = btf_prune(btf, remove, 2);
	ok = out && btf__type_cnt(out) == btf__type_cnt(btf) - 2;
	if (ok) {
		t = btf__type_by_id(out, (uint32_t)ptr - 2);
		ok = btf_is_ptr(t) && t->type == (uint32_t)st - 2;
		t = btf__type_by_id(out, (uint32_t)tag3 - 2);
		ok = ok && btf_is_decl_tag(t) && t->type == (uint32_t)func &&
		     !strcmp(btf__name_by_offset(out, t->name_off), "keep");
		t = btf__type_by_id(out, (uint32_t)st - 2);
		ok = ok && btf_members(t)[0].type == (uint32_t)i_int;
		raw = btf__raw_data(out, &size);
		back = raw ? btf__new(raw, size) : NULL;
		ok = ok && back && btf__type_cnt(back) == btf__type_cnt(out) &&
		     btf__find_str(back, "truesig:old") < 0;
		btf__free(back);
	}
	check("btf_prune", ok, "types lost or misnumbered");
	btf__free(out);
	btf__free(btf);
}

static void test_check(void)
{
	struct btf *btf = btf__new_empty();
	char err[256] = "";
	int i_int;
	bool ok;

	i_int = btf__add_int(btf, "int", 4, BTF_INT_SIGNED);
	ok = !btf_input_check(btf, false, err, sizeof(err));
	btf__add_func(btf, "f", BTF_FUNC_STATIC, i_int);	/* not a proto */
	ok = ok && btf_input_check(btf, false, err, sizeof(err)) == -EINVAL &&
	     !strcmp(err, "type 2 (kind 12) refers to type 1 of kind 1");
	check("btf_input_check_kind", ok, err);
	btf__free(btf);

	btf = btf__new_empty();
	i_int = btf__add_int(btf, "int", 4, BTF_INT_SIGNED);
	btf__add_ptr(btf, 7);
	ok = btf_input_check(btf, false, err, sizeof(err)) == -EINVAL &&
	     !strcmp(err, "type 2 refers to type 7, which does not exist");
	check("btf_input_check_range", ok, err);
	btf__free(btf);
}

/*
 * BTF whose strings do not follow its types: libbpf reads it, but the
 * kernel does not, and libbpf would write the types it adds with the
 * header's offsets unchanged (found by fuzz-elf).  A gap, and bytes
 * after both (strings before the types libbpf refuses itself).
 */
static void test_check_layout(void)
{
	static const struct {
		const char *name;
		uint32_t type_off, str_off, pad;
		const char *want;
	} cases[] = {
		{ "btf_input_check_gap", 0, 16 + 4, 4,
		  "its sections are not types then strings, back to back after the header: "
		  "types at 0 (16 bytes), strings at 20 (5 bytes), 25 bytes after the header" },
		{ "btf_input_check_trailing", 0, 16, 3,
		  "its sections are not types then strings, back to back after the header: "
		  "types at 0 (16 bytes), strings at 16 (5 bytes), 24 bytes after the header" },
	};
	/* one INT "int": 12 bytes of btf_type, 4 of encoding; strings "\0int\0" */
	static const uint32_t int_type[4] = {
		1, (uint32_t)BTF_KIND_INT << 24, 4, (uint32_t)BTF_INT_SIGNED << 24 | 32,
	};
	static const char strs[5] = "\0int";

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		uint8_t raw[64] = { 0 };
		struct btf_header h = {
			.magic = BTF_MAGIC, .version = BTF_VERSION,
			.hdr_len = sizeof(h), .type_off = cases[i].type_off,
			.type_len = sizeof(int_type), .str_off = cases[i].str_off,
			.str_len = sizeof(strs),
		};
		size_t size = sizeof(h) + sizeof(int_type) + sizeof(strs) +
			      cases[i].pad;
		char err[256] = "";
		struct btf *btf;
		bool ok;

		memcpy(raw, &h, sizeof(h));
		memcpy(raw + sizeof(h) + h.type_off, int_type, sizeof(int_type));
		memcpy(raw + sizeof(h) + h.str_off, strs, sizeof(strs));
		btf = btf__new(raw, size);
		ok = btf && btf_input_check(btf, false, err, sizeof(err)) == -EINVAL &&
		     !strcmp(err, cases[i].want);
		check(cases[i].name, ok, btf ? err : "libbpf does not read it");
		btf__free(btf);
	}
}

/* ---- the command on crafted files ------------------------------------------- */

static int truesig(const char *args, char **err)
{
	int status = run("%s %s >%s 2>%s", tool, args, path("out"),
			 path("err"));

	*err = read_file(path("err"), NULL);
	if (!*err)
		*err = strdup("");
	return status;
}

static struct btf *parse_raw(const char *file)
{
	struct btf *b = btf__parse_raw(file);

	return b;
}

static const struct btf_type *func_named(const struct btf *btf,
					 const char *name, unsigned nth)
{
	for (uint32_t id = 1; id < btf__type_cnt(btf); id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);

		if (btf_is_func(t) && !strcmp(name_of(btf, t), name) && !nth--)
			return t;
	}
	return NULL;
}

/* The sample records in a big-endian aarch64 object: big-endian BTF. */
static void test_cli_big_endian(void)
{
	static const struct ew_symbol syms[] = {
		{ "foo.isra.0", 0x40, STB_GLOBAL },
		{ "foo.cold", 0x80, STB_LOCAL },
		{ "bar.constprop.0", 0x20, STB_LOCAL },
	};
	struct sb_buf img = { 0 };
	struct sb_unit u;
	struct ew_file f = {
		.elf_class = ELFCLASS64, .data = ELFDATA2MSB,
		.machine = EM_AARCH64, .rela = true,
		.symbols = syms, .n_symbols = 3,
	};
	const struct btf_type *foo, *bar, *proto;
	struct btf *btf = NULL;
	char args[1200], want[1200], *err;
	int status;
	bool ok;

	sb_unit_init(&u, true, 8, EM_AARCH64);
	sb_sample_types(&u);
	sb_sample_records(&u, 0x40, 0x80);
	sb_extra_record(&u, 0x20);
	sb_finish(&u, &img, NULL);
	sb_unit_free(&u);
	f.image = img.data;
	f.image_size = img.len;
	if (!ew_write(path("be.o"), &f)) {
		fail("btf_big_endian", "could not write the ELF file");
		sb_free(&img);
		return;
	}
	sb_free(&img);
	snprintf(args, sizeof(args), "btf -o %s %s", path("be.btf"),
		 path("be.o"));
	status = truesig(args, &err);
	btf = status ? NULL : parse_raw(path("be.btf"));
	foo = btf ? func_named(btf, "foo.isra.0", 0) : NULL;
	bar = btf ? func_named(btf, "bar.constprop.0", 0) : NULL;
	proto = foo ? btf__type_by_id(btf, foo->type) : NULL;
	ok = btf && btf__endianness(btf) == BTF_BIG_ENDIAN && foo && bar &&
	     btf_vlen(foo) == BTF_FUNC_GLOBAL &&
	     btf_vlen(bar) == BTF_FUNC_STATIC && !func_named(btf, "foo.cold", 0) &&
	     proto && btf_vlen(proto) == 2 &&
	     !strcmp(btf__name_by_offset(btf, btf_params(proto)[1].name_off),
		     "p__b");
	check("btf_big_endian", ok, err);
	snprintf(want, sizeof(want),
		 "truesig: %s: 3 records read (1 cold fragment); FUNCs: 2 added, 0 corrected, 0 already right, 0 shared, 0 skipped; types: 0 reused, 25 added, 0 removed; wrote %s\n",
		 path("be.o"), path("be.btf"));
	check("btf_big_endian_summary", !strcmp(err, want), err);
	free(err);
	btf__free(btf);
}

/*
 * Two static functions of one name: alike, one FUNC; different, two.  A
 * record whose symbol is missing, and one whose name BTF cannot hold, get
 * none (said on stderr).
 */
static void test_cli_duplicates(void)
{
	static const struct ew_symbol syms[] = {
		{ "dup.isra.0", 0x10, STB_LOCAL },
		{ "dup.isra.0", 0x20, STB_LOCAL },
		{ "dup.isra.0", 0x30, STB_LOCAL },
		{ "bad$name", 0x50, STB_GLOBAL },
	};
	struct sb_record r = {
		.flags = TS_RF_CHANGED, .symbol = "dup.isra.0",
		.function = "dup", .return_type = 1, .source_return_type = 1,
		.kinds = { TS_KIND_ISRA },
		.n_source_params = 2,
		.source_params = {
			{ "a", 1, TS_FATE_PASSED, 0, 0, NULL },
			{ "b", 1, TS_FATE_REMOVED, 0, 0, NULL },
		},
		.n_params = 1,
		.params = { { "a", 1, 4, TS_HOW_COPY, 0, NULL, 0, 0, 0 } },
	};
	struct ew_file f = {
		.elf_class = ELFCLASS64, .data = ELFDATA2LSB,
		.machine = EM_X86_64, .rela = true,
		.symbols = syms, .n_symbols = 4,
	};
	struct sb_buf img = { 0 };
	struct btf *btf = NULL;
	struct sb_unit u;
	char args[1200], want[2000], *err;
	int status;
	bool ok;

	sb_unit_init(&u, false, 8, EM_X86_64);
	sb_type(&u, TS_TYPE_INT, TS_TF_SIGNED, "int", 4, 0, 0);
	sb_type(&u, TS_TYPE_INT, 0, "unsigned int", 4, 0, 0);
	r.address = 0x10;
	sb_record(&u, &r);
	r.address = 0x20;		/* alike */
	sb_record(&u, &r);
	r.address = 0x30;		/* another type */
	r.params[0].type = 2;
	sb_record(&u, &r);
	r.address = 0x40;		/* no symbol there */
	r.symbol = "ghost.isra.0";
	sb_record(&u, &r);
	r.address = 0x50;
	r.symbol = "bad$name";
	sb_record(&u, &r);
	sb_finish(&u, &img, NULL);
	sb_unit_free(&u);
	f.image = img.data;
	f.image_size = img.len;
	ok = ew_write(path("dup.o"), &f);
	sb_free(&img);
	if (!ok) {
		fail("btf_duplicates", "could not write the ELF file");
		return;
	}
	snprintf(args, sizeof(args), "btf -o %s %s", path("dup.btf"),
		 path("dup.o"));
	status = truesig(args, &err);
	btf = status ? NULL : parse_raw(path("dup.btf"));
	ok = btf && func_named(btf, "dup.isra.0", 1) &&
	     !func_named(btf, "dup.isra.0", 2) &&
	     !func_named(btf, "ghost.isra.0", 0) && !func_named(btf, "bad$name", 0);
	check("btf_duplicates", ok, err);
	snprintf(want, sizeof(want),
		 "truesig: %s: no symbol ghost.isra.0 at 0x40: no FUNC for it\n"
		 "truesig: %s: bad$name is not a valid BTF name: no FUNC for it\n"
		 "truesig: %s: 5 records read (0 cold fragments); FUNCs: 2 added, 0 corrected, 0 already right, 1 shared, 2 skipped; types: 0 reused, 14 added, 0 removed; wrote %s\n",
		 path("dup.o"), path("dup.o"), path("dup.o"), path("dup.btf"));
	check("btf_duplicates_messages", !strcmp(err, want), err);
	free(err);
	btf__free(btf);

	/* Converting its own output again: the same bytes. */
	snprintf(args, sizeof(args),
		 "btf -q --in-place %s && cp %s %s && %s btf -q --in-place %s && cmp %s %s",
		 path("dup.o"), path("dup.o"), path("dup2.o"), tool,
		 path("dup2.o"), path("dup.o"), path("dup2.o"));
	status = truesig(args, &err);
	check("btf_duplicates_idempotent", status == 0 && !err[0], err);
	free(err);
}

/* An object with two records for dup.isra.0, alike but for a removed
   parameter's name, in the order given. */
static bool dup_object(const char *file, bool swap)
{
	static const struct ew_symbol syms[] = {
		{ "dup.isra.0", 0x10, STB_LOCAL },
		{ "dup.isra.0", 0x20, STB_LOCAL },
	};
	struct sb_record r = {
		.flags = TS_RF_CHANGED, .symbol = "dup.isra.0",
		.function = "dup", .return_type = 1, .source_return_type = 1,
		.kinds = { TS_KIND_ISRA },
		.n_source_params = 2,
		.source_params = {
			{ "a", 1, TS_FATE_PASSED, 0, 0, NULL },
			{ "b", 1, TS_FATE_REMOVED, 0, 0, NULL },
		},
		.n_params = 1,
		.params = { { "a", 1, 4, TS_HOW_COPY, 0, NULL, 0, 0, 0 } },
	};
	struct ew_file f = {
		.elf_class = ELFCLASS64, .data = ELFDATA2LSB,
		.machine = EM_X86_64, .rela = true,
		.symbols = syms, .n_symbols = 2,
	};
	struct sb_buf img = { 0 };
	struct sb_unit u;
	bool ok;

	sb_unit_init(&u, false, 8, EM_X86_64);
	sb_type(&u, TS_TYPE_INT, TS_TF_SIGNED, "int", 4, 0, 0);
	for (int i = 0; i < 2; i++) {
		bool first = (i == 0) != swap;

		r.address = first ? 0x10 : 0x20;
		r.source_params[1].name = first ? "b" : "c";
		sb_record(&u, &r);
	}
	sb_finish(&u, &img, NULL);
	sb_unit_free(&u);
	f.image = img.data;
	f.image_size = img.len;
	ok = ew_write(file, &f);
	sb_free(&img);
	return ok;
}

/*
 * BTF made from the records in the other order: each record still finds
 * the FUNC whose tags are its own, and nothing changes.
 */
static void test_cli_order(void)
{
	char args[2400], want[1200], *err;
	int status;

	if (!dup_object(path("ab.o"), false) || !dup_object(path("ba.o"), true)) {
		fail("btf_other_order", "could not write the ELF files");
		return;
	}
	snprintf(args, sizeof(args),
		 "btf -q -o %s %s && objcopy --add-section .BTF=%s %s %s && %s btf --in-place %s",
		 path("ba.btf"), path("ba.o"), path("ba.btf"), path("ab.o"),
		 path("ab-btf.o"), tool, path("ab-btf.o"));
	status = truesig(args, &err);
	snprintf(want, sizeof(want),
		 "truesig: %s: 2 records read (0 cold fragments); FUNCs: 0 added, 0 corrected, 2 already right, 0 shared, 0 skipped; types: 1 reused, 0 added, 0 removed; %s unchanged\n",
		 path("ab-btf.o"), path("ab-btf.o"));
	check("btf_other_order", status == 0 && !strcmp(err, want), err);
	free(err);
}

int main(int argc, char **argv)
{
	char self[1024];

	(void)argc;
	snprintf(self, sizeof(self), "%s", argv[0]);
	snprintf(tool, sizeof(tool), "%s/truesig", dirname(self));
	dir = test_make_dir();
	if (!dir) {
		fail("setup", "mkdtemp: %s", strerror(errno));
		return test_exit();
	}
	test_name_valid();
	test_param_names();
	test_param_names_long();
	test_tags();
	test_types_fresh();
	test_types_reuse();
	test_types_equal();
	test_index_big();
	test_prune();
	test_check();
	test_check_layout();
	if (access(tool, X_OK)) {
		fail("setup", "%s not found (make it first)", tool);
	} else {
		test_cli_big_endian();
		test_cli_duplicates();
		test_cli_order();
	}
	test_cleanup_dir(dir);
	return test_exit();
}
