#!/bin/sh
# kbuild-commands.sh KBUILD_OBJ EVERY [DIR...]: Kbuild's own compile
# commands for the C objects of a kernel build directory (O=...), from the
# .*.o.cmd files under DIR (default: all of it), every EVERYth one: one
# command per line, run from KBUILD_OBJ, the source file last, without any
# -fplugin, dependency-file option or -o.
set -eu
cd "$1"
every=$2
shift 2
[ $# -gt 0 ] || set -- .
for d in "$@"; do
	[ -d "$d" ] && find "$d" -name '.*.o.cmd' ! -path '*/.truesig-sweep/*'
done | sort | awk -v n="$every" 'NR % n == 0' | while read -r cmdfile; do
	# "gcc ... -c -o x.o x.c ; ./tools/objtool/objtool ...": the compile.
	line=$(sed -n 's/^\(saved\)\{0,1\}cmd_[^ ]* := //p' "$cmdfile" | head -n 1 |
		sed 's/ *;.*$//')
	case "$line" in *" -c "*.c) ;; *) continue ;; esac
	echo "$line" | sed -e 's/ -fplugin[^ ]*//g' -e 's/ -Wp,-MMD,[^ ]*//' \
		-e 's/ -o [^ ]*//'
done
