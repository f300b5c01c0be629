/* A read-only pointer to a struct: the callers load the fields and pass
   them (b->flags is b__flags, b->x[1] is b__x_1), with their const. */
/* { dg-do compile } */
/* { dg-options "-fno-ipa-cp" } */

struct hdr { unsigned flags; int x[4]; long len; };

static __attribute__((noinline)) int
check (const struct hdr *b, int bias)
{
  return (b->flags & 7) + b->x[1] + bias;
}

int
use (struct hdr *h, int n)
{
  return check (h, n) + check (h + 1, 2 * n);
}

/* { dg-final { truesig-btf-convert } } */
/* { dg-final { truesig-btf-func {check.isra.0} {static int check.isra.0(const unsigned int b__flags, const int b__x_1, int bias)} } } */
/* { dg-final { truesig-btf-tags {check.isra.0} {["-1:truesig:source=check","-1:truesig:kinds=isra","0:truesig:origin=pointer_piece src=0 off=0 size=4 path=b->flags","1:truesig:origin=pointer_piece src=0 off=8 size=4 path=b->x[1]","2:truesig:origin=copy src=1 path=bias"]} } } */
/* { dg-final { truesig-btf-every-record } } */
/* { dg-final { truesig-btf-kernel } } */
/* { dg-final { truesig-btf-idempotent } } */
/* { dg-final { truesig-find check {every_clone(arg("b") == [["split",0,"b->flags"],["split",1,"b->x[1]"]] and arg("bias") == [["passed",2,null]] and (.args | map(select(.name == "b") | .how) | unique) == ["pointer_piece"])} } } */
