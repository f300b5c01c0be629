#!/bin/sh
# reduce.sh CC BUILD SEED FLAGS: shrink a failing torture-gen program.
#
# Drops the program's groups (a function under test, its caller, its
# driver) one at a time, keeping each drop after which the program still
# fails scripts/verify-one.sh at FLAGS, until no single group can go.
# Writes the reduced program to BUILD/reduce-SEED.c and prints its
# torture-gen command line.  Keep it as a regression test by copying it to
# testsuite/verify/programs/ with a "verify-flags: FLAGS" line.
set -u
cc=$1 build=$2 seed=$3 flags=$4
top=$(cd "$(dirname "$0")/../.." && pwd)
groups=${GROUPS_N:-12}
work=$build/reduce-$seed
mkdir -p "$work"

fails() {	# keep-list
	"$build/torture-gen" -g "$groups" -k "$1" "$seed" >"$work/try.c" &&
	! "$top/scripts/verify-one.sh" "$cc" "$build" "$work/try.c" "$flags" \
		"$work/try" >"$work/try.result"
}

keep=$(seq -s, 0 $((groups - 1)))
if ! fails "$keep"; then
	echo "seed $seed at $flags does not fail"
	exit 1
fi
changed=1
while [ "$changed" -eq 1 ]; do
	changed=0
	for g in $(echo "$keep" | tr ',' ' '); do
		rest=$(echo "$keep" | tr ',' '\n' | grep -vx "$g" | paste -sd, -)
		[ -n "$rest" ] || continue
		if fails "$rest"; then
			keep=$rest
			changed=1
		fi
	done
done
"$build/torture-gen" -g "$groups" -k "$keep" "$seed" >"$build/reduce-$seed.c"
fails "$keep"
cat "$work/try.result"
echo "reduced: torture-gen -g $groups -k $keep $seed > $build/reduce-$seed.c"
