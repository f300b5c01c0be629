#!/bin/sh
# sweep.sh [--run] CC BUILD EVERY FLAGS...
# Compile GCC's c-torture tests (from Debian's gcc-12-source) with and
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
src=$build/c-torture
if [ ! -d "$src/compile" ]; then
	tarball=$(ls /usr/src/gcc-12/gcc-12*.tar.* 2>/dev/null | head -n 1)
	[ -n "$tarball" ] || { echo "sweep: install gcc-12-source" >&2; exit 1; }
	mkdir -p "$src"
	tar -xf "$tarball" -C "$src" --strip-components=4 \
		--wildcards '*/gcc/testsuite/gcc.c-torture/compile/*.c' \
		'*/gcc/testsuite/gcc.c-torture/execute/*.c'
fi
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
		case $name in execute/*) [ -n "$run" ] && link="$cc $flags -w" ;; esac
		printf '%s\0%s\0%s\0%s\0' "$tag" "$name$tagflags" \
			"$cc $flags -w -c '$f'" "$link"
	done <"$out/files" |
		xargs -0 -n 4 -P "$(nproc)" "$top/scripts/sweep-one.sh" \
			"$out/truesig.so" "$out/truesig" >>"$out/results"
done
"$top/scripts/sweep-report.sh" sweep "$out/results"
