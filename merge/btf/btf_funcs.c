// SPDX-License-Identifier: MIT
/*
 * btf_funcs.c — the FUNC, FUNC_PROTO and decl tags of each record.
 *
 * Records are matched to the FUNCs of their symbol's name in three rounds,
 * so that a second run finds exactly what the first one made:
 *
 *   1. a FUNC whose prototype and truesig tags are exactly the record's;
 *   2. a FUNC whose prototype is right (its tags are brought up to date);
 *   3. a FUNC whose prototype is wrong: corrected; none: a FUNC is added.
 *
 * A FUNC is claimed by one record; a later record identical to it (two
 * static functions of the same name and signature) shares it.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>
#include <linux/btf.h>

#include "array.h"
#include "btf_funcs.h"
#include "btf_names.h"
#include "errmsg.h"

#define BTF_VLEN_MAX	0xffff

enum want_state { W_PENDING, W_RIGHT, W_CORRECTED, W_ADDED, W_SHARED };

/* What one record's FUNC should be. */
struct want {
	const struct truesig_record *r;
	int		 linkage;	/* BTF_FUNC_STATIC / _GLOBAL */
	uint32_t	 ret;
	unsigned	 n;		/* parameters, "..." included */
	uint32_t	*types;
	char		**names;	/* "" for "..." */
	struct btf_tag	*tags;
	unsigned	 n_tags;
	uint32_t	 func;
	enum want_state	 state;
};

struct ctx {
	const struct elf_input *elf;
	struct btf_types *t;
	struct btf	*btf;
	const struct btf_funcs_opts *o;
	struct btf_func_stats *st;
	struct want	*wants;
	size_t		 n_wants;
	uint32_t	*owner;		/* per type id: claiming want + 1 */
	size_t		 n_owner;
	uint32_t	*remove;
	size_t		 n_remove;
	size_t		 cap_remove;
	char		*err;
	size_t		 err_size;
};

__attribute__((format(printf, 2, 3)))
static void note(const struct ctx *c, const char *fmt, ...)
{
	va_list ap;

	if (c->o->quiet)
		return;
	fprintf(stderr, "truesig: %s: ", c->o->path);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static const char *str(const struct btf *btf, uint32_t off)
{
	const char *s = btf__name_by_offset(btf, off);

	return s ? s : "";
}

static void free_want(struct want *w)
{
	free(w->types);
	btf_names_free(w->names, w->n);
	btf_tags_free(w->tags, w->n_tags);
}

/* ---- what each record wants ---------------------------------------------- */

/* Fill w from r, or say why r gets no FUNC and return 1; < 0 on error. */
static int prepare(struct ctx *c, const struct truesig_record *r,
		   struct want *w)
{
	const struct elf_symbol *sym;
	bool varargs = r->flags & TS_RF_VARARGS;
	char **names;

	memset(w, 0, sizeof(*w));
	w->r = r;
	sym = elf_input_find_symbol(c->elf, r->symbol, r->address);
	if (!sym) {
		note(c, "no symbol %s at 0x%" PRIx64 ": no FUNC for it",
		     r->symbol, r->address);
		return 1;
	}
	if (!btf_name_valid(r->symbol)) {
		note(c, "%s is not a valid BTF name: no FUNC for it",
		     r->symbol);
		return 1;
	}
	w->n = r->n_params + varargs;
	if (w->n > BTF_VLEN_MAX) {
		note(c, "%s has %u parameters, more than BTF allows: no FUNC for it",
		     r->symbol, w->n);
		return 1;
	}
	w->linkage = sym->binding == STB_LOCAL ? BTF_FUNC_STATIC :
						  BTF_FUNC_GLOBAL;
	w->types = calloc(w->n ? w->n : 1, sizeof(*w->types));
	names = btf_param_names(r);
	w->names = calloc(w->n ? w->n : 1, sizeof(*w->names));
	if (!w->types || !names || !w->names) {
		btf_names_free(names, r->n_params);
		return errmsg(c->err, c->err_size, -ENOMEM, NULL,
			      "out of memory");
	}
	memcpy(w->names, names, r->n_params * sizeof(*names));
	free(names);
	if (varargs && !(w->names[w->n - 1] = strdup("")))
		return errmsg(c->err, c->err_size, -ENOMEM, NULL,
			      "out of memory");
	if (btf_record_tags(r, &w->tags, &w->n_tags))
		return errmsg(c->err, c->err_size, -ENOMEM, NULL,
			      "out of memory");

	if (!(r->flags & TS_RF_RETURN_DROPPED))
		btf_types_need(c->t, r->return_type);
	for (unsigned i = 0; i < r->n_params; i++)
		btf_types_need(c->t, r->params[i].type);
	return 0;
}

/* The BTF types of w's return and parameters, once the unit's are mapped. */
static int fill_types(struct ctx *c, struct want *w)
{
	const struct truesig_record *r = w->r;

	w->ret = r->flags & TS_RF_RETURN_DROPPED ? 0 :
		 btf_types_id(c->t, r->return_type);
	for (unsigned i = 0; i < r->n_params; i++) {
		w->types[i] = btf_types_id(c->t, r->params[i].type);
		if (!w->types[i]) {
			note(c, "%s: parameter %u has no BTF type: no FUNC for it",
			     r->symbol, i);
			return 1;
		}
	}
	return 0;
}

static int collect(struct ctx *c, const struct loaded_file *f)
{
	struct truesig_walk w = truesig_walk(f->sections, f->n_sections);
	const struct truesig_unit *u;
	struct want *grown;
	size_t cap = 0;
	int ret;

	while ((u = truesig_walk_next_unit(&w))) {
		size_t first = c->n_wants;

		if (btf_types_begin_unit(c->t, u))
			return errmsg(c->err, c->err_size, -ENOMEM, NULL,
				      "out of memory");
		for (uint32_t i = 0; i < u->n_records; i++) {
			const struct truesig_record *r = &u->records[i];

			c->st->records++;
			if (r->flags & TS_RF_COLD_FRAGMENT) {
				c->st->cold++;
				continue;
			}
			grown = array_grow(c->wants, &cap, sizeof(*grown),
					   c->n_wants + 1);
			if (!grown)
				return errmsg(c->err, c->err_size, -ENOMEM,
					      NULL, "out of memory");
			c->wants = grown;
			ret = prepare(c, r, &c->wants[c->n_wants]);
			if (ret < 0) {
				c->n_wants++;	/* freed by the caller */
				return ret;
			}
			if (ret > 0) {
				free_want(&c->wants[c->n_wants]);
				c->st->skipped++;
				continue;
			}
			c->n_wants++;
		}
		ret = btf_types_resolve(c->t);
		if (ret)
			return errmsg(c->err, c->err_size, ret, NULL,
				      "unit %s: %s", u->name, c->t->err);
		for (size_t k = first; k < c->n_wants;) {
			if (fill_types(c, &c->wants[k]) == 0) {
				k++;
				continue;
			}
			free_want(&c->wants[k]);
			memmove(&c->wants[k], &c->wants[k + 1],
				(c->n_wants - k - 1) * sizeof(*c->wants));
			c->n_wants--;
			c->st->skipped++;
		}
	}
	return 0;
}

/* ---- comparing a FUNC with what a record wants ------------------------------ */

static bool same(const struct btf *btf, uint32_t a, uint32_t b)
{
	return a == b || btf_types_equal(btf, a, b);
}

static bool proto_right(const struct ctx *c, const struct want *w,
			uint32_t func)
{
	const struct btf_type *ft = btf__type_by_id(c->btf, func);
	const struct btf_type *pt;
	const struct btf_param *p;

	if (!ft || !btf_is_func(ft) || btf_vlen(ft) == BTF_FUNC_EXTERN)
		return false;
	pt = btf__type_by_id(c->btf, ft->type);
	if (!pt || !btf_is_func_proto(pt) || btf_vlen(pt) != w->n ||
	    !same(c->btf, pt->type, w->ret))
		return false;
	p = btf_params(pt);
	for (unsigned i = 0; i < w->n; i++)
		if (strcmp(str(c->btf, p[i].name_off), w->names[i]) ||
		    !same(c->btf, p[i].type, w->types[i]))
			return false;
	return true;
}

static bool is_truesig_tag(const char *value)
{
	return !strncmp(value, BTF_TAG_PREFIX, strlen(BTF_TAG_PREFIX));
}

/* The decl tags of FUNC `func`, in id order (free *ids). */
static int func_tags(const struct ctx *c, uint32_t func, uint32_t **ids,
		     size_t *n)
{
	struct btf_index_iter it;
	size_t cap = 0;

	*ids = NULL;
	*n = 0;
	for (uint32_t id = btf_index_first(c->t->index,
					   btf_key_ref(BTF_KIND_DECL_TAG, func),
					   &it);
	     id; id = btf_index_next(&it)) {
		const struct btf_type *tt = btf__type_by_id(c->btf, id);

		if (!btf_is_decl_tag(tt) || tt->type != func)
			continue;
		uint32_t *grown = array_grow(*ids, &cap, sizeof(*grown),
					     *n + 1);

		if (!grown) {
			free(*ids);
			*ids = NULL;
			return -ENOMEM;
		}
		*ids = grown;
		(*ids)[(*n)++] = id;
	}
	return 0;
}

/* Which of w's tags `tag` is (not yet matched), or -1. */
static int match_tag(const struct ctx *c, const struct want *w,
		     const bool *matched, uint32_t tag)
{
	const struct btf_type *tt = btf__type_by_id(c->btf, tag);
	const char *value = str(c->btf, tt->name_off);
	int component = btf_decl_tag(tt)->component_idx;

	for (unsigned k = 0; k < w->n_tags; k++)
		if (!matched[k] && w->tags[k].component == component &&
		    !strcmp(w->tags[k].value, value))
			return (int)k;
	return -1;
}

/* Whether FUNC func's truesig tags are exactly w's (in any order). */
static int tags_exact(const struct ctx *c, const struct want *w,
		      uint32_t func, bool *exact)
{
	bool *matched = calloc(w->n_tags + 1, sizeof(*matched));
	uint32_t *ids;
	size_t n, found = 0;

	*exact = false;
	if (!matched || func_tags(c, func, &ids, &n)) {
		free(matched);
		return -ENOMEM;
	}
	*exact = true;
	for (size_t i = 0; i < n && *exact; i++) {
		const struct btf_type *tt = btf__type_by_id(c->btf, ids[i]);
		int k;

		if (!is_truesig_tag(str(c->btf, tt->name_off)))
			continue;
		k = match_tag(c, w, matched, ids[i]);
		if (k < 0)
			*exact = false;
		else
			matched[k] = true, found++;
	}
	if (found != w->n_tags)
		*exact = false;
	free(ids);
	free(matched);
	return 0;
}

/* ---- changing the BTF ------------------------------------------------------ */

static int claim(struct ctx *c, uint32_t func, size_t want)
{
	uint32_t *grown = array_grow(c->owner, &c->n_owner, sizeof(*grown),
				     (size_t)func + 1);

	if (!grown)
		return errmsg(c->err, c->err_size, -ENOMEM, NULL,
			      "out of memory");
	c->owner = grown;
	c->owner[func] = (uint32_t)want + 1;
	c->wants[want].func = func;
	return 0;
}

static bool claimed(const struct ctx *c, uint32_t func)
{
	return func < c->n_owner && c->owner[func];
}

static int drop(struct ctx *c, uint32_t id)
{
	uint32_t *grown;

	if (id < c->o->start_id)
		return 0;	/* in the base: not ours to change */
	grown = array_grow(c->remove, &c->cap_remove, sizeof(*grown),
			   c->n_remove + 1);
	if (!grown)
		return errmsg(c->err, c->err_size, -ENOMEM, NULL,
			      "out of memory");
	c->remove = grown;
	c->remove[c->n_remove++] = id;
	return 0;
}

/*
 * Give FUNC func exactly w's truesig tags: keep those it has, add the
 * missing ones, drop stale ones.  A corrected FUNC also loses the other
 * tags of its parameters, which described the old ones.
 */
static int reconcile_tags(struct ctx *c, const struct want *w, uint32_t func,
			  bool corrected)
{
	bool *matched = calloc(w->n_tags + 1, sizeof(*matched));
	uint32_t *ids = NULL;
	size_t n = 0;
	int ret = 0;

	if (!matched || func_tags(c, func, &ids, &n)) {
		free(matched);
		return errmsg(c->err, c->err_size, -ENOMEM, NULL,
			      "out of memory");
	}
	for (size_t i = 0; i < n && !ret; i++) {
		const struct btf_type *tt = btf__type_by_id(c->btf, ids[i]);
		int k;

		if (is_truesig_tag(str(c->btf, tt->name_off))) {
			k = match_tag(c, w, matched, ids[i]);
			if (k >= 0)
				matched[k] = true;
			else
				ret = drop(c, ids[i]);
		} else if (corrected && btf_decl_tag(tt)->component_idx >= 0) {
			ret = drop(c, ids[i]);
		}
	}
	for (unsigned k = 0; k < w->n_tags && !ret; k++) {
		int id;

		if (matched[k])
			continue;
		id = btf_types_added(c->t, btf__add_decl_tag(c->btf,
				w->tags[k].value, (int)func, w->tags[k].component));
		if (id < 0)
			ret = errmsg(c->err, c->err_size, id, NULL, "%s",
				     c->t->err);
		else
			c->st->tags_added++;
	}
	free(ids);
	free(matched);
	return ret;
}

struct text {
	char		 buf[1024];
	size_t		 len;
};

static void text_printf(void *ctx, const char *fmt, va_list ap)
{
	struct text *t = ctx;
	int n;

	if (t->len + 1 >= sizeof(t->buf))
		return;
	n = vsnprintf(t->buf + t->len, sizeof(t->buf) - t->len, fmt, ap);
	if (n > 0)
		t->len += (size_t)n < sizeof(t->buf) - t->len ? (size_t)n :
			  sizeof(t->buf) - t->len - 1;
}

/*
 * Whether libbpf would spend long printing type `id` in a declaration: it
 * writes the body of an anonymous struct or union in place, and pads it
 * to its size with a line per 8 bytes not covered by members, so one of
 * a huge size (ours have no members) takes millions of calls.
 */
#define PRINT_MAX_ANON_SIZE	65536

static bool too_long_to_print(const struct btf *btf, uint32_t id, int depth)
{
	const struct btf_type *t;

	if (!id)
		return false;
	t = btf__type_by_id(btf, id);
	if (!t || depth > 32)
		return true;
	switch (btf_kind(t)) {
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		if (t->name_off)
			return false;	/* printed by its name */
		if (t->size > PRINT_MAX_ANON_SIZE)
			return true;
		for (unsigned i = 0; i < btf_vlen(t); i++)
			if (too_long_to_print(btf, btf_members(t)[i].type,
					      depth + 1))
				return true;
		return false;
	case BTF_KIND_PTR:
	case BTF_KIND_CONST:
	case BTF_KIND_VOLATILE:
	case BTF_KIND_RESTRICT:
	case BTF_KIND_TYPE_TAG:
		return too_long_to_print(btf, t->type, depth + 1);
	case BTF_KIND_ARRAY:
		return too_long_to_print(btf, btf_array(t)->type, depth + 1);
	case BTF_KIND_FUNC_PROTO:
		if (too_long_to_print(btf, t->type, depth + 1))
			return true;
		for (unsigned i = 0; i < btf_vlen(t); i++)
			if (too_long_to_print(btf, btf_params(t)[i].type,
					      depth + 1))
				return true;
		return false;
	default:
		return false;
	}
}

/* FUNC_PROTO `proto` as a C declaration of `name`. */
static void describe(const struct ctx *c, uint32_t proto, const char *name,
		     struct text *t)
{
	LIBBPF_OPTS(btf_dump_emit_type_decl_opts, opts, .field_name = name);
	struct btf_dump *d;

	t->len = 0;
	t->buf[0] = '\0';
	if (too_long_to_print(c->btf, proto, 0)) {
		snprintf(t->buf, sizeof(t->buf), "type %u", proto);
		return;
	}
	d = btf_dump__new(c->btf, text_printf, t, NULL);
	if (!d || btf_dump__emit_type_decl(d, proto, &opts))
		snprintf(t->buf, sizeof(t->buf), "type %u", proto);
	btf_dump__free(d);
}

static int correct(struct ctx *c, size_t wi, uint32_t func)
{
	struct want *w = &c->wants[wi];
	const struct btf_type *ft = btf__type_by_id(c->btf, func);
	uint32_t old_proto = ft->type;
	bool extern_linkage = btf_vlen(ft) == BTF_FUNC_EXTERN;
	struct btf_type *mut;
	struct text was, now;
	int proto, ret;

	proto = btf_types_proto(c->t, w->ret, w->types, w->names, w->n);
	if (proto < 0)
		return errmsg(c->err, c->err_size, proto, NULL, "%s",
			      c->t->err);
	ret = claim(c, func, wi);
	if (ret)
		return ret;
	describe(c, old_proto, w->r->symbol, &was);
	/* The BTF is modifiable (btf_cmd made it so): change it in place. */
	mut = (struct btf_type *)btf__type_by_id(c->btf, func);
	mut->type = (uint32_t)proto;
	if (extern_linkage)
		mut->info = (BTF_KIND_FUNC << 24) | (uint32_t)w->linkage;
	describe(c, (uint32_t)proto, w->r->symbol, &now);
	note(c, "FUNC %s (type %u) corrected: was '%s'%s, now '%s'",
	     w->r->symbol, func, was.buf, extern_linkage ? " (extern)" : "",
	     now.buf);
	w->state = W_CORRECTED;
	c->st->corrected++;
	return reconcile_tags(c, w, func, true);
}

static int add(struct ctx *c, size_t wi)
{
	struct want *w = &c->wants[wi];
	int proto, id, ret;

	proto = btf_types_proto(c->t, w->ret, w->types, w->names, w->n);
	if (proto < 0)
		return errmsg(c->err, c->err_size, proto, NULL, "%s",
			      c->t->err);
	id = btf_types_added(c->t, btf__add_func(c->btf, w->r->symbol,
						 w->linkage, proto));
	if (id < 0)
		return errmsg(c->err, c->err_size, id, NULL, "%s", c->t->err);
	ret = claim(c, (uint32_t)id, wi);
	if (ret)
		return ret;
	w->state = W_ADDED;
	c->st->added++;
	return reconcile_tags(c, w, (uint32_t)id, false);
}

/* ---- the three rounds ------------------------------------------------------- */

enum round { EXACT, PROTO_RIGHT, ANY };

/* Find FUNC for want wi in this round; act on it.  1 if none was found. */
static int match(struct ctx *c, size_t wi, enum round round)
{
	struct want *w = &c->wants[wi];
	struct btf_index_iter it;
	uint32_t wrong = 0;
	int ret;

	for (uint32_t id = btf_index_first(c->t->index,
					   btf_key_name(BTF_KIND_FUNC,
							w->r->symbol), &it);
	     id; id = btf_index_next(&it)) {
		const struct btf_type *ft = btf__type_by_id(c->btf, id);
		bool right, exact = false;

		/* A base's FUNC is one of the base's functions (vmlinux's,
		   for a module): the file's function needs its own, which
		   is how the kernel finds it in the file. */
		if (id < c->o->start_id)
			continue;
		if (!btf_is_func(ft) || strcmp(str(c->btf, ft->name_off),
					       w->r->symbol))
			continue;
		right = proto_right(c, w, id);
		if (right && (round != PROTO_RIGHT || claimed(c, id)) &&
		    tags_exact(c, w, id, &exact))
			return errmsg(c->err, c->err_size, -ENOMEM, NULL,
				      "out of memory");
		if (claimed(c, id)) {
			/* an identical record's FUNC serves this one too */
			if (right && exact) {
				w->func = id;
				w->state = W_SHARED;
				c->st->shared++;
				return 0;
			}
			continue;
		}
		if (round == EXACT && right && exact) {
			w->state = W_RIGHT;
			c->st->right++;
			return claim(c, id, wi);
		}
		if (round == PROTO_RIGHT && right) {
			w->state = W_RIGHT;
			c->st->right++;
			ret = claim(c, id, wi);
			return ret ? ret : reconcile_tags(c, w, id, false);
		}
		if (round == ANY && !wrong)
			wrong = id;
	}
	if (round != ANY)
		return 1;
	return wrong ? correct(c, wi, wrong) : add(c, wi);
}

static int compare_ids(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

int btf_funcs_apply(struct btf_types *t, const struct loaded_file *f,
		    const struct btf_funcs_opts *opts,
		    struct btf_func_stats *stats, uint32_t **remove,
		    size_t *n_remove, char *err, size_t err_size)
{
	static const enum round rounds[] = { EXACT, PROTO_RIGHT, ANY };
	struct ctx c = {
		.elf = f->elf, .t = t, .btf = t->btf, .o = opts, .st = stats,
		.err = err, .err_size = err_size,
	};
	int ret;

	memset(stats, 0, sizeof(*stats));
	*remove = NULL;
	*n_remove = 0;
	ret = collect(&c, f);
	for (size_t r = 0; !ret && r < sizeof(rounds) / sizeof(rounds[0]); r++)
		for (size_t i = 0; !ret && i < c.n_wants; i++) {
			if (c.wants[i].state != W_PENDING)
				continue;
			ret = match(&c, i, rounds[r]);
			if (ret > 0)
				ret = 0;
		}
	for (size_t i = 0; i < c.n_wants; i++)
		free_want(&c.wants[i]);
	free(c.wants);
	free(c.owner);
	if (ret) {
		free(c.remove);
		return ret;
	}
	if (c.n_remove)
		qsort(c.remove, c.n_remove, sizeof(*c.remove), compare_ids);
	*remove = c.remove;
	*n_remove = c.n_remove;
	return 0;
}
