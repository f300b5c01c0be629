#!/bin/sh
# sweep.sh CC BUILD LIMIT FLAGS...
# Compile GCC's c-torture tests (from Debian's gcc-12-source) with and
# without the plugin, under each FLAGS set, and report: files, clones,
# records, ICEs, diagnostics changed, code differences, unreadable records,
# clones without a record.  LIMIT: take every Nth file (1 = all).
set -u
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
out=$build/sweep.$every
rm -rf "$out"
mkdir -p "$out/tmp"
ls "$src"/compile/*.c "$src"/execute/*.c | awk -v n="$every" 'NR % n == 0' >"$out/files"
: >"$out/results"
for flags in "$@"; do
	xargs -P "$(nproc)" -I{} "$top/scripts/sweep-one.sh" "$cc" \
		"$build/truesig.so" "$build/truesig" "$out/tmp" "$flags" {} \
		<"$out/files" | sed "s|^|$flags |" >>"$out/results"
done
# A line: the flags (one word or more), status, file, clones, records,
# detail.
awk '
{
	for (i = 1; i <= NF; i++)
		if ($i ~ /^(ok|skip|ice|diag|code|dump|missing)$/) break
	s = $i; files++; count[s]++; clones += $(i + 2); records += $(i + 3)
	if (s != "ok" && s != "skip") print "  " $0
}
END {
	printf "sweep: %d compiles, %d skipped (no compile without the plugin), %d clones, %d records\n", files, count["skip"], clones, records
	printf "sweep: ICEs %d, diagnostics changed %d, code differences %d, unreadable %d, clones without record %d\n", count["ice"], count["diag"], count["code"], count["dump"], count["missing"]
	bad = count["ice"] + count["diag"] + count["code"] + count["dump"] + count["missing"]
	printf "sweep: %d passed, %d failed\n", files - bad, bad
	exit bad > 0
}' "$out/results"
