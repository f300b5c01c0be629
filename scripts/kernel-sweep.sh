#!/bin/sh
# kernel-sweep.sh KBUILD_DIR PLUGIN TOOL [EVERY]
# For every Nth C object of a kernel build directory (O=...), take Kbuild's
# own compile command (from .*.o.cmd), compile the file again without and
# with the plugin, and report as sweep.sh does (sweep-one.sh).
set -u
kdir=$(cd "$1" && pwd) plugin=$(realpath "$2") tool=$(realpath "$3") every=${4:-1}
top=$(cd "$(dirname "$0")/.." && pwd)
out=$kdir/.truesig-sweep
rm -rf "$out"
mkdir -p "$out"
cd "$kdir" || exit 1

"$top/scripts/kbuild-commands.sh" "$kdir" "$every" | while read -r cmd; do
	src=${cmd##* }
	printf '%s\0%s\0%s\0' "$out/$(echo "$src" | tr '/.' '__')" "$src" "$cmd"
done | xargs -0 -n 3 -P "$(nproc)" "$top/scripts/sweep-one.sh" "$plugin" "$tool" \
	>"$out/results"
"$top/scripts/sweep-report.sh" kernel-sweep "$out/results"
