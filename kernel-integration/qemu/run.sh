#!/bin/sh
# run.sh KBUILD_OBJ WORK: boot the kernel built in KBUILD_OBJ under
# qemu-system-x86_64, or qemu-system-aarch64's virt machine for an arm64
# kernel (software emulation unless QEMU_ACCEL says otherwise), with an
# initramfs whose /init is fentry-test.c: it loads
# the modules that have records (after those they depend on), attaches
# fentry.bpf.c's programs to clone functions through the BTF truesig
# made, and checks what they read; then source-test.c attaches
# source.bpf.c's, written against functions as written, to every
# function that stands for each, through libtruesig.
#
# WORK receives vmlinux.h, the BPF object, the initramfs and the console
# log (console.log).  Prints the test's lines and the kernel's BTF
# messages; exits 0 only when the test printed "qemu-fentry: PASS" and
# the kernel logged no BTF error.
set -eu
if [ $# -ne 2 ]; then
	echo "usage: $0 KBUILD_OBJ WORK" >&2
	exit 2
fi
kobj=$(cd "$1" && pwd)
mkdir -p "$2"
work=$(cd "$2" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
# The kernel's architecture (its .config); /init is built by CC, the
# compiler of the kernel, when that is a cross compiler.
if grep -q '^CONFIG_ARM64=y' "$kobj/.config"; then
	arch=arm64 bpf_arch=arm64 triplet=aarch64-linux-gnu
	cc=${CC:?run.sh: an arm64 kernel needs CC, its cross compiler}
	image=$kobj/arch/arm64/boot/Image
else
	arch=x86_64 bpf_arch=x86 triplet=
	cc=${HOSTCC:-${CC:-gcc}}
	image=$kobj/arch/x86/boot/bzImage
fi

# The BPF programs, against the types of this kernel's BTF: fentry.bpf.c
# written for the clones' true prototypes, source.bpf.c against the
# functions as written (<truesig/truesig_bpf.h>).
bpftool btf dump file "$kobj/vmlinux" format c >"$work/vmlinux.h"
for prog in fentry source; do
	clang -g -O2 -target bpf -fms-extensions -Wno-microsoft-anon-tag -D__TARGET_ARCH_$bpf_arch \
		-I"$work" -I"$here" -I"$top/include" \
		-c "$here/$prog.bpf.c" -o "$work/$prog.bpf.o"
	bpftool gen skeleton "$work/$prog.bpf.o" name "${prog}_bpf" >"$work/$prog.skel.h"
done

# /init: static, with libtruesig (the one of the tool TRUESIG names, built
# beside it; for another architecture, compiled here from merge/lib by CC)
# and libbpf (Debian's libbpf-dev, libelf-dev and zlib1g-dev ship the
# static libraries, of a foreign architecture too; a newer libelf also
# wants zstd's).
if [ -z "$triplet" ]; then
	libtruesig=$(dirname "${TRUESIG:-$top/build/truesig}")/lib/libtruesig.a
	[ -f "$libtruesig" ] || { echo "run.sh: no $libtruesig (make it first)" >&2; exit 1; }
	libs=$(pkg-config --static --libs libbpf)
else
	libtruesig=$work/libtruesig-$arch/libtruesig.a
	rm -rf "$work/libtruesig-$arch"
	mkdir -p "$work/libtruesig-$arch"
	for c in "$top"/merge/lib/*.c; do
		o=$work/libtruesig-$arch/$(basename "$c" .c).o
		$cc -std=gnu11 -O2 -Wall -Wextra -Werror -I"$top/include" \
			-I"$top/merge/lib" -c -o "$o" "$c"
	done
	"$triplet-ar" rcs "$libtruesig" "$work/libtruesig-$arch"/*.o
	pcdir=/usr/lib/$triplet/pkgconfig
	[ -f "$pcdir/libbpf.pc" ] || {
		echo "run.sh: no $pcdir/libbpf.pc (libbpf-dev of $arch: scripts/deps.sh $cc kernel)" >&2
		exit 1
	}
	libs=$(PKG_CONFIG_LIBDIR=$pcdir pkg-config --static --libs libbpf)
fi
# shellcheck disable=SC2086
$cc -static -O2 -Wall -Wextra -Werror -I"$work" -I"$here" -I"$top/include" \
	-o "$work/init" "$here/fentry-test.c" "$here/source-test.c" \
	"$libtruesig" $libs

rm -rf "$work/root"
mkdir -p "$work/root/proc" "$work/root/sys" "$work/root/dev"
cp "$work/init" "$work/root/init"
# The modules /init loads (the list /modules): each that has records,
# after those it depends on (its .modinfo's depends=).
(cd "$kobj" && find . -name '*.ko' | sort) >"$work/ko.list"
: >"$work/root/modules"
add_module() {	# add_module NAME: NAME and what it depends on, once
	# $2: the module's path (positional parameters are the function's own).
	set -- "$1" "$(awk -v m="$1" '{ n = $0; sub(/.*\//, "", n); sub(/\.ko$/, "", n)
		gsub(/-/, "_", n); if (n == m) { print; exit } }' "$work/ko.list")"
	[ -n "$2" ] || { echo "run.sh: module $1 was not built" >&2; exit 1; }
	grep -qx "/${2##*/}" "$work/root/modules" && return 0
	# (objcopy of binutils 2.45 writes no output to a pipe: a file.)
	${triplet:+$triplet-}objcopy -O binary --only-section=.modinfo "$kobj/$2" "$work/modinfo"
	for dep in $(tr '\0' '\n' <"$work/modinfo" | sed -n 's/^depends=//p' | tr ',' ' '); do
		add_module "$(echo "$dep" | tr '-' '_')"
	done
	cp "$kobj/$2" "$work/root/"
	echo "/${2##*/}" >>"$work/root/modules"
}
while read -r ko; do
	readelf -SW "$kobj/$ko" | grep -qE ' \.(debug_)?truesig ' || continue
	name=${ko##*/}
	add_module "$(echo "${name%.ko}" | tr '-' '_')"
done <"$work/ko.list"
# bpftrace too, where this machine has it and the kernel is of this
# machine's architecture: the program `truesig find --bpftrace' writes for
# this kernel, bpftrace, /bin/sh and every library they load (some 200
# MB: the guest gets more memory).
mem=512
bt=
[ "$arch" != "$(uname -m)" ] || bt=$(command -v bpftrace || true)
if [ -n "$bt" ]; then
	mkdir -p "$work/root/bpftrace" "$work/root/usr/bin"
	"${TRUESIG:-$top/build/truesig}" find --btf "$kobj/vmlinux" --bpftrace \
		do_sigaltstack >"$work/root/bpftrace/sigaltstack.bt"
	cp -L "$bt" "$work/root/usr/bin/bpftrace"
	# bpftrace runs commands through popen(): /bin/sh too.
	mkdir -p "$work/root/bin"
	cp -L /bin/sh "$work/root/bin/sh"
	for lib in $(ldd "$bt" /bin/sh | awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^\// && $i !~ /:$/) print $i }' | sort -u); do
		mkdir -p "$work/root$(dirname "$lib")"
		cp -L "$lib" "$work/root$lib"
	done
	mem=2048
fi
(cd "$work/root" && find . | cpio -o -H newc --quiet) | gzip >"$work/initramfs.gz"

if [ "$arch" = arm64 ]; then
	set -- qemu-system-aarch64 -machine virt -cpu cortex-a72
	console=ttyAMA0
else
	set -- qemu-system-x86_64
	console=ttyS0
fi
timeout "${QEMU_TIMEOUT:-600}" "$@" -accel "${QEMU_ACCEL:-tcg}" \
	-m "$mem" -nographic -no-reboot -serial mon:stdio -display none \
	-kernel "$image" -initrd "$work/initramfs.gz" \
	-append "console=$console panic=-1" </dev/null \
	>"$work/console.log" 2>&1 || true
tr -d '\r' <"$work/console.log" >"$work/console.txt"

grep -E '^(fentry|module|vmlinux|qemu-fentry|qemu-source-name|source-name|qemu-bpftrace|libbpf)|BTF|btf' "$work/console.txt" || true
if grep -iE 'btf.*(error|invalid|fail)|(error|invalid|fail).*btf' "$work/console.txt" |
	grep -v '^fentry' >/dev/null; then
	echo "run.sh: the kernel logged a BTF error (console: $work/console.txt)"
	exit 1
fi
grep -q '^qemu-fentry: PASS$' "$work/console.txt"
