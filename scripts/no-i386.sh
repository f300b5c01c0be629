#!/bin/sh
# no-i386.sh CC WORK: why programs built with CC -m32 cannot be checked
# here, or nothing when they can.  Not for a compiler of another target, nor
# without CC's multilib, nor on a kernel that runs no i386 programs (no
# IA32 emulation, or it is switched off).  WORK is a scratch directory.
set -u
cc=$1 work=$2
target=$($cc -dumpmachine)
case $target in
x86_64-*|i?86-*) ;;
*)	echo "-m32 asks for i386 code, which $target is not"
	exit 0 ;;
esac
mkdir -p "$work"
printf 'int main (void) { return 0; }\n' >"$work/i386.c"
if ! $cc -m32 "$work/i386.c" -o "$work/i386" >/dev/null 2>&1; then
	echo "$cc cannot build -m32 programs (no multilib)"
elif ! "$work/i386" >/dev/null 2>&1; then
	echo "this kernel does not run i386 programs (no IA32 emulation)"
fi
