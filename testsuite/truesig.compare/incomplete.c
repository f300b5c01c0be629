/* DWARF cannot place the real parameters: a struct passed by value of
   which the clone gets two members (DWARF has no location for p in the
   clone), and a value the callers load through a pointer (DWARF has no
   name for p->b; it says p is only known at the call sites). */
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

struct s2 { int a, b; };

static __attribute__((noinline)) int
ptr (struct s2 *p, int k)
{
  return p->b + k;
}

int
useptr (struct s2 *p, int k)
{
  return ptr (p, k) + ptr (p, k + 3);
}

/* { dg-final { truesig-compare {pick.isra.0} incomplete {real parameter 0 \(p\.b\): DWARF has no location at all for p at entry} truesig right } } */
/* { dg-final { truesig-compare {pick.isra.0} incomplete {real parameter 1 \(p\.in\.x\): DWARF has no location at all for p} } } */
/* { dg-final { truesig-compare {ptr.isra.0} incomplete {real parameter 0 \(p->b\) is loaded through p by the callers: DWARF cannot name it} truesig right } } */
