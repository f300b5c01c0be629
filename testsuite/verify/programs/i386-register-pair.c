/* i386: a value of 8 or 12 bytes passed in registers (here struct s7 of t1,
 * under regparm: eax and edx) must be recorded as pieces, eax 0..4 and edx
 * 4..8.  It once was one location "ax" of 8 bytes, which no tracer can
 * read.  Found by make torture (seed 1006, -O2 -m32), reduced by
 * testsuite/torture/reduce.sh. */
/* verify-flags: -O2 -m32 */
#include <stdint.h>
#include <string.h>
#include "truesig_verify.h"

volatile uint64_t tg_sink;
uint64_t tg_table[64];
volatile int32_t tg_one = 1;

__attribute__((noipa)) void
tg_ext (uint64_t a, uint64_t b)
{
	tg_sink += a ^ b;
}

struct s0 {
	double f0;
	int16_t f1[2];
	struct { uint32_t b0 : 8; uint32_t b1 : 7; uint32_t b2 : 17; } f2;
	uint8_t f3;
	uint8_t f4[3];
	struct { uint32_t b0 : 6; uint32_t b1 : 16; uint32_t b2 : 10; } f5;
	double f6;
};

struct s1 {
	uint32_t f0;
	uint32_t f1;
	int32_t f2[3];
	uint8_t f3[4];
	double f4;
	int8_t f5;
	uint8_t f6[7];
	int64_t f7[3];
	uint32_t f8;
	uint8_t f9;
	uint8_t f10[3];
	struct { uint32_t b0 : 16; uint32_t b1 : 16; } f11;
	uint8_t f12[4];
};

union u2 {
	float f0;
	float f1;
	uint8_t f2[4];
};

struct s3 {
	struct { uint32_t b0 : 16; uint32_t b1 : 1; uint32_t b2 : 15; } f0;
};

struct s4 {
	struct s0 f0;
	struct { uint32_t b0 : 14; uint32_t b1 : 18; } f1;
	union u2 f2;
};

union u5 {
	int64_t f0;
	double f1;
	int32_t f2[2];
};

struct s6 {
	int16_t f0;
	uint8_t f1[2];
	struct { uint32_t b0 : 16; uint32_t b1 : 2; uint32_t b2 : 14; } f2;
	int8_t f3[4];
	int8_t f4;
	uint8_t f5[3];
	union u2 f6;
	struct { uint32_t b0 : 12; uint32_t b1 : 11; uint32_t b2 : 9; } f7;
};

struct s7 {
	struct { uint32_t b0 : 7; uint32_t b1 : 8; uint32_t b2 : 17; } f0;
	int8_t f1;
	uint8_t f2[3];
};

struct s8 {
	int64_t f0;
	struct s7 f1;
	struct s7 f2;
	double f3;
	struct { uint32_t b0 : 1; uint32_t b1 : 31; } f4;
	struct s6 f5;
	int32_t f6;
	uint64_t f7[4];
};

static __attribute__((noinline)) void
t1 (struct s7 p0, uint64_t p1)
{
	uint64_t acc = 1;

	acc += (uint64_t)p0.f0.b2 * 1;
	acc += (uint64_t)p0.f0.b2 * 2;
	acc += (uint64_t)p0.f1 * 3;
	tg_sink ^= acc;
}

static __attribute__((noinline)) void
drive1 (int32_t k)
{
	{
	struct s7 a0;
	memset(&a0, 0, sizeof a0);
	a0.f0.b0 = (uint32_t)((uint32_t)(k * 5 + 7)) & 0x7f;
	a0.f0.b1 = (uint32_t)((uint32_t)(k * 2 + 37)) & 0xff;
	a0.f0.b2 = (uint32_t)((uint32_t)(k * 9 + 44)) & 0x1ffff;
	a0.f1 = (int8_t)(k * 4 + 34);
	TV_CALL(t1, a0, (uint64_t)(k * 5 + 45));
	}
	{
	struct s7 a0;
	memset(&a0, 0, sizeof a0);
	a0.f0.b0 = (uint32_t)((uint32_t)(k * 7 + 17)) & 0x7f;
	a0.f0.b1 = (uint32_t)((uint32_t)(k * 8 + 41)) & 0xff;
	a0.f0.b2 = (uint32_t)((uint32_t)(k * 6 + 30)) & 0x1ffff;
	a0.f1 = (int8_t)(k * 8 + 8);
	TV_CALL(t1, a0, (uint64_t)(k * 5 + 17));
	}
}

int
main (void)
{
	int32_t k = tg_one;

	TV_CALL(drive1, k);
	TV_CALL(drive1, (int32_t)(k + 1));
	return 0;
}
