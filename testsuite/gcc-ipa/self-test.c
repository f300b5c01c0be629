/* The self-test of gcc-ipa-check.sh: the checker must agree with GCC's
   dumps of this file, and must disagree once one fact in them is changed
   (an aggregate constant, a parameter's origin, the return dropped).  */
struct pair { int a; long b; };
struct big { long x, y, z; };

static __attribute__ ((noinline)) int
known (const struct pair *p, int n)
{
  return p->a * n + (int) p->b;
}

static __attribute__ ((noinline)) int
drop (struct big *s, int unused, int *out)
{
  *out = (int) s->y;
  return out[1];
}

int
use (int n, struct big *s, int *out)
{
  struct pair q = { 7, 9 };
  drop (s, n, out);
  drop (s, n + 1, out + 2);
  return known (&q, n) + known (&q, n + 1);
}
