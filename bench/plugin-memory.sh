#!/bin/sh
# plugin-memory.sh KBUILD_OBJ [DIR...]: where the memory the plugin adds
# to a compile goes.  Each C object under the DIRs (default: lib kernel
# net/core) of a kernel build directory, every EVERYth one (default 10),
# is compiled with Kbuild's own command three ways: without a plugin, with
# a plugin that only registers an empty pass (minimal-plugin.cc), and with
# truesig.  When cc1 exits, its resident memory is read by mapping
# (/proc/self/smaps, through smaps-at-exit.c, preloaded) and summed per
# kind of mapping (cc1-symbol-tables: cc1's first, read-only segment:
# its ELF headers, .gnu.hash, .dynsym, .dynstr and relocations); the peak
# (maximum resident size) is summed too.
# Prints, per kind, the mean per compile of each way in KiB.
#
# Environment: CC (gcc-12; the compiler of the kernel build),
# TRUESIG_PLUGIN (default build/truesig.so of this tree), EVERY, TMPDIR.
set -eu

if [ $# -lt 1 ] || [ ! -d "$1" ]; then
	echo "usage: $0 KBUILD_OBJ [DIR...]" >&2
	exit 2
fi
kobj=$(cd "$1" && pwd)
shift
[ $# -gt 0 ] || set -- lib kernel net/core
top=$(cd "$(dirname "$0")/.." && pwd)
cc=${CC:-gcc-12}
plugin=$(realpath "${TRUESIG_PLUGIN:-$top/build/truesig.so}")
every=${EVERY:-10}
work=$(mktemp -d "${TMPDIR:-/tmp}/plugin-memory.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

"$cc" -std=gnu11 -O2 -Wall -Wextra -Werror -shared -fPIC \
	-o "$work/smaps-at-exit.so" "$top/bench/smaps-at-exit.c"
$(echo "$cc" | sed 's/gcc/g++/') -std=gnu++11 -fPIC -fno-rtti \
	-fno-exceptions -O2 -I"$("$cc" -print-file-name=plugin)/include" \
	-shared -nodefaultlibs -o "$work/minimal.so" \
	"$top/bench/minimal-plugin.cc" -lc -lgcc

cd "$kobj"
"$top/scripts/kbuild-commands.sh" "$kobj" "$every" "$@" >"$work/commands"
files=$(wc -l <"$work/commands")
[ "$files" -gt 0 ] || { echo "$0: no C objects under $* in $kobj" >&2; exit 1; }

# kinds SMAPS: "kind KiB" lines, the resident memory of one cc1 by kind.
kinds() {
	awk -v plugin="$plugin" -v minimal="$work/minimal.so" '
	/^[0-9a-f]+-[0-9a-f]+ / {
		path = $6
		if (path ~ /\/cc1$/ && $3 == "00000000")
			kind = "cc1-symbol-tables"
		else if (path ~ /\/cc1$/)
			kind = "cc1-code-and-data"
		else if (path == plugin || path == minimal)
			kind = "plugin-itself"
		else if (path ~ /\/smaps-at-exit\.so$/)
			kind = "measuring"
		else if (path ~ /\.so[.0-9]*$/)
			kind = "shared-libraries"
		else if (path == "" || path == "[heap]")
			kind = "anonymous"
		else
			kind = "other"
		next
	}
	/^Rss:/ { rss[kind] += $2 }
	END { for (k in rss) print k, rss[k] }' "$1"
}

run() {	# run WAY COMMAND: compile once, append "kind KiB" lines to WAY
	way=$1
	rm -f "$work"/smaps.*
	SMAPS_AT_EXIT_DIR=$work LD_PRELOAD=$work/smaps-at-exit.so \
		/usr/bin/time -f '%M' -o "$work/t" \
		sh -c "$2 -o $work/x.o" 2>"$work/err" || {
		tail -n 20 "$work/err" >&2
		echo "$0: failed: $2" >&2
		exit 1
	}
	set -- "$work"/smaps.*
	[ -f "$1" ] || { echo "$0: no cc1 smaps from: $2" >&2; exit 1; }
	kinds "$1" >>"$work/$way"
	echo "peak $(cat "$work/t")" >>"$work/$way"
}

: >"$work/none"
: >"$work/minimal"
: >"$work/truesig"
while read -r cmd; do
	run none "$cmd"
	run minimal "$cmd -fplugin=$work/minimal.so"
	run truesig "$cmd -fplugin=$plugin"
done <"$work/commands"

echo "plugin-memory: $files files of $* ($kobj); resident KiB per compile"
echo "when cc1 exits, by mapping, and the peak (mean of $files compiles)"
for k in cc1-symbol-tables cc1-code-and-data plugin-itself shared-libraries \
	anonymous other peak; do
	for way in none minimal truesig; do
		awk -v k="$k" -v n="$files" '$1 == k { s += $2 }
			END { printf "%.0f\n", s / n }' "$work/$way"
	done | paste -sd' ' | awk -v k="$k" '
		BEGIN { if (k == "cc1-symbol-tables") printf "%-19s %8s %8s %8s %9s %9s\n",
			"", "none", "minimal", "truesig", "minimal-", "truesig-" }
		{ printf "%-19s %8d %8d %8d %+9d %+9d\n", k, $1, $2, $3,
			$2 - $1, $3 - $1 }'
done
awk 'NR == FNR { if ($1 == "peak") a += $2; next }
	$1 == "peak" { b += $2 }
	END { printf "peak ratio truesig / none: %.4f\n", b / a }' \
	"$work/none" "$work/truesig"
awk 'NR == FNR { if ($1 == "peak") a += $2; if ($1 == "cc1-symbol-tables") sa += $2; next }
	$1 == "peak" { b += $2 } $1 == "cc1-symbol-tables" { sb += $2 }
	END { printf "peak ratio without cc1-symbol-tables: %.4f\n", (b - sb) / (a - sa) }' \
	"$work/none" "$work/truesig"
