#!/bin/sh
# find-running.sh [NAME...]: how long `truesig find --running NAME` takes
# on this machine's kernel (its /sys/kernel/btf: vmlinux and every loaded
# module), next to reading that BTF with bpftool and searching its text
# for the name (`bpftool btf dump file /sys/kernel/btf/vmlinux | grep`,
# what one does without truesig).  Each command runs ROUNDS times (default
# 11) after one run not counted; the median of each, and their ratio, in
# one run.  NAME defaults to a few functions of any kernel.
#
# Environment: TRUESIG (default build/truesig of this tree), ROUNDS.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
truesig=${TRUESIG:-$top/build/truesig}
rounds=${ROUNDS:-11}
btf=/sys/kernel/btf/vmlinux
[ $# -gt 0 ] || set -- schedule finish_task_switch do_sys_openat2

[ -r "$btf" ] || { echo "find-running: this kernel has no readable $btf" >&2; exit 1; }
command -v bpftool >/dev/null || { echo "find-running: bpftool is not installed" >&2; exit 1; }

# The median wall time of ROUNDS runs of a shell command, in milliseconds.
median_ms() {
	sh -c "$1" >/dev/null 2>&1 || true	# the run not counted
	i=0
	while [ "$i" -lt "$rounds" ]; do
		s=$(date +%s%N)
		sh -c "$1" >/dev/null 2>&1 || true
		e=$(date +%s%N)
		echo $(( (e - s) / 1000 ))
		i=$((i + 1))
	done | sort -n | awk '{ v[NR] = $1 } END { printf "%.1f", v[int((NR + 1) / 2)] / 1000 }'
}

types=$(bpftool btf dump file "$btf" | grep -c '^\[')
modules=$(find /sys/kernel/btf -mindepth 1 -maxdepth 1 ! -name vmlinux | wc -l)
echo "kernel $(uname -r): $types types in vmlinux's BTF ($(wc -c <"$btf") bytes), $modules modules with BTF; $rounds rounds"
printf '%-22s %14s %24s %8s\n' NAME "truesig find" "bpftool dump | grep" ratio
for name in "$@"; do
	a=$(median_ms "'$truesig' find --running '$name'")
	b=$(median_ms "bpftool btf dump file '$btf' | grep -F \"'$name'\"")
	printf '%-22s %11s ms %21s ms %8s\n' "$name" "$a" "$b" \
		"$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f", a / b }')"
done
