/* IPA-SRA loads through pointers to scalars too: the one `long' behind `v'
   is passed by value instead of `v' (path "*v"); GCC keeps `a' here. */
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

/* { dg-final { truesig-every-clone-recorded } } */
/* { dg-final { truesig-same-code } } */
/* { dg-final { truesig-json {^f\.isra\.0$} {[.params[] | .origin.how + ":" + (.origin.path // .origin.param_name) + ":" + .type]} {["copy:a:const int *","pointer_piece:*v:const long int","copy:k:int"]} } } */
