/* A nested function (GNU C) receives its static chain in r10 on x86-64,
   besides its declared parameters. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-truesig-all" } */

int
outer (int k)
{
  __attribute__((noinline)) int inner (int a) { return a * k; }
  return inner (3) + inner (k);
}

/* { dg-final { truesig-json {^inner\.} {[.static_chain[].reg, .params[0].location[0].reg]} {["r10","edi"]} { target x86_64-*-* } } } */
/* { dg-final { truesig-json {^inner\.} {[.static_chain[].reg, .params[0].location[0].reg]} {["x18","w0"]} { target aarch64-*-* } } } */
/* { dg-final { truesig-json {^inner\.} {[.static_chain[].reg, .params[0].location[0].reg]} {["r0","r2"]} { target s390x-*-* } } } */
/* { dg-final { truesig-json {^inner\.} {[.static_chain[].reg, .params[0].location[0].reg]} {["t2","a0"]} { target riscv64-*-* } } } */
/* { dg-final { truesig-json {^outer$} {.static_chain} {[]} } } */
