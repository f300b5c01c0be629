#!/bin/sh
# build-and-check.sh [WORK]
#
# The kernel check (`make kernel-check`): build Linux $KERNEL (6.1, the
# default, 6.12 or 7.2; for x86-64, or for arm64 when CC is an aarch64
# cross compiler) from Debian's linux-source-$KERNEL twice with
# build-kernel.sh's small config (from 6.12 on with IBT and objtool's
# warnings as errors), once with the patches of patches-$KERNEL/ and the
# plugin, once without the plugin, in WORK (default build/kernel, or
# build/kernel-$KERNEL[-defconfig]); then report
#
#   - text symbols of vmlinux, clone symbols by kind, records;
#   - clone symbols without exactly one record (there must be none);
#   - for vmlinux and each module with records: clone functions with a true
#     prototype in the final BTF (check-btf.sh), each exception with its
#     reason; the same judgement of pahole's own BTF of the same vmlinux;
#   - pahole's `true_signature' BTF of the same vmlinux (pahole 1.32 or
#     later: this system's, else the toolchain root's) judged per clone
#     symbol by `truesig compare': right, wrong, missing ("not measured"
#     when no such pahole runs: a measurement, not a condition);
#   - objtool: any message of it ("objtool:") in either build's log ("not
#     used" where the kernel's config has no OBJTOOL: arm64);
#   - the size of .debug_truesig, and the BTF growth over pahole's BTF;
#   - the plugin's compile-time overhead: user time with / without;
#
# and boot the result under QEMU, where BPF programs attached with fentry
# and fexit to clone functions check the arguments they receive, and
# programs written against the functions as written are attached by
# libtruesig to every function that stands for each (qemu/run.sh).
#
# The last line is
#   kernel-check: R records, C/N clone functions with a true prototype in BTF, pahole true_signature A/B/M, objtool clean|N lines, qemu fentry PASS|FAIL, source-name attach PASS|FAIL
# and the exit status is 0 only when every clone function has a true
# prototype in BTF, every clone symbol has its record, objtool (where the
# kernel runs it) printed nothing and both QEMU tests passed.
#
# Environment: CC (default gcc-12), KERNEL, KCONFIG, JOBS, KERNEL_SRC (see
# build-kernel.sh); TRUESIG_PLUGIN and TRUESIG (default: build/truesig.so
# and build/truesig of this tree); REUSE=1 keeps builds already in WORK
# (their times are then those of the earlier build).
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
here=$top/kernel-integration
KERNEL=${KERNEL:-6.1}
KCONFIG=${KCONFIG:-tinyconfig}
export KERNEL KCONFIG
suffix=
[ "$KERNEL" = 6.1 ] || suffix=-$KERNEL
[ "$KCONFIG" = tinyconfig ] || suffix=$suffix-$KCONFIG
work=${1:-$top/build/kernel$suffix}
plugin=$(realpath "${TRUESIG_PLUGIN:-$top/build/truesig.so}")
truesig=$(realpath "${TRUESIG:-$top/build/truesig}")
export TRUESIG="$truesig"
mkdir -p "$work"
work=$(cd "$work" && pwd)
log=$work/kernel-check.log
: >"$log"

say() { echo "$*" | tee -a "$log"; }
elapsed() { echo "$(( $(date +%s) - $1 ))"; }
t0=$(date +%s)
case $(echo "${CC:-gcc-12}" | sed 's|.*/||') in
aarch64-*) arch=arm64 ;;
*) arch=x86_64 ;;
esac
# fentry on arm64 needs ftrace's direct calls, which arm64 has from Linux
# 6.4 (DYNAMIC_FTRACE_WITH_CALL_OPS); 6.1's BPF trampolines can be
# attached to BPF programs only (bpf_arch_text_poke refuses kernel text).
if [ "$arch" = arm64 ] && [ "$KERNEL" = 6.1 ]; then
	echo "kernel-check: Linux 6.1 cannot attach fentry programs to an arm64 kernel's functions (arm64 has ftrace direct calls from 6.4): use KERNEL=6.12 or KERNEL=7.2" >&2
	exit 2
fi
say "kernel-check: Linux $KERNEL for $arch, $("${CC:-gcc-12}" --version | head -n 1)"

# pahole_true_signature OUT VMLINUX: pahole's BTF with its true_signature
# feature (pahole 1.32 or later), from this system's pahole or else the
# toolchain root's (which needs VMLINUX and OUT inside this checkout).
pahole_true_signature() {
	set -- --btf_features=default,true_signature --btf_encode_detached="$1" "$2"
	if pahole --supported_btf_features 2>/dev/null | grep -q true_signature; then
		pahole "$@"
		return
	fi
	echo "this system's pahole $(pahole --version 2>/dev/null) has no true_signature"
	[ -z "${TRUESIG_IN_ROOT:-}" ] || return 1
	echo "the toolchain root's:"
	(cd "$top" && scripts/toolchain-root.sh exec sh -c \
		'scripts/deps.sh gcc-15 >/dev/null && pahole --version && pahole "$@"' sh "$@")
}

# ---- the two builds ----------------------------------------------------------
build() {	# build NAME [build-kernel.sh options]
	name=$1
	shift
	if [ "${REUSE:-0}" = 1 ] && [ -f "$work/$name/obj/vmlinux" ] &&
	   [ -f "$work/$name/time" ]; then
		say "kernel-check: $name: reusing $work/$name"
		return
	fi
	rm -rf "$work/$name/obj"
	t=$(date +%s)
	status=0
	"$here/build-kernel.sh" "$@" "$work/$name" >"$work/$name.out" 2>&1 || status=$?
	tee -a "$log" <"$work/$name.out"
	[ "$status" -eq 0 ] || { say "kernel-check: the $name build failed"; exit 1; }
	say "kernel-check: $name: built in $(elapsed "$t") s"
}
build patched --plugin "$plugin" --patched "$truesig"
build plain

obj=$work/patched/obj
vmlinux=$obj/vmlinux
modules=$(cd "$obj" && find . -name '*.ko' | sed 's|^\./||' | sort)

# ---- symbols and records -----------------------------------------------------
# Clone symbols: text symbols whose name carries .isra.N, .constprop.N or
# .part.N suffixes; their kind is the chain of suffixes (constprop+isra).
# .cold fragments are not entry points and are counted apart.  With
# CALL_PADDING (a defconfig's call-depth tracking, FineIBT) objtool marks
# each function's padding with a symbol __pfx_NAME: not a function.
text_symbols() {	# text_symbols ELF: nm's lines of its functions
	nm --defined-only "$1" | awk '$2 ~ /^[tT]$/ && $3 !~ /^__pfx_/'
}
clone_kinds() {	# clone_kinds ELF: "kind name" per clone symbol
	text_symbols "$1" | awk '{
		n = split($3, part, ".")
		kind = ""; cold = 0
		for (i = 2; i <= n; i++) {
			if (part[i] ~ /^cold/) cold = 1
			if (part[i] ~ /^(isra|constprop|part)$/ && part[i + 1] ~ /^[0-9]+$/)
				kind = kind (kind == "" ? "" : "+") part[i]
		}
		if (kind != "") print (cold ? "cold:" kind : kind), $3
	}'
}

text_syms=$(text_symbols "$vmlinux" | wc -l)
clone_kinds "$vmlinux" >"$work/clones"
for m in $modules; do clone_kinds "$obj/$m"; done >>"$work/clones"
grep -v '^cold:' "$work/clones" >"$work/clones.entry" || true
n_clones=$(wc -l <"$work/clones.entry")
n_cold=$(grep -c '^cold:' "$work/clones" || true)

has_records() { readelf -SW "$1" | grep -qE ' \.(debug_)?truesig '; }

records=0
: >"$work/records.names"
for f in vmlinux $modules; do
	has_records "$obj/$f" || continue
	"$truesig" dump --json "$obj/$f" >"$work/records.json"
	jq -r '.records[] | select(.cold_fragment | not) | .symbol' \
		"$work/records.json" >>"$work/records.names"
	records=$((records + $(jq '.records | length' "$work/records.json")))
done

say ""
say "== symbols and records (vmlinux and $(echo "$modules" | wc -w) modules)"
say "text symbols in vmlinux: $text_syms"
say "clone symbols (not .cold): $n_clones; .cold fragments of clones: $n_cold"
awk '{ n[$1]++ } END { for (k in n) printf "  %-24s %d\n", k, n[k] }' \
	"$work/clones.entry" | sort -k2 -nr | tee -a "$log"
say "records: $records"

# Each clone symbol has exactly one record (by name, counting static
# functions of the same name).
awk '{ print $2 }' "$work/clones.entry" | sort >"$work/clones.sorted"
sort "$work/records.names" >"$work/records.sorted"
missing=$(comm -23 "$work/clones.sorted" "$work/records.sorted")
extra_records=$(comm -13 "$work/clones.sorted" "$work/records.sorted" |
	grep -E '\.(isra|constprop|part)\.[0-9]' || true)
for s in $missing; do say "  no record: $s"; done
for s in $extra_records; do say "  record without a symbol: $s"; done
n_missing=$(echo "$missing" | grep -c . || true)

# ---- BTF ---------------------------------------------------------------------
say ""
say "== BTF (final, after truesig btf) against the records"
ok=0 total=0 btf_fail=0
judge() {	# judge LABEL check-btf.sh arguments
	label=$1
	shift
	if "$here/check-btf.sh" "$@" >"$work/judge.out" 2>&1; then :; else
		btf_fail=1
	fi
	grep -v '^check-btf: [0-9]* names are shared' "$work/judge.out" |
		sed "s|^|  |" | tee -a "$log"
	line=$(grep -E '^check-btf: .*: [0-9]+/[0-9]+ clone' "$work/judge.out" || true)
	[ -n "$line" ] || { say "  $label: no verdict"; btf_fail=1; return; }
	c=$(echo "$line" | sed -E 's|.*: ([0-9]+)/([0-9]+) clone.*|\1|')
	n=$(echo "$line" | sed -E 's|.*: ([0-9]+)/([0-9]+) clone.*|\2|')
	ok=$((ok + c)) total=$((total + n))
}
judge vmlinux "$vmlinux"
grep '^check-btf: [0-9]* names are shared' "$work/judge.out" |
	sed 's/: a tracer.*/: a tracer attaching by name gets the first/' |
	tee -a "$log" || true
for m in $modules; do
	has_records "$obj/$m" || continue
	judge "$m" --base "$vmlinux" "$obj/$m"
done

say ""
say "== pahole's own BTF of the same vmlinux (pahole $(pahole --version))"
pahole --btf_encode_detached="$work/pahole.btf" "$vmlinux"
"$here/check-btf.sh" --btf "$work/pahole.btf" "$vmlinux" 2>&1 |
	grep -E '^check-btf: .*clone functions' | tee -a "$log" || true
say ""
say "== pahole's true_signature BTF of the same vmlinux, judged by truesig compare"
pahole_ts="not measured"
if ! pahole_true_signature "$work/pahole-ts.btf" "$vmlinux" >"$work/pahole-ts.log" 2>&1; then
	sed 's/^/  /' "$work/pahole-ts.log" | tail -n 5 | tee -a "$log"
	say "  pahole with true_signature: not run (log: $work/pahole-ts.log)"
elif ! "$truesig" compare --btf "$work/pahole-ts.btf" "$vmlinux" \
	>"$work/compare-ts.txt" 2>&1; then
	tail -n 5 "$work/compare-ts.txt" | sed 's/^/  /' | tee -a "$log"
	say "  truesig compare on pahole's true_signature BTF failed ($work/compare-ts.txt)"
else
	sed -n '/^kinds /,$p' "$work/compare-ts.txt" | sed 's/^/  /' | tee -a "$log"
	# The `all' row of the kinds table: btf-right, btf-wrong, btf-miss.
	pahole_ts=$(sed -n '/^kinds /,$p' "$work/compare-ts.txt" |
		awk '$1 == "all" { print $(NF - 2) "/" $(NF - 1) "/" $NF }')
	[ -n "$pahole_ts" ] || pahole_ts="not measured"
fi

say ""
say "== DWARF against the records, and each BTF's verdict (truesig compare)"
"$truesig" compare --btf "$work/pahole.btf" "$vmlinux" >"$work/compare.txt" 2>&1 || true
sed -n '/^kinds /,$p' "$work/compare.txt" | sed 's/^/  pahole: /' | tee -a "$log"
"$truesig" compare -q --btf "$vmlinux" "$vmlinux" 2>&1 |
	sed 's/^/  truesig: /' | tee -a "$log" || true

section_size() {	# section_size ELF NAME: bytes, 0 when absent
	hex=$(readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] //p' |
		awk -v s="$2" '$1 == s { print $5; exit }')
	echo $((0x${hex:-0}))
}
say ""
say "== sizes"
ts=$(section_size "$vmlinux" .debug_truesig)
btf_final=$(section_size "$vmlinux" .BTF)
btf_pahole=$(stat -c %s "$work/pahole.btf")
btf_plain=$(section_size "$work/plain/obj/vmlinux" .BTF)
say ".debug_truesig in vmlinux: $ts bytes ($((ts / (records > 0 ? records : 1))) per record); not loaded"
say ".BTF: $btf_final bytes with truesig, $btf_pahole from pahole alone on the same vmlinux (+$((btf_final - btf_pahole))), $btf_plain in the build without the plugin"

# ---- objtool -------------------------------------------------------------------
say ""
say "== objtool (both builds' logs)"
objtool=clean
grep -q '^CONFIG_OBJTOOL=y' "$obj/.config" || objtool="not used"
for b in patched plain; do
	[ "$objtool" != "not used" ] || break
	if [ ! -f "$work/$b/build.log" ]; then
		say "objtool: no build log of the $b build ($work/$b/build.log)"
		objtool="not checked"
	fi
done
if [ "$objtool" = clean ]; then
	objtool_lines=$(cat "$work/patched/build.log" "$work/plain/build.log" |
		grep -c 'objtool:' || true)
	grep 'objtool:' "$work/patched/build.log" "$work/plain/build.log" |
		head -n 20 | tee -a "$log" || true
	[ "$objtool_lines" -eq 0 ] || objtool="$objtool_lines lines"
fi
if [ "$objtool" = "not used" ]; then
	say "objtool: not used (this $arch kernel's config has no OBJTOOL)"
else
	say "objtool: $objtool"
fi

# ---- compile time --------------------------------------------------------------
read -r u_with _ <"$work/patched/time"
read -r u_plain _ <"$work/plain/time"
say ""
say "== compile time (user seconds of the whole build: vmlinux, modules, the boot image)"
say "with the plugin: $u_with s, without: $u_plain s, ratio $(echo "$u_with $u_plain" |
	awk '{ printf "%.3f", $1 / $2 }')"

# ---- QEMU ----------------------------------------------------------------------
say ""
say "== QEMU: fentry on clone functions, and programs written against source names"
if "$here/qemu/run.sh" "$obj" "$work/qemu" >"$work/qemu.out" 2>&1; then
	qemu=PASS
else
	qemu=FAIL
fi
tee -a "$log" <"$work/qemu.out"
if grep -qx 'qemu-source-name: PASS' "$work/qemu.out"; then
	source_name=PASS
else
	source_name=FAIL
fi

say ""
say "kernel-check: took $(elapsed "$t0") s; log: $log"
all_ok=1
if [ "$ok" -ne "$total" ] || [ "$n_missing" -ne 0 ] || [ "$btf_fail" -ne 0 ] ||
   { [ "$objtool" != clean ] && [ "$objtool" != "not used" ]; }; then
	all_ok=0
fi
say "kernel-check: $records records, $ok/$total clone functions with a true prototype in BTF, pahole true_signature $pahole_ts, objtool $objtool, qemu fentry $qemu, source-name attach $source_name"
[ "$all_ok" = 1 ] && [ "$qemu" = PASS ] && [ "$source_name" = PASS ]
