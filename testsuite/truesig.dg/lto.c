/* With -flto the records come from the link-time (ltrans) compilation: the
   plugin is on the link command line. */
/* { dg-do link } */
/* { dg-options "-flto -fno-ipa-cp" } */

struct s { int a, b, c; };

static __attribute__((noinline)) int
helper (struct s *p, int unused)
{
  return p->b * 3 + p->a;
}

int
main (int argc, char **argv)
{
  struct s v = { argc, 2, 3 };
  (void) argv;
  return helper (&v, 7) + helper (&v, argc);
}

/* { dg-final { truesig-every-clone-recorded } } */
/* { dg-final { truesig-json {^helper\.} {.kinds} {["isra"]} } } */
/* { dg-final { truesig-json {^helper\.} {[.params[] | .origin.path + ":" + .location[0].reg]} {["p->a:edi","p->b:esi"]} { target x86_64-*-* } } } */
/* { dg-final { truesig-json {^helper\.} {[.params[] | .origin.path + ":" + .location[0].reg]} {["p->a:w0","p->b:w1"]} { target aarch64-*-* } } } */
/* { dg-final { truesig-json {^helper\.} {[.params[] | .origin.path + ":" + .location[0].reg]} {["p->a:r2","p->b:r3"]} { target s390x-*-* } } } */
/* { dg-final { truesig-json {^helper\.} {[.params[] | .origin.path + ":" + .location[0].reg]} {["p->a:a0","p->b:a1"]} { target riscv64-*-* } } } */
/* { dg-final { truesig-addresses-match-symbols } } */
