/* Every caller ignores the result: the FUNC returns void, and a tag says
   the declared value is dropped. */
/* { dg-do compile } */
/* { dg-options "-fno-ipa-cp" } */

int store;

static __attribute__((noinline)) int
put (int *slot, int v)
{
  *slot = v * 3;
  return v + 1;
}

void
use (int a, int b)
{
  put (&store, a);
  put (&store, b);
}

/* { dg-final { truesig-btf-convert } } */
/* { dg-final { truesig-btf-func {put.isra.0} {static void put.isra.0(int *slot, int v)} } } */
/* { dg-final { truesig-btf-tags {put.isra.0} {["-1:truesig:source=put","-1:truesig:kinds=isra","-1:truesig:return=dropped","0:truesig:origin=copy src=0 path=slot","1:truesig:origin=copy src=1 path=v"]} } } */
/* { dg-final { truesig-btf-every-record } } */
/* { dg-final { truesig-btf-kernel } } */
/* { dg-final { truesig-btf-idempotent } } */
/* { dg-final { truesig-find put {every_clone(.return == "dropped" and (.prototype | startswith("void ")) and arg("slot") == [["passed",0,null]] and arg("v") == [["passed",1,null]])} } } */
/* { dg-final { truesig-find-text put {\n  return: dropped \(returns nothing\)\n} } } */
