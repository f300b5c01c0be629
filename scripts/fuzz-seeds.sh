#!/bin/sh
# fuzz-seeds.sh CC PLUGIN TOOL DIR: the seed corpora of the fuzz targets,
# made from real output.  Each testsuite program is compiled with the
# plugin (with its dg-options, at -O2 and -O3); then
#   DIR/elf/      the objects, and copies with BTF (truesig btf --in-place,
#                 and pahole -J first when pahole is installed), without
#                 their DWARF
#   DIR/records/  their .debug_truesig sections (objcopy --dump-section)
#   DIR/btf/      each section behind each mode byte of fuzz-btf.c
set -u
cc=$1 plugin=$2 tool=$3 dir=$4
top=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$dir"
mkdir -p "$dir/elf" "$dir/records" "$dir/btf" "$dir/work" || exit 1
dir=$(cd "$dir" && pwd) plugin=$(realpath "$plugin") tool=$(realpath "$tool")
# Sources by relative names: the records, and so the corpus and any input
# kept in fuzz/regress/, name no directory of this machine.
cd "$top" || exit 1
work=$dir/work
have_pahole=false
pahole --version >/dev/null 2>&1 && have_pahole=true

n=0
for src in testsuite/truesig.dg/*.c testsuite/truesig.btf/*.c; do
	opts=$(sed -n 's/.*{ dg-options "\([^"]*\)" }.*/\1/p' "$src" | head -n 1)
	case $opts in *-flto*|*bogus*) continue ;; esac
	name=$(basename "$(dirname "$src")")-$(basename "$src" .c)
	for level in -O2 -O3; do
		o=$work/$name$level.o
		# shellcheck disable=SC2086
		"$cc" $level -g -fplugin="$plugin" $opts -c "$src" -o "$o" \
			2>/dev/null || continue
		rm -f "$work/sec"
		objcopy --dump-section .debug_truesig="$work/sec" "$o" 2>/dev/null &&
			[ -s "$work/sec" ] ||
			continue
		n=$((n + 1))
		cp "$o" "$dir/elf/$name$level.o"
		cp "$work/sec" "$dir/records/$name$level"
		for mode in 0 1 2 3 4 7; do
			{ printf "\\$(printf %03o $mode)"; cat "$work/sec"; } \
				>"$dir/btf/$name$level-mode$mode"
		done
		# small inputs fuzz faster: no DWARF once pahole has read it
		cp "$o" "$work/b.o"
		if $have_pahole; then
			pahole -J "$work/b.o" 2>/dev/null || cp "$o" "$work/b.o"
		fi
		objcopy --strip-debug "$work/b.o"
		objcopy --strip-debug "$dir/elf/$name$level.o"
		"$tool" btf -q --in-place "$work/b.o" 2>/dev/null &&
			cp "$work/b.o" "$dir/elf/$name$level-btf.o"
	done
done
rm -rf "$work"
echo "fuzz seeds: $n objects from the testsuite in $dir"
[ "$n" -gt 0 ]
