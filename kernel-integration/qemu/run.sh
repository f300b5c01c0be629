#!/bin/sh
# run.sh KBUILD_OBJ WORK: boot the kernel built in KBUILD_OBJ under
# qemu-system-x86_64 (software emulation unless QEMU_ACCEL says
# otherwise) with an initramfs whose /init is fentry-test.c: it loads
# the modules that have records (after those they depend on), attaches
# fentry.bpf.c's programs to clone functions through the BTF truesig
# made, and checks what they read.
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
cc=${HOSTCC:-${CC:-gcc}}

# The BPF programs, against the types of this kernel's BTF.
bpftool btf dump file "$kobj/vmlinux" format c >"$work/vmlinux.h"
clang -g -O2 -target bpf -fms-extensions -Wno-microsoft-anon-tag -D__TARGET_ARCH_x86 -I"$work" -I"$here" \
	-c "$here/fentry.bpf.c" -o "$work/fentry.bpf.o"
bpftool gen skeleton "$work/fentry.bpf.o" name fentry_bpf >"$work/fentry.skel.h"

# /init: static, with libbpf (Debian's libbpf-dev, libelf-dev and
# zlib1g-dev ship the static libraries; a newer libelf also wants zstd's).
libs=$(pkg-config --static --libs libbpf)
# shellcheck disable=SC2086
$cc -static -O2 -Wall -Wextra -Werror -I"$work" -I"$here" \
	-o "$work/init" "$here/fentry-test.c" $libs

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
	for dep in $(objcopy -O binary --only-section=.modinfo "$kobj/$2" /dev/stdout |
		tr '\0' '\n' | sed -n 's/^depends=//p' | tr ',' ' '); do
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
(cd "$work/root" && find . | cpio -o -H newc --quiet) | gzip >"$work/initramfs.gz"

timeout "${QEMU_TIMEOUT:-600}" qemu-system-x86_64 -accel "${QEMU_ACCEL:-tcg}" \
	-m 512 -nographic -no-reboot -serial mon:stdio -display none \
	-kernel "$kobj/arch/x86/boot/bzImage" -initrd "$work/initramfs.gz" \
	-append "console=ttyS0 panic=-1" </dev/null \
	>"$work/console.log" 2>&1 || true
tr -d '\r' <"$work/console.log" >"$work/console.txt"

grep -E '^(fentry|module|vmlinux|qemu-fentry|libbpf)|BTF|btf' "$work/console.txt" || true
if grep -iE 'btf.*(error|invalid|fail)|(error|invalid|fail).*btf' "$work/console.txt" |
	grep -v '^fentry' >/dev/null; then
	echo "run.sh: the kernel logged a BTF error (console: $work/console.txt)"
	exit 1
fi
grep -q '^qemu-fentry: PASS$' "$work/console.txt"
