/* Parameters on the stack on every target: more than any of them passes
   in registers (x86-64 6, s390x 5, aarch64 and riscv64 8), with an unused
   one dropped (by IPA-SRA or IPA-CP, as GCC chooses; TV_CALL takes 12
   arguments at most), so that the stack parameters of the clone are not
   where the source put them.  The spoilt-record check of the verify suite
   spoils one of them. */
#include "truesig_verify.h"

volatile int one = 1;

static __attribute__((noinline)) long
spill (long a, long unused, long b, long c, long d, long e, long f, long g,
       long h, long i, long j, long k)
{
  return a + b * c - d + e * f + g - h + i * j - k;
}

static __attribute__((noinline)) int
spill_mixed (int a, double x, int b, int c, int d, int e, int f, int g,
	     int h, int i, double y, long j)
{
  return (int)(a + x * b + c + e + f * g - h + i + y * j);	/* d unused */
}

int
main (void)
{
  int n = one;
  long r = 0;

  r += TV_CALL (spill, (long)n, 0L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L, 11L);
  r += TV_CALL (spill, 12L, 5L, (long)n, 14L, 15L, 16L, 17L, 18L, 19L, 20L,
		21L, 22L);
  r += TV_CALL (spill_mixed, n, 1.5, 2, 3, 4, 5, 6, 7, 8, 9, 2.5, 10L);
  r += TV_CALL (spill_mixed, 3, 0.5, n, n + 3, n + 4, n + 5, n + 6, n + 7,
		n + 8, n + 9, 4.5, 12L);
  return r == 12345;
}
