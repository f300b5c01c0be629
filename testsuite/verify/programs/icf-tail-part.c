/* Two functions with the same slow path: ipa-split outlines it from each
 * (t1.part.0, t4.part.0), ipa-icf folds the two parts into one body, and
 * t4.part.0 becomes an alias of t1.part.0 (TS_RF_ALIAS), at its address.
 * Both parents reach the part by a tail jump.  verify must count t4's
 * entries for the alias (unchecked: its record maps the parameters to t1's)
 * and match t1's through the tail call: its frame has the same stack
 * pointer and return address.  From make torture, seed 1138. */
/* verify-flags: -O2 | -Os | -O2 -m32 */
#include <stdint.h>
#include "truesig_verify.h"

volatile uint64_t tg_sink;
uint64_t tg_table[64];
volatile int32_t tg_one = 1;

__attribute__((noipa)) void
tg_ext (uint64_t a, uint64_t b)
{
	tg_sink += a ^ b;
}

int64_t
t1 (int32_t p0, int16_t p1)
{
	uint64_t acc = 1;

	if (p0) {
		tg_sink += (uint64_t)p1;
		return (int64_t)tg_sink;
	}
	for (int i = 0; i < 3; i++) {
		tg_ext(acc + (uint64_t)i, acc * 3);
		tg_table[(i * 7) & 63] += acc;
		tg_ext(acc - (uint64_t)i, tg_table[i & 63]);
		tg_ext(acc ^ (uint64_t)i, tg_table[i & 7]);
		tg_ext(acc | (uint64_t)i, tg_table[i & 15]);
		acc += tg_table[i & 63] & 0xff;
	}
	tg_sink ^= acc;
	return (int64_t)(acc & 0xffffff);
}

int64_t
t4 (int32_t p0, uint16_t p1)
{
	uint64_t acc = 1;

	if (p0) {
		tg_sink += 1;
		return (int64_t)tg_sink;
	}
	for (int i = 0; i < 3; i++) {
		tg_ext(acc + (uint64_t)i, acc * 3);
		tg_table[(i * 7) & 63] += acc;
		tg_ext(acc - (uint64_t)i, tg_table[i & 63]);
		tg_ext(acc ^ (uint64_t)i, tg_table[i & 7]);
		tg_ext(acc | (uint64_t)i, tg_table[i & 15]);
		acc += tg_table[i & 63] & 0xff;
	}
	tg_sink ^= acc;
	return (int64_t)(acc & 0xffffff);
}

static __attribute__((noinline)) void
drive (int32_t k)
{
	tg_sink += (uint64_t)TV_CALL(t1, (int32_t)(k == 1), (int16_t)(k * 3));
	tg_sink += (uint64_t)TV_CALL(t1, (int32_t)(k != 1), (int16_t)(k + 5));
	TV_CALL(t4, (int32_t)(k == 1), (uint16_t)(k * 2 + 12));
	TV_CALL(t4, (int32_t)(k != 1), (uint16_t)(k * 8 + 2));
}

int
main (void)
{
	int32_t k = tg_one;

	TV_CALL(drive, k);
	TV_CALL(drive, (int32_t)(k + 1));
	return 0;
}
