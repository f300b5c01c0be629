// SPDX-License-Identifier: MIT
/*
 * btf_names.c — parameter names and decl tag values for truesig's BTF.
 *
 * A real parameter is named after what it is in the source, as pahole
 * names the pieces of a split aggregate: a copy keeps the source name, a
 * piece `p.in.x` becomes `p__in__x`, `b->x[1]` becomes `b__x_1`, `*v`
 * becomes `v__deref`; a piece no member matches is `p__off8`, a parameter
 * with no source counterpart `arg3`.  The decl tags say exactly what names
 * can only hint at; their syntax is in docs/FORMAT.md.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <elf.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "btf_names.h"
#include "text.h"

bool btf_name_valid(const char *name)
{
	size_t len = 0;

	if (!name || !(isalpha((unsigned char)name[0]) || name[0] == '_' ||
		       name[0] == '.'))
		return false;
	for (const char *p = name; *p; p++, len++) {
		if (len >= BTF_NAME_MAX)
			return false;
		if (!isalnum((unsigned char)*p) && *p != '_' && *p != '.')
			return false;
	}
	return true;
}

/* ---- parameter names ----------------------------------------------------- */

struct name_buf {
	char	 s[BTF_PARAM_NAME_MAX + 1];
	size_t	 len;
};

static void put_char(struct name_buf *b, char c)
{
	if (b->len < BTF_PARAM_NAME_MAX)
		b->s[b->len++] = c;
	b->s[b->len] = '\0';
}

static void put_str(struct name_buf *b, const char *s)
{
	while (*s)
		put_char(b, *s++);
}

/* A C expression as identifier characters: "->" and "." are "__", "[i]"
   is "_i", anything else that is not allowed is '_'. */
static void put_expr(struct name_buf *b, const char *s)
{
	while (*s) {
		if (s[0] == '-' && s[1] == '>') {
			put_str(b, "__");
			s += 2;
		} else if (*s == '.') {
			put_str(b, "__");
			s++;
		} else if (*s == '[') {
			put_char(b, '_');
			s++;
		} else if (*s == ']') {
			s++;
		} else {
			put_char(b, isalnum((unsigned char)*s) ? *s : '_');
			s++;
		}
	}
}

/* The source parameter's name, or "param<j>" when it has none. */
static void put_source(struct name_buf *b, const struct truesig_record *r,
		       unsigned source)
{
	char tmp[32];

	if (source < r->n_source_params && r->source_params[source].name[0]) {
		put_expr(b, r->source_params[source].name);
		return;
	}
	snprintf(tmp, sizeof(tmp), "param%u", source);
	put_str(b, tmp);
}

/* A path that starts at the member (".a", "->f", "[1]") lacks its name. */
static bool path_has_name(const char *path)
{
	return isalpha((unsigned char)path[0]) || path[0] == '_';
}

static void base_name(const struct truesig_record *r, unsigned i,
		      struct name_buf *b)
{
	const struct truesig_param *p = &r->params[i];
	char tmp[48];

	b->len = 0;
	b->s[0] = '\0';
	switch (p->how) {
	case TS_HOW_COPY:
		put_source(b, r, p->source);
		break;
	case TS_HOW_REFERENCE:
		put_source(b, r, p->source);
		if (b->len)
			put_str(b, "__ref");
		break;
	case TS_HOW_VALUE_PIECE:
	case TS_HOW_POINTER_PIECE:
		if (!p->path[0]) {
			put_source(b, r, p->source);
			snprintf(tmp, sizeof(tmp), "__off%" PRIu32, p->offset);
			put_str(b, tmp);
		} else if (p->path[0] == '*') {
			/* "*v": the whole pointee */
			if (path_has_name(p->path + 1))
				put_expr(b, p->path + 1);
			else {
				put_source(b, r, p->source);
				put_expr(b, p->path + 1);
			}
			put_str(b, "__deref");
		} else {
			if (!path_has_name(p->path))
				put_source(b, r, p->source);
			put_expr(b, p->path);
		}
		break;
	default:
		break;
	}
	if (!b->len) {
		snprintf(tmp, sizeof(tmp), "arg%u", i);
		put_str(b, tmp);
	}
	if (isdigit((unsigned char)b->s[0])) {
		memmove(b->s + 1, b->s, b->len + 1);
		b->s[0] = '_';
		if (b->len < BTF_PARAM_NAME_MAX)
			b->len++;
		b->s[b->len] = '\0';
	}
}

static bool name_taken(char **names, unsigned n, const char *name)
{
	for (unsigned i = 0; i < n; i++)
		if (!strcmp(names[i], name))
			return true;
	return false;
}

void btf_names_free(char **names, unsigned n)
{
	if (!names)
		return;
	for (unsigned i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

char **btf_param_names(const struct truesig_record *r)
{
	char **names = calloc(r->n_params ? r->n_params : 1, sizeof(*names));
	struct name_buf b;

	if (!names)
		return NULL;
	for (unsigned i = 0; i < r->n_params; i++) {
		base_name(r, i, &b);
		if (!name_taken(names, i, b.s)) {
			names[i] = strdup(b.s);
		} else {
			/* "a", "a_2", "a_3", ...: the first one free */
			for (unsigned k = 2; ; k++) {
				free(names[i]);
				if (asprintf(&names[i], "%s_%u", b.s, k) < 0)
					names[i] = NULL;
				if (!names[i] || !name_taken(names, i, names[i]))
					break;
			}
		}
		if (!names[i]) {
			btf_names_free(names, i);
			return NULL;
		}
	}
	return names;
}

/* ---- decl tags ------------------------------------------------------------ */

struct tag_list {
	struct btf_tag	*tags;
	unsigned	 n;
	size_t		 cap;
	int		 err;
};

__attribute__((format(printf, 3, 4)))
static void add_tag(struct tag_list *l, int component, const char *fmt, ...)
{
	struct btf_tag *grown;
	va_list ap;
	char *value;
	int ret;

	if (l->err)
		return;
	va_start(ap, fmt);
	ret = vasprintf(&value, fmt, ap);
	va_end(ap);
	if (ret < 0) {
		l->err = -ENOMEM;
		return;
	}
	grown = array_grow(l->tags, &l->cap, sizeof(*grown), (size_t)l->n + 1);
	if (!grown) {
		free(value);
		l->err = -ENOMEM;
		return;
	}
	l->tags = grown;
	l->tags[l->n].component = component;
	l->tags[l->n].value = value;
	l->n++;
}

/* "rdi", or pieces "rdi@0:8,rsi@8:8" (location@piece_offset:size); a
   register without a name is "dwarf:N". */
static void locations_text(const struct truesig_location *locs, unsigned n,
			   unsigned machine, char *buf, size_t size)
{
	buf[0] = '\0';
	for (unsigned i = 0; i < n; i++) {
		char one[96];

		text_append(buf, size, "%s%s", i ? "," : "",
			    truesig_location_text(&locs[i], machine,
						  TS_LOCATION_TAG, one,
						  sizeof(one)));
		if (n > 1 || locs[i].piece_offset)
			text_append(buf, size, "@%" PRIu32 ":%u",
				    locs[i].piece_offset, locs[i].size);
	}
}

/*
 * Where the values are cannot be derived from the prototype when GCC
 * changed the calling convention (kind abi), nor on 32-bit x86, where it
 * gives local functions register conventions: locations are tagged there.
 */
static bool wants_locations(const struct truesig_record *r)
{
	for (unsigned i = 0; i < r->n_kinds; i++)
		if (r->kinds[i] == TS_KIND_ABI)
			return true;
	return r->unit && r->unit->machine == EM_386;
}

static const char *source_name(const struct truesig_record *r, unsigned j)
{
	return j < r->n_source_params && r->source_params[j].name[0] ?
	       r->source_params[j].name : "?";
}

/* A constant as its tag attribute: " value=-5" (signed), " value=42u"
   (unsigned), " expr=&foo" (GCC's expression, to the end of the tag), or
   "" without a value.  NULL when out of memory; free it. */
static char *value_attr(uint8_t kind, uint64_t value, const char *text)
{
	char *attr;
	int ret;

	switch (kind) {
	case TS_CONST_SIGNED:
		ret = asprintf(&attr, " value=%" PRId64, (int64_t)value);
		break;
	case TS_CONST_UNSIGNED:
		ret = asprintf(&attr, " value=%" PRIu64 "u", value);
		break;
	case TS_CONST_TEXT:
		ret = asprintf(&attr, " expr=%s", text);
		break;
	default:
		ret = asprintf(&attr, "%s", "");
		break;
	}
	return ret < 0 ? NULL : attr;
}

/* "constant=NAME src=J value=V" (or known=): a source parameter IPA-CP
   replaced by a constant, or whose passed value it knows; "pieces=N" when
   it knows N pieces of it. */
static void add_constant_tag(struct tag_list *l, const char *key,
			     const char *name, unsigned j,
			     const struct truesig_source_param *sp,
			     unsigned pieces)
{
	char *attr;

	if (sp->const_kind == TS_CONST_PIECES) {
		add_tag(l, -1, BTF_TAG_PREFIX "%s=%s src=%u pieces=%u", key,
			name, j, pieces);
		return;
	}
	attr = value_attr(sp->const_kind, sp->const_value, sp->const_text);
	if (!attr) {
		l->err = -ENOMEM;
		return;
	}
	add_tag(l, -1, BTF_TAG_PREFIX "%s=%s src=%u%s", key, name, j, attr);
	free(attr);
}

/* "known_piece=pointer_piece src=J off=O size=S path=p->a value=7": a
   piece of source parameter J that IPA-CP knows. */
static void add_known_piece_tag(struct tag_list *l,
				const struct truesig_known_piece *k)
{
	char *attr = value_attr(k->const_kind, k->value, k->text);

	if (!attr) {
		l->err = -ENOMEM;
		return;
	}
	add_tag(l, -1, BTF_TAG_PREFIX "known_piece=%s src=%u off=%u size=%u%s%s%s",
		truesig_how_name(k->how), k->source, k->offset, k->size,
		k->path[0] ? " path=" : "", k->path, attr);
	free(attr);
}

int btf_record_tags(const struct truesig_record *r, struct btf_tag **tags,
		    unsigned *n)
{
	struct tag_list l = { 0 };
	bool locs = wants_locations(r);
	char buf[512];

	*tags = NULL;
	*n = 0;
	if (r->function[0])
		add_tag(&l, -1, BTF_TAG_PREFIX "source=%s", r->function);
	if (r->n_kinds) {
		buf[0] = '\0';
		for (unsigned i = 0; i < r->n_kinds; i++) {
			if (i)
				strcat(buf, ",");
			strcat(buf, truesig_kind_name(r->kinds[i]));
		}
		add_tag(&l, -1, BTF_TAG_PREFIX "kinds=%s", buf);
	}
	if ((r->flags & TS_RF_ALIAS) && r->parent[0])
		add_tag(&l, -1, BTF_TAG_PREFIX "alias=%s", r->parent);
	if (r->flags & TS_RF_RETURN_DROPPED)
		add_tag(&l, -1, BTF_TAG_PREFIX "return=dropped");
	else if (locs && r->return_locs) {
		locations_text(truesig_return_locs(r), r->return_locs,
			       r->unit->machine, buf, sizeof(buf));
		add_tag(&l, -1, BTF_TAG_PREFIX "return_loc=%s", buf);
	}
	if (r->flags & TS_RF_INCOMPLETE)
		add_tag(&l, -1, BTF_TAG_PREFIX "incomplete=yes");

	for (unsigned j = 0; j < r->n_source_params; j++) {
		const struct truesig_source_param *sp = &r->source_params[j];
		const char *name = source_name(r, j);
		unsigned pieces = 0;

		for (unsigned k = 0; k < r->n_known_pieces; k++)
			pieces += r->known_pieces[k].source == j;
		if (sp->fate == TS_FATE_REMOVED) {
			add_tag(&l, -1, BTF_TAG_PREFIX "removed=%s src=%u",
				name, j);
		} else if (sp->fate == TS_FATE_CONSTANT) {
			add_constant_tag(&l, "constant", name, j, sp, pieces);
		} else if (sp->const_kind != TS_CONST_NONE) {
			add_constant_tag(&l, "known", name, j, sp, pieces);
		}
	}
	for (unsigned k = 0; k < r->n_known_pieces; k++)
		add_known_piece_tag(&l, &r->known_pieces[k]);

	for (unsigned i = 0; i < r->n_params; i++) {
		const struct truesig_param *p = &r->params[i];
		int c = (int)i;

		switch (p->how) {
		case TS_HOW_COPY:
			if (r->source_params[p->source].name[0])
				add_tag(&l, c, BTF_TAG_PREFIX
					"origin=copy src=%u path=%s",
					p->source,
					r->source_params[p->source].name);
			else
				add_tag(&l, c, BTF_TAG_PREFIX
					"origin=copy src=%u", p->source);
			break;
		case TS_HOW_REFERENCE:
			add_tag(&l, c, BTF_TAG_PREFIX
				"origin=reference src=%u%s%s", p->source,
				r->source_params[p->source].name[0] ?
				" path=" : "",
				r->source_params[p->source].name);
			break;
		case TS_HOW_VALUE_PIECE:
		case TS_HOW_POINTER_PIECE:
			add_tag(&l, c, BTF_TAG_PREFIX
				"origin=%s src=%u off=%" PRIu32 " size=%" PRIu32
				"%s%s", truesig_how_name(p->how), p->source,
				p->offset, p->size, p->path[0] ? " path=" : "",
				p->path);
			break;
		default:
			add_tag(&l, c, BTF_TAG_PREFIX "origin=new size=%" PRIu32,
				p->size);
			break;
		}
		if (locs && p->loc_count) {
			locations_text(truesig_param_locs(r, p), p->loc_count,
				       r->unit->machine, buf, sizeof(buf));
			add_tag(&l, c, BTF_TAG_PREFIX "loc=%s", buf);
		}
	}
	if (l.err) {
		btf_tags_free(l.tags, l.n);
		return l.err;
	}
	*tags = l.tags;
	*n = l.n;
	return 0;
}

void btf_tags_free(struct btf_tag *tags, unsigned n)
{
	if (!tags)
		return;
	for (unsigned i = 0; i < n; i++)
		free(tags[i].value);
	free(tags);
}
