#!/bin/sh
# btf-vs-pahole.sh VMLINUX: time `truesig btf --in-place' next to
# `pahole -J' on the same kernel image, and print both and their ratio.
#
# VMLINUX is a vmlinux (or any ELF file) built with the plugin
# (KCFLAGS=-fplugin=.../truesig.so) and with DWARF (CONFIG_DEBUG_INFO), so
# that it has a .debug_truesig section and pahole has something to read.  Both
# tools work on copies, in the order of a Kbuild that uses them: pahole -J
# adds BTF to a copy without any (as .tmp_vmlinux.btf is), then truesig
# extends a copy of pahole's result.  truesig is also timed writing the
# same BTF with -o (the conversion alone, no ELF file written), and on a
# copy without BTF, where it makes every type itself.  Each is run ROUNDS
# times, each time on a fresh copy; the median is printed.
#
# Environment: TRUESIG (default build/truesig of this tree), PAHOLE
# (pahole), PAHOLE_FLAGS (extra flags, e.g. "--btf_gen_floats -j"),
# ROUNDS (5), TMPDIR.  The copies are removed at the end.
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
if ! readelf -SW "$vmlinux" | grep -qE ' \.(debug_)?truesig '; then
	echo "$0: $vmlinux has no .debug_truesig section (build it with the plugin)" >&2
	exit 2
fi
if ! readelf -SW "$vmlinux" | grep -q '\.debug_info'; then
	echo "$0: $vmlinux has no DWARF for pahole (CONFIG_DEBUG_INFO)" >&2
	exit 2
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/btf-vs-pahole.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

rounds=${ROUNDS:-5}
now() { date +%s.%N; }
# record FILE T0 T1: add the seconds from T0 to T1 to FILE, a line each
record() { awk -v a="$2" -v b="$3" 'BEGIN { printf "%.3f\n", b - a }' >>"$1"; }
median() { sort -n "$1" | awk '{ v[NR] = $1 } END { printf "%.3f", v[int((NR + 1) / 2)] }'; }

# The starting point: the image without BTF.
objcopy --remove-section .BTF --remove-section .BTF.ext "$vmlinux" \
	"$work/plain" 2>/dev/null

i=0
while [ "$i" -lt "$rounds" ]; do
	i=$((i + 1))
	cp "$work/plain" "$work/pahole"
	t0=$(now)
	# shellcheck disable=SC2086
	"$pahole" -J ${PAHOLE_FLAGS:-} "$work/pahole" >"$work/pahole.log" 2>&1 || {
		echo "$0: pahole -J failed:" >&2
		cat "$work/pahole.log" >&2
		exit 1
	}
	t1=$(now)
	record "$work/t.pahole" "$t0" "$t1"

	cp "$work/pahole" "$work/truesig"
	t0=$(now)
	"$truesig" btf --in-place "$work/truesig" 2>"$work/truesig.log" || {
		cat "$work/truesig.log" >&2
		exit 1
	}
	t1=$(now)
	"$truesig" btf -q -o "$work/out.btf" "$work/pahole"
	t2=$(now)
	record "$work/t.inplace" "$t0" "$t1"
	record "$work/t.out" "$t1" "$t2"

	cp "$work/plain" "$work/truesig-alone"
	t0=$(now)
	"$truesig" btf -q --in-place "$work/truesig-alone"
	t1=$(now)
	record "$work/t.alone" "$t0" "$t1"
done

pahole_s=$(median "$work/t.pahole")
truesig_s=$(median "$work/t.inplace")
out_s=$(median "$work/t.out")
alone_s=$(median "$work/t.alone")
btf_size() {
	objcopy --dump-section .BTF="$work/section" "$1" 2>/dev/null &&
		wc -c <"$work/section" | tr -d ' '
}

echo "file:                          $vmlinux ($(wc -c <"$vmlinux" | tr -d ' ') bytes)"
echo "median of $rounds runs, each on a fresh copy"
echo "pahole -J:                     $pahole_s s  (.BTF $(btf_size "$work/pahole") bytes)"
echo "truesig btf --in-place:        $truesig_s s  (.BTF $(btf_size "$work/truesig") bytes, on pahole's)"
echo "truesig btf -o (no ELF write): $out_s s  (same BTF, $(wc -c <"$work/out.btf" | tr -d ' ') bytes)"
echo "truesig btf, no BTF before:    $alone_s s  (.BTF $(btf_size "$work/truesig-alone") bytes)"
echo "truesig: $(tail -n 1 "$work/truesig.log" | sed 's/^truesig: [^:]*: //')"
awk -v p="$pahole_s" -v t="$truesig_s" -v o="$out_s" 'BEGIN {
	if (p > 0) {
		printf "ratio truesig / pahole:        %.3f\n", t / p
		printf "ratio -o / pahole:             %.3f\n", o / p
	} else {
		print "ratio truesig / pahole:        (pahole took no measurable time)"
	}
}'
