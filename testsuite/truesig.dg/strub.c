/* Stack scrubbing (GCC 14+, ipa-strub.cc) changes signatures twice over.
   A function of strub mode "internal" becomes a wrapper, under its own
   name and signature, and a wrapped body .strub.N that takes one more
   parameter, the watermark pointer; a parameter larger than four words
   reaches the body by reference to the wrapper's copy.  A function of
   mode "at-calls" takes the watermark pointer itself, without a new name.
   Either way the added parameter is a real parameter of origin "new",
   never a source parameter, and the kinds say "strub". */
/* truesig-gcc: 14 */
/* { dg-do compile } */

struct big { long a, b, c, d, e; };

static __attribute__((noinline, strub ("internal"))) int
use (int a, int unused, int c)
{
  return a + c;
}

static __attribute__((noinline, strub ("internal"))) int
bigone (struct big b, int k)
{
  return b.a + b.e + k;
}

/* A global wrapper stays in the object, with its unchanged signature: it
   is not a changed function, so it has no record. */
__attribute__((strub ("internal"))) int
api (int a, int b)
{
  return a * b;
}

static __attribute__((noinline, strub ("at-calls"))) int
atc (int a, int b)
{
  return a * b;
}

int
f (int x, int y)
{
  struct big b = { x, y, 3, 4, 5 };
  return use (x, y, 2) + use (y, x, 3) + bigone (b, x) + atc (x, y)
	 + atc (y, x);
}

/* { dg-final { truesig-every-clone-recorded } } */
/* { dg-final { truesig-same-code } } */
/* { dg-final { truesig-query {[.records[].symbol | select(test("^(api|f)$"))]} {[]} } } */
/* { dg-final { truesig-json {^use\.strub\.[0-9]+$} {[.kinds, .changed, .incomplete]} {[["strub"],true,false]} } } */
/* { dg-final { truesig-json {^use\.strub\.[0-9]+$} {[.params[] | .origin.how + ":" + (.origin.param_name // .name) + ":" + .location[0].reg]} {["copy:a:edi","copy:unused:esi","copy:c:edx","new:.strub.watermark_ptr:rcx"]} { target x86_64-*-* } } } */
/* { dg-final { truesig-json {^use\.strub\.[0-9]+$} {[.source_params[] | .name + ":" + .fate]} {["a:passed","unused:passed","c:passed"]} } } */
/* { dg-final { truesig-json {^bigone\.strub\.[0-9]+$} {[.params[] | .origin.how + ":" + .type + ":" + .location[0].reg]} {["reference:struct big *:rdi","copy:int:esi","new:void **restrict:rdx"]} { target x86_64-*-* } } } */
/* { dg-final { truesig-json {^bigone\.strub\.[0-9]+$} {[.source_params[] | .name + ":" + .type + ":" + .fate]} {["b:struct big:passed","k:int:passed"]} } } */
/* { dg-final { truesig-json {^api\.strub\.[0-9]+$} {[.params[].origin.how]} {["copy","copy","new"]} } } */
/* { dg-final { truesig-json {^atc$} {[.kinds, .changed, (.source_params | length)]} {[["strub"],true,2]} } } */
/* { dg-final { truesig-json {^atc$} {[.params[] | .origin.how + ":" + .location[0].reg]} {["copy:edi","copy:esi","new:rdx"]} { target x86_64-*-* } } } */
