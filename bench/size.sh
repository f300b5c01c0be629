#!/bin/sh
# size.sh ELF: what truesig adds to a file built with the plugin and with
# DWARF: .debug_truesig bytes per record (not loaded), and the growth per FUNC
# that `truesig btf' adds to pahole's BTF.  pahole's BTF is made anew on a
# copy without any .BTF (the file may have truesig's already).
#
# Environment: TRUESIG (default build/truesig of this tree), PAHOLE
# (pahole), PAHOLE_FLAGS, TMPDIR.
set -eu

if [ $# -ne 1 ] || [ ! -f "$1" ]; then
	echo "usage: $0 ELF" >&2
	exit 2
fi
elf=$1
top=$(cd "$(dirname "$0")/.." && pwd)
truesig=${TRUESIG:-$top/build/truesig}
work=$(mktemp -d "${TMPDIR:-/tmp}/size.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

section_size() {	# section_size ELF NAME: bytes, 0 when absent
	hex=$(readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] //p' |
		awk -v s="$2" '$1 == s { print $5; exit }')
	echo $((0x${hex:-0}))
}

records=$("$truesig" dump --json "$elf" | jq '.records | length')
ts=$(( $(section_size "$elf" .debug_truesig) + $(section_size "$elf" .truesig) ))
# pahole 1.24 adds its section with $LLVM_OBJCOPY; GNU objcopy does as well.
LLVM_OBJCOPY=${LLVM_OBJCOPY:-objcopy}
export LLVM_OBJCOPY
objcopy --remove-section .BTF --remove-section .BTF.ext "$elf" "$work/elf" \
	2>/dev/null
# shellcheck disable=SC2086
"${PAHOLE:-pahole}" -J ${PAHOLE_FLAGS:-} "$work/elf" >/dev/null
before=$(section_size "$work/elf" .BTF)
"$truesig" btf -o "$work/btf" "$work/elf" 2>"$work/log"
after=$(wc -c <"$work/btf" | tr -d ' ')
funcs=$(sed -n 's/.*FUNCs: \([0-9]*\) added.*/\1/p' "$work/log")

echo "size: $elf: $records records; .BTF before: pahole -J's"
awk -v r="$records" -v t="$ts" 'BEGIN {
	printf ".debug_truesig: %d bytes, %.0f per record (not loaded)\n", t, r ? t / r : 0 }'
awk -v b="$before" -v a="$after" -v f="$funcs" 'BEGIN {
	printf ".BTF: %d bytes before, %d after, +%d (%.1f%%), %d FUNCs added: %.0f bytes per FUNC\n",
		b, a, a - b, b ? 100 * (a - b) / b : 0, f, f ? (a - b) / f : 0 }'
