#!/bin/sh
# sweep-one.sh CC PLUGIN TOOL OUTDIR FLAGS FILE
# Compile FILE with and without the plugin and print one line:
#   <status> <file> <clones> <records> [detail]
# status: skip (does not compile without the plugin), ice, diag (the plugin
# changed the diagnostics), code (the generated code differs), dump (the
# records cannot be read), missing (a clone has no record), ok.
cc=$1 plugin=$2 tool=$3 out=$4 flags=$5 file=$6
top=$(cd "$(dirname "$0")/.." && pwd)
base=$out/$(echo "$file" | tr '/' '_' | sed 's/\.c$//')$(echo "$flags" | tr -d ' ')
plain=$base.plain.o with=$base.with.o
name=$(basename "$file")

if ! timeout 120 $cc $flags -w -c "$file" -o "$plain" >"$base.plain.err" 2>&1; then
	echo "skip $name 0 0"
	rm -f "$base".*
	exit 0
fi
timeout 120 $cc $flags -w -fplugin="$plugin" -c "$file" -o "$with" >"$base.with.err" 2>&1
status=$?
if grep -q -e 'internal compiler error' -e 'Segmentation fault' "$base.with.err" || [ $status -ne 0 ]; then
	echo "ice $name 0 0 $(head -c 300 "$base.with.err" | tr '\n' ' ')"
	exit 0
fi
if ! cmp -s "$base.plain.err" "$base.with.err"; then
	echo "diag $name 0 0 $(diff "$base.plain.err" "$base.with.err" | head -c 300 | tr '\n' ' ')"
	exit 0
fi
if ! "$top/scripts/compare-code.sh" "$with" "$plain" >"$base.cmp" 2>&1; then
	echo "code $name 0 0 $(head -c 300 "$base.cmp" | tr '\n' ' ')"
	exit 0
fi
clones=$(nm "$with" | awk '$2 ~ /^[tTwW]$/ && $3 ~ /\.(isra|constprop|part)\.[0-9]/ && $3 !~ /\.cold$/ { print $3 }' | sort)
nclones=$(printf '%s' "$clones" | grep -c .)
if readelf -SW "$with" | grep -q '\.truesig'; then
	if ! "$tool" dump --json "$with" >"$base.json" 2>"$base.dumperr"; then
		echo "dump $name $nclones 0 $(head -c 300 "$base.dumperr")"
		exit 0
	fi
	recorded=$(jq -r '.records[] | select(.cold_fragment | not) | .symbol' "$base.json" | sort)
	nrecords=$(jq '.records | length' "$base.json")
else
	recorded= nrecords=0
fi
for c in $clones; do
	n=$(printf '%s\n' "$recorded" | grep -cxF "$c")
	if [ "$n" -ne 1 ]; then
		echo "missing $name $nclones $nrecords $c has $n records"
		exit 0
	fi
done
echo "ok $name $nclones $nrecords"
rm -f "$base".*
