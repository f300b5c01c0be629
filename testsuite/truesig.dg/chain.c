/* A clone of a clone: IPA-CP removes `level', IPA-SRA turns the pointer
   into the two fields read and drops `unused'. */
/* { dg-do compile } */

struct cfg { int a; int b; int c[4]; };

static __attribute__((noinline)) int
work (const struct cfg *c, int level, int unused)
{
  return c->b * level + c->c[2];
}

int
use (struct cfg *c, int u)
{
  return work (c, 5, u) + work (c + 1, 5, u * 2);
}

/* { dg-final { truesig-every-clone-recorded } } */
/* { dg-final { truesig-same-code } } */
/* { dg-final { truesig-json {^work\.} {.symbol} {work.constprop.0.isra.0} } } */
/* { dg-final { truesig-json {^work\.} {.kinds} {["constprop","isra"]} } } */
/* { dg-final { truesig-json {^work\.} {[.source_params[] | .name + ":" + .fate + ":" + (.constant|tostring)]} {["c:split:null","level:constant:5","unused:removed:null"]} } } */
/* { dg-final { truesig-json {^work\.} {[.params[] | .origin.path + "@" + (.origin.offset|tostring) + ":" + .location[0].reg]} {["c->b@4:edi","c->c[2]@16:esi"]} { target x86_64-*-* } } } */
/* { dg-final { truesig-json {^work\.} {[.params[] | .origin.path + "@" + (.origin.offset|tostring) + ":" + .location[0].reg]} {["c->b@4:w0","c->c[2]@16:w1"]} { target aarch64-*-* } } } */
/* { dg-final { truesig-json {^work\.} {[.params[] | .origin.path + "@" + (.origin.offset|tostring) + ":" + .location[0].reg]} {["c->b@4:r2","c->c[2]@16:r3"]} { target s390x-*-* } } } */
/* { dg-final { truesig-json {^work\.} {[.params[] | .origin.path + "@" + (.origin.offset|tostring) + ":" + .location[0].reg]} {["c->b@4:a0","c->c[2]@16:a1"]} { target riscv64-*-* } } } */
