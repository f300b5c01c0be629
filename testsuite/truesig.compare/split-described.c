/* A split struct that DWARF does describe: the clone receives two members
   of params (key_len in dx, hashfn in rcx) that this clone's body does not
   use, and DWARF gives params at entry as pieces: bytes 2..4 the entry
   value of rdx, bytes 16..24 that of rcx.  (The shape of the kernel's
   rht_key_get_hash.isra.0.) */
/* { dg-do compile } */

struct params
{
  unsigned short a;
  unsigned short key_len;
  int pad[3];
  unsigned (*hashfn) (const void *, unsigned, unsigned);
  long more[2];
};
struct table { unsigned key_len; unsigned (*hashfn) (const void *, unsigned, unsigned); };
extern unsigned ext (const void *, unsigned, unsigned);

static __attribute__((noinline)) unsigned
get_hash (struct table *ht, const void *key, const struct params params,
	  unsigned rnd)
{
  if (!__builtin_constant_p (params.key_len))
    return ht->hashfn (key, ht->key_len, rnd);
  if (params.hashfn)
    return params.hashfn (key, params.key_len, rnd);
  return ext (key, params.key_len, rnd);
}

unsigned
use (struct table *t, const void *k, unsigned r, struct params *q)
{
  return get_hash (t, k, *q, r) + get_hash (t, k, q[1], r + 1);
}

/* { dg-final { truesig-compare {get_hash.isra.0} agree {} truesig right } } */
