/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * locations.cc — where a value lives at a function's first instruction, as
 * GCC's RTL says (DECL_INCOMING_RTL, the return rtx), and whether that
 * differs from what a caller that sees only the declaration's type would
 * assume (the ABI changes GCC makes to local functions without renaming
 * them, like i386 regparm).
 *
 * Everything here runs in the RTL pass right after "expand", before
 * virtual registers are instantiated.
 */
#include "truesig.h"

/* A mode's size in bytes; 0 for one whose size is not constant. */
unsigned
ts_mode_size (machine_mode mode)
{
	poly_uint64 size = GET_MODE_SIZE (mode);
	return size.is_constant () ? size.to_constant () : 0;
}

static void
push_reg (unsigned regno, machine_mode mode, unsigned size, unsigned piece,
	  unsigned kind, vec<ts_location> *out)
{
	char name[32];
	ts_location l = ts_location ();
	l.kind = kind;
	l.size = size;
	l.reg_name = ts_string (ts_reg_asm_name (regno, mode, name, sizeof name));
	l.value = TS_DWARF_REGNO (regno);
	l.piece_offset = piece;
	out->safe_push (l);
}

/* Byte offset from the stack pointer at the entry instruction of an
   address relative to the incoming-arguments pointer; -1 if it is not. */
static bool
incoming_stack_offset (rtx addr, HOST_WIDE_INT *offset)
{
	HOST_WIDE_INT off = 0;
	if (GET_CODE (addr) == PLUS && CONST_INT_P (XEXP (addr, 1))) {
		off = INTVAL (XEXP (addr, 1));
		addr = XEXP (addr, 0);
	}
	if (addr != virtual_incoming_args_rtx && addr != arg_pointer_rtx)
		return false;
	/* virtual-incoming-args = arg pointer + FIRST_PARM_OFFSET, the CFA is
	   the arg pointer + ARG_POINTER_CFA_OFFSET, and the stack pointer at
	   entry is the CFA - INCOMING_FRAME_SP_OFFSET. */
	if (addr == virtual_incoming_args_rtx)
		off += FIRST_PARM_OFFSET (current_function_decl);
	*offset = off - ARG_POINTER_CFA_OFFSET (current_function_decl) + INCOMING_FRAME_SP_OFFSET;
	return true;
}

static bool
locations_of (rtx x, unsigned size, unsigned piece, vec<ts_location> *out)
{
	if (!x)
		return false;
	switch (GET_CODE (x)) {
	case REG: {
		unsigned regno = REGNO (x);
		machine_mode mode = GET_MODE (x);
		if (!HARD_REGISTER_NUM_P (regno))
			return false;
		unsigned msize = ts_mode_size (mode);
		unsigned nregs = REG_NREGS (x);
		/* A value in consecutive word registers is described a word a
		   piece: a multi-word mode (DImode in eax:edx on i386, TImode
		   in rax:rdx), or an aggregate in BLKmode, which i386's regparm
		   passes in as many registers as it has words. */
		if (mode == BLKmode && size > 0) {
			nregs = (size + UNITS_PER_WORD - 1) / UNITS_PER_WORD;
			msize = size;
		}
		if ((nregs > 1 && msize == nregs * UNITS_PER_WORD)
		    || mode == BLKmode) {
			if (!msize)
				return false;
			/* A 12-byte struct in TImode (aarch64's x0:x1): the
			   last register holds only the bytes that are left. */
			if (size && size < msize)
				msize = size;
			for (unsigned i = 0; i * UNITS_PER_WORD < msize; i++) {
				unsigned at = i * UNITS_PER_WORD;
				unsigned n = MIN (msize - at, UNITS_PER_WORD);
				push_reg (regno + i, word_mode, n, piece + at,
					  TS_LOC_REG, out);
			}
			return true;
		}
		push_reg (regno, mode, msize ? msize : size, piece, TS_LOC_REG, out);
		return true;
	}
	case MEM: {
		rtx addr = XEXP (x, 0);
		HOST_WIDE_INT off;
		unsigned msize = ts_mode_size (GET_MODE (x));
		ts_location l = ts_location ();
		l.size = msize ? msize : size;
		l.piece_offset = piece;
		if (incoming_stack_offset (addr, &off)) {
			l.kind = TS_LOC_STACK;
			l.value = off;
		} else if (MEM_P (addr)
			   && incoming_stack_offset (XEXP (addr, 0), &off)) {
			l.kind = TS_LOC_STACK_INDIRECT;
			l.value = off;
		} else if (REG_P (addr) && HARD_REGISTER_P (addr)) {
			push_reg (REGNO (addr), GET_MODE (addr), l.size, piece,
				  TS_LOC_REG_INDIRECT, out);
			return true;
		} else {
			return false;
		}
		out->safe_push (l);
		return true;
	}
	case PARALLEL: {
		bool ok = true;
		for (int i = 0; i < XVECLEN (x, 0); i++) {
			rtx e = XVECEXP (x, 0, i);
			if (GET_CODE (e) != EXPR_LIST) {
				ok = false;
				continue;
			}
			if (!XEXP (e, 0))	/* the part passed on the stack */
				continue;
			unsigned off = CONST_INT_P (XEXP (e, 1)) ? INTVAL (XEXP (e, 1)) : 0;
			unsigned first = out->length ();
			ok &= locations_of (XEXP (e, 0), size, piece + off, out);
			/* A word register holding the last few bytes (a
			   12-byte struct in aarch64's x0, x1) holds only
			   those. */
			for (unsigned j = first; size && j < out->length (); j++) {
				ts_location &l = (*out)[j];
				unsigned at = l.piece_offset - piece;
				if (at < size && at + l.size > size)
					l.size = size - at;
			}
		}
		return ok;
	}
	case CONCAT: {
		unsigned first = ts_mode_size (GET_MODE (XEXP (x, 0)));
		bool ok = locations_of (XEXP (x, 0), first, piece, out);
		return locations_of (XEXP (x, 1), size - first, piece + first, out)
		       && ok;
	}
	default:
		return false;
	}
}

bool
ts_locations_of_rtl (rtx x, unsigned size, vec<ts_location> *out)
{
	return locations_of (x, size, 0, out);
}

/* ---- what a caller seeing only the type would do --------------------

   The target hooks that place arguments may write to cfun->machine (i386
   does); the simulation gets a fresh machine_function and the diagnostics
   that only describe ABI history are silenced, so the compile being
   observed is not changed. */
struct abi_sandbox {
	struct machine_function *saved_machine;
	int saved_warn_psabi;
	int saved_warn_abi;
};

static void
sandbox_enter (abi_sandbox *s)
{
	s->saved_machine = cfun->machine;
	if (init_machine_status)
		cfun->machine = (*init_machine_status) ();
	s->saved_warn_psabi = warn_psabi;
	s->saved_warn_abi = warn_abi;
	warn_psabi = 0;
	warn_abi = 0;
}

static void
sandbox_leave (abi_sandbox *s)
{
	cfun->machine = s->saved_machine;
	warn_psabi = s->saved_warn_psabi;
	warn_abi = s->saved_warn_abi;
}

/* Same place: the same first register, or both in memory. */
static bool
same_place (rtx expected, rtx actual)
{
	if (expected && GET_CODE (expected) == PARALLEL && XVECLEN (expected, 0))
		expected = XEXP (XVECEXP (expected, 0, 0), 0);
	if (actual && GET_CODE (actual) == PARALLEL && XVECLEN (actual, 0))
		actual = XEXP (XVECEXP (actual, 0, 0), 0);
	if (actual && GET_CODE (actual) == CONCAT)
		actual = XEXP (actual, 0);
	if (expected && GET_CODE (expected) == CONCAT)
		expected = XEXP (expected, 0);
	bool in_memory_expected = !expected || MEM_P (expected);
	bool in_memory_actual = !actual || MEM_P (actual);
	if (in_memory_expected || in_memory_actual)
		return in_memory_expected == in_memory_actual;
	if (!REG_P (expected) || !REG_P (actual))
		return true;		/* cannot tell: do not claim a change */
	return REGNO (expected) == REGNO (actual);
}

bool
ts_abi_differs_from_type (tree fndecl)
{
	tree fntype = TREE_TYPE (fndecl);
	bool differs = false;
	abi_sandbox sandbox;
	sandbox_enter (&sandbox);

	/* (Some targets' INIT_CUMULATIVE_ARGS ignore the count of named
	   arguments, so it is not a variable of its own.) */
	CUMULATIVE_ARGS cum_v;
	INIT_CUMULATIVE_ARGS (cum_v, fntype, NULL_RTX, NULL_TREE,
			      list_length (TYPE_ARG_TYPES (fntype)));
	cumulative_args_t cum = pack_cumulative_args (&cum_v);

	/* A caller passes the address of a returned aggregate first. */
	if (aggregate_value_p (TREE_TYPE (fntype), fntype)
	    && !targetm.calls.struct_value_rtx (fntype, 0)) {
		function_arg_info sret (ptr_type_node, true);
		targetm.calls.function_arg (cum, sret);
		targetm.calls.function_arg_advance (cum, sret);
	}

	for (tree p = DECL_ARGUMENTS (fndecl); p && !differs; p = DECL_CHAIN (p)) {
		tree type = DECL_ARG_TYPE (p);
		if (!type || type == error_mark_node || !DECL_INCOMING_RTL (p))
			break;
		function_arg_info arg (type, true);
		if (pass_by_reference (&cum_v, arg) || TYPE_EMPTY_P (type))
			break;		/* rare; not compared */
		rtx expected = targetm.calls.function_arg (cum, arg);
		differs = !same_place (expected, DECL_INCOMING_RTL (p));
		targetm.calls.function_arg_advance (cum, arg);
	}

	tree restype = TREE_TYPE (DECL_RESULT (fndecl));
	if (!differs && !VOID_TYPE_P (restype) && crtl->return_rtx
	    && !aggregate_value_p (DECL_RESULT (fndecl), fndecl)) {
		rtx expected = targetm.calls.function_value (restype, fntype, true);
		differs = !same_place (expected, crtl->return_rtx);
	}

	sandbox_leave (&sandbox);
	return differs;
}

/* The hidden struct-return pointer: in a register of its own where the
   target has one (aarch64's x8: struct_value_rtx), else as an invisible
   first argument: assign_parms made it a PARM_DECL (".result_ptr") and
   left it in DECL_VALUE_EXPR of the result. */
bool
ts_sret_location (tree fndecl, vec<ts_location> *out)
{
	tree result = DECL_RESULT (fndecl);
	if (!result || !aggregate_value_p (result, fndecl))
		return false;
	rtx reg = targetm.calls.struct_value_rtx (TREE_TYPE (fndecl), 1);
	if (reg && REG_P (reg))
		return locations_of (reg, POINTER_SIZE / BITS_PER_UNIT, 0, out);
	if (!DECL_HAS_VALUE_EXPR_P (result))
		return false;
	tree ptr = DECL_VALUE_EXPR (result);
	if (TREE_CODE (ptr) == INDIRECT_REF)
		ptr = TREE_OPERAND (ptr, 0);
	if (TREE_CODE (ptr) != PARM_DECL || !DECL_INCOMING_RTL (ptr))
		return false;
	return locations_of (DECL_INCOMING_RTL (ptr), POINTER_SIZE / BITS_PER_UNIT,
			     0, out);
}

bool
ts_static_chain_location (tree fndecl, vec<ts_location> *out)
{
	if (!DECL_STATIC_CHAIN (fndecl))
		return false;
	rtx chain = targetm.calls.static_chain (fndecl, true);
	return chain && locations_of (chain, POINTER_SIZE / BITS_PER_UNIT, 0, out);
}
