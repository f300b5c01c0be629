/* SPDX-License-Identifier: MIT */
/*
 * verify_check.h — at each breakpoint of `truesig verify`: which call this
 * is, what its caller passed (verify_expect.h), and whether every real
 * parameter is where its record says (verify_locate.h).
 *
 * A hit of a recorded function is matched with the pending capture of the
 * call macro when the capture names the record's source function.  A
 * `.part' clone is called by its parent, not by the macro: its parameters
 * are the parent's source parameters passed through, so they are compared
 * with the capture of the call to the parent — still pending when the
 * parent's head was inlined into the caller, or kept from the parent's
 * own entry (a frame, while the parent runs and the part is called from
 * its code).  A hit neither explains is counted, not checked.
 */
#ifndef TRUESIG_VERIFY_CHECK_H
#define TRUESIG_VERIFY_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "records.h"
#include "verify_expect.h"
#include "verify_trace.h"

#define CHECK_MAX_NOTES	8

/* One recorded function (a record that is an entry point). */
struct check_function {
	const struct truesig_record *record;
	uint64_t	 address;	/* in the child */
	unsigned long	 hits;		/* entries */
	unsigned long	 hits_checked;	/* ... matched with their call */
	unsigned long	 hits_unmatched;	/* ... with no capture */
	unsigned long	 hits_as_alias;	/* ... called by this alias's own
					   name, of code recorded under
					   another: not checked */
	unsigned long	 hits_shared;	/* ... while a call of another
					   function was pending: code ipa-icf
					   shares with it, not checked */
	unsigned long	 params_checked;
	unsigned long	 params_unchecked;
	unsigned long	 mismatches;	/* parameters that differ */
	char		*notes[CHECK_MAX_NOTES];	/* first mismatches */
	unsigned	 n_notes;
	char		*unchecked_why;	/* the first reason */
};

/* One breakpoint: the functions at an address, or a part's parent. */
struct check_entry {
	uint64_t	 address;
	uint64_t	 end;		/* of its symbol, 0 if unknown */
	struct check_function **functions;
	size_t		 n_functions, functions_cap;
	const char	*parent_of;	/* no record: the source function
					   whose .part clones it calls */
};

struct check_frame {
	uint64_t	 sp;		/* at entry */
	uint64_t	 return_address;	/* at entry */
	uint64_t	 start, end;	/* the code of the function */
	const char	*function;	/* source name */
	struct expect_call *call;
};

struct check_state {
	uint16_t	 machine;
	uint64_t	 capture_address;	/* in the child */
	struct check_entry *entries;	/* sorted by address */
	size_t		 n_entries, entries_cap;
	struct check_frame *frames;
	size_t		 n_frames, frames_cap;
	struct expect_call scratch;
	char		 error[512];	/* the check failed: stop checking */
};

/* The trace_hit_fn of verify: ctx is a struct check_state. */
bool check_hit(void *ctx, struct trace_child *child,
	       struct trace_breakpoint *bp, const struct trace_regs *regs);

void check_state_free(struct check_state *st);

#endif /* TRUESIG_VERIFY_CHECK_H */
