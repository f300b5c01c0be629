/* i386: GCC passes the arguments of local functions in registers (regparm)
   and, with -mfpmath=sse, floating point in SSE registers, without renaming
   them.  A tracer reading the standard ABI (the stack) would be wrong, so
   they are recorded, kind "abi". */
/* { dg-do compile } */
/* { dg-options "-m32 -msse2 -mfpmath=sse" } */
/* truesig-target: x86_64-* i?86-* (i386 code, -m32) */

static __attribute__((noinline)) int
local3 (int a, int b, int c)
{
  return a * b + c;
}

static __attribute__((noinline)) double
locald (double a, double b)
{
  return a * b;
}

int
use (int x, int y)
{
  return local3 (x, y, 3) + local3 (y, x, x) + (int) locald (x, y)
	 + (int) locald (y, 2.0 * x);
}

/* Exported: the standard ABI, no record. */
int
exported (int a, int b, int c)
{
  return a + b + c;
}

/* { dg-final { truesig-query {[.records[].symbol] | sort} {["local3","locald"]} } } */
/* { dg-final { truesig-json {^local3$} {.kinds} {["abi"]} } } */
/* { dg-final { truesig-json {^local3$} {[.params[].location[0].reg]} {["eax","edx","ecx"]} } } */
/* { dg-final { truesig-json {^local3$} {[.params[].location[0].dwarf_reg]} {[0,2,1]} } } */
/* { dg-final { truesig-json {^locald$} {[.params[].location[0].reg] + [.return.location[0].reg]} {["xmm0","xmm1","xmm0"]} } } */
/* { dg-final { truesig-same-code } } */
