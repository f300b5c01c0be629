#!/bin/sh
# run-targets.sh MAJOR BUILD TRIPLET...: other targets: for each TRIPLET,
# the plugin built for the cross compiler TRIPLET-gcc-MAJOR (in
# BUILD/target-TRIPLET), that target's calling-convention tests
# (testsuite/truesig.target) and the record tests (truesig.dg, at -O2, with
# each target's own registers) compiled by it and read by BUILD's tool on
# this machine; and the verify suite of make check (scripts/run-verify.sh:
# the fixed programs and torture seeds, run under qemu-user).
# Writes "targets: N passed, N failed" to BUILD/results/targets.
set -u
major=$1 build=$2
shift 2
top=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$build/results"
build=$(cd "$build" && pwd)
passed=0 failed=0

# Add the counts of the summary line in $out/results/$1 to the totals.
add() {
	line=$(tail -n 1 "$out/results/$1" 2>/dev/null)
	p=$(echo "$line" | sed -n 's/.*: \([0-9]*\) passed, \([0-9]*\) failed.*/\1/p')
	f=$(echo "$line" | sed -n 's/.*: \([0-9]*\) passed, \([0-9]*\) failed.*/\2/p')
	if [ -z "$p" ] || [ -z "$f" ]; then
		line="$1 ($xcc): no summary in $out/results/$1"
		p=0 f=1
	fi
	echo "targets: $line"
	passed=$((passed + p)) failed=$((failed + f))
}

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
	# The tool and the verify helpers are this machine's.
	ln -sf "$build/truesig" "$build/torture-gen" "$build/corrupt-record" \
		"$out/"
	"$top/scripts/run-dejagnu.sh" "$xcc" "$out" TRUESIG_DG_LEVELS=-O2 \
		target.exp dg.exp
	add dejagnu
	case $triplet in
	aarch64-*|riscv64-*|s390x-*)
		"$top/scripts/run-verify.sh" "$xcc" "$out" >"$out/verify.log" 2>&1
		grep -E '^(FAIL|XPASS)' "$out/verify.log" | head -20
		add verify ;;
	*)	echo "targets: $xcc: verify not run: truesig verify cannot yet check $triplet programs (docs/TARGETS.md)" ;;
	esac
done
echo "targets (GCC $major cross compilers): $passed passed, $failed failed" | tee "$build/results/targets"
[ "$failed" -eq 0 ]
