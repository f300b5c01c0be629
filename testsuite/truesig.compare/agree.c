/* DWARF agrees with the record: a constprop clone whose remaining
   parameter DWARF places in rdi (the constant one has no location at
   entry), and one whose last two parameters arrive on the stack, where
   DWARF puts them too (DW_OP_fbreg 0 and 8 over DW_OP_call_frame_cfa:
   [sp+8] and [sp+16] at entry).  truesig's BTF has both prototypes;
   pahole 1.24 writes no FUNC for either. */
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
many (int a, int b, int c, int d, int e, int f, int k, int h, int i)
{
  return a + b + c + d + e + f + k * h * i;
}

/* k is 7 at every call: IPA-CP removes it in every GCC version (an
   unused parameter would be IPA-CP's in GCC 11 and 12, IPA-SRA's from
   13 on). */
int
usemany (int x)
{
  return many (x, 1, x, 3, x, 5, 7, x, 9) + many (x, 2, x, 4, x, 6, 7, x + 1, 10);
}

/* { dg-final { truesig-compare {cp.constprop.0} agree {} truesig right } } */
/* { dg-final { truesig-compare {many.constprop.0} agree {} truesig right } } */
/* { dg-final { truesig-compare-summary {.summary.all.dwarf.agree} 2 } } */
/* { dg-final { truesig-compare-summary {.summary.kinds.constprop.total} 2 } } */
