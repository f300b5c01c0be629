// SPDX-License-Identifier: MIT
/*
 * diff_cmd.c — `truesig diff [--json | -q] A B`.
 *
 * The changed functions of two builds of the same sources (two objects,
 * two vmlinux, two GCC versions or flag sets), matched by unit and source
 * function.  Units pair by name, or, for builds made in different
 * directories, by the longest path tail they share (path_match.h).
 * A function's true signature is the set of its entry points'
 * descriptions, each without its symbol (clone numbers are GCC's to
 * choose): kinds, return, every real parameter (type, origin, location)
 * and every source parameter's fate.  A function whose sets differ has
 * changed; one with records on one side only appeared or disappeared.
 * Functions recorded but unchanged (-fplugin-arg-truesig-all) count as
 * not recorded, cold fragments are no entry points.
 *
 * Both files are read before anything is written: bad input leaves
 * standard output empty.
 */
#define _GNU_SOURCE		/* open_memstream */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "cli.h"
#include "diff_cmd.h"
#include "dump.h"
#include "json.h"
#include "load.h"
#include "path_match.h"
#include "records.h"
#include "type_name.h"

#define LOCS_MAX	512

/* What a record says, aspect by aspect, as text. */
struct aspects {
	char	 *kinds;	/* "isra, constprop" */
	char	 *ret;		/* "int in eax", "dropped (int)" */
	unsigned  n_params;
	char	**param;	/* "int v: copy of v; in edi" */
	unsigned  n_sources;
	char	**source;	/* "int f" */
	char	**fate;		/* "constant 3" */
	char	 *shape;	/* all of it, one line each */
};

/* One changed entry point of a side. */
struct entry {
	const struct truesig_record *r;
	const char *unit_key;	/* the unit's name; B's: its A partner's */
	struct aspects a;
	bool	 matched;	/* the other side has the same shape */
};

struct side {
	const char	*path;
	struct loaded_file f;
	struct entry	*e;
	size_t		 n;
};

struct counts {
	size_t	 functions_a, functions_b;
	size_t	 same, changed, appeared, disappeared;
};

/* ---- describing a record ---------------------------------------------- */

/* Text a print function writes, as a string (NULL when out of memory). */
#define CAPTURE(var, ...)						\
	do {								\
		size_t capture_len_;					\
		FILE *capture_f_ = open_memstream(&(var), &capture_len_);\
		if (!capture_f_) {					\
			(var) = NULL;					\
			break;						\
		}							\
		__VA_ARGS__;						\
		fclose(capture_f_);					\
	} while (0)

static void print_kinds(FILE *out, const struct truesig_record *r)
{
	for (unsigned i = 0; i < r->n_kinds; i++)
		fprintf(out, "%s%s", i ? ", " : "",
			truesig_kind_name(r->kinds[i]));
	if (!r->n_kinds)
		fputs("unchanged", out);
}

static void print_return(FILE *out, const struct truesig_record *r)
{
	char type[TYPE_NAME_MAX], locs[LOCS_MAX];

	if (r->flags & TS_RF_RETURN_DROPPED) {
		fprintf(out, "dropped (%s)", type_name(r->unit,
			r->source_return_type, "", type, sizeof(type)));
		return;
	}
	fprintf(out, "%s", type_name(r->unit, r->return_type, "", type,
				     sizeof(type)));
	if (r->return_locs)
		fprintf(out, " in %s", dump_locations(truesig_return_locs(r),
			r->return_locs, r->unit->machine, locs, sizeof(locs)));
	if (r->sret_locs)
		fprintf(out, ", sret pointer in %s",
			dump_locations(truesig_sret_locs(r), r->sret_locs,
				       r->unit->machine, locs, sizeof(locs)));
	if (r->chain_locs)
		fprintf(out, ", static chain in %s",
			dump_locations(truesig_chain_locs(r), r->chain_locs,
				       r->unit->machine, locs, sizeof(locs)));
}

static void print_param(FILE *out, const struct truesig_record *r,
			const struct truesig_param *p)
{
	char type[TYPE_NAME_MAX], locs[LOCS_MAX];

	fprintf(out, "%s: ", type_name(r->unit, p->type, "", type,
				       sizeof(type)));
	dump_origin(out, r, p);
	fprintf(out, "; in %s", dump_locations(truesig_param_locs(r, p),
		p->loc_count, r->unit->machine, locs, sizeof(locs)));
}

static void aspects_free(struct aspects *a)
{
	for (unsigned i = 0; a->param && i < a->n_params; i++)
		free(a->param[i]);
	for (unsigned i = 0; a->source && i < a->n_sources; i++) {
		free(a->source[i]);
		free(a->fate[i]);
	}
	free(a->param);
	free(a->source);
	free(a->fate);
	free(a->kinds);
	free(a->ret);
	free(a->shape);
	memset(a, 0, sizeof(*a));
}

static bool aspects_of(const struct truesig_record *r, struct aspects *a)
{
	memset(a, 0, sizeof(*a));
	a->param = calloc(r->n_params + 1, sizeof(*a->param));
	a->source = calloc(r->n_source_params + 1, sizeof(*a->source));
	a->fate = calloc(r->n_source_params + 1, sizeof(*a->fate));
	if (!a->param || !a->source || !a->fate)
		return false;
	CAPTURE(a->kinds, print_kinds(capture_f_, r));
	CAPTURE(a->ret, print_return(capture_f_, r));
	if (!a->kinds || !a->ret)
		return false;
	for (; a->n_params < r->n_params; a->n_params++) {
		CAPTURE(a->param[a->n_params],
			print_param(capture_f_, r, &r->params[a->n_params]));
		if (!a->param[a->n_params])
			return false;
	}
	for (; a->n_sources < r->n_source_params; a->n_sources++) {
		const struct truesig_source_param *sp =
			&r->source_params[a->n_sources];
		char type[TYPE_NAME_MAX];

		a->source[a->n_sources] = strdup(type_name(r->unit, sp->type,
			sp->name, type, sizeof(type)));
		CAPTURE(a->fate[a->n_sources],
			dump_fate(capture_f_, r, a->n_sources));
		if (!a->source[a->n_sources] || !a->fate[a->n_sources]) {
			a->n_sources++;		/* freed with the rest */
			return false;
		}
	}
	CAPTURE(a->shape, {
		fprintf(capture_f_, "kinds %s\nreturn %s\n%s\n", a->kinds,
			a->ret, r->flags & TS_RF_VARARGS ? "varargs" : "");
		for (unsigned i = 0; i < a->n_params; i++)
			fprintf(capture_f_, "param %s\n", a->param[i]);
		for (unsigned i = 0; i < a->n_sources; i++)
			fprintf(capture_f_, "source %s: %s\n", a->source[i],
				a->fate[i]);
	});
	return a->shape != NULL;
}

/* ---- the two sides ------------------------------------------------------ */

static int entry_order(const void *x, const void *y)
{
	const struct entry *a = x, *b = y;
	int c = strcmp(a->unit_key, b->unit_key);

	if (!c)
		c = strcmp(a->r->function, b->r->function);
	if (!c)
		c = strcmp(a->a.shape, b->a.shape);
	if (!c)
		c = strcmp(a->r->symbol, b->r->symbol);
	return c;
}

static void side_free(struct side *s)
{
	for (size_t i = 0; i < s->n; i++)
		aspects_free(&s->e[i].a);
	free(s->e);
	unload_file(&s->f);
}

/* Read PATH and describe its changed entry points; false with a message. */
static bool side_load(const char *path, struct side *s)
{
	struct truesig_walk w;
	const struct truesig_record *r;
	size_t cap;

	memset(s, 0, sizeof(*s));
	s->path = path;
	if (!load_file(path, &s->f))
		return false;
	cap = loaded_record_count(&s->f);
	s->e = calloc(cap + 1, sizeof(*s->e));
	if (!s->e)
		goto oom;
	w = truesig_walk(s->f.sections, s->f.n_sections);
	while ((r = truesig_walk_next_record(&w))) {
		if ((r->flags & TS_RF_COLD_FRAGMENT) ||
		    !(r->flags & TS_RF_CHANGED))
			continue;
		s->e[s->n].r = r;
		s->e[s->n].unit_key = r->unit->name;
		if (!aspects_of(r, &s->e[s->n++].a))
			goto oom;
	}
	qsort(s->e, s->n, sizeof(*s->e), entry_order);
	return true;
oom:
	fprintf(stderr, "truesig: %s: out of memory\n", path);
	side_free(s);
	return false;
}

/* The distinct unit names of S's entries, in their (name) order. */
static const char **unit_names(const struct side *s, size_t *n)
{
	const char **names = calloc(s->n + 1, sizeof(*names));

	*n = 0;
	for (size_t i = 0; names && i < s->n; i++)
		if (!*n || strcmp(names[*n - 1], s->e[i].unit_key))
			names[(*n)++] = s->e[i].unit_key;
	return names;
}

/*
 * Give B's entries the names of their units' partners in A, so that the
 * two builds' units sort and group alike; false when out of memory.
 */
static bool pair_units(struct side *A, struct side *B)
{
	size_t na, nb;
	const char **a = unit_names(A, &na), **b = unit_names(B, &nb);
	size_t *pair = calloc(na + 1, sizeof(*pair));
	const char **partner = calloc(nb + 1, sizeof(*partner));
	bool ok = a && b && pair && partner && path_match(a, na, b, nb, pair);

	if (ok) {
		for (size_t i = 0; i < na; i++)
			if (pair[i] != PATH_UNPAIRED)
				partner[pair[i]] = a[i];
		for (size_t i = 0, j = 0; i < B->n; i++) {
			if (strcmp(B->e[i].unit_key, b[j]))
				j++;
			if (partner[j])
				B->e[i].unit_key = partner[j];
		}
		qsort(B->e, B->n, sizeof(*B->e), entry_order);
	}
	free(a);
	free(b);
	free(pair);
	free(partner);
	return ok;
}

/* ---- one function --------------------------------------------------------- */

struct changes {
	char	**line;
	size_t	  n, cap;
	bool	  failed;
};

static void add_change(struct changes *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void add_change(struct changes *c, const char *fmt, ...)
{
	char **more = array_grow(c->line, &c->cap, sizeof(*more), c->n + 1);
	va_list ap;

	if (!more) {
		c->failed = true;
		return;
	}
	c->line = more;
	va_start(ap, fmt);
	if (vasprintf(&c->line[c->n], fmt, ap) < 0)
		c->failed = true;
	else
		c->n++;
	va_end(ap);
}

static void changes_free(struct changes *c)
{
	for (size_t i = 0; i < c->n; i++)
		free(c->line[i]);
	free(c->line);
}

/* What differs between one entry point of A and one of B. */
static void compare_pair(const struct entry *x, const struct entry *y,
			 struct changes *c)
{
	const struct aspects *a = &x->a, *b = &y->a;

	if (strcmp(a->kinds, b->kinds))
		add_change(c, "kinds: %s -> %s", a->kinds, b->kinds);
	if (strcmp(a->ret, b->ret))
		add_change(c, "return: %s -> %s", a->ret, b->ret);
	if (a->n_sources != b->n_sources)
		add_change(c, "source parameters: %u -> %u", a->n_sources,
			   b->n_sources);
	for (unsigned i = 0; i < a->n_sources && i < b->n_sources; i++)
		if (strcmp(a->source[i], b->source[i]))
			add_change(c, "source %u: %s: %s -> %s: %s", i,
				   a->source[i], a->fate[i], b->source[i],
				   b->fate[i]);
		else if (strcmp(a->fate[i], b->fate[i]))
			add_change(c, "source %u (%s): %s -> %s", i,
				   a->source[i], a->fate[i], b->fate[i]);
	if (a->n_params != b->n_params)
		add_change(c, "real parameters: %u -> %u", a->n_params,
			   b->n_params);
	for (unsigned i = 0; i < a->n_params && i < b->n_params; i++)
		if (strcmp(a->param[i], b->param[i]))
			add_change(c, "param %u: %s -> %s", i, a->param[i],
				   b->param[i]);
	for (unsigned i = b->n_params; i < a->n_params; i++)
		add_change(c, "param %u: %s -> none", i, a->param[i]);
	for (unsigned i = a->n_params; i < b->n_params; i++)
		add_change(c, "param %u: none -> %s", i, b->param[i]);
	if ((x->r->flags ^ y->r->flags) & TS_RF_VARARGS)
		add_change(c, "varargs: %s -> %s",
			   x->r->flags & TS_RF_VARARGS ? "yes" : "no",
			   y->r->flags & TS_RF_VARARGS ? "yes" : "no");
}

/* Mark the entry points with the same shape on both sides (as a multiset:
   both lists are sorted by shape). */
static void match(struct entry *a, size_t na, struct entry *b, size_t nb)
{
	size_t i = 0, j = 0;

	while (i < na && j < nb) {
		int c = strcmp(a[i].a.shape, b[j].a.shape);

		if (!c) {
			a[i++].matched = b[j++].matched = true;
		} else if (c < 0) {
			i++;
		} else {
			j++;
		}
	}
}

static bool all_matched(const struct entry *e, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!e[i].matched)
			return false;
	return true;
}

/* The one entry point without a match, or NULL (none, or several). */
static const struct entry *only_unmatched(const struct entry *e, size_t n)
{
	const struct entry *found = NULL;

	for (size_t i = 0; i < n; i++)
		if (!e[i].matched) {
			if (found)
				return NULL;
			found = &e[i];
		}
	return found;
}

static const char *status_of(size_t na, size_t nb)
{
	return !na ? "appeared" : !nb ? "disappeared" : "changed";
}

static void signature(FILE *out, const struct truesig_record *r)
{
	char *sig;

	CAPTURE(sig, dump_signature(capture_f_, r, false));
	if (sig) {
		sig[strcspn(sig, "\n")] = '\0';
		fputs(sig, out);
		free(sig);
	}
}

static void text_function(FILE *out, const struct entry *a, size_t na,
			  const struct entry *b, size_t nb,
			  const struct changes *c)
{
	const struct truesig_record *r = na ? a->r : b->r;

	fprintf(out, "%s: %s in %s\n", status_of(na, nb), r->function,
		r->unit->name);
	for (int side = 0; side < 2; side++) {
		const struct entry *e = side ? b : a;

		for (size_t i = 0; i < (side ? nb : na); i++) {
			fprintf(out, "  %c %s (%s): ", side ? 'B' : 'A',
				e[i].r->symbol, e[i].a.kinds);
			signature(out, e[i].r);
			fputc('\n', out);
		}
	}
	for (size_t i = 0; i < c->n; i++)
		fprintf(out, "    %s\n", c->line[i]);
}

static void json_side(struct json_writer *w, const struct entry *e, size_t n)
{
	json_begin_array(w);
	for (size_t i = 0; i < n; i++) {
		char *sig;

		json_begin_object(w);
		json_key(w, "symbol");
		json_string(w, e[i].r->symbol);
		json_key(w, "kinds");
		json_begin_array(w);
		for (unsigned k = 0; k < e[i].r->n_kinds; k++)
			json_string(w, truesig_kind_name(e[i].r->kinds[k]));
		json_end_array(w);
		CAPTURE(sig, signature(capture_f_, e[i].r));
		json_key(w, "true");
		json_string_or_null(w, sig);
		free(sig);
		json_end_object(w);
	}
	json_end_array(w);
}

static void json_function(struct json_writer *w, const struct entry *a,
			  size_t na, const struct entry *b, size_t nb,
			  const struct changes *c)
{
	const struct truesig_record *r = na ? a->r : b->r;

	json_begin_object(w);
	json_key(w, "unit");
	json_string(w, r->unit->name);
	json_key(w, "function");
	json_string(w, r->function);
	json_key(w, "status");
	json_string(w, status_of(na, nb));
	json_key(w, "a");
	json_side(w, a, na);
	json_key(w, "b");
	json_side(w, b, nb);
	json_key(w, "changes");
	json_strings(w, c->line, c->n);
	json_end_object(w);
}

/* ---- the walk ------------------------------------------------------------- */

/* Entries of the function at e[i] (same unit and function). */
static size_t group_end(const struct entry *e, size_t n, size_t i)
{
	size_t j = i + 1;

	while (j < n && !strcmp(e[j].unit_key, e[i].unit_key) &&
	       !strcmp(e[j].r->function, e[i].r->function))
		j++;
	return j;
}

static int key_order(const struct entry *a, const struct entry *b)
{
	int c = strcmp(a->unit_key, b->unit_key);

	return c ? c : strcmp(a->r->function, b->r->function);
}

/*
 * Pair A's functions with B's, count them in *n, and write each that
 * changed, appeared or disappeared to W (JSON) or else OUT (text); with
 * neither, count only.  False when out of memory.
 */
static bool walk(struct side *A, struct side *B, struct json_writer *w,
		 FILE *out, struct counts *n)
{
	size_t i = 0, j = 0;

	while (i < A->n || j < B->n) {
		int c = i >= A->n ? 1 : j >= B->n ? -1 :
			key_order(&A->e[i], &B->e[j]);
		size_t ie = c <= 0 ? group_end(A->e, A->n, i) : i;
		size_t je = c >= 0 ? group_end(B->e, B->n, j) : j;
		struct entry *a = &A->e[i], *b = &B->e[j];
		size_t na = ie - i, nb = je - j;
		struct changes ch = { 0 };
		const struct entry *x, *y;

		n->functions_a += na > 0;
		n->functions_b += nb > 0;
		match(a, na, b, nb);
		if (na && na == nb && all_matched(a, na)) {
			n->same++;
			i = ie;
			j = je;
			continue;
		}
		x = only_unmatched(a, na);
		y = only_unmatched(b, nb);
		if (x && y)
			compare_pair(x, y, &ch);
		else if (na && nb)
			add_change(&ch, "entry points: %zu -> %zu", na, nb);
		if (ch.failed) {
			changes_free(&ch);
			return false;
		}
		n->changed += na && nb;
		n->appeared += !na;
		n->disappeared += !nb;
		if (w)
			json_function(w, a, na, b, nb, &ch);
		else if (out)
			text_function(out, a, na, b, nb, &ch);
		changes_free(&ch);
		i = ie;
		j = je;
	}
	return true;
}

/* ---- the command ---------------------------------------------------------- */

static const char help_text[] =
"\n"
"The functions whose true signature differs between two builds of the same\n"
"sources, A and B (objects, vmlinux, modules), with what changed: entry\n"
"points, kinds, return, each real parameter and each source parameter's\n"
"fate.  Units pair by name, or by the longest path tail they share; clone\n"
"numbers are not compared.\n"
"\n"
"  --json          one JSON document\n"
"  -q, --quiet     print nothing; the exit status says whether they differ\n"
"\n"
"Exit status: 0 the same, 1 different, 2 usage error or unreadable input.\n";

const struct cli_command diff_command = {
	.name = "diff",
	.synopsis = "[--json | -q] A B",
	.summary = "the functions whose true signature differs between two "
		   "builds (exit 1 when any does)",
	.help = help_text,
	.run = cmd_diff,
	.trouble = CLI_EXIT_TROUBLE,
};

int cmd_diff(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "quiet", no_argument, NULL, 'q' },
		{ NULL, 0, NULL, 0 },
	};
	const char *paths[2];
	bool json = false, quiet = false;
	struct side A, B;
	struct counts n = { 0 };
	struct json_writer w;
	bool ok, written = true;
	int c, status;

	cli_getopt_reset();
	while ((c = cli_getopt(&diff_command, argc, argv, "q", longopts,
			       &status)) != -1) {
		switch (c) {
		case 'j': json = true; break;
		case 'q': quiet = true; break;
		}
	}
	if (status != CLI_GO_ON)
		return status;
	if (json && quiet)
		return cli_usage_error("diff", "--json and -q exclude each "
				       "other");
	if (argc - optind < 2)
		return cli_usage_error("diff", "two files are needed");
	if (argc - optind > 2)
		return cli_usage_error("diff", "more than two files ('%s')",
				       argv[optind + 2]);
	paths[0] = argv[optind];
	paths[1] = argv[optind + 1];

	if (!side_load(paths[0], &A))
		return CLI_EXIT_TROUBLE;
	if (!side_load(paths[1], &B)) {
		side_free(&A);
		return CLI_EXIT_TROUBLE;
	}
	if (!pair_units(&A, &B)) {
		fprintf(stderr, "truesig: diff: out of memory\n");
		side_free(&A);
		side_free(&B);
		return CLI_EXIT_TROUBLE;
	}
	if (json) {
		json_init(&w, stdout);
		json_begin_object(&w);
		json_key(&w, "a");
		json_string(&w, paths[0]);
		json_key(&w, "b");
		json_string(&w, paths[1]);
		json_key(&w, "functions");
		json_begin_array(&w);
	}
	ok = walk(&A, &B, json ? &w : NULL, quiet ? NULL : stdout, &n);
	if (json) {
		const struct { const char *key; size_t value; } summary[] = {
			{ "functions_a", n.functions_a },
			{ "functions_b", n.functions_b },
			{ "same", n.same }, { "changed", n.changed },
			{ "appeared", n.appeared },
			{ "disappeared", n.disappeared },
		};

		json_end_array(&w);
		json_key(&w, "summary");
		json_begin_object(&w);
		for (size_t k = 0; k < sizeof(summary) / sizeof(summary[0]); k++) {
			json_key(&w, summary[k].key);
			json_uint(&w, summary[k].value);
		}
		json_end_object(&w);
		json_end_object(&w);
		written = json_finish(&w);
	} else if (!quiet) {
		printf("truesig diff: %zu functions changed in A, %zu in B: "
		       "%zu the same, %zu changed, %zu appeared, %zu disappeared\n",
		       n.functions_a, n.functions_b, n.same, n.changed,
		       n.appeared, n.disappeared);
	}
	side_free(&A);
	side_free(&B);
	if (!ok) {
		fprintf(stderr, "truesig: diff: out of memory\n");
		return CLI_EXIT_TROUBLE;
	}
	if (!written || !cli_flush_output())
		return CLI_EXIT_TROUBLE;
	return n.changed + n.appeared + n.disappeared ? CLI_EXIT_DIFFER : 0;
}
