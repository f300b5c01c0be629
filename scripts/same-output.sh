#!/bin/sh
# same-output.sh OLD NEW FILE...: whether two builds of the tool say the
# same of each FILE, byte for byte: `dump` (text and --json), `btf` (the
# file it writes, or its message when it refuses), `compare` and `find`
# of every recorded function's source name (text and --json); and the
# exit status of each.  For a change meant to keep behaviour (a reshaping
# of merge/).  Prints one line per FILE and a summary; exits 1 on any
# difference.
set -u
old=$1 new=$2
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
same=0 differ=0

run() {		# tool side file: every output of `tool` on `file` in work/side
	tool=$1 out=$work/$2 file=$3
	rm -rf "$out"; mkdir -p "$out"
	for cmd in "dump" "dump --json" "compare" "compare --json"; do
		# shellcheck disable=SC2086
		"$tool" $cmd "$file" >"$out/$cmd.out" 2>"$out/$cmd.err"
		echo "$?" >"$out/$cmd.status"
	done
	"$tool" btf -q -o "$out/btf.o" "$file" >"$out/btf.out" 2>&1
	echo "$?" >"$out/btf.status"
	# Messages name the file they wrote; the two names differ.
	sed -i "s|$out/|OUT/|g" "$out/btf.out"
	if [ -f "$out/btf.o" ]; then
		jq -r '.records[].function' "$out/dump --json.out" 2>/dev/null |
			sort -u | head -n 50 >"$out/functions"
		while read -r fn; do
			"$tool" find --btf "$out/btf.o" "$fn" >>"$out/find.out" 2>&1
			"$tool" find --json --btf "$out/btf.o" "$fn" >>"$out/find.json" 2>&1
		done <"$out/functions"
		sed -i "s|$out/|OUT/|g" "$out/find.out" "$out/find.json" 2>/dev/null
	fi
}

for file; do
	run "$old" old "$file"
	run "$new" new "$file"
	if diff -r "$work/old" "$work/new" >"$work/diff"; then
		same=$((same + 1))
	else
		differ=$((differ + 1))
		echo "DIFFERS: $file"
		head -n 20 "$work/diff"
	fi
done
echo "same-output: $same the same, $differ differ"
[ "$differ" -eq 0 ]
