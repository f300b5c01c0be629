# qemu-env.sh, sourced with $cc set: another target's programs run under
# qemu-user, which finds that target's libraries in QEMU_LD_PREFIX (where
# Debian's cross packages put them: /usr/TRIPLET, unless already set).
case $($cc -dumpmachine) in
"$(uname -m)"-*) ;;
*)	QEMU_LD_PREFIX=${QEMU_LD_PREFIX:-/usr/$($cc -dumpmachine)}
	export QEMU_LD_PREFIX ;;
esac
