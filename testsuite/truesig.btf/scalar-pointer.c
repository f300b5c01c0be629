/* A pointer to a scalar: the value behind it is passed (*v is
   v__deref). */
/* { dg-do compile } */
/* { dg-options "-fno-ipa-cp" } */

static __attribute__((noinline)) long
f (const int *a, const long *v, int k)
{
  return a[1] + a[3] + *v * k;
}

long
g (int *a, long *v, int k)
{
  return f (a, v, k) + f (a + 4, v + 1, k * 2);
}

/* { dg-final { truesig-btf-convert } } */
/* { dg-final { truesig-btf-func {f.isra.0} {static long int f.isra.0(const int *a, const long int v__deref, int k)} } } */
/* { dg-final { truesig-btf-tags {f.isra.0} {["-1:truesig:source=f","-1:truesig:kinds=isra","0:truesig:origin=copy src=0 path=a","1:truesig:origin=pointer_piece src=1 off=0 size=8 path=*v","2:truesig:origin=copy src=2 path=k"]} } } */
/* { dg-final { truesig-btf-every-record } } */
/* { dg-final { truesig-btf-kernel } } */
