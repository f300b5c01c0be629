/* The clone's callers ignore the result, so IPA-SRA dropped the return
   value: every parameter is where DWARF says, but DWARF still declares
   int, and nothing in it says the clone returns nothing. */
/* { dg-do compile } */

int g;

static __attribute__((noinline)) int
dropret (int a, int b)
{
  g += a * b;
  return g;
}

void
usedrop (int a)
{
  dropret (a, 3);
  dropret (a + 1, 4);
}

/* { dg-final { truesig-compare {dropret.isra.0} invisible {the return value was dropped; DWARF still declares int} truesig right } } */
