# gen-clones.awk -v n=N -v u=U: a C unit of N static functions that GCC
# clones at -O2, each with an exported caller, in three patterns that
# rotate: an unused parameter removed and a pointer parameter replaced by
# the field it reads (isra), a constant argument dropped (constprop), and
# a large struct passed by value cut to the field used (constprop.isra).
# U makes the names unique across units.
BEGIN {
	print "struct pair { int x, y; long z; };"
	print "struct quad { long a, b, c, d; };"
	for (i = 0; i < n; i++) {
		f = "f" u "_" i
		if (i % 3 == 0) {
			printf "static __attribute__((noinline)) long %s(int a, int unused, const struct pair *p)\n{ return a * %d + p->y; }\n", f, i + 3
			printf "long c%s(const struct pair *p, int a) { return %s(a, a, p) + %s(a + 1, 2, p); }\n", f, f, f
		} else if (i % 3 == 1) {
			printf "static __attribute__((noinline)) long %s(long a, int k)\n{ long r = 0; for (int j = 0; j < k; j++) r += a * j + %d; return r; }\n", f, i
			printf "long c%s(long a) { return %s(a, 7) + %s(a + 1, 7); }\n", f, f, f
		} else {
			printf "static __attribute__((noinline)) long %s(struct quad q, double d)\n{ return q.b * %d + (long)d; }\n", f, i
			printf "long c%s(struct quad *q, double d) { return %s(*q, d) + %s(q[1], d); }\n", f, f, f
		}
	}
}
