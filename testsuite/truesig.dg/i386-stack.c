/* i386: exported functions take their arguments on the stack, the first 4
   bytes above the stack pointer at entry (above the return address); an
   IPA-SRA clone of a local function gets registers as well, kinds isra and
   abi. */
/* { dg-do compile } */
/* { dg-options "-m32 -fno-ipa-cp -fplugin-arg-truesig-all" } */
/* truesig-target: x86_64-* i?86-* (i386 code, -m32) */

struct pair { int lo, hi; };

static __attribute__((noinline)) int
hi_part (struct pair p, int unused, int k)
{
  return p.hi * k;
}

int
use (struct pair *p, int a)
{
  return hi_part (*p, a, a) + hi_part (p[1], a, 7);
}

int
exported (int a, long long b, int c)
{
  return a + b + c;
}

/* { dg-final { truesig-every-clone-recorded } } */
/* { dg-final { truesig-same-code } } */
/* { dg-final { truesig-json {^exported$} {[.params[] | .origin.param_name + "@" + (.location[0].stack|tostring) + "/" + (.location[0].size|tostring)]} {["a@4/4","b@8/8","c@16/4"]} } } */
/* { dg-final { truesig-json {^hi_part\.isra\.0$} {.kinds} {["isra","abi"]} } } */
/* { dg-final { truesig-json {^hi_part\.isra\.0$} {[.params[] | (.origin.path // .origin.param_name) + "@" + .location[0].reg]} {["p.hi@eax","k@edx"]} } } */
