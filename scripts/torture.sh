#!/bin/sh
# torture.sh CC BUILD N SEED JOBS: `make torture`.  N torture-gen programs,
# seeds SEED .. SEED+N-1, each at -O2, -O3, -Os and -O2 -m32, checked by
# verify-one.sh (verify passes, every recorded function entered, every
# entry matched with its call, no clone hidden by the capture), JOBS at a
# time.  Failures are listed with the command that reduces them
# (testsuite/torture/reduce.sh).  Ends with "torture: N passed, N failed".
set -u
cc=$1 build=$2 n=$3 seed=$4 jobs=${5:-2}
top=$(cd "$(dirname "$0")/.." && pwd)
work=$build/torture
rm -rf "$work"
mkdir -p "$work"
# -m32 programs are UNSUPPORTED, with why, where this machine cannot check
# them (as in make check's verify suite).
no_i386=$("$top/scripts/no-i386.sh" "$cc" "$work")

i=0
while [ "$i" -lt "$n" ]; do
	echo $((seed + i))
	i=$((i + 1))
done | xargs -P "$jobs" -I{} sh -c '
	s=$1 cc=$2 build=$3 top=$4 work=$5 no_i386=$6
	"$build/torture-gen" "$s" >"$work/gen-$s.c" || exit 0
	for flags in -O2 -O3 -Os "-O2 -m32"; do
		tag=$(echo "$flags" | tr -d " ")
		if [ "$flags" = "-O2 -m32" ] && [ -n "$no_i386" ]; then
			echo "UNSUPPORTED: gen-$s.c $flags: $no_i386" \
				>"$work/gen-$s$tag.result"
			continue
		fi
		"$top/scripts/verify-one.sh" "$cc" "$build" "$work/gen-$s.c" \
			"$flags" "$work/gen-$s$tag" >"$work/gen-$s$tag.result"
	done' sh {} "$cc" "$build" "$top" "$work" "$no_i386"

cat "$work"/*.result >"$work/summary" 2>/dev/null
passed=$(grep -c '^PASS: ' "$work/summary")
failed=$(grep -c '^FAIL: ' "$work/summary")
unsupported=$(grep -c '^UNSUPPORTED: ' "$work/summary")
missing=$((4 * n - passed - failed - unsupported))
grep '^UNSUPPORTED: ' "$work/summary" | sed -n '1p'
[ "$unsupported" -le 1 ] ||
	echo "... and $((unsupported - 1)) more UNSUPPORTED"
grep '^FAIL: ' "$work/summary" | while read -r _ file flags; do
	s=${file#gen-}; s=${s%.c}
	echo "FAIL: seed $s ${flags%%:*}: reduce with: testsuite/torture/reduce.sh $cc $build $s '${flags%%:*}'"
done
grep '^FAIL: ' "$work/summary" | head -n 20
funcs=$(sed -n 's/^PASS: [^:]*: \([0-9]*\) functions.*/\1/p' "$work/summary" |
	awk '{ t += $1 } END { print t + 0 }')
echo "torture ($cc, seeds $seed..$((seed + n - 1))): $funcs recorded functions verified"
echo "torture: $passed passed, $((failed + missing)) failed, $unsupported unsupported"
[ "$failed" -eq 0 ] && [ "$missing" -eq 0 ]
