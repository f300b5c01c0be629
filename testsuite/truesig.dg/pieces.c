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

/* { dg-final { truesig-json {^swap$} {[.params[0].location[] | .reg + "@" + (.piece_offset|tostring) + "/" + (.size|tostring)]} {["rdi@0/8","xmm0@8/8"]} } } */
/* { dg-final { truesig-json {^swap$} {[.params[1].location[].reg]} {["esi"]} } } */
/* { dg-final { truesig-json {^swap$} {[.return.location[] | .reg + "@" + (.piece_offset|tostring)]} {["rax@0","xmm0@8"]} } } */
/* { dg-final { truesig-json {^make$} {[.sret[].reg, .params[0].location[0].reg, .return.location[0].reg, .return.location[0].indirect]} {["rdi","rsi","rax",true]} } } */
/* { dg-final { truesig-same-code } } */
