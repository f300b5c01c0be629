#!/bin/sh
# valgrind.sh CC PLUGIN DIR: compile a few testsuite programs with the
# plugin under valgrind (memcheck, following cc1), and once without it.
# Every error report whose stack passes through the plugin (truesig.so)
# is ours and fails; GCC's own reports (its register allocator's sparse
# sets read uninitialized memory on purpose) are counted, and shown to be
# the same without the plugin.  Logs in DIR.
set -u
cc=$1 plugin=$2 dir=$3
top=$(cd "$(dirname "$0")/.." && pwd)
command -v valgrind >/dev/null ||
	{ echo "valgrind: not installed (apt-get install valgrind)"; exit 1; }
rm -rf "$dir"
mkdir -p "$dir"

# Error reports in valgrind logs FILES...: "ours theirs".
count() {
	awk '/^==[0-9]+== [A-Z]/ && !/^==[0-9]+== (HEAP|LEAK|ERROR|For |Use --|All heap|Memcheck|Copyright|Using|Command|Parent)/ {
		if (inblock) { if (ours) o++; else t++ }
		inblock = 1; ours = 0; next }
	     /^==[0-9]+== *$/ { if (inblock) { if (ours) o++; else t++ }; inblock = 0; next }
	     inblock && /truesig\.so/ { ours = 1 }
	     END { if (inblock) { if (ours) o++; else t++ }; print o + 0, t + 0 }' "$@"
}

# Run one compile under valgrind; logs in DIR/NAME.*.log.
vg() {
	name=$1
	shift
	valgrind -q --trace-children=yes \
		--trace-children-skip='*/as,*/collect2,*/ld,*/lto-wrapper' \
		--leak-check=no --num-callers=30 \
		--log-file="$dir/$name.%p.log" "$cc" "$@"
}

status=0
ours_total=0
for t in isra-split cold constprop pieces; do
	src=$top/testsuite/truesig.dg/$t.c
	opts=$(sed -n 's/.*{ dg-options "\([^"]*\)" }.*/\1/p' "$src" | head -n 1)
	# shellcheck disable=SC2086
	if ! vg "$t" -O2 -fplugin="$plugin" $opts -c "$src" -o "$dir/$t.o"; then
		echo "valgrind: $t.c: the compile failed (see $dir/$t.*.log)"
		status=1
		continue
	fi
	set -- $(count "$dir/$t".*.log)
	ours_total=$((ours_total + $1))
	echo "valgrind: $t.c with the plugin: $1 errors in the plugin, $2 in GCC's own code"
	[ "$1" -eq 0 ] || status=1
	grep -q 'truesig' "$dir/$t".*.log &&
		grep -B2 -A12 'truesig\.so' "$dir/$t".*.log | head -n 40
done
# shellcheck disable=SC2086
vg baseline -O2 -c "$top/testsuite/truesig.dg/isra-split.c" -o "$dir/baseline.o"
set -- $(count "$dir"/baseline.*.log)
echo "valgrind: isra-split.c without the plugin: $2 errors in GCC's own code"
echo "valgrind: $ours_total errors in the plugin"
exit $status
