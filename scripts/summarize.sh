#!/bin/sh
# Sum the test suites' results: scripts/summarize.sh DIR...
#
# Every file in each DIR holds a line "<suite>: N passed, N failed".  Prints each
# file's line, then "N passed, N failed" for all of them; exits 1 if
# anything failed, if a file has no such line, or if DIR has no files.
set -u

if [ $# -lt 1 ]; then
	echo "usage: $0 DIR..." >&2
	exit 2
fi
passed=0
failed=0
files=0

for file in $(for dir in "$@"; do ls -d "$dir"/* 2>/dev/null; done); do
	[ -f "$file" ] || continue
	files=$((files + 1))
	line=$(grep -E '[0-9]+ passed, [0-9]+ failed' "$file" | tail -n 1)
	if [ -z "$line" ]; then
		echo "$(basename "$file"): no result line"
		failed=$((failed + 1))
		continue
	fi
	echo "$line"
	counts=$(echo "$line" |
		 sed -E 's/^(.*[^0-9])?([0-9]+) passed, ([0-9]+) failed.*$/\2 \3/')
	p=${counts% *}
	f=${counts#* }
	passed=$((passed + p))
	failed=$((failed + f))
done

if [ "$files" -eq 0 ]; then
	echo "no results in $*"
	echo "0 passed, 0 failed"
	exit 1
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
