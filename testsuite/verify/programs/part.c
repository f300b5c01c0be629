/* ipa-split outlines the loop of `maybe' into maybe.part.0, called from
   maybe's head inlined into main: its parameters are maybe's x, y and why,
   passed through, compared with what main passed to maybe.  maybe2 cannot
   be split (noinline): no record.  GCC splits at -O2 and -O3 only; the
   loop is long and maybe called three times so that GCC 16 splits it
   too rather than inline it whole. */
/* verify-flags: -O2 | -O3 | -O2 -m32 */
#include "truesig_verify.h"

__attribute__((noipa)) void slow_path (int a, int b, const char *w) { (void)a; (void)b; (void)w; }
int table[64];
volatile int one = 1;
int maybe (int fast, int x, int y, const char *why)
{
  if (fast)
    return x + 1;
  for (int i = 0; i < y; i++)
    {
      slow_path (x + i, table[i & 63], why);
      table[(i * 7) & 63] += x;
      slow_path (x - i, y * 3, why);
      table[(i * 5) & 63] ^= y;
      slow_path (x * i, table[(i + y) & 63], why);
      table[(i * 3) & 63] -= x + y;
      slow_path (y - i, x * 5, why);
    }
  return table[y & 63];
}
__attribute__((noinline)) int maybe2 (int fast, int x, int y, const char *why)
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
int main (void)
{
  int k = one;
  int r = TV_CALL (maybe, k - 1, k, 5, (const char *)"a");
  r += TV_CALL (maybe, k, k + 3, k, (const char *)"b");
  r += TV_CALL (maybe, k - 1, k + 5, 3, (const char *)"c");
  r += TV_CALL (maybe2, k - 1, k, 5, (const char *)"a");
  r += TV_CALL (maybe2, k, k + 3, k, (const char *)"b");
  return r == 12345;
}
