/* Without variable tracking GCC gives each parameter one location for the
   whole function: the callee-saved register the body keeps it in.  At the
   entry instruction the parameters are still where the caller put them
   (rdi, esi on x86-64; x0, w1 on aarch64), so DWARF would have a reader
   fetch them from registers that hold the caller's values.  (GCC 15 gives
   them their entry locations too.) */
/* { dg-do compile } */
/* { dg-options "-fno-var-tracking" } */

extern void note (int);

static __attribute__((noinline)) int
keep (int *p, int unused, int k)
{
  note (k);
  note (*p);
  return *p + k;
}

int
use (int *p, int k)
{
  return keep (p, 0, k) + keep (p + 1, 1, k + 2);
}

/* The unused parameter is removed by IPA-CP in GCC 11 and 12
   (keep.constprop.0), by IPA-SRA from GCC 13 on (keep.isra.0).  And from
   GCC 15 on, the one location a parameter gets without variable tracking
   is the register it arrives in (rdi, esi: right at entry, wrong once the
   body moves it), so DWARF agrees at entry there (GCC 13 and 14 still
   contradict). */
/* { dg-final { if { [truesig-gcc-major] < 15 && [truesig-target-is {x86_64-*}] } { truesig-compare {^keep\.(constprop|isra)\.0$} contradicts {real parameter 0 \(p\): DWARF has p in r(bx|bp|1[2-5]) at entry, the record rdi} } } } */
/* { dg-final { if { [truesig-gcc-major] < 15 && [truesig-target-is {x86_64-*}] } { truesig-compare {^keep\.(constprop|isra)\.0$} contradicts {real parameter 1 \(k\): DWARF has k in r(bx|bp|1[2-5]) at entry, the record esi} } } } */
/* { dg-final { if { [truesig-gcc-major] < 15 && [truesig-target-is {aarch64-*}] } { truesig-compare {^keep\.(constprop|isra)\.0$} contradicts {real parameter 0 \(p\): DWARF has p in x(19|2[0-8]) at entry, the record x0} } } } */
/* { dg-final { if { [truesig-gcc-major] < 15 && [truesig-target-is {aarch64-*}] } { truesig-compare {^keep\.(constprop|isra)\.0$} contradicts {real parameter 1 \(k\): DWARF has k in x(19|2[0-8]) at entry, the record w1} } } } */
/* { dg-final { if { [truesig-gcc-major] >= 15 } { truesig-compare {^keep\.isra\.0$} agree } } } */
