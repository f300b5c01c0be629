/* A struct passed by value: the clone takes the fields it reads, named
   after their member paths (p.in.x is p__in__x). */
/* { dg-do compile } */
/* { dg-options "-fno-ipa-cp" } */

struct inner { short s; int x; };
struct outer { int a; long b; struct inner in; char pad[40]; };

static __attribute__((noinline)) long
pick (struct outer p, int k)
{
  return p.b * k + p.in.x;
}

long
use (struct outer *o, int k)
{
  return pick (*o, k) + pick (*o, k + 1);
}

/* { dg-final { truesig-btf-convert } } */
/* { dg-final { truesig-btf-func {pick.isra.0} {static long int pick.isra.0(long int p__b, int p__in__x, int k)} } } */
/* { dg-final { truesig-btf-tags {pick.isra.0} {["-1:truesig:source=pick","-1:truesig:kinds=isra","0:truesig:origin=value_piece src=0 off=8 size=8 path=p.b","1:truesig:origin=value_piece src=0 off=20 size=4 path=p.in.x","2:truesig:origin=copy src=1 path=k"]} } } */
/* { dg-final { truesig-btf-every-record } } */
/* { dg-final { truesig-btf-kernel } } */
/* { dg-final { truesig-btf-idempotent } } */
/* { dg-final { truesig-find pick {every_clone(.verified and arg("p") == [["split",0,"p.b"],["split",1,"p.in.x"]] and arg("k") == [["passed",2,null]])} } } */
/* { dg-final { truesig-find-text pick {\n  p: split: p.b in parameter 0 \(p__b\), p.in.x in parameter 1 \(p__in__x\)\n  k: parameter 2 \(k\)$} p k } } */
