/* i386: an IPA-SRA clone of a local function also gets registers (kinds
   isra and abi); with no BTF in the object, truesig makes all of it. */
/* { dg-do compile } */
/* { dg-options "-m32 -fno-ipa-cp" } */
/* truesig-target: x86_64-* i?86-* (i386 code, -m32) */

struct pair { int lo, hi; };

static __attribute__((noinline)) int
hi_part (struct pair p, int unused, int k)
{
  return p.hi * k;
}

int
use (struct pair *p, int a)
{
  return hi_part (*p, a, a) + hi_part (p[1], a, 7);
}

/* { dg-final { truesig-btf-convert } } */
/* { dg-final { truesig-btf-func {hi_part.isra.0} {static int hi_part.isra.0(int p__hi, int k)} } } */
/* { dg-final { truesig-btf-tags {hi_part.isra.0} {["-1:truesig:source=hi_part","-1:truesig:kinds=isra,abi","-1:truesig:return_loc=eax","-1:truesig:removed=unused src=1","0:truesig:origin=value_piece src=0 off=4 size=4 path=p.hi","0:truesig:loc=eax","1:truesig:origin=copy src=2 path=k","1:truesig:loc=edx"]} } } */
/* { dg-final { truesig-btf-every-record } } */
/* { dg-final { truesig-btf-kernel } } */
/* { dg-final { truesig-btf-idempotent } } */
