/* IPA-CP knows what by_ptr loads through p: every caller points it at
   {7, 9}.  The BTF tags say so, piece by piece.  GCC 13 and later pass
   none of *p (p is a constant); GCC 11 and 12 still load both pieces in
   the callers and pass them (p is split), with the same known values.  */
/* { dg-do compile } */

struct pair { int a; long b; };

static __attribute__((noinline)) int
by_ptr (const struct pair *p, int n)
{
  return p->a * n + (int) p->b;
}

int
use (int n)
{
  struct pair q = { 7, 9 };
  return by_ptr (&q, n) + by_ptr (&q, n + 1);
}

/* (GCC 12 for s390x does not clone by_ptr for IPA-CP: by_ptr.isra.0 alone,
   which every-record below covers.) */
/* { dg-final { truesig-btf-convert } } */
/* { dg-final { if { [truesig-gcc-major] >= 13 && ![truesig-target-is {s390*}] } { truesig-btf-func {by_ptr.constprop.0.isra.0} {static int by_ptr.constprop.0.isra.0(int n)} } } } */
/* { dg-final { if { [truesig-gcc-major] >= 13 && ![truesig-target-is {s390*}] } { truesig-btf-tags {by_ptr.constprop.0.isra.0} {["-1:truesig:source=by_ptr","-1:truesig:kinds=constprop,isra","-1:truesig:constant=p src=0 pieces=2","-1:truesig:known_piece=pointer_piece src=0 off=0 size=4 path=p->a value=7","-1:truesig:known_piece=pointer_piece src=0 off=8 size=8 path=p->b value=9","0:truesig:origin=copy src=1 path=n"]} } } } */
/* { dg-final { if { [truesig-gcc-major] < 13 && ![truesig-target-is {s390*}] } { truesig-btf-func {by_ptr.constprop.0.isra.0} {static int by_ptr.constprop.0.isra.0(const int p__a, const long int p__b, int n)} } } } */
/* { dg-final { if { [truesig-gcc-major] < 13 && ![truesig-target-is {s390*}] } { truesig-btf-tags {by_ptr.constprop.0.isra.0} {["-1:truesig:source=by_ptr","-1:truesig:kinds=constprop,isra","-1:truesig:known=p src=0 pieces=2","-1:truesig:known_piece=pointer_piece src=0 off=0 size=4 path=p->a value=7","-1:truesig:known_piece=pointer_piece src=0 off=8 size=8 path=p->b value=9","0:truesig:origin=pointer_piece src=0 off=0 size=4 path=p->a","1:truesig:origin=pointer_piece src=0 off=8 size=8 path=p->b","2:truesig:origin=copy src=1 path=n"]} } } } */
/* { dg-final { truesig-btf-every-record } } */
/* { dg-final { truesig-btf-kernel } } */
/* { dg-final { truesig-btf-idempotent } } */
/* { dg-final { if { ![truesig-target-is {s390*}] } { truesig-find by_ptr {every_clone([.args[] | select(.name == "p") | .known_pieces[] | [.path, .offset, .size, .constant]] | unique == [["p->a",0,4,7],["p->b",8,8,9]])} } } } */
/* { dg-final { if { [truesig-gcc-major] >= 13 && ![truesig-target-is {s390*}] } { truesig-find by_ptr {every_clone([.args[] | select(.name == "p") | .fate] == ["constant"])} } } } */
/* { dg-final { if { [truesig-gcc-major] < 13 && ![truesig-target-is {s390*}] } { truesig-find by_ptr {every_clone(arg("p") == [["split",0,"p->a"],["split",1,"p->b"]])} } } } */
