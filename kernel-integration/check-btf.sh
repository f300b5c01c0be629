#!/bin/sh
# check-btf.sh [--base BASE] [--btf BTF] FILE
#
# Judge the BTF of FILE (a vmlinux or a module: its .BTF; with --base,
# split BTF on BASE's; with --btf, the BTF in BTF instead, a raw BTF file
# such as pahole's --btf_encode_detached output, or an ELF with .BTF)
# against FILE's own .debug_truesig records: a clone has a
# true prototype when a FUNC named as its symbol has exactly the real
# return and parameters of its record, the linkage of its symbol and its
# truesig:source tag (testsuite/lib/btf.jq, btf_record_problems).  Cold
# fragments must have no FUNC.
#
# Prints each problem, then one line:
#   check-btf: FILE: C/N clone functions with a true prototype in BTF
# where N counts the records that are not cold fragments; exits non-zero
# unless C = N and no cold fragment has a FUNC.
#
# Environment: TRUESIG (default: build/truesig of this tree), BPFTOOL.
set -eu

usage() {
	echo "usage: $0 [--base BASE] [--btf BTF] FILE" >&2
	exit 2
}
base='' btf=''
while [ $# -gt 1 ]; do
	case $1 in
	--base) base=$2; shift 2 ;;
	--btf) btf=$2; shift 2 ;;
	*) usage ;;
	esac
done
[ $# -eq 1 ] || usage
file=$1
btf=${btf:-$file}
top=$(cd "$(dirname "$0")/.." && pwd)
truesig=${TRUESIG:-$top/build/truesig}
bpftool=${BPFTOOL:-bpftool}

work=$(mktemp -d "${TMPDIR:-/tmp}/check-btf.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

"$truesig" dump --json "$file" >"$work/records.json"
if [ -n "$base" ]; then
	"$bpftool" -j btf dump file "$base" >"$work/base.json"
	"$bpftool" -j -B "$base" btf dump file "$btf" >"$work/split.json"
	# The split dump lists its own types: add the base's, and mark the
	# own ones.  A module's functions are the FUNCs of its own types; a
	# FUNC of the same name in the base is a vmlinux function's.
	jq -s '(.[0].types | map(.id) | max) as $last
		| {types: ((.[0].types) + (.[1].types
			| map(if .id > $last then . + {split: true} else . end))
			| unique_by(.id))}' \
		"$work/base.json" "$work/split.json" >"$work/btf.json"
else
	"$bpftool" -j btf dump file "$btf" >"$work/btf.json"
fi

label=$file
[ "$btf" = "$file" ] || label="$file (BTF: $btf)"
jq -L "$top/testsuite/lib" -r -s --arg file "$label" '
	include "btf";
	(.[0] | btf_indexes) as $X0
	| [.[0].types[] | select(.kind == "FUNC" and .split == true)] as $own
	| (if any(.[0].types[]; .split == true)
	   then $X0 + {F: ($own | group_by(.name)
			   | map({key: .[0].name, value: .}) | from_entries)}
	   else $X0 end) as $X
	| (.[1] | records_per_symbol) as $N
	| [.[1].records[] | {symbol, cold: .cold_fragment,
			     problems: btf_record_problems($X; $N[.symbol]; .)}] as $v
	| ($v[] | .problems[]),
	  ([$v[] | select(.cold | not)] as $c
	   | "check-btf: \($file): \([$c[] | select(.problems == [])] | length)/\($c | length) clone functions with a true prototype in BTF"),
	  ([$N | to_entries[] | select(.value > 1)] as $d
	   | if $d != [] then "check-btf: \($d | length) names are shared by \([$d[].value] | add) symbols (static functions of the same name): a tracer attaching by name gets the first (\([$d[].key] | join(", ")))" else empty end),
	  ([.[1].records[] | select(.cold_fragment | not) | .symbol
	    | select($own != [] and ($X0.F[.] // [] | any(.split != true)))]
	   | unique as $b
	   | if $b != [] then "check-btf: \($b | length) of its function names are also the base'"'"'s (static functions of the same name in vmlinux): a tracer attaching by name alone gets the base'"'"'s (\($b | join(", ")))" else empty end),
	  (if all($v[]; .problems == []) then "ok" else "fail" end)
' "$work/btf.json" "$work/records.json" >"$work/verdict"

sed '$d' "$work/verdict"
[ "$(tail -n 1 "$work/verdict")" = ok ]
