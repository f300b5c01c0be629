/* i386: local functions get register conventions (regparm, and SSE
   registers under -mfpmath=sse) without a new name: kind abi. */
/* verify-flags: -O2 -m32 -msse2 -mfpmath=sse | -O2 -m32 | -Os -m32 */
#include "truesig_verify.h"

volatile int one = 1;

static __attribute__((noinline)) int
local3 (int a, int b, int c)
{
  return a * b + c;
}

static __attribute__((noinline)) double
locald (double a, double b)
{
  return a * b;
}

static __attribute__((noinline)) long long
wide (long long a, int b, long long c)
{
  return a * b + c;
}

int
main (void)
{
  int x = one, y = one + 1;
  double r = TV_CALL (local3, x, y, 3) + TV_CALL (local3, y, x, x)
	     + TV_CALL (locald, (double)x, (double)y)
	     + TV_CALL (locald, (double)y, 2.0 * x)
	     + (double)TV_CALL (wide, (long long)x << 33, y, 5LL)
	     + (double)TV_CALL (wide, 7LL, x, (long long)y << 40);
  return r == 12345;
}
