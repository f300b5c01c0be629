/* IPA-CP knows the pieces of an aggregate every caller passes: the fields
   of a struct passed by value, the values loaded through a pointer.  The
   record lists each known piece with its value, whatever GCC then does
   with the parameter.  GCC 13 and later leave the known pieces out of the
   IPA-SRA clone (ipa-sra.cc: "omitting component at byte offset N which is
   known to have a constant value"), so the parameter is a constant, not
   "removed" (unused); GCC 11 and 12 still pass them, so it is split, and
   the pieces are passed and known.  gcc.dg/ipa/ipa-sra-4.c and
   pr107640-2.c are of this kind. */
/* { dg-do compile } */
/* { dg-options "-O2 -g" } */

struct pair { int a; long b; };
struct pt { double x, y; int tag; };

static int __attribute__ ((noinline))
by_ptr (const struct pair *p, int n)
{
  return p->a * n + (int) p->b;
}

static double __attribute__ ((noinline))
by_value (struct pt v, int k)
{
  return v.x * k + v.y + v.tag;
}

/* Every caller passes &gs after storing the same values in it: IPA-CP
   knows the pointer itself and the pieces loaded through it.  */
struct pair gs;

static int __attribute__ ((noinline))
at_global (struct pair *p, int n)
{
  return p->a * n + (int) p->b + (p == &gs);
}

int
use (int n, int k)
{
  struct pair q = { 7, 9 };
  struct pt v = { 1.5, 2.5, 3 };
  int r;

  gs.a = 7; gs.b = 9;
  r = at_global (&gs, n);
  gs.a = 7; gs.b = 9;
  return r + at_global (&gs, n + 1) + by_ptr (&q, n) + by_ptr (&q, n + 1)
	 + (int) by_value (v, k) + (int) by_value (v, k + 2);
}

/* { dg-final { truesig-every-clone-recorded } } */
/* { dg-final { truesig-same-code } } */
/* Every clone of by_ptr knows p->a and p->b, of by_value all of v (GCC
   12's IPA-CP for aarch64 and s390x, whose costs differ, does not clone
   by_value: IPA-SRA alone splits it, and no clone knows v). */
/* { dg-final { truesig-query {[.records[] | select(.function == "by_ptr") | .source_params[0] | [.known_pieces[] | "\(.path):\(.how):\(.offset):\(.size):\(.type)=\(.value)"]] | unique} {[["p->a:pointer_piece:0:4:int=7","p->b:pointer_piece:8:8:long int=9"]]} } } */
/* { dg-final { truesig-query {[.records[] | select(.function == "by_value") | .source_params[0] | [.known_pieces[] | "\(.path):\(.how):\(.offset):\(.size):\(.type)=\(.value)"]] | unique} {[["v.x:value_piece:0:8:double=1.5e+0","v.y:value_piece:8:8:double=2.5e+0","v.tag:value_piece:16:4:int=3"]]} { target x86_64-*-* riscv64-*-* } } } */
/* The known parameter is a constant exactly when none of it is passed;
   the other one is passed as is.  */
/* { dg-final { truesig-query {[.records[] | select(.function == "by_ptr" or .function == "by_value") | (.source_params[0].fate == (if any(.params[]; .origin.param == 0) then "split" else "constant" end)) and .source_params[1].fate == "passed" and .source_params[0].constant == null] | unique} {[true]} } } */
/* { dg-final { if { [truesig-gcc-major] >= 13 } { truesig-query {[.records[] | select(.function == "by_ptr" or .function == "by_value") | .source_params[0].fate] | unique} {["constant"]} } } } */
/* { dg-final { if { [truesig-gcc-major] < 13 } { truesig-query {[.records[] | select(.function == "by_ptr" or .function == "by_value") | .source_params[0].fate] | unique} {["split"]} } } } */
/* A value known and pieces known: both said, in JSON and in the text.  */
/* { dg-final { truesig-query {[.records[] | select(.function == "at_global") | .source_params[0] | "\(.fate) \(.constant) \([.known_pieces[] | "\(.path)=\(.value)"])"] | unique} {["constant &gs [\"p->a=7\",\"p->b=9\"]"]} } } */
/* { dg-final { truesig-dump-text {\n  source 0: struct pair \*p: constant &gs, known pieces: p->a = 7, p->b = 9\n} } } */
