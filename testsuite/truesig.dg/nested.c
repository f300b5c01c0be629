/* A nested function (GNU C) is not a clone and its signature does not
   change: GCC names it inner.0 to keep it apart from other functions
   named inner, and it receives its declared parameters as declared, with
   the static chain beside them (r10 on x86-64) as the language's hidden
   argument, as it always does.  So it gets no record (under
   -fplugin-arg-truesig-all it does: static-chain.c).  The IPA-SRA clone
   of an ordinary function next to it does.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

static int __attribute__ ((noinline))
scale (int x, int unused)
{
  return x * 3;
}

int
outer (int k)
{
  __attribute__ ((noinline)) int inner (int a) { return a * k; }
  return inner (3) + inner (k) + scale (k, k + 1) + scale (k + 2, k);
}

/* { dg-final { truesig-every-clone-recorded } } */
/* { dg-final { truesig-query {[.records[] | select(.function == "inner")] | length} {0} } } */
/* { dg-final { truesig-query {[.records[] | select(.function == "scale") | .source_params[1].fate] | unique} {["removed"]} } } */
