// SPDX-License-Identifier: MIT
/*
 * test-type-name.c — C spelling of .truesig types.
 */
#include "records.h"
#include "section_builder.h"
#include "test_util.h"
#include "type_name.h"

static struct truesig_section *section;
static const struct truesig_unit *unit;

static void expect(const char *name, uint32_t type, const char *decl,
		   const char *want)
{
	char buf[TYPE_NAME_MAX];

	type_name(unit, type, decl, buf, sizeof(buf));
	if (strcmp(buf, want))
		fail(name, "got \"%s\", expected \"%s\"", buf, want);
	else
		pass(name);
}

int main(void)
{
	struct sb_buf img = { 0 };
	struct sb_unit u;
	uint32_t t_int, t_char, t_cchar, t_pcchar, t_cpchar, t_arr, t_parr;
	uint32_t t_func, t_pfunc, t_fret, t_pfret, t_void_func, t_kr, t_vola;
	uint32_t t_typedef, t_anon, t_union, t_enum, t_complex, t_vec, t_opaque;
	uint32_t t_incomplete, t_ppint, t_restrict, t_vfunc, t_unnamed_int;
	uint32_t t_deep;
	char err[256];

	sb_unit_init(&u, false, 8, 62);
	t_int = sb_type(&u, TS_TYPE_INT, TS_TF_SIGNED, "int", 4, 0, 0);
	t_char = sb_type(&u, TS_TYPE_INT, TS_TF_SIGNED, "char", 1, 0, 0);
	t_cchar = sb_type(&u, TS_TYPE_CONST, 0, NULL, 1, t_char, 0);
	t_pcchar = sb_type(&u, TS_TYPE_PTR, 0, NULL, 8, t_cchar, 0);
	t_cpchar = sb_type(&u, TS_TYPE_PTR, 0, NULL, 8, t_char, 0);
	t_cpchar = sb_type(&u, TS_TYPE_CONST, 0, NULL, 8, t_cpchar, 0);
	t_arr = sb_type(&u, TS_TYPE_ARRAY, 0, NULL, 16, t_int, 4);
	t_parr = sb_type(&u, TS_TYPE_PTR, 0, NULL, 8, t_arr, 0);
	t_func = sb_type(&u, TS_TYPE_FUNC, TS_TF_VARARGS, NULL, 0, t_int, 2);
	sb_type(&u, TS_TYPE_PARAM, 0, NULL, 0, t_int, 0);
	sb_type(&u, TS_TYPE_PARAM, 0, NULL, 0, t_pcchar, 0);
	t_pfunc = sb_type(&u, TS_TYPE_PTR, 0, NULL, 8, t_func, 0);
	/* A function returning a pointer to int[4]. */
	t_fret = sb_type(&u, TS_TYPE_FUNC, 0, NULL, 0, t_parr, 0);
	t_pfret = sb_type(&u, TS_TYPE_PTR, 0, NULL, 8, t_fret, 0);
	t_void_func = sb_type(&u, TS_TYPE_FUNC, 0, NULL, 0, 0, 1);
	sb_type(&u, TS_TYPE_PARAM, 0, NULL, 0, t_pfunc, 0);
	t_kr = sb_type(&u, TS_TYPE_FUNC, TS_TF_UNPROTOTYPED, NULL, 0, t_int, 0);
	t_vola = sb_type(&u, TS_TYPE_VOLATILE, 0, NULL, 4, t_int, 0);
	t_vola = sb_type(&u, TS_TYPE_CONST, 0, NULL, 4, t_vola, 0);
	t_typedef = sb_type(&u, TS_TYPE_TYPEDEF, 0, "size_t", 8, t_int, 0);
	t_anon = sb_type(&u, TS_TYPE_STRUCT, 0, NULL, 8, 0, 0);
	t_union = sb_type(&u, TS_TYPE_UNION, 0, "u", 8, 0, 0);
	t_enum = sb_type(&u, TS_TYPE_ENUM, 0, "e", 4, 0, 0);
	t_complex = sb_type(&u, TS_TYPE_FLOAT, 0, "double", 8, 0, 0);
	t_complex = sb_type(&u, TS_TYPE_COMPLEX, 0, NULL, 16, t_complex, 0);
	t_vec = sb_type(&u, TS_TYPE_VECTOR, 0, NULL, 16, t_int, 4);
	t_opaque = sb_type(&u, TS_TYPE_OPAQUE, 0, NULL, 10, 0, 0);
	t_incomplete = sb_type(&u, TS_TYPE_ARRAY, TS_TF_INCOMPLETE, NULL, 0,
			       t_char, 0);
	t_ppint = sb_type(&u, TS_TYPE_PTR, 0, NULL, 8, t_int, 0);
	t_ppint = sb_type(&u, TS_TYPE_PTR, 0, NULL, 8, t_ppint, 0);
	t_restrict = sb_type(&u, TS_TYPE_RESTRICT, 0, NULL, 8, t_ppint, 0);
	t_vfunc = sb_type(&u, TS_TYPE_FUNC, TS_TF_VARARGS, NULL, 0, 0, 0);
	t_vfunc = sb_type(&u, TS_TYPE_PTR, 0, NULL, 8, t_vfunc, 0);
	t_unnamed_int = sb_type(&u, TS_TYPE_INT, 0, NULL, 2, 0, 0);
	/* 40 nested pointers: cut at the depth limit. */
	t_deep = t_int;
	for (int i = 0; i < 40; i++)
		t_deep = sb_type(&u, TS_TYPE_PTR, 0, NULL, 8, t_deep, 0);
	sb_finish(&u, &img, NULL);
	sb_unit_free(&u);

	if (truesig_parse(img.data, img.len, &section, err, sizeof(err))) {
		fail("parse", "%s", err);
		return test_exit();
	}
	unit = &section->units[0];

	expect("void", 0, "", "void");
	expect("int", t_int, "", "int");
	expect("int_named", t_int, "x", "int x");
	expect("pointer_to_const", t_pcchar, "", "const char *");
	expect("pointer_to_const_named", t_pcchar, "s", "const char *s");
	expect("const_pointer", t_cpchar, "p", "char *const p");
	expect("const_pointer_abstract", t_cpchar, "", "char *const");
	expect("array", t_arr, "", "int [4]");
	expect("array_named", t_arr, "a", "int a[4]");
	expect("pointer_to_array", t_parr, "pa", "int (*pa)[4]");
	expect("function_pointer", t_pfunc, "",
	       "int (*)(int, const char *, ...)");
	expect("function_pointer_named", t_pfunc, "cb",
	       "int (*cb)(int, const char *, ...)");
	expect("function_returning_pointer_to_array", t_pfret, "f",
	       "int (*(*f)(void))[4]");
	expect("void_function_taking_callback", t_void_func, "g",
	       "void g(int (*)(int, const char *, ...))");
	expect("unprototyped", t_kr, "k", "int k()");
	expect("const_volatile", t_vola, "v", "const volatile int v");
	expect("typedef", t_typedef, "n", "size_t n");
	expect("anonymous_struct", t_anon, "", "struct <anonymous>");
	expect("union", t_union, "x", "union u x");
	expect("enum", t_enum, "", "enum e");
	expect("complex", t_complex, "z", "_Complex double z");
	expect("vector", t_vec, "v",
	       "int __attribute__((vector_size(16))) v");
	expect("opaque", t_opaque, "", "<opaque, 10 bytes>");
	expect("incomplete_array", t_incomplete, "buf", "char buf[]");
	expect("restrict_pointer", t_restrict, "pp", "int **restrict pp");
	expect("varargs_only", t_vfunc, "", "void (*)(...)");
	expect("unnamed_int", t_unnamed_int, "", "<INT, 2 bytes>");
	expect("bad_index", 100000, "", "<bad type 100000>");
	{
		char buf[TYPE_NAME_MAX];

		type_name(unit, t_deep, "", buf, sizeof(buf));
		check("depth_limit", !strncmp(buf, "... *", 5),
		      "deep nesting not cut");
		type_name(unit, t_pfunc, "cb", buf, 10);
		check("small_buffer", !strcmp(buf, "int (*cb)"),
		      "small buffer not cut cleanly");
	}

	truesig_section_free(section);
	sb_free(&img);
	return test_exit();
}
