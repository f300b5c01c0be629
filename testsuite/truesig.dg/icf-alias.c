/* Identical code folding makes one of two identical local functions an
   alias of the other.  On i386 both take register arguments (kind abi), so
   both symbols get a record; the alias's says whose code it is. */
/* { dg-do compile } */
/* { dg-options "-m32" } */
/* truesig-target: x86_64-* i?86-* (i386 code, -m32) */

static __attribute__((noinline)) int
first (int a, int b, int c)
{
  return a * b - c;
}

static __attribute__((noinline)) int
second (int a, int b, int c)
{
  return a * b - c;
}

int
use (int x, int y)
{
  return first (x, y, 3) + second (y, x, x);
}

/* { dg-final { truesig-same-code } } */
/* { dg-final { truesig-query {[.records[] | .symbol + (if .alias then "=" + .parent else "" end)] | sort} {["first","second=first"]} } } */
/* { dg-final { truesig-json {^second$} {[.kinds, .changed, [.params[].location[0].reg]]} {[["abi"],true,["eax","edx","ecx"]]} } } */
/* { dg-final { truesig-addresses-match-symbols } } */
