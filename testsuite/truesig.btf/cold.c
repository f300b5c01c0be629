/* A function with a cold part: the .cold fragment is not an entry point
   and gets no FUNC; its function does. */
/* { dg-do compile } */
/* { dg-options "-freorder-blocks-and-partition" } */

extern void report (const char *, int) __attribute__((cold));

static __attribute__((noinline)) int
check (int v, int unused, int lim)
{
  if (__builtin_expect (v > lim, 0))
    {
      report ("too big", v);
      report ("limit", lim);
      return -1;
    }
  return v * 2;
}

int
use (int a, int b)
{
  return check (a, b, 100) + check (b, a, 100);
}

/* { dg-final { truesig-btf-convert } } */
/* { dg-final { truesig-btf-func {check.constprop.0} {static int check.constprop.0(int v)} } } */
/* { dg-final { truesig-btf-every-record } } */
/* { dg-final { truesig-btf-summary {2 records read \(1 cold fragment\); FUNCs: 1 added} } } */
/* { dg-final { truesig-btf-kernel } } */
