/* s390x (the ELF ABI supplement): big-endian records; integers in r2-r6
   (an int sign-extended to the whole register: 8 bytes, as GCC says),
   floating point in f0, f2, f4, f6 (DWARF 16, 17, 18, 19); a struct of a
   size other than 1, 2, 4 or 8 bytes, and __int128, by reference to a
   caller's copy; an 8-byte struct in one general register; an aggregate
   returned in memory through r2, the first argument moving to r3; the
   sixth integer argument on the stack above the 160-byte register save
   area.  Each function loses its constant first parameter to IPA-CP
   (IPA-SRA off, so every other parameter stays whole). */
/* { dg-do compile } */
/* { dg-options "-fno-ipa-sra" } */

struct mix { int i; float f; };
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

static __attribute__((noinline)) int
odd (int unused, struct odd o)
{
  return o.a + o.b * o.c;
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

static __attribute__((noinline)) long
many (int unused, long a, long b, long c, long d, long e, long f, long g)
{
  return a + b * c + d * e + f * g;
}

double
use (int i, long l, float f, double d, struct mix m, struct odd o,
     __int128 w)
{
  struct big r = sret (0, l);
  return scalars (0, i, l, f, d) + mix (0, m) + odd (0, o)
	 + (long) wide (0, w) + r.b + many (0, l, i, l, i, l, i, l);
}

/* { dg-final { truesig-every-clone-recorded } } */
/* { dg-final { truesig-same-code } } */
/* { dg-final { truesig-query {.units[0] | "\(.machine) \(.byte_order) \(.addr_size)"} {22 big 8} } } */
/* { dg-final { truesig-json {^scalars\.} {[.source_params[].fate]} {["constant","passed","passed","passed","passed"]} } } */
/* { dg-final { truesig-json {^scalars\.} {[.params[].location[] | "\(.reg)/\(.dwarf_reg)/\(.size)"]} {["r2/2/8","r3/3/8","f0/16/4","f2/17/8"]} } } */
/* { dg-final { truesig-json {^scalars\.} {[.return.location[] | "\(.reg)/\(.dwarf_reg)"]} {["f0/16"]} } } */
/* { dg-final { truesig-json {^mix\.} {[.params[0].location[] | "\(.reg)@\(.piece_offset)/\(.size)"]} {["r2@0/8"]} } } */
/* { dg-final { truesig-json {^odd\.} {[.params[0].location[] | "\(.reg) indirect=\(.indirect)"]} {["r2 indirect=true"]} } } */
/* { dg-final { truesig-json {^wide\.} {[.params[0].location[] | "\(.reg) indirect=\(.indirect)"]} {["r3 indirect=true"]} } } */
/* { dg-final { truesig-json {^sret\.} {[[.sret[].reg], [.params[0].location[].reg]]} {[["r2"],["r3"]]} } } */
/* { dg-final { truesig-json {^many\.} {[.params[].location[] | if .reg then .reg else "sp+\(.stack)" end]} {["r2","r3","r4","r5","r6","sp+160","sp+168"]} } } */
/* { dg-final { truesig-btf-convert } } */
/* { dg-final { truesig-btf-every-record } } */
/* { dg-final { truesig-btf-func many.constprop.0 {static long int many.constprop.0(long int a, long int b, long int c, long int d, long int e, long int f, long int g)} } } */
