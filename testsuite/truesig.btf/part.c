/* ipa-split outlines the loop of `maybe' into maybe.part.0, which does not
   take `fast'. */
/* { dg-do compile } */

extern void slow_path (int, int, const char *);
extern int table[64];

int
maybe (int fast, int x, int y, const char *why)
{
  if (fast)
    return x + 1;
  for (int i = 0; i < y; i++)
    {
      slow_path (x + i, table[i & 63], why);
      table[(i * 7) & 63] += x;
      slow_path (x - i, y * 3, why);
    }
  return table[y & 63];
}

int c1 (int x) { return maybe (x & 1, x, 5, "a"); }
int c2 (int x, int y) { return maybe (x > y, y, x, "b"); }

/* { dg-final { truesig-btf-convert } } */
/* { dg-final { truesig-btf-func {maybe.part.0} {static int maybe.part.0(int x, int y, const char *why)} } } */
/* { dg-final { truesig-btf-tags {maybe.part.0} {["-1:truesig:source=maybe","-1:truesig:kinds=part","-1:truesig:removed=fast src=0","0:truesig:origin=copy src=1 path=x","1:truesig:origin=copy src=2 path=y","2:truesig:origin=copy src=3 path=why"]} } } */
/* { dg-final { truesig-btf-every-record } } */
/* { dg-final { truesig-btf-kernel } } */
/* { dg-final { truesig-btf-idempotent } } */
/* { dg-final { truesig-find maybe {every_clone((.kinds == ["part"]) and arg("fast") == [["removed",null,null]] and arg("x") == [["passed",0,null]] and arg("why") == [["passed",2,null]])} } } */
