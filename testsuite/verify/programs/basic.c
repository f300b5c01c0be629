/* One of each: the fields of a struct by value (isra), IPA-CP constants,
   a pointer read only (pointer pieces), parameters on the stack, float and
   double in SSE registers, an ignored return value. */
#include "truesig_verify.h"

struct inner { int16_t s; int16_t pad; int32_t x; };
struct outer { int32_t a; int32_t pad; int64_t b; struct inner in;
	       char pad2[40]; };
struct cfg { int32_t a; int32_t b; int32_t c[4]; };
volatile long sink;
volatile int one = 1;

static __attribute__((noinline)) long
pick (struct outer p, int k)
{
  return p.b * k + p.in.x;
}

static __attribute__((noinline)) int
work (const struct cfg *c, int level, int unused)
{
  return c->b * level + c->c[2];
}

static __attribute__((noinline)) long
many (long a, long b, long c, long d, long e, long f, long g, long h,
      int unused)
{
  return a + b * c - d + e * f + g - h;
}

static __attribute__((noinline)) double
fl (double a, float b, int u, double z)
{
  return a * b + z;
}

static __attribute__((noinline)) int
ign (int a, int b)
{
  sink = a + b;
  return a * b;
}

int
main (void)
{
  struct outer o = { 1, 0, 2, { 3, 0, 4 }, { 0 } };
  struct cfg c = { 5, 6, { 7, 8, 9, 10 } };
  int k = one;
  long r = 0;

  r += TV_CALL (pick, o, k);
  o.b = 17;
  r += TV_CALL (pick, o, k + 1);
  r += TV_CALL (work, (const struct cfg *)&c, 5, k);
  c.b = 44;
  r += TV_CALL (work, (const struct cfg *)&c, 5, k * 2);
  r += TV_CALL (many, (long)k, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 0);
  r += TV_CALL (many, 9L, (long)k, 3L + k, 4L + k, 5L + k, 6L + k, 70L, 80L, 9);
  r += TV_CALL (fl, 1.5, 2.5f, k, 3.5);
  r += TV_CALL (fl, 2.5, (float)k, k, 4.5);
  TV_CALL (ign, k, 3);
  TV_CALL (ign, 4, k);
  return r == 12345;
}
