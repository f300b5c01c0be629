#!/bin/sh
# deps.sh CC [kernel]: install the Debian packages truesig needs for
# compiler CC (e.g. gcc, gcc-11); with "kernel", also those of the kernel
# checks (kernel source and build tools, QEMU, clang for BPF programs).
# As root: installs what is missing.  Otherwise: prints the apt-get line and fails.
set -eu
cc=${1:-gcc}
ver=$("$cc" -dumpversion 2>/dev/null | cut -d. -f1) || ver=
[ -n "$ver" ] || ver=$(echo "$cc" | sed -n 's/.*gcc-\([0-9][0-9]*\).*/\1/p')
[ -n "$ver" ] || { echo "deps: cannot tell the version of '$cc'" >&2; exit 1; }

pkgs="gcc-$ver g++-$ver gcc-$ver-plugin-dev gcc-$ver-multilib libelf-dev libdw-dev
libbpf-dev pkg-config dejagnu jq bpftool dwarves binutils gcc-12-source"
[ "${2:-}" = kernel ] && pkgs="$pkgs linux-source-6.1 bc bison flex libssl-dev
zlib1g-dev cpio xz-utils time qemu-system-x86 clang llvm"

missing=
for p in $pkgs; do
	s=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null) || s=
	[ "$s" = installed ] || missing="$missing $p"
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
	echo "truesig needs these packages; run as root:" >&2
	echo "  apt-get install -y$missing" >&2
	exit 1
fi
echo "deps: installing$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -q $missing >/dev/null 2>&1 || {
	apt-get update -q >/dev/null
	apt-get install -y -q $missing >/dev/null
}
