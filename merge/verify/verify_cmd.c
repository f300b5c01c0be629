// SPDX-License-Identifier: MIT
/*
 * verify_cmd.c — `truesig verify [--require-hits] [--no-capture] [--json]
 * [-q] PROGRAM [ARGS...]`.
 *
 * Reads PROGRAM's own .truesig, runs PROGRAM (verify_trace.h: under
 * ptrace, or under qemu-user for other targets) with a breakpoint at the
 * entry of every recorded function (cold fragments are not entry points),
 * checks each hit (verify_check.c) and prints, per function, its hits, the
 * parameters checked and unchecked and the mismatches, then one summary
 * line; or all that as one JSON document.
 */
#define _GNU_SOURCE	/* asprintf */
#include <elf.h>
#include <gelf.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "target.h"
#include "array.h"
#include "cli.h"
#include "elf_input.h"
#include "json.h"
#include "load.h"
#include "verify_check.h"
#include "verify_cmd.h"
#include "verify_trace.h"


struct verify_options {
	bool		 require_hits;
	bool		 no_capture;	/* a program without the call macro */
	bool		 quiet;		/* only failures and the summary */
	bool		 json;
	char		**argv;		/* PROGRAM [ARGS...] */
};

/* The run-time address of a link-time one. */
static uint64_t relocate(uint64_t address, uint64_t bias, bool word32)
{
	address += bias;
	return word32 ? (uint32_t)address : address;
}


static int compare_entries(const void *a, const void *b)
{
	const struct check_entry *x = a, *y = b;

	return x->address < y->address ? -1 : x->address > y->address;
}

/* Add a function (or, with fn NULL, a part's parent) at `address'. */
static bool add_entry(struct check_state *st, uint64_t address, uint64_t end,
		      struct check_function *fn, const char *parent_of)
{
	struct check_entry *e = NULL, *grown;

	for (size_t i = 0; i < st->n_entries; i++)
		if (st->entries[i].address == address)
			e = &st->entries[i];
	if (!e) {
		grown = array_grow(st->entries, &st->entries_cap, sizeof(*e),
				   st->n_entries + 1);
		if (!grown)
			return false;
		st->entries = grown;
		e = &st->entries[st->n_entries++];
		e->address = address;
		e->end = end;
		e->parent_of = parent_of;
	}
	if (fn) {
		struct check_function **f = array_grow(e->functions,
			&e->functions_cap, sizeof(*f), e->n_functions + 1);

		if (!f)
			return false;
		e->functions = f;
		e->functions[e->n_functions++] = fn;
	}
	return true;
}

/*
 * The recorded functions of f, and the entries to plant: every function,
 * and each part's parent that has no record of its own.
 */
static bool collect(const struct loaded_file *f, uint64_t bias,
		    struct check_state *st, struct check_function **fns,
		    size_t *n_fns)
{
	bool word32 = f->elf->addr_size == 4;
	size_t n = 0, cap = loaded_record_count(f);
	const struct truesig_record *rec;
	struct truesig_walk w;

	*fns = calloc(cap ? cap : 1, sizeof(**fns));
	if (!*fns)
		return false;
	w = truesig_walk(f->sections, f->n_sections);
	while ((rec = truesig_walk_next_record(&w))) {
		if (rec->flags & TS_RF_COLD_FRAGMENT)
			continue;
		(*fns)[n].record = rec;
		(*fns)[n].address = relocate(rec->address, bias, word32);
		n++;
	}
	*n_fns = n;
	for (size_t i = 0; i < n; i++) {
		const struct elf_symbol *sym = elf_input_find_symbol(f->elf,
			(*fns)[i].record->symbol, (*fns)[i].record->address);
		uint64_t end = sym && sym->size
			       ? (*fns)[i].address + sym->size : 0;

		if (!add_entry(st, (*fns)[i].address, end, &(*fns)[i], NULL))
			return false;
	}
	for (size_t i = 0; i < n; i++) {
		const struct truesig_record *rec = (*fns)[i].record;
		const struct elf_symbol *named;
		size_t count;

		if (!truesig_has_kind(rec, TS_KIND_PART) || !*rec->function)
			continue;
		named = elf_input_symbols_named(f->elf, rec->function, &count);
		for (size_t k = 0; k < count; k++) {
			const struct elf_symbol *sym = &named[k];
			uint64_t a = relocate(sym->value, bias, word32);

			if (sym->type != STT_FUNC)
				continue;
			if (sym->value && !add_entry(st, a, a + sym->size, NULL,
						     rec->function))
				return false;
		}
	}
	qsort(st->entries, st->n_entries, sizeof(*st->entries),
	      compare_entries);
	return true;
}

static const char help_text[] =
"\n"
"Run PROGRAM (this machine's under ptrace; aarch64's, riscv64's and s390x's\n"
"under qemu-user) with a breakpoint at the entry of every function its\n"
".debug_truesig records, and check that each real parameter is where the\n"
"record says, against what the caller passed through TV_CALL of\n"
"testsuite/verify/truesig_verify.h (docs/VERIFY.md).\n"
"\n"
"  --require-hits  fail when a recorded function is never entered\n"
"  --no-capture    a program without TV_CALL: count the entries, check none\n"
"  --json          one JSON document: the functions, the summary, how the\n"
"                  program ended, \"ok\"\n"
"  -q, --quiet     only the functions that failed, and the summary\n"
"\n"
"Exit status: 0 every checked parameter agrees; 1 a mismatch, a function\n"
"never hit under --require-hits, a program that failed, or bad input; 2 a\n"
"usage error or a program of a machine verify cannot run.\n";

const struct cli_command verify_command = {
	.name = "verify",
	.synopsis = "[--require-hits] [--no-capture] [--json] [-q] "
		    "PROGRAM [ARGS...]",
	.summary = "run PROGRAM and check each recorded parameter at function "
		   "entry",
	.help = help_text,
	.run = cmd_verify,
	.trouble = CLI_EXIT_FAIL,
};

/* CLI_GO_ON, or the status to exit with now (cli_getopt). */
static int parse_options(int argc, char **argv, struct verify_options *o)
{
	static const struct option longopts[] = {
		{ "require-hits", no_argument, NULL, 'r' },
		{ "no-capture", no_argument, NULL, 'n' },
		{ "json", no_argument, NULL, 'j' },
		{ "quiet", no_argument, NULL, 'q' },
		{ NULL, 0, NULL, 0 },
	};
	int c, status;

	memset(o, 0, sizeof(*o));
	cli_getopt_reset();
	/* '+': the options end at PROGRAM; what follows is its own. */
	while ((c = cli_getopt(&verify_command, argc, argv, "+q", longopts,
			       &status)) != -1) {
		switch (c) {
		case 'r': o->require_hits = true; break;
		case 'n': o->no_capture = true; break;
		case 'q': o->quiet = true; break;
		case 'j': o->json = true; break;
		}
	}
	if (status != CLI_GO_ON)
		return status;
	if (optind == argc)
		return cli_usage_error("verify", "no PROGRAM given");
	o->argv = argv + optind;
	return CLI_GO_ON;
}

/* What the functions add up to. */
struct totals {
	unsigned long	 hit, never, hits, checked, unchecked, mismatches,
			 unmatched;
	bool		 ok;		/* no function failed */
};

static bool function_failed(const struct check_function *fn,
			    const struct verify_options *o)
{
	return fn->mismatches || fn->n_notes || (o->require_hits && !fn->hits);
}

static struct totals add_up(const struct check_function *fns, size_t n,
			    const struct verify_options *o)
{
	struct totals t = { .ok = true };

	for (size_t i = 0; i < n; i++) {
		const struct check_function *fn = &fns[i];

		t.hits += fn->hits;
		t.hit += fn->hits > 0;
		t.never += fn->hits == 0;
		t.checked += fn->params_checked;
		t.unchecked += fn->params_unchecked;
		t.mismatches += fn->mismatches;
		t.unmatched += fn->hits_unmatched;
		if (function_failed(fn, o))
			t.ok = false;
	}
	return t;
}

/* The per-function lines and the summary. */
static void report_text(const char *program, const struct check_function *fns,
			size_t n, const struct verify_options *o,
			const struct totals *t)
{
	for (size_t i = 0; i < n; i++) {
		const struct check_function *fn = &fns[i];
		bool bad = function_failed(fn, o);

		if (o->quiet && !bad)
			continue;
		printf("%s%s: %lu hits, %lu parameters checked, %lu "
		       "unchecked, %lu mismatches",
		       bad ? "FAIL: " : "", fn->record->symbol, fn->hits,
		       fn->params_checked, fn->params_unchecked,
		       fn->mismatches);
		if (fn->hits_unmatched)
			printf(" (%lu hits without a capture)",
			       fn->hits_unmatched);
		if (fn->hits_shared)
			printf(" (%lu hits from a call of another function "
			       "sharing this code, unchecked)",
			       fn->hits_shared);
		if (fn->hits_as_alias)
			printf(" (%lu hits as another name of %s's code, "
			       "unchecked)", fn->hits_as_alias,
			       fn->record->parent);
		if (!fn->hits && o->require_hits)
			printf(" (never hit)");
		printf("\n");
		if (fn->unchecked_why)
			printf("    unchecked: %s\n", fn->unchecked_why);
		for (unsigned k = 0; k < fn->n_notes; k++)
			printf("    %s\n", fn->notes[k]);
	}
	printf("verify: %s: %zu functions, %lu hit (%lu never), %lu hits, "
	       "%lu parameters checked, %lu unchecked, %lu mismatches, "
	       "%lu hits without a capture\n", program, n, t->hit, t->never,
	       t->hits, t->checked, t->unchecked, t->mismatches, t->unmatched);
}

static void json_count(struct json_writer *w, const char *key,
		       unsigned long value)
{
	json_key(w, key);
	json_uint(w, value);
}

static void json_function(struct json_writer *w,
			  const struct check_function *fn,
			  const struct verify_options *o)
{
	json_begin_object(w);
	json_key(w, "symbol");
	json_string(w, fn->record->symbol);
	json_key(w, "function");
	json_string(w, fn->record->function);
	json_key(w, "ok");
	json_bool(w, !function_failed(fn, o));
	json_count(w, "hits", fn->hits);
	json_count(w, "hits_checked", fn->hits_checked);
	json_count(w, "hits_without_capture", fn->hits_unmatched);
	json_count(w, "hits_shared", fn->hits_shared);
	json_count(w, "hits_as_alias", fn->hits_as_alias);
	json_count(w, "parameters_checked", fn->params_checked);
	json_count(w, "parameters_unchecked", fn->params_unchecked);
	json_count(w, "mismatches", fn->mismatches);
	json_key(w, "unchecked_why");
	json_string_or_null(w, fn->unchecked_why);
	json_key(w, "notes");
	json_strings(w, fn->notes, fn->n_notes);
	json_end_object(w);
}

/*
 * The same as one JSON document, with how the program ended and whether
 * the run passed (OK: the exit status is 0).  False on a nesting error.
 */
static bool report_json(const char *program, const struct check_function *fns,
			size_t n, const struct verify_options *o,
			const struct totals *t, int status, const char *error,
			bool ok)
{
	struct json_writer w;

	json_init(&w, stdout);
	json_begin_object(&w);
	json_key(&w, "program");
	json_string(&w, program);
	json_key(&w, "functions");
	json_begin_array(&w);
	for (size_t i = 0; i < n; i++)
		if (!o->quiet || function_failed(&fns[i], o))
			json_function(&w, &fns[i], o);
	json_end_array(&w);
	json_key(&w, "summary");
	json_begin_object(&w);
	json_count(&w, "functions", n);
	json_count(&w, "hit", t->hit);
	json_count(&w, "never_hit", t->never);
	json_count(&w, "hits", t->hits);
	json_count(&w, "parameters_checked", t->checked);
	json_count(&w, "parameters_unchecked", t->unchecked);
	json_count(&w, "mismatches", t->mismatches);
	json_count(&w, "hits_without_capture", t->unmatched);
	json_end_object(&w);
	json_key(&w, "exit");
	json_begin_object(&w);
	if (WIFSIGNALED(status)) {
		json_key(&w, "signal");
		json_int(&w, WTERMSIG(status));
	} else {
		json_key(&w, "status");
		json_int(&w, WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	}
	json_end_object(&w);
	json_key(&w, "error");
	json_string_or_null(&w, error);
	json_key(&w, "ok");
	json_bool(&w, ok);
	json_end_object(&w);
	return json_finish(&w);
}

int cmd_verify(int argc, char **argv)
{
	struct verify_options o;
	struct loaded_file f;
	struct check_state st;
	struct check_function *fns = NULL;
	struct trace_program program_kind;
	struct trace_child child;
	const struct elf_symbol *capture;
	char err[512], *exec_path = NULL;
	uint64_t bias = 0, *addresses = NULL;
	size_t n_fns = 0;
	int status = 0, ret = CLI_EXIT_FAIL, r;
	bool word32, spawned = false, exited_ok;
	struct totals totals;
	const char *program;

	r = parse_options(argc, argv, &o);
	if (r != CLI_GO_ON)
		return r;
	program = o.argv[0];
	memset(&st, 0, sizeof(st));
	if (!load_file(program, &f))
		return CLI_EXIT_FAIL;
	word32 = f.elf->addr_size == 4;
	st.machine = f.elf->machine;
	if (!trace_supported(target_find(st.machine), err, sizeof(err))) {
		fprintf(stderr, "truesig: %s: %s (ELF machine %u)\n",
			program, err, st.machine);
		ret = CLI_EXIT_USAGE;
		goto out;
	}
	if (f.elf->type != ET_EXEC && f.elf->type != ET_DYN) {
		fprintf(stderr, "truesig: %s: not an executable\n", program);
		goto out;
	}
	capture = elf_input_find_typed(f.elf, EXPECT_SYMBOL, STT_OBJECT);
	if (!capture && !o.no_capture) {
		fprintf(stderr, "truesig: %s: no symbol %s: the program must "
			"call through testsuite/verify/truesig_verify.h\n",
			program, EXPECT_SYMBOL);
		goto out;
	}

	/* Run the very file that was read (execvp would search PATH). */
	if (asprintf(&exec_path, "%s%s", strchr(program, '/') ? "" : "./",
		     program) < 0)
		goto out;
	o.argv[0] = exec_path;
	program_kind.target = target_find(st.machine);
	program_kind.word32 = word32;
	program_kind.big_endian = f.elf->big_endian;
	r = trace_spawn(o.argv, &program_kind, &child, err, sizeof(err));
	spawned = true;		/* a failed start leaves things to release */
	if (r) {
		fprintf(stderr, "truesig: verify: %s\n", err);
		goto out;
	}
	if (f.elf->type == ET_DYN) {
		GElf_Ehdr ehdr;

		if (!gelf_getehdr(f.elf->elf, &ehdr)) {
			fprintf(stderr, "truesig: %s: no ELF header\n", program);
			goto out;
		}
		bias = trace_auxv(&child, AT_ENTRY);
		if (!bias) {
			fprintf(stderr, "truesig: verify: %s did not start "
				"(no entry address in its auxiliary vector)\n",
				program);
			goto out;
		}
		bias -= ehdr.e_entry;
	}
	/* Without the buffer every entry is counted, none checked. */
	st.capture_address = capture ? relocate(capture->value, bias, word32)
				     : 0;
	if (!collect(&f, bias, &st, &fns, &n_fns)) {
		fprintf(stderr, "truesig: verify: out of memory\n");
		goto out;
	}
	addresses = calloc(st.n_entries ? st.n_entries : 1, sizeof(*addresses));
	if (!addresses) {
		fprintf(stderr, "truesig: verify: out of memory\n");
		goto out;
	}
	for (size_t i = 0; i < st.n_entries; i++)
		addresses[i] = st.entries[i].address;
	if (trace_set_breakpoints(&child, addresses, st.n_entries, err,
				  sizeof(err)) ||
	    trace_run(&child, check_hit, &st, &status, err, sizeof(err))) {
		fprintf(stderr, "truesig: verify: %s\n", err);
		goto out;
	}
	fflush(stdout);
	totals = add_up(fns, n_fns, &o);
	exited_ok = WIFEXITED(status) && !WEXITSTATUS(status);
	ret = totals.ok && !st.error[0] && exited_ok ? CLI_EXIT_OK
						     : CLI_EXIT_FAIL;
	if (!o.json)
		report_text(program, fns, n_fns, &o, &totals);
	else if (!report_json(program, fns, n_fns, &o, &totals, status,
			      st.error[0] ? st.error : NULL, !ret))
		ret = CLI_EXIT_FAIL;
	if (!cli_flush_output())
		ret = CLI_EXIT_FAIL;
	if (st.error[0])
		fprintf(stderr, "truesig: verify: %s: %s\n", program, st.error);
	if (WIFSIGNALED(status))
		fprintf(stderr, "truesig: verify: %s was killed by signal %d\n",
			program, WTERMSIG(status));
	else if (WIFEXITED(status) && WEXITSTATUS(status))
		fprintf(stderr, "truesig: verify: %s exited with status %d\n",
			program, WEXITSTATUS(status));
out:
	if (spawned)
		trace_release(&child);
	for (size_t i = 0; i < n_fns; i++) {
		for (unsigned k = 0; k < fns[i].n_notes; k++)
			free(fns[i].notes[k]);
		free(fns[i].unchecked_why);
	}
	for (size_t i = 0; i < st.n_entries; i++)
		free(st.entries[i].functions);
	free(st.entries);
	check_state_free(&st);
	free(fns);
	free(addresses);
	free(exec_path);
	unload_file(&f);
	return ret;
}
