/* IPA-SRA passes the fields a function reads from a struct passed by
   value: each real parameter is a piece of the source aggregate. */
/* { dg-do compile } */
/* { dg-options "-fno-ipa-cp" } */

struct inner { short s; int x; };
struct outer { int a; long b; struct inner in; char pad[40]; };

static __attribute__((noinline)) long
pick (struct outer p, int k)
{
  return p.b * k + p.in.x;
}

long
use (struct outer *o, int k)
{
  return pick (*o, k) + pick (*o, k + 1);
}

/* { dg-final { truesig-every-clone-recorded } } */
/* { dg-final { truesig-same-code } } */
/* { dg-final { truesig-json {^pick\.isra\.0$} {[.source_params[] | .name + ":" + .fate]} {["p:split","k:passed"]} } } */
/* { dg-final { truesig-json {^pick\.isra\.0$} {[.params[] | .origin.how + ":" + (.origin.path // "-") + ":" + (.origin.offset|tostring) + ":" + (.size|tostring)]} {["value_piece:p.b:8:8","value_piece:p.in.x:20:4","copy:-:0:4"]} } } */
/* { dg-final { truesig-json {^pick\.isra\.0$} {[.params[] | .type]} {["long int","int","int"]} } } */
/* { dg-final { truesig-json {^pick\.isra\.0$} {[.params[].location[0].reg]} {["rdi","esi","edx"]} { target x86_64-*-* } } } */
/* { dg-final { truesig-json {^pick\.isra\.0$} {[.params[].location[0].reg]} {["x0","w1","w2"]} { target aarch64-*-* } } } */
/* { dg-final { truesig-json {^pick\.isra\.0$} {[.params[].location[0].reg]} {["r2","r3","r4"]} { target s390x-*-* } } } */
/* { dg-final { truesig-json {^pick\.isra\.0$} {[.params[].location[0].reg]} {["a0","a1","a2"]} { target riscv64-*-* } } } */
