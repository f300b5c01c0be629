/* riscv64 (LP64D): records name registers as the ABI does (a0-a7 are
   DWARF 10-17, fa0-fa7 are 42-49; an int arrives sign-extended to the
   whole register: 8 bytes, as GCC says); a struct of an integer and a float is
   flattened into a0 and fa0, one of two floats into fa0 and fa1; other
   structs of up to 16 bytes arrive in a0 and a1, the last holding only the
   bytes that are left; bigger ones by reference to a caller's copy;
   __int128 in the pair a0:a1; an aggregate returned in memory through a0,
   the first argument moving to a1.  Each function loses its constant first
   parameter to IPA-CP (IPA-SRA off, so every other parameter stays
   whole). */
/* { dg-do compile } */
/* { dg-options "-fno-ipa-sra" } */

struct mix { int i; float f; };
struct two { float a, b; };
struct odd { int a, b, c; };
struct big { long a, b, c; };

static __attribute__((noinline)) double
scalars (int unused, int i, long l, float f, double d)
{
  return i + l + f + d;
}

static __attribute__((noinline)) float
mix (int unused, struct mix m)
{
  return m.i + m.f;
}

static __attribute__((noinline)) float
two (int unused, struct two t)
{
  return t.a * t.b;
}

static __attribute__((noinline)) int
odd (int unused, struct odd o)
{
  return o.a + o.b * o.c;
}

static __attribute__((noinline)) long
big (int unused, struct big b)
{
  return b.a + b.b * b.c;
}

static __attribute__((noinline)) __int128
wide (int unused, __int128 w)
{
  return w * 3;
}

static __attribute__((noinline)) struct big
sret (int unused, long x)
{
  struct big r = { x, x + 1, x + 2 };
  return r;
}

double
use (int i, long l, float f, double d, struct mix m, struct two t,
     struct odd o, struct big b, __int128 w)
{
  struct big r = sret (0, l);
  return scalars (0, i, l, f, d) + mix (0, m) + two (0, t) + odd (0, o)
	 + big (0, b) + (long) wide (0, w) + r.b;
}

/* { dg-final { truesig-every-clone-recorded } } */
/* { dg-final { truesig-same-code } } */
/* { dg-final { truesig-query {.units[0] | "\(.machine) \(.byte_order) \(.addr_size)"} {243 little 8} } } */
/* { dg-final { truesig-json {^scalars\.} {[.source_params[].fate]} {["constant","passed","passed","passed","passed"]} } } */
/* { dg-final { truesig-json {^scalars\.} {[.params[].location[] | "\(.reg)/\(.dwarf_reg)/\(.size)"]} {["a0/10/8","a1/11/8","fa0/42/4","fa1/43/8"]} } } */
/* { dg-final { truesig-json {^scalars\.} {[.return.location[] | "\(.reg)/\(.dwarf_reg)"]} {["fa0/42"]} } } */
/* { dg-final { truesig-json {^mix\.} {[.params[0].location[] | "\(.reg)@\(.piece_offset)/\(.size)"]} {["a0@0/4","fa0@4/4"]} } } */
/* { dg-final { truesig-json {^two\.} {[.params[0].location[] | "\(.reg)@\(.piece_offset)/\(.size)"]} {["fa0@0/4","fa1@4/4"]} } } */
/* { dg-final { truesig-json {^odd\.} {[.params[0].location[] | "\(.reg)@\(.piece_offset)/\(.size)"]} {["a0@0/8","a1@8/4"]} } } */
/* { dg-final { truesig-json {^big\.} {[.params[0].location[] | "\(.reg) indirect=\(.indirect)"]} {["a0 indirect=true"]} } } */
/* { dg-final { truesig-json {^wide\.} {[.params[0].location[] | "\(.reg)@\(.piece_offset)/\(.size)"]} {["a0@0/8","a1@8/8"]} } } */
/* { dg-final { truesig-json {^sret\.} {[[.sret[].reg], [.params[0].location[].reg]]} {[["a0"],["a1"]]} } } */
/* { dg-final { truesig-btf-convert } } */
/* { dg-final { truesig-btf-every-record } } */
/* { dg-final { truesig-btf-func mix.constprop.0 {static float mix.constprop.0(struct mix m)} } } */
