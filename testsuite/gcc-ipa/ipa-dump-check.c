/* SPDX-License-Identifier: MIT */
/*
 * ipa-dump-check OBJECT CP_DUMP SRA_DUMP
 *
 * Compare the .truesig records of OBJECT with what GCC itself says it did,
 * in the dumps of the same compilation (-fdump-ipa-cp-details,
 * -fdump-ipa-sra-details).  For every clone the dumps describe:
 *
 *   IPA-CP ("Creating a specialized node of X", "the new node is Y"):
 *     "replacing param #I NAME with const V"  -> source param I has the
 *         constant V (fate constant, or passed and known);
 *     "Aggregate replacements: I[O]=V(by_ref)" -> a known piece of source
 *         param I at byte O (bits on GCC 11 and 12) with value V, a pointer
 *         piece when by_ref.
 *   IPA-SRA ("Evaluating analysis results for X" .. "Created new node Y"):
 *     "Will remove parameter I"     -> source param I removed or constant,
 *         and no real parameter comes from it;
 *     "omitting component at byte offset O" (of the parameter "Will split"
 *         names) -> a known piece of that parameter at O;
 *     the adjusted parameters       -> the record's real parameters, in
 *         order: COPY of base I, or SPLIT of base I at offset O;
 *     "Will SKIP return."           -> the return is dropped (and only
 *         then, for an IPA-SRA clone).
 *
 * A clone inherits the facts of the clone it was made from.  The dumps name
 * nodes without their numbers ("foo.constprop/5"); the emitted symbol is
 * the name of the node cloned, the pass's suffix and a number counted per
 * name cloned, in the order the pass made them, as GCC numbers them
 * (clone_num_suffixes in ipa-cp.cc and ipa-sra.cc).
 *
 * Prints a line per clone that disagrees, and
 *   "ipa-dump-check OBJECT: N clones compared, M disagree, E not emitted"
 * Exits 0 when all agree, 1 when one does not, 2 on bad input.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "load.h"
#include "truesig_format.h"

#define MAX_FACTS	64

struct const_fact {			/* a replaced param, or a piece */
	unsigned index;
	unsigned offset;		/* bytes; pieces only */
	int	 by_ref;		/* -1 unknown (GCC < 13), 0, 1 */
	char	 value[96];
};

struct adjusted_param {
	bool	 split;
	unsigned base;
	unsigned offset;
};

struct node {
	int	 id;			/* the dump's "/N" */
	char	 symbol[256];		/* the emitted name */
	int	 parent;		/* index in nodes[] of the node cloned,
					   or -1 when that is the original */
	bool	 sra;			/* made by IPA-SRA, else by IPA-CP */

	struct const_fact constants[MAX_FACTS];	/* IPA-CP */
	unsigned n_constants;
	struct const_fact pieces[MAX_FACTS];	/* IPA-CP aggregates, and
						   IPA-SRA's omitted ones */
	unsigned n_pieces;

	unsigned removed[MAX_FACTS];		/* IPA-SRA */
	unsigned n_removed;
	struct adjusted_param params[MAX_FACTS];
	unsigned n_params;
	bool	 skip_return;
};

struct dumps {
	struct node *nodes;
	size_t	 n_nodes;
	struct counter { char name[256]; char pass[12]; unsigned next; }
		*counters;
	size_t	 n_counters;
	bool	 offsets_in_bits;	/* GCC 11 and 12 aggregate offsets */
};

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n);
	if (!p) {
		fprintf(stderr, "ipa-dump-check: out of memory\n");
		exit(2);
	}
	return p;
}

/* "name/12" -> name, 12; "name/12." too. */
static bool split_dump_name(const char *s, char *name, size_t len, int *id)
{
	const char *slash = strrchr(s, '/');

	if (!slash || (size_t)(slash - s) >= len)
		return false;
	memcpy(name, s, slash - s);
	name[slash - s] = '\0';
	*id = atoi(slash + 1);
	return true;
}

static struct node *find_node(struct dumps *d, int id)
{
	for (size_t i = 0; i < d->n_nodes; i++)
		if (d->nodes[i].id == id)
			return &d->nodes[i];
	return NULL;
}

/* The word after `key` in `line`, up to a space (a final '.' dropped). */
static bool word_after(const char *line, const char *key, char *out,
		       size_t len)
{
	const char *p = strstr(line, key);
	size_t n;

	if (!p)
		return false;
	p += strlen(key);
	n = strcspn(p, " \n");
	if (n && p[n - 1] == '.')
		n--;
	if (!n || n >= len)
		return false;
	memcpy(out, p, n);
	out[n] = '\0';
	return true;
}

/*
 * A new node cloned from dump name `from` ("foo/3", "foo.constprop/7") by
 * `pass` ("constprop", "isra"): its symbol is the cloned node's symbol,
 * ".pass." and the next number for that symbol and pass.
 */
static struct node *new_node(struct dumps *d, const char *from,
			     const char *pass)
{
	char name[256];
	struct node *parent, *n;
	struct counter *c = NULL;
	int id;
	size_t parent_index;

	if (!split_dump_name(from, name, sizeof(name), &id))
		return NULL;
	parent = find_node(d, id);
	parent_index = parent ? (size_t)(parent - d->nodes) : 0;
	if (parent)
		snprintf(name, sizeof(name), "%s", parent->symbol);
	for (size_t i = 0; i < d->n_counters && !c; i++)
		if (!strcmp(d->counters[i].name, name) &&
		    !strcmp(d->counters[i].pass, pass))
			c = &d->counters[i];
	if (!c) {
		d->counters = xrealloc(d->counters,
				       (d->n_counters + 1) * sizeof(*c));
		c = &d->counters[d->n_counters++];
		snprintf(c->name, sizeof(c->name), "%s", name);
		snprintf(c->pass, sizeof(c->pass), "%s", pass);
		c->next = 0;
	}
	d->nodes = xrealloc(d->nodes, (d->n_nodes + 1) * sizeof(*n));
	n = &d->nodes[d->n_nodes++];
	memset(n, 0, sizeof(*n));
	n->id = -1;
	n->parent = parent ? (int)parent_index : -1;
	n->sra = !strcmp(pass, "isra");
	if (snprintf(n->symbol, sizeof(n->symbol), "%s.%s.%u", name, pass,
		     c->next++) >= (int)sizeof(n->symbol))
		n->symbol[0] = '\0';	/* too long: matches no record */
	return n;
}

static FILE *open_dump(const char *path)
{
	FILE *f = fopen(path, "r");

	if (!f) {
		fprintf(stderr, "ipa-dump-check: %s: %s\n", path,
			strerror(errno));
		exit(2);
	}
	return f;
}

static void add_fact(struct const_fact *facts, unsigned *n,
		     struct const_fact f)
{
	if (*n < MAX_FACTS)
		facts[(*n)++] = f;
}

/* " 0[0]=7(by_ref), 0[8]=9(by_ref)" */
static void parse_aggregates(struct dumps *d, struct node *n, const char *s)
{
	while (*s) {
		struct const_fact f = { .by_ref = d->offsets_in_bits ? -1 : 0 };
		const char *eq, *end;
		size_t len;

		if (sscanf(s, " %u[%u]=", &f.index, &f.offset) != 2)
			return;
		eq = strchr(s, '=');
		end = strstr(eq, ", ");
		if (!end)
			end = eq + strcspn(eq, "\n");
		len = end - (eq + 1);
		if (len >= sizeof(f.value))
			len = sizeof(f.value) - 1;
		memcpy(f.value, eq + 1, len);
		f.value[len] = '\0';
		for (char *m; (m = strstr(f.value, "(by_ref)")) ||
			      (m = strstr(f.value, "(killed)"));) {
			if (m[1] == 'b')
				f.by_ref = 1;
			memmove(m, m + 8, strlen(m + 8) + 1);
		}
		if (d->offsets_in_bits)
			f.offset /= 8;
		add_fact(n->pieces, &n->n_pieces, f);
		s = *end ? end + 1 : end;
	}
}

static void read_cp_dump(struct dumps *d, const char *path)
{
	FILE *f = open_dump(path);
	char *line = NULL, from[256] = "", name[256];
	size_t cap = 0;
	struct const_fact pending[MAX_FACTS];
	unsigned n_pending = 0;
	struct node *last = NULL;

	while (getline(&line, &cap, f) > 0) {
		const char *p;
		int id;

		if (word_after(line, "Creating a specialized node of ", from,
			       sizeof(from))) {
			n_pending = 0;
			last = NULL;
		} else if ((p = strstr(line, "    replacing param #")) &&
			   from[0]) {
			struct const_fact c = { .by_ref = -1 };
			const char *v = strstr(p, " with const ");
			size_t len;

			if (!v || sscanf(p, "    replacing param #%u",
					 &c.index) != 1)
				continue;
			v += strlen(" with const ");
			len = strcspn(v, "\n");
			if (strstr(v, " - forcing load reference"))
				len = strstr(v, " - forcing load reference") - v;
			if (len >= sizeof(c.value))
				len = sizeof(c.value) - 1;
			memcpy(c.value, v, len);
			c.value[len] = '\0';
			add_fact(pending, &n_pending, c);
		} else if (word_after(line, "the new node is ", name,
				      sizeof(name)) && from[0]) {
			last = new_node(d, from, "constprop");
			if (!last || !split_dump_name(name, name, sizeof(name),
						      &id))
				continue;
			last->id = id;
			memcpy(last->constants, pending,
			       n_pending * sizeof(*pending));
			last->n_constants = n_pending;
			from[0] = '\0';
		} else if ((p = strstr(line, "Aggregate replacements:")) &&
			   last) {
			parse_aggregates(d, last, p + strlen("Aggregate replacements:"));
			last = NULL;
		}
	}
	free(line);
	fclose(f);
}

static void read_sra_dump(struct dumps *d, const char *path)
{
	FILE *f = open_dump(path);
	char *line = NULL, from[256] = "", name[256];
	size_t cap = 0;
	struct node cur;
	unsigned splitting = 0;
	bool in = false;

	while (getline(&line, &cap, f) > 0) {
		const char *p;
		unsigned u;

		if (word_after(line, "Evaluating analysis results for ", from,
			       sizeof(from))) {
			memset(&cur, 0, sizeof(cur));
			in = true;
			continue;
		}
		if (!in)
			continue;
		if (strstr(line, "Will remove return value.") ||
		    strstr(line, "Will SKIP return."))
			cur.skip_return = true;
		else if (sscanf(line, "  Will remove parameter %u", &u) == 1) {
			if (cur.n_removed < MAX_FACTS)
				cur.removed[cur.n_removed++] = u;
		} else if (sscanf(line, "  Will split parameter %u", &u) == 1)
			splitting = u;
		else if ((p = strstr(line, "omitting component at byte offset "))) {
			struct const_fact c = { .index = splitting, .by_ref = -1 };

			c.offset = (unsigned)strtoul(p + strlen("omitting component at byte offset "), NULL, 10);
			add_fact(cur.pieces, &cur.n_pieces, c);
		} else if ((p = strstr(line, ". IPA_PARAM_OP_"))) {
			struct adjusted_param a = { 0 };
			const char *q;

			a.split = !strncmp(p, ". IPA_PARAM_OP_SPLIT", 20);
			if ((q = strstr(p, "base_index: ")))
				a.base = (unsigned)strtoul(q + 12, NULL, 10);
			if ((q = strstr(p, ", offset: ")))
				a.offset = (unsigned)strtoul(q + 10, NULL, 10);
			if (cur.n_params < MAX_FACTS)
				cur.params[cur.n_params++] = a;
		} else if (word_after(line, "Created new node ", name,
				      sizeof(name))) {
			struct node *n = new_node(d, from, "isra");
			int id;

			in = false;
			if (!n || !split_dump_name(name, name, sizeof(name), &id))
				continue;
			cur.id = id;
			cur.parent = n->parent;
			cur.sra = true;
			memcpy(cur.symbol, n->symbol, sizeof(cur.symbol));
			*n = cur;
		}
	}
	free(line);
	fclose(f);
}

/* ---- comparing ------------------------------------------------------ */

struct verdict {
	const char *symbol;
	bool	 failed;
};

static void disagree(struct verdict *v, const char *fmt, ...)
{
	va_list ap;

	printf("ipa-dump-check: %s: ", v->symbol);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	v->failed = true;
}

/* The record's constant as GCC prints it: "7", "-5", "&gi", "1.5e+0". */
static void constant_text(uint8_t kind, uint64_t value, const char *text,
			  char *out, size_t len)
{
	if (kind == TS_CONST_SIGNED)
		snprintf(out, len, "%" PRId64, (int64_t)value);
	else if (kind == TS_CONST_UNSIGNED)
		snprintf(out, len, "%" PRIu64, value);
	else
		snprintf(out, len, "%s", text);
}

/* GCC prints a pointer-typed integer as "0B", an unsigned one sometimes
   with "u": the same number. */
static bool same_value(const char *dump, const char *record)
{
	size_t n = strlen(dump);

	if (!strcmp(dump, record))
		return true;
	if (n > 1 && (dump[n - 1] == 'B' || dump[n - 1] == 'u') &&
	    isdigit((unsigned char)dump[n - 2]))
		return strlen(record) == n - 1 && !strncmp(dump, record, n - 1);
	return false;
}

static const struct truesig_known_piece *
known_piece(const struct truesig_record *r, unsigned source, unsigned offset)
{
	for (unsigned i = 0; i < r->n_known_pieces; i++)
		if (r->known_pieces[i].source == source &&
		    r->known_pieces[i].offset == offset)
			return &r->known_pieces[i];
	return NULL;
}

static void check_constants(struct verdict *v, const struct truesig_record *r,
			    const struct node *n)
{
	char text[128];

	for (unsigned i = 0; i < n->n_constants; i++) {
		const struct const_fact *c = &n->constants[i];
		const struct truesig_source_param *sp;

		if (c->index >= r->n_source_params) {
			disagree(v, "IPA-CP replaced param %u; the record has %u source params",
				 c->index, r->n_source_params);
			continue;
		}
		sp = &r->source_params[c->index];
		if (sp->const_kind < TS_CONST_SIGNED ||
		    sp->const_kind > TS_CONST_TEXT) {
			disagree(v, "IPA-CP replaced param %u with %s; the record has no constant for it (fate %s)",
				 c->index, c->value,
				 truesig_fate_name(sp->fate));
			continue;
		}
		constant_text(sp->const_kind, sp->const_value, sp->const_text,
			      text, sizeof(text));
		if (!same_value(c->value, text))
			disagree(v, "IPA-CP replaced param %u with %s; the record says %s",
				 c->index, c->value, text);
		if (sp->fate != TS_FATE_CONSTANT && sp->fate != TS_FATE_PASSED)
			disagree(v, "IPA-CP replaced param %u; the record says %s",
				 c->index, truesig_fate_name(sp->fate));
	}
}

static void check_pieces(struct verdict *v, const struct truesig_record *r,
			 const struct node *n)
{
	char text[128];

	for (unsigned i = 0; i < n->n_pieces; i++) {
		const struct const_fact *c = &n->pieces[i];
		const struct truesig_known_piece *k =
			known_piece(r, c->index, c->offset);

		if (!k) {
			disagree(v, "%s knows param %u at byte %u%s%s; the record lists no such known piece",
				 n->sra ? "IPA-SRA" : "IPA-CP", c->index,
				 c->offset, c->value[0] ? " = " : "", c->value);
			continue;
		}
		if (c->by_ref >= 0 &&
		    (k->how == TS_HOW_POINTER_PIECE) != (c->by_ref == 1))
			disagree(v, "IPA-CP's piece %u[%u] is %sby reference; the record says %s",
				 c->index, c->offset, c->by_ref ? "" : "not ",
				 truesig_how_name(k->how));
		if (!c->value[0])
			continue;
		constant_text(k->const_kind, k->value, k->text, text,
			      sizeof(text));
		if (!same_value(c->value, text))
			disagree(v, "IPA-CP's piece %u[%u] is %s; the record says %s",
				 c->index, c->offset, c->value, text);
	}
}

static void check_sra(struct verdict *v, const struct truesig_record *r,
		      const struct node *n)
{
	bool dropped = r->flags & TS_RF_RETURN_DROPPED;

	if (n->skip_return != dropped)
		disagree(v, "IPA-SRA %s the return value; the record says it is %s",
			 n->skip_return ? "removes" : "keeps",
			 dropped ? "dropped" : "kept");
	for (unsigned i = 0; i < n->n_removed; i++) {
		unsigned j = n->removed[i];

		if (j >= r->n_source_params) {
			disagree(v, "IPA-SRA removes param %u; the record has %u source params",
				 j, r->n_source_params);
			continue;
		}
		if (r->source_params[j].fate != TS_FATE_REMOVED &&
		    r->source_params[j].fate != TS_FATE_CONSTANT)
			disagree(v, "IPA-SRA removes param %u; the record says %s",
				 j, truesig_fate_name(r->source_params[j].fate));
	}
	if (n->n_params != r->n_params) {
		disagree(v, "IPA-SRA makes %u real parameters; the record has %u",
			 n->n_params, r->n_params);
		return;
	}
	for (unsigned i = 0; i < n->n_params; i++) {
		const struct adjusted_param *a = &n->params[i];
		const struct truesig_param *p = &r->params[i];
		bool piece = p->how == TS_HOW_VALUE_PIECE ||
			     p->how == TS_HOW_POINTER_PIECE;

		if (p->source != a->base || piece != a->split ||
		    (a->split && p->offset != a->offset) ||
		    (!a->split && p->how != TS_HOW_COPY))
			disagree(v, "param %u: IPA-SRA says %s of param %u at %u; the record says %s of %u at %u",
				 i, a->split ? "a piece" : "a copy", a->base,
				 a->offset, truesig_how_name(p->how),
				 p->source, p->offset);
	}
}

static const struct truesig_record *
find_record(const struct loaded_file *f, const char *symbol)
{
	struct truesig_walk w = truesig_walk(f->sections, f->n_sections);
	const struct truesig_record *r;

	while ((r = truesig_walk_next_record(&w)))
		if (!strcmp(r->symbol, symbol))
			return r;
	return NULL;
}

static bool has_symbol(const struct loaded_file *f, const char *name)
{
	for (size_t i = 0; i < f->elf->n_symbols; i++)
		if (!strcmp(f->elf->symbols[i].name, name))
			return true;
	return false;
}

/* "GCC 12.2.0, truesig 2" -> 12 */
static unsigned producer_major(const struct loaded_file *f)
{
	for (size_t s = 0; s < f->n_sections; s++)
		if (f->sections[s]->n_units)
			return (unsigned)atoi(f->sections[s]->units[0].producer +
					      strcspn(f->sections[s]->units[0].producer,
						      "0123456789"));
	return 0;
}

int main(int argc, char **argv)
{
	struct loaded_file file;
	struct dumps d = { 0 };
	char err[1024];
	unsigned compared = 0, failed = 0, not_emitted = 0;

	if (argc != 4) {
		fprintf(stderr, "usage: ipa-dump-check OBJECT CP_DUMP SRA_DUMP\n");
		return 2;
	}
	if (load_path(argv[1], &file, err, sizeof(err))) {
		fprintf(stderr, "ipa-dump-check: %s\n", err);
		return 2;
	}
	d.offsets_in_bits = producer_major(&file) < 13;
	read_cp_dump(&d, argv[2]);
	read_sra_dump(&d, argv[3]);

	for (size_t i = 0; i < d.n_nodes; i++) {
		struct node *n = &d.nodes[i];
		struct verdict v = { n->symbol, false };
		const struct truesig_record *r = find_record(&file, n->symbol);
		bool final = true;

		/* The facts of a clone are checked on the clone emitted: the
		   last of its line (a constprop clone IPA-SRA cloned again is
		   not emitted itself). */
		for (size_t j = 0; j < d.n_nodes; j++)
			if (d.nodes[j].parent == (int)i)
				final = final && !find_record(&file, d.nodes[j].symbol) &&
					!has_symbol(&file, d.nodes[j].symbol);
		if (!r) {
			if (has_symbol(&file, n->symbol)) {
				disagree(&v, "emitted, but has no record");
				failed++;
			} else if (final)
				not_emitted++;
			continue;
		}
		compared++;
		if (n->sra)
			check_sra(&v, r, n);
		for (const struct node *a = n; a;
		     a = a->parent >= 0 ? &d.nodes[a->parent] : NULL) {
			check_constants(&v, r, a);
			check_pieces(&v, r, a);
		}
		failed += v.failed;
	}
	printf("ipa-dump-check %s: %u clones compared, %u disagree, %u not emitted\n",
	       argv[1], compared, failed, not_emitted);
	unload_file(&file);
	free(d.nodes);
	free(d.counters);
	return failed ? 1 : 0;
}
