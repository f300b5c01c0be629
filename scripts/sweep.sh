#!/bin/sh
# sweep.sh [--run] CC BUILD EVERY FLAGS...
# Compile GCC's c-torture tests (from Debian's gcc-N-source) with and
# without the plugin, under each FLAGS set, and report ICEs, changed
# diagnostics, changed code and clones without a record (sweep-one.sh);
# with --run, also link and run the execute tests both ways.
# EVERY: take every Nth file (1 = all).  Work and results go to
# BUILD/sweep.PID/.
set -u
run=
if [ "${1:-}" = --run ]; then
	run=1
	shift
fi
cc=$1 build=$2 every=$3
shift 3
top=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "$build" && pwd)
ver=$("$cc" -dumpversion | cut -d. -f1)
src=$build/c-torture
if [ ! -d "$src/compile" ]; then
	# The tests of CC's own version, else of any GCC source package here.
	tarball=$(ls /usr/src/gcc-"$ver"/gcc-*.tar.* /usr/src/gcc-[0-9]*/gcc-*.tar.* \
		2>/dev/null | head -n 1)
	if [ -z "$tarball" ]; then
		echo "sweep: skipped: no gcc-N-source package installed (no c-torture tests)"
		echo "sweep ($cc): 0 passed, 0 failed, skipped: no c-torture tests"
		exit 0
	fi
	mkdir -p "$src"
	if ! tar -xf "$tarball" -C "$src" --strip-components=4 \
		--wildcards '*/gcc/testsuite/gcc.c-torture/compile/*.c' \
		'*/gcc/testsuite/gcc.c-torture/execute/*.c' ||
	   ! ls "$src"/compile/*.c >/dev/null 2>&1; then
		rm -rf "$src"
		echo "sweep: cannot extract the c-torture tests from $tarball" >&2
		echo "sweep ($cc): 0 passed, 1 failed: no c-torture tests from $tarball"
		exit 1
	fi
fi
# GCC 14 made old C (implicit int and declarations, ...) errors, as
# c-torture is full of: -fpermissive makes them warnings again.
permissive=
[ "$ver" -ge 14 ] && permissive=-fpermissive
out=$build/sweep.$$
rm -rf "$out"
mkdir -p "$out/tmp"
# A private copy: a rebuild during the sweep must not change the plugin.
cp "$build/truesig.so" "$build/truesig" "$out/"
ls "$src"/compile/*.c "$src"/execute/*.c | awk -v n="$every" 'NR % n == 0' >"$out/files"
: >"$out/results"
for flags in "$@"; do
	tagflags=$(echo "$flags" | tr -d ' ')
	while read -r f; do
		name=${f#$src/}
		tag=$out/tmp/$(echo "$name" | tr '/' '_')$tagflags
		link=
		case $name in execute/*) [ -n "$run" ] && link="$cc $flags $permissive -w" ;; esac
		printf '%s\0%s\0%s\0%s\0' "$tag" "$name$tagflags" \
			"$cc $flags $permissive -w -c '$f'" "$link"
	done <"$out/files" |
		xargs -0 -n 4 -P "$(nproc)" "$top/scripts/sweep-one.sh" \
			"$out/truesig.so" "$out/truesig" >>"$out/results"
done
"$top/scripts/sweep-report.sh" sweep "$out/results"
