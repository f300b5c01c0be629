#!/bin/sh
# compare-code.sh WITH.o WITHOUT.o
# Succeeds when two objects built with and without the plugin agree in every
# section's bytes, every relocation and every symbol, .truesig aside.
set -eu
with=$1 without=$2
sections() {
	readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] \([^ ]*\) .*/\1/p' |
		grep -v -e '^\.truesig$' -e '^\.rela\{0,1\}\.truesig$' | sort
}
status=0
if [ "$(sections "$with")" != "$(sections "$without")" ]; then
	echo "compare-code: section lists differ" >&2
	status=1
fi
# All sections' bytes in one readelf call per object (headers name them).
dump_args=$(sections "$without" | grep -v -x -e "" -e .shstrtab -e .strtab -e .symtab |
	sed 's/^/-x /' | tr '\n' ' ')
if [ -n "$dump_args" ] &&
   [ "$(readelf $dump_args "$with" 2>&1)" != "$(readelf $dump_args "$without" 2>&1)" ]; then
	echo "compare-code: section contents differ" >&2
	status=1
fi
relocs() {
	readelf -rW "$1" | awk '/^Relocation section/ { skip = ($3 ~ /truesig/) ; if (!skip) print $3; next } !skip && NF { print $1, $3, $5, $6, $7 }'
}
if [ "$(relocs "$with")" != "$(relocs "$without")" ]; then
	echo "compare-code: relocations differ" >&2
	status=1
fi
syms() { nm -a "$1" | grep -v -e ' \.truesig$' -e ' \.rela\.truesig$' | sort; }
if [ "$(syms "$with")" != "$(syms "$without")" ]; then
	echo "compare-code: symbols differ" >&2
	status=1
fi
exit $status
