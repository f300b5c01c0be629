#!/bin/sh
# btf-scaling.sh [COUNT...]: time `truesig btf' on synthetic shared
# objects with COUNT records each (default 1000 10000 100000), to see that
# the time per record stays flat; print seconds, microseconds per record
# and peak memory for the conversion alone (-o) and for --in-place.
#
# The inputs are real: units of 1,000 functions that GCC clones
# (gen-clones.awk), compiled at -O2 with the plugin and linked with
# `gcc -shared'; COUNT is rounded up to whole units.  Objects are kept in
# WORK (default build/bench/scaling) and reused.
#
# Environment: CC (gcc-12), TRUESIG, TRUESIG_PLUGIN (default: build/ of
# this tree), WORK, JOBS (default nproc).
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
cc=${CC:-gcc-12}
truesig=${TRUESIG:-$top/build/truesig}
plugin=$(realpath "${TRUESIG_PLUGIN:-$top/build/truesig.so}")
work=${WORK:-$top/build/bench/scaling}
jobs=${JOBS:-$(nproc)}
per_unit=1000
[ $# -gt 0 ] || set -- 1000 10000 100000

mkdir -p "$work"
max=0
for n in "$@"; do
	case $n in
	''|*[!0-9]*|0) echo "usage: $0 [COUNT...]" >&2; exit 2 ;;
	esac
	u=$(( (n + per_unit - 1) / per_unit ))
	[ "$u" -le "$max" ] || max=$u
done

# The units, compiled in parallel, each once: unit {} from its arguments
# $1 generator, $2 directory, $3 compiler, $4 plugin, $5 functions.
# shellcheck disable=SC2016 # expanded by the inner shell
compile_unit='awk -v n="$5" -v u={} -f "$1" >"$2/u{}.c" &&
	"$3" -O2 -fPIC -fplugin="$4" -c "$2/u{}.c" -o "$2/u{}.o.tmp" &&
	mv "$2/u{}.o.tmp" "$2/u{}.o"'
i=0
while [ "$i" -lt "$max" ]; do
	[ -f "$work/u$i.o" ] || echo "$i"
	i=$((i + 1))
done | xargs -r -P "$jobs" -I{} sh -c "$compile_unit" \
	sh "$top/bench/gen-clones.awk" "$work" "$cc" "$plugin" "$per_unit"

now() { date +%s.%N; }
measure() {	# measure OUT COMMAND...: "seconds peak-KiB" of COMMAND
	out=$1
	shift
	t0=$(now)
	/usr/bin/time -f '%M' -o "$out.mem" "$@"
	t1=$(now)
	echo "$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }') $(cat "$out.mem")" >"$out"
	rm -f "$out.mem"
}

printf '%8s  %10s %9s %9s  %10s %9s %9s\n' records "-o s" "us/rec" "peak MB" \
	"in-place s" "us/rec" "peak MB"
for n in "$@"; do
	u=$(( (n + per_unit - 1) / per_unit ))
	lib=$work/lib$u.so
	if [ ! -f "$lib" ]; then
		objs=$(i=0; while [ "$i" -lt "$u" ]; do echo "$work/u$i.o"; i=$((i + 1)); done)
		# shellcheck disable=SC2086
		"$cc" -shared -o "$lib.tmp" $objs && mv "$lib.tmp" "$lib"
	fi
	records=$("$truesig" dump --json "$lib" | jq '.records | length')
	measure "$work/t.o" "$truesig" btf -q -o "$work/out.btf" "$lib"
	cp "$lib" "$work/inplace.so"
	measure "$work/t.i" "$truesig" btf -q --in-place "$work/inplace.so"
	read -r so ko <"$work/t.o"
	read -r si ki <"$work/t.i"
	awk -v r="$records" -v so="$so" -v ko="$ko" -v si="$si" -v ki="$ki" 'BEGIN {
		printf "%8d  %10.3f %9.2f %9.1f  %10.3f %9.2f %9.1f\n", r,
			so, so * 1e6 / r, ko / 1024, si, si * 1e6 / r, ki / 1024
	}'
done
rm -f "$work/out.btf" "$work/inplace.so" "$work/t.o" "$work/t.i"
