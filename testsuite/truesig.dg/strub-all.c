/* -fstrub=all makes every function strub: those that may take a
   watermark pointer (local ones) in mode "at-calls", and IPA-SRA and
   IPA-CP still clone them.  The watermark pointer stays a real parameter
   of origin "new" in every clone, and is never listed among the source
   parameters.  With -fplugin-arg-truesig-all, the wrapper strub leaves
   under a global function's name says "unchanged", in its flag as in its
   signature. */
/* truesig-gcc: 14 */
/* { dg-do compile } */
/* { dg-options "-fstrub=all -fplugin-arg-truesig-all" } */

struct pt { int x, y, z; };

static __attribute__((noinline)) int
pick (struct pt p, int unused, const struct pt *q)
{
  return p.y + q->z;
}

static __attribute__((noinline)) int
scale (int v, int unused, int f)
{
  return v * f;
}

static __attribute__((noinline)) int
konst (int v, int k)
{
  return v * k;
}

int
api (int a, int b)
{
  struct pt p = { a, b, 3 };
  return pick (p, a, &p) + pick (p, b, &p) + scale (a, b, 3) + scale (b, a, 4)
	 + konst (a, 7) + konst (b, 7);
}

/* { dg-final { truesig-every-clone-recorded } } */
/* { dg-final { truesig-same-code } } */
/* { dg-final { truesig-json {^api$} {[.changed, .kinds, [.params[].origin.how]]} {[false,[],["copy","copy"]]} } } */
/* { dg-final { truesig-query {[.records[] | select(.changed) | [.source_params[].name] | map(select(startswith(".strub")))] | add} {[]} } } */
/* { dg-final { truesig-query {[.records[] | select(.changed and (.kinds | index("strub"))) | .params[-1] | .origin.how + ":" + .name] | unique} {["new:.strub.watermark_ptr"]} } } */
/* { dg-final { truesig-query {[.records[] | select(.function == "scale" and .changed) | .kinds | index("strub") != null] | unique} {[true]} } } */
/* { dg-final { truesig-query {[.records[] | select(.function == "scale" and .changed) | [.source_params[] | .name + ":" + .fate]] | unique} {[["v:passed","unused:removed","f:passed"]]} } } */
