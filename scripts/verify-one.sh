#!/bin/sh
# verify-one.sh CC BUILD SRC FLAGS OUT: build SRC (which calls through
# testsuite/verify/truesig_verify.h) with the plugin at FLAGS into OUT, run
# `truesig verify --require-hits` on it, and check that
#   - verify passes: every checked parameter agrees, every recorded
#     function is entered at least once (except one that nothing in the
#     program refers to, which is noted: GCC 16 emits clones whose only
#     call it folded);
#   - every entry was matched with the call that made it (no hit without a
#     capture);
#   - the capture hides no clone: every (function, kind) pair GCC makes
#     without the capture (-DTV_NO_CAPTURE), say t1 constprop for
#     t1.constprop.0.isra.0, it makes with the capture too, or at least
#     clones that function by another pass (noted: GCC 13 on sometimes
#     takes IPA-CP's clone for IPA-SRA's when it sees the capture).  Functions that
#     make captured calls themselves are not compared (CALLERS, a regex,
#     default the torture generator's drivers and chain callers, and main):
#     the capture reads their parameters, so GCC may keep them.  Clones
#     testsuite/verify/capture-hides lists for this GCC are expected hidden;
# Prints "PASS: NAME FLAGS" or "FAIL: NAME FLAGS: why" and exits 0 or 1, or
# "UNSUPPORTED: NAME FLAGS: why" and exits 2 when GCC made no clone;
# OUT.verify keeps verify's report.
set -u
cc=$1 build=$2 src=$3 flags=$4 out=$5
top=$(cd "$(dirname "$0")/.." && pwd)
inc=$top/testsuite/verify
label="$(basename "$src") $flags"

fail() {
	echo "FAIL: $label: $*"
	exit 1
}

. "$top/scripts/qemu-env.sh"

callers=${CALLERS:-'^(drive[0-9]+|c[0-9]+|main)$'}

# "function kind" for each kind in each clone's name.
clones() {
	nm "$1" | awk -v callers="$callers" '
		$3 ~ /[.](isra|constprop|part|strub)[.][0-9]/ {
			n = split($3, w, ".")
			if (w[1] ~ callers)
				next
			for (i = 2; i <= n; i++)
				if (w[i] ~ /^(isra|constprop|part|strub)$/)
					print w[1], w[i]
		}' | sort -u
}

# shellcheck disable=SC2086  # FLAGS are words
$cc $flags -w -I"$inc" -fplugin="$build/truesig.so" "$src" -o "$out" \
	>"$out.cc.log" 2>&1 || fail "does not compile (see $out.cc.log)"
# shellcheck disable=SC2086
$cc $flags -w -I"$inc" -DTV_NO_CAPTURE "$src" -o "$out.plain" \
	>>"$out.cc.log" 2>&1 || fail "does not compile without the capture"
clones "$out" >"$out.clones"
# Nothing to verify where GCC made no clone at all at these flags: said,
# not counted.
if [ ! -s "$out.clones" ] && ! readelf -SW "$out" | grep -qE ' [.](debug_)?truesig '; then
	echo "UNSUPPORTED: $label: $cc made no clone and no record at these flags"
	exit 2
fi
clones "$out.plain" >"$out.plain.clones"
# Clones the capture is known to hide, with why: testsuite/verify/
# capture-hides, lines "GCC-MAJOR FILE FLAGS: FUNCTION KIND: why".  Each
# listed clone must still be hidden (else its line is stale).
major=$("$cc" -dumpversion | cut -d. -f1)
known=$(sed -n "s/^$major $(basename "$src") $flags: \([^:]*\):.*/\1/p" \
	"$inc/capture-hides" 2>/dev/null)
comm -13 "$out.clones" "$out.plain.clones" >"$out.lost"
lost= allowed= swapped=
while read -r fn kind; do
	if printf '%s\n' "$known" | grep -qx "$fn $kind"; then
		allowed="$allowed $fn.$kind"
	elif grep -q "^$fn " "$out.clones"; then
		# Cloned all the same, by another pass: GCC 13+ may choose
		# IPA-CP where it chose IPA-SRA when it sees the capture.
		swapped="$swapped $fn.$kind"
	else
		lost="$lost$fn $kind,"
	fi
done <"$out.lost"
[ -z "$lost" ] || fail "the capture hides clones: $lost"
printf '%s\n' "$known" | while read -r fn kind; do
	[ -z "$fn" ] || grep -qx "$fn $kind" "$out.lost" ||
		echo "$fn $kind"
done >"$out.stale"
[ ! -s "$out.stale" ] ||
	fail "testsuite/verify/capture-hides lists $(tr '\n' ',' <"$out.stale") but the capture no longer hides it"
# Recorded functions that nothing in the x86-64 program calls, jumps to or
# takes the address of (objdump names every such target; a PIE's data
# holds code addresses as R_X86_64_RELATIVE addends): GCC 16 emits a
# clone whose only call it folded away.  They cannot be entered.
unreferenced() {	# symbol
	addr=$(nm "$out" | awk -v s="$1" '$3 == s { print $1; exit }')
	[ -n "$addr" ] && readelf -h "$out" | grep -q 'X86-64' || return 1
	objdump -d --no-show-raw-insn "$out" | grep -v ':$' |
		grep -qF "<$1>" && return 1
	readelf -rW "$out" | awk -v a="$addr" '
		$3 == "R_X86_64_RELATIVE" { v = $4; sub(/^0+/, "", v); w = a
			sub(/^0+/, "", w); if (v == w) found = 1 }
		END { exit !found }' && return 1
	return 0
}
dead=
if ! "$build/truesig" verify --require-hits -q "$out" >"$out.verify" 2>&1; then
	# A failure only of functions never entered that nothing refers to
	# is no failure: they are noted.
	grep '^FAIL' "$out.verify" >"$out.fails"
	while read -r _ sym rest; do
		sym=${sym%:}
		case $rest in
		*" 0 mismatches (never hit)") unreferenced "$sym" &&
			dead="$dead $sym" && continue ;;
		esac
		fail "$(grep -v '^verify:' "$out.verify" | head -n 6 | tr '\n' ' ')"
	done <"$out.fails"
	[ -s "$out.fails" ] ||
		fail "$(grep -v '^verify:' "$out.verify" | head -n 6 | tr '\n' ' ')"
fi
grep -q ', 0 hits without a capture$' "$out.verify" ||
	fail "$(tail -n 1 "$out.verify")"
echo "PASS: $label: $(tail -n 1 "$out.verify" | sed 's/^verify: [^:]*: //')${dead:+ (never entered, nothing refers to it:$dead)}${allowed:+ (hidden by the capture, as known:$allowed)}${swapped:+ (cloned by another pass with the capture:$swapped)}"
