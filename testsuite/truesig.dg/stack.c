/* More parameters than registers: the 7th and 8th arrive on the stack, at
   8 and 16 bytes from the stack pointer at entry (the return address is at
   0).  Floating-point values arrive in SSE registers.  No call of many
   passes constants: GCC 16 -O3 would make a second clone for that call. */
/* { dg-do compile } */

static __attribute__((noinline)) long
many (long a, long b, long c, long d, long e, long f, long g, long h,
      int unused)
{
  return a + b * c - d + e * f + g - h;
}

long
use (long x, long y)
{
  return many (x, y, 1 + x, 2 + y, x * y, x - y, y - x, x ^ y, 0)
	 + many (y, x, x + 3, x, y, y + 2, x - 7, x, 9);
}

static __attribute__((noinline)) double
fl (double a, float b, int u, double z)
{
  return a * b + z;
}

double
usef (double x, float y, int q)
{
  return fl (x, y, q, x) + fl (y, x, q + 1, y);
}

/* { dg-final { truesig-every-clone-recorded } } */
/* { dg-final { truesig-same-code } } */
/* { dg-final { truesig-json {^many\.} {[.params[].location[0] | (.reg // ("sp+" + (.stack|tostring)))]} {["rdi","rsi","rdx","rcx","r8","r9","sp+8","sp+16"]} { target x86_64-*-* } } } */
/* { dg-final { truesig-json {^many\.} {[.params[].location[0] | (.reg // ("sp+" + (.stack|tostring)))]} {["x0","x1","x2","x3","x4","x5","x6","x7"]} { target aarch64-*-* } } } */
/* { dg-final { truesig-json {^many\.} {[.params[].location[0] | (.reg // ("sp+" + (.stack|tostring)))]} {["r2","r3","r4","r5","r6","sp+160","sp+168","sp+176"]} { target s390x-*-* } } } */
/* { dg-final { truesig-json {^many\.} {[.params[].location[0] | (.reg // ("sp+" + (.stack|tostring)))]} {["a0","a1","a2","a3","a4","a5","a6","a7"]} { target riscv64-*-* } } } */
/* { dg-final { truesig-json {^many\.} {[.params[-1].location[0].size, .params[-1].origin.param_name]} {[8,"h"]} } } */
/* { dg-final { truesig-json {^many\.} {.source_params[8].fate} {removed} } } */
/* { dg-final { truesig-json {^fl\.} {[.params[] | .type + ":" + .location[0].reg]} {["double:xmm0","float:xmm1","double:xmm2"]} { target x86_64-*-* } } } */
/* { dg-final { truesig-json {^fl\.} {[.params[] | .type + ":" + .location[0].reg]} {["double:d0","float:s1","double:d2"]} { target aarch64-*-* } } } */
/* { dg-final { truesig-json {^fl\.} {[.params[] | .type + ":" + .location[0].reg]} {["double:f0","float:f2","double:f4"]} { target s390x-*-* } } } */
/* { dg-final { truesig-json {^fl\.} {[.params[] | .type + ":" + .location[0].reg]} {["double:fa0","float:fa1","double:fa2"]} { target riscv64-*-* } } } */
/* { dg-final { truesig-json {^fl\.} {.return.location[0].reg} {xmm0} { target x86_64-*-* } } } */
/* { dg-final { truesig-json {^fl\.} {.return.location[0].reg} {d0} { target aarch64-*-* } } } */
/* { dg-final { truesig-json {^fl\.} {.return.location[0].reg} {f0} { target s390x-*-* } } } */
/* { dg-final { truesig-json {^fl\.} {.return.location[0].reg} {fa0} { target riscv64-*-* } } } */
