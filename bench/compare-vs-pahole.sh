#!/bin/sh
# compare-vs-pahole.sh VMLINUX: `truesig compare' on a kernel image built
# with the plugin and DWARF: how DWARF fares against the records, then, side
# by side, how many recorded functions the BTF of pahole (the installed one,
# and a newer one when PAHOLE_NEW names it) and of `truesig btf' describe
# with their true prototype; and the time of `truesig compare' next to
# pahole's own reading of the same DWARF (`pahole -J', and its DWARF
# loading alone, `pahole --sizes'), median of three runs each.
#
# Environment: TRUESIG (default build/truesig of this tree), PAHOLE
# (pahole), PAHOLE_NEW (a newer pahole, optional), TMPDIR.
set -eu

if [ $# -ne 1 ] || [ ! -f "$1" ]; then
	echo "usage: $0 VMLINUX" >&2
	exit 2
fi
vmlinux=$1
top=$(cd "$(dirname "$0")/.." && pwd)
truesig=${TRUESIG:-$top/build/truesig}
pahole=${PAHOLE:-pahole}
for tool in "$truesig" "$pahole" jq; do
	command -v "$tool" >/dev/null 2>&1 || { echo "$0: $tool not found" >&2; exit 2; }
done
if ! readelf -SW "$vmlinux" | grep -q '\.debug_info'; then
	echo "$0: $vmlinux has no DWARF (CONFIG_DEBUG_INFO)" >&2
	exit 2
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/compare-vs-pahole.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

now() { date +%s.%N; }
# median3 COMMAND...: run it three times, print the median wall time.
median3() {
	for i in 1 2 3; do
		t0=$(now)
		"$@" >/dev/null 2>&1 || { echo "$0: failed: $*" >&2; exit 1; }
		t1=$(now)
		awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f\n", b - a }'
	done | sort -n | sed -n 2p
}

# The BTFs to judge.
"$pahole" --btf_encode_detached="$work/pahole.btf" "$vmlinux" >/dev/null 2>&1
judged="pahole $("$pahole" --version)=$work/pahole.btf"
if [ -n "${PAHOLE_NEW:-}" ]; then
	"$PAHOLE_NEW" --btf_encode_detached="$work/pahole-new.btf" "$vmlinux" >/dev/null 2>&1
	judged="$judged
pahole $("$PAHOLE_NEW" --version) (PAHOLE_NEW)=$work/pahole-new.btf"
fi
objcopy --remove-section .BTF --remove-section .BTF.ext "$vmlinux" "$work/nobtf" 2>/dev/null
"$truesig" btf -q -o "$work/truesig.btf" "$work/nobtf"
rm -f "$work/nobtf"
judged="$judged
truesig btf=$work/truesig.btf"

echo "file: $vmlinux"
"$truesig" compare -q "$vmlinux" | sed 's/^/  /'
echo
printf '%-32s %8s %8s %8s %8s\n' "BTF" "right" "wrong" "missing" "of"
echo "$judged" | while IFS='=' read -r label btf; do
	"$truesig" compare -q --json --btf "$btf" "$vmlinux" |
		jq -r --arg l "$label" '.summary.all |
			[$l, .btf.right, .btf.wrong, .btf.missing, .total] | @tsv' |
		awk -F'\t' '{ printf "%-32s %8s %8s %8s %8s\n", $1, $2, $3, $4, $5 }'
done
echo

t_compare=$(median3 "$truesig" compare -q "$vmlinux")
t_compare_btf=$(median3 "$truesig" compare -q --btf "$work/pahole.btf" "$vmlinux")
t_pahole=$(median3 "$pahole" --btf_encode_detached="$work/again.btf" "$vmlinux")
t_load=$(median3 "$pahole" --sizes "$vmlinux")
echo "truesig compare:               $t_compare s"
echo "truesig compare --btf:         $t_compare_btf s"
echo "pahole -J (detached):          $t_pahole s"
echo "pahole --sizes (DWARF only):   $t_load s"
awk -v c="$t_compare" -v p="$t_pahole" -v l="$t_load" 'BEGIN {
	printf "ratio compare / pahole -J:     %.3f\n", (p > 0 ? c / p : 0)
	printf "ratio compare / pahole --sizes: %.3f\n", (l > 0 ? c / l : 0)
}'
