/* ipa-split outlines the loop of `maybe' into maybe.part.0, which does not
   take `fast'.  (At -O3 and -Os GCC inlines or keeps it whole.) */
/* { dg-do compile } */
/* truesig-levels: -O2 */

extern void slow_path (int, int, const char *);
extern int table[64];

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

int c1 (int x) { return maybe (x & 1, x, 5, "a"); }
int c2 (int x, int y) { return maybe (x > y, y, x, "b"); }

/* { dg-final { truesig-every-clone-recorded } } */
/* { dg-final { truesig-same-code } } */
/* { dg-final { truesig-json {^maybe\.part\.0$} {.kinds} {["part"]} } } */
/* { dg-final { truesig-json {^maybe\.part\.0$} {.function} {maybe} } } */
/* { dg-final { truesig-json {^maybe\.part\.0$} {[.source_params[] | .name + ":" + .fate]} {["fast:removed","x:passed","y:passed","why:passed"]} } } */
/* { dg-final { truesig-json {^maybe\.part\.0$} {[.params[] | .origin.param_name + ":" + .type + ":" + .location[0].reg]} {["x:int:edi","y:int:esi","why:const char *:rdx"]} { target x86_64-*-* } } } */
/* { dg-final { truesig-json {^maybe\.part\.0$} {[.params[] | .origin.param_name + ":" + .type + ":" + .location[0].reg]} {["x:int:w0","y:int:w1","why:const char *:x2"]} { target aarch64-*-* } } } */
/* { dg-final { truesig-json {^maybe\.part\.0$} {[.params[] | .origin.param_name + ":" + .type + ":" + .location[0].reg]} {["x:int:r2","y:int:r3","why:const char *:r4"]} { target s390x-*-* } } } */
/* { dg-final { truesig-json {^maybe\.part\.0$} {[.params[] | .origin.param_name + ":" + .type + ":" + .location[0].reg]} {["x:int:a0","y:int:a1","why:const char *:a2"]} { target riscv64-*-* } } } */
/* { dg-final { truesig-json {^maybe\.part\.0$} {.return.dropped} {false} } } */
