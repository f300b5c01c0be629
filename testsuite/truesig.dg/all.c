/* -fplugin-arg-truesig-all records every emitted function, changed or not. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-truesig-all" } */

int keep (int a, int b) { return a * b; }
static __attribute__((noinline)) int drop (int a, int unused) { return a * 3; }
int call (int x, int y) { return drop (x, y) + drop (y, x); }

/* drop's unused parameter is removed by IPA-CP in GCC 11 and 12
   (drop.constprop.0) and by IPA-SRA from GCC 13 on (drop.isra.0): one
   changed clone either way. */
/* { dg-final { truesig-query {[.records[] | (.symbol | sub("\\.(constprop|isra)\\.0$"; ".CLONE")) + ":" + (.changed|tostring)] | sort} {["call:false","drop.CLONE:true","keep:false"]} } } */
/* { dg-final { truesig-json {^keep$} {[.params[] | .origin.how + ":" + .location[0].reg]} {["copy:edi","copy:esi"]} { target x86_64-*-* } } } */
/* { dg-final { truesig-json {^keep$} {[.params[] | .origin.how + ":" + .location[0].reg]} {["copy:w0","copy:w1"]} { target aarch64-*-* } } } */
/* { dg-final { truesig-json {^keep$} {[.params[] | .origin.how + ":" + .location[0].reg]} {["copy:r2","copy:r3"]} { target s390x-*-* } } } */
/* { dg-final { truesig-json {^keep$} {[.params[] | .origin.how + ":" + .location[0].reg]} {["copy:a0","copy:a1"]} { target riscv64-*-* } } } */
/* { dg-final { truesig-json {^keep$} {.kinds} {[]} } } */
