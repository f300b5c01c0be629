// SPDX-License-Identifier: MIT
/*
 * compare_cmd.c — `truesig compare [--json] [-q] [--btf BTF_OR_ELF
 * [--base BTF_OR_ELF]] FILE`.
 *
 * For every recorded entry point of FILE (cold fragments are not), what
 * FILE's DWARF says at its entry address (dwarf_entry.c) judged against
 * the record (compare_dwarf.c), and with --btf, whether that BTF has the
 * true prototype (compare_btf.c).  Prints each function with its class and
 * reasons (-q: the summary only), then a summary per class and clone kind;
 * --json prints the same as one JSON document (docs/COMPARE.md).
 *
 * Exit status: 0 when the comparison was made, whatever it found; 1 when a
 * file cannot be read; 2 for a usage error.
 */
#include <elf.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "compare_btf.h"
#include "compare_cmd.h"
#include "compare_dwarf.h"
#include "dwarf_entry.h"
#include "json.h"
#include "load.h"
#include "records.h"


#define KIND_TEXT_MAX	64
#define MAX_KIND_ROWS	64

struct compare_options {
	const char	*path;
	const char	*btf;
	const char	*base;
	bool		 json;
	bool		 quiet;
};

/* One recorded entry point and what was found. */
struct compared {
	const struct truesig_record *r;
	char		 kinds[KIND_TEXT_MAX];
	enum compare_class dwarf_class;
	struct compare_reasons dwarf_reasons;
	int		 btf;		/* enum btf_verdict, or -1 */
	struct compare_reasons btf_reasons;
};

/* Counts for one kind string ("isra", "constprop.isra") or all. */
struct kind_row {
	char		 kinds[KIND_TEXT_MAX];
	unsigned	 total;
	unsigned	 dwarf[COMPARE_N_CLASSES];
	unsigned	 btf[BTF_N_VERDICTS];
};

struct summary {
	struct kind_row	 all;
	struct kind_row	 rows[MAX_KIND_ROWS];
	unsigned	 n_rows;
	struct kind_row	 other;		/* when rows ran out */
	unsigned	 cold_fragments;
};

static const char help_text[] =
"\n"
"Judge what FILE's own DWARF says of each recorded function at its entry\n"
"address against the record: the declared parameters, their locations, the\n"
"return (docs/COMPARE.md).  FILE needs both a .debug_truesig section and\n"
"DWARF.\n"
"\n"
"  --json          one JSON document\n"
"  -q, --quiet     the tables only, not a block per function\n"
"  --btf FILE2     also judge FILE2's BTF (raw BTF or an ELF file's .BTF):\n"
"                  a FUNC for each function, with the true prototype?\n"
"  --base FILE3    the base of FILE2's split BTF (a module's vmlinux)\n"
"\n"
"Exit status: 0 when the comparison was made, whatever it found; 1 when a\n"
"file cannot be read; 2 for a usage error.\n";

const struct cli_command compare_command = {
	.name = "compare",
	.synopsis = "[--json] [-q] [--btf BTF_OR_ELF [--base BTF_OR_ELF]] FILE",
	.summary = "judge FILE's DWARF (and a BTF) against its records",
	.help = help_text,
	.run = cmd_compare,
	.trouble = CLI_EXIT_FAIL,
};

/* CLI_GO_ON, or the status to exit with now (cli_getopt). */
static int parse_options(int argc, char **argv, struct compare_options *o)
{
	static const struct option longopts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "btf", required_argument, NULL, 'B' },
		{ "base", required_argument, NULL, 'b' },
		{ "quiet", no_argument, NULL, 'q' },
		{ NULL, 0, NULL, 0 },
	};
	int c, status;

	memset(o, 0, sizeof(*o));
	cli_getopt_reset();
	while ((c = cli_getopt(&compare_command, argc, argv, "q", longopts,
			       &status)) != -1) {
		switch (c) {
		case 'j': o->json = true; break;
		case 'B': o->btf = optarg; break;
		case 'b': o->base = optarg; break;
		case 'q': o->quiet = true; break;
		}
	}
	if (status != CLI_GO_ON)
		return status;
	o->path = cli_one_operand(&compare_command, argc, argv, "FILE");
	if (!o->path)
		return CLI_EXIT_USAGE;
	if (o->base && !o->btf)
		return cli_usage_error("compare", "--base goes with --btf");
	return CLI_GO_ON;
}

static void kinds_text(const struct truesig_record *r, char *buf)
{
	if (!truesig_kinds_text(r, ".", buf, KIND_TEXT_MAX)[0])
		snprintf(buf, KIND_TEXT_MAX, "none");
}

/* ---- the comparison ------------------------------------------------------- */

static struct kind_row *row_for(struct summary *s, const char *kinds)
{
	for (unsigned i = 0; i < s->n_rows; i++)
		if (!strcmp(s->rows[i].kinds, kinds))
			return &s->rows[i];
	if (s->n_rows == MAX_KIND_ROWS)
		return &s->other;
	snprintf(s->rows[s->n_rows].kinds, KIND_TEXT_MAX, "%s", kinds);
	return &s->rows[s->n_rows++];
}

static void count(struct summary *s, const struct compared *c)
{
	struct kind_row *rows[2] = { &s->all, row_for(s, c->kinds) };

	for (int i = 0; i < 2; i++) {
		rows[i]->total++;
		rows[i]->dwarf[c->dwarf_class]++;
		if (c->btf >= 0)
			rows[i]->btf[c->btf]++;
	}
}

/* The entry points of f, in section order. */
static const struct truesig_record **collect(const struct loaded_file *f,
					     size_t *n, unsigned *cold)
{
	struct truesig_walk w = truesig_walk(f->sections, f->n_sections);
	size_t total = loaded_record_count(f), k = 0;
	const struct truesig_record **r = calloc(total ? total : 1,
						 sizeof(*r));
	const struct truesig_record *rec;

	if (!r)
		return NULL;
	while ((rec = truesig_walk_next_record(&w))) {
		if (rec->flags & TS_RF_COLD_FRAGMENT)
			(*cold)++;
		else
			r[k++] = rec;
	}
	*n = k;
	return r;
}

/* ---- output --------------------------------------------------------------- */

static void print_reasons(const struct compare_reasons *r, const char *indent)
{
	for (unsigned i = 0; i < r->n; i++)
		printf("%s%s\n", indent, r->text[i]);
	if (r->left_out)
		printf("%s(%u more)\n", indent, r->left_out);
}

static void print_row(const struct kind_row *row, bool with_btf)
{
	printf("%-24s %6u %6u %10u %11u %9u", row->kinds, row->total,
	       row->dwarf[COMPARE_AGREE], row->dwarf[COMPARE_INCOMPLETE],
	       row->dwarf[COMPARE_CONTRADICTS], row->dwarf[COMPARE_INVISIBLE]);
	if (with_btf)
		printf(" %9u %9u %9u", row->btf[BTF_VERDICT_RIGHT],
		       row->btf[BTF_VERDICT_WRONG],
		       row->btf[BTF_VERDICT_MISSING]);
	printf("\n");
}

static void print_function(const struct compared *c)
{
	printf("%s (%s, source %s): dwarf %s\n", c->r->symbol, c->kinds,
	       c->r->function, compare_class_name(c->dwarf_class));
	print_reasons(&c->dwarf_reasons, "    ");
	if (c->btf >= 0) {
		printf("  btf %s\n", btf_verdict_name(c->btf));
		print_reasons(&c->btf_reasons, "    ");
	}
}

static void print_summary(const struct compare_options *o,
			  const struct summary *s)
{
	bool with_btf = o->btf != NULL;

	printf("%-24s %6s %6s %10s %11s %9s", "kinds", "total", "agree",
	       "incomplete", "contradicts", "invisible");
	if (with_btf)
		printf(" %9s %9s %9s", "btf-right", "btf-wrong", "btf-miss");
	printf("\n");
	for (unsigned i = 0; i < s->n_rows; i++)
		print_row(&s->rows[i], with_btf);
	if (s->other.total)
		print_row(&s->other, with_btf);
	print_row(&s->all, with_btf);
	if (s->cold_fragments)
		printf("(%u cold fragments not compared: not entry points)\n",
		       s->cold_fragments);
}

static void json_reasons(struct json_writer *w, const char *key,
			 const struct compare_reasons *r)
{
	json_key(w, key);
	json_begin_array(w);
	for (unsigned i = 0; i < r->n; i++)
		json_string(w, r->text[i]);
	json_end_array(w);
}

static void json_row(struct json_writer *w, const struct kind_row *row,
		     bool with_btf)
{
	json_begin_object(w);
	json_key(w, "total");
	json_uint(w, row->total);
	json_key(w, "dwarf");
	json_begin_object(w);
	for (int k = 0; k < COMPARE_N_CLASSES; k++) {
		json_key(w, compare_class_name(k));
		json_uint(w, row->dwarf[k]);
	}
	json_end_object(w);
	json_key(w, "btf");
	if (with_btf) {
		json_begin_object(w);
		for (int v = 0; v < BTF_N_VERDICTS; v++) {
			json_key(w, btf_verdict_name(v));
			json_uint(w, row->btf[v]);
		}
		json_end_object(w);
	} else {
		json_null(w);
	}
	json_end_object(w);
}

static void json_function(struct json_writer *w, const struct compared *c)
{
	const struct truesig_record *r = c->r;

	json_begin_object(w);
	json_key(w, "symbol");
	json_string(w, r->symbol);
	json_key(w, "function");
	json_string(w, r->function);
	json_key(w, "kinds");
	json_begin_array(w);
	for (unsigned k = 0; k < r->n_kinds; k++)
		json_string(w, truesig_kind_name(r->kinds[k]));
	json_end_array(w);
	json_key(w, "dwarf");
	json_string(w, compare_class_name(c->dwarf_class));
	json_reasons(w, "reasons", &c->dwarf_reasons);
	json_key(w, "btf");
	if (c->btf >= 0)
		json_string(w, btf_verdict_name(c->btf));
	else
		json_null(w);
	json_reasons(w, "btf_reasons", &c->btf_reasons);
	json_end_object(w);
}

static void json_summary(struct json_writer *w, const struct compare_options *o,
			 const struct summary *s)
{
	bool with_btf = o->btf != NULL;

	json_key(w, "summary");
	json_begin_object(w);
	json_key(w, "all");
	json_row(w, &s->all, with_btf);
	json_key(w, "kinds");
	json_begin_object(w);
	for (unsigned i = 0; i < s->n_rows; i++) {
		json_key(w, s->rows[i].kinds);
		json_row(w, &s->rows[i], with_btf);
	}
	json_end_object(w);
	json_key(w, "cold_fragments");
	json_uint(w, s->cold_fragments);
	json_end_object(w);
}

/* ---- the command ---------------------------------------------------------- */

/* Judge every entry point and print it as it is judged. */
static int compare_all(const struct compare_options *o,
		       const struct loaded_file *f, struct dwarf_file *dw,
		       struct btf_judge *judge, const struct truesig_record **r,
		       size_t n, struct summary *s, struct json_writer *w)
{
	struct dwarf_lookup *l = calloc(n ? n : 1, sizeof(*l));
	struct dwarf_function *d = malloc(sizeof(*d));
	struct compared *c = malloc(sizeof(*c));
	int ret = -1;

	if (!l || !d || !c)
		goto out;
	for (size_t i = 0; i < n; i++)
		l[i] = (struct dwarf_lookup){ .symbol = r[i]->symbol,
					      .value = r[i]->address };
	if (dwarf_file_lookup(dw, l, n))
		goto out;
	for (size_t i = 0; i < n; i++) {
		const char *why = !l[i].symbol_found ?
			"no function symbol of this name at this address" :
			"no DWARF subprogram starts at the entry address";
		bool described = l[i].found &&
				 !dwarf_file_describe(dw, &l[i], d);

		c->r = r[i];
		kinds_text(r[i], c->kinds);
		c->dwarf_class = compare_dwarf(r[i], described ? d : NULL, why,
					       f->elf->machine,
					       &c->dwarf_reasons);
		c->btf = -1;
		memset(&c->btf_reasons, 0, sizeof(c->btf_reasons));
		if (judge)
			c->btf = btf_judge_record(
				judge, r[i],
				elf_input_find_typed(f->elf, r[i]->function,
						     STT_FUNC) != NULL,
				&c->btf_reasons);
		count(s, c);
		if (o->quiet)
			continue;
		if (w)
			json_function(w, c);
		else
			print_function(c);
	}
	ret = 0;
out:
	if (ret)
		fprintf(stderr, "truesig: %s: out of memory\n", o->path);
	free(l);
	free(d);
	free(c);
	return ret;
}

int cmd_compare(int argc, char **argv)
{
	struct compare_options o;
	struct loaded_file f;
	struct dwarf_file *dw = NULL;
	struct btf_judge *judge = NULL;
	const struct truesig_record **r = NULL;
	struct summary *s = NULL;
	struct json_writer w;
	char err[512];
	size_t n = 0;
	int ret;

	if ((ret = parse_options(argc, argv, &o)) != CLI_GO_ON)
		return ret;
	if (!load_file(o.path, &f))
		return CLI_EXIT_FAIL;
	ret = CLI_EXIT_FAIL;
	if (dwarf_file_open(o.path, &dw, err, sizeof(err)) ||
	    (o.btf && btf_judge_open(o.btf, o.base, &judge, err,
				     sizeof(err)))) {
		fprintf(stderr, "truesig: %s\n", err);
		goto out;
	}
	s = calloc(1, sizeof(*s));
	if (!s || !(r = collect(&f, &n, &s->cold_fragments))) {
		fprintf(stderr, "truesig: %s: out of memory\n", o.path);
		goto out;
	}
	snprintf(s->all.kinds, KIND_TEXT_MAX, "all");
	snprintf(s->other.kinds, KIND_TEXT_MAX, "other");
	if (o.json) {
		json_init(&w, stdout);
		json_begin_object(&w);
		json_key(&w, "file");
		json_string(&w, o.path);
		json_key(&w, "btf_file");
		json_string_or_null(&w, o.btf);
		json_key(&w, "functions");
		json_begin_array(&w);
	}
	if (compare_all(&o, &f, dw, judge, r, n, s, o.json ? &w : NULL))
		goto out;
	if (o.json) {
		json_end_array(&w);
		json_summary(&w, &o, s);
		json_end_object(&w);
		if (!json_finish(&w))
			goto out;
	} else {
		if (!o.quiet && n)
			printf("\n");
		print_summary(&o, s);
	}
	if (!cli_flush_output())
		goto out;
	ret = 0;
out:
	free(r);
	free(s);
	btf_judge_close(judge);
	dwarf_file_close(dw);
	unload_file(&f);
	return ret;
}
