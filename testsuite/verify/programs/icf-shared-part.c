/* Two global functions with the same body: ipa-split outlines the slow
 * path of each, ipa-icf keeps one part, t0.part.0, and t4 jumps to it with
 * no t4.part.0 left to name it.  t4's calls reach code recorded for t0:
 * verify counts them "from a call of another function sharing this code",
 * unchecked, not as entries without a capture.  From make torture, seed
 * 5096. */
/* verify-flags: -O2 */
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
t0 (int32_t p0, float p1)
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
	acc += (uint64_t)(int64_t)(p1 * 2);
	tg_sink ^= acc;
	return (int64_t)(acc & 0xffffff);
}

int64_t
t4 (int32_t p0, float p1)
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
	acc += (uint64_t)(int64_t)(p1 * 2);
	tg_sink ^= acc;
	return (int64_t)(acc & 0xffffff);
}

static __attribute__((noinline)) void
drive (int32_t k)
{
	tg_sink += (uint64_t)TV_CALL(t0, (int32_t)(k == 1), (float)(k * 3 + 26));
	tg_sink += (uint64_t)TV_CALL(t0, (int32_t)(k != 1), (float)(k * 3 + 33));
	tg_sink += (uint64_t)TV_CALL(t4, (int32_t)(k == 1), (float)(k * 4 + 36));
	tg_sink += (uint64_t)TV_CALL(t4, (int32_t)(k != 1), (float)(k * 1 + 47));
}

int
main (void)
{
	int32_t k = tg_one;

	TV_CALL(drive, k);
	TV_CALL(drive, (int32_t)(k + 1));
	return 0;
}
