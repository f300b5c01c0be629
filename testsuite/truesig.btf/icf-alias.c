/* Identical code folding makes `second' an alias of `first' (i386, where
   both take register arguments, so both symbols have records): each symbol
   gets its FUNC, and the alias's tags say whose code it is. */
/* { dg-do compile } */
/* { dg-options "-m32" } */
/* truesig-target: x86_64-* i?86-* (i386 code, -m32) */

static __attribute__((noinline)) int
first (int a, int b, int c)
{
  return a * b - c;
}

static __attribute__((noinline)) int
second (int a, int b, int c)
{
  return a * b - c;
}

int
use (int x, int y)
{
  return first (x, y, 3) + second (y, x, x);
}

/* { dg-final { truesig-btf-convert } } */
/* { dg-final { truesig-btf-func {first} {static int first(int a, int b, int c)} } } */
/* { dg-final { truesig-btf-func {second} {static int second(int a, int b, int c)} } } */
/* { dg-final { truesig-btf-tags {second} {["-1:truesig:source=first","-1:truesig:kinds=abi","-1:truesig:alias=first","-1:truesig:return_loc=eax","0:truesig:origin=copy src=0 path=a","0:truesig:loc=eax","1:truesig:origin=copy src=1 path=b","1:truesig:loc=edx","2:truesig:origin=copy src=2 path=c","2:truesig:loc=ecx"]} } } */
/* { dg-final { truesig-btf-every-record } } */
/* { dg-final { truesig-btf-kernel } } */
