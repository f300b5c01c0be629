#!/bin/sh
# gcc-diff.sh: how GCC versions change the signatures of the same code.
#
#   gcc-diff.sh source DIR
#       extract GCC's c-torture tests (compile/ and execute/) into DIR from
#       the gcc-N-source this system has, once: every compiler compiles the
#       same files.
#   gcc-diff.sh objects CC BUILD SRC
#       compile every file of SRC with CC and the plugin of BUILD at -O2
#       (-fpermissive from GCC 14, which made old C errors) into
#       BUILD/gcc-diff/objects; keep the objects that have records.
#   gcc-diff.sh report TOOL OBJECTS...
#       for each directory of objects (one per GCC, in order; each has a
#       file COMPILER naming it, and ELF files named alike: c-torture
#       objects, or one vmlinux): functions
#       recorded per kind; for each two neighbours: `truesig diff` of every
#       file's two objects, summed (the same, changed, appeared,
#       disappeared) and what changed most, with an example each.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)

source_cmd() {
	dir=$1
	[ -d "$dir/compile" ] && exit 0
	tarball=$(ls /usr/src/gcc-[0-9]*/gcc-*.tar.* 2>/dev/null | head -n 1)
	if [ -z "$tarball" ]; then
		echo "gcc-diff: no gcc-N-source installed (the c-torture tests); install one, e.g. apt-get install gcc-12-source" >&2
		exit 1
	fi
	rm -rf "$dir.tmp"
	mkdir -p "$dir.tmp"
	tar -xf "$tarball" -C "$dir.tmp" --strip-components=4 \
		--wildcards '*/gcc/testsuite/gcc.c-torture/compile/*.c' \
		'*/gcc/testsuite/gcc.c-torture/execute/*.c' &&
		ls "$dir.tmp"/compile/*.c >/dev/null 2>&1 || {
		echo "gcc-diff: cannot extract the c-torture tests from $tarball" >&2
		exit 1
	}
	basename "$tarball" >"$dir.tmp/FROM"
	mv "$dir.tmp" "$dir"
}

objects_cmd() {
	cc=$1 build=$(cd "$2" && pwd) src=$3
	ver=$("$cc" -dumpversion | cut -d. -f1)
	out=$build/gcc-diff/objects
	rm -rf "$out"
	mkdir -p "$out"
	flags="-O2 -w"
	[ "$ver" -ge 14 ] && flags="$flags -fpermissive"
	echo "GCC $("$cc" -dumpfullversion)" >"$out/COMPILER"
	# One object per file, named compile__x.o / execute__x.o; files that
	# do not compile (target-specific ones) are left out, for every GCC.
	ls "$src"/compile/*.c "$src"/execute/*.c |
		xargs -P 2 -I{} sh -c '
			f=$1; out=$2; cc=$3; plugin=$4; shift 4
			o=$out/$(basename "$(dirname "$f")")__$(basename "$f" .c).o
			timeout 300 "$cc" "$@" -fplugin="$plugin" -c "$f" -o "$o" \
				>/dev/null 2>&1 || { rm -f "$o"; exit 0; }
			readelf -SW "$o" | grep -qE ' \.(debug_)?truesig ' || rm -f "$o"
		' sh {} "$out" "$cc" "$build/truesig.so" $flags
	echo "gcc-diff: $(head -n 1 "$out/COMPILER"): $(ls "$out" | grep -c '\.o$') files with records"
}

# The ELF files of a directory of objects: all but COMPILER (a vmlinux,
# linked there under one name for each compiler, is one).
files() {
	ls "$1" | grep -v '^COMPILER$'
}

# "isra" for [isra], "constprop+isra" for [constprop, isra].
per_version() {
	tool=$1 dir=$2
	for o in $(files "$dir"); do
		"$tool" dump --json "$dir/$o"
	done | jq -rs --arg cc "$(head -n 1 "$dir/COMPILER")" '
		[.[].records[] | select(.cold_fragment | not)] as $r
		| ($r | map(.kinds | join("+")) | group_by(.)
		   | map("\(.[0] // "none") \(length)") | join(", ")) as $kinds
		| [$r[] | .source_params[]] as $s
		| "\($cc): \($r | length) entry points in \([.[].records[].unit] | unique | length) units; kinds: \($kinds); returns dropped: \([$r[] | select(.return.dropped)] | length); source parameters removed \([$s[] | select(.fate == "removed")] | length), split \([$s[] | select(.fate == "split")] | length), constant \([$s[] | select(.fate == "constant")] | length), with known pieces \([$s[] | select((.known_pieces // []) | length > 0)] | length)"'
}

pair() {
	tool=$1 a=$2 b=$3
	work=$(mktemp -d)
	{ files "$a"; files "$b"; } | sort -u |
	while read -r f; do
		if [ -f "$a/$f" ] && [ -f "$b/$f" ]; then
			"$tool" diff --json "$a/$f" "$b/$f" 2>/dev/null
		elif [ -f "$a/$f" ]; then
			"$tool" dump --json "$a/$f" | jq -c --arg f "$f" '
				{functions: [.records[] | select(.cold_fragment | not)
				 | {unit: .unit, function: .function, status: "disappeared", changes: []}] | unique_by(.function)}'
		else
			"$tool" dump --json "$b/$f" | jq -c --arg f "$f" '
				{functions: [.records[] | select(.cold_fragment | not)
				 | {unit: .unit, function: .function, status: "appeared", changes: []}] | unique_by(.function)}'
		fi
	done >"$work/all"
	jq -rs --arg a "$(head -n 1 "$a/COMPILER")" --arg b "$(head -n 1 "$b/COMPILER")" '
		([.[].summary.same // 0] | add) as $same
		| [.[].functions[] | select(.status != "same")
		   | .unit |= sub(".*/(?<d>[^/]+/[^/]+)$"; "\(.d)")] as $f
		| ("the same \($same), " + ($f | group_by(.status) | map("\(.[0].status) \(length)") | join(", "))) as $st
		| [$f[] | select(.status == "changed") as $c | $c.changes[]
		   | {what: (if startswith("kinds:") then .
			     elif startswith("return:") then "return: " + (sub("^return: "; "") | if test("dropped.*->.*dropped") then "type or location" elif test("dropped ->") then "dropped -> kept" elif test("-> .*dropped") then "kept -> dropped" else "type or location" end)
			     elif test("^source [0-9]+ \\(") then (split(" -> ") as [$x, $y]
				| ($x | capture("\\): (?<f>[a-z]+)").f) as $fx
				| ($y | capture("^(?<f>[a-z]+)").f) as $fy
				| if $fx != $fy then "source parameter: \($fx) -> \($fy)"
				  elif ($x | test("known pieces")) != ($y | test("known pieces"))
				  then "source parameter: known pieces " + (if ($x | test("known pieces")) then "listed -> none" else "none -> listed" end)
				  else "source parameter: its constant" end)
			     elif startswith("real parameters:") then "number of real parameters"
			     elif startswith("param ") then "a real parameter'"'"'s origin, type or location"
			     else sub(":.*"; "") end),
		      example: "\($c.unit) \($c.function)"}]
		| group_by(.what) | map({what: .[0].what, n: length, example: .[0].example})
		| sort_by(-.n) as $changes
		| "\($a) -> \($b): \($st)",
		  ($changes[:12][] | "  \(.n)\t\(.what)  (e.g. \(.example))")' "$work/all"
	rm -rf "$work"
}

report_cmd() {
	tool=$1
	shift
	for d in "$@"; do
		per_version "$tool" "$d"
	done
	prev=
	for d in "$@"; do
		[ -n "$prev" ] && pair "$tool" "$prev" "$d"
		prev=$d
	done
}

cmd=${1:-}
[ $# -gt 0 ] && shift
case $cmd in
source) source_cmd "$@" ;;
objects) objects_cmd "$@" ;;
report) report_cmd "$@" ;;
*) echo "usage: gcc-diff.sh source DIR | objects CC BUILD SRC | report TOOL OBJECTS..." >&2; exit 2 ;;
esac
