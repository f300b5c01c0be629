/* IPA-SRA removes a parameter the function never reads: the FUNC of the
   clone takes the two that are left, and a tag says which one went. */
/* { dg-do compile } */
/* { dg-options "-fno-ipa-cp" } */

static __attribute__((noinline)) int
sum2 (int a, int unused, int c)
{
  return a + c;
}

int
use (int x, int y)
{
  return sum2 (x, y * 3, y) + sum2 (y, x, x);
}

/* { dg-final { truesig-btf-convert } } */
/* { dg-final { truesig-btf-func {sum2.isra.0} {static int sum2.isra.0(int a, int c)} } } */
/* { dg-final { truesig-btf-tags {sum2.isra.0} {["-1:truesig:source=sum2","-1:truesig:kinds=isra","-1:truesig:removed=unused src=1","0:truesig:origin=copy src=0 path=a","1:truesig:origin=copy src=2 path=c"]} } } */
/* { dg-final { truesig-btf-every-record } } */
/* { dg-final { truesig-btf-summary {1 record read \(0 cold fragments\); FUNCs: 1 added, 0 corrected, 0 already right, 0 shared, 0 skipped; types: 0 reused, [0-9]+ added, 0 removed; added .BTF in } } } */
/* { dg-final { truesig-btf-kernel } } */
/* { dg-final { truesig-btf-idempotent } } */
/* { dg-final { truesig-find sum2 {every_clone(arg("a") == [["passed",0,null]] and arg("unused") == [["removed",null,null]] and arg("c") == [["passed",1,null]])} } } */
