// SPDX-License-Identifier: MIT
/*
 * verify_check.c — match each breakpoint hit with the call that caused it
 * and compare the record's locations with the captured arguments.
 *
 * Only real parameters are checked.  A parameter IPA-CP replaced by a
 * constant is not: its value would come from the record itself, not from
 * the caller.  A piece is compared with the captured bytes at its offset:
 * a value piece in the argument's own bytes, a pointer piece in the bytes
 * the pointer argument pointed to at the call.
 */
#define _GNU_SOURCE	/* vasprintf */
#include <elf.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "errmsg.h"
#include "verify_check.h"
#include "verify_locate.h"

/*
 * A failure of the check itself (out of memory, a capture buffer that
 * cannot be read): checking stops, the program runs on, and the first
 * such message is reported at the end (st->error).
 */
static void stop_checking(struct check_state *st, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void stop_checking(struct check_state *st, const char *fmt, ...)
{
	va_list ap;

	if (st->error[0])
		return;
	va_start(ap, fmt);
	errmsgv(st->error, sizeof(st->error), -EINVAL, NULL, fmt, ap);
	va_end(ap);
}

static void note(struct check_function *fn, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void note(struct check_function *fn, const char *fmt, ...)
{
	va_list ap;
	char *text;

	if (fn->n_notes >= CHECK_MAX_NOTES)
		return;
	va_start(ap, fmt);
	if (vasprintf(&text, fmt, ap) >= 0)
		fn->notes[fn->n_notes++] = text;
	va_end(ap);
}

static void unchecked(struct check_function *fn, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void unchecked(struct check_function *fn, const char *fmt, ...)
{
	va_list ap;

	fn->params_unchecked++;
	if (fn->unchecked_why)
		return;
	va_start(ap, fmt);
	if (vasprintf(&fn->unchecked_why, fmt, ap) < 0)
		fn->unchecked_why = NULL;
	va_end(ap);
}

static void hex(const uint8_t *p, size_t n, char *buf, size_t size)
{
	size_t used = 0;

	buf[0] = 0;
	for (size_t i = 0; i < n && used + 4 < size; i++)
		used += (size_t)snprintf(buf + used, size - used, "%s%02x",
					 i ? " " : "", p[i]);
}

/* "p.in.x (value piece of source parameter 0 at 20)" */
static void describe_param(const struct truesig_record *r,
			   const struct truesig_param *p, char *buf,
			   size_t size)
{
	const char *src = p->source < r->n_source_params
			  ? r->source_params[p->source].name : "";

	snprintf(buf, size, "%s (%s of source parameter %u '%s', offset %u, "
		 "%u bytes)", *p->path ? p->path : *p->name ? p->name : "?",
		 truesig_how_name(p->how), p->source, src, p->offset, p->size);
}

/*
 * Compare real parameter `k' with the captured call.  Counts it checked,
 * unchecked or mismatched.
 */
static void check_param(struct check_state *st, struct check_function *fn,
			const struct locate_state *ls, unsigned long hit,
			const struct expect_call *call, unsigned k)
{
	const struct truesig_record *r = fn->record;
	const struct truesig_param *p = &r->params[k];
	const struct truesig_location *locs = truesig_param_locs(r, p);
	const struct expect_arg *arg;
	const uint8_t *src;
	uint64_t src_size, base;
	bool differs = false;
	char what[256];

	describe_param(r, p, what, sizeof(what));
	if (p->how == TS_HOW_NEW) {
		unchecked(fn, "parameter %u has no source (origin new)", k);
		return;
	}
	if (p->how == TS_HOW_REFERENCE) {
		unchecked(fn, "parameter %u is the address of a copy of source "
			  "parameter %u", k, p->source);
		return;
	}
	if (p->loc_count == 0) {
		unchecked(fn, "parameter %u has no location", k);
		return;
	}
	if (p->source >= call->nargs) {
		unchecked(fn, "parameter %u: source parameter %u not captured",
			  k, p->source);
		return;
	}
	arg = &call->args[p->source];
	if (p->how == TS_HOW_POINTER_PIECE) {
		src = arg->pointee;
		src_size = arg->pointee_size;
		base = p->offset;
		if (!src) {
			unchecked(fn, "parameter %u: the pointee of source "
				  "parameter %u was not captured", k, p->source);
			return;
		}
	} else {
		src = arg->bytes;
		src_size = arg->size;
		base = p->how == TS_HOW_VALUE_PIECE ? p->offset : 0;
		if (p->how == TS_HOW_COPY && arg->size != p->size) {
			fn->params_checked++;
			fn->mismatches++;
			note(fn, "hit %lu: parameter %u %s: the caller passed "
			     "%u bytes, the record says %u", hit, k, what,
			     arg->size, p->size);
			return;
		}
	}
	if (base + p->size > src_size) {
		unchecked(fn, "parameter %u: bytes %llu..%llu of the captured "
			  "%llu", k, (unsigned long long)base,
			  (unsigned long long)(base + p->size),
			  (unsigned long long)src_size);
		return;
	}
	for (unsigned i = 0; i < p->loc_count; i++) {
		const struct truesig_location *loc = &locs[i];
		static uint8_t actual[EXPECT_DATA_SIZE];
		char err[256], where[64], e_hex[200], a_hex[200];
		size_t n;

		if (loc->piece_offset >= p->size)
			continue;
		n = p->size - loc->piece_offset;
		if (n > loc->size)
			n = loc->size;
		locate_describe(loc, st->machine, where, sizeof(where));
		if (n > sizeof(actual)) {
			unchecked(fn, "parameter %u: a %zu-byte piece", k, n);
			return;
		}
		if (locate_read(ls, loc, actual, n, err, sizeof(err))) {
			differs = true;
			note(fn, "hit %lu: parameter %u %s at %s: %s", hit, k,
			     what, where, err);
			continue;
		}
		if (memcmp(actual, src + base + loc->piece_offset, n)) {
			differs = true;
			hex(src + base + loc->piece_offset, n, e_hex,
			    sizeof(e_hex));
			hex(actual, n, a_hex, sizeof(a_hex));
			note(fn, "hit %lu: parameter %u %s at %s (bytes %u..%zu):"
			     " expected %s, found %s", hit, k, what, where,
			     loc->piece_offset, loc->piece_offset + n, e_hex,
			     a_hex);
		}
	}
	fn->params_checked++;
	if (differs)
		fn->mismatches++;
}

static void check_call(struct check_state *st, struct check_function *fn,
		       const struct locate_state *ls,
		       const struct expect_call *call)
{
	const struct truesig_record *r = fn->record;

	if (call->overflow) {
		for (unsigned k = 0; k < r->n_params; k++)
			unchecked(fn, "the arguments did not fit the capture "
				  "buffer");
		return;
	}
	if (call->nargs != r->n_source_params) {
		fn->mismatches++;
		note(fn, "hit %lu: the caller of %s passed %u arguments, the "
		     "record declares %u source parameters", fn->hits,
		     call->callee, call->nargs, r->n_source_params);
		return;
	}
	for (unsigned k = 0; k < r->n_params; k++)
		check_param(st, fn, ls, fn->hits, call, k);
}

/* Forget the frames of functions that have returned: those whose entry sp
   is below `sp` (or at it, with `and_equal`). */
static void pop_frames(struct check_state *st, uint64_t sp, bool and_equal)
{
	while (st->n_frames && (st->frames[st->n_frames - 1].sp < sp ||
				(and_equal &&
				 st->frames[st->n_frames - 1].sp == sp))) {
		free(st->frames[st->n_frames - 1].call);
		st->n_frames--;
	}
}

static void push_frame(struct check_state *st, uint64_t sp, uint64_t ra,
		       const struct check_entry *e, const char *function,
		       const struct expect_call *call)
{
	struct check_frame *f;

	f = array_grow(st->frames, &st->frames_cap, sizeof(*f),
		       st->n_frames + 1);
	if (!f) {
		stop_checking(st, "out of memory");
		return;
	}
	st->frames = f;
	f = &st->frames[st->n_frames];
	f->call = malloc(sizeof(*f->call));
	if (!f->call) {
		stop_checking(st, "out of memory");
		return;
	}
	expect_copy(f->call, call);
	f->sp = sp;
	f->return_address = ra;
	f->start = e->address;
	f->end = e->end;
	f->function = function;
	st->n_frames++;
}

static struct check_entry *find_entry(struct check_state *st, uint64_t a)
{
	size_t lo = 0, hi = st->n_entries;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (st->entries[mid].address == a)
			return &st->entries[mid];
		if (st->entries[mid].address < a)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/* The innermost running frame of `function' that called from its code. */
/*
 * The frame of `function` that called the part entered with stack pointer
 * sp and return address ra: the innermost frame, when ra is in its code (a
 * call), or when it was entered with the same sp and ra (a tail call: its
 * jump left the stack as its caller made it).
 */
static const struct check_frame *calling_frame(const struct check_state *st,
					       const char *function,
					       uint64_t sp, uint64_t ra)
{
	if (!st->n_frames)
		return NULL;
	const struct check_frame *f = &st->frames[st->n_frames - 1];

	if (strcmp(f->function, function))
		return NULL;
	if (f->sp == sp)
		return f->return_address == ra ? f : NULL;
	return ra >= f->start && ra < f->end ? f : NULL;
}

/*
 * An alias record at e (TS_RF_ALIAS: ipa-icf folded its code into another
 * function's) whose symbol is `callee` or a clone of it: "t11" or
 * "t4.part.0" for t4.  Its record describes the code, so its source
 * function is the other one.
 */
static struct check_function *alias_called(const struct check_entry *e,
					   const char *callee)
{
	size_t len = strlen(callee);

	for (size_t i = 0; i < e->n_functions; i++) {
		const struct truesig_record *r = e->functions[i]->record;

		if ((r->flags & TS_RF_ALIAS) &&
		    !strncmp(r->symbol, callee, len) &&
		    (r->symbol[len] == '.' || !r->symbol[len]))
			return e->functions[i];
	}
	return NULL;
}

bool check_hit(void *ctx, struct trace_child *child,
	       struct trace_breakpoint *bp, const struct trace_regs *regs)
{
	struct check_state *st = ctx;
	struct check_entry *e = find_entry(st, bp->address);
	struct locate_state ls = {
		.child = child, .regs = regs, .machine = st->machine,
	};
	struct check_function *fn = NULL;
	const struct expect_call *call = NULL;
	uint64_t sp = locate_sp(&ls), ra = 0;
	char err[512];
	int pending;

	if (st->error[0] || !e)
		return true;
	/* Frames at sp stay for now: this may be their tail call. */
	pop_frames(st, sp, false);
	pending = !st->capture_address ? 0 :
		  expect_read(child, st->capture_address, &st->scratch, err,
			      sizeof(err));
	if (pending < 0) {
		stop_checking(st, "%s", err);
		return true;
	}
	if (locate_return_address(&ls, &ra, err, sizeof(err))) {
		stop_checking(st, "%s", err);
		return true;
	}

	if (!e->n_functions) {
		/* A part's parent without a record: remember its call. */
		if (pending && !strcmp(st->scratch.callee, e->parent_of)) {
			expect_consume(child, st->capture_address);
			pop_frames(st, sp, true);
			push_frame(st, sp, ra, e, e->parent_of, &st->scratch);
		}
		return true;
	}

	/* Called by the macro, by the name of its source function. */
	for (size_t i = 0; pending && !fn && i < e->n_functions; i++)
		if (!truesig_has_kind(e->functions[i]->record, TS_KIND_PART) &&
		    !strcmp(e->functions[i]->record->function,
			    st->scratch.callee))
			fn = e->functions[i];
	/* A part: the parent's call, pending or kept in its frame. */
	for (size_t i = 0; !fn && i < e->n_functions; i++) {
		const struct truesig_record *r = e->functions[i]->record;
		const struct check_frame *f;

		if (!truesig_has_kind(r, TS_KIND_PART))
			continue;
		if (pending && !strcmp(r->function, st->scratch.callee)) {
			fn = e->functions[i];
		} else if ((f = calling_frame(st, r->function, sp, ra))) {
			fn = e->functions[i];
			/* A copy: the frame goes if this is its tail call. */
			expect_copy(&st->scratch, f->call);
			call = &st->scratch;
		}
	}
	if (!fn && pending && (fn = alias_called(e, st->scratch.callee))) {
		/* Its parameters map to the source function of the code,
		   not to the one called: nothing to check them against. */
		expect_consume(child, st->capture_address);
		fn->hits++;
		fn->hits_as_alias++;
		return true;
	}
	if (!fn && pending) {
		/* The call of a function with no record here reached this
		   code: ipa-icf made the two share it (t4 jumping to
		   t0.part.0).  The arguments are the other function's. */
		expect_consume(child, st->capture_address);
		e->functions[0]->hits++;
		e->functions[0]->hits_shared++;
		return true;
	}
	if (!fn) {
		e->functions[0]->hits++;
		e->functions[0]->hits_unmatched++;
		return true;
	}
	if (!call) {
		expect_consume(child, st->capture_address);
		call = &st->scratch;
	}
	fn->hits++;
	fn->hits_checked++;
	check_call(st, fn, &ls, call);
	pop_frames(st, sp, true);
	push_frame(st, sp, ra, e, fn->record->function, call);
	return true;
}

void check_state_free(struct check_state *st)
{
	for (size_t i = 0; i < st->n_frames; i++)
		free(st->frames[i].call);
	free(st->frames);
	st->frames = NULL;
	st->n_frames = st->frames_cap = 0;
}
