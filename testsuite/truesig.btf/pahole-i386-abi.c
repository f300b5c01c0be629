/* i386: GCC passes the arguments of local functions in registers without
   renaming them.  pahole's FUNCs (from DWARF) have the right prototypes:
   truesig keeps them and adds tags saying where the values are. */
/* { dg-do compile } */
/* { dg-options "-g -m32 -msse2 -mfpmath=sse" } */
/* truesig-target: x86_64-* i?86-* (i386 code, -m32) */

static __attribute__((noinline)) int
local3 (int a, int b, int c)
{
  return a * b + c;
}

static __attribute__((noinline)) double
locald (double a, double b)
{
  return a * b;
}

int
use (int x, int y)
{
  return local3 (x, y, 3) + local3 (y, x, x) + (int) locald (x, y)
	 + (int) locald (y, 2.0 * x);
}

/* { dg-final { truesig-btf-convert pahole } } */
/* { dg-final { truesig-btf-summary {2 records read \(0 cold fragments\); FUNCs: 0 added, 0 corrected, 2 already right, 0 shared, 0 skipped; types: [0-9]+ reused, 16 added, 0 removed} } } */
/* { dg-final { truesig-btf-func {local3} {static int local3(int a, int b, int c)} } } */
/* { dg-final { truesig-btf-tags {local3} {["-1:truesig:source=local3","-1:truesig:kinds=abi","-1:truesig:return_loc=eax","0:truesig:origin=copy src=0 path=a","0:truesig:loc=eax","1:truesig:origin=copy src=1 path=b","1:truesig:loc=edx","2:truesig:origin=copy src=2 path=c","2:truesig:loc=ecx"]} } } */
/* { dg-final { truesig-btf-tags {locald} {["-1:truesig:source=locald","-1:truesig:kinds=abi","-1:truesig:return_loc=xmm0","0:truesig:origin=copy src=0 path=a","0:truesig:loc=xmm0","1:truesig:origin=copy src=1 path=b","1:truesig:loc=xmm1"]} } } */
/* { dg-final { truesig-btf-every-record } } */
/* { dg-final { truesig-btf-reused {locald} } } */
/* { dg-final { truesig-btf-kernel } } */
/* { dg-final { truesig-btf-idempotent } } */
