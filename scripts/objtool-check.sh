#!/bin/sh
# objtool-check.sh CC BUILD: the kernel's objtool on objects built with and
# without the plugin, in the kernel's x86-64 style with indirect branch
# tracking, retpolines and return thunks (make check-objtool).
#
# objtool takes a relocation from a non-code section to a function for an
# address-taken function: it warns "data relocation to !ENDBR" when the
# function has no ENDBR, and keeps the ENDBR of one that has from being
# sealed.  The records' section is a .debug section, which objtool leaves
# alone.  For each program of testsuite/objtool/ at -O2, with the plugin
# recording its changed functions and (-all) every function:
#   - objtool prints the same with and without the plugin (nothing caused
#     by the records) and exits 0 with --werror where it did without;
#   - what objtool writes (.ibt_endbr_seal, .retpoline_sites,
#     .return_sites, .call_sites) and the code are the same
#     (compare-code.sh over the objects objtool processed);
# and, as the controls that show the check can fail, the same records in
# a section named .truesig (older plugins) make objtool warn, and (-all)
# change the ENDBRs it seals.
#
# objtool is built from the kernel source this system has
# (/usr/src/linux-source-N.tar.xz, or KERNEL_SRC) into BUILD/objtool.
# Prints PASS:/FAIL: lines and "objtool: N passed, M failed".
set -u
cc=$1 build=$2
top=$(cd "$(dirname "$0")/.." && pwd)
work=$build/objtool
mkdir -p "$work"
work=$(cd "$work" && pwd)
plugin=$top/$build/truesig.so
[ -f "$plugin" ] || plugin=$build/truesig.so

mkdir -p "$build/results"
die() {
	echo "objtool-check: $*" >&2
	echo "objtool: 0 passed, 1 failed" | tee "$build/results/objtool"
	exit 1
}

src=${KERNEL_SRC:-$(ls /usr/src/linux-source-*.tar.xz 2>/dev/null | sort -V | head -n 1)}
[ -n "$src" ] && [ -f "$src" ] ||
	die "no kernel source for objtool (/usr/src/linux-source-N.tar.xz; make deps installs linux-source-6.1, or set KERNEL_SRC)"
tool=$work/$(basename "$src" .tar.xz)/tools/objtool/objtool
if [ ! -x "$tool" ]; then
	echo "objtool-check: building objtool from $src"
	tar -C "$work" -xf "$src" --wildcards '*/tools/*' ||
		die "cannot extract tools/ from $src"
	make -s -C "$(dirname "$tool")" CC="${HOSTCC:-$cc}" HOSTCC="${HOSTCC:-$cc}" \
		HOSTLD=ld HOSTAR=ar >"$work/build.log" 2>&1 ||
		die "objtool does not build (see $work/build.log)"
fi

# The kernel's x86-64 code generation flags that matter to objtool.
kflags="-O2 -fcf-protection=branch -mindirect-branch=thunk-extern
-mfunction-return=thunk-extern -mindirect-branch-register -fno-jump-tables
-fno-asynchronous-unwind-tables -mcmodel=kernel -mno-red-zone -fno-pic
-fno-stack-protector -ffreestanding"
oflags="--ibt --retpoline --rethunk --link"

passed=0 failed=0
pass() { echo "PASS: $*"; passed=$((passed + 1)); }
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }

# objtool OBJ: run objtool on a copy (OBJ.ot.o); its output in OBJ.log,
# its status in OBJ.status.
objtool() {
	cp "$1" "$1.ot.o"
	# shellcheck disable=SC2086
	"$tool" $oflags "$1.ot.o" >"$1.log" 2>&1
	echo $? >"$1.status"
}

for c in "$top"/testsuite/objtool/*.c; do
	name=$(basename "$c" .c)
	# shellcheck disable=SC2086
	if ! "$cc" $kflags -c "$c" -o "$work/$name.plain.o" ||
	   ! "$cc" $kflags -fplugin="$plugin" -c "$c" -o "$work/$name.with.o" ||
	   ! "$cc" $kflags -fplugin="$plugin" -fplugin-arg-truesig-all \
		-c "$c" -o "$work/$name.all.o"; then
		fail "$name: does not compile"
		continue
	fi
	for v in with all; do
		objcopy --rename-section .debug_truesig=.truesig \
			--rename-section .rela.debug_truesig=.rela.truesig \
			"$work/$name.$v.o" "$work/$name.old-$v.o"
	done
	for v in plain with all old-with old-all; do
		objtool "$work/$name.$v.o"
	done
	if ! readelf -SW "$work/$name.with.o" | grep -q ' \.debug_truesig '; then
		fail "$name: no records (the program must have clones)"
		continue
	fi
	for v in with all; do
		if cmp -s "$work/$name.$v.o.status" "$work/$name.plain.o.status" &&
		   [ "$(sed "s/\.$v\./.X./g" "$work/$name.$v.o.log")" = \
		     "$(sed "s/\.plain\./.X./g" "$work/$name.plain.o.log")" ]; then
			pass "$name ($v): objtool says the same with and without the records"
		else
			fail "$name ($v): objtool says: $(head -n 3 "$work/$name.$v.o.log")"
		fi
		if sh "$top/scripts/compare-code.sh" "$work/$name.$v.o.ot.o" \
			"$work/$name.plain.o.ot.o" 2>"$work/$name.$v.cmp"; then
			pass "$name ($v): objtool's sections and the code are the same"
		else
			fail "$name ($v): after objtool: $(cat "$work/$name.$v.cmp")"
		fi
	done
	if grep -q 'data relocation to !ENDBR' "$work/$name.old-with.o.log"; then
		pass "$name: control: the records named .truesig make objtool warn"
	else
		fail "$name: control: objtool took no notice of the records named .truesig: $(head -n 3 "$work/$name.old-with.o.log")"
	fi
	if ! sh "$top/scripts/compare-code.sh" "$work/$name.old-all.o.ot.o" \
		"$work/$name.plain.o.ot.o" 2>/dev/null; then
		pass "$name: control: named .truesig, records of functions with an ENDBR change what objtool seals"
	else
		fail "$name: control: named .truesig, the records of every function changed nothing objtool wrote"
	fi
done
echo "objtool: $passed passed, $failed failed" | tee "$build/results/objtool"
[ "$failed" -eq 0 ]
