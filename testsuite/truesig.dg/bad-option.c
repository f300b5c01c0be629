/* An unknown plugin option is an error at start-up, naming the option. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-truesig-bogus" } */
/* { dg-error "truesig: option .bogus. is not known; options: all, disable" "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */
int f (int a) { return a; }
