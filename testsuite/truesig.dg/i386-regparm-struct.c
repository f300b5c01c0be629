/* i386: regparm passes a small aggregate of a local function in as many
   registers as it has words (eax, edx, ecx); GCC's RTL names only the
   first, in BLKmode.  Each word is recorded as a piece in its register. */
/* { dg-do compile } */
/* { dg-options "-m32" } */
/* truesig-target: x86_64-* i?86-* (i386 code, -m32) */

struct two { unsigned lo : 7, mid : 8, hi : 17; signed char c; unsigned char d[3]; };
struct three { int a, b, c; };
struct odd { char s[6]; };

static __attribute__((noinline)) int
take2 (struct two t)
{
  return t.lo + t.c + t.d[2];
}

static __attribute__((noinline)) int
take3 (struct three t)
{
  return t.a * t.b - t.c;
}

void look (const struct odd *);

static __attribute__((noinline)) int
take_odd (struct odd o)
{
  look (&o);		/* the whole aggregate: IPA-SRA leaves it */
  return o.s[0];
}

int
use (struct two *p, struct three *q, struct odd *r)
{
  return take2 (*p) + take2 (p[1]) + take3 (*q) + take3 (q[1])
	 + take_odd (*r) + take_odd (r[1]);
}

/* { dg-final { truesig-json {^take2} {[.params[0].location[] | [.reg, .dwarf_reg, .piece_offset, .size]]} {[["eax",0,0,4],["edx",2,4,4]]} } } */
/* { dg-final { truesig-json {^take3} {[.params[0].location[] | [.reg, .dwarf_reg, .piece_offset, .size]]} {[["eax",0,0,4],["edx",2,4,4],["ecx",1,8,4]]} } } */
/* { dg-final { truesig-json {^take_odd} {[.params[0].location[] | [.reg, .piece_offset, .size]]} {[["eax",0,4],["edx",4,2]]} } } */
/* { dg-final { truesig-query {[.records[] | [.symbol, .kinds]] | sort} {[["take2",["abi"]],["take3",["abi"]],["take_odd",["abi"]]]} } } */
/* { dg-final { truesig-same-code } } */
