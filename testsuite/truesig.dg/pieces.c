/* A struct spread over two registers arrives in pieces: the long in rdi,
   the double in xmm0; returned the same way in rax and xmm0.  A struct
   larger than 16 bytes is returned through the hidden pointer (rdi) and
   its address comes back in rax. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-truesig-all" } */

struct mix { long a; double d; };
struct big { long v[4]; };

struct mix
swap (struct mix m, int k)
{
  struct mix r = { (long) m.d + k, (double) m.a };
  return r;
}

struct big
make (long x)
{
  struct big b = { { x, x + 1, x + 2, x + 3 } };
  return b;
}

/* { dg-final { truesig-json {^swap$} {[.params[0].location[] | .reg + "@" + (.piece_offset|tostring) + "/" + (.size|tostring)]} {["rdi@0/8","xmm0@8/8"]} { target x86_64-*-* } } } */
/* { dg-final { truesig-json {^swap$} {[.params[0].location[] | .reg + "@" + (.piece_offset|tostring) + "/" + (.size|tostring)]} {["x0@0/8","x1@8/8"]} { target aarch64-*-* } } } */
/* { dg-final { truesig-json {^swap$} {[.params[0].location[] | .reg + "@" + (.piece_offset|tostring) + "/" + (.size|tostring)]} {["r3@0/16"]} { target s390x-*-* } } } */
/* { dg-final { truesig-json {^swap$} {[.params[0].location[] | .reg + "@" + (.piece_offset|tostring) + "/" + (.size|tostring)]} {["a0@0/8","fa0@8/8"]} { target riscv64-*-* } } } */
/* { dg-final { truesig-json {^swap$} {[.params[1].location[].reg]} {["esi"]} { target x86_64-*-* } } } */
/* { dg-final { truesig-json {^swap$} {[.params[1].location[].reg]} {["w2"]} { target aarch64-*-* } } } */
/* { dg-final { truesig-json {^swap$} {[.params[1].location[].reg]} {["r4"]} { target s390x-*-* } } } */
/* { dg-final { truesig-json {^swap$} {[.params[1].location[].reg]} {["a1"]} { target riscv64-*-* } } } */
/* { dg-final { truesig-json {^swap$} {[.return.location[] | .reg + "@" + (.piece_offset|tostring)]} {["rax@0","xmm0@8"]} { target x86_64-*-* } } } */
/* { dg-final { truesig-json {^swap$} {[.return.location[] | .reg + "@" + (.piece_offset|tostring)]} {["x0@0","x1@8"]} { target aarch64-*-* } } } */
/* { dg-final { truesig-json {^swap$} {[.return.location[] | .reg + "@" + (.piece_offset|tostring)]} {["r2@0"]} { target s390x-*-* } } } */
/* { dg-final { truesig-json {^swap$} {[.return.location[] | .reg + "@" + (.piece_offset|tostring)]} {["a0@0","fa0@8"]} { target riscv64-*-* } } } */
/* { dg-final { truesig-json {^make$} {[.sret[].reg, .params[0].location[0].reg, .return.location[0].reg, .return.location[0].indirect]} {["rdi","rsi","rax",true]} { target x86_64-*-* } } } */
/* { dg-final { truesig-json {^make$} {[.sret[].reg, .params[0].location[0].reg, .return.location[0].reg, .return.location[0].indirect]} {["x8","x0",null,null]} { target aarch64-*-* } } } */
/* { dg-final { truesig-json {^make$} {[.sret[].reg, .params[0].location[0].reg, .return.location[0].reg, .return.location[0].indirect]} {["r2","r3","r2",true]} { target s390x-*-* } } } */
/* { dg-final { truesig-json {^make$} {[.sret[].reg, .params[0].location[0].reg, .return.location[0].reg, .return.location[0].indirect]} {["a0","a1","a0",true]} { target riscv64-*-* } } } */
/* { dg-final { truesig-same-code } } */
