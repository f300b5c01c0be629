/* Every caller ignores the result: IPA-SRA drops the return value. */
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

/* { dg-final { truesig-every-clone-recorded } } */
/* { dg-final { truesig-same-code } } */
/* { dg-final { truesig-json {^put\.isra\.0$} {.return.dropped} {true} } } */
/* { dg-final { truesig-json {^put\.isra\.0$} {.return.type} {void} } } */
/* { dg-final { truesig-json {^put\.isra\.0$} {.return.location} {[]} } } */
