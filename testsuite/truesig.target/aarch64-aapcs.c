/* aarch64 (AAPCS64): records name registers as the assembler does for the
   value's size (w for 32 bits, x for 64; s/d for float/double in the
   SIMD&FP registers), with DWARF numbers x0 = 0, v0 = 64; a homogeneous
   floating-point aggregate arrives in consecutive s registers; an
   aggregate over 16 bytes arrives by reference to a caller's copy; an
   aggregate returned in memory is written through x8, which the function
   does not hand back; a 12-byte struct in x0:x1 leaves x1 4 bytes.
   Each function loses its constant first parameter to IPA-CP (IPA-SRA off,
   so every other parameter stays whole). */
/* { dg-do compile } */
/* { dg-options "-fno-ipa-sra" } */

struct hfa { float a, b, c, d; };
struct big { long a, b, c; };
struct odd { int a, b, c; };

static __attribute__((noinline)) double
scalars (int unused, int i, long l, float f, double d)
{
  return i + l + f + d;
}

static __attribute__((noinline)) float
hfa (int unused, struct hfa h)
{
  return h.a + h.b * h.c + h.d;
}

static __attribute__((noinline)) long
big (int unused, struct big b)
{
  return b.a + b.b * b.c;
}

static __attribute__((noinline)) struct big
sret (int unused, long x)
{
  struct big r = { x, x + 1, x + 2 };
  return r;
}

static __attribute__((noinline)) int
odd (int unused, struct odd o)
{
  return o.a + o.b * o.c;
}

double
use (int i, long l, float f, double d, struct hfa h, struct big b,
     struct odd o)
{
  struct big r = sret (0, l);
  return scalars (0, i, l, f, d) + hfa (0, h) + big (0, b) + r.b
	 + odd (0, o);
}

/* { dg-final { truesig-every-clone-recorded } } */
/* { dg-final { truesig-same-code } } */
/* { dg-final { truesig-query {.units[0] | "\(.machine) \(.byte_order) \(.addr_size)"} {183 little 8} } } */
/* { dg-final { truesig-json {^scalars\.} {[.source_params[].fate]} {["constant","passed","passed","passed","passed"]} } } */
/* { dg-final { truesig-json {^scalars\.} {[.params[].location[] | "\(.reg)/\(.dwarf_reg)/\(.size)"]} {["w0/0/4","x1/1/8","s0/64/4","d1/65/8"]} } } */
/* { dg-final { truesig-json {^scalars\.} {[.return.location[] | "\(.reg)/\(.dwarf_reg)"]} {["d0/64"]} } } */
/* { dg-final { truesig-json {^hfa\.} {[.params[0].location[] | "\(.reg)@\(.piece_offset)/\(.size)"]} {["s0@0/4","s1@4/4","s2@8/4","s3@12/4"]} } } */
/* { dg-final { truesig-json {^big\.} {[.params[0].location[] | "\(.reg) indirect=\(.indirect)"]} {["x0 indirect=true"]} } } */
/* { dg-final { truesig-json {^sret\.} {[.return.location, [.sret[].reg], [.params[0].location[].reg]]} {[[],["x8"],["x0"]]} } } */
/* { dg-final { truesig-json {^sret\.} {.incomplete} {false} } } */
/* { dg-final { truesig-json {^odd\.} {[.params[0].location[] | "\(.reg)@\(.piece_offset)/\(.size)"]} {["x0@0/8","x1@8/4"]} } } */
/* { dg-final { truesig-btf-convert } } */
/* { dg-final { truesig-btf-every-record } } */
/* { dg-final { truesig-btf-func hfa.constprop.0 {static float hfa.constprop.0(struct hfa h)} } } */
