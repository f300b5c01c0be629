#!/bin/sh
# btf-vs-pahole.sh VMLINUX: time `truesig btf --in-place' next to
# `pahole -J' on the same kernel image, and print both and their ratio.
#
# VMLINUX is a vmlinux (or any ELF file) built with the plugin
# (KCFLAGS=-fplugin=.../truesig.so) and with DWARF (CONFIG_DEBUG_INFO), so
# that it has a .truesig section and pahole has something to read.  Both
# tools work on copies, in the order of a Kbuild that uses them: pahole -J
# adds BTF to a copy without any (as .tmp_vmlinux.btf is), then truesig
# extends a copy of pahole's result.  truesig is also timed on a copy
# without BTF, where it makes every type itself.
#
# Environment: TRUESIG (default build/truesig of this tree), PAHOLE
# (pahole), PAHOLE_FLAGS (extra flags, e.g. "--btf_gen_floats -j"),
# TMPDIR.  The copies are removed at the end.
set -eu

if [ $# -ne 1 ] || [ ! -f "$1" ]; then
	echo "usage: $0 VMLINUX" >&2
	exit 2
fi
vmlinux=$1
top=$(cd "$(dirname "$0")/.." && pwd)
truesig=${TRUESIG:-$top/build/truesig}
pahole=${PAHOLE:-pahole}
# pahole 1.24 adds its section with $LLVM_OBJCOPY; GNU objcopy does as well.
LLVM_OBJCOPY=${LLVM_OBJCOPY:-objcopy}
export LLVM_OBJCOPY

for tool in "$truesig" "$pahole" objcopy; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "$0: $tool not found" >&2
		exit 2
	fi
done
if ! readelf -SW "$vmlinux" | grep -q '\.truesig'; then
	echo "$0: $vmlinux has no .truesig section (build it with the plugin)" >&2
	exit 2
fi
if ! readelf -SW "$vmlinux" | grep -q '\.debug_info'; then
	echo "$0: $vmlinux has no DWARF for pahole (CONFIG_DEBUG_INFO)" >&2
	exit 2
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/btf-vs-pahole.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b - a }'; }

# The starting point: the image without BTF.
objcopy --remove-section .BTF --remove-section .BTF.ext "$vmlinux" \
	"$work/plain" 2>/dev/null
cp "$work/plain" "$work/pahole"
cp "$work/plain" "$work/truesig-alone"

# shellcheck disable=SC2086
t0=$(now)
"$pahole" -J ${PAHOLE_FLAGS:-} "$work/pahole" >"$work/pahole.log" 2>&1 || {
	echo "$0: pahole -J failed:" >&2
	cat "$work/pahole.log" >&2
	exit 1
}
t1=$(now)

cp "$work/pahole" "$work/truesig"
t2=$(now)
"$truesig" btf --in-place "$work/truesig" 2>"$work/truesig.log" || {
	cat "$work/truesig.log" >&2
	exit 1
}
t3=$(now)
"$truesig" btf -q --in-place "$work/truesig-alone"
t4=$(now)

pahole_s=$(elapsed "$t0" "$t1")
truesig_s=$(elapsed "$t2" "$t3")
alone_s=$(elapsed "$t3" "$t4")
btf_size() {
	objcopy --dump-section .BTF="$work/section" "$1" 2>/dev/null &&
		wc -c <"$work/section" | tr -d ' '
}

echo "file:                          $vmlinux ($(wc -c <"$vmlinux" | tr -d ' ') bytes)"
echo "pahole -J:                     $pahole_s s  (.BTF $(btf_size "$work/pahole") bytes)"
echo "truesig btf --in-place:        $truesig_s s  (.BTF $(btf_size "$work/truesig") bytes, on pahole's)"
echo "truesig btf, no BTF before:    $alone_s s  (.BTF $(btf_size "$work/truesig-alone") bytes)"
echo "truesig: $(tail -n 1 "$work/truesig.log" | sed 's/^truesig: [^:]*: //')"
awk -v p="$pahole_s" -v t="$truesig_s" 'BEGIN {
	if (p > 0) printf "ratio truesig / pahole:        %.3f\n", t / p
	else print "ratio truesig / pahole:        (pahole took no measurable time)"
}'
