/* IPA-CP: every caller passes mode == 3 and the same string; the clone
   takes neither, and the record keeps the constants. */
/* { dg-do compile } */

static const char tag[] = "q";

static __attribute__((noinline)) int
scale (int x, int mode, const char *t)
{
  return mode == 3 ? x * 7 + t[0] : x - 1;
}

int
use (int a, int b)
{
  return scale (a, 3, tag) + scale (b, 3, tag);
}

/* { dg-final { truesig-every-clone-recorded } } */
/* { dg-final { truesig-same-code } } */
/* { dg-final { truesig-json {^scale\.constprop\.0$} {.kinds} {["constprop"]} } } */
/* { dg-final { truesig-json {^scale\.constprop\.0$} {[.source_params[] | .name + ":" + .fate]} {["x:passed","mode:constant","t:constant"]} } } */
/* { dg-final { truesig-json {^scale\.constprop\.0$} {[.source_params[].constant]} {[null,3,"&tag"]} } } */
/* { dg-final { truesig-json {^scale\.constprop\.0$} {[.params[] | .name + ":" + .origin.how]} {["x:copy"]} } } */
