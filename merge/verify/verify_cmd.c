// SPDX-License-Identifier: MIT
/*
 * verify_cmd.c — `truesig verify [--require-hits] [--no-capture] [-q] PROGRAM
 * [ARGS...]`.
 *
 * Reads PROGRAM's own .truesig, runs PROGRAM (verify_trace.h: under
 * ptrace, or under qemu-user for other targets) with a breakpoint at the entry of every recorded function (cold fragments are
 * not entry points), checks each hit (verify_check.c) and prints, per
 * function, its hits, the parameters checked and unchecked and the
 * mismatches, then one summary line.
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
#include "load.h"
#include "verify_check.h"
#include "verify_cmd.h"
#include "verify_trace.h"


struct verify_options {
	bool		 require_hits;
	bool		 no_capture;	/* a program without the call macro */
	bool		 quiet;		/* only failures and the summary */
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

static int parse_options(int argc, char **argv, struct verify_options *o)
{
	static const struct option longopts[] = {
		{ "require-hits", no_argument, NULL, 'r' },
		{ "no-capture", no_argument, NULL, 'n' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	memset(o, 0, sizeof(*o));
	cli_getopt_reset();
	/* '+': the options end at PROGRAM; what follows is its own. */
	while ((c = cli_getopt(argc, argv, "+qh", longopts)) != -1) {
		switch (c) {
		case 'r': o->require_hits = true; break;
		case 'n': o->no_capture = true; break;
		case 'q': o->quiet = true; break;
		case 'h':
			printf("usage: truesig verify [--require-hits] [--no-capture] [-q] "
			       "PROGRAM [ARGS...]\n");
			return -1;
		default:
			return CLI_EXIT_USAGE;
		}
	}
	if (optind == argc)
		return cli_usage_error("verify", "no PROGRAM given");
	o->argv = argv + optind;
	return 0;
}

/* The per-function lines and the summary; true if everything held. */
static bool report(const char *program, const struct check_function *fns,
		   size_t n, const struct verify_options *o)
{
	unsigned long hit = 0, hits = 0, checked = 0, unchecked_n = 0,
		      mismatches = 0, unmatched = 0, never = 0;
	bool ok = true;

	for (size_t i = 0; i < n; i++) {
		const struct check_function *fn = &fns[i];
		bool bad = fn->mismatches || fn->n_notes ||
			   (o->require_hits && !fn->hits);

		hits += fn->hits;
		hit += fn->hits > 0;
		never += fn->hits == 0;
		checked += fn->params_checked;
		unchecked_n += fn->params_unchecked;
		mismatches += fn->mismatches;
		unmatched += fn->hits_unmatched;
		if (bad)
			ok = false;
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
	       "%lu hits without a capture\n", program, n, hit, never, hits,
	       checked, unchecked_n, mismatches, unmatched);
	return ok;
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
	bool word32, spawned = false;
	const char *program;

	r = parse_options(argc, argv, &o);
	if (r)
		return r < 0 ? 0 : r;
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
	ret = report(program, fns, n_fns, &o) ? 0 : CLI_EXIT_FAIL;
	if (st.error[0]) {
		fprintf(stderr, "truesig: verify: %s: %s\n", program, st.error);
		ret = CLI_EXIT_FAIL;
	}
	if (WIFSIGNALED(status)) {
		fprintf(stderr, "truesig: verify: %s was killed by signal %d\n",
			program, WTERMSIG(status));
		ret = CLI_EXIT_FAIL;
	} else if (WIFEXITED(status) && WEXITSTATUS(status)) {
		fprintf(stderr, "truesig: verify: %s exited with status %d\n",
			program, WEXITSTATUS(status));
		ret = CLI_EXIT_FAIL;
	}
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
