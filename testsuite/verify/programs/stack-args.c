/* Parameters on the stack on every target: more than any of them passes
   in registers (x86-64 6, s390x 5, aarch64 and riscv64 8), with an unused
   one dropped (by IPA-SRA or IPA-CP, as GCC chooses; TV_CALL takes 12
   arguments at most), so that the stack parameters of the clone are not
   where the source put them.  Every other argument of spill depends on a
   volatile: were they constants, IPA-CP would make a clone for each call
   with none of them left (GCC 16 does), and nothing would be on the
   stack.  The spoilt-record check of the verify suite spoils one of them. */
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

  r += TV_CALL (spill, (long)n, 0L, n + 2L, n + 3L, n + 4L, n + 5L, n + 6L,
		n + 7L, n + 8L, n + 9L, n + 10L, n + 11L);
  r += TV_CALL (spill, n + 12L, 5L, (long)n, n + 14L, n + 15L, n + 16L,
		n + 17L, n + 18L, n + 19L, n + 20L, n + 21L, n + 22L);
  r += TV_CALL (spill_mixed, n, 1.5, 2, 3, 4, 5, 6, 7, 8, 9, 2.5, 10L);
  r += TV_CALL (spill_mixed, 3, 0.5, n, n + 3, n + 4, n + 5, n + 6, n + 7,
		n + 8, n + 9, 4.5, 12L);
  return r == 12345;
}
