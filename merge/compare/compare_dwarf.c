// SPDX-License-Identifier: MIT
/*
 * compare_dwarf.c — a record against what DWARF says at the function's
 * entry (see compare_dwarf.h).
 *
 * Two passes.  From the record's side, every location of every real
 * parameter is looked up in DWARF: the source parameter it comes from, the
 * DWARF piece that covers the same bytes of it, and whether that piece is
 * at the same place.  From DWARF's side, every placed piece of every
 * declared parameter is looked up in the record: a place the record gives
 * to nothing of that parameter is a contradiction (DWARF would have a
 * reader fetch it from where something else, or nothing, was passed).
 */
#include <dwarf.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "target.h"
#include "compare_dwarf.h"
#include "type_name.h"

static const char *const class_names[COMPARE_N_CLASSES] = {
	[COMPARE_AGREE] = "agree",
	[COMPARE_INCOMPLETE] = "incomplete",
	[COMPARE_CONTRADICTS] = "contradicts",
	[COMPARE_INVISIBLE] = "invisible",
};

const char *compare_class_name(enum compare_class c)
{
	return c < COMPARE_N_CLASSES ? class_names[c] : "?";
}

void compare_reason(struct compare_reasons *r, const char *fmt, ...)
{
	va_list ap;

	if (r->n == COMPARE_MAX_REASONS) {
		r->left_out++;
		return;
	}
	va_start(ap, fmt);
	vsnprintf(r->text[r->n++], COMPARE_REASON_SIZE, fmt, ap);
	va_end(ap);
}

struct judge {
	const struct truesig_record *r;
	const struct dwarf_function *d;
	unsigned	 machine;
	bool		 incomplete, contradicts;
	struct compare_reasons *reasons;
};

/* ---- how things are written ------------------------------------------------ */

#define PLACE_MAX	64

static const char *record_place(const struct judge *j,
				const struct truesig_location *l, char *buf)
{
	return truesig_location_text(l, j->machine, TS_LOCATION_PLAIN, buf,
				     PLACE_MAX);
}

static const char *dwarf_place(const struct judge *j,
			       const struct dwarf_piece *p, char *buf)
{
	char reg[32];

	switch (p->kind) {
	case DWARF_PIECE_REG:
		snprintf(buf, PLACE_MAX, "in %s", target_register_name(
				 j->machine, p->reg, reg, sizeof(reg)));
		break;
	case DWARF_PIECE_STACK:
		snprintf(buf, PLACE_MAX, "in [sp%+lld]", (long long)p->offset);
		break;
	case DWARF_PIECE_REG_INDIRECT:
		snprintf(buf, PLACE_MAX, "in [%s%+lld]", target_register_name(
				 j->machine, p->reg, reg, sizeof(reg)),
			 (long long)p->offset);
		break;
	case DWARF_PIECE_CONST:
		if (p->value_known)
			snprintf(buf, PLACE_MAX, "the constant %llu",
				 (unsigned long long)p->value);
		else
			snprintf(buf, PLACE_MAX, "a constant");
		break;
	case DWARF_PIECE_CALLER:
		snprintf(buf, PLACE_MAX, "known only at the call sites");
		break;
	case DWARF_PIECE_COMPUTED:
		snprintf(buf, PLACE_MAX, "an expression of other values");
		break;
	default:
		snprintf(buf, PLACE_MAX, "optimized out");
	}
	return buf;
}

/* "p.b", "k", "p->b": how a real parameter is called. */
static const char *param_label(const struct truesig_record *r,
			       const struct truesig_param *p)
{
	if (p->path[0])
		return p->path;
	if (p->how == TS_HOW_COPY && p->source < r->n_source_params &&
	    r->source_params[p->source].name[0])
		return r->source_params[p->source].name;
	return p->name[0] ? p->name : "?";
}

static const char *source_label(const struct truesig_record *r, unsigned s)
{
	return s < r->n_source_params && r->source_params[s].name[0] ?
	       r->source_params[s].name : "?";
}

/* ---- places --------------------------------------------------------------- */

/* Whether DWARF piece p, `delta` bytes into it, is where record location l
   is. */
static bool same_place(const struct truesig_location *l,
		       const struct dwarf_piece *p, uint32_t delta)
{
	switch (p->kind) {
	case DWARF_PIECE_REG:
		return l->kind == TS_LOC_REG && l->value == p->reg && !delta;
	case DWARF_PIECE_STACK:
		return l->kind == TS_LOC_STACK &&
		       (int64_t)l->value == p->offset + delta;
	case DWARF_PIECE_REG_INDIRECT:
		return l->kind == TS_LOC_REG_INDIRECT && l->value == p->reg &&
		       p->offset + delta == 0;
	default:
		return false;
	}
}

static bool is_placed(const struct dwarf_piece *p)
{
	return p->kind == DWARF_PIECE_REG || p->kind == DWARF_PIECE_STACK ||
	       p->kind == DWARF_PIECE_REG_INDIRECT;
}

/* The DWARF piece of parameter dp covering byte `offset`, or NULL. */
static const struct dwarf_piece *piece_at(const struct dwarf_param *dp,
					  uint32_t offset)
{
	for (unsigned i = 0; i < dp->n_pieces; i++) {
		const struct dwarf_piece *p = &dp->pieces[i];

		if (offset >= p->offset_in_value &&
		    (offset - p->offset_in_value < p->size ||
		     (!p->size && offset == p->offset_in_value)))
			return p;
	}
	return NULL;
}

/* The byte offset in its source parameter of a real parameter's location
   (value pieces and copies only). */
static uint32_t source_offset(const struct truesig_param *p,
			      const struct truesig_location *l)
{
	return (p->how == TS_HOW_VALUE_PIECE ? p->offset : 0) +
	       l->piece_offset;
}

/* A finding: the function is incomplete or contradicts, for this reason. */
__attribute__((format(printf, 3, 0)))
static void finding(struct judge *j, bool *flag, const char *fmt, va_list ap)
{
	char text[COMPARE_REASON_SIZE];

	vsnprintf(text, sizeof(text), fmt, ap);
	*flag = true;
	compare_reason(j->reasons, "%s", text);
}

__attribute__((format(printf, 2, 3)))
static void incomplete(struct judge *j, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	finding(j, &j->incomplete, fmt, ap);
	va_end(ap);
}

__attribute__((format(printf, 2, 3)))
static void contradicts(struct judge *j, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	finding(j, &j->contradicts, fmt, ap);
	va_end(ap);
}

/* ---- the record's side ---------------------------------------------------- */

/* A value loaded through pointer parameter `source`: DWARF has no name for
   it; it contradicts only by placing the pointer where the value is. */
static void check_pointer_piece(struct judge *j, unsigned index,
				const struct truesig_param *p,
				const struct truesig_location *l)
{
	const struct dwarf_param *dp = &j->d->params[p->source];
	const struct dwarf_piece *piece = dp->at_entry ? piece_at(dp, 0) : NULL;
	char here[PLACE_MAX];

	if (piece && same_place(l, piece, 0)) {
		contradicts(j, "real parameter %u (%s): DWARF says pointer %s "
			    "is in %s, where the record has the value loaded "
			    "through it", index, param_label(j->r, p),
			    source_label(j->r, p->source),
			    record_place(j, l, here));
		return;
	}
	incomplete(j, "real parameter %u (%s) is loaded through %s by the "
		   "callers: DWARF cannot name it", index,
		   param_label(j->r, p), source_label(j->r, p->source));
}

static void check_location(struct judge *j, unsigned index,
			   const struct truesig_param *p,
			   const struct truesig_location *l)
{
	const struct dwarf_param *dp = &j->d->params[p->source];
	uint32_t offset = source_offset(p, l);
	const struct dwarf_piece *piece;
	char here[PLACE_MAX], there[PLACE_MAX];
	const char *label = param_label(j->r, p);
	const char *source = source_label(j->r, p->source);

	if (!dp->at_entry) {
		incomplete(j, "real parameter %u (%s): DWARF has %s for %s at "
			   "entry", index, label, dp->has_location ?
			   "no location" : "no location at all", source);
		return;
	}
	if (dp->too_many_pieces) {
		incomplete(j, "real parameter %u (%s): DWARF describes %s in "
			   "more pieces than this tool reads", index, label,
			   source);
		return;
	}
	piece = piece_at(dp, offset);
	if (!piece) {
		incomplete(j, "real parameter %u (%s): no DWARF piece of %s "
			   "covers its bytes %u..%u", index, label, source,
			   offset, offset + l->size);
		return;
	}
	if (same_place(l, piece, offset - piece->offset_in_value))
		return;
	record_place(j, l, here);
	switch (piece->kind) {
	case DWARF_PIECE_NONE:
		incomplete(j, "real parameter %u (%s) in %s: DWARF says that "
			   "part of %s is optimized out", index, label, here,
			   source);
		break;
	case DWARF_PIECE_COMPUTED:
		incomplete(j, "real parameter %u (%s) in %s: DWARF gives %s "
			   "only as an expression of other values", index,
			   label, here, source);
		break;
	case DWARF_PIECE_CALLER:
		if (p->how == TS_HOW_VALUE_PIECE)
			incomplete(j, "real parameter %u (%s) in %s: DWARF "
				   "knows %s only at the call sites and "
				   "cannot name the piece", index, label,
				   here, source);
		else
			contradicts(j, "real parameter %u (%s) in %s: DWARF "
				    "says %s is not passed (known only at the "
				    "call sites)", index, label, here, source);
		break;
	case DWARF_PIECE_CONST:
		/* The value may well be right; where it arrives is lost. */
		incomplete(j, "real parameter %u (%s) in %s: DWARF gives %s "
			   "only as %s", index, label, here, source,
			   dwarf_place(j, piece, there));
		break;
	default:
		contradicts(j, "real parameter %u (%s): DWARF has %s %s at "
			    "entry, the record %s", index, label, source,
			    dwarf_place(j, piece, there), here);
	}
}

static void check_record_side(struct judge *j)
{
	const struct truesig_record *r = j->r;

	for (unsigned i = 0; i < r->n_params; i++) {
		const struct truesig_param *p = &r->params[i];
		const struct truesig_location *locs =
			truesig_param_locs(r, p);

		if (p->how == TS_HOW_NEW || p->source >= r->n_source_params) {
			incomplete(j, "real parameter %u (%s) has no source "
				   "parameter DWARF could name", i,
				   param_label(r, p));
			continue;
		}
		if (p->how == TS_HOW_REFERENCE) {
			incomplete(j, "real parameter %u (%s) is the address "
				   "of a copy of %s, which DWARF does not "
				   "describe", i, param_label(r, p),
				   source_label(r, p->source));
			continue;
		}
		if (p->source >= j->d->n_params) {
			incomplete(j, "real parameter %u (%s): DWARF declares "
				   "only %u parameters", i, param_label(r, p),
				   j->d->n_params);
			continue;
		}
		if (!p->loc_count)
			incomplete(j, "real parameter %u (%s): the record has "
				   "no location for it", i, param_label(r, p));
		for (unsigned k = 0; k < p->loc_count; k++) {
			if (p->how == TS_HOW_POINTER_PIECE) {
				check_pointer_piece(j, i, p, &locs[k]);
				break;
			}
			check_location(j, i, p, &locs[k]);
		}
	}
}

/* ---- DWARF's side --------------------------------------------------------- */

/* Whether the record passes byte `offset` of source `s` at piece's place. */
static bool record_has(const struct truesig_record *r, unsigned s,
		       uint32_t offset, const struct dwarf_piece *piece,
		       bool *passes_offset)
{
	for (unsigned i = 0; i < r->n_params; i++) {
		const struct truesig_param *p = &r->params[i];
		const struct truesig_location *locs = truesig_param_locs(r, p);

		if (p->source != s)
			continue;
		for (unsigned k = 0; k < p->loc_count; k++) {
			/* Judged from the record's side already. */
			if (p->how == TS_HOW_POINTER_PIECE &&
			    same_place(&locs[k], piece, 0)) {
				*passes_offset = true;
				continue;
			}
			if (p->how == TS_HOW_POINTER_PIECE)
				continue;
			uint32_t o = source_offset(p, &locs[k]);

			/* An empty struct's location has size 0. */
			if (offset < o || (offset - o >= locs[k].size &&
					   (locs[k].size || offset != o)))
				continue;
			*passes_offset = true;
			if (offset == o &&
			    same_place(&locs[k], piece,
				       offset - piece->offset_in_value))
				return true;
		}
	}
	return false;
}

/* What the record has at piece's place, for the message. */
static void describe_occupant(const struct judge *j,
			      const struct dwarf_piece *piece, char *buf,
			      size_t size)
{
	const struct truesig_record *r = j->r;

	for (unsigned i = 0; i < r->n_params; i++) {
		const struct truesig_param *p = &r->params[i];
		const struct truesig_location *locs = truesig_param_locs(r, p);

		for (unsigned k = 0; k < p->loc_count; k++)
			if (same_place(&locs[k], piece, 0)) {
				snprintf(buf, size, "real parameter %u (%s) "
					 "arrives there", i,
					 param_label(r, p));
				return;
			}
	}
	snprintf(buf, size, "nothing is passed there");
}

/* The integer the record knows at byte `offset` of source parameter s's
   value: the whole constant, or a known value piece.  False if none. */
static bool known_integer(const struct truesig_record *r, unsigned s,
			  uint32_t offset, uint64_t *value)
{
	const struct truesig_source_param *sp = &r->source_params[s];

	if (sp->fate == TS_FATE_CONSTANT && !offset &&
	    (sp->const_kind == TS_CONST_SIGNED ||
	     sp->const_kind == TS_CONST_UNSIGNED)) {
		*value = sp->const_value;
		return true;
	}
	for (unsigned i = 0; i < r->n_known_pieces; i++) {
		const struct truesig_known_piece *k = &r->known_pieces[i];

		if (k->source == s && k->how == TS_HOW_VALUE_PIECE &&
		    k->offset == offset &&
		    (k->const_kind == TS_CONST_SIGNED ||
		     k->const_kind == TS_CONST_UNSIGNED)) {
			*value = k->value;
			return true;
		}
	}
	return false;
}

/* A constant in DWARF: right when the record has the parameter, or that
   piece of it, constant with the same value (or no value); other fates
   are judged elsewhere. */
static void check_constant(struct judge *j, unsigned s,
			   const struct dwarf_piece *piece)
{
	uint64_t mask = ~UINT64_C(0), want, have;

	if (!piece->value_known ||
	    !known_integer(j->r, s, piece->offset_in_value, &want))
		return;
	if (piece->size && piece->size < 8)
		mask = (UINT64_C(1) << (8 * piece->size)) - 1;
	want &= mask;
	have = piece->value & mask;
	if (want != have)
		contradicts(j, "%s: DWARF says the constant %llu, the record "
			    "%llu", source_label(j->r, s),
			    (unsigned long long)have,
			    (unsigned long long)want);
}

static void check_dwarf_side(struct judge *j)
{
	const struct truesig_record *r = j->r;
	unsigned n = j->d->n_params < r->n_source_params ?
		     j->d->n_params : r->n_source_params;

	for (unsigned s = 0; s < n; s++) {
		const struct dwarf_param *dp = &j->d->params[s];

		for (unsigned k = 0; dp->at_entry && k < dp->n_pieces; k++) {
			const struct dwarf_piece *piece = &dp->pieces[k];
			char there[PLACE_MAX], who[COMPARE_REASON_SIZE];
			bool passes_offset = false;

			if (piece->kind == DWARF_PIECE_CONST) {
				check_constant(j, s, piece);
				continue;
			}
			if (!is_placed(piece) ||
			    record_has(r, s, piece->offset_in_value, piece,
				       &passes_offset) || passes_offset)
				continue;	/* agrees, or reported */
			describe_occupant(j, piece, who, sizeof(who));
			contradicts(j, "DWARF has %s%s %s at entry, but the "
				    "record %s it: %s", source_label(r, s),
				    dp->n_pieces > 1 ? " (a piece)" : "",
				    dwarf_place(j, piece, there),
				    r->source_params[s].fate == TS_FATE_REMOVED ?
				    "removed" : "does not pass", who);
		}
	}
}

static bool has_kind(const struct truesig_record *r, unsigned kind)
{
	for (unsigned i = 0; i < r->n_kinds; i++)
		if (r->kinds[i] == kind)
			return true;
	return false;
}

enum compare_class compare_dwarf(const struct truesig_record *r,
				 const struct dwarf_function *d,
				 const char *why_missing, unsigned machine,
				 struct compare_reasons *reasons)
{
	struct judge j = { r, d, machine, false, false, reasons };
	char type[TYPE_NAME_MAX];
	bool invisible = false;

	memset(reasons, 0, sizeof(*reasons));
	if (!d) {
		compare_reason(reasons, "%s", why_missing);
		return COMPARE_INCOMPLETE;
	}
	if (d->n_params != r->n_source_params && !d->too_many_params)
		incomplete(&j, "DWARF declares %u parameters, the source %u",
			   d->n_params, r->n_source_params);
	check_record_side(&j);
	check_dwarf_side(&j);
	if (j.contradicts)
		return COMPARE_CONTRADICTS;
	if (j.incomplete)
		return COMPARE_INCOMPLETE;
	if ((r->flags & TS_RF_RETURN_DROPPED) && !d->returns_void) {
		compare_reason(reasons, "the return value was dropped; DWARF "
			       "still declares %s",
			       type_name(r->unit, r->source_return_type, "",
					 type, sizeof(type)));
		invisible = true;
	}
	if (has_kind(r, TS_KIND_ABI) &&
	    (!d->calling_convention ||
	     d->calling_convention == DW_CC_normal)) {
		compare_reason(reasons, "the calling convention changed "
			       "without a new name, and DWARF does not mark "
			       "it (no DW_AT_calling_convention): only the "
			       "locations show it");
		invisible = true;
	}
	return invisible ? COMPARE_INVISIBLE : COMPARE_AGREE;
}
