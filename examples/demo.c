/* demo.c — a small program whose functions GCC changes at -O2.
   `make demo` builds it with the truesig plugin and shows, for each changed
   function, the signature as written next to the one GCC emitted. */
#include <stdio.h>
#include <stdlib.h>

struct point { int x, y; long tag; };
struct packet { unsigned flags; int len; struct point at; char data[32]; };

/* IPA-SRA removes `unused`. */
static __attribute__((noinline)) int
scale (int value, int unused, int factor)
{
	return value * factor;
}

/* IPA-SRA passes only p.y: the struct is split into the field used. */
static __attribute__((noinline)) long
height (struct point p, int margin)
{
	return (long) p.y * margin;
}

/* IPA-SRA loads pkt->flags and pkt->at.x in the callers and passes them. */
static __attribute__((noinline)) int
classify (const struct packet *pkt)
{
	return (pkt->flags & 3) + pkt->at.x;
}

/* Every caller ignores the result: IPA-SRA drops the return. */
static __attribute__((noinline)) int
record_len (int *slot, int len)
{
	*slot = len * 2;
	return len;
}

/* Every caller passes mode == 4: IPA-CP removes it. */
static __attribute__((noinline)) int
step (int x, int mode)
{
	return mode == 4 ? x + 4 : x * mode;
}

int slot;

int
main (int argc, char **argv)
{
	struct point p = { argc, argc + 2, 7 };
	struct packet pkt = { .flags = (unsigned) argc, .len = 3,
			      .at = { argc * 5, 1, 0 } };
	long sum = 0;

	(void) argv;
	sum += scale (argc, 42, 3);
	sum += scale (argc + 1, 43, 5);
	sum += height (p, 2);
	sum += classify (&pkt);
	record_len (&slot, argc);
	sum += step (argc, 4) + step ((int) sum, 4);
	printf ("demo: sum=%ld slot=%d\n", sum, slot);
	return sum > 1000 ? EXIT_FAILURE : EXIT_SUCCESS;
}
