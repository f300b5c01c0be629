/* IPA-SRA removes a parameter the function never reads. */
/* { dg-do compile } */
/* { dg-options "-fno-ipa-cp" } */

static __attribute__((noinline)) int
sum2 (int a, int unused, int c)
{
  return a + c;
}

int
use (int x, int y)
{
  return sum2 (x, y * 3, y) + sum2 (y, x, x);
}

/* { dg-final { truesig-every-clone-recorded } } */
/* { dg-final { truesig-same-code } } */
/* { dg-final { truesig-json {^sum2\.isra\.0$} {.kinds} {["isra"]} } } */
/* { dg-final { truesig-json {^sum2\.isra\.0$} {.function} {sum2} } } */
/* { dg-final { truesig-json {^sum2\.isra\.0$} {.decl_line} {6} } } */
/* { dg-final { truesig-json {^sum2\.isra\.0$} {[.source_params[] | .name + ":" + .fate]} {["a:passed","unused:removed","c:passed"]} } } */
/* { dg-final { truesig-json {^sum2\.isra\.0$} {[.params[] | .origin.how + ":" + .origin.param_name + ":" + .type]} {["copy:a:int","copy:c:int"]} } } */
/* { dg-final { truesig-json {^sum2\.isra\.0$} {[.params[].location[0].reg]} {["edi","esi"]} { target x86_64-*-* } } } */
/* { dg-final { truesig-json {^sum2\.isra\.0$} {[.params[].location[0].reg]} {["w0","w1"]} { target aarch64-*-* } } } */
/* { dg-final { truesig-json {^sum2\.isra\.0$} {[.params[].location[0].reg]} {["r2","r3"]} { target s390x-*-* } } } */
/* { dg-final { truesig-json {^sum2\.isra\.0$} {[.params[].location[0].reg]} {["a0","a1"]} { target riscv64-*-* } } } */
/* { dg-final { truesig-json {^sum2\.isra\.0$} {[.params[].location[0].dwarf_reg]} {[5,4]} { target x86_64-*-* } } } */
/* { dg-final { truesig-json {^sum2\.isra\.0$} {[.params[].location[0].dwarf_reg]} {[0,1]} { target aarch64-*-* } } } */
/* { dg-final { truesig-json {^sum2\.isra\.0$} {[.params[].location[0].dwarf_reg]} {[2,3]} { target s390x-*-* } } } */
/* { dg-final { truesig-json {^sum2\.isra\.0$} {[.params[].location[0].dwarf_reg]} {[10,11]} { target riscv64-*-* } } } */
/* { dg-final { truesig-json {^sum2\.isra\.0$} {.return.type + ":" + (.return.dropped|tostring) + ":" + .return.location[0].reg} {int:false:eax} { target x86_64-*-* } } } */
/* { dg-final { truesig-json {^sum2\.isra\.0$} {.return.type + ":" + (.return.dropped|tostring) + ":" + .return.location[0].reg} {int:false:w0} { target aarch64-*-* } } } */
/* { dg-final { truesig-json {^sum2\.isra\.0$} {.return.type + ":" + (.return.dropped|tostring) + ":" + .return.location[0].reg} {int:false:r2} { target s390x-*-* } } } */
/* { dg-final { truesig-json {^sum2\.isra\.0$} {.return.type + ":" + (.return.dropped|tostring) + ":" + .return.location[0].reg} {int:false:a0} { target riscv64-*-* } } } */
