/* i386: two static functions with the same body, passed their argument in
 * registers (regparm, recorded without a new name, kind abi).  ipa-icf
 * keeps t0's code and makes t11 an alias of it, at its address, whose
 * record is t0's.  A call of t11 is counted for the alias, unchecked (the
 * record maps the parameters to t0's); t11 must not be reported never
 * hit.  From make torture, seed 5006. */
/* verify-flags: -O2 -m32 */
#include <stdint.h>
#include "truesig_verify.h"

volatile uint64_t tg_sink;
volatile int32_t tg_one = 1;

static __attribute__((noinline)) int64_t
t0 (int8_t p0)
{
	tg_sink += (uint64_t)p0 * 3;
	return (int64_t)tg_sink ^ p0;
}

static __attribute__((noinline)) int64_t
t11 (int8_t p0)
{
	tg_sink += (uint64_t)p0 * 3;
	return (int64_t)tg_sink ^ p0;
}

static __attribute__((noinline)) void
drive (int32_t k)
{
	tg_sink += (uint64_t)TV_CALL(t0, (int8_t)(k + 3));
	tg_sink += (uint64_t)TV_CALL(t11, (int8_t)(k * 5));
}

int
main (void)
{
	int32_t k = tg_one;

	TV_CALL(drive, k);
	TV_CALL(drive, (int32_t)(k + 1));
	return 0;
}
