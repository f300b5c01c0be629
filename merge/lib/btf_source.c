// SPDX-License-Identifier: MIT
/*
 * btf_source.c — the source-level view of a BTF (btf_source.h), from the
 * tags of docs/FORMAT.md 13.4.
 *
 * Two passes over the BTF's own types: the first finds the FUNCs that
 * stand for the function (by name, or by a `truesig:source=` tag naming
 * it) and the untagged FUNC of the function itself, whose parameter names
 * name the arguments no tag names; the second reads the tags on them.
 * Every tag is parsed defensively: a malformed one is an error naming its
 * type id, never a guess.
 */
#define _GNU_SOURCE	/* strchrnul */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>

#include "array.h"
#include "btf_source.h"
#include "errmsg.h"
#include "records.h"
#include "truesig_format.h"

#define TAG_PREFIX	"truesig:"

const char *source_fate_str(unsigned fate)
{
	return fate ? truesig_fate_name(fate) : "unknown";
}

/* ".isra.0", ".constprop.3.isra.0", ".part.1": words of GCC's clone
   suffixes, each followed by a number (".cold" is not an entry point). */
static const char *const clone_words[] = {
	"isra", "constprop", "part", "lto_priv", "strub", "locality_clone",
	"specialized", "llvm",
};

bool source_clone_name(const char *symbol, const char *function)
{
	size_t n = strlen(function);
	const char *p = symbol + n;

	if (strncmp(symbol, function, n) || *p != '.')
		return false;
	while (*p == '.') {
		size_t k = 0;
		bool known = false;

		p++;
		for (size_t i = 0; i < sizeof(clone_words) /
				       sizeof(clone_words[0]) && !known; i++) {
			k = strlen(clone_words[i]);
			known = !strncmp(p, clone_words[i], k) &&
				p[k] == '.';
		}
		if (!known)
			return false;
		p += k + 1;
		if (*p < '0' || *p > '9')
			return false;
		while (*p >= '0' && *p <= '9')
			p++;
	}
	return *p == '\0';
}

int source_lookup_init(struct truesig_lookup *l, const char *function)
{
	memset(l, 0, sizeof(*l));
	l->function = strdup(function);
	return l->function ? 0 : -ENOMEM;
}

static void release_piece(struct truesig_piece *p)
{
	free(p->path);
	free(p->constant.text);
}

static void release_func(struct truesig_func *f)
{
	for (size_t i = 0; i < f->n_args; i++) {
		struct truesig_arg *a = &f->args[i];

		free(a->name);
		free(a->constant.text);
		for (size_t k = 0; k < a->n_pieces; k++)
			release_piece(&a->pieces[k]);
		for (size_t k = 0; k < a->n_known; k++)
			release_piece(&a->known[k]);
		free(a->pieces);
		free(a->known);
	}
	free(f->args);
	free(f->symbol);
	free(f->btf_name);
	free(f->kinds);
	free(f->source);
	free(f->prototype);
}

void source_lookup_release(struct truesig_lookup *l)
{
	for (size_t i = 0; i < l->n_funcs; i++)
		release_func(&l->funcs[i]);
	free(l->funcs);
	free(l->function);
	memset(l, 0, sizeof(*l));
}

const struct truesig_arg *source_func_arg(const struct truesig_func *f,
					 const char *name)
{
	for (size_t i = 0; i < f->n_args; i++)
		if (f->args[i].name[0] && !strcmp(f->args[i].name, name))
			return &f->args[i];
	return NULL;
}

/* ---- the prototype as C ------------------------------------------------ */

struct text {
	char	*buf;
	size_t	 len, cap;
	bool	 failed;
};

static void text_printf(void *ctx, const char *fmt, va_list ap)
{
	struct text *t = ctx;
	va_list copy;
	int n;

	if (t->failed)
		return;
	va_copy(copy, ap);
	n = vsnprintf(t->buf ? t->buf + t->len : NULL,
		      t->buf ? t->cap - t->len : 0, fmt, copy);
	va_end(copy);
	if (n < 0) {
		t->failed = true;
		return;
	}
	if (t->len + (size_t)n + 1 > t->cap) {
		size_t cap = t->cap;
		char *grown = array_grow(t->buf, &cap, 1, t->len + (size_t)n + 1);

		if (!grown) {
			t->failed = true;
			return;
		}
		t->buf = grown;
		t->cap = cap;
		vsnprintf(t->buf + t->len, t->cap - t->len, fmt, ap);
	}
	t->len += (size_t)n;
}

/* FUNC_PROTO `proto` declaring `name`, as C, in a new string; NULL when
   memory runs out.  btf_dump writes into `t`. */
static char *prototype_text(struct btf_dump *d, struct text *t,
			    uint32_t proto, const char *name)
{
	LIBBPF_OPTS(btf_dump_emit_type_decl_opts, opts, .field_name = name);
	char id[32];

	t->len = 0;
	t->failed = false;
	if (t->buf)
		t->buf[0] = '\0';
	if (btf_dump__emit_type_decl(d, proto, &opts) || t->failed || !t->buf) {
		snprintf(id, sizeof(id), "type %u", proto);
		return strdup(id);
	}
	return strdup(t->buf);
}

/* ---- tags ---------------------------------------------------------------- */

/* A tag's value split into its fields (docs/FORMAT.md 13.4). */
struct tag {
	const char	*key;		/* "origin", "removed", ... */
	size_t		 key_len;
	const char	*main;		/* the first field's value */
	size_t		 main_len;
	const char	*rest;		/* " attr=value ..." */
};

static bool tag_is(const struct tag *t, const char *key)
{
	return strlen(key) == t->key_len && !strncmp(t->key, key, t->key_len);
}

static bool main_is(const struct tag *t, const char *value)
{
	return strlen(value) == t->main_len &&
	       !strncmp(t->main, value, t->main_len);
}

/* Split "truesig:KEY=MAIN REST".  false for a tag that is not truesig's. */
static bool split_tag(const char *value, struct tag *t)
{
	const char *eq, *end;

	if (strncmp(value, TAG_PREFIX, strlen(TAG_PREFIX)))
		return false;
	t->key = value + strlen(TAG_PREFIX);
	eq = strchr(t->key, '=');
	if (!eq)
		return false;
	t->key_len = (size_t)(eq - t->key);
	t->main = eq + 1;
	/* source= and alias= run to the end: a function's name has no
	   space, but "source" is "the rest of the string". */
	if (tag_is(t, "source") || tag_is(t, "alias"))
		end = t->main + strlen(t->main);
	else if (!(end = strchr(t->main, ' ')))
		end = t->main + strlen(t->main);
	t->main_len = (size_t)(end - t->main);
	t->rest = end;
	return true;
}

/*
 * The value of attribute `attr` in t->rest, as a new string; NULL if it is
 * absent.  expr= runs to the end of the tag; other values to the next
 * space.  *nomem is set when memory runs out.
 */
static char *attr_string(const struct tag *t, const char *attr, bool *nomem)
{
	size_t n = strlen(attr);
	const char *p = t->rest, *end;
	char *s;

	while ((p = strchr(p, ' '))) {
		p++;
		if (!strncmp(p, attr, n) && p[n] == '=')
			break;
	}
	if (!p)
		return NULL;
	p += n + 1;
	end = !strcmp(attr, "expr") ? p + strlen(p) : strchrnul(p, ' ');
	s = strndup(p, (size_t)(end - p));
	if (!s)
		*nomem = true;
	return s;
}

/* Attribute `attr` as a number below `limit`: true with *out set. */
static bool attr_number(const struct tag *t, const char *attr,
			unsigned long limit, uint32_t *out)
{
	bool nomem = false;
	char *s = attr_string(t, attr, &nomem), *end;
	unsigned long v;
	bool ok;

	if (!s)
		return false;
	errno = 0;
	v = strtoul(s, &end, 10);
	ok = s[0] >= '0' && s[0] <= '9' && !*end && !errno && v < limit;
	free(s);
	if (ok)
		*out = (uint32_t)v;
	return ok;
}

/* A constant's value=V or expr=TEXT into c (absent: TS_CONST_NONE).
   0, -EINVAL for a value that is not a number, -ENOMEM. */
static int parse_constant(const struct tag *t, struct truesig_constant *c)
{
	bool nomem = false;
	char *v = attr_string(t, "value", &nomem), *end;
	size_t n;

	c->kind = TS_CONST_NONE;
	if (!v) {
		c->text = attr_string(t, "expr", &nomem);
		if (c->text)
			c->kind = TS_CONST_TEXT;
		else if (!nomem && !(c->text = strdup("")))
			nomem = true;
		return nomem ? -ENOMEM : 0;
	}
	c->text = v;
	n = strlen(v);
	errno = 0;
	if (n > 1 && v[n - 1] == 'u' && v[0] >= '0' && v[0] <= '9') {
		c->kind = TS_CONST_UNSIGNED;
		c->value = strtoull(v, &end, 10);
		return !errno && end == v + n - 1 ? 0 : -EINVAL;
	}
	c->kind = TS_CONST_SIGNED;
	c->value = (uint64_t)strtoll(v, &end, 10);
	return !errno && end != v && !*end ? 0 : -EINVAL;
}

/* The source argument's name a piece's path starts with ("p" of "p.in.x",
   "b" of "b->flags", "v" of "*v"), as a new string ("" for none). */
static char *path_root(const char *path)
{
	const char *p = path, *q;

	while (*p == '*' || *p == '(')
		p++;
	q = p;
	while ((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') ||
	       (*q >= '0' && *q <= '9') || *q == '_')
		q++;
	return strndup(p, (size_t)(q - p));
}

/* The argument J of f, made when it is first named (f->args grows to
   J + 1; the new ones have no fate yet).  NULL when memory runs out. */
static struct truesig_arg *arg_at(struct truesig_func *f, uint32_t j,
				 size_t *cap)
{
	if (j >= f->n_args) {
		struct truesig_arg *grown = array_grow(f->args, cap,
						      sizeof(*f->args), j + 1);

		if (!grown)
			return NULL;
		f->args = grown;
		for (size_t i = f->n_args; i <= j; i++)
			f->args[i].param = -1;
		f->n_args = j + 1;
	}
	return &f->args[j];
}

/* Give argument a the name `name` unless it has one.  0 or -ENOMEM. */
static int name_arg(struct truesig_arg *a, char *name)
{
	if (!name)
		return -ENOMEM;
	if (a->name || !name[0]) {
		free(name);
		return 0;
	}
	a->name = name;
	return 0;
}

/* Add a piece to an argument's pieces (or known pieces).  0 or -ENOMEM. */
static int add_piece(struct truesig_piece **v, size_t *n,
		     const struct truesig_piece *p)
{
	size_t cap = *n;
	struct truesig_piece *grown = array_grow(*v, &cap, sizeof(**v), *n + 1);

	if (!grown)
		return -ENOMEM;
	*v = grown;
	(*v)[(*n)++] = *p;
	return 0;
}

struct tag_error {
	char		*err;
	size_t		 err_size;
	const char	*btf_name;
	uint32_t	 id;
};

static int bad_tag(const struct tag_error *e, const char *value,
		   const char *why)
{
	return errmsg(e->err, e->err_size, -EINVAL, e->btf_name,
		      "type %u: %s: \"%.80s\"", e->id, why, value);
}

/* A function tag (component -1) of f. */
static int function_tag(struct truesig_func *f, size_t *cap,
			const struct tag *t, const char *value,
			const struct tag_error *e)
{
	struct truesig_arg *a;
	uint32_t j;
	int ret;

	if (tag_is(t, "kinds")) {
		free(f->kinds);
		f->kinds = strndup(t->main, t->main_len);
		return f->kinds ? 0 : -ENOMEM;
	}
	if (tag_is(t, "source")) {
		free(f->source);
		f->source = strndup(t->main, t->main_len);
		return f->source ? 0 : -ENOMEM;
	}
	if (tag_is(t, "return")) {
		f->return_dropped = main_is(t, "dropped");
		return 0;
	}
	if (!tag_is(t, "removed") && !tag_is(t, "constant") &&
	    !tag_is(t, "known") && !tag_is(t, "known_piece"))
		return 0;	/* alias, return_loc, incomplete: not the
				   arguments' */
	if (!attr_number(t, "src", 65536, &j))
		return bad_tag(e, value, "no source parameter (src=)");
	a = arg_at(f, j, cap);
	if (!a)
		return -ENOMEM;
	if (tag_is(t, "known_piece")) {
		struct truesig_piece p = { .param = -1 };
		bool nomem = false;

		p.how = main_is(t, "pointer_piece") ? TS_HOW_POINTER_PIECE :
			main_is(t, "value_piece") ? TS_HOW_VALUE_PIECE : 0;
		if (!p.how || !attr_number(t, "off", UINT32_MAX, &p.offset) ||
		    !attr_number(t, "size", UINT32_MAX, &p.size))
			return bad_tag(e, value, "a known piece without its "
				       "place");
		p.path = attr_string(t, "path", &nomem);
		if (!p.path && !nomem)
			p.path = strdup("");
		if (!p.path)
			return -ENOMEM;
		ret = parse_constant(t, &p.constant);
		if (!ret)
			ret = add_piece(&a->known, &a->n_known, &p);
		if (ret) {
			release_piece(&p);
			return ret == -EINVAL ? bad_tag(e, value, "a value "
							"that is no number")
					      : ret;
		}
		return name_arg(a, path_root(p.path));
	}
	if (tag_is(t, "removed"))
		a->fate = TS_FATE_REMOVED;
	else if (tag_is(t, "constant"))
		a->fate = TS_FATE_CONSTANT;
	ret = name_arg(a, main_is(t, "?") ? strdup("")
					  : strndup(t->main, t->main_len));
	if (ret || tag_is(t, "removed"))
		return ret;
	free(a->constant.text);
	ret = parse_constant(t, &a->constant);
	if (ret == -EINVAL)
		return bad_tag(e, value, "a value that is no number");
	if (!ret && strstr(t->rest, " pieces=")) {
		a->constant.kind = TS_CONST_PIECES;
	}
	return ret;
}

/* A tag of real parameter `param` of f. */
static int parameter_tag(struct truesig_func *f, size_t *cap,
			 uint32_t param, const struct tag *t,
			 const char *value, const struct tag_error *e)
{
	struct truesig_piece p = { .param = (int)param };
	struct truesig_arg *a;
	bool nomem = false;
	uint32_t j;
	int ret;

	if (!tag_is(t, "origin") || main_is(t, "new"))
		return 0;	/* loc=, or a parameter without a source */
	if (!attr_number(t, "src", 65536, &j))
		return bad_tag(e, value, "no source parameter (src=)");
	a = arg_at(f, j, cap);
	if (!a)
		return -ENOMEM;
	p.path = attr_string(t, "path", &nomem);
	if (!p.path && !nomem)
		p.path = strdup("");
	if (!p.path)
		return -ENOMEM;
	if (main_is(t, "copy") || main_is(t, "reference")) {
		if (a->fate == TS_FATE_PASSED && a->param != (int)param) {
			release_piece(&p);
			return bad_tag(e, value, "a source parameter passed "
				       "twice");
		}
		a->fate = TS_FATE_PASSED;
		a->how = main_is(t, "copy") ? TS_HOW_COPY : TS_HOW_REFERENCE;
		a->param = (int)param;
		ret = name_arg(a, strdup(p.path));
		release_piece(&p);
		return ret;
	}
	p.how = main_is(t, "pointer_piece") ? TS_HOW_POINTER_PIECE :
		main_is(t, "value_piece") ? TS_HOW_VALUE_PIECE : 0;
	if (!p.how || !attr_number(t, "off", UINT32_MAX, &p.offset) ||
	    !attr_number(t, "size", UINT32_MAX, &p.size)) {
		release_piece(&p);
		return bad_tag(e, value, p.how ? "a piece without its place"
					       : "an origin truesig does not "
						 "write");
	}
	if (!(p.constant.text = strdup(""))) {
		release_piece(&p);
		return -ENOMEM;
	}
	a->fate = TS_FATE_SPLIT;
	ret = add_piece(&a->pieces, &a->n_pieces, &p);
	if (ret) {
		release_piece(&p);
		return ret;
	}
	return name_arg(a, path_root(p.path));
}

/* ---- finding the functions ------------------------------------------------ */

/* What the first pass found: the candidates' type ids, in id order. */
struct found {
	uint32_t	*ids;
	size_t		 n, cap;
	uint32_t	 itself;	/* the untagged FUNC of the function
					   itself, or 0 */
	bool		 tagged;	/* the BTF has truesig tags */
};

static bool found_has(const struct found *fd, uint32_t id)
{
	for (size_t i = 0; i < fd->n; i++)
		if (fd->ids[i] == id)
			return true;
	return false;
}

static int found_add(struct found *fd, uint32_t id)
{
	uint32_t *grown;

	if (found_has(fd, id))
		return 0;
	grown = array_grow(fd->ids, &fd->cap, sizeof(*fd->ids), fd->n + 1);
	if (!grown)
		return -ENOMEM;
	fd->ids = grown;
	fd->ids[fd->n++] = id;
	return 0;
}

static int compare_ids(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/* Pass 1: the FUNCs named as the function or as its clones, and those a
   source= tag says are the function's. */
static int find_candidates(const struct btf *btf, uint32_t start,
			   const char *function, struct found *fd)
{
	uint32_t n = btf__type_cnt(btf);
	size_t flen = strlen(function);
	int ret;

	for (uint32_t id = start; id < n; id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);
		const char *name = btf__name_by_offset(btf, t->name_off);

		if (!name)
			continue;
		if (btf_is_func(t)) {
			if (!strcmp(name, function) ||
			    source_clone_name(name, function)) {
				ret = found_add(fd, id);
				if (ret)
					return ret;
			}
		} else if (btf_is_decl_tag(t) &&
			   !strncmp(name, TAG_PREFIX, strlen(TAG_PREFIX))) {
			const char *v = name + strlen(TAG_PREFIX);
			const struct btf_type *target;

			fd->tagged = true;
			if (strncmp(v, "source=", 7) || strncmp(v + 7, function,
								flen) ||
			    v[7 + flen] || btf_decl_tag(t)->component_idx != -1)
				continue;
			target = btf__type_by_id(btf, t->type);
			if (target && btf_is_func(target) &&
			    t->type >= start) {
				ret = found_add(fd, t->type);
				if (ret)
					return ret;
			}
		}
	}
	qsort(fd->ids, fd->n, sizeof(*fd->ids), compare_ids);
	return 0;
}

/* The FUNC_PROTO's parameter `i`'s name, or "". */
static const char *param_name(const struct btf *btf, uint32_t proto,
			      unsigned i)
{
	const struct btf_type *p = btf__type_by_id(btf, proto);
	const char *name;

	if (!p || !btf_is_func_proto(p) || i >= btf_vlen(p))
		return "";
	name = btf__name_by_offset(btf, btf_params(p)[i].name_off);
	return name ? name : "";
}

const char *source_func_param_name(const struct truesig_func *f, int param)
{
	return param < 0 ? "" : param_name(f->btf, f->proto, (unsigned)param);
}

/* A FUNC found, with its prototype; its arguments come from its tags. */
static int new_func(struct truesig_lookup *l, const struct btf *btf,
		    uint32_t id, const char *btf_name, struct btf_dump *d,
		    struct text *text, struct truesig_func **out)
{
	const struct btf_type *t = btf__type_by_id(btf, id);
	const struct btf_type *proto = btf__type_by_id(btf, t->type);
	struct truesig_func *grown, *f;
	const char *name = btf__name_by_offset(btf, t->name_off);

	grown = array_grow(l->funcs, &l->cap_funcs, sizeof(*l->funcs),
			   l->n_funcs + 1);
	if (!grown)
		return -ENOMEM;
	l->funcs = grown;
	f = &l->funcs[l->n_funcs++];
	memset(f, 0, sizeof(*f));
	f->btf = btf;
	f->id = id;
	f->proto = t->type;
	f->linkage = btf_vlen(t);
	f->clone = strcmp(name, l->function) != 0;
	f->n_params = proto && btf_is_func_proto(proto) ? btf_vlen(proto) : 0;
	f->symbol = strdup(name);
	f->btf_name = strdup(btf_name);
	f->kinds = strdup("");
	f->source = strdup("");
	f->prototype = prototype_text(d, text, t->type, name);
	*out = f;
	return f->symbol && f->btf_name && f->kinds && f->source &&
	       f->prototype ? 0 : -ENOMEM;
}

/* Pass 2: the truesig tags of the functions found. */
static int read_tags(struct truesig_lookup *l, size_t first,
		     const struct btf *btf, uint32_t start, size_t *caps,
		     const char *btf_name, char *err, size_t err_size)
{
	uint32_t n = btf__type_cnt(btf);

	for (uint32_t id = start; id < n; id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);
		const char *value;
		struct tag_error e = { err, err_size, btf_name, id };
		struct truesig_func *f = NULL;
		struct tag tag;
		int component, ret;
		size_t i;

		if (!btf_is_decl_tag(t))
			continue;
		for (i = first; i < l->n_funcs && !f; i++)
			if (l->funcs[i].id == t->type)
				f = &l->funcs[i];
		value = btf__name_by_offset(btf, t->name_off);
		if (!f || !value || !split_tag(value, &tag))
			continue;
		f->tagged = true;
		i = (size_t)(f - l->funcs);
		component = btf_decl_tag(t)->component_idx;
		if (component == -1)
			ret = function_tag(f, &caps[i - first], &tag, value, &e);
		else if (component >= 0 && (unsigned)component < f->n_params)
			ret = parameter_tag(f, &caps[i - first],
					    (uint32_t)component, &tag, value,
					    &e);
		else
			ret = bad_tag(&e, value, "a parameter the function "
				      "does not have");
		if (ret)
			return ret;
	}
	return 0;
}

/*
 * What the tags leave open: a function without tags (the function itself,
 * or a clone in a BTF truesig did not write), arguments no tag names.
 */
static int complete(struct truesig_func *f, bool btf_tagged,
		    const struct btf *btf, uint32_t itself, size_t *cap,
		    char *err, size_t err_size)
{
	/* Every source parameter of a tagged function has a tag. */
	for (size_t i = 0; f->tagged && i < f->n_args; i++)
		if (!f->args[i].fate)
			return errmsg(err, err_size, -EINVAL, f->btf_name,
				      "FUNC %u (%s): no truesig tag says what "
				      "became of source parameter %zu", f->id,
				      f->symbol, i);
	if (!f->tagged && !f->clone) {
		/* As written: each parameter passed as it is. */
		for (unsigned i = 0; i < f->n_params; i++) {
			struct truesig_arg *a = arg_at(f, i, cap);

			if (!a)
				return -ENOMEM;
			a->fate = TS_FATE_PASSED;
			a->how = TS_HOW_COPY;
			a->param = (int)i;
		}
	} else if (!f->tagged && itself) {
		/* A clone nothing describes: the source's arguments, their
		   fates unknown. */
		const struct btf_type *t = btf__type_by_id(btf, itself);
		const struct btf_type *p = btf__type_by_id(btf, t->type);

		for (unsigned i = 0; p && i < btf_vlen(p); i++)
			if (!arg_at(f, i, cap))
				return -ENOMEM;
	}
	for (size_t i = 0; i < f->n_args; i++) {
		struct truesig_arg *a = &f->args[i];

		if (!a->name) {
			const char *name = itself ? param_name(
				btf, btf__type_by_id(btf, itself)->type,
				(unsigned)i) : "";

			if (!f->tagged && !f->clone)
				name = param_name(btf, f->proto, (unsigned)i);
			if (!(a->name = strdup(name)))
				return -ENOMEM;
		}
		if (!a->constant.text && !(a->constant.text = strdup("")))
			return -ENOMEM;
	}
	f->verified = f->tagged || (!f->clone && btf_tagged);
	return 0;
}

/* A FUNC named as a clone of the function whose source= tag names
   another function is that one's, not this one's. */
static void drop_foreign(struct truesig_lookup *l, size_t first, size_t *caps)
{
	size_t kept = first;

	for (size_t i = first; i < l->n_funcs; i++) {
		struct truesig_func *f = &l->funcs[i];

		if (f->source[0] && strcmp(f->source, l->function)) {
			release_func(f);
			continue;
		}
		caps[kept - first] = caps[i - first];
		l->funcs[kept++] = *f;
	}
	l->n_funcs = kept;
}

int source_lookup_add(struct truesig_lookup *l, const struct btf *btf,
		      const struct btf *base, const char *btf_name,
		      char *err, size_t err_size)
{
	uint32_t start = base ? btf__type_cnt(base) : 1;
	struct found fd = { 0 };
	size_t first = l->n_funcs, *caps = NULL;
	struct text text = { 0 };
	struct btf_dump *d = NULL;
	int ret;

	ret = find_candidates(btf, start, l->function, &fd);
	if (ret || !fd.n)
		goto out;
	d = btf_dump__new(btf, text_printf, &text, NULL);
	caps = calloc(fd.n, sizeof(*caps));
	if (!d || !caps) {
		ret = -ENOMEM;
		goto out;
	}
	for (size_t i = 0; i < fd.n && !ret; i++) {
		struct truesig_func *f;

		ret = new_func(l, btf, fd.ids[i], btf_name, d, &text, &f);
	}
	if (!ret)
		ret = read_tags(l, first, btf, start, caps, btf_name, err,
				err_size);
	/* The function itself, untagged, names the arguments of clones. */
	for (size_t i = first; i < l->n_funcs && !ret; i++)
		if (!l->funcs[i].clone && !l->funcs[i].tagged)
			fd.itself = l->funcs[i].id;
	if (!ret)
		drop_foreign(l, first, caps);
	for (size_t i = first; i < l->n_funcs && !ret; i++)
		ret = complete(&l->funcs[i], fd.tagged, btf, fd.itself,
			       &caps[i - first], err, err_size);
out:
	if (ret == -ENOMEM)
		errmsg(err, err_size, ret, btf_name, "out of memory");
	btf_dump__free(d);
	free(text.buf);
	free(fd.ids);
	free(caps);
	return ret;
}
