#!/bin/sh
# run-all.sh [KERNEL_WORK]: every benchmark, in one run, on this machine
# (`make bench').  KERNEL_WORK (default build/kernel) holds the kernel
# builds of kernel-integration/build-and-check.sh; the ones missing are
# built first: `plain' (no plugin) gives the files of compile-overhead.sh,
# `with' (the plugin on the no-patch path, pahole's BTF) the vmlinux of
# btf-vs-pahole.sh and compare-vs-pahole.sh.
#
# Environment: CC (gcc-12), COMPILE_ROUNDS (the ROUNDS of
# compile-overhead.sh, default 3), and what each benchmark takes.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$top/build/kernel}
cc=${CC:-gcc-12}
export CC="$cc"
mkdir -p "$work"
work=$(cd "$work" && pwd)

echo "== machine"
echo "$(nproc) CPUs ($(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)),"\
	"$(awk '/^MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo) memory,"\
	"Linux $(uname -r); $("$cc" --version | head -n 1); pahole $(pahole --version)"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"

kernel() {	# kernel NAME [build-kernel.sh options]: build once
	name=$1
	shift
	[ -f "$work/$name/obj/vmlinux" ] ||
		"$top/kernel-integration/build-kernel.sh" "$@" "$work/$name"
}
kernel plain
kernel with --plugin "$top/build/truesig.so"

echo
echo "== 1. compile time and memory: the plugin on kernel files (lib kernel net/core)"
ROUNDS=${COMPILE_ROUNDS:-3} "$top/bench/compile-overhead.sh" "$work/plain/obj"

echo
echo "== 1b. where the added memory is: by mapping, every 10th of those files"
"$top/bench/plugin-memory.sh" "$work/plain/obj"

echo
echo "== 2. truesig btf next to pahole -J, on vmlinux"
"$top/bench/btf-vs-pahole.sh" "$work/with/obj/vmlinux"

echo
echo "== 2b. truesig btf on 1k, 10k and 100k records"
"$top/bench/btf-scaling.sh"

if [ -x "$top/bench/compare-vs-pahole.sh" ]; then
	echo
	echo "== 3. truesig compare next to pahole's DWARF loading, on vmlinux"
	"$top/bench/compare-vs-pahole.sh" "$work/with/obj/vmlinux"
fi

echo
echo "== 3b. truesig find --running, on this machine's kernel"
"$top/bench/find-running.sh" || echo "(not run: see above)"

echo
echo "== 4. size"
"$top/bench/size.sh" "$work/with/obj/vmlinux"
