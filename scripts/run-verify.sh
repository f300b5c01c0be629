#!/bin/sh
# run-verify.sh CC BUILD: the `truesig verify` suite of `make check`.
#   - testsuite/verify/programs/*.c at -O2, -O3, -Os, or at the flag sets
#     of their "verify-flags: A | B" line;
#   - a fixed set of torture-gen programs (seeds 1-8 at -O2, -O3, -Os;
#     seeds 1-4 at -O2 -m32);
#   - testsuite/verify/bugs/*.c: reduced reproducers of known bugs, which
#     must still fail (a fix makes them XPASS: then move them);
#   - records spoilt on purpose (corrupt-record): verify must fail and name
#     the function; a program without the capture buffer is refused.
# Each program is checked by scripts/verify-one.sh.  Writes
# "verify (CC): N passed, N failed, N unsupported" to BUILD/results/verify
# (-m32 programs are unsupported where CC has no multilib or the kernel
# runs no i386 programs).
set -u
cc=$1 build=$2
top=$(cd "$(dirname "$0")/.." && pwd)
work=$build/verify
# This machine's programs run under ptrace; aarch64's, riscv64's and
# s390x's under qemu-user, whose gdb stub truesig verify drives.  Other targets' cannot be checked yet: said,
# and failed.
target=$($cc -dumpmachine)
case $target in
$(uname -m)-*|aarch64-*|riscv64-*|s390x-*) ;;
*)	mkdir -p "$build/results"
	echo "verify ($cc): 0 passed, 1 failed: truesig verify cannot yet check programs of $target (it runs this machine's under ptrace, aarch64's, riscv64's and s390x's under qemu-user)" |
		tee "$build/results/verify"
	exit 1 ;;
esac
. "$top/scripts/qemu-env.sh"
rm -rf "$work"
mkdir -p "$work" "$build/results"
passed=0 failed=0

result() {	# status line
	echo "$2" >>"$work/summary"
	if [ "$1" -eq 0 ]; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		echo "$2"
	fi
}

# Whether this machine builds and runs i386 programs: not without CC's
# multilib, nor on a kernel without IA32 emulation.  Programs at -m32 are
# then UNSUPPORTED, each with a line saying why, and not counted.
no_i386=$("$top/scripts/no-i386.sh" "$cc" "$work")
unsupported=0

one() {		# src flags out
	case " $2 " in
	*" -m32 "*)
		if [ -n "$no_i386" ]; then
			echo "UNSUPPORTED: $(basename "$1") $2: $no_i386" |
				tee -a "$work/summary"
			unsupported=$((unsupported + 1))
			return
		fi ;;
	esac
	line=$("$top/scripts/verify-one.sh" "$cc" "$build" "$1" "$2" "$3")
	status=$?
	if [ $status -eq 2 ]; then
		echo "$line" | tee -a "$work/summary"
		unsupported=$((unsupported + 1))
		return
	fi
	result $status "$line"
}

for src in "$top"/testsuite/verify/programs/*.c; do
	name=$(basename "$src" .c)
	flagsets=$(sed -n 's/.*verify-flags: *\(.*[^ ]\) *\*\/.*/\1/p' "$src")
	[ -n "$flagsets" ] || flagsets="-O2 | -O3 | -Os"
	i=0
	echo "$flagsets" | tr '|' '\n' | sed 's/^ *//; s/ *$//' >"$work/flags"
	while read -r flags; do
		i=$((i + 1))
		one "$src" "$flags" "$work/$name-$i"
	done <"$work/flags"
done

# Known bugs, each a reduced reproducer that must fail with the text of its
# "verify-xfail:" line (XFAIL); one that passes is reported (XPASS), to move
# it to programs/.
for src in "$top"/testsuite/verify/bugs/*.c; do
	[ -f "$src" ] || continue
	name=$(basename "$src" .c)
	flags=$(sed -n 's/.*verify-flags: *\(.*[^ ]\) *\*\/.*/\1/p' "$src")
	why=$(sed -n 's/.*verify-xfail: *\(.*[^ ]\) *\*\/.*/\1/p' "$src")
	if line=$("$top/scripts/verify-one.sh" "$cc" "$build" "$src" \
		"${flags:--O2}" "$work/bug-$name"); then
		result 1 "XPASS: $name: the known bug is gone; move it to programs/"
	else
		case $line in
		*"$why"*) result 0 "XFAIL: $name: $why" ;;
		*) result 1 "$line (not the known '$why')" ;;
		esac
	fi
done

for seed in 1 2 3 4 5 6 7 8; do
	"$build/torture-gen" "$seed" >"$work/gen-$seed.c"
	for flags in -O2 -O3 -Os; do
		one "$work/gen-$seed.c" "$flags" "$work/gen-$seed$flags"
	done
	if [ "$seed" -le 4 ]; then
		one "$work/gen-$seed.c" "-O2 -m32" "$work/gen-$seed-O2-m32"
	fi
done

# The check can fail: a spoilt record is reported, with the function.
# The first function matching the regex whose record has that parameter
# (GCC 16 also makes many.constprop.0, with fewer, beside many.isra.0).
spoil() {	# exe symbol-regex param what
	exe=$1 spoilt=
	for sym in $(nm "$1" | awk -v re="$2" '$3 ~ re { print $3 }'); do
		cp "$exe" "$exe.spoilt"
		if "$build/corrupt-record" "$exe.spoilt" "$sym" "$3" >/dev/null
		then
			spoilt=$sym
			break
		fi
	done
	if [ -z "$spoilt" ]; then
		result 1 "FAIL: spoilt record ($4): no $2 with parameter $3 to spoil"
		return
	fi
	sym=$spoilt
	if "$build/truesig" verify "$exe.spoilt" >"$exe.spoilt.out" 2>&1; then
		result 1 "FAIL: spoilt record ($4): verify passed"
	elif grep -q "^FAIL: $sym: .*[1-9][0-9]* mismatches" "$exe.spoilt.out" &&
	     grep -q "expected .*, found" "$exe.spoilt.out"; then
		result 0 "PASS: spoilt record ($4) of $sym is reported"
	else
		result 1 "FAIL: spoilt record ($4): $(head -n 3 "$exe.spoilt.out")"
	fi
}
spoil "$work/basic-1" '^pick[.]' 0 "register, ${target%%-*}"
basic_spoilt=$spoilt
# spill's parameter 9 is on the stack on every target.
spoil "$work/stack-args-1" '^spill[.]' 9 "stack, ${target%%-*}"
if [ -z "$no_i386" ]; then
	spoil "$work/i386-abi-2" '^local3$' 1 "register, i386"
else
	echo "UNSUPPORTED: spoilt record (register, i386): $no_i386" |
		tee -a "$work/summary"
	unsupported=$((unsupported + 1))
fi

# A program of a machine verify cannot run (ppc64 here: EM_PPC64, 21, put in
# the e_machine of a copy, in the file's byte order) is refused by name.
cp "$work/basic-1" "$work/foreign"
case $(od -An -tx1 -j5 -N1 "$work/foreign" | tr -d ' ') in
02) printf '\000\025' ;;
*)  printf '\025\000' ;;
esac | dd of="$work/foreign" bs=1 seek=18 conv=notrunc 2>/dev/null
"$build/truesig" verify "$work/foreign" >"$work/foreign.out" 2>&1
status=$?
if [ $status -eq 2 ] &&
   grep -q "verify cannot yet run ppc64 programs.*(ELF machine 21)" "$work/foreign.out"; then
	result 0 "PASS: a program of a machine verify cannot run is refused by name"
else
	result 1 "FAIL: a program of another machine: exit $status: $(head -n 2 "$work/foreign.out")"
fi

# A program that does not capture its calls cannot be verified.
printf 'static __attribute__((noinline)) int f (int a, int u) { return a; }\n'\
'volatile int v = 1;\nint main (void) { return f (v, v) - 1; }\n' \
	>"$work/nocapture.c"
if $cc -O2 -fplugin="$build/truesig.so" "$work/nocapture.c" \
	-o "$work/nocapture" 2>/dev/null &&
   ! "$build/truesig" verify "$work/nocapture" >"$work/nocapture.out" 2>&1 &&
   grep -q "no symbol truesig_verify_capture" "$work/nocapture.out"; then
	result 0 "PASS: a program without the capture is refused"
else
	result 1 "FAIL: a program without the capture: $(cat "$work/nocapture.out" 2>/dev/null | head -n 2)"
fi
# ... unless --no-capture: every entry counted, none checked.
if "$build/truesig" verify --no-capture "$work/nocapture" \
	>"$work/nocapture2.out" 2>&1 &&
   grep -q ': 1 functions, 1 hit (0 never), 1 hits, 0 parameters checked, 0 unchecked, 0 mismatches, 1 hits without a capture$' \
	"$work/nocapture2.out"; then
	result 0 "PASS: --no-capture: entries counted, none checked"
else
	result 1 "FAIL: --no-capture: $(tail -n 2 "$work/nocapture2.out" 2>/dev/null)"
fi

# --json: the same run as one document. Its summary is the text's summary
# line; a spoilt record makes "ok" false and names the function with its
# mismatch; -q leaves out the functions that passed.
json_run() {	# name want-status jq-filter verify-args...
	name=$1 want=$2 filter=$3
	shift 3
	"$build/truesig" verify "$@" >"$work/json.out" 2>"$work/json.err"
	status=$?
	if [ $status -ne "$want" ]; then
		result 1 "FAIL: --json ($name): exit $status, expected $want: $(head -n 2 "$work/json.err")"
	elif got=$(jq -r "$filter" <"$work/json.out" 2>&1) && [ "$got" = true ]; then
		result 0 "PASS: --json ($name)"
	else
		result 1 "FAIL: --json ($name): $filter gives $got"
	fi
}
if ! command -v jq >/dev/null; then
	result 1 "FAIL: --json: jq not found (the Makefile's deps step installs it)"
else
	"$build/truesig" verify "$work/basic-1" >"$work/text.out" 2>&1
	text=$(sed -n 's/^verify: [^:]*: //p' "$work/text.out")
	json_run "summary as the text's" 0 '.ok and .exit.status == 0 and
		.error == null and (.functions | length) == .summary.functions and
		([.functions[] | select(.ok | not)] == []) and
		"\(.summary.functions) functions, \(.summary.hit) hit (\(.summary.never_hit) never), \(.summary.hits) hits, \(.summary.parameters_checked) parameters checked, \(.summary.parameters_unchecked) unchecked, \(.summary.mismatches) mismatches, \(.summary.hits_without_capture) hits without a capture" == "'"$text"'"' \
		--json "$work/basic-1"
	json_run "-q: no function that passed" 0 '.ok and .functions == [] and
		.summary.functions > 0' --json -q "$work/basic-1"
	if [ -n "$basic_spoilt" ]; then
		json_run "spoilt record of $basic_spoilt" 1 '(.ok | not) and
			[.functions[] | select(.ok | not) | .symbol] == ["'"$basic_spoilt"'"] and
			(.functions[] | select(.symbol == "'"$basic_spoilt"'") |
			 .mismatches > 0 and (.notes[0] | test("expected .*, found")))' \
			--json "$work/basic-1.spoilt"
	fi
fi

echo "verify ($cc): $passed passed, $failed failed, $unsupported unsupported" |
	tee "$build/results/verify"
[ "$failed" -eq 0 ]
