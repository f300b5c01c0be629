/* i386: GCC passes a local function's arguments in eax, edx and ecx
   without renaming it.  DWARF's locations at entry agree with the record,
   but its declaration is the source one and nothing (no
   DW_AT_calling_convention) says the standard ABI, the stack, is not
   used. */
/* { dg-do compile } */
/* { dg-options "-m32" } */
/* truesig-target: x86_64-* i?86-* (i386 code, -m32) */

static __attribute__((noinline)) int
local3 (int a, int b, int c)
{
  return a * b + c;
}

int
use (int x, int y)
{
  return local3 (x, y, 3) + local3 (y, x, x);
}

/* { dg-final { truesig-compare {local3} invisible {the calling convention changed without a new name} } } */
