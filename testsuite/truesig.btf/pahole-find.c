/* truesig find over BTF that pahole wrote and truesig btf extended: the
   function as written (pahole's FUNC, every argument passed as declared)
   and its .part clone (truesig's FUNC, `fast' removed), both found by the
   name written.  Before truesig btf, pahole's BTF alone has no truesig
   tags: what find says of it is unverified.
   pahole 1.24 writes maybe's FUNC; pahole 1.25 and later leave out a
   function GCC made a clone of (their optimized-function rule), so there
   find sees only truesig's clone, and nothing in pahole's BTF alone. */
/* { dg-do compile } */
/* { dg-options "-g" } */

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

/* { dg-final { if { [package vcompare [truesig-pahole-version] 1.24] <= 0 } { truesig-find-plain maybe {[.clones[] | .verified] | length > 0 and all(. == false)} } } } */
/* { dg-final { if { [package vcompare [truesig-pahole-version] 1.24] <= 0 } { truesig-find-plain maybe {[.clones[] | select(.clone | not) | arg("why")] == [[["passed",3,null]]]} } } } */
/* { dg-final { if { [package vcompare [truesig-pahole-version] 1.24] > 0 } { truesig-find-plain-absent maybe } } } */
/* { dg-final { truesig-btf-convert pahole } } */
/* { dg-final { if { [package vcompare [truesig-pahole-version] 1.24] <= 0 } { truesig-find maybe {[.clones[] | select(.clone | not) | .verified and .kinds == [] and arg("fast") == [["passed",0,null]] and arg("why") == [["passed",3,null]]] == [true]} } } } */
/* { dg-final { if { [package vcompare [truesig-pahole-version] 1.24] > 0 } { truesig-find maybe {[.clones[] | select(.clone | not)] == []} } } } */
/* { dg-final { truesig-find maybe {every_clone(.verified and .kinds == ["part"] and arg("fast") == [["removed",null,null]] and arg("x") == [["passed",0,null]] and arg("why") == [["passed",2,null]])} } } */
/* { dg-final { if { [package vcompare [truesig-pahole-version] 1.24] <= 0 } { truesig-find-text maybe {^maybe: int maybe\(int fast, int x, int y, const char \*why\)\n  maybe as written\n  fast: parameter 0 \(fast\)\n.*\nmaybe[.]part[.][0-9]+: int maybe[.]part[.][0-9]+\(int x, int y, const char \*why\)\n  clone of maybe \(part\)\n  fast: removed \(not passed\)\n} } } } */
/* { dg-final { if { [package vcompare [truesig-pahole-version] 1.24] <= 0 } { truesig-find-text maybe {^maybe: [^\n]*\n  maybe as written\n  why: parameter 3 \(why\)\n\nmaybe[.]part[.][0-9]+: [^\n]*\n  clone of maybe \(part\)\n  why: parameter 2 \(why\)$} why } } } */
/* { dg-final { truesig-find-text maybe {maybe[.]part[.][0-9]+: [^\n]*\n  clone of maybe \(part\)\n  why: parameter 2 \(why\)$} why } } */
