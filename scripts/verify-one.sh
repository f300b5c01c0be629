#!/bin/sh
# verify-one.sh CC BUILD SRC FLAGS OUT: build SRC (which calls through
# testsuite/verify/truesig_verify.h) with the plugin at FLAGS into OUT, run
# `truesig verify --require-hits` on it, and check that
#   - verify passes: every checked parameter agrees, every recorded
#     function is entered at least once;
#   - every entry was matched with the call that made it (no hit without a
#     capture);
#   - the capture hides no clone: every (function, kind) pair GCC makes
#     without the capture (-DTV_NO_CAPTURE), say t1 constprop for
#     t1.constprop.0.isra.0, it makes with the capture too.  Functions that
#     make captured calls themselves are not compared (CALLERS, a regex,
#     default the torture generator's drivers and chain callers, and main):
#     the capture reads their parameters, so GCC may keep them.
# Prints "PASS: NAME FLAGS" or "FAIL: NAME FLAGS: why" and exits 0 or 1;
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

callers=${CALLERS:-'^(drive[0-9]+|c[0-9]+|main)$'}

# "function kind" for each kind in each clone's name.
clones() {
	nm "$1" | awk -v callers="$callers" '
		$3 ~ /[.](isra|constprop|part)[.][0-9]/ {
			n = split($3, w, ".")
			if (w[1] ~ callers)
				next
			for (i = 2; i <= n; i++)
				if (w[i] ~ /^(isra|constprop|part)$/)
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
clones "$out.plain" >"$out.plain.clones"
lost=$(comm -13 "$out.clones" "$out.plain.clones" | tr '\n' ',')
[ -z "$lost" ] || fail "the capture hides clones: $lost"
"$build/truesig" verify --require-hits -q "$out" >"$out.verify" 2>&1 ||
	fail "$(grep -v '^verify:' "$out.verify" | head -n 6 | tr '\n' ' ')"
grep -q ', 0 hits without a capture$' "$out.verify" ||
	fail "$(tail -n 1 "$out.verify")"
echo "PASS: $label: $(tail -n 1 "$out.verify" | sed 's/^verify: [^:]*: //')"
