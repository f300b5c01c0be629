#!/bin/sh
# gcc-ipa-check.sh CC BUILD
# Compile GCC's own IPA tests (gcc.dg/ipa of CC's version, from Debian's
# gcc-N-source) with the plugin and GCC's IPA-CP and IPA-SRA dumps, and
# compare every clone's record with what the dumps say GCC did
# (BUILD/ipa-dump-check).  Tests that need LTO (no dumps of one
# compilation) or that do not compile with CC are counted, not compared.
# Work goes to BUILD/gcc-ipa/; the last line is the summary, also written
# to BUILD/results/gcc-ipa.
set -u
cc=$1 build=$2
top=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "$build" && pwd)
ver=$("$cc" -dumpversion | cut -d. -f1)
src=$build/gcc-ipa/src-$ver
# The summary line also goes to BUILD/results/gcc-ipa, beside make check's.
result() {
	mkdir -p "$build/results"
	echo "$1" | tee "$build/results/gcc-ipa"
}
fail() {
	echo "gcc-ipa-check: $*" >&2
	result "gcc-ipa ($cc): 0 passed, 1 failed: $*"
	exit 1
}
if [ ! -d "$src" ]; then
	tarball=$(ls /usr/src/gcc-"$ver"/gcc-*.tar.* 2>/dev/null | head -n 1)
	[ -n "$tarball" ] ||
		fail "no gcc-$ver-source installed (GCC $ver's gcc.dg/ipa tests); install it with: apt-get install gcc-$ver-source"
	rm -rf "$src.tmp"; mkdir -p "$src.tmp"
	tar -xf "$tarball" -C "$src.tmp" --strip-components=5 \
		--wildcards '*/gcc/testsuite/gcc.dg/ipa/*.c' &&
		ls "$src.tmp"/*.c >/dev/null 2>&1 ||
		fail "cannot extract gcc.dg/ipa from $tarball"
	mv "$src.tmp" "$src"
fi

out=$build/gcc-ipa/run-$ver
rm -rf "$out"
mkdir -p "$out"
cp "$build/truesig.so" "$out/"
ls "$src"/*.c >"$out/files"

# The checker must be able to fail: it agrees with GCC's dumps of
# self-test.c, and disagrees once one fact in them is changed.
self_test() {
	dir=$out/self-test
	mkdir -p "$dir"
	cp "$top/testsuite/gcc-ipa/self-test.c" "$dir/"
	(cd "$dir" && "$cc" -O2 -fplugin="$out/truesig.so" \
		-fdump-ipa-cp-details -fdump-ipa-sra-details \
		-c self-test.c -o self-test.o) ||
		fail "self-test: self-test.c does not compile"
	cp_dump=$(ls "$dir"/*.cp) sra_dump=$(ls "$dir"/*.sra)
	"$build/ipa-dump-check" "$dir/self-test.o" "$cp_dump" "$sra_dump" \
		>"$dir/agree.log" ||
		fail "self-test: the records of self-test.c disagree with GCC's dumps: $(head -n 3 "$dir/agree.log")"
	for change in "cp|s/\]=7/]=8/|an aggregate constant" \
		"sra|/Will remove return value\./d;/Will SKIP return\./d|the return dropped" \
		"sra|s/SPLIT , offset: 8,/SPLIT , offset: 16,/|a piece's offset"; do
		which=${change%%|*} rest=${change#*|}
		what=${rest#*|} script=${rest%%|*}
		cp "$cp_dump" "$dir/changed.cp"
		cp "$sra_dump" "$dir/changed.sra"
		sed -i "$script" "$dir/changed.$which"
		cmp -s "$dir/changed.$which" "$(if [ "$which" = cp ]; then echo "$cp_dump"; else echo "$sra_dump"; fi)" &&
			fail "self-test: GCC's dump of self-test.c has no $what to change"
		if "$build/ipa-dump-check" "$dir/self-test.o" "$dir/changed.cp" \
			"$dir/changed.sra" >"$dir/changed.log"; then
			fail "self-test: the checker does not see a changed $what"
		fi
	done
}
self_test

# One test: compile in its own directory (the dumps are named after the
# source), then compare.  Prints one status line.
cat >"$out/one.sh" <<'EOF'
#!/bin/sh
set -u
cc=$1 out=$2 checker=$3 f=$4
name=$(basename "$f" .c)
dir=$out/t/$name
mkdir -p "$dir"
cp "$f" "$dir/"
# The test's first dg-options, as DejaGnu would give them.
opts=$(sed -n 's/.*{ *dg-options *"\([^"]*\)".*/\1/p' "$f" | head -n 1)
[ -n "$opts" ] || opts=-O2
case " $opts " in
*" -flto"*|*" -fwhopr"*) echo "lto $name"; exit 0 ;;
esac
cd "$dir" || exit 1
# shellcheck disable=SC2086
if ! "$cc" $opts -w -fplugin="$out/truesig.so" -fdump-ipa-cp-details \
	-fdump-ipa-sra-details -c "$name.c" -o "$name.o" >compile.log 2>&1; then
	if grep -q "internal compiler error\|truesig" compile.log; then
		echo "fail $name: the compiler failed with the plugin:"
		sed 's/^/    /' compile.log | head -n 5
	else
		echo "nocompile $name"
	fi
	exit 0
fi
cp=$(ls ./*.cp 2>/dev/null | head -n 1)
sra=$(ls ./*.sra 2>/dev/null | head -n 1)
if ! readelf -SW "$name.o" | grep -qE ' \.(debug_)?truesig '; then
	echo "clean $name 0"
	exit 0
fi
"$checker" "$name.o" "${cp:-/dev/null}" "${sra:-/dev/null}" >check.log 2>&1
status=$?
n=$(sed -n 's/.*: \([0-9]*\) clones compared.*/\1/p' check.log)
if [ $status -eq 0 ]; then
	echo "clean $name ${n:-0}"
else
	echo "fail $name: $(tail -n 1 check.log)"
	grep -v "clones compared" check.log | sed 's/^/    /' | head -n 20
fi
EOF
chmod +x "$out/one.sh"

xargs -P 2 -n 1 "$out/one.sh" "$cc" "$out" "$build/ipa-dump-check" \
	<"$out/files" >"$out/results"

files=$(wc -l <"$out/files")
lto=$(grep -c '^lto ' "$out/results")
nocompile=$(grep -c '^nocompile ' "$out/results")
failed=$(grep -c '^fail ' "$out/results")
passed=$(grep -c '^clean ' "$out/results")
clones=$(awk '$1 == "clean" { n += $3 } END { print n + 0 }' "$out/results")
grep -v '^\(lto\|nocompile\|clean\) ' "$out/results"
echo "gcc-ipa ($cc): $files gcc.dg/ipa files, $lto need LTO, $nocompile do not compile with $cc; $clones clones of $passed files agree with GCC's IPA-CP and IPA-SRA dumps"
result "gcc-ipa ($cc): $passed passed, $failed failed"
[ "$failed" -eq 0 ]
