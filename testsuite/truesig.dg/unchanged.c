/* Functions whose signature GCC keeps get no record. */
/* { dg-do compile } */

int keep (int a, int b) { return a * b; }
static __attribute__((noinline)) int also (int a, int b) { return a - b; }
int call (int x, int y) { return also (x, y) + also (y, x); }

/* { dg-final { truesig-no-records } } */
