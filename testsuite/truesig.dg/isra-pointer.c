/* IPA-SRA turns a read-only pointer-to-struct parameter into the values
   loaded through it. */
/* { dg-do compile } */
/* { dg-options "-fno-ipa-cp" } */

struct hdr { unsigned flags; int x[4]; long len; };

static __attribute__((noinline)) int
check (const struct hdr *b, int bias)
{
  return (b->flags & 7) + b->x[1] + bias;
}

int
use (struct hdr *h, int n)
{
  return check (h, n) + check (h + 1, 2 * n);
}

/* { dg-final { truesig-every-clone-recorded } } */
/* { dg-final { truesig-same-code } } */
/* { dg-final { truesig-json {^check\.isra\.0$} {[.source_params[] | .name + ":" + .fate]} {["b:split","bias:passed"]} } } */
/* { dg-final { truesig-json {^check\.isra\.0$} {[.params[] | .origin.how + ":" + (.origin.path // "-") + ":" + (.origin.offset|tostring)]} {["pointer_piece:b->flags:0","pointer_piece:b->x[1]:8","copy:-:0"]} } } */
/* { dg-final { truesig-json {^check\.isra\.0$} {[.params[] | .type]} {["const unsigned int","const int","int"]} } } */
/* { dg-final { truesig-json {^check\.isra\.0$} {[.params[].location[0].reg]} {["edi","esi","edx"]} { target x86_64-*-* } } } */
/* { dg-final { truesig-json {^check\.isra\.0$} {[.params[].location[0].reg]} {["w0","w1","w2"]} { target aarch64-*-* } } } */
/* { dg-final { truesig-json {^check\.isra\.0$} {[.params[].location[0].reg]} {["r2","r3","r4"]} { target s390x-*-* } } } */
/* { dg-final { truesig-json {^check\.isra\.0$} {[.params[].location[0].reg]} {["a0","a1","a2"]} { target riscv64-*-* } } } */
