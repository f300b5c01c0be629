/* IPA-CP: every caller passes mode == 3 and the same string; the clone
   takes neither, and tags keep the constants. */
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

/* { dg-final { truesig-btf-convert } } */
/* { dg-final { truesig-btf-func {scale.constprop.0} {static int scale.constprop.0(int x)} } } */
/* { dg-final { truesig-btf-tags {scale.constprop.0} {["-1:truesig:source=scale","-1:truesig:kinds=constprop","-1:truesig:constant=mode src=1 value=3","-1:truesig:constant=t src=2 expr=&tag","0:truesig:origin=copy src=0 path=x"]} } } */
/* { dg-final { truesig-btf-every-record } } */
/* { dg-final { truesig-btf-kernel } } */
/* { dg-final { truesig-btf-idempotent } } */
/* { dg-final { truesig-find scale {every_clone(arg("x") == [["passed",0,null]] and value("mode") == [["constant",3]] and value("t") == [["constant","&tag"]])} } } */
