// SPDX-License-Identifier: MIT
/*
 * test-btf-source.c — the source-level view of a BTF (btf_source.h) on BTF
 * built here with libbpf, tag by tag: the fates each tag gives, names from
 * the function as written, and malformed tags refused by type id.  The
 * DejaGnu tests (truesig.btf, find-cli.exp) run it on what the plugin and
 * `truesig btf` really write.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <bpf/btf.h>

#include "btf_source.h"
#include "test_util.h"
#include "truesig_format.h"

/* A BTF with int, and FUNC `name` (static) taking n ints named names[]. */
static int add_func(struct btf *btf, int int_id, const char *name,
		    const char *const *names, int n)
{
	int proto = btf__add_func_proto(btf, int_id);

	for (int i = 0; i < n; i++)
		btf__add_func_param(btf, names[i], int_id);
	return btf__add_func(btf, name, BTF_FUNC_STATIC, proto);
}

static void tag(struct btf *btf, int func, int component, const char *value)
{
	btf__add_decl_tag(btf, value, func, component);
}

/* The lookup of `function` in btf: 0 or the error, message in err. */
static int look(struct btf *btf, const char *function,
		struct truesig_lookup *l, char *err, size_t size)
{
	err[0] = '\0';
	if (source_lookup_init(l, function))
		return -ENOMEM;
	return source_lookup_add(l, btf, NULL, "test", err, size);
}

static void test_clone_names(void)
{
	static const struct { const char *sym; bool clone; } cases[] = {
		{ "foo.isra.0", true }, { "foo.constprop.12.isra.0", true },
		{ "foo.part.1", true }, { "foo.lto_priv.0", true },
		{ "foo.strub.0", true }, { "foo.cold", false },
		{ "foo.cold.3", false }, { "foo", false }, { "foobar.isra.0", false },
		{ "foo.isra", false }, { "foo.isra.0x", false }, { "foo.", false },
		{ "foo.isra.0.", false },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char name[80];

		snprintf(name, sizeof(name), "clone name: %s", cases[i].sym);
		check(name, source_clone_name(cases[i].sym, "foo") ==
			    cases[i].clone, cases[i].clone ? "not a clone"
							   : "a clone");
	}
}

/* Every tag of FORMAT.md 13.4 that says where an argument went. */
static void test_fates(void)
{
	static const char *const written[] = { "p", "mode", "q", "u" };
	static const char *const clone[] = { "p__a", "p__b", "q" };
	struct btf *btf = btf__new_empty();
	int i32 = btf__add_int(btf, "int", 4, BTF_INT_SIGNED);
	int itself = add_func(btf, i32, "foo", written, 4);
	int f = add_func(btf, i32, "foo.constprop.0.isra.0", clone, 3);
	struct truesig_lookup l;
	const struct truesig_func *c;
	char err[256];
	int ret;

	tag(btf, f, -1, "truesig:source=foo");
	tag(btf, f, -1, "truesig:kinds=constprop,isra");
	tag(btf, f, -1, "truesig:return=dropped");
	tag(btf, f, -1, "truesig:constant=mode src=1 value=-5");
	tag(btf, f, -1, "truesig:known=q src=2 expr=&g x");
	tag(btf, f, -1, "truesig:removed=? src=3");
	tag(btf, f, 0, "truesig:origin=value_piece src=0 off=0 size=4 path=p.a");
	tag(btf, f, 1, "truesig:origin=pointer_piece src=0 off=8 size=4");
	tag(btf, f, 2, "truesig:origin=copy src=2 path=q");
	tag(btf, f, 2, "truesig:loc=rdx");
	tag(btf, f, 1, "other:not ours");
	ret = look(btf, "foo", &l, err, sizeof(err));
	if (!check("fates: read", !ret && l.n_funcs == 2, err))
		goto out;
	check("fates: the function as written first, verified",
	      l.funcs[0].id == (uint32_t)itself && !l.funcs[0].clone &&
	      l.funcs[0].verified && l.funcs[0].n_args == 4 &&
	      l.funcs[0].args[3].fate == TS_FATE_PASSED &&
	      l.funcs[0].args[3].param == 3 &&
	      !strcmp(l.funcs[0].args[3].name, "u"), "");
	c = &l.funcs[1];
	check("fates: the clone", c->clone && c->tagged && c->verified &&
	      c->return_dropped && !strcmp(c->kinds, "constprop,isra") &&
	      !strcmp(c->source, "foo") && c->n_args == 4, c->kinds);
	check("fates: split into a value piece and a pointer piece",
	      c->args[0].fate == TS_FATE_SPLIT && c->args[0].n_pieces == 2 &&
	      c->args[0].pieces[0].param == 0 &&
	      c->args[0].pieces[0].how == TS_HOW_VALUE_PIECE &&
	      !strcmp(c->args[0].pieces[0].path, "p.a") &&
	      c->args[0].pieces[1].param == 1 &&
	      c->args[0].pieces[1].how == TS_HOW_POINTER_PIECE &&
	      c->args[0].pieces[1].offset == 8 &&
	      !strcmp(c->args[0].pieces[1].path, "") &&
	      !strcmp(c->args[0].name, "p"), c->args[0].name);
	check("fates: a constant", c->args[1].fate == TS_FATE_CONSTANT &&
	      c->args[1].constant.kind == TS_CONST_SIGNED &&
	      (int64_t)c->args[1].constant.value == -5 &&
	      !strcmp(c->args[1].constant.text, "-5"), c->args[1].constant.text);
	check("fates: passed and known (expr= to the end)",
	      c->args[2].fate == TS_FATE_PASSED && c->args[2].param == 2 &&
	      c->args[2].how == TS_HOW_COPY &&
	      c->args[2].constant.kind == TS_CONST_TEXT &&
	      !strcmp(c->args[2].constant.text, "&g x"),
	      c->args[2].constant.text);
	check("fates: removed, unnamed by its tag, named by the function as "
	      "written", c->args[3].fate == TS_FATE_REMOVED &&
	      !strcmp(c->args[3].name, "u"), c->args[3].name);
	check("fates: an argument by name", source_func_arg(c, "q") ==
	      &c->args[2] && !source_func_arg(c, "nope"), "");
out:
	source_lookup_release(&l);
	btf__free(btf);
}

/* Without truesig tags: clones by name, unverified, fates unknown. */
static void test_untagged(void)
{
	static const char *const written[] = { "a", "b" };
	static const char *const clone[] = { "a" };
	struct btf *btf = btf__new_empty();
	int i32 = btf__add_int(btf, "int", 4, BTF_INT_SIGNED);
	struct truesig_lookup l;
	char err[256];
	int ret;

	add_func(btf, i32, "bar.isra.0", clone, 1);
	add_func(btf, i32, "bar", written, 2);
	add_func(btf, i32, "bar.cold", clone, 1);
	add_func(btf, i32, "barn", clone, 1);
	ret = look(btf, "bar", &l, err, sizeof(err));
	if (check("untagged: read", !ret && l.n_funcs == 2, err)) {
		check("untagged: the clone, unverified, the source's names, "
		      "fates unknown", l.funcs[0].clone && !l.funcs[0].verified &&
		      l.funcs[0].n_args == 2 && !l.funcs[0].args[1].fate &&
		      l.funcs[0].args[1].param == -1 &&
		      !strcmp(l.funcs[0].args[1].name, "b"), "");
		check("untagged: the function as written, unverified",
		      !l.funcs[1].clone && !l.funcs[1].verified &&
		      l.funcs[1].args[1].fate == TS_FATE_PASSED, "");
	}
	source_lookup_release(&l);
	btf__free(btf);
}

/* One clone with tag `value` on `component`: the lookup's error. */
static void bad(const char *name, int component, const char *value,
		const char *want)
{
	static const char *const params[] = { "x" };
	struct btf *btf = btf__new_empty();
	int i32 = btf__add_int(btf, "int", 4, BTF_INT_SIGNED);
	int f = add_func(btf, i32, "baz.isra.0", params, 1);
	struct truesig_lookup l;
	char err[256], what[96];
	int ret;

	tag(btf, f, -1, "truesig:source=baz");
	tag(btf, f, component, value);
	ret = look(btf, "baz", &l, err, sizeof(err));
	snprintf(what, sizeof(what), "malformed: %s", name);
	check(what, ret == -EINVAL && strstr(err, want), err);
	source_lookup_release(&l);
	btf__free(btf);
}

static void test_malformed(void)
{
	bad("no src=", 0, "truesig:origin=copy path=x", "type 5: no source parameter (src=)");
	bad("src= not a number", 0, "truesig:origin=copy src=1x", "no source parameter");
	bad("a piece without off=", 0, "truesig:origin=value_piece src=0 size=4",
	    "a piece without its place");
	bad("an origin truesig does not write", 0, "truesig:origin=guess src=0",
	    "an origin truesig does not write");
	bad("a constant that is no number", -1, "truesig:constant=y src=1 value=5x",
	    "a value that is no number");
	bad("a parameter the function does not have", 3,
	    "truesig:origin=copy src=0 path=x", "a parameter the function does not have");
	bad("a source parameter no tag speaks of", -1, "truesig:removed=y src=2",
	    "no truesig tag says what became of source parameter 0");
}

/* A FUNC named as a clone whose source= tag names another function. */
static void test_foreign(void)
{
	static const char *const params[] = { "x" };
	struct btf *btf = btf__new_empty();
	int i32 = btf__add_int(btf, "int", 4, BTF_INT_SIGNED);
	int f = add_func(btf, i32, "qux.isra.0", params, 1);
	int g = add_func(btf, i32, "renamed", params, 1);
	struct truesig_lookup l;
	char err[256];
	int ret;

	tag(btf, f, -1, "truesig:source=other");
	tag(btf, f, 0, "truesig:origin=copy src=0 path=x");
	tag(btf, g, -1, "truesig:source=qux");
	tag(btf, g, 0, "truesig:origin=copy src=0 path=x");
	ret = look(btf, "qux", &l, err, sizeof(err));
	check("source= decides whose a FUNC is", !ret && l.n_funcs == 1 &&
	      !strcmp(l.funcs[0].symbol, "renamed"), err);
	source_lookup_release(&l);
	btf__free(btf);
}

int main(void)
{
	test_clone_names();
	test_fates();
	test_untagged();
	test_malformed();
	test_foreign();
	return test_exit();
}
