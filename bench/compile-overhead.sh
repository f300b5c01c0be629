#!/bin/sh
# compile-overhead.sh KBUILD_OBJ [DIR...]: the plugin's compile-time cost
# on real kernel files.  Each C object under the DIRs (default: lib kernel
# net/core) of a kernel build directory (O=...) is compiled again with
# Kbuild's own command, without and with -fplugin, alternately, ROUNDS
# times (default 3), one compile at a time; the user+system time and the
# peak memory (maximum resident size of the compiler) of every compile are
# summed per side.  Prints both sums and the ratios with / without.
#
# Environment: TRUESIG_PLUGIN (default build/truesig.so of this tree; it
# must be built for the compiler of that kernel build), ROUNDS, EVERY
# (every Nth file only, default 1).
set -eu

if [ $# -lt 1 ] || [ ! -d "$1" ]; then
	echo "usage: $0 KBUILD_OBJ [DIR...]" >&2
	exit 2
fi
kobj=$(cd "$1" && pwd)
shift
[ $# -gt 0 ] || set -- lib kernel net/core
top=$(cd "$(dirname "$0")/.." && pwd)
plugin=$(realpath "${TRUESIG_PLUGIN:-$top/build/truesig.so}")
rounds=${ROUNDS:-3}
every=${EVERY:-1}
work=$(mktemp -d "${TMPDIR:-/tmp}/compile-overhead.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

cd "$kobj"
"$top/scripts/kbuild-commands.sh" "$kobj" "$every" "$@" >"$work/commands"
files=$(wc -l <"$work/commands")
[ "$files" -gt 0 ] || { echo "$0: no C objects under $* in $kobj" >&2; exit 1; }

run() {	# run SIDE COMMAND: compile once, append "seconds peak-KiB" to SIDE
	side=$1
	shift
	# Kbuild's commands quote (-DKBUILD_MODNAME='"foo"'): a shell runs them.
	/usr/bin/time -f '%U %S %M' -o "$work/t" \
		sh -c "$1 -o $work/x.o" 2>"$work/err" || {
		tail -n 20 "$work/err" >&2
		echo "$0: failed: $1" >&2
		exit 1
	}
	awk '{ print $1 + $2, $3 }' "$work/t" >>"$work/$side"
}

: >"$work/without"
: >"$work/with"
r=0
while [ "$r" -lt "$rounds" ]; do
	# Alternate which side goes first, round by round.
	while read -r cmd; do
		if [ $((r % 2)) -eq 0 ]; then
			run without "$cmd"
			run with "$cmd -fplugin=$plugin"
		else
			run with "$cmd -fplugin=$plugin"
			run without "$cmd"
		fi
	done <"$work/commands"
	r=$((r + 1))
done

sum() { awk '{ t += $1; m += $2 } END { printf "%.2f %.0f\n", t, m / 1024 }' "$work/$1"; }
read -r t0 m0 <<EOT
$(sum without)
EOT
read -r t1 m1 <<EOT
$(sum with)
EOT
echo "compile-overhead: $files files of $* ($kobj), $rounds rounds, alternating"
echo "without the plugin: $t0 s user+system, peak memory summed over compiles $m0 MB"
echo "with the plugin:    $t1 s user+system, peak memory summed over compiles $m1 MB"
awk -v a="$t0" -v b="$t1" -v c="$m0" -v d="$m1" 'BEGIN {
	printf "ratio with / without: time %.4f, memory %.4f\n", b / a, d / c }'
