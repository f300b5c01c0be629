/* A clone of a clone: IPA-CP removes `level', IPA-SRA turns the pointer
   into the two fields read and drops `unused'. */
/* { dg-do compile } */

struct cfg { int a; int b; int c[4]; };

static __attribute__((noinline)) int
work (const struct cfg *c, int level, int unused)
{
  return c->b * level + c->c[2];
}

int
use (struct cfg *c, int u)
{
  return work (c, 5, u) + work (c + 1, 5, u * 2);
}

/* { dg-final { truesig-btf-convert } } */
/* { dg-final { truesig-btf-func {work.constprop.0.isra.0} {static int work.constprop.0.isra.0(const int c__b, const int c__c_2)} } } */
/* { dg-final { truesig-btf-tags {work.constprop.0.isra.0} {["-1:truesig:source=work","-1:truesig:kinds=constprop,isra","-1:truesig:constant=level src=1 value=5","-1:truesig:removed=unused src=2","0:truesig:origin=pointer_piece src=0 off=4 size=4 path=c->b","1:truesig:origin=pointer_piece src=0 off=16 size=4 path=c->c[2]"]} } } */
/* { dg-final { truesig-btf-every-record } } */
/* { dg-final { truesig-btf-kernel } } */
/* { dg-final { truesig-btf-idempotent } } */
/* { dg-final { truesig-find work {every_clone((.kinds | index("constprop")) and value("level") == [["constant",5]] and arg("unused") == [["removed",null,null]] and arg("c") == [["split",0,"c->b"],["split",1,"c->c[2]"]])} } } */
