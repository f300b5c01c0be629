#!/bin/sh
# run-targets.sh MAJOR BUILD TRIPLET...: other targets: for each TRIPLET,
# the plugin built for the cross compiler TRIPLET-gcc-MAJOR (in
# BUILD/target-TRIPLET), that target's calling-convention tests
# (testsuite/truesig.target) and the record tests (truesig.dg, at -O2, with
# each target's own registers) compiled by it and read by BUILD's tool on
# this machine.
# Writes "targets: N passed, N failed" to BUILD/results/targets.
set -u
major=$1 build=$2
shift 2
top=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$build/results"
build=$(cd "$build" && pwd)
passed=0 failed=0
for triplet in "$@"; do
	xcc=$triplet-gcc-$major
	out=$build/target-$triplet
	mkdir -p "$out/testsuite"
	if ! make -C "$top" --no-print-directory CC="$xcc" BUILD="$out" plugin \
			>"$out/make.log" 2>&1; then
		echo "targets: $xcc: the plugin did not build; see $out/make.log"
		failed=$((failed + 1))
		continue
	fi
	(cd "$out/testsuite" && runtest --tool truesig --srcdir "$top/testsuite" \
		TRUESIG_CC="$xcc" TRUESIG_PLUGIN="$out/truesig.so" \
		TRUESIG_TOOL="$build/truesig" TRUESIG_TOP="$top" \
		TRUESIG_DG_LEVELS=-O2 target.exp dg.exp \
		>runtest.out 2>&1)
	status=$?
	sum=$out/testsuite/truesig.sum
	count() { n=$(sed -n "s/^# of $1[^0-9]*\([0-9]*\)$/\1/p" "$sum" 2>/dev/null); echo "${n:-0}"; }
	p=$(count "expected passes")
	f=$(( $(count "unexpected failures") + $(count "unexpected successes") + $(count "unresolved testcases") ))
	grep -E '^(FAIL|XPASS|UNRESOLVED|ERROR)' "$sum" "$out/testsuite/runtest.out" 2>/dev/null | sort -u | head -20
	if [ "$p" -eq 0 ] || { [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; }; then
		echo "targets: $xcc: runtest exited $status with $p passes; see $out/testsuite/runtest.out"
		f=$((f + 1))
	fi
	echo "targets: $xcc: $p passed, $f failed"
	passed=$((passed + p)) failed=$((failed + f))
done
echo "targets (GCC $major cross compilers): $passed passed, $failed failed" | tee "$build/results/targets"
[ "$failed" -eq 0 ]
