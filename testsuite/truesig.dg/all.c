/* -fplugin-arg-truesig-all records every emitted function, changed or not. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-truesig-all" } */

int keep (int a, int b) { return a * b; }
static __attribute__((noinline)) int drop (int a, int unused) { return a * 3; }
int call (int x, int y) { return drop (x, y) + drop (y, x); }

/* { dg-final { truesig-query {[.records[] | .symbol + ":" + (.changed|tostring)] | sort} {["call:false","drop.constprop.0:true","keep:false"]} } } */
/* { dg-final { truesig-json {^keep$} {[.params[] | .origin.how + ":" + .location[0].reg]} {["copy:edi","copy:esi"]} } } */
/* { dg-final { truesig-json {^keep$} {.kinds} {[]} } } */
