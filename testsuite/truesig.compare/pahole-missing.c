/* pahole 1.24 describes no clone: no FUNC under the clone's name.  */
/* { dg-do compile } */

static __attribute__((noinline)) int
cp (int a, int b)
{
  return a * b;
}

int
usecp (int x)
{
  return cp (x, 7) + cp (x + 1, 7);
}

/* Newer pahole (1.32, without true_signature) writes a FUNC under the
   source name for it instead: the source prototype, not the clone's. */
/* { dg-final { if { [package vcompare [truesig-pahole-version] 1.24] <= 0 } { truesig-compare {cp.constprop.0} agree {} pahole missing {no FUNC cp.constprop.0} } } } */
/* { dg-final { if { [package vcompare [truesig-pahole-version] 1.24] > 0 } { truesig-compare {cp.constprop.0} agree {} pahole wrong {FUNC cp \(the source name\) stands for it; source prototype for a constprop clone} } } } */
