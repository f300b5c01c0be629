#!/bin/sh
# check-api.sh CC HOST_CC BUILD PREFIX: libtruesig as a user gets it,
# installed under PREFIX by `make install-lib` (docs/API.md), a library of
# this machine built by HOST_CC; the test files are CC's:
#   - <truesig/truesig.h> compiles alone as C99 and as C++;
#   - the shared library exports exactly the functions the header declares,
#     all named truesig_, the static one defines no other global name, and
#     pkg-config gives the header's version;
#   - the first C program of docs/API.md, built through pkg-config with the
#     shared and with the static library, prints for each test file the
#     records `truesig dump --json` lists (symbol, function, kinds), and
#     names the file and the problem when it cannot read one;
#   - the second, on source functions in BTF, prints what `truesig find
#     --json` says of the same objects;
#   - docs/FIND.md's BPF program by source names and its loader build.
# Writes "api: N passed, N failed" to BUILD/results/api.
set -u
cc=$1 host_cc=$2 build=$3 prefix=$4
top=$(cd "$(dirname "$0")/.." && pwd)
work=$build/api/work
tool=$build/truesig
cxx=$(echo "$host_cc" | sed 's/gcc/g++/')
rm -rf "$work"
mkdir -p "$work" "$build/results"
passed=0 failed=0

result() {	# status name [detail]
	if [ "$1" -eq 0 ]; then
		passed=$((passed + 1))
		echo "PASS: $2" >>"$work/log"
	else
		failed=$((failed + 1))
		echo "FAIL: $2${3:+: $3}" | tee -a "$work/log"
	fi
}

export PKG_CONFIG_PATH="$prefix/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"

# The header alone, strictly.
printf '#include <truesig/truesig.h>\nint main(void) { return truesig_version() == 0; }\n' >"$work/alone.c"
$host_cc -std=c99 -pedantic-errors -Wall -Wextra -Werror -I"$prefix/include" \
	-fsyntax-only "$work/alone.c" >"$work/alone-c.out" 2>&1
result $? "the header alone in C99" "$(head -n 3 "$work/alone-c.out")"
$cxx -x c++ -std=c++11 -pedantic-errors -Wall -Wextra -Werror \
	-I"$prefix/include" -fsyntax-only "$work/alone.c" >"$work/alone-cxx.out" 2>&1
result $? "the header alone in C++" "$(head -n 3 "$work/alone-cxx.out")"

# What the shared library exports is what the header declares.
grep -oE '\btruesig_[a-z0-9_]+\(' "$prefix/include/truesig/truesig.h" |
	tr -d '(' | sort -u >"$work/declared"
nm -D --defined-only "$prefix/lib/libtruesig.so" |
	awk '$2 != "A" { sub(/@.*/, "", $3); print $3 }' | sort -u >"$work/exported"
diff "$work/declared" "$work/exported" >"$work/exports.diff"
result $? "libtruesig.so exports the header's functions, no other" \
	"$(head -n 5 "$work/exports.diff" | tr '\n' ' ')"
[ -s "$work/exported" ] && ! grep -qv '^truesig_' "$work/exported"
result $? "every exported name starts with truesig_"
nm -g --defined-only "$prefix/lib/libtruesig.a" 2>&1 |
	awk 'NF == 3 { print $3 }' | sort -u >"$work/archive-globals"
diff "$work/exported" "$work/archive-globals" >"$work/archive.diff"
result $? "libtruesig.a's global names are the shared library's exports, no other" \
	"$(head -n 5 "$work/archive.diff" | tr '\n' ' ')"
want=$(sed -n 's/^#define LIBTRUESIG_MAJOR_VERSION //p' "$top/include/truesig/truesig.h").$(sed -n 's/^#define LIBTRUESIG_MINOR_VERSION //p' "$top/include/truesig/truesig.h")
got=$(pkg-config --modversion libtruesig 2>&1)
[ "$got" = "$want" ]
result $? "pkg-config --modversion libtruesig is $want" "got $got"
soname=$(readelf -d "$prefix/lib/libtruesig.so" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$soname" = "libtruesig.so.${want%%.*}" ]
result $? "the shared library's soname is libtruesig.so.${want%%.*}" "got $soname"

# The first C program of docs/API.md.
awk '/^```c$/ { on = 1; next } on && /^```$/ { exit } on' "$top/docs/API.md" \
	>"$work/records.c"
[ -s "$work/records.c" ]
result $? "docs/API.md has a C program"
# shellcheck disable=SC2046
$host_cc -std=gnu11 -Wall -Wextra -Werror $(pkg-config --cflags libtruesig) \
	"$work/records.c" $(pkg-config --libs libtruesig) \
	-o "$work/records-shared" >"$work/build-shared.out" 2>&1
result $? "the program builds with pkg-config --cflags --libs libtruesig" \
	"$(head -n 3 "$work/build-shared.out")"
readelf -d "$work/records-shared" 2>/dev/null | grep -q "NEEDED.*\[libtruesig.so.${want%%.*}\]"
result $? "it links the shared library"
# shellcheck disable=SC2046
$host_cc -std=gnu11 -Wall -Wextra -Werror $(pkg-config --cflags libtruesig) \
	"$work/records.c" $(pkg-config --static --libs libtruesig |
			    sed 's/-ltruesig\b/-l:libtruesig.a/') \
	-o "$work/records-static" >"$work/build-static.out" 2>&1
result $? "the program builds with libtruesig.a and pkg-config --static" \
	"$(head -n 3 "$work/build-static.out")"
! readelf -d "$work/records-static" 2>/dev/null | grep -q 'NEEDED.*libtruesig'
result $? "that one does not need the shared library"

# Test files: the demo program; objects (their records relocated) of
# truesig.dg tests with cold fragments, known pieces and every function.
(
	$cc -O2 -fplugin="$build/truesig.so" "$top/examples/demo.c" -o "$work/demo" &&
	for t in all cold known-pieces; do
		$cc -O2 -c -fplugin="$build/truesig.so" \
			"$top/testsuite/truesig.dg/$t.c" -o "$work/$t.o" || exit 1
	done &&
	$cc -O2 -c -fplugin="$build/truesig.so" -fplugin-arg-truesig-all \
		"$top/testsuite/truesig.dg/all.c" -o "$work/all-every.o" &&
	$cc -O2 -c "$top/testsuite/truesig.dg/all.c" -o "$work/plain.o"
) >"$work/objects.out" 2>&1
result $? "test files build with the plugin" "$(head -n 3 "$work/objects.out")"

for file in demo all.o cold.o known-pieces.o all-every.o; do
	"$tool" dump --json "$work/$file" |
		jq -r '.records[] | "\(.symbol) \(.function) \(if (.kinds | length) > 0 then (.kinds | join(",")) else "-" end)"' \
		>"$work/$file.want" 2>"$work/$file.jq"
	[ -s "$work/$file.want" ]
	result $? "truesig dump --json $file lists records" "$(head -n 2 "$work/$file.jq")"
	for lib in shared static; do
		LD_LIBRARY_PATH="$prefix/lib" "$work/records-$lib" "$work/$file" \
			>"$work/$file.$lib" 2>"$work/$file.$lib.err"
		status=$?
		[ $status -eq 0 ] && [ ! -s "$work/$file.$lib.err" ] &&
			cmp -s "$work/$file.want" "$work/$file.$lib"
		result $? "the program ($lib) on $file prints the records truesig dump does" \
			"exit $status, $(diff "$work/$file.want" "$work/$file.$lib" | head -n 4 | tr '\n' ' ')"
	done
done

# Files it cannot read: the message comes through the print callback.
expect_failure() {	# file message
	LD_LIBRARY_PATH="$prefix/lib" "$work/records-shared" "$1" \
		>"$work/fail.out" 2>"$work/fail.err"
	status=$?
	[ $status -eq 1 ] && [ ! -s "$work/fail.out" ] &&
		[ "$(cat "$work/fail.err")" = "records: $1: $2" ]
	result $? "the program on $(basename "$1"): $2" \
		"exit $status, stderr: $(head -n 2 "$work/fail.err")"
}
expect_failure "$work/plain.o" "no .debug_truesig section"
expect_failure "$top/README.md" "not an ELF file"
expect_failure "$work" "a directory, not an ELF file"
expect_failure "$work/missing" "No such file or directory"

# The second C program of docs/API.md: the source functions in BTF, as
# `truesig find --json` gives them, on objects truesig btf converted.
awk '/^```c$/ { n++; if (n == 2) { on = 1; next } } on && /^```$/ { exit } on' \
	"$top/docs/API.md" >"$work/sources.c"
[ -s "$work/sources.c" ]
result $? "docs/API.md has a second C program"
# shellcheck disable=SC2046
$host_cc -std=gnu11 -Wall -Wextra -Werror $(pkg-config --cflags libtruesig libbpf) \
	"$work/sources.c" $(pkg-config --libs libtruesig libbpf) \
	-o "$work/sources" >"$work/build-sources.out" 2>&1
result $? "the BTF program builds with pkg-config --cflags --libs libtruesig libbpf" \
	"$(head -n 3 "$work/build-sources.out")"
for t in chain:work isra-split:pick isra-remove:sum2 constprop:scale; do
	src=${t%%:*} fn=${t#*:}
	o=$work/$src.btf.o
	{ $cc -O2 -c -fplugin="$build/truesig.so" \
		"$top/testsuite/truesig.btf/$src.c" -o "$o" &&
	  "$tool" btf -q --in-place "$o"; } >"$work/$src.out" 2>&1
	"$tool" find --json --btf "$o" "$fn" 2>>"$work/$src.out" | jq -r '
		.clones[] |
		"\(.symbol)\(if .verified then "" else " (unverified)" end)",
		(.args | reduce .[] as $a ([]; if length > 0 and .[-1].name == $a.name
			then .[-1].params += [$a.param] else . + [{name: $a.name,
			fate: $a.fate, params: [$a.param]}] end) | .[] |
		"  \(.name) \(.fate)\(.params | map(select(. != null)) |
			map(" \(.)") | join(""))")' >"$work/$src.want" 2>>"$work/$src.out"
	LD_LIBRARY_PATH="$prefix/lib" "$work/sources" "$o" "$fn" \
		>"$work/$src.got" 2>>"$work/$src.out"
	[ -s "$work/$src.want" ] && cmp -s "$work/$src.want" "$work/$src.got"
	result $? "the BTF program on $src ($fn) agrees with truesig find --json" \
		"$(diff "$work/$src.want" "$work/$src.got" | head -n 4 | tr '\n' ' ') $(head -n 2 "$work/$src.out")"
done

# docs/FIND.md's BPF program (against this machine's kernel's types) and
# its loader, through <truesig/truesig_bpf.h> and truesig_bpf__*: they
# build (running them needs a kernel that lets us trace: make kernel-check).
awk '/^```c$/ { n++; if (n == 1) { on = 1; next } } on && /^```$/ { exit } on' \
	"$top/docs/FIND.md" >"$work/trace.bpf.c"
awk '/^```c$/ { n++; if (n == 2) { on = 1; next } } on && /^```$/ { exit } on' \
	"$top/docs/FIND.md" >"$work/trace.c"
if [ -r /sys/kernel/btf/vmlinux ] && command -v clang >/dev/null; then
	bpftool btf dump file /sys/kernel/btf/vmlinux format c >"$work/vmlinux.h" &&
	clang -g -O2 -target bpf -I"$work" -I"$prefix/include" \
		-c "$work/trace.bpf.c" -o "$work/trace.bpf.o" >"$work/trace-bpf.out" 2>&1
	result $? "docs/FIND.md's BPF program builds for BPF with <truesig/truesig_bpf.h>" \
		"$(head -n 3 "$work/trace-bpf.out")"
else
	echo "api: docs/FIND.md's BPF program not built: no /sys/kernel/btf/vmlinux or no clang" |
		tee -a "$work/log"
fi
# shellcheck disable=SC2046
$host_cc -std=gnu11 -Wall -Wextra -Werror $(pkg-config --cflags libtruesig libbpf) \
	"$work/trace.c" $(pkg-config --libs libtruesig libbpf) \
	-o "$work/trace" >"$work/build-trace.out" 2>&1
result $? "docs/FIND.md's loader builds with pkg-config --cflags --libs libtruesig libbpf" \
	"$(head -n 3 "$work/build-trace.out")"

echo "api: $passed passed, $failed failed" | tee "$build/results/api"
[ "$failed" -eq 0 ]
