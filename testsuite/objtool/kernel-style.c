/* Kernel-style code with a function of each kind GCC changes, for the
   objtool check (scripts/objtool-check.sh): a constant argument removed
   (constprop), a pointer turned into the values it points to (isra), a
   tail outlined (part), a function whose address is taken (it keeps its
   ENDBR, which objtool seals only when nothing else refers to it), an
   indirect call (a retpoline) and returns (return thunks).  */

struct dev { int id; int flags; long stat[4]; };

extern void log_event (int, int, const char *);
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
dev_reset (struct dev *d, int force, const char *why)
{
  if (!force)
    return d->flags;
  for (int i = 0; i < 4; i++)
    {
      log_event (d->id + i, table[i * 3], why);
      d->stat[i] = table[(i * 5) & 63];
      log_event (d->id - i, d->flags, why);
    }
  return -1;
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
  return r + dev_reset (d, a & 1, "op") + dev_reset (d, a > b, "cmp");
}
