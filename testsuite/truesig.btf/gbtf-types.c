/* An object with the BTF GCC writes with -gbtf (GCC 12 and later): every
   type the clones need is already there and reused; no named type is
   added twice. */
/* { dg-do compile } */
/* { dg-options "-gbtf -fno-ipa-cp" } */

typedef unsigned int u32;
typedef unsigned long long u64;
enum state { IDLE, BUSY, DEAD };
union value { u32 word; float f; };
struct dev;
typedef int (*handler_t) (struct dev *, u32);
struct ops { handler_t open; handler_t close; };
struct dev {
  const char *name;
  u32 id;
  u64 bytes[4];
  enum state st;
  union value v;
  const struct ops *ops;
  struct dev *parent;
};

static __attribute__((noinline)) u64
account (const struct dev *d, u32 unused, int slot)
{
  return d->bytes[slot & 3] + d->bytes[1] + d->id;
}

static __attribute__((noinline)) int
dispatch (struct dev *d, handler_t h, enum state s, const char *why,
	  long unused)
{
  if (s == DEAD)
    return h (d, d->id);
  return why[0] + d->ops->open (d->parent, d->id);
}

static __attribute__((noinline)) u32
word_of (union value v, struct dev *unused)
{
  return v.word * 3;
}

u64
run (struct dev *d, handler_t h, union value v, const char *why)
{
  return account (d, 1, 2) + account (d->parent, 2, 3)
	 + dispatch (d, h, d->st, why, 1) + dispatch (d->parent, h, DEAD, why, 2)
	 + word_of (v, d) + word_of (d->v, d->parent);
}

/* { dg-final { truesig-btf-convert } } */
/* { dg-final { truesig-btf-every-record } } */
/* { dg-final { truesig-btf-no-duplicates } } */
/* { dg-final { truesig-btf-reused {dispatch.isra.0} } } */
/* { dg-final { truesig-btf-reused {word_of.isra.0} } } */
/* { dg-final { truesig-btf-summary {FUNCs: 3 added, 0 corrected, 0 already right, 0 shared, 0 skipped} } } */
/* { dg-final { truesig-btf-kernel } } */
/* { dg-final { truesig-btf-idempotent } } */
