#!/bin/sh
# compare-code.sh WITH.o WITHOUT.o
# Succeeds when two objects built with and without the plugin agree, the
# records' section (.debug_truesig, or .truesig from older plugins) and its
# relocations aside, in:
#  - the bytes of every section but the symbol, string and relocation tables;
#  - every relocation, by place, type, target symbol's name and addend;
#  - every symbol but section symbols, by name, value, type and binding.
# Symbol indices may differ: the assembler turns the records' relocations
# against local functions into ones against their section's symbol, which it
# then adds to the symbol table if no other relocation needed it (Linux
# builds without unwind tables, so `.text` may have had none).  Section
# symbols disappear at link time.
set -eu
with=$1 without=$2
# "name type" of every section but the records and their relocations.
sections() {
	readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] \([^ ]*\) *\([A-Z_0-9]*\) .*/\1 \2/p' |
		grep -v -e '^\(\.rela\{0,1\}\)\{0,1\}\.\(debug_\)\{0,1\}truesig ' | sort
}
status=0
if [ "$(sections "$with")" != "$(sections "$without")" ]; then
	echo "compare-code: section lists differ" >&2
	status=1
fi
# All sections' bytes in one readelf call per object (headers name them).
dump_args=$(sections "$without" | awk '$2 !~ /^(NULL|SYMTAB|STRTAB|RELA?)$/ { printf "-x %s ", $1 }')
if [ -n "$dump_args" ] &&
   [ "$(readelf $dump_args "$with" 2>&1)" != "$(readelf $dump_args "$without" 2>&1)" ]; then
	echo "compare-code: section contents differ" >&2
	status=1
fi
relocs() {
	readelf -rW "$1" | awk '
		/^There are no relocations/ { next }
		/^Relocation section/ { skip = ($3 ~ /truesig/); if (!skip) print $3; next }
		!skip && NF { print $1, $3, $5, $6, $7 }'
}
if [ "$(relocs "$with")" != "$(relocs "$without")" ]; then
	echo "compare-code: relocations differ" >&2
	status=1
fi
# (The assembler of arm and aarch64 marks data in the records' section
# with a mapping symbol, "$d": not a symbol of the code.)
syms() {
	recs=$(readelf -SW "$1" | sed -n 's/^ *\[ *\([0-9]*\)\] \(\.debug_\)\{0,1\}truesig .*/\1/p')
	readelf -sW "$1" | awk -v recs=" $(echo $recs) " '
		$4 != "SECTION" && $1 ~ /:$/ &&
		!(index(recs, " " $7 " ") && $8 ~ /^\$[a-z]/) { print $2, $3, $4, $5, $6, $8 }' | sort
}
if [ "$(syms "$with")" != "$(syms "$without")" ]; then
	echo "compare-code: symbols differ" >&2
	status=1
fi
exit $status
