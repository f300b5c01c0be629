/* strub (GCC 14+): the wrapped body's FUNC has the watermark pointer as
   its last parameter (origin new), a large parameter as a pointer to the
   wrapper's copy (origin reference), and an "at-calls" function keeps its
   name with the added parameter. */
/* truesig-gcc: 14 */
/* { dg-do compile } */

struct big { long a, b, c, d, e; };

static __attribute__((noinline, strub ("internal"))) int
bigone (struct big b, int k)
{
  return b.a + b.e + k;
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
  return bigone (b, x) + atc (x, y) + atc (y, x);
}

/* { dg-final { truesig-btf-convert } } */
/* { dg-final { truesig-btf-func {bigone.strub.0} {static int bigone.strub.0(struct big *b__ref, int k, void **restrict arg2)} } } */
/* { dg-final { truesig-btf-tags {bigone.strub.0} {["-1:truesig:source=bigone","-1:truesig:kinds=strub","0:truesig:origin=reference src=0 path=b","1:truesig:origin=copy src=1 path=k","2:truesig:origin=new size=8"]} } } */
/* { dg-final { truesig-btf-func {atc} {static int atc(int a, int b, void **restrict arg2)} } } */
/* { dg-final { truesig-btf-tags {atc} {["-1:truesig:source=atc","-1:truesig:kinds=strub","0:truesig:origin=copy src=0 path=a","1:truesig:origin=copy src=1 path=b","2:truesig:origin=new size=8"]} } } */
/* { dg-final { truesig-btf-every-record } } */
/* { dg-final { truesig-btf-kernel } } */
/* { dg-final { truesig-btf-idempotent } } */
/* { dg-final { truesig-find bigone {every_clone(.kinds == ["strub"] and ([.args[] | select(.name == "b") | [.fate, .how, .param]] == [["passed","reference",0]]) and arg("k") == [["passed",1,null]] and (.args | length) == 2)} } } */
/* { dg-final { truesig-find atc {[.clones[] | select(.clone | not) | .kinds == ["strub"] and .verified and arg("a") == [["passed",0,null]] and arg("b") == [["passed",1,null]]] == [true]} } } */
