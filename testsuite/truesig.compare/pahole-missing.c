/* pahole 1.24 describes no clone: no FUNC under the clone's name. */
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

/* { dg-final { truesig-compare {cp.constprop.0} agree {} pahole missing {no FUNC cp.constprop.0} } } */
