/* SPDX-License-Identifier: MIT */
/*
 * truesig_verify.h — what the caller passed, for `truesig verify`.
 *
 *   #include "truesig_verify.h"
 *   r = TV_CALL(f, a, b, &s);          instead of  r = f(a, b, &s);
 *
 * TV_CALL stores the bytes of every argument (evaluated into a temporary of
 * its own type, so write each argument with the type of its parameter:
 * `(long)1`, not `1`, for a long) and, for a pointer, the sizeof *p bytes it
 * points to, into the global truesig_verify_capture, marks it pending, and
 * calls f with the arguments as written.  Each argument is thus evaluated
 * twice: arguments must have no side effects and read nothing volatile.
 * (Calling with the expressions themselves, not with the temporaries, keeps
 * what IPA-CP knows at the call: the constants in a struct argument.)
 * `truesig verify` finds the global by its symbol, reads it at
 * the entry of the function called and compares the parameters the record
 * locates with these bytes; it clears `pending' when it used them.
 *
 * The capture costs the caller a few stores; the callee is untouched, so
 * GCC makes the same clones (compile with -DTV_NO_CAPTURE for the plain
 * calls, to compare).  Up to TV_MAX_ARGS arguments of TV_DATA_SIZE bytes in
 * all; more sets `overflow' and verify checks nothing for that call.
 *
 * The layout is the same for 32- and 64-bit programs (fixed-width fields,
 * 8-byte aligned offsets): see merge/verify/verify_expect.c.
 */
#ifndef TRUESIG_VERIFY_H
#define TRUESIG_VERIFY_H

#include <stdint.h>

#define TV_MAX_ARGS	16
#define TV_DATA_SIZE	8192
#define TV_MAGIC	"TSVCAP1"

struct truesig_verify_arg {
	uint32_t off, size;		/* the argument's bytes in data[] */
	uint32_t ptr_off, ptr_size;	/* a pointer's pointee (0 if none) */
};

struct truesig_verify_capture {
	char	 magic[8];		/*   0: TV_MAGIC */
	volatile uint32_t pending;	/*   8: 1 from capture to entry */
	uint32_t nargs;			/*  12 */
	uint64_t callee;		/*  16: address of the callee's name */
	uint32_t used;			/*  24: bytes of data[] used */
	uint32_t overflow;		/*  28: the arguments did not fit */
	struct truesig_verify_arg args[TV_MAX_ARGS];	/* 32 */
	unsigned char data[TV_DATA_SIZE];		/* 288 */
};

__attribute__((weak, used)) struct truesig_verify_capture
	truesig_verify_capture = { TV_MAGIC, 0, 0, 0, 0, 0, {{0, 0, 0, 0}}, {0} };

#ifdef TV_NO_CAPTURE

#define TV_CALL(fn, ...)	fn(__VA_ARGS__)

#else

static inline __attribute__((always_inline)) void
tv__begin(const char *callee, uint32_t nargs)
{
	struct truesig_verify_capture *c = &truesig_verify_capture;

	c->callee = (uintptr_t)callee;
	c->nargs = nargs;
	c->used = 0;
	c->overflow = nargs > TV_MAX_ARGS;
}

static inline __attribute__((always_inline)) void
tv__arg(uint32_t i, const void *p, uint32_t n, const void *pp, uint32_t pn)
{
	struct truesig_verify_capture *c = &truesig_verify_capture;
	uint32_t u = c->used;

	if (!pp)
		pn = 0;
	if (i >= TV_MAX_ARGS || n + pn > TV_DATA_SIZE - u) {
		c->overflow = 1;
		return;
	}
	c->args[i].off = u;
	c->args[i].size = n;
	__builtin_memcpy(c->data + u, p, n);
	u += n;
	c->args[i].ptr_off = u;
	c->args[i].ptr_size = pn;
	if (pn)
		__builtin_memcpy(c->data + u, pp, pn);
	c->used = u + pn;
}

/*
 * `pending' is volatile: verify clears it behind GCC's back, so GCC must not
 * take a store of 1 for one it has already made.
 *
 * The capture is complete before the call: an empty asm that reads the
 * buffer keeps its stores (the callee does not read them; without it GCC
 * could drop stores that a later capture overwrites).  It clobbers nothing
 * else, so what GCC knows of the arguments (IPA-CP's constants in a struct
 * being passed) survives: a "memory" clobber would forget it.
 */
static inline __attribute__((always_inline)) void
tv__end(void)
{
	truesig_verify_capture.pending = 1;
	__asm__ __volatile__("" : : "m"(truesig_verify_capture));
}

/* A pointer argument's pointee: sizeof *p bytes (1 for void *). */
#define TV__ISPTR(x)	(__builtin_classify_type(x) == 5)
#define TV__ASPTR(x)	__builtin_choose_expr(TV__ISPTR(x), (x), (const char *)0)
#define TV__PP(x)	((const void *)TV__ASPTR(x))
#define TV__PN(x)	__builtin_choose_expr(TV__ISPTR(x), sizeof *TV__ASPTR(x), 0)

/* Capture argument i into a temporary of its own type. */
#define TV__C(i, a)	{ __typeof__(a) tv__t = (a); tv__arg(i, &tv__t, \
			  sizeof tv__t, TV__PP(tv__t), TV__PN(tv__t)); }
#define TV__B(fn, n)	tv__begin(#fn, n);

#define TV__CALL1(fn, a0) ({ TV__B(fn, 1) TV__C(0, a0) tv__end(); fn(a0); \
	})
#define TV__CALL2(fn, a0, a1) ({ TV__B(fn, 2) TV__C(0, a0) TV__C(1, a1) \
	tv__end(); fn(a0, a1); })
#define TV__CALL3(fn, a0, a1, a2) ({ TV__B(fn, 3) TV__C(0, a0) TV__C(1, \
	a1) TV__C(2, a2) tv__end(); fn(a0, a1, a2); })
#define TV__CALL4(fn, a0, a1, a2, a3) ({ TV__B(fn, 4) TV__C(0, a0) \
	TV__C(1, a1) TV__C(2, a2) TV__C(3, a3) tv__end(); fn(a0, a1, a2, a3); })
#define TV__CALL5(fn, a0, a1, a2, a3, a4) ({ TV__B(fn, 5) TV__C(0, a0) \
	TV__C(1, a1) TV__C(2, a2) TV__C(3, a3) TV__C(4, a4) tv__end(); fn(a0, a1, \
	a2, a3, a4); })
#define TV__CALL6(fn, a0, a1, a2, a3, a4, a5) ({ TV__B(fn, 6) TV__C(0, a0) \
	TV__C(1, a1) TV__C(2, a2) TV__C(3, a3) TV__C(4, a4) TV__C(5, a5) \
	tv__end(); fn(a0, a1, a2, a3, a4, a5); })
#define TV__CALL7(fn, a0, a1, a2, a3, a4, a5, a6) ({ TV__B(fn, 7) TV__C(0, \
	a0) TV__C(1, a1) TV__C(2, a2) TV__C(3, a3) TV__C(4, a4) TV__C(5, a5) \
	TV__C(6, a6) tv__end(); fn(a0, a1, a2, a3, a4, a5, a6); })
#define TV__CALL8(fn, a0, a1, a2, a3, a4, a5, a6, a7) ({ TV__B(fn, 8) \
	TV__C(0, a0) TV__C(1, a1) TV__C(2, a2) TV__C(3, a3) TV__C(4, a4) TV__C(5, \
	a5) TV__C(6, a6) TV__C(7, a7) tv__end(); fn(a0, a1, a2, a3, a4, a5, a6, \
	a7); })
#define TV__CALL9(fn, a0, a1, a2, a3, a4, a5, a6, a7, a8) ({ TV__B(fn, 9) \
	TV__C(0, a0) TV__C(1, a1) TV__C(2, a2) TV__C(3, a3) TV__C(4, a4) TV__C(5, \
	a5) TV__C(6, a6) TV__C(7, a7) TV__C(8, a8) tv__end(); fn(a0, a1, a2, a3, \
	a4, a5, a6, a7, a8); })
#define TV__CALL10(fn, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9) ({ \
	TV__B(fn, 10) TV__C(0, a0) TV__C(1, a1) TV__C(2, a2) TV__C(3, a3) \
	TV__C(4, a4) TV__C(5, a5) TV__C(6, a6) TV__C(7, a7) TV__C(8, a8) TV__C(9, \
	a9) tv__end(); fn(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9); })
#define TV__CALL11(fn, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10) ({ \
	TV__B(fn, 11) TV__C(0, a0) TV__C(1, a1) TV__C(2, a2) TV__C(3, a3) \
	TV__C(4, a4) TV__C(5, a5) TV__C(6, a6) TV__C(7, a7) TV__C(8, a8) TV__C(9, \
	a9) TV__C(10, a10) tv__end(); fn(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, \
	a10); })
#define TV__CALL12(fn, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11) \
	({ TV__B(fn, 12) TV__C(0, a0) TV__C(1, a1) TV__C(2, a2) TV__C(3, a3) \
	TV__C(4, a4) TV__C(5, a5) TV__C(6, a6) TV__C(7, a7) TV__C(8, a8) TV__C(9, \
	a9) TV__C(10, a10) TV__C(11, a11) tv__end(); fn(a0, a1, a2, a3, a4, a5, \
	a6, a7, a8, a9, a10, a11); })

#define TV__N(...)	TV__N_(__VA_ARGS__, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, \
			       2, 1, 0)
#define TV__N_(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, n, ...) n
#define TV__CAT(a, b)	TV__CAT_(a, b)
#define TV__CAT_(a, b)	a##b

/* TV_CALL(fn, args...): 1 to 12 arguments. */
#define TV_CALL(fn, ...) \
	TV__CAT(TV__CALL, TV__N(__VA_ARGS__))(fn, __VA_ARGS__)

#endif /* TV_NO_CAPTURE */

#endif /* TRUESIG_VERIFY_H */
