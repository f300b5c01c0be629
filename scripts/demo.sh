#!/bin/sh
# demo.sh CC BUILD: build examples/demo.c with the plugin, run it, and show
# each changed function's declared signature next to its true one.
set -eu
cc=$1 build=$2
top=$(cd "$(dirname "$0")/.." && pwd)
out=$build/demo
mkdir -p "$out"
echo "== $cc -O2 -fplugin=$build/truesig.so examples/demo.c -o $out/demo"
$cc -O2 -fplugin="$build/truesig.so" "$top/examples/demo.c" -o "$out/demo"
echo "== $out/demo"
"$out/demo"
echo "== clone symbols GCC emitted"
nm "$out/demo" | grep -E '\.(isra|constprop|part|strub)\.[0-9]' | awk '{ print "   " $3 }'
echo "== $build/truesig dump $out/demo"
"$build/truesig" dump "$out/demo"
