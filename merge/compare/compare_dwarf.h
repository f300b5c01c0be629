/* SPDX-License-Identifier: MIT */
/*
 * compare_dwarf.h — judge what DWARF says of a function against its record.
 *
 * The classes (docs/COMPARE.md has the rules and examples):
 *
 *   agree        DWARF places every real parameter where the record does,
 *                and nothing else: a DWARF reader finds the true signature.
 *   incomplete   some real parameter (or piece of one) DWARF cannot place
 *                at entry: no location there, optimized out, a piece it
 *                cannot name (a value loaded through a pointer).
 *   contradicts  DWARF places a parameter where the record says another
 *                value lives, or where nothing is passed, or gives another
 *                constant.  Wins over incomplete.
 *   invisible    every placement agrees, but the change is one DWARF's
 *                declaration cannot express and nothing in DWARF marks:
 *                the return value was dropped, or the calling convention
 *                changed without a new name (i386 regparm) and there is no
 *                DW_AT_calling_convention.
 */
#ifndef TRUESIG_COMPARE_DWARF_H
#define TRUESIG_COMPARE_DWARF_H

#include <stdbool.h>

#include "dwarf_entry.h"
#include "records.h"

enum compare_class {
	COMPARE_AGREE,
	COMPARE_INCOMPLETE,
	COMPARE_CONTRADICTS,
	COMPARE_INVISIBLE,
	COMPARE_N_CLASSES
};

#define COMPARE_MAX_REASONS	16
#define COMPARE_REASON_SIZE	200

/* Why a function is in its class, most telling first. */
struct compare_reasons {
	unsigned	 n;
	unsigned	 left_out;	/* more than COMPARE_MAX_REASONS */
	char		 text[COMPARE_MAX_REASONS][COMPARE_REASON_SIZE];
};

void compare_reason(struct compare_reasons *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* "agree", "incomplete", "contradicts", "invisible". */
const char *compare_class_name(enum compare_class c);

/*
 * Classify record r against d, what DWARF says at its entry (NULL when no
 * subprogram starts there; `why_missing` then says why).  `machine` is the
 * file's e_machine, for register names.
 */
enum compare_class compare_dwarf(const struct truesig_record *r,
				 const struct dwarf_function *d,
				 const char *why_missing, unsigned machine,
				 struct compare_reasons *reasons);

#endif /* TRUESIG_COMPARE_DWARF_H */
