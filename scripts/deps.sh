#!/bin/sh
# deps.sh CC [kernel|gcc-ipa|objtool]: install the Debian packages truesig
# needs for compiler CC (e.g. gcc, gcc-11, gcc-15, or a cross compiler
# aarch64-linux-gnu-gcc-12, s390x-..., riscv64-...); with "kernel", also
# those of the kernel checks (the source of Linux $KERNEL, default 6.1,
# build tools, QEMU, clang for BPF programs); with "gcc-ipa", the source of
# CC's own version (its gcc.dg/ipa tests); with "objtool", a kernel source
# to build objtool from (linux-source-6.1, or the one this release has).
# As root: installs what is missing.  Otherwise: prints the apt-get line and fails.
#
# Works on any Debian release that has the compiler (Debian 12: GCC 11 and
# 12; sid: 11 to 16).  Packages a release may lack are optional: the
# multilib of CC (the -m32 tests say UNSUPPORTED without it) and the GCC
# source package whose c-torture tests the sweep compiles (gcc-N-source of
# CC's version, else any gcc-N-source there is; without one the sweep says
# it is skipped).
set -eu
cc=${1:-gcc}
ver=$("$cc" -dumpversion 2>/dev/null | cut -d. -f1) || ver=
[ -n "$ver" ] || ver=$(echo "$cc" | sed -n 's/.*gcc-\([0-9][0-9]*\).*/\1/p')
[ -n "$ver" ] || { echo "deps: cannot tell the version of '$cc'" >&2; exit 1; }

# A cross compiler (aarch64-linux-gnu-gcc-12): its plugin headers and C
# library; the plugin is built by the host's g++ of the same version and
# the tool by the host's gcc; qemu-user runs the target's programs.
triplet=$(echo "$cc" | sed -n 's|.*/||; s/^\(.*-linux-gnu[a-z]*\)-gcc.*/\1/p')
if [ -n "$triplet" ]; then
	case $triplet in
	aarch64-*) debarch=arm64 ;;
	s390x-*) debarch=s390x ;;
	riscv64-*) debarch=riscv64 ;;
	*) echo "deps: no cross target '$triplet' (aarch64, s390x and riscv64 are)" >&2
	   exit 1 ;;
	esac
	pkgs="gcc-$ver-$triplet gcc-$ver-plugin-dev-$triplet libc6-dev-$debarch-cross
binutils-$triplet gcc g++-$ver qemu-user"
else
	pkgs="gcc-$ver g++-$ver gcc-$ver-plugin-dev"
fi
pkgs="$pkgs libelf-dev libdw-dev elfutils
libbpf-dev pkg-config dejagnu jq bpftool dwarves binutils make xz-utils clang"
[ "${2:-}" = kernel ] && pkgs="$pkgs linux-source-${KERNEL:-6.1} bc bison flex
libssl-dev zlib1g-dev cpio xz-utils time qemu-system-x86 clang llvm bpftrace"
[ "${2:-}" = gcc-ipa ] && pkgs="$pkgs gcc-$ver-source"
# Whether this system's package lists know a package (after an update
# when they know nothing yet: a new root or container).
known() {
	[ -n "$(apt-cache policy "$1" 2>/dev/null | sed -n 's/^ *Candidate: *//p' |
		grep -v '(none)')" ]
}
# Update the package lists once (as root); again after the sources
# changed (lists_fresh= first).  Another apt may hold the lock a while.
lists_fresh=
refresh_lists() {
	[ -z "$lists_fresh" ] && [ "$(id -u)" -eq 0 ] || return 0
	apt-get update -o DPkg::Lock::Timeout=600 -q >/dev/null || true
	lists_fresh=1
}

# A cross-built kernel (ARCH=arm64): QEMU for that machine, and the
# target's libraries that the initramfs's /init links statically, as
# packages of a foreign architecture (Debian's multiarch).
if [ "${2:-}" = kernel ] && [ -n "$triplet" ]; then
	case $debarch in
	arm64) ;;
	*) echo "deps: no kernel check for $debarch (arm64 has one)" >&2; exit 1 ;;
	esac
	pkgs="$pkgs qemu-system-arm libbpf-dev:$debarch libelf-dev:$debarch
zlib1g-dev:$debarch libzstd-dev:$debarch"
	if ! dpkg --print-foreign-architectures | grep -qx "$debarch"; then
		if [ "$(id -u)" -ne 0 ]; then
			echo "truesig's $debarch kernel check needs packages of that architecture; run as root:" >&2
			echo "  dpkg --add-architecture $debarch && apt-get update" >&2
			exit 1
		fi
		echo "deps: adding the $debarch architecture (dpkg --add-architecture)"
		dpkg --add-architecture "$debarch"
		refresh_lists
	fi
fi

# Whether a package is installed: PKG of this system's architecture (or
# of all), PKG:ARCH of ARCH (a foreign one, after dpkg --add-architecture).
native=$(dpkg --print-architecture)
installed() {
	case $1 in
	*:*) dpkg-query -W -f='${db:Status-Status}\n' "$1" 2>/dev/null | grep -qx installed ;;
	*) dpkg-query -W -f='${Architecture} ${db:Status-Status}\n' "$1" 2>/dev/null |
		grep -qE "^($native|all) installed$" ;;
	esac
}

missing=
for p in $pkgs; do
	installed "$p" || missing="$missing $p"
done

# Optional packages: what this release offers.
multilib=gcc-$ver-multilib
case $native in amd64) ;; *) multilib= ;; esac
[ -z "$triplet" ] || multilib=
torture_src=
for p in gcc-$ver-source $(ls -d /usr/src/gcc-[0-9]* 2>/dev/null |
		sed 's|.*/gcc-|gcc-|; s|$|-source|'); do
	installed "$p" && { torture_src=$p; break; }
done
if [ -n "$multilib" ] && ! installed "$multilib"; then
	known "$multilib" || refresh_lists
	if known "$multilib"; then
		missing="$missing $multilib"
	else
		echo "deps: this system has no $multilib: the -m32 tests will say UNSUPPORTED" >&2
	fi
fi
if [ -z "$torture_src" ]; then
	known "gcc-$ver-source" || refresh_lists
	for p in gcc-$ver-source gcc-16-source gcc-15-source gcc-14-source \
			gcc-13-source gcc-12-source gcc-11-source; do
		known "$p" && { torture_src=$p; missing="$missing $p"; break; }
	done
	[ -n "$torture_src" ] ||
		echo "deps: this system has no gcc-N-source: the c-torture sweep will be skipped" >&2
fi
if [ "${2:-}" = objtool ]; then
	ksrc=
	for p in linux-source-6.1 linux-source-6.12 linux-source-7.2; do
		installed "$p" && { ksrc=$p; break; }
	done
	if [ -z "$ksrc" ]; then
		known linux-source-6.1 || refresh_lists
		for p in linux-source-6.1 linux-source-6.12 linux-source-7.2; do
			known "$p" && { ksrc=$p; missing="$missing $p"; break; }
		done
	fi
	if [ -z "$ksrc" ]; then
		echo "deps: this system has no linux-source-6.1, -6.12 or -7.2 to build objtool from" >&2
		exit 1
	fi
fi
# Linux 6.12 is Debian 13's (trixie): a newer release (the toolchain
# root's sid) takes that one package from trixie, from the same Debian
# archive, pinned below its own suite.
if [ "${2:-}" = kernel ] && [ "${KERNEL:-6.1}" = 6.12 ] &&
   ! installed linux-source-6.12; then
	known linux-source-6.12 || refresh_lists
	if ! known linux-source-6.12 && [ "$(id -u)" -eq 0 ]; then
		# The Debian archive apt reads from (not security or updates).
		url=$(apt-get indextargets --format '$(ORIGIN) $(CODENAME) $(REPO_URI)' 2>/dev/null |
			awk '$1 == "Debian" && $2 !~ /-/ { print $3; exit }')
		if [ -n "$url" ]; then
			echo "deps: taking linux-source-6.12 from trixie ($url)"
			echo "deb $url trixie main" >/etc/apt/sources.list.d/trixie.list
			printf 'Package: *\nPin: release n=trixie\nPin-Priority: 100\n' \
				>/etc/apt/preferences.d/trixie
			lists_fresh=
			refresh_lists
			known linux-source-6.12 || rm -f /etc/apt/sources.list.d/trixie.list \
				/etc/apt/preferences.d/trixie
		fi
	fi
	known linux-source-6.12 || {
		echo "deps: no linux-source-6.12 in this system's archives (Debian 13, trixie, has it;" \
			"tried: ${url:-no Debian archive among the sources of apt})" >&2
		exit 1
	}
fi
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
	echo "truesig needs these packages; run as root:" >&2
	echo "  apt-get install -y$missing" >&2
	exit 1
fi
echo "deps: installing$missing"
export DEBIAN_FRONTEND=noninteractive
# Another apt (a second make, the system's own upgrades) holds the lock
# for a while: wait for it rather than fail.
lock="-o DPkg::Lock::Timeout=600"
apt-get install $lock -y -q $missing >/dev/null 2>&1 || {
	apt-get update $lock -q >/dev/null
	apt-get install $lock -y -q $missing >/dev/null
} || {
	echo "deps: apt-get could not install:$missing" >&2
	exit 1
}
