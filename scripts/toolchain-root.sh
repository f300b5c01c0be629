#!/bin/sh
# toolchain-root.sh: the Debian sid root in which truesig is built and
# tested with a GCC this system does not have (GCC 13 to 16 on Debian 12).
#
#   toolchain-root.sh needed CC    exit 0 when CC (gcc-N, or a cross
#                                  compiler TRIPLET-gcc-N) must come from
#                                  the root: not installed here, and no
#                                  package of this system's provides it
#   toolchain-root.sh exec CMD...  run CMD inside the root, in this
#                                  checkout (made first when missing)
#   toolchain-root.sh create       make the root (nothing when it exists)
#   toolchain-root.sh refresh      apt-get update and upgrade inside it
#   toolchain-root.sh remove       delete it
#   toolchain-root.sh path         print where it is
#
# The root is made once by debootstrap (--variant=minbase, plus make) from
# the Debian archive this system's apt uses (or TRUESIG_MIRROR), at
# TRUESIG_ROOT (default /var/cache/truesig/sid-ARCH).  The compilers and
# libraries come later from the project's own dependency step (deps.sh),
# run inside it by `make`, so the root gets what a native sid system would.
# A command runs in a private mount namespace: /proc, /sys, /dev and this
# checkout (at the same path) are mounted inside for as long as it runs.
# Everything needs root; otherwise the exact command is printed.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
arch=$(dpkg --print-architecture 2>/dev/null || uname -m)
root=${TRUESIG_ROOT:-/var/cache/truesig/sid-$arch}
stamp=$root/.truesig-root
suite=sid

die() { echo "toolchain-root: $*" >&2; exit 1; }

need_root_user() {
	[ "$(id -u)" -eq 0 ] && return 0
	echo "toolchain-root: the $suite root needs root (debootstrap, chroot, mounts); run:" >&2
	echo "  sudo $*" >&2
	exit 1
}

# The Debian archive this system's apt reads from (not its security or
# updates suites).
mirror() {
	[ -n "${TRUESIG_MIRROR:-}" ] && { echo "$TRUESIG_MIRROR"; return; }
	apt-get indextargets --format '$(ORIGIN) $(CODENAME) $(REPO_URI)' 2>/dev/null |
		awk '$1 == "Debian" && $2 !~ /-/ { print $3; exit }'
}

check_root() {
	[ -f "$stamp" ] || die "$root exists but was not made by this script (no $stamp); remove it or set TRUESIG_ROOT"
	made_for=$(sed -n 's/^arch //p' "$stamp")
	[ "$made_for" = "$arch" ] ||
		die "$root was made for ${made_for:-an unknown architecture}, this machine is $arch; remove it (make toolchain-root-remove) or set TRUESIG_ROOT"
}

create() {
	if [ -e "$root" ]; then
		check_root
		return 0
	fi
	need_root_user make toolchain-root
	if ! command -v debootstrap >/dev/null 2>&1; then
		echo "toolchain-root: installing debootstrap"
		# Wait for another apt (scripts/deps.sh, the system's upgrades)
		# rather than fail on its lock.
		lock="-o DPkg::Lock::Timeout=600"
		DEBIAN_FRONTEND=noninteractive apt-get install $lock -y -q debootstrap >/dev/null 2>&1 || {
			apt-get update $lock -q >/dev/null 2>&1
			DEBIAN_FRONTEND=noninteractive apt-get install $lock -y -q debootstrap >/dev/null
		} || die "cannot install debootstrap (apt-get install debootstrap failed)"
	fi
	url=$(mirror)
	[ -n "$url" ] || die "no Debian archive in this system's apt sources; set TRUESIG_MIRROR"
	tmp=$root.new
	rm -rf "$tmp"
	mkdir -p "$(dirname "$root")"
	log=$(dirname "$root")/debootstrap-$suite-$arch.log
	echo "toolchain-root: debootstrap $suite ($arch) from $url into $root (log: $log)"
	if ! debootstrap --variant=minbase --include=make,ca-certificates \
			"$suite" "$tmp" "$url" >"$log" 2>&1; then
		tail -n 5 "$log" >&2
		rm -rf "$tmp"
		die "debootstrap of Debian $suite from $url failed (see $log)"
	fi
	# sid's Release files outlive their Valid-Until on a mirror that is
	# a few weeks old; the packages are still signed.
	cat >"$tmp/etc/apt/apt.conf.d/99truesig" <<-EOF
	Acquire::Check-Valid-Until "false";
	EOF
	printf 'arch %s\nsuite %s\nmirror %s\nmade %s\n' "$arch" "$suite" "$url" \
		"$(date -u +%Y-%m-%dT%H:%M:%SZ)" >"$tmp/.truesig-root"
	mv "$tmp" "$root"
}

# Inside a new mount namespace (see exec): mount, then chroot.
enter() {
	mount -t proc proc "$root/proc"
	mount --rbind /sys "$root/sys"
	mount --rbind /dev "$root/dev"
	cp -L /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
	mkdir -p "$root$top"
	mount --bind "$top" "$root$top"
	cd /
	exec chroot "$root" /usr/bin/env \
		PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		HOME=/root TRUESIG_IN_ROOT=1 \
		/bin/sh -c 'cd "$1" && shift && exec "$@"' sh "$PWD_OUTSIDE" "$@"
}

cmd=${1:-}
[ $# -gt 0 ] && shift
case $cmd in
needed)
	cc=${1:?usage: toolchain-root.sh needed CC}
	[ -z "${TRUESIG_IN_ROOT:-}" ] || exit 1
	command -v "$cc" >/dev/null 2>&1 && exit 1
	# The package that provides it: gcc-N, or gcc-N-TRIPLET for TRIPLET-gcc-N.
	case $cc in
	gcc-[0-9]*) pkg=$cc ;;
	*-linux-gnu*-gcc-[0-9]*) pkg=gcc-${cc##*-gcc-}-${cc%-gcc-*} ;;
	*) exit 1 ;;
	esac
	# A package of this system provides it: deps.sh installs it here.
	[ -n "$(apt-cache policy "$pkg" 2>/dev/null | sed -n 's/^ *Candidate: *//p' |
		grep -v '(none)')" ] && exit 1
	exit 0
	;;
create)
	create
	;;
exec)
	[ $# -gt 0 ] || die "usage: toolchain-root.sh exec CMD..."
	need_root_user "$0" exec "$@"
	create
	case $PWD/ in
	"$top"/*) ;;
	*) die "run it inside the checkout ($top), not $PWD" ;;
	esac
	PWD_OUTSIDE=$PWD exec unshare --mount --propagation private \
		"$0" _enter "$@"
	;;
_enter)
	enter "$@"
	;;
refresh)
	need_root_user "$0" refresh
	check_root
	PWD_OUTSIDE=$top unshare --mount --propagation private "$0" _enter \
		sh -c 'apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get upgrade -y -q'
	;;
remove)
	[ -e "$root" ] || exit 0
	need_root_user "$0" remove
	check_root
	rm -rf "$root"
	echo "toolchain-root: removed $root"
	;;
path)
	echo "$root"
	;;
*)
	sed -n '2,/^$/s/^# \{0,1\}//p' "$0" >&2
	exit 2
	;;
esac
