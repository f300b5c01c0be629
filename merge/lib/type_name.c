// SPDX-License-Identifier: MIT
/*
 * type_name.c — spell a .truesig type as a C declaration.
 *
 * C declarations are written inside out: a pointer puts "*" before the
 * declarator, an array or function puts "[N]" or "(params)" after it, with
 * parentheses when a pointer's target is an array or a function.  So each
 * step wraps the declarator and recurses into the referenced type, until a
 * named type supplies the left-hand side.  The type table has no cycles
 * (refs are smaller than their entry's index) but may share entries, so the
 * work is bounded by a depth and a step budget as well.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "text.h"
#include "type_name.h"

#define MAX_DEPTH	32
#define MAX_STEPS	4096

struct renderer {
	const struct truesig_unit *unit;
	unsigned	 steps_left;
};

static void render(struct renderer *r, uint32_t index, const char *decl,
		   char *out, size_t size, unsigned depth);

/* snprintf, for names that may be cut on purpose. */
__attribute__((format(printf, 3, 4)))
static void put(char *out, size_t size, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(out, size, fmt, ap);
	va_end(ap);
}

/* "base decl", without a space when there is no declarator. */
static void named(char *out, size_t size, const char *base, const char *decl)
{
	put(out, size, "%s%s%s", base, decl[0] ? " " : "", decl);
}

static const char *tag_name(const struct truesig_type *t)
{
	return t->name[0] ? t->name : "<anonymous>";
}

static void render_func(struct renderer *r, uint32_t index, const char *decl,
			char *out, size_t size, unsigned depth)
{
	const struct truesig_type *t = &r->unit->types[index];
	char inner[TYPE_NAME_MAX], param[TYPE_NAME_MAX];

	put(inner, sizeof(inner), "%s(", decl);
	if (t->flags & TS_TF_UNPROTOTYPED) {
		/* K&R: nothing is known of the parameters. */
	} else if (!t->count && !(t->flags & TS_TF_VARARGS)) {
		text_append(inner, sizeof(inner), "void");
	} else {
		for (uint32_t i = 1; i <= t->count; i++) {
			const struct truesig_type *pt =
				&r->unit->types[index + i];

			render(r, pt->ref, "", param, sizeof(param), depth + 1);
			text_append(inner, sizeof(inner), "%s%s", i > 1 ? ", " : "",
			       param);
		}
		if (t->flags & TS_TF_VARARGS)
			text_append(inner, sizeof(inner), "%s...",
			       t->count ? ", " : "");
	}
	text_append(inner, sizeof(inner), ")");
	render(r, t->ref, inner, out, size, depth + 1);
}

/* A chain of qualifiers starting at index, then what they qualify. */
static void render_qualified(struct renderer *r, uint32_t index,
			     const char *decl, char *out, size_t size,
			     unsigned depth)
{
	const struct truesig_type *t = &r->unit->types[index];
	char quals[64] = "", inner[TYPE_NAME_MAX];

	for (unsigned n = 0; n < MAX_DEPTH; n++) {
		if (t->kind == TS_TYPE_CONST)
			text_append(quals, sizeof(quals), "%sconst",
			       quals[0] ? " " : "");
		else if (t->kind == TS_TYPE_VOLATILE)
			text_append(quals, sizeof(quals), "%svolatile",
			       quals[0] ? " " : "");
		else if (t->kind == TS_TYPE_RESTRICT)
			text_append(quals, sizeof(quals), "%srestrict",
			       quals[0] ? " " : "");
		else
			break;
		index = t->ref;
		t = &r->unit->types[index];
	}

	if (t->kind == TS_TYPE_PTR) {
		/* The pointer itself is qualified: "char *const p". */
		const struct truesig_type *target = &r->unit->types[t->ref];
		bool paren = target->kind == TS_TYPE_ARRAY ||
			     target->kind == TS_TYPE_FUNC;

		put(inner, sizeof(inner), "%s*%s%s%s%s", paren ? "(" : "",
			 quals, decl[0] ? " " : "", decl, paren ? ")" : "");
		render(r, t->ref, inner, out, size, depth + 1);
		return;
	}
	/* Otherwise the qualifier goes in front: "const int x[4]". */
	render(r, index, decl, inner, sizeof(inner), depth + 1);
	put(out, size, "%s %s", quals, inner);
}

static void render(struct renderer *r, uint32_t index, const char *decl,
		   char *out, size_t size, unsigned depth)
{
	const struct truesig_type *t = &r->unit->types[index];
	char inner[TYPE_NAME_MAX], base[TYPE_NAME_MAX];

	if (!r->steps_left || depth > MAX_DEPTH) {
		named(out, size, "...", decl);
		return;
	}
	r->steps_left--;

	switch (t->kind) {
	case TS_TYPE_VOID:
		named(out, size, "void", decl);
		break;
	case TS_TYPE_INT:
	case TS_TYPE_BOOL:
	case TS_TYPE_FLOAT:
	case TS_TYPE_TYPEDEF:
		if (t->name[0]) {
			named(out, size, t->name, decl);
		} else {
			put(base, sizeof(base), "<%s, %u bytes>",
				 truesig_type_kind_name(t->kind), t->size);
			named(out, size, base, decl);
		}
		break;
	case TS_TYPE_STRUCT:
	case TS_TYPE_UNION:
	case TS_TYPE_ENUM:
		put(base, sizeof(base), "%s %s",
			 t->kind == TS_TYPE_STRUCT ? "struct" :
			 t->kind == TS_TYPE_UNION ? "union" : "enum",
			 tag_name(t));
		named(out, size, base, decl);
		break;
	case TS_TYPE_OPAQUE:
		if (t->name[0])
			named(out, size, t->name, decl);
		else {
			put(base, sizeof(base), "<opaque, %u bytes>",
				 t->size);
			named(out, size, base, decl);
		}
		break;
	case TS_TYPE_PTR: {
		const struct truesig_type *target = &r->unit->types[t->ref];

		if (target->kind == TS_TYPE_ARRAY ||
		    target->kind == TS_TYPE_FUNC)
			put(inner, sizeof(inner), "(*%s)", decl);
		else
			put(inner, sizeof(inner), "*%s", decl);
		render(r, t->ref, inner, out, size, depth + 1);
		break;
	}
	case TS_TYPE_CONST:
	case TS_TYPE_VOLATILE:
	case TS_TYPE_RESTRICT:
		render_qualified(r, index, decl, out, size, depth);
		break;
	case TS_TYPE_ARRAY:
		if (t->flags & TS_TF_INCOMPLETE)
			put(inner, sizeof(inner), "%s[]", decl);
		else
			put(inner, sizeof(inner), "%s[%u]", decl,
				 t->count);
		render(r, t->ref, inner, out, size, depth + 1);
		break;
	case TS_TYPE_FUNC:
		render_func(r, index, decl, out, size, depth);
		break;
	case TS_TYPE_COMPLEX:
		render(r, t->ref, decl, inner, sizeof(inner), depth + 1);
		put(out, size, "_Complex %s", inner);
		break;
	case TS_TYPE_VECTOR:
		render(r, t->ref, "", inner, sizeof(inner), depth + 1);
		put(base, sizeof(base),
			 "%s __attribute__((vector_size(%u)))", inner,
			 t->size);
		named(out, size, base, decl);
		break;
	case TS_TYPE_PARAM:	/* not a type of its own; validated away */
	default:
		render(r, t->ref, decl, out, size, depth + 1);
		break;
	}
}

char *type_name(const struct truesig_unit *u, uint32_t type,
		const char *declarator, char *buf, size_t size)
{
	struct renderer r = { .unit = u, .steps_left = MAX_STEPS };

	if (!size)
		return buf;
	buf[0] = '\0';
	if (type >= u->n_types) {
		put(buf, size, "<bad type %u>", type);
		return buf;
	}
	render(&r, type, declarator ? declarator : "", buf, size, 0);
	return buf;
}
