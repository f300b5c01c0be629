#!/bin/sh
# Run the unit test binaries: scripts/run-unit-tests.sh BUILD TEST...
#
# Each test prints "PASS: name" or "FAIL: name: detail" per case.  A test
# that crashes or exits non-zero without a FAIL line counts as one failure.
# Writes "unit: N passed, N failed" to BUILD/results/unit, keeps each
# test's output in BUILD/logs/unit/, prints the failures, and exits 1 if
# there were any.
set -u

if [ $# -lt 1 ]; then
	echo "usage: $0 BUILD TEST..." >&2
	exit 2
fi
build=$1
shift
results=$build/results
logs=$build/logs/unit
mkdir -p "$results" "$logs"

passed=0
failed=0
report=

for test in "$@"; do
	name=$(basename "$test")
	log=$logs/$name.log
	if [ ! -x "$test" ]; then
		failed=$((failed + 1))
		report="$report
FAIL: $name: not built"
		continue
	fi
	"$test" >"$log" 2>&1 </dev/null
	status=$?
	p=$(grep -c '^PASS: ' "$log")
	f=$(grep -c '^FAIL: ' "$log")
	passed=$((passed + p))
	failed=$((failed + f))
	if [ "$f" -gt 0 ]; then
		report="$report
$(grep '^FAIL: ' "$log" | sed "s/^FAIL: /FAIL: $name: /")"
	fi
	if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then
		failed=$((failed + 1))
		report="$report
FAIL: $name: exited with status $status and no FAIL line (see $log):
$(tail -n 20 "$log" | sed 's/^/    /')"
	fi
done

echo "unit: $passed passed, $failed failed" >"$results/unit"
if [ -n "$report" ]; then
	printf '%s\n' "$report" | sed '/^$/d'
fi
cat "$results/unit"
[ "$failed" -eq 0 ]
