#!/bin/sh
# run-dejagnu.sh CC BUILD [VAR=VALUE...] [FILE.exp...]: run the DejaGnu
# testsuite (or only the FILE.exp named, with the runtest variables given)
# against BUILD's plugin and tool, in BUILD/testsuite; write "dejagnu (CC):
# N passed, N failed" to BUILD/results/dejagnu.  A run without a single
# pass, or one where runtest failed and counted no failure, is a failure.
set -u
cc=$1 build=$2
shift 2
top=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$build/testsuite" "$build/results"
build=$(cd "$build" && pwd)
cd "$build/testsuite" || exit 1
runtest --tool truesig --srcdir "$top/testsuite" \
	TRUESIG_CC="$cc" TRUESIG_PLUGIN="$build/truesig.so" \
	TRUESIG_TOOL="$build/truesig" TRUESIG_TOP="$top" "$@" >runtest.out 2>&1
status=$?
sum=truesig.sum
count() { n=$(sed -n "s/^# of $1[^0-9]*\([0-9]*\)$/\1/p" $sum 2>/dev/null); echo "${n:-0}"; }
passed=$(( $(count "expected passes") + $(count "expected failures") ))
failed=$(( $(count "unexpected failures") + $(count "unexpected successes") + $(count "unresolved testcases") ))
grep -E '^(FAIL|XPASS|UNRESOLVED|ERROR)' $sum runtest.out 2>/dev/null | sort -u | head -50
if [ "$passed" -eq 0 ] || { [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; }; then
	echo "dejagnu: runtest exited $status with $passed passes; see $build/testsuite/runtest.out"
	failed=$((failed + 1))
fi
echo "dejagnu ($cc): $passed passed, $failed failed" >"$build/results/dejagnu"
