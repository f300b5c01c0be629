/* -fplugin-arg-truesig-all records every function: global ones get
   BTF_FUNC_GLOBAL, static ones BTF_FUNC_STATIC, and a variadic one ends
   its prototype in "...". */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-truesig-all" } */

#include <stdarg.h>

int
sum (int n, ...)
{
  va_list ap;
  int s = 0;
  va_start (ap, n);
  while (n--)
    s += va_arg (ap, int);
  va_end (ap);
  return s;
}

/* k is 3 at every call: IPA-CP's clone in every GCC version. */
static __attribute__((noinline)) int drop (int a, int k) { return a * k; }
int call (int x, int y) { return drop (x, 3) + drop (y, 3) + sum (2, x, y); }
__attribute__((weak)) int maybe (int a) { return a; }

/* { dg-final { truesig-btf-convert } } */
/* { dg-final { truesig-btf-func {sum} {global int sum(int n, ...)} } } */
/* { dg-final { truesig-btf-func {call} {global int call(int x, int y)} } } */
/* { dg-final { truesig-btf-func {maybe} {global int maybe(int a)} } } */
/* { dg-final { truesig-btf-func {drop.constprop.0} {static int drop.constprop.0(int a)} } } */
/* { dg-final { truesig-btf-every-record } } */
/* { dg-final { truesig-btf-kernel } } */
/* { dg-final { truesig-btf-idempotent } } */
