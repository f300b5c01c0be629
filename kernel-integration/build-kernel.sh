#!/bin/sh
# build-kernel.sh [--plugin PLUGIN [--patched TOOL]] OUT
#
# Build the small kernel the kernel checks use (x86-64, or arm64 when CC
# is an aarch64 cross compiler), from Debian's
# linux-source-$KERNEL (KERNEL: 6.1, the default, 6.12 or 7.2; or
# $KERNEL_SRC: a tarball or an unpacked tree), in the directory OUT: the
# source is unpacked in OUT/src, objects go to OUT/obj.
#
#   (no option)              without the plugin, for comparisons
#   --plugin PLUGIN          the no-patch path: KCFLAGS=-fplugin=PLUGIN
#   --plugin PLUGIN --patched TOOL
#                            the patches of patches-$KERNEL/ applied and
#                            CONFIG_DEBUG_INFO_BTF_TRUESIG on, with
#                            TRUESIG_PLUGIN=PLUGIN and TRUESIG=TOOL
#
# The config: tinyconfig, then what BPF tracing of the result needs (BPF
# syscall and JIT, BTF from DWARF 5, ftrace with direct calls, kprobes,
# modules, one of them ext2) and what booting it under QEMU with an
# initramfs needs (serial console, initrd, ELF binaries, devtmpfs, proc,
# sysfs), plus networking and the block layer for a realistic amount of
# code.  From 6.12 on, with indirect branch tracking and objtool's warnings
# as errors (X86_KERNEL_IBT, OBJTOOL_WERROR), as distributions build them.
# On arm64: the PL011 UART of QEMU's virt machine for the console, and -O2
# (CC_OPTIMIZE_FOR_PERFORMANCE): with GCC, arm64's ftrace calls BPF
# trampolines directly only then (DYNAMIC_FTRACE_WITH_CALL_OPS, from 6.4).
#
# KCONFIG=defconfig starts from the architecture's defconfig in place of
# tinyconfig (the scale run: the same options added).
#
# Environment: CC (default gcc-12; aarch64-linux-gnu-gcc-N cross-builds
# for arm64, with HOSTCC gcc-N), JOBS (default nproc), KERNEL, KCONFIG,
# KERNEL_SRC, HOSTCFLAGS (added to the host tools' flags, e.g.
# -Wno-error=discarded-qualifiers for 6.1 on a newer C library).
# The last line gives the build's user, system and elapsed seconds.
set -eu

usage() {
	echo "usage: $0 [--plugin PLUGIN [--patched TOOL]] OUT" >&2
	exit 2
}
plugin='' tool=''
while [ $# -gt 1 ]; do
	case $1 in
	--plugin) plugin=$(realpath "$2"); shift 2 ;;
	--patched) tool=$(realpath "$2"); shift 2 ;;
	*) usage ;;
	esac
done
[ $# -eq 1 ] || usage
[ -z "$tool" ] || [ -n "$plugin" ] || usage
out=$1
cc=${CC:-gcc-12}
# The kernel's architecture, told by the compiler's name.
triplet=$(echo "$cc" | sed -n 's|.*/||; s/^\(.*-linux-gnu[a-z]*\)-gcc.*/\1/p')
case $triplet in
''|x86_64-*) arch=x86_64 ;;
aarch64-*) arch=arm64 ;;
*) echo "$0: no kernel build for $triplet (x86_64 and aarch64 have one)" >&2; exit 2 ;;
esac
if [ -n "${ARCH:-}" ] && [ "$ARCH" != "$arch" ]; then
	echo "$0: ARCH=$ARCH, but $cc builds for $arch" >&2
	exit 2
fi
# Kbuild's own ARCH is x86 for x86-64 (its default); arm64's is given below.
unset ARCH
jobs=${JOBS:-$(nproc)}
kernel=${KERNEL:-6.1}
kconfig=${KCONFIG:-tinyconfig}
case $kconfig in
tinyconfig|defconfig) ;;
*) echo "$0: KCONFIG is tinyconfig or defconfig, not '$kconfig'" >&2; exit 2 ;;
esac
src=${KERNEL_SRC:-/usr/src/linux-source-$kernel.tar.xz}
here=$(cd "$(dirname "$0")" && pwd)
patches=$here/patches-$kernel
if [ -n "$tool" ] && ! ls "$patches"/*.patch >/dev/null 2>&1; then
	echo "$0: no patches for Linux $kernel ($patches)" >&2
	exit 2
fi

for f in $plugin $tool; do
	[ -f "$f" ] || { echo "$0: no $f" >&2; exit 2; }
done
mkdir -p "$out"
out=$(cd "$out" && pwd)

# The source, unpacked (and patched) once per OUT.
if [ ! -f "$out/src/Makefile" ]; then
	rm -rf "$out/src" "$out/src.tmp"
	mkdir -p "$out/src.tmp"
	if [ -d "$src" ]; then
		cp -a "$src/." "$out/src.tmp"
	elif [ -f "$src" ]; then
		tar -xf "$src" -C "$out/src.tmp" --strip-components=1
	else
		echo "$0: no kernel source at $src (apt-get install linux-source-$kernel)" >&2
		exit 2
	fi
	if [ -n "$tool" ]; then
		for p in "$patches"/*.patch; do
			patch -s -p1 -d "$out/src.tmp" <"$p" || {
				echo "$0: $(basename "$p") does not apply to $src" >&2
				exit 1
			}
		done
	fi
	mv "$out/src.tmp" "$out/src"
fi
# A source unpacked earlier must be the kernel asked for.
version=$(make -s -C "$out/src" kernelversion 2>/dev/null) || version=
case $version in
"$kernel".*) ;;
*)	echo "$0: $out/src holds Linux ${version:-of no known version}, not $kernel: remove $out" >&2
	exit 2 ;;
esac

if [ "$arch" = x86_64 ]; then
	set -- CC="$cc" HOSTCC="$cc"
	image=bzImage
else
	# The host's compiler of the same version (a root may have no "gcc").
	ver=$(echo "$cc" | sed -n 's/.*-gcc-\([0-9][0-9]*\)$/\1/p')
	set -- ARCH="$arch" CROSS_COMPILE="$triplet-" CC="$cc" HOSTCC="gcc${ver:+-$ver}"
	image=Image
fi
# Host tools: Linux 6.1's copy of libbpf (built for resolve_btfids) is
# -Werror, and a newer C library makes it warn (Debian sid's glibc 2.43:
# strchr of a const string returns a const pointer).
[ -n "${HOSTCFLAGS:-}" ] && set -- "$@" HOSTCFLAGS="$HOSTCFLAGS"
if [ -n "$tool" ]; then
	set -- "$@" TRUESIG="$tool" TRUESIG_PLUGIN="$plugin"
elif [ -n "$plugin" ]; then
	set -- "$@" KCFLAGS="-fplugin=$plugin"
fi

mkdir -p "$out/obj"
make -s -C "$out/src" O="$out/obj" "$@" "$kconfig" >/dev/null
"$out/src/scripts/config" --file "$out/obj/.config" \
	-e 64BIT -e PRINTK -e TTY \
	-e BLK_DEV_INITRD -e RD_GZIP -e BINFMT_ELF -e BINFMT_SCRIPT \
	-e DEVTMPFS -e DEVTMPFS_MOUNT -e PROC_FS -e SYSFS -e NET -e INET \
	-e BLOCK -e MODULES -e MODULE_UNLOAD -e MULTIUSER -e FUTEX \
	-m EXT2_FS \
	-e BPF_SYSCALL -e BPF_JIT -e BPF_JIT_ALWAYS_ON \
	-e DEBUG_KERNEL -e DEBUG_INFO -e DEBUG_INFO_DWARF5 \
	-d DEBUG_INFO_REDUCED -d DEBUG_INFO_SPLIT -e DEBUG_INFO_BTF \
	-e DEBUG_INFO_BTF_MODULES \
	-e FTRACE -e FUNCTION_TRACER -e DYNAMIC_FTRACE \
	-e DYNAMIC_FTRACE_WITH_DIRECT_CALLS -e KPROBES -e KPROBE_EVENTS \
	-e BPF_EVENTS -e PERF_EVENTS -e EPOLL
# (EPOLL: bpftrace, which the QEMU test runs where it can, polls its
# buffers with epoll.)  From 6.12 on also memfd_create(), without which a newer libbpf (1.7:
# the toolchain root's, that builds the QEMU test there) opens no object.
if [ "$arch" = x86_64 ]; then
	"$out/src/scripts/config" --file "$out/obj/.config" \
		-e SERIAL_8250 -e SERIAL_8250_CONSOLE
	[ "$kernel" = 6.1 ] || "$out/src/scripts/config" --file "$out/obj/.config" \
		-e X86_KERNEL_IBT -e OBJTOOL_WERROR -e MEMFD_CREATE
else
	"$out/src/scripts/config" --file "$out/obj/.config" \
		-e SERIAL_AMBA_PL011 -e SERIAL_AMBA_PL011_CONSOLE \
		-d CC_OPTIMIZE_FOR_SIZE -e CC_OPTIMIZE_FOR_PERFORMANCE \
		-e DYNAMIC_FTRACE_WITH_ARGS -e MEMFD_CREATE
fi
[ -z "$tool" ] || "$out/src/scripts/config" --file "$out/obj/.config" \
	-e DEBUG_INFO_BTF_TRUESIG
make -s -C "$out/src" O="$out/obj" "$@" olddefconfig 2>&1 |
	grep -v 'override: DEBUG_INFO_DWARF5 changes choice state' || true
if [ -n "$tool" ] && ! grep -q '^CONFIG_DEBUG_INFO_BTF_TRUESIG=y' "$out/obj/.config"; then
	echo "$0: CONFIG_DEBUG_INFO_BTF_TRUESIG did not stay on: $cc -fplugin=$plugin fails" >&2
	exit 1
fi

start=$(date +%s)
/usr/bin/time -f '%U %S' -o "$out/time" \
	make -s -C "$out/src" O="$out/obj" "$@" -j"$jobs" \
	vmlinux modules "$image" >"$out/build.log" 2>&1 || {
	tail -n 30 "$out/build.log" >&2
	echo "$0: the kernel build failed (log: $out/build.log)" >&2
	exit 1
}
end=$(date +%s)
read -r user sys <"$out/time"
echo "build-kernel: $out/obj: ${user}s user, ${sys}s system, $((end - start))s elapsed"
