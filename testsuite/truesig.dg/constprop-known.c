/* A clone that cannot change its signature (the nonnull attribute names
   parameter 1) still gets IPA-CP's constants: the parameters are passed,
   and their values are known, as GCC's IPA-CP dump says ("replacing param
   #0 interp with const &gi", gcc.dg/ipa/ipcp-3.c). */
/* { dg-do compile } */

int gi;
extern void sink (int *, long);

static void mark (int *interp, long k) __attribute__ ((nonnull (1), noinline));

static void
mark (int *interp, long k)
{
  if (k > 2)
    sink (interp, k);
}

void
use (void)
{
  for (int i = 0; i < 4; i++)
    mark (&gi, 4);
}

/* { dg-final { truesig-every-clone-recorded } } */
/* { dg-final { truesig-same-code } } */
/* { dg-final { truesig-json {^mark\.constprop\.[0-9]+$} {[.params[] | .origin.how + ":" + .location[0].reg]} {["copy:rdi","copy:rsi"]} { target x86_64-*-* } } } */
/* { dg-final { truesig-json {^mark\.constprop\.[0-9]+$} {[.params[] | .origin.how + ":" + .location[0].reg]} {["copy:x0","copy:x1"]} { target aarch64-*-* } } } */
/* { dg-final { truesig-json {^mark\.constprop\.[0-9]+$} {[.params[] | .origin.how + ":" + .location[0].reg]} {["copy:r2","copy:r3"]} { target s390x-*-* } } } */
/* { dg-final { truesig-json {^mark\.constprop\.[0-9]+$} {[.params[] | .origin.how + ":" + .location[0].reg]} {["copy:a0","copy:a1"]} { target riscv64-*-* } } } */
/* { dg-final { truesig-json {^mark\.constprop\.[0-9]+$} {[.source_params[] | .name + ":" + .fate + ":" + (.constant | tostring)]} {["interp:passed:&gi","k:passed:4"]} } } */
