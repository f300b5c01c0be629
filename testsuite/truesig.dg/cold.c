/* A function with a cold part: the .cold label is recorded as a fragment
   of its function, never as an entry point.  (-Os does not partition;
   x86 partitions by default, aarch64, s390x and riscv64 when asked.) */
/* { dg-do compile } */
/* { dg-options "-freorder-blocks-and-partition" } */
/* truesig-levels: -O2 -O3 */

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

/* { dg-final { truesig-every-clone-recorded } } */
/* { dg-final { truesig-same-code } } */
/* { dg-final { truesig-query {[.records[] | select(.cold_fragment) | .symbol + "<" + .parent + ":" + (.kinds|join(","))]} {["check.constprop.0.cold<check.constprop.0:constprop,cold"]} } } */
/* { dg-final { truesig-query {[.records[] | select(.cold_fragment) | .params | length]} {[0]} } } */
