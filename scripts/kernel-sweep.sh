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

find . -name '.*.o.cmd' ! -path './.truesig-sweep/*' | sort |
	awk -v n="$every" 'NR % n == 0' |
while read -r cmdfile; do
	# "gcc ... -c -o x.o x.c ; ./tools/objtool/objtool ...": the compile.
	line=$(sed -n 's/^\(saved\)\{0,1\}cmd_[^ ]* := //p' "$cmdfile" | head -n 1 |
		sed 's/ *;.*$//')
	src=${line##* }
	case "$line" in *" -c "*) ;; *) continue ;; esac
	case "$src" in *.c) ;; *) continue ;; esac
	# Kbuild's command, less the plugin, the dependency file and -o.
	cmd=$(echo "$line" | sed -e 's/ -fplugin[^ ]*//g' -e 's/ -Wp,-MMD,[^ ]*//' \
		-e 's/ -o [^ ]*//')
	printf '%s\0%s\0%s\0' "$out/$(echo "$src" | tr '/.' '__')" "$src" "$cmd"
done | xargs -0 -n 3 -P "$(nproc)" "$top/scripts/sweep-one.sh" "$plugin" "$tool" \
	>"$out/results"
"$top/scripts/sweep-report.sh" kernel-sweep "$out/results"
