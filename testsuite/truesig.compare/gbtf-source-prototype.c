/* GCC's own BTF (-gbtf) describes each clone under its source name with
   the source prototype: wrong, and compare says how. */
/* { dg-do compile } */

int g;

static __attribute__((noinline)) int
cp (int a, int b)
{
  return a * b + g;
}

int
usecp (int x)
{
  return cp (x, 7) + cp (x + 1, 7);
}

static __attribute__((noinline)) int
dropret (int a, int b)
{
  g += a * b;
  return g;
}

void
usedrop (int a)
{
  dropret (a, 3);
  dropret (a + 1, 4);
}

/* { dg-final { truesig-compare {cp.constprop.0} agree {} gbtf wrong {no FUNC cp.constprop.0; FUNC cp \(the source name\) stands for it; source prototype for a constprop clone: parameter 2 \(b\) constant; 2 parameters, truly 1} } } */
/* { dg-final { truesig-compare {dropret.isra.0} invisible {} gbtf wrong {source prototype for an isra clone: return dropped; return type int, but the return was dropped} } } */
