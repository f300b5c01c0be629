#!/bin/sh
# sweep-one.sh PLUGIN TOOL TAG NAME COMMAND [LINK]
# COMMAND (one string, shell syntax) compiles one file with -c and no -o.
# Run it without and with the plugin (outputs TAG.plain.o, TAG.with.o) and
# print one line:  <status> <NAME> <clones> <records> <functions> [detail]
# status: skip (does not compile without the plugin), ice (the plugin made
# the compile fail), diag (the plugin changed the diagnostics), code (the
# generated code differs), dump (the records cannot be read), missing (a
# clone has no record, or more than one), link, exec (with LINK: the
# program built with the plugin does not link, or does not run as the one
# built without it does), ok.
# LINK (shell syntax, for an execute test) links an object: each object is
# linked and run (10 s at most); an ok line then ends with "ran" (both
# exit 0), "verified" (the same, and the one with records also runs to the
# end under `truesig verify --no-capture`, a breakpoint at every recorded
# entry), "fails-without" (the program fails without the plugin too: an
# expected failure, or options of its .x file not given) or "nolink" (it
# does not link without the plugin either).  Status verify: it does not.
plugin=$1 tool=$2 tag=$3 name=$4 cmd=$5 link=${6:-}
top=$(cd "$(dirname "$0")/.." && pwd)
# Every file this writes (and removes) is "$tag".*: never an empty tag.
case $tag in
*/*[!/]) ;;
*) echo "sweep-one.sh: bad work-file prefix '$tag'" >&2; exit 2 ;;
esac

if ! timeout 300 sh -c "$cmd -o '$tag.plain.o'" >"$tag.plain.err" 2>&1; then
	echo "skip $name 0 0 0"
	rm -f "$tag".*
	exit 0
fi
timeout 300 sh -c "$cmd -fplugin='$plugin' -o '$tag.with.o'" >"$tag.with.err" 2>&1
if [ $? -ne 0 ] || grep -q 'internal compiler error' "$tag.with.err"; then
	echo "ice $name 0 0 0 $(head -c 300 "$tag.with.err" | tr '\n' ' ')"
	exit 0
fi
if ! cmp -s "$tag.plain.err" "$tag.with.err"; then
	echo "diag $name 0 0 0 $(diff "$tag.plain.err" "$tag.with.err" | head -c 300 | tr '\n' ' ')"
	exit 0
fi
if ! "$top/scripts/compare-code.sh" "$tag.with.o" "$tag.plain.o" >"$tag.cmp" 2>&1; then
	echo "code $name 0 0 0 $(tr '\n' ' ' <"$tag.cmp")"
	exit 0
fi
clones=$(nm "$tag.with.o" | awk '$2 ~ /^[tTwW]$/ && $3 ~ /\.(isra|constprop|part|strub)\.[0-9]/ && $3 !~ /\.cold$/ { print $3 }')
nclones=$(printf '%s' "$clones" | grep -c .)
nfuncs=$(nm "$tag.with.o" | awk '$2 ~ /^[tTwW]$/' | grep -c .)
recorded= nrecords=0
if readelf -SW "$tag.with.o" | grep -qE ' \.(debug_)?truesig '; then
	if ! "$tool" dump --json "$tag.with.o" >"$tag.json" 2>"$tag.dumperr"; then
		echo "dump $name $nclones 0 $nfuncs $(head -c 300 "$tag.dumperr")"
		exit 0
	fi
	recorded=$(jq -r '.records[] | select(.cold_fragment | not) | .symbol' "$tag.json")
	nrecords=$(jq '.records | length' "$tag.json")
fi
for c in $clones; do
	n=$(printf '%s\n' "$recorded" | grep -cxF "$c")
	if [ "$n" -ne 1 ]; then
		echo "missing $name $nclones $nrecords $nfuncs $c has $n records"
		exit 0
	fi
done
run=
if [ -n "$link" ]; then
	# run TAG.KIND: link and run it; "nolink", or its exit status.
	run_one() {
		timeout 120 sh -c "$link '$tag.$1.o' -o '$tag.$1.exe' -lm" \
			>"$tag.$1.link" 2>&1 || { echo nolink; return; }
		# In a shell of its own, which says "Aborted" to /dev/null.
		sh -c 'cd "$1" && timeout 10 "$2"' sh "$(dirname "$tag")" \
			"$tag.$1.exe" >/dev/null 2>&1 </dev/null
		echo $?
	}
	plain=$(run_one plain)
	with=$(run_one with)
	if [ "$plain" = nolink ]; then
		run=nolink
	elif [ "$with" = nolink ]; then
		echo "link $name $nclones $nrecords $nfuncs $(head -c 300 "$tag.with.link" | tr '\n' ' ')"
		exit 0
	elif [ "$plain" -ne 0 ]; then
		run=fails-without
	elif [ "$with" -ne 0 ]; then
		echo "exec $name $nclones $nrecords $nfuncs exits $with, 0 without the plugin"
		exit 0
	elif [ -z "$recorded" ]; then
		run=ran
	elif ! sh -c 'cd "$1" && timeout 60 "$2" verify --no-capture -q "$3"' \
		sh "$(dirname "$tag")" "$tool" "$tag.with.exe" \
		>"$tag.verify" 2>&1 </dev/null; then
		echo "verify $name $nclones $nrecords $nfuncs $(tail -n 3 "$tag.verify" | head -c 300 | tr '\n' ' ')"
		exit 0
	else
		run=verified
	fi
fi
echo "ok $name $nclones $nrecords $nfuncs $run"
rm -f "$tag".*
