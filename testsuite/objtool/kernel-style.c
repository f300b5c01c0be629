/* Kernel-style code with a function of each kind GCC changes, for the
   objtool check (scripts/objtool-check.sh): a constant argument removed
   (constprop), a pointer turned into the values it points to (isra), a
   tail outlined (part), a function whose address is taken (it keeps its
   ENDBR, which objtool seals only when nothing else refers to it), an
   indirect call (a retpoline) and returns (return thunks).  */

struct dev { int id; int flags; long stat[4]; };

extern void slow_path (int, int, const char *);
extern int table[64];

static __attribute__((noinline)) int
scale (int v, int unused, int f)
{
  return v * f;
}

static __attribute__((noinline)) int
load (const struct dev *d)
{
  return d->id + d->flags;
}

int
maybe (int fast, int x, int y, const char *why)
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

static __attribute__((noinline)) int
handler (int a, int b)
{
  return a - b;
}

int (*hook) (int, int) = handler;

int
dev_op (struct dev *d, int a, int b)
{
  int r = scale (a, b, 3) + scale (b, a, 3) + load (d);
  r += hook (a, b);
  return r + maybe (a & 1, a, 5, "a") + maybe (a > b, b, a, "b");
}
