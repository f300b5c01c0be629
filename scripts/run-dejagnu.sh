#!/bin/sh
# run-dejagnu.sh CC BUILD: run the DejaGnu testsuite against BUILD's plugin
# and tool; write "dejagnu: N passed, N failed" to BUILD/results/dejagnu.
set -u
cc=$1 build=$2
top=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$build/testsuite" "$build/results"
build=$(cd "$build" && pwd)
cd "$build/testsuite" || exit 1
runtest --tool truesig --srcdir "$top/testsuite" \
	TRUESIG_CC="$cc" TRUESIG_PLUGIN="$build/truesig.so" \
	TRUESIG_TOOL="$build/truesig" TRUESIG_TOP="$top" >runtest.out 2>&1
status=$?
sum=truesig.sum
count() { n=$(sed -n "s/^# of $1[^0-9]*\([0-9]*\)$/\1/p" $sum 2>/dev/null); echo "${n:-0}"; }
passed=$(( $(count "expected passes") + $(count "expected failures") ))
failed=$(( $(count "unexpected failures") + $(count "unexpected successes") + $(count "unresolved testcases") ))
grep -E '^(FAIL|XPASS|UNRESOLVED|ERROR)' $sum runtest.out 2>/dev/null | sort -u | head -50
if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then
	echo "dejagnu: runtest exited $status; see $build/testsuite/runtest.out"
	failed=1
fi
echo "dejagnu ($cc): $passed passed, $failed failed" >"$build/results/dejagnu"
